//! What a second thread (and every core) buys the search: nodes a second at 1, 2 and all of
//! the machine's threads, side by side in one run.
//!
//! ```text
//! cargo bench --bench threads -- [--nodes N] [--rounds N] [--strength full|uct] [--max T]
//! ```
//!
//! For each game — Guerrilla Checkers, Guerrilla on side 6 and on side 8 — each thread count
//! (1, 2, and the machine's available parallelism when it is more, or `--max`) searches the
//! start position and the first of the `bench` positions under `go nodes N` (default 400,000
//! iterations of all threads together), `--rounds` times (default 3, at least 1), the thread
//! counts one after the other for each root (in turn forwards and backwards) so that all see
//! the same machine. Round `r` searches with `Seed r` at every thread count: one seed's tree
//! is one shape, and the shape sets the work of an iteration (one thread's nodes a second in
//! Guerrilla Checkers spread over 0.6–0.95 million from one seed to another), so every count
//! is measured over the same seeds. The figure of one search is its last report's iterations
//! a second (the `nps` of its `info` line). Prints, per game, each thread count's median
//! nodes a second over its searches and its speed-up over one thread: the median of the
//! ratios of the searches made back to back (same root, same seed), with their quartiles,
//! since the two roots' figures differ and a median over both would swing from one root's to
//! the other's. And the machine's load average before and after (`/proc/loadavg`): a figure
//! is worth only as much as the machine was quiet.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use guerrilla::checkers::Checkers;
use guerrilla::game::prelude::*;
use guerrilla::search::bench::positions;
use guerrilla::search::{Config, Info, Limits, Request, Searchable, Strength};
use guerrilla::wells::{Settings as WellsSettings, Wells};

/// One search of `pos` with `threads` threads under a node budget: its iterations a second.
fn nps<G: Game + Searchable>(
    pos: &G,
    threads: usize,
    strength: Strength,
    nodes: u64,
    seed: u64,
) -> f64 {
    let stop = AtomicBool::new(false);
    let request = Request {
        seed,
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        config: Config {
            threads,
            strength,
            ..Config::default()
        },
        ..Request::new(pos, &stop)
    };
    let mut last = (0u64, Duration::ZERO);
    request.run(&mut |info: &Info<G::Step>| last = (info.nodes, info.time));
    last.0 as f64 / last.1.as_secs_f64().max(1e-9)
}

/// The value at `q` (0 to 1) of `v` sorted, the nearest rank's.
fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn compare<G: Game + Searchable>(
    name: &str,
    settings: &G::Settings,
    counts: &[usize],
    strength: Strength,
    nodes: u64,
    rounds: usize,
) {
    let start = G::new(settings);
    let mut roots = vec![start.clone()];
    let start_text = start.to_position_string();
    if let Some(p) = positions::<G>(settings)
        .into_iter()
        .find(|p| p.to_position_string() != start_text)
    {
        roots.push(p);
    }
    let before = load();
    let mut figures = vec![Vec::new(); counts.len()];
    for round in 0..rounds {
        for (i, root) in roots.iter().enumerate() {
            let mut row = vec![0.0; counts.len()];
            let mut order: Vec<usize> = (0..counts.len()).collect();
            if (round + i) % 2 == 1 {
                order.reverse();
            }
            for k in order {
                row[k] = nps(root, counts[k], strength, nodes, round as u64);
            }
            for (k, f) in row.into_iter().enumerate() {
                figures[k].push(f);
            }
        }
    }
    println!(
        "{name}: {} roots x {rounds} rounds, go nodes {nodes}, Strength {}; load average {before} -> {}",
        roots.len(),
        strength.name(),
        load()
    );
    for (k, &t) in counts.iter().enumerate() {
        let ratios: Vec<f64> = figures[k]
            .iter()
            .zip(&figures[0])
            .map(|(f, one)| f / one)
            .collect();
        println!(
            "  {t:>2} thread{} {:>10.0} nodes/s  {:.2}x  (quartiles {:.2}-{:.2})",
            if t == 1 { " " } else { "s" },
            quantile(&figures[k], 0.5),
            quantile(&ratios, 0.5),
            quantile(&ratios, 0.25),
            quantile(&ratios, 0.75),
        );
    }
}

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.windows(2)
        .find(|w| w[0] == name)
        .map(|w| {
            w[1].parse()
                .unwrap_or_else(|_| panic!("expected a value after {name} but got '{}'", w[1]))
        })
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let nodes: u64 = arg(&args, "--nodes", 400_000);
    let rounds: usize = arg(&args, "--rounds", 3).max(1);
    let strength = match arg(&args, "--strength", "full".to_string()).as_str() {
        "full" => Strength::Full,
        "uct" => Strength::Uct,
        other => panic!("expected a strength that searches (full, uct) but got '{other}'"),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max: usize = arg(&args, "--max", cores);
    let mut counts = vec![1, 2];
    if max > 2 {
        counts.push(max);
    }
    println!("available parallelism: {cores}; thread counts: {counts:?}");
    compare::<Checkers>(
        "Guerrilla Checkers",
        &Default::default(),
        &counts,
        strength,
        nodes,
        rounds,
    );
    for side in [6, 8] {
        compare::<Wells>(
            &format!("Guerrilla side {side}"),
            &WellsSettings {
                side,
                ..WellsSettings::default()
            },
            &counts,
            strength,
            nodes,
            rounds,
        );
    }
}
