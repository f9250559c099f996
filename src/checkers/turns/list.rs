//! The legal moves listed (GC3, GC4, GC6): what `legal`, perft's divide and the greedy player
//! ask for, within the enumeration budget both games share.
//!
//! The Guerrilla has at most a few dozen pairs. COIN has no maximum-capture rule (GC4), so one
//! checker in a field of stones has a capture path for nearly every order in which it can take
//! them: tens of millions. A list stops at the caller's cap; a list asked for in full is first
//! counted ([`coin_count`], which keeps nothing), and refused with
//! [`PerftAbort::TooLarge`] when it holds more than [`MAX_LISTED_MOVES`], so that its memory
//! stays within [`ENUMERATION_BUDGET`]. Both the count and the walk that lists look at the
//! stop flag within microseconds.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::chains::{coin_count, Tally};
use super::{coin_paths, Turn};
use crate::checkers::Checkers;
use crate::game::limits::budget_text;
use crate::game::{Notation, PerftAbort, Position, Side, ENUMERATION_BUDGET};

/// What one listed move is charged against [`ENUMERATION_BUDGET`]: what perft's divide keeps
/// of it at its peak, the move itself (32 bytes), its token (a path of 49 steps is 149
/// characters, 160 bytes once allocated, and the string's own 24) and its place in the list of
/// tokens sorted (the pair of token and move, 56 bytes): 248 bytes, rounded up.
pub const LISTED_MOVE_BYTES: usize = 256;

/// The most moves a list holds: [`ENUMERATION_BUDGET`] / [`LISTED_MOVE_BYTES`], 4,194,304.
pub const MAX_LISTED_MOVES: usize = ENUMERATION_BUDGET / LISTED_MOVE_BYTES;

/// How many paths the listing walk takes between two looks at the stop flag.
const STOP_EVERY: u32 = 1024;

impl Checkers {
    /// Appends the legal moves from this turn start to `out`, at most `cap` of them; `Ok(true)`
    /// when they are all there. Mid-turn there is no whole move to list (`Ok(true)`, none).
    /// Gives up with [`PerftAbort::Stopped`] once `stop` is set, and, when `cap` is above
    /// [`MAX_LISTED_MOVES`] and COIN has more moves than that, with
    /// [`PerftAbort::TooLarge`] before listing any.
    pub(crate) fn list_moves(
        &self,
        out: &mut Vec<Turn>,
        cap: usize,
        stop: &AtomicBool,
    ) -> Result<bool, PerftAbort> {
        if stop.load(Ordering::Relaxed) {
            return Err(PerftAbort::Stopped);
        }
        if !self.at_turn_start() {
            return Ok(true);
        }
        if self.side == Side::P1 {
            return Ok(self.list_pairs(out, cap));
        }
        if cap > MAX_LISTED_MOVES {
            let mut tally = Tally::new(stop, MAX_LISTED_MOVES as u64);
            let n = coin_count(self.checkers, self.stones, &mut tally);
            if tally.stopped() {
                return Err(PerftAbort::Stopped);
            }
            if tally.over() {
                return Err(PerftAbort::TooLarge(format!(
                    "COIN has more than {MAX_LISTED_MOVES} moves from '{}' (a capture chain \
                     branches at every stone it may take next, GC4): more than are listed \
                     within {}",
                    self.to_position_string(),
                    budget_text(ENUMERATION_BUDGET)
                )));
            }
            out.reserve_exact(n as usize);
        }
        let start = out.len();
        let (mut complete, mut stopped, mut walked) = (true, false, 0u32);
        let _ = coin_paths(self.checkers, self.stones, &mut |p| {
            walked = walked.wrapping_add(1);
            if walked % STOP_EVERY == 0 && stop.load(Ordering::Relaxed) {
                stopped = true;
                return ControlFlow::Break(());
            }
            if out.len() - start == cap {
                complete = false;
                return ControlFlow::Break(());
            }
            out.push(p.to_move());
            ControlFlow::Continue(())
        });
        if stopped {
            return Err(PerftAbort::Stopped);
        }
        Ok(complete)
    }

    /// The Guerrilla's pairs (GC3), at most `cap`; `true` when they are all there.
    fn list_pairs(&self, out: &mut Vec<Turn>, cap: usize) -> bool {
        let (h, v) = self.pair_edges().expect("the Guerrilla is to move");
        let mut room = cap;
        for (mut b, other) in [(h, 1), (v, 8)] {
            while b != 0 {
                if room == 0 {
                    return false;
                }
                let p = b.trailing_zeros() as u8;
                b &= b - 1;
                out.push(Turn::Pair(p, p + other));
                room -= 1;
            }
        }
        true
    }

    /// Every legal move, for tests on positions whose moves are few.
    #[cfg(test)]
    pub(crate) fn generate(&self, out: &mut Vec<Turn>) {
        let all = self.list_moves(out, usize::MAX, &AtomicBool::new(false));
        assert_eq!(all, Ok(true), "a position with few moves");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;

    /// One COIN checker on c5 among 48 stones (a field from a real game): 47,879,764 moves.
    const DENSE: &str = "8/8/8/2C5/8/8/8/8 9/1GGGGGGG1/1GGGGGGG1/1GGGGGGG1/1G1GGGGG1/1GGGGGGG1/\
                         1GGGGGGG1/1GGGGGGG1/9 18 C -";

    #[test]
    fn a_capped_list_stops_at_its_cap_and_a_full_one_past_the_budget_is_refused() {
        let p = Checkers::from_position_string(DENSE, &Default::default()).unwrap();
        let go = AtomicBool::new(false);
        let mut out = Vec::new();
        assert_eq!(p.list_moves(&mut out, 1000, &go), Ok(false));
        assert_eq!(out.len(), 1000);
        assert!(out.iter().all(|&m| p.is_legal_move(m)));
        let mut all = Vec::new();
        match p.list_moves(&mut all, usize::MAX, &go) {
            Err(PerftAbort::TooLarge(why)) => {
                assert!(why.starts_with("COIN has more than 4194304 moves from '8/8/8/2C5/"));
                assert!(why.ends_with("within 1024 MiB"), "{why}");
            }
            other => panic!("{other:?}"),
        }
        assert!(all.is_empty());
        // A stop already given ends it at once.
        let stop = AtomicBool::new(true);
        assert_eq!(
            p.list_moves(&mut all, usize::MAX, &stop),
            Err(PerftAbort::Stopped)
        );
    }

    #[test]
    fn complete_lists_say_so_for_both_sides() {
        let start = Checkers::new(&Default::default());
        let mut out = Vec::new();
        assert_eq!(
            start.list_moves(&mut out, 84, &AtomicBool::new(false)),
            Ok(true)
        );
        assert_eq!(out.len(), 84);
        out.clear();
        assert_eq!(
            start.list_moves(&mut out, 83, &AtomicBool::new(false)),
            Ok(false)
        );
        assert_eq!(out.len(), 83);
        let mut coin = start;
        coin.play_turn(&out[0]).unwrap();
        let mut listed = Vec::new();
        coin.generate(&mut listed);
        assert_eq!(listed.len() as u64, coin.perft(1, None).unwrap());
    }
}
