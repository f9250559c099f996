//! One game between two engine processes, driven exactly as cutegames drives it and refereed by
//! the rules library.
//!
//! Per game: `isready` + `uginewgame` to both; every ply `position …` and `query p1turn` to p1's
//! engine, then `isready`, `position …`, `query gameover` and `go …` to the side to move; at the
//! end `position …`, `query gameover`, `position …`, `query result` to both. What the referee
//! adds: the rules decide whose turn it is and when the game is over (an engine answer that
//! disagrees is recorded as a problem), every `bestmove` is checked (a malformed or illegal one
//! loses), time is measured around `go` (late answers lose), every wait has a time-out, and any
//! engine failure loses that game for that engine, which the caller then restarts. With a
//! resignation rule (`--resign`), a move after which the engines' scores meet it ends the game.

use std::time::{Duration, Instant};

use guerrilla::game::prelude::*;
use guerrilla::game::{GameError, Outcome, Side};
use guerrilla::protocol::wire::{position_line, result_word, side_word};

/// The stones p1 placed between two positions of a game where p1 has a hand (Guerrilla
/// Checkers' Guerrilla, as the rules library reports it); `None` for a game without one.
pub fn stones_placed<G: Game>(start: &G, end: &G) -> Option<u32> {
    Some(start.hand(Side::P1)?.saturating_sub(end.hand(Side::P1)?))
}

use crate::adjudicate::Resign;
use crate::engine::{Engine, EngineError};
use crate::records::{pgn_date, GameRecord, Move, Reason};
use crate::schedule::Job;

/// A time control, as cutegames' settings know them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    Nodes(u64),
    Movetime(u64),
    Depth(u32),
    Clock { time: u64, inc: u64 },
}

impl std::str::FromStr for TimeControl {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("expected nodes=N, movetime=MS, depth=N or clock=MS+INC but got '{s}'");
        let (kind, value) = s.split_once('=').ok_or_else(bad)?;
        match kind {
            "nodes" => value.parse().map(TimeControl::Nodes).map_err(|_| bad()),
            "movetime" => value.parse().map(TimeControl::Movetime).map_err(|_| bad()),
            "depth" => value.parse().map(TimeControl::Depth).map_err(|_| bad()),
            "clock" => {
                let (t, i) = value.split_once('+').unwrap_or((value, "0"));
                Ok(TimeControl::Clock {
                    time: t.parse().map_err(|_| bad())?,
                    inc: i.parse().map_err(|_| bad())?,
                })
            }
            _ => Err(bad()),
        }
    }
}

/// What a game needs besides its engines.
pub struct Referee<'a, G: Game> {
    pub settings: &'a G::Settings,
    /// Every engine's time control and its text, by engine index.
    pub tcs: &'a [(TimeControl, String)],
    /// How late a time-controlled answer may come.
    pub margin: Duration,
    /// The wait for any answer but `bestmove`.
    pub timeout: Duration,
    /// The wait for `bestmove` under a node or depth budget.
    pub go_wait: Duration,
    pub max_plies: u32,
    /// The resignation rule, checked after every move the rules leave the game going on.
    pub resign: Option<Resign>,
}

/// How a game ended, before it is written down.
pub enum Played {
    /// The record, and for p1's and p2's engine whether it failed (and must be restarted).
    Done(Box<GameRecord>, [bool; 2]),
    /// The match is ending: the game is not scored.
    Abandoned,
}

/// The referee's starting position for an opening.
pub fn start_position<G: Game>(opening: &str, settings: &G::Settings) -> Result<G, GameError> {
    if opening == "startpos" {
        Ok(G::new(settings))
    } else {
        G::from_position_string(opening, settings)
    }
}

/// An engine failure: who, why, the text.
struct Fault {
    side: Side,
    reason: Reason,
    detail: String,
    bad_move: Option<String>,
}

/// The time control text of a game: the one of both engines, or `p1's/p2's` when they differ.
pub fn game_tc_text(p1: &str, p2: &str) -> String {
    if p1 == p2 {
        p1.to_string()
    } else {
        format!("{p1}/{p2}")
    }
}

