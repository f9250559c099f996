//! Monte Carlo tree search (UCT with UCB1) over the steps of the [`Game`] trait.
//!
//! * **Nodes at every decision.** A node is a position reached by one step from its parent. A
//!   Guerrilla turn of seven steps is seven levels of the tree, all chosen by the same side; a
//!   Guerrilla Checkers turn is one level. Every node stores its statistics from the point of view
//!   of the side that chose the step into it (its *mover*: the side to move at the parent), so
//!   mid-turn levels and turn boundaries need no special case: the backed-up value is flipped
//!   exactly where the mover changes.
//! * **Playouts** draw steps with the game's playout policy [`Game::playout_step`] (or
//!   uniformly, [`Game::random_step`], when [`Params::policy`] is off) until the game ends
//!   ([`Game::outcome`]: win 1, draw 0, loss -1) or [`Params::playout_cap`] steps have been
//!   drawn, when [`Game::evaluate`] scores the position for the side to move (or 0, when
//!   [`Params::eval_cutoff`] is off: the reference `uct` level). With a cap of 0 there is no
//!   playout: a new leaf is scored by [`Game::evaluate`] at once (Guerrilla Checkers).
//! * **The turn played** follows the most visited children from the root until the turn ends;
//!   steps the tree has not reached are chosen greedily: a step that wins at once, else the best
//!   by `evaluate`, ties at random.
//! * **Solver.** Game-theoretic values are proven bottom-up (MCTS-Solver, Winands et al. 2008): a
//!   terminal node is proven; a node is a proven win for its side to move as soon as one child is,
//!   a proven loss (or draw) once every child is proven and none is better. Proven nodes end an
//!   iteration at once with their exact value, proven losses are never selected again, and the
//!   final choice prefers the quickest proven win. This makes wins and defences in one exact at
//!   tiny budgets.
//! * **Memory** is bounded by [`Params::max_memory`]. An expanded node stores its legal steps
//!   (shuffled) in a step arena; a child node is created only when its step is first tried, so
//!   the many steps never tried cost a few bytes each, not a node. Once the budget is used up,
//!   nothing more is created and the search goes on with playouts from the existing tree.
//! * **Determinism.** All randomness comes from one seeded [`SmallRng`]; when no time limit is set
//!   no clock reading influences any decision, so a node budget and a seed fix the result.

use std::time::Duration;

use log::warn;
use rand::rngs::SmallRng;
use rand::Rng;

use crate::game::{Game, Outcome, Side};

mod reuse;

/// Tunable parameters of the search. `Default` is what the protocol's `go` uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// UCB1 exploration constant `c` in `mean + c·sqrt(ln N / n)`, on the [-1, 1] value scale.
    pub exploration: f64,
    /// A playout that has drawn this many steps without the game ending is cut and scored with
    /// [`Game::evaluate`]. The default lets random games end by the rules: Guerrilla Checkers
    /// ones take under a hundred steps, Guerrilla ones (side 8, 400 turns; wells branch core)
    /// a median of about 860 steps and at most about 2,100 in 200 games. Once a game's
    /// `evaluate` is good, a much smaller cap (a few turns) makes iterations many times faster;
    /// 0 scores each new leaf by `evaluate` at once, with no playout at all.
    pub playout_cap: u32,
    /// The most bytes the tree may hold (nodes of a few dozen bytes, plus the steps of expanded
    /// nodes); then it stops growing. Memory is allocated in chunks of 65,536 entries, so the
    /// allocation exceeds this by at most two chunks.
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
    /// playouts (800 iterations a second on the wells branch core).
    pub depth_nodes_cap: u64,
    /// Playouts follow the game's policy ([`Game::playout_step`]); off: uniformly random steps.
    pub policy: bool,
    /// A playout cut at [`Params::playout_cap`] is scored by [`Game::evaluate`]; off: 0 (even).
    pub eval_cutoff: bool,
}

