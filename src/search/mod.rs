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
//! * `movetime t` — stops `t` after the call at the latest: the search stops `t/25` (at least
//!   1 ms, at most [`MAX_MARGIN`]) before `t`, keeping that margin to build its answer; the
//!   clock is read every iteration and every 16 playout steps, and every step of a playout or
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
//!   look-ahead with [`Game::evaluate`]), `uct` (the fixed reference: UCT with uniformly random
//!   playouts, [`Params::uct_reference`]) and `full`, the default and strongest (the game's
//!   playout policy and evaluation, [`Params::for_game`]). Every level is deterministic under a
//!   node budget: the same position, seed and budget give the same turn.
//! * **Threads: root-parallel.** Each thread grows its own tree from the root with its own
//!   seed and a share of the node budget; at the end the root children's visits are summed by
//!   step and the most visited step (or a proven win) is played, the rest of the turn coming
//!   from the tree that visited that step most. Chosen over a shared tree with virtual loss
//!   because it needs no lock and no atomic in the tree (each iteration runs at full speed on
//!   its core), because a node budget and a seed still fix the answer whatever the threads'
//!   timing, and because on few cores it is known to do as well as tree parallelism (Chaslot,
//!   Winands and van den Herik 2008, "Parallel Monte-Carlo Tree Search"). Progress reports
//!   come from thread 0 with the iterations of all threads.
//! * **Tree reuse** ([`search_reusing`], [`Kept`]): a search hands its trees back; the next one,
//!   given the steps played since, keeps the subtree under them (see `mcts::reuse`).
//! * **Memory**: the trees together stay within `Hash` MiB ([`Params::max_memory`] is the
//!   share of one thread); a full tree stops growing and the search goes on with playouts.

pub mod bench;
pub mod mcts;
#[cfg(test)]
mod testgames;
#[cfg(test)]
mod tests;

pub use mcts::Params;

/// How the engine plays (the protocol's `Strength` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strength {
    /// A uniformly random legal turn, step by step from the seed.
    Random,
    /// The turn whose result is best by [`Game::evaluate`] (a win at once first), ties at
    /// random: one turn of look-ahead, no search.
    Greedy,
    /// The reference search ([`Params::uct_reference`]): UCT with uniformly random playouts.
    Uct,
    /// The strongest: MCTS with the game's evaluation and playout policy ([`Params::for_game`]).
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
    /// Search threads, 1 or more: root-parallel (see the module documentation).
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
    /// The search parameters of `G` for this configuration (the memory shared among threads).
    pub fn params<G: Game>(&self) -> Params {
        let mut p = match self.strength {
            Strength::Uct => Params::uct_reference::<G>(),
            _ => Params::for_game::<G>(),
        };
        p.max_memory = (self.hash_mib << 20) / self.threads.max(1);
        p
    }
}

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::game::{Game, Side};
use mcts::Tree;

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
    /// the search's raw value mapped by [`Game::calibrated_score`].
    pub score: f64,
    /// The search's own value for the side to move at the root (the mean of its playouts'
    /// results, or the proven value), before [`Game::calibrated_score`]: what the score's
    /// calibration is fitted on.
    pub raw_score: f64,
    /// Principal variation, one token per whole turn (a turn's notation; a last turn the tree
    /// has not followed to its end is its step texts joined by `,` and marked with
    /// [`mcts::PARTIAL_MARK`]), following the best child from the root while it has been
    /// visited. `depth` counts these tokens.
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

/// [`search`] with a [`Config`]: the strength level, threads and memory.
pub fn search_config<G: Game>(
    root: &G,
    limits: &Limits,
    config: &Config,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
) -> Option<G::Turn> {
    search_reusing(root, limits, config, stop, seed, on_info, None).0
}

/// The trees of a search, kept for the next one (tree reuse, see [`search_reusing`]).
pub struct Kept<G: Game> {
    /// The position the trees were grown from.
    root: G,
    config: Config,
    trees: Vec<Tree<G>>,
}

impl<G: Game> Kept<G> {
    /// The position the kept trees are rooted at.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Nodes in the kept trees.
    pub fn nodes(&self) -> usize {
        self.trees.iter().map(|t| t.size()).sum()
    }
}

