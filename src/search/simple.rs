//! The two players that do not search: [`RandomSearch`] (a uniformly random legal turn) and
//! [`GreedySearch`] (the best turn by one turn of look-ahead). Both answer at once, whatever the
//! limits, and report one line: the turn they chose.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{best_at_random, mcts, Answer, Info, Line, Request, Searcher};
use crate::game::SearchHints;

/// A uniformly random legal turn, step by step from the seed (`Strength random`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomSearch;

/// The turn whose result is best by [`SearchHints::evaluate`] (a win at once first), ties at
/// random (`Strength greedy`). From a turn start it lists the whole turns (at most
/// [`GREEDY_TURNS_CAP`]) and values the position after each; when they are too many, or in the
/// middle of a turn, it goes step by step, each step the best by the position after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GreedySearch;

/// The turns listed at most by the greedy level; past that it goes step by step.
pub const GREEDY_TURNS_CAP: usize = 4096;

impl<G: SearchHints> Searcher<G> for RandomSearch {
    fn run(
        &self,
        mut request: Request<'_, G>,
        on_info: &mut dyn FnMut(&Info<G::Step>),
    ) -> Answer<G> {
        request.discard_kept();
        let start = Instant::now();
        let mut rng = SmallRng::seed_from_u64(request.seed);
        let root = request.root;
        let mut pos = root.clone();
        let steps = finish_turn(&mut pos, Vec::new(), |p| p.random_step(&mut rng));
        report(root, &pos, steps, false, start, on_info)
    }
}

impl<G: SearchHints> Searcher<G> for GreedySearch {
    fn run(
        &self,
        mut request: Request<'_, G>,
        on_info: &mut dyn FnMut(&Info<G::Step>),
    ) -> Answer<G> {
        request.discard_kept();
        let start = Instant::now();
        let mut rng = SmallRng::seed_from_u64(request.seed);
        let root = request.root;
        let mut pos = root.clone();
        let mut steps = Vec::new();
        // Whole turns are listed from a turn start only; in the middle of a turn the greedy
        // level goes step by step.
        if root.at_turn_start() {
            if let Some(turn) = greedy_turn(root, &mut rng, request.stop) {
                steps = root.turn_steps(&turn);
                // turn_steps leaves forced decisions out: apply to know where it ends.
                for &s in &steps {
                    pos.apply(s, None);
                }
            }
        }
        let steps = finish_turn(&mut pos, steps, |p| mcts::greedy_step(p, &mut rng));
        report(root, &pos, steps, true, start, on_info)
    }
}

/// Adds steps chosen by `choose` to `steps` (applied to `pos` already) until the turn ends.
fn finish_turn<G: SearchHints>(
    pos: &mut G,
    mut steps: Vec<G::Step>,
    mut choose: impl FnMut(&mut G) -> Option<G::Step>,
) -> Vec<G::Step> {
    while !pos.at_turn_start() || steps.is_empty() {
        let Some(step) = choose(pos) else { break };
        steps.push(step);
        pos.apply(step, None);
    }
    steps
}

/// Reports the turn chosen (its value by the evaluation after it when `valued`, else 0) and
/// answers with it; no report when there is none (the game is over at the root).
fn report<G: SearchHints>(
    root: &G,
    after: &G,
    steps: Vec<G::Step>,
    valued: bool,
    start: Instant,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> Answer<G> {
    if steps.is_empty() {
        return Answer { steps, kept: None };
    }
    let e = if valued {
        let e = after.evaluate();
        if after.side_to_move() == root.side_to_move() {
            e
        } else {
            -e
        }
    } else {
        0.0
    };
    on_info(&Info {
        time: start.elapsed(),
        lines: vec![Line {
            depth: 1,
            score: e.clamp(-1.0, 1.0),
            raw_score: e.clamp(-1.0, 1.0),
            proven: None,
            pv: steps.clone(),
        }],
        ..Info::default()
    });
    Answer { steps, kept: None }
}

/// The legal turn of `root` whose result is best for its mover: a win at once, else the best
/// [`SearchHints::evaluate`], ties at random. `None` when the turns are too many to list, or `stop`
/// (the engine's watchdog at the time budget) is raised while listing them: then the caller
/// chooses step by step, which takes a few milliseconds at most.
fn greedy_turn<G: SearchHints>(root: &G, rng: &mut SmallRng, stop: &AtomicBool) -> Option<G::Turn> {
    let mut turns = Vec::new();
    match root.legal_turns(&mut turns, GREEDY_TURNS_CAP, Some(stop)) {
        Ok(true) => {}
        _ => return None,
    }
    let side = root.side_to_move();
    let valued = turns.into_iter().filter_map(|turn| {
        let mut p = root.clone();
        p.play_turn(&turn).ok()?;
        let v = mcts::value_for(&p, side);
        Some((turn, v))
    });
    best_at_random(valued, rng)
}
