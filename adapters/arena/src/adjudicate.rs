//! Adjudication, as cutechess-cli's `-resign` and `-draw`. Resignation, `-resign movecount=N
//! score=S [twosided=true]`: a game ends as a loss for the side whose engine reported a score of `-S`
//! or less for its last `N` moves in a row; with `twosided`, only when the opponent's engine
//! reported `S` or more for its last `N` moves as well. Both engines agreeing is what makes
//! the rule safe to use when the scores mean an expected result, as the guerrilla engine's do
//! (protocol.md § 3.6: a number in [-1, 1], or `win in`/`loss in`/`draw in`). A draw, `-draw
//! movenumber=N movecount=C score=S`: a game ends as a draw when at least N full moves (2N
//! plies) have been played and both engines reported a score within S of 0 for their last C
//! moves each. So S lies in (0, 1] (resign) or [0, 1] (draw): cutechess's centipawns (400) are
//! refused, with a hint, since such a rule could never hold.
//!
//! The scores are the ones the records keep (`records::Move`'s `eval`, `score/depth`): a number, or `+MN`,
//! `-MN`, `=MN` counted as 1, -1 and 0. A move without a score breaks the mover's run. The rule
//! is a function of the moves alone, so `replay` checks an adjudicated record exactly as the
//! referee decided it.

use guerrilla::game::Side;
use serde::{Deserialize, Serialize};

/// A move as the rules read it: the score its engine reported (`score/depth`, as the records
/// keep it), if any. The records' moves are one (`records::Move`).
pub trait Scored {
    fn eval(&self) -> Option<&str>;
}

/// The resignation rule of a match.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Resign {
    /// Moves in a row of the losing side (and, with `twosided`, of the winning side).
    pub movecount: u32,
    /// The threshold, in the engines' score unit; positive.
    pub score: f64,
    /// The opponent's scores must agree.
    pub twosided: bool,
}

/// `key=value` fields separated by spaces or commas, each key among `keys`, into a map.
fn fields<'a>(
    s: &'a str,
    keys: &[&str],
    form: &str,
) -> Result<std::collections::HashMap<&'a str, &'a str>, String> {
    let mut out = std::collections::HashMap::new();
    for field in s.split([' ', ',']).filter(|f| !f.is_empty()) {
        let bad = || format!("expected {form} but got '{field}' in '{s}'");
        let (k, v) = field.split_once('=').ok_or_else(bad)?;
        if !keys.contains(&k) {
            return Err(bad());
        }
        out.insert(k, v);
    }
    Ok(out)
}

/// What a centipawn threshold of cutechess's is here, for the resignation rule.
const RESIGN_HINT: &str = "cutechess's score=400 (four pawns) is about score=0.9 here";

/// What a centipawn threshold of cutechess's is here, for the draw rule.
const DRAW_HINT: &str = "the draw rule asks both engines to see the game close to even: \
     cutechess's score=10 (a tenth of a pawn) is about score=0.03 here, and score=0.1 means \
     both expect from 45 % to 55 % of the points";

/// A score threshold in the engines' unit, an expected result in [-1, 1]: above 0 (or at 0
/// when `zero` allows it) and at most 1. `hint` says what a centipawn threshold is here.
fn threshold(v: &str, zero: bool, form: &str, hint: &str) -> Result<f64, String> {
    let x: f64 = v
        .parse()
        .ok()
        .filter(|x: &f64| x.is_finite())
        .ok_or_else(|| format!("expected {form} but got 'score={v}'"))?;
    if x > 1.0 {
        return Err(format!(
            "'score={v}' can never be met: the engines' scores are expected results in [-1, 1] \
             (protocol.md § 3.6), not centipawns; {hint}"
        ));
    }
    if x < 0.0 || (x == 0.0 && !zero) {
        return Err(format!(
            "expected {form} with a score {} but got 'score={v}'",
            if zero {
                "from 0 to 1"
            } else {
                "above 0, at most 1"
            }
        ));
    }
    Ok(x)
}

/// A count of at least `min`.
fn count(key: &str, v: &str, min: u32, form: &str) -> Result<u32, String> {
    v.parse::<u32>()
        .ok()
        .filter(|&n| n >= min)
        .ok_or_else(|| format!("expected {form} ({key} at least {min}) but got '{key}={v}'"))
}

