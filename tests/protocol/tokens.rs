//! Canonical text (protocol.md § 6.1, § 7.1): every turn token the engine prints — for a turn
//! built step by step (`stepped … turn <move>`, `history`), for a listed turn (`legal`, perft,
//! `bestmove`) — parses back to a turn that plays to the same position and prints the same
//! token; one Guerrilla turn has one printed form whatever the order of its growths; and a half
//! turn (a principal variation's last token, protocol.md § 3.6) is written in its turn's syntax.

use guerrilla::checkers::Checkers;
use guerrilla::game::prelude::*;
use guerrilla::wells::{Settings, Wells};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Plays random steps from a turn start to the end of the turn; returns the chosen steps.
fn random_turn<G: Game>(pos: &mut G, rng: &mut SmallRng) -> Vec<G::Step> {
    let mut chosen = Vec::new();
    while pos.outcome().is_none() {
        let s = pos.random_step(rng).expect("a game in progress has a step");
        pos.apply(s, None);
        chosen.push(s);
        if pos.at_turn_start() {
            break;
        }
    }
    chosen
}

/// `token` (printed from `start`) parses back, prints the same, and plays to `after`.
fn round_trip<G: Game>(start: &G, token: &str, after: &G) {
    let parsed = start
        .parse_turn(token)
        .unwrap_or_else(|e| panic!("'{token}' does not parse back: {e}"));
    assert_eq!(
        start.format_turn(&parsed),
        token,
        "printed twice differently"
    );
    let mut replay = start.clone();
    replay
        .play_turn(&parsed)
        .unwrap_or_else(|e| panic!("'{token}' does not play: {e}"));
    assert_eq!(replay.hash(), after.hash(), "'{token}' plays elsewhere");
    assert_eq!(replay.to_position_string(), after.to_position_string());
}

/// A random game of `turns` turns: each step-built turn's token, and up to 40 listed turns of
/// each position, round-trip.
fn tokens_round_trip<G: Game>(settings: &G::Settings, seed: u64, turns: usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = G::new(settings);
    for _ in 0..turns {
        if pos.outcome().is_some() {
            break;
        }
        let start = pos.clone();
        let mut listed = Vec::new();
        start
            .legal_turns(&mut listed, 40, None)
            .expect("turns listed");
        for t in &listed {
            let mut after = start.clone();
            after.play_turn(t).expect("a listed turn plays");
            round_trip(&start, &start.format_turn(t), &after);
        }
        let chosen = random_turn(&mut pos, &mut rng);
        let token = start.format_turn(&start.turn_from_steps(&chosen));
        round_trip(&start, &token, &pos);
        half_turns_read_as_their_turn(&start, &chosen, &token);
    }
}

/// Every half of the turn `chosen` (its first `k` chosen steps, `0 < k < n`) is written in the
/// turn's syntax: each of its `,`-separated elements begins an element of the whole turn's
/// `token` (a COIN path cut short, a Guerrilla group still moving), or is a Guerrilla
/// Checkers stone of the pair. Never a step's own word (`endgroup`, `endmove`).
fn half_turns_read_as_their_turn<G: Game>(start: &G, chosen: &[G::Step], token: &str) {
    let whole: Vec<&str> = token.split(',').collect();
    for k in 1..chosen.len() {
        let half = start.format_partial_turn(&chosen[..k]);
        assert!(
            !half.is_empty() && !half.ends_with('.'),
            "'{half}' of '{token}'"
        );
        for e in half.split(',') {
            let stone = e.len() == 2 && e.as_bytes()[0].is_ascii_uppercase();
            assert!(
                whole
                    .iter()
                    .any(|w| w.starts_with(e) || (stone && w.contains(e))),
                "'{half}' is not the start of '{token}'"
            );
        }
    }
}

/// Two growths made in either order give the same position and the same token.
fn growth_order_does_not_matter(side: u8, seed: u64, turns: usize) -> usize {
    let settings = Settings::new(side, 400).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Wells::new(&settings);
    let mut checked = 0;
    for _ in 0..turns {
        if pos.outcome().is_some() {
            break;
        }
        let start = pos.clone();
        let mut steps = Vec::new();
        start.legal_steps(&mut steps);
        let grows: Vec<_> = steps
            .iter()
            .copied()
            .filter(|&s| start.format_step(s).starts_with('+'))
            .collect();
        // Two growths that can both be made, of different groups.
        'pairs: for &a in &grows {
            for &b in &grows {
                let (mut ab, mut ba) = (start.clone(), start.clone());
                ab.apply(a, None);
                if ab.parse_step(&start.format_step(b)).is_err() {
                    continue;
                }
                ab.apply(b, None);
                ba.apply(b, None);
                if ba.parse_step(&start.format_step(a)).is_err() {
                    continue;
                }
                ba.apply(a, None);
                assert_eq!(ab.hash(), ba.hash(), "growth order changed the position");
                // Finish both the same way.
                let rest = if ab.at_turn_start() {
                    Vec::new() // the two growths ended the turn
                } else {
                    random_turn(&mut ab, &mut rng)
                };
                for &s in &rest {
                    ba.apply(s, None);
                }
                let mut c1 = vec![a, b];
                c1.extend(&rest);
                let mut c2 = vec![b, a];
                c2.extend(&rest);
                let t1 = start.format_turn(&start.turn_from_steps(&c1));
                let t2 = start.format_turn(&start.turn_from_steps(&c2));
                assert_eq!(t1, t2, "one turn, two printed forms");
                round_trip(&start, &t1, &ab);
                checked += 1;
                break 'pairs;
            }
        }
        random_turn(&mut pos, &mut rng);
    }
    checked
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn checkers_tokens_round_trip(seed in any::<u64>()) {
        tokens_round_trip::<Checkers>(&Default::default(), seed, 60);
    }

    #[test]
    fn wells_tokens_round_trip(seed in any::<u64>(), side in 4u8..=6) {
        tokens_round_trip::<Wells>(&Settings::new(side, 400).unwrap(), seed, 30);
    }

    #[test]
    fn wells_growths_have_one_order(seed in any::<u64>(), side in 5u8..=7) {
        let _ = growth_order_does_not_matter(side, seed, 30);
    }
}

/// The growth-order property is exercised, not vacuous: games meet pairs of growths.
#[test]
fn growth_pairs_occur() {
    let checked: usize = (0..8)
        .map(|seed| growth_order_does_not_matter(6, seed, 30))
        .sum();
    assert!(checked > 0);
}
