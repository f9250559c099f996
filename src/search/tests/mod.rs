//! Tests of the search on the tiny games: tic-tac-toe ([`crate::tictactoe`]) and Nim ([`crate::testgames`]).

use std::sync::atomic::AtomicBool;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::*;
use crate::game::prelude::*;
use crate::game::{Outcome, Side};
use crate::protocol::wire::{pv_tokens, PARTIAL_MARK};
use crate::testgames::{self as testgames, Nim, NimStep};
use crate::tictactoe::TicTacToe;

mod games;
mod limits;
mod props;

/// Plays a principal variation from `pos`: whole turn tokens, the last one possibly a partial
/// turn (its step texts joined by `,`, marked with [`PARTIAL_MARK`]).
pub(super) fn replay_pv<G: Game + SearchHints>(pos: &G, pv: &[String]) -> Result<G, String> {
    let mut p = pos.clone();
    for (i, token) in pv.iter().enumerate() {
        if let Some(partial) = token.strip_suffix(PARTIAL_MARK) {
            if i + 1 != pv.len() {
                return Err(format!("a partial turn before the end: {token}"));
            }
            for text in partial.split(',') {
                let step = p.parse_step(text).map_err(|e| e.to_string())?;
                p.apply(step, None);
            }
            if p.at_turn_start() {
                return Err(format!("a partial turn that ends the turn: {token}"));
            }
        } else {
            let turn = p.parse_turn(token).map_err(|e| e.to_string())?;
            p.play_turn(&turn).map_err(|e| e.to_string())?;
        }
    }
    Ok(p)
}

pub(super) fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

/// Runs a search and returns its turn and every `Info` it reported.
pub(super) fn run<G: Game + SearchHints>(
    pos: &G,
    limits: &Limits,
    seed: u64,
) -> (Option<G::Turn>, Vec<Info<G::Step>>) {
    run_with(pos, limits, &Params::default(), seed)
}

pub(super) fn run_with<G: Game + SearchHints>(
    pos: &G,
    limits: &Limits,
    params: &Params,
    seed: u64,
) -> (Option<G::Turn>, Vec<Info<G::Step>>) {
    let stop = AtomicBool::new(false);
    let mut infos = Vec::new();
    let request = Request {
        limits: limits.clone(),
        seed,
        ..Request::new(pos, &stop)
    };
    let answer =
        TreeSearch::with_params(params.clone()).run(request, &mut |i| infos.push(i.clone()));
    (answer.turn(pos), infos)
}

/// True when `turn` is legal in `pos`: one of its listed legal turns, its text parses back to
/// it, and playing it works.
pub(super) fn is_legal<G: Game + SearchHints>(pos: &G, turn: &G::Turn) -> bool {
    is_legal_turn(pos, turn, true)
}

/// [`is_legal`], with the listing check only when `listed` (Guerrilla lists one turn per
/// resulting position, W7, so a legal turn built step by step need not be the one listed).
pub(super) fn is_legal_turn<G: Game + SearchHints>(pos: &G, turn: &G::Turn, listed: bool) -> bool {
    let mut p = pos.clone();
    let round_trip = pos.parse_turn(&pos.format_turn(turn)).as_ref() == Ok(turn);
    let in_list = !listed || {
        let mut all = Vec::new();
        pos.legal_turns(&mut all, usize::MAX, None)
            .expect("turns listed");
        all.contains(turn)
    };
    round_trip && in_list && p.play_turn(turn).is_ok()
}

/// Plays one random turn, step by step.
pub(super) fn random_turn<G: Game + SearchHints>(pos: &G, rng: &mut SmallRng) -> G::Turn {
    let mut p = pos.clone();
    let mut steps = Vec::new();
    while let Some(s) = p.random_step(rng) {
        steps.push(s);
        p.apply(s, None);
        if p.at_turn_start() {
            break;
        }
    }
    pos.turn_from_steps(&steps)
}

/// Games of the search (node budget per side) against a random player, sides alternating;
/// every searched turn is checked legal (and, when `listed`, among `legal_turns`). Returns the
/// search's wins.
pub(super) fn against_random<G: Game + SearchHints>(
    start: &G,
    games: u64,
    budget: [u64; 2],
    listed: bool,
) -> u64 {
    let mut won = 0;
    for g in 0..games {
        let me = if g % 2 == 0 { Side::P1 } else { Side::P2 };
        let mut pos = start.clone();
        let mut rng = SmallRng::seed_from_u64(g);
        let mut ply = 0;
        while pos.outcome().is_none() {
            let turn = if pos.side_to_move() == me {
                let t = run(&pos, &nodes(budget[me.index()]), g * 1000 + ply)
                    .0
                    .unwrap();
                let legal = is_legal_turn(&pos, &t, listed);
                assert!(legal, "game {g} ply {ply}: {t:?} in {}", pos.render());
                t
            } else {
                random_turn(&pos, &mut rng)
            };
            pos.play_turn(&turn).unwrap();
            ply += 1;
        }
        if pos.outcome() == Some(Outcome::Win(me)) {
            won += 1;
        }
    }
    won
}
