//! Property tests over many random Guerrilla Checkers games (seeded by proptest): notation and
//! position strings round-trip, acceptance ⇔ legality, undo and hashing, symmetry of perft.

use std::collections::HashSet;

use guerrilla::checkers::{Checkers, CheckersSettings, Move, Symmetry};
use guerrilla::Game;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The positions of one random game from the start, its final position included.
fn random_game(seed: u64) -> Vec<Checkers> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Checkers::new(&CheckersSettings);
    let mut out = vec![pos];
    while let Some(m) = pos.random_step(&mut rng) {
        pos.apply_step(m);
        out.push(pos);
    }
    assert!(pos.outcome().is_some(), "a game ends only when it is over");
    out
}

fn legal(p: &Checkers) -> Vec<Move> {
    let mut v = Vec::new();
    assert!(p.legal_turns(&mut v, usize::MAX));
    v
}

/// Tokens near the legal ones: every legal token with one character replaced, dropped or
/// added, its pair halves swapped, and random words from the notation's alphabet.
fn candidate_tokens(tokens: &[String], rng: &mut SmallRng) -> Vec<String> {
    const ALPHABET: &[u8] = b"abcdefghiABCDEFGHIJ0123456789x-X ";
    let mut out = Vec::new();
    for t in tokens.iter().take(40) {
        let b = t.as_bytes();
        for _ in 0..4 {
            let i = rng.random_range(0..b.len());
            let c = ALPHABET[rng.random_range(0..ALPHABET.len())];
            let mut v = b.to_vec();
            v[i] = c;
            out.push(String::from_utf8(v).unwrap());
            let mut v = b.to_vec();
            v.remove(i);
            out.push(String::from_utf8(v).unwrap());
            let mut v = b.to_vec();
            v.insert(i, c);
            out.push(String::from_utf8(v).unwrap());
        }
        if t.len() == 4 && t.as_bytes()[0].is_ascii_uppercase() {
            out.push(format!("{}{}", &t[2..], &t[..2]));
        }
        // A path extended by one more step.
        if t.as_bytes()[0].is_ascii_lowercase() {
            for sep in ["x", "-"] {
                let f = (b'a' + rng.random_range(0..8)) as char;
                let r = (b'1' + rng.random_range(0..8)) as char;
                out.push(format!("{t}{sep}{f}{r}"));
            }
        }
    }
    for _ in 0..40 {
        // Random pairs of points and random short paths, most of them illegal.
        let p = |rng: &mut SmallRng| {
            format!(
                "{}{}",
                (b'A' + rng.random_range(0..9)) as char,
                (b'1' + rng.random_range(0..9)) as char
            )
        };
        out.push(format!("{}{}", p(rng), p(rng)));
        let s = |rng: &mut SmallRng| {
            format!(
                "{}{}",
                (b'a' + rng.random_range(0..8)) as char,
                (b'1' + rng.random_range(0..8)) as char
            )
        };
        let mut path = s(rng);
        for _ in 0..rng.random_range(1..4) {
            path.push(if rng.random_bool(0.5) { 'x' } else { '-' });
            path.push_str(&s(rng));
        }
        out.push(path);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every generated move prints and parses back to itself and is accepted when played; a
    /// token is accepted exactly when it names a legal move; the canonical token is the only
    /// spelling of a path, a pair has two (either order).
    #[test]
    fn notation_round_trip_and_acceptance(seed in any::<u64>()) {
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
        for pos in random_game(seed) {
            let moves = legal(&pos);
            let set: HashSet<Move> = moves.iter().copied().collect();
            prop_assert_eq!(set.len(), moves.len(), "duplicate moves in {}", pos.to_position_string());
            let tokens: Vec<String> = moves.iter().map(|m| pos.format_turn(m)).collect();
            let token_set: HashSet<&String> = tokens.iter().collect();
            prop_assert_eq!(token_set.len(), tokens.len(), "two moves print alike");
            for (m, t) in moves.iter().zip(&tokens) {
                prop_assert!(!t.contains(char::is_whitespace));
                prop_assert_eq!(pos.parse_turn(t), Ok(*m), "{}", t);
                let mut q = pos;
                prop_assert!(q.play_turn(m).is_ok());
            }
            for t in candidate_tokens(&tokens, &mut rng) {
                match pos.parse_turn(&t) {
                    Ok(m) => {
                        prop_assert!(set.contains(&m), "{} accepted but not legal in {}", t, pos.to_position_string());
                        let canon = pos.format_turn(&m);
                        let swapped = canon.len() == 4 && t.len() == 4 && t[..2] == canon[2..] && t[2..] == canon[..2];
                        prop_assert!(canon == t || swapped, "{} accepted as {}", t, canon);
                    }
                    Err(_) => prop_assert!(!token_set.contains(&t), "legal {} rejected", t),
                }
            }
        }
    }

    /// Position strings round-trip exactly; undo restores the exact position, hash included;
    /// the incremental hash equals a fresh one; outcome agrees with the move list.
    #[test]
    fn positions_undo_and_hash(seed in any::<u64>()) {
        for pos in random_game(seed) {
            let text = pos.to_position_string();
            let back = Checkers::from_position_string(&text, &CheckersSettings);
            prop_assert_eq!(back.clone(), Ok(pos), "{}", text);
            prop_assert_eq!(back.unwrap().to_position_string(), text.clone());
            prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
            let moves = legal(&pos);
            prop_assert_eq!(moves.is_empty(), pos.outcome().is_some(), "{}", text);
            for m in moves {
                let mut q = pos;
                let undo = q.apply_step(m);
                prop_assert_eq!(q.hash(), q.hash_from_scratch(), "{} after {}", text, pos.format_turn(&m));
                prop_assert_ne!(q.hash(), pos.hash());
                q.undo_step(m, undo);
                prop_assert_eq!(q, pos);
                prop_assert_eq!(q.hash(), pos.hash());
            }
        }
    }

    /// perft is equal under the three symmetries that keep the board's colouring (a1 dark): the
    /// 180° rotation and the two diagonal reflections. (A left-right mirror maps dark squares to
    /// light ones, so it is not a symmetry of this board.)
    #[test]
    fn perft_symmetric(seed in any::<u64>()) {
        let game = random_game(seed);
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..3 {
            let pos = game[rng.random_range(0..game.len())];
            let n = pos.perft(2);
            for sym in Symmetry::ALL {
                let t = pos.transformed(sym);
                prop_assert_eq!(t.transformed(sym), pos, "{:?} is an involution", sym);
                let text = t.to_position_string();
                prop_assert!(Checkers::from_position_string(&text, &CheckersSettings).is_ok());
                prop_assert_eq!(t.perft(2), n, "{:?} of {}", sym, pos.to_position_string());
            }
        }
    }

    /// The fast perft (bulk counting, copy-make) equals a naive one through the public turn API.
    #[test]
    fn fast_perft_equals_naive(seed in any::<u64>()) {
        fn naive(p: &Checkers, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            legal(p)
                .iter()
                .map(|m| {
                    let mut q = *p;
                    q.play_turn(m).unwrap();
                    naive(&q, depth - 1)
                })
                .sum()
        }
        let game = random_game(seed);
        let pos = game[game.len() / 2];
        prop_assert_eq!(pos.perft(3), naive(&pos, 3));
    }
}
