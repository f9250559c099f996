//! Monte Carlo tree search (UCT with UCB1) over the steps of a game: its
//! [`Position`](crate::game::Position), with the search's [`SearchHints`].
//!
//! * **Nodes at every decision.** A node is a position reached by one step from its parent. A
//!   Guerrilla turn of seven steps is seven levels of the tree, all chosen by the same side; a
//!   Guerrilla Checkers turn is one level. Every node stores its statistics from the point of view
//!   of the side that chose the step into it (its *mover*: the side to move at the parent), so
//!   mid-turn levels and turn boundaries need no special case: the backed-up value is flipped
//!   exactly where the mover changes.
//! * **Playouts** draw steps with the game's playout policy [`SearchHints::playout_step`] (or
//!   uniformly, [`Position::random_step`](crate::game::Position::random_step), when [`Params::policy`] is
//!   off) until the game ends ([`Position::outcome`](crate::game::Position::outcome): win 1, draw 0, loss
//!   -1) or [`Params::playout_cap`] steps have been drawn, when [`SearchHints::evaluate`] scores
//!   the position for the side to move (or 0, when [`Params::eval_cutoff`] is off: the reference
//!   `uct` level). With a cap of 0 there is no playout: a new leaf is scored by
//!   [`SearchHints::evaluate`] at once (Guerrilla Checkers).
//! * **The turn played** follows the most visited children from the root until the turn ends; steps
//!   the tree has not reached are chosen greedily: a step that wins at once, else the best by
//!   `evaluate`, ties at random.
//! * **Solver.** Game-theoretic values are proven bottom-up (MCTS-Solver, Winands et al. 2008): a
//!   terminal node is proven; a node is a proven win for its side to move as soon as one child is,
//!   a proven loss (or draw) once every child is proven and none is better. Proven nodes end an
//!   iteration at once with their exact value, proven losses are never selected again, and the
//!   final choice prefers the quickest proven win. This makes wins and defences in one exact at
//!   tiny budgets.
//! * **Memory** is bounded by [`Params::max_memory`]. An expanded node stores its legal steps
//!   (shuffled) in a table of edges of its own (`edges.rs`); a child node is created only when its
//!   step is first tried, so the many steps never tried cost an edge each (24 or 32 bytes), not a
//!   node. Once the budget is used up,
//!   nothing more is created and the search goes on with playouts from the existing tree.
//! * **Threads share one tree** (`Tree`, see `tree.rs` for how it is shared without a lock): each
//!   thread runs its own `Worker` (working position, random stream, counts), and a virtual loss on
//!   the nodes an iteration goes through steers the other threads elsewhere; on the hot nodes
//!   near the root, which count none, a worker of odd number takes a runner-up nearly as good
//!   as the best (`deferred.rs`).
//! * **Determinism.** All randomness of a worker comes from its seeded [`SmallRng`]; when no time
//!   limit is set no clock reading influences any decision, so with one thread a node budget and a
//!   seed fix the result. With more threads, which thread reaches a node first depends on timing,
//!   so the result may vary from run to run.
//!
//! Files: this one holds the parameters and a worker's iteration (expansion, playout,
//! back-propagation); `choose.rs` the choice of a child (UCB1 over a node's table of edges, a new
//! child's publication) and the proofs from the children up; `tree.rs` the shared tree and what is read from it (the turn to play,
//! the principal variation, the score); `edges.rs` what a node holds (its table of edges, where
//! its children's statistics are); `arena.rs` its nodes' memory and each worker's block of
//! them; `deferred.rs` the statistics of hot nodes that threads add in batches; `reuse.rs` tree
//! reuse; `driver.rs` the searcher ([`TreeSearch`]): the threads, their limits and the reports.

use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use log::warn;
use rand::rngs::SmallRng;
use rand::Rng;

use crate::game::{defaults, SearchHints};
use crate::game::{Outcome, Side};
use arena::Block;
use deferred::Deferred;
pub use driver::{Kept, TreeSearch};
pub(crate) use tree::Tree;
use tree::{fixed, Stats, UNKNOWN};

mod arena;
mod choose;
mod deferred;
mod driver;
mod edges;
mod lines;
mod reuse;
mod tree;

