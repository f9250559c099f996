//! What a search reports while it runs and at its end ([`Info`]): its counts and its best lines
//! from the root ([`Line`]), each with a score and a principal variation, and now and then the
//! root turn it is on ([`Current`]). The protocol prints a report as `info` lines. When a timed
//! search reports is [`Cadence`]'s to say.

use std::time::{Duration, Instant};

/// Progress of a search, reported through the callback. `S` is the game's step.
#[derive(Clone, Debug, PartialEq)]
pub struct Info<S> {
    /// Steps applied by the search (tree and playouts): the `bench` signature's unit.
    pub visited: u64,
    /// Iterations (playouts; turns drawn, for the turn search) completed: the unit of
    /// `go nodes`.
    pub nodes: u64,
    /// Time since the search began (since its clock started, for a timed search).
    pub time: Duration,
    /// The part of `time` spent before the first iteration (re-rooting a kept tree: hundreds
    /// of milliseconds after a search of millions of iterations), which no iteration counts:
    /// the rate of the search is `nodes` over `time − setup`.
    pub setup: Duration,
    /// The search's lines from the root, the best first, each with a distinct first turn: at
    /// most [`Config::multipv`](super::Config::multipv) of them (fewer when the search has
    /// fewer turns to show), never empty (the first one's `pv` is empty while the search has
    /// chosen nothing yet). The first is the line of the turn the search plays.
    pub lines: Vec<Line<S>>,
    /// In some reports of a long search (see [`Cadence`]): the root turn its last iteration
    /// went through.
    pub current: Option<Current<S>>,
}

/// The root turn a search is on (UCI's `currmove` and `currmovenumber`).
#[derive(Clone, Debug, PartialEq)]
pub struct Current<S> {
    /// Its chosen steps from the root, the whole turn.
    pub steps: Vec<S>,
    /// Its number (from 1) in the order the search takes the root's turns: the tree search
    /// tries the root's steps in a shuffled order, and numbers a turn by its first step; the
    /// turn search numbers the turns in the order it drew them.
    pub number: u32,
}

/// The least time between two reports of a timed search, but for the periodic one.
pub const INFO_GAP: Duration = Duration::from_millis(50);
/// How often a timed search looks whether its best line's first turn or depth changed.
const CHECK_EVERY: Duration = Duration::from_millis(5);
/// A timed search's reports carry [`Info::current`] from this long after its start on, at most
/// once in this long.
pub const CURRMOVE_EVERY: Duration = Duration::from_secs(1);

/// When a timed (or `infinite`) search reports: whenever the *head* of its best line (its first
/// turn and its depth, as the searcher tells them) has changed, at most once in [`INFO_GAP`], and
/// every `period` whatever happened, so that a client sees the counts move. A search under a
/// node or depth budget reports by its iterations instead (deterministic reports), and every
/// search reports at its end.
pub(crate) struct Cadence<H> {
    start: Instant,
    period: Duration,
    last: Instant,
    checked: Instant,
    head: Option<H>,
    current: Instant,
}

impl<H: PartialEq> Cadence<H> {
    /// The cadence of a search that started at `start` (its clock), with its periodic report
    /// every `period`. The first report comes [`INFO_GAP`] after this call at the earliest,
    /// not after `start`: what came before the iterations (a kept tree re-rooted) took the
    /// search's time but gave it no count, and a report then would read as a search of a few
    /// iterations in all that time.
    pub fn new(start: Instant, period: Duration) -> Self {
        let now = Instant::now().max(start);
        Cadence {
            start,
            period,
            last: now,
            checked: now,
            head: None,
            current: start,
        }
    }

