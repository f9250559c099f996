//! Two tiny games implementing the game traits, for the tests of the layers that serve any game
//! (the search, the engine facade, the protocol) without a real rules core:
//!
//! * [`Ttt`] — tic-tac-toe: one-step turns, draws possible. The engine also offers it to
//!   clients when started with `--test-games` (`Game` value `tictactoe`), with a board a GUI can
//!   draw (`geometry`, `describe`'s `points`, `about`), so that a GUI's tests can drive a third
//!   game through the same pages as the real two.
//! * [`Nim`] — three-pile Nim (the player who takes the last stone wins) whose turns take two
//!   steps: choose a pile (`p0`..`p2`), then how many stones to take from it (`t1`, `t2`, …);
//!   a turn's token is both, `p1t2`. Its theory is exact (the side to move at a turn start wins
//!   iff the piles' XOR is not zero), so mid-turn value handling can be checked against it.
//!   Position string: the three piles and the side to move, `1 2 5 p1`.

use std::fmt;
use std::sync::atomic::AtomicBool;

use crate::game::prelude::*;
use crate::game::{
    About, GameEnd, GameError, GameOption, GeoPoint, Geometry, Outcome, PerftAbort, PieceFace,
    Side, Word,
};

// ---- tic-tac-toe ------------------------------------------------------------------------------

/// Tic-tac-toe. Cells 0..9 row by row from the top left, each named by its number (a step's
/// token is the cell's name); P1 is `x`. Position string: the 9 cells (`x`, `o`, `.`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ttt {
    cells: [Option<Side>; 9],
    side: Side,
    settings: (),
}

/// The lines of three that win: the rows, the columns, then the diagonals.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Three marks of one player in a row, a column or a diagonal: that player has won.
pub const THREE_IN_A_ROW: Word = Word::new("three-in-a-row", "three in a row");
/// Every cell marked without three in a row: a draw.
pub const FULL_BOARD: Word = Word::new("full-board", "the board is full");

impl Ttt {
    /// From 9 cells (`x`, `o`, `.`); the side to move follows from the counts. Panics on a text
    /// that is no position (a test's own constant).
    pub fn from_cells(text: &str) -> Ttt {
        Ttt::from_position_string(text, &()).expect("a valid test position")
    }

    fn winner(&self) -> Option<Side> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(c) && self.cells[l[2]] == Some(c)).then_some(c)
        })
    }
}

