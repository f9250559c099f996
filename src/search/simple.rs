//! The two players that do not search: [`RandomSearch`] (a uniformly random legal turn) and
//! [`GreedySearch`] (the best turn by one turn of look-ahead). Both answer at once, whatever the
//! limits, and report one line: the turn they chose.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

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
        // `searchmoves`: one of those turns, uniformly.
        let steps = if request.among.is_empty() {
            Vec::new()
        } else {
            let t = request.among[rng.random_range(0..request.among.len())].clone();
            for &s in &t {
                pos.apply(s, None);
            }
            t
        };
        let steps = finish_turn(&mut pos, steps, |p| p.random_step(&mut rng));
        report(root, &pos, steps, false, start, Vec::new(), on_info)
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
        let mut others = Vec::new();
        // The turns to choose from, each with its value: those of `searchmoves`, else every
        // legal turn, listed from a turn start only; in the middle of a turn (or with too many
        // turns) the greedy level goes step by step.
        let side = root.side_to_move();
        let valued = if !request.among.is_empty() {
            let after = |t: &Vec<G::Step>| {
                let mut p = root.clone();
                for &s in t {
                    p.apply(s, None);
                }
                mcts::value_for(&p, side)
            };
            Some(
                request
                    .among
                    .iter()
                    .map(|t| (t.clone(), after(t)))
                    .collect(),
            )
        } else if root.at_turn_start() {
            greedy_turns(root, request.stop)
        } else {
            None
        };
        if let Some(mut valued) = valued {
            let values = valued.iter().enumerate().map(|(i, (_, v))| (i, *v));
            if let Some(i) = best_at_random(values, &mut rng) {
                (steps, _) = valued.remove(i);
                // Turn steps leave forced decisions out: apply to know where the turn ends.
                for &s in &steps {
                    pos.apply(s, None);
                }
                others = other_lines(root, valued, request.config.multipv);
            }
        }
        let steps = finish_turn(&mut pos, steps, |p| mcts::greedy_step(p, &mut rng));
        report(root, &pos, steps, true, start, others, on_info)
    }
}

/// The lines after the chosen one (`MultiPV`): the best `multipv - 1` of the other `turns` (each
/// its steps and value) by their value (the first listed among equals), each valued as
/// [`report`] values the chosen one.
fn other_lines<G: SearchHints>(
    root: &G,
    mut turns: Vec<(Vec<G::Step>, f64)>,
    multipv: usize,
) -> Vec<Line<G::Step>> {
    // Stable: equals keep the order they were listed in.
    turns.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(std::cmp::Ordering::Equal));
    turns
        .into_iter()
        .take(multipv.saturating_sub(1))
        .map(|(steps, _)| {
            let mut after = root.clone();
            for &s in &steps {
                after.apply(s, None);
            }
            turn_line(root, &after, steps, true)
        })
        .collect()
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

/// The line of a turn of `root` (its `steps`) that leads to `after`: one turn deep, valued by
/// the evaluation after it for the side to move at the root when `valued`, else 0.
fn turn_line<G: SearchHints>(
    root: &G,
    after: &G,
    steps: Vec<G::Step>,
    valued: bool,
) -> Line<G::Step> {
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
    Line {
        depth: 1,
        score: e.clamp(-1.0, 1.0),
        raw_score: e.clamp(-1.0, 1.0),
        proven: None,
        visits: 0,
        pv: steps,
    }
}

/// Reports the turn chosen (see [`turn_line`]) and then the `others` lines, and answers with
/// the turn; no report when there is none (the game is over at the root).
fn report<G: SearchHints>(
    root: &G,
    after: &G,
    steps: Vec<G::Step>,
    valued: bool,
    start: Instant,
    others: Vec<Line<G::Step>>,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> Answer<G> {
    if steps.is_empty() {
        return Answer { steps, kept: None };
    }
    let mut lines = vec![turn_line(root, after, steps.clone(), valued)];
    lines.extend(others);
    on_info(&Info {
        time: start.elapsed(),
        lines,
        ..Info::default()
    });
    Answer { steps, kept: None }
}

/// The legal turns of `root`, each as its chosen steps with its result's value for its mover
/// (a win at once 1, else [`SearchHints::evaluate`]), in the order the rules list them. `None`
/// when the turns are too many to list, or `stop` (the engine's watchdog at the time budget)
/// is raised while listing them: then the caller chooses step by step, which takes a few
/// milliseconds at most.
fn greedy_turns<G: SearchHints>(root: &G, stop: &AtomicBool) -> Option<Vec<(Vec<G::Step>, f64)>> {
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
        Some((root.turn_steps(&turn), v))
    });
    Some(valued.collect())
}
