//! The typed codec of the whole protocol (protocol.md), for both sides of the wire: a
//! [`Command`] is a line a client sends, a [`Message`] a line the engine writes. Each is
//! parsed from its text (`FromStr`, nom inside) and written back (`Display`); for every value,
//! parsing what `Display` writes gives the value back, and for every line the engine writes,
//! `Display` of what parsing gives is that line.
//!
//! * [`Command`] is the engine's own command type (`parse/`): the engine, an arena and a GUI
//!   read and write commands through the one grammar.
//! * [`Message`] is one line of an answer: the handshake ([`OptionDecl`]), a search's lines
//!   ([`InfoReport`], [`Score`], [`BestMove`]), the answers about the game ([`TurnAnswer`],
//!   [`SteppedAnswer`], [`Response`]), the views ([`Describe`], the games' [`Geometry`] point by
//!   point, `about`'s [`Piece`], [`Field`], [`GameWord`], [`RemovalWord`] and [`HelpLine`]),
//!   perft's and bench's lines and error lines, whose refusals of input have one shape
//!   ([`Refusal`]).
//! * Two answers hold free text that only the command that asked tells apart: `show`'s
//!   picture and `help`; [`Within`] says which answer a line is read in.
//!
//! Words that each game names for itself (why a piece left the board, why a game ended, the
//! steps that name no place, its phases, `describe`'s own fields) are kept as the engine wrote
//! them, in order, so that a game's new word or field is read without a change here; `about`
//! announces them with what a person reads for each, and the rules in plain words by topic.
//!
//! The message grammar is strict: one space between tokens, numbers in their one spelling
//! (protocol.md § 2), scores with three decimals, coordinates as `geometry` writes them.

mod about;
mod answers;
mod info;
mod lex;
mod message;
mod options;
mod views;

#[cfg(test)]
mod tests;

use std::fmt;

pub use super::parse::{clean_line, Command, CommandError, GoArgs, LegalWhat, Query, Start};
pub use super::wire::{clip_reason, NotARefusal, Quoted, Refusal, QUOTED_MAX, REASON_MAX};
pub use about::{Field, GameWord, HelpLine, HelpTopic, Piece, RemovalWord};
pub use answers::{
    Over, Removal, Response, StepDone, SteppedAnswer, TurnAnswer, TurnsListed, Undone,
};
pub use info::{BestMove, CurrMove, InfoReport, Score};
pub use message::{Message, ERROR_PREFIX};
pub use options::{OptionDecl, OptionKind, OptionValue};
pub use views::{Describe, Geometry, GeometryHeader, COMMON_FIELDS};

/// Which multi-line answer a line is read in: `show`'s and `help`'s hold free text, which
/// only the command that asked for them tells apart from the other messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Within {
    /// Any line outside those two answers.
    #[default]
    Lines,
    /// The answer to `show`: picture lines for people, then `fen`, `steps` (the steps of the
    /// turn so far), `tomove` and `result`.
    Show,
    /// The answer to `help`: text for people.
    Help,
}

impl Within {
    /// The answer the lines after `cmd` are read in.
    pub fn after(cmd: &Command) -> Within {
        match cmd {
            Command::Show => Within::Show,
            Command::Help => Within::Help,
            _ => Within::Lines,
        }
    }
}

/// Why a line is no message: what the grammar expected and the token that came (`end of
/// line` at the end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageError {
    pub expected: String,
    pub got: String,
}

impl std::error::Error for MessageError {}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Refusal::new(&self.expected, &self.got).fmt(f)
    }
}
