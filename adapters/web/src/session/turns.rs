//! The engine's side of a session: its own turns, analyses, hints and a review's searches, a
//! line's turn played for the human, what a word step would do (previews), reading the game
//! back, and restarting an engine that died or hung.

use guerrilla::protocol::codec::{Command, GoArgs, LegalWhat, Message, Undone};

use super::board::is_token;
use super::link::{is_note, Ended, Purpose};
use super::review::{p1_chance, Review, REVIEW_NODES};
use super::timeline::By;
use super::{first_error, Hint, LastPlay, Level, Preview, Session};
use crate::answers::{over_text, played, stepped, Report};

/// How long a hint thinks, in milliseconds.
const HINT_MOVETIME: u64 = 1000;

impl Session {
    /// A request whose failure restarts the engine; `None` then.
    pub(super) fn ask(&mut self, cmds: &[Command]) -> Option<Vec<String>> {
        match self.link.request(cmds) {
            Ok(lines) => Some(lines),
            Err(e) => {
                self.restart(&e);
                None
            }
        }
    }

    /// Reads the game back from the engine, and what its word steps would do.
    pub(super) fn refresh(&mut self) {
        let searching = self.link.search.is_some();
        match self.game.refresh(&mut self.link, searching) {
            Ok(notes) => self.notes(notes),
            Err(e) => return self.restart(&e),
        }
        self.drop_stale_review();
        if self
            .hint
            .as_ref()
            .is_some_and(|h| h.ply != self.game.moves.len() || h.built != self.game.building.len())
        {
            self.hint = None;
        }
        self.preview_word_steps();
    }

    /// Replaces a dead or hung engine, restores the game to the start of the current turn and
    /// tells the user. An engine that fails again at once is not restarted in a loop: the
    /// session then has no engine until the next action.
    pub(super) fn restart(&mut self, why: &str) {
        let status = self
            .link
            .stop_process()
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        if self.restarting {
            self.message(
                Level::Error,
                format!("{why}{status}; the engine is stopped"),
            );
            return;
        }
        self.restarting = true;
        self.link.restarts += 1;
        if let Some(r) = self.review.as_mut() {
            r.running = false;
        }
        self.link.forget_search();
        self.players.awaiting_confirm = None;
        self.hint = None;
        log::warn!("session {}: {why}{status}; restarting it", self.id);
        let started = self
            .link
            .start()
            .and_then(|()| self.game.restore(&mut self.link, false));
        match started {
            Ok(notes) => {
                self.message(
                    Level::Error,
                    format!(
                        "{why}{status} and was restarted; the game was restored to the start of the current turn"
                    ),
                );
                self.notes(notes);
                self.refresh();
            }
            Err(e) => {
                self.link.stop_process();
                self.message(
                    Level::Error,
                    format!("{why}{status}; restarting it failed: {e}"),
                );
            }
        }
        self.restarting = false;
    }

    /// After an action or an engine line: a search that ended during a request is handled,
    /// then the engine starts its turn if it may.
    pub(super) fn settle(&mut self) {
        if let Some(ended) = self.link.finished.take() {
            self.search_ended(ended);
        }
        self.maybe_start_engine();
    }

    /// Starts the engine's search when the side to move is the engine's and nothing holds it.
    fn maybe_start_engine(&mut self) {
        if self.link.search.is_some()
            || !self.link.running()
            || self.game.over()
            || !self.game.describe.turn_start()
        {
            return;
        }
        let Some(side) = self.game.to_move() else {
            return;
        };
        let Some((movetime, strength)) = self.players.engine_may_play(side) else {
            return;
        };
        self.players.advance_once = false;
        self.hint = None;
        let go = GoArgs {
            movetime: Some(movetime),
            ..GoArgs::default()
        };
        if let Err(e) =
            self.link
                .start_search(go, Purpose::Play(side), side, 1, strength.as_deref())
        {
            self.restart(&e);
        }
    }

    pub(super) fn on_engine_line(&mut self, line: &str) {
        match self.link.on_line(line) {
            Ok(None) => {}
            Ok(Some(ended)) => self.search_ended(ended),
            Err(other) if is_note(&other) => self.notes(vec![other]),
            Err(other) => self.message(Level::Info, format!("engine said: {other}")),
        }
    }

    /// A search gave its `bestmove`: the engine's turn is played, a hint shown.
    fn search_ended(&mut self, ended: Ended) {
        if ended.search.discarded {
            return;
        }
        let best = ended.best;
        match ended.search.purpose {
            Purpose::Analysis(_) => {}
            Purpose::Review(ply) => self.review_search_ended(ply, ended.search.side),
            Purpose::Hint if best == "none" => {
                self.message(Level::Info, "the engine has no turn to suggest here")
            }
            Purpose::Hint => {
                self.message(Level::Info, format!("hint: {best}"));
                self.hint = Some(Hint {
                    turn: best,
                    ply: self.game.moves.len(),
                    built: self.game.building.len(),
                });
            }
            Purpose::Play(_) if best == "none" => {
                self.message(Level::Error, "the engine found no turn to play");
                self.players.paused = true;
            }
            Purpose::Play(_) => self.play_engine_turn(&best),
        }
    }

