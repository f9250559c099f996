//! Guerrilla Checkers random games by whole turns for a deterministic measure of the rules'
//! speed (issue 13): plays N random complete games (default 300) from the start, each turn
//! drawn uniformly among all legal turns (`guerrilla::bench::random_turn_game`, the `random
//! turn games` of `guerrilla bench`), seeded with one `SmallRng` from seed 1 for all of them,
//! and prints the games, turns and a checksum of each game's final hash and length. Run it
//! under callgrind, whose instruction count does not depend on the machine's load:
//!
//!     benches/callgrind.sh checkers_games [COMMIT] [GAMES]
//!
//! It builds at every commit with the step model (`src/checkers/steps.rs`); the whole-turn draw
//! it measures is the one issue 13 compares with 68e4494 (`benches/compare.sh`).

use guerrilla::bench::random_turn_game;
use guerrilla::checkers::{Checkers, CheckersSettings};
use guerrilla::game::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let start = Checkers::new(&CheckersSettings);
    let mut rng = SmallRng::seed_from_u64(1);
    let (mut turns, mut sum) = (0u64, 0u64);
    for _ in 0..games {
        let mut pos = start;
        let n = random_turn_game(&mut pos, &mut rng);
        turns += n;
        sum = (sum ^ pos.hash() ^ n)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    println!("games {games} turns {turns} checksum {sum:016x}");
}
