//! Evaluation and playout policy of Guerrilla (Wells), for the search.
//!
//! ## Method
//! The game is decided by the W6 score (pieces plus empty points touched by one's own pieces
//! only), so the evaluation is **the expected W6 margin turned into a chance of winning**:
//! `evaluate = tanh(margin / spread)` for the side to move, where
//! * `margin` is the sum of: the side to move's W6 score minus the opponent's, on the board as
//!   it stands; [`KILL_VALUE`] times the enemy pieces the side to move can kill at the end of
//!   its turn, minus the same for the opponent's next turn; [`GROUP_VALUE`] times its pieces in
//!   groups of two or more, minus the opponent's. That is the score as it stands, corrected by
//!   the kills already on the board (W4: a piece stronger than an adjacent enemy piece can kill
//!   it; the mover's kills come first) and by group strength (a lone piece has strength 0 and
//!   any piece next to it can kill it);
//! * `spread` = [`SPREAD_END`] + [`SPREAD_PER_TURN`] × (turns left before the turn limit): a
//!   margin of a few points is decisive near the end and means little with hundreds of turns
//!   to play.
//!
//! Why this form: the W6 score is exactly what decides the game, and the state keeps, for each
//! side, the set of points next to its pieces, so the score is a handful of set operations
//! (no flood fill) and kills are read from the strength masks. A `tanh` of a margin over a
//! spread that grows with the turns left is the simplest shape that is ±1 when the result is
//! certain and flat when it is not; its two constants were set so that the search's `score`
//! agrees with self-play results (`benches/search_calibration.rs --game guerrilla`).
//!
//! ## Playout policy
//! [`best_of_sampled`](crate::search::best_of_sampled): a few random steps, the best after it by
//! this evaluation, plain random steps mixed in. It grows into open territory, takes the kills
//! it sees and keeps lone pieces away from stronger enemy pieces most of the time; playouts
//! are cut after [`PLAYOUT_CAP`] steps (a few turns) and scored by the evaluation.

use super::{Step, Wells};
use crate::game::Rules;
use crate::search::{best_of_sampled, score_from_map, SearchHints};

/// Score points one kill is worth in the margin (the piece, and the territory it touched).
pub const KILL_VALUE: f64 = 2.0;
/// Score points per piece of a group of two or more (strength at least 1).
pub const GROUP_VALUE: f64 = 0.25;
/// The spread at the turn limit, in score points.
pub const SPREAD_END: f64 = 4.0;
/// The spread added per turn left.
pub const SPREAD_PER_TURN: f64 = 0.1;
/// Steps after which a playout is cut and scored by the evaluation.
pub const PLAYOUT_CAP: u32 = 40;
/// Steps drawn by the playout policy before it keeps the best.
pub const POLICY_SAMPLES: u32 = 3;
/// Chance that the playout policy takes a plain random step.
pub const POLICY_EXPLORE: f64 = 0.2;
/// The score calibration of [`SearchHints::calibrated_score`], per side to move (White, then
/// Black): see [`score_from_map`].
/// Fitted on 91,672 positions of 800 self-play games on side 8 at `go nodes 200` (`cargo bench
/// --bench search_calibration -- --game guerrilla --games 800 --nodes 200 --fit-score`, games
/// 0–799), and tested on games 800–1199: see `doc/search.md`.
pub const SCORE_MAP: [[f64; 3]; 2] = [[0.645, 2.964, -0.181], [0.722, 2.904, -0.042]];

impl Wells {
    /// Enemy pieces of colour index `1 - c` that some adjacent piece of colour `c` is stronger
    /// than (W4 kills), and pieces of colour `c` in groups of two or more.
    fn threats(&self, c: usize) -> (u32, u32) {
        let st = &self.state;
        let c = c & 1;
        // A piece with a friendly neighbour is one next to a piece of its colour: `near`.
        let grouped = st.pieces[c].and(&st.near[c]);
        let len = self.lattice.len;
        // Only a piece of strength 1 or more can be stronger than another (strength 0 is not
        // stronger than anything), and it must touch an enemy piece: none, no kill.
        let mut n = 0;
        if grouped.and(&st.near[1 - c]).count_on(len) != 0 {
            let victims = st.pieces[1 - c].and(&st.near[c]);
            for q in victims.iter() {
                let sq = st.adj[1 - c][q].count_ones();
                let mut m = st.adj[c][q];
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let p = self.lattice.nb[q][d] as usize;
                    if st.adj[c][p].count_ones() > sq {
                        n += 1;
                        break;
                    }
                }
            }
        }
        (n, grouped.count_on(len))
    }

    /// [`SearchHints::evaluate`]: see the module documentation.
    pub(crate) fn evaluate_position(&self) -> f64 {
        let me = self.state.side as usize;
        let them = 1 - me;
        let (kills_mine, grouped_mine) = self.threats(me);
        let (kills_theirs, grouped_theirs) = self.threats(them);
        let margin = self.score_margin(me) as f64
            + KILL_VALUE * (kills_mine as f64 - kills_theirs as f64)
            + GROUP_VALUE * (grouped_mine as f64 - grouped_theirs as f64);
        let left = self.settings.turn_limit.saturating_sub(self.state.turn) as f64;
        let spread = SPREAD_END + SPREAD_PER_TURN * left;
        (margin / spread).tanh()
    }
}

