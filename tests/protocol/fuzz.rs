//! Fuzzing the command parser, both games' notations and position strings: random
//! and mutated inputs never panic, and parse → print → parse is the identity.
//!
//! Bounded in `cargo test --release` (a few seconds). Long mode: set `GUERRILLA_FUZZ=<inputs per
//! target>`, e.g. `GUERRILLA_FUZZ=4000000 cargo test --release --test protocol fuzz -- --nocapture`;
//! each target prints how many inputs it ran.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use guerrilla::game::prelude::*;
use guerrilla::protocol::{Command, Output, Protocol};
use guerrilla::{with_game, GameKind};

/// Inputs per target: `GUERRILLA_FUZZ`, else `default`.
fn budget(default: u64) -> u64 {
    std::env::var("GUERRILLA_FUZZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const WORDS: &[&str] = &[
    "ugi",
    "isready",
    "uginewgame",
    "stop",
    "quit",
    "setoption",
    "name",
    "value",
    "Game",
    "Seed",
    "BoardSide",
    "TurnLimit",
    "guerrilla",
    "guerrilla-checkers",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movetime",
    "depth",
    "nodes",
    "infinite",
    "query",
    "gameover",
    "p1turn",
    "result",
    "legal",
    "play",
    "step",
    "undo",
    "show",
    "describe",
    "perft",
    "bench",
    "help",
    "0",
    "1",
    "7",
    "100",
    "18446744073709551615",
    "18446744073709551616",
    "4294967296",
    "-1",
    "c3-d4",
    "a1",
    "x",
    "",
    " ",
    "\t",
    "\r",
    "\n",
    "\u{0}",
    "\u{7f}",
    "é",
    "\u{a0}",
    "\u{3000}",
    "ugix",
    "movesx",
];

const VALID: &[&str] = &[
    "ugi",
    "isready",
    "setoption name Game value guerrilla",
    "setoption name BoardSide value 6",
    "position startpos",
    "position startpos moves a b c",
    "position fen some position string moves x y",
    "go p1time 1000 p2time 1000 p1inc 10 p2inc 10",
    "go movetime 100",
    "go depth 3",
    "go nodes 500 infinite",
    "query gameover",
    "query result",
    "play c3",
    "step x",
    "perft 2",
    "legal",
];

fn random_line(rng: &mut SmallRng) -> String {
    let mut s = String::new();
    for _ in 0..rng.random_range(0..10) {
        if rng.random_bool(0.8) {
            s.push_str(WORDS[rng.random_range(0..WORDS.len())]);
        } else {
            s.push(random_char(rng));
        }
        if rng.random_bool(0.85) {
            s.push(if rng.random_bool(0.9) { ' ' } else { '\t' });
        }
    }
    s
}

fn random_char(rng: &mut SmallRng) -> char {
    match rng.random_range(0..4) {
        0 => rng.random_range(b' '..=b'~') as char,
        1 => rng.random_range(0u8..32) as char,
        2 => char::from_u32(rng.random_range(0x80..0x3000)).unwrap_or('?'),
        _ => ['a', 'h', '1', '8', '-', 'x', ':', '/', ',', ' '][rng.random_range(0..10)],
    }
}

/// Mutates `s`: delete, insert, replace or duplicate a few characters, or splice words.
pub fn mutate(rng: &mut SmallRng, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..rng.random_range(1..4) {
        let n = chars.len();
        match rng.random_range(0..5) {
            0 if n > 0 => {
                chars.remove(rng.random_range(0..n));
            }
            1 => chars.insert(rng.random_range(0..=n), random_char(rng)),
            2 if n > 0 => chars[rng.random_range(0..n)] = random_char(rng),
            3 if n > 0 => {
                let a = rng.random_range(0..n);
                let b = rng.random_range(a..=n.min(a + 6));
                let piece: Vec<char> = chars[a..b].to_vec();
                let at = rng.random_range(0..=n);
                chars.splice(at..at, piece);
            }
            _ => {
                let w = WORDS[rng.random_range(0..WORDS.len())];
                let at = rng.random_range(0..=n);
                chars.splice(at..at, format!(" {w} ").chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// parse → print → parse is the identity, and printing is stable.
fn check_command(line: &str) -> bool {
    match line.parse::<Command>() {
        Ok(cmd) => {
            let printed = cmd.to_string();
            let again: Command = printed
                .parse()
                .unwrap_or_else(|e| panic!("{line:?} printed as {printed:?} fails: {e}"));
            assert_eq!(again, cmd, "{line:?} → {printed:?}");
            assert_eq!(again.to_string(), printed);
            true
        }
        Err(e) => {
            let text = e.to_string();
            assert!(
                text.starts_with("expected ") && text.contains(" but got '"),
                "{text}"
            );
            assert!(!text.contains('\n'));
            false
        }
    }
}

#[test]
fn fuzz_command_parser() {
    let n = budget(1_000_000);
    let mut rng = SmallRng::seed_from_u64(1);
    let t = Instant::now();
    let mut ok = 0u64;
    for i in 0..n {
        let line = if i % 2 == 0 {
            random_line(&mut rng)
        } else {
            let v = VALID[rng.random_range(0..VALID.len())];
            mutate(&mut rng, v)
        };
        ok += check_command(&line) as u64;
    }
    for v in VALID {
        assert!(check_command(v), "{v}");
    }
    eprintln!(
        "fuzz_command_parser: {n} inputs ({ok} parsed) in {:.1}s",
        t.elapsed().as_secs_f64()
    );
    assert!(
        ok > n / 50,
        "the generator should produce valid commands too"
    );
}

/// Random and mutated turn tokens, step texts and position strings of game `G` along random
/// games: never a panic; every generated turn and step formats and parses back to itself; every
/// accepted text round-trips; position strings round-trip. Returns the number of inputs.
pub fn fuzz_game<G: Game>(settings: &G::Settings, inputs: u64, seed: u64) -> u64 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut done = 0u64;
    let mut pos = G::new(settings);
    let mut turns = Vec::new();
    let mut steps = Vec::new();
    while done < inputs {
        if pos.outcome().is_some() || rng.random_bool(0.01) {
            pos = G::new(settings);
        }
        // Position string round trip, then mutated position strings.
        let text = pos.to_position_string();
        let back = G::from_position_string(&text, settings).unwrap_or_else(|e| {
            panic!("{} rejects its own position string {text:?}: {e}", G::NAME)
        });
        assert_eq!(back.to_position_string(), text);
        assert_eq!(back.hash(), pos.hash(), "{text}");
        done += 1;
        for _ in 0..4 {
            let m = mutate(&mut rng, &text);
            if let Ok(p) = G::from_position_string(&m, settings) {
                let t2 = p.to_position_string();
                let p2 = G::from_position_string(&t2, settings).expect("printed position parses");
                assert_eq!(p2.to_position_string(), t2);
            }
            done += 1;
        }
        // Turns: every legal turn round-trips; mutated tokens never panic.
        turns.clear();
        let _ = pos.legal_turns(&mut turns, 2000, None);
        for t in turns.iter().take(50) {
            let tok = pos.format_turn(t);
            assert!(
                !tok.is_empty() && !tok.contains(char::is_whitespace),
                "{tok:?}"
            );
            assert_eq!(pos.parse_turn(&tok).as_ref(), Ok(t), "{tok}");
            let m = mutate(&mut rng, &tok);
            if let Ok(t2) = pos.parse_turn(&m) {
                let tok2 = pos.format_turn(&t2);
                assert_eq!(pos.parse_turn(&tok2), Ok(t2), "{m} → {tok2}");
            }
            done += 2;
        }
        // Steps along the way to the next turn start.
        loop {
            steps.clear();
            pos.legal_steps(&mut steps);
            if steps.is_empty() {
                break;
            }
            for s in steps.iter().take(20) {
                let txt = pos.format_step(*s);
                assert_eq!(pos.parse_step(&txt), Ok(*s), "{txt}");
                let m = mutate(&mut rng, &txt);
                if let Ok(s2) = pos.parse_step(&m) {
                    assert_eq!(pos.parse_step(&pos.format_step(s2)), Ok(s2));
                }
                done += 2;
            }
            let s = steps[rng.random_range(0..steps.len())];
            pos.apply(s, None);
            if pos.at_turn_start() {
                break;
            }
        }
    }
    done
}

/// Random and mutated lines through the whole protocol loop (not only the parser): no panic,
/// every line answered as documented. Searches are kept tiny.
pub fn fuzz_protocol_loop(lines: u64, seed: u64, valid: &[&str]) -> u64 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut p = Protocol::new(Output::new(std::io::sink()), false).expect("protocol");
    for i in 0..lines {
        let mut line = if i % 2 == 0 {
            random_line(&mut rng)
        } else {
            let v = valid[rng.random_range(0..valid.len())];
            mutate(&mut rng, v)
        };
        // Keep searches and perft small, never quit, never wait for an infinite search.
        if line.contains("perft") || line.contains("bench") || line.contains("quit") {
            line = "isready".into();
        }
        if let Ok(Command::Go(_)) = line.parse::<Command>() {
            line = "go nodes 50".into();
        }
        assert!(p.handle(&line));
    }
    lines
}

#[test]
fn fuzz_guerrilla_checkers_notation_and_positions() {
    let n = budget(200_000);
    let t = Instant::now();
    let done = with_game!(GameKind::Checkers, G => {
        fuzz_game::<G>(&<G as Position>::Settings::default(), n, 2)
    });
    eprintln!(
        "fuzz guerrilla-checkers notation/positions: {done} inputs in {:.1}s",
        t.elapsed().as_secs_f64()
    );
}

#[test]
fn fuzz_guerrilla_notation_and_positions() {
    // Listing Guerrilla's whole turns is costly: a tenth of the budget.
    let n = budget(200_000) / 10;
    let t = Instant::now();
    let done = with_game!(GameKind::Wells, G => {
        fuzz_game::<G>(&<G as Position>::Settings::default(), n, 3)
    });
    eprintln!(
        "fuzz guerrilla notation/positions: {done} inputs in {:.1}s",
        t.elapsed().as_secs_f64()
    );
}

/// Whole protocol loop (in process): random and mutated lines, with valid moves of the game
/// mixed in so that positions change.
#[test]
fn fuzz_protocol_loop_guerrilla_checkers() {
    let n = budget(1_000_000) / 10;
    let t = Instant::now();
    let valid: Vec<String> = VALID
        .iter()
        .map(|s| s.to_string())
        .chain([
            "position startpos moves D4D5 c5-d6".to_string(),
            "position fen 8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first moves E5E4"
                .to_string(),
            "play D4D5".to_string(),
            "step E5E6".to_string(),
            "undo".to_string(),
            "show".to_string(),
            "describe".to_string(),
            "uginewgame".to_string(),
        ])
        .collect();
    let valid: Vec<&str> = valid.iter().map(String::as_str).collect();
    let done = fuzz_protocol_loop(n, 4, &valid);
    eprintln!(
        "fuzz protocol loop: {done} lines in {:.1}s",
        t.elapsed().as_secs_f64()
    );
}
