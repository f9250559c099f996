//! The UGI side of the sparring player: the part of protocol.md that `guerrilla-arena` and
//! cutegames use (`ugi`, `isready`, `uginewgame`, `setoption`, `position`, `go`, `stop`,
//! `query`, `quit`), for Wells' Guerrilla only.
//!
//! Every bad input gets exactly one `info string error: expected … but got '…'[ in '<line>']`
//! line and changes nothing, with the two exceptions of protocol.md: an illegal move inside
//! `position … moves` ends the game, lost by the side that played it (§ 3.5), and a `go` that
//! cannot choose answers `bestmove none` after its error line (§ 3.6). A `go` is answered at
//! once, on the command loop (the choice is bounded by the sample count and the time limit);
//! `go infinite` keeps its `bestmove` until `stop` or any command other than `isready`, `query`
//! and `ugi`.

use std::io::Write;
use std::time::{Duration, Instant};

use guerrilla::game::parse_decimal;
use guerrilla::game::prelude::*;
use guerrilla::protocol::wire;
use guerrilla::wells::{Settings, Wells};
use guerrilla::{Outcome, Side};

use crate::eval::EvalKind;
use crate::player::{choose, Limits};

/// The only game played, as the `Game` option names it.
pub const GAME: &str = "guerrilla";
/// The other game of the protocol, which this player does not play.
const OTHER_GAME: &str = "guerrilla-checkers";
/// Default of the `Samples` option: turns drawn per decision.
pub const DEFAULT_SAMPLES: u32 = 300;
/// Largest `Samples`, and largest sample count a `go nodes` asks for.
pub const MAX_SAMPLES: u32 = 1_000_000;
/// The share of the allowed time spent sampling: the rest covers formatting, the pipes and
/// the arena's own measurement.
const TIME_SHARE: f64 = 0.5;
/// Never counted on: the last milliseconds of a clock (protocol.md § 3.6).
const CLOCK_RESERVE_MS: u64 = 50;

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

/// The `option` lines of `ugi`.
pub fn option_lines() -> Vec<String> {
    let d = Options::default();
    vec![
        format!("option name Game type combo default {GAME} var {GAME}"),
        "option name Seed type spin default 0 min 0 max 4294967295".into(),
        format!(
            "option name BoardSide type spin default {} min 4 max 12",
            d.side
        ),
        format!(
            "option name TurnLimit type spin default {} min 1 max 10000",
            d.turn_limit
        ),
        format!("option name Samples type spin default {DEFAULT_SAMPLES} min 1 max {MAX_SAMPLES}"),
        format!(
            "option name Eval type combo default {} var {}",
            d.eval.name(),
            EvalKind::NAMES.join(" var ")
        ),
    ]
}

/// A protocol error.
enum Error {
    /// What was expected and the word that came instead.
    Expected { expected: String, got: String },
    /// A whole `expected … but got '…' (…)` text from the rules library, about part of the line.
    Rules(String),
}

fn expected(what: impl Into<String>, got: impl Into<String>) -> Error {
    Error::Expected {
        expected: what.into(),
        got: got.into(),
    }
}

