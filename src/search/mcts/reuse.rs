//! Tree reuse: the subtree under the steps played since a search is kept for the next one.
//!
//! After a search the engine keeps its trees. When the next `go` comes from a position that
//! follows from the old root by steps the engine saw played (its own turn, then the opponent's),
//! [`Tree::reroot`] walks those steps down the tree and makes the node reached the new root:
//! the statistics gathered under it (visits, values, proofs, the shuffled step lists) carry
//! over, and the rest of the old tree is dropped. The subtree is copied into fresh arenas, so
//! the memory of the dropped part is given back and [`Params::max_memory`] keeps meaning what
//! it says. The copy is linear in the subtree's size (tens of nanoseconds a node); a search
//! that ran for a second leaves a subtree of at most a few hundred thousand nodes.
//!
//! The values of a node are stored for its *mover* (the side that chose the step into it), the
//! root's for its side to move: when the node that becomes the root was chosen by the other
//! side, its value and proof are turned round.

use rand::rngs::SmallRng;

use super::{for_side, Arena, Node, Tree, NONE, UNKNOWN};
use crate::game::Game;
#[cfg(test)]
use crate::game::Side;

impl<G: Game> Tree<G> {
    /// Makes the node reached from the root by `steps` the new root, `new_root` being the
    /// position they lead to (a turn start), with a new random stream `rng` and the iteration
    /// counters set to zero. Returns the number of nodes kept, or `None` (and leaves the tree
    /// unchanged) when the tree has no node along `steps`, or when `new_root` is not where
    /// `steps` lead.
    pub fn reroot(&mut self, steps: &[G::Step], new_root: &G, rng: SmallRng) -> Option<usize> {
        let mut pos = self.pos.clone();
        let mut idx = 0usize;
        let mut mover = self.root_side;
        for &s in steps {
            let child = self
                .children(idx)
                .find(|&c| self.nodes[c].step == Some(s))?;
            mover = pos.side_to_move();
            pos.apply_step(s);
            idx = child;
        }
        if pos.hash() != new_root.hash()
            || pos.to_position_string() != new_root.to_position_string()
        {
            return None;
        }
        let side = new_root.side_to_move();
        let (nodes, step_arena) = self.copy_subtree(idx);
        self.nodes = nodes;
        self.steps = step_arena;
        let root = &mut self.nodes[0];
        root.step = None;
        root.next_sibling = NONE;
        root.turn_start = new_root.at_turn_start();
        root.value = for_side(root.value, mover, side);
        if root.proven != UNKNOWN && mover != side {
            root.proven = -root.proven;
        }
        self.root_side = side;
        self.pos = new_root.clone();
        self.rng = rng;
        self.iterations = 0;
        self.visited = 0;
        Some(self.nodes.len())
    }

    /// A copy of the subtree under `top` in new arenas, `top` at index 0, every node's children
    /// in the same order and its step list (the first `tried` of which have children) whole.
    fn copy_subtree(&self, top: usize) -> (Arena<Node<G::Step>>, Arena<G::Step>) {
        let mut nodes = Arena::new();
        let mut steps = Arena::new();
        // (old index, new index): nodes copied whose children are still to copy.
        let mut todo: Vec<(usize, u32)> = vec![(top, 0)];
        nodes.push(self.nodes[top].clone());
        while let Some((old, new)) = todo.pop() {
            let n = &self.nodes[old];
            if n.expanded {
                let first = steps.len() as u32;
                for k in 0..n.num_steps {
                    steps.push(self.steps[(n.first_step + k) as usize]);
                }
                nodes[new as usize].first_step = first;
            }
            // Children keep their order: the copy of the list's head is made first.
            let mut prev: Option<u32> = None;
            for c in self.children(old) {
                let copy = nodes.len() as u32;
                let mut node = self.nodes[c].clone();
                node.first_child = NONE;
                node.next_sibling = NONE;
                nodes.push(node);
                match prev {
                    None => nodes[new as usize].first_child = copy,
                    Some(p) => nodes[p as usize].next_sibling = copy,
                }
                prev = Some(copy);
                todo.push((c, copy));
            }
            if prev.is_none() {
                nodes[new as usize].first_child = NONE;
            }
        }
        (nodes, steps)
    }