    /// Plays the engine's `bestmove` and keeps what the engine reports of it.
    fn play_engine_turn(&mut self, turn: &str) {
        let Some(lines) = self.ask(&[Command::Play(turn.to_string())]) else {
            return;
        };
        if let Some(e) = first_error(&lines) {
            self.message(
                Level::Error,
                format!("the engine's move {turn} was refused: {e}"),
            );
            self.players.paused = true;
        } else {
            self.record_turn(By::Engine, turn, &lines);
        }
        self.refresh();
    }

    /// A whole turn `by` played and the engine answered (`lines`, with its `played` report):
    /// the game's next turn, shown step by step from the position it was played from.
    pub(super) fn record_turn(&mut self, by: By, turn: &str, lines: &[String]) {
        let report = played(lines).map(Report::from).unwrap_or_default();
        self.game.expect_turn(by, report.clone());
        self.plays += 1;
        self.last = Some(LastPlay {
            seq: self.plays,
            by,
            step: None,
            auto: Vec::new(),
            turn: Some(turn.to_string()),
            report,
            from_ply: self.game.moves.len(),
            from_built: 0,
        });
    }

    /// Stops a running search and waits for its `bestmove`, which is not used. An analysis of
    /// an earlier position is ended too, and the game set up again.
    pub(super) fn stop_search(&mut self) {
        match self.link.stop_search() {
            Ok((ended, other)) => {
                self.notes(other.into_iter().filter(|l| is_note(l)).collect());
                // An analysis of an earlier position, or a review, had set the engine to
                // another position.
                let elsewhere = ended.is_some_and(|e| match e.search.purpose {
                    Purpose::Analysis(p) => p < self.game.moves.len(),
                    Purpose::Review(_) => true,
                    _ => false,
                });
                if let Some(r) = self.review.as_mut().filter(|r| r.running) {
                    r.running = false;
                    self.link.forget_search();
                }
                if elsewhere {
                    self.restore_game();
                }
            }
            Err(e) => self.restart(&e),
        }
    }

    /// Starts a search that plays nothing: `go infinite` on the position after `ply` turns
    /// (the engine is set to it first when it is an earlier one).
    pub(super) fn start_analysis(&mut self, ply: usize) -> Result<(), String> {
        self.stop_search();
        if ply < self.game.moves.len() {
            let cmds = self
                .game
                .setup_commands(self.game.start.as_deref(), &self.game.moves[..ply]);
            let lines = self.ask(&cmds).ok_or("the engine was restarted")?;
            self.notes(super::timeline::errors(&lines));
        }
        let side = self
            .game
            .plies
            .get(ply)
            .and_then(|p| p.describe.to_move())
            .unwrap_or(0);
        let lines = self.board.lines();
        let infinite = GoArgs {
            infinite: true,
            ..GoArgs::default()
        };
        self.link
            .start_search(
                infinite,
                Purpose::Analysis(ply),
                side,
                lines,
                self.catalogue.levels.default.as_deref(),
            )
            .map_err(|e| {
                self.restart(&e);
                "the engine was restarted".to_string()
            })
    }

    /// Starts a short search whose `bestmove` is shown as a hint for the side to move.
    pub(super) fn start_hint(&mut self) -> Result<(), String> {
        self.stop_search();
        let side = self.game.to_move().unwrap_or(0);
        let go = GoArgs {
            movetime: Some(HINT_MOVETIME),
            ..GoArgs::default()
        };
        self.link
            .start_search(
                go,
                Purpose::Hint,
                side,
                1,
                self.catalogue.levels.default.as_deref(),
            )
            .map_err(|e| {
                self.restart(&e);
                "the engine was restarted".to_string()
            })
    }

