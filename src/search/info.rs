//! What a search reports while it runs and at its end ([`Info`]): its counts and its best lines
//! from the root ([`Line`]), each with a score and a principal variation. The protocol prints a
//! report as `info` lines.

use std::time::Duration;

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
    /// The search's lines from the root, the best first: never empty (the first one's `pv` is
    /// empty while the search has chosen nothing yet).
    pub lines: Vec<Line<S>>,
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
    /// Principal variation: the steps from the root along the best children while they have
    /// been visited; the last turn may be unfinished. `depth` counts the turns it starts.
    pub pv: Vec<S>,
}

impl<S> Default for Line<S> {
    fn default() -> Self {
        Line {
            depth: 0,
            score: 0.0,
            raw_score: 0.0,
            proven: None,
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
            lines: vec![Line::default()],
        }
    }
}

impl<S> Info<S> {
    /// The best line.
    ///
    /// # Panics
    /// When `lines` is empty, which no search reports.
    pub fn best(&self) -> &Line<S> {
        &self.lines[0]
    }
}
