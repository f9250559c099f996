//! The command grammar: text → [`Command`] (nom, crate-internal) and [`Command`] → text
//! (`Display`). protocol.md § Grammar holds the whole grammar; each parser below quotes its rule.
//!
//! A line reaches the parser already cleaned by [`clean_line`] (the one place where input is
//! cleaned): no control characters, every whitespace character turned into a plain space, no
//! leading or trailing space, never empty. Tokens are separated by one or more spaces.
//!
//! Every command is `preceded(keyword, cut(arguments))` inside one `alt`: a plain nom error means
//! "no command starts this line" (unknown command), a `cut` failure means "known command, bad
//! arguments". A keyword ends at a space or at the end of the line, so `ugi` never matches
//! `uginewgame`.

use std::fmt;
use std::str::FromStr;

/// Cleans one raw input line, the single place where input is cleaned: drops a trailing
/// `\n`/`\r`, turns every whitespace character (tabs included) into a space, removes other
/// control characters, trims both ends. `None` for a line left empty (ignored by the loop).
///
/// Makes one copy of the line, allocated once at the raw line's length and trimmed in place,
/// so that a line near the 16 MiB cap is not copied a second time here.
pub fn clean_line(raw: &str) -> Option<String> {
    let mut cleaned = String::with_capacity(raw.len());
    for c in raw.chars() {
        if c.is_whitespace() {
            cleaned.push(' ');
        } else if !c.is_control() {
            cleaned.push(c);
        }
    }
    cleaned.truncate(cleaned.trim_end_matches(' ').len());
    let lead = cleaned.len() - cleaned.trim_start_matches(' ').len();
    cleaned.drain(..lead);
    (!cleaned.is_empty()).then_some(cleaned)
}

/// Where the game starts in a `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the standard start position of the current game and settings.
    StartPos,
    /// `fen <string>`: a position string (may contain single or repeated spaces, never the
    /// token `moves`).
    Fen(String),
}

/// The arguments of `go`. Every limit that is given applies; the first one reached ends the
/// search. A parameter given twice keeps its last value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoArgs {
    pub p1time: Option<u64>,
    pub p2time: Option<u64>,
    pub p1inc: Option<u64>,
    pub p2inc: Option<u64>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    /// `ponder`: search the position given (the reply the engine expects) with no limit until
    /// `ponderhit` turns this into a search under the other limits, or `stop` ends it.
    pub ponder: bool,
    /// `searchmoves <turn> …`: the root restricted to these whole turns (empty: every turn).
    pub searchmoves: Vec<String>,
}

impl GoArgs {
    /// True when no limit at all was given (`go` alone).
    pub fn is_empty(&self) -> bool {
        *self == GoArgs::default()
    }
}

/// What `legal` lists: both lines (bare `legal`), or one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegalWhat {
    Both,
    Steps,
    Turns,
}

/// What `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    GameOver,
    P1Turn,
    Result,
}

/// One protocol command (protocol.md § Commands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Ugi,
    IsReady,
    UgiNewGame,
    Stop,
    /// `ponderhit`: the move a `go ponder` search expected was played; it goes on as a normal
    /// search under that `go`'s limits.
    PonderHit,
    Quit,
    /// `setoption name <name> [value <value>]`; words joined by single spaces.
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(GoArgs),
    Query(Query),
    // ---- extensions ----
    Legal(LegalWhat),
    Play(String),
    /// `expand <move>`: the steps of a whole turn and what they remove, without playing it.
    Expand(String),
    Step(String),
    /// `undo`: the last step mid-turn, the whole last turn at a turn start.
    Undo,
    /// `undo step`: the last chosen step, across the end of a turn.
    UndoStep,
    Show,
    Describe,
    Geometry,
    /// `about`: how a GUI presents the current game to people.
    About,
    History,
    Perft(u32),
    Bench,
    Help,
}

/// Why a line is not a command (its text is written by `wire`): protocol.md's error line is
/// `info string error: expected <expected> but got '<got>'` (plus ` in '<line>'`, added by the
/// loop, when `got` is not the whole line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    pub expected: String,
    pub got: String,
}

impl std::error::Error for CommandError {}

impl FromStr for Command {
    type Err = CommandError;

