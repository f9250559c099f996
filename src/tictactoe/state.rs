//! The position: nine cells and the side to move.

use crate::game::{Notation, Side};

/// A tic-tac-toe position: the cells, row by row from the top left, and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    pub(super) cells: [Option<Side>; 9],
    pub(super) side: Side,
}

/// The lines of three that win: the rows, the columns, then the diagonals.
pub(super) const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// The empty board, `x` to move.
    pub(super) fn empty() -> TicTacToe {
        TicTacToe {
            cells: [None; 9],
            side: Side::P1,
        }
    }

    /// From 9 cells (`x`, `o`, `.`); the side to move follows from the counts. Panics on a text
    /// that is no position (a test's own constant).
    pub fn from_cells(text: &str) -> TicTacToe {
        TicTacToe::from_position_string(text, &()).expect("a valid test position")
    }

    /// The player with three in a row, if one has.
    pub(super) fn winner(&self) -> Option<Side> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(c) && self.cells[l[2]] == Some(c)).then_some(c)
        })
    }
}
