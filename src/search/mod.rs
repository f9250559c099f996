//! Game-agnostic search. Knows only a game's [`Rules`](crate::game::Rules) and its
//! [`SearchHints`]; prints nothing.
//!
//! Entry point: [`search`] (or [`search_with`] for non-default [`Params`]). The engine facade
//! runs it on a thread with a shared stop flag and receives progress through the `on_info`
//! callback. The search is a Monte Carlo tree search over the *steps* of a turn, with an exact
//! solver for decided positions: see [`mcts`] for how it works. [`mod@bench`] is the deterministic
//! search benchmark (`search::bench::bench::<G>(…)`).
//!
//! ## Limits (`go`)
//! Every limit that is set applies; the first one reached ends the search.
//! * `nodes n` — exactly `n` iterations (playouts) unless another limit ends the search first;
//!   [`Info::nodes`] counts the same iterations. `nodes 0` plays the greedy turn (a win at
//!   once, else best by [`SearchHints::evaluate`], ties at random).
//! * `movetime t` — stops `t` after the call at the latest: the search stops `t/25` (at least
//!   1 ms, at most [`MAX_MARGIN`]) before `t` ([`Limits::deadline`], for both searches),
//!   keeping that margin to build its answer; the clock is read every iteration and every 16
//!   playout steps (the turn search: before every turn drawn), and every step of a playout or
//!   of the tree is bounded by the rules' step model.
//! * `p1time/p2time/p1inc/p2inc` — a budget from the mover's clock, see [`Limits::time_budget`].
//!   A timed search also ends early when the root is proven, has a single legal turn, or
//!   its best one-step turn leads the runner-up by more visits than the time left could give
//!   it at the rate seen so far.
//! * `depth d` — MCTS has no fixed depth, so `d` is read as "search until the principal
//!   variation, counting only nodes with at least [`Params::depth_visits`] visits, covers `d`
//!   whole turns (or reaches a decided position)", and at most `d ×`
//!   [`Params::depth_nodes_cap`] iterations. Deterministic, like `nodes`.
//! * `infinite` — until `stop`; every other limit is ignored.
//! * no limit at all — [`DEFAULT_NODES`] iterations, so that a bare `go` always ends.
//!
//! `stop` is checked every iteration and every 16 playout steps, so the search returns within
//! about a millisecond of it. With no time limit (only `nodes`/`depth`), nothing in the decision
//! depends on the clock: the same position, limits and seed give the same turn, score, principal
//! variation and number of `info` reports.

//!
//! ## Strength, threads, memory ([`Config`])
//! * [`Strength`]: `random` (a random legal turn), `greedy` (the best turn by one turn of
//!   look-ahead with [`SearchHints::evaluate`]), `uct` (the fixed reference: UCT with uniformly
//!   random playouts, [`Params::uct_reference`]) and `full`, the default and strongest (the game's
//!   evaluation, its playout horizon, policy and exploration, [`Params::for_game`]). Every level is
//!   deterministic under a node budget: the same position, seed and budget give the same turn.
//! * **Threads share one tree** (tree parallelism with virtual loss): every thread runs the same
//!   iterations on the same tree, and a thread going down a node counts a loss there until its
//!   iteration ends, so the others look elsewhere (see `mcts/tree.rs` for how the tree is shared
//!   without a lock). The node budget is shared: `nodes n` is `n` iterations of all threads
//!   together. Not root parallelism (each thread its own tree, the root statistics summed at the
//!   end): with a deterministic evaluation at the leaves (Guerrilla Checkers) independent trees
//!   grow almost the same, so a second thread would add little, whereas a shared tree of twice the
//!   iterations is what a second core should buy (`doc/search.md` gives the matches). The cost:
//!   with more than one thread the answer under a node budget depends on timing, so only `Threads
//!   1` is deterministic. Progress reports come from thread 0 with the iterations of all threads.
//! * **Tree reuse** ([`search_reusing`], [`Kept`]): a search hands its tree back; the next one,
//!   given the steps played since, keeps the subtree under them (see `mcts::reuse`).
//! * **Memory**: the tree stays within `Hash` MiB ([`Params::max_memory`]); a full tree stops
//!   growing and the search goes on with playouts from its leaves (with a playout horizon of 0, it
//!   re-scores the same leaves).

