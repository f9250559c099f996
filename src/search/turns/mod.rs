//! The turn search ([`TurnSearch`]): drawing turns, its tree of whole turns and the lines it
//! reports (its driver in `driver.rs`, its helper threads in `helpers.rs`, its report in
//! `lines.rs`).
//! Best-first minimax over **whole turns drawn at random** by the game's turn policy ([`SearchHints::turn_step`]), each scored by [`SearchHints::evaluate`]
//! where it ends. For a game whose turn is many steps with many options each (Guerrilla: every
//! growth, the new group, every jump, the kills), where a tree over single steps stays too
//! shallow to see the opponent's answer to a turn (Guerrilla names it as its `full` level's
//! searcher in `src/games.rs`).
//!
//! * **A node is a turn start** (the root may be in the middle of a turn: its children are then
//!   the distinct ends of the turn begun); its children are distinct turns (distinct positions after them,
//!   by [`Position::hash`](crate::game::Position::hash)) drawn from it step by step, plus the game's
//!   [`SearchHints::candidate_turns`] (Guerrilla: the pass and the greedy turn). A child's
//!   value is for the side that plays the turn: the evaluation of the position it leads to
//!   (turned to that side), the result when the game is over there, or, once the child is
//!   expanded itself, minus the best value of its own children (negamax).
//! * **Best first.** Each iteration walks from the root along the best child of each node to a
//!   child not expanded yet, and expands it: draws [`TurnParams::first_batch`] answers to the
//!   turn. The values are backed up along the walk. So the turn that looks best is checked
//!   against the opponent's answers first; when an answer refutes it, another takes its place.
//! * **Widening.** A node on the walk draws more turns of its own ([`TurnParams::widen_batch`])
//!   while it has drawn fewer than [`TurnParams::first_batch`] +
//!   [`TurnParams::widen_per_visit`] × its visits: the lines searched most get the most
//!   candidates. The root draws while its draws are under [`TurnParams::root_share`] of all.
//! * **The turn played** is the best child of the root among those whose answers were looked at
//!   (the best of all when none was); a child that wins at once ends a timed search.
//! * **Time.** A timed search stops at [`Limits::deadline`](super::Limits::deadline), the
//!   same margin as the tree search's; the clock is read before every turn drawn.
//! * **Budget.** `nodes n` is `n` turns drawn in all (candidates included); the search is
//!   deterministic for a seed under a node budget: no clock reading enters a decision. The tree
//!   keeps the positions of expanded nodes only and stays within [`TurnParams::max_memory`]:
//!   once that is reached the search ends (`infinite` waits for `stop`).
//!
//! * **`nodes 0`** plays the greedy turn, as the tree search does with an empty budget.
//!
//! * **Threads.** With `Threads` above 1, helper threads draw shares of each batch of turns
//!   (`helpers.rs`); the tree stays with the search's own thread.
//!
//! No tree is kept from one search to the next.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashSet;

use super::{Answer, Cadence, Current, Info, Request, Searcher, TreeSearch};
use crate::game::{defaults, SearchHints};
use crate::game::{Outcome, Side};
use helpers::{Drawn, Helpers};

mod driver;
mod helpers;
mod lines;

use driver::search_turns;

/// The turn search, a [`Searcher`] (the `full` level of a game that names it). Its memory is the
/// configuration's `Hash`; its threads, the configuration's `Threads` (`helpers.rs`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnSearch {
    /// Its parameters; `max_memory` is replaced by the configuration's `Hash`.
    pub params: TurnParams,
}

impl<G: SearchHints> Searcher<G> for TurnSearch {
    fn run(
        &self,
        mut request: Request<'_, G>,
        on_info: &mut dyn FnMut(&Info<G::Step>),
    ) -> Answer<G> {
        if !request.limits.infinite && request.limits.nodes == Some(0) {
            return TreeSearch::default().run(request, on_info);
        }
        request.discard_kept();
        let params = TurnParams {
            max_memory: request.config.memory(),
            ..self.params.clone()
        };
        let steps = search_turns(&request, &params, on_info);
        Answer { steps, kept: None }
    }
}

