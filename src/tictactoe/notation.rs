//! Tokens and position strings: a step, and a whole turn, is the cell's number `0`..`8`; a
//! position is its 9 cells, `x`, `o` or `.`, row by row from the top left.

use super::TicTacToe;
use crate::game::{GameError, Notation, Position, Side};

impl Notation for TicTacToe {
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
        Ok(TicTacToe { cells, side })
    }
}
