//! Time safety of `go movetime`: how late the engine answers, measured from outside.
//!
//! ```text
//! cargo bench --bench search_timing -- [--engine PATH] [--movetime MS] [--searches N]
//!     [--option Name=Value]... [--games guerrilla-checkers,guerrilla]
//! cargo bench --bench search_timing -- --make-positions [--per-game N]
//! ```
//!
//! Reads the positions of `benches/data/timing-<game>.txt` (one position string a line, taken
//! from real games: self-play games of the engine and games of random turns, whose Guerrilla
//! Checkers stone fields are dense), and sends the engine (default `target/release/guerrilla`)
//! `position fen <line>` and `go movetime <MS>` for each, in turn over the games, until
//! `--searches` searches are done (default 1,000). The time from writing `go` to reading
//! `bestmove` minus the movetime is the *overshoot*; it prints its percentiles (50, 90, 99,
//! 99.9), its maximum, the position of the maximum, and the machine's load average before and
//! after (from `/proc/loadavg`), since a loaded machine delays any process.
//!
//! `--make-positions` writes the data files: per game, positions at every turn start of
//! self-play games (`go nodes 200` for both sides, seeded), of random games and, for Guerrilla
//! Checkers, dense stone fields (24 stones or more: COIN avoids captures), thinned to
//! `--per-game` lines (default 500) spread evenly.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use guerrilla::checkers::Checkers;
use guerrilla::game::prelude::*;
use guerrilla::search::{Limits, Request, Searchable};
use guerrilla::wells::Wells;
use rand::rngs::SmallRng;
use rand::SeedableRng;

const GAMES: [&str; 2] = ["guerrilla-checkers", "guerrilla"];

fn data_path(game: &str) -> String {
    format!(
        "{}/benches/data/timing-{game}.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Turn-start positions of `games` seeded games of `G`: self-play by the search at 200 nodes
/// when `searched`, else uniformly random turns.
fn game_positions<G: Game + Searchable>(games: u64, searched: bool) -> Vec<String> {
    let mut out = Vec::new();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(200),
        ..Limits::default()
    };
    for g in 0..games {
        let mut pos = G::new(&G::Settings::default());
        let mut rng = SmallRng::seed_from_u64(0x71e ^ g);
        let mut turn = 0u64;
        while pos.outcome().is_none() && turn < 1000 {
            out.push(pos.to_position_string());
            if searched && turn >= 2 {
                let seed = g << 20 ^ turn;
                let request = Request {
                    limits: limits.clone(),
                    seed,
                    ..Request::new(&pos, &stop)
                };
                match request.run(&mut |_| {}).turn(&pos) {
                    Some(t) => pos.play_turn(&t).expect("a legal turn"),
                    None => break,
                }
            } else {
                while let Some(s) = pos.random_step(&mut rng) {
                    pos.apply(s, None);
                    if pos.at_turn_start() {
                        break;
                    }
                }
            }
            turn += 1;
        }
    }
    out
}

/// Dense stone fields: Guerrilla Checkers games where the Guerrilla places random pairs and
/// COIN plays a random move that captures nothing whenever it has one, so that stones pile
/// up around the checkers (where a capture path may go many ways).
fn dense_checkers(games: u64) -> Vec<String> {
    use rand::Rng;
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = Checkers::new(&Default::default());
        let mut rng = SmallRng::seed_from_u64(0xde5e ^ g);
        while pos.outcome().is_none() {
            if pos.stones_on_board() >= 24 {
                out.push(pos.to_position_string());
            }
            let mut steps = Vec::new();
            pos.legal_steps(&mut steps);
            let quiet: Vec<_> = steps
                .iter()
                .copied()
                .filter(|&s| {
                    let mut p = pos;
                    p.apply(s, None);
                    p.stones_on_board() >= pos.stones_on_board()
                })
                .collect();
            let pick = if quiet.is_empty() { &steps } else { &quiet };
            let s = pick[rng.random_range(0..pick.len())];
            pos.apply(s, None);
        }
    }
    out
}

/// Every `len / n`-th line, `n` in all (or all when fewer).
fn thin(lines: Vec<String>, n: usize) -> Vec<String> {
    if lines.len() <= n {
        return lines;
    }
    (0..n).map(|i| lines[i * lines.len() / n].clone()).collect()
}

