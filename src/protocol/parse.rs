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

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{cut, eof, map, opt, peek, value, verify};
use nom::error::{ErrorKind, ParseError};
use nom::multi::many0;
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

/// Cleans one raw input line, the single place where input is cleaned: drops a trailing
/// `\n`/`\r`, turns every whitespace character (tabs included) into a space, removes other
/// control characters, trims both ends. `None` for a line left empty (ignored by the loop).
pub fn clean_line(raw: &str) -> Option<String> {
    let cleaned: String = raw
        .chars()
        .filter_map(|c| {
            if c.is_whitespace() {
                Some(' ')
            } else if c.is_control() {
                None
            } else {
                Some(c)
            }
        })
        .collect();
    let trimmed = cleaned.trim_matches(' ');
    (!trimmed.is_empty()).then(|| trimmed.to_string())
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
    Step(String),
    /// `undo`: the last step mid-turn, the whole last turn at a turn start.
    Undo,
    /// `undo step`: the last chosen step, across the end of a turn.
    UndoStep,
    Show,
    Describe,
    Geometry,
    History,
    Perft(u32),
    Bench,
    Help,
}

/// Why a line is not a command: protocol.md's error line is
/// `info string error: expected <expected> but got '<got>'` (plus ` in '<line>'`, added by the
/// loop, when `got` is not the whole line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    pub expected: String,
    pub got: String,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} but got '{}'", self.expected, self.got)
    }
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
                got: if e.at.is_empty() {
                    "end of line".to_string()
                } else {
                    e.at.to_string()
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
            Command::Step(s) => write!(f, "step {s}"),
            Command::Undo => f.write_str("undo"),
            Command::UndoStep => f.write_str("undo step"),
            Command::Geometry => f.write_str("geometry"),
            Command::History => f.write_str("history"),
            Command::Show => f.write_str("show"),
            Command::Describe => f.write_str("describe"),
            Command::Perft(d) => write!(f, "perft {d}"),
            Command::Bench => f.write_str("bench"),
            Command::Help => f.write_str("help"),
        }
    }
}

// ---- nom internals -------------------------------------------------------------------------

/// A parse error: where it happened and, once known, what the grammar expected there.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PErr<'a> {
    at: &'a str,
    expected: Option<&'static str>,
}

impl<'a> ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        PErr {
            at: input,
            expected: None,
        }
    }
    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, O> = IResult<&'a str, O, PErr<'a>>;

/// Names what `p` expects: an error from `p` that does not say yet what was expected says
/// `what` (the innermost `expect` wins), and points at the token where `p` started.
fn expect<'a, O>(
    what: &'static str,
    mut p: impl Parser<&'a str, Output = O, Error = PErr<'a>>,
) -> impl Parser<&'a str, Output = O, Error = PErr<'a>> {
    move |i: &'a str| {
        let fix = |e: PErr<'a>| {
            if e.expected.is_some() {
                e
            } else {
                PErr {
                    at: i.trim_start_matches(' '),
                    expected: Some(what),
                }
            }
        };
        p.parse(i).map_err(|err| match err {
            nom::Err::Error(e) => nom::Err::Error(fix(e)),
            nom::Err::Failure(e) => nom::Err::Failure(fix(e)),
            other => other,
        })
    }
}

/// `keyword = <the word> followed by " " or end of line`
fn kw<'a>(word: &'static str) -> impl Parser<&'a str, Output = &'a str, Error = PErr<'a>> {
    terminated(tag(word), peek(alt((space1, eof))))
}

/// `token = 1*<any character but space>`
fn token(i: &str) -> Res<'_, &str> {
    take_till1(|c| c == ' ')(i)
}

/// `end = *" " <end of line>`
fn end(i: &str) -> Res<'_, ()> {
    expect("end of line", value((), (space0, eof))).parse(i)
}

/// `end`, but the error names what else could have come there.
fn end_or<'a>(what: &'static str) -> impl Parser<&'a str, Output = (), Error = PErr<'a>> {
    expect(what, value((), (space0, eof)))
}

/// `uint = 1*DIGIT` (fits in 64 bits)
fn uint(i: &str) -> Res<'_, u64> {
    let (rest_i, digits) = expect("a number", digit1).parse(i)?;
    match crate::game::parse_decimal(digits) {
        Some(n) if rest_i.is_empty() || rest_i.starts_with(' ') => Ok((rest_i, n)),
        _ => Err(nom::Err::Error(PErr {
            at: i,
            expected: Some(
                "a decimal number from 0 to 18446744073709551615 (no sign, no leading zero)",
            ),
        })),
    }
}

