//! How the sparring player chooses a turn: one-turn lookahead over sampled whole turns.
//!
//! From a turn start it draws whole turns step by step with the rules library's random step
//! draw (each step uniform among the legal ones), plays each on a copy of the position, keeps
//! the distinct results (equal results are scored once), scores every result with its own
//! evaluation ([`crate::eval`]) for the side that played, and plays the best. The pass (W5) is
//! scored too, with each of its kill choices drawn a few times; it is played only when it
//! scores strictly more than every sampled turn. The draws come from a generator seeded with
//! the `Seed` option and the position's hash, so the same position, seed and sample count give
//! the same turn; a time limit may cut the sampling short, and then the turn depends on time.

use std::collections::HashSet;
use std::time::Instant;

use guerrilla::game::prelude::*;
use guerrilla::wells::{Step, Turn, Wells};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::eval::{evaluate, EvalKind};

/// Draws of the pass's completion (its kill choices, W5): a passed turn has few of them.
const PASS_DRAWS: u32 = 4;
/// Draws of a turn's first step before settling for the pass when only the pass comes up.
const FIRST_STEP_REDRAWS: u32 = 32;
/// Steps of one drawn turn at most: a turn is far shorter (every group grows once and jumps at
/// most five times, W4); the bound only keeps a broken rules state from looping for ever.
const STEP_CAP: usize = 10_000;

/// What the player is told to do for one decision.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Turns to draw (besides the pass).
    pub samples: u64,
    /// No new draw starts after this instant.
    pub deadline: Option<Instant>,
}

/// The turn chosen and how it was found.
#[derive(Clone, Debug)]
pub struct Choice {
    pub turn: Turn,
    /// Its canonical token.
    pub text: String,
    /// Its value for the side to move (points of the W6 score; see [`crate::eval`]).
    pub value: f64,
    /// Turns drawn (the pass's draws included).
    pub drawn: u64,
    /// Distinct results among them.
    pub distinct: usize,
}

/// A 64-bit mix of the seed and the position's hash (splitmix64's finaliser).
fn mix(seed: u64, hash: u64) -> u64 {
    let mut z = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(hash);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays random steps from `p`, mid-turn after `steps`, until the turn is over; returns false
/// if the draw ran dry or ran past [`STEP_CAP`] (a rules fault: the draw is dropped).
fn finish_turn(p: &mut Wells, steps: &mut Vec<Step>, rng: &mut SmallRng) -> bool {
    while !p.at_turn_start() {
        if steps.len() >= STEP_CAP {
            return false;
        }
        let Some(s) = p.random_step(rng) else {
            return false;
        };
        p.apply(s, None);
        steps.push(s);
    }
    true
}

/// One whole turn other than the pass, drawn step by step; the pass only when nothing else
/// came up in [`FIRST_STEP_REDRAWS`] draws of the first step.
fn draw_turn(pos: &Wells, rng: &mut SmallRng) -> Option<(Vec<Step>, Wells)> {
    let mut first = None;
    for _ in 0..FIRST_STEP_REDRAWS {
        match pos.random_step(rng)? {
            Step::Pass => continue,
            s => {
                first = Some(s);
                break;
            }
        }
    }
    let first = first.unwrap_or(Step::Pass);
    let mut p = pos.clone();
    p.apply(first, None);
    let mut steps = vec![first];
    finish_turn(&mut p, &mut steps, rng).then_some((steps, p))
}

/// The pass, completed by random kill choices.
fn draw_pass(pos: &Wells, rng: &mut SmallRng) -> Option<(Vec<Step>, Wells)> {
    let mut p = pos.clone();
    p.apply(Step::Pass, None);
    let mut steps = vec![Step::Pass];
    finish_turn(&mut p, &mut steps, rng).then_some((steps, p))
}

/// The best turn found, and its value.
struct Best {
    steps: Vec<Step>,
    value: f64,
}

/// Keeps `steps` when its value beats the best so far (the first found among equals).
fn keep(best: &mut Option<Best>, steps: Vec<Step>, value: f64) {
    if best.as_ref().is_none_or(|b| value > b.value) {
        *best = Some(Best { steps, value });
    }
}

/// Chooses a turn for the side to move of `pos`, which must be a turn start of a game in
/// progress (`None` otherwise). At least the pass and one drawn turn are scored, whatever the
/// deadline.
pub fn choose(pos: &Wells, seed: u64, eval: EvalKind, limits: Limits) -> Option<Choice> {
    if !pos.at_turn_start() || pos.outcome().is_some() {
        return None;
    }
    let me = pos.side_to_move();
    let mut rng = SmallRng::seed_from_u64(mix(seed, pos.hash()));
    let mut seen: HashSet<u64> = HashSet::new();
    let mut drawn = 0u64;

    let mut pass: Option<Best> = None;
    for _ in 0..PASS_DRAWS {
        drawn += 1;
        if let Some((steps, p)) = draw_pass(pos, &mut rng) {
            if seen.insert(p.hash()) {
                keep(&mut pass, steps, evaluate(&p, me, eval));
            }
        }
    }

    let mut best: Option<Best> = None;
    let mut tried = 0u64;
    while tried < limits.samples.max(1) {
        if tried > 0 && limits.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        tried += 1;
        drawn += 1;
        let Some((steps, p)) = draw_turn(pos, &mut rng) else {
            continue;
        };
        if seen.insert(p.hash()) {
            keep(&mut best, steps, evaluate(&p, me, eval));
        }
    }

    let chosen = match (best, pass) {
        (Some(b), Some(p)) => {
            if p.value > b.value {
                p
            } else {
                b
            }
        }
        (Some(b), None) => b,
        (None, Some(p)) => p,
        (None, None) => return None,
    };
    let turn = pos.turn_from_steps(&chosen.steps);
    Some(Choice {
        text: pos.format_turn(&turn),
        turn,
        value: chosen.value,
        drawn,
        distinct: seen.len(),
    })
}