/// A spin value: a strict decimal number (protocol.md § 2) from `min` to `max`.
fn spin(value: &str, min: u64, max: u64) -> Result<u64, Error> {
    parse_decimal(value)
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| expected(format!("an integer from {min} to {max}"), value))
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
    /// The `bestmove` line of a `go infinite`, written at `stop`.
    pending: Option<String>,
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

    fn say(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.write_all(b"\n");
        let _ = self.out.flush();
    }

    /// The error line of `e`; ` in '<line>'` is added unless what came is the whole line.
    fn error(&mut self, e: Error, line: &str) {
        let (mut text, whole) = match e {
            Error::Expected { expected, got } => (
                format!("info string error: expected {expected} but got '{got}'"),
                got == line,
            ),
            Error::Rules(body) => (format!("info string error: {body}"), false),
        };
        if !whole {
            text.push_str(&format!(" in '{line}'"));
        }
        self.say(&text);
    }

    /// Answers an overlong line (see [`crate::lines`]).
    pub fn too_long(&mut self, start: &str, len: usize) {
        self.say(&format!(
            "info string error: expected a line of at most {} bytes but got '{start}…' ({len} bytes)",
            crate::lines::MAX_LINE
        ));
    }

    /// Writes the `bestmove` of a `go infinite`, if one is waiting.
    pub fn flush_pending(&mut self) {
        if let Some(line) = self.pending.take() {
            self.say(&line);
        }
    }

    /// Handles one cleaned line; returns false after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split(' ').filter(|w| !w.is_empty()).collect();
        let Some(&first) = words.first() else {
            return true;
        };
        if !matches!(first, "isready" | "query" | "ugi") {
            self.flush_pending();
        }
        let args = &words[1..];
        let done = match first {
            "ugi" | "isready" | "uginewgame" | "stop" | "quit" if !args.is_empty() => {
                Err(expected("end of line", args[0]))
            }
            "ugi" => {
                let mut text = String::from(
                    "id name guerrilla-sparring\nid author the guerrilla developers\n",
                );
                for l in option_lines() {
                    text.push_str(&l);
                    text.push('\n');
                }
                text.push_str("ugiok");
                self.say(&text);
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "uginewgame" => {
                self.new_game();
                Ok(())
            }
            "stop" => Ok(()),
            "quit" => return false,
            "setoption" => self.setoption(args),
            "position" => self.position_cmd(args),
            "go" => {
                if let Err(e) = self.go(args, line) {
                    self.error(e, line);
                    self.say("bestmove none");
                }
                Ok(())
            }
            "query" => self.query(args),
            _ => Err(expected(
                "a command (ugi, isready, uginewgame, setoption, position, go, stop, query, quit)",
                first,
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

    fn setoption(&mut self, args: &[&str]) -> Result<(), Error> {
        let Some((&"name", rest)) = args.split_first() else {
            return Err(expected(
                "name",
                args.first().copied().unwrap_or("setoption"),
            ));
        };
        let split = rest.iter().position(|&w| w == "value");
        let (name_words, value_words) = match split {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        let name = name_words.join(" ");
        let names = "an option name (Game, Seed, BoardSide, TurnLimit, Samples, Eval)";
        if name.is_empty() {
            return Err(expected(names, split.map_or("setoption", |_| "value")));
        }
        let value = value_words.map(|v| v.join(" ")).unwrap_or_default();
        let key = name.to_ascii_lowercase();
        if !["game", "seed", "boardside", "turnlimit", "samples", "eval"].contains(&key.as_str()) {
            return Err(expected(names, name));
        }
        if value.is_empty() {
            return Err(expected(format!("value and a value for {name}"), name));
        }
        let mut o = self.opts;
        match key.as_str() {
            "game" => match value.to_ascii_lowercase().as_str() {
                GAME => {}
                OTHER_GAME => {
                    return Err(expected(
                        format!("{GAME} (this player plays only Wells' Guerrilla)"),
                        value,
                    ))
                }
                _ => return Err(expected(format!("one of {GAME}"), value)),
            },
            "seed" => o.seed = spin(&value, 0, u32::MAX as u64)?,
            "boardside" => o.side = spin(&value, 4, 12)? as u8,
            "turnlimit" => o.turn_limit = spin(&value, 1, 10_000)? as u32,
            "samples" => o.samples = spin(&value, 1, MAX_SAMPLES as u64)? as u32,
            _ => {
                o.eval = EvalKind::from_name(&value).ok_or_else(|| {
                    expected(format!("one of {}", EvalKind::NAMES.join(", ")), &value)
                })?
            }
        }
        let new_game = (o.side, o.turn_limit) != (self.opts.side, self.opts.turn_limit);
        self.opts = o;
        if new_game {
            self.new_game();
        }
        Ok(())
    }

    fn position_cmd(&mut self, args: &[&str]) -> Result<(), Error> {
        let settings = self.opts.settings();
        let (start_pos, rest) = match args.split_first() {
            Some((&"startpos", rest)) => (Wells::new(&settings), rest),
            Some((&"fen", rest)) => {
                let end = rest
                    .iter()
                    .position(|&w| w == "moves")
                    .unwrap_or(rest.len());
                if end == 0 {
                    return Err(expected("a position string", "fen"));
                }
                let text = rest[..end].join(" ");
                let p = Wells::from_position_string(&text, &settings)
                    .map_err(|e| Error::Rules(e.to_string()))?;
                (p, &rest[end..])
            }
            _ => {
                return Err(expected(
                    "startpos or fen",
                    args.first().copied().unwrap_or("position"),
                ))
            }
        };
        let moves: &[&str] = match rest.split_first() {
            None => &[],
            Some((&"moves", m)) => m,
            Some((w, _)) => return Err(expected("moves or end of line", *w)),
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
        for &m in &moves[self.moves.len()..] {
            if self.pos.outcome().is_some() {
                return Err(Error::Rules(format!(
                    "expected a legal move but got '{m}' (the game is already over); the result stands"
                )));
            }
            let mover = self.pos.side_to_move();
            let played = self.pos.parse_turn(m).and_then(|t| self.pos.play_turn(&t));
            if let Err(e) = played {
                self.forfeit = Some(mover);
                let loser = wire::side_word(mover);
                return Err(Error::Rules(format!(
                    "{e}; the game is over, lost by {loser}"
                )));
            }
            self.moves.push(m.to_string());
        }
        Ok(())
    }

    fn go(&mut self, args: &[&str], line: &str) -> Result<(), Error> {
        let received = Instant::now();
        let mut time = [None::<u64>; 2];
        let mut inc = [0u64; 2];
        let (mut movetime, mut nodes, mut infinite) = (None, None, false);
        let mut i = 0;
        while i < args.len() {
            let word = args[i];
            if word == "infinite" {
                infinite = true;
                i += 1;
                continue;
            }
            let max = match word {
                "p1time" | "p2time" | "p1inc" | "p2inc" | "movetime" | "nodes" => u64::MAX,
                "depth" => u32::MAX as u64,
                _ => {
                    return Err(expected(
                        "a go parameter (p1time, p2time, p1inc, p2inc, movetime, nodes, depth, infinite)",
                        word,
                    ))
                }
            };
            let Some(&text) = args.get(i + 1) else {
                return Err(expected(format!("a number after {word}"), line));
            };
            let n = parse_decimal(text).filter(|&n| n <= max).ok_or_else(|| {
                expected(
                    format!("a decimal number from 0 to {max} (no sign, no leading zero)"),
                    text,
                )
            })?;
            match word {
                "p1time" => time[0] = Some(n),
                "p2time" => time[1] = Some(n),
                "p1inc" => inc[0] = n,
                "p2inc" => inc[1] = n,
                "movetime" => movetime = Some(n),
                "nodes" => nodes = Some(n),
                _ => {} // depth: one turn is looked at whatever the depth asked
            }
            i += 2;
        }
        if self.forfeit.is_some() || self.pos.outcome().is_some() {
            return Err(expected("a game in progress", "go"));
        }
        let me = self.pos.side_to_move().index();
        let allowed_ms = if infinite {
            None
        } else if let Some(t) = movetime {
            Some(t)
        } else {
            time[me].map(|t| {
                (t / 30)
                    .saturating_add(inc[me] / 4 * 3)
                    .min(t.saturating_sub(CLOCK_RESERVE_MS))
                    .max(1)
            })
        };
        let samples = match nodes {
            Some(n) if !infinite => n.clamp(1, MAX_SAMPLES as u64),
            _ => self.opts.samples as u64,
        };
        // A deadline too far to represent is no deadline.
        let deadline = allowed_ms.and_then(|ms| {
            received.checked_add(Duration::from_millis((ms as f64 * TIME_SHARE) as u64))
        });
        let limits = Limits { samples, deadline };
        let Some(c) = choose(&self.pos, self.opts.seed, self.opts.eval, limits) else {
            return Err(expected("a position at the start of a turn", "go"));
        };
        let ms = received.elapsed().as_millis() as u64;
        let score = (c.value / 10.0).tanh();
        log::debug!(
            "{}: {} drawn, {} distinct, value {:.2}, {} ms",
            c.text,
            c.drawn,
            c.distinct,
            c.value,
            ms
        );
        self.say(&format!(
            "info depth 1 nodes {} time {ms} nps {} score {score:.3} pv {}",
            c.drawn,
            c.drawn * 1000 / ms.max(1),
            c.text
        ));
        let best = format!("bestmove {}", c.text);
        if infinite {
            self.pending = Some(best);
        } else {
            self.say(&best);
        }
        Ok(())
    }

    fn query(&mut self, args: &[&str]) -> Result<(), Error> {
        let what = "gameover, p1turn or result";
        let [q] = args else {
            return Err(expected(
                what,
                args.get(1).or(args.first()).copied().unwrap_or("query"),
            ));
        };
        let outcome = match self.forfeit {
            Some(loser) => Some(Outcome::Win(loser.opponent())),
            None => self.pos.outcome(),
        };
        let answer = match *q {
            "gameover" => {
                if outcome.is_some() {
                    "true"
                } else {
                    "false"
                }
            }
            "p1turn" => {
                if self.pos.side_to_move() == Side::P1 {
                    "true"
                } else {
                    "false"
                }
            }
            "result" => wire::result_word(outcome),
            other => return Err(expected(what, other)),
        };
        self.say(&format!("response {answer}"));
        Ok(())
    }
}
