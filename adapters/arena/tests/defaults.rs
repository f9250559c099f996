//! What a user of cutechess-cli or fastchess expects from the defaults and the score lines:
//! no game replayed by default, the sign of an infinite Elo, an odd game reported, interim
//! score lines on a stderr that is not a terminal, and Brian Train's stones match.

mod common;

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

const ARENA: &str = env!("CARGO_BIN_EXE_guerrilla-arena");
const FAULT: &str = env!("CARGO_BIN_EXE_arena-fault-engine");

fn engine() -> String {
    common::engine().to_str().expect("utf-8 path").to_string()
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arena-defaults-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn arena(args: &[&str]) -> (Output, String, String) {
    let out = Command::new(ARENA)
        .args(args)
        .arg("--no-progress")
        .output()
        .expect("run guerrilla-arena");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stdout, stderr)
}

fn json(path: &PathBuf) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("json file")).expect("json")
}

/// The move sequences of a records file, one per game (comments and numbers left out).
fn games_moves(pgn: &str) -> Vec<String> {
    pgn.split("\n\n")
        .filter(|b| b.starts_with("1.") || b.starts_with("1..."))
        .map(|b| {
            let mut out = Vec::new();
            let mut in_comment = false;
            for w in b.split_whitespace() {
                if w.starts_with('{') {
                    in_comment = true;
                }
                if !in_comment && !w.ends_with('.') {
                    out.push(w);
                }
                if w.ends_with('}') {
                    in_comment = false;
                }
            }
            out.join(" ")
        })
        .collect()
}

/// Two deterministic engines (seeds 0 and 7, a node budget) with the arena's defaults: no
/// `--openings`, so every round starts from its own random opening, and the 8 games are 8
/// different games. The same engine twice is warned about.
#[test]
fn default_settings_play_no_game_twice() {
    let e = engine();
    let d = temp("distinct");
    let rec = d.join("m.pgn");
    let (out, stdout, stderr) = arena(&[
        "--engine1",
        &e,
        "--engine2",
        &e,
        "--option2",
        "Seed=7",
        "--games",
        "8",
        "--records",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
    let games = games_moves(&std::fs::read_to_string(&rec).unwrap());
    assert_eq!(games.len(), 8, "{games:?}");
    let distinct: HashSet<&String> = games.iter().collect();
    assert_eq!(distinct.len(), 8, "{games:#?}");
    // The same engine with the same settings: the two games of a pair are one game.
    let (out, _, stderr) = arena(&["--engine1", &e, "--engine2", &e, "--games", "2"]);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("warning: engines engine1 and engine2 are the same command"),
        "{stderr}"
    );
    // A schedule that repeats its openings says so.
    let one = d.join("one.txt");
    std::fs::write(&one, "startpos\n").unwrap();
    let (_, _, stderr) = arena(&[
        "--engine1",
        &e,
        "--engine2",
        &e,
        "--option2",
        "Seed=7",
        "--games",
        "4",
        "--openings",
        one.to_str().unwrap(),
    ]);
    assert!(
        stderr.contains("warning: 1 of 2 rounds start from an opening"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// An engine that loses every game (an illegal first move): 0 - 4, and its Elo has no
/// maximum-likelihood estimate: the bound `< -800` in the text, `null` in the JSON. An odd
/// game is reported.
#[test]
fn a_lost_match_reads_a_bound_and_an_odd_game_is_reported() {
    let e = engine();
    let d = temp("inf");
    let j = d.join("s.json");
    let (out, stdout, stderr) = arena(&[
        "--engine",
        "name=bad",
        &format!("cmd={FAULT} --fault illegal --at 1"),
        "--engine",
        "name=good",
        &format!("cmd={e}"),
        "--games",
        "4",
        "--tc",
        "nodes=10",
        "--json",
        j.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("Score of bad vs good: 0 - 4 - 0  [0.000] 4"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Elo difference: < -800, LOS: 0.0 %, DrawRatio: 0.0 %"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Ptnml(0-2): [2, 0, 0, 0, 0], 2 pairs"),
        "{stdout}"
    );
    let p = &json(&j)["pairings"][0];
    assert!(p["elo"].is_null(), "{p}");
    assert_eq!(p["elo_error"], 0.0);
    assert_eq!(p["los"], 0.0);
    assert_eq!(p["points"], 0.0);
    // Three games: the third has no partner, and says so.
    let (out, stdout, stderr) = arena(&[
        "--engine",
        "name=bad",
        &format!("cmd={FAULT} --fault illegal --at 1"),
        "--engine",
        "name=good",
        &format!("cmd={e}"),
        "--games",
        "3",
        "--tc",
        "nodes=10",
        "--json",
        j.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("Score of bad vs good: 0 - 3 - 0  [0.000] 3"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Unpaired: game 3 without its colour-swapped partner"),
        "{stdout}"
    );
    assert_eq!(json(&j)["pairings"][0]["unpaired_games"][0], 3);
    let _ = std::fs::remove_dir_all(&d);
}

/// stderr is a pipe here: the score lines come every `--rating-interval` games.
#[test]
fn interim_score_lines_on_a_stderr_that_is_not_a_terminal() {
    let e = engine();
    let (out, _, stderr) = arena(&[
        "--engine1",
        &e,
        "--engine2",
        &e,
        "--option2",
        "Seed=7",
        "--games",
        "4",
        "--tc",
        "nodes=20",
        "--rating-interval",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("Interim after 2 games:\nScore of engine1 vs engine2: "),
        "{stderr}"
    );
    assert!(stderr.contains("Interim after 4 games:"), "{stderr}");
}

/// Brian Train's match: every pair is a match, decided by the stones the winning Guerrilla
/// placed; the stones of every game are in the PGN and the JSON.
#[test]
fn the_stones_match_counts_pairs_and_records_stones() {
    let e = engine();
    let d = temp("stones");
    let j = d.join("s.json");
    let rec = d.join("s.pgn");
    let (out, stdout, stderr) = arena(&[
        "--engine",
        "name=full",
        &format!("cmd={e}"),
        "--engine",
        "name=random",
        &format!("cmd={e}"),
        "option.Strength=random",
        "--games",
        "6",
        "--tc",
        "nodes=200",
        "--scoring",
        "stones",
        "--json",
        j.to_str().unwrap(),
        "--records",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("Stones matches of full vs random: "),
        "{stdout}"
    );
    let s = json(&j);
    let m = &s["pairings"][0]["stones_matches"];
    let count = |k: &str| m[k].as_u64().unwrap();
    assert_eq!(count("wins") + count("losses") + count("ties"), 3, "{m}");
    let pgn = std::fs::read_to_string(&rec).unwrap();
    for g in s["games"].as_array().unwrap() {
        let stones = g["stones"].as_u64().expect("stones of every checkers game");
        assert!(
            stdout.contains(&format!(
                "Finished game {} ({} vs {}): {} {{gameover after {} plies, {stones} stones placed}}",
                g["game"],
                g["p1"].as_str().unwrap(),
                g["p2"].as_str().unwrap(),
                g["pgn_result"].as_str().unwrap(),
                g["plies"]
            )),
            "{stdout}"
        );
    }
    assert_eq!(pgn.matches("[Stones \"").count(), 6);
    // Replay checks the stones against the rules.
    let out = Command::new(ARENA)
        .arg("replay")
        .arg(&rec)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Guerrilla has no stones to count.
    let (out, _, stderr) = arena(&[
        "--engine1",
        &e,
        "--engine2",
        &e,
        "--game",
        "guerrilla",
        "--scoring",
        "stones",
    ]);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("--scoring stones is the match of a game where p1 places stones"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
