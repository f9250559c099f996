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
