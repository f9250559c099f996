//! One browser session: a thread that owns one engine process and the game shown on one page.
//!
//! The session is an actor: the HTTP handlers send it [`Msg::Action`]s and wait for the reply,
//! the engine's reader thread sends it the engine's lines, and every change is pushed as a JSON
//! state to the page's WebSocket subscribers. The session knows no rule: it forwards the page's
//! choices to the engine (`step`, `undo step`, `play`, `go`) and reads the game back from the
//! engine (`describe`, `legal steps`, `history`, `geometry`), exactly as protocol.md § 4 says.
//!
//! Promises:
//! * every engine error line (`info string error: …`) reaches the page as an error message;
//! * a request the engine does not answer within [`ANSWER_TIMEOUT`], or an engine that exits,
//!   gets the engine restarted, the game restored to the start of the current turn from the
//!   last `history`, and the user told;
//! * the engine plays a side only at a turn start, when that side is set to `engine`, the game
//!   is not paused and no human turn is waiting for its confirmation.

use std::collections::{BTreeMap, VecDeque};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use crate::engine::{EngineCommand, EngineEvent, EngineProcess};
use crate::parse::{parse_geometry, parse_info, parse_stepped, Geometry};
use guerrilla::game::{GameOption, Side};
use guerrilla::wells::{BOARD_SIDE, TURN_LIMIT};

/// How long a request (a command and its `isready`) may wait for the engine's `readyok`.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);
/// Messages kept for the page.
const MESSAGES_KEPT: usize = 30;

/// What a session thread receives.
pub enum Msg {
    Engine(EngineEvent),
    /// A page action (JSON) and where to send the reply (the new state, or an error text).
    Action(Value, Sender<Result<Value, (String, Value)>>),
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
    /// Its `bestmove` is not played (the search was stopped by the user).
    discard: bool,
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
    awaiting_confirm: Option<String>,
    // What the engine said.
    geometry: Option<Geometry>,
    geometry_dirty: bool,
    describe: BTreeMap<String, String>,
    steps: Vec<String>,
    history_start: Option<String>,
    history_moves: Vec<String>,
    building: Vec<String>,
    last: Value,
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
            awaiting_confirm: None,
            geometry: None,
            geometry_dirty: true,
            describe: BTreeMap::new(),
            steps: Vec::new(),
            history_start: None,
            history_moves: Vec::new(),
            building: Vec::new(),
            last: Value::Null,
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
                    let state = self.state_json();
                    let _ = reply.send(match result {
                        Ok(()) => Ok(state),
                        Err(e) => Err((e, state)),
                    });
                    self.maybe_start_engine();
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

    // ----- the engine process -----

    fn start_engine(&mut self) -> Result<(), String> {
        self.generation += 1;
        let e = EngineProcess::spawn(&self.cmd, self.generation, self.tx.clone(), wrap)?;
        log::info!(
            "session {}: engine pid {} ({})",
            self.id,
            e.pid(),
            self.cmd.describe()
        );
        self.engine = Some(e);
        self.search = None;
        self.restore_game(false)
    }

    /// Sends the settings and the game (start position, whole turns, and with `building` the
    /// steps of the turn being built) to the engine, from what it last said in `history`.
    /// A step of `building` the engine took by itself is refused when sent again: that refusal
    /// is expected and skipped.
    fn restore_game(&mut self, building: bool) -> Result<(), String> {
        let mut cmds = vec![
            format!(
                "setoption name {} value {}",
                BOARD_SIDE.name, self.board_side
            ),
            format!(
                "setoption name {} value {}",
                TURN_LIMIT.name, self.turn_limit
            ),
            format!("setoption name Game value {}", self.game),
            "uginewgame".to_string(),
        ];
        if let Some(start) = &self.history_start {
            let mut p = format!("position fen {start}");
            if !self.history_moves.is_empty() {
                p.push_str(" moves ");
                p.push_str(&self.history_moves.join(" "));
            }
            cmds.push(p);
        }
        let lines = self.request(&cmds)?;
        self.report_errors(&lines);
        if building {
            for step in self.building.clone() {
                self.request(&[format!("step {step}")])?;
            }
        }
        self.geometry_dirty = true;
        Ok(())
    }

    /// Replaces a dead or hung engine and tells the user.
    fn restart_engine(&mut self, why: &str) {
        let status = self
            .engine
            .as_mut()
            .and_then(|e| e.exit_status())
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        if let Some(e) = self.engine.take() {
            e.shutdown();
        }
        self.restarts += 1;
        self.awaiting_confirm = None;
        self.thinking = Value::Null;
        log::warn!("session {}: {why}{status}; restarting it", self.id);
        match self.start_engine() {
            Ok(()) => {
                self.message(
                    "error",
                    format!(
                        "{why}{status} and was restarted; the game was restored to the start of the current turn"
                    ),
                );
                self.refresh();
            }
            Err(e) => {
                self.engine = None;
                self.message("error", format!("{why}{status}; restarting it failed: {e}"));
            }
        }
    }

