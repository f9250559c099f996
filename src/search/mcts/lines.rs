//! The search's lines beyond the best one (`MultiPV`): the first turns the tree holds, ranked as
//! the turn to play is chosen, each with its principal variation and value.
//!
//! * **Candidates** are the distinct first turns the tree has followed: from the root, the
//!   visited children down to the step that ends the turn (or ends the game); a first turn the
//!   tree has not followed to its end is a candidate as far as it goes (a *partial* turn, after
//!   every whole one). Two orders of the same steps (two stones placed either way round) are one
//!   turn: candidates are told apart by the position after them.
//! * **Line 1** is the best line exactly as [`Tree::pv`] gives it (the turn `bestmove` plays),
//!   so that `MultiPV` above 1 changes nothing in it.
//! * **The others** are ranked as [`Tree::best_child`] ranks siblings, by the node that ends
//!   their first turn: proven wins (the quickest first), then by visits (ties: the better mean),
//!   then proven losses (the slowest first). Visits, not means, rank them: the search spends its
//!   iterations on the turns that look best, and a mean of few visits is noise.
//! * **Value**: the mean of that node for the side to move at the root (it chooses every step of
//!   the turn), or its proof.

use std::collections::{HashMap, HashSet};

use super::tree::{Stats, UNKNOWN};
use super::Tree;
use crate::game::SearchHints;

/// A first turn of the tree: the nodes of its steps from the root, the last one ending it
/// (unless `partial`), and the iterations that went through it in every order of its steps
/// (filled by [`Tree::first_turns`]).
pub(crate) struct FirstTurn {
    pub path: Vec<usize>,
    pub partial: bool,
    pub visits: u64,
}

/// The rank key of a candidate, greater is better: as [`Tree::best_child`] orders siblings.
fn rank(node: &Stats) -> (u8, i64, f64) {
    match node.proven() {
        1 => (2, -i64::from(node.dist()), 0.0),
        -1 => (
            0,
            i64::from(node.dist()) << 32 | i64::from(node.visits()),
            0.0,
        ),
        _ => (1, i64::from(node.visits()), node.mean()),
    }
}

impl<G: SearchHints> Tree<G> {
    /// True when the step into `node` ends the turn begun at the root: the next turn starts,
    /// or the game is over there (a leaf proven with no step left).
    fn ends_turn(&self, idx: usize) -> bool {
        let n = self.stats(idx);
        self.nodes[idx].is_turn_start() || (n.proven() != UNKNOWN && n.dist() == 0)
    }

    /// The nodes of the best line's first turn: the best children from the root until the turn
    /// ends or the tree does.
    fn best_first_turn(&self) -> FirstTurn {
        let mut path = Vec::new();
        let mut idx = 0;
        while let Some(c) = self.best_child(idx) {
            path.push(c);
            if self.ends_turn(c) {
                return FirstTurn {
                    path,
                    partial: false,
                    visits: 0,
                };
            }
            idx = c;
        }
        FirstTurn {
            path,
            partial: true,
            visits: 0,
        }
    }

    /// Every candidate first turn below `idx` (reached by `path`), into `out`.
    fn candidates(&self, idx: usize, path: &mut Vec<usize>, out: &mut Vec<FirstTurn>) {
        for (c, edge) in self.child_edges(idx) {
            if edge.stats.visits() == 0 {
                continue;
            }
            path.push(c);
            if self.ends_turn(c) {
                out.push(FirstTurn {
                    path: path.clone(),
                    partial: false,
                    visits: 0,
                });
            } else if self.child_edges(c).any(|(_, g)| g.stats.visits() > 0) {
                self.candidates(c, path, out);
            } else {
                out.push(FirstTurn {
                    path: path.clone(),
                    partial: true,
                    visits: 0,
                });
            }
            path.pop();
        }
    }

    /// The position after the steps of `path` from the root.
    fn after(&self, path: &[usize]) -> G {
        let mut pos = self.pos.clone();
        for &i in path {
            pos.apply(self.step(i), None);
        }
        pos
    }

