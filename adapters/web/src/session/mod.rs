//! One browser session: a thread that owns one engine process and the game shown on one page.
//!
//! The session is an actor: the HTTP handlers send it [`Msg::Action`]s and wait for the reply,
//! the engine's reader thread sends it the engine's lines, and every change is pushed as a JSON
//! state to the page's WebSocket subscribers. The session knows no rule: it forwards the page's
//! choices to the engine (`step`, `undo step`, `play`, `go`) and reads the game back from the
//! engine (`describe`, `legal steps`, `history`, `geometry`, `show`), as protocol.md § 4 says.
//!
//! The work is split by role:
//! * [`link`]: the engine process — requests and their answers, restarts, restoring the game;
//! * [`game`]: reading the game back, the timeline of positions, the engine's own turns;
//! * [`actions`]: what the page asks for;
//! * this file: the loop, messages and the state the page sees.
//!
//! Promises:
//! * every engine error line (`info string error: …`) reaches the page as an error message;
//! * a request the engine does not answer within [`ANSWER_TIMEOUT`], or an engine that exits,
//!   gets the engine restarted, the game restored to the start of the current turn from the
//!   last `history`, and the user told;
//! * the engine plays a side only at a turn start, when that side is set to `engine`, the game
//!   is not paused, no analysis runs and no human turn is waiting for its confirmation;
//! * the page can see every position of the game (the timeline), not only the last one.

mod actions;
mod game;
mod link;

use std::collections::{BTreeMap, VecDeque};
use std::sync::mpsc::{Receiver, Sender};

use serde_json::{json, Map, Value};

use crate::engine::{EngineCommand, EngineEvent, EngineProcess};
use crate::parse::Geometry;
use guerrilla::wells::{BOARD_SIDE, TURN_LIMIT};

pub use link::ANSWER_TIMEOUT;

/// Messages kept for the page.
const MESSAGES_KEPT: usize = 30;

/// What a session thread receives.
pub enum Msg {
    Engine(EngineEvent),
    /// A page action (JSON) and where to send the reply: the new state and the action's own
    /// answer (`Value::Null` for most), or an error text and the state.
    Action(Value, Sender<Result<(Value, Value), (String, Value)>>),
    /// A new WebSocket subscriber: it receives the state (JSON text) after every change.
    Subscribe(Sender<String>),
    Shutdown,
}

fn wrap(e: EngineEvent) -> Msg {
    Msg::Engine(e)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    Human,
    Engine { movetime: u64 },
}

impl Player {
    fn json(self) -> Value {
        match self {
            Player::Human => json!({"kind": "human"}),
            Player::Engine { movetime } => json!({"kind": "engine", "movetime": movetime}),
        }
    }

    fn from_json(v: &Value) -> Result<Player, String> {
        match v.get("kind").and_then(Value::as_str) {
            Some("human") => Ok(Player::Human),
            Some("engine") => {
                let movetime = v.get("movetime").and_then(Value::as_u64).unwrap_or(500);
                if !(10..=600_000).contains(&movetime) {
                    return Err(format!(
                        "expected a think time from 10 to 600000 ms but got '{movetime}'"
                    ));
                }
                Ok(Player::Engine { movetime })
            }
            _ => Err(format!("expected a player (human or engine) but got '{v}'")),
        }
    }
}

/// A search under way.
struct Search {
    /// Its `bestmove` is not played (the search was stopped by the user, or it is an analysis).
    discard: bool,
}

/// One position of the game: the start (`mv` empty) or the position after a whole turn.
#[derive(Clone, Debug)]
struct Ply {
    /// The turn that led here, as `history` lists it.
    mv: String,
    /// Who played it: `human`, `engine`, or `record` (set up from a record or a restart).
    by: String,
    /// The engine's `describe` fields of the position.
    describe: BTreeMap<String, String>,
    /// What the engine's `played`/`stepped` answer said beyond the turn (its words, by key).
    report: BTreeMap<String, String>,
}

