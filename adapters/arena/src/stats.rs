//! Match statistics: the pentanomial counts of colour-swapped game pairs, the logistic Elo
//! difference with its 95 % interval, and the SPRT log-likelihood ratio.
//!
//! The formulas are those of fishtest (`stat_util.get_elo`) and of fastchess, checked in the
//! tests below against figures they published:
//! * a pair's score is the first engine's points in the two games, 0, ½, 1, 1½ or 2, counted in
//!   five bins (`Ptnml(0-2)`); the per-game score of a pair is its points over 2;
//! * `mu` and `var` are the mean and variance of the per-game score of a pair, over the pairs;
//!   Elo = `-400·log10(1/mu − 1)`, and the 95 % interval is the Elo of `mu ± 1.959964·σ/√N`,
//!   reported as ± half its width;
//! * the LLR is the Gaussian approximation of the generalised SPRT (fastchess; fishtest's
//!   "alt2"): `N·(s1 − s0)·(2·mu − s0 − s1) / (2·var)`, where `s0`, `s1` are the scores expected
//!   under H0 and H1 (logistic Elo: `1/(1 + 10^(−elo/400))`; normalized Elo:
//!   `½ + nelo·√(2·var)/(800/ln 10)`); bins with no pair count as 0.001 of a pair
//!   (fishtest's regularisation), so a one-sided match has a finite LLR;
//!   (for a one-sided result with almost no variance, fishtest's exact GSPRT is much smaller
//!   than this approximation; both are then far beyond the bounds);
//! * the bounds are `ln(β/(1−α))` and `ln((1−β)/α)`; no decision is taken before `min-pairs`
//!   pairs (10 unless given): with the regularisation, a single drawn pair has an LLR beyond
//!   the bounds. fishtest and OpenBench only look at the LLR after batches of games.

use serde::{Deserialize, Serialize};

/// 97.5 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Counts of game pairs by the first engine's points in the pair: 0, ½, 1, 1½, 2.
pub type Pentanomial = [u64; 5];

/// Logistic Elo of an expected score.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Expected score of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Number of pairs, mean and variance of the per-game score of a pair. `regularize` replaces
/// empty bins by 0.001 of a pair, as fishtest does for the LLR.
fn moments(p: &Pentanomial, regularize: bool) -> (f64, f64, f64) {
    let counts: Vec<f64> = p
        .iter()
        .map(|&c| if regularize && c == 0 { 1e-3 } else { c as f64 })
        .collect();
    let n: f64 = counts.iter().sum();
    if n == 0.0 {
        return (0.0, 0.5, 0.0);
    }
    let score = |i: usize| i as f64 / 4.0;
    let mu = counts
        .iter()
        .enumerate()
        .map(|(i, c)| c * score(i))
        .sum::<f64>()
        / n;
    let var = counts
        .iter()
        .enumerate()
        .map(|(i, c)| c * (score(i) - mu).powi(2))
        .sum::<f64>()
        / n;
    (n, mu, var)
}

/// Elo difference of the first engine over the second and the half-width of its 95 %
/// interval, from the pentanomial counts. `None` without a pair; the Elo is infinite when one
/// engine scored everything, and the interval is infinite when it reaches a score of 0 or 1.
pub fn elo_interval(p: &Pentanomial) -> Option<(f64, f64)> {
    let (n, mu, var) = moments(p, false);
    if n == 0.0 {
        return None;
    }
    let half = Z95 * (var / n).sqrt();
    let bound = |s: f64| {
        if s <= 0.0 {
            f64::NEG_INFINITY
        } else if s >= 1.0 {
            f64::INFINITY
        } else {
            elo_of_score(s)
        }
    };
    let elo = bound(mu);
    let width = (bound(mu + half) - bound(mu - half)) / 2.0;
    Some((elo, width))
}

/// The Elo model of the SPRT's bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EloModel {
    Logistic,
    Normalized,
}

