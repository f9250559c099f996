//! Nothing fails in silence: what would make a match play other games than the ones asked for,
//! or lose its results, stops the arena before its first game, with exit status 1 and a line
//! that says why (in the engine's own words when the engine refuses).
//!
//! Each test here failed on the arena before these checks; `GUERRILLA_ARENA_UNDER_TEST=<binary>`
//! runs them against another build.

mod common;

use common::{arena, engine, temp};

/// The arena's words for a match stopped before any game: exit 1, an `error:` line holding
/// every piece of `want`, and no game played.
fn refused(args: &[&str], want: &[&str]) -> String {
    let (code, stdout, stderr) = arena(args);
    assert_eq!(code, Some(1), "{args:?}\n{stdout}{stderr}");
    assert!(
        // (`game N:` is how earlier builds printed a game.)
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

/// A spin whose bounds are below zero (`min -100 max 100`, as other engines announce them):
/// a value within them is sent, one outside is refused before any game in one line.
#[test]
fn negative_spin_bounds_are_kept() {
    let fault = env!("CARGO_BIN_EXE_arena-fault-engine");
    let e = format!("cmd={fault}");
    let with = |value: &str| {
        let o = format!("option.Contempt={value}");
        let args = [
            "--engine",
            "name=a",
            &e,
            &o,
            "--engine",
            "name=b",
            &e,
            "--games",
            "2",
            "--tc",
            "nodes=5",
            "--no-progress",
        ];
        args.map(String::from).to_vec()
    };
    let (code, stdout, stderr) = arena(&strs(&with("-100")));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("Games: 2 played of 2 scheduled"),
        "{stdout}"
    );
    for bad in ["-101", "101", "-x"] {
        refused(
            &strs(&with(bad)),
            &[
                "engine a",
                &format!("Contempt={bad}"),
                &format!("expected an integer from -100 to 100 but got '{bad}'"),
            ],
        );
    }
}

#[test]
fn an_opening_of_another_board_side_or_game_stops_the_match_naming_its_line() {
    let openings = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cutegames/openings-guerrilla.txt")
        .canonicalize()
        .expect("the shipped Guerrilla openings (side 8)");
    let file = openings.to_str().unwrap();
    // Its first opening is `startpos` (side 5 here), its second (line 4) a side-8 position.
    let line = refused(
        &strs(&two_engines(&[
            "--game",
            "guerrilla",
            "--option",
            "BoardSide=5",
            "--openings",
            file,
        ])),
        &[
            &format!("{file}:"),
            "other settings than the match's",
            "BoardSide=5",
        ],
    );
    assert!(line.contains(":4: bad opening"), "{line}");
    // A Guerrilla Checkers opening in a Guerrilla match.
    let checkers = openings.with_file_name("openings-guerrilla-checkers.txt");
    refused(
        &strs(&two_engines(&[
            "--game",
            "guerrilla",
            "--openings",
            checkers.to_str().unwrap(),
        ])),
        &[
            ":4: bad opening",
            "a position of guerrilla-checkers, another game's opening",
        ],
    );
}

#[test]
fn an_existing_records_file_is_appended_to_or_refused_unless_overwrite() {
    let d = temp("records");
    let rec = d.join("games.pgn");
    let rec_arg = rec.to_str().unwrap();
    for round in 1..=2 {
        let (code, stdout, stderr) = arena(&strs(&two_engines(&["--records", rec_arg])));
        assert_eq!(code, Some(0), "run {round}: {stdout}{stderr}");
    }
    // Both matches are in the file, each after its own match line, and replay reads all.
    let body = std::fs::read_to_string(&rec).unwrap();
    assert_eq!(
        body.matches("% guerrilla-arena records").count(),
        1,
        "{body}"
    );
    assert_eq!(body.matches("\n% match {").count(), 2, "{body}");
    assert_eq!(body.matches("[Round \"").count(), 4, "{body}");
    let (code, stdout, _) = arena(&["replay", rec_arg]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("replayed 4 games: 4 clean"), "{stdout}");
    // A file that is not a records file is not mixed with a match's games...
    let notes = d.join("notes.pgn");
    std::fs::write(&notes, "my own notes\n").unwrap();
    let notes_arg = notes.to_str().unwrap();
    refused(
        &strs(&two_engines(&["--records", notes_arg])),
        &[
            "notes.pgn",
            "not a guerrilla-arena records file",
            "--overwrite",
        ],
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my own notes\n");
    // ...unless --overwrite replaces it.
    let (code, stdout, stderr) = arena(&strs(&two_engines(&[
        "--records",
        notes_arg,
        "--overwrite",
    ])));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let body = std::fs::read_to_string(&notes).unwrap();
    assert!(body.starts_with("% guerrilla-arena records 3\n"), "{body}");
    assert_eq!(body.matches("[Round \"").count(), 2, "{body}");
}

#[test]
fn an_unwritable_output_stops_the_match_before_its_first_game() {
    let d = temp("unwritable");
    let missing = d.join("no-such-folder").join("summary.json");
    refused(
        &strs(&two_engines(&["--json", missing.to_str().unwrap()])),
        &["cannot write the JSON file", "summary.json"],
    );
    refused(
        &strs(&two_engines(&["--records", d.to_str().unwrap()])),
        &["cannot write the records file"],
    );
    // Nothing was left behind by the refused match.
    assert!(!missing.exists());
}

#[test]
fn implausible_limits_are_refused_with_a_hint() {
    // cutechess's centipawns: scores here are expected results in [-1, 1].
    refused(
        &strs(&two_engines(&["--resign", "movecount=3", "score=400"])),
        &["--resign", "score=400", "not centipawns"],
    );
    refused(
        &strs(&two_engines(&[
            "--draw",
            "movenumber=10",
            "movecount=3",
            "score=20",
        ])),
        &["--draw", "score=20", "not centipawns"],
    );
    // A clock of 10 ms + 1 ms, surely meant as seconds.
    let mut args = two_engines(&[]);
    let tc = args.iter().position(|a| a == "nodes=10").unwrap();
    args[tc] = "clock=10+1".into();
    refused(
        &strs(&args),
        &["clock=10+1", "10 ms", "clock=10s+1s", "tc=10+1"],
    );
}
