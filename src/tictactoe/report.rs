//! Why a game ended, in the game's own words (announced by `about`, `drawing.rs`).

use super::TicTacToe;
use crate::game::{GameEnd, Position, Word};

/// Three marks of one player in a row, a column or a diagonal: that player has won.
pub const THREE_IN_A_ROW: Word = Word::new("three-in-a-row", "three in a row");
/// Every cell marked without three in a row: a draw.
pub const FULL_BOARD: Word = Word::new("full-board", "the board is full");

impl TicTacToe {
    /// How the game ended: a row wins before the board is full (the last mark can do both).
    pub(super) fn end(&self) -> Option<GameEnd> {
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
