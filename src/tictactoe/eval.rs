//! The search's hints: none. Every item keeps the trait's default (an even evaluation, uniform
//! playouts to the game's end, the defaults of `crate::game::defaults`).

use super::TicTacToe;
use crate::game::SearchHints;

impl SearchHints for TicTacToe {}
