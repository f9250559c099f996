//! The nom parsers of the command grammar, crate-internal: each quotes the rule of protocol.md
//! § 2 it implements. [`command`] parses one cleaned line.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{space0, space1};
use nom::combinator::{cut, eof, map, opt, peek, value, verify};
use nom::error::{ErrorKind, ParseError};
use nom::multi::{many0, many_m_n};
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

use super::*;

/// A parse error: where it happened and, once known, what the grammar expected there.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PErr<'a> {
    pub(crate) at: &'a str,
    pub(crate) expected: Option<&'static str>,
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

pub(crate) type Res<'a, O> = IResult<&'a str, O, PErr<'a>>;

/// Names what `p` expects: an error from `p` that does not say yet what was expected says
/// `what` (the innermost `expect` wins), and points at the token where `p` started. The
/// message grammar (`codec/lex.rs`) names its expectations with it too.
pub(crate) fn expect<'a, O>(
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
pub(crate) fn token(i: &str) -> Res<'_, &str> {
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

/// What a `uint` must be (protocol.md § 2).
const UINT: &str = "a decimal number from 0 to 18446744073709551615 (no sign, no leading zero)";
/// What a `uint32` must be.
const UINT32: &str = "a decimal number from 0 to 4294967295 (no sign, no leading zero)";

/// A strict decimal number from 0 to `max` (protocol.md § 2): one token, and every token that
/// is not such a number — letters, a sign, a leading zero, too large — is the same error,
/// `expected <what> but got '<token>'`.
fn number<'a>(
    max: u64,
    what: &'static str,
) -> impl Parser<&'a str, Output = u64, Error = PErr<'a>> {
    move |i: &'a str| {
        let bad = || {
            nom::Err::Error(PErr {
                at: i,
                expected: Some(what),
            })
        };
        let (rest, tok) = token(i).map_err(|_| bad())?;
        match crate::game::parse_decimal(tok) {
            Some(n) if n <= max => Ok((rest, n)),
            _ => Err(bad()),
        }
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
        let (i, moves) = opt(preceded((space0, kw("moves")), rest_of_line)).parse(i)?;
        let (i, _) = end_or("moves or end of line").parse(i)?;
        // Every token is a move, but none past the longest game is ever played (the game is
        // over by then, and the first move that finds it over is an error): they are not
        // kept, so that a line of millions of tokens costs no more than its own bytes.
        let moves = moves
            .unwrap_or_default()
            .split(' ')
            .filter(|t| !t.is_empty())
            .take(crate::games::LONGEST_GAME + 1)
            .map(str::to_string)
            .collect();
        Ok((i, Command::Position { start, moves }))
    }
    preceded(kw("position"), cut(args)).parse(i)
}

/// Everything left on the line.
fn rest_of_line(i: &str) -> Res<'_, &str> {
    Ok(("", i))
}

/// The most moves `go … searchmoves` takes (protocol.md § 1.1).
pub(crate) const MAX_SEARCHMOVES: usize = 10_000;

/// What more moves than [`MAX_SEARCHMOVES`] get.
const TOO_MANY_SEARCHMOVES: &str = "at most 10000 moves after searchmoves";

/// The words of `go`'s parameters: the moves of a `searchmoves` end before the next of them.
const GO_WORDS: [&str; 10] = [
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movetime",
    "nodes",
    "depth",
    "infinite",
    "ponder",
    "searchmoves",
];