/// The reference search's playout cap ([`Params::uct_reference`]): its own number, not the
/// default's, so that the yardstick stays where it is when the defaults move.
const REFERENCE_PLAYOUT_CAP: u32 = 5000;

/// Tunable parameters of the search. `Default` is the search for a game that gives it no help
/// (the constants of [`defaults`], which [`SearchHints`]'s defaults are too);
/// [`Params::for_game`] is what the protocol's `go` uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// UCB1 exploration constant `c` in `mean + c·sqrt(ln N / n)`, on the [-1, 1] value scale.
    pub exploration: f64,
    /// A playout that has drawn this many steps without the game ending is cut and scored with
    /// [`SearchHints::evaluate`]. The default lets random games end by the rules: Guerrilla
    /// Checkers ones take under a hundred steps, Guerrilla ones (side 8, 400 turns) a median of
    /// about 860 steps. With a good `evaluate`, a much smaller cap (a few turns) makes
    /// iterations many times faster; 0 scores each new leaf by `evaluate` at once, with no
    /// playout at all.
    pub playout_cap: u32,
    /// The most bytes the tree may hold (nodes of a few dozen bytes, plus the steps of expanded
    /// nodes); then it stops growing (but for the root's children). Nodes are allocated in
    /// chunks of 16,384, so the allocation exceeds this by at most two chunks (a few MiB).
    pub max_memory: usize,
    /// Visits a leaf needs before its children are created (1 = on its second visit).
    pub expand_after: u32,
    /// First-play urgency: the UCB1 score of a child never tried. Infinity tries every child
    /// once before any twice (plain UCB1); a finite value lets a good child be tried again
    /// before its siblings have all been tried once (untried children still come in a shuffled
    /// order), which matters when a turn is several steps with many options each.
    pub first_play: f64,
    /// Period of `info` reports when the search is timed or infinite.
    pub info_period: Duration,
    /// Period of `info` reports, in iterations, when only node or depth limits are set (so that
    /// the report lines are deterministic too).
    pub info_every: u64,
    /// Visits a node of the principal variation needs to count for the `depth` limit.
    pub depth_visits: u32,
    /// A `depth d` search also stops after `d ×` this many iterations at most: about a quarter
    /// of a second per unit of depth for Guerrilla Checkers, ~25 s for Guerrilla with full random
    /// playouts (about 800 iterations a second on one core).
    pub depth_nodes_cap: u64,
    /// Playouts follow the game's policy ([`SearchHints::playout_step`]); off: uniformly random
    /// steps.
    pub policy: bool,
    /// A playout cut at [`Params::playout_cap`] is scored by [`SearchHints::evaluate`]; off: 0
    /// (even).
    pub eval_cutoff: bool,
}

impl Params {
    /// The defaults with the game's own playout horizon, first-play urgency and exploration
    /// ([`SearchHints::PLAYOUT_CAP`], [`SearchHints::FIRST_PLAY`], [`SearchHints::EXPLORATION`]).
    pub fn for_game<G: SearchHints>() -> Params {
        Params {
            playout_cap: G::PLAYOUT_CAP,
            first_play: G::FIRST_PLAY,
            exploration: G::EXPLORATION,
            ..Params::default()
        }
    }

    /// The fixed reference search (the protocol's `Strength uct`): plain UCT that uses no
    /// evaluation: uniformly random playouts run (almost) to the end of the game, a playout cut
    /// at 5,000 steps scored as even, and the game's first-play urgency. It stays fixed, a
    /// yardstick that strength is measured against.
    pub fn uct_reference<G: SearchHints>() -> Params {
        Params {
            playout_cap: REFERENCE_PLAYOUT_CAP,
            first_play: G::FIRST_PLAY,
            policy: false,
            eval_cutoff: false,
            ..Params::default()
        }
    }
}

impl Default for Params {
    fn default() -> Self {
        Params {
            exploration: defaults::EXPLORATION,
            playout_cap: defaults::PLAYOUT_CAP,
            max_memory: defaults::MAX_MEMORY,
            expand_after: 1,
            first_play: defaults::FIRST_PLAY,
            info_period: defaults::INFO_PERIOD,
            info_every: defaults::INFO_EVERY,
            depth_visits: 16,
            depth_nodes_cap: defaults::DEPTH_NODES_CAP,
            policy: true,
            eval_cutoff: true,
        }
    }
}

