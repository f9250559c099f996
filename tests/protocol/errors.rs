//! Bad input (protocol.md § 1): every error path answers one line and changes nothing; an overlong
//! line is one bounded error.

use crate::harness::*;

/// Every error gets exactly one `info string error: expected … but got '…'` line and leaves the
/// state (seen through `describe` and the queries) unchanged.
#[test]
fn every_error_path_changes_nothing() {
    let mut p = Proc::spawn();
    let state = |p: &mut Proc| {
        let mut s = p.ask("describe");
        s.extend(p.ask("query gameover"));
        s.extend(p.ask("query p1turn"));
        s.extend(p.ask("show"));
        s
    };
    // Some history first, so that "unchanged" means something.
    let first = p.go("go nodes 50");
    assert!(p
        .ask(&format!("position startpos moves {first}"))
        .is_empty());
    let before = state(&mut p);
    for bad in [
        "frobnicate",
        "UGI",
        "ugi please",
        "uginewgame now",
        "isready?",
        "position",
        "position somewhere",
        "position fen",
        "position fen this is not a position",
        "position fen moves a",
        "position startpos c5-d6",
        "go nodes",
        "go nodes lots",
        "go depth 99999999999",
        "go sideways",
        "query",
        "query everything",
        "query result now",
        "setoption",
        "setoption name",
        "setoption name Contempt value 64",
        "setoption name Hash value 0",
        "setoption name Game value chess",
        "setoption name BoardSide value 99",
        "setoption name TurnLimit value -3",
        "setoption name Seed",
        "play",
        "play zz9",
        "play a1 b2",
        "step zz9",
        "perft",
        "perft -2",
        "perft two",
        "legal 3",
        "undo twice",
        "describe all",
    ] {
        let answer = p.ask(bad);
        // A rejected `go` ends with `bestmove none`, so that an arena never waits for a
        // search that was never started.
        if bad.split(' ').next() == Some("go") {
            assert_eq!(answer.len(), 2, "'{bad}' answered {answer:?}");
            assert_eq!(answer[1], "bestmove none", "'{bad}' answered {answer:?}");
        } else {
            assert_eq!(answer.len(), 1, "'{bad}' answered {answer:?}");
        }
        let line = &answer[0];
        assert!(
            line.starts_with("info string error: expected "),
            "{bad}: {line}"
        );
        assert!(line.contains(" but got '"), "{bad}: {line}");
        assert_eq!(state(&mut p), before, "'{bad}' changed the state");
    }
    // Blank and control-character lines are ignored.
    p.send_raw(b"\r\n\t \n\x07\n");
    assert_eq!(state(&mut p), before);
    // Invalid UTF-8 is an unknown command, not a crash.
    p.send_raw(b"\xff\xfe go\n");
    p.send("isready");
    let lines = p.until("readyok", |l| l == "readyok");
    assert!(
        lines[0].starts_with("info string error: expected a command"),
        "{lines:?}"
    );
    assert_eq!(state(&mut p), before);
}

/// A line longer than the limit gets one bounded error line; the engine goes on.
#[test]
fn an_overlong_line_is_one_bounded_error() {
    let mut p = Proc::spawn();
    let mut line = b"position startpos moves ".to_vec();
    line.extend(std::iter::repeat_n(b'x', 17 << 20));
    line.push(b'\n');
    p.send_raw(&line);
    // The error line comes first, then the answer to the next command.
    let answers = p.ask("query p1turn");
    assert_eq!(answers.len(), 2, "{answers:?}");
    let e = &answers[0];
    assert_eq!(answers[1], "response true");
    assert!(e.len() < 200, "{e}");
    assert!(
        e.contains("expected a line of at most 16777216 bytes"),
        "{e}"
    );
    assert_eq!(p.ask1("query p1turn"), "response true");
}

/// Long input is quoted by its first 80 characters and its length, once: an error line stays
/// short whatever the line (protocol.md § 1).
#[test]
fn long_input_is_quoted_short_and_once() {
    let mut p = Proc::spawn();
    let megabyte = "x".repeat(1_000_000);
    let unknown = p.ask1(&megabyte);
    assert!(unknown.len() < 200, "{} bytes: {unknown}", unknown.len());
    assert_eq!(
        unknown,
        format!(
            "info string error: expected a command (type help for the list) but got '{}…' \
             (1000000 bytes)",
            "x".repeat(80)
        )
    );
    for line in [
        format!("position fen {megabyte}"),
        format!("position fen 4 {megabyte} w 1 0"),
        format!("play {megabyte}"),
        format!("step {megabyte}"),
        format!("setoption name {megabyte} value 1"),
        format!("setoption name Seed value {megabyte}"),
        format!("position startpos moves D4D5 {megabyte}"),
    ] {
        let e = p.ask1(&line);
        assert!(e.len() < 400, "{} bytes: {}", e.len(), &e[..400]);
        assert!(e.starts_with("info string error: expected "), "{e}");
        assert_eq!(e.matches(&"x".repeat(60)).count(), 1, "quoted once: {e}");
        assert!(e.contains(" bytes)"), "{e}");
        p.ask("uginewgame");
    }
    assert_eq!(p.ask1("query p1turn"), "response true");
}

/// One kind of mistake, one wording: every bad number of one argument gets the same line.
#[test]
fn one_wording_per_mistake() {
    let mut p = Proc::spawn();
    let wording = |p: &mut Proc, line: &str| {
        let e = p.ask(line).remove(0);
        let cut = e.find(" but got ").unwrap_or_else(|| panic!("{e}"));
        e[..cut].to_string()
    };
    for (command, bad) in [
        ("perft", ["-1", "x", "99999999999", "25", "08", "+3"]),
        (
            "go nodes",
            ["-1", "x", "99999999999999999999", "1e3", "08", "+3"],
        ),
        (
            "go depth",
            ["-1", "x", "99999999999", "4294967296", "08", "+3"],
        ),
        (
            "setoption name Seed value",
            ["-1", "x", "99999999999", "4294967296", "08", "+3"],
        ),
    ] {
        let first = wording(&mut p, &format!("{command} {}", bad[0]));
        for b in &bad[1..] {
            assert_eq!(
                wording(&mut p, &format!("{command} {b}")),
                first,
                "{command} {b}"
            );
        }
    }
    assert_eq!(
        wording(&mut p, "perft -1"),
        "info string error: expected a depth from 0 to 24 (no sign, no leading zero)"
    );
}

/// A position string of the other game says so, and how to choose that game.
#[test]
fn a_position_of_the_other_game_names_it() {
    let mut p = Proc::spawn();
    let wells = "4 W.../...../....../......./...B../...../.... w 3 0";
    assert_eq!(
        p.ask1(&format!("position fen {wells}")),
        format!(
            "info string error: expected a valid position but got '{wells}' (this looks like a \
             Guerrilla position: setoption name Game value guerrilla) in 'position fen {wells}'"
        )
    );
    let checkers = "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first";
    assert!(p.ask("setoption name Game value guerrilla").is_empty());
    assert!(p
        .ask1(&format!("position fen {checkers}"))
        .contains("(this looks like a Guerrilla Checkers position: setoption name Game value guerrilla-checkers)"));
    // A string of neither game keeps its own reason.
    assert!(p
        .ask1("position fen 4 ..../..... w 1 0")
        .contains("(expected 7 rows for side 4 but got 2)"));
}
