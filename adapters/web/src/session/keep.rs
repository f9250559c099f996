//! Keeping the session's games in the database (`store.rs`) and setting a kept game up again:
//! the current game is written whenever its record, players, clocks or result change, and a
//! session the server no longer runs (it restarted, or freed the session) is revived from its
//! last game — the same session id, the same seats, the clocks as they were at the last turn's
//! end (the time of a turn under way when the server stopped is not counted).

use guerrilla::protocol::wire::result_word;
use serde_json::{json, Value};

use super::api::{Action, NewGame};
use super::clock::{Clock, ClockState};
use super::table::{Ending, Friends};
use super::{side_word, Level, Session};
use crate::store::{now_ms, random_id, GameRecord};

impl Session {
    /// Writes the session (and its seats' secrets) to the database.
    pub(super) fn keep_session(&mut self) {
        let Some(store) = self.table.store.clone() else {
            return;
        };
        let keys = self.table.friends.as_ref().map(|f| f.keys.clone());
        if let Err(e) = store.save_session(&self.id, keys.as_ref()) {
            log::error!("session {}: {e}", self.id);
        }
    }

    /// Notes that `browser` made or joined this session (holding `seat`).
    pub(super) fn note_owner(&mut self, browser: &str, seat: Option<usize>) {
        let Some(store) = self.table.store.clone() else {
            return;
        };
        let note = format!("{browser}/{seat:?}");
        if self.table.owners.contains(&note) {
            return;
        }
        match store.own(browser, &self.id, seat) {
            Ok(()) => self.table.owners.push(note),
            Err(e) => log::error!("session {}: {e}", self.id),
        }
    }

    /// The current game as it is kept, once the engine has told its start.
    fn record(&self) -> Option<GameRecord> {
        let start = self.game.kept_start()?;
        let (public, created) = match &self.table.kept {
            Some(k) if k.game_no == self.game_no => (k.public.clone(), k.created),
            _ => (random_id(8), now_ms()),
        };
        let (result, reason) = match self.ended() {
            Some(e) => (e.result.clone(), e.reason.clone()),
            None => (
                result_word(self.game.describe.outcome()).to_string(),
                self.game.describe.reason().unwrap_or("").to_string(),
            ),
        };
        Some(GameRecord {
            session: self.id.clone(),
            game_no: self.game_no,
            public,
            game: self.game.setup.game.clone(),
            options: self.game.setup.options.clone(),
            start,
            first: self.game.first_mover().to_string(),
            moves: self.game.moves.clone(),
            players: serde_json::to_value(&self.players.seats).unwrap_or(Value::Null),
            paused: self.players.paused,
            confirm: self.players.confirm_turns,
            clock: self
                .table
                .clock
                .as_ref()
                .map(|c| serde_json::to_value(c.keep()).unwrap_or(Value::Null)),
            holds: self
                .table
                .friends
                .as_ref()
                .map(|f| json!([side_word(f.holds[0]), side_word(f.holds[1])])),
            result,
            reason,
            created,
            updated: 0,
        })
    }

    /// Writes the current game when it changed since it was last written. A running clock
    /// alone is no change: the clocks are written at each turn's end.
    pub(super) fn keep_game(&mut self) {
        let Some(store) = self.table.store.clone() else {
            return;
        };
        let Some(mut record) = self.record() else {
            return;
        };
        if self.replaying() {
            return;
        }
        if let Some(kept) = &self.table.kept {
            let mut same = record.clone();
            same.updated = kept.updated;
            if kept.game_no == record.game_no && kept.moves == record.moves {
                // the clocks as they were kept, unless a turn or the result changed them
                same.clock = kept.clock.clone();
            }
            if &same == kept {
                return;
            }
        }
        if self.table.kept.is_none() {
            self.keep_session();
        }
        record.updated = now_ms();
        match store.save_game(&record) {
            Ok(()) => self.table.kept = Some(record),
            Err(e) => {
                log::error!("session {}: {e}", self.id);
                self.table.kept = Some(record);
            }
        }
    }

    /// Sets the kept game `record` up again in this (new) session, with the seats' secrets
    /// `keys` of a game between friends.
    pub fn revive(&mut self, record: GameRecord, keys: Option<[String; 2]>) -> Result<(), String> {
        let players = serde_json::from_value(record.players.clone()).map_err(|e| {
            format!(
                "expected the kept game's players but got '{}' ({e})",
                record.players
            )
        })?;
        let new = NewGame {
            game: Some(record.game.clone()),
            options: Some(
                record
                    .options
                    .iter()
                    .map(|(k, v)| (k.clone(), json!(v)))
                    .collect(),
            ),
            fen: (record.start != "startpos").then(|| record.start.clone()),
            moves: Some(record.moves.clone()),
            players: Some(players),
            confirm: Some(record.confirm),
            ..NewGame::default()
        };
        self.act(&Action::New(new))?;
        // A page drops a state older than the last one it drew: the revived session's states
        // count from the time now, above every version its earlier run gave out (one a change).
        self.version = self.version.max(now_ms());
        self.game_no = record.game_no;
        self.players.paused = record.paused;
        let side = |v: &Value| usize::from(v.as_str() == Some("p2"));
        if let Some(keys) = keys {
            let holds = record
                .holds
                .as_ref()
                .and_then(Value::as_array)
                .filter(|h| h.len() == 2)
                .map_or([0, 1], |h| [side(&h[0]), side(&h[1])]);
            self.table.friends = Some(Friends {
                keys,
                holds,
                joined: [false; 2],
                rematch: None,
            });
        }
        self.table.clock = record
            .clock
            .clone()
            .and_then(|c| serde_json::from_value::<ClockState>(c).ok())
            .map(Clock::restore);
        if record.result != "none" && !self.game.over() {
            self.table.ending = Some(Ending {
                result: record.result.clone(),
                reason: record.reason.clone(),
                game_no: record.game_no,
            });
        }
        self.messages.clear();
        self.message(
            Level::Info,
            format!(
                "game restored from the server's database after {} turns",
                record.moves.len()
            ),
        );
        self.table.kept = Some(record);
        Ok(())
    }
}