fn make_positions(per_game: usize) {
    std::fs::create_dir_all(format!("{}/benches/data", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for game in GAMES {
        let (searched, random) = match game {
            "guerrilla" => (
                game_positions::<Wells>(6, true),
                game_positions::<Wells>(4, false),
            ),
            _ => (
                game_positions::<Checkers>(40, true),
                game_positions::<Checkers>(60, false),
            ),
        };
        let mut lines = thin(searched, per_game * 3 / 5);
        if game == "guerrilla-checkers" {
            lines.extend(thin(dense_checkers(40), per_game / 5));
        }
        lines.extend(thin(random, per_game - lines.len()));
        let mut f = std::fs::File::create(data_path(game)).unwrap();
        writeln!(
            f,
            "# Turn-start positions of seeded games: self-play (go nodes 200) and random turns."
        )
        .unwrap();
        writeln!(
            f,
            "# Written by: cargo bench --bench search_timing -- --make-positions"
        )
        .unwrap();
        for l in &lines {
            writeln!(f, "{l}").unwrap();
        }
        eprintln!("{game}: {} positions", lines.len());
    }
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let arg = |name: &str| {
        argv.iter()
            .position(|a| a == name)
            .and_then(|i| argv.get(i + 1).cloned())
    };
    if argv.iter().any(|a| a == "--make-positions") {
        make_positions(arg("--per-game").map_or(500, |v| v.parse().unwrap()));
        return;
    }
    let engine = arg("--engine")
        .unwrap_or_else(|| format!("{}/target/release/guerrilla", env!("CARGO_MANIFEST_DIR")));
    let movetime: u64 = arg("--movetime").map_or(200, |v| v.parse().unwrap());
    let searches: usize = arg("--searches").map_or(1000, |v| v.parse().unwrap());
    let games: Vec<String> = arg("--games")
        .map_or(GAMES.iter().map(|s| s.to_string()).collect(), |v| {
            v.split(',').map(str::to_string).collect()
        });
    let options: Vec<String> = argv
        .windows(2)
        .filter(|w| w[0] == "--option")
        .map(|w| w[1].clone())
        .collect();
    let sets: Vec<Vec<String>> = games
        .iter()
        .map(|g| {
            std::fs::read_to_string(data_path(g))
                .expect("the positions file (run --make-positions)")
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect();
    let load_before = loadavg();
    // One engine process per game, as an arena would run it.
    let mut overshoots: Vec<(f64, String, String)> = Vec::new();
    let mut procs = Vec::new();
    for g in &games {
        let mut child = Command::new(&engine)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine");
        let mut stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        writeln!(stdin, "setoption name Game value {g}").unwrap();
        for o in &options {
            let (n, v) = o.split_once('=').expect("--option Name=Value");
            writeln!(stdin, "setoption name {n} value {v}").unwrap();
        }
        procs.push((child, stdin, stdout.lines()));
    }
    for i in 0..searches {
        let k = i % games.len();
        let set = &sets[k];
        let pos = &set[(i / games.len()) % set.len()];
        let (_, stdin, lines) = &mut procs[k];
        writeln!(stdin, "position fen {pos}").unwrap();
        writeln!(stdin, "isready").unwrap();
        for l in lines.by_ref() {
            if l.unwrap() == "readyok" {
                break;
            }
        }
        let t = Instant::now();
        writeln!(stdin, "go movetime {movetime}").unwrap();
        stdin.flush().unwrap();
        let mut done = false;
        for l in lines.by_ref() {
            if l.unwrap().starts_with("bestmove") {
                done = true;
                break;
            }
        }
        assert!(done, "the engine ended before its bestmove");
        let over = t.elapsed().as_secs_f64() * 1000.0 - movetime as f64;
        overshoots.push((over, games[k].clone(), pos.clone()));
    }
    for (mut child, mut stdin, _) in procs {
        let _ = writeln!(stdin, "quit");
        let _ = child.wait_timeout_kill();
    }
    let load_after = loadavg();
    overshoots.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = overshoots.len();
    let pct = |p: f64| overshoots[((p / 100.0 * n as f64).ceil() as usize).clamp(1, n) - 1].0;
    println!(
        "searches {n} movetime {movetime} ms engine {engine} options {:?}",
        options
    );
    println!("load average before: {load_before}; after: {load_after}");
    println!(
        "overshoot ms: p50 {:.2} p90 {:.2} p99 {:.2} p99.9 {:.2} max {:.2}",
        pct(50.0),
        pct(90.0),
        pct(99.0),
        pct(99.9),
        overshoots[n - 1].0
    );
    for g in &games {
        let mut v: Vec<f64> = overshoots
            .iter()
            .filter(|o| &o.1 == g)
            .map(|o| o.0)
            .collect();
        v.sort_by(f64::total_cmp);
        let m = v.len();
        if m > 0 {
            let p99 = v[((0.99 * m as f64).ceil() as usize).clamp(1, m) - 1];
            println!(
                "  {g}: {m} searches, p50 {:.2} p99 {p99:.2} max {:.2}",
                v[m / 2],
                v[m - 1]
            );
        }
    }
    let worst = &overshoots[n - 1];
    println!("worst: {:.2} ms, {} fen {}", worst.0, worst.1, worst.2);
}

/// Waits for a child a short while, then kills it.
trait WaitKill {
    fn wait_timeout_kill(&mut self) -> std::io::Result<()>;
}
impl WaitKill for std::process::Child {
    fn wait_timeout_kill(&mut self) -> std::io::Result<()> {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(2) {
            if self.try_wait()?.is_some() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill()?;
        self.wait().map(|_| ())
    }
}
