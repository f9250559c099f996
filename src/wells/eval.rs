//! Evaluation and playout policy of Guerrilla (Wells), for the search.
//!
//! ## Method
//! The game is decided by the W6 score (pieces plus empty points touched by one's own pieces
//! only), so the evaluation is **the expected W6 margin turned into a chance of winning**:
//! `evaluate = tanh(margin / spread)` for the side to move, where
//! * `margin` is the sum of: the side to move's W6 score minus the opponent's, on the board as
//!   it stands; [`PIECE_VALUE`] per piece of piece margin; the **kills each side can make at
//!   the end of its next turn** (`tactics.rs`, each a maximum matching as W4 kills are): for the
//!   side to move [`KILL_NOW`] per kill open as the board stands, [`KILL_GROWN`] per further
//!   kill its growth opens, [`KILL_JUMP`] per weak enemy piece within reach of its groups' jumps
//!   and [`MASSACRE`] per massacre among them; for the opponent, who moves second and whose
//!   threats the side to move may still answer, [`THREAT_NOW`], [`THREAT_GROWN`] and
//!   [`THREAT_JUMP`] ([`THREAT_JUMP_WIDE`] on boards of side [`WIDE_SIDE`] and up) against;
//!   and [`GROUP_VALUE`] times its pieces in groups of two or more, minus the opponent's (a
//!   lone piece has strength 0: any adjacent piece can kill it); and [`GROWTH_ROOM`] per piece
//!   its groups can still add by growth, minus the opponent's (a group grows one piece a turn
//!   up to five, W4: the groups on the board are pieces to come);
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
//! ## Playout and turn policy
//! [`best_of_sampled`](crate::game::best_of_sampled): a few random steps, the best after it by
//! this evaluation, plain random steps mixed in. It grows into open territory, takes the kills
//! it sees and keeps lone pieces away from stronger enemy pieces most of the time; playouts
//! are cut after [`PLAYOUT_CAP`] steps (a few turns) and scored by the evaluation.
//!
//! The `full` level searches whole turns (the turn search, `src/search/turns/mod.rs`, which
//! `src/games.rs` names for Guerrilla): a turn has a dozen steps or more, each with dozens of
//! options, and a tree over steps stays too shallow to see the answer to a turn. Its turns are drawn by [`Wells::turn_policy`]. Two
//! turns are always looked at beside them ([`SearchHints::candidate_turns`]): the greedy turn
//! ([`Wells::greedy_turn`]), so that the kills one step at a time can see are among a node's
//! turns, the opponent's answers included; and the pass, which is chosen only when its value,
//! after the opponent's answers (a pass after a pass ends the game, W6), is the best of all
//! the turns looked at.

use super::{Phase, Step, Wells, MAX_GROUP, PIECES};
use crate::game::Position;
use crate::game::{best_of_sampled, score_from_map, value_after, SearchHints};

