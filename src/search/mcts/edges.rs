//! What the search tree is made of: a node's statistics ([`Stats`]), the table of edges an
//! expanded node owns (one [`Edge`] a legal step: the step, the statistics of the child it
//! leads to and that child's index), and the node itself ([`Node`]).
//!
//! * **A table of children.** A node's statistics live in its parent's table, beside its
//!   siblings', not in the node: choosing a child (the hottest loop of the search) reads the
//!   tried part of one table in one sweep (24 bytes an edge in Guerrilla Checkers, 32 in
//!   Guerrilla), instead of following a list of nodes spread over the arena (a cache line
//!   each, each link known only once the previous node is read). The node keeps what is read
//!   once it is reached: its own table, how many of its steps have been tried, whether it
//!   starts a turn, and where its statistics are (its parent and its slot there). The root's
//!   statistics are the tree's own.
//! * **Allocated once.** The table is created whole when the node is expanded (its legal steps
//!   in a shuffled order, each with empty statistics and no child) and never grows or moves.
//!   The first `tried` edges have a child (or are being given one): the children, the last
//!   created first, are those edges read backwards, the order in which the search has always
//!   visited them.
//! * **Publication.** A thread claims an edge by raising `tried` (a compare-and-swap), writes
//!   the child node (its parent and slot), then stores the child's index in the edge with
//!   release; readers load it with acquire and skip an edge whose child is not published yet.
//!   Statistics are counters and the table a [`OnceLock`]: nothing here is `unsafe`.

use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicI8, AtomicU16, AtomicU32};
use std::sync::OnceLock;

/// `proven` value of a node whose game-theoretic value is not known.
pub(super) const UNKNOWN: i8 = i8::MIN;
/// No node (an edge without a child yet).
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

/// The statistics of a node, from the point of view of its *mover* (the side to move at the
/// parent; the root's own side for the root).
pub(super) struct Stats {
    /// Sum of the results for the mover, in fixed point ([`SCALE`]), virtual losses included.
    pub value: AtomicI64,
    /// Visits, counting the iterations under way through the node (virtual losses).
    pub visits: AtomicU32,
    /// Steps to the end of the game along the proof (quickest win, slowest loss).
    pub dist: AtomicU16,
    /// -1, 0 or 1 for the mover once proven, else [`UNKNOWN`]. Written after `dist`.
    pub proven: AtomicI8,
}

