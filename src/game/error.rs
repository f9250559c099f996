//! What can go wrong when a game is given text or asked to count.

use std::fmt;

/// What went wrong with a piece of text given to a game: a move, a step or a position string.
///
/// Its `Display` (written by the protocol's `wire` module) is the body of the protocol's error
/// line, of the form `expected <what> but got '<input>'`, followed by a reason where there is
/// one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The text is not in the grammar; `expected` names the grammar rule that failed.
    Syntax { expected: String, got: String },
    /// The text is well formed but not legal in this position.
    Illegal { got: String, reason: String },
    /// A position string that does not parse or describes an impossible position.
    BadPosition { got: String, reason: String },
}

impl GameError {
    pub fn syntax(expected: impl Into<String>, got: impl Into<String>) -> Self {
        GameError::Syntax {
            expected: expected.into(),
            got: got.into(),
        }
    }

    pub fn illegal(got: impl Into<String>, reason: impl Into<String>) -> Self {
        GameError::Illegal {
            got: got.into(),
            reason: reason.into(),
        }
    }

    pub fn bad_position(got: impl Into<String>, reason: impl Into<String>) -> Self {
        GameError::BadPosition {
            got: got.into(),
            reason: reason.into(),
        }
    }
}

impl std::error::Error for GameError {}

/// Why a perft (or a listing of whole turns) gave up before its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftAbort {
    /// The caller's stop flag was set.
    Stopped,
    /// One turn has more distinct results than the game can enumerate within its memory budget
    /// (a Guerrilla turn with a dozen groups to move can reach hundreds of millions, W7); the
    /// text says which budget.
    TooLarge(String),
}

impl fmt::Display for PerftAbort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftAbort::Stopped => write!(f, "stopped"),
            PerftAbort::TooLarge(why) => write!(f, "{why}"),
        }
    }
}