/// A sequential probability ratio test on the pentanomial counts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: EloModel,
    /// No decision before this many pairs: the LLR's variance is estimated from the pairs, and
    /// a handful of them (one drawn pair has no variance at all) says nothing yet.
    pub min_pairs: u64,
}

/// What an SPRT concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// The LLR crossed the upper bound: H1 (elo ≥ elo1) accepted.
    H1,
    /// The LLR crossed the lower bound: H0 (elo ≤ elo0) accepted.
    H0,
    /// Neither bound crossed yet.
    Continue,
}

impl std::str::FromStr for Sprt {
    type Err = String;
    /// `elo0=E elo1=E alpha=A beta=B [model=logistic|normalized]`, fields in any order,
    /// separated by spaces or commas.
    fn from_str(s: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic,
            min_pairs: 10,
        };
        for field in s.split([' ', ',']).filter(|f| !f.is_empty()) {
            let bad = || {
                format!(
                    "expected elo0=E elo1=E [alpha=A] [beta=B] [model=logistic|normalized] [min-pairs=N] but got '{field}' in '{s}'"
                )
            };
            let (k, v) = field.split_once('=').ok_or_else(bad)?;
            let num = || {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(bad)
            };
            match k {
                "elo0" => sprt.elo0 = num()?,
                "elo1" => sprt.elo1 = num()?,
                "alpha" => sprt.alpha = num()?,
                "beta" => sprt.beta = num()?,
                "min-pairs" => sprt.min_pairs = v.parse().map_err(|_| bad())?,
                "model" => {
                    sprt.model = match v {
                        "logistic" => EloModel::Logistic,
                        "normalized" => EloModel::Normalized,
                        _ => return Err(bad()),
                    }
                }
                _ => return Err(bad()),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err(format!("expected elo0=E and elo1=E but got '{s}'"));
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err(format!("expected elo0 < elo1 but got '{s}'"));
        }
        for x in [sprt.alpha, sprt.beta] {
            if !(x > 0.0 && x < 0.5) {
                return Err(format!(
                    "expected alpha and beta between 0 and 0.5 but got '{s}'"
                ));
            }
        }
        Ok(sprt)
    }
}

