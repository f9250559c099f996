//! Pondering against the clock: how soon after `ponderhit` the engine answers, against the
//! budget its clock gives it.
//!
//! ```text
//! cargo bench --bench ponder_timing -- [--game NAME] [--games N] [--clock MS] [--inc MS]
//!                                      [--think MS] [--board-side N]
//! ```
//!
//! Through the real binary (`target/…/guerrilla` over stdin/stdout, as a GUI drives it), with
//! `Ponder` on. Games (default 4) of `--game` (default `guerrilla-checkers`) from the start,
//! the engine playing both sides: at each turn the engine is sent `go ponder` with both clocks
//! (default 60,000 ms each, increment 600 ms), as if the opponent were still thinking; the
//! opponent "thinks" `--think` ms (default 300), then `ponderhit` comes, and the time from
//! `ponderhit` to `bestmove` is taken. That time is set against the mover's budget for those
//! clocks (`Limits::time_budget`: a thirtieth of the clock plus three quarters of the
//! increment, never the last 50 ms), which the answer keeps to: the budget counts from the
//! `go ponder` (protocol.md § 3.11), so the time after `ponderhit` is at most the budget less
//! the opponent's thinking.
//! The pondered turn is then played, and the mover's clock loses that time and gains its
//! increment.
//!
//! At the same turn, in the same position and with the same clocks, a plain `go` is timed too
//! (from `go` to `bestmove`; its answer is not played): the reference that shows what pondering
//! itself adds. Prints, for both, the answers counted, how many came within their budget, the
//! percentiles (50, 90, 99) and the maximum of the answer's time as a share of its budget and of
//! its overshoot (time minus budget), and the machine's load average before and after
//! (`/proc/loadavg`): a loaded machine delays any process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use guerrilla::game::Side;
use guerrilla::search::Limits;

/// The engine, its input and its output lines.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_guerrilla"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the engine");
        let stdout = child.stdout.take().expect("its output");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take().expect("its input");
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to the engine");
        self.stdin.flush().expect("flush");
    }

    /// The lines up to and including the first that `done` accepts.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_else(|_| panic!("no answer; got {got:?}"));
            let end = done(&line);
            got.push(line);
            if end {
                return got;
            }
        }
    }

    /// Sends `line` fenced by `isready`: what came before `readyok`.
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut got = self.until(|l| l == "readyok");
        got.pop();
        got
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut game, mut games, mut clock, mut inc, mut think, mut side) = (
        "guerrilla-checkers".to_string(),
        4usize,
        60_000u64,
        600u64,
        300u64,
        None,
    );
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} wants a value"));
        let number = |v: String| -> u64 { v.parse().unwrap_or_else(|_| panic!("a number: {v}")) };
        match a.as_str() {
            "--game" => game = value(),
            "--games" => games = number(value()) as usize,
            "--clock" => clock = number(value()),
            "--inc" => inc = number(value()),
            "--think" => think = number(value()),
            "--board-side" => side = Some(number(value())),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let load_before = loadavg();
    // (answer time, budget) of every ponderhit, and of the plain `go` beside it.
    let mut pondered: Vec<(Duration, Duration)> = Vec::new();
    let mut plain: Vec<(Duration, Duration)> = Vec::new();
    for g in 0..games {
        let mut e = Engine::start();
        e.ask(&format!("setoption name Game value {game}"));
        if let Some(side) = side {
            e.ask(&format!("setoption name BoardSide value {side}"));
        }
        e.ask("setoption name Ponder value true");
        e.ask(&format!("setoption name Seed value {g}"));
        e.ask("uginewgame");
        let mut moves: Vec<String> = Vec::new();
        let mut left = [clock, clock];
        loop {
            if e.ask("query gameover") == ["response true"] {
                break;
            }
            let mover = if e.ask("query p1turn") == ["response true"] {
                Side::P1
            } else {
                Side::P2
            };
            let limits = Limits {
                time_left: [
                    Some(Duration::from_millis(left[0])),
                    Some(Duration::from_millis(left[1])),
                ],
                increment: [Duration::from_millis(inc); 2],
                ..Limits::default()
            };
            let budget = limits.time_budget(mover).expect("a clock");
            let position = guerrilla::protocol::wire::position_line("startpos", &moves);
            let clocks = format!(
                "p1time {} p2time {} p1inc {inc} p2inc {inc}",
                left[0], left[1]
            );
            // The plain search first, from the same position; the ponder search then goes on
            // from its tree (tree reuse), as a pondering engine goes on from its last search.
            e.ask(&position);
            let sent = Instant::now();
            e.send(&format!("go {clocks}"));
            e.until(|l| l.starts_with("bestmove "));
            plain.push((sent.elapsed(), budget));
            e.ask(&position);
            e.send(&format!("go ponder {clocks}"));
            std::thread::sleep(Duration::from_millis(think));
            e.send("ponderhit");
            let hit = Instant::now();
            let lines = e.until(|l| l.starts_with("bestmove "));
            let took = hit.elapsed();
            pondered.push((took, budget));
            let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
            if best == "none" {
                break;
            }
            let spent = took.as_millis() as u64;
            let k = mover.index();
            left[k] = left[k].saturating_sub(spent) + inc;
            moves.push(best);
        }
        eprintln!("game {}: {} turns", g + 1, moves.len());
    }
    let load_after = loadavg();
    println!(
        "{game}: {games} games, clock {clock} ms + {inc} ms, think {think} ms before ponderhit"
    );
    summary("go ponder + ponderhit (from ponderhit)", &pondered);
    summary("plain go, same turn (from go)", &plain);
    println!("load average: before {load_before}, after {load_after}");
}

/// Prints the figures of `answers` (time, budget).
fn summary(what: &str, answers: &[(Duration, Duration)]) {
    let within = answers.iter().filter(|(t, b)| t <= b).count();
    let mut share: Vec<f64> = answers
        .iter()
        .map(|(t, b)| t.as_secs_f64() / b.as_secs_f64())
        .collect();
    let mut over: Vec<f64> = answers
        .iter()
        .map(|(t, b)| (t.as_secs_f64() - b.as_secs_f64()) * 1000.0)
        .collect();
    share.sort_by(f64::total_cmp);
    over.sort_by(f64::total_cmp);
    let pct = |v: &[f64], p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    println!(
        "  {what}: {} answers, within budget {within} ({:.1} %)",
        answers.len(),
        100.0 * within as f64 / answers.len() as f64
    );
    println!(
        "    time / budget: p50 {:.3} p90 {:.3} p99 {:.3} max {:.3}",
        pct(&share, 0.5),
        pct(&share, 0.9),
        pct(&share, 0.99),
        share[share.len() - 1]
    );
    println!(
        "    overshoot ms: p50 {:.1} p90 {:.1} p99 {:.1} max {:.1}",
        pct(&over, 0.5),
        pct(&over, 0.9),
        pct(&over, 0.99),
        over[over.len() - 1]
    );
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
