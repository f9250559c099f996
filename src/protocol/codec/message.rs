//! [`Message`]: one line the engine writes, parsed and formatted.

use std::fmt;
use std::str::FromStr;

use nom::branch::alt;
use nom::combinator::{cut, map, value};
use nom::sequence::{preceded, terminated};
use nom::Parser;

use super::about::{self, Field, GameWord, HelpLine, Piece, RemovalWord};
use super::answers::{self, listed_word, write_counted, write_undone};
use super::info::{self, BestMove, CurrMove, InfoReport};
use super::lex::{end, expect, fail, kw, run, text, Res};
use super::options::{self, OptionDecl};
use super::views::{self, Describe, GeometryHeader};
use super::{MessageError, Response, SteppedAnswer, TurnAnswer, TurnsListed, Undone, Within};
use crate::game::{GeoPoint, GeoSquare, Outcome, Side};
use crate::protocol::wire;

/// One line the engine writes (protocol.md § 3–4), typed. `Display` writes the engine's one
/// spelling of it, and parsing that text gives the same value back.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    // ---- the handshake (§ 3.1–3.3) ----
    /// `id name <words>`
    IdName(String),
    /// `id author <words>`
    IdAuthor(String),
    /// `option name <name> type …`
    Option(OptionDecl),
    UgiOk,
    ReadyOk,
    // ---- a search (§ 3.6) ----
    /// `info depth …`: one line of a search's report.
    Info(InfoReport),
    /// `info currmove <turn> currmovenumber <k>`
    CurrMove(CurrMove),
    /// `info string <text>`, the text not starting with `error: ` (`info string perft stopped`).
    InfoString(String),
    /// `info string error: <text>`: the one line that answers a refused input (§ 1).
    Error(String),
    /// `bestmove <turn> [ponder <turn>]` or `bestmove none`
    BestMove(BestMove),
    // ---- answers about the game (§ 3.9, § 4.1–4.4, § 4.11) ----
    /// `response <word>`
    Response(Response),
    /// `steps <n> <step> …`: `legal`'s legal next steps.
    Steps(Vec<String>),
    /// `turns complete|partial|midturn <n> <turn> …`: `legal`'s whole turns.
    Turns(TurnsListed, Vec<String>),
    /// `played <turn> steps …`
    Played(TurnAnswer),
    /// `expanded <turn> steps …`
    Expanded(TurnAnswer),
    /// `stepped <step> …`
    Stepped(SteppedAnswer),
    /// `undone step|turn …` or `undone forfeit`
    Undone(Undone),
    /// `start <position string>`: `history`'s first line.
    Start(String),
    /// `history <n> <turn> …`
    History(Vec<String>),
    /// `building <k> <step> …`
    Building(Vec<String>),
    // ---- views (§ 4.5, § 4.6, § 4.10, § 4.12) ----
    /// A line of `show`'s picture, for people (read only [`Within::Show`]).
    Picture(String),
    /// `fen <position string>`: `show`'s position.
    Fen(String),
    /// `steps <step> …` of `show` (read only [`Within::Show`]): the steps of the turn so far.
    ShowSteps(Vec<String>),
    /// `tomove p1|p2`
    ToMove(Side),
    /// `result none|p1win|p2win|draw`: `show`'s last line.
    Result(Option<Outcome>),
    /// `describe …`
    Describe(Describe),
    /// `geometry game …`
    GeometryHeader(GeometryHeader),
    /// `point …`
    Point(GeoPoint),
    /// `square …`
    Square(GeoSquare),
    /// `geometry end`
    GeometryEnd,
    /// `about game <name>`
    About(String),
    /// `title <words>`
    Title(String),
    /// `side p1|p2 <words>`
    SideName(Side, String),
    /// `piece …`
    Piece(Piece),
    /// `options <name> …` or `options -`: the game's own options.
    GameOptions(Vec<String>),
    /// `field …`
    Field(Field),
    /// `reason <word> <label>`: why the game may end, in its word and a person's.
    Reason(GameWord),
    /// `removal <word> <leaves> <label>`: why a piece may leave the board.
    RemovalWord(RemovalWord),
    /// `step <word> <label>`: a step that names no point or square.
    StepWord(GameWord),
    /// `help phase|step|removal <word> <sentences>`: the rules in plain words on one topic.
    HelpLine(HelpLine),
    /// `tour <paragraph>`
    Tour(String),
    /// `about end`
    AboutEnd,
    // ---- perft, bench, help (§ 4.7–4.9) ----
    /// `<turn>: <count>`, one line of perft's divide.
    Divide(String, u64),
    /// `Nodes searched: <n>`
    NodesSearched(u64),
    /// `Nodes/second: <n>`
    NodesPerSecond(u64),
    /// A line of `help`'s text (read only [`Within::Help`]).
    Help(String),
}

