//! The search tree that every thread of a search grows at once: its nodes, their statistics
//! and the read side (the move to play, the principal variation, the score, proofs).
//!
//! * **Shared without a lock.** Every field a thread may change during a search is an atomic
//!   or a [`OnceLock`]: a node's step and its list of legal steps are written once, before the
//!   node (or the list) is published; statistics are counters. Nothing here is `unsafe`.
//! * **Publication.** A child is created by the thread that claims its step (`tried`, a
//!   compare-and-swap), written whole into a fresh arena slot and then pushed at the head of
//!   its parent's child list with a release compare-and-swap; readers follow the list with
//!   acquire loads, so a child they reach is complete.
//! * **Values in fixed point.** A node's value is the sum of its results, each scaled by
//!   [`SCALE`] and rounded, in an `i64`: sums are exact and their order does not matter, so a
//!   one-thread search is deterministic and concurrent additions need no loop.
//! * **Virtual loss.** A thread descending through a node counts a visit and a loss for the
//!   node's mover at once ([`Tree::enter`]), and turns the loss into the real result when the
//!   iteration ends ([`Tree::leave`]): the other threads see the node as less attractive while
//!   an iteration is under way through it, and spread out. With one thread the count is the
//!   same as adding the visit at the end.
//! * **Memory.** Nodes live in an arena of fixed-size chunks (`arena.rs`; growing never copies, and a
//!   chunk is created by the first thread that needs it); the bytes of nodes and step lists
//!   are counted, and nothing new is created once [`Params::max_memory`] is reached.

use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicI8, AtomicU16, AtomicU32, AtomicUsize};
use std::sync::OnceLock;

use crossbeam_utils::CachePadded;

use rand::rngs::SmallRng;

use super::arena::{Arena, Block, CHUNK};
use super::{greedy_step, Params, Pv};
use crate::game::SearchHints;
use crate::game::Side;

/// `proven` value of a node whose game-theoretic value is not known.
pub(super) const UNKNOWN: i8 = i8::MIN;
/// No node (end of a child list, or no child yet).
pub(super) const NONE: u32 = u32::MAX;
/// Fixed-point scale of values: a result `v` in [-1, 1] adds `round(v · SCALE)`. With 2^30,
/// 2^33 results of ±1 fit an `i64`, more than a node's `u32` visits can count.
pub(super) const SCALE: f64 = (1u64 << 30) as f64;
/// One virtual loss, in fixed point.
const LOSS: i64 = 1 << 30;

/// A value `v` in [-1, 1] in fixed point.
#[inline]
pub(super) fn fixed(v: f64) -> i64 {
    (v * SCALE).round() as i64
}

/// One node of the tree: a position one step after its parent. Values are from the point of
/// view of the node's *mover* (the side to move at the parent; the root's own side for the
/// root). Aligned to a cache line, so that threads writing two different nodes never write
/// the same line.
#[repr(align(64))]
pub(super) struct Node<S> {
    /// The step from the parent; unset only for the root.
    pub step: OnceLock<S>,
    /// The children created so far form a list: the last created, then its `next_sibling`s.
    pub first_child: AtomicU32,
    pub next_sibling: AtomicU32,
    /// Once expanded, the node's legal steps in a shuffled order; the first `tried` of them
    /// have a child (or are being given one).
    pub steps: OnceLock<Box<[S]>>,
    pub tried: AtomicU32,
    /// Visits, counting the iterations under way through the node (virtual losses).
    pub visits: AtomicU32,
    /// Sum of the results for the mover, in fixed point ([`SCALE`]), virtual losses included.
    pub value: AtomicI64,
    /// -1, 0 or 1 for the mover once proven, else [`UNKNOWN`]. Written after `dist`.
    pub proven: AtomicI8,
    /// Steps to the end of the game along the proof (quickest win, slowest loss).
    pub dist: AtomicU16,
    /// The position at this node is a turn start (known once visited).
    pub turn_start: AtomicBool,
}

