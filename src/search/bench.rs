//! The deterministic search benchmark: fixed positions, a fixed node budget, one thread.
//!
//! ```ignore
//! let r = guerrilla::search::bench::bench::<G>(&G::Settings::default(), 2000);
//! println!("Nodes searched: {}", r.nodes);
//! println!("Nodes/second: {:.0}", r.nps());
//! ```
//!
//! The positions are the start position and the turn starts reached by a seeded random game (a
//! new one whenever a game ends) at every [`TURNS_APART`]-th turn, [`POSITIONS`] in all; each is
//! searched with `go nodes <budget>` and seed [`SEED`]. `nodes` (iterations summed over the
//! positions, see [`SearchBench::nodes`]) and `signature` (a hash of the chosen turns' texts) must be the same on every run
//! and machine for the same code: a functional change of the search or of a game's rules shows up
//! there. Only `time` (and so `nps`) varies.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::SearchHints;
use super::{search_with, Limits, Params};
use crate::game::Notation;

/// Positions searched by [`fn@bench`].
pub const POSITIONS: usize = 8;
/// Turns between two consecutive bench positions in the random game.
pub const TURNS_APART: usize = 3;
/// Seed of the random game and of every search.
pub const SEED: u64 = 0x6765_7272_696c_6c61;
/// The node budget per position the `bench` command uses when none is given.
pub const DEFAULT_BUDGET: u64 = 2_000;

/// The figures of one benchmark run.
#[derive(Clone, Debug)]
pub struct SearchBench {
    /// Positions searched.
    pub positions: usize,
    /// Steps the searches applied (tree and playouts), summed over all positions: a
    /// signature of the search's behaviour and of the rules (the iterations are fixed by the
    /// budget).
    pub nodes: u64,
    /// Wall time of the searches (not of building the positions).
    pub time: Duration,
    /// The chosen turns' texts, one per position.
    pub turns: Vec<String>,
    /// A hash of `turns`: compare runs with it.
    pub signature: u64,
}

impl SearchBench {
    /// Steps applied per second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// The benchmark positions of `G` with `settings` (see the module documentation).
pub fn positions<G: SearchHints + Notation>(settings: &G::Settings) -> Vec<G> {
    let start = G::new(settings);
    let mut rng = SmallRng::seed_from_u64(SEED);
    let mut out = vec![start.clone()];
    let mut pos = start.clone();
    let mut turn = 0usize;
    // A bound on the work, whatever the rules: a game that cannot produce turns gives fewer.
    let mut attempts = 0;
    while out.len() < POSITIONS && attempts < 100_000 {
        attempts += 1;
        if pos.outcome().is_some() {
            pos = start.clone();
            turn = 0;
            continue;
        }
        // One random turn, step by step.
        while let Some(s) = pos.random_step(&mut rng) {
            pos.apply_step(s);
            if pos.at_turn_start() {
                break;
            }
        }
        turn += 1;
        if turn.is_multiple_of(TURNS_APART) && pos.outcome().is_none() && pos.at_turn_start() {
            out.push(pos.clone());
        }
    }
    out
}

/// Searches `positions` with a budget of `nodes_per_position` iterations each, on this thread.
pub fn bench_positions<G: SearchHints + Notation>(
    positions: &[G],
    nodes_per_position: u64,
) -> SearchBench {
    bench_positions_with(positions, nodes_per_position, &Params::for_game::<G>())
}

/// [`bench_positions`] with explicit search parameters (to show that a change shows).
pub fn bench_positions_with<G: SearchHints + Notation>(
    positions: &[G],
    nodes_per_position: u64,
    params: &Params,
) -> SearchBench {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes_per_position),
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut turns = Vec::new();
    let mut time = Duration::ZERO;
    for pos in positions {
        let t = Instant::now();
        let mut last = 0;
        let turn = search_with(pos, &limits, params, &stop, SEED, &mut |i: &super::Info<
            G::Step,
        >| {
            last = i.visited
        });
        time += t.elapsed();
        nodes += last;
        turns.push(match turn {
            Some(t) => pos.format_turn(&t),
            None => "-".to_string(),
        });
    }
    SearchBench {
        positions: positions.len(),
        nodes,
        time,
        signature: fnv1a(&turns),
        turns,
    }
}

/// The standard benchmark of `G`: [`positions`] searched with `nodes_per_position` each.
pub fn bench<G: SearchHints + Notation>(
    settings: &G::Settings,
    nodes_per_position: u64,
) -> SearchBench {
    bench_positions(&positions::<G>(settings), nodes_per_position)
}

/// FNV-1a over the texts, each followed by a newline: a hash that never changes with the
/// compiler or the platform.
fn fnv1a(texts: &[String]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in texts
        .iter()
        .flat_map(|t| t.bytes().chain(std::iter::once(b'\n')))
    {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
