//! The helper threads of a turn search with several threads: they draw turns from a node's
//! position while the search's own thread draws its share.
//!
//! * **What is shared.** Nearly all of a turn search's time goes into drawing turns (a walk down
//!   the tree and the backing up touch a few nodes; a draw plays a whole turn of a dozen steps
//!   and evaluates where it ends). A batch of turns — an expansion, a widening, the root's
//!   first turns — is a number of slots, each drawn with a random stream of its own seeded
//!   from the batch's seed and the slot's number. The search's thread and its helpers claim
//!   slots one at a time from a shared counter, each drawing from its own copy of the node's
//!   position, until none is left: a thread that is busy elsewhere (the search's thread
//!   drawing a node's candidate turns, or adding the turns of the batch before) claims fewer,
//!   and no thread waits for a fixed share of another's. The search's thread then adds the
//!   turns in slot order, so that under a node budget a search gives the same answer for the
//!   same seed and number of threads, whichever thread drew which slot.
//! * **Hand-over.** A thread waits (a helper for a batch, the search's thread for the last slots
//!   of one) by spinning a few thousand times, then by parking until the thread it waits for
//!   unparks it: a batch is tens of microseconds of work, and waking a parked thread costs
//!   about as much; but on a machine with fewer free cores than threads (other programs, or
//!   matches played at once) a spinning thread would hold the core the awaited one needs, and
//!   every batch would wait for the scheduler's time slice.
//! * **Limits.** A thread stops claiming slots at `stop` or at the deadline (neither while the
//!   search ponders); under a node budget the batch's slots are counted before it is handed
//!   out, and the search's own draws of the time being (candidate turns) leave them room.
//!
//! With one thread there are no helpers: the search draws everything itself, as it always has.

use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize};
use std::sync::{Mutex, OnceLock};
use std::thread::Thread;
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

/// Draws slot `slot` of a batch seeded with `seed` from `pos` (`steps` is scratch).
pub(super) fn draw_slot<G: SearchHints>(
    pos: &G,
    seed: u64,
    slot: u32,
    steps: &mut Vec<G::Step>,
) -> Drawn<G::Step> {
    let after = draw(pos, &[], &mut slot_rng(seed, slot), steps);
    let (value, terminal) = valued(&after, pos.side_to_move());
    Drawn {
        steps: steps.clone(),
        hash: after.hash(),
        value,
        terminal,
    }
}

/// Spins of a waiting thread before it parks.
const SPINS: u32 = 1 << 12;
/// The longest a parked thread sleeps before it looks again (an unpark wakes it sooner).
const NAP: Duration = Duration::from_millis(1);

/// One helper's part of a batch: its copy of the position, and the turns it drew with their
/// slots.
struct Job<G: SearchHints> {
    pos: Option<G>,
    out: Vec<(u32, Drawn<G::Step>)>,
}