impl Params {
    /// The defaults with the game's own playout horizon, first-play urgency and exploration
    /// ([`Game::PLAYOUT_CAP`], [`Game::FIRST_PLAY`], [`Game::EXPLORATION`]).
    pub fn for_game<G: Game>() -> Params {
        Params {
            playout_cap: G::PLAYOUT_CAP,
            first_play: G::FIRST_PLAY,
            exploration: G::EXPLORATION,
            ..Params::default()
        }
    }

    /// The fixed reference search (the protocol's `Strength uct`): UCT as it was before the
    /// games had an evaluation: uniformly random playouts run (almost) to the end of the game,
    /// a playout cut at 5,000 steps scored as even, and the game's first-play urgency. Kept
    /// unchanged so that strength can be measured against it.
    pub fn uct_reference<G: Game>() -> Params {
        Params {
            playout_cap: 5000,
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
            exploration: 0.5,
            playout_cap: 5000,
            max_memory: 256 << 20,
            expand_after: 1,
            first_play: f64::INFINITY,
            info_period: Duration::from_millis(500),
            info_every: 100_000,
            depth_visits: 16,
            depth_nodes_cap: 20_000,
            policy: true,
            eval_cutoff: true,
        }
    }
}

/// `proven` value of a node whose game-theoretic value is not known.
const UNKNOWN: i8 = i8::MIN;
/// No node (end of a sibling list).
const NONE: u32 = u32::MAX;

/// One node of the tree. Values are from the point of view of the node's mover.
#[derive(Clone, Debug)]
struct Node<S> {
    /// The step from the parent; `None` only for the root.
    step: Option<S>,
    /// The children created so far form a list: the last created, then its `next_sibling`s.
    first_child: u32,
    next_sibling: u32,
    /// Once expanded, the node's legal steps are `steps[first_step .. first_step + num_steps]`
    /// of the tree's step arena, in a shuffled order; the first `tried` of them have a child.
    first_step: u32,
    num_steps: u32,
    tried: u32,
    visits: u32,
    /// Sum of the backed-up values, for the mover.
    value: f64,
    /// -1, 0 or 1 for the mover once proven, else [`UNKNOWN`].
    proven: i8,
    /// Steps to the end of the game along the proof (quickest win, slowest loss).
    dist: u16,
    expanded: bool,
    /// The position at this node is a turn start (known once visited).
    turn_start: bool,
}

impl<S> Node<S> {
    fn new(step: Option<S>) -> Self {
        Node {
            step,
            first_child: NONE,
            next_sibling: NONE,
            first_step: 0,
            num_steps: 0,
            tried: 0,
            visits: 0,
            value: 0.0,
            proven: UNKNOWN,
            dist: 0,
            expanded: false,
            turn_start: false,
        }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.value / self.visits as f64
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

/// A vector that grows by fixed chunks, so that growing never copies (a copy of a large tree
/// would take many milliseconds, in the middle of a timed search).
struct Arena<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

/// Entries per [`Arena`] chunk.
const CHUNK: usize = 1 << 16;

impl<T> Arena<T> {
    fn new() -> Self {
        Arena {
            chunks: Vec::new(),
            len: 0,
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    fn push(&mut self, value: T) {
        if self.len.is_multiple_of(CHUNK) {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        self.chunks[self.len / CHUNK].push(value);
        self.len += 1;
    }
}

impl<T> std::ops::Index<usize> for Arena<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.chunks[i / CHUNK][i % CHUNK]
    }
}

impl<T> std::ops::IndexMut<usize> for Arena<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.chunks[i / CHUNK][i % CHUNK]
    }
}

/// One child of the root, as [`Tree::root_children`] reports it (merging root-parallel trees).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootChild<S> {
    pub step: S,
    pub visits: u32,
    pub value: f64,
    pub proven: Option<i8>,
    pub dist: u16,
}

/// The mark that ends the last token of a principal variation when that turn is not complete
/// (its steps so far, joined by `,`).
pub const PARTIAL_MARK: &str = "...";