/// `uint32 = 1*DIGIT` (fits in 32 bits)
fn uint32(i: &str) -> Res<'_, u32> {
    let (rest_i, n) = uint(i)?;
    match u32::try_from(n) {
        Ok(n) => Ok((rest_i, n)),
        Err(_) => Err(nom::Err::Error(PErr {
            at: i,
            expected: Some("a decimal number from 0 to 4294967295 (no sign, no leading zero)"),
        })),
    }
}

/// `sp-arg<x> = 1*" " x` — one argument after its separating spaces.
fn arg<'a, O>(
    what: &'static str,
    p: impl Parser<&'a str, Output = O, Error = PErr<'a>>,
) -> impl Parser<&'a str, Output = O, Error = PErr<'a>> {
    expect(what, preceded(space1, p))
}

/// `no-args = end` — for the commands without arguments.
fn no_args<'a>(
    word: &'static str,
    cmd: Command,
) -> impl Parser<&'a str, Output = Command, Error = PErr<'a>> {
    map(preceded(kw(word), cut(end)), move |_| cmd.clone())
}

/// `setoption = "setoption" 1*" " "name" 1*" " name-words [1*" " "value" 1*" " value-words]`
/// where `name-words` are tokens up to the token `value` and `value-words` is the rest.
fn setoption(i: &str) -> Res<'_, Command> {
    let args = |i| {
        let (i, _) = arg("name", kw("name")).parse(i)?;
        let (i, name) = many0(preceded(space1, verify(token, |t: &str| t != "value"))).parse(i)?;
        if name.is_empty() {
            return Err(nom::Err::Failure(PErr {
                at: i.trim_start_matches(' '),
                expected: Some("an option name"),
            }));
        }
        let (i, value) = opt(preceded(
            (space1, kw("value")),
            many0(preceded(space1, token)),
        ))
        .parse(i)?;
        let (i, _) = end(i)?;
        if matches!(&value, Some(v) if v.is_empty()) {
            return Err(nom::Err::Failure(PErr {
                at: "",
                expected: Some("an option value"),
            }));
        }
        Ok((
            i,
            Command::SetOption {
                name: name.join(" "),
                value: value.map(|v| v.join(" ")),
            },
        ))
    };
    preceded(kw("setoption"), cut(args)).parse(i)
}

/// `position = "position" 1*" " ("startpos" | "fen" 1*" " position-string)
///              [1*" " "moves" *(1*" " move)]`
/// where `position-string` is everything up to the token `moves` (or the end), spaces included.
fn position(i: &str) -> Res<'_, Command> {
    fn args(i: &str) -> Res<'_, Command> {
        let (i, start) = arg(
            "startpos or fen",
            alt((value(None, kw("startpos")), map(kw("fen"), |_| Some(())))),
        )
        .parse(i)?;
        let (i, start) = match start {
            None => (i, Start::StartPos),
            Some(()) => {
                // Everything up to the token `moves` is the position string.
                let body = i.trim_start_matches(' ');
                let mut cut_at = body.len();
                let mut offset = 0;
                for tok in body.split(' ') {
                    if tok == "moves" {
                        cut_at = offset;
                        break;
                    }
                    offset += tok.len() + 1;
                }
                let fen = body[..cut_at.min(body.len())].trim_matches(' ');
                if fen.is_empty() || !i.starts_with(' ') {
                    return Err(nom::Err::Failure(PErr {
                        at: body,
                        expected: Some("a position string after fen"),
                    }));
                }
                (&body[cut_at.min(body.len())..], Start::Fen(fen.to_string()))
            }
        };
        let (i, moves) = opt(preceded(
            (space0, kw("moves")),
            many0(preceded(space1, token)),
        ))
        .parse(i)?;
        let (i, _) = end_or("moves or end of line").parse(i)?;
        let moves = moves
            .unwrap_or_default()
            .into_iter()
            .map(str::to_string)
            .collect();
        Ok((i, Command::Position { start, moves }))
    }
    preceded(kw("position"), cut(args)).parse(i)
}

