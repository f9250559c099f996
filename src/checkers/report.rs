//! What a GUI is told of a turn beside its steps: the stones a COIN path captured (GC4), the
//! checkers a Guerrilla pair surrounded (GC3), and why the game ended (GC5).

use super::lattice::{self, CROSS};
use super::{Checkers, Step};
use crate::game::{EndReason, GameEnd, Position, Removal, RemovalKind, Side};

impl Checkers {
    /// One list per step of `steps` (applied from `self`, leading to `after`): a hop over a
    /// stone captures it (GC4; the stones of one path are all different points, each there in
    /// `self`, since only this path removes stones during COIN's turn), and the stone that
    /// completes a pair removes the checkers it surrounds (GC3: those on the board before and
    /// not after, as no checker leaves the board otherwise in the Guerrilla's turn).
    pub(super) fn removals_of(&self, steps: &[Step], after: &Checkers) -> Vec<Vec<Removal>> {
        let mut pending = self.pending;
        steps
            .iter()
            .map(|&s| match s {
                Step::Hop { from, dir } => {
                    let c = CROSS[from as usize][dir as usize];
                    if self.stones & (1u64 << c) != 0 {
                        vec![Removal::new(lattice::point_name(c), RemovalKind::Captured)]
                    } else {
                        Vec::new()
                    }
                }
                Step::Stone(p) => {
                    if pending == lattice::NONE {
                        pending = p;
                        return Vec::new();
                    }
                    pending = lattice::NONE;
                    let mut gone = self.checkers & !after.checkers;
                    let mut out = Vec::new();
                    while gone != 0 {
                        let sq = gone.trailing_zeros() as u8;
                        gone &= gone - 1;
                        out.push(Removal::new(
                            lattice::square_name(sq),
                            RemovalKind::Surrounded,
                        ));
                    }
                    out
                }
            })
            .collect()
    }

    /// GC5: the side to move with no legal move has lost; the reason names the end rule that
    /// left it none, the board first (no checker; no stone on the board after the Guerrilla's
    /// first turn), then the hand (fewer than two stones).
    pub(super) fn end_of_game(&self) -> Option<GameEnd> {
        let outcome = self.outcome()?;
        let reason = match self.side {
            Side::P2 if self.checkers == 0 => EndReason::NoCheckers,
            Side::P1 if !self.first && self.stones == 0 => EndReason::NoStonesOnBoard,
            Side::P1 if self.hand < 2 => EndReason::NoStonesInHand,
            _ => EndReason::NoLegalMove,
        };
        Some(GameEnd {
            outcome,
            reason,
            score: None,
        })
    }
}
