//! Step and turn tokens (see `doc/wells.md`): printing, and parsing in two stages — nom syntax
//! (→ [`GameError::Syntax`]) then resolution against the position, step by step, exactly as if
//! the steps were applied one by one (→ [`GameError::Illegal`]).

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, satisfy, u32 as dec_u32};
use nom::combinator::{all_consuming, map, opt, value};
use nom::multi::{many1, separated_list1};
use nom::sequence::{preceded, separated_pair};
use nom::{IResult, Parser};

use super::lattice::Lattice;
use super::report::{END_GROUP, END_MOVE, PASS};
use super::{Phase, Step, Turn, Wells};
use crate::game::GameError;

/// A point as written, not yet resolved against a board: letter and number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PointSyntax(char, u32);

/// A step token, syntax only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepSyntax {
    Pass,
    Grow(PointSyntax),
    New(PointSyntax),
    Jump(PointSyntax, PointSyntax),
    EndGroup,
    Keep(PointSyntax),
    EndMove,
    Kill(PointSyntax, PointSyntax),
}

/// One comma-separated element of a turn token, syntax only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ElemSyntax {
    Pass,
    Grow(PointSyntax),
    New(PointSyntax),
    /// One group's movement: jump chains, then the part kept after a split with equal parts.
    Group(Vec<Vec<PointSyntax>>, Option<PointSyntax>),
    Kill(PointSyntax, PointSyntax),
}

/// A turn's token, syntax only: its elements in order.
pub(crate) type TurnSyntax = Vec<ElemSyntax>;

const STEP_RULE: &str =
    "a step: pass | +<point> | *<point> | <point>-<point> | endgroup | =<point> | endmove | <point>x<point>";
const ELEM_RULE: &str =
    "a turn element: pass | +<point> | *<point> | <point>-<point>(-<point>)*(.<point>-<point>…)*(=<point>)? | <point>x<point>";

/// `point := letter number` — `letter := a..z`, `number := 1..` (e.g. `d4`).
pub(crate) fn point(i: &str) -> IResult<&str, PointSyntax> {
    map((satisfy(|c| c.is_ascii_lowercase()), dec_u32), |(l, n)| {
        PointSyntax(l, n)
    })
    .parse(i)
}

/// `kill := point "x" point` (killer, victim).
pub(crate) fn kill(i: &str) -> IResult<&str, (PointSyntax, PointSyntax)> {
    separated_pair(point, char('x'), point).parse(i)
}

/// `chain := point ("-" point)+` — one piece's consecutive jumps.
pub(crate) fn chain(i: &str) -> IResult<&str, Vec<PointSyntax>> {
    map(
        (point, many1(preceded(char('-'), point))),
        |(a, mut rest)| {
            rest.insert(0, a);
            rest
        },
    )
    .parse(i)
}

/// `group := chain ("." chain)* ("=" point)?` — one group's whole movement.
pub(crate) fn group(i: &str) -> IResult<&str, ElemSyntax> {
    map(
        (
            separated_list1(char('.'), chain),
            opt(preceded(char('='), point)),
        ),
        |(chains, keep)| ElemSyntax::Group(chains, keep),
    )
    .parse(i)
}

/// `step := "pass" | "endgroup" | "endmove" | "+" point | "*" point | "=" point
///        | point "x" point | point "-" point`
pub(crate) fn step_parser(i: &str) -> IResult<&str, StepSyntax> {
    alt((
        value(StepSyntax::Pass, tag(PASS.word)),
        value(StepSyntax::EndGroup, tag(END_GROUP.word)),
        value(StepSyntax::EndMove, tag(END_MOVE.word)),
        map(preceded(char('+'), point), StepSyntax::Grow),
        map(preceded(char('*'), point), StepSyntax::New),
        map(preceded(char('='), point), StepSyntax::Keep),
        map(kill, |(a, b)| StepSyntax::Kill(a, b)),
        map(separated_pair(point, char('-'), point), |(a, b)| {
            StepSyntax::Jump(a, b)
        }),
    ))
    .parse(i)
}

/// `elem := "pass" | "+" point | "*" point | point "x" point | group`
pub(crate) fn elem(i: &str) -> IResult<&str, ElemSyntax> {
    alt((
        value(ElemSyntax::Pass, tag(PASS.word)),
        map(preceded(char('+'), point), ElemSyntax::Grow),
        map(preceded(char('*'), point), ElemSyntax::New),
        map(kill, |(a, b)| ElemSyntax::Kill(a, b)),
        group,
    ))
    .parse(i)
}