impl Stats {
    pub(super) fn new() -> Self {
        Stats {
            value: AtomicI64::new(0),
            visits: AtomicU32::new(0),
            dist: AtomicU16::new(0),
            proven: AtomicI8::new(UNKNOWN),
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

    /// Counts a visit and a virtual loss for the mover (an iteration going through).
    #[inline]
    pub fn enter(&self) {
        self.visits.fetch_add(1, Relaxed);
        self.value.fetch_sub(LOSS, Relaxed);
    }

    /// Ends an iteration that [`Stats::enter`]ed: `result` (fixed point, for the mover)
    /// replaces the virtual loss, or with `None` (aborted) the visit is taken back.
    #[inline]
    pub fn leave(&self, result: Option<i64>) {
        match result {
            Some(v) => {
                self.value.fetch_add(v + LOSS, Relaxed);
            }
            None => {
                self.visits.fetch_sub(1, Relaxed);
                self.value.fetch_add(LOSS, Relaxed);
            }
        }
    }

    /// Adds `visits` visits with the results `value` (fixed point, for the mover).
    #[inline]
    pub fn add(&self, visits: u32, value: i64) {
        self.visits.fetch_add(visits, Relaxed);
        self.value.fetch_add(value, Relaxed);
    }

    /// Makes these statistics a copy of `from`'s (on one thread: a copy of a kept tree).
    pub fn copy_from(&self, from: &Stats) {
        self.visits.store(from.visits(), Relaxed);
        self.value.store(from.value.load(Relaxed), Relaxed);
        self.dist.store(from.dist(), Relaxed);
        self.proven.store(from.proven(), Relaxed);
    }
}

/// One legal step of an expanded node: the step, the statistics of the child it leads to, and
/// the child's index once it is published ([`NONE`] before).
pub(super) struct Edge<S> {
    pub stats: Stats,
    pub child: AtomicU32,
    pub step: S,
}

impl<S> Edge<S> {
    /// The child's index, once published (see the module documentation).
    #[inline]
    pub fn child(&self) -> Option<usize> {
        let c = self.child.load(Acquire);
        (c != NONE).then_some(c as usize)
    }
}

/// The slot of `edge` in `table`, the table it belongs to: its place, from the addresses (no
/// search of the table, nothing `unsafe`: addresses compared as numbers).
#[inline]
pub(super) fn slot_in<S>(table: &[Edge<S>], edge: &Edge<S>) -> u32 {
    let offset = edge as *const Edge<S> as usize - table.as_ptr() as usize;
    debug_assert!(offset / std::mem::size_of::<Edge<S>>() < table.len());
    (offset / std::mem::size_of::<Edge<S>>()) as u32
}

/// One node of the tree: a position one step after its parent. Its statistics are its edge's
/// in the parent's table ([`super::Tree::stats`]).
pub(super) struct Node<S> {
    /// Once expanded, the node's legal steps in a shuffled order, each an edge; the first
    /// `tried` of them have a child (or are being given one).
    edges: OnceLock<Box<[Edge<S>]>>,
    pub tried: AtomicU32,
    /// The parent and the slot of this node's edge in the parent's table (unused for the
    /// root). Written before the node is published.
    pub parent: AtomicU32,
    pub slot: AtomicU32,
    /// The position at this node is a turn start (known once visited).
    pub turn_start: AtomicBool,
}

impl<S> Node<S> {
    pub(super) fn empty() -> Self {
        Node {
            edges: OnceLock::new(),
            tried: AtomicU32::new(0),
            parent: AtomicU32::new(NONE),
            slot: AtomicU32::new(0),
            turn_start: AtomicBool::new(false),
        }
    }

    /// The table of edges once expanded.
    #[inline]
    pub fn edges(&self) -> Option<&[Edge<S>]> {
        self.edges.get().map(|b| &b[..])
    }

    /// Expands the node with a table of `steps`, in their order; false when another thread
    /// expanded it first.
    pub fn set_edges(&self, steps: impl Iterator<Item = S>) -> bool {
        let table: Box<[Edge<S>]> = steps
            .map(|step| Edge {
                stats: Stats::new(),
                child: AtomicU32::new(NONE),
                step,
            })
            .collect();
        self.edges.set(table).is_ok()
    }

    #[inline]
    pub fn expanded(&self) -> bool {
        self.edges.get().is_some()
    }

    #[inline]
    pub fn is_turn_start(&self) -> bool {
        self.turn_start.load(Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::{Edge, Node};
    use crate::checkers::Checkers;
    use crate::game::prelude::*;
    use crate::search::{Limits, Request};

    /// An edge is 24 bytes in Guerrilla Checkers and 32 in Guerrilla (its steps are bigger),
    /// so that a table of a dozen children is a few cache lines; a node is 40.
    #[test]
    fn an_edge_is_24_or_32_bytes_and_a_node_40() {
        assert_eq!(std::mem::size_of::<Edge<crate::checkers::Step>>(), 24);
        assert_eq!(std::mem::size_of::<Edge<crate::wells::Step>>(), 32);
        assert_eq!(std::mem::size_of::<Node<crate::checkers::Step>>(), 40);
        assert_eq!(std::mem::size_of::<Node<crate::wells::Step>>(), 40);
    }

    /// The bytes a Guerrilla Checkers iteration adds to the tree, from the start position, one
    /// thread, `go nodes 100000`, as `Hash` counts them, and what the same tree would count
    /// with a list of 64-byte nodes and a list of steps (3 bytes a step) per expanded node:
    /// `cargo test --release --lib bytes_an_iteration_adds -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement: prints the figures"]
    fn bytes_an_iteration_adds() {
        let pos = Checkers::new(&Default::default());
        let stop = AtomicBool::new(false);
        let iterations = 100_000;
        let request = Request {
            limits: Limits {
                nodes: Some(iterations),
                ..Limits::default()
            },
            ..Request::new(&pos, &stop)
        };
        let answer = request.run(&mut |_| {});
        let tree = &answer.kept.expect("a kept tree").tree;
        let nodes = tree.size();
        let (mut tables, mut edges) = (0usize, 0usize);
        for i in 0..nodes {
            if let Some(e) = tree.nodes[i].edges() {
                tables += 1;
                edges += e.len();
            }
        }
        let step = std::mem::size_of::<crate::checkers::Step>();
        let list = nodes * 64 + edges * step + tables * 16;
        let per = |b: usize| b as f64 / iterations as f64;
        println!(
            "{nodes} nodes, {tables} expanded, {edges} edges; tree {} bytes, {:.1} an iteration; \
             as lists {list} bytes, {:.1} an iteration",
            tree.memory(),
            per(tree.memory()),
            per(list)
        );
        assert_eq!(
            tree.memory(),
            nodes * std::mem::size_of::<Node<crate::checkers::Step>>()
                + edges * std::mem::size_of::<Edge<crate::checkers::Step>>()
                + tables * 16
        );
    }
}
