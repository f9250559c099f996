//! The worst cases of both games for the commands that touch a position, kept as test data:
//! `tests/data/worst-cases.txt`, which `tests/protocol/worst.rs` runs every such command on.
//!
//! ```text
//! cargo bench --bench worst_cases -- [--write] [--seconds S]
//! ```
//!
//! Prints the data file (or, with `--write`, writes it), each case a block of a `# ` comment,
//! `game <name>`, `position <position string>` and `longest <turn token>` (the longest turn
//! found, for `play`). The cases:
//!
//! * Guerrilla Checkers, COIN to move in the densest fields. A checker none of whose interior
//!   corners is free is removed (GC3), and a free point is the corner of two dark squares, so
//!   `k` checkers leave at least `k / 2` points free (rounded up): the densest field of one
//!   checker has 48 stones. For one checker: every 48-stone field with the checker beside the
//!   free point (98 of them), the three with the most COIN moves kept; for 2 to 6 checkers:
//!   twelve seeded draws of the densest fields, the one with the most moves kept for each
//!   number. And the field of a real game from `benches/data/timing-guerrilla-checkers.txt`
//!   (one checker on c5 among 48 stones: 47,879,764 moves).
//! * The Guerrilla's turn just before such a field (each of its pairs leaves COIN a dense
//!   field to count): `perft 2` there counts millions of capture paths per pair.
//! * The longest capture chain of each COIN field: a depth-first walk of the chain's hops,
//!   the longest path met within a fixed number of hops walked (deterministic).
//! * Guerrilla (Wells): the side-8 positions of `benches/data/perft-turns-guerrilla.txt`,
//!   mid-game turns with up to millions of distinct results (W7) and one too large to
//!   enumerate within the 1 GiB budget, the side-6 position of `tests/protocol/perft.rs`
//!   whose one turn has hundreds of millions, and a side-12 position of a random game; their
//!   longest turn is the one with the most steps among the first 100,000 listed.
//!
//! A count runs in this process for at most `--seconds` (default 5) of wall time; a field
//! whose count is stopped there ranks above every field counted.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use guerrilla::checkers::Checkers;
use guerrilla::game::prelude::*;
use guerrilla::wells::{Settings, Wells};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Hops walked at most when looking for a field's longest capture chain.
const CHAIN_WALK: u64 = 20_000_000;

/// One case of the data file.
struct Case {
    comment: String,
    game: &'static str,
    position: String,
    longest: String,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut write, mut seconds) = (false, 5.0);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--write" => write = true,
            "--seconds" => {
                seconds = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .expect("--seconds S")
            }
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let limit = Duration::from_secs_f64(seconds);
    let mut cases = checkers_cases(limit);
    cases.extend(wells_cases());
    let mut text = String::from(
        "# The worst cases of both games for every command that touches a position, made by\n\
         #   cargo bench --bench worst_cases -- --write\n\
         # (see benches/worst_cases.rs for how each is chosen); tests/protocol/worst.rs runs\n\
         # every such command on each.\n",
    );
    for c in &cases {
        text.push_str(&format!(
            "\n# {}\ngame {}\nposition {}\nlongest {}\n",
            c.comment, c.game, c.position, c.longest
        ));
    }
    if write {
        let path = format!("{}/tests/data/worst-cases.txt", env!("CARGO_MANIFEST_DIR"));
        std::fs::write(&path, text).expect("write the data file");
        eprintln!("wrote {path}: {} cases", cases.len());
    } else {
        std::io::stdout().write_all(text.as_bytes()).unwrap();
    }
}

/// perft 1 of `pos`, or `None` when it takes longer than `limit`.
fn count_within<G: Turns>(pos: &G, limit: Duration) -> Option<u64> {
    let stop = Arc::new(AtomicBool::new(false));
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let s = Arc::clone(&stop);
    let watchdog = std::thread::spawn(move || {
        if done_rx.recv_timeout(limit).is_err() {
            s.store(true, Ordering::Relaxed);
        }
    });
    let n = pos.perft(1, Some(&stop)).ok();
    drop(done_tx);
    watchdog.join().unwrap();
    n
}

