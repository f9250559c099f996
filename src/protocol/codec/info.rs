//! A search's lines (protocol.md § 3.6): the `info` report of one line of the search, the
//! `currmove` line, and `bestmove`.

use std::fmt;

use nom::branch::alt;
use nom::character::complete::char;
use nom::combinator::{cut, map, opt};
use nom::multi::many0;
use nom::sequence::preceded;
use nom::Parser;

use super::lex::{arg, expect, fail, kw, u32_arg, u64_arg, word, Miss, Res};

/// A line's score: the expected result for the side to move, or a result the search proved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// The expected result in [-1, 1], written with three decimals (`-0.959`).
    Expected(f64),
    /// `win in <n>`: a win in `n` whole turns, both sides' counted, this one included.
    WinIn(u32),
    /// `loss in <n>`.
    LossIn(u32),
    /// `draw in <n>`.
    DrawIn(u32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Expected(v) => write!(f, "{v:.3}"),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
            Score::DrawIn(n) => write!(f, "draw in {n}"),
        }
    }
}

const SCORE: &str = "a score (a number with three decimals, or win in, loss in, draw in)";

/// `SP score`, `score = <number with three decimals> | ("win" | "loss" | "draw") SP "in" SP uint32`
fn score(i: &str) -> Res<'_, Score> {
    let proven = |w: &'static str, make: fn(u32) -> Score| {
        map(
            preceded(
                (char(' '), kw(w)),
                cut(preceded(word("in"), u32_arg("a number of turns"))),
            ),
            make,
        )
    };
    alt((
        proven("win", Score::WinIn),
        proven("loss", Score::LossIn),
        proven("draw", Score::DrawIn),
        |i| {
            let (rest, t) = arg(SCORE).parse(i)?;
            match t.parse::<f64>() {
                // The one spelling of a number: three decimals, as written back.
                Ok(v) if format!("{v:.3}") == t => Ok((rest, Score::Expected(v))),
                _ => fail(i, SCORE),
            }
        },
    ))
    .parse(i)
}

/// One `info` report of one line of a search, its fields in the protocol's fixed order:
/// `info depth <d> [multipv <k>] nodes <n> time <ms> nps <n> score <score> [wdl <w> <d> <l>]
/// [visits <n>] [pv <turn> …]`. `nodes`, `time` and `nps` are the whole search's.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoReport {
    /// Whole turns the principal variation covers.
    pub depth: u32,
    /// The line's rank from 1, written only when the engine reports several lines (`MultiPV`
    /// above 1).
    pub multipv: Option<u32>,
    /// The search's iterations.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time: u64,
    /// Iterations a second.
    pub nps: u64,
    pub score: Score,
    /// The chances of a win, a draw and a loss for the side to move, per mille.
    pub wdl: Option<[u32; 3]>,
    /// The iterations spent on this line's first turn.
    pub visits: Option<u64>,
    /// The principal variation, one token a whole turn; a last half turn ends with `...`.
    pub pv: Vec<String>,
}

impl fmt::Display for InfoReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info depth {}", self.depth)?;
        if let Some(k) = self.multipv {
            write!(f, " multipv {k}")?;
        }
        write!(
            f,
            " nodes {} time {} nps {} score {}",
            self.nodes, self.time, self.nps, self.score
        )?;
        if let Some([w, d, l]) = self.wdl {
            write!(f, " wdl {w} {d} {l}")?;
        }
        if let Some(v) = self.visits {
            write!(f, " visits {v}")?;
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        Ok(())
    }
}

/// The report's fields, each parsed on its own.
#[derive(Clone)]
enum Field<'a> {
    Depth(u32),
    MultiPv(u32),
    Nodes(u64),
    Time(u64),
    Nps(u64),
    Score(Score),
    Wdl([u32; 3]),
    Visits(u64),
    Pv(Vec<&'a str>),
}

impl Field<'_> {
    /// The field's place in the fixed order.
    fn rank(&self) -> u8 {
        match self {
            Field::Depth(_) => 0,
            Field::MultiPv(_) => 1,
            Field::Nodes(_) => 2,
            Field::Time(_) => 3,
            Field::Nps(_) => 4,
            Field::Score(_) => 5,
            Field::Wdl(_) => 6,
            Field::Visits(_) => 7,
            Field::Pv(_) => 8,
        }
    }
}

const INFO_FIELDS: &str = "depth, multipv, nodes, time, nps, score, wdl, visits, pv or end of line";

/// `SP info-field`
fn field(i: &str) -> Res<'_, Field<'_>> {
    fn named<'a, O>(
        name: &'static str,
        p: impl Parser<&'a str, Output = O, Error = Miss<'a>>,
    ) -> impl Parser<&'a str, Output = O, Error = Miss<'a>> {
        preceded((char(' '), kw(name)), cut(p))
    }
    alt((
        map(named("depth", u32_arg("a depth")), Field::Depth),
        map(named("multipv", u32_arg("a line number")), Field::MultiPv),
        map(named("nodes", u64_arg("a node count")), Field::Nodes),
        map(named("time", u64_arg("milliseconds")), Field::Time),
        map(named("nps", u64_arg("nodes a second")), Field::Nps),
        map(named("score", score), Field::Score),
        map(
            named(
                "wdl",
                (
                    u32_arg("a win chance per mille"),
                    u32_arg("a draw chance per mille"),
                    u32_arg("a loss chance per mille"),
                ),
            ),
            |(w, d, l)| Field::Wdl([w, d, l]),
        ),
        map(named("visits", u64_arg("a visit count")), Field::Visits),
        map(
            named(
                "pv",
                expect(
                    "a turn",
                    nom::multi::many1(preceded(char(' '), super::lex::token)),
                ),
            ),
            Field::Pv,
        ),
    ))
    .parse(i)
}

