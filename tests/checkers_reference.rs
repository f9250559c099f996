//! Cross-checks the Guerrilla Checkers rules core against perft counts produced by
//! `tests/reference/checkers_ref.py`, an independent implementation of GC1–GC6 that shares no
//! code with the engine. Each line of `tests/checkers_reference.perft` is
//! `<moves from the start> ; <depth> ; <count>`.

use guerrilla::checkers::Checkers;
use guerrilla::game::prelude::*;

fn cases() -> Vec<(Vec<String>, u32, u64)> {
    include_str!("checkers_reference.perft")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(f.len(), 3, "bad line {l:?}");
            (
                f[0].split_whitespace().map(str::to_string).collect(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn perft_matches_the_independent_reference() {
    let cases = cases();
    assert!(cases.len() >= 20, "the data file lost its cases");
    for (moves, depth, expected) in cases {
        let mut pos = Checkers::new(&Default::default());
        for m in &moves {
            let turn = pos
                .parse_turn(m)
                .unwrap_or_else(|e| panic!("{m} after {moves:?}: {e}"));
            pos.play_turn(&turn).unwrap();
        }
        assert_eq!(pos.perft(depth), expected, "perft({depth}) after {moves:?}");
    }
}
