//! The statistics of hot nodes, added in batches when several threads grow one tree.
//!
//! Every iteration of every thread passes through the root and the top of the principal
//! variation. Written at each pass (a visit and a virtual loss on the way down, the result on
//! the way up), the cache lines of those nodes travel from core to core at every iteration of
//! every thread, and each thread waits for them: with iterations of a microsecond or two that
//! wait, not the work, sets the pace. A node with [`HOT`] visits or more changes its mean by
//! less than 1/HOT per iteration, so a worker of a search with several threads keeps the
//! results of such nodes in a buffer of its own, one entry per depth of its path, and adds an
//! entry to the tree when its path at that depth reaches another node, when the entry holds a
//! [`SHARE`]th of the node's visits or [`BATCH`] results, and when its search ends. So a
//! node's statistics are never more than a sixteenth (and 64 results) behind per thread, and a
//! node near the root, which every iteration passes, is written once every 64 of a thread's
//! iterations at most: the other threads, which read its parent's table at each pass, find
//! those lines unchanged most of the time (the path of a Guerrilla Checkers iteration is some
//! twenty levels deep, most of them hot). No virtual loss is counted on a hot node either: one
//! iteration under way among [`HOT`] visits or more moves no choice, and the levels below,
//! where the threads' paths part, still count theirs.
//!
//! **Parting above the frontier.** Without a virtual loss, the threads read the same
//! statistics at every hot node and take the same child, so their paths part only below the
//! last hot node, under one parent: there both write the same nodes, tables and lines at each
//! iteration, and each reads what the other just wrote. So a worker of odd number takes, at a
//! hot node, the runner-up instead of the best child when its score is within [`NEAR`] of the
//! best (`Worker::select`, `choose.rs`). UCB keeps the scores of a node's leading
//! children close to each other (a child chosen more falls back, one chosen less rises), so
//! the threads' paths part high in the tree and each grows a frontier of its own; what the
//! runner-up is worth is what UCB is about to give it anyway (doc/search.md, "Parting above
//! the frontier", has the measures).
//!
//! With one thread nothing is deferred and no worker takes a runner-up: `Threads 1` writes
//! every visit at once, as it always has, and stays deterministic.

use super::{Stats, Tree};
use crate::game::SearchHints;

/// Visits from which a node's statistics are deferred.
pub(super) const HOT: u32 = 256;
/// At a hot node, a worker of odd number takes the runner-up when its score is within this
/// of the best's (on the [-1, 1] value scale; the exploration term of a child of a few hundred
/// visits is some 0.03 in Guerrilla Checkers).
pub(super) const NEAR: f64 = 0.01;
/// Depths of a path whose hot nodes are deferred (deeper ones are written at once).
const DEPTHS: usize = 64;
/// An entry is added to the tree once it holds this fraction (1/SHARE) of its node's visits.
const SHARE: u32 = 16;
/// An entry is added to the tree once it holds this many results.
const BATCH: u32 = 64;

/// One worker's deferred statistics.
pub(super) struct Deferred {
    /// Deferring at all (only in a search with several threads).
    on: bool,
    /// Bit `d`: the node at depth `d` of the current path is hot (entered without a visit).
    hot: u64,
    /// Per depth: a node and the visits and value (fixed point) it has yet to be given.
    pending: Vec<(u32, u32, i64)>,
}

impl Deferred {
    pub fn new(on: bool) -> Self {
        Deferred {
            on,
            hot: 0,
            pending: vec![(super::tree::NONE, 0, 0); DEPTHS],
        }
    }

    /// An iteration enters the node whose statistics are `stats` at `depth` of its path: a
    /// visit and a virtual loss are counted, unless the node is hot.
    #[inline]
    pub fn enter(&mut self, depth: usize, stats: &Stats) {
        if !self.on {
            stats.enter();
            return;
        }
        if depth < DEPTHS && stats.visits() >= HOT {
            self.hot |= 1 << depth;
        } else {
            if depth < DEPTHS {
                self.hot &= !(1 << depth);
            }
            stats.enter();
        }
    }

