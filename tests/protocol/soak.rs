//! The soak: complete games through the real binary, driven incrementally the way cutegames
//! drives it, refereed by the rules core (no panic, every `bestmove` legal, every `query` answer
//! equal to the rules' answer). About one game in twenty ends with an illegal move in
//! `position … moves`, which must lose for the side that played it.
//!
//! `GUERRILLA_SOAK=<games per game>` sets the count (default 4, for CI); the full run is
//! `GUERRILLA_SOAK=1000 cargo test --release --test protocol soak -- --include-ignored --nocapture`.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::harness::{refereed_game, Proc};
use guerrilla::game::prelude::*;
use guerrilla::{with_game, GameKind};

fn games() -> usize {
    std::env::var("GUERRILLA_SOAK")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4)
}

fn soak(kind: GameKind, nodes_max: u64, max_plies: usize) {
    let n = games();
    let mut rng = SmallRng::seed_from_u64(kind as u64 + 77);
    let mut p = Proc::spawn();
    p.ask(&format!("setoption name Game value {}", kind.name()));
    let t = Instant::now();
    let (mut plies, mut forfeits) = (0usize, 0usize);
    let mut results = std::collections::BTreeMap::<String, usize>::new();
    for g in 0..n {
        // A fresh process now and then: startup and shutdown are part of the soak.
        if g % 100 == 99 {
            p.send("quit");
            let (_, status) = p.finish();
            assert!(status.success());
            p = Proc::spawn();
            p.ask(&format!("setoption name Game value {}", kind.name()));
        }
        p.ask(&format!("setoption name Seed value {g}"));
        let nodes = rng.random_range(0..=nodes_max);
        let forfeit_at = rng.random_bool(0.05).then(|| rng.random_range(0..40));
        let r = with_game!(kind, G => {
            let settings = <G as Position>::Settings::default();
            refereed_game::<G>(&mut p, &settings, nodes, forfeit_at, max_plies)
        });
        plies += r.plies;
        forfeits += r.forfeited as usize;
        *results.entry(r.result).or_default() += 1;
    }
    eprintln!(
        "soak {}: {n} games, {plies} plies, {forfeits} forfeits, results {results:?}, {:.1}s",
        kind.name(),
        t.elapsed().as_secs_f64()
    );
    p.send("quit");
    assert!(p.finish().1.success());
}

#[test]
fn soak_guerrilla_checkers() {
    soak(GameKind::Checkers, 30, 5000);
}

#[test]
fn soak_guerrilla() {
    soak(GameKind::Wells, 30, 5000);
}
