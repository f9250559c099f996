//! `guerrilla`: a headless engine for two abstract games, speaking UGI on stdin/stdout.
//!
//! * *Guerrilla Checkers* (Brian Train, 2010) — [`checkers`], game name `guerrilla-checkers`.
//! * *Guerrilla* (David Wells, 1976) — [`wells`], game name `guerrilla`.
//!
//! And tic-tac-toe, [`tictactoe`], the test game offered with `--test-games`. [`games`] holds
//! the one table of the games (`doc/adding-a-game.md`: a game is a folder and one line of it).
//!
//! Layers, data flowing one way: [`protocol`] → [`engine`] → [`search`] → [`game::Game`] → one
//! game's rules. The rules know no search and no I/O; only the protocol layer writes text to the
//! wire. The rulings cited as GC1–GC6 and W1–W7 are in `doc/rules.md`, with both games' rules.

pub mod bench;
pub mod checkers;
pub mod engine;
pub mod game;
pub mod games;
pub mod mix;
pub mod protocol;
pub mod search;
pub mod select;
pub mod testgames;
pub mod tictactoe;
pub mod wells;

pub use game::{Game, GameError, Outcome, Side};
pub use games::{GameId, GameKind};
