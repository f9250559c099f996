//! The game's record: the position it was set up from, each whole turn and each step entered
//! since (with the position before it), and what `position`, `play`, `step`, `undo` and
//! `undo step` do to it. A turn entered step by step completes as a whole turn, with its token.

use super::{Engine, PositionLine};
use crate::game::{Game, GameError};
use crate::search::SearchHints;

/// What `undo` took back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undone {
    /// One step of the turn being built.
    Step,
    /// The whole previous turn (all its steps).
    Turn,
    /// The loss by an illegal move in `position … moves` (the position itself is unchanged).
    Forfeit,
    /// `undo step`: the last chosen step (its text), with the decisions forced after it.
    ChosenStep(String),
}

/// What `step` did: the step's canonical text, the decisions the game then took by itself, and
/// the whole turn's token when the step (with them) completed the turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stepped {
    pub step: String,
    pub auto: Vec<String>,
    pub turn: Option<String>,
}

/// The game's record for `history`: where it was set up from, the whole turns played since,
/// and the steps of the turn being built (chosen and automatic, in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    pub start: String,
    pub turns: Vec<String>,
    pub building: Vec<String>,
}

/// How one history entry was entered.
#[derive(Clone, Debug)]
pub(super) enum Act<S> {
    /// A whole turn (`play`, `position … moves`): its canonical token.
    Turn(String),
    /// One chosen step (`step`) and the decisions forced after it, with their texts, and the
    /// token of the turn it completed, if it did.
    Step {
        step: S,
        texts: Vec<String>,
        turn: Option<String>,
    },
}

/// One action in the history: the position before it and what it was.
#[derive(Clone, Debug)]
pub(super) struct Entry<G: Game + SearchHints> {
    pub(super) before: G,
    pub(super) act: Act<G::Step>,
}

impl<G: Game + SearchHints> Entry<G> {
    /// The token of the whole turn this entry completed, if it did.
    fn completed(&self) -> Option<&str> {
        match &self.act {
            Act::Turn(t) => Some(t),
            Act::Step { turn, .. } => turn.as_deref(),
        }
    }
}

impl<G: Game + SearchHints> Engine<G> {
    /// The position at the start of the turn being built (the current one at a turn start).
    pub fn turn_start(&self) -> &G {
        if self.pos.at_turn_start() {
            return &self.pos;
        }
        self.history
            .iter()
            .rev()
            .find(|e| e.before.at_turn_start())
            .map(|e| &e.before)
            .unwrap_or(&self.pos)
    }

    /// The entries of the turn being built (empty at a turn start).
    fn building(&self) -> &[Entry<G>] {
        if self.pos.at_turn_start() {
            return &[];
        }
        let first = self
            .history
            .iter()
            .rposition(|e| e.before.at_turn_start())
            .unwrap_or(0);
        &self.history[first..]
    }

    /// The texts of the steps taken so far in the turn being built, chosen and automatic, in
    /// order (empty at a turn start).
    pub fn steps_this_turn(&self) -> Vec<String> {
        let mut texts = Vec::new();
        for e in self.building() {
            if let Act::Step { texts: t, .. } = &e.act {
                texts.extend(t.iter().cloned());
            }
        }
        texts
    }

    /// The game's record: start, whole turns, the turn being built.
    pub fn history(&self) -> History {
        History {
            start: self.start.clone(),
            turns: self
                .history
                .iter()
                .filter_map(|e| e.completed().map(str::to_string))
                .collect(),
            building: self.steps_this_turn(),
        }
    }