pub mod bench;
pub mod mcts;
mod parallel;
#[cfg(test)]
mod tests;
pub mod turns;

pub use mcts::Params;
pub use turns::TurnParams;

/// How the engine plays (the protocol's `Strength` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strength {
    /// A uniformly random legal turn, step by step from the seed.
    Random,
    /// The turn whose result is best by [`SearchHints::evaluate`] (a win at once first), ties at
    /// random: one turn of look-ahead, no search.
    Greedy,
    /// The reference search ([`Params::uct_reference`]): UCT with uniformly random playouts.
    Uct,
    /// The strongest: MCTS with the game's evaluation and search constants ([`Params::for_game`]).
    #[default]
    Full,
}

impl Strength {
    /// The protocol names, in the order of the option's combo.
    pub const NAMES: [&'static str; 4] = ["random", "greedy", "uct", "full"];

    /// The protocol name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The level of a protocol name (any case).
    pub fn from_name(name: &str) -> Option<Strength> {
        let i = Self::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))?;
        Some(
            [
                Strength::Random,
                Strength::Greedy,
                Strength::Uct,
                Strength::Full,
            ][i],
        )
    }
}

/// How a search runs besides its limits: strength, threads and memory (the protocol's
/// `Strength`, `Threads` and `Hash` options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub strength: Strength,
    /// Search threads, 1 or more, sharing one tree (see the module documentation).
    pub threads: usize,
    /// The memory all the trees together may use, in MiB.
    pub hash_mib: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            strength: Strength::Full,
            threads: 1,
            hash_mib: DEFAULT_HASH_MIB,
        }
    }
}

/// The default of [`Config::hash_mib`].
pub const DEFAULT_HASH_MIB: usize = 256;

impl Config {
    /// The search parameters of `G` for this configuration.
    pub fn params<G: SearchHints>(&self) -> Params {
        let mut p = match self.strength {
            Strength::Uct => Params::uct_reference::<G>(),
            _ => Params::for_game::<G>(),
        };
        p.max_memory = self.hash_mib << 20;
        p
    }
}

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::game::{SearchHints, Side};
use mcts::Tree;
use parallel::search_parallel;

/// The most a timed search keeps back from its budget to build its answer (see
/// [`Limits::time_budget`]): a twenty-fifth of the budget, at least 1 ms, at most this.
pub const MAX_MARGIN: Duration = Duration::from_millis(8);

/// The iteration budget of a search given no limit at all (and not `infinite`).
pub const DEFAULT_NODES: u64 = 10_000;

/// What `go` asks for. Every limit that is set applies; the first one reached ends the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Node budget (search iterations).
    pub nodes: Option<u64>,
    /// Depth in whole turns, for searches that have a depth.
    pub depth: Option<u32>,
    /// Clock of each side (index [`Side::index`]) and increments, from `go p1time … p2time …`.
    pub time_left: [Option<Duration>; 2],
    pub increment: [Duration; 2],
    /// Search until stopped.
    pub infinite: bool,
    /// When the clock of a timed search started (the engine sets it when `go` arrives, so
    /// that what happens before the search proper, the kept tree re-rooted, counts against
    /// the time); `None`: when the search starts.
    pub started: Option<Instant>,
}

impl Limits {
    /// The iterations a search may run: `nodes`, `depth` × `depth_cap`, the smaller of the two
    /// when both are set, or [`DEFAULT_NODES`] when neither is and no clock bounds the search
    /// (`timed` false), so that a bare `go` ends; `None` under `infinite` and for a search
    /// bounded by its clock alone.
    pub fn node_budget(&self, timed: bool, depth_cap: u64) -> Option<u64> {
        if self.infinite {
            return None;
        }
        let by_depth = self.depth.map(|d| u64::from(d.max(1)) * depth_cap);
        match (self.nodes, by_depth) {
            (Some(n), Some(d)) => Some(n.min(d)),
            (n, d) => n.or(d).or((!timed).then_some(DEFAULT_NODES)),
        }
    }

