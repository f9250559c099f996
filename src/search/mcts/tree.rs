//! The search tree that every thread of a search grows at once, and the read side (the move to
//! play, the principal variation, the score, proofs).
//!
//! * **Shared without a lock.** Every field a thread may change during a search is an atomic
//!   or a [`OnceLock`](std::sync::OnceLock): a node's table of edges is written once, before
//!   it is published; statistics are counters. Nothing here is `unsafe`.
//! * **A table of children in each node** (`edges.rs`): an expanded node owns one edge a legal
//!   step, with the step, the statistics of the child it leads to and the child's index; a
//!   child is created by the thread that claims its edge (`tried`, a compare-and-swap), written
//!   whole into a fresh arena slot and published by a release store of its index in the edge;
//!   readers load it with acquire, so a child they reach is complete. Choosing a child reads
//!   the table in one sweep, the last created child first.
//! * **Values in fixed point.** A node's value is the sum of its results, each scaled by
//!   [`SCALE`](super::edges::SCALE) and rounded, in an `i64`: sums are exact and their order
//!   does not matter, so a one-thread search is deterministic and concurrent additions need no
//!   loop.
//! * **Virtual loss.** A thread descending through a node counts a visit and a loss for the
//!   node's mover at once ([`Stats::enter`]), and turns the loss into the real result when the
//!   iteration ends ([`Stats::leave`]): the other threads see the node as less attractive while
//!   an iteration is under way through it, and spread out. With one thread the count is the
//!   same as adding the visit at the end.
//! * **Memory.** Nodes live in an arena of fixed-size chunks (`arena.rs`; growing never copies,
//!   and a chunk is created by the first thread that needs it); the bytes of nodes and tables
//!   of edges are counted, and nothing new is created once [`Params::max_memory`] is reached.

use std::sync::atomic::AtomicBool;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;

use crossbeam_utils::CachePadded;

use rand::rngs::SmallRng;

use super::arena::{Arena, Block, CHUNK};
pub(super) use super::edges::{fixed, slot_in, Edge, Node, Stats, NONE, SCALE, UNKNOWN};
use super::{greedy_step, Params, Pv};
use crate::game::SearchHints;
use crate::game::Side;

/// A search tree over positions of `G`, rooted at the position it was created with, shared by
/// the threads of a search (each with its own [`super::Worker`]).
pub(crate) struct Tree<G: SearchHints> {
    pub(super) params: Params,
    pub(super) nodes: Arena<Node<G::Step>>,
    /// The root's statistics (every other node's are in its parent's table of edges).
    pub(super) root_stats: Stats,
    /// Bytes of nodes and step lists created (on a line of its own, as the arena's length).
    used: CachePadded<AtomicUsize>,
    /// Nodes created (the arena's length counts the ones reserved too).
    made: CachePadded<AtomicUsize>,
    pub(super) root_side: Side,
    /// The position at the root.
    pub(super) pos: G,
    pub(super) warned: AtomicBool,
    /// `go searchmoves`: the root's turns are these ([`crate::search::Request::among`]), each
    /// as its chosen steps from the root; empty: every legal turn.
    pub(super) among: Vec<Vec<G::Step>>,
}

impl<G: SearchHints> Tree<G> {
    pub fn new(root: &G, params: Params) -> Self {
        // Room for the memory budget, plus the root's children (created whatever the budget).
        let cap = params.max_memory / std::mem::size_of::<Node<G::Step>>() + CHUNK;
        let nodes = Arena::with_capacity(cap.min(NONE as usize - 1), Node::empty);
        let tree = Tree {
            root_side: root.side_to_move(),
            pos: root.clone(),
            params,
            nodes,
            root_stats: Stats::new(),
            used: CachePadded::new(AtomicUsize::new(0)),
            made: CachePadded::new(AtomicUsize::new(0)),
            warned: AtomicBool::new(false),
            among: Vec::new(),
        };
        let r = tree.alloc().expect("room for the root");
        debug_assert_eq!(r, 0);
        tree.nodes[0]
            .turn_start
            .store(root.at_turn_start(), Relaxed);
        if let Some(o) = root.outcome() {
            tree.root_stats
                .prove(super::outcome_value(o, root.side_to_move()) as i8, 0);
        }
        tree
    }

    /// A new node (its bytes counted), `None` when the arena is full: for work on one thread
    /// (the root, a copy of a kept tree). The workers of a search take theirs from a
    /// [`Block`].
    pub(super) fn alloc(&self) -> Option<usize> {
        let i = self.nodes.reserve(1).next()?;
        self.made.fetch_add(1, Relaxed);
        self.used
            .fetch_add(std::mem::size_of::<Node<G::Step>>(), Relaxed);
        Some(i)
    }

    /// A new node from `block`, which reserves [`Block::NODES`] more from the arena when it
    /// runs out; `None` when the arena is full. Its bytes are counted in the block until the
    /// block reserves again ([`Tree::flush`]).
    #[inline]
    pub(super) fn alloc_in(&self, block: &mut Block) -> Option<usize> {
        if block.free.is_empty() {
            self.flush(block);
            block.free = self.nodes.reserve(Block::NODES);
        }
        let i = block.free.next()?;
        block.nodes += 1;
        block.bytes += std::mem::size_of::<Node<G::Step>>();
        Some(i)
    }

