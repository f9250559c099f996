//! The rules benchmark: perft speed and random complete games per second, for any game. Its
//! figures go to stdout of the `guerrilla rules-bench` subcommand (not the protocol loop, whose
//! `bench` is the search's benchmark), so scripts can read them. A random game draws each
//! decision uniformly among the legal next steps, as the search's playouts are built.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::game::prelude::*;

/// Random games played between two readings of the clock: on some machines a reading costs
/// a microsecond, a large part of a Guerrilla Checkers game, and the figure is of the rules.
const CLOCK_EVERY: u64 = 16;

/// Plays one random complete game from `pos` (each decision drawn from its legal options);
/// returns the number of steps played.
pub fn random_game<G: Position, R: rand::Rng>(pos: &mut G, rng: &mut R) -> u64 {
    let mut steps = 0;
    while pos.outcome().is_none() {
        match pos.random_step(rng) {
            Some(step) => {
                pos.apply(step, None);
                steps += 1;
            }
            None => break,
        }
    }
    steps
}

/// The figures of one rules benchmark run.
#[derive(Debug, Clone)]
pub struct RulesBench {
    pub perft_depth: u32,
    /// The perft count (of one run).
    pub perft_nodes: u64,
    /// How many times perft ran, and how long all the runs took.
    pub perft_runs: u64,
    pub perft_time: Duration,
    pub games: u64,
    pub game_steps: u64,
    pub games_time: Duration,
}

impl RulesBench {
    pub fn perft_nps(&self) -> f64 {
        (self.perft_nodes * self.perft_runs) as f64 / self.perft_time.as_secs_f64().max(1e-9)
    }
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.games_time.as_secs_f64().max(1e-9)
    }
}

/// perft to `depth` from `start`, run again until at least `games_for` (at most a second) has
/// passed, so that a perft of a few milliseconds still gives a steady speed; then random games
/// from `start` for about `games_for` (seeded, so the same games every run).
pub fn run<G: Turns>(start: &G, depth: u32, games_for: Duration, seed: u64) -> RulesBench {
    let t = Instant::now();
    let perft_nodes = start.perft(depth, None).unwrap();
    let mut perft_runs = 1;
    while t.elapsed() < games_for.min(Duration::from_secs(1)) {
        start.perft(depth, None).unwrap();
        perft_runs += 1;
    }
    let perft_time = t.elapsed();

    let mut rng = SmallRng::seed_from_u64(seed);
    let t = Instant::now();
    let (mut games, mut game_steps) = (0, 0);
    loop {
        let mut pos = start.clone();
        game_steps += random_game(&mut pos, &mut rng);
        games += 1;
        if games % CLOCK_EVERY == 0 && t.elapsed() >= games_for {
            break;
        }
    }
    RulesBench {
        perft_depth: depth,
        perft_nodes,
        perft_runs,
        perft_time,
        games,
        game_steps,
        games_time: t.elapsed(),
    }
}
