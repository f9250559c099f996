//! Known Guerrilla Checkers perft counts from `tests/data/checkers.perft` (GC6).

use guerrilla::checkers::{Checkers, Settings};
use guerrilla::game::perft::{read_cases, PerftCase};
use guerrilla::game::prelude::*;

/// Lines up to this many leaves run in the normal test run; larger ones with `--ignored`.
const QUICK_LIMIT: u64 = 50_000_000;

/// The cases of `tests/data/checkers.perft`.
pub fn cases() -> Vec<PerftCase> {
    read_cases(include_str!("../data/checkers.perft")).expect("the perft file reads")
}

fn check(filter: impl Fn(u64) -> bool) -> usize {
    let mut n = 0;
    for c in cases().into_iter().filter(|c| filter(c.nodes)) {
        let p: Checkers = c.position(&Settings).unwrap();
        assert_eq!(
            p.perft(c.depth, None).unwrap(),
            c.nodes,
            "line {}: depth {}",
            c.line,
            c.depth
        );
        n += 1;
    }
    n
}

#[test]
fn gc6_start_counts() {
    let s = Checkers::new(&Settings);
    assert_eq!(s.perft(1, None), Ok(84));
    assert_eq!(s.perft(2, None), Ok(840));
    // The divide lines sum to the total, one line per legal move.
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut lines = Vec::new();
    let total = guerrilla::game::perft::divide(&s, 2, &never, |token, n| lines.push((token, n)))
        .expect("a small perft");
    assert_eq!(lines.len(), 84);
    assert_eq!(total, 840);
    assert!(lines.iter().all(|(_, n)| *n == 10));
}

#[test]
fn perft_file_quick() {
    assert!(check(|c| c <= QUICK_LIMIT) >= 40);
}

#[test]
#[ignore = "deep counts: cargo test --release -- --ignored"]
fn perft_file_deep() {
    assert!(check(|c| c > QUICK_LIMIT) >= 1);
}
