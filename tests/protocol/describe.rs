//! `describe` (protocol.md § 4.6) through the real binary: its last field, `reason`, says why
//! the game ended, in every way each game ends, and `query result` keeps its UGI answer.

use crate::harness::*;

fn reason(p: &mut Proc) -> String {
    field(&p.ask1("describe"), "reason").to_string()
}

#[test]
fn reason_says_why_the_game_ended() {
    let mut p = Proc::spawn();
    assert_eq!(reason(&mut p), "none");
    // The last field of the line.
    assert!(p.ask1("describe").ends_with(" reason=none"));
    // Guerrilla Checkers (GC5), one position for each end rule.
    for (fen, result, why) in [
        // The Guerrilla's pair has surrounded the last checker.
        (
            "8/8/8/8/8/8/8/8 9/9/9/9/9/9/9/2G6/9 58 C -",
            "p1win",
            "no-checkers",
        ),
        // COIN has captured the last stone.
        (
            "8/8/8/2C5/8/8/8/8 9/9/9/9/9/9/9/9/9 10 G -",
            "p2win",
            "no-stones-on-board",
        ),
        // One stone in hand: no pair.
        (
            "8/8/8/2C5/8/8/8/8 9/9/9/9/3G5/9/9/9/9 1 G -",
            "p2win",
            "no-stones-in-hand",
        ),
    ] {
        let set = p.ask(&format!("position fen {fen}"));
        assert!(set.is_empty(), "{fen}: {set:?}");
        assert_eq!(p.ask1("query result"), format!("response {result}"));
        assert_eq!(reason(&mut p), why, "{fen}");
    }
    // A loss by an illegal move, and its undo.
    p.ask("position startpos moves D4D5 zz");
    assert_eq!(p.ask1("query result"), "response p1win");
    assert_eq!(reason(&mut p), "forfeit");
    assert_eq!(p.ask1("undo"), "undone forfeit");
    assert_eq!(reason(&mut p), "none");
    // Guerrilla (W6): the turn limit, then two passes.
    p.ask("setoption name Game value guerrilla");
    p.ask("setoption name BoardSide value 4");
    p.ask("setoption name TurnLimit value 2");
    p.ask("position startpos moves *a1 *e5");
    assert_eq!(reason(&mut p), "turn-limit");
    assert_eq!(p.ask1("query result"), "response p2win");
    p.ask("setoption name TurnLimit value 400");
    p.ask("position startpos moves *a1 pass pass");
    assert_eq!(reason(&mut p), "two-passes");
    assert_eq!(p.ask1("query result"), "response p1win");
    assert_eq!(p.ask1("undo"), "undone turn pass");
    assert_eq!(reason(&mut p), "none");
}
