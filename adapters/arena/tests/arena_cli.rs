//! The arena binary against the engine binary: option handling and short refereed matches.
//! Both binaries are built by `cargo test` before any test runs (one workspace, one target dir).

mod common;

use common::engine;
use std::path::PathBuf;
use std::process::{Command, Output};

fn arena(args: &[&str]) -> Output {
    let e = engine();
    assert!(e.exists(), "engine binary not built at {}", e.display());
    let e = e.to_str().expect("utf-8 path");
    Command::new(env!("CARGO_BIN_EXE_guerrilla-arena"))
        .args(["--engine1", e, "--engine2", e])
        .args(args)
        .output()
        .expect("run guerrilla-arena")
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_bad_game_option_is_refused_before_any_game() {
    let out = arena(&["--game", "guerrilla", "--option", "BoardSide=13"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("BoardSide=13") && stderr.contains("from 4 to 12"),
        "{stderr}"
    );
    assert!(!stdout.contains("Finished game"), "{stdout}");
}

#[test]
fn game_options_cannot_differ_between_engines() {
    let out = arena(&["--option1", "TurnLimit=10"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("same for both engines"), "{stderr}");
}

#[test]
fn a_small_guerrilla_match_is_refereed_with_the_engines_settings() {
    // Side 4 and 6 turns: were the referee on the default side 8, the engines' moves (points
    // of the side-4 board named on another board) would be refused and the exit status 2.
    let out = arena(&[
        "--game",
        "guerrilla",
        "--games",
        "2",
        "--tc",
        "nodes=30",
        "--option",
        "BoardSide=4",
        "--option",
        "TurnLimit=6",
        "--option1",
        "Seed=1",
        "--option2",
        "Seed=2",
    ]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert_eq!(stdout.matches("Finished game ").count(), 2, "{stdout}");
    assert!(!stdout.contains("problem:"), "{stdout}");
    assert!(stdout.contains("Score of engine1 vs engine2: "), "{stdout}");
}

#[test]
fn a_small_checkers_match_ends_cleanly() {
    let out = arena(&["--games", "2", "--tc", "nodes=50"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("Score of engine1 vs engine2: "), "{stdout}");
}

/// The openings files shipped in adapters/cutegames: every line is a distinct opening that the
/// referee and both engines accept (a bad line ends the match with status 1, an engine that
/// disagrees with the referee about it prints a problem).
#[test]
fn the_shipped_openings_files_are_accepted_by_referee_and_engines() {
    for (game, file) in [
        ("guerrilla", "openings-guerrilla.txt"),
        ("guerrilla-checkers", "openings-guerrilla-checkers.txt"),
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../cutegames")
            .join(file);
        let body = std::fs::read_to_string(&path).expect("openings file");
        let lines: Vec<&str> = body
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect();
        let distinct: std::collections::HashSet<&str> = lines.iter().copied().collect();
        assert_eq!(distinct.len(), lines.len(), "{file} repeats an opening");
        assert!(lines.len() > 1, "{file} has only {} opening", lines.len());
        let games = (2 * lines.len()).to_string();
        let out = arena(&[
            "--game",
            game,
            "--openings",
            path.to_str().expect("utf-8 path"),
            "--games",
            &games,
            "--tc",
            "nodes=1",
            "--max-plies",
            "1",
        ]);
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(0), "{file}: {stdout}{stderr}");
        assert_eq!(
            stdout
                .lines()
                .filter(|l| l.starts_with("Finished game "))
                .count(),
            2 * lines.len(),
            "{file}: {stdout}"
        );
        assert!(!stdout.contains("problem:"), "{file}: {stdout}");
        // No opening ends the game at once (a Guerrilla opening whose last turn was a pass
        // ends at the next pass: a game of one ply).
        assert!(
            !stderr.contains("can end at the first turn"),
            "{file}: {stderr}"
        );
    }
}

const ARENA: &str = env!("CARGO_BIN_EXE_guerrilla-arena");
const FAULT: &str = env!("CARGO_BIN_EXE_arena-fault-engine");

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arena-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Runs the arena with `args` (no engines added) and returns the output.
fn arena_raw(args: &[String]) -> Output {
    Command::new(ARENA)
        .args(args)
        .arg("--no-progress")
        .output()
        .expect("run guerrilla-arena")
}

/// Two seeds of the engine, random openings of 2 plies, a node budget: deterministic games.
fn seeded_match(extra: &[&str]) -> Vec<String> {
    let e = engine();
    let e = e.to_str().expect("utf-8 path");
    let mut v: Vec<String> = [
        "--engine",
        "name=a",
        &format!("cmd={e}"),
        "option.Seed=1",
        "--engine",
        "name=b",
        &format!("cmd={e}"),
        "option.Seed=2",
        "--games",
        "8",
        "--tc",
        "nodes=20",
        "--random-plies",
        "2",
        "--seed",
        "5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).expect("read file")
}

/// A records file without what depends on the clock (the times in the move comments, the
/// dates) and without the match header (the engine commands), as one line of words: the line
/// breaks of the movetext depend on the times' widths.
fn without_times(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("% match ") && !l.starts_with("[Date "))
        .flat_map(str::split_whitespace)
        .map(|w| match w.strip_suffix("s}") {
            Some(t) if t.trim_start_matches('{').parse::<f64>().is_ok() => {
                if w.starts_with('{') {
                    "{}"
                } else {
                    "}"
                }
            }
            _ => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

use std::path::Path;

#[test]
fn results_are_identical_whatever_the_concurrency() {
    let d = temp("concurrency");
    let mut outs = Vec::new();
    for n in ["1", "3"] {
        let rec = d.join(format!("c{n}.rec"));
        let json = d.join(format!("c{n}.json"));
        let out = arena_raw(&seeded_match(&[
            "--concurrency",
            n,
            "--records",
            rec.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ]));
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
        outs.push((stdout, read(&json), without_times(&read(&rec))));
    }
    assert_eq!(outs[0], outs[1]);
    // Random openings: the four rounds start from four positions, each game's FEN tag.
    let rec = read(&d.join("c1.rec"));
    let openings: std::collections::HashSet<&str> =
        rec.lines().filter(|l| l.starts_with("[FEN ")).collect();
    assert_eq!(openings.len(), 4, "{openings:?}");
}

/// Plays shard `k` of the seeded match into `<dir>/<name><K>.rec`; its path and standard output.
fn play_shard(dir: &Path, name: &str, k: &str) -> (PathBuf, String) {
    let rec = dir.join(format!("{name}{}.rec", &k[..1]));
    let out = arena_raw(&seeded_match(&[
        "--shard",
        k,
        "--records",
        rec.to_str().unwrap(),
    ]));
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    (rec, stdout)
}

#[test]
fn two_shards_merged_equal_the_whole_match_and_replay_clean() {
    let d = temp("shards");
    let whole_rec = d.join("whole.rec");
    let whole_json = d.join("whole.json");
    let out = arena_raw(&seeded_match(&[
        "--records",
        whole_rec.to_str().unwrap(),
        "--json",
        whole_json.to_str().unwrap(),
    ]));
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    let mut shard_files = Vec::new();
    for k in ["1/2", "2/2"] {
        let (rec, stdout) = play_shard(&d, "shard", k);
        assert!(
            stdout.contains("Games: 4 played of 4 scheduled"),
            "{stdout}"
        );
        shard_files.push(rec);
    }
    let merged_rec = d.join("merged.rec");
    let merged_json = d.join("merged.json");
    let mut args = vec!["merge".to_string()];
    args.extend(shard_files.iter().map(|p| p.to_str().unwrap().to_string()));
    args.extend(["--records".into(), merged_rec.to_str().unwrap().into()]);
    args.extend(["--json".into(), merged_json.to_str().unwrap().into()]);
    let out = Command::new(ARENA).args(&args).output().unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert_eq!(read(&merged_json), read(&whole_json));
    assert_eq!(
        without_times(&read(&merged_rec)),
        without_times(&read(&whole_rec))
    );
    // One shard alone is not the whole match: merge says which shard is missing.
    let out = Command::new(ARENA)
        .args(["merge", shard_files[0].to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        text(&out).1.contains("shard 2/2 is missing"),
        "{:?}",
        text(&out)
    );
    // Shards of different N make up the match: 1/4 and 3/4 are 1/2.
    let mut quarters = Vec::new();
    for k in ["1/4", "3/4"] {
        let (rec, _) = play_shard(&d, "quarter", k);
        quarters.push(rec.to_str().unwrap().to_string());
    }
    let mixed_json = d.join("mixed.json");
    let out = Command::new(ARENA)
        .arg("merge")
        .args(&quarters)
        .arg(&shard_files[1])
        .args(["--json", mixed_json.to_str().unwrap()])
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(!stderr.contains("missing"), "{stderr}");
    assert_eq!(read(&mixed_json), read(&whole_json));
    // A shard played again into its records file appends its games again: the merge counts
    // the later run's, and says so.
    play_shard(&d, "shard", "1/2");
    let again_json = d.join("again.json");
    let out = Command::new(ARENA)
        .arg("merge")
        .args(&shard_files)
        .args(["--json", again_json.to_str().unwrap()])
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stderr.contains("holds 4 game(s) twice"), "{stderr}");
    assert_eq!(read(&again_json), read(&whole_json));
    // The records replay clean, and a changed move is caught.
    let out = Command::new(ARENA)
        .args(["replay", whole_rec.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    assert!(text(&out)
        .0
        .contains("replayed 8 games: 8 clean, 0 with mismatches"));
    let body = read(&whole_rec);
    let moves_line = body
        .lines()
        .find(|l| l.starts_with("1. "))
        .expect("a movetext")
        .to_string();
    let first_move = moves_line.split(' ').nth(1).expect("a first move");
    let tampered = d.join("tampered.rec");
    let changed = moves_line.replacen(first_move, "Z9Z9", 1);
    std::fs::write(&tampered, body.replacen(&moves_line, &changed, 1)).unwrap();
    let out = Command::new(ARENA)
        .args(["replay", tampered.to_str().unwrap()])
        .output()
        .unwrap();
    let (stdout, _) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains(": game 1 (line 4): ply 1: the rules refuse Z9Z9"),
        "{stdout}"
    );
    assert!(stdout.contains("7 clean, 1 with mismatches"), "{stdout}");
}

/// An engine that loses every game (its first move is illegal): the SPRT (0 against 400
/// logistic Elo) stops the match after five won pairs (the regularised LLR, 2.99, crosses 2.94
/// there), at the same pair whatever the concurrency.
#[test]
fn the_sprt_stops_early_at_the_same_pair_whatever_the_concurrency() {
    let e = engine();
    let mut jsons = Vec::new();
    for n in ["1", "2"] {
        let d = temp(&format!("sprt{n}"));
        let json = d.join("s.json");
        let args: Vec<String> = [
            "--engine".to_string(),
            "name=good".into(),
            format!("cmd={}", e.display()),
            "--engine".into(),
            "name=bad".into(),
            format!("cmd={FAULT} --fault illegal --at 1"),
            "--games".into(),
            "200".into(),
            "--tc".into(),
            "nodes=5".into(),
            "--sprt".into(),
            "elo0=0".into(),
            "elo1=400".into(),
            "alpha=0.05".into(),
            "beta=0.05".into(),
            "min-pairs=3".into(),
            "model=logistic".into(),
            "--concurrency".into(),
            n.into(),
            "--json".into(),
            json.to_str().unwrap().into(),
        ]
        .to_vec();
        let out = arena_raw(&args);
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
        assert!(
            stdout.contains("H1 accepted: stopped after pair 5"),
            "{stdout}"
        );
        assert!(
            stdout.contains("Games: 10 played of 200 scheduled"),
            "{stdout}"
        );
        let mut v: serde_json::Value = serde_json::from_str(&read(&json)).unwrap();
        v["discarded"] = 0.into(); // games finished by other workers after the stop
        jsons.push(v);
    }
    assert_eq!(jsons[0], jsons[1]);
}

#[test]
fn a_gauntlet_plays_the_first_engine_against_each_other() {
    let mut args: Vec<String> = Vec::new();
    for name in ["head", "x", "y"] {
        args.extend([
            "--engine".into(),
            format!("name={name}"),
            format!("cmd={FAULT}"),
        ]);
    }
    args.extend(
        [
            "--gauntlet",
            "--games",
            "2",
            "--tc",
            "nodes=1",
            "--max-plies",
            "4",
        ]
        .map(String::from),
    );
    let out = arena_raw(&args);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("Score of head vs x: "), "{stdout}");
    assert!(stdout.contains("Score of head vs y: "), "{stdout}");
    assert!(!stdout.contains("Score of x vs y"), "{stdout}");
    assert!(
        stdout.contains("Games: 4 played of 4 scheduled"),
        "{stdout}"
    );
    // Round-robin: every pair.
    let rr: Vec<String> = args.into_iter().filter(|a| a != "--gauntlet").collect();
    let (stdout, _) = text(&arena_raw(&rr));
    assert!(stdout.contains("Score of x vs y: "), "{stdout}");
    assert!(
        stdout.contains("Games: 6 played of 6 scheduled"),
        "{stdout}"
    );
}

#[test]
fn bad_match_arguments_are_refused_before_any_game() {
    let e = format!("cmd={}", engine().display());
    for (extra, want) in [
        (vec!["--sprt", "elo0=5", "elo1=1"], "elo0 < elo1"),
        (vec!["--shard", "3/2"], "K/N"),
        (vec!["--tc", "fast"], "nodes=N"),
        (vec!["--games", "0"], "at least one game"),
    ] {
        let mut args: Vec<String> = ["--engine", "name=a", &e, "--engine", "name=b", &e]
            .map(String::from)
            .to_vec();
        args.extend(extra.iter().map(|s| s.to_string()));
        let out = arena_raw(&args);
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {stdout}{stderr}");
        assert!(stderr.contains(want), "{extra:?}: {stderr}");
        assert!(!stdout.contains("Finished game"), "{stdout}");
    }
    let mut own_tc: Vec<String> = [
        "--engine", "name=a", &e, "--engine", "name=b", &e, "tc=fast",
    ]
    .map(String::from)
    .to_vec();
    let out = arena_raw(&own_tc);
    assert!(
        text(&out).1.contains("expected nodes=N"),
        "{:?}",
        text(&out)
    );
    // An engine's own time control is sent to it alone and recorded as p1's/p2's.
    own_tc[6] = "tc=nodes=3".into();
    own_tc.extend(["--tc", "nodes=7", "--max-plies", "2", "--verbose"].map(String::from));
    let out = arena_raw(&own_tc);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stderr.contains("b > go nodes 3") && stderr.contains("a > go nodes 7"),
        "{stderr}"
    );
    let out = arena_raw(&["--engine".into(), "name=a".into(), e.clone()]);
    assert!(
        text(&out).1.contains("at least two engines"),
        "{:?}",
        text(&out)
    );
}