    /// When a search started at `start` for `side` stops: its [`time_budget`](Self::time_budget)
    /// less a margin for building the answer and for the scheduler of a loaded machine (a
    /// twenty-fifth of the budget, at least 1 ms, at most [`MAX_MARGIN`], at most half the
    /// budget); `None` for an untimed or `infinite` search.
    pub fn deadline(&self, start: Instant, side: Side) -> Option<Instant> {
        if self.infinite {
            return None;
        }
        self.time_budget(side).map(|b| {
            start + b
                - (b / 25)
                    .clamp(Duration::from_millis(1), MAX_MARGIN)
                    .min(b / 2)
        })
    }

    /// The time this move may take for `side`, from `movetime` or the clock; `None` = no limit.
    pub fn time_budget(&self, side: Side) -> Option<Duration> {
        if let Some(t) = self.movetime {
            return Some(t);
        }
        let left = self.time_left[side.index()]?;
        let inc = self.increment[side.index()];
        // Spend a slice of the clock plus most of the increment, never the last 50 ms.
        let budget = left / 30 + inc * 3 / 4;
        let safe = left.saturating_sub(Duration::from_millis(50));
        Some(budget.min(safe).max(Duration::from_millis(1)))
    }
}

/// Progress of a search, reported through the callback (the protocol prints it as `info`).
/// `S` is the game's step.
#[derive(Clone, Debug, PartialEq)]
pub struct Info<S> {
    /// Once the root's value is proven by the solver: the value for the side to move (1 win,
    /// 0 draw, -1 loss) and the whole turns until the game ends (both sides' turns counted,
    /// the winner taking the quickest win and the loser the slowest loss).
    pub proven: Option<(i8, u32)>,
    /// Steps applied by the search (tree and playouts): the `bench` signature's unit.
    pub visited: u64,
    /// Whole turns the principal variation starts (a partly built last turn counts).
    pub depth: u32,
    /// Iterations (playouts) completed: the unit of `go nodes`.
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// Expected result for the side to move at the root, in [-1, 1]: exact when proven, else
    /// the search's raw value mapped by [`SearchHints::calibrated_score`].
    pub score: f64,
    /// The search's own value for the side to move at the root (the mean of its playouts'
    /// results, or the proven value), before [`SearchHints::calibrated_score`]: what the score's
    /// calibration is fitted on.
    pub raw_score: f64,
    /// Principal variation: the steps from the root along the best children while they have
    /// been visited; the last turn may be unfinished. `depth` counts the turns it starts.
    pub pv: Vec<S>,
}

impl<S> Default for Info<S> {
    fn default() -> Self {
        Info {
            proven: None,
            visited: 0,
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            score: 0.0,
            raw_score: 0.0,
            pv: Vec::new(),
        }
    }
}

