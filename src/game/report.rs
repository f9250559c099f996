//! What a GUI is told beside the steps themselves: the pieces a step removed and why, and why
//! a game ended. Each game names its own words (in its `report.rs`) and announces them with
//! the words a person reads (the protocol's `about`); this layer keeps the shapes every game
//! shares and the two reasons that belong to no game's rules alone.

use super::Outcome;

/// A word a game names for itself, as the protocol sends it, with the words a person reads
/// for it: why a game ended (`two-passes`, "two passes in a row"), or a step that names no
/// point or square (`endgroup`, "end group").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Word {
    /// The protocol's word: lower-case letters, digits and hyphens, never `none` or `-`.
    pub word: &'static str,
    /// What a person reads for it, in lower case, as it reads within a sentence.
    pub label: &'static str,
}

impl Word {
    pub const fn new(word: &'static str, label: &'static str) -> Word {
        Word { word, label }
    }

    /// The side to move has no legal move: what every finished game can say, and the reason
    /// [`Views::game_end`](super::Views::game_end) gives unless a game says more.
    pub const NO_LEGAL_MOVE: Word =
        Word::new("no-legal-move", "the side to move has no legal move");

    /// The loser played an illegal move inside `position … moves`: the protocol's rule, not a
    /// game's, and a reason in every game.
    pub const FORFEIT: Word = Word::new("forfeit", "an illegal move");
}

/// Why a piece or a stone left the board: the game's word, what a person reads for it, and
/// what the place holds after it (a token a removal leaves behind, W4's massacre token).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RemovalKind {
    /// The protocol's word (`captured`, `massacred`): as [`Word::word`].
    pub word: &'static str,
    /// What a person reads for it: as [`Word::label`].
    pub label: &'static str,
    /// The character of `describe`'s cells its place holds once the piece is gone; `None` when
    /// the place is left empty.
    pub leaves: Option<char>,
}

impl RemovalKind {
    /// A removal that leaves its place empty.
    pub const fn new(word: &'static str, label: &'static str) -> RemovalKind {
        RemovalKind {
            word,
            label,
            leaves: None,
        }
    }

    /// A removal whose place then holds the piece or token `leaves`.
    pub const fn leaving(word: &'static str, label: &'static str, leaves: char) -> RemovalKind {
        RemovalKind {
            word,
            label,
            leaves: Some(leaves),
        }
    }
}

/// One piece or stone removed: where it stood (the point or square name, as steps write it)
/// and why.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Removal {
    pub place: String,
    pub kind: RemovalKind,
}

impl Removal {
    pub fn new(place: impl Into<String>, kind: RemovalKind) -> Self {
        Removal {
            place: place.into(),
            kind,
        }
    }
}

/// How a game ended: the result, why (one of the game's reasons, or [`Word::FORFEIT`]), and
/// the final scores where the rules score (W6: index [`super::Side::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    pub outcome: Outcome,
    pub reason: Word,
    pub score: Option<[u32; 2]>,
}