impl SearchHints for Wells {
    /// The W6 margin model above.
    fn evaluate(&self) -> f64 {
        self.evaluate_position()
    }

    /// The fitted score map above.
    fn calibrated_score(&self, raw: f64) -> f64 {
        score_from_map(&SCORE_MAP, self.side_to_move(), raw)
    }

    /// A few sampled steps, the best kept ([`best_of_sampled`]).
    fn playout_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        best_of_sampled(self, rng, POLICY_SAMPLES, POLICY_EXPLORE)
    }

    /// Playouts of a few turns, scored by `evaluate`.
    const PLAYOUT_CAP: u32 = PLAYOUT_CAP;
    /// A turn is many steps (each growth, the new group, every jump, kills), most with dozens
    /// of options: trying each once before any twice keeps the tree too shallow to see a kill.
    /// With 0.8 an untried step comes next unless a tried one scores more with its UCB1 bonus
    /// (on the search's -1..1 scale a mean of 0.8 is 90 % of playouts won); `doc/search.md`
    /// gives the matches that chose it.
    const FIRST_PLAY: f64 = 0.8;
}

#[cfg(test)]
mod tests {
    use crate::game::prelude::*;
    use crate::game::Side;
    use crate::search::SearchHints;
    use crate::wells::lattice::NONE;
    use crate::wells::{Settings, Wells};

    /// `threats` read point by point from its words: the enemy pieces next to a stronger piece
    /// of colour `c` (W4), and the pieces of colour `c` with a friendly neighbour; on the
    /// positions of a few random games, for both colours.
    #[test]
    fn threats_are_the_kills_and_groups_point_by_point() {
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(11);
        let mut seen_kills = 0;
        for side in [4, 6, 8] {
            let settings = Settings {
                side,
                ..Settings::default()
            };
            for _ in 0..4 {
                let mut pos = Wells::new(&settings);
                for _ in 0..1500 {
                    if pos.outcome().is_some() {
                        break;
                    }
                    for c in 0..2 {
                        let colour = |p: usize| pos.state.pieces[c].get(p);
                        let enemy = |p: usize| pos.state.pieces[1 - c].get(p);
                        let around = |q: usize| {
                            pos.lattice.nb[q]
                                .into_iter()
                                .filter(|&p| p != NONE)
                                .map(|p| p as usize)
                        };
                        let kills = (0..pos.lattice.len)
                            .filter(|&q| enemy(q))
                            .filter(|&q| {
                                around(q).any(|p| colour(p) && pos.strength(p) > pos.strength(q))
                            })
                            .count() as u32;
                        let grouped = (0..pos.lattice.len)
                            .filter(|&p| colour(p) && around(p).any(colour))
                            .count() as u32;
                        assert_eq!(pos.threats(c), (kills, grouped), "{pos:?}");
                        seen_kills += kills;
                    }
                    let s = pos.random_step(&mut rng).unwrap();
                    pos.apply_step(s);
                }
            }
        }
        assert!(
            seen_kills > 100,
            "the games offered few kills: {seen_kills}"
        );
    }

    #[test]
    fn score_is_the_w6_score() {
        let mut pos = Wells::new(&Settings::default());
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(3);
        for _ in 0..400 {
            if pos.outcome().is_some() {
                break;
            }
            let s = pos.random_step(&mut rng).unwrap();
            pos.apply_step(s);
            assert_eq!(pos.score(Side::P1), pos.score_by_points(Side::P1));
            assert_eq!(pos.score(Side::P2), pos.score_by_points(Side::P2));
            let (a, b) = (pos.score(Side::P1) as i32, pos.score(Side::P2) as i32);
            assert_eq!((pos.score_margin(0), pos.score_margin(1)), (a - b, b - a));
            let e = pos.evaluate();
            assert!((-1.0..=1.0).contains(&e));
        }
    }
}
