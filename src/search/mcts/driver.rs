//! The tree search as a [`Searcher`]: [`TreeSearch`], its parameters for the game and the
//! configuration, the trees it keeps for the next search ([`Kept`]), and its driver: the threads
//! that grow one shared tree, each worker's loop with its limits and early ends, and the progress
//! reports (see the module documentation of [`crate::search`] for the choice of tree
//! parallelism).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crossbeam_utils::CachePadded;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{Params, Tree, Worker};
use crate::game::SearchHints;
use crate::search::{Answer, Cadence, Config, Info, Line, Request, Searcher};

/// Monte Carlo tree search over steps ([`super`]): the `uct` level ([`TreeSearch::reference`])
/// and the `full` level of a game that names it (`Default`: the game's own parameters,
/// [`Params::for_game`]). Its memory is the configuration's `Hash`; its threads, the
/// configuration's `Threads`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TreeSearch {
    tuning: Tuning,
}

/// Where a [`TreeSearch`]'s parameters come from.
#[derive(Clone, Debug, Default, PartialEq)]
enum Tuning {
    /// The game's: [`Params::for_game`].
    #[default]
    Game,
    /// The fixed reference: [`Params::uct_reference`].
    Reference,
    /// Given whole, memory bound included (tests and tuning tools).
    Given(Params),
}

impl TreeSearch {
    /// The fixed reference search (`Strength uct`): UCT with uniformly random playouts
    /// ([`Params::uct_reference`]).
    pub fn reference() -> Self {
        TreeSearch {
            tuning: Tuning::Reference,
        }
    }

    /// The search with `params` exactly, its memory bound `params.max_memory` (not the
    /// configuration's `Hash`): for tests and tuning tools.
    pub fn with_params(params: Params) -> Self {
        TreeSearch {
            tuning: Tuning::Given(params),
        }
    }

    /// The parameters it searches `G` with under `config`.
    pub fn params<G: SearchHints>(&self, config: &Config) -> Params {
        let game = |p: Params| Params {
            max_memory: config.memory(),
            ..p
        };
        match &self.tuning {
            Tuning::Game => game(Params::for_game::<G>()),
            Tuning::Reference => game(Params::uct_reference::<G>()),
            Tuning::Given(p) => p.clone(),
        }
    }
}

impl<G: SearchHints> Searcher<G> for TreeSearch {
    fn run(
        &self,
        mut request: Request<'_, G>,
        on_info: &mut dyn FnMut(&Info<G::Step>),
    ) -> Answer<G> {
        let params = self.params::<G>(&request.config);
        let mut kept_tree = None;
        // A root kept to some turns (`searchmoves`) neither grows a kept tree, whose root
        // holds every turn, nor is kept (the engine leaves its kept tree for the next search).
        let among = !request.among.is_empty();
        if let Some((kept, path)) = request.kept.take() {
            if kept.tree.params == params && !among {
                let limits = &request.limits;
                // A timed search copies for a quarter of its time at most: the nodes not
                // reached by then are kept as leaves, their statistics with them.
                let copy_until = if request.unlimited() {
                    None
                } else {
                    let started = limits.started.unwrap_or_else(Instant::now);
                    limits
                        .time_budget(request.root.side_to_move())
                        .map(|b| started + b / 4)
                };
                kept_tree = kept.tree.reroot(&path, request.root, copy_until);
                match &kept_tree {
                    Some(t) => log::debug!("search: tree reused, {} nodes kept", t.size()),
                    None => log::debug!("search: the tree has no node for the moves played"),
                }
            }
            kept.discard();
        }
        let (steps, tree) = search_parallel(&request, params, kept_tree, on_info);
        let kept = tree.filter(|_| !among).map(|tree| Kept {
            root: request.root.clone(),
            tree,
        });
        Answer { steps, kept }
    }
}

/// The tree of a tree search, kept for the next one (tree reuse, [`Request::kept`]).
pub struct Kept<G: SearchHints> {
    /// The position the tree was grown from.
    root: G,
    pub(super) tree: Tree<G>,
}

impl<G: SearchHints> Kept<G> {
    /// The position the kept tree is rooted at.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Nodes in the kept tree.
    pub fn nodes(&self) -> usize {
        self.tree.size()
    }