    /// On a human's turn, what each word step (a step the game announces as a word) would do: the engine plays
    /// it and takes it back (`step`, `legal steps`, `undo step`), and the page shows what it
    /// removes, how it ends the game, or the choices that follow.
    fn preview_word_steps(&mut self) {
        self.previews.clear();
        let human = self.game.to_move().is_some_and(|s| self.players.human(s));
        if !human || self.link.search.is_some() || self.players.awaiting_confirm.is_some() {
            return;
        }
        // The steps that name no place are the words the game announces (`about`'s `step`
        // lines, protocol.md § 4.12); the page shows them as buttons.
        let announced = self
            .catalogue
            .game(&self.game.setup.game)
            .map(|g| g.steps.as_slice())
            .unwrap_or_default();
        let words: Vec<String> = self
            .game
            .steps
            .iter()
            .filter(|s| announced.iter().any(|w| w.word == **s))
            .cloned()
            .collect();
        for word in words {
            let cmds = [
                Command::Step(word.clone()),
                Command::Legal(LegalWhat::Steps),
                Command::UndoStep,
            ];
            let Some(lines) = self.ask(&cmds) else {
                return;
            };
            let Some(st) = stepped(&lines) else {
                continue;
            };
            let undone = lines
                .iter()
                .any(|l| matches!(l.parse(), Ok(Message::Undone(Undone::Step(_)))));
            if !undone {
                self.message(
                    Level::Error,
                    format!("the engine did not take back a trial 'step {word}'"),
                );
                if let Err(e) = self.game.restore(&mut self.link, true) {
                    self.restart(&e);
                }
                return;
            }
            let choices = if st.turn.is_some() {
                Vec::new()
            } else {
                lines
                    .iter()
                    .find_map(|l| match l.parse() {
                        Ok(Message::Steps(steps)) => Some(steps),
                        _ => None,
                    })
                    .unwrap_or_default()
            };
            self.previews.push(Preview {
                step: word,
                ends_turn: st.turn.is_some(),
                removed: std::iter::once(&st.step)
                    .chain(&st.auto)
                    .flat_map(|d| d.removed.iter().cloned())
                    .collect(),
                over: st.over.as_ref().map(over_text),
                choices,
            });
        }
    }

    /// Starts (`on`) or cancels a review of the game as it stands.
    pub(super) fn review_action(&mut self, on: bool) -> Result<(), String> {
        if !on {
            if self.review.as_ref().is_some_and(|r| r.running) {
                self.stop_search();
                self.message(Level::Info, "review cancelled");
            }
            return Ok(());
        }
        let review = Review::of(&self.game)?;
        self.stop_search();
        self.review = Some(review);
        self.next_review_search();
        Ok(())
    }

    /// Searches the next position the review lacks, or ends the review when none is left.
    fn next_review_search(&mut self) {
        let Some(r) = self.review.as_mut() else {
            return;
        };
        let Some((k, side)) = r.next() else {
            self.link.forget_search();
            self.restore_game();
            self.message(Level::Success, "review done");
            return;
        };
        let cmds = self.game.setup_commands(r.start.as_deref(), &r.moves[..k]);
        let go = GoArgs {
            nodes: Some(REVIEW_NODES),
            ..GoArgs::default()
        };
        let level = self.catalogue.levels.default.as_deref();
        let started = self.link.request(&cmds).and_then(|_| {
            self.link
                .start_search(go, Purpose::Review(k), side, 1, level)
        });
        if let Err(e) = started {
            r.running = false;
            self.restart(&e);
        }
    }

    /// A review's search of position `ply` ended: its value is kept and the next one starts.
    fn review_search_ended(&mut self, ply: usize, side: usize) {
        let value = self.link.info.as_ref().and_then(|i| p1_chance(i, side));
        let Some(r) = self.review.as_mut() else {
            return;
        };
        r.record(ply, value);
        self.next_review_search();
    }

    /// The engine set back to the game as it stands, after a review's positions.
    pub(super) fn restore_game(&mut self) {
        match self.game.restore(&mut self.link, true) {
            Ok(notes) => self.notes(notes),
            Err(e) => self.restart(&e),
        }
    }

    /// A review of another game (a new game, a turn taken back) is dropped.
    fn drop_stale_review(&mut self) {
        if self.review.as_ref().is_some_and(|r| !r.is_of(&self.game)) {
            self.review = None;
        }
    }

    /// Plays the whole turn `turn` (a line's first turn) for the human to move, at a turn's
    /// start. An analysis of the position goes on on the new one when a human is to move there.
    pub(super) fn play_turn(&mut self, turn: &str) -> Result<(), String> {
        if !is_token(turn) {
            return Err(format!("expected a turn to play but got '{turn}'"));
        }
        self.human_to_move("the game is over: there is no turn to play", |side| {
            format!("{side} is played by the engine: a line is played for a human only")
        })?;
        if !self.game.describe.turn_start() {
            return Err("a turn is half built: finish it or undo its steps first".into());
        }
        let n = self.game.moves.len();
        let analysing = self.analysing().is_some();
        self.stop_search();
        let lines = self
            .ask(&[Command::Play(turn.to_string())])
            .ok_or("the engine was restarted")?;
        if let Some(e) = first_error(&lines) {
            self.refresh();
            return Err(e);
        }
        self.record_turn(By::Human, turn, &lines);
        self.refresh();
        let human_next = self.game.to_move().is_some_and(|s| self.players.human(s));
        if analysing && human_next && !self.game.over() {
            self.start_analysis(n + 1)?;
        }
        Ok(())
    }
}