/// `turn := elem ("," elem)*` — the elements in the order they were played.
pub(crate) fn turn_syntax(text: &str) -> Result<TurnSyntax, GameError> {
    if text.is_empty() || text.chars().any(char::is_whitespace) {
        return Err(GameError::syntax("a turn token without whitespace", text));
    }
    text.split(',')
        .map(|part| {
            all_consuming(elem)
                .parse(part)
                .map(|(_, e)| e)
                .map_err(|_| GameError::syntax(ELEM_RULE, part))
        })
        .collect()
}

/// Step token syntax.
pub(crate) fn step_syntax(text: &str) -> Result<StepSyntax, GameError> {
    all_consuming(step_parser)
        .parse(text)
        .map(|(_, s)| s)
        .map_err(|_| GameError::syntax(STEP_RULE, text))
}

fn pt_name(p: PointSyntax) -> String {
    format!("{}{}", p.0, p.1)
}

/// Resolves a written point on this board.
fn resolve(geo: &Lattice, p: PointSyntax, got: &str) -> Result<u16, GameError> {
    geo.from_name(p.0, p.1).map(|i| i as u16).ok_or_else(|| {
        GameError::illegal(
            got,
            format!("{} is not a point of a side-{} board", pt_name(p), geo.side),
        )
    })
}

/// The canonical text of a step.
pub(crate) fn format_step(geo: &Lattice, s: Step) -> String {
    let n = |p: u16| geo.name(p as usize);
    match s {
        Step::Pass => PASS.word.into(),
        Step::Grow(p) => format!("+{}", n(p)),
        Step::NewGroup(p) => format!("*{}", n(p)),
        Step::Jump(a, b) => format!("{}-{}", n(a), n(b)),
        Step::EndGroup => END_GROUP.word.into(),
        Step::Keep(p) => format!("={}", n(p)),
        Step::EndMovement => END_MOVE.word.into(),
        Step::Kill(a, b) => format!("{}x{}", n(a), n(b)),
    }
}

fn phase_name(ph: Phase) -> &'static str {
    match ph {
        Phase::Growth => "the growth phase",
        Phase::NewGroup => "the new-group phase",
        Phase::Move => "the movement phase, between groups",
        Phase::Moving => "a group's movement",
        Phase::Keep => "the choice between equal largest parts",
        Phase::Kill => "the kill phase",
        Phase::Over => "the game is over",
    }
}

/// Maps a Keep on any point of an equal-largest part to its canonical step (lowest point).
fn canonical_keep(pos: &Wells, p: usize) -> Option<Step> {
    if pos.state.phase != Phase::Keep {
        return None;
    }
    let comps = pos.components(&pos.moving());
    let best = comps.iter().map(|c| c.count()).max().unwrap_or(0);
    comps
        .iter()
        .find(|c| c.get(p) && c.count() == best)
        .and_then(|c| c.first())
        .map(|q| Step::Keep(q as u16))
}

/// Parses and resolves one step.
pub(crate) fn parse_step(pos: &Wells, text: &str) -> Result<Step, GameError> {
    let tok = step_syntax(text)?;
    let geo = pos.lattice;
    let r = |p| resolve(geo, p, text);
    let step = match tok {
        StepSyntax::Pass => Step::Pass,
        StepSyntax::EndGroup => Step::EndGroup,
        StepSyntax::EndMove => Step::EndMovement,
        StepSyntax::Grow(p) => Step::Grow(r(p)?),
        StepSyntax::New(p) => Step::NewGroup(r(p)?),
        StepSyntax::Keep(p) => {
            let q = r(p)?;
            canonical_keep(pos, q as usize).unwrap_or(Step::Keep(q))
        }
        StepSyntax::Jump(a, b) => Step::Jump(r(a)?, r(b)?),
        StepSyntax::Kill(a, b) => Step::Kill(r(a)?, r(b)?),
    };
    if pos.is_legal(step) {
        Ok(step)
    } else {
        Err(GameError::illegal(
            text,
            format!("not a legal step in {}", phase_name(pos.state.phase)),
        ))
    }
}

