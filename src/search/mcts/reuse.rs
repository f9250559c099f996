//! Tree reuse: the subtree under the steps played since a search is kept for the next one.
//!
//! After a search the engine keeps its tree. When the next `go` comes from a position that
//! follows from the old root by steps the engine saw played (its own turn, then the opponent's),
//! [`Tree::reroot`] walks those steps down the tree and copies the subtree under the node
//! reached into a new tree whose root it is: the statistics gathered under it (visits, values,
//! proofs, the tables of edges in their shuffled order) carry over, and the rest of the old tree is dropped with
//! it, so [`super::Params::max_memory`] keeps meaning what it says. The copy is linear in the
//! subtree's size (tens of nanoseconds a node), and a search grown to `Hash` leaves a subtree of
//! millions of nodes: the copy goes breadth first, and a timed search gives it a deadline,
//! past which the nodes left are kept as leaves (their statistics with them, their children
//! to be grown again), so that the most visited part near the root is what is kept. Freeing the
//! old tree is the engine's business, off the clock ([`crate::search::Kept::discard`]).
//!
//! The values of a node are stored for its *mover* (the side that chose the step into it), the
//! root's for its side to move: when the node that becomes the root was chosen by the other
//! side, its value and proof are turned round.

use std::collections::VecDeque;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use super::tree::{Tree, UNKNOWN};
use super::{fixed, for_side};
use crate::game::{SearchHints, Side};

impl<G: SearchHints> Tree<G> {
    /// The tree whose root is the node reached from this root by `steps`, `new_root` being the
    /// position they lead to (a turn start). `None` when the tree has no node along `steps`
    /// (see [`Tree::walk`]), or when `new_root` is not where `steps` lead. Past `until` the
    /// copy stops (see the module doc).
    pub fn reroot(
        &self,
        steps: &[G::Step],
        new_root: &G,
        until: Option<Instant>,
    ) -> Option<Tree<G>> {
        let (idx, mover) = self.walk(steps, new_root)?;
        let tree = Tree::new(new_root, self.params.clone());
        self.copy_subtree(idx, &tree, until);
        let side = new_root.side_to_move();
        let root = &tree.root_stats;
        // The node was valued for its mover: for the new root's side, turned round if need be.
        let value = root.value.load(Relaxed) as f64 / super::tree::SCALE;
        root.value
            .store(fixed(for_side(value, mover, side)), Relaxed);
        let proven = self.stats(idx).proven();
        if proven != UNKNOWN {
            root.prove(if mover == side { proven } else { -proven }, root.dist());
        }
        Some(tree)
    }

    /// The node reached from the root by `steps`, which lead to `new_root`, and the side that
    /// chose the step into it. A whole turn of `steps` that the tree does not hold step by
    /// step may be the tree's own turn written shorter by the engine
    /// ([`Turns::shortest_equivalent`](crate::game::Turns::shortest_equivalent)): the tree's
    /// line through that turn (its best children to the next turn start) stands for it when
    /// it leads to the same position.
    fn walk(&self, steps: &[G::Step], new_root: &G) -> Option<(usize, Side)> {
        let mut pos = self.pos.clone();
        let (mut idx, mut mover) = (0usize, self.root_side);
        let mut begun = 0;
        while begun < steps.len() {
            // The turn under way: its steps up to the next turn start, and where they lead.
            let mut end = pos.clone();
            let mut next = begun;
            while next < steps.len() {
                end.apply(steps[next], None);
                next += 1;
                if end.at_turn_start() {
                    break;
                }
            }
            let (mut at, mut side, mut walked) = (idx, mover, pos.clone());
            let mut held = true;
            for &s in &steps[begun..next] {
                let Some((child, _)) = self.child_edges(at).find(|(_, e)| e.step == s) else {
                    held = false;
                    break;
                };
                side = walked.side_to_move();
                walked.apply(s, None);
                at = child;
            }
            if !held {
                if !end.at_turn_start() {
                    return None;
                }
                (at, walked) = (idx, pos.clone());
                loop {
                    let child = self.best_child(at)?;
                    side = walked.side_to_move();
                    walked.apply(self.step(child), None);
                    at = child;
                    if walked.at_turn_start() {
                        break;
                    }
                }
                if walked.hash() != end.hash() {
                    return None;
                }
            }
            (idx, mover, pos) = (at, side, end);
            begun = next;
        }
        (pos.hash() == new_root.hash()).then_some((idx, mover))
    }

