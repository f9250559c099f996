//! What `go` asks for ([`Limits`]): every limit that is set applies; the first one reached ends
//! the search (see the module documentation of [`super`] for what each means to the searches).

use std::time::{Duration, Instant};

use crate::game::Side;

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
