//! Tic-tac-toe: the test game the engine offers when started with `--test-games` (`Game` value
//! `tictactoe`), so that a GUI's tests drive a game the GUI was never told about through the
//! same commands as the real two; and the smallest whole example of a game
//! (`doc/adding-a-game.md`): one-step turns, draws possible, no options.
//!
//! Cells `0`..`8` row by row from the top left, each named by its number (a step's token, and
//! a whole turn's, is the cell's name); `P1` is `x` and moves first. Position string: the 9
//! cells (`x`, `o`, `.`), the side to move following from the counts: `x...o....`.
//!
//! Files, the same role under the same name as in `src/checkers/` and `src/wells/`:
//! * this file — the rules traits ([`Position`], [`Turns`]);
//! * `state.rs` — [`TicTacToe`], the position, and its lines of three;
//! * `notation.rs` — step and turn tokens and position strings ([`crate::game::Notation`]);
//! * `drawing.rs` — the board as a GUI draws it (`geometry`, `about`), `describe`, `render`
//!   ([`crate::game::Views`]);
//! * `report.rs` — why the game ended, in the game's own words;
//! * `eval.rs` — the search's hints ([`crate::game::SearchHints`]): none, the defaults.

mod drawing;
mod eval;
mod notation;
mod report;
mod state;

use std::sync::atomic::AtomicBool;

use crate::game::prelude::*;
use crate::game::{GameError, Outcome, PerftAbort, Side};
pub use report::{FULL_BOARD, THREE_IN_A_ROW};
pub use state::TicTacToe;

impl Position for TicTacToe {
    /// The cell marked.
    type Step = u8;
    type Undo = ();
    type Settings = ();
    const NAME: &'static str = "tictactoe";
    const TITLE: &'static str = "Tic-tac-toe";
    /// Each turn fills one of the nine cells.
    const LONGEST_GAME: usize = 9;
    fn new(_: &()) -> Self {
        TicTacToe::empty()
    }
    fn settings(&self) -> &() {
        &()
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    /// Every turn is one step.
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
    /// The cells and the side to move as a base-3 number: every position its own hash.
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
    /// No decision is ever forced: `forced` stays empty.
    fn apply(&mut self, step: u8, _forced: Option<&mut Vec<u8>>) {
        self.cells[step as usize] = Some(self.side);
        self.side = self.side.opponent();
    }
    fn undo(&mut self, step: u8, _: ()) {
        self.cells[step as usize] = None;
        self.side = self.side.opponent();
    }
}

impl Turns for TicTacToe {
    /// A turn is its one step.
    type Turn = u8;
    /// The whole game tree.
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
