//! The answers to the commands that read or change the game (protocol.md § 3.9, § 4.1–4.4,
//! § 4.7, § 4.11): `response`, `legal`'s lines, `played`/`expanded`/`stepped` with what each
//! step removed and how the game ended, `undone`, the history, perft's lines.
//!
//! Removal kinds and end reasons are kept as the words the engine wrote (an open vocabulary:
//! each game names its own); [`Removal::of`] and [`Over::of`] word the engine's typed values.

use std::fmt;

use nom::branch::alt;
use nom::character::complete::char;
use nom::combinator::{cut, map, opt, value};
use nom::multi::separated_list1;
use nom::sequence::preceded;
use nom::Parser;

use super::lex::{arg, counted, end, expect, fail, kw, or_fail, tokens_until, word, Res};
use crate::engine::{Applied, Played, Stepped};
use crate::game::{GameEnd, Outcome, Removal as GameRemoval};
use crate::protocol::wire;

pub use crate::engine::Undone;
pub use crate::protocol::wire::TurnsListed;

/// The answer to `query` (§ 3.9): `response true|false` or `response <result>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    /// `gameover` and `p1turn`.
    Bool(bool),
    /// `result`: `p1win`, `p2win`, `draw`, or `none` while the game goes on.
    Result(Option<Outcome>),
}

impl Response {
    /// The answer's one word: `true`, `false`, `p1win`, `p2win`, `draw` or `none`.
    pub fn word(&self) -> &'static str {
        match *self {
            Response::Bool(b) => wire::bool_word(b),
            Response::Result(r) => wire::result_word(r),
        }
    }

    /// The word of a `response <word>` line, exactly two tokens as cutegames reads them,
    /// whether or not it is one of the protocol's: how a client tells an answer with a word it
    /// does not know from the lines it does not read.
    pub fn word_of(line: &str) -> Option<&str> {
        match line.split_once(' ') {
            Some((Response::WORD, w)) if !w.is_empty() && !w.contains(' ') => Some(w),
            _ => None,
        }
    }

    /// The word a `response` line starts with.
    pub const WORD: &'static str = "response";
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", Response::WORD, self.word())
    }
}

/// `SP ("true" | "false" | result)` (after "response")
pub(super) fn response(i: &str) -> Res<'_, Response> {
    const WHAT: &str = "true, false, p1win, p2win, draw or none";
    let (rest, w) = arg(WHAT).parse(i)?;
    match (w, wire::parse_result(w)) {
        ("true", _) => Ok((rest, Response::Bool(true))),
        ("false", _) => Ok((rest, Response::Bool(false))),
        (_, Some(r)) => Ok((rest, Response::Result(r))),
        _ => fail(i, WHAT),
    }
}

/// One piece or stone a step removed: where it stood and why, in the engine's words
/// (`D4:captured`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    pub place: String,
    pub why: String,
}

impl Removal {
    /// The engine's removal, worded.
    pub fn of(r: &GameRemoval) -> Removal {
        Removal {
            place: r.place.clone(),
            why: r.kind.word.to_string(),
        }
    }
}

impl fmt::Display for Removal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.place, self.why)
    }
}

/// One step an answer lists and what it removed (nothing, mostly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepDone {
    pub step: String,
    pub removed: Vec<Removal>,
}

impl StepDone {
    /// A step that removed nothing.
    pub fn plain(step: impl Into<String>) -> StepDone {
        StepDone {
            step: step.into(),
            removed: Vec::new(),
        }
    }

    /// The engine's applied step, worded.
    pub fn of(a: &Applied) -> StepDone {
        StepDone {
            step: a.step.clone(),
            removed: a.removed.iter().map(Removal::of).collect(),
        }
    }
}

/// `over <result> <reason>[ <p1score>-<p2score>]`: how the game ended (§ 4.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Over {
    pub outcome: Outcome,
    /// The game's word for why (`no-checkers`, `two-passes`, …).
    pub reason: String,
    /// The final scores, p1's first, where the game scores.
    pub score: Option<[u32; 2]>,
}

