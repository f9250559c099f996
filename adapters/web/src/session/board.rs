//! The analysis board: how many lines an analysis reports, and the position after a line's
//! turns shown without playing them, set up on a spare engine of its own (so that the
//! session's engine thinks on).

use serde_json::{json, Value};

use guerrilla::protocol::codec::{Command, Message};

use super::first_error;
use super::link::{setoption, Link};
use super::timeline::Timeline;
use crate::answers::{played, Described, Report};

/// The lines an analysis reports until the page asks for another number.
pub const DEFAULT_LINES: usize = 3;
/// The most lines an analysis may report (the engine's MultiPV bound, protocol.md § 3.2).
pub const MAX_LINES: u64 = 64;
/// The most turns of a line a preview plays.
const MAX_PREVIEW_TURNS: usize = 64;

/// A move token: not empty, no blank.
pub fn is_token(s: &str) -> bool {
    !s.is_empty() && !s.contains(char::is_whitespace)
}

/// The analysis board's settings and its spare engine.
pub struct AnalysisBoard {
    /// The lines the next analyses report (MultiPV): 1 to [`MAX_LINES`].
    lines: usize,
    /// The spare engine, started at the first preview (and ended with the board).
    scratch: Option<Link>,
}

impl AnalysisBoard {
    pub fn new() -> AnalysisBoard {
        AnalysisBoard {
            lines: DEFAULT_LINES,
            scratch: None,
        }
    }

    /// The lines the next analyses report.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The number of lines of the next analyses (`lines`, 1 to [`MAX_LINES`]), when given.
    pub fn set_lines(&mut self, lines: Option<u64>) -> Result<(), String> {
        match lines {
            None => Ok(()),
            Some(n) if (1..=MAX_LINES).contains(&n) => {
                self.lines = n as usize;
                Ok(())
            }
            Some(n) => Err(format!(
                "expected a number of lines from 1 to {MAX_LINES} but got {n}"
            )),
        }
    }

    /// The spare engine, started like `like` when first needed (with the smallest hash table:
    /// it only sets up positions).
    fn scratch(&mut self, like: &Link) -> Result<&mut Link, String> {
        if !self.scratch.as_ref().is_some_and(Link::running) {
            let mut spare = like.spare();
            spare.start()?;
            spare.request(&[setoption("Hash", 1)])?;
            self.scratch = Some(spare);
        }
        Ok(self.scratch.as_mut().expect("started above"))
    }

    /// The position after the turns `moves` from the position after `ply` turns of `game`,
    /// without playing them: the position before the last of them and after it (`describe`),
    /// and the engine's report of that last turn (its steps and removals), for the board. The
    /// spare engine is started like `like`; one that fails is ended.
    pub fn preview(
        &mut self,
        like: &Link,
        game: &Timeline,
        ply: usize,
        moves: &[String],
    ) -> Result<Value, String> {
        let n = game.moves.len();
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
        let mut before: Vec<String> = game.moves[..ply].to_vec();
        before.extend(first.iter().cloned());
        let mut cmds = game.setup_commands(game.start.as_deref(), &before);
        cmds.extend([
            Command::Describe,
            Command::Play(last.clone()),
            Command::Describe,
        ]);
        let answer = self.scratch(like).and_then(|s| s.request(&cmds));
        let lines = answer.inspect_err(|_| self.close())?;
        if let Some(e) = first_error(&lines) {
            return Err(format!("this line cannot be shown: {e}"));
        }
        let describes: Vec<Described> = lines
            .iter()
            .filter_map(|l| match l.parse() {
                Ok(Message::Describe(d)) => Some(Described::of(d)),
                _ => None,
            })
            .collect();
        let played = played(&lines);
        match (describes.as_slice(), played) {
            ([before, after], Some(played)) => Ok(json!({
                "ply": ply,
                "moves": moves,
                "before": before,
                "after": after,
                "report": Report::from(played),
            })),
            _ => Err("the engine did not set up this line".into()),
        }
    }

    /// Ends the spare engine, if one runs.
    pub fn close(&mut self) {
        if let Some(mut s) = self.scratch.take() {
            s.stop_process();
        }
    }
}