    /// Sets the position from a start (`None` = start position, `Some` = position string) and
    /// whole turns. A bad position string is an `Err` and changes nothing. An illegal move is
    /// not an `Err`: the game is then over, lost by the side that played it, the position is the
    /// one before that move, and the move's error is returned in `Ok(Some(_))`.
    pub fn set_position(
        &mut self,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<Option<GameError>, GameError> {
        self.stop();
        // Fast path: same start, same moves so far plus new ones.
        if let Some(line) = &self.line {
            if line.start.as_deref() == start
                && self.forfeit.is_none()
                && moves.len() >= line.moves.len()
                && moves[..line.moves.len()] == line.moves[..]
            {
                let first_new = line.moves.len();
                return Ok(self.play_moves(start, moves, first_new));
            }
        }
        let base = match start {
            None => G::new(&self.settings),
            Some(text) => {
                let pos = G::from_position_string(text, &self.settings)?;
                if !pos.at_turn_start() {
                    return Err(GameError::bad_position(text, "not at the start of a turn"));
                }
                pos
            }
        };
        self.start = base.to_position_string();
        self.pos = base;
        self.history.clear();
        self.forfeit = None;
        Ok(self.play_moves(start, moves, 0))
    }

    /// Plays `moves[from..]` on the current position (see `set_position`).
    fn play_moves(
        &mut self,
        start: Option<&str>,
        moves: &[String],
        from: usize,
    ) -> Option<GameError> {
        for text in &moves[from..] {
            if self.pos.outcome().is_some() {
                // The game has already ended by the rules: its result stands; the extra moves
                // are reported and ignored.
                self.line = None;
                return Some(GameError::illegal(text, "the game is already over"));
            }
            if let Err(e) = self.play_turn_unchecked(text) {
                self.forfeit = Some(self.pos.side_to_move());
                self.line = None;
                return Some(e);
            }
        }
        self.line = Some(PositionLine {
            start: start.map(str::to_string),
            moves: moves.to_vec(),
        });
        None
    }

    fn play_turn_unchecked(&mut self, text: &str) -> Result<String, GameError> {
        if self.pos.outcome().is_some() {
            return Err(GameError::illegal(text, "the game is over"));
        }
        if !self.pos.at_turn_start() {
            return Err(GameError::illegal(
                text,
                "a turn is being built: finish or undo it",
            ));
        }
        let turn = self.pos.parse_turn(text)?;
        let canonical = self.pos.format_turn(&turn);
        let before = self.pos.clone();
        self.pos.play_turn(&turn)?;
        self.history.push(Entry {
            before,
            act: Act::Turn(canonical.clone()),
        });
        Ok(canonical)
    }

    /// Plays one whole turn (validated); returns its canonical token. An error changes nothing.
    pub fn play_turn(&mut self, text: &str) -> Result<String, GameError> {
        if self.forfeit.is_some() {
            return Err(GameError::illegal(
                text,
                "the game is over (lost by an illegal move)",
            ));
        }
        let canonical = self.play_turn_unchecked(text)?;
        self.line = None;
        Ok(canonical)
    }

    /// Plays one step of the turn being built (validated): its canonical text, the decisions
    /// the game took by itself after it, and the turn's token when it completed the turn. An
    /// error changes nothing.
    pub fn play_step(&mut self, text: &str) -> Result<Stepped, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::illegal(text, "the game is over"));
        }
        let step = self.pos.parse_step(text)?;
        self.apply_chosen(step);
        self.line = None;
        match &self.history.last().map(|e| &e.act) {
            Some(Act::Step { texts, turn, .. }) => Ok(Stepped {
                step: texts[0].clone(),
                auto: texts[1..].to_vec(),
                turn: turn.clone(),
            }),
            _ => unreachable!("apply_chosen pushes a step entry"),
        }
    }

    /// Applies a legal chosen step and records it, with the decisions forced after it and, when
    /// it ends the turn, the turn's token (made from the turn's chosen steps).
    fn apply_chosen(&mut self, step: G::Step) {
        let before = self.pos.clone();
        let mut forced = Vec::new();
        let mut texts = vec![self.pos.format_step(step)];
        self.pos.apply_step_reporting(step, &mut forced);
        texts.extend(forced.iter().map(|&f| self.pos.format_step(f)));
        let turn = if self.pos.at_turn_start() {
            let start_index = if before.at_turn_start() {
                self.history.len()
            } else {
                self.history
                    .iter()
                    .rposition(|e| e.before.at_turn_start())
                    .unwrap_or(0)
            };
            let mut chosen: Vec<G::Step> = self.history[start_index..]
                .iter()
                .filter_map(|e| match &e.act {
                    Act::Step { step, .. } => Some(*step),
                    Act::Turn(_) => None,
                })
                .collect();
            chosen.push(step);
            let turn_start = self
                .history
                .get(start_index)
                .map(|e| &e.before)
                .unwrap_or(&before);
            let turn = turn_start.turn_from_steps(&chosen);
            Some(turn_start.format_turn(&turn))
        } else {
            None
        };
        self.history.push(Entry {
            before,
            act: Act::Step { step, texts, turn },
        });
    }

    /// Takes back the last step (mid-turn), or the last whole turn (at a turn start), or the loss
    /// by an illegal move. `None` when there is nothing to take back.
    pub fn undo(&mut self) -> Option<Undone> {
        self.line = None;
        if self.forfeit.take().is_some() {
            return Some(Undone::Forfeit);
        }
        if !self.pos.at_turn_start() {
            let e = self.history.pop()?;
            self.pos = e.before;
            return Some(Undone::Step);
        }
        loop {
            let e = self.history.pop()?;
            let at_start = e.before.at_turn_start();
            self.pos = e.before;
            if at_start {
                return Some(Undone::Turn);
            }
        }
    }

    /// `undo step`: takes back the last chosen step and the decisions forced after it. At a turn
    /// start the previous turn is reopened first (a turn entered whole is replayed up to its last
    /// chosen step through [`Rules::turn_steps`](crate::game::Rules::turn_steps)). A loss by an
    /// illegal move is taken back as by `undo`. `None` when there is nothing to take back.
    pub fn undo_step(&mut self) -> Option<Undone> {
        self.line = None;
        if self.forfeit.take().is_some() {
            return Some(Undone::Forfeit);
        }
        let e = self.history.pop()?;
        match e.act {
            Act::Step { texts, .. } => {
                self.pos = e.before;
                Some(Undone::ChosenStep(texts[0].clone()))
            }
            Act::Turn(token) => {
                self.pos = e.before.clone();
                let steps = match self.pos.parse_turn(&token) {
                    Ok(turn) => self.pos.turn_steps(&turn),
                    Err(err) => {
                        // Never happens (the token was printed from this position); keep the
                        // turn taken back whole rather than fail.
                        log::error!("reopening '{token}': {err}");
                        return Some(Undone::Turn);
                    }
                };
                let Some((&last, replay)) = steps.split_last() else {
                    return Some(Undone::Turn);
                };
                for &s in replay {
                    self.apply_chosen(s);
                }
                Some(Undone::ChosenStep(self.pos.format_step(last)))
            }
        }
    }
}
