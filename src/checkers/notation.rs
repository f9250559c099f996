//! Turn and step notation (see `doc/checkers.md` and protocol.md § 6.1): parsing in two stages
//! (text → [`TurnSyntax`] or [`StepSyntax`], syntax-only values → a legal [`Turn`] or [`Step`]
//! resolved against the position) and canonical printing.
//!
//! ```text
//! move   = pair | path
//! pair   = point point                 ; D4D5: two points, either order
//! point  = pfile prank                 ; pfile = "A".."I", prank = "1".."9"
//! path   = square hop { hop }          ; c5-d6, c5xd6, c5xd6xe5
//! hop    = ( "-" | "x" ) square        ; "-" a plain step, "x" a capturing step
//! square = file rank                   ; file = "a".."h", rank = "1".."8"
//! step   = point | square hop          ; one decision: a stone D4, or one hop c5-d6 / c5xd6
//! ```

use nom::branch::alt;
use nom::character::complete::{char, satisfy};
use nom::combinator::{all_consuming, map};
use nom::multi::many1;
use nom::{IResult, Parser};

use super::lattice::{self, CROSS, STEP};
use super::steps::Step;
use super::turns::Turn;
use super::Checkers;
use crate::game::{GameError, Side};

/// What `parse` expects, for syntax errors.
const EXPECTED: &str = "a move: two points like D4D5, or a path of squares like c5-d6 or c5xd6xe5";

/// A move as written, before it is checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TurnSyntax {
    /// Two 9×9 points `(file, rank)`, 0-based, as written.
    Pair((u8, u8), (u8, u8)),
    /// A start square and the steps: (`true` for `x`, target square).
    Path { start: u8, steps: Vec<(bool, u8)> },
}

/// `square = file rank ; file = "a".."h" ; rank = "1".."8"`
pub(crate) fn square(i: &str) -> IResult<&str, u8> {
    map(
        (
            satisfy(|c| ('a'..='h').contains(&c)),
            satisfy(|c| ('1'..='8').contains(&c)),
        ),
        |(f, r)| (r as u8 - b'1') * 8 + (f as u8 - b'a'),
    )
    .parse(i)
}

/// `point = pfile prank ; pfile = "A".."I" ; prank = "1".."9"`
pub(crate) fn point(i: &str) -> IResult<&str, (u8, u8)> {
    map(
        (
            satisfy(|c| ('A'..='I').contains(&c)),
            satisfy(|c| ('1'..='9').contains(&c)),
        ),
        |(f, r)| (f as u8 - b'A', r as u8 - b'1'),
    )
    .parse(i)
}

/// `pair = point point`
pub(crate) fn pair(i: &str) -> IResult<&str, TurnSyntax> {
    map((point, point), |(p, q)| TurnSyntax::Pair(p, q)).parse(i)
}

/// `hop = ( "-" | "x" ) square`
pub(crate) fn hop(i: &str) -> IResult<&str, (bool, u8)> {
    (
        alt((map(char('-'), |_| false), map(char('x'), |_| true))),
        square,
    )
        .parse(i)
}

/// `path = square hop { hop }`
pub(crate) fn path(i: &str) -> IResult<&str, TurnSyntax> {
    map((square, many1(hop)), |(start, steps)| TurnSyntax::Path {
        start,
        steps,
    })
    .parse(i)
}

const GUERRILLA_RULE: &str = "a Guerrilla move: two points like D4D5 (point = A..I 1..9)";
const COIN_RULE: &str =
    "a COIN move: a path of squares like c5-d6 or c5xd6xe5 (square = a..h 1..8)";

/// A syntax error names the rule of the side to move (a Guerrilla move while the Guerrilla is to
/// move, whatever the text looked like); other errors pass unchanged.
pub(crate) fn for_side(e: GameError, guerrilla_to_move: bool) -> GameError {
    match e {
        GameError::Syntax { got, .. } => GameError::syntax(
            if guerrilla_to_move {
                GUERRILLA_RULE
            } else {
                COIN_RULE
            },
            got,
        ),
        other => other,
    }
}

/// `move = pair | path`, the whole text.
pub(crate) fn turn_syntax(text: &str) -> Result<TurnSyntax, GameError> {
    match all_consuming(alt((pair, path))).parse(text) {
        Ok((_, n)) => Ok(n),
        Err(_) => {
            // Name the rule the text was heading for, from its first character.
            let expected = match text.chars().next() {
                Some('A'..='I') => GUERRILLA_RULE,
                Some('a'..='h') => COIN_RULE,
                _ => EXPECTED,
            };
            Err(GameError::syntax(expected, text))
        }
    }
}

