//! Long campaigns with the real engine: records that a second arena, a signal or `kill -9`
//! cannot corrupt or lose, and `--resume`, which plays only the games a killed match is
//! missing and ends with the totals of a match never interrupted.
//!
//! `GUERRILLA_ARENA_UNDER_TEST=<binary>` runs them against another build.

#![cfg(unix)]

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{arena, arena_binary, engine, temp};

/// A match of the engine against itself with another seed: `games` games of `nodes` nodes,
/// one at a time, random openings of seed 5.
fn a_match(games: u32, nodes: u32, extra: &[&str]) -> Vec<String> {
    let e = engine().to_str().expect("utf-8 path").to_string();
    let mut v: Vec<String> = [
        "--engine1",
        &e,
        "--engine2",
        &e,
        "--option2",
        "Seed=2",
        "--games",
        &games.to_string(),
        "--tc",
        &format!("nodes={nodes}"),
        "--seed",
        "5",
        "--concurrency",
        "1",
        "--no-progress",
    ]
    .map(String::from)
    .to_vec();
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn start(args: &[String]) -> Child {
    Command::new(arena_binary())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start guerrilla-arena")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Whole games in a records file.
fn games_in(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| t.matches("\n[Round \"").count())
        .unwrap_or(0)
}

/// Waits (30 s at most) until the records file holds `n` games.
fn wait_for_games(path: &Path, n: usize) {
    let t = Instant::now();
    while games_in(path) < n {
        assert!(t.elapsed() < Duration::from_secs(30), "no {n} games yet");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill")
        .args([&format!("-{sig}"), &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(ok.success());
}

/// Each game of a records file by its round: its result and its moves (the comments, which
/// hold times, left out).
fn games_by_round(path: &Path) -> BTreeMap<u32, (String, String)> {
    let body = std::fs::read_to_string(path).expect("records");
    let mut out = BTreeMap::new();
    for game in body.split("\n[Event ").skip(1) {
        let round: u32 = game
            .split("[Round \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .and_then(|r| r.parse().ok())
            .expect("a Round tag");
        let result = game
            .split("[Result \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("a Result tag")
            .to_string();
        let movetext = game.split("\n\n").nth(1).unwrap_or("");
        let mut moves = String::new();
        let mut depth = 0;
        for c in movetext.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => moves.push(c),
                _ => {}
            }
        }
        let moves = moves.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            out.insert(round, (result, moves)).is_none(),
            "game {round} is twice in {}",
            path.display()
        );
    }
    out
}

fn json(path: &Path) -> serde_json::Value {
    let t = std::fs::read_to_string(path).expect("the JSON file");
    serde_json::from_str(&t).unwrap_or_else(|e| panic!("{e}: {t}"))
}

/// The totals of a summary: played, each engine's W/L/D, each pairing's W/L/D and pairs.
fn totals(j: &serde_json::Value) -> String {
    let mut s = format!("played {}", j["played"]);
    for e in j["engines"].as_array().expect("engines") {
        s += &format!(" | {} {}", e["name"], e["total"]);
    }
    for p in j["pairings"].as_array().expect("pairings") {
        s += &format!(" | {} {}", p["wld"], p["pentanomial"]);
    }
    s
}

fn replay_clean(path: &Path, games: usize) {
    let (code, stdout, stderr) = arena(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!(
            "replayed {games} games: {games} clean, 0 with mismatches"
        )),
        "{stdout}"
    );
}

#[test]
fn a_second_arena_on_the_same_files_is_refused_naming_the_first() {
    let d = temp("lock");
    let (rec, js) = (d.join("games.pgn"), d.join("s.json"));
    let first = start(&a_match(
        400,
        300,
        &[
            "--records",
            rec.to_str().unwrap(),
            "--json",
            js.to_str().unwrap(),
        ],
    ));
    wait_for_games(&rec, 2);
    let pid = format!("pid {}", first.id());
    for (other_rec, other_json, what) in [
        (rec.clone(), d.join("other.json"), "records"),
        (d.join("other.pgn"), js.clone(), "JSON"),
    ] {
        let t = Instant::now();
        let (code, stdout, stderr) = arena(
            &a_match(
                2,
                10,
                &[
                    "--records",
                    other_rec.to_str().unwrap(),
                    "--json",
                    other_json.to_str().unwrap(),
                ],
            )
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        );
        assert_eq!(code, Some(1), "{stdout}{stderr}");
        assert!(!stdout.contains("Finished game"), "{stdout}");
        assert!(
            stderr.contains(&format!("the {what} file"))
                && stderr.contains("another guerrilla-arena")
                && stderr.contains(&pid),
            "{stderr}"
        );
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        // The refused arena created nothing.
        assert!(!d.join("other.pgn").exists() && !d.join("other.json").exists());
    }
    signal(&first, "TERM");
    let out = first.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out));
    let played = json(&js)["played"].as_u64().unwrap() as usize;
    assert_eq!(games_in(&rec), played);
    replay_clean(&rec, played);
    // The locks went with the match.
    assert!(!d.join("games.pgn.lock").exists() && !d.join("s.json.lock").exists());
    let _ = std::fs::remove_dir_all(&d);
}

