//! The game's record: the position it was set up from, each whole turn and each step entered
//! since (with the position before it), and what `position`, `play`, `step`, `undo` and
//! `undo step` do to it. A turn entered step by step completes as a whole turn, with its token.

use super::{Engine, PositionLine};
use crate::game::{Game, GameEnd, GameError, Removal};
use crate::search::Searchable;

/// What `undo` or `undo step` took back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undone {
    /// One chosen step (its text), with the decisions forced after it: `undo` in the middle of
    /// a turn, or `undo step`.
    Step(String),
    /// The whole previous turn (its token), all its steps.
    Turn(String),
    /// The loss by an illegal move in `position … moves` (the position itself is unchanged).
    Forfeit,
}

/// One step applied, chosen or taken by the game itself: its canonical text and what it removed
/// from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub step: String,
    pub removed: Vec<Removal>,
}

/// What `step` did: the step chosen, the decisions the game then took by itself, each with what
/// it removed, the whole turn's token when the step (with them) completed the turn, and how the
/// game ended when that turn ended it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stepped {
    pub chosen: Applied,
    pub auto: Vec<Applied>,
    pub turn: Option<String>,
    pub end: Option<GameEnd>,
}

/// A whole turn played (`play`) or only expanded (`expand`): its canonical token, every step
/// that plays it, chosen and automatic, in order, each with what it removed, and how the game
/// ended when the turn ended it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub turn: String,
    pub steps: Vec<Applied>,
    pub end: Option<GameEnd>,
}

/// The game's record for `history`: where it was set up from, the whole turns played since,
/// and the steps of the turn being built (chosen and automatic, in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    pub start: String,
    pub turns: Vec<String>,
    pub building: Vec<String>,
}

/// How one history entry was entered, in the game's own values: they are written as text only
/// when asked for (`history`, `undo`), each from the position it was played from.
#[derive(Clone, Debug)]
pub(super) enum Act<G: Game> {
    /// A whole turn (`play`, `position … moves`), played from the entry's position.
    Turn(G::Turn),
    /// One chosen step (`step`), the decisions forced after it, and the turn it completed (from
    /// the start of that turn), if it did.
    Step {
        step: G::Step,
        forced: Vec<G::Step>,
        turn: Option<G::Turn>,
    },
}

/// One action in the history: the position before it and what it was.
#[derive(Clone, Debug)]
pub(super) struct Entry<G: Game + Searchable> {
    pub(super) before: G,
    pub(super) act: Act<G>,
}

impl<G: Game + Searchable> Entry<G> {
    /// The texts of the steps this entry applied, chosen and forced, in order, each written from
    /// the entry's position (empty for a whole turn).
    fn step_texts(&self) -> Vec<String> {
        match &self.act {
            Act::Turn(_) => Vec::new(),
            Act::Step { step, forced, .. } => std::iter::once(step)
                .chain(forced)
                .map(|&s| self.before.format_step(s))
                .collect(),
        }
    }
}

impl<G: Game + Searchable> Engine<G> {
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

    /// The chosen steps taken so far in the turn being built, in order (empty at a turn start):
    /// with [`Engine::turn_start`], the turn begun.
    pub fn chosen_this_turn(&self) -> Vec<G::Step> {
        self.building()
            .iter()
            .filter_map(|e| match &e.act {
                Act::Step { step, .. } => Some(*step),
                Act::Turn(_) => None,
            })
            .collect()
    }

    /// The texts of the steps taken so far in the turn being built, chosen and automatic, in
    /// order (empty at a turn start).
    pub fn steps_this_turn(&self) -> Vec<String> {
        self.building().iter().flat_map(Entry::step_texts).collect()
    }

    /// The token of the whole turn the history's entry `i` completed, if it did, written from
    /// the start of that turn.
    fn completed_token(&self, i: usize) -> Option<String> {
        let e = &self.history[i];
        match &e.act {
            Act::Turn(turn) => Some(e.before.format_turn(turn)),
            Act::Step { turn: None, .. } => None,
            Act::Step {
                turn: Some(turn), ..
            } => {
                let start = self.history[..=i]
                    .iter()
                    .rev()
                    .find(|e| e.before.at_turn_start())
                    .map_or(&e.before, |e| &e.before);
                Some(start.format_turn(turn))
            }
        }
    }