/// What `parse_step` expects, for syntax errors.
const EXPECTED_STEP: &str =
    "a step: a point like D4 (a stone) or one diagonal step like c5-d6 or c5xd6 (a hop)";

/// A step as written, before it is checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StepSyntax {
    /// A 9×9 point `(file, rank)`, 0-based, as written.
    Stone((u8, u8)),
    /// A start square, `true` for `x`, and the target square.
    Hop { from: u8, capture: bool, to: u8 },
}

/// `step = point | square hop`, the whole text.
pub(crate) fn step_syntax(text: &str) -> Result<StepSyntax, GameError> {
    let stone = map(point, StepSyntax::Stone);
    let one_hop = map((square, hop), |(from, (capture, to))| StepSyntax::Hop {
        from,
        capture,
        to,
    });
    match all_consuming(alt((stone, one_hop))).parse(text) {
        Ok((_, n)) => Ok(n),
        Err(_) => {
            let expected = match text.chars().next() {
                Some('A'..='I') => "a Guerrilla step: one point like D4 (point = A..I 1..9)",
                Some('a'..='h') => {
                    "a COIN step: one diagonal step like c5-d6 or c5xd6 (square = a..h 1..8)"
                }
                _ => EXPECTED_STEP,
            };
            Err(GameError::syntax(expected, text))
        }
    }
}

impl Checkers {
    /// The canonical text of a step from this position: a point (`D4`), or a hop with `x` when
    /// it crosses a stone and `-` when not (`c5xd6`, `c5-d6`).
    pub(crate) fn format_step_text(&self, step: Step) -> String {
        match step {
            Step::Stone(p) => lattice::point_name(p),
            Step::Hop { from, dir } => {
                let (t, c) = (
                    STEP[from as usize][dir as usize],
                    CROSS[from as usize][dir as usize],
                );
                if t == lattice::NONE {
                    return format!("{}?", lattice::square_name(from));
                }
                let sep = if self.stones & (1u64 << c) != 0 {
                    'x'
                } else {
                    '-'
                };
                format!(
                    "{}{sep}{}",
                    lattice::square_name(from),
                    lattice::square_name(t)
                )
            }
        }
    }

    /// Resolves a parsed step against this position (not over): `Ok` only for a legal step.
    pub(crate) fn resolve_step(&self, text: &str, n: &StepSyntax) -> Result<Step, GameError> {
        let bad = |reason: String| Err(GameError::illegal(text, reason));
        match *n {
            StepSyntax::Stone((f, r)) => {
                if self.side != Side::P1 {
                    return bad("it is COIN's turn: a COIN step is a hop like c5-d6".into());
                }
                let Some(p) = lattice::interior(f, r) else {
                    return bad(format!(
                        "{} is an edge point: stones go on B2..H8 (GC1)",
                        lattice::point_name_9(f, r)
                    ));
                };
                let np = lattice::point_name(p);
                if self.stones & (1u64 << p) != 0 {
                    return bad(format!("{np} already holds a stone"));
                }
                let step = Step::Stone(p);
                if self.is_legal_step(step) {
                    return Ok(step);
                }
                if self.pending != lattice::NONE {
                    return bad(format!(
                        "{np} is not orthogonally adjacent to the first stone on {} (GC3)",
                        lattice::point_name(self.pending)
                    ));
                }
                if self.hand < 2 {
                    return bad(format!("{} stone(s) in hand, two needed (GC5)", self.hand));
                }
                if !self.first && lattice::neighbours(self.stones) & (1u64 << p) == 0 {
                    return bad(format!(
                        "{np} is not next to a stone on the board: the first stone of a turn must be (GC3)"
                    ));
                }
                bad(format!(
                    "{np} has no empty neighbour for the second stone (GC3)"
                ))
            }
            StepSyntax::Hop { from, capture, to } => {
                if self.side != Side::P2 {
                    return bad(
                        "it is the Guerrilla's turn: a Guerrilla step is a point like D4".into(),
                    );
                }
                let (ns, nt) = (lattice::square_name(from), lattice::square_name(to));
                if self.chain != lattice::NONE && from != self.chain {
                    return bad(format!(
                        "the checker on {} must go on capturing (GC4)",
                        lattice::square_name(self.chain)
                    ));
                }
                if self.checkers & (1u64 << from) == 0 {
                    return bad(format!("no checker on {ns}"));
                }
                let Some(d) = (0..4).find(|&d| STEP[from as usize][d] == to) else {
                    return bad(format!("{nt} is not one diagonal step from {ns} (GC4)"));
                };
                if self.checkers & (1u64 << to) != 0 {
                    return bad(format!("{nt} holds a checker (GC4)"));
                }
                let c = CROSS[from as usize][d];
                let nc = lattice::point_name(c);
                let has_stone = self.stones & (1u64 << c) != 0;
                if capture && !has_stone {
                    return bad(format!(
                        "{ns}x{nt} captures nothing, {nc} is empty: a plain step is written {ns}-{nt}"
                    ));
                }
                if !capture && has_stone {
                    return bad(format!(
                        "{ns}-{nt} crosses the stone on {nc}: a capture is written {ns}x{nt}"
                    ));
                }
                let step = Step::Hop { from, dir: d as u8 };
                if !self.is_legal_step(step) {
                    return bad(format!(
                        "{ns}-{nt} captures nothing: after a capture only captures follow (GC4)"
                    ));
                }
                Ok(step)
            }
        }
    }