/// SIGTERM (`kill`, `scancel`, a job's time limit) and SIGHUP (a closed terminal) end a match
/// as Ctrl-C does: the summary printed, exit status 130, the JSON whole with `interrupted`, the
/// records replaying clean.
#[test]
fn sigterm_and_sighup_end_the_match_with_its_results() {
    for sig in ["TERM", "HUP"] {
        let d = temp(&format!("sig{sig}"));
        let (rec, js) = (d.join("games.pgn"), d.join("s.json"));
        let child = start(&a_match(
            400,
            300,
            &[
                "--records",
                rec.to_str().unwrap(),
                "--json",
                js.to_str().unwrap(),
            ],
        ));
        wait_for_games(&rec, 3);
        // While the match runs, the JSON is whole after every game.
        let running = json(&js);
        assert_eq!(running["in_progress"], true, "{running}");
        assert!(running["played"].as_u64().unwrap() >= 2, "{running}");
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        let all = text(&out);
        assert_eq!(out.status.code(), Some(130), "SIG{sig}: {all}");
        assert!(
            all.contains("interrupted (running games abandoned)") && all.contains("Finished match"),
            "SIG{sig}: {all}"
        );
        let j = json(&js);
        assert_eq!(j["interrupted"], true, "{j}");
        assert_eq!(j["in_progress"], false, "{j}");
        let played = j["played"].as_u64().unwrap() as usize;
        assert!((3..400).contains(&played), "SIG{sig}: {played}");
        assert_eq!(games_in(&rec), played);
        replay_clean(&rec, played);
        let _ = std::fs::remove_dir_all(&d);
    }
}