/// `info-report = "depth" … (after "info")`: the fields in the fixed order, each at most
/// once, `depth`, `nodes`, `time`, `nps` and `score` always there.
pub(super) fn report(i: &str) -> Res<'_, InfoReport> {
    let (rest, fields) = many0(field).parse(i)?;
    let mut last = None;
    let mut r = InfoReport {
        depth: 0,
        multipv: None,
        nodes: 0,
        time: 0,
        nps: 0,
        score: Score::WinIn(0),
        wdl: None,
        visits: None,
        pv: Vec::new(),
    };
    let mut seen = [false; 9];
    for f in fields {
        let k = f.rank();
        if last.is_some_and(|l| l >= k) {
            return fail(i, "the info fields in their order, each once");
        }
        last = Some(k);
        seen[k as usize] = true;
        match f {
            Field::Depth(d) => r.depth = d,
            Field::MultiPv(k) => r.multipv = Some(k),
            Field::Nodes(n) => r.nodes = n,
            Field::Time(t) => r.time = t,
            Field::Nps(n) => r.nps = n,
            Field::Score(s) => r.score = s,
            Field::Wdl(w) => r.wdl = Some(w),
            Field::Visits(v) => r.visits = Some(v),
            Field::Pv(pv) => r.pv = pv.into_iter().map(str::to_string).collect(),
        }
    }
    if !rest.is_empty() {
        return fail(rest, INFO_FIELDS);
    }
    for (k, what) in [
        (0, "depth"),
        (2, "nodes"),
        (3, "time"),
        (4, "nps"),
        (5, "score"),
    ] {
        if !seen[k] {
            return fail(rest, what);
        }
    }
    Ok((rest, r))
}

/// `info currmove <turn> currmovenumber <k>`: the root turn a long search is on and its rank
/// from 1 in the order the search takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CurrMove {
    pub turn: String,
    pub number: u64,
}

impl fmt::Display for CurrMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "info currmove {} currmovenumber {}",
            self.turn, self.number
        )
    }
}

/// `"currmove" SP turn SP "currmovenumber" SP uint` (after "info")
pub(super) fn currmove(i: &str) -> Res<'_, CurrMove> {
    let (i, turn) = arg("a turn").parse(i)?;
    let (i, _) = word("currmovenumber").parse(i)?;
    let (i, number) = u64_arg("a turn number").parse(i)?;
    Ok((
        i,
        CurrMove {
            turn: turn.to_string(),
            number,
        },
    ))
}

/// `bestmove <turn> [ponder <turn>]`, or `bestmove none` when there is no turn to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The whole turn chosen; `None` for `bestmove none`.
    pub turn: Option<String>,
    /// The reply the engine expects, with the `Ponder` option (never with `none`).
    pub ponder: Option<String>,
}

impl BestMove {
    /// `bestmove <turn>`, exactly two tokens.
    pub fn turn(turn: impl Into<String>) -> BestMove {
        BestMove {
            turn: Some(turn.into()),
            ponder: None,
        }
    }

    /// `bestmove none`.
    pub fn none() -> BestMove {
        BestMove {
            turn: None,
            ponder: None,
        }
    }

    /// The token after `bestmove`: the turn, or `none`.
    pub fn token(&self) -> &str {
        self.turn.as_deref().unwrap_or(NONE)
    }

    /// True when `line` starts with the word `bestmove`, whether or not the rest parses: how
    /// a client tells a malformed answer to `go` from the lines it does not read.
    pub fn begins(line: &str) -> bool {
        line.split(' ').next() == Some(BestMove::WORD)
    }

    /// The word a `bestmove` line starts with.
    pub const WORD: &'static str = "bestmove";
}

/// The word `bestmove` writes for no turn.
const NONE: &str = "none";

impl fmt::Display for BestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", BestMove::WORD, self.token())?;
        if let (Some(_), Some(p)) = (&self.turn, &self.ponder) {
            write!(f, " ponder {p}")?;
        }
        Ok(())
    }
}

/// `SP (turn [SP "ponder" SP turn] | "none")` (after "bestmove")
pub(super) fn bestmove(i: &str) -> Res<'_, BestMove> {
    let (i, turn) = arg("a turn or none").parse(i)?;
    if turn == NONE {
        return Ok((i, BestMove::none()));
    }
    let (i, ponder) = opt(preceded(
        (char(' '), kw("ponder")),
        cut(arg("a turn after ponder")),
    ))
    .parse(i)?;
    Ok((
        i,
        BestMove {
            turn: Some(turn.to_string()),
            ponder: ponder.map(str::to_string),
        },
    ))
}