impl<G: Game> Referee<'_, G> {
    /// The `go` line for the side to move, `tc` being its time control and `incs` the two
    /// sides' clock increments.
    fn go_line(tc: TimeControl, clocks: [u64; 2], incs: [u64; 2]) -> String {
        match tc {
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Movetime(ms) => format!("go movetime {ms}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Clock { .. } => format!(
                "go p1time {} p2time {} p1inc {} p2inc {}",
                clocks[0], clocks[1], incs[0], incs[1]
            ),
        }
    }

    /// The time a `go` may take before it loses on time (`None`: no time limit).
    fn budget(tc: TimeControl, clock: u64) -> Option<Duration> {
        match tc {
            TimeControl::Movetime(ms) => Some(Duration::from_millis(ms)),
            TimeControl::Clock { .. } => Some(Duration::from_millis(clock)),
            TimeControl::Nodes(_) | TimeControl::Depth(_) => None,
        }
    }

    /// The fault of an engine error met while talking to `side`'s engine.
    fn fault(tc: TimeControl, side: Side, err: EngineError, during_go: bool) -> Option<Fault> {
        let reason = match &err {
            EngineError::Abandoned => return None,
            EngineError::Timeout { .. } if during_go => match tc {
                TimeControl::Nodes(_) | TimeControl::Depth(_) => Reason::Hang,
                _ => Reason::Time,
            },
            EngineError::Timeout { .. } => Reason::Timeout,
            EngineError::Closed { .. } | EngineError::InputClosed { .. } | EngineError::Io(_) => {
                Reason::Crash
            }
            EngineError::Garbage { .. } => Reason::Garbage,
            EngineError::MalformedBestmove { .. } => Reason::MalformedMove,
            // Options are set when an engine starts, never during a game.
            EngineError::Refused { .. } => Reason::NoStart,
        };
        Some(Fault {
            side,
            reason,
            detail: err.to_string(),
            bad_move: None,
        })
    }

    /// Plays `job` from `opening` with `engines[0]` as p1 and `engines[1]` as p2.
    pub fn play(&self, job: &Job, opening: &str, engines: [&mut Engine; 2]) -> Played {
        let [e1, e2] = engines;
        let mut engines = [e1, e2];
        let mut referee: G = match start_position(opening, self.settings) {
            Ok(g) => g,
            // Openings are checked before the match starts.
            Err(e) => panic!("opening '{opening}' was checked and is refused: {e}"),
        };
        let start = referee.clone();
        let mut record = GameRecord {
            index: job.index,
            pair: job.pair,
            p1: engines[0].name.clone(),
            p2: engines[1].name.clone(),
            date: pgn_date(),
            opening: opening.to_string(),
            first: referee.side_to_move(),
            tc: game_tc_text(&self.tcs[job.p1].1, &self.tcs[job.p2].1),
            outcome: Outcome::Draw,
            reason: Reason::Gameover,
            detail: String::new(),
            faulty: None,
            bad_move: None,
            moves: Vec::new(),
            problems: Vec::new(),
            stones: None,
        };
        let tcs = [self.tcs[job.p1].0, self.tcs[job.p2].0];
        let played = self.moves(&mut referee, &mut record, &mut engines, tcs);
        record.stones = stones_placed(&start, &referee);
        match played {
            Err(None) => Played::Abandoned,
            Err(Some(f)) => {
                record.outcome = Outcome::Win(f.side.opponent());
                record.reason = f.reason;
                record.detail = format!("{}: {}", engines[f.side.index()].name, f.detail);
                record.faulty = Some(f.side);
                record.bad_move = f.bad_move;
                let mut restart = [false; 2];
                restart[f.side.index()] = true;
                Played::Done(Box::new(record), restart)
            }
            Ok((outcome, reason, detail)) => {
                record.outcome = outcome;
                record.reason = reason;
                record.detail = detail;
                // End of game: both engines are asked, as cutegames does.
                let mut restart = [false; 2];
                let expected = result_word(referee.outcome());
                let pos_line = position_line(opening, &record.tokens());
                let mut answers = Vec::new();
                for (i, e) in engines.iter_mut().enumerate() {
                    let t = self.timeout;
                    let asked = e
                        .is_ready(t)
                        .and_then(|_| e.send(&pos_line))
                        .and_then(|_| e.query("gameover", t))
                        .and_then(|over| {
                            e.send(&pos_line)?;
                            Ok((over, e.query("result", t)?))
                        });
                    match asked {
                        Ok(a) => answers.push(a),
                        Err(EngineError::Abandoned) => return Played::Abandoned,
                        Err(err) => {
                            record
                                .problems
                                .push(format!("{} after the game: {err}", e.name));
                            restart[i] = true;
                        }
                    }
                }
                if answers.len() == 2 && answers[0] != answers[1] {
                    record
                        .problems
                        .push(format!("the engines disagree at the end: {answers:?}"));
                }
                if reason == Reason::Gameover {
                    for (e, (_, r)) in engines.iter().zip(&answers) {
                        if r != expected {
                            record.problems.push(format!(
                                "{} answers result {r}, the rules say {expected}",
                                e.name
                            ));
                        }
                    }
                }
                Played::Done(Box::new(record), restart)
            }
        }
    }

    /// The game's moves until its end by the rules or the ply cap (`Ok`), an engine's fault
    /// (`Err(Some)`) or abandonment (`Err(None)`).
    fn moves(
        &self,
        referee: &mut G,
        record: &mut GameRecord,
        engines: &mut [&mut Engine; 2],
        tcs: [TimeControl; 2],
    ) -> Result<(Outcome, Reason, String), Option<Fault>> {
        let t = self.timeout;
        for (i, side) in [Side::P1, Side::P2].into_iter().enumerate() {
            engines[i]
                .is_ready(t)
                .and_then(|_| engines[i].send("uginewgame"))
                .map_err(|e| Self::fault(tcs[i], side, e, false))?;
        }
        let clock = |tc: TimeControl| match tc {
            TimeControl::Clock { time, inc } => (time, inc),
            _ => (0, 0),
        };
        let mut clocks = [clock(tcs[0]).0, clock(tcs[1]).0];
        let incs = [clock(tcs[0]).1, clock(tcs[1]).1];
        loop {
            let pos_line = position_line(&record.opening, &record.tokens());
            let side = referee.side_to_move();
            // cutegames asks p1's engine whose turn it is.
            let p1turn = engines[0]
                .send(&pos_line)
                .and_then(|_| engines[0].query("p1turn", t))
                .map_err(|e| Self::fault(tcs[0], Side::P1, e, false))?;
            if (p1turn == "true") != (side == Side::P1) {
                record.problems.push(format!(
                    "ply {}: {} says p1turn {p1turn}, the rules say {} to move",
                    record.moves.len(),
                    engines[0].name,
                    side_word(side)
                ));
            }
            let us = side.index();
            let tc = tcs[us];
            let over = engines[us]
                .is_ready(t)
                .and_then(|_| engines[us].send(&pos_line))
                .and_then(|_| engines[us].query("gameover", t))
                .map_err(|e| Self::fault(tc, side, e, false))?;
            if (over == "true") != referee.outcome().is_some() {
                record.problems.push(format!(
                    "ply {}: {} says gameover {over}, the rules say {}",
                    record.moves.len(),
                    engines[us].name,
                    referee.outcome().is_some()
                ));
            }
            if let Some(outcome) = referee.outcome() {
                return Ok((outcome, Reason::Gameover, "over by the rules".to_string()));
            }
            if record.moves.len() as u32 >= self.max_plies {
                return Ok((
                    Outcome::Draw,
                    Reason::PlyCap,
                    format!("ply cap {} reached", self.max_plies),
                ));
            }
            let go = Self::go_line(tc, clocks, incs);
            let budget = Self::budget(tc, clocks[us]);
            let wait = budget.map_or(self.go_wait, |b| b + self.margin);
            let started = Instant::now();
            let (mv, eval) = engines[us]
                .go(&go, wait)
                .map_err(|e| Self::fault(tc, side, e, true))?;
            let spent = started.elapsed();
            let spent_ms = spent.as_millis() as u64;
            if let Some(b) = budget {
                if spent > b + self.margin {
                    return Err(Some(Fault {
                        side,
                        reason: Reason::Time,
                        detail: format!(
                            "answered after {spent_ms} ms, allowed {} ms + margin {} ms",
                            b.as_millis(),
                            self.margin.as_millis()
                        ),
                        bad_move: None,
                    }));
                }
            }
            if let TimeControl::Clock { inc, .. } = tc {
                clocks[us] = clocks[us].saturating_sub(spent_ms) + inc;
            }
            let turn = match referee.parse_turn(&mv) {
                Ok(turn) => turn,
                Err(e) => {
                    let reason = match e {
                        GameError::Syntax { .. } => Reason::MalformedMove,
                        _ => Reason::IllegalMove,
                    };
                    return Err(Some(Fault {
                        side,
                        reason,
                        detail: e.to_string(),
                        bad_move: Some(mv),
                    }));
                }
            };
            if let Err(e) = referee.play_turn(&turn) {
                return Err(Some(Fault {
                    side,
                    reason: Reason::IllegalMove,
                    detail: e.to_string(),
                    bad_move: Some(mv),
                }));
            }
            record.moves.push(Move {
                token: mv,
                ms: spent_ms,
                eval,
            });
            if let Some(rule) = self.resign.filter(|_| referee.outcome().is_none()) {
                if let Some(loser) = rule.resigns(&record.moves, record.first) {
                    let detail = rule.detail(loser, [&record.p1, &record.p2]);
                    return Ok((Outcome::Win(loser.opponent()), Reason::Resign, detail));
                }
            }
        }
    }
}
