//! What the page asks for: each action's checks, the commands it sends and the reply's data.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::{first_error, parse_players, Player, Session};

use crate::parse::{parse_played, parse_stepped, report_fields};
use guerrilla::game::{GameOption, Side};
use guerrilla::protocol::wire::side_word;
use guerrilla::wells::{BOARD_SIDE, TURN_LIMIT};

const ACTIONS: &str =
    "new, players, settings, step, undo, confirm, pause, resume, advance, analyse, plies, state";

impl Session {
    /// Runs one action: its data for the reply (`Value::Null` for most), or why it was refused
    /// (also shown as an error message).
    pub(super) fn act(&mut self, action: &Value) -> Result<Value, String> {
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
        let done = Ok(Value::Null);
        match kind {
            "state" => done,
            "plies" => self.plies(action),
            "new" => self.new_game(action).and(done),
            "players" => {
                self.players = parse_players(action, self.players)?;
                done
            }
            "settings" => {
                if let Some(c) = action.get("confirm").and_then(Value::as_bool) {
                    self.confirm_turns = c;
                    if !c {
                        self.awaiting_confirm = None;
                    }
                }
                done
            }
            "step" => self.step(action).and(done),
            "undo" => self.undo().and(done),
            "confirm" => {
                if self.awaiting_confirm.take().is_none() {
                    return Err("there is no completed turn waiting for Confirm".into());
                }
                done
            }
            "pause" => {
                self.paused = true;
                self.stop_search();
                done
            }
            "resume" => {
                self.paused = false;
                done
            }
            "advance" => self.advance().and(done),
            "analyse" => self.analyse(action).and(done),
            other => Err(format!("expected an action ({ACTIONS}) but got '{other}'")),
        }
        .inspect_err(|e| self.message("error", e.clone()))
    }

    /// The game's positions from the one after `from` turns on, from the timeline.
    fn plies(&mut self, a: &Value) -> Result<Value, String> {
        let n = self.timeline.len();
        match a.get("from").and_then(Value::as_u64).map(|p| p as usize) {
            Some(from) if from <= n => Ok(Value::Array(
                (from..n).map(|p| self.timeline[p].json(p)).collect(),
            )),
            other => Err(format!(
                "expected a position from 0 to {n} but got '{}'",
                other.map(|p| p.to_string()).unwrap_or_default()
            )),
        }
    }

    /// One engine turn while paused, or the reason there is none.
    fn advance(&mut self) -> Result<(), String> {
        if self.game_over() {
            return Err("the game is over: there is no turn to play".into());
        }
        let side = self.side_to_move().unwrap_or(0);
        if self.players[side] == Player::Human {
            return Err(format!(
                "it is {}'s turn, played by a human: play it on the board, or set that side to engine",
                side_word(Side::ALL[side])
            ));
        }
        if self.describe.get("turnstart").map(String::as_str) != Some("true") {
            return Err("a turn is half built: finish it or undo its steps first".into());
        }
        if self.search.is_some() && self.analysing.is_none() {
            return Err("the engine is already thinking".into());
        }
        self.stop_search();
        self.awaiting_confirm = None;
        self.advance_once = true;
        Ok(())
    }