    /// Frees the tree on a thread of its own: a tree grown to `Hash` holds millions of nodes
    /// and step lists, whose freeing takes tens of milliseconds that must not be spent on the
    /// command loop or on the next search's clock. (Inline when no thread starts.)
    pub fn discard(self) {
        let spawned = std::thread::Builder::new()
            .name("discard".into())
            .spawn(move || drop(self));
        if let Err(e) = spawned {
            log::warn!("freeing the kept tree inline: {e}");
        }
    }

    /// A copy of the tree (every node, statistics and step lists), for benchmarks that time
    /// what the next search does with a big kept tree without growing one each time.
    pub fn copy(&self) -> Kept<G> {
        Kept {
            root: self.root.clone(),
            tree: self
                .tree
                .reroot(&[], &self.root, None)
                .expect("the empty path leads to the root"),
        }
    }

    /// A kept tree made of `tree` (tests).
    #[cfg(test)]
    pub(crate) fn of(root: G, tree: Tree<G>) -> Kept<G> {
        Kept { root, tree }
    }
}

/// The progress callback of a search.
type OnInfo<'a, S> = dyn FnMut(&Info<S>) + 'a;

/// What every worker of one search shares.
struct Control<'a> {
    start: Instant,
    /// When the iterations began (after the kept tree was re-rooted).
    began: Instant,
    deadline: Option<Instant>,
    depth: Option<u32>,
    infinite: bool,
    /// Set while a ponder search ponders: no limit applies until `ponderhit` clears it.
    pondering: Option<&'a AtomicBool>,
    /// The iterations of all workers together, when the search has a node budget.
    node_limit: Option<u64>,
    stop: &'a AtomicBool,
    /// Set by a worker that has found that the search may end early (proven root, single reply,
    /// unreachable lead, depth reached): every worker ends.
    done: AtomicBool,
    /// Iterations claimed from the node budget by all workers (each counter every worker
    /// writes on a cache line of its own, away from the limits every iteration reads).
    claimed: CachePadded<AtomicU64>,
    /// Iterations completed by all workers.
    iterations: CachePadded<AtomicU64>,
    /// The lines each report gives (`MultiPV`).
    multipv: usize,
}

/// Iterations a worker claims from the node budget at once, and completes before it adds them
/// to the count of all.
const CLAIM: u64 = 32;

impl Control<'_> {
    /// True while no limit applies (`infinite`, or pondering).
    fn unlimited(&self) -> bool {
        crate::search::unlimited(self.infinite, self.pondering)
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) && !self.unlimited()
    }

    /// The next iteration number `worker` may run under the node budget: one of the numbers it
    /// claimed, or the first of [`CLAIM`] more claimed at once (every worker writes `claimed`,
    /// so it is written once a batch, not once an iteration). With one thread the numbers are
    /// 0, 1, 2, … as if claimed one by one; with more, each number is run once at most.
    fn next_claim(&self, claims: &mut std::ops::Range<u64>) -> u64 {
        if claims.is_empty() {
            let first = self.claimed.fetch_add(CLAIM, Ordering::Relaxed);
            *claims = first..first + CLAIM;
        }
        claims.next().expect("a claim")
    }

    /// Adds `pending` iterations completed by a worker to the count of all.
    fn count(&self, pending: &mut u64) {
        if *pending > 0 {
            self.iterations
                .fetch_add(std::mem::take(pending), Ordering::Relaxed);
        }
    }

    fn halted(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.done.load(Ordering::Relaxed) || self.out_of_time()
    }
}

/// The seed of worker `i` of a search seeded with `seed` (worker 0 keeps `seed`, so that one
/// thread searches as a single-threaded search does).
fn worker_seed(seed: u64, i: usize) -> u64 {
    if i == 0 {
        seed
    } else {
        crate::mix::mix(seed ^ i as u64)
    }
}