/// Searches `root` (at a turn start, game not over) and returns the turn to play, or `None` when
/// there is no legal turn (the game is over). For a root in the middle of a turn, use
/// [`search_steps`]: `turn_from_steps` is only defined from a turn start. Honours `limits` (see the
/// module documentation) and returns promptly once `stop` is set; a stopped search still returns a
/// legal turn. Reports progress through `on_info`: every [`Params::info_period`] when timed or
/// infinite, every [`Params::info_every`] iterations otherwise, and once at the end.
pub fn search<G: SearchHints>(
    root: &G,
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> Option<G::Turn> {
    search_with(root, limits, &Params::for_game::<G>(), stop, seed, on_info)
}

/// [`search`] with a [`Config`]: the strength level, threads and memory.
pub fn search_config<G: SearchHints>(
    root: &G,
    limits: &Limits,
    config: &Config,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> Option<G::Turn> {
    search_reusing(root, limits, config, stop, seed, on_info, None).0
}

/// The trees of a search, kept for the next one (tree reuse, see [`search_reusing`]).
pub struct Kept<G: SearchHints> {
    /// The position the trees were grown from.
    root: G,
    config: Config,
    tree: Tree<G>,
}

impl<G: SearchHints> Kept<G> {
    /// The position the kept trees are rooted at.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Nodes in the kept tree.
    pub fn nodes(&self) -> usize {
        self.tree.size()
    }

    /// Frees the trees on a thread of their own: a tree grown to `Hash` holds millions of
    /// nodes and step lists, whose freeing takes tens of milliseconds that must not be spent
    /// on the command loop or on the next search's clock. (Inline when no thread starts.)
    pub fn discard(self) {
        let spawned = std::thread::Builder::new()
            .name("discard".into())
            .spawn(move || drop(self));
        if let Err(e) = spawned {
            log::warn!("freeing the kept tree inline: {e}");
        }
    }

    /// A copy of the trees (every node, statistics and step lists), for benchmarks that time
    /// what the next search does with a big kept tree without growing one each time.
    pub fn copy(&self) -> Kept<G> {
        Kept {
            root: self.root.clone(),
            config: self.config,
            tree: self
                .tree
                .reroot(&[], &self.root, None)
                .expect("the empty path leads to the root"),
        }
    }
}

/// [`search_config`] that starts from the trees of an earlier search when it can, and hands its own
/// trees back for the next one. `reuse` is what an earlier search returned and the steps played
/// since from its root to `root` (chosen steps, as
/// [`Rules::turn_steps`](crate::game::Rules::turn_steps) gives them). The subtree under those steps
/// is kept ([`mcts`]'s tree reuse) when the configuration is the same and the tree reached them;
/// otherwise the search starts afresh. Under a node budget, `nodes n` is `n` new iterations, and
/// the result is still a function of the commands given: the same sequence of searches and moves,
/// seeds and budgets gives the same turns.
pub fn search_reusing<G: SearchHints>(
    root: &G,
    limits: &Limits,
    config: &Config,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info<G::Step>),
    reuse: Option<(Kept<G>, Vec<G::Step>)>,
) -> (Option<G::Turn>, Option<Kept<G>>) {
    if !root.at_turn_start() {
        return (None, None);
    }
    let (steps, kept) = search_reusing_steps(root, limits, config, stop, seed, on_info, reuse);
    let turn = (!steps.is_empty()).then(|| root.turn_from_steps(&steps));
    (turn, kept)
}

/// [`search_reusing`] from any root, at a turn start or in the middle of a turn (a GUI that
/// built part of a turn, then asks the engine to finish it): the chosen steps that complete
/// the turn begun (all of it at a turn start; empty when the game is over), and the trees for
/// the next search. A root in the middle of a turn is searched like any node of the tree.
pub fn search_reusing_steps<G: SearchHints>(
    root: &G,
    limits: &Limits,
    config: &Config,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info<G::Step>),
    reuse: Option<(Kept<G>, Vec<G::Step>)>,
) -> (Vec<G::Step>, Option<Kept<G>>) {
    if root.outcome().is_some() {
        return (Vec::new(), None);
    }
    let mut kept_tree = None;
    if let Some((kept, path)) = reuse {
        if kept.config == *config && matches!(config.strength, Strength::Uct | Strength::Full) {
            // A timed search copies for a quarter of its time at most: the nodes not reached
            // by then are kept as leaves, their statistics with them.
            let copy_until = if limits.infinite {
                None
            } else {
                let started = limits.started.unwrap_or_else(Instant::now);
                limits
                    .time_budget(root.side_to_move())
                    .map(|b| started + b / 4)
            };
            kept_tree = kept.tree.reroot(&path, root, copy_until);
            match &kept_tree {
                Some(t) => log::debug!("search: tree reused, {} nodes kept", t.size()),
                None => log::debug!("search: the tree has no node for the moves played"),
            }
        }
        kept.discard();
    }
    let mut tree = None;
    let steps = match config.strength {
        Strength::Random | Strength::Greedy => {
            let start = Instant::now();
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut pos = root.clone();
            let mut steps = Vec::new();
            let greedy = config.strength == Strength::Greedy;
            // Whole turns are listed from a turn start only; in the middle of a turn the
            // greedy level goes step by step.
            if greedy && root.at_turn_start() {
                if let Some(turn) = greedy_turn(root, &mut rng, stop) {
                    steps = root.turn_steps(&turn);
                    // turn_steps leaves forced decisions out: apply to know where it ends.
                    for &s in &steps {
                        pos.apply_step(s);
                    }
                }
            }
            while !pos.at_turn_start() || steps.is_empty() {
                let step = if greedy {
                    mcts::greedy_step(&mut pos, &mut rng)
                } else {
                    pos.random_step(&mut rng)
                };
                let Some(step) = step else { break };
                steps.push(step);
                pos.apply_step(step);
            }
            let e = if greedy {
                let e = pos.evaluate();
                if pos.side_to_move() == root.side_to_move() {
                    e
                } else {
                    -e
                }
            } else {
                0.0
            };
            on_info(&Info {
                depth: 1,
                time: start.elapsed(),
                score: e.clamp(-1.0, 1.0),
                raw_score: e.clamp(-1.0, 1.0),
                pv: steps.clone(),
                ..Info::default()
            });
            steps
        }
        // The turn search (a game's choice); `nodes 0` is still the greedy turn below.
        Strength::Full if G::TURN_SEARCH && (limits.infinite || limits.nodes != Some(0)) => {
            let params = TurnParams {
                max_memory: config.hash_mib << 20,
                ..TurnParams::default()
            };
            turns::search_turns(root, limits, &params, stop, seed, on_info)
        }
        Strength::Uct | Strength::Full => {
            let params = config.params::<G>();
            let (steps, grown) = search_parallel(
                root,
                limits,
                &params,
                config.threads,
                stop,
                seed,
                on_info,
                kept_tree,
            );
            tree = grown;
            steps
        }
    };
    let kept = tree.map(|tree| Kept {
        root: root.clone(),
        config: *config,
        tree,
    });
    (steps, kept)
}

