//! `position` (protocol.md § 3.5) through the real binary: an illegal move in the move list loses.

use crate::harness::*;

#[test]
fn illegal_move_in_position_loses_and_never_searches() {
    let mut p = Proc::spawn();
    let first = p.go("go nodes 20");
    // p2 plays garbage after p1's move: p2 loses.
    let err = p.ask(&format!("position startpos moves {first} zz9 {first}"));
    assert_eq!(err.len(), 1);
    assert!(
        err[0].starts_with("info string error: expected "),
        "{err:?}"
    );
    assert!(err[0].contains(" but got 'zz9'"), "{err:?}");
    assert!(err[0].contains("lost by p2"), "{err:?}");
    assert_eq!(p.ask1("query gameover"), "response true");
    assert_eq!(p.ask1("query result"), "response p1win");
    p.send("go nodes 100");
    let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info string error: expected a game in progress"));
    assert_eq!(lines[1], "bestmove none");
    // The same position sent again (as cutegames does) gives the same answers.
    p.ask(&format!("position startpos moves {first} zz9 {first}"));
    assert_eq!(p.ask1("query result"), "response p1win");
    // A good position afterwards is a normal game again.
    assert!(p
        .ask(&format!("position startpos moves {first}"))
        .is_empty());
    assert_eq!(p.ask1("query gameover"), "response false");
    assert_eq!(p.ask1("query p1turn"), "response false");
}