/// Runs the search of `request` with `params` on the configuration's threads sharing one tree
/// (worker 0 on this thread, the one that reports progress), growing the `kept` tree when given
/// (tree reuse), and returns the steps that complete the current turn and the tree, for the
/// next search.
fn search_parallel<G: SearchHints>(
    request: &Request<'_, G>,
    params: Params,
    kept: Option<Tree<G>>,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> (Vec<G::Step>, Option<Tree<G>>) {
    let Request {
        root,
        limits,
        seed,
        stop,
        ..
    } = request;
    let (root, seed, stop) = (*root, *seed, *stop);
    let threads = request.config.threads;
    // The clock of a timed search started when `go` arrived, when the engine says so.
    let start = limits.started.unwrap_or_else(Instant::now);
    if root.outcome().is_some() {
        return (Vec::new(), None);
    }
    let threads = threads.max(1);
    let infinite = limits.infinite;
    // The watchdog still stops the search at the budget at the latest.
    let deadline = limits.deadline(start, root.side_to_move());
    let depth = if infinite { None } else { limits.depth };
    let node_limit = limits.node_budget(deadline.is_some(), params.depth_nodes_cap);
    let ctl = Control {
        start,
        began: Instant::now(),
        deadline,
        depth,
        infinite,
        pondering: request.pondering,
        node_limit,
        stop,
        done: AtomicBool::new(false),
        claimed: CachePadded::new(AtomicU64::new(0)),
        iterations: CachePadded::new(AtomicU64::new(0)),
        multipv: request.config.multipv.max(1),
    };
    let tree = kept.unwrap_or_else(|| {
        let mut fresh = Tree::new(root, params);
        fresh.among = request.among.clone();
        fresh
    });
    let mut visited = 0;
    let mut main = Worker::new(&tree, SmallRng::seed_from_u64(seed));
    if threads > 1 {
        main = main.sharing(0);
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|i| {
                let (ctl, tree) = (&ctl, &tree);
                scope.spawn(move || {
                    let rng = SmallRng::seed_from_u64(worker_seed(seed, i));
                    let mut worker = Worker::new(tree, rng).sharing(i);
                    run_worker(tree, &mut worker, ctl, None);
                    log::debug!("search: worker {i}: {} iterations", worker.iterations);
                    worker.visited
                })
            })
            .collect();
        run_worker(&tree, &mut main, &ctl, Some(on_info));
        // Worker 0 ends before the budget is spent only by the clock, `stop` or an early end:
        // the others follow. (Under a node budget they finish the iterations they claimed.)
        if node_limit.is_none() {
            ctl.done.store(true, Ordering::Relaxed);
        }
        visited += main.visited;
        for h in handles {
            match h.join() {
                Ok(v) => visited += v,
                Err(_) => log::error!("a search worker panicked"),
            }
        }
    });
    let steps = tree.best_turn_steps(&mut main.rng);
    let nodes = ctl.iterations.load(Ordering::Relaxed);
    let report = info(
        &tree,
        start,
        ctl.began,
        nodes,
        visited,
        request.config.multipv,
    );
    log::debug!(
        "search: {} iterations, {} threads, {} tree nodes, {} KiB, {:?}, score {:.3}",
        report.nodes,
        threads,
        tree.size(),
        tree.memory() >> 10,
        report.time,
        report.best().score
    );
    on_info(&report);
    (steps, Some(tree))
}

