//! The game interface, in layers (the board-game-traits shape): a search, a perft walk or a
//! GUI asks for the layer it needs and no more.
//!
//! * [`Position`] — a position, its steps (one `apply`, one `undo`), the outcome and the hash;
//! * [`Turns`] — its whole turns and perft;
//! * [`SearchHints`] — the evaluation and what else a search asks of a game;
//! * [`Notation`] — steps, turns and position strings as text;
//! * [`Views`] — the ASCII picture, `describe` fields and the board's geometry for GUIs;
//! * [`GameSettings`] — the options a game declares, once.
//!
//! * [`Hashing`] — the hash from nothing and the board's symmetries, for tests.
//!
//! [`Game`] is the rules, notation and views: what the protocol's session serves. What only a
//! search needs (evaluation, playout policy, its constants) is [`SearchHints`], which each game
//! implements in its `eval.rs`. [`perft`] counts whole turns for any game and reads the perft data files. No
//! layer knows its implementors, and none knows the search: the one list of games is
//! `src/games.rs`.
//!
//! A *turn* is everything one player does before the other player's turn begins; it is built
//! from one or more *steps* (decisions). Guerrilla Checkers' turns are a stone pair or a
//! checker's path, taken one stone or one hop at a time; Wells' Guerrilla builds a turn from
//! many steps (growth, new group, jumps, split choices, kill choices). So the rules have both
//! levels:
//!
//! * step level — [`Position::legal_steps`], [`Position::apply`], [`Position::undo`]: what a
//!   search and a GUI building a turn click by click need;
//! * turn level — [`Turns::legal_turns`], [`Turns::play_turn`], [`Notation::parse_turn`],
//!   [`Notation::format_turn`]: what the protocol's `position … moves …`, `bestmove` and perft
//!   need.

mod error;
mod hints;
pub mod limits;
mod notation;
pub mod perft;
mod report;
mod rules;
mod settings;
pub mod setup;
mod views;

pub use error::{GameError, PerftAbort};
pub use hints::{best_of_sampled, score_from_map, value_after, SearchHints};
pub use limits::{ENUMERATION_BUDGET, MAX_PERFT_DEPTH};
pub use notation::{parse_decimal, Notation};
pub use report::{GameEnd, Help, Removal, RemovalKind, Topic, Word};
pub use rules::{shortest_line, Hashing, Position, Turns};
pub use settings::{GameOption, GameSettings};
pub use views::{About, FieldFace, FieldKind, GeoPoint, GeoSquare, Geometry, PieceFace, Views};

/// The game traits, to call their methods on a concrete game (`use guerrilla::game::prelude::*`).
pub mod prelude {
    pub use super::{Game, GameSettings, Hashing, Notation, Position, SearchHints, Turns, Views};
}

/// Every layer of a game: what the protocol's session, the arena's referee and the web GUI
/// serve. Implemented for every type that implements the layers.
pub trait Game: Turns + Notation + Views {}

impl<G: Turns + Notation + Views> Game for G {}

/// A player. `P1` moves first: the Guerrilla in Guerrilla Checkers (GC2), White in Guerrilla (W3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    P1,
    P2,
}

impl Side {
    /// Both sides, `P1` first.
    pub const ALL: [Side; 2] = [Side::P1, Side::P2];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::P1 => Side::P2,
            Side::P2 => Side::P1,
        }
    }

    /// 0 for `P1`, 1 for `P2`: an index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Side),
    Draw,
}