/// `go = "go" *(1*" " go-param)`
/// `go-param = ("p1time" | "p2time" | "p1inc" | "p2inc" | "movetime" | "nodes") 1*" " uint
///           | "depth" 1*" " uint32 | "infinite"`
fn go(i: &str) -> Res<'_, Command> {
    #[derive(Clone, Copy)]
    enum P {
        Num(&'static str, u64),
        Depth(u32),
        Infinite,
    }
    fn num<'a>(name: &'static str) -> impl Parser<&'a str, Output = P, Error = PErr<'a>> {
        map(preceded(kw(name), cut(arg("a number", uint))), move |n| {
            P::Num(name, n)
        })
    }
    fn param(i: &str) -> Res<'_, P> {
        alt((
            num("p1time"),
            num("p2time"),
            num("p1inc"),
            num("p2inc"),
            num("movetime"),
            num("nodes"),
            map(
                preceded(kw("depth"), cut(arg("a number", uint32))),
                P::Depth,
            ),
            value(P::Infinite, kw("infinite")),
        ))
        .parse(i)
    }
    let args = |i| {
        let (i, params) = many0(preceded(space1, param)).parse(i)?;
        let (i, _) =
            end_or("p1time, p2time, p1inc, p2inc, movetime, depth, nodes, infinite or end of line")
                .parse(i)?;
        let mut g = GoArgs::default();
        for p in params {
            match p {
                P::Num("p1time", n) => g.p1time = Some(n),
                P::Num("p2time", n) => g.p2time = Some(n),
                P::Num("p1inc", n) => g.p1inc = Some(n),
                P::Num("p2inc", n) => g.p2inc = Some(n),
                P::Num("movetime", n) => g.movetime = Some(n),
                P::Num(_, n) => g.nodes = Some(n),
                P::Depth(d) => g.depth = Some(d),
                P::Infinite => g.infinite = true,
            }
        }
        Ok((i, Command::Go(g)))
    };
    preceded(kw("go"), cut(args)).parse(i)
}

/// `query = "query" 1*" " ("gameover" | "p1turn" | "result")`
fn query(i: &str) -> Res<'_, Command> {
    let what = arg(
        "gameover, p1turn or result",
        alt((
            value(Query::GameOver, kw("gameover")),
            value(Query::P1Turn, kw("p1turn")),
            value(Query::Result, kw("result")),
        )),
    );
    map(
        preceded(kw("query"), cut(terminated(what, end))),
        Command::Query,
    )
    .parse(i)
}

/// `play = "play" 1*" " move` and `step = "step" 1*" " step-text` (one token each)
fn play_or_step(i: &str) -> Res<'_, Command> {
    alt((
        map(
            preceded(kw("play"), cut(terminated(arg("a move", token), end))),
            |m: &str| Command::Play(m.to_string()),
        ),
        map(
            preceded(kw("step"), cut(terminated(arg("a step", token), end))),
            |s: &str| Command::Step(s.to_string()),
        ),
    ))
    .parse(i)
}

/// `legal = "legal" [1*" " ("steps" | "turns")]`
fn legal(i: &str) -> Res<'_, Command> {
    let what = opt(arg(
        "steps, turns or end of line",
        alt((
            value(LegalWhat::Steps, kw("steps")),
            value(LegalWhat::Turns, kw("turns")),
        )),
    ));
    map(
        preceded(
            kw("legal"),
            cut(terminated(what, end_or("steps, turns or end of line"))),
        ),
        |w| Command::Legal(w.unwrap_or(LegalWhat::Both)),
    )
    .parse(i)
}

/// `undo = "undo" [1*" " "step"]`
fn undo(i: &str) -> Res<'_, Command> {
    map(
        preceded(
            kw("undo"),
            cut(terminated(
                opt(preceded(space1, kw("step"))),
                end_or("step or end of line"),
            )),
        ),
        |s| match s {
            Some(_) => Command::UndoStep,
            None => Command::Undo,
        },
    )
    .parse(i)
}

/// `perft = "perft" 1*" " uint32`
fn perft(i: &str) -> Res<'_, Command> {
    map(
        preceded(kw("perft"), cut(terminated(arg("a depth", uint32), end))),
        Command::Perft,
    )
    .parse(i)
}