/// Score points one kill (W4) the side to move can make as the board stands is worth (the
/// piece, and the territory it touched).
pub const KILL_NOW: f64 = 5.0;
/// The same for a kill that needs its growth first.
pub const KILL_GROWN: f64 = 3.0;
/// The same for a kill that needs one jump of its group.
pub const KILL_JUMP: f64 = 2.5;
/// Added per massacre among its kills (the point is lost to the victim's side for good).
pub const MASSACRE: f64 = 0.5;
/// Score points one kill the opponent threatens as the board stands costs the side to move,
/// which moves first and may save the piece or kill the killer.
pub const THREAT_NOW: f64 = 1.5;
/// The same for a kill that needs the opponent's growth first.
pub const THREAT_GROWN: f64 = 1.0;
/// The same for a kill that needs one jump of an opponent's group, on boards of side below
/// [`WIDE_SIDE`].
pub const THREAT_JUMP: f64 = 0.5;
/// [`THREAT_JUMP`] on boards of side [`WIDE_SIDE`] and up. A side's lone new group, compulsory
/// every turn (W4), has strength 0 until its growth a turn later, and an enemy jump that lands
/// next to it kills it: the heavier weight keeps it out of the opponent's reach. Measured, it
/// wins games on side 8 and loses them on side 6, where most points are within some group's
/// reach (`doc/wells.md`, "The jump-reach weights again").
pub const THREAT_JUMP_WIDE: f64 = 1.5;
/// The smallest board side that uses [`THREAT_JUMP_WIDE`].
pub const WIDE_SIDE: u8 = 8;
/// Score points per piece of margin, on top of the piece the W6 score counts (pieces on the
/// board grow groups and hold territory later).
pub const PIECE_VALUE: f64 = 0.5;
/// Score points per piece of a group of two or more (strength at least 1).
pub const GROUP_VALUE: f64 = 0.25;
/// Score points per piece a side's groups can still add by growth, for the side to move minus
/// the opponent: five minus each group's size, at most the pieces in supply. A group grows one
/// piece a turn until it has five (W4, W2), so a new group that survives brings four pieces to
/// come, and killing one takes them from the opponent.
pub const GROWTH_ROOM: f64 = 0.5;
/// Number of terms of the margin ([`Wells::eval_terms`]).
pub const TERMS: usize = 11;
/// The names of the terms, in order, for the tuning pipeline's report.
pub const TERM_NAMES: [&str; TERMS] = [
    "score",
    "kill_now",
    "kill_grown",
    "kill_jump",
    "massacre",
    "threat_now",
    "threat_grown",
    "threat_jump",
    "pieces",
    "grouped",
    "growth_room",
];
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
/// Steps drawn by the turn policy (growth, new group, a choice of parts, jumps) before it keeps
/// the best.
pub const TURN_SAMPLES: u32 = 3;
/// Chance that the turn policy takes a plain random step instead.
pub const TURN_EXPLORE: f64 = 0.15;
/// The most steps of [`Wells::greedy_turn`].
pub const GREEDY_STEPS: usize = 64;
/// Chance that the turn policy ends the movement when it may (no further group moves).
pub const END_MOVEMENT: f64 = 0.5;
/// Chance that the turn policy ends a moving group's movement when it may.
pub const END_GROUP: f64 = 0.35;
/// The score calibration of [`SearchHints::calibrated_score`], per side to move (White, then
/// Black): see [`score_from_map`]. Fitted by the tuning pipeline (`tools/tune/README.md`) on
/// 61,782 positions of 364 self-play games on every board side from 5 to 12 at `go nodes 300`
/// (`tools/tune/generate.sh`, `guerrilla-tune extract`, then `guerrilla-tune calibrate --game
/// guerrilla --fit`, the map fitted on all the games); `doc/search.md` gives its table.
pub const SCORE_MAP: [[f64; 3]; 2] = [[0.772, 3.271, 0.190], [1.751, 1.848, -0.130]];

impl Wells {
    /// Pieces of colour `c` in groups of two or more.
    fn grouped(&self, c: usize) -> u32 {
        let st = &self.state;
        st.pieces[c & 1]
            .and(&st.near[c & 1])
            .count_on(self.lattice.len)
    }

    /// The terms of the evaluation's margin for the side to move, in the order of
    /// [`TERM_NAMES`]: counts (W6 score points for the first), each to be multiplied by its
    /// weight (see the module documentation). The tuning pipeline (`tools/tune`) reads them.
    pub fn eval_terms(&self) -> [f64; TERMS] {
        let st = &self.state;
        let me = st.side as usize & 1;
        let them = 1 - me;
        // The side to move grows only at the growth phase and moves until its kills begin.
        let growth = st.phase == Phase::Growth;
        let jumps = matches!(
            st.phase,
            Phase::Growth | Phase::NewGroup | Phase::Move | Phase::Moving
        );
        let mine = self.threats_of(me, growth, jumps);
        let theirs = self.threats_of(them, true, true);
        let len = self.lattice.len;
        let pieces = st.pieces[me].count_on(len) as f64 - st.pieces[them].count_on(len) as f64;
        [
            self.score_margin(me) as f64,
            mine.now as f64,
            (mine.grown - mine.now) as f64,
            mine.jump as f64,
            mine.massacres as f64,
            theirs.now as f64,
            (theirs.grown - theirs.now) as f64,
            theirs.jump as f64,
            pieces,
            self.grouped(me) as f64 - self.grouped(them) as f64,
            self.growth_room(me) as f64 - self.growth_room(them) as f64,
        ]
    }

