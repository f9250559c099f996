//! `perft` (protocol.md § 4.7) through the real binary: a deep count never blocks the loop and
//! stops; a turn too large to enumerate is refused cleanly.

use std::time::{Duration, Instant};

use crate::harness::*;

#[test]
fn deep_perft_never_blocks_and_stops() {
    let mut p = Proc::spawn();
    p.send("perft 12");
    let t = Instant::now();
    p.send("isready");
    let lines = p.until("readyok", |l| l == "readyok");
    assert!(t.elapsed() < Duration::from_secs(2));
    assert!(lines.iter().all(|l| !l.starts_with("Nodes searched")));
    p.send("stop");
    let lines = p.until("perft stopped", |l| {
        l.starts_with("info string perft stopped")
    });
    assert!(t.elapsed() < Duration::from_secs(5), "{lines:?}");
    // A shallow one runs to the end, with the rules' counts (GC6).
    p.send("perft 2");
    let lines = p.until("Nodes searched", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 840");
    assert_eq!(lines.len(), 85);
}

/// A side-6 Guerrilla position where White has a dozen groups free to move: one turn reaches
/// hundreds of millions of distinct positions (W7), more than any machine here can hold.
const HUGE_TURN: &str = "6 .BBW.B/...W.B./.WW..B../..WW.X.W./XW.....W../XW..BB...../.W..B.WW../W....XW../.B..B.../...BB.B/..B..B w 17 0";

#[test]
fn a_turn_too_large_to_enumerate_is_stopped_or_refused_never_a_crash() {
    let mut p = Proc::spawn();
    p.ask("setoption name Game value guerrilla");
    assert!(p.ask(&format!("position fen {HUGE_TURN}")).is_empty());
    let before = p.ask1("describe");
    // `stop` ends it in the middle of the one turn's enumeration.
    p.send("perft 1");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    p.send("stop");
    let lines = p.until("perft stopped", |l| l == "info string perft stopped");
    assert!(t.elapsed() < Duration::from_secs(5), "{lines:?}");
    assert_eq!(lines.len(), 1, "{lines:?}");
    // Left alone, it gives up with one error line when the memory budget is spent (about
    // 15 s and 1 GiB here) instead of growing until the engine is killed.
    p.send("perft 1");
    let line = p
        .recv(Duration::from_secs(600))
        .expect("an answer to perft 1 within 600 s");
    assert!(
        line.starts_with("info string error: perft gave up: one turn from '6 .BBW.B/")
            && line.ends_with("(W7) in 'perft 1'"),
        "{line}"
    );
    assert_eq!(p.ask1("describe"), before);
    p.ask("setoption name Game value guerrilla-checkers");
    p.send("perft 1");
    let lines = p.until("Nodes searched", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 84"));
}