    /// Copies the subtree under `top` into `into` (whose root stands for `top`), breadth
    /// first: every node's statistics and, while `until` has not passed, its table of edges
    /// and its children in the same slots; a node reached after `until` is copied as a leaf
    /// (no table, nothing tried), which the search expands again.
    fn copy_subtree(&self, top: usize, into: &Tree<G>, until: Option<Instant>) {
        into.root_stats.copy_from(self.stats(top));
        into.nodes[0]
            .turn_start
            .store(self.nodes[top].is_turn_start(), Relaxed);
        // The root's proof is set by `reroot`, turned to the new root's side.
        into.root_stats.proven.store(UNKNOWN, Relaxed);
        // (old index, new index): nodes copied whose table and children are still to copy.
        let mut todo: VecDeque<(usize, usize)> = VecDeque::from([(top, 0)]);
        let mut expanded = 0usize;
        while let Some((old, new)) = todo.pop_front() {
            expanded += 1;
            if expanded.is_multiple_of(256) && until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            let (from, to) = (&self.nodes[old], &into.nodes[new]);
            let Some(edges) = from.edges() else {
                continue;
            };
            to.set_edges(edges.iter().map(|e| e.step));
            into.count_edges(edges.len());
            let to_edges = to.edges().expect("just set");
            let tried = from.tried.load(Relaxed);
            to.tried.store(tried, Relaxed);
            // Children keep their slots; the copy of the last created is made first.
            for slot in (0..(tried as usize).min(edges.len())).rev() {
                let edge = &edges[slot];
                let Some(c) = edge.child() else {
                    continue;
                };
                let Some(copy) = into.alloc() else {
                    break;
                };
                let node = &into.nodes[copy];
                node.parent.store(new as u32, Relaxed);
                node.slot.store(slot as u32, Relaxed);
                node.turn_start
                    .store(self.nodes[c].is_turn_start(), Relaxed);
                to_edges[slot].stats.copy_from(&edge.stats);
                to_edges[slot].child.store(copy as u32, Relaxed);
                todo.push_back((c, copy));
            }
        }
    }

