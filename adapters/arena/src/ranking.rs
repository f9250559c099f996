//! The rank table of a match of three or more engines: every engine's Elo by maximum likelihood
//! over all games (the Bradley–Terry model in Elo's logistic form, as Ordo fits it: a game
//! between i and j gives i the expected score `1 / (1 + 10^((r_j − r_i)/400))`, a draw counting
//! half a win and half a loss), the ratings averaging 0, with 95 % intervals from the inverse of
//! the Fisher information under that constraint; and each engine's games, score and draw ratio.
//!
//! The likelihood is maximised by Newton's method with step halving (it is concave in the
//! ratings, strictly so once the average is fixed, when every engine is linked to every other
//! by games). An engine that won, or lost, every game it played has no finite maximum: its Elo
//! is `+inf` or `-inf` and the others are fitted without it; an interval that the games do not
//! determine is `nan`.

use nalgebra::{DMatrix, DVector};
use serde::Serialize;

use crate::stats::Figure;

/// 97.5 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// `ln 10 / 400`: the slope of the logistic Elo curve's exponent.
const C: f64 = std::f64::consts::LN_10 / 400.0;

/// One row of the rank table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rank {
    pub rank: usize,
    pub name: String,
    /// Elo relative to the engines' average.
    pub elo: Figure,
    /// Half the width of the 95 % interval.
    pub elo_error: Figure,
    pub games: u64,
    /// Points over games.
    pub score: Figure,
    pub draw_ratio: Figure,
}

/// One game between engines `a` and `b`: `a`'s points, 0, ½ or 1.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    pub a: usize,
    pub b: usize,
    pub points: f64,
}

fn expected(ri: f64, rj: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((rj - ri) / 400.0))
}

/// The maximum-likelihood ratings (average 0) of engines `active` from `points[i][j]` (i's
/// points against j) and `games[i][j]`, and their covariance; `None` when the fit does not
/// converge (engines not linked by games, or a group that won every game against the rest).
fn fit(
    active: &[usize],
    points: &[Vec<f64>],
    games: &[Vec<f64>],
) -> Option<(Vec<f64>, DMatrix<f64>)> {
    let n = active.len();
    let mut r = vec![0.0; n];
    let log_likelihood = |r: &[f64]| {
        let mut l = 0.0;
        for x in 0..n {
            for y in 0..n {
                let (i, j) = (active[x], active[y]);
                if x != y && games[i][j] > 0.0 {
                    l += points[i][j] * expected(r[x], r[y]).ln();
                }
            }
        }
        l
    };
    // The negative Hessian (Fisher information) and the gradient, in Elo units.
    let derivatives = |r: &[f64]| {
        let mut info = DMatrix::<f64>::zeros(n, n);
        let mut grad = DVector::<f64>::zeros(n);
        for x in 0..n {
            for y in 0..n {
                let (i, j) = (active[x], active[y]);
                if x == y || games[i][j] == 0.0 {
                    continue;
                }
                let p = expected(r[x], r[y]);
                grad[x] += C * (points[i][j] - games[i][j] * p);
                let w = C * C * games[i][j] * p * (1.0 - p);
                info[(x, x)] += w;
                info[(x, y)] -= w;
            }
        }
        (info, grad)
    };
    // The information plus the all-ones matrix (over n) is invertible exactly when the engines
    // are linked; its inverse minus the same gives the covariance with the average fixed.
    let ones = DMatrix::<f64>::from_element(n, n, 1.0 / n as f64);
    let mut converged = false;
    for _ in 0..200 {
        let (info, grad) = derivatives(&r);
        let step = (info + &ones).cholesky()?.solve(&grad);
        let before = log_likelihood(&r);
        let mut t = 1.0;
        let mut next: Vec<f64>;
        loop {
            next = r.iter().zip(step.iter()).map(|(a, d)| a + t * d).collect();
            let mean = next.iter().sum::<f64>() / n as f64;
            next.iter_mut().for_each(|x| *x -= mean);
            if log_likelihood(&next) >= before - 1e-12 || t < 1e-6 {
                break;
            }
            t /= 2.0;
        }
        let moved = r
            .iter()
            .zip(&next)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        r = next;
        if r.iter().any(|x| x.abs() > 4000.0) {
            return None;
        }
        if moved < 1e-9 {
            converged = true;
            break;
        }
    }
    if !converged {
        return None;
    }
    let (info, _) = derivatives(&r);
    let cov = (info + &ones).cholesky()?.inverse() - ones;
    Some((r, cov))
}