    /// Called as the search goes (`now`: the time read), with `head` the way to get its best
    /// line's head (called only when due): `None` when no report is due; `Some(current)` when one
    /// is, `current` telling whether it carries [`Info::current`].
    pub fn tick(&mut self, now: Instant, head: impl FnOnce() -> H) -> Option<bool> {
        let since = now.saturating_duration_since(self.last);
        let periodic = since >= self.period;
        if !periodic
            && (since < INFO_GAP || now.saturating_duration_since(self.checked) < CHECK_EVERY)
        {
            return None;
        }
        self.checked = now;
        let h = head();
        if !periodic && self.head.as_ref() == Some(&h) {
            return None;
        }
        self.last = now;
        self.head = Some(h);
        let current = now.saturating_duration_since(self.start) >= CURRMOVE_EVERY
            && now.saturating_duration_since(self.current) >= CURRMOVE_EVERY;
        if current {
            self.current = now;
        }
        Some(current)
    }
}

/// One line from the root: a first turn, its value and the principal variation it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<S> {
    /// Whole turns the principal variation starts (a partly built last turn counts).
    pub depth: u32,
    /// Expected result for the side to move at the root, in [-1, 1]: exact when proven, else
    /// the search's raw value mapped by
    /// [`SearchHints::calibrated_score`](crate::game::SearchHints::calibrated_score).
    pub score: f64,
    /// The search's own value for the side to move at the root (the mean of its playouts'
    /// results, or the proven value), before the calibration: what the score's calibration is
    /// fitted on.
    pub raw_score: f64,
    /// Once the value is proven by the solver: the value for the side to move (1 win, 0 draw,
    /// -1 loss) and the whole turns until the game ends (both sides' turns counted, the winner
    /// taking the quickest win and the loser the slowest loss).
    pub proven: Option<(i8, u32)>,
    /// How much the search looked at this line's first turn: the iterations that went through
    /// it (the tree search: through the node that ends it, in every order of its steps; the
    /// turn search: through its node once expanded), those of a kept tree included; 0 for a
    /// level that does not search. Filled when the report has more than one line
    /// ([`Config::multipv`](super::Config::multipv) above 1), else 0.
    pub visits: u64,
    /// Principal variation: the steps from the root along the best children while they have
    /// been visited; the last turn may be unfinished. `depth` counts the turns it starts.
    pub pv: Vec<S>,
}

impl<S> Line<S> {
    /// The chances of a win, a draw and a loss for the side to move at the root, per mille,
    /// summing to 1000: the exact result once proven, else from the score (an expected
    /// result, `w − l`) with no draw: neither game's calibration has a draw model (Guerrilla
    /// Checkers cannot draw; Guerrilla's draws, equal scores at the end, W6, are not fitted),
    /// so `d` is 0 but in a proven draw.
    pub fn wdl(&self) -> [u32; 3] {
        match self.proven {
            Some((1, _)) => [1000, 0, 0],
            Some((-1, _)) => [0, 0, 1000],
            Some(_) => [0, 1000, 0],
            None => {
                let w = (500.0 * (1.0 + self.score.clamp(-1.0, 1.0))).round() as u32;
                [w, 0, 1000 - w]
            }
        }
    }
}

impl<S> Default for Line<S> {
    fn default() -> Self {
        Line {
            depth: 0,
            score: 0.0,
            raw_score: 0.0,
            proven: None,
            visits: 0,
            pv: Vec::new(),
        }
    }
}

impl<S> Default for Info<S> {
    /// A report of nothing: no iteration, one empty line.
    fn default() -> Self {
        Info {
            visited: 0,
            nodes: 0,
            time: Duration::ZERO,
            setup: Duration::ZERO,
            lines: vec![Line::default()],
            current: None,
        }
    }
}

impl<S> Info<S> {
    /// Iterations per second of searching: `nodes` over the time since the first iteration
    /// (`time − setup`); 0 before any time has passed.
    pub fn nps(&self) -> u64 {
        let searching = self.time.saturating_sub(self.setup).as_secs_f64();
        if searching > 0.0 {
            (self.nodes as f64 / searching) as u64
        } else {
            0
        }
    }

    /// The best line.
    ///
    /// # Panics
    /// When `lines` is empty, which no search reports.
    pub fn best(&self) -> &Line<S> {
        &self.lines[0]
    }
}
