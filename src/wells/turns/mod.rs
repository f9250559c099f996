//! Whole turns (W7): the enumeration of a turn's distinct results, used by perft and by the
//! `legal` list, and perft itself. (The Guerrilla Checkers counterpart is `src/checkers/turns/`.)
//!
//! The enumeration is `turns/canon.rs`: it takes a turn's decisions (W4) in a canonical order,
//! so that the orders of the same decisions are not all walked, and keeps only what tells the
//! *final* positions apart (W7 counts distinct positions): one set of the mover's pieces as
//! they stand when the kills begin, and, for each new such set, the few kill results of it.
//! Its module doc says why each canonical order reaches every result, and why that set is
//! still needed. `turns/naive.rs` (tests only) is the enumerator it replaced, which kept
//! every intermediate state met; `turns/equal.rs` checks the two against each other.
//!
//! `turns/shorten.rs` rewrites a turn the engine plays into the fewest steps that reach the
//! same position (no jump that a later one takes back).
//!
//! The memory an enumeration keeps — that set, a bounded cache of the groups' movements, and
//! the turns it lists — is bounded by [`crate::game::ENUMERATION_BUDGET`] for the whole count
//! (nested enumerations of a deeper perft share it), and the depth by [`MAX_PERFT_DEPTH`].

mod canon;
#[cfg(test)]
mod equal;
mod finals;
mod moves;
#[cfg(test)]
mod naive;
mod shorten;

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Phase, Step, Wells};
use crate::game::limits::{budget_text, too_deep};
use crate::game::Notation;
use crate::game::{PerftAbort, MAX_PERFT_DEPTH};

/// A whole turn: the steps chosen, in order (forced ones are taken automatically).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn(pub Vec<Step>);

impl Wells {
    /// Calls `leaf` once per distinct position at the next turn start (W7) reachable from this
    /// state, with the chosen steps that reach it. `leaf` answers `None` to stop, or `Some(n)`
    /// when it keeps `n` more bytes (charged to the budget). `Ok(true)`: every result was met;
    /// `Ok(false)`: `leaf` stopped it; `Err` when `stop` was set or what the enumeration keeps
    /// outgrew `budget` bytes.
    ///
    /// `held` counts the bytes kept by every enumeration alive at once (perft nests one per
    /// turn of depth): the budget holds for their sum, and this one's share is given back
    /// when it ends.
    pub(super) fn enumerate_turns(
        &self,
        budget: usize,
        held: &Cell<usize>,
        stop: &AtomicBool,
        leaf: &mut impl FnMut(&Wells, &[Step]) -> Option<usize>,
    ) -> Result<bool, PerftAbort> {
        let mut meter = Meter::new(held, budget, stop);
        let complete = canon::enumerate(self, &mut meter, leaf);
        meter.end(self, Some(complete))
    }

    /// The number of distinct positions at the next turn start (perft 1, W7), within the same
    /// budget as [`Wells::enumerate_turns`], without making them.
    fn count_turns(
        &self,
        budget: usize,
        held: &Cell<usize>,
        stop: &AtomicBool,
    ) -> Result<u64, PerftAbort> {
        let mut meter = Meter::new(held, budget, stop);
        let n = canon::count(self, &mut meter);
        meter.end(self, n)
    }

    pub(super) fn perft_inner(
        &self,
        depth: u32,
        budget: usize,
        held: &Cell<usize>,
        stop: &AtomicBool,
    ) -> Result<u64, PerftAbort> {
        if depth == 0 || self.state.phase == Phase::Over {
            return Ok(u64::from(depth == 0));
        }
        if depth > MAX_PERFT_DEPTH {
            return Err(too_deep(depth));
        }
        if depth == 1 {
            return self.count_turns(budget, held, stop);
        }
        let mut n = 0;
        let mut below = Ok(());
        self.enumerate_turns(budget, held, stop, &mut |child, _| match child.perft_inner(
            depth - 1,
            budget,
            held,
            stop,
        ) {
            Ok(c) => {
                n += c;
                Some(0)
            }
            Err(e) => {
                below = Err(e);
                None
            }
        })?;
        below.map(|()| n)
    }

