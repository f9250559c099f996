//! The helper threads of a turn search with several threads: they draw turns from a node's
//! position while the search's own thread draws its share.
//!
//! * **What is shared.** Nearly all of a turn search's time goes into drawing turns (a walk down
//!   the tree and the backing up touch a few nodes; a draw plays a whole turn of a dozen steps
//!   and evaluates where it ends). A batch of turns — an expansion, a widening, the root's
//!   first turns — is a number of slots, each drawn with a random stream of its own seeded
//!   from the batch's seed and the slot's number. The search's thread and its helpers claim
//!   slots one at a time from a shared counter, each drawing from the node's position (shared,
//!   never written: each draw plays its turn on a copy), until none is left: a thread that is
//!   busy elsewhere (the search's thread finding a node's candidate turns, or adding turns)
//!   claims fewer, and no thread waits for a fixed share of another's. The search's thread
//!   adds the turns in slot order — those drawn already between two of its own draws, while
//!   the helpers draw the rest, and the last ones once every helper is done — so that under a
//!   node budget a search gives the same answer for the same seed and number of threads,
//!   whichever thread drew which slot, and the helpers are not idle while it adds.
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
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::Thread;
use std::time::{Duration, Instant};

use crossbeam_utils::CachePadded;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{outcome_value, value_for};
use crate::game::SearchHints;

/// What a turn drawn from a position leads to: the hash of the position after it, and that
/// position's value for the side that plays the turn.
#[derive(Clone, Copy, Default)]
pub(super) struct Scored {
    pub hash: u64,
    pub value: f64,
    /// The game is over after it: `value` is exact.
    pub terminal: bool,
}

/// A turn drawn from a position: its steps (none when no step could be drawn) and where they
/// lead. The steps are borrowed: the tree copies those of a new turn only, so that a turn drawn
/// again costs no allocation.
pub(super) struct Drawn<'s, S> {
    pub steps: &'s [S],
    pub scored: Scored,
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

/// The hash of the position `after`, reached by a turn of `mover`, its value for `mover`, and
/// whether the game is over there.
pub(super) fn scored<G: SearchHints>(after: &G, mover: crate::game::Side) -> Scored {
    let (value, terminal) = match after.outcome() {
        Some(o) => (outcome_value(o, mover), true),
        None => (value_for(after, mover), false),
    };
    Scored {
        hash: after.hash(),
        value,
        terminal,
    }
}

/// Draws slot `slot` of a batch seeded with `seed` from `pos`: its steps into `steps`, and
/// where they lead.
pub(super) fn draw_slot<G: SearchHints>(
    pos: &G,
    seed: u64,
    slot: u32,
    steps: &mut Vec<G::Step>,
) -> Scored {
    let after = draw(pos, &[], &mut slot_rng(seed, slot), steps);
    scored(&after, pos.side_to_move())
}

/// Spins of a waiting thread before it parks.
const SPINS: u32 = 1 << 12;
/// The longest a parked thread sleeps before it looks again (an unpark wakes it sooner).
const NAP: Duration = Duration::from_millis(1);

/// Waits until `ready` holds: spins [`SPINS`] times, then parks (woken by an unpark, or after
/// [`NAP`] at the latest) between looks.
fn wait_until(ready: impl Fn() -> bool) {
    let mut spins = 0u32;
    while !ready() {
        spins = spins.saturating_add(1);
        if spins < SPINS {
            std::hint::spin_loop();
        } else {
            std::thread::park_timeout(NAP);
        }
    }
}

/// The random stream of slot `slot` of a batch seeded with `seed`: the same whichever thread
/// draws the slot.
pub(super) fn slot_rng(seed: u64, slot: u32) -> SmallRng {
    SmallRng::seed_from_u64(seed ^ (u64::from(slot) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The turn drawn for one slot of a batch, put by the thread that draws it and taken by the
/// search's thread. Each slot has a cache line of its own, so that two threads putting and
/// taking neighbouring slots do not write one line; its buffer of steps is kept from batch to
/// batch, so that drawing a turn allocates nothing (the search's thread copies a new turn's
/// steps into the tree, and drops nothing a helper allocated).
struct Slot<S> {
    steps: Vec<S>,
    scored: Scored,
    /// Put and not taken yet.
    full: bool,
}

/// The slots of a batch, each on a cache line of its own.
type Slots<S> = Box<[CachePadded<Mutex<Slot<S>>>]>;

/// The helpers of one turn search.
pub(super) struct Helpers<'a, G: SearchHints> {
    /// The position of the batch under way, shared by every thread that draws from it.
    pos: Mutex<Option<Arc<G>>>,
    /// The turns of the batch under way by slot: put by the thread that draws the slot, taken
    /// in slot order by the search's thread. As many as a batch has at most.
    slot_table: Slots<G::Step>,
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
    /// `n` helpers (to be run by [`Helpers::serve`]) for a search with these limits and
    /// batches of at most `most` turns, made on the search's own thread.
    pub fn new(
        n: usize,
        most: u32,
        stop: &'a AtomicBool,
        pondering: Option<&'a AtomicBool>,
        deadline: Option<Instant>,
    ) -> Self {
        Helpers {
            pos: Mutex::new(None),
            slot_table: (0..most)
                .map(|_| {
                    CachePadded::new(Mutex::new(Slot {
                        steps: Vec::new(),
                        scored: Scored::default(),
                        full: false,
                    }))
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
            wait_until(|| self.quit.load(Acquire) || self.epoch.load(Acquire) != seen);
            if self.quit.load(Acquire) {
                return;
            }
            seen = self.epoch.load(Acquire);
            let pos = self.pos.lock().expect("the batch's position").clone();
            if let Some(pos) = pos {
                let seed = self.seed.load(Relaxed);
                while let Some(slot) = self.claim() {
                    let scored = draw_slot(&*pos, seed, slot, &mut steps);
                    self.put(slot, &steps, scored);
                }
            }
            if self.done.fetch_add(1, Release) + 1 == self.threads.len() {
                self.owner.unpark();
            }
        }
    }

    /// Hands the helpers a batch of `slots` turns from `pos`, seeded with `seed` (no more slots
    /// than [`Helpers::new`] was told; every slot of the batch before taken).
    pub fn start(&self, pos: &Arc<G>, slots: u32, seed: u64) {
        assert!(
            slots as usize <= self.slot_table.len(),
            "a batch of {slots} turns"
        );
        *self.pos.lock().expect("the batch's position") = Some(Arc::clone(pos));
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

    /// The batch's number of slots.
    pub fn slots(&self) -> u32 {
        self.slots.load(Relaxed)
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

    /// Puts the turn drawn for `slot`: its steps and where they lead.
    pub fn put(&self, slot: u32, steps: &[G::Step], scored: Scored) {
        let mut s = self.slot_table[slot as usize].lock().expect("a slot");
        s.steps.clear();
        s.steps.extend_from_slice(steps);
        s.scored = scored;
        s.full = true;
    }

    /// Takes the turn drawn for `slot` and hands it to `f`: `None` while it is not drawn (or
    /// when it never is, the search halted first).
    pub fn take<R>(&self, slot: u32, f: impl FnOnce(Drawn<'_, G::Step>) -> R) -> Option<R> {
        let mut s = self.slot_table[slot as usize].lock().expect("a slot");
        if !s.full {
            return None;
        }
        s.full = false;
        Some(f(Drawn {
            steps: &s.steps,
            scored: s.scored,
        }))
    }

    /// Waits until every helper is done with the batch: every slot claimed is then drawn.
    pub fn wait(&self) {
        wait_until(|| self.done.load(Acquire) >= self.threads.len());
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
