//! `about`'s lines (protocol.md § 4.12): a piece, a field, a reason or step word, a removal word
//! and a help line are [`Piece`], [`Field`], [`GameWord`], [`RemovalWord`] and [`HelpLine`].

use std::fmt;

use nom::Parser;

use super::lex::{arg, fail, text, Res};
use super::views::{side_of, NONE};
use crate::game::{FieldKind, Side};
use crate::protocol::wire;

/// What one character of `describe`'s cells stands for (`about`'s `piece` line, § 4.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The character in `describe`'s `points` or `squares`.
    pub char: char,
    /// Whose piece it is; `None` for a token of nobody's.
    pub owner: Option<Side>,
    /// Its colour on a physical board: `white`, `black`, `red`.
    pub colour: String,
    /// Neighbouring pieces of this character form groups a player reads as one.
    pub grouped: bool,
    /// What a player calls one (may be several words).
    pub noun: String,
}

impl Piece {
    /// The game's piece face, owned.
    pub fn of(p: &crate::game::PieceFace) -> Piece {
        Piece {
            char: p.char,
            owner: p.owner,
            colour: p.colour.to_string(),
            grouped: p.grouped,
            noun: p.noun.to_string(),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "piece {} {} {} {} {}",
            self.char,
            self.owner.map_or(NONE, wire::side_word),
            self.colour,
            if self.grouped { "grouped" } else { "single" },
            self.noun
        )
    }
}

/// `SP char SP (side | "none") SP colour SP ("grouped" | "single") SP noun-words` (after
/// "piece")
pub(super) fn piece(i: &str) -> Res<'_, Piece> {
    const CHAR: &str = "one character";
    let (r, c) = arg(CHAR).parse(i)?;
    let mut chars = c.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return fail(i, CHAR);
    };
    let (r2, owner) = arg("p1, p2 or none").parse(r)?;
    let owner = match owner {
        NONE => None,
        w => Some(side_of(r, w, "p1, p2 or none")?),
    };
    let (r3, colour) = arg("a colour").parse(r2)?;
    let (r4, g) = arg("grouped or single").parse(r3)?;
    let grouped = match g {
        "grouped" => true,
        "single" => false,
        _ => return fail(r3, "grouped or single"),
    };
    let (r5, noun) = text("a noun").parse(r4)?;
    Ok((
        r5,
        Piece {
            char: ch,
            owner,
            colour: colour.to_string(),
            grouped,
            noun: noun.to_string(),
        },
    ))
}

/// A `describe` field a player reads (`about`'s `field` line, § 4.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub name: String,
    pub kind: FieldKind,
    /// Its label in a player's words (may be several words).
    pub label: String,
}

impl Field {
    /// The game's field face, owned.
    pub fn of(f: &crate::game::FieldFace) -> Field {
        Field {
            name: f.name.to_string(),
            kind: f.kind,
            label: f.label.to_string(),
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            FieldKind::Count => "count",
            FieldKind::Turn => "turn",
        };
        write!(f, "field {} {kind} {}", self.name, self.label)
    }
}

/// `SP name SP ("count" | "turn") SP label-words` (after "field")
pub(super) fn field(i: &str) -> Res<'_, Field> {
    let (r, name) = arg("a field name").parse(i)?;
    let (r2, k) = arg("count or turn").parse(r)?;
    let kind = match k {
        "count" => FieldKind::Count,
        "turn" => FieldKind::Turn,
        _ => return fail(r, "count or turn"),
    };
    let (r3, label) = text("a label").parse(r2)?;
    Ok((
        r3,
        Field {
            name: name.to_string(),
            kind,
            label: label.to_string(),
        },
    ))
}

/// A word a game names for itself and what a person reads for it (`about`'s `reason` and
/// `step` lines, § 4.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameWord {
    /// The word as the engine sends it (`two-passes`, `endgroup`).
    pub word: String,
    /// What a person reads for it (may be several words).
    pub label: String,
}

impl GameWord {
    /// The game's word, owned.
    pub fn of(w: &crate::game::Word) -> GameWord {
        GameWord {
            word: w.word.to_string(),
            label: w.label.to_string(),
        }
    }

    /// Writes the word as the line `<keyword> <word> <label>`.
    pub(super) fn write(&self, f: &mut fmt::Formatter<'_>, keyword: &str) -> fmt::Result {
        write!(f, "{keyword} {} {}", self.word, self.label)
    }
}

/// `SP word SP label-words` (after "reason" or "step")
pub(super) fn game_word(i: &str) -> Res<'_, GameWord> {
    let (r, word) = arg("a word").parse(i)?;
    let (r2, label) = text("a label").parse(r)?;
    Ok((
        r2,
        GameWord {
            word: word.to_string(),
            label: label.to_string(),
        },
    ))
}

