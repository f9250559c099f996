//! Guerrilla (Wells) random games for a deterministic measure of the rules' speed:
//! plays N random complete games (default 300) on board side 8 from the start, seeded as
//! `guerrilla rules-bench` seeds its games (one `SmallRng` from seed 1 for all of them), and prints
//! the games, steps and a checksum of every step and of each game's final hash. Run it under
//! callgrind, whose instruction count does not depend on the machine's load:
//!
//!     cargo build --release --bench wells_games
//!     valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
//!         target/release/deps/wells_games-<hash> 300
//!
//! or `benches/callgrind.sh wells_games [COMMIT]` (builds this file at COMMIT, default this
//! tree).
//! It uses the `Game` trait only, so the same file builds at older commits (68e4494 on).

use std::hash::{Hash, Hasher};

use guerrilla::game::prelude::*;
use guerrilla::wells::{Settings, Wells};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// A small multiply-and-rotate hasher for the checksum (the std one costs more than a step).
struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }
    fn write_u16(&mut self, x: u16) {
        self.write_u64(x as u64);
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }
    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let start = Wells::new(&Settings {
        side: 8,
        turn_limit: 400,
    });
    let mut rng = SmallRng::seed_from_u64(1);
    let mut sum = Fold(0);
    let mut steps = 0u64;
    for _ in 0..games {
        let mut pos = start.clone();
        while pos.outcome().is_none() {
            match pos.random_step(&mut rng) {
                Some(step) => {
                    step.hash(&mut sum);
                    pos.apply(step, None);
                    steps += 1;
                }
                None => break,
            }
        }
        sum.write_u64(pos.hash());
    }
    println!("games {games} steps {steps} checksum {:016x}", sum.finish());
}
