//! The views layer: what a person or a GUI that knows no rule sees of a position.

use super::{GameEnd, Help, Removal, RemovalKind, Side, Turns, Word};

/// A position's views.
pub trait Views: Turns {
    /// A multi-line ASCII picture of the board for a human.
    fn render(&self) -> String;
    /// Named fields that describe the position for a program, without knowing the rules:
    /// every cell, pieces in hand or supply, the turn's phase, scores. The protocol prints them
    /// as `name=value` on one line, in this order; values contain no whitespace.
    fn describe(&self) -> Vec<(&'static str, String)>;
    /// The pieces `side` holds off the board, still to be placed: Guerrilla Checkers' Guerrilla
    /// has its stones in hand (GC3), which Brian Train's match counts (the arena's
    /// `--scoring stones`). `None` for a side or a game without a hand (the default).
    fn hand(&self, side: Side) -> Option<u32> {
        let _ = side;
        None
    }
    /// The board's drawing and the rules' adjacency for the current settings (the protocol's
    /// `geometry`).
    fn geometry(&self) -> Geometry;
    /// What `steps` removed from the board, one list per step: `steps` is a step applied from
    /// this position followed by the decisions the game then took by itself, in order (as
    /// [`Position::apply`](super::Position::apply) gives them), and `after` the position they led to. The
    /// default reports nothing, right for a game that never removes anything.
    fn removals(&self, steps: &[Self::Step], after: &Self) -> Vec<Vec<Removal>> {
        let _ = after;
        vec![Vec::new(); steps.len()]
    }
    /// How a GUI presents the game to people beyond its board (the protocol's `about`). The
    /// default names the sides `p1` and `p2`, the one reason of the default
    /// [`game_end`](Views::game_end), and nothing more, which a GUI can still draw (every cell
    /// character it is not told about is shown as itself).
    fn about(&self) -> About {
        About {
            title: Self::NAME,
            sides: ["p1", "p2"],
            pieces: &[],
            fields: &[],
            reasons: &[Word::NO_LEGAL_MOVE],
            removals: &[],
            steps: &[],
            help: &[],
            tour: "",
        }
    }
    /// Why the game is over, with its result; `None` while it goes on. The default says the
    /// side to move has no legal move, which is true of every finished game (`legal_steps` is
    /// then empty); games say more, in the words their [`about`](Views::about) announces.
    fn game_end(&self) -> Option<GameEnd> {
        self.outcome().map(|outcome| GameEnd {
            outcome,
            reason: Word::NO_LEGAL_MOVE,
            score: None,
        })
    }
}

/// One point of a board's drawing (the protocol's `geometry` command).
#[derive(Clone, Debug, PartialEq)]
pub struct GeoPoint {
    /// The point's name, as moves and steps write it.
    pub name: String,
    /// Drawing coordinates: x to the right, y downward; neighbouring points are 1 apart.
    pub x: f64,
    pub y: f64,
    /// True when a piece or stone can stand there; false for a point only drawn (GC1's edge).
    pub play: bool,
    /// The points adjacent to it under the rules.
    pub neighbours: Vec<String>,
}

/// One square of a board's drawing (Guerrilla Checkers only).
#[derive(Clone, Debug, PartialEq)]
pub struct GeoSquare {
    pub name: String,
    /// The square's centre, in the points' units.
    pub x: f64,
    pub y: f64,
    /// Its corner points: bottom-left, bottom-right, top-right, top-left.
    pub corners: [String; 4],
    /// The squares diagonally adjacent to it.
    pub diagonals: Vec<String>,
    /// True for a dark square (the squares checkers stand on), false for a light one.
    pub dark: bool,
}

/// A board's drawing and adjacency, for a GUI that knows no rule (protocol.md § 4, `geometry`).
/// Points in position-string order, squares likewise.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Geometry {
    pub points: Vec<GeoPoint>,
    pub squares: Vec<GeoSquare>,
}

/// How a GUI that knows no rule presents a game to people (protocol.md § 4, `about`): what its
/// sides are called, what the characters of `describe`'s cells stand for, which `describe`
/// fields a player reads and under what label, the game's own words (why it ends, why a piece
/// leaves the board, the steps that name no place) with what a person reads for each, the rules
/// in plain words for each part of a turn, and a short tour of the rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct About {
    /// The game's name as people write it: `Guerrilla Checkers`.
    pub title: &'static str,
    /// The sides' names, p1's first: `Guerrilla`, `COIN`.
    pub sides: [&'static str; 2],
    /// Every character of `describe`'s `points` and `squares` that is a piece or a token.
    pub pieces: &'static [PieceFace],
    /// The `describe` fields a player reads, in the order to show them.
    pub fields: &'static [FieldFace],
    /// Every reason [`Views::game_end`] gives, in the order the rules try them (the first that
    /// holds is given); [`Word::FORFEIT`], the protocol's, is not among them.
    pub reasons: &'static [Word],
    /// Every kind of removal [`Views::removals`] reports.
    pub removals: &'static [RemovalKind],
    /// Every step that names no point or square (`pass`), as its notation writes it.
    pub steps: &'static [Word],
    /// The rules in plain words for the player whose turn it is: for phases the `describe`
    /// field `phase` names, for words of `steps`, for kinds of `removals`. Several sentences of
    /// one topic are read in order.
    pub help: &'static [Help],
    /// The rules in a few short paragraphs for a first-time player, separated by blank lines.
    pub tour: &'static str,
}

/// What one character of a cell string stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceFace {
    /// The character in `describe`'s `points` or `squares`.
    pub char: char,
    /// Whose piece it is; `None` for a token that belongs to nobody (a massacre token).
    pub owner: Option<Side>,
    /// One such piece, as a player calls it: `stone`, `checker`, `piece`, `token`.
    pub noun: &'static str,
    /// Its colour on a physical board: `white`, `black`, `red`.
    pub colour: &'static str,
    /// Neighbouring pieces of this character form groups that a player reads as one (W1–W4).
    pub grouped: bool,
}

/// One `describe` field a player reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FieldFace {
    /// The field's name in `describe`.
    pub name: &'static str,
    /// A count of the game as a whole (`Count`: stones in hand, scores) or a detail of the
    /// turn being built (`Turn`: shown only while it says something, not `-` or `0`).
    pub kind: FieldKind,
    /// Its label in a player's words: `stones in hand`.
    pub label: &'static str,
}

impl FieldFace {
    /// A count of the game as a whole.
    pub const fn count(name: &'static str, label: &'static str) -> FieldFace {
        FieldFace {
            name,
            kind: FieldKind::Count,
            label,
        }
    }

    /// A detail of the turn being built.
    pub const fn turn(name: &'static str, label: &'static str) -> FieldFace {
        FieldFace {
            name,
            kind: FieldKind::Turn,
            label,
        }
    }
}

/// Where a GUI shows a `describe` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    Count,
    Turn,
}
