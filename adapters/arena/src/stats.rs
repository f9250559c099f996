//! Match statistics: the pentanomial counts of colour-swapped game pairs, the logistic Elo
//! difference with its 95 % interval, the normalized Elo and the likelihood of superiority, as
//! fastchess computes them (and fishtest, whose formulas fastchess follows); the tests below
//! check them against figures those programs published. The SPRT is in `sprt`.
//!
//! * A pair's score is the first engine's points in its two games, 0, ½, 1, 1½ or 2, counted
//!   in five bins (`Ptnml(0-2)`); the per-game score of a pair is its points over 2.
//! * `mu` and `var` are the mean and variance of the per-game score of a pair over the `N`
//!   pairs. Elo = `-400·log10(1/mu − 1)`; its 95 % interval is the Elo of `mu ± 1.959964·√(var/N)`,
//!   reported as ± half its width. The normalized Elo is `(mu − ½)/√(2·var)·800/ln 10` with its
//!   interval taken the same way, and the LOS is `Φ((mu − ½)/√(var/N))`.
//! * Every figure printed is a number or a bound: pairs that all scored alike (no variance)
//!   have an interval of ±0.0 and a LOS of 0 %, 50 % or 100 %; an engine that scored
//!   everything (or nothing) has no maximum-likelihood Elo, which is infinite here and printed
//!   as the bound `> 800` (`< -800`); no pair at all leaves the figures undetermined (`nan`
//!   here), printed `-`. In JSON a figure that is not a finite number is `null`.

use serde::{Serialize, Serializer};

/// The Elo beyond which a figure that has no finite value is said to lie: the Elo of a score
/// of 99 %.
pub const ELO_BOUND: f64 = 800.0;

/// A figure that may be infinite (no finite estimate: one engine scored everything) or
/// undetermined (`nan`: no game). Printed as a number, a bound (`> 800`, `< -800`) or `-`;
/// in JSON a number or `null`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure(pub f64);

impl Serialize for Figure {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_finite() {
            s.serialize_f64(self.0 + 0.0)
        } else {
            s.serialize_none()
        }
    }
}

impl Figure {
    /// With `decimals` decimals; `> 800` or `< -800` for an infinite figure, `-` for an
    /// undetermined one.
    pub fn text(&self, decimals: usize) -> String {
        let x = self.0;
        if x.is_nan() {
            "-".into()
        } else if x.is_infinite() {
            if x > 0.0 {
                format!("> {ELO_BOUND}")
            } else {
                format!("< -{ELO_BOUND}")
            }
        } else {
            fixed(x, decimals)
        }
    }

    /// A fraction as a percentage with one decimal (`-` when undetermined).
    pub fn percent(&self) -> String {
        Figure(self.0 * 100.0).text(1)
    }

    /// `VALUE +/- ERROR`, or the bound alone when the value has no finite estimate (its
    /// interval then says nothing more).
    pub fn with_error(&self, error: Figure, decimals: usize) -> String {
        if self.0.is_infinite() {
            self.text(decimals)
        } else {
            format!("{} +/- {}", self.text(decimals), error.text(decimals))
        }
    }
}

/// `x` with `decimals` decimals, without the sign of a figure that rounds to zero (`0.00`, not
/// `-0.00`).
pub fn fixed(x: f64, decimals: usize) -> String {
    let s = format!("{:.*}", decimals, x);
    match s.strip_prefix('-') {
        Some(digits) if digits.chars().all(|c| c == '0' || c == '.') => digits.to_string(),
        _ => s,
    }
}

/// 97.5 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Elo points per unit of normalized score: `800 / ln 10`.
pub const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// The per-game scores of the five pentanomial bins.
const BIN_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Counts of game pairs by the first engine's points in the pair: 0, ½, 1, 1½, 2.
pub type Pentanomial = [u64; 5];

/// Logistic Elo of an expected score (`±inf` at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Expected score of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function.
fn phi(x: f64) -> f64 {
    0.5 * (1.0 + libm::erf(x / std::f64::consts::SQRT_2))
}

/// Number of pairs, mean and variance of the per-game score of a pair.
fn moments(p: &Pentanomial) -> (f64, f64, f64) {
    let n: f64 = p.iter().sum::<u64>() as f64;
    if n == 0.0 {
        return (0.0, f64::NAN, f64::NAN);
    }
    let mu = p
        .iter()
        .zip(BIN_SCORES)
        .map(|(&c, s)| c as f64 * s)
        .sum::<f64>()
        / n;
    let var = p
        .iter()
        .zip(BIN_SCORES)
        .map(|(&c, s)| c as f64 * (s - mu).powi(2))
        .sum::<f64>()
        / n;
    (n, mu, var)
}

/// What a match's pairs say about the first engine against the second. A figure is infinite
/// where no finite estimate exists and `nan` without a pair (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloFigures {
    pub elo: f64,
    /// Half the width of the Elo's 95 % interval.
    pub elo_error: f64,
    pub nelo: f64,
    pub nelo_error: f64,
    /// Likelihood of superiority, in [0, 1].
    pub los: f64,
}

