//! The largest Guerrilla turns perft counts: `perft 1` of mid-game side-8
//! positions through the engine binary, with its count, time and peak memory.
//!
//! ```text
//! cargo bench --bench perft_turns -- [--engine PATH]... [--seconds S] [--file FILE]
//! cargo bench --bench perft_turns -- --find [--turns 6,8,10] [--games N] [--seconds S]
//! ```
//!
//! Measuring (the default): for each position string of `benches/data/perft-turns-guerrilla.txt`
//! (or `--file`; `#` lines are comments), runs `ENGINE perft --game guerrilla --depth 1
//! --position <line>` under `/usr/bin/time` (Debian's `time` package) and `timeout`, once per
//! `--engine` (default `target/release/guerrilla`; give two builds to compare them, each
//! position runs them in turn, so a change of the machine's load touches both), and prints one
//! line per run: the position's turn number, the engine, what it answered (the count, `gave
//! up` at the enumeration budget, or `killed` after `--seconds`, default 600), the wall time,
//! the CPU time (user + system: the figure to compare on a loaded machine) and the peak
//! resident memory. The binary's `perft 1` is the protocol's divide: it lists every turn, names
//! it, and prints one line for it, so it keeps more than the count alone (protocol.md § 4.7).
//!
//! `--find`: plays `--games` seeded games of random steps on the side-8 board (default 30, the
//! seeds 0 to N-1), takes the position at the start of each turn number of `--turns` (default
//! 6,8,10,12), and counts its `perft 1` in this process (the count alone, within the
//! enumeration budget, stopped after `--seconds` of CPU time, default 60), printing `turn seed
//! count cpu-seconds position` for each; then, per turn number, the largest counted, as lines
//! for the data file. The data file's comments say which run of it chose its positions. (CPU
//! time, read from `/proc/self/stat`, so that a loaded machine finds the same positions.)

use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use guerrilla::game::prelude::*;
use guerrilla::game::PerftAbort;
use guerrilla::game::ENUMERATION_BUDGET;
use guerrilla::wells::{Settings, Wells};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut engines = Vec::new();
    let mut seconds = None;
    let mut file = format!(
        "{}/benches/data/perft-turns-guerrilla.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut find = false;
    let mut turns = vec![6, 8, 10, 12];
    let mut games = 30;
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} wants a value"));
        match a.as_str() {
            "--engine" => engines.push(value()),
            "--seconds" => seconds = Some(value().parse::<f64>().expect("--seconds S")),
            "--file" => file = value(),
            "--find" => find = true,
            "--turns" => {
                turns = value()
                    .split(',')
                    .map(|t| t.parse().expect("--turns T,T,..."))
                    .collect()
            }
            "--games" => games = value().parse().expect("--games N"),
            "--bench" => {} // added by `cargo bench`
            other => panic!("unknown argument {other} (see the file's doc)"),
        }
    }
    if find {
        turns.sort_unstable();
        find_positions(&turns, games, seconds.unwrap_or(60.0));
        return;
    }
    if engines.is_empty() {
        engines.push(format!(
            "{}/target/release/guerrilla",
            env!("CARGO_MANIFEST_DIR")
        ));
    }
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let limit = seconds.unwrap_or(600.0);
    println!("turn  engine                  answer           wall s   cpu s  peak MiB");
    for pos in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        for engine in &engines {
            let r = run(engine, pos, limit);
            println!(
                "{:>4}  {:<22}  {:<15} {:>7.1} {:>7.1} {:>9.0}",
                turn_of(pos),
                short(engine),
                r.answer,
                r.wall,
                r.cpu,
                r.peak_kib as f64 / 1024.0
            );
        }
    }
}

/// The turn number of a position string (its second field from the end).
fn turn_of(pos: &str) -> &str {
    let f: Vec<&str> = pos.split_whitespace().collect();
    f.get(f.len().wrapping_sub(2)).copied().unwrap_or("?")
}

/// The engine's path, cut to its last 22 characters.
fn short(path: &str) -> &str {
    let n = path.chars().count();
    let skip = n.saturating_sub(22);
    path.char_indices()
        .nth(skip)
        .map_or(path, |(i, _)| &path[i..])
}