/// `go = "go" *(1*" " go-param)`
/// `go-param = ("p1time" | "p2time" | "p1inc" | "p2inc" | "movetime" | "nodes") 1*" " uint
///           | "depth" 1*" " uint32 | "infinite" | "ponder"
///           | "searchmoves" 1*(1*" " move)`
/// where the moves of `searchmoves` are the tokens up to the next go-param word or the end.
fn go(i: &str) -> Res<'_, Command> {
    #[derive(Clone)]
    enum P<'a> {
        Num(&'static str, u64),
        Depth(u32),
        Infinite,
        Ponder,
        SearchMoves(Vec<&'a str>),
    }
    fn num<'a>(name: &'static str) -> impl Parser<&'a str, Output = P<'a>, Error = PErr<'a>> {
        map(
            preceded(kw(name), cut(arg(UINT, number(u64::MAX, UINT)))),
            move |n| P::Num(name, n),
        )
    }
    fn search_move(i: &str) -> Res<'_, &str> {
        preceded(space1, verify(token, |t: &str| !GO_WORDS.contains(&t))).parse(i)
    }
    // At most MAX_SEARCHMOVES of them, so that a line of millions costs no more than its
    // bytes; one more is an error, not a list silently cut.
    fn search_moves(i: &str) -> Res<'_, Vec<&str>> {
        let (rest, moves) = expect("a move", many_m_n(1, MAX_SEARCHMOVES, search_move)).parse(i)?;
        match search_move(rest) {
            Ok(_) => Err(nom::Err::Failure(PErr {
                at: rest.trim_start_matches(' '),
                expected: Some(TOO_MANY_SEARCHMOVES),
            })),
            Err(_) => Ok((rest, moves)),
        }
    }
    fn param(i: &str) -> Res<'_, P<'_>> {
        alt((
            num("p1time"),
            num("p2time"),
            num("p1inc"),
            num("p2inc"),
            num("movetime"),
            num("nodes"),
            map(
                preceded(
                    kw("depth"),
                    cut(arg(UINT32, number(u32::MAX.into(), UINT32))),
                ),
                |d| P::Depth(d as u32),
            ),
            value(P::Infinite, kw("infinite")),
            value(P::Ponder, kw("ponder")),
            map(
                preceded(kw("searchmoves"), cut(search_moves)),
                P::SearchMoves,
            ),
        ))
        .parse(i)
    }
    let args = |i| {
        let (i, params) = many0(preceded(space1, param)).parse(i)?;
        let (i, _) = end_or(
            "p1time, p2time, p1inc, p2inc, movetime, depth, nodes, infinite, ponder, searchmoves \
             or end of line",
        )
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
                P::Ponder => g.ponder = true,
                P::SearchMoves(moves) => {
                    g.searchmoves = moves.into_iter().map(str::to_string).collect()
                }
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

/// `play = "play" 1*" " move`, `expand = "expand" 1*" " move` and
/// `step = "step" 1*" " step-text` (one token each)
fn play_or_step(i: &str) -> Res<'_, Command> {
    alt((
        map(
            preceded(kw("play"), cut(terminated(arg("a move", token), end))),
            |m: &str| Command::Play(m.to_string()),
        ),
        map(
            preceded(kw("expand"), cut(terminated(arg("a move", token), end))),
            |m: &str| Command::Expand(m.to_string()),
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

/// What a perft depth must be: [`crate::game::MAX_PERFT_DEPTH`] is the deepest.
pub(super) const PERFT_DEPTHS: &str = "a depth from 0 to 24 (no sign, no leading zero)";

/// `perft-depth = uint` from 0 to 24
fn perft_depth(i: &str) -> Res<'_, u32> {
    let (rest, d) = number(crate::game::MAX_PERFT_DEPTH.into(), PERFT_DEPTHS).parse(i)?;
    Ok((rest, d as u32))
}

/// `perft = "perft" 1*" " perft-depth`
fn perft(i: &str) -> Res<'_, Command> {
    map(
        preceded(
            kw("perft"),
            cut(terminated(arg(PERFT_DEPTHS, perft_depth), end)),
        ),
        Command::Perft,
    )
    .parse(i)
}

/// `command = "ugi" | "isready" | "uginewgame" | "stop" | "ponderhit" | "quit" | setoption
///          | position | go | query | legal | play | expand | step | undo | "show" | "describe" | "geometry"
///          | "about" | "history" | perft | "bench" | "help"`
pub(crate) fn command(i: &str) -> Res<'_, Command> {
    alt((
        alt((
            no_args("ugi", Command::Ugi),
            no_args("isready", Command::IsReady),
            no_args("uginewgame", Command::UgiNewGame),
            no_args("stop", Command::Stop),
            no_args("ponderhit", Command::PonderHit),
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
            no_args("about", Command::About),
            no_args("history", Command::History),
            perft,
            no_args("bench", Command::Bench),
            no_args("help", Command::Help),
        )),
    ))
    .parse(i)
}