/// One worker's loop: iterations until the node budget, the deadline, `stop` or an early end.
/// Worker 0 (`on_info` given) reports progress.
fn run_worker<G: SearchHints>(
    tree: &Tree<G>,
    worker: &mut Worker<G>,
    ctl: &Control,
    mut on_info: Option<&mut OnInfo<'_, G::Step>>,
) {
    let params = tree.params();
    let timed = ctl.infinite || ctl.pondering.is_some() || ctl.deadline.is_some();
    let mut cadence = Cadence::new(ctl.start, params.info_period);
    let mut next_info = params.info_every.max(1);
    // Iterations claimed from the budget and not yet run; iterations completed and not yet
    // added to `ctl.iterations`.
    let mut claims = 0..0;
    let mut pending = 0;
    loop {
        if ctl.halted() {
            break;
        }
        if ctl.unlimited() && ctl.multipv == 1 && tree.root_proven() {
            // Nothing left to learn: the answer cannot change. Wait for `stop` or
            // `ponderhit` without spending the core.
            std::thread::sleep(crate::search::IDLE);
            continue;
        }
        if let Some(n) = ctl.node_limit {
            // Claim one iteration of the shared budget (while pondering too: after
            // `ponderhit` the budget counts every iteration since `go ponder`).
            if ctl.next_claim(&mut claims) >= n && !ctl.unlimited() {
                break;
            }
        }
        let mut abort = || ctl.halted();
        if !worker.iterate(tree, &mut abort) {
            if abort() {
                break;
            }
            // Saturated statistics (billions of iterations): idle until told to stop.
            if !ctl.unlimited() {
                ctl.done.store(true, Ordering::Relaxed);
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        pending += 1;
        if pending >= CLAIM {
            ctl.count(&mut pending);
        }
        // All the workers' iterations but those the others have not added yet (exact with one
        // thread).
        let done = ctl.iterations.load(Ordering::Relaxed) + pending;
        let limited = !ctl.unlimited();
        if limited && ctl.deadline.is_some() && (tree.root_proven() || tree.single_reply()) {
            ctl.done.store(true, Ordering::Relaxed);
            break;
        }
        if let (Some(d), true, true) = (ctl.deadline, on_info.is_some(), limited) {
            // Stop early when the runner-up could not catch up with the best turn in the time
            // left, even at the rate seen so far (saves clock for later turns).
            if worker.iterations.is_multiple_of(256) {
                let now = Instant::now();
                let (spent, left) = (now - ctl.start, d.saturating_duration_since(now));
                if let Some(lead) = tree.root_lead() {
                    let reachable =
                        done as f64 * left.as_secs_f64() / spent.as_secs_f64().max(1e-6);
                    if lead as f64 > reachable {
                        ctl.done.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
        }
        if let (Some(d), true, true) = (ctl.depth, on_info.is_some(), limited) {
            if worker.iterations.is_multiple_of(64) {
                match tree.pv_depth(params.depth_visits) {
                    Some(t) if t < d => {}
                    _ => {
                        ctl.done.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
        }
        let Some(report) = on_info.as_deref_mut() else {
            continue;
        };
        if timed {
            // Reading the clock costs tens of nanoseconds; an iteration costs microseconds.
            if let Some(current) = cadence.tick(Instant::now(), || tree.heads(ctl.multipv)) {
                let mut r = info(
                    tree,
                    ctl.start,
                    ctl.began,
                    done,
                    worker.visited,
                    ctl.multipv,
                );
                if current {
                    r.current = tree.current_turn(worker.path.iter().map(|&(i, ..)| i as usize));
                }
                report(&r);
            }
        } else if worker.iterations >= next_info {
            next_info += params.info_every.max(1);
            report(&info(
                tree,
                ctl.start,
                ctl.began,
                done,
                worker.visited,
                ctl.multipv,
            ));
        }
    }
    ctl.count(&mut pending);
    worker.flush(tree);
}

/// The progress report of `tree` (its clock started at `start`, its iterations at `began`),
/// with the iteration count of the whole search and the steps applied (`visited`): its best line, then up to `multipv - 1` more (`lines.rs`).
fn info<G: SearchHints>(
    tree: &Tree<G>,
    start: Instant,
    began: Instant,
    nodes: u64,
    visited: u64,
    multipv: usize,
) -> Info<G::Step> {
    let pv = tree.pv();
    let proven = tree.proven();
    let raw = tree.score();
    let mut lines = vec![Line {
        depth: pv.turns,
        score: calibrated(tree.root(), raw, proven, nodes),
        raw_score: raw,
        proven,
        visits: 0,
        pv: pv.steps,
    }];
    if multipv > 1 {
        let turns = tree.first_turns(multipv);
        if let Some(first) = turns.first() {
            lines[0].visits = first.visits;
        }
        for turn in turns.iter().skip(1) {
            let (pv, raw, proven) = tree.line_of(turn);
            lines.push(Line {
                depth: pv.turns,
                score: calibrated(tree.root(), raw, proven, nodes),
                raw_score: raw,
                proven,
                visits: turn.visits,
                pv: pv.steps,
            });
        }
    }
    Info {
        visited,
        nodes,
        time: start.elapsed(),
        setup: began.saturating_duration_since(start),
        lines,
        current: None,
    }
}

/// The expected result from the search's value `raw`: the proven value, or the raw value mapped
/// by [`SearchHints::calibrated_score`] of the root; 0 (nothing known) before the first
/// iteration.
fn calibrated<G: SearchHints>(root: &G, raw: f64, proven: Option<(i8, u32)>, nodes: u64) -> f64 {
    if proven.is_none() && nodes > 0 {
        root.calibrated_score(raw).clamp(-1.0, 1.0)
    } else {
        raw
    }
}
