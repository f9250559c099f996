//! The records are PGN that a reader the project did not write accepts: python-chess's
//! `chess.pgn.read_headers`, installed by this test in a virtual environment, reads every game
//! of real matches (both games, an odd game, an engine that crashes, openings with `FEN`, a
//! clock), its tags agree with the arena's JSON summary game by game, and its
//! `Game.time_control()` parses every `TimeControl` tag. Its `read_game` reads no move of
//! them (it knows no variant of this project): that is what the documents say too.
//!
//! Without `python3` it fails (unless `GUERRILLA_SKIP_MISSING_TOOLS=1`); any other failure (no
//! venv module, no network to PyPI) fails it too.

mod common;

use common::engine;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

const ARENA: &str = env!("CARGO_BIN_EXE_guerrilla-arena");
const FAULT: &str = env!("CARGO_BIN_EXE_arena-fault-engine");

fn run(args: &[String]) -> String {
    let out = Command::new(ARENA)
        .args(args)
        .args(["--no-progress", "--concurrency", "2"])
        .output()
        .expect("run guerrilla-arena");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0), "{args:?}: {text}");
    text
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn python_chess_reads_every_game_and_agrees_with_the_summary() {
    let Some(python) = common::python_with(&["chess"], "import chess.pgn") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("arena-pgn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let e = engine();
    let e = e.to_str().unwrap();
    let matches: Vec<(&str, Vec<String>)> = vec![
        // Guerrilla Checkers, Brian Train's scoring, an odd game, random openings (FEN).
        (
            "checkers",
            strings(&[
                "--engine",
                "name=full",
                &format!("cmd={e}"),
                "--engine",
                "name=greedy",
                &format!("cmd={e}"),
                "option.Strength=greedy",
                "--games",
                "5",
                "--tc",
                "nodes=100",
                "--scoring",
                "stones",
            ]),
        ),
        // Guerrilla on a small board from the start position.
        (
            "guerrilla",
            strings(&[
                "--engine1",
                e,
                "--engine2",
                e,
                "--option2",
                "Seed=2",
                "--game",
                "guerrilla",
                "--option",
                "BoardSide=6",
                "--games",
                "2",
                "--tc",
                "nodes=30",
                "--random-plies",
                "0",
            ]),
        ),
        // An engine that crashes: Termination "abandoned", a Faulty tag.
        (
            "faults",
            strings(&[
                "--engine",
                "name=good",
                &format!("cmd={e}"),
                "--engine",
                "name=crashy",
                &format!("cmd={FAULT} --fault crash --at 2"),
                "--games",
                "2",
                "--tc",
                "nodes=10",
            ]),
        ),
        // A clock in cutechess's form (the node budget keeps the games short).
        (
            "clock",
            strings(&[
                "--engine1",
                e,
                "--engine2",
                e,
                "--option2",
                "Seed=2",
                "--games",
                "2",
                "--tc",
                "tc=40/2+0.05 nodes=30",
            ]),
        ),
    ];
    let mut files = Vec::new();
    let mut summaries = Vec::new();
    for (name, mut args) in matches {
        let pgn = dir.join(format!("{name}.pgn"));
        let json = dir.join(format!("{name}.json"));
        args.extend(["--records".into(), pgn.to_str().unwrap().into()]);
        args.extend(["--json".into(), json.to_str().unwrap().into()]);
        run(&args);
        let summary: Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        files.push(pgn);
        summaries.push(summary);
    }
    let out = Command::new(&python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pgn/read_headers.py"))
        .args(&files)
        .output()
        .expect("run the PGN reader");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read: Vec<Vec<Value>> = serde_json::from_slice(&out.stdout).unwrap();
    let mut total = 0;
    for ((file, games), summary) in files.iter().zip(&read).zip(&summaries) {
        let want = summary["games"].as_array().unwrap();
        assert_eq!(games.len(), want.len(), "{}: {games:?}", file.display());
        assert_eq!(games.len() as u64, summary["played"].as_u64().unwrap());
        for (tags, w) in games.iter().zip(want) {
            for t in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
                assert!(
                    tags.get(t).is_some(),
                    "{}: no {t} in {tags}",
                    file.display()
                );
            }
            let tag = |t: &str| tags[t].as_str().unwrap_or_default().to_string();
            assert_eq!(tag("Round"), w["game"].to_string(), "{tags} vs {w}");
            assert_eq!(tag("White"), w["p1"].as_str().unwrap());
            assert_eq!(tag("Black"), w["p2"].as_str().unwrap());
            assert_eq!(tag("Result"), w["pgn_result"].as_str().unwrap());
            assert_eq!(tag("PlyCount"), w["plies"].to_string());
            assert_eq!(tag("Reason"), w["reason"].as_str().unwrap());
            assert!(tags.get("Termination").is_some() && tags.get("TimeControl").is_some());
            assert!(tags.get("Variant").is_some());
            // python-chess parses the standard's TimeControl; it reads no move of the game.
            let want_tc = match tag("TimeControl").as_str() {
                "40/2+0.05" => serde_json::json!([[40, 2, 0.05]]),
                "-" => serde_json::json!([]),
                other => panic!("{}: unexpected TimeControl {other}", file.display()),
            };
            assert_eq!(tags["_time_control"], want_tc, "{tags}");
            assert_eq!(tags["_moves_read"], 0, "{tags}");
            if tags.get("FEN").is_some() {
                assert_eq!(tag("SetUp"), "1");
            }
            match w.get("stones") {
                Some(s) => assert_eq!(tag("Stones"), s.to_string()),
                None => assert!(tags.get("Stones").is_none()),
            }
            if tag("Reason") == "crash" {
                assert_eq!(tag("Termination"), "abandoned");
                assert!(tags.get("Faulty").is_some());
            }
            total += 1;
        }
    }
    assert_eq!(total, 5 + 2 + 2 + 2);
    assert!(read[3].iter().all(|t| t["TimeControl"] == "40/2+0.05"));
    // The checkers games started from random openings; the Guerrilla games from the start.
    assert!(read[0].iter().all(|t| t.get("FEN").is_some()));
    assert!(read[1].iter().all(|t| t.get("FEN").is_none()));
    println!("python-chess read {total} games, each agreeing with the summary");
    let _ = std::fs::remove_dir_all(&dir);
}