/// The random stream of slot `slot` of a batch seeded with `seed`: the same whichever thread
/// draws the slot.
pub(super) fn slot_rng(seed: u64, slot: u32) -> SmallRng {
    SmallRng::seed_from_u64(seed ^ (u64::from(slot) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The helpers of one turn search.
pub(super) struct Helpers<'a, G: SearchHints> {
    jobs: Vec<Mutex<Job<G>>>,
    /// Each helper's thread, to unpark when a batch is handed out (set when it starts).
    threads: Box<[OnceLock<Thread>]>,
    /// The search's thread, unparked by the helper that ends a batch.
    owner: Thread,
    /// Counts the batches handed out; a helper works when it changes.
    epoch: CachePadded<AtomicU64>,
    /// Helpers done with the current batch.
    done: CachePadded<AtomicUsize>,
    /// The next slot of the batch to claim; claimed by every thread.
    next: CachePadded<AtomicU32>,
    /// The batch's slots and seed, written before the epoch changes.
    slots: AtomicU32,
    seed: AtomicU64,
    quit: AtomicBool,
    stop: &'a AtomicBool,
    pondering: Option<&'a AtomicBool>,
    deadline: Option<Instant>,
}

impl<'a, G: SearchHints> Helpers<'a, G> {
    /// `n` helpers (to be run by [`Helpers::serve`]) for a search with these limits, made on
    /// the search's own thread.
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
                        out: Vec::new(),
                    })
                })
                .collect(),
            threads: (0..n).map(|_| OnceLock::new()).collect(),
            owner: std::thread::current(),
            epoch: CachePadded::new(AtomicU64::new(0)),
            done: CachePadded::new(AtomicUsize::new(0)),
            next: CachePadded::new(AtomicU32::new(0)),
            slots: AtomicU32::new(0),
            seed: AtomicU64::new(0),
            quit: AtomicBool::new(false),
            stop,
            pondering,
            deadline,
        }
    }

    /// Drawing must end: `stop`, or the deadline while not pondering.
    pub fn halted(&self) -> bool {
        self.stop.load(Relaxed)
            || (!self.pondering.is_some_and(|p| p.load(Relaxed))
                && self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    /// Helper `i`'s loop: each batch handed out, until [`Helpers::finish`].
    pub fn serve(&self, i: usize) {
        let _ = self.threads[i].set(std::thread::current());
        let mut seen = 0;
        let mut steps = Vec::new();
        loop {
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
                if spins < SPINS {
                    std::hint::spin_loop();
                } else {
                    std::thread::park_timeout(NAP);
                }
            }
            {
                let mut job = self.jobs[i].lock().expect("a helper's batch");
                let Job { pos, out } = &mut *job;
                if let Some(pos) = pos {
                    let seed = self.seed.load(Relaxed);
                    while let Some(slot) = self.claim() {
                        out.push((slot, draw_slot(pos, seed, slot, &mut steps)));
                    }
                }
            }
            if self.done.fetch_add(1, Release) + 1 == self.jobs.len() {
                self.owner.unpark();
            }
        }
    }

    /// Hands the helpers a batch of `slots` turns from `pos`, seeded with `seed`.
    pub fn start(&self, pos: &G, slots: u32, seed: u64) {
        for job in &self.jobs {
            let mut job = job.lock().expect("a helper's batch");
            match &mut job.pos {
                Some(p) => p.clone_from(pos),
                None => job.pos = Some(pos.clone()),
            }
            job.out.clear();
        }
        self.slots.store(slots, Relaxed);
        self.seed.store(seed, Relaxed);
        self.next.store(0, Relaxed);
        self.done.store(0, Relaxed);
        self.epoch.fetch_add(1, Release);
        for t in &self.threads {
            if let Some(t) = t.get() {
                t.unpark();
            }
        }
    }

    /// The batch's seed.
    pub fn seed(&self) -> u64 {
        self.seed.load(Relaxed)
    }

    /// Claims the next slot of the batch: `None` when every slot is claimed or drawing must
    /// end.
    pub fn claim(&self) -> Option<u32> {
        if self.halted() {
            return None;
        }
        let slot = self.next.fetch_add(1, Relaxed);
        (slot < self.slots.load(Relaxed)).then_some(slot)
    }

    /// Waits for every helper's part of the batch, then gives `take` every turn of the batch,
    /// the search's thread's (`own`) and the helpers', in slot order.
    pub fn collect(
        &self,
        mut own: Vec<(u32, Drawn<G::Step>)>,
        mut take: impl FnMut(Drawn<G::Step>),
    ) {
        let mut spins = 0u32;
        while self.done.load(Acquire) < self.jobs.len() {
            spins = spins.saturating_add(1);
            if spins < SPINS {
                std::hint::spin_loop();
            } else {
                std::thread::park_timeout(NAP);
            }
        }
        for job in &self.jobs {
            own.append(&mut job.lock().expect("a helper's batch").out);
        }
        own.sort_unstable_by_key(|&(slot, _)| slot);
        for (_, d) in own {
            take(d);
        }
    }

    /// Ends every helper's loop.
    pub fn finish(&self) {
        self.quit.store(true, Release);
        for t in &self.threads {
            if let Some(t) = t.get() {
                t.unpark();
            }
        }
    }
}
