//! Reading the game back from the engine, the timeline of its positions, and the engine's own
//! turns.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::{describe_fields, Player, Ply, Search, Session};
use crate::parse::{parse_geometry, parse_info, parse_played, parse_stepped, report_fields};
use guerrilla::game::Side;
use guerrilla::protocol::wire::{parse_result, parse_side, side_word};

impl Session {
    /// Reads the game back from the engine: `describe`, `legal steps`, `history`, `show`'s
    /// position string, and `geometry` when the game or its settings changed; then brings the
    /// timeline up to date.
    pub(super) fn refresh(&mut self) {
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
                "describe" => self.describe = describe_fields(rest),
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
        // `show` ends with its `result` line; its `fen` line is the turn's start position.
        if let Some(lines) = self.request_or_restart(&["show"]) {
            if let Some(fen) = lines.iter().find_map(|l| l.strip_prefix("fen ")) {
                self.fen = fen.to_string();
            }
        }
        self.update_timeline();
        self.preview_endmove();
    }

    /// In a Guerrilla movement phase on a human's turn, what `endmove` would do: the engine plays
    /// it and takes it back (`step endmove`, `legal steps`, `undo step`), and the page shows the
    /// kills it makes by itself, what they remove, or the kills left to choose.
    fn preview_endmove(&mut self) {
        self.endmove_preview = Value::Null;
        let human = self
            .side_to_move()
            .is_some_and(|s| self.players[s] == Player::Human);
        if !human
            || self.search.is_some()
            || self.awaiting_confirm.is_some()
            || self.describe.get("phase").map(String::as_str) != Some("move")
            || !self.steps.iter().any(|s| s == "endmove")
        {
            return;
        }
        let Some(lines) = self.request_or_restart(&["step endmove", "legal steps", "undo step"])
        else {
            return;
        };
        let undone = lines.iter().any(|l| l.starts_with("undone step"));
        let Some(st) = lines.iter().find_map(|l| parse_stepped(l)) else {
            return;
        };
        if !undone {
            self.message(
                "error",
                "the engine did not take back a trial 'step endmove'".into(),
            );
            if let Err(e) = self.restore_game(true) {
                self.restart_engine(&e);
            }
            return;
        }
        let choices: Vec<String> = if st.turn.is_some() {
            Vec::new()
        } else {
            lines
                .iter()
                .find_map(|l| l.strip_prefix("steps "))
                .map(|r| r.split(' ').skip(1).map(String::from).collect())
                .unwrap_or_default()
        };
        let report = report_fields(&st.rest);
        self.endmove_preview = json!({
            "auto": st.auto,
            "ends_turn": st.turn.is_some(),
            "removed": report.get("removed"),
            "over": report.get("over"),
            "choices": choices,
        });
    }

    /// Keeps `timeline` equal to the positions of `history`: a turn just completed adds the
    /// position now shown (at a turn start), an undo drops positions, and anything else (a new
    /// game, a record, a restart) replays the game in the engine to read every position.
    fn update_timeline(&mut self) {
        let n = self.history_moves.len();
        let turn_start = self.describe.get("turnstart").map(String::as_str) == Some("true");
        if !self.timeline.is_empty() {
            let agree = self.timeline[1..]
                .iter()
                .zip(&self.history_moves)
                .take_while(|(p, m)| &p.mv == *m)
                .count();
            self.timeline.truncate(agree + 1);
            let have = self.timeline.len();
            if have == n + 1 {
                if turn_start {
                    self.timeline[n].describe = self.describe.clone();
                }
                return;
            }
            if have == n && turn_start {
                let by = std::mem::replace(&mut self.next_by, "human".into());
                let report = std::mem::take(&mut self.next_report);
                self.timeline.push(Ply {
                    mv: self.history_moves[n - 1].clone(),
                    by,
                    describe: self.describe.clone(),
                    report,
                });
                return;
            }
        }
        if self.search.is_some() {
            return; // read again after the search
        }
        if let Err(e) = self.replay_timeline() {
            self.message("error", format!("cannot read the game's positions: {e}"));
        }
    }

    /// Plays the game again in the engine, turn by turn, reading each position, then sets the
    /// game (with the turn being built) back.
    fn replay_timeline(&mut self) -> Result<(), String> {
        let Some(start) = self.history_start.clone() else {
            return Ok(());
        };
        let old: BTreeMap<String, Ply> = self
            .timeline
            .iter()
            .enumerate()
            .map(|(i, p)| (format!("{i} {}", p.mv), p.clone()))
            .collect();
        let mut cmds = self.setup_commands(Some(&start), &[]);
        cmds.push("describe".into());
        for m in &self.history_moves {
            cmds.push(format!("play {m}"));
            cmds.push("describe".into());
        }
        let lines = self.request(&cmds)?;
        let mut timeline = Vec::new();
        let mut report = BTreeMap::new();
        for l in &lines {
            if let Some(rest) = l.strip_prefix("describe ") {
                let i = timeline.len();
                let mv = if i == 0 {
                    String::new()
                } else {
                    self.history_moves[i - 1].clone()
                };
                let by = old
                    .get(&format!("{i} {mv}"))
                    .map(|p| p.by.clone())
                    .unwrap_or_else(|| "record".into());
                timeline.push(Ply {
                    mv,
                    by,
                    describe: describe_fields(rest),
                    report: std::mem::take(&mut report),
                });
            } else if let Some(p) = parse_played(l) {
                report = report_fields(&p.rest);
            } else if l.starts_with("info string error") {
                self.report_errors(std::slice::from_ref(l));
            }
        }
        self.timeline = timeline;
        self.restore_game(true)
    }

    /// The side to move, as an index (0: p1).
    pub(super) fn side_to_move(&self) -> Option<usize> {
        let side = self.describe.get("tomove")?;
        parse_side(side).map(Side::index)
    }

    pub(super) fn game_over(&self) -> bool {
        self.describe
            .get("result")
            .and_then(|r| parse_result(r))
            .is_some_and(|r| r.is_some())
    }

    /// Starts the engine's search when the side to move is the engine's and nothing holds it.
    pub(super) fn maybe_start_engine(&mut self) {
        if self.search.is_some()
            || self.engine.is_none()
            || self.analysing.is_some()
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
                self.thinking = json!({"side": side_word(Side::ALL[side])});
                self.version += 1;
            }
            _ => self.restart_engine("the engine stopped reading"),
        }
    }

    pub(super) fn on_engine_line(&mut self, line: &str) {
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
                let report = lines
                    .iter()
                    .find_map(|l| parse_played(l))
                    .map(|p| report_fields(&p.rest))
                    .unwrap_or_default();
                self.next_by = "engine".into();
                self.next_report = report.clone();
                self.last = json!({"by": "engine", "turn": mv, "report": report});
            }
            self.refresh();
            self.maybe_start_engine();
        } else if line.starts_with("info string ") {
            self.report_errors(&[line.to_string()]);
        } else if line.starts_with("info ") {
            if let Some(mut info) = parse_info(line) {
                if let Some(obj) = info.as_object_mut() {
                    for key in ["side", "analysis", "ply"] {
                        if let Some(v) = self.thinking.get(key) {
                            obj.insert(key.into(), v.clone());
                        }
                    }
                }
                self.thinking = info;
                self.version += 1;
            }
        } else {
            self.message("info", format!("engine said: {line}"));
        }
    }
}
