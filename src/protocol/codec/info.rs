//! A search's lines (protocol.md § 3.6): the `info` report of one line of the search, the
//! `currmove` line, and `bestmove`. Other engines' reports are read too
//! ([`InfoReport::read_any`]): UCI's scores (`cp`, `mate`), its order of fields and the fields
//! this protocol lacks.

use std::fmt;

use nom::branch::alt;
use nom::character::complete::char;
use nom::combinator::{cut, map, opt};
use nom::multi::many0;
use nom::sequence::preceded;
use nom::Parser;

use super::lex::{arg, expect, fail, int, kw, u32_arg, u64_arg, word, Miss, Res};
use super::MessageError;

/// A line's score: the expected result for the side to move, or a result the search proved;
/// or, from other engines, UCI's centipawns and mates (this engine writes neither).
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
    /// UCI's `cp <n>`: hundredths of a pawn for the side to move, as other engines write it.
    Centipawns(i32),
    /// UCI's `mate <n>`: a mate in `n` of the side to move's own moves; below 0, the side to
    /// move is mated in `-n`.
    Mate(i32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Expected(v) => write!(f, "{v:.3}"),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
            Score::DrawIn(n) => write!(f, "draw in {n}"),
            Score::Centipawns(n) => write!(f, "cp {n}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

const SCORE: &str = "a score (a number with three decimals, or win in, loss in, draw in, cp, mate)";

/// `SP score`, `score = <number with three decimals> | ("win" | "loss" | "draw") SP "in" SP uint32
/// | ("cp" | "mate") SP int32`
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
        map(
            preceded((char(' '), kw("cp")), cut(int32("centipawns"))),
            Score::Centipawns,
        ),
        map(
            preceded((char(' '), kw("mate")), cut(int32("a number of moves"))),
            Score::Mate,
        ),
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

/// `SP int32`.
fn int32<'a>(what: &'static str) -> impl Parser<&'a str, Output = i32, Error = Miss<'a>> {
    map(int(i32::MIN.into(), i32::MAX.into(), what), |n| n as i32)
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
impl InfoReport {
    /// A report with every field empty, for a reader to fill: both readers require `depth`
    /// and `score`, so the placeholder score never leaves them.
    fn empty() -> Self {
        InfoReport {
            depth: 0,
            multipv: None,
            nodes: 0,
            time: 0,
            nps: 0,
            score: Score::WinIn(0),
            wdl: None,
            visits: None,
            pv: Vec::new(),
        }
    }
}

/// once, `depth`, `nodes`, `time`, `nps` and `score` always there.
pub(super) fn report(i: &str) -> Res<'_, InfoReport> {
    let (rest, fields) = many0(field).parse(i)?;
    let mut last = None;
    let mut r = InfoReport::empty();
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

impl InfoReport {
    /// Reads an `info` line as any engine writes it: this protocol's report, or UCI's, whose
    /// fields come in any order and may be parted by several spaces (`info depth 12 seldepth 15
    /// multipv 1 score cp 35 nodes 9000 nps 90000 time 100 pv …`). `depth` and `score` must
    /// be there; `nodes`, `time` and `nps` are 0 when the line does not give them; UCI's
    /// fields the report has no place for (`seldepth`, `hashfull`, `tbhits`, `sbhits`,
    /// `cpuload`, a score's `lowerbound` or `upperbound`) are passed over. Any other line
    /// (`info string …`, `info currmove …`, a field not named here) is an error naming what
    /// was expected. Every line [`Message`](super::Message) reads as a report reads the same.
    pub fn read_any(line: &str) -> Result<InfoReport, MessageError> {
        const FIELDS: &str = "an info field (depth, seldepth, multipv, score, nodes, nps, time, \
             hashfull, tbhits, sbhits, cpuload, wdl, visits, pv)";
        let mut words = line.split_whitespace();
        let first = words.next();
        if first != Some("info") {
            return Err(missed("info", first));
        }
        let mut r = InfoReport::empty();
        let (mut depth, mut score) = (false, false);
        let mut words = words.peekable();
        while let Some(key) = words.next() {
            let mut next = || words.next();
            match key {
                "depth" => {
                    r.depth = number(next(), "a depth")?;
                    depth = true;
                }
                "multipv" => r.multipv = Some(number(next(), "a line number")?),
                "nodes" => r.nodes = number(next(), "a node count")?,
                "time" => r.time = number(next(), "milliseconds")?,
                "nps" => r.nps = number(next(), "nodes a second")?,
                "visits" => r.visits = Some(number(next(), "a visit count")?),
                "wdl" => {
                    r.wdl = Some([
                        number(next(), "a win chance per mille")?,
                        number(next(), "a draw chance per mille")?,
                        number(next(), "a loss chance per mille")?,
                    ])
                }
                "seldepth" | "hashfull" | "tbhits" | "sbhits" | "cpuload" => {
                    number::<u64>(next(), "a number")?;
                }
                "lowerbound" | "upperbound" => {}
                "score" => {
                    r.score = any_score(&mut words)?;
                    score = true;
                }
                "pv" => {
                    r.pv = words.by_ref().map(str::to_string).collect();
                    if r.pv.is_empty() {
                        return Err(missed("a turn", None));
                    }
                }
                other => return Err(missed(FIELDS, Some(other))),
            }
        }
        match (depth, score) {
            (false, _) => Err(missed("depth", None)),
            (_, false) => Err(missed("score", None)),
            _ => Ok(r),
        }
    }
}

/// The error of a line that has `got` (the end of the line when `None`) where it needs
/// `expected`.
fn missed(expected: &str, got: Option<&str>) -> MessageError {
    MessageError {
        expected: expected.to_string(),
        got: got.unwrap_or("end of line").to_string(),
    }
}

/// A number of another engine's line, in any spelling Rust reads.
fn number<T: std::str::FromStr>(word: Option<&str>, what: &str) -> Result<T, MessageError> {
    word.and_then(|w| w.parse().ok())
        .ok_or_else(|| missed(what, word))
}

/// A score after `score` in another engine's line: UCI's `cp <n>` and `mate <n>`, this
/// protocol's `win in <n>` (`loss`, `draw`) or an expected result as any finite number.
fn any_score<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Score, MessageError> {
    let what = words.next();
    match what {
        Some("cp") => number(words.next(), "centipawns").map(Score::Centipawns),
        Some("mate") => number(words.next(), "a number of moves").map(Score::Mate),
        Some(w @ ("win" | "loss" | "draw")) => {
            let word = words.next();
            if word != Some("in") {
                return Err(missed("in", word));
            }
            let n = number(words.next(), "a number of turns")?;
            Ok(match w {
                "win" => Score::WinIn(n),
                "loss" => Score::LossIn(n),
                _ => Score::DrawIn(n),
            })
        }
        _ => what
            .and_then(|w| w.parse::<f64>().ok())
            .filter(|v| v.is_finite())
            .map(Score::Expected)
            .ok_or_else(|| missed(SCORE, what)),
    }
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