impl Over {
    /// The engine's game end, worded.
    pub fn of(end: &GameEnd) -> Over {
        Over {
            outcome: end.outcome,
            reason: end.reason.word.to_string(),
            score: end.score,
        }
    }
}

impl fmt::Display for Over {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "over {} {}",
            wire::result_word(Some(self.outcome)),
            self.reason
        )?;
        if let Some([p1, p2]) = self.score {
            write!(f, " {p1}-{p2}")?;
        }
        Ok(())
    }
}

/// The words that end a list of steps in an answer.
const CLAUSES: [&str; 3] = ["turn", "removed", "over"];

/// ` removed <group> …` for `steps` (one group a step, `-` for none), or nothing when no step
/// removed anything.
fn write_removed(f: &mut fmt::Formatter<'_>, steps: &[&StepDone]) -> fmt::Result {
    if steps.iter().all(|s| s.removed.is_empty()) {
        return Ok(());
    }
    f.write_str(" removed")?;
    for s in steps {
        f.write_str(" ")?;
        if s.removed.is_empty() {
            f.write_str("-")?;
        }
        for (k, r) in s.removed.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{r}")?;
        }
    }
    Ok(())
}

fn write_over(f: &mut fmt::Formatter<'_>, over: &Option<Over>) -> fmt::Result {
    match over {
        Some(o) => write!(f, " {o}"),
        None => Ok(()),
    }
}

/// `<place>:<why>` with neither part empty nor holding `:` or `,`.
fn removal(i: &str) -> Res<'_, Removal> {
    const WHAT: &str = "a removal <place>:<why>";
    let end = i.find([' ', ',']).unwrap_or(i.len());
    let item = &i[..end];
    match item.split_once(':') {
        Some((place, why)) if !place.is_empty() && !why.is_empty() && !why.contains(':') => Ok((
            &i[end..],
            Removal {
                place: place.to_string(),
                why: why.to_string(),
            },
        )),
        _ => fail(i, WHAT),
    }
}

/// `SP group`, `group = "-" | removal *("," removal)`
fn group(i: &str) -> Res<'_, Vec<Removal>> {
    preceded(
        char(' '),
        alt((
            value(Vec::new(), char('-')),
            separated_list1(char(','), removal),
        )),
    )
    .parse(i)
}

/// `[SP "removed" 1*(SP group)] [SP over]` after the steps `steps`, filling in what each
/// step removed: a `removed` clause has one group per step and at least one removal.
fn removed_and_over<'a>(i: &'a str, steps: &mut [StepDone]) -> Res<'a, Option<Over>> {
    let mut i = i;
    let clause = i
        .strip_prefix(" removed")
        .filter(|r| r.is_empty() || r.starts_with(' '));
    if let Some(mut rest) = clause {
        let start = rest;
        for s in steps.iter_mut() {
            let (r, g) = expect("a removal group (<place>:<why>,… or -)", group).parse(rest)?;
            s.removed = g;
            rest = r;
        }
        if steps.iter().all(|s| s.removed.is_empty()) {
            return fail(start, "a removal group with a removal");
        }
        i = rest;
    }
    let (i, over) = opt(preceded((char(' '), kw("over")), cut(over))).parse(i)?;
    let (i, _) = end(i)?;
    Ok((i, over))
}