/// `kill -9` in the middle of a match, then the same command line with `--resume`: every game
/// of the schedule once, each the very game (result and moves) of a match never interrupted,
/// and the same totals.
#[test]
fn kill_9_then_resume_gives_the_uninterrupted_match() {
    let d = temp("resume");
    let (clean_rec, clean_json) = (d.join("clean.pgn"), d.join("clean.json"));
    let (rec, js) = (d.join("games.pgn"), d.join("s.json"));
    let (games, nodes) = (24, 300);
    let out = Command::new(arena_binary())
        .args(a_match(
            games,
            nodes,
            &[
                "--records",
                clean_rec.to_str().unwrap(),
                "--json",
                clean_json.to_str().unwrap(),
            ],
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let resume_args = |extra: &[&str]| {
        let mut v = vec![
            "--records",
            rec.to_str().unwrap(),
            "--json",
            js.to_str().unwrap(),
        ];
        v.extend(extra);
        a_match(games, nodes, &v)
    };
    let mut child = start(&resume_args(&[]));
    wait_for_games(&rec, 5);
    child.kill().unwrap(); // SIGKILL: no handler runs
    child.wait().unwrap();
    let before = games_in(&rec);
    assert!(before < games as usize, "the match ended before the kill");
    // Another command line is refused, naming what differs.
    let mut other = resume_args(&["--resume"]);
    let tc = other.iter().position(|a| a == "nodes=300").unwrap();
    other[tc] = "nodes=301".into();
    let out = Command::new(arena_binary()).args(&other).output().unwrap();
    let all = text(&out);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(
        all.contains("--resume")
            && all.contains("tc: \"nodes=300\" in the records, \"nodes=301\" now"),
        "{all}"
    );
    assert_eq!(
        games_in(&rec),
        before,
        "the refused resume changed the records"
    );
    // The same command line with --resume completes the match.
    let out = Command::new(arena_binary())
        .args(resume_args(&["--resume"]))
        .output()
        .unwrap();
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(
        all.contains(&format!(
            "resuming: {before} games of the match already played, {} to play",
            games as usize - before
        )),
        "{all}"
    );
    assert_eq!(
        all.matches("Finished game").count(),
        games as usize - before,
        "{all}"
    );
    let clean = games_by_round(&clean_rec);
    let resumed = games_by_round(&rec);
    assert_eq!(resumed.len(), games as usize);
    assert_eq!(resumed, clean);
    assert_eq!(totals(&json(&js)), totals(&json(&clean_json)));
    replay_clean(&rec, games as usize);
    // A resume of a finished match plays nothing and prints the same totals.
    let out = Command::new(arena_binary())
        .args(resume_args(&["--resume"]))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(!text(&out).contains("Finished game"), "{}", text(&out));
    assert_eq!(totals(&json(&js)), totals(&json(&clean_json)));
    assert_eq!(games_by_round(&rec), clean);
    let _ = std::fs::remove_dir_all(&d);
}

/// A shard killed and resumed holds the games of the shard played whole, and merges with the
/// other shard into the whole match's totals.
#[test]
fn a_shard_resumes_too() {
    let d = temp("shard-resume");
    let (games, nodes) = (24, 300);
    let whole_json = d.join("whole.json");
    let out = Command::new(arena_binary())
        .args(a_match(
            games,
            nodes,
            &["--json", whole_json.to_str().unwrap()],
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let shard = |k: u32| {
        let rec = d.join(format!("shard-{k}.pgn"));
        let spec = format!("{k}/2");
        let args = a_match(
            games,
            nodes,
            &["--shard", &spec, "--records", rec.to_str().unwrap()],
        );
        (rec, args)
    };
    let (rec1, args1) = shard(1);
    let mut child = start(&args1);
    wait_for_games(&rec1, 3);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(games_in(&rec1) < games as usize / 2);
    let mut again = args1.clone();
    again.push("--resume".into());
    let out = Command::new(arena_binary()).args(&again).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(games_by_round(&rec1).len(), games as usize / 2);
    let (rec2, args2) = shard(2);
    let out = Command::new(arena_binary()).args(&args2).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let merged = d.join("merged.json");
    let (code, stdout, stderr) = arena(&[
        "merge",
        rec1.to_str().unwrap(),
        rec2.to_str().unwrap(),
        "--json",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(!stderr.contains("twice"), "{stderr}");
    assert_eq!(totals(&json(&merged)), totals(&json(&whole_json)));
    let _ = std::fs::remove_dir_all(&d);
}

/// A partial game at the end of a records file (a machine stopped while the arena wrote it):
/// replay and merge skip it and say so; --resume cuts it off and plays that game again.
#[test]
fn a_partial_last_game_is_skipped_by_readers_and_replayed_by_resume() {
    let d = temp("partial");
    let rec = d.join("games.pgn");
    let args = a_match(6, 100, &["--records", rec.to_str().unwrap()]);
    let out = Command::new(arena_binary()).args(&args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let whole = std::fs::read_to_string(&rec).unwrap();
    let whole_games = games_by_round(&rec);
    // Cut the file in the middle of its last game.
    let last = whole.rfind("[Event ").unwrap();
    let cut = last + (whole.len() - last) / 2;
    std::fs::write(&rec, &whole[..cut]).unwrap();
    let (code, stdout, _) = arena(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("game 6 (line")
            && stdout.contains("a partial game at the end of the file")
            && stdout.contains("replayed 5 games: 5 clean, 0 with mismatches, 1 partial skipped"),
        "{stdout}"
    );
    let (code, stdout, stderr) = arena(&["merge", rec.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stderr.contains("a partial game at the end"), "{stderr}");
    assert!(
        stdout.contains("Games: 5 played of 6 scheduled"),
        "{stdout}"
    );
    let mut again = args.clone();
    again.push("--resume".into());
    let out = Command::new(arena_binary()).args(&again).output().unwrap();
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(
        all.contains("cut off") && all.contains("1 to play"),
        "{all}"
    );
    assert_eq!(games_by_round(&rec), whole_games);
    replay_clean(&rec, 6);
    let _ = std::fs::remove_dir_all(&d);
}

/// Files that never end or refuse every write are refused at once, before any game.
#[test]
fn devices_and_fifos_are_refused_at_once() {
    let d = temp("devices");
    let fifo = d.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap().to_string();
    for (flag, path) in [
        ("--records", "/dev/zero"),
        ("--records", "/dev/full"),
        ("--records", fifo.as_str()),
        ("--json", "/dev/full"),
        ("--json", fifo.as_str()),
    ] {
        let t = Instant::now();
        let args = a_match(2, 10, &[flag, path]);
        let (code, stdout, stderr) = arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(
            t.elapsed() < Duration::from_secs(1),
            "{flag} {path}: {:?}",
            t.elapsed()
        );
        assert_eq!(code, Some(1), "{flag} {path}: {stdout}{stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
    }
    for path in ["/dev/zero", fifo.as_str()] {
        let t = Instant::now();
        let (code, stdout, _) = arena(&["replay", path]);
        assert!(t.elapsed() < Duration::from_secs(1), "replay {path}");
        assert_eq!(code, Some(2), "{stdout}");
        assert!(stdout.contains("not a regular file"), "{stdout}");
        let (code, _, stderr) = arena(&["merge", path]);
        assert_eq!(code, Some(1), "{stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
    }
    assert!(!Path::new("/dev/zero.lock").exists());
    let _ = std::fs::remove_dir_all(&d);
}