    /// Starts (`on`: true, with the `ply` shown) or ends an analysis.
    fn analyse(&mut self, a: &Value) -> Result<(), String> {
        if !a.get("on").and_then(Value::as_bool).unwrap_or(false) {
            self.stop_search();
            return Ok(());
        }
        let n = self.history_moves.len();
        let ply = a
            .get("ply")
            .and_then(Value::as_u64)
            .map(|p| p as usize)
            .unwrap_or(n);
        if ply > n {
            return Err(format!("expected a position from 0 to {n} but got '{ply}'"));
        }
        let over = self
            .timeline
            .get(ply)
            .is_some_and(|p| p.describe.get("result").is_some_and(|r| r != "none"));
        if over {
            return Err("the game is over in this position: there is nothing to analyse".into());
        }
        self.paused = true;
        self.start_analysis(ply)
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
                    .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
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
            .filter(|f| !f.is_empty() && *f != "startpos")
            .map(String::from);
        if fen.as_deref().is_some_and(|f| f.contains(['\n', '\r'])) {
            return Err("expected a position string on one line".into());
        }
        let moves: Vec<String> = match a.get("moves") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(v)) => v
                .iter()
                .map(|m| match m.as_str() {
                    Some(s) if !s.is_empty() && !s.contains(char::is_whitespace) => {
                        Ok(s.to_string())
                    }
                    _ => Err(format!("expected a move token but got '{m}'")),
                })
                .collect::<Result<_, _>>()?,
            Some(other) => return Err(format!("expected a list of moves but got '{other}'")),
        };
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
        let (old_game, old_side, old_limit) = (self.game.clone(), self.board_side, self.turn_limit);
        (self.game, self.board_side, self.turn_limit) = (game, board_side, turn_limit);
        let start = fen.unwrap_or_else(|| "startpos".into());
        let cmds = self.setup_commands(Some(&start), &moves);
        let lines = self
            .request_or_restart(&cmds)
            .ok_or("the engine was restarted")?;
        if let Some(e) = first_error(&lines) {
            // Nothing changes on a bad setting, position or record: the previous game is set
            // up again.
            (self.game, self.board_side, self.turn_limit) = (old_game, old_side, old_limit);
            if let Err(r) = self.restore_game(true) {
                self.restart_engine(&r);
            }
            self.refresh();
            return Err(e);
        }
        self.players = players;
        if let Some(c) = a.get("confirm").and_then(Value::as_bool) {
            self.confirm_turns = c;
        }
        // The messages were the last game's.
        self.messages.clear();
        self.geometry_dirty = true;
        self.awaiting_confirm = None;
        self.paused =
            a.get("paused").and_then(Value::as_bool).unwrap_or(false) || !moves.is_empty();
        self.last = Value::Null;
        self.thinking = Value::Null;
        self.timeline.clear();
        self.refresh();
        if moves.is_empty() {
            self.message("info", format!("new game of {}", self.game));
        } else {
            self.message(
                "info",
                format!(
                    "game of {} set up with {} turns (paused: press Resume to let an engine play)",
                    self.game,
                    moves.len()
                ),
            );
        }
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
        if let Some(turn) = &self.awaiting_confirm {
            return Err(format!(
                "the turn {turn} waits for Confirm (or Undo step) before the next one"
            ));
        }
        if let Some(side) = self.side_to_move() {
            if self.players[side] != Player::Human {
                return Err(format!(
                    "expected a step of a human player but got '{step}' while the engine plays {}",
                    side_word(Side::ALL[side])
                ));
            }
        }
        self.stop_search();
        let lines = self
            .request_or_restart(&[format!("step {step}")])
            .ok_or("the engine was restarted")?;
        if let Some(e) = first_error(&lines) {
            self.refresh();
            return Err(e);
        }
        let Some(st) = lines.iter().find_map(|l| parse_stepped(l)) else {
            self.refresh();
            return Err(format!("the engine did not answer 'step {step}'"));
        };
        let report = report_fields(&st.rest);
        if let Some(turn) = &st.turn {
            if self.confirm_turns {
                self.awaiting_confirm = Some(turn.clone());
            }
            self.next_by = "human".into();
            self.next_report = self.turn_report(turn).unwrap_or_else(|| report.clone());
        }
        self.last = json!({"by": "human", "step": st.step, "auto": st.auto,
                           "turn": st.turn, "report": report});
        self.refresh();
        Ok(())
    }

    /// What the whole turn `turn`, just completed, removed and how it ended the game, as
    /// `played` reports it (a `stepped` answer reports its own steps only): the turn is taken
    /// back and played again whole.
    fn turn_report(&mut self, turn: &str) -> Option<BTreeMap<String, String>> {
        let lines = self.request(&["undo".to_string(), format!("play {turn}")]);
        match lines {
            Ok(lines) if first_error(&lines).is_none() => lines
                .iter()
                .find_map(|l| parse_played(l))
                .map(|p| report_fields(&p.rest)),
            Ok(lines) => {
                self.report_errors(&lines);
                if let Err(e) = self.restore_game(false) {
                    self.restart_engine(&e);
                }
                None
            }
            Err(e) => {
                self.restart_engine(&e);
                None
            }
        }
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
        // The engine's analysis was of a position that is gone.
        self.thinking = Value::Null;
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
}