    /// The side to move at the root.
    #[cfg(test)]
    pub fn root_side(&self) -> Side {
        self.root_side
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::game::prelude::*;
    use crate::search::{Info, Kept, Limits, Request};
    use crate::testgames::{Nim, NimStep};

    fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// A search of `n` iterations from `pos`, reusing `reuse`: its turn, its last report and
    /// the trees it keeps.
    fn go(
        pos: &Nim,
        n: u64,
        seed: u64,
        reuse: Option<(Kept<Nim>, Vec<<Nim as Position>::Step>)>,
    ) -> (<Nim as Turns>::Turn, Info<NimStep>, Kept<Nim>) {
        let stop = AtomicBool::new(false);
        let mut last = Info::default();
        let request = Request {
            limits: nodes(n),
            seed,
            kept: reuse,
            ..Request::new(pos, &stop)
        };
        let answer = request.run(&mut |i| last = i.clone());
        let turn = answer.turn(pos).expect("a legal turn");
        (turn, last, answer.kept.expect("trees kept"))
    }

    /// Plays `turn` on `pos`; returns the new position and the chosen steps.
    fn play(pos: &Nim, turn: &<Nim as Turns>::Turn) -> (Nim, Vec<<Nim as Position>::Step>) {
        let steps = pos.turn_steps(turn);
        let mut next = pos.clone();
        next.play_turn(turn).expect("a legal turn");
        (next, steps)
    }

    #[test]
    fn the_subtree_under_the_moves_played_is_kept_with_its_statistics() {
        let start = Nim::with_piles([3, 4, 5], false);
        let (mine, _, kept) = go(&start, 4000, 1, None);
        let (after_mine, mut path) = play(&start, &mine);
        // The opponent answers with the reply the tree knows best.
        let tree = &kept.tree;
        let mut pos = start.clone();
        let mut idx = 0;
        for &s in &path {
            idx = tree.children(idx).find(|&c| tree.step(c) == s).unwrap();
            pos.apply(s, None);
        }
        let mut reply = Vec::new();
        while reply.is_empty() || !pos.at_turn_start() {
            idx = tree.best_child(idx).expect("the tree follows the reply");
            let s = tree.step(idx);
            reply.push(s);
            pos.apply(s, None);
        }
        let node = tree.stats(idx);
        let (visits, value) = (node.visits(), node.value.load(Relaxed));
        assert!(visits > 10, "the reply was searched: {visits}");
        path.extend(&reply);
        let t = tree
            .reroot(&path, &pos, None)
            .expect("the tree reached the moves played");
        assert!(t.size() > 1);
        assert_eq!(t.root_visits(), visits);
        assert_eq!(t.root_side(), pos.side_to_move());
        // The node was chosen by the opponent of the new root's side: its value turned round.
        assert_ne!(t.root_side(), after_mine.side_to_move());
        assert_eq!(t.root_stats.value.load(Relaxed), -value);
        // Every kept node's children are inside the copy, in the old order, with their
        // statistics, and point back at their parent.
        for i in 0..t.size() {
            for c in t.children(i) {
                assert!(c < t.size());
                assert_eq!(t.nodes[c].parent.load(Relaxed) as usize, i);
            }
        }
        let old: Vec<_> = tree.children(idx).map(|c| tree.stats(c).visits()).collect();
        let new: Vec<_> = t.children(0).map(|c| t.stats(c).visits()).collect();
        assert_eq!(old, new);
    }

    #[test]
    fn a_reused_search_starts_from_what_it_knew() {
        let start = Nim::with_piles([3, 4, 5], false);
        let (mine, _, kept) = go(&start, 4000, 1, None);
        let (after, mut path) = play(&start, &mine);
        // Any legal reply: the tree knows the replies it tried.
        let (reply, _, _) = go(&after, 200, 9, None);
        let (now, reply_steps) = play(&after, &reply);
        path.extend(reply_steps);
        let (_, fresh, _) = go(&now, 1, 3, None);
        let (_, reused, _) = go(&now, 1, 3, Some((kept, path.clone())));
        assert_eq!(fresh.nodes, 1);
        assert_eq!(reused.nodes, 1, "a node budget counts new iterations only");
        assert!(
            reused.best().pv.len() > fresh.best().pv.len(),
            "the reused tree sees further: {:?} vs {:?}",
            reused.best().pv,
            fresh.best().pv
        );
        // The same commands give the same answer.
        let (_, _, again_kept) = go(&start, 4000, 1, None);
        let (_, again, _) = go(&now, 1, 3, Some((again_kept, path)));
        assert_eq!(again.best().pv, reused.best().pv);
        assert_eq!(again.best().score, reused.best().score);
    }

    /// A copy cut short by its deadline keeps the top of the tree whole (every node with
    /// children has its step list, and no more children than steps tried), the rest as
    /// leaves with their statistics; a search grows it again.
    #[test]
    fn a_copy_past_its_deadline_keeps_the_top_as_a_sound_tree() {
        let start = Nim::with_piles([3, 4, 5], false);
        let (_, _, kept) = go(&start, 20_000, 1, None);
        let full = kept.tree.reroot(&[], &start, None).unwrap();
        let cut = kept
            .tree
            .reroot(&[], &start, Some(std::time::Instant::now()))
            .unwrap();
        assert_eq!(full.size(), kept.tree.size());
        assert!(
            cut.size() < full.size() / 4,
            "{} of {}",
            cut.size(),
            full.size()
        );
        assert_eq!(cut.root_visits(), full.root_visits());
        let mut leaves_with_visits = 0;
        for i in 0..cut.size() {
            let n = &cut.nodes[i];
            let children = cut.children(i).count();
            if children > 0 {
                assert!(n.expanded());
                assert!(children <= n.tried.load(Relaxed) as usize);
            } else if !n.expanded() && cut.stats(i).visits() > 1 {
                leaves_with_visits += 1;
            }
        }
        assert!(leaves_with_visits > 0);
        let (_, grown, _) = go(
            &start,
            500,
            2,
            Some((Kept::of(start.clone(), cut), Vec::new())),
        );
        assert_eq!(grown.nodes, 500);
    }

    #[test]
    fn steps_the_tree_never_reached_start_afresh() {
        let start = Nim::with_piles([3, 4, 5], false);
        let (_, _, kept) = go(&start, 5, 1, None);
        let t = kept.tree;
        // A two-turn line five iterations cannot have reached in full.
        let mut pos = start.clone();
        let mut path = Vec::new();
        for _ in 0..3 {
            let mut turns = Vec::new();
            pos.legal_turns(&mut turns, usize::MAX, None)
                .expect("turns listed");
            let (next, steps) = play(&pos, turns.last().unwrap());
            path.extend(steps);
            pos = next;
        }
        assert!(t.reroot(&path, &pos, None).is_none());
        // And a position the steps do not lead to is refused.
        assert!(t.reroot(&[], &pos, None).is_none());
    }
}