/// The value of `outcome` for `side`.
fn outcome_value(outcome: Outcome, side: Side) -> f64 {
    match outcome {
        Outcome::Draw => 0.0,
        Outcome::Win(w) if w == side => 1.0,
        Outcome::Win(_) => -1.0,
    }
}

/// A value `v` for `from` seen by `to`.
#[inline]
fn for_side(v: f64, from: Side, to: Side) -> f64 {
    if from == to {
        v
    } else {
        -v
    }
}

/// The principal variation: the steps from the root along the best children, and how many
/// turns they start (an unfinished last one included), so that `depth` and the turns agree.
pub(crate) struct Pv<S> {
    pub steps: Vec<S>,
    pub turns: u32,
}

/// One thread's side of a search: its working position, its random stream and its counts. It
/// grows a [`Tree`] that other workers may be growing at the same time.
pub(crate) struct Worker<G: SearchHints> {
    /// The working position: equal to the tree's root between iterations.
    pos: G,
    pub rng: SmallRng,
    /// The steps of the current iteration's walk and their undo records (none when the game
    /// restores by copy, [`SearchHints::RESTORE_BY_COPY`]).
    undo: Vec<(G::Step, G::Undo)>,
    /// The nodes of the current iteration's path and the side to move at each.
    path: Vec<(u32, Side)>,
    /// The statistics of the nodes of the path, kept empty between iterations (each iteration
    /// fills it with references into its tree, [`recycle`]d): the way up adds the result
    /// without looking the nodes up again.
    stats_path: Vec<&'static Stats>,
    buf: Vec<G::Step>,
    /// The nodes this worker reserved and the bytes it has yet to add to the tree's count.
    block: Block,
    /// The statistics of hot nodes this worker has yet to add (several threads only).
    deferred: Deferred,
    /// At a hot node, takes the runner-up when it is nearly as good as the best (a worker of
    /// odd number of a search with several threads, `deferred.rs`).
    runner_up: bool,
    /// Iterations completed by this worker.
    pub iterations: u64,
    /// Steps applied by this worker in all its iterations, in the tree and in playouts: the
    /// work done, which any change of the search's choices or of the rules changes (the
    /// `bench` signature).
    pub visited: u64,
}

impl<G: SearchHints> Worker<G> {
    pub fn new(tree: &Tree<G>, rng: SmallRng) -> Self {
        Worker {
            pos: tree.pos.clone(),
            rng,
            undo: Vec::new(),
            path: Vec::new(),
            stats_path: Vec::new(),
            buf: Vec::new(),
            block: Block::default(),
            deferred: Deferred::new(false),
            runner_up: false,
            iterations: 0,
            visited: 0,
        }
    }

    /// Worker `i` of a search with several threads: the statistics of hot nodes are deferred,
    /// and a worker of odd number takes the runner-up at a hot node when it is nearly as good
    /// as the best (`deferred.rs`).
    pub fn sharing(mut self, i: usize) -> Self {
        self.deferred = Deferred::new(true);
        self.runner_up = i % 2 == 1;
        self
    }

    /// Adds what this worker counted and has yet to add to the tree (when its search ends).
    pub fn flush(&mut self, tree: &Tree<G>) {
        tree.flush(&mut self.block);
        self.deferred.flush(tree);
    }

    /// The side that chose the step into `path[i]` (the root's own side for the root).
    fn mover(&self, tree: &Tree<G>, i: usize) -> Side {
        if i == 0 {
            tree.root_side
        } else {
            self.path[i - 1].1
        }
    }

