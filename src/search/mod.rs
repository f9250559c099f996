//! Game-agnostic search. Knows only the [`Game`] trait; prints nothing.
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
//!   once, else best by [`Game::evaluate`], ties at random).
//! * `movetime t` — stops `t` after the call at the latest (the clock is read every iteration
//!   and every 64 playout steps, so the overshoot is a fraction of a millisecond plus the time to
//!   build the answer).
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
//! `stop` is checked every iteration and every 64 playout steps, so the search returns within
//! about a millisecond of it. With no time limit (only `nodes`/`depth`), nothing in the decision
//! depends on the clock: the same position, limits and seed give the same turn, score, principal
//! variation and number of `info` reports.

pub mod bench;
pub mod mcts;
#[cfg(test)]
mod testgames;
#[cfg(test)]
mod tests;

pub use mcts::Params;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::game::{Game, Side};
use mcts::Tree;

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
}

impl Limits {
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
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Info {
    /// Whole turns the principal variation starts (a partly built last turn counts).
    pub depth: u32,
    /// Iterations (playouts) completed: the unit of `go nodes`.
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// Expected result for the side to move at the root, in [-1, 1].
    pub score: f64,
    /// Principal variation, as step texts (each formatted on the position it applies to),
    /// following the best child from the root while it has been visited; it runs across turns.
    pub pv: Vec<String>,
}

/// Searches `root` (at a turn start, game not over) and returns the turn to play, or `None`
/// when there is no legal turn (the game is over). For a root in the middle of a turn, use
/// [`search_steps`]: `turn_from_steps` is only defined from a turn start. Honours `limits` (see the module
/// documentation) and returns promptly once `stop` is set; a stopped search still returns a legal
/// turn. Reports progress through `on_info`: every [`Params::info_period`] when timed or
/// infinite, every [`Params::info_every`] iterations otherwise, and once at the end.
pub fn search<G: Game>(
    root: &G,
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
) -> Option<G::Turn> {
    search_with(root, limits, &Params::for_game::<G>(), stop, seed, on_info)
}

/// [`search`] with explicit tuning [`Params`].
pub fn search_with<G: Game>(
    root: &G,
    limits: &Limits,
    params: &Params,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
) -> Option<G::Turn> {
    let steps = search_steps(root, limits, params, stop, seed, on_info);
    (!steps.is_empty()).then(|| root.turn_from_steps(&steps))
}

/// The search behind [`search`], returning the steps that complete the current turn (empty
/// when the game is over). Unlike [`search`] it also serves a root in the middle of a turn (a
/// GUI that built part of a turn step by step, then asks the engine to finish it): the steps
/// returned are then the rest of the turn.
pub fn search_steps<G: Game>(
    root: &G,
    limits: &Limits,
    params: &Params,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
) -> Vec<G::Step> {
    let start = Instant::now();
    if root.outcome().is_some() {
        return Vec::new();
    }
    let infinite = limits.infinite;
    let deadline = if infinite {
        None
    } else {
        limits.time_budget(root.side_to_move()).map(|b| start + b)
    };
    let depth = if infinite { None } else { limits.depth };
    let node_limit = if infinite {
        None
    } else {
        let by_depth = depth.map(|d| u64::from(d.max(1)) * params.depth_nodes_cap);
        match (limits.nodes, by_depth) {
            (Some(n), Some(d)) => Some(n.min(d)),
            (n, d) => n.or(d).or(if deadline.is_none() {
                Some(DEFAULT_NODES)
            } else {
                None
            }),
        }
    };
    let timed = infinite || deadline.is_some();
    let out_of_time = || deadline.is_some_and(|d| Instant::now() >= d);

    let mut tree = Tree::new(root, params.clone(), SmallRng::seed_from_u64(seed));
    let mut last_info = start;
    let mut next_info = params.info_every.max(1);
    loop {
        if stop.load(Ordering::Relaxed)
            || node_limit.is_some_and(|n| tree.iterations >= n)
            || out_of_time()
        {
            break;
        }
        let mut abort = || stop.load(Ordering::Relaxed) || out_of_time();
        if !tree.iterate(&mut abort) && !abort() {
            // Saturated statistics (billions of iterations): idle until told to stop.
            if !infinite {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        if let Some(d) = deadline {
            if tree.root_proven() || tree.single_reply() {
                break;
            }
            // Stop early when the runner-up could not catch up with the best turn in the time
            // left, even at the rate seen so far (saves clock for later turns).
            if tree.iterations.is_multiple_of(256) {
                let now = Instant::now();
                let (spent, left) = (now - start, d.saturating_duration_since(now));
                if let Some(lead) = tree.root_lead() {
                    let reachable =
                        tree.iterations as f64 * left.as_secs_f64() / spent.as_secs_f64().max(1e-6);
                    if lead as f64 > reachable {
                        break;
                    }
                }
            }
        }
        if let Some(d) = depth {
            if tree.iterations % 64 == 0 {
                match tree.pv_depth(params.depth_visits) {
                    Some(t) if t < d => {}
                    _ => break,
                }
            }
        }
        if timed {
            // Reading the clock costs tens of nanoseconds; an iteration costs microseconds.
            let now = Instant::now();
            if now - last_info >= params.info_period {
                last_info = now;
                on_info(&info(&tree, start));
            }
        } else if tree.iterations >= next_info {
            next_info += params.info_every.max(1);
            on_info(&info(&tree, start));
        }
    }
    let steps = tree.best_turn_steps();
    let report = info(&tree, start);
    log::debug!(
        "search: {} iterations, {} tree nodes, {} KiB, {:?}, score {:.3}",
        report.nodes,
        tree.size(),
        tree.memory() >> 10,
        report.time,
        report.score
    );
    on_info(&report);
    steps
}

/// The progress report of `tree`.
fn info<G: Game>(tree: &Tree<G>, start: Instant) -> Info {
    let pv = tree.pv();
    Info {
        depth: pv.turns,
        nodes: tree.iterations,
        time: start.elapsed(),
        score: tree.score(),
        pv: pv.steps,
    }
}