/// A Guerrilla Checkers position string: checkers on `squares` (file, rank from 0: a1 is
/// (0, 0)), stones on the interior points `points` (file, rank from 0 on the 9 × 9 lattice:
/// A1 is (0, 0)), COIN to move (or the Guerrilla's with `guerrilla`), the stones left in hand.
fn field(squares: &[(usize, usize)], points: &[(usize, usize)], guerrilla: bool) -> String {
    let grid = |n: usize, set: &dyn Fn(usize, usize) -> bool, mark: char| {
        let mut rows = Vec::new();
        for r in (0..n).rev() {
            let (mut row, mut empty) = (String::new(), 0);
            for f in 0..n {
                if set(f, r) {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                    }
                    empty = 0;
                    row.push(mark);
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    };
    let hand = 66 - points.len();
    format!(
        "{} {} {hand} {} -",
        grid(8, &|f, r| squares.contains(&(f, r)), 'C'),
        grid(9, &|f, r| points.contains(&(f, r)), 'G'),
        if guerrilla { "G" } else { "C" }
    )
}

fn interior() -> Vec<(usize, usize)> {
    (1..8).flat_map(|r| (1..8).map(move |f| (f, r))).collect()
}

fn dark(f: usize, r: usize) -> bool {
    (f + r).is_multiple_of(2)
}

fn checkers_pos(text: &str) -> Checkers {
    Checkers::from_position_string(text, &Default::default())
        .unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The fields of `texts` ranked by COIN's moves, most first (a count stopped at `limit` first
/// of all): `(moves or None, text)`.
fn ranked(texts: Vec<String>, limit: Duration) -> Vec<(Option<u64>, String)> {
    let mut out: Vec<(Option<u64>, String)> = texts
        .into_iter()
        .map(|t| {
            let n = count_within(&checkers_pos(&t), limit);
            eprintln!("{:>12} {t}", n.map_or("stopped".into(), |n| n.to_string()));
            (n, t)
        })
        .collect();
    out.sort_by_key(|(n, _)| std::cmp::Reverse(n.unwrap_or(u64::MAX)));
    out
}

fn moves_text(n: Option<u64>, limit: Duration) -> String {
    match n {
        Some(n) => format!("{n} COIN moves"),
        None => format!("COIN moves not counted within {} s", limit.as_secs_f64()),
    }
}

fn checkers_cases(limit: Duration) -> Vec<Case> {
    let all = interior();
    let mut out = Vec::new();
    let mut add = |comment: String, position: String| {
        let longest = longest_chain(&checkers_pos(&position));
        out.push(Case {
            comment,
            game: "guerrilla-checkers",
            position,
            longest,
        });
    };
    // One checker among 48 stones, beside the free point.
    let mut fields = Vec::new();
    for &(px, py) in &all {
        let stones: Vec<_> = all.iter().copied().filter(|&p| p != (px, py)).collect();
        for (f, r) in [(px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py)] {
            if f < 8 && r < 8 && dark(f, r) {
                fields.push(field(&[(f, r)], &stones, false));
            }
        }
    }
    for (n, t) in ranked(fields, limit).into_iter().take(3) {
        add(
            format!(
                "one checker among 48 stones, beside the free point: {}",
                moves_text(n, limit)
            ),
            t,
        );
    }
    // Several checkers: each needs a free corner, and a free point is the corner of two dark
    // squares, so k checkers leave at least k / 2 (rounded up) points free.
    let mut rng = SmallRng::seed_from_u64(28);
    for k in 2..=6usize {
        let free_points = k.div_ceil(2);
        let mut fields = Vec::new();
        while fields.len() < 12 {
            let mut free = Vec::new();
            while free.len() < free_points {
                let p = all[rng.random_range(0..all.len())];
                if !free.contains(&p) {
                    free.push(p);
                }
            }
            let mut beside: Vec<(usize, usize)> = free
                .iter()
                .flat_map(|&(px, py)| [(px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py)])
                .filter(|&(f, r)| f < 8 && r < 8 && dark(f, r))
                .collect();
            beside.sort();
            beside.dedup();
            if beside.len() < k {
                continue;
            }
            let mut squares = Vec::new();
            while squares.len() < k {
                let sq = beside[rng.random_range(0..beside.len())];
                if !squares.contains(&sq) {
                    squares.push(sq);
                }
            }
            let stones: Vec<_> = all.iter().copied().filter(|p| !free.contains(p)).collect();
            let text = field(&squares, &stones, false);
            if Checkers::from_position_string(&text, &Default::default()).is_ok() {
                fields.push(text);
            }
        }
        let (n, t) = ranked(fields, limit).remove(0);
        add(
            format!(
                "{k} checkers among {} stones, each beside a free point: {}",
                49 - free_points,
                moves_text(n, limit)
            ),
            t,
        );
    }
    // The field of a real game, and the Guerrilla's turn before it.
    let real = "8/8/8/2C5/8/8/8/8 9/1GGGGGGG1/1GGGGGGG1/1GGGGGGG1/1G1GGGGG1/1GGGGGGG1/1GGGGGGG1/\
                1GGGGGGG1/9 18 C -";
    let n = count_within(&checkers_pos(real), limit);
    add(
        format!(
            "one checker on c5 among 48 stones, from a real game \
             (benches/data/timing-guerrilla-checkers.txt): {}",
            moves_text(n, limit)
        ),
        real.to_string(),
    );
    let before = "8/8/8/2C5/8/8/8/8 9/1GGGGGGG1/1GGGGGGG1/1GGGGGGG1/1G1GGGGG1/1GGGGGGG1/1GGGGGGG1/\
                  1GGGGG3/9 20 G -";
    add(
        "the Guerrilla's turn before that field (two stones fewer): each pair leaves COIN \
         millions of capture paths"
            .to_string(),
        before.to_string(),
    );
    out
}

/// The token of the longest capture chain (or of a Guerrilla pair) met by a depth-first walk
/// of the turn's steps, within [`CHAIN_WALK`] hops.
fn longest_chain(pos: &Checkers) -> String {
    fn walk(
        p: &mut Checkers,
        path: &mut Vec<<Checkers as Position>::Step>,
        left: &mut u64,
        best: &mut (u32, Vec<<Checkers as Position>::Step>),
        root: &Checkers,
    ) {
        if !path.is_empty() && p.at_turn_start() {
            let turn = root.turn_from_steps(path);
            let len = match turn {
                guerrilla::checkers::Turn::Path { len, .. } => u32::from(len),
                guerrilla::checkers::Turn::Pair(..) => 1,
            };
            if len > best.0 {
                *best = (len, path.clone());
            }
            return;
        }
        let mut steps = Vec::new();
        p.legal_steps(&mut steps);
        for s in steps {
            if *left == 0 {
                return;
            }
            *left -= 1;
            let undo = p.apply(s, None);
            path.push(s);
            walk(p, path, left, best, root);
            path.pop();
            p.undo(s, undo);
        }
    }
    let (mut best, mut left) = ((0, Vec::new()), CHAIN_WALK);
    let mut p = *pos;
    walk(&mut p, &mut Vec::new(), &mut left, &mut best, pos);
    pos.format_turn(&pos.turn_from_steps(&best.1))
}

fn wells_pos(text: &str) -> Wells {
    Wells::from_position_string(text, &Settings::default())
        .unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The turn with the most steps among the first 100,000 listed.
fn longest_turn(pos: &Wells) -> String {
    let mut turns = Vec::new();
    let _ = pos.legal_turns(&mut turns, 100_000, None);
    let best = turns
        .iter()
        .max_by_key(|t| (t.0.len(), pos.format_turn(t)))
        .expect("a turn");
    pos.format_turn(best)
}

fn wells_cases() -> Vec<Case> {
    let mut out = Vec::new();
    let file = format!(
        "{}/benches/data/perft-turns-guerrilla.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(file).expect("the perft-turns data");
    let mut comment = String::new();
    for line in text.lines() {
        if let Some(c) = line.strip_prefix("# turn ") {
            comment = format!("side 8, turn {c} (benches/data/perft-turns-guerrilla.txt)");
        } else if !line.starts_with('#') && !line.trim().is_empty() {
            let pos = wells_pos(line);
            out.push(Case {
                comment: comment.clone(),
                game: "guerrilla",
                position: line.to_string(),
                longest: longest_turn(&pos),
            });
        }
    }
    let huge = "6 .BBW.B/...W.B./.WW..B../..WW.X.W./XW.....W../XW..BB...../.W..B.WW../W....XW../\
                .B..B.../...BB.B/..B..B w 17 0";
    out.push(Case {
        comment: "side 6, a dozen White groups free to move: hundreds of millions of distinct \
                  results in one turn (tests/protocol/perft.rs)"
            .to_string(),
        game: "guerrilla",
        position: huge.to_string(),
        longest: longest_turn(&wells_pos(huge)),
    });
    // A side-12 game of random steps, at the start of turn 40.
    let settings = Settings::new(12, 400).expect("side 12");
    let mut pos = Wells::new(&settings);
    let mut rng = SmallRng::seed_from_u64(12);
    let mut turns = 0;
    while turns < 39 && pos.outcome().is_none() {
        let s = pos.random_step(&mut rng).expect("a step");
        pos.apply(s, None);
        turns += u32::from(pos.at_turn_start());
    }
    out.push(Case {
        comment: "side 12, the start of turn 40 of a game of random steps (seed 12)".to_string(),
        game: "guerrilla",
        position: pos.to_position_string(),
        longest: longest_turn(&pos),
    });
    out
}
