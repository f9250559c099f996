//! The driver of a search: the threads that grow one shared tree, each worker's loop with its
//! limits and early ends, and the progress reports (see the module documentation of
//! [`super`] for the choice of tree parallelism).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::mcts::{Params, Tree, Worker};
use super::{Info, Limits};
use crate::game::SearchHints;

/// The progress callback of a search.
type OnInfo<'a, S> = dyn FnMut(&Info<S>) + 'a;

/// What every worker of one search shares.
struct Control<'a> {
    start: Instant,
    deadline: Option<Instant>,
    depth: Option<u32>,
    infinite: bool,
    /// The iterations of all workers together, when the search has a node budget.
    node_limit: Option<u64>,
    stop: &'a AtomicBool,
    /// Set by a worker that has found that the search may end early (proven root, single reply,
    /// unreachable lead, depth reached): every worker ends.
    done: AtomicBool,
    /// Iterations claimed from the node budget by all workers.
    claimed: AtomicU64,
    /// Iterations completed by all workers.
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

/// The seed of worker `i` of a search seeded with `seed` (worker 0 keeps `seed`, so that one
/// thread searches as a single-threaded search does).
pub(super) fn worker_seed(seed: u64, i: usize) -> u64 {
    if i == 0 {
        seed
    } else {
        crate::mix::mix(seed ^ i as u64)
    }
}

/// Runs the search on `threads` workers sharing one tree (worker 0 on this thread, the one
/// that reports progress), growing the `kept` tree when given (tree reuse), and returns the
/// steps that complete the current turn and the tree, for the next search.
#[allow(clippy::too_many_arguments)] // private; every caller names each argument once
pub(super) fn search_parallel<G: SearchHints>(
    root: &G,
    limits: &Limits,
    params: &Params,
    threads: usize,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info<G::Step>),
    kept: Option<Tree<G>>,
) -> (Vec<G::Step>, Option<Tree<G>>) {
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
        deadline,
        depth,
        infinite,
        node_limit,
        stop,
        done: AtomicBool::new(false),
        claimed: AtomicU64::new(0),
        iterations: AtomicU64::new(0),
    };
    let tree = kept.unwrap_or_else(|| Tree::new(root, params.clone()));
    let mut visited = 0;
    let mut main = Worker::new(&tree, SmallRng::seed_from_u64(seed));
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|i| {
                let (ctl, tree) = (&ctl, &tree);
                scope.spawn(move || {
                    let rng = SmallRng::seed_from_u64(worker_seed(seed, i));
                    let mut worker = Worker::new(tree, rng);
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
    let report = info(&tree, start, nodes, visited);
    log::debug!(
        "search: {} iterations, {} threads, {} tree nodes, {} KiB, {:?}, score {:.3}",
        report.nodes,
        threads,
        tree.size(),
        tree.memory() >> 10,
        report.time,
        report.score
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
    let timed = ctl.infinite || ctl.deadline.is_some();
    let mut last_info = ctl.start;
    let mut next_info = params.info_every.max(1);
    loop {
        if ctl.halted() {
            break;
        }
        if let Some(n) = ctl.node_limit {
            // Claim one iteration of the shared budget.
            if ctl.claimed.fetch_add(1, Ordering::Relaxed) >= n {
                break;
            }
        }
        let mut abort = || ctl.halted();
        if !worker.iterate(tree, &mut abort) {
            if abort() {
                break;
            }
            // Saturated statistics (billions of iterations): idle until told to stop.
            if !ctl.infinite {
                ctl.done.store(true, Ordering::Relaxed);
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let done = ctl.iterations.fetch_add(1, Ordering::Relaxed) + 1;
        if ctl.deadline.is_some() && (tree.root_proven() || tree.single_reply()) {
            ctl.done.store(true, Ordering::Relaxed);
            break;
        }
        if let (Some(d), true) = (ctl.deadline, on_info.is_some()) {
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
        if let (Some(d), true) = (ctl.depth, on_info.is_some()) {
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
            let now = Instant::now();
            if now - last_info >= params.info_period {
                last_info = now;
                report(&info(tree, ctl.start, done, worker.visited));
            }
        } else if worker.iterations >= next_info {
            next_info += params.info_every.max(1);
            report(&info(tree, ctl.start, done, worker.visited));
        }
    }
}

/// The progress report of `tree`, with the iteration count of the whole search and the steps
/// applied (`visited`).
fn info<G: SearchHints>(tree: &Tree<G>, start: Instant, nodes: u64, visited: u64) -> Info<G::Step> {
    let pv = tree.pv();
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

/// Sets `info.raw_score` to the search's value and `info.score` to the expected result: the proven
/// value, or the raw value mapped by [`SearchHints::calibrated_score`] of the root; 0 (nothing
/// known) before the first iteration.
fn calibrate<G: SearchHints>(root: &G, info: &mut Info<G::Step>) {
    info.raw_score = info.score;
    if info.proven.is_none() && info.nodes > 0 {
        info.score = root.calibrated_score(info.score).clamp(-1.0, 1.0);
    }
}