/// Applies `steps` from a turn start, checking each; the turn must end with the last one.
pub(crate) fn check_turn(pos: &mut Wells, steps: &[Step]) -> Result<(), String> {
    if !pos.state.at_turn_start || pos.state.phase == Phase::Over {
        return Err("not at the start of a turn of a game in progress".into());
    }
    let turn = pos.state.turn;
    for (i, &s) in steps.iter().enumerate() {
        if pos.state.turn != turn {
            return Err(format!("the turn is complete after {i} steps"));
        }
        if !pos.is_legal(s) {
            return Err(format!(
                "step {} ({}) is not legal in {}",
                i + 1,
                format_step(pos.lattice, s),
                phase_name(pos.state.phase)
            ));
        }
        pos.apply_logged(s, None);
    }
    if pos.state.turn == turn {
        return Err(format!(
            "the turn is incomplete, in {}",
            phase_name(pos.state.phase)
        ));
    }
    Ok(())
}

/// The canonical token of a whole turn played from `pos` (a turn start): every placement,
/// jump, split choice and kill, forced ones included; kills sorted by killer then victim.
pub(crate) fn format_turn(pos: &Wells, steps: &[Step]) -> String {
    let mut p = pos.clone();
    let mut full = Vec::new();
    for &s in steps {
        full.push(s);
        let mut log = Vec::new();
        p.apply_logged(s, Some(&mut log));
        full.extend(log);
    }
    let geo = pos.lattice;
    let n = |x: u16| geo.name(x as usize);
    let mut elems: Vec<String> = Vec::new();
    // Growths and kills are printed sorted, so that one turn has one printed form: the set of
    // growths made does not depend on their order (a point next to two groups is refused
    // whichever grows first, W4), and the kills are a set (a matching).
    let mut grows: Vec<u16> = Vec::new();
    let mut kills: Vec<(u16, u16)> = Vec::new();
    let mut group: Option<String> = None;
    let mut closed = false;
    let mut last_to = None;
    for s in full {
        match s {
            Step::Jump(a, b) => {
                match group.as_mut() {
                    Some(g) if !closed => {
                        if last_to == Some(a) {
                            g.push_str(&format!("-{}", n(b)));
                        } else {
                            g.push_str(&format!(".{}-{}", n(a), n(b)));
                        }
                    }
                    _ => {
                        elems.extend(group.take());
                        group = Some(format!("{}-{}", n(a), n(b)));
                        closed = false;
                    }
                }
                last_to = Some(b);
            }
            Step::EndGroup => closed = true,
            Step::Keep(x) => {
                if let Some(g) = group.as_mut() {
                    g.push_str(&format!("={}", n(x)));
                }
            }
            other => {
                elems.extend(group.take());
                match other {
                    Step::Pass => elems.push(PASS.word.into()),
                    Step::Grow(x) => grows.push(x),
                    Step::NewGroup(x) => elems.push(format!("*{}", n(x))),
                    Step::Kill(a, b) => kills.push((a, b)),
                    _ => {}
                }
            }
        }
    }
    elems.extend(group.take());
    // The growths come first in every turn (W4 order), in point order.
    grows.sort_unstable();
    let mut all: Vec<String> = grows.into_iter().map(|x| format!("+{}", n(x))).collect();
    all.extend(elems);
    kills.sort_unstable();
    all.extend(kills.into_iter().map(|(a, b)| format!("{}x{}", n(a), n(b))));
    all.join(",")
}