/// The parameters of the turn search. `Default`: the searches' shared defaults of
/// [`defaults`] (memory, reports, the depth cap) and the turn search's own values.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnParams {
    /// Turns drawn at the root before any answer is looked at.
    pub root_first: u32,
    /// The root draws more turns while its draws are under this share of all turns drawn.
    pub root_share: f64,
    /// Turns drawn when a node below the root is expanded (the opponent's answers to a turn).
    pub first_batch: u32,
    /// Turns drawn when a node widens.
    pub widen_batch: u32,
    /// A node below the root widens while it has drawn fewer than `first_batch` + this × its
    /// visits.
    pub widen_per_visit: f64,
    /// The most bytes the tree may hold (positions of expanded nodes, turns and hashes).
    pub max_memory: usize,
    /// Period of `info` reports when the search is timed or infinite.
    pub info_period: Duration,
    /// Period of `info` reports, in turns drawn, under a node budget.
    pub info_every: u64,
    /// A `depth d` search draws at most `d ×` this many turns.
    pub depth_nodes_cap: u64,
}

impl Default for TurnParams {
    fn default() -> Self {
        TurnParams {
            root_first: 64,
            root_share: 0.7,
            first_batch: 96,
            widen_batch: 16,
            widen_per_visit: 8.0,
            max_memory: defaults::MAX_MEMORY,
            info_period: defaults::INFO_PERIOD,
            info_every: defaults::INFO_EVERY,
            depth_nodes_cap: defaults::DEPTH_NODES_CAP,
        }
    }
}

impl TurnParams {
    /// The most turns one batch draws (the root's first turns, an expansion or a widening):
    /// the slots a turn search with helpers needs.
    fn largest_batch(&self) -> u32 {
        self.root_first.max(self.first_batch).max(self.widen_batch)
    }
}

/// Internal value of a finished game won by the side that played into it: above every
/// evaluation (which lies in [-1, 1]), so that a sure win is preferred to a near-sure one.
const WIN: f64 = 2.0;
/// No node.
const NONE: u32 = u32::MAX;
/// Times each candidate turn is drawn (finished by the policy: the kills after a pass may be a
/// choice); once when it is a whole turn.
const CANDIDATE_DRAWS: u32 = 4;

/// Draws in a row that find only turns drawn before, after which a node stops widening.
const STALE: u32 = 3;

/// A turn drawn at a node.
struct Child<S> {
    /// The turn's chosen steps (forced ones are taken by `apply`).
    steps: Box<[S]>,
    /// The value of the turn for the side that plays it (see the module documentation).
    value: f64,
    /// The node of the position after it, once expanded.
    node: u32,
    /// The game is over after it: `value` is exact.
    terminal: bool,
}

/// An expanded turn start.
struct Node<G: SearchHints> {
    /// Its position, shared with the helpers while they draw a batch from it (no copy a batch;
    /// a node of the tree stays a few words, so that the tree grows without moving positions).
    pos: Arc<G>,
    children: Vec<Child<G::Step>>,
    /// Hashes of the positions the children lead to (a turn drawn again is not kept twice);
    /// the positions' hashes are mixed already, so the set's hasher is a cheap one.
    seen: FxHashSet<u64>,
    /// Turns drawn here, duplicates included.
    drawn: u32,
    visits: u32,
    /// Draws in a row that found only duplicates: at [`STALE`], the node stops widening.
    stale: u32,
}

impl<G: SearchHints> Node<G> {
    /// The index of the best child for the side to move, the first among equals.
    fn best(&self) -> Option<usize> {
        let mut best = None;
        let mut value = f64::NEG_INFINITY;
        for (i, c) in self.children.iter().enumerate() {
            if c.value > value {
                value = c.value;
                best = Some(i);
            }
        }
        best
    }

