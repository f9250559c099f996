//! Each game's evaluation as a model of the chance of a win, over positions of the data.

use guerrilla::checkers::{Checkers, FEATURES, WEIGHTS};
use guerrilla::game::prelude::*;
// The rules trait by its methods only: `Position` here is the records' type.
use guerrilla::game::Position as _;
use guerrilla::wells::{Wells, SPREAD_END, SPREAD_PER_TURN, TERMS};
use guerrilla::Side;

use crate::fit::Model;
use crate::records::Position;

/// The board side the Guerrilla weights' slopes are measured from.
pub const CENTRE_SIDE: f64 = 8.0;

/// One Guerrilla position: the terms of the margin, the turns left, the board side.
pub struct WellsRow {
    pub terms: [f64; TERMS],
    /// The margin with the weights of this build (for the loss before the fit).
    pub margin: f64,
    pub left: f64,
    pub side: f64,
    pub target: f64,
}

/// The Guerrilla evaluation `tanh(margin / spread)` as `σ(2 · margin / spread)`, the margin's
/// first term (the W6 score) at weight 1, the spread `exp(e) + exp(p) · turns left`.
/// Parameters: the weights of terms 1.. (`TERMS − 1`), then `e` and `p` (logarithms, so that
/// both parts of the spread stay positive); with `slopes`, as many again: each one's change
/// per board side above [`CENTRE_SIDE`].
pub struct WellsModel {
    pub rows: Vec<WellsRow>,
    pub slopes: bool,
}

/// Parameters of the base model: `TERMS − 1` weights and two spread constants.
pub const WELLS_BASE: usize = TERMS + 1;

impl WellsModel {
    pub fn from_positions(positions: &[Position], slopes: bool) -> Result<Self, String> {
        let mut rows = Vec::with_capacity(positions.len());
        for p in positions {
            let w = Wells::from_position_string(&p.position, &Default::default())
                .map_err(|e| format!("{}: {e}", p.source))?;
            let terms = w.eval_terms();
            let weights = w.eval_weights();
            let margin = terms.iter().zip(weights).map(|(t, w)| t * w).sum();
            rows.push(WellsRow {
                terms,
                margin,
                left: w.turns_left() as f64,
                side: p.board as f64,
                target: (p.result + 1.0) / 2.0,
            });
        }
        Ok(WellsModel { rows, slopes })
    }

    /// The parameters of this build's evaluation on a board of side 8 (slopes 0).
    pub fn start(&self) -> Vec<f64> {
        let w = Wells::new(&Default::default()).eval_weights();
        let mut t: Vec<f64> = w[1..].to_vec();
        t.push(SPREAD_END.ln());
        t.push(SPREAD_PER_TURN.ln());
        if self.slopes {
            t.extend(std::iter::repeat_n(0.0, WELLS_BASE));
        }
        t
    }

    /// The loss of this build's evaluation itself (its weights on each row's board).
    pub fn current_logits(&self) -> Vec<f64> {
        self.rows
            .iter()
            .map(|r| 2.0 * r.margin / (SPREAD_END + SPREAD_PER_TURN * r.left))
            .collect()
    }
}

impl Model for WellsModel {
    fn rows(&self) -> usize {
        self.rows.len()
    }
    fn target(&self, i: usize) -> f64 {
        self.rows[i].target
    }
    fn logit(&self, t: &[f64], i: usize, grad: Option<(&mut [f64], f64)>) -> f64 {
        let r = &self.rows[i];
        let d = if self.slopes {
            r.side - CENTRE_SIDE
        } else {
            0.0
        };
        let at = |j: usize| {
            if self.slopes {
                t[j] + t[WELLS_BASE + j] * d
            } else {
                t[j]
            }
        };
        let mut m = r.terms[0];
        for k in 1..TERMS {
            m += at(k - 1) * r.terms[k];
        }
        let end = at(TERMS - 1).exp();
        let per_turn = at(TERMS).exp();
        let s = end + per_turn * r.left;
        let z = 2.0 * m / s;
        if let Some((g, dz)) = grad {
            let mut add = |j: usize, v: f64| {
                g[j] += dz * v;
                if self.slopes {
                    g[WELLS_BASE + j] += dz * v * d;
                }
            };
            for k in 1..TERMS {
                add(k - 1, 2.0 * r.terms[k] / s);
            }
            let dz_ds = -2.0 * m / (s * s);
            add(TERMS - 1, dz_ds * end);
            add(TERMS, dz_ds * per_turn * r.left);
        }
        z
    }
}

/// One Guerrilla Checkers position: the evaluation's features and the Guerrilla's result.
pub struct CheckersRow {
    pub features: [f64; FEATURES],
    pub guerrilla_to_move: bool,
    pub target: f64,
}

/// The Guerrilla Checkers evaluation `P(Guerrilla wins) = σ(w · f)`; with `per_side`, one set of
/// weights with the Guerrilla to move and another with COIN to move.
pub struct CheckersModel {
    pub rows: Vec<CheckersRow>,
    pub per_side: bool,
}

