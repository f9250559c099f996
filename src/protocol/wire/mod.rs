//! The protocol's words and lines: the one place that turns values into protocol text and
//! protocol words back into values (protocol.md § 1–4). Every line the engine writes is made
//! here; the command loop (`session.rs`) only chooses which.
//!
//! * this file — the shared words (sides, results, removals), quoting and the error line;
//! * [`answers`] — what a step, a turn or an undo did, `legal`, `history`, `query`;
//! * [`views`] — `show`, `describe`, `geometry`;
//! * [`search`] — `info`, `bestmove`, perft's and bench's lines;
//! * [`handshake`] — `ugi`, the `option` lines, `setoption`'s errors, `readyok`, `help`;
//! * [`refusal`] — a refused input's one shape (`expected … but got '…'`), read and written.
//!
//! The typed codec (`codec/`) stands on these words, and the programs that speak the
//! protocol from the other side — the arena, its fault engine, the web GUI's server — read and
//! write whole lines through the codec, so a word is spelt in one place.

mod answers;
mod handshake;
mod refusal;
mod search;
mod views;

pub use answers::*;
pub use handshake::*;
pub use search::*;
pub use views::*;

use std::fmt::{self, Display};

use super::parse::{Command, CommandError};
use crate::engine::EngineError;
use crate::game::{GameError, Outcome, Removal, Side};

/// The protocol's word for a side: `p1` (moves first) or `p2`.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::P1 => "p1",
        Side::P2 => "p2",
    }
}

/// The side a protocol word names (`p1`, `p2`), `None` for any other word.
pub fn parse_side(word: &str) -> Option<Side> {
    Side::ALL.into_iter().find(|&s| side_word(s) == word)
}

/// The protocol's word for a game's result (`query result`, `describe`'s `result`): `p1win`,
/// `p2win`, `draw`, or `none` while the game goes on.
pub fn result_word(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "none",
        Some(Outcome::Win(Side::P1)) => "p1win",
        Some(Outcome::Win(Side::P2)) => "p2win",
        Some(Outcome::Draw) => "draw",
    }
}

/// The result a protocol word names: `Some(None)` for `none`, `None` for a word that is no
/// result.
pub fn parse_result(word: &str) -> Option<Option<Outcome>> {
    [
        None,
        Some(Outcome::Win(Side::P1)),
        Some(Outcome::Win(Side::P2)),
        Some(Outcome::Draw),
    ]
    .into_iter()
    .find(|&o| result_word(o) == word)
}

/// One removal as the protocol writes it: `<place>:<why>` (`D4:captured`), `<why>` the game's
/// own word (protocol.md § 4.3, § 4.12).
pub fn removal_item(r: &Removal) -> String {
    format!("{}:{}", r.place, r.kind.word)
}

/// The body of an error line for text a game refused: `expected <what> but got '<text>'`,
/// with the reason after it.
impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Syntax { expected, got } => Refusal::new(expected, got),
            GameError::Illegal { got, reason } => Refusal::new("a legal move", got).because(reason),
            GameError::BadPosition { got, reason } => {
                Refusal::new("a valid position", got).because(reason)
            }
        }
        .fmt(f)
    }
}

pub use refusal::{clip_reason, NotARefusal, Quoted, Refusal, QUOTED_MAX, REASON_MAX};

/// The longest error line, in bytes, after `info string error: ` (then cut and marked `…`): a
/// bound that no message of the engine reaches, kept so that no line can be long.
pub const ERROR_LINE_MAX: usize = 1000;
use refusal::CUT_MARK;

/// `text` as an error line quotes it: `'<text>'` when it has at most [`QUOTED_MAX`]
/// characters, else `'<its first QUOTED_MAX characters>…' (<n> bytes)`, `n` its length.
pub fn quote(text: &str) -> String {
    Quoted::of(text).to_string()
}

/// The quote of a piece of input of `len` bytes of which only its start `head` is kept.
pub fn quote_cut(head: &str, len: usize) -> String {
    Quoted::cut(head, len).to_string()
}

/// The reason given for a position string of `game` sent while another game is played.
pub fn other_game_position(game: crate::GameKind) -> String {
    format!(
        "this looks like a {} position: setoption name Game value {}",
        game.title(),
        game.name()
    )
}

/// The error text of an input line longer than `max` bytes (protocol.md § 1): its first
/// characters `head` quoted, with its length `len`.
pub fn too_long_text(max: usize, head: &str, len: usize) -> String {
    Refusal::quoting(
        format!("a line of at most {max} bytes"),
        Quoted::cut(head, len),
    )
    .to_string()
}

/// The error text of a command sent to a game's session that is no game command (the command
/// loop answers those itself, so this names a mistake of the loop, never of the client).
pub fn not_a_game_command_text(cmd: &Command) -> String {
    Refusal::new("a game command", &cmd.to_string()).to_string()
}

/// Why a line is not a command: `expected <expected> but got '<got>'`.
impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Refusal::new(&self.expected, &self.got).fmt(f)
    }
}

/// `true` or `false`, as `query` answers and `describe` fields write them.
pub fn bool_word(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

/// The error line (protocol.md § 1): `info string error: <msg>`, plus ` in '<line>'` when the
/// message neither quotes the whole line already nor quotes a piece of input cut short (so
/// that long input is quoted once). Always exactly one line, the line quoted as [`quote`] does,
/// and the whole at most [`ERROR_LINE_MAX`] bytes after its first words.
pub fn error_line(msg: impl Display, line: &str) -> String {
    let mut msg = msg.to_string().replace(['\n', '\r'], " ");
    let quoted = quote(line);
    if !line.is_empty() && !msg.contains(&quoted) && !msg.contains(CUT_MARK) {
        msg.push_str(" in ");
        msg.push_str(&quoted);
    }
    if msg.len() > ERROR_LINE_MAX {
        let mut cut = ERROR_LINE_MAX;
        while !msg.is_char_boundary(cut) {
            cut -= 1;
        }
        msg.truncate(cut);
        msg.push('…');
    }
    format!("info string error: {msg}")
}

/// The `position` command that sets up `start` (`startpos` or a position string) and plays
/// `moves` (protocol.md § 3.5), as a GUI or an arena sends it.
pub fn position_line(start: &str, moves: &[String]) -> String {
    let mut line = if start == "startpos" {
        "position startpos".to_string()
    } else {
        format!("position fen {start}")
    };
    if !moves.is_empty() {
        line.push_str(" moves");
        for m in moves {
            line.push(' ');
            line.push_str(m);
        }
    }
    line
}

/// The body of an error line for what the engine could not do; `command` is the command as
/// the error quotes it (`go`, `perft 3`).
pub fn engine_error_text(e: &EngineError, command: &str) -> String {
    match e {
        EngineError::Game(g) => return g.to_string(),
        EngineError::GameOver => Refusal::new("a game in progress", command),
        EngineError::MidTurn => Refusal::new(
            "a position at the start of a turn (finish or undo the turn)",
            command,
        ),
        EngineError::NoThread(why) => Refusal::new("a search thread", why),
        EngineError::NotPondering => Refusal::new("a search started by 'go ponder'", command),
    }
    .to_string()
}

/// `<word>[ <status>] <n> <item> …`: a counted list on one line (`legal`, `history`).
pub fn counted_list(word: &str, status: &str, items: &[String]) -> String {
    let mut s = String::from(word);
    if !status.is_empty() {
        s.push(' ');
        s.push_str(status);
    }
    s.push_str(&format!(" {}", items.len()));
    for i in items {
        s.push(' ');
        s.push_str(i);
    }
    s
}

#[cfg(test)]
mod tests;