impl std::str::FromStr for Resign {
    type Err = String;
    /// `movecount=N score=S [twosided=true|false]`, fields in any order, separated by spaces or
    /// commas; N at least 1, S above 0 and at most 1.
    fn from_str(s: &str) -> Result<Resign, String> {
        const FORM: &str = "movecount=N score=S [twosided=true|false] (N ≥ 1, 0 < S ≤ 1)";
        let f = fields(s, &["movecount", "score", "twosided"], FORM)?;
        let (Some(n), Some(score)) = (f.get("movecount"), f.get("score")) else {
            return Err(format!(
                "expected {FORM} but '{s}' lacks {}",
                if f.contains_key("movecount") {
                    "score"
                } else {
                    "movecount"
                }
            ));
        };
        Ok(Resign {
            movecount: count("movecount", n, 1, FORM)?,
            score: threshold(score, false, FORM, RESIGN_HINT)?,
            twosided: match f.get("twosided") {
                Some(v) => v
                    .parse()
                    .map_err(|_| format!("expected {FORM} but got 'twosided={v}'"))?,
                None => false,
            },
        })
    }
}

/// The draw rule of a match.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Draw {
    /// Full moves (pairs of plies) played before the rule applies.
    pub movenumber: u32,
    /// Moves in a row of each engine.
    pub movecount: u32,
    /// The largest distance of a score from 0; at most 1.
    pub score: f64,
}

impl std::str::FromStr for Draw {
    type Err = String;
    /// `movenumber=N movecount=C score=S`, fields in any order, separated by spaces or commas;
    /// movenumber 0 unless given, C at least 1, S from 0 to 1.
    fn from_str(s: &str) -> Result<Draw, String> {
        const FORM: &str = "movenumber=N movecount=C score=S (C ≥ 1, 0 ≤ S ≤ 1)";
        let f = fields(s, &["movenumber", "movecount", "score"], FORM)?;
        let (Some(c), Some(score)) = (f.get("movecount"), f.get("score")) else {
            return Err(format!(
                "expected {FORM} but '{s}' lacks movecount or score"
            ));
        };
        Ok(Draw {
            movenumber: match f.get("movenumber") {
                Some(n) => count("movenumber", n, 0, FORM)?,
                None => 0,
            },
            movecount: count("movecount", c, 1, FORM)?,
            score: threshold(score, true, FORM, DRAW_HINT)?,
        })
    }
}

impl Draw {
    /// True when the game is a draw by the rule after the last of `moves`.
    pub fn holds(&self, moves: &[impl Scored]) -> bool {
        let needed = 2 * self.movecount as usize;
        moves.len() >= 2 * self.movenumber as usize
            && moves.len() >= needed
            && moves[moves.len() - needed..].iter().all(|m| {
                m.eval()
                    .and_then(score_value)
                    .is_some_and(|x| x.abs() <= self.score)
            })
    }

    /// The rule as a sentence, for a record's `Detail`.
    pub fn detail(&self) -> String {
        format!(
            "both engines scored within {} of 0 for {} moves in a row",
            self.score, self.movecount
        )
    }
}

/// The number a recorded `score/depth` stands for: mates and proven results as ±1 and 0.
pub fn score_value(eval: &str) -> Option<f64> {
    let score = eval.split('/').next()?;
    if score.starts_with("+M") {
        Some(1.0)
    } else if score.starts_with("-M") {
        Some(-1.0)
    } else if score.starts_with("=M") {
        Some(0.0)
    } else {
        score.parse::<f64>().ok().filter(|x| x.is_finite())
    }
}

impl Resign {
    /// The side that resigns after the last of `moves` (the game having started with `first`
    /// to move, turns alternating): the mover of that last move when the rule holds for it.
    pub fn resigns(&self, moves: &[impl Scored], first: Side) -> Option<Side> {
        let last = moves.len().checked_sub(1)?;
        let mover = if last % 2 == 0 {
            first
        } else {
            first.opponent()
        };
        let n = self.movecount as usize;
        // The mover's last n moves are last, last-2, …; the opponent's the ones in between.
        let run = |from: usize, ok: &dyn Fn(f64) -> bool| {
            (0..n).all(|k| {
                from.checked_sub(2 * k)
                    .and_then(|i| moves[i].eval())
                    .and_then(score_value)
                    .is_some_and(ok)
            })
        };
        let losing = run(last, &|s| s <= -self.score);
        let agreed = !self.twosided
            || last
                .checked_sub(1)
                .is_some_and(|i| run(i, &|s| s >= self.score));
        (losing && agreed).then_some(mover)
    }

