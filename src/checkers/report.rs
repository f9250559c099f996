//! What a GUI is told of a turn beside its steps: the stones a COIN path captured (GC4), the
//! checkers a Guerrilla pair surrounded (GC3), and why the game ended (GC5); and the words for
//! them that the game announces (`about`).

use super::lattice::{self, CROSS};
use super::{Checkers, Step};
use crate::game::{GameEnd, Help, Position, Removal, RemovalKind, Side, Word};

/// COIN has no checker left (GC5).
pub(crate) const NO_CHECKERS: Word = Word::new("no-checkers", "no checker is left");
/// The Guerrilla has no stone left on the board after its first turn, so no point to place a
/// stone next to (GC3, GC5).
pub(crate) const NO_STONES_ON_BOARD: Word =
    Word::new("no-stones-on-board", "no stone is left on the board");
/// The Guerrilla has fewer than two stones in hand, not enough for a pair (GC3, GC5).
pub(crate) const NO_STONES_IN_HAND: Word = Word::new(
    "no-stones-in-hand",
    "fewer than two stones are left in hand",
);

/// Why the game ends, in the order [`Checkers::end_of_game`] tries them: the board, the hand,
/// then no legal move otherwise (GC5: every checker blocked, no legal pair).
pub(crate) const REASONS: &[Word] = &[
    NO_CHECKERS,
    NO_STONES_ON_BOARD,
    NO_STONES_IN_HAND,
    Word::NO_LEGAL_MOVE,
];

/// A Guerrilla stone a COIN checker hopped over (GC4).
pub(crate) const CAPTURED: RemovalKind = RemovalKind::new("captured", "captured");
/// A COIN checker whose four corners hold stones after the Guerrilla's pair (GC3).
pub(crate) const SURROUNDED: RemovalKind = RemovalKind::new("surrounded", "surrounded");

/// Why a piece leaves the board.
pub(crate) const REMOVALS: &[RemovalKind] = &[CAPTURED, SURROUNDED];

/// The steps that name no place: none, every step names a point or a square (GC3, GC4).
pub(crate) const STEPS: &[Word] = &[];

/// The rules in plain words by phase, word step and removal: none. A turn has no phases
/// (`describe` has no `phase` field) and no word step; the rules tour says the rest.
pub(crate) const HELP: &[Help] = &[];

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
                        vec![Removal::new(lattice::point_name(c), CAPTURED)]
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
                        out.push(Removal::new(lattice::square_name(sq), SURROUNDED));
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
            Side::P2 if self.checkers == 0 => NO_CHECKERS,
            Side::P1 if !self.first && self.stones == 0 => NO_STONES_ON_BOARD,
            Side::P1 if self.hand < 2 => NO_STONES_IN_HAND,
            _ => Word::NO_LEGAL_MOVE,
        };
        Some(GameEnd {
            outcome,
            reason,
            score: None,
        })
    }
}