    /// The weights of [`Wells::eval_terms`] on this board.
    pub fn eval_weights(&self) -> [f64; TERMS] {
        let threat_jump = if self.lattice.side >= WIDE_SIDE {
            THREAT_JUMP_WIDE
        } else {
            THREAT_JUMP
        };
        [
            1.0,
            KILL_NOW,
            KILL_GROWN,
            KILL_JUMP,
            MASSACRE,
            -THREAT_NOW,
            -THREAT_GROWN,
            -threat_jump,
            PIECE_VALUE,
            GROUP_VALUE,
            GROWTH_ROOM,
        ]
    }

    /// The margin of the evaluation, in W6 score points, for the side to move (see the module
    /// documentation).
    pub(crate) fn eval_margin(&self) -> f64 {
        let t = self.eval_terms();
        let w = self.eval_weights();
        t.iter().zip(w).fold(0.0, |m, (t, w)| m + w * t)
    }

    /// The pieces the groups of colour `c` can still add by growth: five minus each group's
    /// size (W4), at most the pieces in supply (W2). Whether a group has a point to grow onto
    /// is not looked at.
    fn growth_room(&self, c: usize) -> u32 {
        let st = &self.state;
        let mut labels = st.labels.in_use(c);
        let mut room = 0;
        while labels != 0 {
            let g = 64 * c + labels.trailing_zeros() as usize;
            labels &= labels - 1;
            room += MAX_GROUP.saturating_sub(u32::from(st.labels.size[g]));
        }
        room.min(PIECES.saturating_sub(st.pieces[c].count_on(self.lattice.len)))
    }

    /// Turns left before the turn limit (W6), which sets the evaluation's spread.
    pub fn turns_left(&self) -> u32 {
        self.settings.turn_limit.saturating_sub(self.state.turn)
    }

    /// [`SearchHints::evaluate`]: see the module documentation.
    pub(crate) fn evaluate_position(&self) -> f64 {
        let left = self.turns_left() as f64;
        let spread = SPREAD_END + SPREAD_PER_TURN * left;
        (self.eval_margin() / spread).tanh()
    }

    /// The value for the mover of the position after `step` (a win 2, a loss -2).
    fn step_value(&self, step: Step) -> f64 {
        value_after(self, step, Wells::evaluate_position)
    }