/// [`search_config`] that starts from the trees of an earlier search when it can, and hands its
/// own trees back for the next one. `reuse` is what an earlier search returned and the steps
/// played since from its root to `root` (chosen steps, as [`Game::turn_steps`] gives them). The
/// subtree under those steps is kept ([`mcts`]'s tree reuse) when the configuration is the same
/// and the tree reached them; otherwise the search starts afresh. Under a node budget, `nodes n`
/// is `n` new iterations, and the result is still a function of the commands given: the same
/// sequence of searches and moves, seeds and budgets gives the same turns.
pub fn search_reusing<G: Game>(
    root: &G,
    limits: &Limits,
    config: &Config,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
    reuse: Option<(Kept<G>, Vec<G::Step>)>,
) -> (Option<G::Turn>, Option<Kept<G>>) {
    if root.outcome().is_some() || !root.at_turn_start() {
        return (None, None);
    }
    let mut kept_trees = Vec::new();
    if let Some((kept, path)) = reuse {
        if kept.config == *config {
            for (i, mut tree) in kept.trees.into_iter().enumerate() {
                let rng = SmallRng::seed_from_u64(worker_seed(seed, i));
                match tree.reroot(&path, root, rng) {
                    Some(n) => {
                        log::debug!("search: tree {i} reused, {n} nodes kept");
                        kept_trees.push(tree);
                    }
                    None => {
                        log::debug!("search: tree {i} has no node for the moves played");
                        kept_trees.clear();
                        break;
                    }
                }
            }
        }
    }
    let mut trees = Vec::new();
    let steps = match config.strength {
        Strength::Random | Strength::Greedy => {
            let start = Instant::now();
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut pos = root.clone();
            let mut steps = Vec::new();
            let greedy = config.strength == Strength::Greedy;
            if greedy {
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
                pv: vec![root.format_turn(&root.turn_from_steps(&steps))],
                ..Info::default()
            });
            steps
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
                kept_trees,
            );
            trees = grown;
            steps
        }
    };
    let turn = (!steps.is_empty()).then(|| root.turn_from_steps(&steps));
    let kept = (!trees.is_empty()).then(|| Kept {
        root: root.clone(),
        config: *config,
        trees,
    });
    (turn, kept)
}

/// The turns listed at most by the greedy level; past that it goes step by step.
const GREEDY_TURNS_CAP: usize = 4096;

/// The legal turn of `root` whose result is best for its mover: a win at once, else the best
/// [`Game::evaluate`], ties at random. `None` when the turns are too many to list, or `stop`
/// (the engine's watchdog at the time budget) is raised while listing them: then the caller
/// chooses step by step, which takes a few milliseconds at most.
fn greedy_turn<G: Game>(root: &G, rng: &mut SmallRng, stop: &AtomicBool) -> Option<G::Turn> {
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
    search_parallel(root, limits, params, 1, stop, seed, on_info, Vec::new()).0
}

/// What every worker of one search shares.
struct Control<'a> {
    start: Instant,
    deadline: Option<Instant>,
    depth: Option<u32>,
    infinite: bool,
    stop: &'a AtomicBool,
    /// Set by a worker that has found that the search may end early (proven root, single reply,
    /// unreachable lead, depth reached): every worker ends.
    done: AtomicBool,
    /// Iterations of all workers, for the progress reports.
    iterations: AtomicU64,
}

impl Control<'_> {
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn halted(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.done.load(Ordering::Relaxed) || self.out_of_time()
    }
}

