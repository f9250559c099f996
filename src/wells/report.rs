//! What a GUI is told of a turn beside its steps: the pieces left behind by a group that came
//! apart (W4, 8.3), the pieces killed and massacred (W4), and why the game ended, with the
//! scores (W6); the words for them and for the turn's phases, and the rules of each phase and
//! word step in plain words (W3–W6), that the game announces (`about`).

use super::bits::Bits;
use super::setup::cell_char;
use super::{Phase, Step, Wells, TOKEN};
use crate::game::{GameEnd, Help, Position, Removal, RemovalKind, Side, Word};

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

impl Phase {
    /// The phase's word in `describe`'s `phase` field (protocol.md § 7.4): a group moving is
    /// still the `move` phase, told apart by the `moving` field.
    pub(crate) const fn word(self) -> &'static str {
        match self {
            Phase::Growth => "growth",
            Phase::NewGroup => "new",
            Phase::Move | Phase::Moving => "move",
            Phase::Keep => "split",
            Phase::Kill => "kill",
            Phase::Over => "over",
        }
    }
}

/// The `describe` field that names the group moving now, `-` when none is (a state of the
/// `move` phase).
pub(crate) const MOVING_FIELD: &str = "moving";

/// The massacre (W4, 3.2), said in the kill phase and wherever a step would make one.
const MASSACRE_HELP: &str = "A massacre: when the killer's group has at least two more pieces \
    than the victim's, the victim's point takes a massacre token, and no piece may stand there for \
    the rest of the game.";

/// The rules of each phase of a turn (W4; W3 for the first turns), each word step (W4, W5) and
/// the massacre (W4), in plain words for the player whose turn it is. Whoever reads them (a
/// person at a GUI, a script, a terminal) they speak of the game and of the protocol's actions:
/// choosing a point (a step), a word step by its name and its word (end the group, `endgroup`),
/// never of a page's buttons or taps.
pub(crate) const HELP: &[Help] = &[
    // W4.1: every group of fewer than five pieces grows, away from enemy pieces and from the
    // mover's other groups.
    Help::phase(
        Phase::Growth.word(),
        "Growth: each of your groups with fewer than five pieces must grow by one piece: choose \
         an empty point next to it that touches no enemy piece and no other of your groups.",
    ),
    // W4.2, and W3 for the game's first new group.
    Help::phase(
        Phase::NewGroup.word(),
        "New group: put one piece on an empty point that touches no piece at all. You must when \
         there is one (on the game's first turn, within four lines of the edge).",
    ),
    // W4.3: the groups move one after the other, each once, by jumps within the group; only
    // the largest part stays.
    Help::phase(
        Phase::Move.word(),
        "Movement: your groups may now move, one after the other, each once. A jump takes a \
         piece over a piece of its own group to the empty point just beyond: choose the piece, \
         then that point. A group of k pieces makes up to k jumps; a group that ends in parts \
         keeps only its largest part.",
    ),
    // W4.3: a group's movement is 0 to k jumps, ended early by the `endgroup` step.
    Help::phase_while(
        Phase::Moving.word(),
        MOVING_FIELD,
        "This group is moving: make another jump with any of its pieces, or end the group here \
         (`endgroup`).",
    ),
    // W4.3: between equal largest parts the player chooses.
    Help::phase(
        Phase::Keep.word(),
        "Your group ended its movement in equal largest parts: choose a point of the part that \
         stays; the other parts are removed.",
    ),
    // W4.4: the kills are a maximal matching the player chooses.
    Help::phase(
        Phase::Kill.word(),
        "Kills: a piece's strength is how many pieces of its own side touch it. Each of your \
         pieces stronger than an enemy piece next to it kills it; choose which kills which (the \
         killer, then its victim). Each piece kills once, each victim dies once, and no piece \
         that can kill stays idle.",
    ),
    // W4.4: the massacre.
    Help::phase(Phase::Kill.word(), MASSACRE_HELP),
    Help::removal(MASSACRED, MASSACRE_HELP),
    // W5, and W6 for two passes in a row.
    Help::step(
        PASS,
        "Pass skips growth, the new group and movement this turn; your kills still happen, and \
         two passes in a row end the game.",
    ),
    // W4.3.
    Help::step(
        END_GROUP,
        "End group stops the moving group before it has used all its jumps.",
    ),
    // W4.3: the movement phase ends; W4.4: the kills follow.
    Help::step(
        END_MOVE,
        "End move: no more groups move this turn, and the kills follow.",
    ),
];

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
