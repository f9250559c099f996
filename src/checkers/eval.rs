//! Evaluation and playout policy of Guerrilla Checkers, for the search.
//!
//! ## Method The value is a **logistic model of the chance that the Guerrilla wins**, fitted to the
//! outcomes of self-play games: `P(Guerrilla wins) = σ(w · f)`, where `f` are the features of
//! [`Checkers::eval_features`] and `w` is [`WEIGHTS`].
//! [`SearchHints::evaluate`](crate::game::SearchHints::evaluate) returns `2P − 1` for the
//! Guerrilla to move and `1 − 2P` for COIN, so the search's playouts that it cuts short are scored
//! in the same unit as finished games (±1), and the root `score` reads as an expected result. Why
//! this form:
//! * The game is a race of resources: the Guerrilla must surround all six checkers (GC5) before its
//!   66 stones run out, while COIN captures stones by jumping (GC4). A few counts (checkers left,
//!   stones in hand, stones on the board) carry most of that race; the tactical state of the next
//!   turn (a checker one pair from being surrounded, a stone that a checker can jump) carries the
//!   rest. A linear model over such counts is cheap (a dozen bitboard operations, under 100 ns),
//!   smooth, and can be fitted by logistic regression in seconds.
//! * The logistic link makes the output a probability, so its scale is learnt from outcomes instead
//!   of guessed: that is what makes `score` mean what it says (calibration).
//! * The weights are fitted on positions of self-play games by the tuning pipeline
//!   (`tools/tune/README.md`: the games through the arena at a node budget, the log-loss of
//!   the model against their outcomes minimised); refit them there after a change of the rules
//!   or of the search.
//!
//! ## Features (from the Guerrilla's point of view)
//! * checkers on the board, stones in hand, stones on the board;
//! * checkers the Guerrilla can surround with one pair now (one missing corner reachable, or two
//!   missing adjacent corners one of which touches a stone; GC3), split by who is to move: with the
//!   Guerrilla to move such a checker is as good as taken, with COIN to move it may flee;
//! * stones a checker can capture with its next step (the point crossed holds a stone and the
//!   square beyond holds no checker; GC4), split by who is to move;
//! * checkers on an edge square (fewer interior corners: fewer stones surround them);
//! * stones on the corners of checkers (the pressure already built).
//!
//! ## No playouts: the search scores its leaves with this evaluation [`PLAYOUT_CAP`] is 0: a new
//! leaf of the search's tree is scored by this evaluation at once (or by the game's outcome), the
//! way AlphaZero-style searches use a value function instead of rollouts: a playout of light policy
//! steps costs many iterations and adds more noise than knowledge, while the evaluation's tactical
//! features (surroundable checkers, hanging stones, by side to move) already read the next turn.
//! Values of an evaluation are not noisy like playout results, so the search explores less
//! ([`EXPLORATION`] 0.2, against UCT's usual 0.5). `doc/search.md` gives the matches that chose
//! both. The playout policy is therefore left to its default (a uniformly random step).

use super::lattice::{self, ALL_POINTS, CORNERS, CROSS, NONE, STEP};
use super::Checkers;
use crate::game::SearchHints;
use crate::game::Side;

/// Number of features in [`Checkers::eval_features`].
pub const FEATURES: usize = 11;

/// The names of the features, in order (for the fitting bench's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bias",
    "guerrilla_to_move",
    "checkers",
    "hand/10",
    "board_stones/10",
    "surroundable*g_to_move",
    "surroundable*coin_to_move",
    "hanging*coin_to_move",
    "hanging*g_to_move",
    "edge_checkers",
    "corner_stones/4",
];

/// The fitted weights of the logistic model (see the module documentation), fitted by the
/// tuning pipeline (`tools/tune/README.md`) to 25,226 positions of 400 self-play games at `go
/// nodes 10000`: `tools/tune/generate.sh` (its `checkers` line), then `guerrilla-tune extract`
/// and `guerrilla-tune fit --game guerrilla-checkers` (the weights fitted on all the games).
pub const WEIGHTS: [f64; FEATURES] = [
    -2.270, 0.164, -2.187, 1.777, 1.273, 0.988, 0.719, -0.302, -0.030, 0.282, 0.326,
];

/// The score calibration of
/// [`SearchHints::calibrated_score`](crate::game::SearchHints::calibrated_score), per side to
/// move (the Guerrilla, then COIN): see [`score_from_map`](crate::game::score_from_map). Fitted
/// by the tuning pipeline (`tools/tune/README.md`) on 23,686 positions of 400 self-play games
/// of this evaluation at `go nodes 10000` (`tools/tune/generate.sh`, `guerrilla-tune extract`,
/// then `guerrilla-tune calibrate --game guerrilla-checkers --fit`, the map fitted on all the
/// games); `doc/search.md` gives its table.
pub const SCORE_MAP: [[f64; 3]; 2] = [[5.170, -4.323, -0.568], [4.869, -4.016, 0.514]];

/// Steps after which a playout is cut and scored by the evaluation: none, the search scores
/// each new leaf by the evaluation itself (see the module documentation).
pub const PLAYOUT_CAP: u32 = 0;
/// The search's UCB1 exploration constant for this game (see the module documentation).
pub const EXPLORATION: f64 = 0.2;