/// The Elo figures of these pentanomial counts.
pub fn elo_figures(p: &Pentanomial) -> EloFigures {
    let (n, mu, var) = moments(p);
    if n == 0.0 {
        return EloFigures {
            elo: f64::NAN,
            elo_error: f64::NAN,
            nelo: f64::NAN,
            nelo_error: f64::NAN,
            los: f64::NAN,
        };
    }
    let half = Z95 * (var / n).sqrt();
    let nelo = |s: f64| {
        if var > 0.0 {
            (s - 0.5) / (2.0 * var).sqrt() * NELO_SCALE
        } else if s == 0.5 {
            0.0
        } else {
            f64::INFINITY.copysign(s - 0.5)
        }
    };
    // Pairs that all scored alike leave no spread: the interval is a point.
    let interval = |f: &dyn Fn(f64) -> f64| {
        if var > 0.0 {
            (f(mu + half) - f(mu - half)) / 2.0
        } else {
            0.0
        }
    };
    EloFigures {
        elo: elo_of_score(mu),
        elo_error: interval(&elo_of_score),
        nelo: nelo(mu),
        nelo_error: interval(&nelo),
        los: if var > 0.0 {
            phi((mu - 0.5) / (var / n).sqrt())
        } else {
            match mu.partial_cmp(&0.5) {
                Some(std::cmp::Ordering::Greater) => 1.0,
                Some(std::cmp::Ordering::Less) => 0.0,
                _ => 0.5,
            }
        },
    }
}

/// Elo difference of the first engine over the second and the half-width of its 95 %
/// interval, from the pentanomial counts. `None` without a pair.
#[cfg(test)]
pub fn elo_interval(p: &Pentanomial) -> Option<(f64, f64)> {
    let f = elo_figures(p);
    (p.iter().sum::<u64>() > 0).then_some((f.elo, f.elo_error))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    /// fastchess's report of a 2000-game match: `Elo: 4.00 +/- 5.68` from
    /// `LOS: 91.59 %` from `Ptnml(0-2): [5, 109, 748, 134, 4]`; its nElo by its formula.
    #[test]
    fn elo_interval_matches_fastchess() {
        let f = elo_figures(&[5, 109, 748, 134, 4]);
        assert!(close(f.elo, 4.00, 0.005), "{f:?}");
        assert!(close(f.elo_error, 5.68, 0.005), "{f:?}");
        assert!(close(f.los, 0.9159, 0.00005), "{f:?}");
        // (0.50575 − ½)/√(2·0.0174044)·800/ln 10, interval 1.96·800/ln 10/√2000.
        assert!(close(f.nelo, 10.71, 0.01), "{f:?}");
        assert!(close(f.nelo_error, 15.23, 0.01), "{f:?}");
    }

    /// The figures the counts do not determine exactly: bounds, points and `-`, never `nan`
    /// or `inf` in text.
    #[test]
    fn one_sided_even_and_empty_matches() {
        let lost = elo_figures(&[2, 0, 0, 0, 0]);
        assert_eq!(
            (lost.elo, lost.nelo),
            (f64::NEG_INFINITY, f64::NEG_INFINITY)
        );
        assert_eq!((lost.elo_error, lost.nelo_error, lost.los), (0.0, 0.0, 0.0));
        assert_eq!(
            Figure(lost.elo).with_error(Figure(lost.elo_error), 1),
            "< -800"
        );
        let won = elo_figures(&[0, 0, 0, 0, 3]);
        assert_eq!((won.elo, won.los), (f64::INFINITY, 1.0));
        assert_eq!(Figure(won.elo).text(1), "> 800");
        assert_eq!(Figure(won.los).percent(), "100.0");
        let drawn = elo_figures(&[0, 0, 2, 0, 0]);
        assert_eq!(
            (
                drawn.elo,
                drawn.elo_error,
                drawn.nelo,
                drawn.nelo_error,
                drawn.los
            ),
            (0.0, 0.0, 0.0, 0.0, 0.5)
        );
        assert_eq!(
            Figure(drawn.elo).with_error(Figure(drawn.elo_error), 1),
            "0.0 +/- 0.0"
        );
        let none = elo_figures(&[0; 5]);
        assert!(none.elo.is_nan() && none.los.is_nan());
        assert_eq!(Figure(none.los).percent(), "-");
        // An interval reaching a score of 1 is unbounded.
        let wide = elo_figures(&[0, 0, 1, 0, 3]);
        assert!(wide.elo.is_finite(), "{wide:?}");
        assert_eq!(Figure(wide.elo_error).text(1), "> 800");
        assert_eq!(fixed(-0.001, 2), "0.00");
        assert_eq!(fixed(-0.006, 2), "-0.01");
        // JSON: numbers or null.
        let json = serde_json::to_string(&[Figure(1.5), Figure(f64::INFINITY), Figure(f64::NAN)]);
        assert_eq!(json.unwrap(), "[1.5,null,null]");
        assert_eq!(elo_interval(&[0; 5]), None);
        assert_eq!(elo_interval(&[0, 0, 0, 0, 3]).unwrap().0, f64::INFINITY);
        assert_eq!(elo_interval(&[3, 0, 0, 0, 0]).unwrap().0, f64::NEG_INFINITY);
    }

    /// A fishtest instance's raw statistics page (montytest, test 69d3c8dc7c5b3724e29d2712):
    /// Ptnml(0-2) [13, 37, 50, 25, 3], Elo −43.6578.
    #[test]
    fn elo_matches_a_fishtest_statistics_page() {
        let (elo, _) = elo_interval(&[13, 37, 50, 25, 3]).unwrap();
        assert!(close(elo, -43.6578, 0.0001), "{elo}");
    }
}