    /// Sends `cmds` then `isready`, and returns the lines answered before `readyok`.
    /// Page actions arriving meanwhile are kept for later.
    fn request<S: AsRef<str>>(&mut self, cmds: &[S]) -> Result<Vec<String>, String> {
        let engine = self.engine.as_mut().ok_or("no engine is running")?;
        for c in cmds {
            engine.send(c.as_ref())?;
        }
        engine.send("isready")?;
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(Msg::Engine(EngineEvent::Line(g, line))) if g == self.generation => {
                    if line == "readyok" {
                        return Ok(lines);
                    }
                    lines.push(line);
                }
                Ok(Msg::Engine(EngineEvent::Exited(g))) if g == self.generation => {
                    return Err("the engine exited".into());
                }
                Ok(Msg::Engine(_)) => {}
                Ok(other) => self.pending.push_back(other),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "the engine did not answer within {} s",
                        ANSWER_TIMEOUT.as_secs()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => return Err("the session is closing".into()),
            }
        }
    }

    /// A request whose failure restarts the engine; `None` then.
    fn request_or_restart<S: AsRef<str>>(&mut self, cmds: &[S]) -> Option<Vec<String>> {
        match self.request(cmds) {
            Ok(lines) => Some(lines),
            Err(e) => {
                self.restart_engine(&e);
                None
            }
        }
    }

    /// Every `info string error:` line becomes an error message; returns the first one.
    fn report_errors(&mut self, lines: &[String]) -> Option<String> {
        let mut first = None;
        for l in lines {
            if let Some(text) = l.strip_prefix("info string ") {
                let level = if text.starts_with("error:") {
                    "error"
                } else {
                    "info"
                };
                if level == "error" && first.is_none() {
                    first = Some(text.to_string());
                }
                self.message(level, format!("engine: {text}"));
            }
        }
        first
    }

    /// Stops a running search and waits for its `bestmove`, which is not played.
    fn stop_search(&mut self) {
        if let Some(s) = self.search.as_mut() {
            s.discard = true;
        } else {
            return;
        }
        // `isready` is answered at once, beside the search; `stop` returns after `bestmove`.
        let engine = match self.engine.as_mut() {
            Some(e) => e,
            None => return,
        };
        if engine.send("stop").is_err() {
            self.restart_engine("the engine stopped reading");
            return;
        }
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        while self.search.is_some() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(Msg::Engine(EngineEvent::Line(g, line))) if g == self.generation => {
                    self.on_engine_line(&line)
                }
                Ok(Msg::Engine(EngineEvent::Exited(g))) if g == self.generation => {
                    self.restart_engine("the engine exited");
                    return;
                }
                Ok(Msg::Engine(_)) => {}
                Ok(other) => self.pending.push_back(other),
                Err(_) => {
                    self.restart_engine("the engine did not stop its search");
                    return;
                }
            }
        }
        self.thinking = Value::Null;
    }

    // ----- reading the game back -----

    /// Reads the game back from the engine: `describe`, `legal steps`, `history`, and
    /// `geometry` when the game or its settings changed.
    fn refresh(&mut self) {
        let mut cmds = vec!["describe", "legal steps", "history"];
        if self.geometry_dirty {
            cmds.push("geometry");
        }
        let Some(lines) = self.request_or_restart(&cmds) else {
            return;
        };
        let mut geometry_lines = Vec::new();
        let mut in_geometry = false;
        let mut errors = Vec::new();
        for line in lines {
            if in_geometry || line.starts_with("geometry ") {
                in_geometry = line != "geometry end";
                geometry_lines.push(line);
                continue;
            }
            let mut parts = line.splitn(2, ' ');
            let head = parts.next().unwrap_or("");
            let rest = parts.next().unwrap_or("");
            match head {
                "describe" => {
                    self.describe = rest
                        .split(' ')
                        .filter_map(|f| f.split_once('='))
                        .map(|(k, v)| (k.to_string(), v.to_string()))
                        .collect();
                }
                "steps" => self.steps = rest.split(' ').skip(1).map(String::from).collect(),
                "start" => self.history_start = Some(rest.to_string()),
                "history" => {
                    self.history_moves = rest.split(' ').skip(1).map(String::from).collect()
                }
                "building" => self.building = rest.split(' ').skip(1).map(String::from).collect(),
                _ => errors.push(line),
            }
        }
        if !geometry_lines.is_empty() {
            match parse_geometry(&geometry_lines) {
                Ok(g) => {
                    self.geometry = Some(g);
                    self.geometry_dirty = false;
                }
                Err(e) => self.message("error", format!("cannot read the engine's geometry: {e}")),
            }
        }
        self.report_errors(&errors);
    }

    // ----- the engine's moves -----

    fn side_to_move(&self) -> Option<usize> {
        let side = self.describe.get("tomove")?;
        guerrilla::protocol::wire::parse_side(side).map(Side::index)
    }

    fn game_over(&self) -> bool {
        self.describe.get("result").is_some_and(|r| r != "none")
    }

    /// Starts the engine's search when the side to move is the engine's and nothing holds it.
    fn maybe_start_engine(&mut self) {
        if self.search.is_some()
            || self.engine.is_none()
            || (self.paused && !self.advance_once)
            || self.awaiting_confirm.is_some()
            || self.game_over()
            || self.describe.get("turnstart").map(String::as_str) != Some("true")
        {
            return;
        }
        let Some(side) = self.side_to_move() else {
            return;
        };
        let Player::Engine { movetime } = self.players[side] else {
            return;
        };
        self.advance_once = false;
        let go = format!("go movetime {movetime}");
        match self.engine.as_mut().map(|e| e.send(&go)) {
            Some(Ok(())) => {
                self.search = Some(Search { discard: false });
                self.thinking =
                    json!({"side": guerrilla::protocol::wire::side_word(Side::ALL[side])});
                self.version += 1;
            }
            _ => self.restart_engine("the engine stopped reading"),
        }
    }

    fn on_engine_line(&mut self, line: &str) {
        if let Some(rest) = line.strip_prefix("bestmove ") {
            let discard = self.search.take().is_none_or(|s| s.discard);
            if discard {
                return;
            }
            let mv = rest.trim().to_string();
            if mv == "none" {
                self.message("error", "the engine found no move to play".into());
                self.paused = true;
                return;
            }
            let Some(lines) = self.request_or_restart(&[format!("play {mv}")]) else {
                return;
            };
            if let Some(e) = self.report_errors(&lines) {
                self.message("error", format!("the engine's move {mv} was refused: {e}"));
                self.paused = true;
            } else {
                self.last = json!({"by": "engine", "turn": mv});
            }
            self.refresh();
            self.maybe_start_engine();
        } else if line.starts_with("info string ") {
            self.report_errors(&[line.to_string()]);
        } else if line.starts_with("info ") {
            if let Some(mut info) = parse_info(line) {
                if let (Some(obj), Some(side)) = (info.as_object_mut(), self.thinking.get("side")) {
                    obj.insert("side".into(), side.clone());
                }
                self.thinking = info;
                self.version += 1;
            }
        } else {
            self.message("info", format!("engine said: {line}"));
        }
    }

    // ----- page actions -----

    fn act(&mut self, action: &Value) -> Result<(), String> {
        let kind = action
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("expected an action with a type but got '{action}'"))?;
        if self.engine.is_none() && kind != "state" {
            self.restart_engine("no engine was running");
            if self.engine.is_none() {
                return Err("no engine is running".into());
            }
        }
        match kind {
            "state" => Ok(()),
            "new" => self.new_game(action),
            "players" => {
                self.players = parse_players(action, self.players)?;
                Ok(())
            }
            "step" => self.step(action),
            "undo" => self.undo(),
            "confirm" => {
                self.awaiting_confirm = None;
                Ok(())
            }
            "pause" => {
                self.paused = true;
                self.stop_search();
                Ok(())
            }
            "resume" => {
                self.paused = false;
                Ok(())
            }
            "advance" => {
                self.awaiting_confirm = None;
                self.advance_once = true;
                Ok(())
            }
            other => Err(format!("expected an action (new, players, step, undo, confirm, pause, resume, advance) but got '{other}'")),
        }
        .inspect_err(|e| self.message("error", e.clone()))
    }

    fn new_game(&mut self, a: &Value) -> Result<(), String> {
        let game = match a.get("game").and_then(Value::as_str) {
            Some(g @ ("guerrilla" | "guerrilla-checkers")) => g.to_string(),
            None => self.game.clone(),
            Some(other) => {
                return Err(format!(
                    "expected a game (guerrilla-checkers, guerrilla) but got '{other}'"
                ))
            }
        };
        // The bounds are the game's own declaration of its options.
        let num = |key: &str, old: u64, option: &GameOption| -> Result<u64, String> {
            match a.get(key) {
                None | Some(Value::Null) => Ok(old),
                Some(v) => match v
                    .as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                {
                    Some(n) if (option.min..=option.max).contains(&n) => Ok(n),
                    _ => Err(format!(
                        "expected {key} from {} to {} but got '{v}'",
                        option.min, option.max
                    )),
                },
            }
        };
        let mut board_side = num("board_side", self.board_side, &BOARD_SIDE)?;
        let turn_limit = num("turn_limit", self.turn_limit, &TURN_LIMIT)?;
        let players = parse_players(a, self.players)?;
        let fen = a
            .get("fen")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(String::from);
        // A Guerrilla position string starts with its board side (protocol.md § 7.2): the
        // option follows it, so `geometry` and the settings shown agree with the position.
        if game == "guerrilla" {
            if let Some(side) = fen
                .as_deref()
                .and_then(|f| f.split(' ').next())
                .and_then(|t| t.parse::<u64>().ok())
                .filter(|s| (BOARD_SIDE.min..=BOARD_SIDE.max).contains(s))
            {
                board_side = side;
            }
        }
        self.stop_search();
        let position = match &fen {
            Some(f) => format!("position fen {f}"),
            None => "position startpos".to_string(),
        };
        let cmds = [
            format!("setoption name {} value {board_side}", BOARD_SIDE.name),
            format!("setoption name {} value {turn_limit}", TURN_LIMIT.name),
            format!("setoption name Game value {game}"),
            "uginewgame".to_string(),
            position,
        ];
        let lines = self
            .request_or_restart(&cmds)
            .ok_or("the engine was restarted")?;
        if let Some(e) = first_error(&lines) {
            // Nothing changes on a bad setting or position: the previous game is set up again.
            if let Err(r) = self.restore_game(true) {
                self.restart_engine(&r);
            }
            self.refresh();
            return Err(e);
        }
        self.game = game;
        self.board_side = board_side;
        self.turn_limit = turn_limit;
        self.players = players;
        self.geometry_dirty = true;
        self.awaiting_confirm = None;
        self.paused = a.get("paused").and_then(Value::as_bool).unwrap_or(false);
        self.last = Value::Null;
        self.thinking = Value::Null;
        self.refresh();
        self.message("info", format!("new game of {}", self.game));
        Ok(())
    }

    fn step(&mut self, a: &Value) -> Result<(), String> {
        let step = a
            .get("step")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("expected a step but got '{a}'"))?
            .to_string();
        if step.is_empty() || step.contains(char::is_whitespace) {
            return Err(format!("expected a step but got '{step}'"));
        }
        if let Some(side) = self.side_to_move() {
            if self.players[side] != Player::Human {
                return Err(format!(
                    "expected a step of a human player but got '{step}' while the engine plays p{}",
                    side + 1
                ));
            }
        }
        self.stop_search();
        self.awaiting_confirm = None;
        let lines = self
            .request_or_restart(&[format!("step {step}")])
            .ok_or("the engine was restarted")?;
        if let Some(e) = first_error(&lines) {
            self.refresh();
            return Err(e);
        }
        let mut result = Err(format!("the engine did not answer 'step {step}'"));
        for l in &lines {
            if let Some(st) = parse_stepped(l) {
                if let Some(turn) = &st.turn {
                    self.awaiting_confirm = Some(turn.clone());
                }
                self.last =
                    json!({"by": "human", "step": st.step, "auto": st.auto, "turn": st.turn});
                result = Ok(());
            }
        }
        self.refresh();
        result
    }

    fn undo(&mut self) -> Result<(), String> {
        self.stop_search();
        self.paused = true;
        self.awaiting_confirm = None;
        let lines = self
            .request_or_restart(&["undo step"])
            .ok_or("the engine was restarted")?;
        let err = first_error(&lines);
        self.last = Value::Null;
        self.refresh();
        match err {
            Some(e) => Err(e),
            None => {
                let what = lines
                    .iter()
                    .find(|l| l.starts_with("undone"))
                    .cloned()
                    .unwrap_or_default();
                self.message(
                    "info",
                    format!("{what} (paused: press Resume to let an engine play)"),
                );
                Ok(())
            }
        }
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

    fn state_json(&mut self) -> Value {
        self.version += 1;
        let describe: Map<String, Value> = self
            .describe
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
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
            "awaiting_confirm": self.awaiting_confirm,
            "geometry": self.geometry.as_ref().map(Geometry::json),
            "describe": describe,
            "steps": self.steps,
            "history": {
                "start": self.history_start,
                "moves": self.history_moves,
                "building": self.building,
            },
            "last": self.last,
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