/// The principal variation: one token per whole turn (a turn's canonical notation, formatted
/// on the position where it begins; a last turn the tree has not followed to its end is its
/// step texts joined by `,` and followed by [`PARTIAL_MARK`]), and how many turns it starts
/// (the partial one included), so that `depth` and the tokens agree.
pub(crate) struct Pv {
    pub steps: Vec<String>,
    pub turns: u32,
}

/// A search tree over positions of `G`, rooted at the position it was created with.
pub(crate) struct Tree<G: Game> {
    params: Params,
    nodes: Arena<Node<G::Step>>,
    /// The legal steps of the expanded nodes.
    steps: Arena<G::Step>,
    root_side: Side,
    /// The working position: equal to the root between iterations.
    pos: G,
    rng: SmallRng,
    undo: Vec<(G::Step, G::Undo)>,
    /// The nodes of the current iteration's path and the side to move at each.
    path: Vec<(u32, Side)>,
    buf: Vec<G::Step>,
    /// Completed iterations.
    pub iterations: u64,
    /// Steps applied in all iterations, in the tree and in playouts: the work done, which any
    /// change of the search's choices or of the rules changes (the `bench` signature).
    pub visited: u64,
    warned: bool,
}

impl<G: Game> Tree<G> {
    pub fn new(root: &G, params: Params, rng: SmallRng) -> Self {
        let mut root_node = Node::new(None);
        root_node.turn_start = root.at_turn_start();
        if let Some(o) = root.outcome() {
            root_node.proven = outcome_value(o, root.side_to_move()) as i8;
        }
        let mut nodes = Arena::new();
        nodes.push(root_node);
        Tree {
            root_side: root.side_to_move(),
            pos: root.clone(),
            params,
            nodes,
            steps: Arena::new(),
            rng,
            undo: Vec::new(),
            path: Vec::new(),
            buf: Vec::new(),
            iterations: 0,
            visited: 0,
            warned: false,
        }
    }

