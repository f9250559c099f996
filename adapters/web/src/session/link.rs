//! The session's engine process: requests and their answers, restarts, restoring the game.

use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{wrap, Msg, Search, Session};
use crate::engine::{EngineEvent, EngineProcess};
use guerrilla::protocol::wire::position_line;
use guerrilla::wells::{BOARD_SIDE, TURN_LIMIT};

/// How long a request (a command and its `isready`) may wait for the engine's `readyok`.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);

impl Session {
    pub(super) fn start_engine(&mut self) -> Result<(), String> {
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

    /// The commands that set the engine to the session's game and settings, then to `start`
    /// with `moves` played.
    pub(super) fn setup_commands(&self, start: Option<&str>, moves: &[String]) -> Vec<String> {
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
        if let Some(start) = start {
            cmds.push(position_line(start, moves));
        }
        cmds
    }

    /// Sends the settings and the game (start position, whole turns, and with `building` the
    /// steps of the turn being built) to the engine, from what it last said in `history`.
    /// A step of `building` the engine took by itself is refused when sent again: that refusal
    /// is expected and skipped.
    pub(super) fn restore_game(&mut self, building: bool) -> Result<(), String> {
        let cmds = self.setup_commands(self.history_start.as_deref(), &self.history_moves);
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
    pub(super) fn restart_engine(&mut self, why: &str) {
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
        self.analysing = None;
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
    pub(super) fn request<S: AsRef<str>>(&mut self, cmds: &[S]) -> Result<Vec<String>, String> {
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
    pub(super) fn request_or_restart<S: AsRef<str>>(&mut self, cmds: &[S]) -> Option<Vec<String>> {
        match self.request(cmds) {
            Ok(lines) => Some(lines),
            Err(e) => {
                self.restart_engine(&e);
                None
            }
        }
    }

    /// Every `info string` line becomes a message (an error for `error:` lines); returns the
    /// first error.
    pub(super) fn report_errors(&mut self, lines: &[String]) -> Option<String> {
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

    /// Stops a running search and waits for its `bestmove`, which is not played. An analysis of
    /// an earlier position is ended too, and the game set up again.
    pub(super) fn stop_search(&mut self) {
        if let Some(s) = self.search.as_mut() {
            s.discard = true;
            // `isready` is answered at once, beside the search; `stop` returns after `bestmove`.
            let sent = self.engine.as_mut().map(|e| e.send("stop"));
            if !matches!(sent, Some(Ok(()))) {
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
        }
        if let Some(ply) = self.analysing.take() {
            if ply < self.history_moves.len() {
                // The engine was set to an earlier position: the game goes back in.
                if let Err(e) = self.restore_game(true) {
                    self.restart_engine(&e);
                }
            }
        }
    }

    /// Starts a search that plays nothing: `go infinite` on the position after `ply` turns
    /// (the engine is set to it first when it is an earlier one).
    pub(super) fn start_analysis(&mut self, ply: usize) -> Result<(), String> {
        self.stop_search();
        if ply < self.history_moves.len() {
            let cmds =
                self.setup_commands(self.history_start.as_deref(), &self.history_moves[..ply]);
            let lines = self
                .request_or_restart(&cmds)
                .ok_or("the engine was restarted")?;
            self.report_errors(&lines);
        }
        let side = self
            .timeline
            .get(ply)
            .and_then(|p| p.describe.get("tomove"))
            .cloned()
            .unwrap_or_default();
        self.analysing = Some(ply);
        match self.engine.as_mut().map(|e| e.send("go infinite")) {
            Some(Ok(())) => {
                self.search = Some(Search { discard: true });
                self.thinking = serde_json::json!({"side": side, "analysis": true, "ply": ply});
                Ok(())
            }
            _ => {
                self.restart_engine("the engine stopped reading");
                Err("the engine was restarted".into())
            }
        }
    }
}
