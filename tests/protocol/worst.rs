//! Every command that touches a position, on the worst cases of both games
//! (`tests/data/worst-cases.txt`, made by `benches/worst_cases.rs`: COIN in the densest fields,
//! the longest capture chains, the Guerrilla turns with the most results), within the bounds
//! protocol.md § 1.1 (Limits) states. The time bounds are generous, far above what the commands
//! take, so that only a hang or a runaway breaks them on a loaded machine; what each command
//! took, and the peak memory of each case, are printed (`--nocapture`) for the record:
//!
//! * `position`, `legal`, `legal steps`, `legal turns`, `describe`, `show`, `play` of the
//!   longest turn: answered (up to `readyok`) within [`LOOP_BOUND`];
//! * `perft 1` and `perft 2`: the count or its error line within [`PERFT_WAIT`], or else
//!   `stop` ends it within [`STOP_BOUND`] — and `isready` is answered meanwhile within
//!   [`STOP_BOUND`];
//! * `go` at every `Strength` with every kind of limit, `isready` answered meanwhile within
//!   [`STOP_BOUND`]: `bestmove` within the time limit plus [`STOP_BOUND`] (`movetime`, clocks,
//!   `infinite` then `stop`); for a node or depth budget within [`LOOP_BOUND`], or else `stop`
//!   ends it within [`STOP_BOUND`];
//! * `quit` during a `perft 2` exits within [`STOP_BOUND`]; the peak resident memory stays under [`MEMORY_BOUND`].

use std::time::{Duration, Instant};

use crate::harness::*;

/// Commands answered on the command loop, and searches with a node or depth budget.
const LOOP_BOUND: Duration = Duration::from_secs(10);
/// How long a perft may count before the test stops it.
const PERFT_WAIT: Duration = Duration::from_secs(5);
/// `stop`, `quit` and `isready` while the engine works; a timed search past its time.
const STOP_BOUND: Duration = Duration::from_secs(1);
/// The engine's peak resident memory, in KiB: `Hash` (256 MiB by default, twice that while a
/// kept tree is freed beside the next search) and the enumeration budget (1 GiB), with room.
const MEMORY_BOUND: u64 = 2 << 20;

/// One case of the data file.
struct Case {
    comment: String,
    game: String,
    position: String,
    longest: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/worst-cases.txt");
    let mut out = Vec::new();
    let mut comment = String::new();
    let (mut game, mut position) = (None, None);
    for line in text.lines() {
        if let Some(c) = line.strip_prefix("# ") {
            comment = c.to_string();
        } else if let Some(g) = line.strip_prefix("game ") {
            game = Some(g.to_string());
        } else if let Some(p) = line.strip_prefix("position ") {
            position = Some(p.to_string());
        } else if let Some(l) = line.strip_prefix("longest ") {
            out.push(Case {
                comment: comment.clone(),
                game: game.take().expect("a game line before 'longest'"),
                position: position.take().expect("a position line before 'longest'"),
                longest: l.to_string(),
            });
        } else {
            assert!(
                line.is_empty() || line.starts_with('#'),
                "a bad line: {line}"
            );
        }
    }
    out
}

/// What one command took; `stop`: how long `stop` took to end it, when the test had to.
struct Timing {
    case: usize,
    command: String,
    took: Duration,
    stop: Option<Duration>,
}

/// Sends `line` and `isready`; checks the answer came within [`LOOP_BOUND`].
fn on_loop(p: &mut Proc, line: &str) -> (Vec<String>, Duration) {
    let t = Instant::now();
    let lines = p.ask(line);
    let took = t.elapsed();
    assert!(took < LOOP_BOUND, "'{line}' took {took:?}");
    (lines, took)
}

/// The first line within `wait` for which `done` holds, and the time it came.
fn wait_for(
    p: &mut Proc,
    wait: Duration,
    done: impl Fn(&str) -> bool,
) -> Option<(String, Duration)> {
    let t = Instant::now();
    loop {
        let line = p.recv(wait.saturating_sub(t.elapsed()))?;
        if done(&line) {
            return Some((line, t.elapsed()));
        }
    }
}

