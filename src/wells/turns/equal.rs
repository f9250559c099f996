//! The canonical enumerator (`canon.rs`) against the naive one (`naive.rs`), which keeps every
//! intermediate state (W7): on many positions — random games at several board sides and
//! turn numbers, turns started and left half built, the perft data file — both must reach the
//! same set of positions, and every turn the canonical one lists must replay, step by step
//! through the legal steps, to the position it was listed with.

use std::cell::Cell;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::super::{Settings, Step, Wells};
use crate::game::prelude::*;
use crate::game::PerftAbort;

/// The budget the naive enumerator gets here.
const NAIVE_BUDGET: usize = 1 << 30;

/// A position at the next turn start, as W7 tells positions apart (the turn and side are the
/// same for all the results of one turn; the game's end is part of the state).
fn leaf_key(w: &Wells) -> (String, bool) {
    (w.to_position_string(), w.outcome().is_some())
}

/// The results of the naive enumerator, or `None` when it gives up.
fn naive(w: &Wells) -> Option<HashSet<(String, bool)>> {
    let mut out = HashSet::new();
    let r = w.enumerate_turns_naive(
        NAIVE_BUDGET,
        &Cell::new(0),
        &AtomicBool::new(false),
        &mut |c, _| {
            assert!(
                out.insert(leaf_key(c)),
                "the naive enumerator repeated a result"
            );
            true
        },
    );
    match r {
        Ok(true) => Some(out),
        Err(PerftAbort::TooLarge(_)) => None,
        other => panic!("{other:?}"),
    }
}

/// The results of the canonical enumerator, each checked by replaying its steps.
fn canonical(w: &Wells) -> HashSet<(String, bool)> {
    let mut out = HashSet::new();
    let r = w.enumerate_turns(
        crate::game::ENUMERATION_BUDGET,
        &Cell::new(0),
        &AtomicBool::new(false),
        &mut |c, path| {
            let key = leaf_key(c);
            let mut r = w.clone();
            for &s in path {
                assert!(
                    r.is_legal(s),
                    "{s:?} of {path:?} is not legal in {r:?} from {w:?}"
                );
                r.apply(s, None);
            }
            assert!(
                r.at_turn_start() && r == *c,
                "{path:?} from {w:?} does not end at {c:?}"
            );
            assert!(out.insert(key), "result listed twice: {path:?} from {w:?}");
            Some(0)
        },
    );
    assert_eq!(r, Ok(true));
    out
}

/// The number of results of the canonical enumerator, counted only; `u64::MAX` when more
/// than `budget` bytes are needed to count them.
fn count(w: &Wells, budget: usize) -> u64 {
    w.perft_with_budget(1, budget, &AtomicBool::new(false))
        .unwrap_or(u64::MAX)
}

/// Compares both on `w` when it has at most `limit` results (else `false`: nothing compared).
fn compare(w: &Wells, limit: u64) -> bool {
    // About 40 bytes a result at most, and room for the cache.
    let counted = count(w, (limit as usize * 40).max(1 << 20));
    if counted > limit {
        return false;
    }
    let Some(old) = naive(w) else {
        return false;
    };
    let new = canonical(w);
    assert_eq!(counted, new.len() as u64, "counting alone, {w:?}");
    if old != new {
        let missing: Vec<_> = old.difference(&new).take(3).collect();
        let extra: Vec<_> = new.difference(&old).take(3).collect();
        panic!(
            "{w:?}: {} results before, {} now; missing {missing:?}; extra {extra:?}",
            old.len(),
            new.len()
        );
    }
    true
}

/// Random games (one uniformly random legal step at a time); at each turn start from
/// `from_turn` on, the position and, now and then, the same turn left half built.
fn check_games(side: u8, seeds: std::ops::Range<u64>, to_turn: u32, limit: u64) -> usize {
    let mut compared = 0;
    for seed in seeds {
        let mut rng = SmallRng::seed_from_u64(seed ^ (side as u64) << 32);
        let mut w = Wells::new(&Settings::new(side, 60).unwrap());
        while w.outcome().is_none() && w.turn_number() <= to_turn {
            if w.at_turn_start() {
                compared += usize::from(compare(&w, limit));
                // The same turn, a few steps in (the `legal` list and the greedy level may
                // enumerate from the middle of a turn).
                let mut m = w.clone();
                for _ in 0..rng.random_range(1..6) {
                    match m.random_step(&mut rng) {
                        Some(s) if !m.clone().apply_ends_turn(s) => {
                            m.apply(s, None);
                        }
                        _ => break,
                    }
                }
                if !m.at_turn_start() {
                    compared += usize::from(compare(&m, limit));
                }
            }
            let s = w.random_step(&mut rng).unwrap();
            w.apply(s, None);
        }
    }
    compared
}

impl Wells {
    /// True when `step` ends the turn.
    fn apply_ends_turn(&mut self, step: Step) -> bool {
        let turn = self.state.turn;
        self.apply(step, None);
        self.state.turn != turn
    }
}

/// Positions with more results than this are left out of the default tests (the naive
/// enumerator takes about a second per 50,000).
const LIMIT: u64 = 5_000;

#[test]
fn canonical_enumeration_equals_the_old_one_on_small_boards() {
    let mut n = 0;
    n += check_games(4, 0..20, 40, LIMIT);
    n += check_games(5, 0..12, 30, LIMIT);
    n += check_games(6, 0..6, 20, LIMIT);
    assert!(n > 800, "{n} positions compared");
    eprintln!("{n} positions compared on sides 4 to 6");
}

#[test]
fn canonical_enumeration_equals_the_old_one_on_larger_boards() {
    let mut n = 0;
    n += check_games(7, 0..4, 20, LIMIT);
    n += check_games(8, 0..4, 20, LIMIT);
    n += check_games(9, 0..2, 16, LIMIT);
    assert!(n > 60, "{n} positions compared");
    eprintln!("{n} positions compared on sides 7 to 9");
}

/// Many more games, for a long run: `cargo test --release wells::turns -- --ignored`.
#[test]
#[ignore]
fn canonical_enumeration_equals_the_old_one_on_many_games() {
    let mut n = 0;
    n += check_games(4, 100..600, 60, 200_000);
    n += check_games(5, 100..400, 60, 200_000);
    n += check_games(6, 100..200, 40, 200_000);
    n += check_games(7, 100..140, 30, 200_000);
    n += check_games(8, 100..130, 30, 200_000);
    eprintln!("{n} positions compared");
}

/// Every position of `tests/data/wells.perft` whose turn the naive enumerator can hold, and
/// perft 2 by both on the small ones.
#[test]
fn canonical_enumeration_equals_the_naive_one_on_the_perft_data() {
    let cases = crate::game::perft::read_cases(include_str!("../../../tests/data/wells.perft"))
        .expect("the perft file reads");
    let mut positions: Vec<&str> = cases.iter().map(|c| c.start.as_str()).collect();
    positions.dedup();
    let (mut n, mut deeper) = (0, 0);
    for p in positions {
        let w = Wells::from_position_string(p, &Settings::default()).unwrap();
        n += usize::from(compare(&w, 300_000));
        if w.lattice.side <= 5 && count(&w, 1 << 20) <= 2_500 {
            let held = Cell::new(0);
            let stop = AtomicBool::new(false);
            let new = w.perft_inner(2, crate::game::ENUMERATION_BUDGET, &held, &stop);
            assert_eq!(new, w.perft_naive(2, NAIVE_BUDGET), "{p}");
            deeper += 1;
        }
    }
    assert!(deeper >= 5, "{deeper}");
    assert!(n >= 15, "{n}");
}
