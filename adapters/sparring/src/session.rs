//! The UGI side of the sparring player: the part of protocol.md that `guerrilla-arena` and
//! cutegames use (`ugi`, `isready`, `uginewgame`, `setoption`, `position`, `go`, `stop`,
//! `query`, `quit`), for Wells' Guerrilla only.
//!
//! It reads every command and writes every answer through the engine library's protocol codec
//! (`guerrilla::protocol::codec`): no protocol word is spelt here. Every bad input gets exactly
//! one error line (the codec's, as the engine words it) and changes nothing, with the two exceptions of protocol.md: an illegal move inside
//! `position … moves` ends the game, lost by the side that played it (§ 3.5), and a `go` that
//! cannot choose answers `bestmove none` after its error line (§ 3.6). A `go` is answered at
//! once, on the command loop (the choice is bounded by the sample count and the time limit);
//! `go infinite` keeps its `bestmove` until `stop` or any command other than `isready`, `query`
//! and `ugi`.

use std::fmt::Display;
use std::io::Write;
use std::time::{Duration, Instant};

use guerrilla::engine::EngineError;
use guerrilla::game::prelude::*;
use guerrilla::game::GameError;
use guerrilla::protocol::codec::{
    BestMove, Command, GoArgs, InfoReport, Message, MessageError, OptionDecl, OptionValue, Query,
    Response, Score, Start,
};
use guerrilla::protocol::options::OptionError;
use guerrilla::protocol::wire;
use guerrilla::wells::{Settings, Wells};
use guerrilla::{Outcome, Side};

use crate::eval::EvalKind;
use crate::player::{choose, Limits};

/// The only game played, as the `Game` option names it.
pub const GAME: &str = "guerrilla";
/// The other game of the protocol, which this player does not play.
const OTHER_GAME: &str = "guerrilla-checkers";
/// The name `ugi` gives.
pub const NAME: &str = "guerrilla-sparring";
/// Default of the `Samples` option: turns drawn per decision.
pub const DEFAULT_SAMPLES: u32 = 300;
/// Largest `Samples`, and largest sample count a `go nodes` asks for.
pub const MAX_SAMPLES: u32 = 1_000_000;
/// The share of the allowed time spent sampling: the rest covers formatting, the pipes and
/// the arena's own measurement.
const TIME_SHARE: f64 = 0.5;
/// Never counted on: the last milliseconds of a clock (protocol.md § 3.6).
const CLOCK_RESERVE_MS: u64 = 50;
/// The options' names, in the order `ugi` declares them.
const OPTION_NAMES: [&str; 6] = ["Game", "Seed", "BoardSide", "TurnLimit", "Samples", "Eval"];

/// The options and their current values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    pub side: u8,
    pub turn_limit: u32,
    pub seed: u64,
    pub samples: u32,
    pub eval: EvalKind,
}

impl Default for Options {
    fn default() -> Self {
        let s = Settings::default();
        Options {
            side: s.side,
            turn_limit: s.turn_limit,
            seed: 0,
            samples: DEFAULT_SAMPLES,
            eval: EvalKind::default(),
        }
    }
}

impl Options {
    fn settings(&self) -> Settings {
        Settings::new(self.side, self.turn_limit).unwrap_or_default()
    }
}

/// The options `ugi` declares, in [`OPTION_NAMES`] order; `setoption` values are checked by
/// these declarations.
pub fn option_decls() -> Vec<OptionDecl> {
    let d = Options::default();
    let [game, seed, side, limit, samples, eval] = OPTION_NAMES;
    vec![
        OptionDecl::combo(game, GAME, &[GAME]),
        OptionDecl::spin(seed, 0, 0, u32::MAX.into()),
        OptionDecl::spin(side, d.side.into(), 4, 12),
        OptionDecl::spin(limit, d.turn_limit.into(), 1, 10_000),
        OptionDecl::spin(samples, DEFAULT_SAMPLES.into(), 1, MAX_SAMPLES.into()),
        OptionDecl::combo(eval, d.eval.name(), &EvalKind::NAMES),
    ]
}

/// The `option` lines of `ugi`.
pub fn option_lines() -> Vec<String> {
    option_decls().iter().map(|d| d.to_string()).collect()
}

/// Why a command was refused: the body of its error line (`expected … but got '…'`).
type Refusal = Box<dyn Display>;

fn refuse(e: impl Display + 'static) -> Refusal {
    Box::new(e)
}

/// What was expected and the piece of input that came instead.
fn expected(what: impl Into<String>, got: impl Into<String>) -> Refusal {
    refuse(MessageError {
        expected: what.into(),
        got: got.into(),
    })
}

