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
//! resignation rule (`--resign`) or a draw rule (`--draw`), a move after which the engines'
//! scores meet it ends the game. An opening's moves are played by the referee and recorded as
//! `book` moves; the engines get them in every `position` line.

use std::time::{Duration, Instant};

use guerrilla::game::prelude::*;
use guerrilla::game::{GameError, Outcome, Side};
use guerrilla::protocol::codec::{Command, Query, Response};
use guerrilla::protocol::wire::side_word;

/// The stones p1 placed between two positions of a game where p1 has a hand (Guerrilla
/// Checkers' Guerrilla, as the rules library reports it); `None` for a game without one.
pub fn stones_placed<G: Game>(start: &G, end: &G) -> Option<u32> {
    Some(start.hand(Side::P1)?.saturating_sub(end.hand(Side::P1)?))
}

use crate::adjudicate::{Draw, Resign};
use crate::engine::{Answer, Engine, EngineError};
use crate::limits::Limits;
use crate::openings::{position_command, start_position, Opening};
use crate::records::{pgn_date, GameRecord, Move, Reason};
use crate::schedule::Job;

/// What a game needs besides its engines.
pub struct Referee<'a, G: Game> {
    pub settings: &'a G::Settings,
    /// Every engine's limits, by engine index.
    pub limits: &'a [Limits],
    /// How late a time-controlled answer may come, by engine index.
    pub margins: &'a [Duration],
    /// The wait for any answer but `bestmove`.
    pub timeout: Duration,
    /// The wait for `bestmove` under a node or depth budget.
    pub go_wait: Duration,
    pub max_plies: u32,
    /// The resignation rule, checked after every move the rules leave the game going on.
    pub resign: Option<Resign>,
    /// The draw rule, checked likewise (after the resignation rule).
    pub draw: Option<Draw>,
}

/// How a game ended, before it is written down.
pub enum Played {
    /// The record, and for p1's and p2's engine whether it failed (and must be restarted).
    Done(Box<GameRecord>, [bool; 2]),
    /// The match is ending: the game is not scored.
    Abandoned,
}

/// An engine failure: who, why, the text.
struct Fault {
    side: Side,
    reason: Reason,
    detail: String,
    bad_move: Option<String>,
}

