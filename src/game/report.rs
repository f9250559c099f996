//! What a GUI is told beside the steps themselves: the pieces a step removed and why, why a
//! game ended, and the rules in plain words for the part of the turn being played. Each game
//! names its own words and help (in its `report.rs`) and announces them with the words a
//! person reads (the protocol's `about`); this layer keeps the shapes every game shares and
//! the two reasons that belong to no game's rules alone.

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

/// What a help sentence explains: a phase of the turn, a step that names no place, or a kind
/// of removal (the protocol's `help` lines of `about`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    /// A phase of the turn, as the game's `describe` field `phase` names it; with `while_set`,
    /// only while that `describe` field says something (its value is not `-` or `0`), a state
    /// within the phase (Guerrilla's `move` phase while a group is moving).
    Phase {
        phase: &'static str,
        while_set: Option<&'static str>,
    },
    /// A step that names no place: one of the game's steps.
    Step(Word),
    /// A kind of removal: one of the game's removals, explained where a step would make one.
    Removal(RemovalKind),
}

/// One sentence, or a few, that says a part of the rules in plain words to the player whose
/// turn it is: what a phase asks, what a word step does, what a removal means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Help {
    pub topic: Topic,
    /// The sentences, on one line, as a person reads them.
    pub text: &'static str,
}

impl Help {
    /// The help of the phase `phase`.
    pub const fn phase(phase: &'static str, text: &'static str) -> Help {
        Help {
            topic: Topic::Phase {
                phase,
                while_set: None,
            },
            text,
        }
    }

    /// The help of the phase `phase` while the `describe` field `field` says something.
    pub const fn phase_while(phase: &'static str, field: &'static str, text: &'static str) -> Help {
        Help {
            topic: Topic::Phase {
                phase,
                while_set: Some(field),
            },
            text,
        }
    }

    /// The help of the word step `step`.
    pub const fn step(step: Word, text: &'static str) -> Help {
        Help {
            topic: Topic::Step(step),
            text,
        }
    }

    /// The help of the removal kind `kind`.
    pub const fn removal(kind: RemovalKind, text: &'static str) -> Help {
        Help {
            topic: Topic::Removal(kind),
            text,
        }
    }
}
