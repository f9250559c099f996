//! What `MultiPV` costs the search: the same searches with `MultiPV 1` and `MultiPV 3`, side by
//! side in one run.
//!
//! ```text
//! cargo bench --bench multipv_cost -- [--movetime MS] [--nodes N] [--rounds N] [--multipv N]
//! ```
//!
//! For each game (Guerrilla Checkers, Guerrilla on side 8) and each of the eight `bench`
//! positions, the game's `full` search runs with `MultiPV 1`, then with `--multipv` (default 3),
//! `--rounds` times (default 3), alternating, so that both see the same machine:
//! * timed, as an analysis runs: `go movetime <MS>` (default 1,000), reporting as the engine does
//!   (whenever the best line's first turn or depth changes, every 500 ms, at the end), each
//!   report written out as the protocol writes its `info` lines (the principal variations put
//!   in notation); the figure is the iterations per second (`nps`);
//! * under a node budget, `go nodes <N>` (default 20,000): the same iterations either way (the
//!   search does not change, only its reports), so the figure is the time.
//!
//! Prints, per game, the totals of both settings and their ratio (`MultiPV N` / `MultiPV 1`),
//! and the machine's load average before and after (`/proc/loadavg`).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use guerrilla::checkers::Checkers;
use guerrilla::game::prelude::*;
use guerrilla::protocol::wire::{info_line, pv_tokens};
use guerrilla::search::bench::positions;
use guerrilla::search::{Config, Info, Limits, Request, Searchable};
use guerrilla::wells::Wells;

/// The totals of one setting: iterations and time of the timed searches, time of the searches
/// under a node budget, lines written.
#[derive(Default)]
struct Totals {
    timed_nodes: u64,
    timed: Duration,
    budget: Duration,
    lines: u64,
}

/// Runs one search of `pos` under `limits` with `MultiPV multipv`, writing every report as the
/// protocol does (into a string, not printed); adds to `t`.
fn search<G: Game + Searchable>(
    pos: &G,
    limits: Limits,
    multipv: usize,
    seed: u64,
    t: &mut Totals,
) -> (u64, Duration) {
    let stop = AtomicBool::new(false);
    let request = Request {
        limits,
        config: Config {
            multipv,
            ..Config::default()
        },
        seed,
        ..Request::new(pos, &stop)
    };
    let mut last = (0, Duration::ZERO);
    let mut written = 0u64;
    let mut sink = 0usize;
    let started = Instant::now();
    request.run(&mut |info: &Info<G::Step>| {
        for (k, line) in info.lines.iter().enumerate() {
            let pv = pv_tokens(pos, &line.pv);
            sink += info_line(info, k, multipv > 1, true, &pv).len();
            written += 1;
        }
        last = (info.nodes, info.time);
    });
    let took = started.elapsed();
    t.lines += written;
    std::hint::black_box(sink);
    (last.0, took)
}

/// Both settings on every bench position of `G`, alternating; prints the totals.
fn compare<G: Game + Searchable>(
    name: &str,
    settings: &G::Settings,
    movetime: u64,
    nodes: u64,
    rounds: usize,
    multipv: usize,
) {
    let mut totals = [Totals::default(), Totals::default()];
    let all = positions::<G>(settings);
    for round in 0..rounds {
        for (i, pos) in all.iter().enumerate() {
            for (which, m) in [1, multipv].into_iter().enumerate() {
                let t = &mut totals[which];
                let timed = Limits {
                    movetime: Some(Duration::from_millis(movetime)),
                    ..Limits::default()
                };
                let (n, took) = search(pos, timed, m, (round * 100 + i) as u64, t);
                t.timed_nodes += n;
                t.timed += took;
                let budget = Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                };
                let (_, took) = search(pos, budget, m, i as u64, t);
                t.budget += took;
            }
        }
    }
    let nps = |t: &Totals| t.timed_nodes as f64 / t.timed.as_secs_f64();
    let [one, many] = &totals;
    println!(
        "{name}: {} positions x {rounds} rounds, movetime {movetime} ms and nodes {nodes}",
        all.len()
    );
    println!(
        "  movetime: MultiPV 1 {:.0} nps, MultiPV {multipv} {:.0} nps: ratio {:.3}",
        nps(one),
        nps(many),
        nps(many) / nps(one)
    );
    println!(
        "  nodes:    MultiPV 1 {:.3} s, MultiPV {multipv} {:.3} s: time ratio {:.3}",
        one.budget.as_secs_f64(),
        many.budget.as_secs_f64(),
        many.budget.as_secs_f64() / one.budget.as_secs_f64()
    );
    println!(
        "  info lines written: MultiPV 1 {}, MultiPV {multipv} {}",
        one.lines, many.lines
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut movetime, mut nodes, mut rounds, mut multipv) = (1000u64, 20_000u64, 3usize, 3usize);
    while let Some(a) = args.next() {
        let mut value = || -> u64 {
            let v = args.next().unwrap_or_else(|| panic!("{a} wants a value"));
            v.parse().unwrap_or_else(|_| panic!("a number: {v}"))
        };
        match a.as_str() {
            "--movetime" => movetime = value(),
            "--nodes" => nodes = value(),
            "--rounds" => rounds = value() as usize,
            "--multipv" => multipv = value() as usize,
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let load_before = loadavg();
    compare::<Checkers>(
        "guerrilla-checkers",
        &Default::default(),
        movetime,
        nodes,
        rounds,
        multipv,
    );
    compare::<Wells>(
        "guerrilla (side 8)",
        &Default::default(),
        movetime,
        nodes,
        rounds,
        multipv,
    );
    println!("load average: before {load_before}, after {}", loadavg());
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