    /// The rule as a sentence, for a record's `Detail`.
    pub fn detail(&self, loser: Side, names: [&str; 2]) -> String {
        let loser_name = names[loser.index()];
        let mut d = format!(
            "{loser_name} scored -{} or less for {} moves in a row",
            self.score, self.movecount
        );
        if self.twosided {
            d.push_str(&format!(
                ", {} {} or more",
                names[loser.opponent().index()],
                self.score
            ));
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test's move: its score alone.
    #[derive(Clone)]
    struct Eval(Option<&'static str>);

    impl Scored for Eval {
        fn eval(&self) -> Option<&str> {
            self.0
        }
    }

    fn moves(evals: &[Option<&'static str>]) -> Vec<Eval> {
        evals.iter().map(|&e| Eval(e)).collect()
    }

    #[test]
    fn parses_cutechess_fields_and_refuses_the_rest() {
        let r: Resign = "movecount=3 score=0.9 twosided=true".parse().unwrap();
        assert_eq!(
            r,
            Resign {
                movecount: 3,
                score: 0.9,
                twosided: true
            }
        );
        let r: Resign = "score=0.5,movecount=1".parse().unwrap();
        assert!(!r.twosided);
        for bad in [
            "movecount=0 score=0.5",
            "movecount=3 score=-1",
            "movecount=3 score=nan",
            "movecount=3",
            "score=0.5",
            "movecount=3 score=0.5 twosided=yes",
            "movecount=3 score=0.5 draw=1",
            "movecount",
        ] {
            let err = bad.parse::<Resign>().unwrap_err();
            assert!(
                err.starts_with("expected movecount=N score=S"),
                "{bad}: {err}"
            );
        }
        // cutechess's centipawns can never be met: refused with a hint.
        let err = "movecount=3 score=400".parse::<Resign>().unwrap_err();
        assert!(
            err.contains("not centipawns") && err.contains("[-1, 1]"),
            "{err}"
        );
        assert!("movecount=3 score=1".parse::<Resign>().is_ok());
    }

    #[test]
    fn the_draw_rule() {
        let d: Draw = "movenumber=2 movecount=2 score=0.1".parse().unwrap();
        let even = moves(&[Some("0.05/3"), Some("-0.1/3"), Some("0/2"), Some("0.02/3")]);
        assert!(d.holds(&even));
        assert!(!d.holds(&even[..3]));
        let mut uneven = even.clone();
        uneven[1].0 = Some("-0.2/3");
        assert!(!d.holds(&uneven));
        uneven[1].0 = None;
        assert!(!d.holds(&uneven));
        let late: Draw = "movenumber=3 movecount=1 score=0.5".parse().unwrap();
        assert!(!late.holds(&even));
        assert!("movecount=1 score=0".parse::<Draw>().is_ok());
        for bad in [
            "movecount=0 score=0.1",
            "movecount=2 score=20",
            "score=0.1",
            "x=1",
        ] {
            assert!(bad.parse::<Draw>().is_err(), "{bad}");
        }
        assert!("movecount=2 score=20"
            .parse::<Draw>()
            .unwrap_err()
            .contains("not centipawns"));
    }

    #[test]
    fn reads_numbers_and_proven_results() {
        assert_eq!(score_value("-0.951/4"), Some(-0.951));
        assert_eq!(score_value("+M3/2"), Some(1.0));
        assert_eq!(score_value("-M1/0"), Some(-1.0));
        assert_eq!(score_value("=M2/5"), Some(0.0));
        assert_eq!(score_value("nan/3"), None);
        assert_eq!(score_value("x/3"), None);
    }

    #[test]
    fn one_sided_needs_the_movers_last_moves_all_at_or_below_minus_score() {
        let r = Resign {
            movecount: 2,
            score: 0.9,
            twosided: false,
        };
        // p1 moves at 0, 2, 4; p2 at 1, 3.
        let m = moves(&[Some("-0.95/1"), Some("0.1/1"), Some("-0.9/1")]);
        assert_eq!(r.resigns(&m, Side::P1), Some(Side::P1));
        assert_eq!(r.resigns(&m[..2], Side::P1), None);
        // Only one move of p1 so far.
        assert_eq!(r.resigns(&m[..1], Side::P1), None);
        // A move without a score breaks the run.
        let m = moves(&[None, Some("0.1/1"), Some("-0.99/1")]);
        assert_eq!(r.resigns(&m, Side::P1), None);
        // With p2 first, the same moves are p2's.
        let m = moves(&[Some("-M4/3"), Some("0.1/1"), Some("-0.91/1")]);
        assert_eq!(r.resigns(&m, Side::P2), Some(Side::P2));
        let m = moves(&[Some("-0.8/1"), Some("0.1/1"), Some("-0.99/1")]);
        assert_eq!(r.resigns(&m, Side::P1), None);
    }

    #[test]
    fn two_sided_needs_the_opponent_to_agree() {
        let r = Resign {
            movecount: 2,
            score: 0.9,
            twosided: true,
        };
        let m = moves(&[
            Some("0.2/1"),
            Some("-0.95/1"),
            Some("0.92/1"),
            Some("-0.97/1"),
        ]);
        // p2's last two ≤ -0.9 but p1's last two are 0.2 and 0.92.
        assert_eq!(r.resigns(&m, Side::P1), None);
        let mut m = m;
        m[0].0 = Some("+M5/2");
        assert_eq!(r.resigns(&m, Side::P1), Some(Side::P2));
        assert_eq!(
            r.detail(Side::P2, ["a", "b"]),
            "b scored -0.9 or less for 2 moves in a row, a 0.9 or more"
        );
    }
}
