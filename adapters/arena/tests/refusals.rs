//! Nothing fails in silence: what would make a match play other games than the ones asked for,
//! or lose its results, stops the arena before its first game, with exit status 1 and a line
//! that says why (in the engine's own words when the engine refuses).
//!
//! Each test here failed on the arena before these checks; `GUERRILLA_ARENA_UNDER_TEST=<binary>`
//! runs them against another build.

mod common;

use common::{arena, engine};

/// The arena's words for a match stopped before any game: exit 1, an `error:` line holding
/// every piece of `want`, and no game played.
fn refused(args: &[&str], want: &[&str]) -> String {
    let (code, stdout, stderr) = arena(args);
    assert_eq!(code, Some(1), "{args:?}\n{stdout}{stderr}");
    assert!(
        !stdout.contains("Finished game") && !stdout.contains("game 1:"),
        "{args:?}: a game was played\n{stdout}"
    );
    let line = stderr
        .lines()
        .find(|l| l.starts_with("error: "))
        .unwrap_or_else(|| panic!("{args:?}: no error line in\n{stderr}"));
    for w in want {
        assert!(line.contains(w), "{args:?}: '{w}' not in\n{line}");
    }
    line.to_string()
}

fn two_engines(extra: &[&str]) -> Vec<String> {
    let e = format!("cmd={}", engine().display());
    let mut v: Vec<String> = ["--engine", "name=a", &e, "--engine", "name=b", &e]
        .map(String::from)
        .to_vec();
    v.extend(extra.iter().map(|s| s.to_string()));
    v.extend(["--games", "2", "--tc", "nodes=10", "--no-progress"].map(String::from));
    v
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn a_misspelled_or_refused_engine_option_stops_the_match() {
    // An engine option the engine does not announce at `ugi`.
    let mut args = two_engines(&[]);
    args.insert(3, "option.Strenght=greedy".into());
    refused(
        &strs(&args),
        &["engine a", "Strenght", "announces no option", "Strength"],
    );
    // A shared option no engine has.
    refused(
        &strs(&two_engines(&["--option", "Contempt=1"])),
        &["Contempt", "announces no option"],
    );
    // A value outside the engine's announcement.
    refused(
        &strs(&two_engines(&["--option", "Strength=best"])),
        &["Strength=best", "random, greedy, uct, full"],
    );
    // A value the announcement allows but the engine refuses: its own error line, quoted.
    let mut args = two_engines(&[]);
    args.insert(6, "option.Seed=08".into());
    refused(
        &strs(&args),
        &[
            "engine b",
            "Seed=08",
            "info string error: expected an integer",
        ],
    );
}