/// The seed of worker `i` of a search seeded with `seed` (worker 0 keeps `seed`).
fn worker_seed(seed: u64, i: usize) -> u64 {
    if i == 0 {
        seed
    } else {
        seed ^ (i as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(17)
    }
}

/// Runs the search on `threads` root-parallel workers (worker 0 on this thread, the one that
/// reports progress), growing the `kept` trees when given (tree reuse), and returns the steps
/// that complete the current turn and the trees, for the next search.
#[allow(clippy::too_many_arguments)] // private; every caller names each argument once
fn search_parallel<G: Game>(
    root: &G,
    limits: &Limits,
    params: &Params,
    threads: usize,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
    kept: Vec<Tree<G>>,
) -> (Vec<G::Step>, Vec<Tree<G>>) {
    let start = Instant::now();
    if root.outcome().is_some() {
        return (Vec::new(), Vec::new());
    }
    let threads = threads.max(1);
    let infinite = limits.infinite;
    let deadline = if infinite {
        None
    } else {
        // A margin for building the answer and for the scheduler of a loaded machine: the
        // search itself stops a little before the budget (the watchdog still stops it at the
        // budget at the latest).
        limits.time_budget(root.side_to_move()).map(|b| {
            start + b
                - (b / 25)
                    .clamp(Duration::from_millis(1), MAX_MARGIN)
                    .min(b / 2)
        })
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
    let ctl = Control {
        start,
        deadline,
        depth,
        infinite,
        stop,
        done: AtomicBool::new(false),
        iterations: AtomicU64::new(0),
    };
    // The node budget is shared out: worker i gets n / threads, the first ones one more.
    let share = |i: usize| {
        node_limit.map(|n| n / threads as u64 + u64::from((i as u64) < n % threads as u64))
    };
    // Worker i grows the kept tree i when there is one (tree reuse), else a new tree.
    let mut kept: Vec<Option<Tree<G>>> = kept.into_iter().map(Some).collect();
    kept.resize_with(threads, || None);
    let mut trees: Vec<Tree<G>> = Vec::with_capacity(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = kept
            .drain(1..)
            .enumerate()
            .map(|(i, old)| {
                let i = i + 1;
                let ctl = &ctl;
                let limit = share(i);
                scope.spawn(move || {
                    let rng = SmallRng::seed_from_u64(worker_seed(seed, i));
                    let mut tree = old.unwrap_or_else(|| Tree::new(root, params.clone(), rng));
                    run_worker(&mut tree, ctl, params, limit, None);
                    tree
                })
            })
            .collect();
        let mut tree = kept
            .pop()
            .flatten()
            .unwrap_or_else(|| Tree::new(root, params.clone(), SmallRng::seed_from_u64(seed)));
        run_worker(&mut tree, &ctl, params, share(0), Some(on_info));
        if threads > 1 {
            // Worker 0 ends first only by its own budget or an early end: the others follow.
            if node_limit.is_none() {
                ctl.done.store(true, Ordering::Relaxed);
            }
        }
        trees.push(tree);
        for h in handles {
            match h.join() {
                Ok(t) => trees.push(t),
                Err(_) => log::error!("a search worker panicked; its tree is left out"),
            }
        }
    });
    let (steps, report) = if threads == 1 {
        let tree = &mut trees[0];
        let steps = tree.best_turn_steps();
        (
            steps,
            info(tree, start, None, tree.iterations, tree.visited),
        )
    } else {
        merge(&mut trees, start)
    };
    log::debug!(
        "search: {} iterations, {} threads, {} tree nodes, {} KiB, {:?}, score {:.3}",
        report.nodes,
        threads,
        trees.iter().map(|t| t.size()).sum::<usize>(),
        trees.iter().map(|t| t.memory()).sum::<usize>() >> 10,
        report.time,
        report.score
    );
    on_info(&report);
    (steps, trees)
}

/// One worker's loop: iterations until its node budget, the deadline, `stop` or an early end.
/// Worker 0 (`on_info` given) reports progress.
fn run_worker<G: Game>(
    tree: &mut Tree<G>,
    ctl: &Control,
    params: &Params,
    node_limit: Option<u64>,
    mut on_info: Option<&mut dyn FnMut(&Info)>,
) {
    let timed = ctl.infinite || ctl.deadline.is_some();
    let mut last_info = ctl.start;
    let mut next_info = params.info_every.max(1);
    loop {
        if ctl.halted() || node_limit.is_some_and(|n| tree.iterations >= n) {
            break;
        }
        let mut abort = || ctl.halted();
        if !tree.iterate(&mut abort) && !abort() {
            // Saturated statistics (billions of iterations): idle until told to stop.
            if !ctl.infinite {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        ctl.iterations.fetch_add(1, Ordering::Relaxed);
        if let Some(d) = ctl.deadline {
            if tree.root_proven() || tree.single_reply() {
                ctl.done.store(true, Ordering::Relaxed);
                break;
            }
            // Stop early when the runner-up could not catch up with the best turn in the time
            // left, even at the rate seen so far (saves clock for later turns).
            if tree.iterations.is_multiple_of(256) {
                let now = Instant::now();
                let (spent, left) = (now - ctl.start, d.saturating_duration_since(now));
                if let Some(lead) = tree.root_lead() {
                    let reachable =
                        tree.iterations as f64 * left.as_secs_f64() / spent.as_secs_f64().max(1e-6);
                    if lead as f64 > reachable {
                        ctl.done.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
        }
        if let Some(d) = ctl.depth {
            if tree.iterations.is_multiple_of(64) {
                match tree.pv_depth(params.depth_visits) {
                    Some(t) if t < d => {}
                    _ => break,
                }
            }
        }
        let Some(report) = on_info.as_deref_mut() else {
            continue;
        };
        if timed {
            // Reading the clock costs tens of nanoseconds; an iteration costs microseconds.
            let now = Instant::now();
            if now - last_info >= params.info_period {
                last_info = now;
                let nodes = ctl.iterations.load(Ordering::Relaxed);
                report(&info(tree, ctl.start, None, nodes, tree.visited));
            }
        } else if tree.iterations >= next_info {
            next_info += params.info_every.max(1);
            let nodes = ctl.iterations.load(Ordering::Relaxed);
            report(&info(tree, ctl.start, None, nodes, tree.visited));
        }
    }
}

/// The decision of root-parallel trees: the root children's statistics summed by step; the
/// quickest proven win if any tree has one, else the most visits among steps no tree has
/// proven lost, else the slowest proven loss; the rest of the turn and the principal variation
/// from the tree that visited the chosen step most.
fn merge<G: Game>(trees: &mut [Tree<G>], start: Instant) -> (Vec<G::Step>, Info) {
    use std::collections::HashMap;
    #[derive(Default)]
    struct Sum {
        visits: u64,
        value: f64,
        proven: Option<(i8, u16)>,
    }
    let mut sums: HashMap<G::Step, Sum> = HashMap::new();
    let mut order = Vec::new();
    for t in trees.iter() {
        for c in t.root_children() {
            let e = sums.entry(c.step).or_insert_with(|| {
                order.push(c.step);
                Sum::default()
            });
            e.visits += u64::from(c.visits);
            e.value += c.value;
            if let Some(p) = c.proven {
                e.proven = Some((p, c.dist));
            }
        }
    }
    // Deterministic order: first seen (trees in worker order, children in tree order).
    let mut win: Option<(u16, usize)> = None;
    let mut best: Option<(u64, usize)> = None;
    let mut loss: Option<(u16, usize)> = None;
    for (i, step) in order.iter().enumerate() {
        let s = &sums[step];
        match s.proven {
            Some((1, d)) if win.is_none_or(|(wd, _)| d < wd) => win = Some((d, i)),
            Some((1, _)) => {}
            Some((-1, d)) if s.visits > 0 && loss.is_none_or(|(ld, _)| d > ld) => {
                loss = Some((d, i))
            }
            Some((-1, _)) => {}
            _ if s.visits > 0 && best.is_none_or(|(bv, _)| s.visits > bv) => {
                best = Some((s.visits, i))
            }
            _ => {}
        }
    }
    let nodes: u64 = trees.iter().map(|t| t.iterations).sum();
    let visited: u64 = trees.iter().map(|t| t.visited).sum();
    let Some(i) = win.map(|w| w.1).or(best.map(|b| b.1)).or(loss.map(|l| l.1)) else {
        let steps = trees[0].best_turn_steps();
        return (steps, info(&trees[0], start, None, nodes, visited));
    };
    let step = order[i];
    let s = &sums[&step];
    // The tree that knows the chosen step best finishes the turn.
    let k = (0..trees.len())
        .max_by_key(|&k| {
            let v = trees[k]
                .root_children()
                .iter()
                .find(|c| c.step == step)
                .map_or(0, |c| c.visits);
            (v, std::cmp::Reverse(k))
        })
        .unwrap_or(0);
    let steps = trees[k].best_turn_steps_with(Some(step));
    let mut report = info(&trees[k], start, Some(step), nodes, visited);
    report.score = match s.proven {
        Some((p, _)) => p as f64,
        None => s.value / s.visits.max(1) as f64,
    };
    if let Some(t) = trees.iter().find(|t| t.proven().is_some()) {
        report.proven = t.proven();
        report.score = report.proven.map_or(report.score, |p| p.0 as f64);
    }
    calibrate(trees[k].root(), &mut report);
    (steps, report)
}

/// The progress report of `tree` (through the root step `first` when given), with the
/// iteration and step counts of the whole search.
fn info<G: Game>(
    tree: &Tree<G>,
    start: Instant,
    first: Option<G::Step>,
    nodes: u64,
    visited: u64,
) -> Info {
    let pv = tree.pv_with(first);
    let mut info = Info {
        depth: pv.turns,
        nodes,
        time: start.elapsed(),
        score: tree.score(),
        raw_score: 0.0,
        pv: pv.steps,
        proven: tree.proven(),
        visited,
    };
    calibrate(tree.root(), &mut info);
    info
}

/// Sets `info.raw_score` to the search's value and `info.score` to the expected result: the
/// proven value, or the raw value mapped by [`Game::calibrated_score`] of the root.
fn calibrate<G: Game>(root: &G, info: &mut Info) {
    info.raw_score = info.score;
    if info.proven.is_none() {
        info.score = root.calibrated_score(info.score).clamp(-1.0, 1.0);
    }
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