impl Sprt {
    /// The lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these counts (0 without a pair).
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        if p.iter().sum::<u64>() == 0 {
            return 0.0;
        }
        let (n, mu, var) = moments(p, true);
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = match self.model {
            EloModel::Logistic => (score_of_elo(self.elo0), score_of_elo(self.elo1)),
            EloModel::Normalized => {
                // A pair is two games: the per-game standard deviation is √(2·var).
                let sd = (2.0 * var).sqrt();
                let per = 800.0 / std::f64::consts::LN_10;
                (0.5 + self.elo0 / per * sd, 0.5 + self.elo1 / per * sd)
            }
        };
        n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    /// The decision after `pairs` pairs with this LLR.
    pub fn verdict(&self, llr: f64, pairs: u64) -> Verdict {
        let (lo, hi) = self.bounds();
        if pairs < self.min_pairs {
            Verdict::Continue
        } else if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    /// fastchess's pentanomial SPRT tests (`tests/sprt_test.cpp`), whose counts and LLRs are
    /// those of fishtest runs. fastchess lists counts as LL, LD, WL, DD, WD, WW: WL and DD fall
    /// in the same bin here.
    #[test]
    fn llr_matches_fastchess_and_fishtest() {
        let logistic = |e0, e1| Sprt {
            elo0: e0,
            elo1: e1,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic,
            min_pairs: 10,
        };
        let normalized = |e0, e1| Sprt {
            model: EloModel::Normalized,
            ..logistic(e0, e1)
        };
        let cases = [
            (
                logistic(0.5, 2.5),
                [223, 9863, 20279 + 1000, 10037, 246],
                -3.07,
            ),
            (
                logistic(0.0, 2.0),
                [871, 26175, 55003 + 980, 26678, 821],
                -4.98,
            ),
            (
                normalized(0.0, 2.0),
                [365, 16618, 36029 + 200, 16974, 390],
                2.25,
            ),
            (
                normalized(-1.75, 0.25),
                [127, 4883, 10311 + 401, 5150, 104],
                3.01,
            ),
        ];
        for (sprt, p, want) in cases {
            let got = sprt.llr(&p);
            assert!(
                close(got, want, 0.005 * want.abs().max(1.0)),
                "{p:?}: {got} vs {want}"
            );
        }
        // fastchess's third normalized case, 5550 pairs all won, gives 111.82 with the exact
        // GSPRT; the Gaussian approximation is far larger there (the variance is nearly 0).
        // Both are far beyond the bound: the decision is the same.
        let extreme = normalized(0.0, 5.0);
        let got = extreme.llr(&[0, 0, 0, 0, 5550]);
        assert!(
            got > 111.82 && extreme.verdict(got, 5550) == Verdict::H1,
            "{got}"
        );
    }

    /// A fishtest instance's raw statistics page (montytest, test 69d3c8dc7c5b3724e29d2712):
    /// Ptnml(0-2) [13, 37, 50, 25, 3], Elo −43.6578, normalized bounds [0, 4] = logistic
    /// [0, 2.716], "Logistic (alt2)" LLR −0.55961, bounds ±2.9444 for α = β = 0.05.
    #[test]
    fn elo_and_llr_match_a_fishtest_statistics_page() {
        let p = [13, 37, 50, 25, 3];
        let (elo, _) = elo_interval(&p).unwrap();
        assert!(close(elo, -43.6578, 0.0001), "{elo}");
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 2.716,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic,
            min_pairs: 10,
        };
        assert!(close(sprt.llr(&p), -0.55961, 0.0005), "{}", sprt.llr(&p));
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.9444, 0.0001) && close(hi, 2.9444, 0.0001));
    }

    /// fastchess's report of a 2000-game match: `Elo: 4.00 +/- 5.68` from
    /// `Ptnml(0-2): [5, 109, 748, 134, 4]`.
    #[test]
    fn elo_interval_matches_fastchess() {
        let (elo, err) = elo_interval(&[5, 109, 748, 134, 4]).unwrap();
        assert!(close(elo, 4.00, 0.005), "{elo}");
        assert!(close(err, 5.68, 0.005), "{err}");
    }

    #[test]
    fn verdicts_and_edges() {
        let s: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
        assert_eq!(s.verdict(3.0, 10), Verdict::H1);
        assert_eq!(s.verdict(-3.0, 10), Verdict::H0);
        assert_eq!(s.verdict(0.0, 10), Verdict::Continue);
        // One drawn pair: the regularised LLR is large, but no decision before 10 pairs.
        let wide: Sprt = "elo0=0 elo1=50".parse().unwrap();
        assert!(wide.llr(&[0, 0, 1, 0, 0]) < -2.95);
        assert_eq!(s.verdict(-4.0, 9), Verdict::Continue);
        let m: Sprt = "elo0=0 elo1=10 min-pairs=2".parse().unwrap();
        assert_eq!(m.min_pairs, 2);
        assert_eq!(s.llr(&[0; 5]), 0.0);
        assert!(s.llr(&[0, 0, 0, 0, 20]) > 2.95);
        assert!(s.llr(&[20, 0, 0, 0, 0]) < -2.95);
        assert_eq!(elo_interval(&[0; 5]), None);
        assert_eq!(elo_interval(&[0, 0, 0, 0, 3]).unwrap().0, f64::INFINITY);
        assert!("elo0=5 elo1=1".parse::<Sprt>().is_err());
        assert!("elo0=0 elo1=5 alpha=0.7".parse::<Sprt>().is_err());
        assert!("elo0=0 elo1=x".parse::<Sprt>().is_err());
        let n: Sprt = "elo0=0,elo1=5,model=normalized".parse().unwrap();
        assert_eq!(n.model, EloModel::Normalized);
    }
}