/// Parses a turn token and resolves it against `pos` (a turn start), step by step.
pub(crate) fn parse_turn(pos: &Wells, text: &str) -> Result<Turn, GameError> {
    let elems = turn_syntax(text)?;
    let geo = pos.lattice;
    let ill = |reason: String| GameError::illegal(text, reason);
    if !pos.state.at_turn_start || pos.state.phase == Phase::Over {
        return Err(ill(
            "not at the start of a turn of a game in progress".into()
        ));
    }
    let mut r = Resolver {
        pos: pos.clone(),
        turn: pos.state.turn,
        chosen: Vec::new(),
        auto: Vec::new(),
    };
    let res = |p| resolve(geo, p, text);
    for (i, e) in elems.iter().enumerate() {
        // A forced step taken by itself may still be written: it must match (even after the
        // turn has ended by itself).
        let simple = match e {
            ElemSyntax::Grow(p) => Some(Step::Grow(res(*p)?)),
            ElemSyntax::New(p) => Some(Step::NewGroup(res(*p)?)),
            ElemSyntax::Kill(a, b) => Some(Step::Kill(res(*a)?, res(*b)?)),
            _ => None,
        };
        if let Some(s) = simple {
            if matches!(s, Step::Kill(..)) && !r.ended() {
                r.close_movement().map_err(&ill)?;
            }
            if r.take_auto(s) {
                continue;
            }
        }
        if r.ended() {
            return Err(ill(format!(
                "the turn is complete before element {}",
                i + 1
            )));
        }
        match e {
            ElemSyntax::Pass => {
                if i != 0 {
                    return Err(ill("pass must be the first element".into()));
                }
                r.apply(Step::Pass).map_err(&ill)?;
            }
            ElemSyntax::Grow(p) => r.apply(Step::Grow(res(*p)?)).map_err(&ill)?,
            ElemSyntax::New(p) => r.apply(Step::NewGroup(res(*p)?)).map_err(&ill)?,
            ElemSyntax::Kill(a, b) => r.apply(Step::Kill(res(*a)?, res(*b)?)).map_err(&ill)?,
            ElemSyntax::Group(chains, keep) => {
                // A new group's movement: close the previous one first.
                r.close_group().map_err(&ill)?;
                for chain in chains {
                    for w in chain.windows(2) {
                        if r.ended() {
                            return Err(ill("the turn is complete before this jump".into()));
                        }
                        r.apply(Step::Jump(res(w[0])?, res(w[1])?)).map_err(&ill)?;
                    }
                }
                if r.pos.state.phase == Phase::Moving {
                    r.apply(Step::EndGroup).map_err(&ill)?;
                }
                match keep {
                    Some(k) => {
                        let k = res(*k)? as usize;
                        match canonical_keep(&r.pos, k) {
                            Some(s) => r.apply(s).map_err(&ill)?,
                            None => {
                                return Err(ill(format!(
                                    "{} is not in an equal-largest part to keep",
                                    geo.name(k)
                                )))
                            }
                        }
                    }
                    None => {
                        if r.pos.state.phase == Phase::Keep {
                            return Err(ill(r.keep_missing()));
                        }
                    }
                }
            }
        }
    }
    if !r.ended() {
        r.close_movement().map_err(&ill)?;
    }
    if !r.ended() {
        return Err(ill(match r.pos.state.phase {
            Phase::Growth => "growth is incomplete: every group that can grow must grow".into(),
            Phase::NewGroup => "the compulsory new group is missing".into(),
            Phase::Kill => "a kill choice is missing".into(),
            Phase::Keep => r.keep_missing(),
            ph => format!("the turn is incomplete, in {}", phase_name(ph)),
        }));
    }
    Ok(Turn(r.chosen))
}

struct Resolver {
    pos: Wells,
    turn: u32,
    chosen: Vec<Step>,
    /// Forced steps taken by themselves and not yet matched by an element.
    auto: Vec<Step>,
}

impl Resolver {
    fn ended(&self) -> bool {
        self.pos.state.turn != self.turn
    }

    fn apply(&mut self, s: Step) -> Result<(), String> {
        if !self.pos.is_legal(s) {
            return Err(format!(
                "{} is not legal in {}",
                format_step(self.pos.lattice, s),
                phase_name(self.pos.state.phase)
            ));
        }
        let mut log = Vec::new();
        self.pos.apply_logged(s, Some(&mut log));
        self.chosen.push(s);
        self.auto.extend(log);
        Ok(())
    }

    fn take_auto(&mut self, s: Step) -> bool {
        match self.auto.iter().position(|&a| a == s) {
            Some(i) => {
                self.auto.remove(i);
                true
            }
            None => false,
        }
    }

    fn keep_missing(&self) -> String {
        let mut keep = [0; 8];
        let n = self.pos.keep_options(&mut keep);
        let opts: Vec<String> = keep[..n]
            .iter()
            .map(|&p| self.pos.lattice.name(p as usize))
            .collect();
        format!(
            "the group ends in equal largest parts: choose one with =<point> ({})",
            opts.join(" or ")
        )
    }

    /// Ends the moving group's movement, if one is moving.
    fn close_group(&mut self) -> Result<(), String> {
        if self.pos.state.phase == Phase::Moving {
            self.apply(Step::EndGroup)?;
        }
        if self.pos.state.phase == Phase::Keep {
            return Err(self.keep_missing());
        }
        Ok(())
    }

    /// Ends the movement phase, if it is under way.
    fn close_movement(&mut self) -> Result<(), String> {
        self.close_group()?;
        if self.pos.state.phase == Phase::Move && !self.ended() {
            self.apply(Step::EndMovement)?;
        }
        Ok(())
    }
}
