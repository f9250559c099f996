//! The helper threads of a turn search with several threads: they draw turns from a node's
//! position while the search's own thread draws its share.
//!
//! * **What is shared.** Nearly all of a turn search's time goes into drawing turns (a walk down
//!   the tree and the backing up touch a few nodes; a draw plays a whole turn of a dozen steps
//!   and evaluates where it ends). The turns of a batch — an expansion, a widening, the root's
//!   first turns — are split between the search's thread and its helpers: each draws its share
//!   from its own copy of the node's position with its own random stream, seeded from the
//!   search's stream, and hands back each turn with the hash and value of the position it
//!   leads to. The search's thread then adds them to the node in a fixed order (its own, then
//!   each helper's in turn), so that under a node budget a search gives the same answer for
//!   the same seed and number of threads.
//! * **Hand-over.** A helper waits for a batch by spinning on an epoch counter: a batch is tens
//!   of microseconds of work, and waking a sleeping thread costs about as much. After a
//!   millisecond without work (a search that idles, or a walk that draws nothing) it yields,
//!   then sleeps in short naps, so that an idle search does not spend the cores.
//! * **Limits.** A helper stops drawing at `stop` or at the deadline (neither while the search
//!   ponders); the node budget is split before the batch is handed out.
//!
//! With one thread there are no helpers: the search draws everything itself, as it always has.

use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crossbeam_utils::CachePadded;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{outcome_value, value_for};
use crate::game::SearchHints;

/// A turn drawn from a position: its steps (none when no step could be drawn), and the hash of
/// the position it leads to and that position's value for the side that plays the turn.
pub(super) struct Drawn<S> {
    pub steps: Vec<S>,
    pub hash: u64,
    pub value: f64,
    /// The game is over after it: `value` is exact.
    pub terminal: bool,
}

/// Draws one turn from `pos`: the steps of `prefix` (a candidate turn's, or none), then the
/// game's turn policy's until the game ends or the next turn starts (a turn is one step at
/// least), into `steps`; returns the position after them.
pub(super) fn draw<G: SearchHints>(
    pos: &G,
    prefix: &[G::Step],
    rng: &mut SmallRng,
    steps: &mut Vec<G::Step>,
) -> G {
    let mut p = pos.clone();
    steps.clear();
    for &s in prefix {
        p.apply(s, None);
        steps.push(s);
    }
    while (steps.is_empty() || !p.at_turn_start()) && p.outcome().is_none() {
        let Some(s) = p.turn_step(rng) else {
            break;
        };
        p.apply(s, None);
        steps.push(s);
    }
    p
}

/// The value of the position `after`, reached by a turn of `mover`, for `mover`, and whether
/// the game is over there.
pub(super) fn valued<G: SearchHints>(after: &G, mover: crate::game::Side) -> (f64, bool) {
    match after.outcome() {
        Some(o) => (outcome_value(o, mover), true),
        None => (value_for(after, mover), false),
    }
}

/// One helper's batch: where to draw, how many turns, its seed, and the turns drawn.
struct Job<G: SearchHints> {
    pos: Option<G>,
    count: u32,
    seed: u64,
    out: Vec<Drawn<G::Step>>,
}

/// The helpers of one turn search.
pub(super) struct Helpers<'a, G: SearchHints> {
    jobs: Vec<Mutex<Job<G>>>,
    /// Counts the batches handed out; a helper works when it changes.
    epoch: CachePadded<AtomicU64>,
    /// Helpers done with the current batch.
    done: CachePadded<AtomicUsize>,
    quit: AtomicBool,
    stop: &'a AtomicBool,
    pondering: Option<&'a AtomicBool>,
    deadline: Option<Instant>,
}

impl<'a, G: SearchHints> Helpers<'a, G> {
    /// `n` helpers (to be run by [`Helpers::serve`]) for a search with these limits.
    pub fn new(
        n: usize,
        stop: &'a AtomicBool,
        pondering: Option<&'a AtomicBool>,
        deadline: Option<Instant>,
    ) -> Self {
        Helpers {
            jobs: (0..n)
                .map(|_| {
                    Mutex::new(Job {
                        pos: None,
                        count: 0,
                        seed: 0,
                        out: Vec::new(),
                    })
                })
                .collect(),
            epoch: CachePadded::new(AtomicU64::new(0)),
            done: CachePadded::new(AtomicUsize::new(0)),
            quit: AtomicBool::new(false),
            stop,
            pondering,
            deadline,
        }
    }

    /// The number of helpers.
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// Drawing must end: `stop`, or the deadline while not pondering.
    fn halted(&self) -> bool {
        self.stop.load(Relaxed)
            || (!self.pondering.is_some_and(|p| p.load(Relaxed))
                && self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    /// Helper `i`'s loop: each batch handed out, until [`Helpers::finish`].
    pub fn serve(&self, i: usize) {
        let mut seen = 0;
        let mut steps = Vec::new();
        loop {
            let idle = Instant::now();
            let mut spins = 0u32;
            loop {
                if self.quit.load(Acquire) {
                    return;
                }
                let e = self.epoch.load(Acquire);
                if e != seen {
                    seen = e;
                    break;
                }
                spins = spins.saturating_add(1);
                if spins < 1 << 12 {
                    std::hint::spin_loop();
                } else if idle.elapsed() < Duration::from_millis(1) {
                    std::thread::yield_now();
                } else {
                    std::thread::sleep(Duration::from_micros(50));
                }
            }
            {
                let mut job = self.jobs[i].lock().expect("a helper's batch");
                let Job {
                    pos,
                    count,
                    seed,
                    out,
                } = &mut *job;
                if let Some(pos) = pos {
                    let mover = pos.side_to_move();
                    let mut rng = SmallRng::seed_from_u64(*seed);
                    for _ in 0..*count {
                        if self.halted() {
                            break;
                        }
                        let after = draw(pos, &[], &mut rng, &mut steps);
                        let (value, terminal) = valued(&after, mover);
                        out.push(Drawn {
                            steps: steps.clone(),
                            hash: after.hash(),
                            value,
                            terminal,
                        });
                    }
                }
            }
            self.done.fetch_add(1, Release);
        }
    }

    /// Hands helper `i` the batch of `shares[i]` turns from `pos`, drawn with `seeds[i]`.
    pub fn start(&self, pos: &G, shares: &[u32], seeds: &[u64]) {
        for (i, job) in self.jobs.iter().enumerate() {
            let mut job = job.lock().expect("a helper's batch");
            match &mut job.pos {
                Some(p) => p.clone_from(pos),
                None => job.pos = Some(pos.clone()),
            }
            job.count = shares[i];
            job.seed = seeds[i];
            job.out.clear();
        }
        self.done.store(0, Relaxed);
        self.epoch.fetch_add(1, Release);
    }

    /// Waits for every helper's batch, then gives `take` each helper's turns in order.
    pub fn collect(&self, mut take: impl FnMut(Drawn<G::Step>)) {
        while self.done.load(Acquire) < self.jobs.len() {
            std::hint::spin_loop();
        }
        for job in &self.jobs {
            let mut job = job.lock().expect("a helper's batch");
            for d in job.out.drain(..) {
                take(d);
            }
        }
    }

    /// Ends every helper's loop.
    pub fn finish(&self) {
        self.quit.store(true, Release);
    }
}