    /// The game's record: start, whole turns, the turn being built.
    pub fn history(&self) -> History {
        History {
            start: self.start.clone(),
            turns: (0..self.history.len())
                .filter_map(|i| self.completed_token(i))
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

    /// Plays the whole turn `text` at a turn start and records it; returns the turn played.
    fn play_turn_unchecked(&mut self, text: &str) -> Result<G::Turn, GameError> {
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
        let before = self.pos.clone();
        self.pos.play_turn(&turn)?;
        self.history.push(Entry {
            before,
            act: Act::Turn(turn.clone()),
        });
        Ok(turn)
    }

    /// Plays one whole turn (validated): its canonical token, its steps with what each removed,
    /// and how the game ended if it did. In the middle of a turn, the turn must begin with the
    /// steps already taken (see [`Engine::continuation`]): the rest of it is played, and the
    /// steps reported are that rest. An error changes nothing.
    pub fn play_turn(&mut self, text: &str) -> Result<Played, GameError> {
        if self.forfeit.is_some() {
            return Err(GameError::illegal(
                text,
                "the game is over (lost by an illegal move)",
            ));
        }
        if !self.pos.at_turn_start() {
            let (turn, rest) = self.continuation(text)?;
            let mut steps = Vec::new();
            for s in rest {
                steps.extend(self.apply_chosen(s));
            }
            self.line = None;
            return Ok(Played {
                turn,
                steps,
                end: self.pos.game_end(),
            });
        }
        let before = self.pos.clone();
        let turn = self.play_turn_unchecked(text)?;
        self.line = None;
        let (steps, _) = expansion(&before, &turn);
        Ok(Played {
            turn: before.format_turn(&turn),
            steps,
            end: self.pos.game_end(),
        })
    }

    /// What `play` would answer, without playing: the turn's canonical token, every step that
    /// plays it from the current position (in the middle of a turn, the rest of a turn that
    /// begins with the steps already taken) with what each removed, and how the game would
    /// end. The same errors as `play`; nothing changes either way.
    pub fn expand(&self, text: &str) -> Result<Played, GameError> {
        if self.forfeit.is_some() {
            return Err(GameError::illegal(
                text,
                "the game is over (lost by an illegal move)",
            ));
        }
        if self.pos.outcome().is_some() {
            return Err(GameError::illegal(text, "the game is over"));
        }
        if !self.pos.at_turn_start() {
            let (turn, rest) = self.continuation(text)?;
            let mut pos = self.pos.clone();
            let mut steps = Vec::new();
            for s in rest {
                let before = pos.clone();
                let mut all = Vec::new();
                pos.apply(s, Some(&mut all));
                all.insert(0, s);
                steps.extend(applied_steps(&before, &all, &pos));
            }
            return Ok(Played {
                turn,
                steps,
                end: pos.game_end(),
            });
        }
        let turn = self.pos.parse_turn(text)?;
        let (steps, after) = expansion(&self.pos, &turn);
        Ok(Played {
            turn: self.pos.format_turn(&turn),
            steps,
            end: after.game_end(),
        })
    }

    /// Plays one step of the turn being built (validated): the step, the decisions the game
    /// took by itself after it, each with what it removed, the turn's token when it completed
    /// the turn, and how the game ended if it did. An error changes nothing.
    pub fn play_step(&mut self, text: &str) -> Result<Stepped, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::illegal(text, "the game is over"));
        }
        let step = self.pos.parse_step(text)?;
        let mut applied = self.apply_chosen(step).into_iter();
        self.line = None;
        let turn = self.completed_token(self.history.len() - 1);
        let chosen = applied.next().unwrap_or(Applied {
            step: text.to_string(),
            removed: Vec::new(),
        });
        Ok(Stepped {
            chosen,
            auto: applied.collect(),
            end: turn.as_ref().and_then(|_| self.pos.game_end()),
            turn,
        })
    }

    /// Applies a legal chosen step and records it, with the decisions forced after it and, when
    /// it ends the turn, the turn's token (made from the turn's chosen steps). Returns the
    /// steps applied (the chosen one first) with what each removed.
    fn apply_chosen(&mut self, step: G::Step) -> Vec<Applied> {
        let before = self.pos.clone();
        let mut all = Vec::new();
        self.pos.apply(step, Some(&mut all));
        all.insert(0, step);
        let applied = applied_steps(&before, &all, &self.pos);
        let forced = all[1..].to_vec();
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
            Some(turn_start.turn_from_steps(&chosen))
        } else {
            None
        };
        self.history.push(Entry {
            before,
            act: Act::Step { step, forced, turn },
        });
        applied
    }

    /// Takes back the last chosen step (mid-turn, with the decisions forced after it), or the
    /// last whole turn (at a turn start), or the loss by an illegal move. `None` when there is
    /// nothing to take back.
    pub fn undo(&mut self) -> Option<Undone> {
        self.line = None;
        if self.forfeit.take().is_some() {
            return Some(Undone::Forfeit);
        }
        if !self.pos.at_turn_start() {
            let e = self.history.pop()?;
            let undone = match &e.act {
                Act::Step { step, .. } => Undone::Step(e.before.format_step(*step)),
                Act::Turn(turn) => Undone::Turn(e.before.format_turn(turn)),
            };
            self.pos = e.before;
            return Some(undone);
        }
        let token = self.completed_token(self.history.len().checked_sub(1)?);
        loop {
            let e = self.history.pop()?;
            let at_start = e.before.at_turn_start();
            self.pos = e.before;
            if at_start {
                return Some(Undone::Turn(token.unwrap_or_default()));
            }
        }
    }

    /// `undo step`: takes back the last chosen step and the decisions forced after it. At a turn
    /// start the previous turn is reopened first (a turn entered whole is replayed up to its last
    /// chosen step through [`Turns::turn_steps`](crate::game::Turns::turn_steps)). A loss by an
    /// illegal move is taken back as by `undo`. `None` when there is nothing to take back.
    pub fn undo_step(&mut self) -> Option<Undone> {
        self.line = None;
        if self.forfeit.take().is_some() {
            return Some(Undone::Forfeit);
        }
        let e = self.history.pop()?;
        match e.act {
            Act::Step { step, .. } => {
                let text = e.before.format_step(step);
                self.pos = e.before;
                Some(Undone::Step(text))
            }
            Act::Turn(turn) => {
                self.pos = e.before;
                let steps = self.pos.turn_steps(&turn);
                let Some((&last, replay)) = steps.split_last() else {
                    return Some(Undone::Turn(self.pos.format_turn(&turn)));
                };
                for &s in replay {
                    self.apply_chosen(s);
                }
                Some(Undone::Step(self.pos.format_step(last)))
            }
        }
    }
}

/// The steps `all` — a chosen step and the decisions forced after it, applied from `before`
/// and leading to `after` — with their texts and what each removed. Every text is written from
/// `before`: a forced decision is named as the player would have named it there (a Guerrilla
/// Checkers capture whose stone has left the board by `after` still reads `x`, GC4).
fn applied_steps<G: Game>(before: &G, all: &[G::Step], after: &G) -> Vec<Applied> {
    let mut removed = before.removals(all, after).into_iter();
    all.iter()
        .map(|&s| Applied {
            step: before.format_step(s),
            removed: removed.next().unwrap_or_default(),
        })
        .collect()
}

/// Every step that plays `turn` from the turn start `from` (its chosen steps, each followed by
/// the decisions forced after it), with what each removed, and the position it leads to.
pub(super) fn expansion<G: Game>(from: &G, turn: &G::Turn) -> (Vec<Applied>, G) {
    let mut pos = from.clone();
    let mut steps = Vec::new();
    for s in from.turn_steps(turn) {
        let before = pos.clone();
        let mut all = Vec::new();
        pos.apply(s, Some(&mut all));
        all.insert(0, s);
        steps.extend(applied_steps(&before, &all, &pos));
    }
    (steps, pos)
}
