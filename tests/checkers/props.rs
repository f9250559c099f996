//! Property tests over many random Guerrilla Checkers games (seeded by proptest): notation and
//! position strings round-trip, acceptance ⇔ legality, undo and hashing (the board's symmetries:
//! `src/games.rs`); and
//! the step model (GC3, GC4): the steps build exactly the legal turns, step texts round-trip,
//! forced decisions are never listed mid-turn.

use std::collections::HashSet;

use guerrilla::checkers::{Checkers, Settings, Step, Turn};
use guerrilla::game::prelude::*;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The positions of one random game from the start, step by step (turn starts and turns half
/// built), its final position included.
fn random_game_steps(seed: u64) -> Vec<Checkers> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Checkers::new(&Settings);
    let mut out = vec![pos];
    while let Some(m) = pos.random_step(&mut rng) {
        pos.apply(m, None);
        out.push(pos);
    }
    assert!(pos.outcome().is_some(), "a game ends only when it is over");
    assert!(pos.at_turn_start());
    out
}

/// The positions of one random game from the start, each whole turn drawn uniformly from the
/// legal turns (the games these checks have always run on), its final position included.
fn random_game(seed: u64) -> Vec<Checkers> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Checkers::new(&Settings);
    let mut out = vec![pos];
    loop {
        let moves = legal(&pos);
        if moves.is_empty() {
            break;
        }
        pos.play_turn(&moves[rng.random_range(0..moves.len())])
            .unwrap();
        out.push(pos);
    }
    assert!(pos.outcome().is_some(), "a game ends only when it is over");
    out
}

/// Every whole turn the steps build from the turn start `pos`, by a walk over all step
/// sequences, each with the position it leads to; checks on the way that no decision inside a
/// turn is offered with a single option.
fn turns_by_steps(pos: &Checkers, out: &mut Vec<(Turn, Checkers)>) {
    fn walk(root: &Checkers, p: &Checkers, taken: &mut Vec<Step>, out: &mut Vec<(Turn, Checkers)>) {
        let mut steps = Vec::new();
        p.legal_steps(&mut steps);
        if !p.at_turn_start() {
            assert!(steps.len() >= 2, "a lone forced step listed in {:?}", p);
        }
        for s in steps {
            let mut q = *p;
            q.apply(s, None);
            taken.push(s);
            if q.at_turn_start() {
                out.push((root.turn_from_steps(taken), q));
            } else {
                walk(root, &q, taken, out);
            }
            taken.pop();
        }
    }
    walk(pos, pos, &mut Vec::new(), out);
}