/// What `info string` text an error line starts with.
pub const ERROR_PREFIX: &str = "error: ";

impl Message {
    /// The error line (§ 1) that answers `line` with `msg`: ` in '<line>'` is added when the
    /// message neither quotes the whole line nor a piece of input cut short, and the text is
    /// bounded, as the engine writes it.
    pub fn error(msg: impl fmt::Display, line: &str) -> Message {
        let full = wire::error_line(msg, line);
        let prefix = "info string error: ";
        Message::Error(full.strip_prefix(prefix).unwrap_or(&full).to_string())
    }

    /// The error line of an input line longer than `max` bytes, quoting its start `head`.
    pub fn too_long(max: usize, head: &str, len: usize) -> Message {
        Message::Error(wire::too_long_text(max, head, len))
    }

    /// Parses one line read [`Within`] a multi-line answer (or none). A line that is no
    /// message, or a message whose arguments do not fit, is one [`MessageError`].
    pub fn parse_within(line: &str, within: Within) -> Result<Message, MessageError> {
        match within {
            Within::Help => return Ok(Message::Help(line.to_string())),
            Within::Show => {
                if let Some(m) = show_line(line) {
                    return m;
                }
                if line.is_empty() {
                    return Err(MessageError {
                        expected: "a line of the picture".into(),
                        got: "end of line".into(),
                    });
                }
                return Ok(Message::Picture(line.to_string()));
            }
            Within::Lines => {}
        }
        if let Some(rest) = line.strip_prefix("Nodes searched: ") {
            return number(rest).map(Message::NodesSearched);
        }
        if let Some(rest) = line.strip_prefix("Nodes/second: ") {
            return number(rest).map(Message::NodesPerSecond);
        }
        if let Some((turn, n)) = answers::divide(line) {
            return Ok(Message::Divide(turn, n));
        }
        run(
            line,
            "a message (id, option, ugiok, readyok, info, bestmove, response, …)",
            terminated(message, end),
        )
    }
}

/// The number of `Nodes searched:` and `Nodes/second:`.
fn number(text: &str) -> Result<u64, MessageError> {
    crate::game::parse_decimal(text).ok_or_else(|| MessageError {
        expected: "a decimal number (no sign, no leading zero)".into(),
        got: text.to_string(),
    })
}

/// The lines of `show` after its picture: `fen`, `steps`, `tomove`, `result`.
fn show_line(line: &str) -> Option<Result<Message, MessageError>> {
    let word = line.split(' ').next()?;
    let parsed = match word {
        // A search's lines may come in the middle of any answer (§ 3.10).
        "fen" | "tomove" | "result" | "info" | "bestmove" => {
            Message::parse_within(line, Within::Lines)
        }
        "steps" => run(line, "steps", |i| {
            let (r, _) = kw("steps").parse(i)?;
            let (r, items) = super::lex::tokens_until(&[]).parse(r)?;
            let (r, _) = end(r)?;
            if items.is_empty() {
                return fail(r, "a step");
            }
            Ok((
                r,
                Message::ShowSteps(items.into_iter().map(str::to_string).collect()),
            ))
        }),
        _ => return None,
    };
    Some(parsed)
}

impl FromStr for Message {
    type Err = MessageError;

    /// Parses one line outside any multi-line answer of free text (see [`Within`]).
    fn from_str(line: &str) -> Result<Self, MessageError> {
        Message::parse_within(line, Within::Lines)
    }
}

/// `SP ("p1" | "p2")`
fn side(i: &str) -> Res<'_, Side> {
    let (r, w) = super::lex::arg("p1 or p2").parse(i)?;
    match wire::parse_side(w) {
        Some(s) => Ok((r, s)),
        None => fail(i, "p1 or p2"),
    }
}