    /// The visits of the root.
    #[cfg(test)]
    pub fn root_visits(&self) -> u32 {
        self.nodes[0].visits
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

    use rand::SeedableRng;

    use super::*;
    use crate::search::testgames::Nim;
    use crate::search::{search_reusing, Config, Info, Kept, Limits};

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
        reuse: Option<(Kept<Nim>, Vec<<Nim as Game>::Step>)>,
    ) -> (<Nim as Game>::Turn, Info, Kept<Nim>) {
        let stop = AtomicBool::new(false);
        let mut last = Info::default();
        let (turn, kept) = search_reusing(
            pos,
            &nodes(n),
            &Config::default(),
            &stop,
            seed,
            &mut |i| last = i.clone(),
            reuse,
        );
        (turn.expect("a legal turn"), last, kept.expect("trees kept"))
    }

    /// Plays `turn` on `pos`; returns the new position and the chosen steps.
    fn play(pos: &Nim, turn: &<Nim as Game>::Turn) -> (Nim, Vec<<Nim as Game>::Step>) {
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
        let tree = &kept.trees[0];
        let mut pos = start.clone();
        let mut idx = 0;
        for &s in &path {
            idx = tree
                .children(idx)
                .find(|&c| tree.nodes[c].step == Some(s))
                .unwrap();
            pos.apply_step(s);
        }
        let mut reply = Vec::new();
        while reply.is_empty() || !pos.at_turn_start() {
            idx = tree.best_child(idx).expect("the tree follows the reply");
            let s = tree.nodes[idx].step.unwrap();
            reply.push(s);
            pos.apply_step(s);
        }
        let node = tree.nodes[idx].clone();
        assert!(node.visits > 10, "the reply was searched: {}", node.visits);
        path.extend(&reply);
        let mut t = kept.trees.into_iter().next().unwrap();
        let kept_nodes = t.reroot(&path, &pos, SmallRng::seed_from_u64(2));
        assert!(kept_nodes.is_some_and(|n| n > 1));
        assert_eq!(t.root_visits(), node.visits);
        assert_eq!(t.root_side(), pos.side_to_move());
        assert_eq!(t.iterations, 0);
        // The node was chosen by the opponent of the new root's side: its value turned round.
        assert_ne!(t.root_side(), after_mine.side_to_move());
        assert_eq!(t.nodes[0].value, -node.value);
        // Every kept node's child list points inside the copy, in the old order.
        for i in 0..t.nodes.len() {
            let n = &t.nodes[i];
            assert!(n.first_child == NONE || (n.first_child as usize) < t.nodes.len());
            assert!(n.first_step as usize + n.num_steps as usize <= t.steps.len());
        }
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
            reused.pv.len() > fresh.pv.len(),
            "the reused tree sees further: {:?} vs {:?}",
            reused.pv,
            fresh.pv
        );
        // The same commands give the same answer.
        let (_, _, again_kept) = go(&start, 4000, 1, None);
        let (_, again, _) = go(&now, 1, 3, Some((again_kept, path)));
        assert_eq!(again.pv, reused.pv);
        assert_eq!(again.score, reused.score);
    }

    #[test]
    fn steps_the_tree_never_reached_start_afresh() {
        let start = Nim::with_piles([3, 4, 5], false);
        let (_, _, kept) = go(&start, 5, 1, None);
        let mut t = kept.trees.into_iter().next().unwrap();
        let before = t.nodes.len();
        // A two-turn line five iterations cannot have reached in full.
        let mut pos = start.clone();
        let mut path = Vec::new();
        for _ in 0..3 {
            let mut turns = Vec::new();
            pos.legal_turns(&mut turns, usize::MAX);
            let (next, steps) = play(&pos, turns.last().unwrap());
            path.extend(steps);
            pos = next;
        }
        assert_eq!(t.reroot(&path, &pos, SmallRng::seed_from_u64(0)), None);
        assert_eq!(t.nodes.len(), before, "a failed reroot changes nothing");
        // And a position the steps do not lead to is refused.
        assert_eq!(t.reroot(&[], &pos, SmallRng::seed_from_u64(0)), None);
    }
}