/// `SP result SP reason [SP uint32 "-" uint32]` (after "over")
fn over(i: &str) -> Res<'_, Over> {
    const RESULT: &str = "p1win, p2win or draw";
    let (rest, w) = arg(RESULT).parse(i)?;
    let Some(Some(outcome)) = wire::parse_result(w) else {
        return fail(i, RESULT);
    };
    let (rest, reason) = arg("a reason").parse(rest)?;
    let (rest, score) = opt(|i| {
        let (r, t) = arg("scores <p1>-<p2>").parse(i)?;
        let scores = t.split_once('-').and_then(|(a, b)| {
            let n = |x: &str| crate::game::parse_decimal(x).and_then(|n| u32::try_from(n).ok());
            Some([n(a)?, n(b)?])
        });
        match scores {
            Some(s) => Ok((r, s)),
            None => fail(i, "scores <p1>-<p2>"),
        }
    })
    .parse(rest)?;
    Ok((
        rest,
        Over {
            outcome,
            reason: reason.to_string(),
            score,
        },
    ))
}

/// What `play` and `expand` answer (§ 4.2): the turn's canonical token and every step that
/// plays it, with what each removed and how the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnAnswer {
    pub turn: String,
    pub steps: Vec<StepDone>,
    pub over: Option<Over>,
}

impl TurnAnswer {
    /// The engine's turn played or expanded, worded.
    pub fn of(p: &Played) -> TurnAnswer {
        TurnAnswer {
            turn: p.turn.clone(),
            steps: p.steps.iter().map(StepDone::of).collect(),
            over: p.end.as_ref().map(Over::of),
        }
    }

    /// `<word> <turn> steps <step> …[ removed …][ over …]`
    pub(super) fn write(&self, f: &mut fmt::Formatter<'_>, word: &str) -> fmt::Result {
        write!(f, "{word} {} steps", self.turn)?;
        for s in &self.steps {
            write!(f, " {}", s.step)?;
        }
        write_removed(f, &self.steps.iter().collect::<Vec<_>>())?;
        write_over(f, &self.over)
    }
}

/// `SP turn SP "steps" 1*(SP step) [removed] [over]` (after "played" or "expanded")
pub(super) fn turn_answer(i: &str) -> Res<'_, TurnAnswer> {
    let (i, turn) = arg("a turn").parse(i)?;
    let (i, _) = word("steps").parse(i)?;
    let (i, steps) = tokens_until(&CLAUSES).parse(i)?;
    if steps.is_empty() {
        return fail(i, "a step");
    }
    let mut steps: Vec<StepDone> = steps.into_iter().map(StepDone::plain).collect();
    let (i, over) = removed_and_over(i, &mut steps)?;
    Ok((
        i,
        TurnAnswer {
            turn: turn.to_string(),
            steps,
            over,
        },
    ))
}

/// What `step` answers (§ 4.3): the step played, the decisions the engine then took by
/// itself, the whole turn when it is complete, what each removed and how the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SteppedAnswer {
    pub step: StepDone,
    pub auto: Vec<StepDone>,
    pub turn: Option<String>,
    pub over: Option<Over>,
}

impl SteppedAnswer {
    /// The engine's step, worded.
    pub fn of(st: &Stepped) -> SteppedAnswer {
        SteppedAnswer {
            step: StepDone::of(&st.chosen),
            auto: st.auto.iter().map(StepDone::of).collect(),
            turn: st.turn.clone(),
            over: st.end.as_ref().map(Over::of),
        }
    }
}

impl fmt::Display for SteppedAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stepped {}", self.step.step)?;
        if !self.auto.is_empty() {
            f.write_str(" auto")?;
            for a in &self.auto {
                write!(f, " {}", a.step)?;
            }
        }
        if let Some(t) = &self.turn {
            write!(f, " turn {t}")?;
        }
        let all: Vec<&StepDone> = std::iter::once(&self.step).chain(&self.auto).collect();
        write_removed(f, &all)?;
        write_over(f, &self.over)
    }
}