/// `SP result-word` (`none` included)
fn result(i: &str) -> Res<'_, Option<Outcome>> {
    const WHAT: &str = "none, p1win, p2win or draw";
    let (r, w) = super::lex::arg(WHAT).parse(i)?;
    match wire::parse_result(w) {
        Some(o) => Ok((r, o)),
        None => fail(i, WHAT),
    }
}

/// `SP text` as an owned string.
fn owned<'a>(
    what: &'static str,
) -> impl Parser<&'a str, Output = String, Error = super::lex::Miss<'a>> {
    map(text(what), str::to_string)
}

/// Every message keyword and its arguments to the end of the line, one `alt` (a plain error:
/// no message starts the line; a failure: a known message with bad arguments).
fn message(i: &str) -> Res<'_, Message> {
    fn after<'a, O>(
        word: &'static str,
        p: impl Parser<&'a str, Output = O, Error = super::lex::Miss<'a>>,
    ) -> impl Parser<&'a str, Output = O, Error = super::lex::Miss<'a>> {
        preceded(kw(word), cut(terminated(p, end)))
    }
    alt((
        alt((
            after(
                "id",
                alt((
                    preceded(
                        super::lex::word("name"),
                        map(owned("a name"), Message::IdName),
                    ),
                    preceded(
                        super::lex::word("author"),
                        map(owned("an author"), Message::IdAuthor),
                    ),
                ))
                .or(|i| fail(i, "name or author")),
            ),
            after("option", map(options::option, Message::Option)),
            after("ugiok", |i| Ok((i, Message::UgiOk))),
            after("readyok", |i| Ok((i, Message::ReadyOk))),
            after("info", info_line),
            after("bestmove", map(info::bestmove, Message::BestMove)),
            after("response", map(answers::response, Message::Response)),
            after("steps", map(answers::counted_items, Message::Steps)),
            after("turns", map(answers::turns, |(l, t)| Message::Turns(l, t))),
            after("played", map(answers::turn_answer, Message::Played)),
            after("expanded", map(answers::turn_answer, Message::Expanded)),
            after("stepped", map(answers::stepped, Message::Stepped)),
            after("undone", map(answers::undone, Message::Undone)),
        )),
        alt((
            after("start", map(owned("a position string"), Message::Start)),
            after("history", map(answers::counted_items, Message::History)),
            after("building", map(answers::counted_items, Message::Building)),
            after("fen", map(owned("a position string"), Message::Fen)),
            after("tomove", map(side, Message::ToMove)),
            after("result", map(result, Message::Result)),
            after("describe", map(views::describe, Message::Describe)),
            after(
                "geometry",
                map(views::geometry, |h| match h {
                    Some(h) => Message::GeometryHeader(h),
                    None => Message::GeometryEnd,
                }),
            ),
            after("point", map(views::point, Message::Point)),
            after("square", map(views::square, Message::Square)),
            after("about", about),
            after("title", map(owned("a title"), Message::Title)),
            after(
                "side",
                map((side, owned("a name")), |(s, n)| Message::SideName(s, n)),
            ),
            after("piece", map(about::piece, Message::Piece)),
            after("options", game_options),
            after("field", map(about::field, Message::Field)),
            after("reason", map(about::game_word, Message::Reason)),
            after("removal", map(about::removal_word, Message::RemovalWord)),
            after("step", map(about::game_word, Message::StepWord)),
            after("help", map(about::help_line, Message::HelpLine)),
            after("tour", map(owned("a paragraph"), Message::Tour)),
        )),
    ))
    .parse(i)
}

/// `SP ("game" SP name | "end")` (after "about")
fn about(i: &str) -> Res<'_, Message> {
    let r = alt((
        map(
            preceded(
                super::lex::word("game"),
                cut(super::lex::arg("a game name")),
            ),
            |g| Message::About(g.to_string()),
        ),
        value(Message::AboutEnd, super::lex::word("end")),
    ))
    .parse(i);
    super::lex::or_fail(r, i, "game or end")
}