impl Ply {
    fn json(&self, index: usize) -> Value {
        json!({
            "ply": index,
            "move": self.mv,
            "by": self.by,
            "describe": self.describe,
            "report": self.report,
        })
    }
}

/// The state of one session (owned by its thread).
pub struct Session {
    id: String,
    cmd: EngineCommand,
    rx: Receiver<Msg>,
    tx: Sender<Msg>,
    engine: Option<EngineProcess>,
    generation: u64,
    restarts: u32,
    pending: VecDeque<Msg>,
    subscribers: Vec<Sender<String>>,
    // What the user chose.
    game: String,
    board_side: u64,
    turn_limit: u64,
    players: [Player; 2],
    paused: bool,
    advance_once: bool,
    /// A completed human turn waits for Confirm before an engine replies (only when
    /// `confirm_turns` is on).
    confirm_turns: bool,
    awaiting_confirm: Option<String>,
    /// The engine thinks on the shown position and plays nothing.
    analysing: Option<usize>,
    // What the engine said.
    geometry: Option<Geometry>,
    geometry_dirty: bool,
    describe: BTreeMap<String, String>,
    steps: Vec<String>,
    history_start: Option<String>,
    history_moves: Vec<String>,
    building: Vec<String>,
    /// The position string of the current turn's start (`show`'s `fen` line).
    fen: String,
    /// Every position of the game: `timeline[k]` follows the first `k` turns of `history`.
    timeline: Vec<Ply>,
    /// Who played the turn that ends next, and what the engine reported about it.
    next_by: String,
    next_report: BTreeMap<String, String>,
    last: Value,
    /// What `endmove` would do now (Guerrilla, a human's movement phase), or null.
    endmove_preview: Value,
    search: Option<Search>,
    thinking: Value,
    messages: VecDeque<Value>,
    message_seq: u64,
    version: u64,
}

impl Session {
    /// Creates the session and starts its engine (on the calling thread), ready to `run`.
    pub fn new(
        id: String,
        cmd: EngineCommand,
        tx: Sender<Msg>,
        rx: Receiver<Msg>,
    ) -> Result<Session, String> {
        let mut s = Session {
            id,
            cmd,
            rx,
            tx,
            engine: None,
            generation: 0,
            restarts: 0,
            pending: VecDeque::new(),
            subscribers: Vec::new(),
            game: "guerrilla-checkers".into(),
            board_side: BOARD_SIDE.default,
            turn_limit: TURN_LIMIT.default,
            players: [Player::Human, Player::Engine { movetime: 500 }],
            paused: false,
            advance_once: false,
            confirm_turns: false,
            awaiting_confirm: None,
            analysing: None,
            geometry: None,
            geometry_dirty: true,
            describe: BTreeMap::new(),
            steps: Vec::new(),
            history_start: None,
            history_moves: Vec::new(),
            building: Vec::new(),
            fen: String::new(),
            timeline: Vec::new(),
            next_by: "human".into(),
            next_report: BTreeMap::new(),
            last: Value::Null,
            endmove_preview: Value::Null,
            search: None,
            thinking: Value::Null,
            messages: VecDeque::new(),
            message_seq: 0,
            version: 0,
        };
        s.start_engine()?;
        s.refresh();
        Ok(s)
    }

