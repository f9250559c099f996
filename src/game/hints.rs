//! The evaluation layer: what a search asks of a game beyond its rules (an evaluation, a
//! calibration of the search's value into an expected result, a playout policy and the search's
//! constants for the game). Each game implements [`SearchHints`] in its `eval.rs`; the rules
//! (`rules.rs`) know nothing of it, and nothing here knows which search asks.

use super::{Outcome, Position, Side, Turns};

/// The defaults of the search's parameters, one set for every game and every search. The first
/// three are the constants a game may set for itself ([`SearchHints::PLAYOUT_CAP`],
/// [`SearchHints::FIRST_PLAY`], [`SearchHints::EXPLORATION`] default to them: a game that gives
/// the search no help); the rest are the searches' own (memory, reports, the depth cap), which
/// every search's parameters read here (nothing here knows which searches there are). A
/// parameter that only one search has keeps its default in that search's parameters alone.
pub mod defaults {
    use std::time::Duration;

    /// Random playouts run to the game's end, but for a runaway one: Guerrilla Checkers games
    /// take under a hundred steps, Guerrilla ones (side 8, 400 turns) a median of about 860.
    pub const PLAYOUT_CAP: u32 = 5000;
    /// Every step tried once before any twice (plain UCB1).
    pub const FIRST_PLAY: f64 = f64::INFINITY;
    /// UCT's usual exploration constant on the [-1, 1] value scale.
    pub const EXPLORATION: f64 = 0.5;
    /// The memory a search's tree may use, in MiB: the protocol's `Hash` option, which sets
    /// the memory of every search the engine runs.
    pub const HASH_MIB: usize = 256;
    /// [`HASH_MIB`] in bytes: the memory of a search run without the engine's configuration.
    pub const MAX_MEMORY: usize = HASH_MIB << 20;
    /// The period of a timed or `infinite` search's `info` reports.
    pub const INFO_PERIOD: Duration = Duration::from_millis(500);
    /// The period of `info` reports under a node or depth budget, in the search's nodes
    /// (iterations, turns drawn): counted, not timed, so that the reports are deterministic.
    pub const INFO_EVERY: u64 = 100_000;
    /// A `depth d` search runs at most `d ×` this many nodes.
    pub const DEPTH_NODES_CAP: u64 = 20_000;
}

/// The search's knowledge of a game. Every item has a default that knows nothing (an even
/// evaluation, uniform playouts to the game's end, the raw value as the score), right for a
/// game that gives the search no help.
pub trait SearchHints: Turns {
    /// A heuristic value of this position in [-1, 1] for the side to move (1 = sure win,
    /// -1 = sure loss), cheap to compute. The search scores the playouts it cuts short with it.
    fn evaluate(&self) -> f64 {
        0.0
    }
    /// The expected result for the side to move of this position (a search's root), in
    /// [-1, 1], given the search's raw value `raw` for it (the mean of its playouts' results,
    /// in [-1, 1]). The raw value is biased by the playout policy and the evaluation (a cut
    /// playout's value is a guess), so each game maps it with a curve fitted to the results of
    /// self-play games (`benches/search_calibration.rs --fit-score`); the search reports the
    /// mapped value as its `score`.
    fn calibrated_score(&self, raw: f64) -> f64 {
        raw
    }
    /// One legal next step for a playout of the search (the *playout policy*), `None` exactly
    /// when `legal_steps` would be empty. Unlike [`Position::random_step`] it may prefer some steps
    /// (a capture, a safe placement); it must still give every legal step some chance often
    /// enough that playouts do not all follow one line. All its randomness comes from `rng`, so
    /// a seed fixes it. Games with an evaluation use [`best_of_sampled`].
    fn playout_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Step> {
        self.random_step(rng)
    }
    /// Steps after which the tree search cuts a random playout and scores it with `evaluate`
    /// (its parameters for the game take it). A game with a useful `evaluate` sets a short
    /// horizon; without one, random games run to their end.
    const PLAYOUT_CAP: u32 = defaults::PLAYOUT_CAP;
    /// The tree search's first-play urgency for this game: the selection score of a step never
    /// tried. Infinity tries every step once before any
    /// twice; a game whose turns are many steps with many options each sets a finite value so
    /// that good lines are followed deeper.
    const FIRST_PLAY: f64 = defaults::FIRST_PLAY;
    /// One step of a whole turn drawn by the turn search (its policy); `None` exactly when
    /// `legal_steps` would be empty. It may leave out the turns of [`Self::candidate_turns`],
    /// which the search adds itself. All its randomness comes from `rng`.
    fn turn_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Step> {
        self.playout_step(rng)
    }
    /// Turns the turn search always looks at from this turn start, besides those it draws, each
    /// as its first chosen steps (Guerrilla: the pass, W5); the search finishes them with
    /// [`Self::turn_step`].
    fn candidate_turns(&self, out: &mut Vec<Vec<Self::Step>>) {
        let _ = out;
    }
    /// The tree search's UCB1 exploration constant for this game, on the [-1, 1] value scale.
    /// A game whose leaves are scored by a smooth evaluation (no noisy playouts) explores less.
    const EXPLORATION: f64 = defaults::EXPLORATION;
    /// The tree search puts its working position back at the root after each iteration by
    /// copying the root's position, instead of keeping an undo record at every level of its
    /// walk and undoing the steps one by one: cheaper for a position of a few words. Off for
    /// a position of kilobytes.
    const RESTORE_BY_COPY: bool = false;
}

