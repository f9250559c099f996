//! `legal`, `legal steps`, `legal turns` (protocol.md § 4.1) through the real binary.

use crate::harness::*;

#[test]
fn legal_steps_and_turns_are_the_two_lines_of_legal() {
    let mut p = Proc::spawn();
    for game in real_games() {
        p.ask(&format!("setoption name Game value {game}"));
        let both = p.ask("legal");
        assert_eq!(both.len(), 2);
        assert_eq!(p.ask("legal steps"), [both[0].clone()]);
        assert_eq!(p.ask("legal turns"), [both[1].clone()]);
    }
    for bad in ["legal x", "legal steps turns", "legal stepsx"] {
        let got = p.ask1(bad);
        assert!(
            got.starts_with("info string error: expected "),
            "{bad}: {got}"
        );
    }
    assert_eq!(
        p.ask1("legal x"),
        "info string error: expected steps, turns or end of line but got 'x' in 'legal x'"
    );
}