/// `SP step [SP "auto" 1*(SP step)] [SP "turn" SP turn] [removed] [over]` (after "stepped")
pub(super) fn stepped(i: &str) -> Res<'_, SteppedAnswer> {
    let (i, step) = arg("a step").parse(i)?;
    let (i, auto) = opt(preceded(
        (char(' '), kw("auto")),
        cut(expect(
            "a step",
            nom::combinator::verify(tokens_until(&CLAUSES), |v: &Vec<&str>| !v.is_empty()),
        )),
    ))
    .parse(i)?;
    let (i, turn) = opt(preceded((char(' '), kw("turn")), cut(arg("a turn")))).parse(i)?;
    let mut steps: Vec<StepDone> = std::iter::once(step)
        .chain(auto.unwrap_or_default())
        .map(StepDone::plain)
        .collect();
    let (i, over) = removed_and_over(i, &mut steps)?;
    let mut steps = steps.into_iter();
    let step = steps.next().expect("the step played is listed first");
    Ok((
        i,
        SteppedAnswer {
            step,
            auto: steps.collect(),
            turn: turn.map(str::to_string),
            over,
        },
    ))
}

/// `undone step <step>`, `undone turn <move>` or `undone forfeit` (§ 4.4).
pub(super) fn write_undone(f: &mut fmt::Formatter<'_>, u: &Undone) -> fmt::Result {
    match u {
        Undone::Step(s) => write!(f, "undone step {s}"),
        Undone::Turn(t) => write!(f, "undone turn {t}"),
        Undone::Forfeit => f.write_str("undone forfeit"),
    }
}

/// `SP ("step" SP step | "turn" SP turn | "forfeit")` (after "undone")
pub(super) fn undone(i: &str) -> Res<'_, Undone> {
    let r = alt((
        map(preceded((char(' '), kw("step")), cut(arg("a step"))), |s| {
            Undone::Step(s.to_string())
        }),
        map(preceded((char(' '), kw("turn")), cut(arg("a turn"))), |t| {
            Undone::Turn(t.to_string())
        }),
        value(Undone::Forfeit, (char(' '), kw("forfeit"))),
    ))
    .parse(i);
    or_fail(r, i, "step, turn or forfeit")
}

/// `SP n *(SP item)`, as owned items.
pub(super) fn counted_items(i: &str) -> Res<'_, Vec<String>> {
    let (i, items) = counted(i)?;
    Ok((i, items.into_iter().map(str::to_string).collect()))
}

/// `SP status SP n *(SP turn)` (after "turns")
pub(super) fn turns(i: &str) -> Res<'_, (TurnsListed, Vec<String>)> {
    const WHAT: &str = "complete, partial or midturn";
    let (rest, w) = arg(WHAT).parse(i)?;
    let listed = match w {
        "complete" => TurnsListed::Complete,
        "partial" => TurnsListed::Partial,
        "midturn" => TurnsListed::MidTurn,
        _ => return fail(i, WHAT),
    };
    let (rest, items) = counted_items(rest)?;
    Ok((rest, (listed, items)))
}

/// The word of `legal`'s `turns` line for how complete its list is.
pub(super) fn listed_word(l: TurnsListed) -> &'static str {
    match l {
        TurnsListed::Complete => "complete",
        TurnsListed::Partial => "partial",
        TurnsListed::MidTurn => "midturn",
    }
}

/// `<word>[ <status>] <n> <item> …`
pub(super) fn write_counted(
    f: &mut fmt::Formatter<'_>,
    word: &str,
    status: Option<&str>,
    items: &[String],
) -> fmt::Result {
    f.write_str(word)?;
    if let Some(s) = status {
        write!(f, " {s}")?;
    }
    write!(f, " {}", items.len())?;
    for it in items {
        write!(f, " {it}")?;
    }
    Ok(())
}

/// `<turn>: <count>`, one line of perft's divide (§ 4.7).
pub(super) fn divide(line: &str) -> Option<(String, u64)> {
    let (turn, count) = line.split_once(": ")?;
    let n = crate::game::parse_decimal(count)?;
    (!turn.is_empty() && !turn.contains(' ')).then(|| (turn.to_string(), n))
}
