//! What a GUI is told beside the steps themselves: the pieces a step removed and why, and why
//! a game ended. Typed values, one list for both games (each reports the ones its rules
//! have); the protocol's `wire` module words them.

use super::Outcome;

/// Why a piece or a stone left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RemovalKind {
    /// A Guerrilla stone a COIN checker hopped over (GC4).
    Captured,
    /// A COIN checker whose four corners hold stones after the Guerrilla's pair (GC3).
    Surrounded,
    /// A piece killed at the end of a Guerrilla turn (W4).
    Killed,
    /// A piece killed by a piece whose group has at least two more pieces than the victim's:
    /// its point takes a massacre token (W4, 3.2).
    Massacred,
    /// A piece of a moving group left behind when the group came apart: only the largest part
    /// stays (W4, 8.3).
    Split,
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

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// COIN has no checker left (GC5).
    NoCheckers,
    /// The Guerrilla has no stone left on the board after its first turn, so no point to
    /// place a stone next to (GC3, GC5).
    NoStonesOnBoard,
    /// The Guerrilla has fewer than two stones in hand, not enough for a pair (GC3, GC5).
    NoStonesInHand,
    /// The side to move has no legal move otherwise (GC5: every checker blocked, no legal
    /// pair).
    NoLegalMove,
    /// Two passes in a row (W6); the scores decide.
    TwoPasses,
    /// The turn limit has been played (W6); the scores decide.
    TurnLimit,
    /// The loser played an illegal move inside `position … moves` (the protocol's rule, not a
    /// game's).
    Forfeit,
}

/// How a game ended: the result, why, and the final scores where the rules score (W6:
/// index [`super::Side::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    pub outcome: Outcome,
    pub reason: EndReason,
    pub score: Option<[u32; 2]>,
}