impl Position for Ttt {
    type Step = u8;
    type Undo = ();
    type Settings = ();
    const NAME: &'static str = "tictactoe";
    const TITLE: &'static str = "Tic-tac-toe";
    /// Each turn fills one of the nine cells.
    const LONGEST_GAME: usize = 9;
    fn new(_: &()) -> Self {
        Ttt {
            cells: [None; 9],
            side: Side::P1,
            settings: (),
        }
    }
    fn settings(&self) -> &() {
        &self.settings
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn at_turn_start(&self) -> bool {
        true
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner() {
            Some(Outcome::Win(w))
        } else if self.cells.iter().all(|c| c.is_some()) {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
    fn hash(&self) -> u64 {
        self.cells.iter().fold(self.side as u64, |h, c| {
            h * 3
                + match c {
                    None => 0,
                    Some(Side::P1) => 1,
                    Some(Side::P2) => 2,
                }
        })
    }
    fn legal_steps(&self, out: &mut Vec<u8>) {
        if self.outcome().is_none() {
            out.extend((0..9u8).filter(|&i| self.cells[i as usize].is_none()));
        }
    }
    fn apply(&mut self, step: u8, _forced: Option<&mut Vec<u8>>) {
        self.cells[step as usize] = Some(self.side);
        self.side = self.side.opponent();
    }
    fn undo(&mut self, step: u8, _: ()) {
        self.cells[step as usize] = None;
        self.side = self.side.opponent();
    }
}

impl Turns for Ttt {
    type Turn = u8;
    const BENCH_DEPTH: u32 = 9;
    fn legal_turns(
        &self,
        out: &mut Vec<u8>,
        cap: usize,
        _stop: Option<&AtomicBool>,
    ) -> Result<bool, PerftAbort> {
        let mut all = Vec::new();
        self.legal_steps(&mut all);
        let done = all.len() <= cap;
        out.extend(all.into_iter().take(cap));
        Ok(done)
    }
    fn play_turn(&mut self, turn: &u8) -> Result<(), GameError> {
        self.parse_step(&turn.to_string())?;
        self.apply(*turn, None);
        Ok(())
    }
    fn turn_steps(&self, turn: &u8) -> Vec<u8> {
        vec![*turn]
    }
    fn turn_from_steps(&self, steps: &[u8]) -> u8 {
        steps[0]
    }
}

impl Notation for Ttt {
    fn format_step(&self, step: u8) -> String {
        step.to_string()
    }
    fn parse_step(&self, text: &str) -> Result<u8, GameError> {
        let s: u8 = text
            .parse()
            .map_err(|_| GameError::syntax("a cell 0-8", text))?;
        let mut legal = Vec::new();
        self.legal_steps(&mut legal);
        if legal.contains(&s) {
            Ok(s)
        } else {
            Err(GameError::illegal(text, "not an empty cell"))
        }
    }
    fn format_turn(&self, turn: &u8) -> String {
        turn.to_string()
    }
    fn parse_turn(&self, text: &str) -> Result<u8, GameError> {
        self.parse_step(text)
    }
    fn to_position_string(&self) -> String {
        self.cells
            .iter()
            .map(|c| match c {
                None => '.',
                Some(Side::P1) => 'x',
                Some(Side::P2) => 'o',
            })
            .collect()
    }
    fn from_position_string(text: &str, _: &()) -> Result<Self, GameError> {
        let bad = |why: &str| GameError::bad_position(text, why);
        if text.chars().count() != 9 {
            return Err(bad("9 cells"));
        }
        let mut cells = [None; 9];
        for (i, ch) in text.chars().enumerate() {
            cells[i] = match ch {
                '.' => None,
                'x' => Some(Side::P1),
                'o' => Some(Side::P2),
                _ => return Err(bad("cells are x, o or .")),
            };
        }
        let xs = cells.iter().filter(|c| **c == Some(Side::P1)).count();
        let os = cells.iter().filter(|c| **c == Some(Side::P2)).count();
        let side = match xs.checked_sub(os) {
            Some(0) => Side::P1,
            Some(1) => Side::P2,
            _ => return Err(bad("x moves first")),
        };
        Ok(Ttt {
            cells,
            side,
            settings: (),
        })
    }
}

impl Views for Ttt {
    fn render(&self) -> String {
        let cells = self.to_position_string();
        let rows: Vec<&str> = (0..3).map(|r| &cells[3 * r..3 * r + 3]).collect();
        rows.join("\n")
    }
    /// `points`: the cells bottom row first, left to right (6, 7, 8, 3, 4, 5, 0, 1, 2), the
    /// order of every game's `points` (protocol.md § 4.6), so that a GUI places them by
    /// `geometry` alone.
    fn describe(&self) -> Vec<(&'static str, String)> {
        let cells = self.to_position_string();
        let points = (0..3)
            .rev()
            .flat_map(|row| cells[3 * row..3 * row + 3].chars())
            .collect();
        vec![("points", points)]
    }
    /// The 9 cells as points of a 3 × 3 grid, each adjacent to the cells beside it in its row
    /// and its column (neighbours are 1 apart; the diagonals that win are not drawn).
    fn geometry(&self) -> Geometry {
        let points = (0..9)
            .map(|c| GeoPoint {
                name: c.to_string(),
                x: (c % 3) as f64,
                y: (c / 3) as f64,
                play: true,
                neighbours: LINES[..6]
                    .iter()
                    .filter_map(|l| l.iter().position(|&k| k == c).map(|i| (l, i)))
                    .flat_map(|(l, i)| {
                        [i.checked_sub(1), Some(i + 1)].map(|j| j.and_then(|j| l.get(j)))
                    })
                    .flatten()
                    .map(|n| n.to_string())
                    .collect(),
            })
            .collect();
        Geometry {
            points,
            squares: Vec::new(),
        }
    }
    fn about(&self) -> About {
        About {
            title: "Tic-tac-toe",
            sides: ["x", "o"],
            pieces: &[
                PieceFace {
                    char: 'x',
                    owner: Some(Side::P1),
                    noun: "cross",
                    colour: "black",
                    grouped: false,
                },
                PieceFace {
                    char: 'o',
                    owner: Some(Side::P2),
                    noun: "nought",
                    colour: "white",
                    grouped: false,
                },
            ],
            fields: &[],
            reasons: &[THREE_IN_A_ROW, FULL_BOARD],
            removals: &[],
            steps: &[],
            help: &[],
            tour: "Each player in turn marks an empty cell, x first.\n\n\
                   Three marks of one player in a row, a column or a diagonal win; a full \
                   board without one is a draw.",
        }
    }
    /// A row wins before the board is full: the last mark can do both.
    fn game_end(&self) -> Option<GameEnd> {
        let outcome = self.outcome()?;
        let reason = match self.winner() {
            Some(_) => THREE_IN_A_ROW,
            None => FULL_BOARD,
        };
        Some(GameEnd {
            outcome,
            reason,
            score: None,
        })
    }
}

impl SearchHints for Ttt {}

// ---- two-step Nim -----------------------------------------------------------------------------

/// Nim's settings: the starting piles, and whether `evaluate` knows the theory.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NimSettings {
    pub piles: [u8; 3],
    /// `evaluate` returns ±0.9 from Nim theory instead of the default 0.
    pub oracle: bool,
}

/// The piles come from the protocol's `BoardSide` option (`1 2 <side − 3>`), so that the
/// protocol's tests see a game's declared option reach its settings.
impl GameSettings for NimSettings {
    const OPTIONS: &'static [GameOption] = &[GameOption {
        name: "BoardSide",
        default: 8,
        min: 4,
        max: 12,
        help: "the third pile, plus 3",
    }];
    fn set(&mut self, name: &str, value: u64) {
        if name == "BoardSide" {
            self.piles = [1, 2, value as u8 - 3];
        }
    }
}

