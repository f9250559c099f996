//! Game-agnostic search. Knows only the [`Game`] trait; prints nothing.
//!
//! Entry point: [`search`]. The engine facade runs it on a thread with a shared stop flag and
//! receives progress through the `on_info` callback.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::game::{Game, Side};

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
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// Expected result for the side to move at the root, in [-1, 1].
    pub score: f64,
    /// Principal variation, as step texts.
    pub pv: Vec<String>,
}

/// Searches `root` (at a turn start, game not over) and returns the turn to play, or `None`
/// when there is no legal turn. Honours `limits` and returns promptly once `stop` is set.
///
/// First version: a uniformly random legal turn built step by step (seeded by `seed`), so `go`
/// works for both games while the real search is written.
pub fn search<G: Game>(
    root: &G,
    limits: &Limits,
    stop: &AtomicBool,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
) -> Option<G::Turn> {
    let start = Instant::now();
    let _ = limits;
    if root.outcome().is_some() {
        return None;
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = root.clone();
    let mut steps = Vec::new();
    let mut pv = Vec::new();
    // `stop` needs no check here: building one random turn is quick, and an arena must always
    // receive a bestmove.
    let _ = stop.load(Ordering::Relaxed);
    loop {
        let step = pos.random_step(&mut rng)?;
        pv.push(pos.format_step(step));
        steps.push(step);
        pos.apply_step(step);
        if pos.at_turn_start() {
            break;
        }
    }
    on_info(&Info {
        depth: 1,
        nodes: steps.len() as u64,
        time: start.elapsed(),
        score: 0.0,
        pv,
    });
    Some(root.turn_from_steps(&steps))
}