    /// perft (W7) with the memory budget of one turn's enumeration given in bytes instead of
    /// [`crate::game::ENUMERATION_BUDGET`]: tests use it to reach the budget on small positions.
    pub fn perft_with_budget(
        &self,
        depth: u32,
        budget: usize,
        stop: &AtomicBool,
    ) -> Result<u64, PerftAbort> {
        self.perft_inner(depth, budget, &Cell::new(0), stop)
    }

    /// The legal whole turns, at most `cap` (see
    /// [`Turns::legal_turns`](crate::game::Turns::legal_turns)), within `budget`: the turns listed
    /// are kept, so they count against it too.
    pub(super) fn turns_within(
        &self,
        out: &mut Vec<Turn>,
        cap: usize,
        budget: usize,
        stop: &AtomicBool,
    ) -> Result<bool, PerftAbort> {
        if cap == 0 {
            let mut any = false;
            self.for_each_step(&mut |_| any = true);
            return Ok(!any);
        }
        // Stop only when a turn beyond `cap` shows up: exactly `cap` turns is a complete list.
        let start = out.len();
        self.enumerate_turns(budget, &Cell::new(0), stop, &mut |_, path| {
            if out.len() - start < cap {
                out.push(Turn(path.to_vec()));
                Some(std::mem::size_of::<Turn>() + std::mem::size_of_val(path) + 16)
            } else {
                None
            }
        })
    }
}

/// What one turn's enumeration has kept, against the budget, and whether it must stop.
struct Meter<'a> {
    /// Bytes kept by this enumeration.
    used: usize,
    /// Bytes kept by this enumeration and every enclosing one (see `enumerate_turns`).
    held: &'a Cell<usize>,
    budget: usize,
    stop: &'a AtomicBool,
    ticks: u32,
    abort: Option<Abort>,
}

/// Why an enumeration ended early.
enum Abort {
    OverBudget,
    Stopped,
}

impl<'a> Meter<'a> {
    fn new(held: &'a Cell<usize>, budget: usize, stop: &'a AtomicBool) -> Self {
        Meter {
            used: 0,
            held,
            budget,
            stop,
            ticks: 0,
            abort: None,
        }
    }

    /// The enumeration from `root` is over, with `result` unless it was stopped: gives back
    /// what it kept, and says why it stopped if it did.
    fn end<T>(self, root: &Wells, result: Option<T>) -> Result<T, PerftAbort> {
        self.held.set(self.held.get() - self.used);
        match (self.abort, result) {
            (Some(Abort::OverBudget), _) => Err(PerftAbort::TooLarge(format!(
                "one turn from '{}' reaches more distinct states than fit in {} (W7)",
                root.to_position_string(),
                budget_text(self.budget)
            ))),
            (Some(Abort::Stopped), _) | (None, None) => Err(PerftAbort::Stopped),
            (None, Some(r)) => Ok(r),
        }
    }

    /// Counts `bytes` newly kept; `false` (and the reason kept) past the budget.
    fn spend(&mut self, bytes: usize) -> bool {
        self.used += bytes;
        self.held.set(self.held.get() + bytes);
        if self.held.get() > self.budget {
            self.abort = Some(Abort::OverBudget);
            return false;
        }
        true
    }

    /// Gives back `bytes` kept earlier (a cache emptied).
    fn refund(&mut self, bytes: usize) {
        self.used -= bytes;
        self.held.set(self.held.get() - bytes);
    }

    /// One unit of work; `false` (and the reason kept) when `stop` is set, which is looked at
    /// on the first unit and every 1024 after.
    fn tick(&mut self) -> bool {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks % 1024 == 1 && self.stop.load(Ordering::Relaxed) {
            self.abort = Some(Abort::Stopped);
            return false;
        }
        true
    }
}