/// The rank table of `names` from `games`, best first.
pub fn rank_table(names: &[String], games: &[Game]) -> Vec<Rank> {
    let n = names.len();
    let mut points = vec![vec![0.0; n]; n];
    let mut played = vec![vec![0.0; n]; n];
    let mut draws = vec![0u64; n];
    for g in games {
        points[g.a][g.b] += g.points;
        points[g.b][g.a] += 1.0 - g.points;
        played[g.a][g.b] += 1.0;
        played[g.b][g.a] += 1.0;
        if g.points == 0.5 {
            draws[g.a] += 1;
            draws[g.b] += 1;
        }
    }
    let total =
        |i: usize, m: &[Vec<f64>], among: &[usize]| -> f64 { among.iter().map(|&j| m[i][j]).sum() };
    // Engines that won or lost every game they played among the others have no finite
    // maximum: set aside, one at a time, until none is left.
    let mut active: Vec<usize> = (0..n).collect();
    let mut elo = vec![f64::NAN; n];
    let mut err = vec![f64::NAN; n];
    loop {
        let perfect = active.iter().copied().find(|&i| {
            let g = total(i, &played, &active);
            let p = total(i, &points, &active);
            g > 0.0 && (p == 0.0 || p == g)
        });
        match perfect {
            Some(i) => {
                elo[i] = if total(i, &points, &active) == 0.0 {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
                active.retain(|&x| x != i);
            }
            None => break,
        }
    }
    let linked: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&i| total(i, &played, &active) > 0.0)
        .collect();
    if linked.len() >= 2 {
        if let Some((r, cov)) = fit(&linked, &points, &played) {
            for (x, &i) in linked.iter().enumerate() {
                elo[i] = r[x];
                let v = cov[(x, x)];
                err[i] = if v > 0.0 { Z95 * v.sqrt() } else { f64::NAN };
            }
        }
    }
    let mut rows: Vec<Rank> = (0..n)
        .map(|i| {
            let g: f64 = played[i].iter().sum();
            let p: f64 = points[i].iter().sum();
            Rank {
                rank: 0,
                name: names[i].clone(),
                elo: Figure(elo[i]),
                elo_error: Figure(err[i]),
                games: g as u64,
                score: Figure(p / g),
                draw_ratio: Figure(draws[i] as f64 / g),
            }
        })
        .collect();
    // Best first: by Elo, an undetermined one (nan) after the others, then by score.
    rows.sort_by(|a, b| {
        let key = |r: &Rank| {
            if r.elo.0.is_nan() {
                f64::NEG_INFINITY
            } else {
                r.elo.0
            }
        };
        key(b)
            .partial_cmp(&key(a))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(
                b.score
                    .0
                    .partial_cmp(&a.score.0)
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
    });
    for (k, r) in rows.iter_mut().enumerate() {
        r.rank = k + 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo_of_score;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("e{i}")).collect()
    }

    /// `w` wins, `l` losses and `d` draws of `a` against `b`.
    fn results(a: usize, b: usize, w: usize, l: usize, d: usize) -> Vec<Game> {
        let mut v = Vec::new();
        v.extend((0..w).map(|_| Game { a, b, points: 1.0 }));
        v.extend((0..l).map(|_| Game { a, b, points: 0.0 }));
        v.extend((0..d).map(|_| Game { a, b, points: 0.5 }));
        v
    }

    #[test]
    fn two_engines_give_the_elo_of_the_score_and_the_binomial_interval() {
        // 30 - 10 - 10: score 0.7, Elo difference 147.2; each engine ± half of it from 0.
        let t = rank_table(&names(2), &results(0, 1, 30, 10, 10));
        let d = elo_of_score(0.7);
        assert_eq!(t[0].name, "e0");
        assert!((t[0].elo.0 - d / 2.0).abs() < 1e-6, "{t:?}");
        assert!((t[1].elo.0 + d / 2.0).abs() < 1e-6);
        // Fisher information of the difference: c² N p (1 − p); each rating carries a quarter
        // of the difference's variance.
        let var_d = 1.0 / (C * C * 50.0 * 0.7 * 0.3);
        assert!((t[0].elo_error.0 - Z95 * (var_d / 4.0).sqrt()).abs() < 1e-6);
        assert_eq!(t[0].games, 50);
        assert!((t[0].score.0 - 0.7).abs() < 1e-12);
        assert!((t[0].draw_ratio.0 - 0.2).abs() < 1e-12);
    }

    /// Games whose results are exactly the expected scores of known ratings give those ratings
    /// back (the maximum of the likelihood is where observed and expected scores agree).
    #[test]
    fn known_ratings_are_recovered() {
        let truth = [150.0, 50.0, -60.0, -140.0];
        let mut games = Vec::new();
        // Fractional points stand for many games: 100 games a pair, `points` each of expected
        // score, as one game of weight 1 would not allow; so scale by listing points per game.
        for i in 0..4 {
            for j in i + 1..4 {
                let p = expected(truth[i], truth[j]);
                for _ in 0..100 {
                    games.push(Game {
                        a: i,
                        b: j,
                        points: p,
                    });
                }
            }
        }
        let t = rank_table(&names(4), &games);
        for r in &t {
            let i: usize = r.name[1..].parse().unwrap();
            assert!((r.elo.0 - truth[i]).abs() < 1e-6, "{t:?}");
            assert!(r.elo_error.0.is_finite() && r.elo_error.0 > 0.0);
        }
        assert_eq!(
            t.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(),
            ["e0", "e1", "e2", "e3"]
        );
    }

    #[test]
    fn an_engine_that_lost_every_game_is_minus_infinity_and_the_others_are_fitted() {
        let mut g = results(0, 1, 6, 4, 0);
        g.extend(results(0, 2, 5, 0, 0));
        g.extend(results(1, 2, 5, 0, 0));
        let t = rank_table(&names(3), &g);
        assert_eq!(t[2].name, "e2");
        assert_eq!(t[2].elo.0, f64::NEG_INFINITY);
        assert!(t[2].elo_error.0.is_nan());
        let d = t[0].elo.0 - t[1].elo.0;
        assert!((d - elo_of_score(0.6)).abs() < 1e-6, "{t:?}");
    }
}