/// A playout policy for [`SearchHints::playout_step`] built from [`Position::random_step`] and
/// [`SearchHints::evaluate`]: with chance `explore` a uniformly random step; otherwise `samples`
/// steps drawn at random, each tried on a copy and scored for the side that takes it (a step that
/// ends the game by a win scores 1, a loss -1, else `evaluate` of the position after it, turned to
/// the mover's point of view), and the best kept (the first drawn among equals).
///
/// Why sampling and not a full greedy pass: a step's cost stays a fixed multiple of one random step
/// whatever the number of legal steps (dozens of growth points, hundreds of stone pairs), and the
/// sampled choice keeps the playouts varied, which a full greedy pass does not; a capture or a kill
/// that the evaluation sees is still found most of the time when it is one of a few good steps
/// among many.
pub fn best_of_sampled<G: SearchHints, R: rand::Rng + ?Sized>(
    pos: &G,
    rng: &mut R,
    samples: u32,
    explore: f64,
) -> Option<G::Step> {
    let first = pos.random_step(rng)?;
    if samples <= 1 || rng.random_bool(explore.clamp(0.0, 1.0)) {
        return Some(first);
    }
    let score = |step: G::Step| -> f64 {
        value_after(pos, step, |p| {
            let e = p.evaluate();
            if e.is_finite() {
                e
            } else {
                0.0
            }
        })
    };
    let mut best = first;
    let mut best_score = score(first);
    for _ in 1..samples {
        let Some(step) = pos.random_step(rng) else {
            break;
        };
        if step == best {
            continue;
        }
        let s = score(step);
        if s > best_score {
            best = step;
            best_score = s;
        }
    }
    Some(best)
}

/// The value of `step` for the side that takes it, from the position after it: 2 for a win,
/// -2 for a loss, 0 for a draw, else `eval` of that position (which is for its side to move)
/// turned to the side that took the step.
pub fn value_after<G: Position>(pos: &G, step: G::Step, eval: impl Fn(&G) -> f64) -> f64 {
    let side = pos.side_to_move();
    let mut p = pos.clone();
    p.apply(step, None);
    match p.outcome() {
        Some(Outcome::Win(w)) => {
            if w == side {
                2.0
            } else {
                -2.0
            }
        }
        Some(Outcome::Draw) => 0.0,
        None => {
            let e = eval(&p);
            if p.side_to_move() == side {
                e
            } else {
                -e
            }
        }
    }
}

/// The chance map of [`SearchHints::calibrated_score`] as the games fit it: for the side to move
/// (`map[side.index()]` = `[a, b, c]`), the chance that it wins is
/// `σ(a·atanh(raw) + b·raw + c)`, and the expected result `2σ − 1` (draws, rare in both games,
/// are left out of the fit). The two terms give the curve its steepness near ±1 and near 0.
pub fn score_from_map(map: &[[f64; 3]; 2], side: Side, raw: f64) -> f64 {
    let [a, b, c] = map[side.index()];
    let raw = raw.clamp(-0.999_999, 0.999_999);
    let z = a * raw.atanh() + b * raw + c;
    // 2σ(z) − 1
    (z / 2.0).tanh()
}