/// `SP ("-" | name *(SP name))` (after "options")
fn game_options(i: &str) -> Res<'_, Message> {
    let (r, names) = super::lex::tokens_until(&[]).parse(i)?;
    match names.as_slice() {
        [] => fail(r, "option names or -"),
        ["-"] => Ok((r, Message::GameOptions(Vec::new()))),
        _ if names.contains(&"-") => fail(i, "option names or -"),
        _ => Ok((
            r,
            Message::GameOptions(names.into_iter().map(str::to_string).collect()),
        )),
    }
}

/// `SP ("depth" … | "currmove" … | "string" SP text)` (after "info")
fn info_line(i: &str) -> Res<'_, Message> {
    if let Some(rest) = i.strip_prefix(" string") {
        let (r, t) = text("a text").parse(rest)?;
        return Ok((
            r,
            match t.strip_prefix(ERROR_PREFIX) {
                Some(e) if !e.is_empty() => Message::Error(e.to_string()),
                Some(_) => return fail(rest, "an error's text"),
                None => Message::InfoString(t.to_string()),
            },
        ));
    }
    if let Some(rest) = i.strip_prefix(" currmove") {
        return map(info::currmove, Message::CurrMove).parse(rest);
    }
    expect(
        "depth, currmove or string",
        map(info::report, Message::Info),
    )
    .parse(i)
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::IdName(n) => write!(f, "id name {n}"),
            Message::IdAuthor(a) => write!(f, "id author {a}"),
            Message::Option(o) => o.fmt(f),
            Message::UgiOk => f.write_str("ugiok"),
            Message::ReadyOk => f.write_str(wire::READYOK),
            Message::Info(r) => r.fmt(f),
            Message::CurrMove(c) => c.fmt(f),
            Message::InfoString(t) => write!(f, "info string {t}"),
            Message::Error(t) => write!(f, "info string {ERROR_PREFIX}{t}"),
            Message::BestMove(b) => b.fmt(f),
            Message::Response(r) => r.fmt(f),
            Message::Steps(s) => write_counted(f, "steps", None, s),
            Message::Turns(l, t) => write_counted(f, "turns", Some(listed_word(*l)), t),
            Message::Played(p) => p.write(f, "played"),
            Message::Expanded(p) => p.write(f, "expanded"),
            Message::Stepped(s) => s.fmt(f),
            Message::Undone(u) => write_undone(f, u),
            Message::Start(s) => write!(f, "start {s}"),
            Message::History(t) => write_counted(f, "history", None, t),
            Message::Building(s) => write_counted(f, "building", None, s),
            Message::Picture(l) => f.write_str(l),
            Message::Fen(s) => write!(f, "fen {s}"),
            Message::ShowSteps(s) => write!(f, "steps {}", s.join(" ")),
            Message::ToMove(s) => write!(f, "tomove {}", wire::side_word(*s)),
            Message::Result(r) => write!(f, "result {}", wire::result_word(*r)),
            Message::Describe(d) => d.fmt(f),
            Message::GeometryHeader(h) => h.fmt(f),
            Message::Point(p) => views::write_point(f, p),
            Message::Square(q) => views::write_square(f, q),
            Message::GeometryEnd => f.write_str("geometry end"),
            Message::About(g) => write!(f, "about game {g}"),
            Message::Title(t) => write!(f, "title {t}"),
            Message::SideName(s, n) => write!(f, "side {} {n}", wire::side_word(*s)),
            Message::Piece(p) => p.fmt(f),
            Message::GameOptions(o) if o.is_empty() => f.write_str("options -"),
            Message::GameOptions(o) => write!(f, "options {}", o.join(" ")),
            Message::Field(x) => x.fmt(f),
            Message::Reason(w) => w.write(f, "reason"),
            Message::RemovalWord(w) => w.fmt(f),
            Message::StepWord(w) => w.write(f, "step"),
            Message::HelpLine(h) => h.fmt(f),
            Message::Tour(t) => write!(f, "tour {t}"),
            Message::AboutEnd => f.write_str("about end"),
            Message::Divide(t, n) => write!(f, "{t}: {n}"),
            Message::NodesSearched(n) => write!(f, "Nodes searched: {n}"),
            Message::NodesPerSecond(n) => write!(f, "Nodes/second: {n}"),
            Message::Help(l) => f.write_str(l),
        }
    }
}