/// `perft <depth>`: the count or its error line within [`PERFT_WAIT`], else stopped within
/// [`STOP_BOUND`]; `isready` answered meanwhile. The time to the answer (or to the stop).
fn perft(p: &mut Proc, depth: u32) -> (Duration, Option<Duration>) {
    let end = |l: &str| l.starts_with("Nodes searched: ") || l.starts_with("info string error:");
    p.send(&format!("perft {depth}"));
    let t = Instant::now();
    p.send("isready");
    // The count may end before `readyok` comes.
    let (first, _) = wait_for(p, STOP_BOUND, |l| l == "readyok" || end(l))
        .unwrap_or_else(|| panic!("neither readyok nor an answer to 'perft {depth}'"));
    let mut answer = None;
    if end(&first) {
        answer = Some((first, t.elapsed()));
        wait_for(p, STOP_BOUND, |l| l == "readyok").expect("readyok after perft");
    }
    let answer = answer.or_else(|| {
        wait_for(p, PERFT_WAIT.saturating_sub(t.elapsed()), end).map(|(l, _)| (l, t.elapsed()))
    });
    match answer {
        Some((line, took)) => {
            assert!(
                line.starts_with("Nodes searched: ")
                    || line.starts_with("info string error: perft gave up: "),
                "{line}"
            );
            (took, None)
        }
        None => {
            let s = Instant::now();
            p.send("stop");
            let stopped = wait_for(p, STOP_BOUND, |l| {
                l == "info string perft stopped" || end(l)
            });
            assert!(
                stopped.is_some(),
                "perft {depth} not stopped within {STOP_BOUND:?}"
            );
            (PERFT_WAIT, Some(s.elapsed()))
        }
    }
}

/// `go <limits>`: `isready` answered within [`STOP_BOUND`] while it searches, and its
/// `bestmove` within `bound` (from `go`; from `stop`, for `infinite`). A node or depth budget
/// is a number of iterations, whose time depends on the game and the strength (a uniformly
/// random playout of a side-12 Guerrilla game takes about a millisecond): past `bound` such a
/// search is stopped, and must answer within [`STOP_BOUND`]. The time to `bestmove`.
fn go(p: &mut Proc, limits: &str, bound: Duration) -> (Duration, Option<Duration>) {
    let budget = limits.starts_with("nodes") || limits.starts_with("depth");
    let is_best = |l: &str| l.starts_with("bestmove");
    p.send(&format!("go {limits}"));
    let mut t = Instant::now();
    p.send("isready");
    let (first, _) = wait_for(p, STOP_BOUND, |l| l == "readyok" || is_best(l))
        .unwrap_or_else(|| panic!("neither readyok nor bestmove to 'go {limits}'"));
    let mut best = None;
    if is_best(&first) {
        best = Some((first, t.elapsed()));
        wait_for(p, STOP_BOUND, |l| l == "readyok").expect("readyok after bestmove");
    }
    if limits == "infinite" {
        assert!(best.is_none(), "bestmove before stop: {best:?}");
        std::thread::sleep(Duration::from_millis(100));
        t = Instant::now();
        p.send("stop");
    }
    let (best, took, stopped) = match best {
        Some((line, took)) => (line, took, None),
        None => match wait_for(p, bound.saturating_sub(t.elapsed()), is_best) {
            Some((line, _)) => (line, t.elapsed(), None),
            None if budget => {
                let s = Instant::now();
                p.send("stop");
                let (line, _) = wait_for(p, STOP_BOUND, is_best)
                    .unwrap_or_else(|| panic!("'go {limits}' not stopped within {STOP_BOUND:?}"));
                (line, bound, Some(s.elapsed()))
            }
            None => panic!("no bestmove to 'go {limits}' within {bound:?}"),
        },
    };
    assert!(
        best.split(' ').count() == 2 && best != "bestmove none",
        "{best}"
    );
    (took, stopped)
}

