//! What the page asks for: each action's checks, the commands it sends and the reply's data.
//! Refusals say, in a player's words, what was wrong; nothing changes on a refusal.

use std::collections::BTreeMap;

use guerrilla::protocol::codec::{Command, Message, Undone};
use serde_json::{json, Value};

use super::api::{Action, NewGame};
use super::link::Purpose;
use super::players::Players;
use super::refused::setup_refusal;
use super::timeline::{By, Setup};
use super::{first_error, first_error_text, side_word, LastPlay, Level, Session};
use crate::answers::{played, stepped, undone, Report};

/// An option's name as a player reads it: `BoardSide` → `board side`.
fn option_words(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

impl Session {
    /// Runs one action of the game: its data for the reply (`Value::Null` for most), or why it
    /// was refused (also kept as an error message). The table's own actions are answered by
    /// `Session::table_action` before this.
    pub(super) fn act(&mut self, action: &Action) -> Result<Value, String> {
        if !self.link.running() && *action != (Action::State {}) {
            self.restart("no engine was running");
            if !self.link.running() {
                return Err("no engine is running".into());
            }
        }
        let done = Ok(Value::Null);
        match action {
            Action::State {} => done,
            Action::Plies { from } => self.plies(*from),
            Action::New(new) => self.new_game(new).and(done),
            Action::Players { players } => {
                self.players.seats = Players::seats_of(players, &self.catalogue.levels)?;
                done
            }
            Action::Settings { confirm } => {
                if let Some(c) = *confirm {
                    self.players.confirm_turns = c;
                    if !c {
                        self.players.awaiting_confirm = None;
                    }
                }
                done
            }
            Action::Step { step } => self.step(step).and(done),
            Action::Undo {} => self.undo().and(done),
            Action::Takeback {} => self.take_back().and(done),
            Action::Confirm {} => {
                if self.players.awaiting_confirm.take().is_none() {
                    return Err("there is no completed turn waiting for Confirm".into());
                }
                done
            }
            Action::Pause {} => {
                self.players.paused = true;
                if matches!(self.link.search, Some(s) if matches!(s.purpose, Purpose::Play(_))) {
                    self.stop_search();
                }
                done
            }
            Action::Resume {} => {
                self.players.paused = false;
                done
            }
            Action::Advance {} => self.advance().and(done),
            Action::Analyse { on, ply, lines } => self.analyse(*on, *ply, *lines).and(done),
            Action::Hint {} => self.hint().and(done),
            Action::Play { turn } => self.play_turn(turn).and(done),
            Action::Preview { ply, moves } => {
                self.board.preview(&self.link, &self.game, *ply, moves)
            }
            Action::Review { on } => self.review_action(*on).and(done),
            Action::Invite(_)
            | Action::Seat {}
            | Action::Resign {}
            | Action::Abort {}
            | Action::Rematch {} => Err(format!(
                "expected an action of the game but got '{}', the table's",
                action.name()
            )),
        }
        .inspect_err(|e| self.message(Level::Error, e.clone()))
    }

    /// The game's positions from the one after `from` turns on.
    fn plies(&mut self, from: usize) -> Result<Value, String> {
        let n = self.game.plies.len();
        if from > n {
            return Err(format!(
                "expected a position from 0 to {n} but got '{from}'"
            ));
        }
        Ok(Value::Array(
            (from..n)
                .map(|p| {
                    let ply = &self.game.plies[p];
                    json!({"ply": p, "move": ply.turn, "by": ply.by,
                           "describe": ply.describe, "report": ply.report})
                })
                .collect(),
        ))
    }

    /// One engine turn while paused, or the reason there is none.
    fn advance(&mut self) -> Result<(), String> {
        if self.game.over() {
            return Err("the game is over: there is no turn to play".into());
        }
        let side = self.game.to_move().unwrap_or(0);
        if self.players.human(side) {
            return Err(format!(
                "it is {}'s turn, played by a human: play it on the board, or set that side to engine",
                self.side_name(side)
            ));
        }
        if !self.game.describe.turn_start() {
            return Err("a turn is half built: finish it or undo its steps first".into());
        }
        if matches!(self.link.search, Some(s) if matches!(s.purpose, Purpose::Play(_))) {
            return Err("the engine is already thinking".into());
        }
        self.stop_search();
        self.players.awaiting_confirm = None;
        self.players.advance_once = true;
        Ok(())
    }

    /// Starts (`on`: true, with the `ply` shown) or ends an analysis. The game stays as it was:
    /// when the analysis ends, an engine to move plays unless the game was paused.
    fn analyse(&mut self, on: bool, ply: Option<usize>, lines: Option<u64>) -> Result<(), String> {
        self.board.set_lines(lines)?;
        if !on {
            if self.analysing().is_some() {
                self.stop_search();
            }
            return Ok(());
        }
        let n = self.game.moves.len();
        let ply = ply.unwrap_or(n);
        if ply > n {
            return Err(format!("expected a position from 0 to {n} but got '{ply}'"));
        }
        if self.game.plies.get(ply).is_some_and(|p| p.describe.over()) {
            return Err("the game is over in this position: there is nothing to analyse".into());
        }
        if ply == n && !self.game.describe.turn_start() {
            return Err(
                "an analysis starts at a turn's start: finish or undo the turn being built".into(),
            );
        }
        self.start_analysis(ply)
    }

    /// A suggestion for the human to move, from a short search.
    fn hint(&mut self) -> Result<(), String> {
        self.human_to_move("the game is over: there is nothing to suggest", |side| {
            format!("a hint is for a human's turn, and {side} is played by the engine")
        })?;
        self.start_hint()
    }

    /// Whether a human plays the side to move and its turn is still open: the engine's help
    /// that acts for that human (a hint, a line played) asks this first. `over` is the error
    /// of a finished game, `engine(side name)` that of a side the engine plays.
    pub(super) fn human_to_move(
        &self,
        over: &str,
        engine: impl FnOnce(&str) -> String,
    ) -> Result<(), String> {
        if self.game.over() {
            return Err(over.to_string());
        }
        let side = self.game.to_move().unwrap_or(0);
        if !self.players.human(side) {
            return Err(engine(&self.side_name(side)));
        }
        if self.players.awaiting_confirm.is_some() {
            return Err("your turn is complete: Confirm it or take it back first".into());
        }
        Ok(())
    }

    /// A side's name in the game played.
    pub(super) fn side_name(&self, side: usize) -> String {
        self.catalogue
            .game(&self.game.setup.game)
            .map(|g| g.sides[side].clone())
            .unwrap_or_else(|| side_word(side).to_string())
    }

    /// The setup a `new` action asks for: its game (or the current one) and its options (the
    /// game's own, within their bounds; the current values, or the defaults of another game,
    /// for those it does not give).
    fn requested_setup(
        &self,
        game: Option<&str>,
        options: Option<&BTreeMap<String, Value>>,
    ) -> Result<Setup, String> {
        let name = match game {
            None => self.game.setup.game.clone(),
            Some(g) if self.catalogue.game(g).is_some() => g.to_string(),
            Some(other) => {
                return Err(format!(
                    "expected a game ({}) but got '{other}'",
                    self.catalogue.names()
                ))
            }
        };
        let face = self.catalogue.game(&name).expect("checked above");
        let mut setup = if name == self.game.setup.game {
            self.game.setup.clone()
        } else {
            Setup::of(&self.catalogue, &name)
        };
        for (key, v) in options.into_iter().flatten() {
            if v.is_null() {
                continue;
            }
            let spec = face
                .options
                .iter()
                .find(|o| o.name == *key)
                .ok_or_else(|| format!("{} has no option '{key}'", face.title))?;
            let value = v
                .as_u64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                .filter(|n| (spec.min..=spec.max).contains(n))
                .ok_or_else(|| {
                    format!(
                        "the {} must be a whole number from {} to {}, not {v}",
                        option_words(key),
                        spec.min,
                        spec.max
                    )
                })?;
            setup.options.insert(key.clone(), value);
        }
        Ok(setup)
    }

    pub(super) fn new_game(&mut self, a: &NewGame) -> Result<(), String> {
        let setup = self.requested_setup(a.game.as_deref(), a.options.as_ref())?;
        let seats = match &a.players {
            Some(p) => Players::seats_of(p, &self.catalogue.levels)?,
            None => self.players.seats.clone(),
        };
        let fen = a
            .fen
            .as_deref()
            .map(str::trim)
            .filter(|f| !f.is_empty() && *f != "startpos")
            .map(String::from);
        if fen.as_deref().is_some_and(|f| f.contains(['\n', '\r'])) {
            return Err("a position string is one line".into());
        }
        let moves: Vec<String> = a.moves.clone().unwrap_or_default();
        if let Some(m) = moves
            .iter()
            .find(|m| m.is_empty() || m.contains(char::is_whitespace))
        {
            return Err(format!("expected a move token but got '{m}'"));
        }
        self.stop_search();
        let title = self
            .catalogue
            .game(&setup.game)
            .map_or_else(|| setup.game.clone(), |g| g.title.clone());
        let old = std::mem::replace(&mut self.game.setup, setup);
        let fen_given = fen.is_some();
        if fen_given && self.game.standard_start().is_none() {
            // the setup's standard start, so that a given position equal to it is known as it
            let mut cmds = self.game.setup_commands(Some("startpos"), &[]);
            cmds.push(Command::History);
            let lines = self.ask(&cmds).ok_or("the engine was restarted")?;
            let start = lines.iter().find_map(|l| match l.parse() {
                Ok(Message::Start(fen)) => Some(fen),
                _ => None,
            });
            if let Some(fen) = start {
                self.game.learn_standard_start(fen);
            }
        }
        let start = fen.unwrap_or_else(|| "startpos".into());
        let cmds = self.game.setup_commands(Some(&start), &moves);
        let lines = self.ask(&cmds).ok_or("the engine was restarted")?;
        if let Some(e) = first_error_text(&lines) {
            // Nothing changes on a bad setting, position or record: the previous game is set
            // up again.
            self.game.setup = old;
            if let Err(r) = self.game.restore(&mut self.link, true) {
                self.restart(&r);
            }
            self.refresh();
            return Err(setup_refusal(
                &e,
                fen_given.then_some(title.as_str()),
                &moves,
            ));
        }
        self.players.seats = seats;
        if let Some(c) = a.confirm {
            self.players.confirm_turns = c;
        }
        // The messages were the last game's.
        self.messages.clear();
        self.players.awaiting_confirm = None;
        self.players.paused = a.paused.unwrap_or(false) || !moves.is_empty();
        self.last = None;
        self.hint = None;
        self.link.forget_search();
        self.game_no += 1;
        let setup = self.game.setup.clone();
        self.game.reset(setup);
        self.refresh();
        if !fen_given {
            if let Some(start) = self.game.start.clone() {
                self.game.learn_standard_start(start);
            }
        }
        // a replay of a kept game is not kept again while it is that game or a part of it
        let replay = a.replay.as_deref().is_some_and(|p| !p.is_empty());
        self.keep.replay(self.game_no, replay, &moves);
        let title = self
            .catalogue
            .game(&self.game.setup.game)
            .map(|g| g.title.clone());
        let title = title.unwrap_or_else(|| self.game.setup.game.clone());
        if moves.is_empty() {
            self.message(Level::Success, format!("new game of {title}"));
        } else {
            self.message(
                Level::Success,
                format!(
                    "game of {title} set up with {} turns (paused: press Resume to let an engine play)",
                    moves.len()
                ),
            );
        }
        Ok(())
    }

    fn step(&mut self, step: &str) -> Result<(), String> {
        if step.is_empty() || step.contains(char::is_whitespace) {
            return Err(format!("expected a step but got '{step}'"));
        }
        if let Some(turn) = &self.players.awaiting_confirm {
            return Err(format!(
                "your turn {turn} is complete: Confirm it, or take it back, before the next one"
            ));
        }
        if let Some(side) = self.game.to_move() {
            if !self.players.human(side) {
                return Err(format!(
                    "{} is played by the engine: wait for its turn, or set that side to human",
                    self.side_name(side)
                ));
            }
        }
        self.stop_search();
        let from_ply = self.game.moves.len();
        let from_built = self.game.building.len();
        let lines = self
            .ask(&[Command::Step(step.to_string())])
            .ok_or("the engine was restarted")?;
        if let Some(e) = first_error(&lines) {
            self.refresh();
            return Err(e);
        }
        let Some(st) = stepped(&lines) else {
            self.refresh();
            return Err(format!("the engine did not answer 'step {step}'"));
        };
        let stepped_report = Report::from(&st);
        self.game.record_steps(&stepped_report);
        if let Some(turn) = &st.turn {
            if self.players.confirm_turns {
                self.players.awaiting_confirm = Some(turn.clone());
            }
            let report = self
                .turn_report(turn)
                .unwrap_or_else(|| stepped_report.clone());
            self.game.expect_turn(By::Human, report);
        }
        self.plays += 1;
        self.last = Some(LastPlay {
            seq: self.plays,
            by: By::Human,
            step: Some(st.step.step),
            auto: st.auto.into_iter().map(|a| a.step).collect(),
            turn: st.turn,
            report: stepped_report,
            from_ply,
            from_built,
        });
        self.refresh();
        Ok(())
    }

    /// What the whole turn `turn`, just completed, removed and how it ended the game, as
    /// `played` reports it (a `stepped` answer reports its own steps only): the turn is taken
    /// back and played again whole.
    fn turn_report(&mut self, turn: &str) -> Option<Report> {
        let lines = self.ask(&[Command::Undo, Command::Play(turn.to_string())])?;
        if first_error(&lines).is_some() {
            self.notes(super::timeline::errors(&lines));
            if let Err(e) = self.game.restore(&mut self.link, false) {
                self.restart(&e);
            }
            return None;
        }
        played(&lines).map(Report::from)
    }

    /// Takes back one step. Against the engine it is the last step a human chose, with every
    /// engine turn after it: the human is back in that turn (the engine answers again when it
    /// is complete), so the game is never left with the engine to move and held. With no human
    /// seat it is the game's last step, and the game is paused (else the engine plays it
    /// again at once); between two humans, the game's last step.
    fn undo(&mut self) -> Result<(), String> {
        let humans = (0..2).filter(|&s| self.players.human(s)).count();
        let cmds = if humans == 1 {
            self.undo_to_human_step()?
        } else {
            vec![Command::UndoStep]
        };
        self.stop_search();
        self.players.paused = humans == 0;
        self.players.awaiting_confirm = None;
        let lines = self.ask(&cmds).ok_or("the engine was restarted")?;
        let err = first_error(&lines);
        self.last = None;
        self.hint = None;
        // The engine's report was of a position that is gone.
        self.link.forget_search();
        self.refresh();
        if let Some(e) = err {
            return Err(e);
        }
        let undone: Vec<String> = undone(&lines)
            .into_iter()
            .filter_map(|u| match u {
                Undone::Step(s) | Undone::Turn(s) => Some(s),
                Undone::Forfeit => None,
            })
            .collect();
        let held = if humans == 0 {
            " (paused: press Resume to let the engine play)"
        } else {
            ""
        };
        self.message(Level::Info, format!("undone {}{held}", undone.join(", ")));
        Ok(())
    }

    /// The commands that take back the last step the human chose (one seat is a human's, the
    /// other the engine's): the engine's whole turns after it, then that step.
    fn undo_to_human_step(&self) -> Result<Vec<Command>, String> {
        let mover_of = |k: usize| {
            self.game
                .plies
                .get(k - 1)
                .and_then(|p| p.describe.to_move())
        };
        let to_move = self.game.to_move();
        if !self.game.building.is_empty() && to_move.is_some_and(|s| self.players.human(s)) {
            return Ok(vec![Command::UndoStep]);
        }
        let n = self.game.moves.len();
        let last_human = (1..=n)
            .rev()
            .find(|&k| mover_of(k).is_some_and(|s| self.players.human(s)))
            .ok_or("there is no step of yours to undo: the engine has played every turn so far")?;
        let mut cmds = vec![Command::Undo; n - last_human];
        cmds.push(Command::UndoStep);
        Ok(cmds)
    }

    /// Takes back the human's last turn in one go: the turn being built, or else the last
    /// whole turn a human played together with the engine's turns after it. The game goes on
    /// (a pause is lifted): it is the human's turn again, and the engine answers the next one.
    fn take_back(&mut self) -> Result<(), String> {
        self.stop_search();
        self.players.awaiting_confirm = None;
        self.players.paused = false;
        let n = self.game.moves.len();
        let mut cmds = Vec::new();
        if !self.game.building.is_empty() {
            // `undo` in the middle of a turn takes back one chosen step at a time.
            cmds.extend(std::iter::repeat_n(Command::Undo, self.game.building.len()));
        } else {
            let last_human = (1..=n)
                .rev()
                .find(|&k| {
                    let mover = self
                        .game
                        .plies
                        .get(k - 1)
                        .and_then(|p| p.describe.to_move());
                    mover.is_some_and(|s| self.players.human(s))
                })
                .ok_or("there is no turn of yours to take back")?;
            cmds.extend(std::iter::repeat_n(Command::Undo, n - last_human + 1));
        }
        let lines = self.ask(&cmds).ok_or("the engine was restarted")?;
        self.last = None;
        self.hint = None;
        self.link.forget_search();
        self.refresh();
        if let Some(e) = first_error(&lines) {
            return Err(e);
        }
        let mut undone: Vec<String> = undone(&lines)
            .into_iter()
            .map(|u| match u {
                Undone::Step(s) | Undone::Turn(s) => s,
                Undone::Forfeit => "forfeit".to_string(),
            })
            .collect();
        undone.reverse();
        self.message(Level::Success, format!("took back {}", undone.join(" ")));
        Ok(())
    }
}