impl<S> Node<S> {
    pub(super) fn empty() -> Self {
        Node {
            step: OnceLock::new(),
            first_child: AtomicU32::new(NONE),
            next_sibling: AtomicU32::new(NONE),
            steps: OnceLock::new(),
            tried: AtomicU32::new(0),
            visits: AtomicU32::new(0),
            value: AtomicI64::new(0),
            proven: AtomicI8::new(UNKNOWN),
            dist: AtomicU16::new(0),
            turn_start: AtomicBool::new(false),
        }
    }

    #[inline]
    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    #[inline]
    pub fn proven(&self) -> i8 {
        self.proven.load(Acquire)
    }

    #[inline]
    pub fn dist(&self) -> u16 {
        self.dist.load(Relaxed)
    }

    /// Sets the proof (the distance first, so that a reader who sees the value sees it).
    #[inline]
    pub fn prove(&self, value: i8, dist: u16) {
        self.dist.store(dist, Relaxed);
        self.proven.store(value, Release);
    }

    /// The sum of results as a float (virtual losses of iterations under way included).
    #[inline]
    pub fn value_sum(&self) -> f64 {
        self.value.load(Relaxed) as f64 / SCALE
    }

    /// [`Node::value_sum`] over `n`, to the last bit, in one division instead of two: scaling
    /// by [`SCALE`], a power of two, is exact either way.
    #[inline]
    pub fn value_over(&self, n: u32) -> f64 {
        self.value.load(Relaxed) as f64 / (SCALE * f64::from(n))
    }

    /// The mean result for the mover, 0 before the first visit.
    #[inline]
    pub fn mean(&self) -> f64 {
        let n = self.visits();
        if n == 0 {
            0.0
        } else {
            self.value_sum() / n as f64
        }
    }

    /// The legal steps once expanded.
    #[inline]
    pub fn step_list(&self) -> Option<&[S]> {
        self.steps.get().map(|b| &b[..])
    }

    pub fn expanded(&self) -> bool {
        self.steps.get().is_some()
    }

    pub fn is_turn_start(&self) -> bool {
        self.turn_start.load(Relaxed)
    }
}

impl<S: Copy> Node<S> {
    pub fn the_step(&self) -> S {
        *self.step.get().expect("a child has a step")
    }
}

