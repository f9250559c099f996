//! `--resign`: the arena ends a game when the engines' scores say it is lost, records it as
//! `resign` (PGN `Termination "adjudication"`), and `replay` checks the rule against the
//! recorded scores.

mod common;

use common::engine;
use std::path::PathBuf;
use std::process::{Command, Output};

const ARENA: &str = env!("CARGO_BIN_EXE_guerrilla-arena");

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arena-resign-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn run(args: &[String]) -> (Option<i32>, String, String) {
    let out: Output = Command::new(ARENA)
        .args(args)
        .output()
        .expect("run guerrilla-arena");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A Guerrilla match on side 5 between a weak node budget and a strong one: deterministic
/// games whose scores turn one-sided early.
fn wells_match(extra: &[&str]) -> Vec<String> {
    let e = format!("cmd={}", engine().display());
    let mut v: Vec<String> = [
        "--game",
        "guerrilla",
        "--option",
        "BoardSide=5",
        "--engine",
        "name=weak",
        &e,
        "tc=nodes=30",
        "--engine",
        "name=strong",
        &e,
        "tc=nodes=1500",
        "--games",
        "4",
        "--random-plies",
        "1",
        "--seed",
        "3",
        "--no-progress",
    ]
    .map(String::from)
    .to_vec();
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

#[test]
fn a_lost_game_ends_by_the_rule_and_replays_clean() {
    let d = temp("rule");
    let rec = d.join("m.rec");
    let (code, stdout, stderr) = run(&wells_match(&[
        "--resign",
        "movecount=2",
        "score=0.5",
        "--records",
        rec.to_str().unwrap(),
    ]));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let resigned: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains(" {resign after "))
        .collect();
    assert!(!resigned.is_empty(), "{stdout}");
    for l in &resigned {
        assert!(
            l.contains("scored -0.5 or less for 2 moves in a row"),
            "{l}"
        );
    }
    let body = std::fs::read_to_string(&rec).unwrap();
    assert_eq!(
        body.matches("[Reason \"resign\"]").count(),
        resigned.len(),
        "{body}"
    );
    assert!(body.contains("[Termination \"adjudication\"]"), "{body}");
    assert!(
        body.contains("\"resign\":{\"movecount\":2,\"score\":0.5,\"twosided\":false}"),
        "{body}"
    );
    let (code, stdout, stderr) = run(&["replay".into(), rec.to_str().unwrap().into()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("4 clean, 0 with mismatches"), "{stdout}");

    // The same records under a rule that needs more moves: every resigned game is a mismatch.
    let stricter = d.join("stricter.rec");
    std::fs::write(
        &stricter,
        body.replacen("\"movecount\":2,", "\"movecount\":500,", 1),
    )
    .unwrap();
    let (code, stdout, _) = run(&["replay".into(), stricter.to_str().unwrap().into()]);
    assert_eq!(code, Some(2), "{stdout}");
    assert_eq!(
        stdout
            .matches("reason resign but the resignation rule does not hold")
            .count(),
        resigned.len(),
        "{stdout}"
    );

    // Without the rule the same games go on past the resignation.
    let (code, stdout, stderr) = run(&wells_match(&[]));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(!stdout.contains("{resign after "), "{stdout}");
}

#[test]
fn a_bad_rule_is_refused_before_any_game() {
    for (rule, want) in [
        ("movecount=0 score=0.5", "'movecount=0'"),
        ("movecount=3 score=-0.5", "'score=-0.5'"),
        ("movecount=3", "lacks score"),
        ("movecount=3 score=0.5 twosided=maybe", "'twosided=maybe'"),
        // cutechess's centipawns: a rule that could never hold.
        ("movecount=3 score=400", "not centipawns"),
    ] {
        let mut args = wells_match(&["--resign"]);
        args.extend(rule.split(' ').map(String::from));
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(1), "{rule}: {stdout}{stderr}");
        assert!(
            (stderr.contains("expected movecount=N score=S") || rule.contains("400"))
                && stderr.contains(want),
            "{rule}: {stderr}"
        );
        assert!(!stdout.contains("Finished game"), "{rule}: {stdout}");
    }
}

/// A UCI engine's report with `score`: its order of fields, and fields this protocol lacks.
fn uci(score: &str) -> String {
    format!("info depth 3 seldepth 4 score {score} nodes 7 nps 70 hashfull 0 time 100")
}

/// Scores in UCI's words (`score cp`, `score mate`, in UCI's order of fields) from engines that
/// write them: the records keep them as pawns and mates, and the rules read them.
#[test]
fn uci_scores_are_recorded_and_adjudicated() {
    let fault = env!("CARGO_BIN_EXE_arena-fault-engine");
    let d = temp("uci");
    let rec = d.join("m.pgn");
    let (code, stdout, stderr) = run(&[
        "--engine".into(),
        "name=ahead".into(),
        format!("cmd={fault} --info '{}'", uci("cp 40")),
        "--engine".into(),
        "name=mated".into(),
        format!("cmd={fault} --info '{}'", uci("mate -2")),
        "--games".into(),
        "2".into(),
        "--tc".into(),
        "nodes=5".into(),
        "--resign".into(),
        "movecount=2".into(),
        "score=0.3".into(),
        "--records".into(),
        rec.to_str().unwrap().into(),
        "--no-progress".into(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert_eq!(
        stdout
            .matches("mated scored -0.3 or less for 2 moves in a row")
            .count(),
        2,
        "{stdout}"
    );
    let body = std::fs::read_to_string(&rec).unwrap();
    assert!(body.contains("{+0.40/3 "), "{body}");
    assert!(body.contains("{-M2/3 "), "{body}");
    let (code, stdout, stderr) = run(&["replay".into(), rec.to_str().unwrap().into()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("2 clean, 0 with mismatches"), "{stdout}");
}