    /// The canonical token of a move from this position: a pair lower point first (by rank, then
    /// file: `D4E4`, `D4D5`); a path with `x` before each capturing step and `-` before a plain
    /// one.
    pub(crate) fn format_move(&self, mv: Turn) -> String {
        match mv {
            Turn::Pair(a, b) => {
                let (a, b) = (a.min(b), a.max(b));
                format!("{}{}", lattice::point_name(a), lattice::point_name(b))
            }
            Turn::Path { from, len, dirs } => {
                let mut s = lattice::square_name(from);
                let mut stones = self.stones;
                let mut sq = from as usize;
                for i in 0..len as u32 {
                    let d = ((dirs >> (2 * i)) & 3) as usize;
                    let c = CROSS[sq][d];
                    if c != lattice::NONE && stones & (1u64 << c) != 0 {
                        stones &= !(1u64 << c);
                        s.push('x');
                    } else {
                        s.push('-');
                    }
                    sq = STEP[sq][d] as usize;
                    if sq == lattice::NONE as usize {
                        s.push('?');
                        break;
                    }
                    s.push_str(&lattice::square_name(sq as u8));
                }
                s
            }
        }
    }

    /// Resolves a parsed move against this position (not over): `Ok` only for a legal move.
    pub(crate) fn resolve(&self, text: &str, n: &TurnSyntax) -> Result<Turn, GameError> {
        let bad = |reason: String| Err(GameError::illegal(text, reason));
        match n {
            TurnSyntax::Pair(p, q) => {
                if self.side != Side::P1 {
                    return bad("it is COIN's turn: a COIN move is a path of squares".into());
                }
                let mut ips = [0u8; 2];
                for (k, &(f, r)) in [p, q].into_iter().enumerate() {
                    match lattice::interior(f, r) {
                        Some(ip) => ips[k] = ip,
                        None => {
                            return bad(format!(
                                "{} is an edge point: stones go on B2..H8 (GC1)",
                                lattice::point_name_9(f, r)
                            ))
                        }
                    }
                }
                let [a, b] = ips;
                let (na, nb) = (lattice::point_name(a), lattice::point_name(b));
                if a == b {
                    return bad(format!("both stones on {na}"));
                }
                if lattice::neighbours(1u64 << a) & (1u64 << b) == 0 {
                    return bad(format!("{na} and {nb} are not orthogonally adjacent (GC3)"));
                }
                for (ip, name) in [(a, &na), (b, &nb)] {
                    if self.stones & (1u64 << ip) != 0 {
                        return bad(format!("{name} already holds a stone"));
                    }
                }
                if self.hand < 2 {
                    return bad(format!("{} stone(s) in hand, two needed (GC5)", self.hand));
                }
                if !self.first
                    && lattice::neighbours(self.stones) & ((1u64 << a) | (1u64 << b)) == 0
                {
                    return bad(format!(
                        "neither {na} nor {nb} is next to a stone on the board (GC3)"
                    ));
                }
                Ok(Turn::Pair(a.min(b), a.max(b)))
            }
            TurnSyntax::Path { start, steps } => {
                if self.side != Side::P2 {
                    return bad(
                        "it is the Guerrilla's turn: a Guerrilla move is a pair of points".into(),
                    );
                }
                let from = *start;
                if self.checkers & (1u64 << from) == 0 {
                    return bad(format!("no checker on {}", lattice::square_name(from)));
                }
                let others = self.checkers & !(1u64 << from);
                let mut stones = self.stones;
                let mut sq = from;
                let mut dirs = 0u128;
                let mut captured = false;
                for (i, &(x, t)) in steps.iter().enumerate() {
                    let (ns, nt) = (lattice::square_name(sq), lattice::square_name(t));
                    if i > 0 && !captured {
                        return bad(format!(
                            "a plain step ends the move, so nothing may follow {ns} (GC4)"
                        ));
                    }
                    let Some(d) = (0..4).find(|&d| STEP[sq as usize][d] == t) else {
                        return bad(format!("{nt} is not one diagonal step from {ns} (GC4)"));
                    };
                    if others & (1u64 << t) != 0 {
                        return bad(format!("{nt} holds a checker (GC4)"));
                    }
                    let c = CROSS[sq as usize][d];
                    let nc = lattice::point_name(c);
                    let has_stone = stones & (1u64 << c) != 0;
                    if x && !has_stone {
                        return bad(format!(
                            "{ns}x{nt} captures nothing, {nc} is empty: a plain step is written {ns}-{nt}"
                        ));
                    }
                    if !x && has_stone {
                        return bad(format!(
                            "{ns}-{nt} crosses the stone on {nc}: a capture is written {ns}x{nt}"
                        ));
                    }
                    if i > 0 && !has_stone {
                        return bad(format!(
                            "{ns}-{nt} captures nothing: after a capture only captures follow (GC4)"
                        ));
                    }
                    if has_stone {
                        stones &= !(1u64 << c);
                    }
                    captured = has_stone;
                    dirs |= (d as u128) << (2 * i as u32);
                    sq = t;
                }
                if captured {
                    for d in 0..4 {
                        let t = STEP[sq as usize][d];
                        if t != lattice::NONE
                            && others & (1u64 << t) == 0
                            && stones & (1u64 << CROSS[sq as usize][d]) != 0
                        {
                            return bad(format!(
                                "the capture must go on: {}x{} is available (GC4)",
                                lattice::square_name(sq),
                                lattice::square_name(t)
                            ));
                        }
                    }
                }
                Ok(Turn::Path {
                    from,
                    len: steps.len() as u8,
                    dirs,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar() {
        let e = turn_syntax("D4d5").unwrap_err().to_string();
        assert!(e.starts_with("expected a Guerrilla move"), "{e}");
        let e = turn_syntax("c5d6").unwrap_err().to_string();
        assert!(e.starts_with("expected a COIN move"), "{e}");
        assert_eq!(turn_syntax("D4D5"), Ok(TurnSyntax::Pair((3, 3), (3, 4))));
        assert_eq!(turn_syntax("A1I9"), Ok(TurnSyntax::Pair((0, 0), (8, 8))));
        assert!(
            matches!(turn_syntax("c5xd6xe5"), Ok(TurnSyntax::Path { start: 34, ref steps }) if steps.len() == 2)
        );
        for bad in [
            "", "d4d5", "D4", "D4D5E6", "c5", "c5d6", "c5-", "c5_d6", "c5-d6 ", " c5-d6", "c5Xd6",
            "J1A1", "A0A1", "i1-a1", "c9-d8", "C5-D6", "D4-D5",
        ] {
            let e = turn_syntax(bad).unwrap_err().to_string();
            assert!(e.contains(&format!("but got '{bad}'")), "{e}");
            assert!(
                matches!(turn_syntax(bad), Err(GameError::Syntax { .. })),
                "{bad:?} should be a syntax error"
            );
        }
    }

    #[test]
    fn step_grammar() {
        assert_eq!(step_syntax("D4"), Ok(StepSyntax::Stone((3, 3))));
        assert_eq!(step_syntax("A1"), Ok(StepSyntax::Stone((0, 0))));
        assert_eq!(
            step_syntax("c5xd6"),
            Ok(StepSyntax::Hop {
                from: 34,
                capture: true,
                to: 43
            })
        );
        assert!(matches!(
            step_syntax("c5-d6"),
            Ok(StepSyntax::Hop { capture: false, .. })
        ));
        let e = step_syntax("D4D5").unwrap_err().to_string();
        assert!(e.starts_with("expected a Guerrilla step"), "{e}");
        let e = step_syntax("c5xd6xe5").unwrap_err().to_string();
        assert!(e.starts_with("expected a COIN step"), "{e}");
        for bad in [
            "", "d4", "D", "D4 ", "c5", "c5d6", "c5-", "c5Xd6", "J1", "A0", "pass",
        ] {
            assert!(
                matches!(step_syntax(bad), Err(GameError::Syntax { .. })),
                "{bad:?} should be a syntax error"
            );
        }
    }
}