/// The turns listed at most by the greedy level; past that it goes step by step.
const GREEDY_TURNS_CAP: usize = 4096;

/// The legal turn of `root` whose result is best for its mover: a win at once, else the best
/// [`SearchHints::evaluate`], ties at random. `None` when the turns are too many to list, or `stop`
/// (the engine's watchdog at the time budget) is raised while listing them: then the caller
/// chooses step by step, which takes a few milliseconds at most.
fn greedy_turn<G: SearchHints>(root: &G, rng: &mut SmallRng, stop: &AtomicBool) -> Option<G::Turn> {
    let mut turns = Vec::new();
    match root.legal_turns_within(&mut turns, GREEDY_TURNS_CAP, stop) {
        Ok(true) => {}
        _ => return None,
    }
    let side = root.side_to_move();
    let valued = turns.into_iter().filter_map(|turn| {
        let mut p = root.clone();
        p.play_turn(&turn).ok()?;
        let v = mcts::value_for(&p, side);
        Some((turn, v))
    });
    best_at_random(valued, rng)
}

/// [`search`] with explicit tuning [`Params`].
pub fn search_with<G: SearchHints>(
    root: &G,
    limits: &Limits,
    params: &Params,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> Option<G::Turn> {
    let steps = search_steps(root, limits, params, stop, seed, on_info);
    (!steps.is_empty()).then(|| root.turn_from_steps(&steps))
}

/// The search behind [`search`], returning the steps that complete the current turn (empty
/// when the game is over). Unlike [`search`] it also serves a root in the middle of a turn (a
/// GUI that built part of a turn step by step, then asks the engine to finish it): the steps
/// returned are then the rest of the turn.
pub fn search_steps<G: SearchHints>(
    root: &G,
    limits: &Limits,
    params: &Params,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> Vec<G::Step> {
    search_parallel(root, limits, params, 1, stop, seed, on_info, None).0
}

/// The item of highest value; ties broken at random (reservoir sampling: each tied item is
/// kept with equal chance, seeded by `rng`).
pub(crate) fn best_at_random<T>(
    valued: impl Iterator<Item = (T, f64)>,
    rng: &mut SmallRng,
) -> Option<T> {
    let (mut best, mut best_value, mut ties) = (None, f64::NEG_INFINITY, 0u32);
    for (item, v) in valued {
        if v > best_value {
            (best, best_value, ties) = (Some(item), v, 1);
        } else if v == best_value {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = Some(item);
            }
        }
    }
    best
}