    /// The children of `idx` created so far.
    fn children(&self, idx: usize) -> impl Iterator<Item = usize> + '_ {
        let mut next = self.nodes[idx].first_child;
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let c = next as usize;
                next = self.nodes[c].next_sibling;
                c
            })
        })
    }

    /// Bytes used by the tree (entries, not the capacity of the last chunks).
    pub fn memory(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node<G::Step>>()
            + self.steps.len() * std::mem::size_of::<G::Step>()
    }

    /// True when `nodes` more nodes and `steps` more steps fit in the memory budget.
    fn has_room(&self, nodes: usize, steps: usize) -> bool {
        self.memory()
            + nodes * std::mem::size_of::<Node<G::Step>>()
            + steps * std::mem::size_of::<G::Step>()
            <= self.params.max_memory
    }

    /// The side that chose the step into `path[i]` (the root's own side for the root).
    fn mover(&self, i: usize) -> Side {
        if i == 0 {
            self.root_side
        } else {
            self.path[i - 1].1
        }
    }

    /// Runs one iteration: selection, expansion, playout, back-propagation. Returns `false`
    /// (and changes no statistics) when `abort` said so during the playout.
    pub fn iterate(&mut self, abort: &mut dyn FnMut() -> bool) -> bool {
        debug_assert!(self.undo.is_empty());
        if self.nodes[0].visits == u32::MAX {
            // ~4 billion iterations: the statistics are saturated, nothing more to learn.
            return false;
        }
        self.path.clear();
        self.path.push((0, self.pos.side_to_move()));
        let mut idx = 0usize;
        let mut proven_leaf = false;
        // The iteration's result, as a value for P1.
        let result: Option<f64> = loop {
            let node = &self.nodes[idx];
            if node.proven != UNKNOWN {
                let mover = self.mover(self.path.len() - 1);
                proven_leaf = true;
                break Some(for_side(node.proven as f64, mover, Side::P1));
            }
            if !node.expanded && (idx == 0 || node.visits >= self.params.expand_after) {
                self.expand(idx);
                if self.nodes[idx].proven != UNKNOWN {
                    continue; // a position without steps: proven just now
                }
            }
            if !self.nodes[idx].expanded {
                break self.playout(abort);
            }
            let Some(child) = self.select(idx) else {
                // The memory is full and no child was created yet.
                break self.playout(abort);
            };
            let step = self.nodes[child].step.expect("a child has a step");
            let side = self.pos.side_to_move();
            let u = self.pos.apply_step(step);
            self.visited += 1;
            self.undo.push((step, u));
            self.path.push((child as u32, self.pos.side_to_move()));
            idx = child;
            if self.nodes[idx].visits == 0 {
                self.nodes[idx].turn_start = self.pos.at_turn_start();
                if let Some(o) = self.pos.outcome() {
                    let n = &mut self.nodes[idx];
                    n.proven = outcome_value(o, side) as i8;
                    n.dist = 0;
                    proven_leaf = true;
                    break Some(outcome_value(o, Side::P1));
                }
                break self.playout(abort);
            }
        };
        while let Some((step, u)) = self.undo.pop() {
            self.pos.undo_step(step, u);
        }
        let Some(v) = result else {
            return false;
        };
        for i in 0..self.path.len() {
            let mover = self.mover(i);
            let n = &mut self.nodes[self.path[i].0 as usize];
            n.visits += 1;
            n.value += for_side(v, Side::P1, mover);
        }
        if proven_leaf {
            self.prove_path();
        }
        self.iterations += 1;
        true
    }

    /// Lists the steps of `idx` (the working position is at `idx`) for its children, unless the
    /// memory is full (the root always expands). A position with no legal step is proven here (a draw: the trait's contract promises
    /// this never happens for a game that is not over).
    fn expand(&mut self, idx: usize) {
        self.buf.clear();
        self.pos.legal_steps(&mut self.buf);
        if self.buf.is_empty() {
            if !self.warned {
                warn!("search: a position that is not over has no legal step; scored as a draw");
                self.warned = true;
            }
            self.nodes[idx].proven = 0;
            return;
        }
        if idx != 0 && !self.has_room(1, self.buf.len()) {
            return;
        }
        // Fisher–Yates: untried children are tried in a random (seeded) order.
        for i in (1..self.buf.len()).rev() {
            let j = self.rng.random_range(0..=i);
            self.buf.swap(i, j);
        }
        let first = self.steps.len() as u32;
        for &step in &self.buf {
            self.steps.push(step);
        }
        let n = &mut self.nodes[idx];
        n.first_step = first;
        n.num_steps = self.buf.len() as u32;
        n.expanded = true;
    }

    /// UCB1 over the children of an expanded, unproven node: untried steps first (or when
    /// [`Params::first_play`] beats every tried child), then `mean + c·sqrt(ln N / n)`, never
    /// a proven loss for the side choosing. `None` when there is no child and no room for one.
    fn select(&mut self, idx: usize) -> Option<usize> {
        let n = &self.nodes[idx];
        let can_try = n.tried < n.num_steps && (idx == 0 || self.has_room(1, 0));
        if can_try && self.params.first_play == f64::INFINITY {
            return Some(self.try_step(idx));
        }
        let ln_n = (n.visits.max(1) as f64).ln();
        let c = self.params.exploration;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for i in self.children(idx) {
            let ch = &self.nodes[i];
            if ch.proven == -1 {
                continue;
            }
            if ch.proven == 1 {
                return Some(i);
            }
            let visits = ch.visits.max(1) as f64;
            let score = ch.mean() + c * (ln_n / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = Some(i);
            }
        }
        if can_try && self.params.first_play >= best_score {
            return Some(self.try_step(idx));
        }
        best
    }

    /// Creates the child of the next untried step of `idx` (there is one).
    fn try_step(&mut self, idx: usize) -> usize {
        let child = self.nodes.len() as u32;
        let n = &mut self.nodes[idx];
        let step = self.steps[(n.first_step + n.tried) as usize];
        n.tried += 1;
        let mut node = Node::new(Some(step));
        node.next_sibling = n.first_child;
        n.first_child = child;
        self.nodes.push(node);
        child as usize
    }

    /// A random playout from the working position; the result as a value for P1, or `None` when
    /// aborted. It runs on a copy, so that no undo record is made for its steps (a Guerrilla
    /// state is kilobytes) and the working position is left as it was.
    fn playout(&mut self, abort: &mut dyn FnMut() -> bool) -> Option<f64> {
        let mut pos = self.pos.clone();
        let mut n = 0u32;
        loop {
            if let Some(o) = pos.outcome() {
                return Some(outcome_value(o, Side::P1));
            }
            let side = pos.side_to_move();
            if n >= self.params.playout_cap {
                if !self.params.eval_cutoff {
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
            let step = if self.params.policy {
                pos.playout_step(&mut self.rng)
            } else {
                pos.random_step(&mut self.rng)
            };
            let Some(step) = step else {
                return Some(0.0);
            };
            pos.apply_step_no_undo(step);
            self.visited += 1;
            n += 1;
        }
    }

    /// After an iteration that ended on a proven node, proves what follows from it on the path,
    /// bottom-up, until a node stays unknown.
    fn prove_path(&mut self) {
        for i in (0..self.path.len().saturating_sub(1)).rev() {
            let (idx, side) = self.path[i];
            let idx = idx as usize;
            if self.nodes[idx].proven != UNKNOWN {
                continue;
            }
            let Some((val, dist)) = self.proof_from_children(idx) else {
                break;
            };
            let mover = self.mover(i);
            let n = &mut self.nodes[idx];
            n.proven = if mover == side { val } else { -val };
            n.dist = dist;
        }
    }

    /// The proven value of `idx` for its side to move, from its children's, if it follows.
    fn proof_from_children(&self, idx: usize) -> Option<(i8, u16)> {
        let n = &self.nodes[idx];
        if !n.expanded {
            return None;
        }
        let mut all = n.tried == n.num_steps;
        let mut win: Option<u16> = None;
        let mut best = -1i8;
        let mut best_dist = 0u16;
        for ch in self.children(idx).map(|i| &self.nodes[i]) {
            match ch.proven {
                UNKNOWN => all = false,
                1 => win = Some(win.map_or(ch.dist, |d| d.min(ch.dist))),
                p => {
                    if p > best {
                        best = p;
                        best_dist = ch.dist;
                    } else if p == best {
                        // A loss is delayed as long as possible, a draw reached quickly.
                        best_dist = if p == -1 {
                            best_dist.max(ch.dist)
                        } else {
                            best_dist.min(ch.dist)
                        };
                    }
                }
            }
        }
        if let Some(d) = win {
            Some((1, d.saturating_add(1)))
        } else if all {
            Some((best, best_dist.saturating_add(1)))
        } else {
            None
        }
    }

    /// The child to play from `idx`: the quickest proven win; else the most visited child that
    /// is not a proven loss (ties: the better mean); else the slowest proven loss. `None` when
    /// no child has been visited.
    fn best_child(&self, idx: usize) -> Option<usize> {
        let n = &self.nodes[idx];
        if !n.expanded {
            return None;
        }
        let mut win: Option<usize> = None;
        let mut best: Option<usize> = None;
        let mut loss: Option<usize> = None;
        for i in self.children(idx) {
            let ch = &self.nodes[i];
            if ch.visits == 0 {
                continue;
            }
            match ch.proven {
                1 => {
                    if win.is_none_or(|w| ch.dist < self.nodes[w].dist) {
                        win = Some(i);
                    }
                }
                -1 => {
                    let slower = loss.is_none_or(|l| {
                        let l = &self.nodes[l];
                        (ch.dist, ch.visits) > (l.dist, l.visits)
                    });
                    if slower {
                        loss = Some(i);
                    }
                }
                _ => {
                    let better = best.is_none_or(|b| {
                        let b = &self.nodes[b];
                        (ch.visits, ch.mean()) > (b.visits, b.mean())
                    });
                    if better {
                        best = Some(i);
                    }
                }
            }
        }
        win.or(best).or(loss)
    }

    /// The expected result for the root's side to move in [-1, 1]: exact once proven, else the
    /// mean of the best child.
    pub fn score(&self) -> f64 {
        let root = &self.nodes[0];
        if root.proven != UNKNOWN {
            return root.proven as f64;
        }
        match self.best_child(0) {
            Some(c) => {
                let ch = &self.nodes[c];
                if ch.proven != UNKNOWN {
                    ch.proven as f64
                } else {
                    ch.mean()
                }
            }
            None => 0.0,
        }
    }

    /// When the root's value is proven: the value for its side to move (-1, 0 or 1) and the
    /// whole turns (both sides' turns counted) until the game ends along the proof, the winner
    /// taking the quickest win and the loser the slowest loss.
    pub fn proven(&self) -> Option<(i8, u32)> {
        let root = &self.nodes[0];
        if root.proven == UNKNOWN {
            return None;
        }
        let mut turns = 0;
        let mut idx = 0;
        while let Some(c) = self.best_child(idx) {
            if self.nodes[c].proven == UNKNOWN {
                break;
            }
            if self.nodes[c].turn_start {
                turns += 1;
            }
            idx = c;
        }
        Some((root.proven, turns))
    }

    /// The statistics of the root's children: step, visits, sum of values (for the root's side
    /// to move), proven value (`None` when unknown) and proof distance.
    pub fn root_children(&self) -> Vec<RootChild<G::Step>> {
        self.children(0)
            .map(|i| {
                let n = &self.nodes[i];
                RootChild {
                    step: n.step.expect("a child has a step"),
                    visits: n.visits,
                    value: n.value,
                    proven: (n.proven != UNKNOWN).then_some(n.proven),
                    dist: n.dist,
                }
            })
            .collect()
    }

    /// True once the root's value is proven.
    pub fn root_proven(&self) -> bool {
        self.nodes[0].proven != UNKNOWN
    }

    /// True when the root has a single step that is not a proven loss, and it ends the turn:
    /// nothing to think about.
    pub fn single_reply(&self) -> bool {
        let root = &self.nodes[0];
        if !root.expanded || root.tried < root.num_steps {
            return false;
        }
        let mut alive = self.children(0).filter(|&i| self.nodes[i].proven != -1);
        match (alive.next(), alive.next()) {
            (Some(i), None) => self.nodes[i].visits > 0 && self.nodes[i].turn_start,
            _ => false,
        }
    }

    /// When the best root step ends the turn: how many more visits the runner-up needs to
    /// catch up with it. `None` when the root step does not end the turn (the later steps of the
    /// turn may still change with more search) or nothing is known yet.
    pub fn root_lead(&self) -> Option<u64> {
        let best = self.best_child(0)?;
        let b = &self.nodes[best];
        if !b.turn_start || b.proven != UNKNOWN {
            return None;
        }
        let second = self
            .children(0)
            .filter(|&i| i != best && self.nodes[i].proven != -1)
            .map(|i| self.nodes[i].visits)
            .max()
            .unwrap_or(0);
        Some(u64::from(b.visits.saturating_sub(second)))
    }

    /// The number of whole turns the principal variation covers, counting only nodes with at
    /// least `min_visits` visits; `None` when it ends in a proven node (the game is decided
    /// within it, so no more depth is needed).
    pub fn pv_depth(&self, min_visits: u32) -> Option<u32> {
        let mut idx = 0;
        let mut turns = 0;
        loop {
            if self.nodes[idx].proven != UNKNOWN {
                return None;
            }
            match self.best_child(idx) {
                Some(c) if self.nodes[c].visits >= min_visits => {
                    if self.nodes[c].turn_start {
                        turns += 1;
                    }
                    idx = c;
                }
                _ => return Some(turns),
            }
        }
    }

    /// The root child whose step is `step`, if it has been created.
    fn root_child(&self, step: G::Step) -> Option<usize> {
        self.children(0).find(|&i| self.nodes[i].step == Some(step))
    }

    /// The principal variation from the root, following the best children (see [`Pv`]),
    /// through the root child of step `first` when given (root-parallel search:
    /// the step chosen from all trees).
    pub fn pv_with(&self, first: Option<G::Step>) -> Pv {
        let mut pos = self.pos.clone();
        let mut steps = Vec::new();
        let mut turns = 0;
        let mut idx = 0;
        let mut forced = first.and_then(|s| self.root_child(s));
        if first.is_some() && forced.is_none() {
            return Pv { steps, turns };
        }
        // The steps of the turn being followed, and the position where it began (`None` when
        // the root is in the middle of a turn: that turn cannot be named as a whole).
        let mut cur: Vec<G::Step> = Vec::new();
        let mut texts: Vec<String> = Vec::new();
        let mut begun = pos.at_turn_start().then(|| pos.clone());
        while let Some(c) = forced.take().or_else(|| self.best_child(idx)) {
            let step = self.nodes[c].step.expect("a child has a step");
            if pos.at_turn_start() {
                turns += 1;
            }
            cur.push(step);
            texts.push(pos.format_step(step));
            pos.apply_step(step);
            if pos.at_turn_start() {
                steps.push(match &begun {
                    Some(b) => b.format_turn(&b.turn_from_steps(&cur)),
                    None => texts.join(","),
                });
                cur.clear();
                texts.clear();
                begun = Some(pos.clone());
            }
            idx = c;
        }
        if !texts.is_empty() {
            // A turn the tree has not followed to its end: its steps so far, marked.
            steps.push(format!("{}{PARTIAL_MARK}", texts.join(",")));
        }
        Pv { steps, turns }
    }

    /// The steps of the turn to play: the best children from the root until the turn ends; if
    /// the tree stops first, the turn is finished greedily (see [`Tree::greedy_step`]). Empty
    /// when the root has no legal step.
    pub fn best_turn_steps(&mut self) -> Vec<G::Step> {
        self.best_turn_steps_with(None)
    }

    /// [`Tree::best_turn_steps`], starting with the root step `first` when given (it must be
    /// legal at the root).
    pub fn best_turn_steps_with(&mut self, first: Option<G::Step>) -> Vec<G::Step> {
        let mut pos = self.pos.clone();
        let mut steps = Vec::new();
        let mut idx = Some(0);
        if let Some(f) = first {
            idx = self.root_child(f);
            steps.push(f);
            pos.apply_step(f);
            if pos.at_turn_start() {
                return steps;
            }
        }
        loop {
            let step = match idx.and_then(|i| self.best_child(i)) {
                Some(c) => {
                    idx = Some(c);
                    self.nodes[c].step.expect("a child has a step")
                }
                None => {
                    idx = None;
                    match self.greedy_step(&mut pos) {
                        Some(s) => s,
                        None => break,
                    }
                }
            };
            steps.push(step);
            pos.apply_step(step);
            if pos.at_turn_start() {
                break;
            }
        }
        steps
    }

    /// The step of `pos` whose result is best for its side to move (see [`greedy_step`]).
    fn greedy_step(&mut self, pos: &mut G) -> Option<G::Step> {
        greedy_step(pos, &mut self.rng)
    }

    /// Nodes in the tree.
    pub fn size(&self) -> usize {
        self.nodes.len()
    }
}

/// The value of `pos` for `side`: the outcome when the game is over, else [`Game::evaluate`]
/// (clamped to [-1, 1], 0 when not finite) turned to `side`'s point of view.
pub(crate) fn value_for<G: Game>(pos: &G, side: Side) -> f64 {
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
/// [`Game::evaluate`]; ties (all of them while `evaluate` is the default) are broken at random
/// (seeded). `pos` is unchanged on return.
pub(crate) fn greedy_step<G: Game>(pos: &mut G, rng: &mut SmallRng) -> Option<G::Step> {
    let side = pos.side_to_move();
    let mut steps = Vec::new();
    pos.legal_steps(&mut steps);
    let valued = steps.into_iter().map(|step| {
        let u = pos.apply_step(step);
        let v = value_for(pos, side);
        pos.undo_step(step, u);
        (step, v)
    });
    super::best_at_random(valued, rng)
}