/// Three-pile Nim with two-step turns.
#[derive(Clone, Debug, PartialEq)]
pub struct Nim {
    piles: [u8; 3],
    side: Side,
    /// The pile chosen by this turn's first step.
    chosen: Option<u8>,
    settings: NimSettings,
}

/// A step of [`Nim`]: choose a pile, then take from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NimStep {
    Pile(u8),
    Take(u8),
}

impl fmt::Display for NimStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimStep::Pile(p) => write!(f, "p{p}"),
            NimStep::Take(k) => write!(f, "t{k}"),
        }
    }
}

impl Nim {
    pub fn with_piles(piles: [u8; 3], oracle: bool) -> Nim {
        Nim::new(&NimSettings { piles, oracle })
    }

    /// Nim theory: does the side to move win?
    pub fn winning(&self) -> bool {
        let x = self.piles[0] ^ self.piles[1] ^ self.piles[2];
        match self.chosen {
            None => x != 0,
            // Some take from the chosen pile leaves XOR zero.
            Some(p) => {
                let p = self.piles[p as usize];
                (x ^ p) < p
            }
        }
    }
}

impl Position for Nim {
    type Step = NimStep;
    /// The pile a `Take` took from.
    type Undo = u8;
    type Settings = NimSettings;
    const NAME: &'static str = "nim";
    const TITLE: &'static str = "Nim";
    /// Each turn takes at least one object from piles of at most 255 each.
    const LONGEST_GAME: usize = 3 * u8::MAX as usize;

