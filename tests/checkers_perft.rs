//! Known Guerrilla Checkers perft counts from `tests/checkers.perft` (GC6).

use guerrilla::checkers::{Checkers, CheckersSettings};
use guerrilla::game::prelude::*;

/// Lines up to this many leaves run in the normal test run; larger ones with `--ignored`.
const QUICK_LIMIT: u64 = 50_000_000;

fn cases() -> Vec<(String, u32, u64)> {
    let text = include_str!("checkers.perft");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(f.len(), 3, "bad line {l:?}");
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

fn check(filter: impl Fn(u64) -> bool) -> usize {
    let mut n = 0;
    for (pos, depth, count) in cases().into_iter().filter(|c| filter(c.2)) {
        let p = if pos == "startpos" {
            Checkers::new(&CheckersSettings)
        } else {
            Checkers::from_position_string(&pos, &CheckersSettings).unwrap()
        };
        assert_eq!(p.perft(depth), count, "{pos} depth {depth}");
        n += 1;
    }
    n
}

#[test]
fn gc6_start_counts() {
    let s = Checkers::new(&CheckersSettings);
    assert_eq!(s.perft(1), 84);
    assert_eq!(s.perft(2), 840);
    // The divide lines sum to the total, one line per legal move.
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut lines = Vec::new();
    let total = guerrilla::perft::divide(&s, 2, &never, |token, n| lines.push((token, n)))
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
