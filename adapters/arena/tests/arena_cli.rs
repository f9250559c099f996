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
            stdout.lines().filter(|l| l.starts_with("game ")).count(),
            2 * lines.len(),
            "{file}: {stdout}"
        );
        assert!(!stdout.contains("problem:"), "{file}: {stdout}");
    }
}
