//! Match statistics: the pentanomial counts of colour-swapped game pairs, the logistic Elo
//! difference with its 95 % interval, the normalized Elo, the likelihood of superiority and the
//! SPRT's log-likelihood ratio, as fastchess computes them (and fishtest, whose formulas
//! fastchess follows); the tests below check them against figures those programs published.
//!
//! * A pair's score is the first engine's points in its two games, 0, ½, 1, 1½ or 2, counted
//!   in five bins (`Ptnml(0-2)`); the per-game score of a pair is its points over 2.
//! * `mu` and `var` are the mean and variance of the per-game score of a pair over the `N`
//!   pairs. Elo = `-400·log10(1/mu − 1)`; its 95 % interval is the Elo of `mu ± 1.959964·√(var/N)`,
//!   reported as ± half its width. The normalized Elo is `(mu − ½)/√(2·var)·800/ln 10` with its
//!   interval taken the same way, and the LOS is `Φ((mu − ½)/√(var/N))`.
//! * Figures that the counts do not determine are not made up: one engine scoring everything
//!   gives an Elo of `+inf` or `-inf`; an interval of pairs that all scored alike (no variance)
//!   is `nan`, as cutechess prints it; no pair at all gives `nan` everywhere.
//! * The LLR is the generalised SPRT of fastchess and fishtest: the log-likelihood ratio of
//!   the maximum-likelihood distributions of the five bins whose expected score is the one of
//!   H1 and of H0 (logistic Elo), or whose normalized score is (normalized Elo). An empty bin
//!   counts as 0.001 of a pair (fastchess's regularisation), so ten won pairs give a modest
//!   LLR, not a runaway one. The bounds are `ln(β/(1−α))` and `ln((1−β)/α)`; no decision is
//!   taken before `min-pairs` pairs (10 unless given).

use serde::{Deserialize, Serialize, Serializer};

/// A figure that may be infinite or undefined: a JSON number when finite, else the string
/// `"inf"`, `"-inf"` or `"nan"` (JSON has no such numbers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure(pub f64);

impl Serialize for Figure {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_finite() {
            s.serialize_f64(self.0)
        } else {
            s.serialize_str(&self.text(0))
        }
    }
}

impl Figure {
    /// With `decimals` decimals: `inf`, `-inf` and `nan` as cutechess prints them.
    pub fn text(&self, decimals: usize) -> String {
        let x = self.0;
        if x.is_nan() {
            "nan".into()
        } else if x.is_infinite() {
            if x > 0.0 { "inf" } else { "-inf" }.into()
        } else {
            format!("{:.*}", decimals, x + 0.0)
        }
    }
}

/// 97.5 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Elo points per unit of normalized score: `800 / ln 10`.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

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

/// What a match's pairs say about the first engine against the second. Any figure may be
/// infinite or `nan` (see the module's doc).
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
    let half = Z95 * (var / n).sqrt();
    let nelo = |s: f64| (s - 0.5) / (2.0 * var).sqrt() * NELO_SCALE;
    // Without variance the interval is undefined, whatever IEEE arithmetic would make of it.
    let interval = |f: &dyn Fn(f64) -> f64| {
        if var > 0.0 {
            (f(mu + half) - f(mu - half)) / 2.0
        } else {
            f64::NAN
        }
    };
    EloFigures {
        elo: if n == 0.0 { f64::NAN } else { elo_of_score(mu) },
        elo_error: interval(&elo_of_score),
        nelo: if var > 0.0 || mu != 0.5 {
            nelo(mu)
        } else {
            f64::NAN
        },
        nelo_error: interval(&nelo),
        los: phi((mu - 0.5) / (var / n).sqrt()),
    }
}

/// Elo difference of the first engine over the second and the half-width of its 95 %
/// interval, from the pentanomial counts. `None` without a pair.
#[cfg(test)]
pub fn elo_interval(p: &Pentanomial) -> Option<(f64, f64)> {
    let f = elo_figures(p);
    (p.iter().sum::<u64>() > 0).then_some((f.elo, f.elo_error))
}