impl CheckersModel {
    pub fn from_positions(positions: &[Position], per_side: bool) -> Result<Self, String> {
        let mut rows = Vec::with_capacity(positions.len());
        for p in positions {
            let c = Checkers::from_position_string(&p.position, &Default::default())
                .map_err(|e| format!("{}: {e}", p.source))?;
            // The result for the Guerrilla (p1).
            let r = if p.mover == Side::P1 {
                p.result
            } else {
                -p.result
            };
            rows.push(CheckersRow {
                features: c.eval_features(),
                guerrilla_to_move: p.mover == Side::P1,
                target: (r + 1.0) / 2.0,
            });
        }
        Ok(CheckersModel { rows, per_side })
    }

    /// This build's weights (twice, with `per_side`).
    pub fn start(&self) -> Vec<f64> {
        let mut t = WEIGHTS.to_vec();
        if self.per_side {
            t.extend(WEIGHTS);
        }
        t
    }
}

impl Model for CheckersModel {
    fn rows(&self) -> usize {
        self.rows.len()
    }
    fn target(&self, i: usize) -> f64 {
        self.rows[i].target
    }
    fn logit(&self, t: &[f64], i: usize, grad: Option<(&mut [f64], f64)>) -> f64 {
        let r = &self.rows[i];
        let off = if self.per_side && !r.guerrilla_to_move {
            FEATURES
        } else {
            0
        };
        let z = (0..FEATURES).map(|k| t[off + k] * r.features[k]).sum();
        if let Some((g, dz)) = grad {
            for k in 0..FEATURES {
                g[off + k] += dz * r.features[k];
            }
        }
        z
    }
}

/// The score map of one side to move: the chance that it wins is `σ(a·atanh(raw) + b·raw +
/// c)` of the search's raw value (`score_from_map` in the engine).
pub struct MapModel {
    /// `(raw, target)` pairs.
    pub rows: Vec<(f64, f64)>,
}

impl Model for MapModel {
    fn rows(&self) -> usize {
        self.rows.len()
    }
    fn target(&self, i: usize) -> f64 {
        self.rows[i].1
    }
    fn logit(&self, t: &[f64], i: usize, grad: Option<(&mut [f64], f64)>) -> f64 {
        let raw = self.rows[i].0.clamp(-0.999_999, 0.999_999);
        let a = raw.atanh();
        if let Some((g, dz)) = grad {
            g[0] += dz * a;
            g[1] += dz * raw;
            g[2] += dz;
        }
        t[0] * a + t[1] * raw + t[2]
    }
}

/// The logit of a map at `raw`.
pub fn map_logit(map: &[f64; 3], raw: f64) -> f64 {
    let raw = raw.clamp(-0.999_999, 0.999_999);
    map[0] * raw.atanh() + map[1] * raw + map[2]
}

/// The raw value that `map` turns into `score` (the map rises with `raw` for every map the
/// engine has had: `a > 0` and `a + b > 0`), by bisection; `None` when the score is beyond
/// what the map reaches.
pub fn invert_map(map: &[f64; 3], score: f64) -> Option<f64> {
    let score = score.clamp(-0.9995, 0.9995);
    let z = 2.0 * score.atanh();
    let (mut lo, mut hi) = (-0.999_999_f64, 0.999_999_f64);
    if map_logit(map, lo) > z || map_logit(map, hi) < z {
        return None;
    }
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if map_logit(map, mid) < z {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverting_a_map_gives_back_the_raw_value() {
        let map = [0.645, 2.964, -0.181];
        for raw in [-0.9, -0.3, 0.0, 0.42, 0.88] {
            let score = (map_logit(&map, raw) / 2.0).tanh();
            let back = invert_map(&map, score).unwrap();
            assert!((back - raw).abs() < 1e-9, "{raw} {back}");
        }
    }

    /// The Guerrilla model at this build's parameters gives this build's evaluation, on a
    /// few positions of a game of random turns on each board side 5 to 12.
    #[test]
    fn wells_model_at_the_start_is_the_evaluation() {
        use crate::fit::Model;
        for side in 5..=12u8 {
            let settings = guerrilla::wells::Settings::new(side, 400).unwrap();
            let mut pos = Wells::new(&settings);
            let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(side.into());
            let mut positions = Vec::new();
            for _ in 0..600 {
                let Some(s) = pos.random_step(&mut rng) else {
                    break;
                };
                pos.apply(s, None);
                if !pos.at_turn_start() {
                    continue;
                }
                positions.push(Position {
                    game: guerrilla::GameKind::Wells,
                    board: side,
                    source: "t:1".into(),
                    ply: 0,
                    mover: pos.side_to_move(),
                    result: 0.0,
                    score: "-".into(),
                    position: pos.to_position_string(),
                });
            }
            let m = WellsModel::from_positions(&positions, true).unwrap();
            let cur = m.current_logits();
            let start = m.start();
            for (i, c) in cur.iter().enumerate() {
                let z = m.logit(&start, i, None);
                // Side 8 and up the start is this build's weights exactly; below, the
                // jump-reach threat weighs less in the build than at the start.
                if side >= 8 {
                    assert!((z - c).abs() < 1e-9, "side {side}: {z} vs {c}");
                }
                assert!(z.is_finite());
            }
        }
    }
}