/// The game as the session holds it.
pub struct Session<W: Write> {
    out: W,
    opts: Options,
    /// The start of the game (canonical position string) and the move tokens played from it.
    start: String,
    moves: Vec<String>,
    pos: Wells,
    /// The side that lost by an illegal move in `position`.
    forfeit: Option<Side>,
    /// The `bestmove` of a `go infinite`, written at `stop`.
    pending: Option<Message>,
}

impl<W: Write> Session<W> {
    pub fn new(out: W) -> Self {
        let opts = Options::default();
        let pos = Wells::new(&opts.settings());
        Session {
            out,
            opts,
            start: pos.to_position_string(),
            moves: Vec::new(),
            pos,
            forfeit: None,
            pending: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Wells {
        &self.pos
    }

    /// What has been written so far (for tests writing to a `Vec`).
    pub fn out_ref(&self) -> &W {
        &self.out
    }

    /// Writes `messages` as one block, one line each.
    fn say(&mut self, messages: &[Message]) {
        let mut text = String::new();
        for m in messages {
            text.push_str(&m.to_string());
            text.push('\n');
        }
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    /// The error line of `e` for `line`.
    fn error(&mut self, e: Refusal, line: &str) {
        self.say(&[Message::error(e, line)]);
    }

    /// Answers an overlong line (see [`crate::lines`]).
    pub fn too_long(&mut self, start: &str, len: usize) {
        self.say(&[Message::too_long(crate::lines::MAX_LINE, start, len)]);
    }

    /// Writes the `bestmove` of a `go infinite`, if one is waiting.
    pub fn flush_pending(&mut self) {
        if let Some(m) = self.pending.take() {
            self.say(&[m]);
        }
    }

    /// Handles one cleaned line; returns false after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let cmd = match line.parse::<Command>() {
            Ok(cmd) => cmd,
            Err(e) => {
                self.error(refuse(e), line);
                // A `go` the grammar refuses still ends with a `bestmove` (protocol.md § 3.6).
                let go = Command::Go(GoArgs::default()).to_string();
                if line.split(' ').next() == Some(go.as_str()) && self.pending.is_none() {
                    self.say(&[Message::BestMove(BestMove::none())]);
                }
                return true;
            }
        };
        if !cmd.runs_beside_a_search() {
            self.flush_pending();
        }
        let done = match cmd {
            Command::Ugi => {
                let mut block = vec![
                    Message::IdName(NAME.into()),
                    Message::IdAuthor(wire::ENGINE_AUTHOR.into()),
                ];
                block.extend(option_decls().into_iter().map(Message::Option));
                block.push(Message::UgiOk);
                self.say(&block);
                Ok(())
            }
            Command::IsReady => {
                self.say(&[Message::ReadyOk]);
                Ok(())
            }
            Command::UgiNewGame => {
                self.new_game();
                Ok(())
            }
            Command::Stop => Ok(()),
            Command::Quit => return false,
            Command::SetOption { name, value } => self.setoption(&name, value.as_deref()),
            Command::Position { start, moves } => self.position_cmd(start, &moves),
            Command::Go(args) => {
                if let Err(e) = self.go(&args, line) {
                    self.error(e, line);
                    self.say(&[Message::BestMove(BestMove::none())]);
                }
                Ok(())
            }
            Command::Query(q) => {
                self.query(q);
                Ok(())
            }
            other => Err(expected(
                "a command this player answers (the UGI subset of adapters/sparring/README.md)",
                other.to_string(),
            )),
        };
        if let Err(e) = done {
            self.error(e, line);
        }
        true
    }

    /// A new game of the current settings: the start position, no moves.
    fn new_game(&mut self) {
        self.pos = Wells::new(&self.opts.settings());
        self.start = self.pos.to_position_string();
        self.moves.clear();
        self.forfeit = None;
    }

    fn setoption(&mut self, name: &str, value: Option<&str>) -> Result<(), Refusal> {
        let decls = option_decls();
        let Some(k) = decls.iter().position(|d| d.name.eq_ignore_ascii_case(name)) else {
            return Err(refuse(OptionError::UnknownName {
                got: name.to_string(),
                names: OPTION_NAMES.to_vec(),
            }));
        };
        let Some(value) = value else {
            return Err(refuse(OptionError::NoValue {
                name: name.to_string(),
            }));
        };
        if k == 0 && value.eq_ignore_ascii_case(OTHER_GAME) {
            return Err(expected(
                format!("{GAME} (this player plays only Wells' Guerrilla)"),
                value,
            ));
        }
        let v = decls[k].value_of(value).map_err(refuse)?;
        let mut o = self.opts;
        match (k, v) {
            (1, OptionValue::Spin(n)) => o.seed = n as u64,
            (2, OptionValue::Spin(n)) => o.side = n as u8,
            (3, OptionValue::Spin(n)) => o.turn_limit = n as u32,
            (4, OptionValue::Spin(n)) => o.samples = n as u32,
            (5, OptionValue::Combo(w)) => o.eval = EvalKind::from_name(&w).unwrap_or(o.eval),
            _ => {} // Game: the one game there is
        }
        let new_game = (o.side, o.turn_limit) != (self.opts.side, self.opts.turn_limit);
        self.opts = o;
        if new_game {
            self.new_game();
        }
        Ok(())
    }

    fn position_cmd(&mut self, start: Start, moves: &[String]) -> Result<(), Refusal> {
        let settings = self.opts.settings();
        let start_pos = match start {
            Start::StartPos => Wells::new(&settings),
            Start::Fen(text) => Wells::from_position_string(&text, &settings).map_err(refuse)?,
        };
        let key = start_pos.to_position_string();
        let cached = key == self.start
            && moves.len() >= self.moves.len()
            && self.moves.iter().zip(moves).all(|(a, b)| a == b);
        if !cached {
            self.pos = start_pos;
            self.start = key;
            self.moves.clear();
        }
        self.forfeit = None;
        for m in &moves[self.moves.len()..] {
            if self.pos.outcome().is_some() {
                let over = GameError::Illegal {
                    got: m.clone(),
                    reason: "the game is already over".into(),
                };
                return Err(refuse(wire::forfeit_text(over, None)));
            }
            let mover = self.pos.side_to_move();
            let played = self.pos.parse_turn(m).and_then(|t| self.pos.play_turn(&t));
            if let Err(e) = played {
                self.forfeit = Some(mover);
                return Err(refuse(wire::forfeit_text(e, Some(mover))));
            }
            self.moves.push(m.clone());
        }
        Ok(())
    }

    fn go(&mut self, args: &GoArgs, line: &str) -> Result<(), Refusal> {
        let received = Instant::now();
        if args.ponder || !args.searchmoves.is_empty() {
            return Err(expected(
                "a search this player runs (it neither ponders nor restricts its root)",
                line,
            ));
        }
        let command = Command::Go(GoArgs::default()).to_string();
        if self.forfeit.is_some() || self.pos.outcome().is_some() {
            return Err(refuse(wire::engine_error_text(
                &EngineError::GameOver,
                &command,
            )));
        }
        let me = self.pos.side_to_move().index();
        let time = [args.p1time, args.p2time];
        let inc = [args.p1inc.unwrap_or(0), args.p2inc.unwrap_or(0)];
        // `depth` is read and ignored: one turn is looked at whatever the depth asked.
        let allowed_ms = if args.infinite {
            None
        } else if let Some(t) = args.movetime {
            Some(t)
        } else {
            time[me].map(|t| {
                (t / 30)
                    .saturating_add(inc[me] / 4 * 3)
                    .min(t.saturating_sub(CLOCK_RESERVE_MS))
                    .max(1)
            })
        };
        let samples = match args.nodes {
            Some(n) if !args.infinite => n.clamp(1, MAX_SAMPLES as u64),
            _ => self.opts.samples as u64,
        };
        // A deadline too far to represent is no deadline.
        let deadline = allowed_ms.and_then(|ms| {
            received.checked_add(Duration::from_millis((ms as f64 * TIME_SHARE) as u64))
        });
        let limits = Limits { samples, deadline };
        let Some(c) = choose(&self.pos, self.opts.seed, self.opts.eval, limits) else {
            return Err(refuse(wire::engine_error_text(
                &EngineError::MidTurn,
                &command,
            )));
        };
        let ms = received.elapsed().as_millis() as u64;
        log::debug!(
            "{}: {} drawn, {} distinct, value {:.2}, {} ms",
            c.text,
            c.drawn,
            c.distinct,
            c.value,
            ms
        );
        let report = InfoReport {
            depth: 1,
            multipv: None,
            nodes: c.drawn,
            time: ms,
            nps: c.drawn * 1000 / ms.max(1),
            score: Score::Expected((c.value / 10.0).tanh()),
            wdl: None,
            visits: None,
            pv: vec![c.text.clone()],
        };
        self.say(&[Message::Info(report)]);
        let best = Message::BestMove(BestMove::turn(c.text));
        if args.infinite {
            self.pending = Some(best);
        } else {
            self.say(&[best]);
        }
        Ok(())
    }

    fn query(&mut self, q: Query) {
        let outcome = match self.forfeit {
            Some(loser) => Some(Outcome::Win(loser.opponent())),
            None => self.pos.outcome(),
        };
        let answer = match q {
            Query::GameOver => Response::Bool(outcome.is_some()),
            Query::P1Turn => Response::Bool(self.pos.side_to_move() == Side::P1),
            Query::Result => Response::Result(outcome),
        };
        self.say(&[Message::Response(answer)]);
    }
}