/// The root of a decreasing function on the open interval `(lo, hi)`, where it goes from
/// positive to negative, by bisection to the precision of `f64`.
fn decreasing_root(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution over the bins closest to the empirical one `phat` (maximum likelihood)
/// among those whose `constraint` values `c_i` have mean 0: `p_i = phat_i / (1 + θ·c_i)`, θ
/// solving `Σ phat_i·c_i / (1 + θ·c_i) = 0` (M. Van den Bergh, "Comments on normalized Elo").
fn tilted(phat: &[f64; 5], c: &[f64; 5]) -> [f64; 5] {
    let max = c.iter().cloned().fold(f64::MIN, f64::max);
    let min = c.iter().cloned().fold(f64::MAX, f64::min);
    let theta = decreasing_root(
        |t| phat.iter().zip(c).map(|(p, c)| p * c / (1.0 + t * c)).sum(),
        -1.0 / max,
        -1.0 / min,
    );
    std::array::from_fn(|i| phat[i] / (1.0 + theta * c[i]))
}

/// The maximum-likelihood distribution with expected score `s`.
fn mle_score(phat: &[f64; 5], s: f64) -> [f64; 5] {
    tilted(phat, &BIN_SCORES.map(|a| a - s))
}

/// The maximum-likelihood distribution whose normalized score `(mu − ½)/σ` is `t`, by the
/// fixed-point iteration of the same paper (§ 4.1), from the uniform distribution.
fn mle_normalized(phat: &[f64; 5], t: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..1000 {
        let mu: f64 = p.iter().zip(BIN_SCORES).map(|(p, a)| p * a).sum();
        let var: f64 = p
            .iter()
            .zip(BIN_SCORES)
            .map(|(p, a)| p * (a - mu).powi(2))
            .sum();
        let sigma = var.sqrt();
        let c = BIN_SCORES.map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)));
        let next = tilted(phat, &c);
        let moved = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if moved < 1e-10 {
            break;
        }
    }
    p
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
        // fastchess's regularisation: an empty bin counts as 0.001 of a pair.
        let counts = p.map(|c| if c == 0 { 1e-3 } else { c as f64 });
        let n: f64 = counts.iter().sum();
        let phat = counts.map(|c| c / n);
        let (p0, p1) = match self.model {
            EloModel::Logistic => (
                mle_score(&phat, score_of_elo(self.elo0)),
                mle_score(&phat, score_of_elo(self.elo1)),
            ),
            EloModel::Normalized => {
                // Normalized Elo is per game; a pair's normalized score is √2 times it.
                let t = |elo: f64| std::f64::consts::SQRT_2 * elo / NELO_SCALE;
                (
                    mle_normalized(&phat, t(self.elo0)),
                    mle_normalized(&phat, t(self.elo1)),
                )
            }
        };
        n * (0..5)
            .map(|i| phat[i] * (p1[i].ln() - p0[i].ln()))
            .sum::<f64>()
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
    /// in the same bin here. Its tolerance is 1 %.
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
                close(got, want, 0.01 * want.abs()),
                "{p:?}: {got} vs {want}"
            );
        }
    }

    /// Ten pairs won: with the four empty bins regularised, the LLR of a 0/10 test is 0.28 (it
    /// was 1770.55 with the Gaussian approximation of an almost zero variance): ten pairs are
    /// not evidence enough for a 10-Elo question. A 0/400 test accepts H1 after five.
    #[test]
    fn won_pairs_give_a_regularised_llr() {
        let s: Sprt = "elo0=0 elo1=10".parse().unwrap();
        assert!(
            close(s.llr(&[0, 0, 0, 0, 10]), 0.2837, 0.0005),
            "{}",
            s.llr(&[0, 0, 0, 0, 10])
        );
        assert!(close(s.llr(&[10, 0, 0, 0, 0]), -0.2920, 0.0005));
        let wide: Sprt = "elo0=0 elo1=400".parse().unwrap();
        assert!(wide.llr(&[0, 0, 0, 0, 4]) < wide.bounds().1);
        assert!(wide.llr(&[0, 0, 0, 0, 5]) > wide.bounds().1);
    }

    /// A fishtest instance's raw statistics page (montytest, test 69d3c8dc7c5b3724e29d2712):
    /// Ptnml(0-2) [13, 37, 50, 25, 3], Elo −43.6578, normalized bounds [0, 4] = logistic
    /// [0, 2.716], LLR −0.55961 ("Logistic (alt2)", a Gaussian approximation: the exact GSPRT
    /// computed here, −0.5378, is 4 % from it), bounds ±2.9444 for α = β = 0.05.
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
        assert!(close(sprt.llr(&p), -0.55961, 0.025), "{}", sprt.llr(&p));
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.9444, 0.0001) && close(hi, 2.9444, 0.0001));
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

    /// The figures the counts do not determine: signed infinities and nan, as cutechess prints
    /// them.
    #[test]
    fn one_sided_and_empty_matches() {
        let lost = elo_figures(&[2, 0, 0, 0, 0]);
        assert_eq!(lost.elo, f64::NEG_INFINITY);
        assert!(lost.elo_error.is_nan() && lost.nelo_error.is_nan());
        assert_eq!(lost.nelo, f64::NEG_INFINITY);
        assert_eq!(lost.los, 0.0);
        let won = elo_figures(&[0, 0, 0, 0, 3]);
        assert_eq!((won.elo, won.los), (f64::INFINITY, 1.0));
        let drawn = elo_figures(&[0, 0, 2, 0, 0]);
        assert_eq!(drawn.elo, 0.0);
        assert!(drawn.elo_error.is_nan() && drawn.nelo.is_nan() && drawn.los.is_nan());
        let none = elo_figures(&[0; 5]);
        assert!(none.elo.is_nan() && none.los.is_nan());
        // An interval reaching a score of 1 is infinite.
        let wide = elo_figures(&[0, 0, 1, 0, 3]);
        assert!(
            wide.elo.is_finite() && wide.elo_error == f64::INFINITY,
            "{wide:?}"
        );
    }

    #[test]
    fn verdicts_and_edges() {
        let s: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
        assert_eq!(s.verdict(3.0, 10), Verdict::H1);
        assert_eq!(s.verdict(-3.0, 10), Verdict::H0);
        assert_eq!(s.verdict(0.0, 10), Verdict::Continue);
        // No decision before min-pairs pairs, whatever the LLR.
        assert_eq!(s.verdict(-4.0, 9), Verdict::Continue);
        let m: Sprt = "elo0=0 elo1=10 min-pairs=2".parse().unwrap();
        assert_eq!(m.min_pairs, 2);
        assert_eq!(s.llr(&[0; 5]), 0.0);
        assert!(s.llr(&[0, 0, 0, 0, 120]) > 2.95);
        assert!(s.llr(&[120, 0, 0, 0, 0]) < -2.95);
        assert!(s.llr(&[0, 0, 1, 0, 0]).abs() < 2.95);
        assert_eq!(elo_interval(&[0; 5]), None);
        assert_eq!(elo_interval(&[0, 0, 0, 0, 3]).unwrap().0, f64::INFINITY);
        assert_eq!(elo_interval(&[3, 0, 0, 0, 0]).unwrap().0, f64::NEG_INFINITY);
        assert!("elo0=5 elo1=1".parse::<Sprt>().is_err());
        assert!("elo0=0 elo1=5 alpha=0.7".parse::<Sprt>().is_err());
        assert!("elo0=0 elo1=x".parse::<Sprt>().is_err());
        let n: Sprt = "elo0=0,elo1=5,model=normalized".parse().unwrap();
        assert_eq!(n.model, EloModel::Normalized);
    }
}