    /// A random step other than the pass and the ends of movement (the turn policy chooses
    /// those itself); the pass when nothing else is legal.
    fn draw_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        let mut last = None;
        for _ in 0..16 {
            let s = self.random_step(rng)?;
            if !matches!(s, Step::Pass | Step::EndMovement | Step::EndGroup) {
                return Some(s);
            }
            last = Some(s);
        }
        last
    }

    /// The greedy turn: from this turn start, each step the best by the evaluation after it
    /// among all the legal steps but the pass, until the turn ends (at most [`GREEDY_STEPS`]
    /// steps; the turn search finishes a longer one by its policy). It makes every kill (W4) that
    /// one step at a time can see, such as a jump next to a weaker piece, which random turns
    /// rarely draw. Empty when the pass is the only step.
    pub(crate) fn greedy_turn(&self) -> Vec<Step> {
        let mut p = self.clone();
        let mut turn = Vec::new();
        let mut steps = Vec::new();
        while turn.len() < GREEDY_STEPS
            && p.outcome().is_none()
            && (turn.is_empty() || !p.at_turn_start())
        {
            steps.clear();
            p.legal_steps(&mut steps);
            let mut best = None;
            let mut best_value = f64::NEG_INFINITY;
            for &s in steps.iter().filter(|&&s| s != Step::Pass) {
                let v = p.step_value(s);
                if v > best_value {
                    best = Some(s);
                    best_value = v;
                }
            }
            let Some(s) = best else { break };
            p.apply(s, None);
            turn.push(s);
        }
        turn
    }

    /// The turn search's policy ([`SearchHints::turn_step`]): the end of the movement and of a
    /// group's movement with fixed chances; the kills uniformly (every maximal matching is
    /// compared where the turn ends); otherwise the best of [`TURN_SAMPLES`] random steps by
    /// the evaluation after it, or a plain random one with chance [`TURN_EXPLORE`]. Never the
    /// pass, which the search looks at by itself ([`SearchHints::candidate_turns`]), unless it
    /// is the only legal step.
    pub(crate) fn turn_policy<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        let st = &self.state;
        match st.phase {
            Phase::Over => return None,
            Phase::Kill => return self.random_step(rng),
            Phase::Move if !st.at_turn_start && rng.random_bool(END_MOVEMENT) => {
                return Some(Step::EndMovement)
            }
            Phase::Moving if rng.random_bool(END_GROUP) => return Some(Step::EndGroup),
            _ => {}
        }
        let first = self.draw_action(rng)?;
        if first == Step::Pass || rng.random_bool(TURN_EXPLORE) {
            return Some(first);
        }
        let mut best = first;
        let mut best_value = self.step_value(first);
        for _ in 1..TURN_SAMPLES {
            let Some(s) = self.draw_action(rng) else {
                break;
            };
            if s == best || s == Step::Pass {
                continue;
            }
            let v = self.step_value(s);
            if v > best_value {
                best = s;
                best_value = v;
            }
        }
        Some(best)
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

    /// [`Wells::turn_policy`].
    fn turn_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        self.turn_policy(rng)
    }

    /// The pass (W5), at a turn start: the turn policy never draws it; and the greedy turn
    /// ([`Wells::greedy_turn`]), so that the kills it sees are among the turns and answers
    /// looked at.
    fn candidate_turns(&self, out: &mut Vec<Vec<Step>>) {
        if self.state.at_turn_start && self.state.phase != Phase::Over {
            out.push(vec![Step::Pass]);
            let greedy = self.greedy_turn();
            if !greedy.is_empty() {
                out.push(greedy);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::prelude::*;
    use crate::game::SearchHints;
    use crate::game::Side;
    use crate::wells::lattice::NONE;
    use crate::wells::{Settings, Wells};

    /// `grouped` read point by point from its words (the pieces of colour `c` with a friendly
    /// neighbour), and the kills open now bounded by their victims (W4: an enemy piece next to a
    /// stronger piece of colour `c`; a matching kills each once, and kills one at least when
    /// there is one); on the positions of a few random games, for both colours.
    #[test]
    fn grouped_pieces_and_kills_point_by_point() {
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
                        assert_eq!(pos.grouped(c), grouped, "{pos:?}");
                        let now = pos.threats_of(c, false, false).now;
                        assert!(now <= kills && (now > 0) == (kills > 0), "{pos:?}");
                        seen_kills += kills;
                    }
                    let s = pos.random_step(&mut rng).unwrap();
                    pos.apply(s, None);
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
            pos.apply(s, None);
            assert_eq!(pos.score(Side::P1), pos.score_by_points(Side::P1));
            assert_eq!(pos.score(Side::P2), pos.score_by_points(Side::P2));
            let (a, b) = (pos.score(Side::P1) as i32, pos.score(Side::P2) as i32);
            assert_eq!((pos.score_margin(0), pos.score_margin(1)), (a - b, b - a));
            let e = pos.evaluate();
            assert!((-1.0..=1.0).contains(&e));
        }
    }
}