impl Checkers {
    /// The checkers the Guerrilla could surround with one pair if it were to move now (GC3).
    fn surroundable(&self) -> u32 {
        if self.hand < 2 {
            return 0;
        }
        let empty = ALL_POINTS & !self.stones;
        let first = if self.first {
            empty
        } else {
            lattice::neighbours(self.stones) & empty
        };
        let either = first | (lattice::neighbours(first) & empty);
        let mut n = 0;
        let mut b = self.checkers;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            let miss = CORNERS[sq] & !self.stones;
            match miss.count_ones() {
                1 if miss & either != 0 => n += 1,
                2 if miss & first != 0 && {
                    let a = miss & miss.wrapping_neg();
                    lattice::neighbours(a) & (miss & !a) != 0
                } =>
                {
                    n += 1
                }
                _ => {}
            }
        }
        n
    }

    /// The stones some checker could capture with its next step (GC4), each counted once.
    fn hanging(&self) -> u32 {
        let mut hit = 0u64;
        let mut b = self.checkers;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            for d in 0..4 {
                let t = STEP[sq][d];
                if t == NONE || self.checkers & (1u64 << t) != 0 {
                    continue;
                }
                hit |= self.stones & (1u64 << CROSS[sq][d]);
            }
        }
        hit.count_ones()
    }

    /// The features of the evaluation (see the module documentation), in the order of
    /// [`FEATURE_NAMES`].
    pub fn eval_features(&self) -> [f64; FEATURES] {
        let g = if self.side == Side::P1 { 1.0 } else { 0.0 };
        let c = 1.0 - g;
        let surround = self.surroundable() as f64;
        let hanging = self.hanging() as f64;
        let mut edge = 0u32;
        let mut corner_stones = 0u32;
        let mut b = self.checkers;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            if CORNERS[sq].count_ones() < 4 {
                edge += 1;
            }
            corner_stones += (CORNERS[sq] & self.stones).count_ones();
        }
        [
            1.0,
            g,
            self.checkers.count_ones() as f64,
            self.hand as f64 / 10.0,
            self.stones.count_ones() as f64 / 10.0,
            surround * g,
            surround * c,
            hanging * c,
            hanging * g,
            edge as f64,
            corner_stones as f64 / 4.0,
        ]
    }

    /// The chance that the Guerrilla wins, by the logistic model.
    pub fn guerrilla_win_chance(&self) -> f64 {
        let f = self.eval_features();
        let x: f64 = f.iter().zip(WEIGHTS.iter()).map(|(a, b)| a * b).sum();
        1.0 / (1.0 + (-x).exp())
    }

    /// [`SearchHints::calibrated_score`](crate::game::SearchHints::calibrated_score): the
    /// search's raw value `raw` for the side to move mapped by [`SCORE_MAP`] to an expected result.
    /// The raw value is the mean of playouts scored by this evaluation, and it misjudges the two
    /// sides differently, so each side has its own curve.
    pub(crate) fn calibrated(&self, raw: f64) -> f64 {
        crate::game::score_from_map(&SCORE_MAP, self.side, raw)
    }

    /// [`SearchHints::evaluate`](crate::game::SearchHints::evaluate): `2P − 1` for the side to
    /// move.
    pub(crate) fn evaluate_position(&self) -> f64 {
        let v = 2.0 * self.guerrilla_win_chance() - 1.0;
        if self.side == Side::P1 {
            v
        } else {
            -v
        }
    }
}

impl SearchHints for Checkers {
    /// The logistic model above.
    fn evaluate(&self) -> f64 {
        self.evaluate_position()
    }

    /// The fitted score map above.
    fn calibrated_score(&self, raw: f64) -> f64 {
        self.calibrated(raw)
    }

    /// No playouts: leaves are scored by `evaluate`.
    const PLAYOUT_CAP: u32 = PLAYOUT_CAP;
    /// Less exploration over an evaluation's smooth values.
    const EXPLORATION: f64 = EXPLORATION;
    /// A position is 32 bytes.
    const RESTORE_BY_COPY: bool = true;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;

    fn pos(text: &str) -> Checkers {
        Checkers::from_position_string(text, &Default::default()).unwrap()
    }

    #[test]
    fn evaluate_is_a_value_for_the_side_to_move() {
        let start = Checkers::new(&Default::default());
        let e = start.evaluate();
        assert!(e > -1.0 && e < 1.0);
        // The same board with COIN to move after a Guerrilla pair: values in range, and the
        // side to move's sign convention holds (a checker about to be surrounded is good for
        // the Guerrilla whoever is to move, better with the Guerrilla to move).
        let mut p = start;
        let mut steps = Vec::new();
        p.legal_steps(&mut steps);
        p.apply(steps[0], None);
        let e2 = p.evaluate();
        assert!(e2 > -1.0 && e2 < 1.0);
    }

    #[test]
    fn surroundable_and_hanging_counts() {
        // A checker on a1 (one interior corner, B2) with a stone on B3 next to B2: the Guerrilla
        // surrounds it by placing B2 (GC3). The stone on B3 is not hanging (no checker crosses
        // it), the stone on D4 is (c3 jumps it to e5).
        let p = pos("8/8/8/8/8/2C5/8/C7 9/9/9/9/9/3G5/1G7/9/9 60 G -");
        assert_eq!(p.surroundable(), 1);
        assert_eq!(p.hanging(), 1);
    }
}
