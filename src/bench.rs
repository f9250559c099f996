//! Rules benchmarks: perft speed and random complete games per second. Figures go to stdout of
//! the `guerrilla bench` subcommand (not the protocol loop), so scripts can read them.
//!
//! Two kinds of random game: by steps (each decision uniform among the legal next steps, what
//! the search's playouts are made of) and, for Guerrilla Checkers, by whole turns (each turn
//! uniform among all legal turns: how its random games were drawn before the step model, so
//! the figure to compare with a build of that time). The two kinds draw different games.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::checkers::Checkers;
use crate::game::Game;

/// Random games played between two readings of the clock: on some machines a reading costs
/// a microsecond, a large part of a Guerrilla Checkers game, and the figure is of the rules.
const CLOCK_EVERY: u64 = 16;

/// Plays one random complete game from `pos` (each decision drawn from its legal options);
/// returns the number of steps played.
pub fn random_game<G: Game, R: rand::Rng>(pos: &mut G, rng: &mut R) -> u64 {
    let mut steps = 0;
    while pos.outcome().is_none() {
        match pos.random_step(rng) {
            Some(step) => {
                pos.apply_step_no_undo(step);
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
    /// Random games by whole turns (Guerrilla Checkers only, see the module doc).
    pub turn_games: Option<TurnGames>,
}

/// Random complete games drawn by whole turns, each uniform among all legal turns.
#[derive(Debug, Clone)]
pub struct TurnGames {
    pub games: u64,
    pub turns: u64,
    pub time: Duration,
}

impl TurnGames {
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Plays one random complete Guerrilla Checkers game from `pos`, each whole turn drawn
/// uniformly among all legal turns; returns the number of turns played.
pub fn random_turn_game<R: rand::Rng>(pos: &mut Checkers, rng: &mut R) -> u64 {
    let mut turns = 0;
    while let Some(mv) = pos.random_move(rng) {
        pos.play_legal_move(mv);
        turns += 1;
    }
    turns
}

/// Random games by whole turns from `start` for about `games_for` (seeded), when `G` is
/// Guerrilla Checkers; `None` for a game whose turns cannot be drawn uniformly without listing
/// them all (a Guerrilla turn can have hundreds of millions of results, W7).
fn turn_games<G: Game>(start: &G, games_for: Duration, seed: u64) -> Option<TurnGames> {
    let any: &dyn std::any::Any = start;
    let start = any.downcast_ref::<Checkers>()?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let t = Instant::now();
    let (mut games, mut turns) = (0, 0);
    loop {
        let mut pos = *start;
        turns += random_turn_game(&mut pos, &mut rng);
        games += 1;
        if games % CLOCK_EVERY == 0 && t.elapsed() >= games_for {
            break;
        }
    }
    Some(TurnGames {
        games,
        turns,
        time: t.elapsed(),
    })
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
/// from `start` for about `games_for` (seeded, so the same games every run), by steps and, for
/// Guerrilla Checkers, by whole turns for as long again.
pub fn run<G: Game>(start: &G, depth: u32, games_for: Duration, seed: u64) -> RulesBench {
    let t = Instant::now();
    let perft_nodes = start.perft(depth);
    let mut perft_runs = 1;
    while t.elapsed() < games_for.min(Duration::from_secs(1)) {
        start.perft(depth);
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
        turn_games: turn_games(start, games_for, seed),
    }
}
