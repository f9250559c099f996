//! The shortest equivalent of a turn (W4, W5): what the engine plays and reports as its own
//! turn, so that it shows no jump that a later jump takes back.
//!
//! A turn drawn step by step may move a group back and forth (`h10-j10-h10-j10`), or move a
//! group only to bring it back where it stood. The rules allow it, and the position after the
//! turn is all that counts (W7); but a player following the turn sees jumps that change
//! nothing. [`Wells::shortest_rest`] rewrites the rest of a turn into fewer chosen steps that
//! lead to the very same position:
//!
//! * growths, the new group, a pass and the kills stay as they were chosen;
//! * a group whose movement ends where it began (its pieces on the same points, none removed)
//!   does not move: the board is the same after it, so every later step stays legal (a group
//!   that has not moved keeps only its right to move, which nothing after it uses);
//! * every other group moves in its turn, from the same board, to the same final points, by
//!   the fewest chosen steps its own movement allows: a breadth-first walk over the group's
//!   states (its points, its jumps left, a pending choice between equal parts), each step
//!   checked by the rules core (`is_legal`, `apply_logged`);
//! * the movement phase is closed as the rules ask (`endmove`, or `pass` when nothing at all
//!   is done: W5 counts such a turn as a pass either way).
//!
//! The result is checked, never assumed: it must end the turn and reach a position equal to
//! the one the given steps reach ([`Wells`]' equality: board, side, turn, passes, group
//! labels up to renaming). Otherwise, or when it is not shorter, the given steps stand.

use std::collections::{HashSet, VecDeque};

use super::super::bits::Bits;
use super::super::{Phase, Step, Wells};

/// One part of the turn being rewritten.
enum Part {
    /// A step kept as it was chosen (growth, new group, pass, kill).
    Keep(Step),
    /// One group's movement: the mover's pieces when it ends, and the label of the group when
    /// the movement starts with this part (`None`: it was under way at the start).
    Group { target: Bits, label: Option<u8> },
}

impl Wells {
    /// The chosen steps that end the turn begun at this position (a turn start or the middle
    /// of a turn) exactly as `steps` do, in as few steps as the module doc's rewriting finds:
    /// legal one by one, and the same position after them. `steps` themselves when they do not
    /// end the turn legally, or when nothing shorter reaches the same position.
    pub(in crate::wells) fn shortest_rest(&self, steps: &[Step]) -> Vec<Step> {
        self.rewrite(steps)
            .filter(|short| short.len() < steps.len())
            .unwrap_or_else(|| steps.to_vec())
    }

    fn rewrite(&self, steps: &[Step]) -> Option<Vec<Step>> {
        if self.state.phase == Phase::Over {
            return None;
        }
        let (turn, me) = (self.state.turn, self.state.side as usize & 1);
        let in_turn = |w: &Wells| w.state.turn == turn;
        let moving = |w: &Wells| in_turn(w) && matches!(w.state.phase, Phase::Moving | Phase::Keep);
        // The given steps, played and cut into parts.
        let mut played = self.clone();
        let mut parts = Vec::new();
        let mut i = 0;
        while i < steps.len() {
            if !in_turn(&played) || !played.is_legal(steps[i]) {
                return None;
            }
            let starts = matches!(steps[i], Step::Jump(..)) && played.state.phase == Phase::Move;
            if starts || moving(&played) {
                let label = starts.then(|| match steps[i] {
                    Step::Jump(from, _) => played.state.labels.gid[from as usize],
                    _ => 0,
                });
                loop {
                    played.apply_logged(steps[i], None);
                    i += 1;
                    if !moving(&played) {
                        break;
                    }
                    if i == steps.len() || !played.is_legal(steps[i]) {
                        return None;
                    }
                }
                parts.push(Part::Group {
                    target: played.state.pieces[me],
                    label,
                });
                continue;
            }
            if steps[i] != Step::EndMovement {
                parts.push(Part::Keep(steps[i]));
            }
            played.apply_logged(steps[i], None);
            i += 1;
        }
        if in_turn(&played) {
            return None;
        }
        // The parts played again, each group by its shortest movement.
        let mut now = self.clone();
        let mut out = Vec::with_capacity(steps.len());
        for part in parts {
            match part {
                Part::Keep(step) => {
                    if matches!(step, Step::Kill(..)) {
                        now.close_movement(turn, &mut out);
                    }
                    if !in_turn(&now) || !now.is_legal(step) {
                        return None;
                    }
                    now.apply_logged(step, None);
                    out.push(step);
                }
                Part::Group { target, label } => {
                    if label.is_some() && now.state.pieces[me] == target {
                        continue;
                    }
                    let (path, after) = now.shortest_movement(turn, me, &target, label)?;
                    out.extend(path);
                    now = after;
                }
            }
        }
        now.close_movement(turn, &mut out);
        (!in_turn(&now) && now == played).then_some(out)
    }

    /// In the movement phase between groups, of turn `turn`: ends it (`pass` at a turn start,
    /// where nothing was done: W5), appending the step to `out`.
    fn close_movement(&mut self, turn: u32, out: &mut Vec<Step>) {
        if self.state.turn != turn || self.state.phase != Phase::Move {
            return;
        }
        let step = if self.state.at_turn_start {
            Step::Pass
        } else {
            Step::EndMovement
        };
        self.apply_logged(step, None);
        out.push(step);
    }

    /// The fewest chosen steps that move one group, from this position (between groups, or
    /// with the group under way), to the end of its movement with the mover's pieces on
    /// `target`, and the position then. Between groups, the group is the one labelled `label`.
    /// A breadth-first walk over the group's states: its points, its jumps left and whether a
    /// choice between equal parts is pending (a few hundred at most: a group has five pieces,
    /// W2).
    fn shortest_movement(
        &self,
        turn: u32,
        me: usize,
        target: &Bits,
        label: Option<u8>,
    ) -> Option<(Vec<Step>, Wells)> {
        // The states met: each with the index of the one it came from and the step between.
        let mut met: Vec<(Wells, usize, Step)> = vec![(self.clone(), 0, Step::EndGroup)];
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([0usize]);
        let mut next = Vec::new();
        while let Some(k) = queue.pop_front() {
            let w = &met[k].0;
            next.clear();
            w.for_each_step(&mut |s| next.push(s));
            if w.state.phase == Phase::Move {
                next.retain(|s| match (*s, label) {
                    (Step::Jump(from, _), Some(g)) => w.state.labels.gid[from as usize] == g,
                    _ => false,
                });
            }
            for &s in &next {
                let mut c = met[k].0.clone();
                c.apply_logged(s, None);
                let under_way =
                    c.state.turn == turn && matches!(c.state.phase, Phase::Moving | Phase::Keep);
                if !under_way {
                    if c.state.pieces[me] != *target {
                        continue;
                    }
                    let mut path = vec![s];
                    let mut at = k;
                    while at != 0 {
                        path.push(met[at].2);
                        at = met[at].1;
                    }
                    path.reverse();
                    return Some((path, c));
                }
                let key = (
                    c.moving(),
                    c.state.built.movement.jumps_left,
                    c.state.phase == Phase::Keep,
                );
                if seen.insert(key) {
                    met.push((c, k, s));
                    queue.push_back(met.len() - 1);
                }
            }
        }
        None
    }
}
