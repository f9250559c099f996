//! Tree reuse and the clock: how late `go movetime T` answers after a search grown big, on a
//! position that follows from the searched one and on one that does not.
//!
//! ```text
//! cargo bench --bench reuse_timing -- [--nodes N] [--trials N] [--movetime MS] [--threads N]
//! ```
//!
//! Through the engine facade (`Engine<Checkers>` in this process, as the protocol's session
//! drives it): one tree is grown by `go nodes N` (default 5,000,000) from `startpos moves D5D6`;
//! then each trial (default 1,000) times both cases in turn:
//!
//! * **related**: the position two turns on along that search's principal variation (its own
//!   turn and the reply it expects), so that the subtree re-rooted is as big as it gets;
//! * **unrelated**: a position the tree knows nothing of (one COIN checker among 48 stones), so
//!   that the whole tree is given up.
//!
//! Before each `go` the engine is given a copy of the big tree (`Engine::kept_copy` and
//! `Engine::keep`, made before the clock starts): it then holds what it holds after the big
//! search, without growing it again for each trial. The copy is allocated afresh, so its nodes
//! lie closer together in memory than those of a tree grown by threads; the old tree's freeing
//! is what that could make cheaper, and the engine does it off the clock either way. The trees
//! the previous trial left behind are freed before the clock starts, so that one freeing runs
//! beside each timed search, as in a game. The time
//! is taken from the call of `go` to the `bestmove` report; the overshoot is that time minus
//! `T` (default 50 ms). Prints, per case, the overshoot's percentiles (50, 90, 99), its
//! maximum, how many answers came later than `T + 10 ms` and, for each of those, the CPU time
//! the hypervisor took from the machine meanwhile (`steal` in `/proc/stat`, in 10 ms units), the
//! size of the tree given, and the machine's load average before and after (from
//! `/proc/loadavg`): a loaded machine delays any process.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use guerrilla::checkers::Checkers;
use guerrilla::engine::{Engine, GoRequest, Report};
use guerrilla::game::prelude::*;
use guerrilla::protocol::wire;
use guerrilla::search::{Config, Limits};

/// A position the big tree knows nothing of: one COIN checker among 48 stones.
const UNRELATED: &str = "8/8/8/2C5/8/8/8/8 9/1GGGGGGG1/1GGGGGGG1/1GGGGGGG1/1G1GGGGG1/1GGGGGGG1/\
                         1GGGGGGG1/1GGGGGGG1/9 18 C -";

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut nodes, mut trials, mut movetime, mut threads) = (5_000_000u64, 1000usize, 50u64, 1);
    while let Some(a) = args.next() {
        let mut value = || -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{a} wants a number"))
        };
        match a.as_str() {
            "--nodes" => nodes = value(),
            "--trials" => trials = value() as usize,
            "--movetime" => movetime = value(),
            "--threads" => threads = value() as usize,
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let load_before = loadavg();
    let mut engine = Engine::<Checkers>::new(Default::default());
    engine.set_config(Config {
        threads,
        ..Config::default()
    });
    let start = vec!["D5D6".to_string()];
    engine.set_position(None, &start).expect("the start");
    let root = *engine.position();
    let t = Instant::now();
    let (_, pv) = search(
        &mut engine,
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
    );
    let big = engine.kept_copy().expect("the search kept its tree");
    let tokens = wire::pv_tokens(&root, &pv);
    assert!(
        tokens.len() >= 2,
        "a principal variation of two turns: {tokens:?}"
    );
    let mut related = start.clone();
    related.extend(tokens[..2].iter().cloned());
    println!(
        "grew {} nodes in {:.1} s (go nodes {nodes}, Threads {threads}); related position: \
         startpos moves {}",
        big.nodes(),
        t.elapsed().as_secs_f64(),
        related.join(" ")
    );
    let movetime_limits = Limits {
        movetime: Some(Duration::from_millis(movetime)),
        ..Limits::default()
    };
    let mut late = [Vec::new(), Vec::new()];
    for trial in 0..trials {
        for (case, over) in late.iter_mut().enumerate() {
            match case {
                0 => engine.set_position(None, &related),
                _ => engine.set_position(Some(UNRELATED), &[]),
            }
            .expect("a legal position");
            // The trees the last trial left are freed here, before the clock: in a game the
            // engine holds one kept tree, freed off the clock when the next `go` starts.
            drop(engine.keep(big.copy()));
            let steal_before = steal_ms();
            let (time, _) = search(&mut engine, movetime_limits.clone());
            let stolen = steal_ms().zip(steal_before).map(|(a, b)| a - b);
            over.push((time.as_secs_f64() * 1000.0 - movetime as f64, stolen));
        }
        if (trial + 1) % 100 == 0 {
            eprintln!("{} trials", trial + 1);
        }
    }
    println!("go movetime {movetime}, {trials} trials a case; overshoot in ms:");
    for (name, over) in ["related", "unrelated"].iter().zip(late.iter_mut()) {
        over.sort_by(|a, b| a.0.total_cmp(&b.0));
        let q = |p: f64| over[((over.len() - 1) as f64 * p).round() as usize].0;
        let past: Vec<_> = over.iter().filter(|o| o.0 > 10.0).collect();
        println!(
            "  {name:9}  p50 {:6.2}  p90 {:6.2}  p99 {:6.2}  max {:6.2}  later than T+10: {}",
            q(0.5),
            q(0.9),
            q(0.99),
            over[over.len() - 1].0,
            past.len()
        );
        for (o, stolen) in past {
            let stolen = stolen.map_or("unknown".into(), |s| format!("{s} ms"));
            println!("    {o:7.2} ms late; CPU time the hypervisor took meanwhile: {stolen}");
        }
    }
    println!("load average before: {load_before}; after: {}", loadavg());
}

/// Runs one `go` on the engine and waits for its `bestmove`: the time from the call to that
/// report, and the last principal variation reported.
fn search(
    engine: &mut Engine<Checkers>,
    limits: Limits,
) -> (Duration, Vec<<Checkers as Position>::Step>) {
    let (tx, rx) = mpsc::channel();
    let t = Instant::now();
    engine
        .go(
            GoRequest {
                limits,
                seed: 1,
                ..GoRequest::default()
            },
            move |r| {
                let _ = tx.send((t.elapsed(), r));
            },
        )
        .expect("a search starts");
    let mut pv = Vec::new();
    for (at, r) in rx {
        match r {
            Report::Info(mut info) => pv = info.lines.swap_remove(0).pv,
            Report::BestMove(_) => {
                engine.wait();
                return (at, pv);
            }
        }
    }
    panic!("the search ended without a bestmove")
}

/// The CPU time, in ms, that the hypervisor has taken from this machine's cores since boot
/// ("steal", the eighth number of `/proc/stat`'s `cpu` line, in units of 10 ms): a late answer
/// during which it grew was delayed by the host, not by the engine. `None` where unknown.
fn steal_ms() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let cpu = stat.lines().next()?;
    let ticks: u64 = cpu.split_whitespace().nth(8)?.parse().ok()?;
    Some(ticks * 10)
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
