//! `arena-fault-engine`: a small UGI engine that plays legal moves (from the rules library) and
//! fails on purpose, to test how `guerrilla-arena` handles faulty engines. Not for play.
//!
//! `arena-fault-engine [--fault KIND] [--at N] [--delay-ms MS] [--pid-dir DIR]`, KIND one of:
//! * `none`: never fails;
//! * `crash`: exits (status 3) at the N-th `go` of a game;
//! * `hang`: stops answering anything at the N-th `go` of a game;
//! * `illegal`: answers the N-th `go` of a game with a well-formed illegal move;
//! * `malformed`: answers the N-th `go` of a game with `bestmove ???`;
//! * `garbage`: answers the N-th `go` of a game with a line of control bytes and invalid UTF-8;
//! * `slow-readyok`: answers the N-th `isready` of the process after `--delay-ms`;
//! * `exit-at-start`: exits before reading anything.
//!
//! Game counts restart at `uginewgame`; with `--pid-dir`, the process writes an empty file named
//! by its process id there, so a test can check that no process is left behind.

use std::io::{BufRead, Write};
use std::time::Duration;

use guerrilla::game::prelude::*;
use guerrilla::{with_game, GameKind};

struct Args {
    fault: String,
    at: u64,
    delay_ms: u64,
    pid_dir: Option<String>,
}

fn args() -> Args {
    let mut a = Args {
        fault: "none".into(),
        at: 1,
        delay_ms: 2000,
        pid_dir: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let v = it.next().unwrap_or_default();
        match k.as_str() {
            "--fault" => a.fault = v,
            "--at" => a.at = v.parse().unwrap_or(1),
            "--delay-ms" => a.delay_ms = v.parse().unwrap_or(2000),
            "--pid-dir" => a.pid_dir = Some(v),
            _ => {
                eprintln!("arena-fault-engine: unknown argument {k}");
                std::process::exit(2);
            }
        }
    }
    a
}

/// The position of a `position` line, or `None` if it does not parse.
fn position<G: Game>(line: &str) -> Option<G> {
    let rest = line.strip_prefix("position ")?;
    let (start, moves) = match rest.split_once(" moves ") {
        Some((s, m)) => (s, m.split_whitespace().collect::<Vec<_>>()),
        None => (rest, vec![]),
    };
    let settings = G::Settings::default();
    let mut g = if start == "startpos" {
        G::new(&settings)
    } else {
        G::from_position_string(start.strip_prefix("fen ")?, &settings).ok()?
    };
    for m in moves {
        let t = g.parse_turn(m).ok()?;
        g.play_turn(&t).ok()?;
    }
    Some(g)
}

fn answer_query<G: Game>(pos: &str, what: &str) -> String {
    let Some(g) = position::<G>(pos) else {
        return "none".into();
    };
    match what {
        "p1turn" => (g.side_to_move() == guerrilla::game::Side::P1).to_string(),
        "gameover" => g.outcome().is_some().to_string(),
        _ => guerrilla::protocol::wire::result_word(g.outcome()).into(),
    }
}

/// A legal move (varied with `n`), or with `illegal` a well-formed move the rules refuse.
fn choose<G: Game>(pos: &str, n: u64, illegal: bool) -> String {
    let Some(g) = position::<G>(pos) else {
        return "none".into();
    };
    if illegal {
        for m in ["A1A2", "a1-b2", "h8-g7", "*a1", "a1-a3"] {
            if let Err(guerrilla::game::GameError::Illegal { .. }) = g.parse_turn(m) {
                return m.into();
            }
        }
        return "A1A2".into();
    }
    let mut turns = Vec::new();
    let _ = g.legal_turns(&mut turns, 64, None);
    match turns.get(n as usize * 7 % turns.len().max(1)) {
        Some(t) => g.format_turn(t),
        None => "none".into(),
    }
}

fn main() {
    let a = args();
    if let Some(dir) = &a.pid_dir {
        let _ = std::fs::write(format!("{dir}/{}", std::process::id()), "");
    }
    if a.fault == "exit-at-start" {
        std::process::exit(0);
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut kind = GameKind::Checkers;
    let mut pos = "position startpos".to_string();
    let (mut goes, mut readies) = (0u64, 0u64);
    let mut hung = false;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim().to_string();
        if line == "quit" {
            break;
        }
        if hung {
            continue;
        }
        let mut say = |s: &str| {
            let _ = writeln!(out, "{s}");
            let _ = out.flush();
        };
        if line == "ugi" {
            say("id name arena-fault-engine");
            let games: Vec<String> = GameKind::ALL.iter().map(|g| format!("var {g}")).collect();
            say(&format!(
                "option name Game type combo default {} {}",
                GameKind::Checkers,
                games.join(" ")
            ));
            say("ugiok");
        } else if line == "isready" {
            readies += 1;
            if a.fault == "slow-readyok" && readies == a.at {
                std::thread::sleep(Duration::from_millis(a.delay_ms));
            }
            say("readyok");
        } else if line == "uginewgame" {
            goes = 0;
        } else if let Some(v) = line.strip_prefix("setoption name Game value ") {
            kind = v.parse().unwrap_or(kind);
        } else if line.starts_with("position ") {
            pos = line.clone();
        } else if let Some(what) = line.strip_prefix("query ") {
            let r = with_game!(kind, G => answer_query::<G>(&pos, what));
            say(&format!("response {r}"));
        } else if line.starts_with("go") {
            goes += 1;
            let fault_now = goes == a.at;
            match a.fault.as_str() {
                "crash" if fault_now => std::process::exit(3),
                "hang" if fault_now => hung = true,
                "malformed" if fault_now => say("bestmove ???"),
                "garbage" if fault_now => {
                    let _ = out.write_all(b"\x00\x01\xff\xfe garbage \x07\n");
                    let _ = out.flush();
                }
                f => {
                    let illegal = f == "illegal" && fault_now;
                    let mv = with_game!(kind, G => choose::<G>(&pos, goes, illegal));
                    say(&format!("bestmove {mv}"));
                }
            }
        }
    }
}