    /// The node's value for its side to move: its best child's.
    fn value(&self) -> f64 {
        self.best().map_or(0.0, |i| self.children[i].value)
    }
}

/// The whole search's state.
struct Search<'a, G: SearchHints> {
    nodes: Vec<Node<G>>,
    params: &'a TurnParams,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    /// Set while a ponder search ponders: no limit applies until `ponderhit` clears it.
    pondering: Option<&'a AtomicBool>,
    /// The turns that may be drawn in all (`nodes`, `depth`).
    budget: Option<u64>,
    /// Draw even when halted (the first turn of a search stopped before it began).
    forced: bool,
    rng: SmallRng,
    /// Turns drawn in all (the node budget's unit).
    drawn: u64,
    /// Slots of a batch handed to the helpers and not added yet: the budget keeps them.
    reserved: u64,
    /// Steps applied (the bench's signature unit).
    visited: u64,
    memory: usize,
    buf: Vec<G::Step>,
    /// The root's child the last iteration went down (the turn the search is on).
    last_root: Option<usize>,
    /// The threads that draw shares of each batch (several threads only).
    helpers: Option<&'a Helpers<'a, G>>,
}

impl<G: SearchHints> Search<'_, G> {
    fn new_node(&mut self, pos: G) -> u32 {
        // The node, its position and the shared pointer's two counters.
        self.memory += std::mem::size_of::<Node<G>>() + std::mem::size_of::<G>() + 16;
        self.nodes.push(Node {
            pos: Arc::new(pos),
            children: Vec::new(),
            seen: FxHashSet::default(),
            drawn: 0,
            visits: 0,
            stale: 0,
        });
        (self.nodes.len() - 1) as u32
    }

    fn full(&self) -> bool {
        self.memory >= self.params.max_memory
    }

    /// The search must end: `stop`, the deadline or the budget (which do not apply while it
    /// ponders).
    fn halted(&self) -> bool {
        let pondering = self.pondering.is_some_and(|p| p.load(Ordering::Relaxed));
        !self.forced
            && (self.stop.load(Ordering::Relaxed)
                || (!pondering
                    && (self.deadline.is_some_and(|d| Instant::now() >= d)
                        || self.budget.is_some_and(|b| self.drawn + self.reserved >= b))))
    }

    /// Adds the child reached by `steps` from node `n` (already applied to `after`) unless its
    /// position is there already; true when it is new.
    fn add_child(&mut self, n: usize, steps: &[G::Step], after: &G) -> bool {
        let scored = helpers::scored(after, self.nodes[n].pos.side_to_move());
        self.add_drawn(n, Drawn { steps, scored })
    }

    /// Adds the turn `d` drawn at node `n` unless its position is there already; true when it
    /// is new.
    fn add_drawn(&mut self, n: usize, d: Drawn<'_, G::Step>) -> bool {
        let node = &mut self.nodes[n];
        if !node.seen.insert(d.scored.hash) {
            return false;
        }
        self.memory += std::mem::size_of_val(d.steps) + std::mem::size_of::<Child<G::Step>>() + 16;
        node.children.push(Child {
            steps: d.steps.into(),
            value: d.scored.value,
            node: NONE,
            terminal: d.scored.terminal,
        });
        true
    }

    /// Draws a turn at node `n`, starting with `prefix` (steps of a candidate turn) and finished
    /// by the turn policy, and adds it unless its position is there already: `Some(true)` when it
    /// is new, `None` when nothing could be drawn.
    fn draw_one(&mut self, n: usize, prefix: &[G::Step]) -> Option<bool> {
        self.draw_finished(n, prefix).map(|(fresh, _)| fresh)
    }

    /// [`Search::draw_one`], also telling whether the turn policy drew any step (a prefix that
    /// is a whole turn needs none, and drawing it again finds the same turn).
    fn draw_finished(&mut self, n: usize, prefix: &[G::Step]) -> Option<(bool, bool)> {
        let p = helpers::draw(&*self.nodes[n].pos, prefix, &mut self.rng, &mut self.buf);
        self.drawn += 1;
        self.visited += self.buf.len() as u64;
        if self.buf.is_empty() {
            return None;
        }
        let policy = self.buf.len() > prefix.len();
        let steps = std::mem::take(&mut self.buf);
        let fresh = self.add_child(n, &steps, &p);
        self.buf = steps;
        Some((fresh, policy))
    }

    /// Draws `count` turns at node `n` (on its first draw, its candidate turns first, each
    /// finished [`CANDIDATE_DRAWS`] times); returns the number of turns drawn. With helpers,
    /// the batch is handed out before the candidate turns are drawn, so that the helpers draw
    /// while this thread finds and draws them.
    fn draw(&mut self, n: usize, count: u32) -> u32 {
        let before = self.drawn;
        let shared = match self.helpers {
            Some(h) if count > 1 && !self.forced => Some(h),
            _ => None,
        };
        if let Some(h) = shared {
            self.start_shared(n, count, h);
        }
        let mut fresh = 0;
        if self.nodes[n].drawn == 0 {
            let mut cands = Vec::new();
            self.nodes[n].pos.candidate_turns(&mut cands);
            for prefix in cands {
                for _ in 0..CANDIDATE_DRAWS {
                    if self.halted() {
                        break;
                    }
                    let Some((new, policy)) = self.draw_finished(n, &prefix) else {
                        break;
                    };
                    fresh += u32::from(new);
                    if !policy {
                        break;
                    }
                }
            }
        }
        fresh += match shared {
            Some(h) => self.finish_shared(n, h),
            None => self.draw_own(n, count),
        };
        let drawn = (self.drawn - before) as u32;
        let node = &mut self.nodes[n];
        node.drawn += drawn;
        if drawn > 0 {
            node.stale = if fresh == 0 { node.stale + 1 } else { 0 };
        }
        drawn
    }

    /// Draws `count` turns at node `n` on this thread; returns the new ones.
    fn draw_own(&mut self, n: usize, count: u32) -> u32 {
        let mut fresh = 0;
        for _ in 0..count {
            if self.halted() {
                break;
            }
            fresh += u32::from(self.draw_one(n, &[]) == Some(true));
        }
        fresh
    }

    /// Hands the helpers a batch of `count` turns at node `n` (no more than the node budget
    /// leaves, the slots kept from this thread's own draws until the batch is added).
    fn start_shared(&mut self, n: usize, count: u32, h: &Helpers<'_, G>) {
        let pondering = self.pondering.is_some_and(|p| p.load(Ordering::Relaxed));
        let slots = match self.budget {
            Some(b) if !pondering => count.min(b.saturating_sub(self.drawn) as u32),
            _ => count,
        };
        self.reserved = u64::from(slots);
        h.start(&self.nodes[n].pos, slots, self.rng.random());
    }

    /// Draws the slots of the batch the helpers leave and adds every turn of the batch in slot
    /// order, those drawn already while slots are left (so that the adding overlaps the helpers'
    /// drawing), the rest once every helper is done; returns the new ones. A slot this thread
    /// draws when every slot before it is added is added at once, without being put.
    fn finish_shared(&mut self, n: usize, h: &Helpers<'_, G>) -> u32 {
        let (seed, slots) = (h.seed(), h.slots());
        self.reserved = 0;
        let mut fresh = 0;
        let mut next = 0;
        loop {
            while next < slots {
                let Some(f) = h.take(next, |d| self.add_slot(n, d)) else {
                    break;
                };
                fresh += f;
                next += 1;
            }
            let Some(slot) = h.claim() else {
                break;
            };
            let mut steps = std::mem::take(&mut self.buf);
            let scored = helpers::draw_slot(&*self.nodes[n].pos, seed, slot, &mut steps);
            if slot == next {
                fresh += self.add_slot(
                    n,
                    Drawn {
                        steps: &steps,
                        scored,
                    },
                );
                next += 1;
            } else {
                h.put(slot, &steps, scored);
            }
            self.buf = steps;
        }
        h.wait();
        for slot in next..slots {
            fresh += h.take(slot, |d| self.add_slot(n, d)).unwrap_or(0);
        }
        fresh
    }

    /// Counts the turn `d` of a batch at node `n` and adds it unless no step could be drawn or
    /// its position is there already: 1 when it is new.
    fn add_slot(&mut self, n: usize, d: Drawn<'_, G::Step>) -> u32 {
        self.drawn += 1;
        self.visited += d.steps.len() as u64;
        u32::from(!d.steps.is_empty() && self.add_drawn(n, d))
    }

    /// Whether node `n` draws more turns of its own before its best line is followed.
    fn widens(&self, n: usize) -> bool {
        let node = &self.nodes[n];
        if node.stale >= STALE {
            return false;
        }
        if n == 0 {
            (node.drawn as f64) < self.params.root_share * self.drawn as f64
        } else {
            (node.drawn as f64)
                < self.params.first_batch as f64 + self.params.widen_per_visit * node.visits as f64
        }
    }

    /// One iteration: down the best line to a turn not expanded yet, expanded; or a node on the
    /// way widened. Returns the turns drawn (at least 1: an iteration with nothing left to do
    /// counts one).
    fn iterate(&mut self) -> u32 {
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut n = 0usize;
        let drawn = loop {
            if self.widens(n) {
                break self.draw(n, self.params.widen_batch);
            }
            let Some(c) = self.nodes[n].best() else {
                break self.draw(n, self.params.widen_batch).max(1);
            };
            let child = &self.nodes[n].children[c];
            if child.terminal {
                // Nothing to search after a finished game: look for other turns here.
                break if self.nodes[n].stale < STALE {
                    self.draw(n, self.params.widen_batch).max(1)
                } else {
                    self.drawn += 1;
                    1
                };
            }
            path.push((n, c));
            if child.node == NONE {
                if self.full() {
                    self.drawn += 1;
                    break 1;
                }
                let mut pos = G::clone(&self.nodes[n].pos);
                for &s in child.steps.iter() {
                    pos.apply(s, None);
                }
                self.visited += child.steps.len() as u64;
                let m = self.new_node(pos);
                self.nodes[n].children[c].node = m;
                n = m as usize;
                break self.draw(n, self.params.first_batch).max(1);
            }
            n = child.node as usize;
        };
        if let Some(&(_, c)) = path.first() {
            self.last_root = Some(c);
        }
        // Back up: a node left without children (the search halted before its first draw)
        // keeps the value its parent gave it.
        let node = &mut self.nodes[n];
        node.visits += 1;
        let mut value = (!node.children.is_empty()).then(|| node.value());
        for &(p, c) in path.iter().rev() {
            let node = &mut self.nodes[p];
            node.visits += 1;
            if let Some(v) = value {
                node.children[c].value = -v;
            }
            value = Some(node.value());
        }
        drawn
    }
}

/// The value of `outcome` for `side`, [`WIN`] for a win.
fn outcome_value(outcome: Outcome, side: Side) -> f64 {
    match outcome {
        Outcome::Draw => 0.0,
        Outcome::Win(w) if w == side => WIN,
        Outcome::Win(_) => -WIN,
    }
}

/// The evaluation of `pos` (a game not over) for `side`.
fn value_for<G: SearchHints>(pos: &G, side: Side) -> f64 {
    let e = pos.evaluate();
    let e = if e.is_finite() {
        e.clamp(-1.0, 1.0)
    } else {
        0.0
    };
    if pos.side_to_move() == side {
        e
    } else {
        -e
    }
}
