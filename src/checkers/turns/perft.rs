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
//! A side with no legal move has lost (GC5) and counts no leaf below it.

use super::super::bits::{pairs, surrounded};
use super::super::Checkers;
use super::chains::coin_count;
use super::coin_paths;
use crate::game::{Rules, Side};

impl Checkers {
    /// perft to `depth` whole turns from this turn start (GC6); mid-turn there is no whole turn
    /// to count (as `legal_turns` lists none), so only `depth == 0` counts one.
    pub fn perft_fast(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if !self.at_turn_start() {
            return 0;
        }
        match self.side {
            Side::P1 => guerrilla(self.checkers, self.stones, self.hand, self.first, depth),
            Side::P2 => coin(self.checkers, self.stones, self.hand, depth),
        }
    }
}

/// Leaves `depth >= 1` turns below a Guerrilla turn start.
fn guerrilla(checkers: u64, stones: u64, hand: u8, first: bool, depth: u32) -> u64 {
    let (h, v) = pairs(stones, hand, first);
    if depth == 1 {
        return u64::from(h.count_ones() + v.count_ones());
    }
    let mut n = 0;
    for (mut b, other) in [(h, 1), (v, 8)] {
        while b != 0 {
            let p = b.trailing_zeros();
            b &= b - 1;
            let s = stones | (1u64 << p) | (1u64 << (p + other));
            // GC3: the checkers the pair surrounds are removed.
            let c = checkers & !surrounded(checkers, s);
            n += if depth == 2 {
                coin_count(c, s)
            } else {
                coin(c, s, hand - 2, depth - 1)
            };
        }
    }
    n
}

/// Leaves `depth >= 1` turns below a COIN turn start.
fn coin(checkers: u64, stones: u64, hand: u8, depth: u32) -> u64 {
    if depth == 1 {
        return coin_count(checkers, stones);
    }
    let mut n = 0;
    coin_paths(checkers, stones, &mut |p| {
        // A chain may end on its start square: the two flips then cancel.
        let c = checkers ^ (1u64 << p.from) ^ (1u64 << p.to);
        n += guerrilla(c, p.stones, hand, false, depth - 1);
    });
    n
}