/// `command = "ugi" | "isready" | "uginewgame" | "stop" | "quit" | setoption | position | go
///          | query | legal | play | step | undo | "show" | "describe" | "geometry"
///          | "history" | perft | "bench" | "help"`
pub(crate) fn command(i: &str) -> Res<'_, Command> {
    alt((
        alt((
            no_args("ugi", Command::Ugi),
            no_args("isready", Command::IsReady),
            no_args("uginewgame", Command::UgiNewGame),
            no_args("stop", Command::Stop),
            no_args("quit", Command::Quit),
            setoption,
            position,
            go,
            query,
        )),
        alt((
            legal,
            play_or_step,
            undo,
            no_args("show", Command::Show),
            no_args("describe", Command::Describe),
            no_args("geometry", Command::Geometry),
            no_args("history", Command::History),
            perft,
            no_args("bench", Command::Bench),
            no_args("help", Command::Help),
        )),
    ))
    .parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Command, CommandError> {
        s.parse()
    }

    #[test]
    fn keywords_end_at_a_space() {
        assert_eq!(p("ugi"), Ok(Command::Ugi));
        assert_eq!(p("uginewgame"), Ok(Command::UgiNewGame));
        assert_eq!(p("ugix").unwrap_err().got, "ugix");
        assert_eq!(
            p("ugi extra").unwrap_err(),
            CommandError {
                expected: "end of line".into(),
                got: "extra".into()
            }
        );
    }

    #[test]
    fn unknown_command_and_bad_arguments_differ() {
        let unknown = p("frobnicate 3").unwrap_err();
        assert!(unknown.expected.starts_with("a command"), "{unknown}");
        assert_eq!(unknown.got, "frobnicate");
        let bad = p("perft x").unwrap_err();
        assert_eq!(bad.expected, "a number");
        assert_eq!(bad.got, "x");
        let bad = p("query bogus").unwrap_err();
        assert_eq!(bad.expected, "gameover, p1turn or result");
        assert_eq!(bad.got, "bogus");
        let bad = p("perft").unwrap_err();
        assert_eq!(bad.got, "end of line");
    }

    #[test]
    fn position_string_is_everything_up_to_moves() {
        assert_eq!(
            p("position fen a b  c moves x y"),
            Ok(Command::Position {
                start: Start::Fen("a b  c".into()),
                moves: vec!["x".into(), "y".into()]
            })
        );
        assert_eq!(
            p("position fen xmoves z"),
            Ok(Command::Position {
                start: Start::Fen("xmoves z".into()),
                moves: vec![]
            })
        );
        assert_eq!(
            p("position startpos moves"),
            Ok(Command::Position {
                start: Start::StartPos,
                moves: vec![]
            })
        );
        assert!(p("position fen").is_err());
        assert!(p("position fen moves a").is_err());
        assert!(p("position startpos a1").is_err());
        assert!(p("position").is_err());
        assert!(p("position fenx").is_err());
    }

    #[test]
    fn go_params_in_any_order() {
        let g = p("go p2inc 4 p1time 1 nodes 9 infinite depth 3 p2time 2 p1inc 3 movetime 5");
        assert_eq!(
            g,
            Ok(Command::Go(GoArgs {
                p1time: Some(1),
                p2time: Some(2),
                p1inc: Some(3),
                p2inc: Some(4),
                movetime: Some(5),
                depth: Some(3),
                nodes: Some(9),
                infinite: true
            }))
        );
        assert_eq!(p("go").unwrap(), Command::Go(GoArgs::default()));
        assert!(p("go nodes").is_err());
        assert!(p("go nodes -1").is_err());
        assert!(p("go depth 4294967296").is_err());
        assert!(p("go nodes 99999999999999999999").is_err());
        assert!(p("go fast").is_err());
        assert!(p("go nodes 12x").is_err());
    }

    #[test]
    fn setoption_words() {
        assert_eq!(
            p("setoption name Game value guerrilla"),
            Ok(Command::SetOption {
                name: "Game".into(),
                value: Some("guerrilla".into())
            })
        );
        assert_eq!(
            p("setoption  name  Clear   Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert!(p("setoption name").is_err());
        assert!(p("setoption name value 3").is_err());
        assert!(p("setoption name X value").is_err());
        assert!(p("setoption Game").is_err());
    }

    #[test]
    fn cleaning() {
        assert_eq!(clean_line("  go\tnodes 5\r\n"), Some("go nodes 5".into()));
        assert_eq!(clean_line("\r\n"), None);
        assert_eq!(clean_line("is\u{7}ready"), Some("isready".into()));
        assert_eq!(p("query\tgameover\r"), Ok(Command::Query(Query::GameOver)));
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "ugi",
            "setoption name Game value guerrilla-checkers",
            "position fen a b c moves x y",
            "position startpos",
            "go p1time 1 p2time 2 p1inc 3 p2inc 4",
            "go movetime 5 infinite",
            "query result",
            "play c3-d4",
            "perft 3",
        ] {
            let c = p(s).unwrap();
            assert_eq!(c.to_string(), s);
            assert_eq!(p(&c.to_string()), Ok(c));
        }
    }
}
