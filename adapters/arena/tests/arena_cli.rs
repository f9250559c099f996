//! The arena binary against the engine binary: option handling and short refereed matches.
//! Both binaries are built by `cargo test` before any test runs (one workspace, one target dir).

use std::path::PathBuf;
use std::process::{Command, Output};

/// The engine binary, beside this test's own executable's `deps` folder.
fn engine() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target profile folder");
    dir.join(format!("guerrilla{}", std::env::consts::EXE_SUFFIX))
}

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
    assert!(!stdout.contains("game 1:"), "{stdout}");
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
    assert_eq!(
        stdout.matches("\ngame ").count() + usize::from(stdout.starts_with("game ")),
        2,
        "{stdout}"
    );
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
