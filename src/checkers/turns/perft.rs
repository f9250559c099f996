//! Fast perft (GC6): one ply is one whole turn, counted on the two bitboards alone.
//!
//! * Copy-make of what a turn changes (checkers, stones, stones in hand; the first-turn flag
//!   only before the first pair), in function arguments: no position, no hash, no allocation.
//! * Bulk counting at the last ply: the Guerrilla's pairs are two popcounts; COIN's moves are
//!   counted without building them ([`coin_count`]: a popcount per direction for the plain
//!   steps, a count of each capture's continuations).
//! * At the last two plies after the Guerrilla's turn, a pair is not played either: the stones
//!   it adds and the checkers it surrounds (GC3) are all COIN's count needs.
//!
//! A side with no legal move has lost (GC5) and counts no leaf below it. Nothing is kept but
//! the recursion (a turn a level), so no count is too large for memory; a count runs under a
//! [`Tally`] whose stop flag is looked at every turn and every branch of a capture chain, so
//! that a stopped count ends within microseconds (its partial total is then dropped).

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use super::super::bits::{pairs, surrounded};
use super::super::Checkers;
use super::chains::{coin_count, Tally};
use super::coin_paths;
use crate::game::{PerftAbort, Position, Side};

impl Checkers {
    /// perft to `depth` whole turns from this turn start (GC6); mid-turn there is no whole turn
    /// to count (as `legal_turns` lists none), so only `depth == 0` counts one. Gives up with
    /// [`PerftAbort::Stopped`] soon after `stop` is set.
    pub(crate) fn perft_count(
        &self,
        depth: u32,
        stop: Option<&AtomicBool>,
    ) -> Result<u64, PerftAbort> {
        let mut tally = match stop {
            Some(stop) => Tally::new(stop, u64::MAX),
            None => Tally::unlimited(),
        };
        let n = self.count(depth, &mut tally);
        if tally.stopped() {
            return Err(PerftAbort::Stopped);
        }
        Ok(n)
    }

    fn count(&self, depth: u32, tally: &mut Tally) -> u64 {
        if depth == 0 {
            return 1;
        }
        if !self.at_turn_start() {
            return 0;
        }
        match self.side {
            Side::P1 => guerrilla(
                self.checkers,
                self.stones,
                self.hand,
                self.first,
                depth,
                tally,
            ),
            Side::P2 => coin(self.checkers, self.stones, self.hand, depth, tally),
        }
    }
}

/// Leaves `depth >= 1` turns below a Guerrilla turn start.
fn guerrilla(
    checkers: u64,
    stones: u64,
    hand: u8,
    first: bool,
    depth: u32,
    tally: &mut Tally,
) -> u64 {
    let (h, v) = pairs(stones, hand, first);
    if depth == 1 {
        return u64::from(h.count_ones() + v.count_ones());
    }
    let mut n = 0;
    for (mut b, other) in [(h, 1), (v, 8)] {
        while b != 0 {
            if tally.halted() {
                return 0;
            }
            let p = b.trailing_zeros();
            b &= b - 1;
            let s = stones | (1u64 << p) | (1u64 << (p + other));
            // GC3: the checkers the pair surrounds are removed.
            let c = checkers & !surrounded(checkers, s);
            n += if depth == 2 {
                coin_count(c, s, tally)
            } else {
                coin(c, s, hand - 2, depth - 1, tally)
            };
        }
    }
    n
}

/// Leaves `depth >= 1` turns below a COIN turn start.
fn coin(checkers: u64, stones: u64, hand: u8, depth: u32, tally: &mut Tally) -> u64 {
    if depth == 1 {
        return coin_count(checkers, stones, tally);
    }
    let mut n = 0;
    let _ = coin_paths(checkers, stones, &mut |p| {
        if tally.halted() {
            return ControlFlow::Break(());
        }
        // A chain may end on its start square: the two flips then cancel.
        let c = checkers ^ (1u64 << p.from) ^ (1u64 << p.to);
        n += guerrilla(c, p.stones, hand, false, depth - 1, tally);
        ControlFlow::Continue(())
    });
    n
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::game::prelude::*;

    /// COIN's checker on c5 among 48 stones, one Guerrilla turn before: every pair leaves COIN
    /// tens of millions of capture paths to count, seconds each.
    const BEFORE_DENSE: &str = "8/8/8/2C5/8/8/8/8 9/1GGGGGGG1/1GGGGGGG1/1GGGGGGG1/1G1GGGGG1/\
                                1GGGGGGG1/1GGGGGGG1/1GGGGG3/9 20 G -";

    #[test]
    fn a_long_count_ends_soon_after_stop() {
        let p = Checkers::from_position_string(BEFORE_DENSE, &Default::default()).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let s = Arc::clone(&stop);
        let worker = std::thread::spawn(move || p.perft_count(2, Some(&s)));
        std::thread::sleep(Duration::from_millis(100));
        let t = Instant::now();
        stop.store(true, Ordering::Relaxed);
        assert_eq!(worker.join().unwrap(), Err(PerftAbort::Stopped));
        // Generous: only a count that does not look at the flag takes seconds.
        assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    }
}