struct Run {
    answer: String,
    wall: f64,
    cpu: f64,
    peak_kib: u64,
}

/// `perft 1` of `pos` by `engine` under `/usr/bin/time`, killed after `limit` seconds.
fn run(engine: &str, pos: &str, limit: f64) -> Run {
    let times = std::env::temp_dir().join(format!("perft_turns.{}.time", std::process::id()));
    let mut child = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%e %U %S %M")
        .arg("-o")
        .arg(&times)
        .args(["timeout", "--signal=KILL", &format!("{limit}s"), engine])
        .args([
            "perft",
            "--game",
            "guerrilla",
            "--depth",
            "1",
            "--position",
            pos,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("/usr/bin/time and timeout (Debian's time and coreutils)");
    // The divide prints a line per turn: read them as they come, keep the last.
    let stdout = child.stdout.take().unwrap();
    let mut last = String::new();
    {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines() {
            last = line.unwrap_or_default();
        }
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let answer = if let Some(n) = last.strip_prefix("Nodes searched: ") {
        n.to_string()
    } else if err.contains("perft gave up") {
        "gave up".to_string()
    } else {
        format!("killed ({limit} s)")
    };
    let t = std::fs::read_to_string(&times).unwrap_or_default();
    let _ = std::fs::remove_file(&times);
    // `time` writes a line about a killed command before its figures.
    let f: Vec<f64> = t
        .lines()
        .last()
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    match f.as_slice() {
        &[wall, user, sys, peak] => Run {
            answer,
            wall,
            cpu: user + sys,
            peak_kib: peak as u64,
        },
        _ => panic!("no figures from /usr/bin/time: {t}"),
    }
}

/// The `--find` mode (see the file's doc).
fn find_positions(turns: &[u32], games: u64, seconds: f64) {
    let settings = Settings::new(8, 400).unwrap();
    let mut best: Vec<Option<(u64, u64, String)>> = vec![None; turns.len()];
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut w = Wells::new(&settings);
        for (i, &t) in turns.iter().enumerate() {
            while w.outcome().is_none() && !(w.turn_number() >= t && w.at_turn_start()) {
                let s = w
                    .random_step(&mut rng)
                    .expect("a step while the game goes on");
                w.apply(s, None);
            }
            if w.turn_number() != t || w.outcome().is_some() {
                continue;
            }
            let pos = w.to_position_string();
            let started = cpu_seconds();
            let answer = count_within(&w, seconds);
            let took = cpu_seconds() - started;
            let shown = match &answer {
                Ok(n) => n.to_string(),
                Err(PerftAbort::TooLarge(_)) => "gave-up".to_string(),
                Err(PerftAbort::Stopped) => "stopped".to_string(),
            };
            println!("{t} {seed} {shown} {took:.1} {pos}");
            if let Ok(n) = answer {
                if best[i].as_ref().is_none_or(|b| n > b.0) {
                    best[i] = Some((n, seed, pos));
                }
            }
        }
    }
    println!("# the largest counted within {seconds} s, per turn number:");
    for (t, b) in turns.iter().zip(best) {
        if let Some((n, seed, pos)) = b {
            println!("# turn {t}, seed {seed}: perft 1 = {n}\n{pos}");
        }
    }
}

/// The CPU time of this process so far (user and system), from `/proc/self/stat` (Linux, in
/// ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat (Linux)");
    // The fields after the command name, which is in parentheses: utime and stime are the
    // 12th and 13th of them.
    let rest = &stat[stat.rfind(')').expect("a command name") + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f[i].parse::<f64>().expect("a tick count");
    (ticks(11) + ticks(12)) / 100.0
}

/// perft 1 of `w` in this process, stopped after `seconds` of CPU time.
fn count_within(w: &Wells, seconds: f64) -> Result<u64, PerftAbort> {
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let watch = {
        let (stop, done) = (Arc::clone(&stop), Arc::clone(&done));
        std::thread::spawn(move || {
            let t = cpu_seconds();
            while !done.load(Ordering::Relaxed) {
                if cpu_seconds() - t > seconds {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let r = w.perft_with_budget(1, ENUMERATION_BUDGET, &stop);
    done.store(true, Ordering::Relaxed);
    watch.join().unwrap();
    r
}
