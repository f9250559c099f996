//! Resignation by adjudication, as cutechess-cli's `-resign movecount=N score=S
//! [twosided=true]`: a game ends as a loss for the side whose engine reported a score of `-S`
//! or less for its last `N` moves in a row; with `twosided`, only when the opponent's engine
//! reported `S` or more for its last `N` moves as well. Both engines agreeing is what makes
//! the rule safe to use when the scores mean an expected result, as the guerrilla engine's do
//! (protocol.md § 3.6: a number in [-1, 1], or `win in`/`loss in`/`draw in`).
//!
//! The scores are the ones the records keep (`Move::eval`, `score/depth`): a number, or `+MN`,
//! `-MN`, `=MN` counted as 1, -1 and 0. A move without a score breaks the mover's run. The rule
//! is a function of the moves alone, so `replay` checks an adjudicated record exactly as the
//! referee decided it.

use guerrilla::game::Side;
use serde::{Deserialize, Serialize};

use crate::records::Move;

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

impl std::str::FromStr for Resign {
    type Err = String;
    /// `movecount=N score=S [twosided=true|false]`, fields in any order, separated by spaces or
    /// commas; N at least 1, S a finite number above 0.
    fn from_str(s: &str) -> Result<Resign, String> {
        let mut movecount = None;
        let mut score = None;
        let mut twosided = false;
        for field in s.split([' ', ',']).filter(|f| !f.is_empty()) {
            let bad = || {
                format!(
                    "expected movecount=N score=S [twosided=true|false] (N ≥ 1, S > 0) but got '{field}' in '{s}'"
                )
            };
            let (k, v) = field.split_once('=').ok_or_else(bad)?;
            match k {
                "movecount" => {
                    movecount = Some(v.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(bad)?)
                }
                "score" => {
                    score = Some(
                        v.parse::<f64>()
                            .ok()
                            .filter(|x| x.is_finite() && *x > 0.0)
                            .ok_or_else(bad)?,
                    )
                }
                "twosided" => twosided = v.parse::<bool>().map_err(|_| bad())?,
                _ => return Err(bad()),
            }
        }
        match (movecount, score) {
            (Some(movecount), Some(score)) => Ok(Resign {
                movecount,
                score,
                twosided,
            }),
            _ => Err(format!(
                "expected movecount=N score=S [twosided=true|false] but '{s}' lacks {}",
                if movecount.is_none() {
                    "movecount"
                } else {
                    "score"
                }
            )),
        }
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
    pub fn resigns(&self, moves: &[Move], first: Side) -> Option<Side> {
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
                    .and_then(|i| moves[i].eval.as_deref())
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

    fn moves(evals: &[Option<&str>]) -> Vec<Move> {
        evals
            .iter()
            .map(|e| Move {
                token: "x".into(),
                ms: 0,
                eval: e.map(String::from),
            })
            .collect()
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
        m[0].eval = Some("+M5/2".into());
        assert_eq!(r.resigns(&m, Side::P1), Some(Side::P2));
        assert_eq!(
            r.detail(Side::P2, ["a", "b"]),
            "b scored -0.9 or less for 2 moves in a row, a 0.9 or more"
        );
    }
}
