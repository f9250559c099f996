//! The rest of a turn begun: in the middle of a turn, `play` and `expand` take a whole turn
//! that begins with the steps already taken (such as a `bestmove` sent there), and this finds
//! the steps that finish it from the position as it stands.

use super::Engine;
use crate::game::{Game, GameError};
use crate::search::Searchable;

impl<G: Game + Searchable> Engine<G> {
    /// In the middle of a turn: the canonical token of the whole turn `text` and the chosen
    /// steps that finish it from here, when the steps already taken begin it (in any order the
    /// rules allowed them: a Guerrilla Checkers pair begun from either stone, Guerrilla's
    /// growths in any order). The turn's own steps (chosen and forced), less those already
    /// taken, are what is left to take: found by trying, from here, the legal steps among them,
    /// the earliest in the turn's order first, until an order completes the same turn; at most
    /// [`CONTINUATION_BUDGET`] steps are tried.
    pub(super) fn continuation(&self, text: &str) -> Result<(String, Vec<G::Step>), GameError> {
        let start = self.turn_start();
        let turn = start.parse_turn(text)?;
        let target = start.format_turn(&turn);
        let made = self.chosen_this_turn();
        let mut left = every_step(start, &start.turn_steps(&turn));
        let mut path = Vec::new();
        let mut budget = CONTINUATION_BUDGET;
        let found = take_each(&mut left, &every_step(start, &made))
            && finish(
                &self.pos,
                &Finish {
                    start,
                    made: &made,
                    target: &target,
                },
                &left,
                &mut path,
                &mut budget,
            );
        if found {
            Ok((target, path))
        } else {
            Err(GameError::illegal(
                text,
                "the steps taken so far in this turn do not begin it",
            ))
        }
    }
}

/// How many steps [`Engine::continuation`] tries at most: far more than a turn that does
/// continue the steps taken needs (one try a step when the turn's steps come in its order), and
/// a bound on the work of one that does not.
pub const CONTINUATION_BUDGET: u32 = 20_000;

/// What [`finish`] looks for: a turn from `start`, begun with the chosen steps `made`, whose
/// canonical token is `target`.
struct Finish<'a, G: Game> {
    start: &'a G,
    made: &'a [G::Step],
    target: &'a str,
}

/// Every step the chosen steps `chosen` take from `from`, each followed by the decisions forced
/// after it, in order.
fn every_step<G: Game>(from: &G, chosen: &[G::Step]) -> Vec<G::Step> {
    let mut pos = from.clone();
    let mut all = Vec::new();
    for &s in chosen {
        all.push(s);
        pos.apply(s, Some(&mut all));
    }
    all
}

/// Takes one occurrence of each of `steps` out of `left` (the first); `false` when one is not
/// there.
fn take_each<S: PartialEq>(left: &mut Vec<S>, steps: &[S]) -> bool {
    steps
        .iter()
        .all(|s| match left.iter().position(|l| l == s) {
            Some(i) => {
                left.remove(i);
                true
            }
            None => false,
        })
}

/// Depth first from `pos`: appends to `path` the chosen steps that end the turn as
/// `goal.target`, each a legal step that, with the decisions forced after it, is taken out of
/// `left` (the turn's steps still to take, in the turn's order), the earliest first; `false`
/// (with `path` as it came) when no order does within `budget` tries.
fn finish<G: Game>(
    pos: &G,
    goal: &Finish<G>,
    left: &[G::Step],
    path: &mut Vec<G::Step>,
    budget: &mut u32,
) -> bool {
    let mut legal = Vec::new();
    pos.legal_steps(&mut legal);
    let mut next: Vec<(usize, G::Step)> = legal
        .into_iter()
        .filter_map(|s| left.iter().position(|&l| l == s).map(|i| (i, s)))
        .collect();
    next.sort_by_key(|&(i, _)| i);
    for (_, s) in next {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut q = pos.clone();
        let mut taken = vec![s];
        q.apply(s, Some(&mut taken));
        let mut rest = left.to_vec();
        if !take_each(&mut rest, &taken) {
            continue;
        }
        path.push(s);
        let done = if q.at_turn_start() {
            let chosen: Vec<G::Step> = goal.made.iter().chain(path.iter()).copied().collect();
            goal.start.format_turn(&goal.start.turn_from_steps(&chosen)) == goal.target
        } else {
            finish(&q, goal, &rest, path, budget)
        };
        if done {
            return true;
        }
        path.pop();
    }
    false
}