    /// The first turns of the search's `n` best lines, the best first (see the module
    /// documentation); fewer when the tree holds fewer distinct first turns. With `n` above 1,
    /// each carries its visits: those of the nodes that end it, summed over every order of its
    /// steps (two paths to one position are one turn).
    pub(crate) fn first_turns(&self, n: usize) -> Vec<FirstTurn> {
        let mut best = self.best_first_turn();
        if best.path.is_empty() {
            return Vec::new();
        }
        let key_of = |t: &FirstTurn| (t.partial, self.after(&t.path).hash());
        let best_key = key_of(&best);
        let mut all = Vec::new();
        if n > 1 {
            self.candidates(0, &mut Vec::new(), &mut all);
        }
        let mut visits: HashMap<(bool, u64), u64> = HashMap::new();
        let keys: Vec<(bool, u64)> = all.iter().map(key_of).collect();
        for (t, k) in all.iter().zip(&keys) {
            let v = u64::from(self.stats(*t.path.last().unwrap()).visits());
            *visits.entry(*k).or_default() += v;
        }
        let mut all: Vec<(FirstTurn, (bool, u64))> = all.into_iter().zip(keys).collect();
        all.sort_by(|(a, _), (b, _)| {
            let key = |t: &FirstTurn| (!t.partial, rank(self.stats(*t.path.last().unwrap())));
            key(b)
                .partial_cmp(&key(a))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        best.visits = visits.get(&best_key).copied().unwrap_or(0);
        let mut seen = HashSet::new();
        seen.insert(best_key);
        let mut lines = vec![best];
        for (mut t, k) in all {
            if lines.len() >= n {
                break;
            }
            if seen.insert(k) {
                t.visits = visits.get(&k).copied().unwrap_or(0);
                lines.push(t);
            }
        }
        lines
    }

    /// The heads of the search's `n` best lines, to tell when any of them changes: the first
    /// line's as [`Tree::pv_head`] gives it, then each other line's first turn and depth.
    pub(crate) fn heads(&self, n: usize) -> Vec<(Vec<usize>, u32)> {
        let mut heads = vec![self.pv_head()];
        if n > 1 {
            for turn in self.first_turns(n).iter().skip(1) {
                let (pv, _, _) = self.line_of(turn);
                heads.push((turn.path.clone(), pv.turns));
            }
        }
        heads
    }

    /// The line that begins with the first turn `turn`: its steps, then the best children on
    /// (as [`Tree::pv`]); the whole turns it starts; its value for the root's side to move
    /// (the mean of the turn's last node); and its proof, as [`Tree::proven`] gives the root's.
    pub(crate) fn line_of(&self, turn: &FirstTurn) -> (super::Pv<G::Step>, f64, Option<(i8, u32)>) {
        let mut steps = Vec::new();
        let mut nodes = turn.path.clone();
        let mut idx = *turn.path.last().expect("a first turn has a step");
        while let Some(c) = self.best_child(idx) {
            nodes.push(c);
            idx = c;
        }
        let mut pos = self.pos.clone();
        let mut turns = 0;
        for &i in &nodes {
            let step = self.step(i);
            if pos.at_turn_start() {
                turns += 1;
            }
            steps.push(step);
            pos.apply(step, None);
        }
        let last = self.stats(*turn.path.last().unwrap());
        let proven = match last.proven() {
            UNKNOWN => None,
            value => {
                // The turns along the proof, as `Tree::proven` counts them: the first turn's
                // nodes, then the line's nodes while they are proven.
                let first = turn.path.len();
                let end = first
                    + nodes[first..]
                        .iter()
                        .position(|&i| self.stats(i).proven() == UNKNOWN)
                        .unwrap_or(nodes.len() - first);
                let starts = nodes[..end]
                    .iter()
                    .filter(|&&i| self.nodes[i].is_turn_start())
                    .count() as u32;
                Some((value, starts))
            }
        };
        let value = match proven {
            Some((v, _)) => f64::from(v),
            None => last.mean(),
        };
        (super::Pv { steps, turns }, value, proven)
    }

    /// The head of the best line, to tell when it changes: the nodes of its first turn (as far
    /// as the tree goes) and the whole turns it starts (as [`Tree::pv`] counts them).
    pub(crate) fn pv_head(&self) -> (Vec<usize>, u32) {
        let mut first = Vec::new();
        let mut in_first = true;
        let mut turns = 0;
        let mut before_turn_start = self.pos.at_turn_start();
        let mut idx = 0;
        while let Some(c) = self.best_child(idx) {
            if before_turn_start {
                turns += 1;
            }
            if in_first {
                first.push(c);
                in_first = !self.ends_turn(c);
            }
            before_turn_start = self.nodes[c].is_turn_start();
            idx = c;
        }
        (first, turns)
    }

    /// The root turn an iteration that went through the nodes `path` (the root first) was on:
    /// its steps, and its number, the place of its first step in the root's shuffled list of
    /// steps (the order the search tries them). `None` when the path stops before the turn ends.
    pub(crate) fn current_turn(
        &self,
        path: impl Iterator<Item = usize>,
    ) -> Option<crate::search::Current<G::Step>> {
        let mut steps = Vec::new();
        for i in path.skip(1) {
            steps.push(self.step(i));
            if self.ends_turn(i) {
                let list = self.nodes[0].edges()?;
                let first = list.iter().position(|e| e.step == steps[0])?;
                return Some(crate::search::Current {
                    steps,
                    number: first as u32 + 1,
                });
            }
        }
        None
    }
}
