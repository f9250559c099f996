//! Guerrilla Checkers (Brian Train, 2010): rules core. See rulings GC1–GC6 (`doc/rules.md`)
//! and `doc/checkers.md`. `P1` is the Guerrilla, `P2` COIN.
//!
//! A position is two bitboards, one over the 64 squares (checkers) and one over the 49
//! interior points (stones), both with a stride of 8 so that a rule over every checker is a few
//! shifts. A turn is a stone pair (two [`Step`]s, GC3) or a checker's path (one step a hop, a
//! forced capture taken by itself, GC4); a whole turn is a [`Turn`], packed and `Copy`.
//!
//! Files, the same role under the same name as in `src/wells/`:
//! * this file — [`Settings`] and the game traits ([`Position`], [`Turns`], [`Notation`],
//!   [`Views`]);
//! * `state.rs` — [`Checkers`], the position, and the edits that keep it and its hash whole;
//! * `lattice.rs` — squares and points, their names, step and corner tables (GC1);
//! * `bits.rs` — the rules as bitboard operations over all checkers at once (GC3, GC4);
//! * `steps.rs` — [`Step`]: listing, checking and applying one decision (GC3, GC4);
//! * `turns/` — whole turns listed and checked (`mod.rs`), COIN's moves counted and drawn
//!   without listing them (`turns/chains/`), the fast perft (`turns/perft.rs`) (GC6);
//! * `random.rs` — a step, or a whole turn, drawn uniformly without listing them;
//! * `notation.rs` — step and turn tokens, read as syntax (`TurnSyntax`, `StepSyntax`) then
//!   resolved: points `A1`..`I9`, squares `a1`..`h8`, a pair `D4D5`, a path `c5-d6` or
//!   `c5xd6xe5`, steps `D4`, `c5-d6`, `c5xd6`;
//! * `setup.rs` — position strings
//!   (`8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first`): text → `Setup` → position;
//! * `eval.rs` — the evaluation and the search's hints ([`crate::game::SearchHints`]);
//! * `drawing.rs` — the board as a GUI draws it (`geometry`, `about`), `describe`, `render`;
//! * `report.rs` — what a step removed and why the game ended, for a GUI;
//! * `hashing.rs` — Zobrist keys, the hash from nothing, the board's symmetries
//!   ([`crate::game::Hashing`]).

mod bits;
mod drawing;
mod eval;
mod hashing;
pub mod lattice;
mod notation;
mod random;
mod report;
mod setup;
mod state;
mod steps;
mod turns;

use std::sync::atomic::AtomicBool;

use crate::game::{
    GameEnd, GameError, GameOption, GameSettings, Geometry, Notation, Outcome, PerftAbort,
    Position, Removal, Side, Turns, Views,
};

pub use eval::{FEATURES, FEATURE_NAMES, SCORE_MAP, WEIGHTS};
pub use hashing::Symmetry;
pub use setup::STARTPOS;
pub use state::Checkers;
pub use steps::Step;
pub use turns::{Turn, LISTED_MOVE_BYTES, MAX_LISTED_MOVES};

/// Guerrilla Checkers has no options; the unit struct is its `Settings`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settings;

impl GameSettings for Settings {
    const OPTIONS: &'static [GameOption] = &[];
    fn set(&mut self, _name: &str, _value: u64) {}
}

/// The Guerrilla's stones at the start (GC2).
pub const START_STONES: u8 = 66;

impl Checkers {
    /// The error for a whole turn given while a turn is half built.
    fn illegal_if_midturn(&self, text: &str) -> Result<(), GameError> {
        if self.at_turn_start() {
            return Ok(());
        }
        Err(GameError::illegal(
            text,
            "a turn is half built: finish it step by step or take it back",
        ))
    }

    fn illegal_if_over(&self, text: &str) -> Result<(), GameError> {
        if let Some(Outcome::Win(s)) = self.outcome() {
            let who = match s {
                Side::P1 => "the Guerrilla",
                Side::P2 => "COIN",
            };
            return Err(GameError::illegal(
                text,
                format!("the game is over: {who} has won"),
            ));
        }
        Ok(())
    }
}

impl Position for Checkers {
    type Step = Step;
    type Undo = Checkers;
    type Settings = Settings;

    const NAME: &'static str = "guerrilla-checkers";
    const TITLE: &'static str = "Guerrilla Checkers";
    /// The Guerrilla places its 66 stones two at a turn (GC3): at most 33 turns of its own and
    /// 34 of COIN's.
    const LONGEST_GAME: usize = 2 * (START_STONES as usize / 2) + 1;

    /// The start position (GC2).
    fn new(_settings: &Settings) -> Self {
        let mut checkers = 0u64;
        for name in ["c5", "d4", "e3", "d6", "e5", "f4"] {
            let b = name.as_bytes();
            checkers |= 1u64 << ((b[1] - b'1') * 8 + (b[0] - b'a'));
        }
        Checkers::from_parts(checkers, 0, START_STONES, Side::P1, true)
    }

    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn at_turn_start(&self) -> bool {
        self.pending == lattice::NONE && self.chain == lattice::NONE
    }