    /// The session's loop: until `Shutdown` or the last handle is dropped.
    pub fn run(mut self) {
        loop {
            let msg = match self.pending.pop_front() {
                Some(m) => m,
                None => match self.rx.recv() {
                    Ok(m) => m,
                    Err(_) => break,
                },
            };
            match msg {
                Msg::Shutdown => break,
                Msg::Subscribe(sub) => {
                    if sub.send(self.state_json().to_string()).is_ok() {
                        self.subscribers.push(sub);
                    }
                }
                Msg::Action(action, reply) => {
                    let result = self.act(&action);
                    self.maybe_start_engine();
                    let state = self.state_json();
                    let _ = reply.send(match result {
                        Ok(data) => Ok((state, data)),
                        Err(e) => Err((e, state)),
                    });
                    self.broadcast();
                }
                Msg::Engine(EngineEvent::Line(g, line)) if g == self.generation => {
                    self.on_engine_line(&line);
                    self.broadcast();
                }
                Msg::Engine(EngineEvent::Exited(g)) if g == self.generation => {
                    self.restart_engine("the engine exited");
                    self.broadcast();
                }
                Msg::Engine(_) => {} // a line of an engine already replaced
            }
        }
        if let Some(e) = self.engine.take() {
            e.shutdown();
        }
        log::info!("session {} closed", self.id);
    }

    // ----- what the page sees -----

    fn message(&mut self, level: &str, text: String) {
        self.message_seq += 1;
        self.messages
            .push_back(json!({"seq": self.message_seq, "level": level, "text": text}));
        while self.messages.len() > MESSAGES_KEPT {
            self.messages.pop_front();
        }
    }

    /// The state the page draws. The timeline is sent as its moves only: a page asks for the
    /// positions it lacks with the `plies` action.
    fn state_json(&mut self) -> Value {
        self.version += 1;
        let describe: Map<String, Value> = self
            .describe
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect();
        let plies: Vec<Value> = self
            .timeline
            .iter()
            .skip(1)
            .map(|p| json!({"move": p.mv, "by": p.by, "report": p.report}))
            .collect();
        json!({
            "session": self.id,
            "version": self.version,
            "game": self.game,
            "board_side": self.board_side,
            "turn_limit": self.turn_limit,
            // The bounds of the game options, as the game declares them: the page's inputs
            // take theirs from here.
            "option_bounds": {
                "board_side": {"min": BOARD_SIDE.min, "max": BOARD_SIDE.max},
                "turn_limit": {"min": TURN_LIMIT.min, "max": TURN_LIMIT.max},
            },
            "players": [self.players[0].json(), self.players[1].json()],
            "paused": self.paused,
            "confirm_turns": self.confirm_turns,
            "awaiting_confirm": self.awaiting_confirm,
            "analysing": self.analysing,
            "geometry": self.geometry.as_ref().map(Geometry::json),
            "describe": describe,
            "steps": self.steps,
            "fen": self.fen,
            "history": {
                "start": self.history_start,
                "moves": self.history_moves,
                "building": self.building,
            },
            "timeline": {"plies": plies},
            "last": self.last,
            "endmove_preview": self.endmove_preview,
            "searching": self.search.is_some(),
            "thinking": self.thinking,
            "messages": self.messages,
            "engine": {
                "pid": self.engine.as_ref().map(EngineProcess::pid),
                "restarts": self.restarts,
                "command": self.cmd.describe(),
            },
        })
    }

    fn broadcast(&mut self) {
        if self.subscribers.is_empty() {
            return;
        }
        let text = self.state_json().to_string();
        self.subscribers.retain(|s| s.send(text.clone()).is_ok());
    }
}

/// The text of the first `info string error:` line (without `info string `).
fn first_error(lines: &[String]) -> Option<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info string "))
        .find(|t| t.starts_with("error:"))
        .map(|t| format!("engine: {t}"))
}

fn parse_players(a: &Value, old: [Player; 2]) -> Result<[Player; 2], String> {
    match a.get("players") {
        None | Some(Value::Null) => Ok(old),
        Some(Value::Array(v)) if v.len() == 2 => {
            Ok([Player::from_json(&v[0])?, Player::from_json(&v[1])?])
        }
        Some(other) => Err(format!("expected two players but got '{other}'")),
    }
}

/// The `key=value` fields of a `describe` line (without its first word).
fn describe_fields(rest: &str) -> BTreeMap<String, String> {
    rest.split(' ')
        .filter_map(|f| f.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}