/// Why a piece leaves the board, in a game's word (`about`'s `removal` line, § 4.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovalWord {
    /// The word as `<place>:<why>` writes it (`captured`, `massacred`).
    pub word: String,
    /// The character of `describe`'s cells the place then holds; `None` (`-`): left empty.
    pub leaves: Option<char>,
    /// What a person reads for it (may be several words).
    pub label: String,
}

impl RemovalWord {
    /// The game's removal kind, owned.
    pub fn of(k: &crate::game::RemovalKind) -> RemovalWord {
        RemovalWord {
            word: k.word.to_string(),
            leaves: k.leaves,
            label: k.label.to_string(),
        }
    }
}

impl fmt::Display for RemovalWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "removal {} ", self.word)?;
        match self.leaves {
            Some(c) => write!(f, "{c}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {}", self.label)
    }
}

/// `SP word SP (char | "-") SP label-words` (after "removal")
pub(super) fn removal_word(i: &str) -> Res<'_, RemovalWord> {
    const LEAVES: &str = "one character or -";
    let (r, word) = arg("a word").parse(i)?;
    let (r2, c) = arg(LEAVES).parse(r)?;
    let mut chars = c.chars();
    let leaves = match (chars.next(), chars.next()) {
        (Some('-'), None) => None,
        (Some(ch), None) => Some(ch),
        _ => return fail(r, LEAVES),
    };
    let (r3, label) = text("a label").parse(r2)?;
    Ok((
        r3,
        RemovalWord {
            word: word.to_string(),
            leaves,
            label: label.to_string(),
        },
    ))
}

/// What a `help` line of `about` explains (§ 4.12), in the game's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelpTopic {
    /// A phase of the turn as `describe`'s `phase` field names it; with `while_set`, only while
    /// that `describe` field says something (not `-` or `0`): `phase move+moving`.
    Phase {
        phase: String,
        while_set: Option<String>,
    },
    /// A step that names no place: `step endgroup`.
    Step(String),
    /// A kind of removal: `removal massacred`.
    Removal(String),
}

/// The rules in plain words on one topic (`about`'s `help` line, § 4.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine {
    pub topic: HelpTopic,
    /// The sentences, as a person reads them (to the end of the line).
    pub text: String,
}

impl HelpLine {
    /// The game's help, owned.
    pub fn of(h: &crate::game::Help) -> HelpLine {
        use crate::game::Topic;
        let topic = match h.topic {
            Topic::Phase { phase, while_set } => HelpTopic::Phase {
                phase: phase.to_string(),
                while_set: while_set.map(str::to_string),
            },
            Topic::Step(w) => HelpTopic::Step(w.word.to_string()),
            Topic::Removal(k) => HelpTopic::Removal(k.word.to_string()),
        };
        HelpLine {
            topic,
            text: h.text.to_string(),
        }
    }
}

impl fmt::Display for HelpLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("help ")?;
        match &self.topic {
            HelpTopic::Phase { phase, while_set } => {
                write!(f, "phase {phase}")?;
                if let Some(field) = while_set {
                    write!(f, "+{field}")?;
                }
            }
            HelpTopic::Step(w) => write!(f, "step {w}")?,
            HelpTopic::Removal(w) => write!(f, "removal {w}")?,
        }
        write!(f, " {}", self.text)
    }
}

/// `SP ("phase" SP word ["+" field] | "step" SP word | "removal" SP word) SP text`
/// (after "help")
pub(super) fn help_line(i: &str) -> Res<'_, HelpLine> {
    const KIND: &str = "phase, step or removal";
    let (r, kind) = arg(KIND).parse(i)?;
    let (r2, w) = arg("a word").parse(r)?;
    let topic = match kind {
        "phase" => match w.split_once('+') {
            None => HelpTopic::Phase {
                phase: w.to_string(),
                while_set: None,
            },
            Some((p, field)) if !p.is_empty() && !field.is_empty() && !field.contains('+') => {
                HelpTopic::Phase {
                    phase: p.to_string(),
                    while_set: Some(field.to_string()),
                }
            }
            _ => return fail(r, "a phase <phase> or <phase>+<field>"),
        },
        "step" => HelpTopic::Step(w.to_string()),
        "removal" => HelpTopic::Removal(w.to_string()),
        _ => return fail(i, KIND),
    };
    let (r3, text) = text("a sentence").parse(r2)?;
    Ok((
        r3,
        HelpLine {
            topic,
            text: text.to_string(),
        },
    ))
}