    /// Runs one iteration: selection, expansion, playout, back-propagation. Returns `false`
    /// (and leaves the statistics as they were) when `abort` said so during the playout, or
    /// when the root's visits are saturated (billions of iterations).
    pub fn iterate(&mut self, tree: &Tree<G>, abort: &mut dyn FnMut() -> bool) -> bool {
        debug_assert!(self.undo.is_empty());
        if tree.root_visits() >= u32::MAX - 1024 {
            return false;
        }
        let params = &tree.params;
        self.path.clear();
        self.path.push((0, self.pos.side_to_move()));
        let mut stats: &Stats = &tree.root_stats;
        let mut stats_path = recycle(std::mem::take(&mut self.stats_path));
        stats_path.push(stats);
        self.deferred.enter(0, stats);
        let mut idx = 0usize;
        let mut proven_leaf = false;
        // The iteration's result, as a value for P1.
        let result: Option<f64> = loop {
            let node = &tree.nodes[idx];
            let proven = stats.proven();
            if proven != UNKNOWN {
                let mover = self.mover(tree, self.path.len() - 1);
                proven_leaf = true;
                break Some(for_side(proven as f64, mover, Side::P1));
            }
            if !node.expanded() {
                if idx != 0 {
                    // A leaf, perhaps reached for the first time (here or by another thread).
                    node.turn_start.store(self.pos.at_turn_start(), Relaxed);
                    if let Some(o) = self.pos.outcome() {
                        let mover = self.mover(tree, self.path.len() - 1);
                        stats.prove(outcome_value(o, mover) as i8, 0);
                        proven_leaf = true;
                        break Some(outcome_value(o, Side::P1));
                    }
                }
                // Its visits count this iteration: expanded from its second visit on.
                if idx == 0 || stats.visits() > params.expand_after {
                    self.expand(tree, idx, stats);
                    if stats.proven() != UNKNOWN {
                        continue; // a position without steps: proven just now
                    }
                }
                if !node.expanded() {
                    break self.playout(params, abort);
                }
            }
            let Some((child, _, edge)) = self.select(tree, idx, node, stats) else {
                // The memory is full and no child was created yet.
                break self.playout(params, abort);
            };
            let step = edge.step;
            let u = self.pos.apply(step, None);
            self.visited += 1;
            if !G::RESTORE_BY_COPY {
                self.undo.push((step, u));
            }
            self.path.push((child as u32, self.pos.side_to_move()));
            stats_path.push(&edge.stats);
            self.deferred.enter(self.path.len() - 1, &edge.stats);
            idx = child;
            stats = &edge.stats;
        };
        if G::RESTORE_BY_COPY {
            self.pos.clone_from(&tree.pos);
        }
        while let Some((step, u)) = self.undo.pop() {
            self.pos.undo(step, u);
        }
        // The result for P1 in fixed point, negated for P2's nodes: `fixed(-v)` is `-fixed(v)`
        // to the last bit (the scaling and the rounding, half away from zero, are symmetric).
        let for_p1 = result.map(fixed);
        let mut mover = tree.root_side;
        for (depth, (&(idx, side), stats)) in self.path.iter().zip(&stats_path).enumerate() {
            let v = for_p1.map(|v| if mover == Side::P1 { v } else { -v });
            self.deferred.leave(tree, depth, idx as usize, stats, v);
            mover = side;
        }
        self.stats_path = recycle(stats_path);
        if result.is_none() {
            return false;
        }
        if proven_leaf {
            self.prove_path(tree);
        }
        self.iterations += 1;
        true
    }

    /// Lists the steps of `idx` (the working position is at `idx`) for its children, unless the
    /// memory is full (the root always expands). A position with no legal step is proven here
    /// (a draw: the trait's contract promises this never happens for a game that is not over).
    /// Two threads may expand a node at once: the first table stored is kept.
    fn expand(&mut self, tree: &Tree<G>, idx: usize, stats: &Stats) {
        self.buf.clear();
        self.pos.legal_steps(&mut self.buf);
        if self.buf.is_empty() {
            if !tree.warned.swap(true, Relaxed) {
                warn!("search: a position that is not over has no legal step; scored as a draw");
            }
            stats.prove(0, 0);
            return;
        }
        if !tree.among.is_empty() {
            self.keep_among(tree);
        }
        if idx != 0 && !tree.has_room(&self.block, 1, self.buf.len()) {
            return;
        }
        // Fisher–Yates: untried children are tried in a random (seeded) order.
        for i in (1..self.buf.len()).rev() {
            let j = self.rng.random_range(0..=i);
            self.buf.swap(i, j);
        }
        if tree.nodes[idx].set_edges(self.buf.iter().copied()) {
            self.block
                .count_bytes(Tree::<G>::table_bytes(self.buf.len()));
        }
    }

