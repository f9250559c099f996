//! A tiny game implementing the game traits, for the tests of the layers that serve any game
//! (the search, the engine facade, the protocol) without a real rules core, beside tic-tac-toe
//! ([`crate::tictactoe`], one-step turns, draws possible), which the engine also offers:
//!
//! * [`Nim`] — three-pile Nim (the player who takes the last stone wins) whose turns take two
//!   steps: choose a pile (`p0`..`p2`), then how many stones to take from it (`t1`, `t2`, …);
//!   a turn's token is both, `p1t2`. Its theory is exact (the side to move at a turn start wins
//!   iff the piles' XOR is not zero), so mid-turn value handling can be checked against it.
//!   Position string: the three piles and the side to move, `1 2 5 p1`.

use std::fmt;
use std::sync::atomic::AtomicBool;

use crate::game::prelude::*;
use crate::game::{GameError, GameOption, Geometry, Outcome, PerftAbort, Side};

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
