//! The fits: a log-loss over positions with outcomes, minimised by argmin's L-BFGS.
//!
//! Every model here gives, for a position, a logit `z` of the chance that its side of
//! interest wins; the loss is the mean cross-entropy against the result (a win 1, a draw ½, a
//! loss 0), plus `ridge · |θ − θ₀|²` over the parameters that have one.

use argmin::core::{CostFunction, Error, Executor, Gradient, State};
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::quasinewton::LBFGS;

/// A model over a set of rows: the logit of row `i` at parameters `theta`, with its gradient.
pub trait Model: Sync {
    fn rows(&self) -> usize;
    /// The target of row `i`: the chance of a win, 0, ½ or 1.
    fn target(&self, i: usize) -> f64;
    /// The logit of row `i`, adding `d·∂z/∂θ` to `grad` when given.
    fn logit(&self, theta: &[f64], i: usize, grad: Option<(&mut [f64], f64)>) -> f64;
}

/// The mean cross-entropy of `model` at `theta`, and its gradient.
pub fn loss_and_grad(model: &dyn Model, theta: &[f64], want_grad: bool) -> (f64, Vec<f64>) {
    let n = model.rows().max(1) as f64;
    let mut grad = vec![0.0; theta.len()];
    let mut loss = 0.0;
    for i in 0..model.rows() {
        let y = model.target(i);
        let z = model.logit(theta, i, None);
        // log σ(z) and log σ(−z), stably.
        let log_p = -softplus(-z);
        let log_q = -softplus(z);
        loss -= y * log_p + (1.0 - y) * log_q;
        if want_grad {
            let p = 1.0 / (1.0 + (-z).exp());
            model.logit(theta, i, Some((&mut grad, (p - y) / n)));
        }
    }
    (loss / n, grad)
}

fn softplus(x: f64) -> f64 {
    if x > 30.0 {
        x
    } else {
        x.exp().ln_1p()
    }
}

struct Problem<'a> {
    model: &'a dyn Model,
    ridge: f64,
    centre: Vec<f64>,
    /// Which parameters the ridge pulls towards `centre`.
    ridged: Vec<bool>,
}

impl Problem<'_> {
    fn eval(&self, theta: &[f64], want_grad: bool) -> (f64, Vec<f64>) {
        let (mut loss, mut grad) = loss_and_grad(self.model, theta, want_grad);
        for j in 0..theta.len() {
            if self.ridged[j] {
                let d = theta[j] - self.centre[j];
                loss += self.ridge * d * d;
                grad[j] += 2.0 * self.ridge * d;
            }
        }
        (loss, grad)
    }
}

impl CostFunction for Problem<'_> {
    type Param = Vec<f64>;
    type Output = f64;
    fn cost(&self, theta: &Self::Param) -> Result<f64, Error> {
        Ok(self.eval(theta, false).0)
    }
}

impl Gradient for Problem<'_> {
    type Param = Vec<f64>;
    type Gradient = Vec<f64>;
    fn gradient(&self, theta: &Self::Param) -> Result<Vec<f64>, Error> {
        Ok(self.eval(theta, true).1)
    }
}

/// Minimises the loss of `model` from `start` (the ridge pulls the parameters marked in
/// `ridged` towards their starting values). Returns the parameters found.
pub fn minimise(
    model: &dyn Model,
    start: &[f64],
    ridge: f64,
    ridged: &[bool],
    max_iters: u64,
) -> Result<Vec<f64>, String> {
    let problem = Problem {
        model,
        ridge,
        centre: start.to_vec(),
        ridged: ridged.to_vec(),
    };
    let line_search = MoreThuenteLineSearch::new();
    let solver = LBFGS::new(line_search, 10)
        .with_tolerance_cost(1e-12)
        .map_err(|e| e.to_string())?;
    let res = Executor::new(problem, solver)
        .configure(|s| s.param(start.to_vec()).max_iters(max_iters))
        .run()
        .map_err(|e| e.to_string())?;
    res.state()
        .get_best_param()
        .cloned()
        .ok_or_else(|| "the fit found no parameters".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-feature logistic model: rows `(x, y)`, logit `θ₀ + θ₁ x`.
    struct Line(Vec<(f64, f64)>);

    impl Model for Line {
        fn rows(&self) -> usize {
            self.0.len()
        }
        fn target(&self, i: usize) -> f64 {
            self.0[i].1
        }
        fn logit(&self, t: &[f64], i: usize, grad: Option<(&mut [f64], f64)>) -> f64 {
            let x = self.0[i].0;
            if let Some((g, d)) = grad {
                g[0] += d;
                g[1] += d * x;
            }
            t[0] + t[1] * x
        }
    }

    /// Rows drawn so that the chance of a win is exactly σ(−1 + 2x) at each x: the fit finds
    /// those parameters, and its loss is below the loss at the start.
    #[test]
    fn recovers_a_known_logistic_curve() {
        let mut rows = Vec::new();
        for k in 0..41 {
            let x = -2.0 + 0.1 * k as f64;
            let p = 1.0 / (1.0 + (-(-1.0 + 2.0 * x)).exp());
            // The target is the chance itself: the log-loss is least at the true curve.
            rows.push((x, p));
        }
        let m = Line(rows);
        let theta = minimise(&m, &[0.0, 0.0], 0.0, &[false, false], 200).unwrap();
        assert!((theta[0] + 1.0).abs() < 1e-3, "{theta:?}");
        assert!((theta[1] - 2.0).abs() < 1e-3, "{theta:?}");
        let before = loss_and_grad(&m, &[0.0, 0.0], false).0;
        let after = loss_and_grad(&m, &theta, false).0;
        assert!(after < before);
    }

    /// The analytic gradient agrees with finite differences.
    #[test]
    fn gradient_matches_differences() {
        let m = Line(vec![(0.5, 1.0), (-1.0, 0.0), (2.0, 0.5)]);
        let t = [0.3, -0.7];
        let (_, g) = loss_and_grad(&m, &t, true);
        for j in 0..2 {
            let mut a = t;
            let mut b = t;
            a[j] += 1e-6;
            b[j] -= 1e-6;
            let d = (loss_and_grad(&m, &a, false).0 - loss_and_grad(&m, &b, false).0) / 2e-6;
            assert!((d - g[j]).abs() < 1e-6, "{j}: {d} vs {}", g[j]);
        }
    }
}