    fn new(settings: &NimSettings) -> Self {
        Nim {
            piles: settings.piles,
            side: Side::P1,
            chosen: None,
            settings: settings.clone(),
        }
    }
    fn settings(&self) -> &NimSettings {
        &self.settings
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn at_turn_start(&self) -> bool {
        self.chosen.is_none()
    }
    fn outcome(&self) -> Option<Outcome> {
        // The player who took the last stone (the one not to move) has won.
        (self.chosen.is_none() && self.piles == [0; 3]).then(|| Outcome::Win(self.side.opponent()))
    }
    fn hash(&self) -> u64 {
        let c = self.chosen.map_or(0, |p| p as u64 + 1);
        (self.piles[0] as u64)
            | (self.piles[1] as u64) << 8
            | (self.piles[2] as u64) << 16
            | c << 24
            | (self.side as u64) << 32
    }
    fn legal_steps(&self, out: &mut Vec<NimStep>) {
        match self.chosen {
            None => out.extend(
                (0..3u8)
                    .filter(|&p| self.piles[p as usize] > 0)
                    .map(NimStep::Pile),
            ),
            Some(p) => out.extend((1..=self.piles[p as usize]).map(NimStep::Take)),
        }
    }
    fn apply(&mut self, step: NimStep, _forced: Option<&mut Vec<NimStep>>) -> u8 {
        match step {
            NimStep::Pile(p) => {
                self.chosen = Some(p);
                p
            }
            NimStep::Take(k) => {
                let p = self.chosen.take().expect("a pile was chosen");
                self.piles[p as usize] -= k;
                self.side = self.side.opponent();
                p
            }
        }
    }
    fn undo(&mut self, step: NimStep, pile: u8) {
        match step {
            NimStep::Pile(_) => self.chosen = None,
            NimStep::Take(k) => {
                self.piles[pile as usize] += k;
                self.chosen = Some(pile);
                self.side = self.side.opponent();
            }
        }
    }
}

impl Turns for Nim {
    /// (pile, stones taken).
    type Turn = (u8, u8);
    const BENCH_DEPTH: u32 = 4;
    fn legal_turns(
        &self,
        out: &mut Vec<(u8, u8)>,
        cap: usize,
        _stop: Option<&AtomicBool>,
    ) -> Result<bool, PerftAbort> {
        if self.chosen.is_some() {
            return Ok(true);
        }
        let mut n = 0;
        for p in 0..3u8 {
            for k in 1..=self.piles[p as usize] {
                if n == cap {
                    return Ok(false);
                }
                out.push((p, k));
                n += 1;
            }
        }
        Ok(true)
    }
    fn play_turn(&mut self, turn: &(u8, u8)) -> Result<(), GameError> {
        let (p, k) = *turn;
        if self.chosen.is_some() || p > 2 || k == 0 || k > self.piles[p as usize] {
            return Err(GameError::illegal(self.format_turn(turn), "no such take"));
        }
        self.apply(NimStep::Pile(p), None);
        self.apply(NimStep::Take(k), None);
        Ok(())
    }
    fn turn_steps(&self, turn: &(u8, u8)) -> Vec<NimStep> {
        vec![NimStep::Pile(turn.0), NimStep::Take(turn.1)]
    }
    fn turn_from_steps(&self, steps: &[NimStep]) -> (u8, u8) {
        match steps {
            [NimStep::Pile(p), NimStep::Take(k)] => (*p, *k),
            _ => panic!("a Nim turn is a pile and a take, got {steps:?}"),
        }
    }
}

impl Notation for Nim {
    fn format_step(&self, step: NimStep) -> String {
        step.to_string()
    }
    /// `p<digit>` or `t<number>`; a well-formed step that is not legal here is an illegal move.
    fn parse_step(&self, text: &str) -> Result<NimStep, GameError> {
        let number = |t: &str| t.parse::<u8>().ok().filter(|_| !t.is_empty());
        let step = match (text.get(..1), text.get(1..).and_then(number)) {
            (Some("p"), Some(p)) => NimStep::Pile(p),
            (Some("t"), Some(k)) => NimStep::Take(k),
            _ => return Err(GameError::syntax("a step p<pile> or t<stones>", text)),
        };
        let mut legal = Vec::new();
        self.legal_steps(&mut legal);
        if legal.contains(&step) {
            Ok(step)
        } else {
            Err(GameError::illegal(text, "not a legal step"))
        }
    }
    fn format_turn(&self, turn: &(u8, u8)) -> String {
        format!("p{}t{}", turn.0, turn.1)
    }
    /// `p<pile>t<stones>`; a well-formed turn that is not legal here is an illegal move.
    fn parse_turn(&self, text: &str) -> Result<(u8, u8), GameError> {
        let syntax = || GameError::syntax("a turn p<pile>t<stones>", text);
        let (p, k) = text
            .strip_prefix('p')
            .and_then(|r| r.split_once('t'))
            .ok_or_else(syntax)?;
        let (p, k) = (
            p.parse::<u8>().map_err(|_| syntax())?,
            k.parse::<u8>().map_err(|_| syntax())?,
        );
        let mut turns = Vec::new();
        self.legal_turns(&mut turns, usize::MAX, None)
            .expect("turns listed");
        if turns.contains(&(p, k)) {
            Ok((p, k))
        } else {
            Err(GameError::illegal(text, "not a legal turn"))
        }
    }
    fn to_position_string(&self) -> String {
        let side = match self.side {
            Side::P1 => "p1",
            Side::P2 => "p2",
        };
        format!(
            "{} {} {} {side}",
            self.piles[0], self.piles[1], self.piles[2]
        )
    }
    /// Three pile sizes, then the side to move (`p1` when left out).
    fn from_position_string(text: &str, settings: &NimSettings) -> Result<Self, GameError> {
        let bad = || GameError::bad_position(text, "three pile sizes and p1 or p2");
        let fields: Vec<&str> = text.split(' ').collect();
        let (piles, side) = match fields.as_slice() {
            [a, b, c] => ([*a, *b, *c], "p1"),
            [a, b, c, side] => ([*a, *b, *c], *side),
            _ => return Err(bad()),
        };
        let piles = piles.map(|p| p.parse::<u8>());
        let side = match side {
            "p1" => Side::P1,
            "p2" => Side::P2,
            _ => return Err(bad()),
        };
        Ok(Nim {
            piles: [
                piles[0].clone().map_err(|_| bad())?,
                piles[1].clone().map_err(|_| bad())?,
                piles[2].clone().map_err(|_| bad())?,
            ],
            side,
            chosen: None,
            settings: settings.clone(),
        })
    }
}

impl Views for Nim {
    fn render(&self) -> String {
        self.to_position_string()
    }
    fn describe(&self) -> Vec<(&'static str, String)> {
        let piles = self.piles.map(|p| p.to_string()).join(",");
        let chosen = self.chosen.map_or("-".to_string(), |p| format!("p{p}"));
        vec![("piles", piles), ("chosen", chosen)]
    }
    fn geometry(&self) -> Geometry {
        Geometry::default()
    }
}

impl SearchHints for Nim {
    fn evaluate(&self) -> f64 {
        match (self.settings.oracle, self.winning()) {
            (false, _) => 0.0,
            (true, true) => 0.9,
            (true, false) => -0.9,
        }
    }
}