    /// The iteration that entered `idx`, whose statistics are `stats`, at `depth` ends with
    /// `result` (fixed point, for the node's mover), or aborted (`None`).
    #[inline]
    pub fn leave<G: SearchHints>(
        &mut self,
        tree: &Tree<G>,
        depth: usize,
        idx: usize,
        stats: &Stats,
        result: Option<i64>,
    ) {
        // With one thread no node is ever hot: one test.
        if !self.on || depth >= DEPTHS || self.hot & (1 << depth) == 0 {
            stats.leave(result);
            return;
        }
        let Some(v) = result else {
            return; // nothing was counted
        };
        let entry = &mut self.pending[depth];
        if entry.0 != idx as u32 {
            if entry.1 > 0 {
                tree.add(entry.0 as usize, entry.1, entry.2);
            }
            *entry = (idx as u32, 0, 0);
        }
        entry.1 += 1;
        entry.2 += v;
        if entry.1 >= BATCH || entry.1 * SHARE >= stats.visits() {
            stats.add(entry.1, entry.2);
            entry.1 = 0;
            entry.2 = 0;
        }
    }

    /// Adds every entry to the tree.
    pub fn flush<G: SearchHints>(&mut self, tree: &Tree<G>) {
        for entry in &mut self.pending {
            if entry.1 > 0 {
                tree.add(entry.0 as usize, entry.1, entry.2);
                entry.1 = 0;
                entry.2 = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use crate::checkers::Checkers;
    use crate::game::prelude::*;
    use crate::search::{Config, Limits, Request};

    /// A hot node's deferred results reach the tree once they are a sixteenth of its visits,
    /// or 64 of them, whichever comes first.
    #[test]
    fn a_hot_node_is_at_most_a_sixteenth_or_64_results_behind() {
        use super::super::{Params, Tree};
        use super::Deferred;
        let pos = Checkers::new(&Default::default());
        let tree = Tree::new(&pos, Params::default());
        let stats = &tree.root_stats;
        let mut deferred = Deferred::new(true);
        // 300 visits: the 19th result makes 19 · 16 ≥ 300.
        stats.add(300, 0);
        for n in 1..=19u32 {
            deferred.enter(0, stats);
            deferred.leave(&tree, 0, 0, stats, Some(1));
            let want = if n < 19 { 300 } else { 319 };
            assert_eq!(stats.visits(), want, "after {n} results");
        }
        // 5,000 visits: 64 results, long before a sixteenth.
        stats.add(5000 - 319, 0);
        for n in 1..=64u32 {
            deferred.enter(0, stats);
            deferred.leave(&tree, 0, 0, stats, Some(1));
            let want = if n < 64 { 5000 } else { 5064 };
            assert_eq!(stats.visits(), want, "after {n} results");
        }
        assert_eq!(
            stats.value.load(std::sync::atomic::Ordering::Relaxed),
            19 + 64
        );
    }

    /// A search with several threads adds every deferred result before it ends: the kept
    /// tree's root has exactly one visit per iteration of the budget, and so do the root's
    /// children between them, as with one thread.
    #[test]
    fn every_deferred_result_reaches_the_tree() {
        let pos = Checkers::new(&Default::default());
        for threads in [1, 2, 3] {
            let stop = AtomicBool::new(false);
            let request = Request {
                limits: Limits {
                    nodes: Some(20_007),
                    ..Limits::default()
                },
                config: Config {
                    threads,
                    ..Config::default()
                },
                ..Request::new(&pos, &stop)
            };
            let answer = request.run(&mut |_| {});
            let tree = &answer.kept.expect("a kept tree").tree;
            assert_eq!(tree.root_visits(), 20_007, "threads {threads}");
            let children: u32 = tree.children(0).map(|c| tree.stats(c).visits()).sum();
            assert_eq!(children, 20_007, "threads {threads}");
        }
    }
}