/// A search tree over positions of `G`, rooted at the position it was created with, shared by
/// the threads of a search (each with its own [`super::Worker`]).
pub(crate) struct Tree<G: SearchHints> {
    pub(super) params: Params,
    pub(super) nodes: Arena<G::Step>,
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
        let nodes = Arena::with_capacity(cap.min(NONE as usize - 1));
        let tree = Tree {
            root_side: root.side_to_move(),
            pos: root.clone(),
            params,
            nodes,
            used: CachePadded::new(AtomicUsize::new(0)),
            made: CachePadded::new(AtomicUsize::new(0)),
            warned: AtomicBool::new(false),
            among: Vec::new(),
        };
        let r = tree.alloc().expect("room for the root");
        debug_assert_eq!(r, 0);
        let node = &tree.nodes[0];
        node.turn_start.store(root.at_turn_start(), Relaxed);
        if let Some(o) = root.outcome() {
            node.prove(super::outcome_value(o, root.side_to_move()) as i8, 0);
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

    /// The bytes of a step list of `n` steps.
    pub(super) fn list_bytes(n: usize) -> usize {
        n * std::mem::size_of::<G::Step>() + std::mem::size_of::<usize>() * 2
    }

    /// Counts the bytes of a step list of `n` steps made on one thread (a copy of a kept tree).
    pub(super) fn count_steps(&self, n: usize) {
        self.used.fetch_add(Self::list_bytes(n), Relaxed);
    }

    /// The children of `idx` created so far (published ones).
    pub(super) fn children(&self, idx: usize) -> impl Iterator<Item = usize> + '_ {
        let mut next = self.nodes[idx].first_child.load(Acquire);
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let c = next as usize;
                next = self.nodes[c].next_sibling.load(Acquire);
                c
            })
        })
    }

    /// The children of `idx` created so far, with their nodes (each looked up once).
    #[inline]
    pub(super) fn child_nodes(
        &self,
        idx: usize,
    ) -> impl Iterator<Item = (usize, &Node<G::Step>)> + '_ {
        let mut next = self.nodes[idx].first_child.load(Acquire);
        let mut chunk = (usize::MAX, None);
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let c = next as usize;
                if c / CHUNK != chunk.0 {
                    chunk = (c / CHUNK, Some(self.nodes.chunk(c / CHUNK)));
                }
                let node = &chunk.1.expect("the chunk was looked up")[c % CHUNK];
                next = node.next_sibling.load(Acquire);
                (c, node)
            })
        })
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
            + steps * std::mem::size_of::<G::Step>()
            <= self.params.max_memory
    }

    /// Counts a visit and a virtual loss for the mover of `idx` (an iteration going through).
    #[inline]
    pub(super) fn enter(&self, idx: usize) {
        let n = &self.nodes[idx];
        n.visits.fetch_add(1, Relaxed);
        n.value.fetch_sub(LOSS, Relaxed);
    }

    /// Ends an iteration through `idx` that [`Tree::enter`]ed it: `result` (fixed point, for
    /// the mover) replaces the virtual loss, or with `None` (aborted) the visit is taken back.
    #[inline]
    pub(super) fn leave(&self, idx: usize, result: Option<i64>) {
        let n = &self.nodes[idx];
        match result {
            Some(v) => {
                n.value.fetch_add(v + LOSS, Relaxed);
            }
            None => {
                n.visits.fetch_sub(1, Relaxed);
                n.value.fetch_add(LOSS, Relaxed);
            }
        }
    }

    /// Adds `visits` visits with the results `value` (fixed point, for the mover) to `idx`.
    #[inline]
    pub(super) fn add(&self, idx: usize, visits: u32, value: i64) {
        let n = &self.nodes[idx];
        n.visits.fetch_add(visits, Relaxed);
        n.value.fetch_add(value, Relaxed);
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
        for (i, ch) in self.child_nodes(idx) {
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
        let root = &self.nodes[0];
        if root.proven() != UNKNOWN {
            return root.proven() as f64;
        }
        match self.best_child(0) {
            Some(c) => {
                let ch = &self.nodes[c];
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
        let value = self.nodes[0].proven();
        if value == UNKNOWN {
            return None;
        }
        let mut turns = 0;
        let mut idx = 0;
        while let Some(c) = self.best_child(idx) {
            if self.nodes[c].proven() == UNKNOWN {
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
        self.nodes[0].proven() != UNKNOWN
    }

    /// True when the root has a single step that is not a proven loss, and it ends the turn:
    /// nothing to think about.
    pub fn single_reply(&self) -> bool {
        let root = &self.nodes[0];
        let Some(list) = root.step_list() else {
            return false;
        };
        let mut created = 0;
        let mut alive = None;
        for i in self.children(0) {
            created += 1;
            if self.nodes[i].proven() != -1 {
                if alive.is_some() {
                    return false;
                }
                alive = Some(i);
            }
        }
        created == list.len()
            && alive.is_some_and(|i| self.nodes[i].visits() > 0 && self.nodes[i].is_turn_start())
    }

    /// When the best root step ends the turn: how many more visits the runner-up needs to
    /// catch up with it. `None` when the root step does not end the turn (the later steps of the
    /// turn may still change with more search) or nothing is known yet.
    pub fn root_lead(&self) -> Option<u64> {
        let best = self.best_child(0)?;
        let b = &self.nodes[best];
        if !b.is_turn_start() || b.proven() != UNKNOWN {
            return None;
        }
        let second = self
            .children(0)
            .filter(|&i| i != best && self.nodes[i].proven() != -1)
            .map(|i| self.nodes[i].visits())
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
            if self.nodes[idx].proven() != UNKNOWN {
                return None;
            }
            match self.best_child(idx) {
                Some(c) if self.nodes[c].visits() >= min_visits => {
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
            let step = self.nodes[c].the_step();
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
                    self.nodes[c].the_step()
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
        self.nodes[0].visits()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_node_is_one_cache_line() {
        use super::Node;
        assert_eq!(std::mem::size_of::<Node<crate::checkers::Step>>(), 64);
        assert_eq!(std::mem::size_of::<Node<crate::wells::Step>>(), 64);
    }
}