impl<G: Game> Referee<'_, G> {
    /// The fault of an engine error met while talking to `side`'s engine.
    fn fault(tc: &Limits, side: Side, err: EngineError, during_go: bool) -> Option<Fault> {
        let reason = match &err {
            EngineError::Abandoned => return None,
            EngineError::Timeout { .. } if during_go => match tc.budget_ms(0) {
                None => Reason::Hang,
                Some(_) => Reason::Time,
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

    /// Plays `job` from `opening` (an [`Opening`]'s text) with `engines[0]` as p1 and
    /// `engines[1]` as p2.
    pub fn play(&self, job: &Job, opening: &str, engines: [&mut Engine; 2]) -> Played {
        let [e1, e2] = engines;
        let mut engines = [e1, e2];
        // Openings are checked before the match starts.
        let opening: Opening = opening.parse().expect("a checked opening");
        let mut referee: G = match start_position(&opening.start, self.settings) {
            Ok(g) => g,
            Err(e) => panic!("opening '{opening}' was checked and is refused: {e}"),
        };
        let start = referee.clone();
        let first = referee.side_to_move();
        for mv in &opening.moves {
            match referee.parse_turn(mv).and_then(|t| referee.play_turn(&t)) {
                Ok(()) => {}
                Err(e) => panic!("opening '{opening}' was checked and is refused: {e}"),
            }
        }
        let mut record = GameRecord {
            index: job.index,
            pair: job.pair,
            p1: engines[0].name.clone(),
            p2: engines[1].name.clone(),
            date: pgn_date(),
            opening: opening.start.clone(),
            first,
            tc: [job.p1, job.p2].map(|e| self.limits[e].to_string()),
            outcome: Outcome::Draw,
            reason: Reason::Gameover,
            detail: String::new(),
            faulty: None,
            bad_move: None,
            moves: opening
                .moves
                .iter()
                .map(|m| Move {
                    token: m.clone(),
                    book: true,
                    ..Move::default()
                })
                .collect(),
            problems: Vec::new(),
            stones: None,
        };
        let tcs = [&self.limits[job.p1], &self.limits[job.p2]];
        let margins = [self.margins[job.p1], self.margins[job.p2]];
        let played = self.moves(&mut referee, &mut record, &mut engines, tcs, margins);
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
                let expected = Answer::Known(Response::Result(referee.outcome())).to_string();
                let pos = position_command(&record.opening, record.tokens());
                let mut answers = Vec::new();
                for (i, e) in engines.iter_mut().enumerate() {
                    let t = self.timeout;
                    let asked = e
                        .is_ready(t)
                        .and_then(|_| e.send(&pos))
                        .and_then(|_| e.query(Query::GameOver, t))
                        .and_then(|over| {
                            e.send(&pos)?;
                            Ok((over.to_string(), e.query(Query::Result, t)?.to_string()))
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
                        if *r != expected {
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
        tcs: [&Limits; 2],
        margins: [Duration; 2],
    ) -> Result<(Outcome, Reason, String), Option<Fault>> {
        let t = self.timeout;
        for (i, side) in [Side::P1, Side::P2].into_iter().enumerate() {
            engines[i]
                .is_ready(t)
                .and_then(|_| engines[i].send(&Command::UgiNewGame))
                .map_err(|e| Self::fault(tcs[i], side, e, false))?;
        }
        let mut clocks = [tcs[0].start_clock().0, tcs[1].start_clock().0];
        let incs = [tcs[0].start_clock().1, tcs[1].start_clock().1];
        let mut moves_made = [0u32; 2];
        loop {
            let pos = position_command(&record.opening, record.tokens());
            let side = referee.side_to_move();
            // cutegames asks p1's engine whose turn it is.
            let p1turn = engines[0]
                .send(&pos)
                .and_then(|_| engines[0].query(Query::P1Turn, t))
                .map_err(|e| Self::fault(tcs[0], Side::P1, e, false))?;
            if p1turn != Answer::Known(Response::Bool(side == Side::P1)) {
                record.problems.push(format!(
                    "ply {}: {} says p1turn {}, the rules say {} to move",
                    record.moves.len(),
                    engines[0].name,
                    p1turn,
                    side_word(side)
                ));
            }
            let us = side.index();
            let tc = tcs[us];
            let over = engines[us]
                .is_ready(t)
                .and_then(|_| engines[us].send(&pos))
                .and_then(|_| engines[us].query(Query::GameOver, t))
                .map_err(|e| Self::fault(tc, side, e, false))?;
            if over != Answer::Known(Response::Bool(referee.outcome().is_some())) {
                record.problems.push(format!(
                    "ply {}: {} says gameover {}, the rules say {}",
                    record.moves.len(),
                    engines[us].name,
                    over,
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
            let go = tc.go_args(clocks, incs);
            let budget = tc.budget_ms(clocks[us]).map(Duration::from_millis);
            let margin = margins[us];
            let wait = budget.map_or(self.go_wait, |b| b + margin);
            let started = Instant::now();
            let (mv, eval) = engines[us]
                .go(go, wait)
                .map_err(|e| Self::fault(tc, side, e, true))?;
            let spent = started.elapsed();
            let spent_ms = spent.as_millis() as u64;
            if let Some(b) = budget {
                if spent > b + margin {
                    return Err(Some(Fault {
                        side,
                        reason: Reason::Time,
                        detail: format!(
                            "answered after {spent_ms} ms, allowed {} ms + margin {} ms",
                            b.as_millis(),
                            margin.as_millis()
                        ),
                        bad_move: None,
                    }));
                }
            }
            moves_made[us] += 1;
            clocks[us] = tc.after_move(clocks[us], spent_ms, moves_made[us]);
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
                book: false,
            });
            if let Some(rule) = self.resign.filter(|_| referee.outcome().is_none()) {
                if let Some(loser) = rule.resigns(&record.moves, record.first) {
                    let detail = rule.detail(loser, [&record.p1, &record.p2]);
                    return Ok((Outcome::Win(loser.opponent()), Reason::Resign, detail));
                }
            }
            if let Some(rule) = self.draw.filter(|_| referee.outcome().is_none()) {
                if rule.holds(&record.moves) {
                    return Ok((Outcome::Draw, Reason::AdjudicatedDraw, rule.detail()));
                }
            }
        }
    }
}
