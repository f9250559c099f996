//! What a GUI is told of a turn beside its steps: the pieces left behind by a group that came
//! apart (W4, 8.3), the pieces killed and massacred (W4), and why the game ended, with the
//! scores (W6); and the words for them that the game announces (`about`).

use super::bits::Bits;
use super::setup::cell_char;
use super::{Phase, Step, Wells, TOKEN};
use crate::game::{GameEnd, Position, Removal, RemovalKind, Side, Word};

/// Two passes in a row (W6); the scores decide.
pub(crate) const TWO_PASSES: Word = Word::new("two-passes", "two passes in a row");
/// The turn limit has been played (W6); the scores decide.
pub(crate) const TURN_LIMIT: Word = Word::new("turn-limit", "the turn limit was reached");

/// Why the game ends, in the order [`Wells::end_of_game`] tries them (W6).
pub(crate) const REASONS: &[Word] = &[TWO_PASSES, TURN_LIMIT];

/// A piece of a moving group left behind when the group came apart: only the largest part
/// stays (W4, 8.3).
pub(crate) const SPLIT: RemovalKind = RemovalKind::new("split", "left behind by its group");
/// A piece killed at the end of a turn (W4).
pub(crate) const KILLED: RemovalKind = RemovalKind::new("killed", "killed");
/// A piece killed by a piece whose group has at least two more pieces than the victim's: its
/// point takes a massacre token (W4, 3.2).
pub(crate) const MASSACRED: RemovalKind =
    RemovalKind::leaving("massacred", "massacred", cell_char(TOKEN));

/// Why a piece leaves the board.
pub(crate) const REMOVALS: &[RemovalKind] = &[SPLIT, KILLED, MASSACRED];

/// A turn of nothing but a pass (W5).
pub(crate) const PASS: Word = Word::new("pass", "pass");
/// Ends the moving group's movement, the group having moved (W4).
pub(crate) const END_GROUP: Word = Word::new("endgroup", "end group");
/// Ends the movement phase: no further group moves this turn (W4).
pub(crate) const END_MOVE: Word = Word::new("endmove", "end move");

/// The steps that name no place, as the notation writes them (protocol.md § 7.1).
pub(crate) const STEPS: &[Word] = &[PASS, END_GROUP, END_MOVE];

impl Wells {
    /// One list per step of `steps` (applied from `self`, leading to `after`). Read from the
    /// two boards and the steps, so the rules' code keeps no record:
    /// * the enemy's pieces never move in a turn and leave the board only as victims, all
    ///   together when the turn ends (W4): those on the board in `self` and not in `after`
    ///   are reported on the last step (the one that ended the turn), massacred when their
    ///   point holds a token in `after` (W4, 3.2);
    /// * the mover's pieces leave the board only when a moving group comes apart (8.3), at
    ///   the step that ends the group's movement (`endgroup`, taken or forced, or a keep
    ///   choice), at most one such step among `steps` (after it, the next group's movement
    ///   starts only with a chosen jump): the pieces the mover would have after following
    ///   the growths, new group and jumps of `steps`, less those it has in `after`.
    pub(super) fn removals_of(&self, steps: &[Step], after: &Wells) -> Vec<Vec<Removal>> {
        let mut out = vec![Vec::new(); steps.len()];
        let me = self.state.side as usize & 1;
        let mut own: Bits = self.state.pieces[me];
        let mut group_end = None;
        for (i, &s) in steps.iter().enumerate() {
            match s {
                Step::Grow(p) | Step::NewGroup(p) => own.set(p as usize),
                Step::Jump(a, b) => {
                    own.clear(a as usize);
                    own.set(b as usize);
                }
                Step::EndGroup | Step::Keep(_) => group_end = Some(i),
                _ => {}
            }
        }
        let name = |p: usize| self.lattice.name(p);
        if let Some(i) = group_end {
            for p in own.andnot(&after.state.pieces[me]).iter() {
                out[i].push(Removal::new(name(p), SPLIT));
            }
        }
        if let Some(last) = out.last_mut() {
            for p in self.state.pieces[me ^ 1]
                .andnot(&after.state.pieces[me ^ 1])
                .iter()
            {
                let kind = if after.state.cells[p] == TOKEN {
                    MASSACRED
                } else {
                    KILLED
                };
                last.push(Removal::new(name(p), kind));
            }
        }
        out
    }

    /// W6: the game ends after two passes in a row or once the turn limit has been played,
    /// and the scores decide (both given).
    pub(super) fn end_of_game(&self) -> Option<GameEnd> {
        if self.state.phase != Phase::Over {
            return None;
        }
        let outcome = self.outcome()?;
        let reason = if self.state.passes >= 2 {
            TWO_PASSES
        } else {
            TURN_LIMIT
        };
        Some(GameEnd {
            outcome,
            reason,
            score: Some([self.score(Side::P1), self.score(Side::P2)]),
        })
    }
}