    /// Parses one line. The line is cleaned first (see [`clean_line`]), so raw input is fine.
    fn from_str(raw: &str) -> Result<Self, CommandError> {
        let Some(line) = clean_line(raw) else {
            return Err(CommandError {
                expected: "a command".into(),
                got: String::new(),
            });
        };
        match command(&line) {
            Ok((_, cmd)) => Ok(cmd),
            Err(nom::Err::Error(_)) => Err(CommandError {
                expected: "a command (type help for the list)".into(),
                got: line.split(' ').next().unwrap_or("").to_string(),
            }),
            Err(nom::Err::Failure(e)) => Err(CommandError {
                expected: e.expected.unwrap_or("valid arguments").to_string(),
                // The token where the parse failed, not the rest of the line.
                got: if e.at.is_empty() {
                    "end of line".to_string()
                } else {
                    e.at.split(' ').next().unwrap_or(e.at).to_string()
                },
            }),
            Err(nom::Err::Incomplete(_)) => Err(CommandError {
                expected: "a complete command".into(),
                got: line.clone(),
            }),
        }
    }
}

impl fmt::Display for Command {
    /// The canonical text of a command: parsing it gives the same command back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Ugi => f.write_str("ugi"),
            Command::IsReady => f.write_str("isready"),
            Command::UgiNewGame => f.write_str("uginewgame"),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                if let Some(v) = value {
                    write!(f, " value {v}")?;
                }
                Ok(())
            }
            Command::Position { start, moves } => {
                f.write_str("position ")?;
                match start {
                    Start::StartPos => f.write_str("startpos")?,
                    Start::Fen(s) => write!(f, "fen {s}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(g) => {
                f.write_str("go")?;
                let nums: [(&str, Option<u64>); 7] = [
                    ("p1time", g.p1time),
                    ("p2time", g.p2time),
                    ("p1inc", g.p1inc),
                    ("p2inc", g.p2inc),
                    ("movetime", g.movetime),
                    ("depth", g.depth.map(u64::from)),
                    ("nodes", g.nodes),
                ];
                for (name, v) in nums {
                    if let Some(v) = v {
                        write!(f, " {name} {v}")?;
                    }
                }
                if g.infinite {
                    f.write_str(" infinite")?;
                }
                if g.ponder {
                    f.write_str(" ponder")?;
                }
                if !g.searchmoves.is_empty() {
                    write!(f, " searchmoves {}", g.searchmoves.join(" "))?;
                }
                Ok(())
            }
            Command::Query(q) => write!(
                f,
                "query {}",
                match q {
                    Query::GameOver => "gameover",
                    Query::P1Turn => "p1turn",
                    Query::Result => "result",
                }
            ),
            Command::Legal(LegalWhat::Both) => f.write_str("legal"),
            Command::Legal(LegalWhat::Steps) => f.write_str("legal steps"),
            Command::Legal(LegalWhat::Turns) => f.write_str("legal turns"),
            Command::Play(m) => write!(f, "play {m}"),
            Command::Expand(m) => write!(f, "expand {m}"),
            Command::Step(s) => write!(f, "step {s}"),
            Command::Undo => f.write_str("undo"),
            Command::UndoStep => f.write_str("undo step"),
            Command::Geometry => f.write_str("geometry"),
            Command::About => f.write_str("about"),
            Command::History => f.write_str("history"),
            Command::Show => f.write_str("show"),
            Command::Describe => f.write_str("describe"),
            Command::Perft(d) => write!(f, "perft {d}"),
            Command::Bench => f.write_str("bench"),
            Command::Help => f.write_str("help"),
        }
    }
}

impl Command {
    /// True for the commands answered beside a running search or perft, which goes on
    /// (protocol.md § 3.10): those that only read the state, and `ponderhit`, which turns a
    /// ponder search into a normal one. Every other command stops it first.
    pub fn runs_beside_a_search(&self) -> bool {
        matches!(
            self,
            Command::IsReady
                | Command::Ugi
                | Command::Help
                | Command::Query(_)
                | Command::Show
                | Command::Describe
                | Command::Legal(_)
                | Command::Geometry
                | Command::About
                | Command::History
                | Command::Expand(_)
                | Command::PonderHit
        )
    }
}

pub(crate) mod grammar;

use grammar::command;

#[cfg(test)]
mod tests;
