//! The board as a GUI draws it: nine points on a 3 × 3 grid (`geometry`), the marks as pieces
//! (`about`), and the cells as `describe` and `render` write them ([`crate::game::Views`]).

use super::state::LINES;
use super::{TicTacToe, FULL_BOARD, THREE_IN_A_ROW};
use crate::game::{About, GameEnd, GeoPoint, Geometry, Notation, PieceFace, Side, Views};

impl Views for TicTacToe {
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
    /// Three in a row, or the board full ([`TicTacToe::end`]).
    fn game_end(&self) -> Option<GameEnd> {
        self.end()
    }
}