#[test]
fn every_command_on_the_worst_cases_is_bounded() {
    let cases = cases();
    assert!(cases.len() >= 10, "{} cases", cases.len());
    let mut timings: Vec<Timing> = Vec::new();
    let mut peaks = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        eprintln!("case {i}: {} ({})", case.comment, case.game);
        let mut p = Proc::spawn();
        let mut record = |command: &str, took: Duration, stop: Option<Duration>| {
            timings.push(Timing {
                case: i,
                command: command.to_string(),
                took,
                stop,
            })
        };
        on_loop(&mut p, &format!("setoption name Game value {}", case.game));
        let position = format!("position fen {}", case.position);
        let (lines, took) = on_loop(&mut p, &position);
        assert!(lines.is_empty(), "{lines:?}");
        record("position", took, None);
        for command in ["legal", "legal steps", "legal turns", "describe", "show"] {
            let (lines, took) = on_loop(&mut p, command);
            assert!(!lines.is_empty() && lines.iter().all(|l| !l.contains("error")));
            record(command, took, None);
        }
        for depth in [1, 2] {
            let (took, stop) = perft(&mut p, depth);
            record(&format!("perft {depth}"), took, stop);
        }
        for strength in ["random", "greedy", "uct", "full"] {
            on_loop(&mut p, &format!("setoption name Strength value {strength}"));
            for (limits, bound) in [
                ("movetime 200", Duration::from_millis(200) + STOP_BOUND),
                (
                    "p1time 3000 p2time 3000",
                    Duration::from_millis(100) + STOP_BOUND,
                ),
                ("infinite", STOP_BOUND),
                ("nodes 2000", LOOP_BOUND),
                ("depth 2", LOOP_BOUND),
            ] {
                let (took, stop) = go(&mut p, limits, bound);
                record(&format!("go {limits} ({strength})"), took, stop);
            }
        }
        let (lines, took) = on_loop(&mut p, &format!("play {}", case.longest));
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with(&format!("played {} steps ", case.longest)),
            "{lines:?}"
        );
        record("play <longest>", took, None);
        let (_, took) = on_loop(&mut p, "legal");
        record("legal after play", took, None);
        let peak = p.peak_rss_kib();
        // `quit` while a perft counts (or just after it ends, where it is short).
        p.send("perft 2");
        std::thread::sleep(Duration::from_millis(20));
        let quit = p.quit();
        assert!(quit < STOP_BOUND, "quit took {quit:?}");
        record("quit during perft 2", quit, None);
        if let Some(kib) = peak {
            assert!(kib < MEMORY_BOUND, "case {i}: peak {kib} KiB");
            peaks.push((kib, i));
        }
    }
    timings.sort_by_key(|t| std::cmp::Reverse(t.took));
    eprintln!("slowest commands:");
    for t in timings.iter().take(16) {
        let stop = t.stop.map_or(String::new(), |s| {
            format!(
                " (not over: stopped, bestmove or end {:.1} ms after stop)",
                s.as_secs_f64() * 1e3
            )
        });
        eprintln!(
            "  {:>9.1} ms  case {:>2}  {}{stop}",
            t.took.as_secs_f64() * 1e3,
            t.case,
            t.command
        );
    }
    let stops: Vec<&Timing> = timings.iter().filter(|t| t.stop.is_some()).collect();
    eprintln!(
        "{} commands stopped by the test; the slowest stop:",
        stops.len()
    );
    if let Some(t) = stops.iter().max_by_key(|t| t.stop) {
        eprintln!(
            "  {:?} case {} {}",
            t.stop.unwrap_or_default(),
            t.case,
            t.command
        );
    }
    let quits = timings.iter().filter(|t| t.command.starts_with("quit"));
    if let Some(t) = quits.max_by_key(|t| t.took) {
        eprintln!(
            "slowest quit: {:.1} ms (case {})",
            t.took.as_secs_f64() * 1e3,
            t.case
        );
    }
    peaks.sort();
    if let Some((kib, i)) = peaks.last() {
        eprintln!(
            "largest peak memory: {:.1} MiB (case {i})",
            *kib as f64 / 1024.0
        );
    }
}
