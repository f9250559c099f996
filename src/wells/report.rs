//! What a GUI is told of a turn beside its steps: the pieces left behind by a group that came
//! apart (W4, 8.3), the pieces killed and massacred (W4), and why the game ended, with the
//! scores (W6).

use super::bits::Bits;
use super::{Phase, Step, Wells, TOKEN};
use crate::game::{EndReason, GameEnd, Position, Removal, RemovalKind, Side};

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
                out[i].push(Removal::new(name(p), RemovalKind::Split));
            }
        }
        if let Some(last) = out.last_mut() {
            for p in self.state.pieces[me ^ 1]
                .andnot(&after.state.pieces[me ^ 1])
                .iter()
            {
                let kind = if after.state.cells[p] == TOKEN {
                    RemovalKind::Massacred
                } else {
                    RemovalKind::Killed
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
            EndReason::TwoPasses
        } else {
            EndReason::TurnLimit
        };
        Some(GameEnd {
            outcome,
            reason,
            score: Some([self.score(Side::P1), self.score(Side::P2)]),
        })
    }
}
