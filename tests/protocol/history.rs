//! `history` (protocol.md § 4.11) through the real binary.

use crate::harness::*;

/// `history` starts where the game was set up: a position string, canonical.
#[test]
fn history_start_is_the_position_set_up() {
    let mut p = Proc::spawn();
    let h = p.ask("history");
    assert_eq!(
        h,
        [
            "start 8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first",
            "history 0",
            "building 0"
        ]
    );
    let fen = "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first";
    p.ask(&format!("position fen {fen} moves D4D5"));
    assert_eq!(
        p.ask("history")[..2],
        [format!("start {fen}"), "history 1 D4D5".into()]
    );
    // An illegal move ends the game; the history keeps the turns before it.
    p.ask("position startpos moves D4D5 a1-b2");
    assert_eq!(p.ask("history")[1], "history 1 D4D5");
    assert_eq!(p.ask1("undo step"), "undone forfeit");
}
