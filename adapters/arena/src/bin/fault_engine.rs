//! `arena-fault-engine`: a small UGI engine that plays legal moves (from the rules library) and
//! fails on purpose, to test how `guerrilla-arena` handles faulty engines. Not for play.
//!
//! `arena-fault-engine [--fault KIND] [--at N] [--delay-ms MS] [--pid-dir DIR] [--info LINE]`,
//! KIND one of:
//! * `none`: never fails;
//! * `crash`: exits (status 3) at the N-th `go` of a game;
//! * `hang`: stops answering anything at the N-th `go` of a game;
//! * `illegal`: answers the N-th `go` of a game with a well-formed illegal move;
//! * `malformed`: answers the N-th `go` of a game with `bestmove ???`;
//! * `garbage`: answers the N-th `go` of a game with a line of control bytes and invalid UTF-8;
//! * `slow-readyok`: answers the N-th `isready` of the process after `--delay-ms`;
//! * `odd-response`: answers the N-th `query` of a game with `response maybe`, a word the
//!   protocol lacks;
//! * `exit-at-start`: exits before reading anything.
//!
//! With `--info LINE`, every `bestmove` follows LINE, written as it is given: another engine's
//! report, such as a UCI engine's with its own fields and order.
//!
//! Game counts restart at `uginewgame`; with `--pid-dir`, the process writes an empty file named
//! by its process id there, so a test can check that no process is left behind.

use std::io::{BufRead, Write};
use std::time::Duration;

use guerrilla::game::prelude::*;
use guerrilla::protocol::codec::{BestMove, Command, Message, OptionDecl, Query, Response, Start};
use guerrilla::{with_game, GameKind};

struct Args {
    fault: String,
    at: u64,
    delay_ms: u64,
    pid_dir: Option<String>,
    info: Option<String>,
}

fn args() -> Args {
    let mut a = Args {
        fault: "none".into(),
        at: 1,
        delay_ms: 2000,
        pid_dir: None,
        info: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let v = it.next().unwrap_or_default();
        match k.as_str() {
            "--fault" => a.fault = v,
            "--at" => a.at = v.parse().unwrap_or(1),
            "--delay-ms" => a.delay_ms = v.parse().unwrap_or(2000),
            "--pid-dir" => a.pid_dir = Some(v),
            "--info" => a.info = Some(v),
            _ => {
                eprintln!("arena-fault-engine: unknown argument {k}");
                std::process::exit(2);
            }
        }
    }
    a
}

/// The position `start` and `moves` set up, or `None` if it does not parse.
fn position<G: Game>(start: &Start, moves: &[String]) -> Option<G> {
    let settings = G::Settings::default();
    let mut g = match start {
        Start::StartPos => G::new(&settings),
        Start::Fen(fen) => G::from_position_string(fen, &settings).ok()?,
    };
    for m in moves {
        let t = g.parse_turn(m).ok()?;
        g.play_turn(&t).ok()?;
    }
    Some(g)
}

/// The answer to `query what` in the position `pos` sets up; `none` when it sets up none.
fn answer_query<G: Game>(pos: &Command, what: Query) -> Response {
    let Command::Position { start, moves } = pos else {
        return Response::Result(None);
    };
    let Some(g) = position::<G>(start, moves) else {
        return Response::Result(None);
    };
    match what {
        Query::P1Turn => Response::Bool(g.side_to_move() == guerrilla::game::Side::P1),
        Query::GameOver => Response::Bool(g.outcome().is_some()),
        Query::Result => Response::Result(g.outcome()),
    }
}

/// A legal move (varied with `n`), or with `illegal` a well-formed move the rules refuse;
/// `bestmove none` when `pos` sets up no position or one without a move.
fn choose<G: Game>(pos: &Command, n: u64, illegal: bool) -> BestMove {
    let Command::Position { start, moves } = pos else {
        return BestMove::none();
    };
    let Some(g) = position::<G>(start, moves) else {
        return BestMove::none();
    };
    if illegal {
        for m in ["A1A2", "a1-b2", "h8-g7", "*a1", "a1-a3"] {
            if let Err(guerrilla::game::GameError::Illegal { .. }) = g.parse_turn(m) {
                return BestMove::turn(m);
            }
        }
        return BestMove::turn("A1A2");
    }
    let mut turns = Vec::new();
    let _ = g.legal_turns(&mut turns, 64, None);
    match turns.get(n as usize * 7 % turns.len().max(1)) {
        Some(t) => BestMove::turn(g.format_turn(t)),
        None => BestMove::none(),
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
    let mut pos = Command::Position {
        start: Start::StartPos,
        moves: Vec::new(),
    };
    let (mut goes, mut readies, mut queries) = (0u64, 0u64, 0u64);
    let mut hung = false;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        // A line that is no command is ignored, as a lenient engine does.
        let Ok(cmd) = line.parse::<Command>() else {
            continue;
        };
        if cmd == Command::Quit {
            break;
        }
        if hung {
            continue;
        }
        let mut say = |m: Message| {
            let _ = writeln!(out, "{m}");
            let _ = out.flush();
        };
        match cmd {
            Command::Ugi => {
                say(Message::IdName("arena-fault-engine".into()));
                let games: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
                let game = GameKind::Checkers.name();
                say(Message::Option(OptionDecl::combo("Game", game, &games)));
                // An option as other engines announce one, with bounds below zero; ignored.
                say(Message::Option(OptionDecl::spin("Contempt", 0, -100, 100)));
                say(Message::UgiOk);
            }
            Command::IsReady => {
                readies += 1;
                if a.fault == "slow-readyok" && readies == a.at {
                    std::thread::sleep(Duration::from_millis(a.delay_ms));
                }
                say(Message::ReadyOk);
            }
            Command::UgiNewGame => (goes, queries) = (0, 0),
            Command::SetOption {
                name,
                value: Some(v),
            } if name == "Game" => kind = v.parse().unwrap_or(kind),
            Command::Position { .. } => pos = cmd,
            Command::Query(what) => {
                queries += 1;
                if a.fault == "odd-response" && queries == a.at {
                    // Deliberately no protocol line: a word `response` does not take.
                    let _ = writeln!(out, "response maybe");
                    let _ = out.flush();
                    continue;
                }
                let r = with_game!(kind, G => answer_query::<G>(&pos, what));
                say(Message::Response(r));
            }
            Command::Go(_) => {
                goes += 1;
                let fault_now = goes == a.at;
                match a.fault.as_str() {
                    "crash" if fault_now => std::process::exit(3),
                    "hang" if fault_now => hung = true,
                    // A well-formed line whose turn no game's grammar reads.
                    "malformed" if fault_now => say(Message::BestMove(BestMove::turn("???"))),
                    // Deliberately no protocol line: control bytes and invalid UTF-8, written
                    // as bytes.
                    "garbage" if fault_now => {
                        let _ = out.write_all(b"\x00\x01\xff\xfe garbage \x07\n");
                        let _ = out.flush();
                    }
                    f => {
                        let illegal = f == "illegal" && fault_now;
                        let best = with_game!(kind, G => choose::<G>(&pos, goes, illegal));
                        if let Some(info) = &a.info {
                            // Another engine's line, as the test gives it.
                            let _ = writeln!(out, "{info}");
                        }
                        let _ = writeln!(out, "{}", Message::BestMove(best));
                        let _ = out.flush();
                    }
                }
            }
            _ => {}
        }
    }
}
