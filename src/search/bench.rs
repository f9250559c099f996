//! The deterministic search benchmark, what the protocol's `bench` command runs: fixed
//! positions, a fixed node budget, the engine's search configuration.
//!
//! ```ignore
//! let r = guerrilla::search::bench::bench::<G>(&settings, DEFAULT_BUDGET, &config);
//! println!("Nodes searched: {}", r.nodes);
//! println!("Nodes/second: {:.0}", r.nps());
//! ```
//!
//! The positions ([`positions`]) are the start position and, [`POSITIONS`] in all, the turn
//! starts every [`TURNS_APART`] whole turns along a game of random steps drawn from [`SEED`]
//! (a new game whenever one ends). Position `i` is searched with `go nodes <budget>` and seed
//! `i`. `nodes` (the steps the searches applied, see [`SearchBench::nodes`]) and `signature`
//! (a hash of the chosen turns' tokens) are the same on every run and machine for the same code
//! and configuration with one thread: a functional change of the search or of a game's rules
//! shows up there. Only `time` (and so `nps`) varies.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{Config, Limits, Request, Searchable, Searcher};
use crate::game::{Notation, SearchHints};

/// Positions searched by [`fn@bench`].
pub const POSITIONS: usize = 8;
/// Whole turns between two consecutive bench positions in the random game.
pub const TURNS_APART: usize = 2;
/// Seed of the random game the positions are taken from.
pub const SEED: u64 = 0xbe9c;
/// The node budget per position of the protocol's `bench`.
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
    /// The chosen turns' tokens, one per position (`-` where there is none).
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

/// The benchmark positions of `G` with `settings` (see the module documentation). Fewer than
/// [`POSITIONS`] only for a game that is over at its start.
pub fn positions<G: SearchHints>(settings: &G::Settings) -> Vec<G> {
    let start = G::new(settings);
    if start.outcome().is_some() {
        return vec![start];
    }
    let mut rng = SmallRng::seed_from_u64(SEED);
    let mut out = Vec::with_capacity(POSITIONS);
    let mut pos = start.clone();
    while out.len() < POSITIONS {
        if pos.outcome().is_some() {
            pos = start.clone();
        }
        out.push(pos.clone());
        for _ in 0..TURNS_APART {
            // One random whole turn, step by step.
            while pos.outcome().is_none() {
                let Some(step) = pos.random_step(&mut rng) else {
                    break;
                };
                pos.apply(step, None);
                if pos.at_turn_start() {
                    break;
                }
            }
        }
    }
    out
}

/// Searches `positions` with a budget of `nodes_per_position` iterations each, as `go nodes`
/// does under `config` (strength, threads, memory), position `i` with seed `i`.
pub fn bench_positions<G: Searchable + Notation>(
    positions: &[G],
    nodes_per_position: u64,
    config: &Config,
) -> SearchBench {
    let searcher = config.strength.searcher::<G>();
    bench_searcher(positions, nodes_per_position, &*searcher, config)
}

/// [`bench_positions`] with a searcher given (to show that a changed parameter shows in the
/// figures); `config` gives its threads and memory.
pub fn bench_searcher<G: SearchHints + Notation>(
    positions: &[G],
    nodes_per_position: u64,
    searcher: &dyn Searcher<G>,
    config: &Config,
) -> SearchBench {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes_per_position),
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut turns = Vec::new();
    let mut time = Duration::ZERO;
    for (i, pos) in positions.iter().enumerate() {
        let t = Instant::now();
        let mut last = 0;
        let request = Request {
            limits: limits.clone(),
            config: *config,
            seed: i as u64,
            ..Request::new(pos, &stop)
        };
        let answer = searcher.run(request, &mut |info| last = info.visited);
        time += t.elapsed();
        nodes += last;
        turns.push(match answer.turn(pos) {
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

/// The benchmark of `G` with `settings` under `config`: [`positions`] searched with
/// `nodes_per_position` each. The protocol's `bench` is this with [`DEFAULT_BUDGET`].
pub fn bench<G: Searchable + Notation>(
    settings: &G::Settings,
    nodes_per_position: u64,
    config: &Config,
) -> SearchBench {
    bench_positions(&positions::<G>(settings), nodes_per_position, config)
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