fn legal(p: &Checkers) -> Vec<Turn> {
    let mut v = Vec::new();
    assert_eq!(p.legal_turns(&mut v, usize::MAX, None), Ok(true));
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
            let set: HashSet<Turn> = moves.iter().copied().collect();
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
            let back = Checkers::from_position_string(&text, &Settings);
            prop_assert_eq!(back.clone(), Ok(pos), "{}", text);
            prop_assert_eq!(back.unwrap().to_position_string(), text.clone());
            prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
            let moves = legal(&pos);
            prop_assert_eq!(moves.is_empty(), pos.outcome().is_some(), "{}", text);
            for m in moves {
                let mut q = pos;
                prop_assert!(q.play_turn(&m).is_ok());
                prop_assert_eq!(q.hash(), q.hash_from_scratch(), "{} after {}", text, pos.format_turn(&m));
                prop_assert_ne!(q.hash(), pos.hash());
            }
        }
        // Undo and hashing step by step, turns half built included.
        for pos in random_game_steps(seed) {
            let mut steps = Vec::new();
            pos.legal_steps(&mut steps);
            prop_assert_eq!(steps.is_empty(), pos.outcome().is_some());
            for s in steps {
                let mut q = pos;
                let undo = q.apply(s, None);
                prop_assert_eq!(q.hash(), q.hash_from_scratch(), "after {:?} in {:?}", s, pos);
                prop_assert_ne!(q.hash(), pos.hash());
                q.undo(s, undo);
                prop_assert_eq!(q, pos);
                prop_assert_eq!(q.hash(), pos.hash());
            }
        }
    }

    /// The steps build exactly the legal whole turns (GC3: every unordered pair, GC4: every
    /// path), each one to the position its whole turn gives; `turn_steps` replays a turn and
    /// `turn_from_steps` names it back; forced steps are reported, and only they are left out.
    #[test]
    fn steps_build_exactly_the_legal_turns(seed in any::<u64>()) {
        // Games of random steps reach dense stone fields with up to a million COIN paths (one
        // turn, GC4): their turn starts with at most 20,000 turns keep the test quick.
        let step_game = random_game_steps(seed).into_iter().filter(|p| {
            p.at_turn_start() && p.legal_turns(&mut Vec::new(), 20_000, None) == Ok(true)
        });
        for pos in random_game(seed).into_iter().chain(step_game) {
            let moves = legal(&pos);
            let mut built = Vec::new();
            turns_by_steps(&pos, &mut built);
            let built_set: HashSet<Turn> = built.iter().map(|(m, _)| *m).collect();
            let move_set: HashSet<Turn> = moves.iter().copied().collect();
            prop_assert_eq!(&built_set, &move_set, "in {}", pos.to_position_string());
            for (m, after) in &built {
                let mut q = pos;
                q.play_turn(m).unwrap();
                prop_assert_eq!(&q, after, "{}", pos.format_turn(m));
            }
            for m in &moves {
                let chosen = pos.turn_steps(m);
                prop_assert_eq!(pos.turn_from_steps(&chosen), *m);
                let (mut q, mut all) = (pos, Vec::new());
                for (i, &s) in chosen.iter().enumerate() {
                    prop_assert_eq!(q.at_turn_start(), i == 0);
                    prop_assert!(q.parse_step(&q.format_step(s)).is_ok());
                    all.push(s);
                    q.apply(s, Some(&mut all));
                }
                prop_assert!(q.at_turn_start());
                let mut r = pos;
                r.play_turn(m).unwrap();
                prop_assert_eq!(q, r);
                // Every step of the turn, forced ones included: two stones, or the path's hops.
                let expected = match *m {
                    Turn::Pair(..) => 2,
                    Turn::Path { len, .. } => len as usize,
                };
                prop_assert_eq!(all.len(), expected, "{}", pos.format_turn(m));
            }
        }
    }

    /// Step texts: every legal step prints and parses back to itself; a text is accepted exactly
    /// when it names a legal step; `random_step` draws only legal steps.
    #[test]
    fn step_notation_round_trip_and_acceptance(seed in any::<u64>()) {
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x57e9);
        for pos in random_game_steps(seed) {
            let mut steps = Vec::new();
            pos.legal_steps(&mut steps);
            let set: HashSet<Step> = steps.iter().copied().collect();
            prop_assert_eq!(set.len(), steps.len());
            let texts: HashSet<String> = steps.iter().map(|&s| pos.format_step(s)).collect();
            prop_assert_eq!(texts.len(), steps.len(), "two steps print alike");
            for &s in &steps {
                prop_assert_eq!(pos.parse_step(&pos.format_step(s)), Ok(s));
            }
            let mut candidates: Vec<String> = Vec::new();
            for f in b'A'..=b'I' {
                for r in b'1'..=b'9' {
                    candidates.push(format!("{}{}", f as char, r as char));
                }
            }
            for _ in 0..60 {
                let sq = |rng: &mut SmallRng| {
                    format!("{}{}", (b'a' + rng.random_range(0..8)) as char, (b'1' + rng.random_range(0..8)) as char)
                };
                let sep = if rng.random_bool(0.5) { 'x' } else { '-' };
                candidates.push(format!("{}{sep}{}", sq(&mut rng), sq(&mut rng)));
            }
            for t in texts.iter() {
                if t.len() == 5 {
                    let swapped = if t.contains('x') { t.replace('x', "-") } else { t.replace('-', "x") };
                    candidates.push(swapped);
                }
            }
            for t in candidates {
                match pos.parse_step(&t) {
                    Ok(s) => {
                        prop_assert!(set.contains(&s), "{} accepted but not legal", t);
                        prop_assert_eq!(pos.format_step(s), t);
                    }
                    Err(_) => prop_assert!(!texts.contains(&t), "legal {} rejected", t),
                }
            }
            for _ in 0..4 {
                match pos.random_step(&mut rng) {
                    Some(s) => prop_assert!(set.contains(&s)),
                    None => prop_assert!(steps.is_empty()),
                }
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
        prop_assert_eq!(pos.perft(3, None).unwrap(), naive(&pos, 3));
    }
}