    /// With `go searchmoves`, keeps in `buf` (the legal steps of the working position) only the
    /// next steps of the root's allowed turns that begin with the steps taken from the root
    /// (those into the nodes of the path); past the end of the root's turn, no allowed turn is
    /// that long and all stay.
    fn keep_among(&mut self, tree: &Tree<G>) {
        let taken: Vec<G::Step> = self.path[1..]
            .iter()
            .map(|&(i, _)| tree.step(i as usize))
            .collect();
        let k = taken.len();
        let next: Vec<G::Step> = tree
            .among
            .iter()
            .filter(|t| t.len() > k && t[..k] == taken[..])
            .map(|t| t[k])
            .collect();
        if !next.is_empty() {
            self.buf.retain(|s| next.contains(s));
        }
    }

    /// A playout from the working position; the result as a value for P1, or `None` when
    /// aborted. It runs on a copy, so that no undo record is made for its steps (a Guerrilla
    /// state is kilobytes) and the working position is left as it was.
    fn playout(&mut self, params: &Params, abort: &mut dyn FnMut() -> bool) -> Option<f64> {
        let mut pos = self.pos.clone();
        let mut n = 0u32;
        loop {
            if let Some(o) = pos.outcome() {
                return Some(outcome_value(o, Side::P1));
            }
            let side = pos.side_to_move();
            if n >= params.playout_cap {
                if !params.eval_cutoff {
                    return Some(0.0);
                }
                let e = pos.evaluate();
                let e = if e.is_finite() {
                    e.clamp(-1.0, 1.0)
                } else {
                    0.0
                };
                return Some(for_side(e, side, Side::P1));
            }
            if n % 16 == 15 && abort() {
                return None;
            }
            let step = if params.policy {
                pos.playout_step(&mut self.rng)
            } else {
                pos.random_step(&mut self.rng)
            };
            let Some(step) = step else {
                return Some(0.0);
            };
            pos.apply(step, None);
            self.visited += 1;
            n += 1;
        }
    }
}

/// `v`, emptied, as a vector of references of another lifetime, with its allocation: an
/// emptied vector collected into one of the same layout keeps it (the standard library's
/// in-place collection), so a worker fills the same memory at every iteration with nothing
/// `unsafe`.
fn recycle<'a, 'b, T: ?Sized>(mut v: Vec<&'a T>) -> Vec<&'b T> {
    v.clear();
    v.into_iter().map(|_| -> &'b T { unreachable!() }).collect()
}

/// The value of `pos` for `side`: the outcome when the game is over, else [`SearchHints::evaluate`]
/// (clamped to [-1, 1], 0 when not finite) turned to `side`'s point of view.
pub(crate) fn value_for<G: SearchHints>(pos: &G, side: Side) -> f64 {
    match pos.outcome() {
        Some(o) => outcome_value(o, side),
        None => {
            let e = pos.evaluate();
            let e = if e.is_finite() {
                e.clamp(-1.0, 1.0)
            } else {
                0.0
            };
            for_side(e, pos.side_to_move(), side)
        }
    }
}

/// The step of `pos` whose result is best for its side to move, by the game's outcome or else
/// [`SearchHints::evaluate`]; ties (all of them while `evaluate` is the default) are broken at
/// random (seeded). `pos` is unchanged on return.
pub(crate) fn greedy_step<G: SearchHints>(pos: &mut G, rng: &mut SmallRng) -> Option<G::Step> {
    let side = pos.side_to_move();
    let mut steps = Vec::new();
    pos.legal_steps(&mut steps);
    let valued = steps.into_iter().map(|step| {
        let u = pos.apply(step, None);
        let v = value_for(pos, side);
        pos.undo(step, u);
        (step, v)
    });
    crate::search::best_at_random(valued, rng)
}

#[cfg(test)]
mod tests {
    use super::recycle;

    /// A recycled vector is empty and keeps its allocation.
    #[test]
    fn a_recycled_vector_keeps_its_memory() {
        let (a, b) = (1u8, 2u8);
        let mut v: Vec<&u8> = Vec::with_capacity(32);
        v.extend([&a, &b]);
        let at = v.as_ptr() as usize;
        let w: Vec<&u8> = recycle(v);
        assert!(w.is_empty());
        assert_eq!(w.capacity(), 32);
        assert_eq!(w.as_ptr() as usize, at);
    }
}
