//! The root-parallel driver of a search: the workers' loop with its limits and early ends,
//! the merge of their trees into one decision, and the progress reports (see the module
//! documentation of [`super`] for the choice of root parallelism).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::mcts::{Params, Tree};
use super::{Info, Limits, DEFAULT_NODES, MAX_MARGIN};
use crate::game::Game;

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
pub(super) fn worker_seed(seed: u64, i: usize) -> u64 {
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
pub(super) fn search_parallel<G: Game>(
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
/// proven value, or the raw value mapped by [`Game::calibrated_score`] of the root; 0 (nothing
/// known) before the first iteration.
fn calibrate<G: Game>(root: &G, info: &mut Info) {
    info.raw_score = info.score;
    if info.proven.is_none() && info.nodes > 0 {
        info.score = root.calibrated_score(info.score).clamp(-1.0, 1.0);
    }
}
