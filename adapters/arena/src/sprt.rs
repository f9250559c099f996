//! The sequential probability ratio test that stops a match of two engines: the generalised SPRT
//! of fishtest and fastchess, in the three Elo models fastchess offers.
//!
//! * `normalized` (the default, fastchess's): the bounds are normalized Elo, the effect measured
//!   against the spread of the pairs' scores; the LLR is computed from the pentanomial counts.
//! * `logistic`: the bounds are logistic Elo (the expected score `1/(1 + 10^(−elo/400))`); the
//!   LLR is computed from the pentanomial counts.
//! * `bayesian`: the bounds are BayesElo, whose draw Elo is estimated from the games; the LLR is
//!   computed from the games' wins, draws and losses (trinomial), as fastchess's `bayesian`. It
//!   is 0 until both engines have won a game.
//!
//! The LLR is the log-likelihood ratio of the maximum-likelihood distributions over the bins
//! (five for pairs, three for games) that satisfy H1 and H0 (M. Van den Bergh, "Comments on
//! normalized Elo"). An empty bin counts as 0.001 (fastchess's regularisation), so ten won pairs
//! give a modest LLR, not a runaway one. The bounds are `ln(β/(1−α))` and `ln((1−β)/α)`; no
//! decision is taken before `min-pairs` pairs (10 unless given).

use serde::{Deserialize, Serialize};

use crate::stats::{score_of_elo, Pentanomial, NELO_SCALE};

/// Games of the first engine of a pairing: losses, draws, wins.
pub type Trinomial = [u64; 3];

/// The per-game scores of the five pentanomial bins.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The scores of a loss, a draw and a win.
const GAME_SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The Elo model of the SPRT's bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EloModel {
    Logistic,
    #[default]
    Normalized,
    Bayesian,
}

impl EloModel {
    pub fn name(self) -> &'static str {
        match self {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
            EloModel::Bayesian => "bayesian",
        }
    }

    /// What the bounds are, for the line printed before the first game.
    pub fn meaning(self) -> &'static str {
        match self {
            EloModel::Normalized => "normalized Elo, from the pairs (fastchess's default)",
            EloModel::Logistic => "logistic Elo, from the pairs",
            EloModel::Bayesian => {
                "BayesElo, the draw Elo estimated from the games (fastchess's bayesian)"
            }
        }
    }
}

/// A sequential probability ratio test on the pentanomial counts (or the games' counts).
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

/// The grammar of `--sprt`, for its error messages.
const FORM: &str =
    "elo0=E elo1=E [alpha=A] [beta=B] [model=normalized|logistic|bayesian] [min-pairs=N]";

