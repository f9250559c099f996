//! Guerrilla Checkers random games by whole turns, a deterministic measure of the rules'
//! speed: plays N random complete games (default 300) from the start, each turn drawn
//! uniformly among all legal turns ([`Checkers::random_move`], which counts COIN's capture
//! chains instead of listing them), seeded with one `SmallRng` from seed 1 for all of them, and
//! prints the games, turns and a checksum of each game's final hash and length. Run it under
//! callgrind, whose instruction count does not depend on the machine's load:
//!
//!     benches/callgrind.sh checkers_games [COMMIT] [GAMES]

use guerrilla::checkers::{Checkers, Settings};
use guerrilla::game::prelude::*;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Plays one random complete game from `pos`, each whole turn drawn uniformly among all legal
/// turns; returns the number of turns played.
fn random_turn_game(pos: &mut Checkers, rng: &mut SmallRng) -> u64 {
    let mut turns = 0;
    while let Some(mv) = pos.random_move(rng) {
        pos.play_legal_move(mv);
        turns += 1;
    }
    turns
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let start = Checkers::new(&Settings);
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
