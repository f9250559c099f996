//! The analysis board's actions: how many lines an analysis reports, the position after a
//! line's turns shown without playing them (set up on a spare engine, so that the session's
//! engine thinks on), and a line's first turn played for the human to move.

use serde_json::{json, Value};

use guerrilla::protocol::codec::Command;

use super::link::{setoption, Link};
use super::timeline::By;
use super::{first_error, Session};
use crate::parse::{parse_played, Describe};

/// The lines an analysis reports until the page asks for another number.
pub const DEFAULT_LINES: usize = 3;
/// The most lines an analysis may report (the engine's MultiPV bound, protocol.md § 3.2).
pub const MAX_LINES: u64 = 64;
/// The most turns of a line a preview plays.
const MAX_PREVIEW_TURNS: usize = 64;

/// A move token: not empty, no blank.
fn is_token(s: &str) -> bool {
    !s.is_empty() && !s.contains(char::is_whitespace)
}

impl Session {
    /// The number of lines of the next analyses (`lines`, 1 to [`MAX_LINES`]), when given.
    pub(super) fn set_analysis_lines(&mut self, lines: Option<u64>) -> Result<(), String> {
        match lines {
            None => Ok(()),
            Some(n) if (1..=MAX_LINES).contains(&n) => {
                self.analysis_lines = n as usize;
                Ok(())
            }
            Some(n) => Err(format!(
                "expected a number of lines from 1 to {MAX_LINES} but got {n}"
            )),
        }
    }

    /// The spare engine, started when first needed (with the smallest hash table: it only
    /// sets up positions).
    fn scratch(&mut self) -> Result<&mut Link, String> {
        if !self.scratch.as_ref().is_some_and(Link::running) {
            let mut spare = self.link.spare();
            spare.start()?;
            spare.request(&[setoption("Hash", 1)])?;
            self.scratch = Some(spare);
        }
        Ok(self.scratch.as_mut().expect("started above"))
    }

    /// The position after the turns `moves` from the position after `ply` turns of the game,
    /// without playing them: the position before the last of them and after it (`describe`),
    /// and the engine's report of that last turn (its steps and removals), for the board.
    pub(super) fn preview(&mut self, ply: usize, moves: &[String]) -> Result<Value, String> {
        let n = self.game.moves.len();
        if ply > n {
            return Err(format!("expected a position from 0 to {n} to preview from"));
        }
        if moves.is_empty() || moves.len() > MAX_PREVIEW_TURNS {
            return Err(format!(
                "expected a list of 1 to {MAX_PREVIEW_TURNS} turns to preview"
            ));
        }
        if let Some(m) = moves.iter().find(|m| !is_token(m)) {
            return Err(format!("expected a move token but got '{m}'"));
        }
        let (last, first) = moves.split_last().expect("not empty");
        let mut before: Vec<String> = self.game.moves[..ply].to_vec();
        before.extend(first.iter().cloned());
        let mut cmds = self
            .game
            .setup_commands(self.game.start.as_deref(), &before);
        cmds.extend([
            Command::Describe,
            Command::Play(last.clone()),
            Command::Describe,
        ]);
        let answer = self.scratch().and_then(|s| s.request(&cmds));
        let lines = answer.inspect_err(|_| {
            if let Some(mut s) = self.scratch.take() {
                s.stop_process();
            }
        })?;
        if let Some(e) = first_error(&lines) {
            return Err(format!("this line cannot be shown: {e}"));
        }
        let describes: Vec<Describe> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("describe "))
            .map(Describe::parse)
            .collect();
        let played = lines.iter().find_map(|l| parse_played("played", l));
        match (describes.as_slice(), played) {
            ([before, after], Some(played)) => Ok(json!({
                "ply": ply,
                "moves": moves,
                "before": before,
                "after": after,
                "report": played.report,
            })),
            _ => Err("the engine did not set up this line".into()),
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