impl std::str::FromStr for Sprt {
    type Err = String;
    /// `elo0=E elo1=E [alpha=A] [beta=B] [model=normalized|logistic|bayesian] [min-pairs=N]`,
    /// fields in any order, separated by spaces or commas.
    fn from_str(s: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::default(),
            min_pairs: 10,
        };
        for field in s.split([' ', ',']).filter(|f| !f.is_empty()) {
            let bad = || format!("expected {FORM} but got '{field}' in '{s}'");
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
                        "bayesian" => EloModel::Bayesian,
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

    /// The test as one line, printed before the first game: the bounds, their model, the
    /// error rates and the LLR's bounds.
    pub fn describe(&self) -> String {
        let (lo, hi) = self.bounds();
        format!(
            "SPRT: elo0={} elo1={} model={} ({}), alpha={} beta={}, LLR bounds ({lo:.2}, \
             {hi:.2}), no decision before {} pairs",
            self.elo0,
            self.elo1,
            self.model.name(),
            self.model.meaning(),
            self.alpha,
            self.beta,
            self.min_pairs
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs' counts `p` (normalized and
    /// logistic models) or the games' counts `games` of the same pairs (bayesian); 0 without a
    /// pair. Always finite.
    pub fn llr(&self, p: &Pentanomial, games: &Trinomial) -> f64 {
        if p.iter().sum::<u64>() == 0 {
            return 0.0;
        }
        match self.model {
            EloModel::Logistic => {
                let (n, phat) = regularised(p);
                let p0 = mle_score(&phat, &PAIR_SCORES, score_of_elo(self.elo0));
                let p1 = mle_score(&phat, &PAIR_SCORES, score_of_elo(self.elo1));
                log_ratio(n, &phat, &p0, &p1)
            }
            EloModel::Normalized => {
                // Normalized Elo is per game; a pair's normalized score is √2 times it.
                let t = |elo: f64| std::f64::consts::SQRT_2 * elo / NELO_SCALE;
                let (n, phat) = regularised(p);
                let p0 = mle_normalized(&phat, t(self.elo0));
                let p1 = mle_normalized(&phat, t(self.elo1));
                log_ratio(n, &phat, &p0, &p1)
            }
            EloModel::Bayesian => {
                let [losses, _, wins] = *games;
                if wins == 0 || losses == 0 {
                    return 0.0;
                }
                let (n, phat) = regularised(games);
                let [l, _, w] = phat;
                let draw_elo = 200.0 * ((1.0 - l) / l * (1.0 - w) / w).log10();
                let p0 = mle_score(&phat, &GAME_SCORES, bayes_score(self.elo0, draw_elo));
                let p1 = mle_score(&phat, &GAME_SCORES, bayes_score(self.elo1, draw_elo));
                log_ratio(n, &phat, &p0, &p1)
            }
        }
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

/// The expected score of a BayesElo difference with this draw Elo: the win probability
/// `1/(1 + 10^((draw − elo)/400))` plus half the draw probability.
fn bayes_score(elo: f64, draw_elo: f64) -> f64 {
    let win = 1.0 / (1.0 + 10f64.powf((draw_elo - elo) / 400.0));
    let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + elo) / 400.0));
    win + 0.5 * (1.0 - win - loss)
}

/// The counts with an empty bin as 0.001 (fastchess's regularisation): their total and the
/// empirical distribution.
fn regularised<const N: usize>(counts: &[u64; N]) -> (f64, [f64; N]) {
    let c = counts.map(|c| if c == 0 { 1e-3 } else { c as f64 });
    let n: f64 = c.iter().sum();
    (n, c.map(|c| c / n))
}

/// `n · Σ phat_i · ln(p1_i / p0_i)`.
fn log_ratio<const N: usize>(n: f64, phat: &[f64; N], p0: &[f64; N], p1: &[f64; N]) -> f64 {
    n * (0..N)
        .map(|i| phat[i] * (p1[i].ln() - p0[i].ln()))
        .sum::<f64>()
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
/// solving `Σ phat_i·c_i / (1 + θ·c_i) = 0` (Van den Bergh, proposition 1.1).
fn tilted<const N: usize>(phat: &[f64; N], c: &[f64; N]) -> [f64; N] {
    let max = c.iter().cloned().fold(f64::MIN, f64::max);
    let min = c.iter().cloned().fold(f64::MAX, f64::min);
    let theta = decreasing_root(
        |t| phat.iter().zip(c).map(|(p, c)| p * c / (1.0 + t * c)).sum(),
        -1.0 / max,
        -1.0 / min,
    );
    std::array::from_fn(|i| phat[i] / (1.0 + theta * c[i]))
}

/// The maximum-likelihood distribution over bins of these scores with expected score `s`.
fn mle_score<const N: usize>(phat: &[f64; N], scores: &[f64; N], s: f64) -> [f64; N] {
    tilted(phat, &scores.map(|a| a - s))
}

/// The maximum-likelihood distribution over the pair bins whose normalized score
/// `(mu − ½)/σ` is `t`, by the fixed-point iteration of the same paper (§ 4.1), from the
/// uniform distribution.
fn mle_normalized(phat: &[f64; 5], t: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..1000 {
        let mu: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * a).sum();
        let var: f64 = p
            .iter()
            .zip(PAIR_SCORES)
            .map(|(p, a)| p * (a - mu).powi(2))
            .sum();
        let sigma = var.sqrt();
        let c = PAIR_SCORES.map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    fn sprt(model: EloModel, elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model,
            min_pairs: 10,
        }
    }

    /// fastchess's pentanomial SPRT tests (`tests/sprt_test.cpp`), whose counts and LLRs are
    /// those of fishtest runs. fastchess lists counts as LL, LD, WL, DD, WD, WW: WL and DD fall
    /// in the same bin here. Its tolerance is 1 %.
    #[test]
    fn llr_matches_fastchess_and_fishtest() {
        use EloModel::*;
        let cases = [
            (
                sprt(Logistic, 0.5, 2.5),
                [223, 9863, 20279 + 1000, 10037, 246],
                -3.07,
            ),
            (
                sprt(Logistic, 0.0, 2.0),
                [871, 26175, 55003 + 980, 26678, 821],
                -4.98,
            ),
            (
                sprt(Normalized, 0.0, 2.0),
                [365, 16618, 36029 + 200, 16974, 390],
                2.25,
            ),
            (
                sprt(Normalized, -1.75, 0.25),
                [127, 4883, 10311 + 401, 5150, 104],
                3.01,
            ),
        ];
        for (sprt, p, want) in cases {
            let got = sprt.llr(&p, &[0; 3]);
            assert!(
                close(got, want, 0.01 * want.abs()),
                "{p:?}: {got} vs {want}"
            );
        }
    }

    /// The bayesian model against the BayesElo SPRT written out directly (OpenBench's form, in
    /// jw1912's SPRT notes: the multinomial likelihood of the games under the two BayesElo
    /// hypotheses with the draw Elo of the sample), whose README gives `LLR: 2.47` for 4307
    /// wins, 4063 losses and 8620 draws with bounds [0, 3]. The generalised SPRT computed here
    /// agrees within 2 % on such a sample.
    #[test]
    fn bayesian_llr_matches_the_bayes_elo_likelihood_ratio() {
        let (w, l, d): (f64, f64, f64) = (4307.0, 4063.0, 8620.0);
        let n = w + l + d;
        let draw_elo = 200.0 * ((1.0 - n / w) * (1.0 - n / l)).log10();
        let probs = |elo: f64| {
            let win = 1.0 / (1.0 + 10f64.powf((draw_elo - elo) / 400.0));
            let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + elo) / 400.0));
            (win, loss, 1.0 - win - loss)
        };
        let ((w0, l0, d0), (w1, l1, d1)) = (probs(0.0), probs(3.0));
        let direct = w * (w1 / w0).ln() + l * (l1 / l0).ln() + d * (d1 / d0).ln();
        assert!(close(direct, 2.47, 0.005), "{direct}");
        let s = sprt(EloModel::Bayesian, 0.0, 3.0);
        // The pentanomial counts only say that there are pairs.
        let got = s.llr(&[0, 0, 1, 0, 0], &[4063, 8620, 4307]);
        assert!(close(got, direct, 0.02 * direct), "{got} vs {direct}");
        // No decision without a win and a loss; games without draws still count.
        assert_eq!(s.llr(&[0, 0, 0, 0, 5], &[0, 0, 10]), 0.0);
        let undrawn = s.llr(&[3, 0, 20, 0, 30], &[40, 0, 66]);
        assert!(undrawn.is_finite() && undrawn > 0.0, "{undrawn}");
    }

    /// The three models read the same bounds differently: on one sample of pairs where the
    /// first engine scores 60 %, a [0, 10] test is far more advanced in normalized Elo than in
    /// logistic Elo when the pairs spread little, and every LLR is finite.
    #[test]
    fn the_models_differ_and_stay_finite() {
        let p = [2, 10, 40, 30, 18];
        let games = [30, 40, 130];
        let llr = |m| sprt(m, 0.0, 10.0).llr(&p, &games);
        let (l, n, b) = (
            llr(EloModel::Logistic),
            llr(EloModel::Normalized),
            llr(EloModel::Bayesian),
        );
        assert!(l.is_finite() && n.is_finite() && b.is_finite());
        assert!(l != n && n != b && l != b, "{l} {n} {b}");
        for p in [[0, 0, 0, 0, 50], [50, 0, 0, 0, 0], [0, 0, 50, 0, 0]] {
            for m in [EloModel::Logistic, EloModel::Normalized] {
                assert!(
                    sprt(m, 0.0, 10.0).llr(&p, &[0; 3]).is_finite(),
                    "{m:?} {p:?}"
                );
            }
        }
    }

    /// Ten pairs won: with the four empty bins regularised, the LLR of a logistic 0/10 test is
    /// 0.28 (it was 1770.55 with the Gaussian approximation of an almost zero variance): ten
    /// pairs are not evidence enough for a 10-Elo question. A 0/400 test accepts H1 after five.
    #[test]
    fn won_pairs_give_a_regularised_llr() {
        let s: Sprt = "elo0=0 elo1=10 model=logistic".parse().unwrap();
        let llr = |p: Pentanomial| s.llr(&p, &[0; 3]);
        assert!(close(llr([0, 0, 0, 0, 10]), 0.2837, 0.0005));
        assert!(close(llr([10, 0, 0, 0, 0]), -0.2920, 0.0005));
        let wide: Sprt = "elo0=0 elo1=400 model=logistic".parse().unwrap();
        assert!(wide.llr(&[0, 0, 0, 0, 4], &[0; 3]) < wide.bounds().1);
        assert!(wide.llr(&[0, 0, 0, 0, 5], &[0; 3]) > wide.bounds().1);
    }

    /// A fishtest instance's raw statistics page (montytest, test 69d3c8dc7c5b3724e29d2712):
    /// Ptnml(0-2) [13, 37, 50, 25, 3], normalized bounds [0, 4] = logistic [0, 2.716], LLR
    /// −0.55961 ("Logistic (alt2)", a Gaussian approximation: the exact GSPRT computed here,
    /// −0.5378, is 4 % from it), bounds ±2.9444 for α = β = 0.05.
    #[test]
    fn llr_matches_a_fishtest_statistics_page() {
        let p = [13, 37, 50, 25, 3];
        let s = sprt(EloModel::Logistic, 0.0, 2.716);
        assert!(close(s.llr(&p, &[0; 3]), -0.55961, 0.025));
        let (lo, hi) = s.bounds();
        assert!(close(lo, -2.9444, 0.0001) && close(hi, 2.9444, 0.0001));
    }

    #[test]
    fn verdicts_parsing_and_the_default_model() {
        let s: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
        assert_eq!(s.model, EloModel::Normalized);
        assert_eq!(s.verdict(3.0, 10), Verdict::H1);
        assert_eq!(s.verdict(-3.0, 10), Verdict::H0);
        assert_eq!(s.verdict(0.0, 10), Verdict::Continue);
        // No decision before min-pairs pairs, whatever the LLR.
        assert_eq!(s.verdict(-4.0, 9), Verdict::Continue);
        let m: Sprt = "elo0=0 elo1=10 min-pairs=2".parse().unwrap();
        assert_eq!(m.min_pairs, 2);
        assert_eq!(s.llr(&[0; 5], &[0; 3]), 0.0);
        assert!(s.llr(&[0, 0, 0, 0, 120], &[0; 3]) > 2.95);
        assert!(s.llr(&[120, 0, 0, 0, 0], &[0; 3]) < -2.95);
        assert!(s.llr(&[0, 0, 1, 0, 0], &[0; 3]).abs() < 2.95);
        assert!("elo0=5 elo1=1".parse::<Sprt>().is_err());
        assert!("elo0=0 elo1=5 alpha=0.7".parse::<Sprt>().is_err());
        assert!("elo0=0 elo1=x".parse::<Sprt>().is_err());
        let e = "elo0=0 elo1=5 model=bayeselo".parse::<Sprt>().unwrap_err();
        assert!(e.contains("model=normalized|logistic|bayesian"), "{e}");
        for (text, model) in [
            ("elo0=0,elo1=5,model=normalized", EloModel::Normalized),
            ("elo0=0 elo1=5 model=logistic", EloModel::Logistic),
            ("elo0=0 elo1=5 model=bayesian", EloModel::Bayesian),
        ] {
            assert_eq!(text.parse::<Sprt>().unwrap().model, model);
        }
        let d = s.describe();
        assert!(
            d.contains("model=normalized") && d.contains("(-2.94, 2.94)"),
            "{d}"
        );
    }
}