    /// Adds the nodes and bytes `block` counted to the tree's.
    pub(super) fn flush(&self, block: &mut Block) {
        if block.nodes > 0 {
            self.made
                .fetch_add(std::mem::take(&mut block.nodes), Relaxed);
            self.used
                .fetch_add(std::mem::take(&mut block.bytes), Relaxed);
        }
    }

    /// The bytes of a table of `n` edges.
    pub(super) fn table_bytes(n: usize) -> usize {
        n * std::mem::size_of::<Edge<G::Step>>() + std::mem::size_of::<usize>() * 2
    }

    /// Counts the bytes of a table of `n` edges made on one thread (a copy of a kept tree).
    pub(super) fn count_edges(&self, n: usize) {
        self.used.fetch_add(Self::table_bytes(n), Relaxed);
    }

    /// The children of `idx` created so far (published ones), the last created first.
    #[cfg(test)]
    pub(super) fn children(&self, idx: usize) -> impl Iterator<Item = usize> + '_ {
        self.child_edges(idx).map(|(c, _)| c)
    }

    /// The children of `idx` created so far, the last created first, with their edges: the
    /// first `tried` edges of its table read backwards, but for those whose child is not
    /// published yet.
    #[inline]
    pub(super) fn child_edges(
        &self,
        idx: usize,
    ) -> impl Iterator<Item = (usize, &Edge<G::Step>)> + '_ {
        let node = &self.nodes[idx];
        let edges = node.edges().unwrap_or(&[]);
        let tried = (node.tried.load(Relaxed) as usize).min(edges.len());
        edges[..tried]
            .iter()
            .rev()
            .filter_map(|e| e.child().map(|c| (c, e)))
    }

    /// The edge that leads to `idx` (not the root) in its parent's table.
    #[inline]
    pub(super) fn edge_of(&self, idx: usize) -> &Edge<G::Step> {
        let node = &self.nodes[idx];
        let parent = node.parent.load(Relaxed) as usize;
        let slot = node.slot.load(Relaxed) as usize;
        &self.nodes[parent]
            .edges()
            .expect("a child's parent is expanded")[slot]
    }

    /// The statistics of `idx`: the root's own, else those of its edge.
    #[inline]
    pub(super) fn stats(&self, idx: usize) -> &Stats {
        if idx == 0 {
            &self.root_stats
        } else {
            &self.edge_of(idx).stats
        }
    }

    /// The step into `idx` (not the root).
    #[inline]
    pub(super) fn step(&self, idx: usize) -> G::Step {
        self.edge_of(idx).step
    }

    /// Bytes used by the tree (nodes and step lists created), but for those the workers'
    /// blocks still count (a few KiB each).
    pub fn memory(&self) -> usize {
        self.used.load(Relaxed)
    }

    /// True when `nodes` more nodes and `steps` more steps fit in the memory budget, with the
    /// bytes `block` counts so far (with one thread the count is exact).
    #[inline]
    pub(super) fn has_room(&self, block: &Block, nodes: usize, steps: usize) -> bool {
        self.memory()
            + block.bytes
            + nodes * std::mem::size_of::<Node<G::Step>>()
            + steps * std::mem::size_of::<Edge<G::Step>>()
            <= self.params.max_memory
    }

    /// Adds `visits` visits with the results `value` (fixed point, for the mover) to `idx`.
    #[inline]
    pub(super) fn add(&self, idx: usize, visits: u32, value: i64) {
        self.stats(idx).add(visits, value);
    }

    /// The child to play from `idx`: the quickest proven win; else the most visited child that
    /// is not a proven loss (ties: the better mean); else the slowest proven loss. `None` when
    /// no child has been visited.
    pub(super) fn best_child(&self, idx: usize) -> Option<usize> {
        if !self.nodes[idx].expanded() {
            return None;
        }
        let mut win: Option<(u16, usize)> = None;
        let mut best: Option<(u32, f64, usize)> = None;
        let mut loss: Option<(u16, u32, usize)> = None;
        for (i, edge) in self.child_edges(idx) {
            let ch = &edge.stats;
            let visits = ch.visits();
            if visits == 0 {
                continue;
            }
            match ch.proven() {
                1 => {
                    let d = ch.dist();
                    if win.is_none_or(|(wd, _)| d < wd) {
                        win = Some((d, i));
                    }
                }
                -1 => {
                    let d = ch.dist();
                    if loss.is_none_or(|(ld, lv, _)| (d, visits) > (ld, lv)) {
                        loss = Some((d, visits, i));
                    }
                }
                _ => {
                    let mean = ch.mean();
                    if best.is_none_or(|(bv, bm, _)| (visits, mean) > (bv, bm)) {
                        best = Some((visits, mean, i));
                    }
                }
            }
        }
        win.map(|w| w.1).or(best.map(|b| b.2)).or(loss.map(|l| l.2))
    }

    /// The expected result for the root's side to move in [-1, 1]: exact once proven, else the
    /// mean of the best child.
    pub fn score(&self) -> f64 {
        let root = &self.root_stats;
        if root.proven() != UNKNOWN {
            return root.proven() as f64;
        }
        match self.best_child(0) {
            Some(c) => {
                let ch = self.stats(c);
                match ch.proven() {
                    UNKNOWN => ch.mean(),
                    p => p as f64,
                }
            }
            None => 0.0,
        }
    }

    /// When the root's value is proven: the value for its side to move (-1, 0 or 1) and the
    /// whole turns (both sides' turns counted) until the game ends along the proof, the winner
    /// taking the quickest win and the loser the slowest loss.
    pub fn proven(&self) -> Option<(i8, u32)> {
        let value = self.root_stats.proven();
        if value == UNKNOWN {
            return None;
        }
        let mut turns = 0;
        let mut idx = 0;
        while let Some(c) = self.best_child(idx) {
            if self.stats(c).proven() == UNKNOWN {
                break;
            }
            if self.nodes[c].is_turn_start() {
                turns += 1;
            }
            idx = c;
        }
        Some((value, turns))
    }

    /// True once the root's value is proven.
    pub fn root_proven(&self) -> bool {
        self.root_stats.proven() != UNKNOWN
    }

    /// True when the root has a single step that is not a proven loss, and it ends the turn:
    /// nothing to think about.
    pub fn single_reply(&self) -> bool {
        let Some(list) = self.nodes[0].edges() else {
            return false;
        };
        let mut created = 0;
        let mut alive = None;
        for (i, edge) in self.child_edges(0) {
            created += 1;
            if edge.stats.proven() != -1 {
                if alive.is_some() {
                    return false;
                }
                alive = Some(i);
            }
        }
        created == list.len()
            && alive.is_some_and(|i| self.stats(i).visits() > 0 && self.nodes[i].is_turn_start())
    }

    /// When the best root step ends the turn: how many more visits the runner-up needs to
    /// catch up with it. `None` when the root step does not end the turn (the later steps of the
    /// turn may still change with more search) or nothing is known yet.
    pub fn root_lead(&self) -> Option<u64> {
        let best = self.best_child(0)?;
        let b = self.stats(best);
        if !self.nodes[best].is_turn_start() || b.proven() != UNKNOWN {
            return None;
        }
        let second = self
            .child_edges(0)
            .filter(|&(i, e)| i != best && e.stats.proven() != -1)
            .map(|(_, e)| e.stats.visits())
            .max()
            .unwrap_or(0);
        Some(u64::from(b.visits().saturating_sub(second)))
    }

    /// The number of whole turns the principal variation covers, counting only nodes with at
    /// least `min_visits` visits; `None` when it ends in a proven node (the game is decided
    /// within it, so no more depth is needed).
    pub fn pv_depth(&self, min_visits: u32) -> Option<u32> {
        let mut idx = 0;
        let mut turns = 0;
        loop {
            if self.stats(idx).proven() != UNKNOWN {
                return None;
            }
            match self.best_child(idx) {
                Some(c) if self.stats(c).visits() >= min_visits => {
                    if self.nodes[c].is_turn_start() {
                        turns += 1;
                    }
                    idx = c;
                }
                _ => return Some(turns),
            }
        }
    }

    /// The principal variation from the root, following the best children (see [`Pv`]).
    pub fn pv(&self) -> Pv<G::Step> {
        let mut pos = self.pos.clone();
        let mut steps = Vec::new();
        let mut turns = 0;
        let mut idx = 0;
        while let Some(c) = self.best_child(idx) {
            let step = self.step(c);
            if pos.at_turn_start() {
                turns += 1;
            }
            steps.push(step);
            pos.apply(step, None);
            idx = c;
        }
        Pv { steps, turns }
    }

    /// The steps of the turn to play: the best children from the root until the turn ends; if
    /// the tree stops first, the turn is finished greedily (a step that wins at once, else the
    /// best by `evaluate`, ties broken with `rng`). Empty when the root has no legal step.
    pub fn best_turn_steps(&self, rng: &mut SmallRng) -> Vec<G::Step> {
        let mut pos = self.pos.clone();
        let mut steps = Vec::new();
        let mut idx = Some(0);
        loop {
            let step = match idx.and_then(|i| self.best_child(i)) {
                Some(c) => {
                    idx = Some(c);
                    self.step(c)
                }
                None => {
                    idx = None;
                    match greedy_step(&mut pos, rng) {
                        Some(s) => s,
                        None => break,
                    }
                }
            };
            steps.push(step);
            pos.apply(step, None);
            if pos.at_turn_start() {
                break;
            }
        }
        steps
    }

    /// Nodes in the tree (but for those the workers' blocks still count).
    pub fn size(&self) -> usize {
        self.made.load(Relaxed)
    }

    /// The position at the root.
    pub fn root(&self) -> &G {
        &self.pos
    }

    /// The search parameters.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The visits of the root.
    pub fn root_visits(&self) -> u32 {
        self.root_stats.visits()
    }
}