    /// GC5: the side to move with no legal move loses. This covers every end rule: a Guerrilla
    /// with fewer than two stones in hand, or with no stone on the board after COIN's turn (no
    /// stone to place next to), has no legal pair; COIN with no checker left has no move.
    fn outcome(&self) -> Option<Outcome> {
        if !self.at_turn_start() || self.has_legal_move() {
            None
        } else {
            Some(Outcome::Win(self.side.opponent()))
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// See `steps.rs`: a stone, or one hop of a checker (GC3, GC4).
    fn legal_steps(&self, out: &mut Vec<Step>) {
        self.steps(out);
    }

    /// Copy-make: the undo record is the position before the step (40 bytes). Reports the
    /// forced second stone and the forced captures of a chain (GC3, GC4).
    #[inline]
    fn apply(&mut self, step: Step, forced: Option<&mut Vec<Step>>) -> Checkers {
        let undo = *self;
        self.play_step(step, forced);
        undo
    }

    fn undo(&mut self, _step: Step, undo: Checkers) {
        *self = undo;
    }

    /// Uniform over the legal next steps, without listing more than a checker's four hops.
    fn random_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        self.random_step_of(rng)
    }
}

impl Turns for Checkers {
    type Turn = Turn;
    const BENCH_DEPTH: u32 = 6;

    /// Whole turns from a turn start (GC6), none mid-turn, within the enumeration budget both
    /// games share: a list asked for in full that would hold more than [`MAX_LISTED_MOVES`] is
    /// too large (see `turns/list.rs`).
    fn legal_turns(
        &self,
        out: &mut Vec<Turn>,
        cap: usize,
        stop: Option<&AtomicBool>,
    ) -> Result<bool, PerftAbort> {
        self.list_moves(out, cap, stop.unwrap_or(&AtomicBool::new(false)))
    }

    /// Checks the move by walking it (not by listing every path, which a dense stone field
    /// makes long), then plays it.
    fn play_turn(&mut self, turn: &Turn) -> Result<(), GameError> {
        if !self.at_turn_start() || !self.is_legal_move(*turn) {
            let text = self.format_move(*turn);
            self.illegal_if_midturn(&text)?;
            self.illegal_if_over(&text)?;
            // The notation's resolver says why.
            let why = notation::turn_syntax(&text).and_then(|n| self.resolve(&text, &n));
            return Err(why.err().unwrap_or_else(|| {
                GameError::illegal(text.clone(), "not a legal move in this position")
            }));
        }
        self.apply_move(*turn);
        Ok(())
    }

    /// A pair is two stones, the first next to a stone on the board (GC3); a path is its hops,
    /// the forced ones left out (GC4).
    fn turn_steps(&self, turn: &Turn) -> Vec<Step> {
        self.chosen_steps(*turn)
    }

    fn turn_from_steps(&self, steps: &[Step]) -> Turn {
        self.move_of_steps(steps)
    }

    /// The fast perft (`turns/perft.rs`), which keeps nothing but its recursion and looks at
    /// `stop` within microseconds: never too large to count, only too long; refused past
    /// [`crate::game::MAX_PERFT_DEPTH`].
    fn perft(&self, depth: u32, stop: Option<&AtomicBool>) -> Result<u64, PerftAbort> {
        if depth > crate::game::MAX_PERFT_DEPTH {
            return Err(crate::game::limits::too_deep(depth));
        }
        self.perft_count(depth, stop)
    }
}

impl Notation for Checkers {
    fn format_step(&self, step: Step) -> String {
        self.format_step_text(step)
    }

    fn parse_step(&self, text: &str) -> Result<Step, GameError> {
        let n = notation::step_syntax(text)?;
        self.illegal_if_over(text)?;
        self.resolve_step(text, &n)
    }

    fn format_turn(&self, turn: &Turn) -> String {
        self.format_move(*turn)
    }

    fn parse_turn(&self, text: &str) -> Result<Turn, GameError> {
        let notation = notation::turn_syntax(text)
            .map_err(|e| notation::for_side(e, self.side == Side::P1))?;
        self.illegal_if_midturn(text)?;
        self.illegal_if_over(text)?;
        self.resolve(text, &notation)
    }

    /// Half a pair is its one stone (`D4`); a path not finished is its hops so far
    /// (`c3xd4xe5`), the forced ones included.
    fn format_partial_turn(&self, steps: &[Step]) -> String {
        match steps {
            [Step::Stone(p)] => self.format_step_text(Step::Stone(*p)),
            [Step::Hop { .. }, ..] => self.format_move(self.move_of_steps(steps)),
            _ => String::new(),
        }
    }

    fn to_position_string(&self) -> String {
        setup::Setup::of(self).to_string()
    }

    fn from_position_string(text: &str, settings: &Settings) -> Result<Self, GameError> {
        setup::parse(text, settings)
    }
}

impl Views for Checkers {
    fn about(&self) -> crate::game::About {
        drawing::ABOUT
    }

    fn render(&self) -> String {
        self.render_board()
    }

    fn describe(&self) -> Vec<(&'static str, String)> {
        self.describe_fields()
    }

    fn hand(&self, side: Side) -> Option<u32> {
        (side == Side::P1).then_some(u32::from(self.hand))
    }

    fn geometry(&self) -> Geometry {
        drawing::geometry(self)
    }

    fn removals(&self, steps: &[Step], after: &Checkers) -> Vec<Vec<Removal>> {
        self.removals_of(steps, after)
    }

    fn game_end(&self) -> Option<GameEnd> {
        self.end_of_game()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Hashing;

    #[test]
    fn start_counts() {
        let s = Checkers::new(&Settings);
        assert_eq!(s.perft(1, None), Ok(84));
        assert_eq!(s.perft(2, None), Ok(840));
        assert_eq!(s.hash(), s.hash_from_scratch());
    }

    #[test]
    fn the_guerrilla_alone_has_a_hand() {
        let s = Checkers::new(&Settings);
        assert_eq!(s.hand(Side::P1), Some(66));
        assert_eq!(s.hand(Side::P2), None);
        let after = Checkers::from_position_string(
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/2GGG4/2G6/9/9/9 62 C -",
            &Settings,
        )
        .unwrap();
        assert_eq!(after.hand(Side::P1), Some(62));
    }
}
