//! Keeping the session's games in the database (`store.rs`) and setting a kept game up again:
//! the current game is written whenever its record, players, clocks or result change, and a
//! session the server no longer runs (it restarted, or freed the session) is revived from its
//! last game — the same session id, the same seats, the clocks as they were at the last turn's
//! end (the time of a turn under way when the server stopped is not counted).
//!
//! The keeping holds its own state (the store, the kept copy of the current game, the owners
//! noted, a replay's record); the game, the players and the table it keeps are given to it.

use std::sync::Arc;

use guerrilla::protocol::wire::result_word;
use serde_json::{json, Value};

use super::api::NewGame;
use super::players::Players;
use super::side_word;
use super::table::{Friends, Table};
use super::timeline::Timeline;
use crate::store::{now_ms, random_id, GameRecord, Store};

/// What is kept of the session: its game, the game's number, its players and its table.
pub struct Kept<'a> {
    pub game: &'a Timeline,
    pub game_no: u64,
    pub players: &'a Players,
    pub table: &'a Table,
}

/// The keeping of one session's games.
pub struct Keep {
    /// The session's id, under which its games are kept.
    id: String,
    store: Option<Arc<Store>>,
    /// Browsers already noted as owners of this session.
    owners: Vec<String>,
    /// The kept copy of the current game.
    kept: Option<GameRecord>,
    /// The game number and turns of a replay of a kept game: that game is not kept again
    /// while its turns are the first turns of the replayed one.
    replay_of: Option<(u64, Vec<String>)>,
}

impl Keep {
    pub fn new(id: String, store: Option<Arc<Store>>) -> Keep {
        Keep {
            id,
            store,
            owners: Vec::new(),
            kept: None,
            replay_of: None,
        }
    }

    /// Writes the session (and the secrets of the seats of `friends`) to the database.
    pub fn keep_session(&self, friends: Option<&Friends>) {
        let Some(store) = &self.store else {
            return;
        };
        let keys = friends.map(|f| f.keys.clone());
        if let Err(e) = store.save_session(&self.id, keys.as_ref()) {
            log::error!("session {}: {e}", self.id);
        }
    }

    /// Notes that `browser` made or joined this session (holding `seat`).
    pub fn note_owner(&mut self, browser: &str, seat: Option<usize>) {
        let Some(store) = &self.store else {
            return;
        };
        let note = format!("{browser}/{seat:?}");
        if self.owners.contains(&note) {
            return;
        }
        match store.own(browser, &self.id, seat) {
            Ok(()) => self.owners.push(note),
            Err(e) => log::error!("session {}: {e}", self.id),
        }
    }

    /// The session's game `game_no` is a replay of a kept game when `replay` (its turns
    /// `moves`): it is not kept again while it is that game or a part of it.
    pub fn replay(&mut self, game_no: u64, replay: bool, moves: &[String]) {
        self.replay_of = replay.then(|| (game_no, moves.to_vec()));
    }

    /// Whether the game `game_no` with turns `moves` is a replay of a kept game, or a part
    /// of it (so not kept).
    pub fn replaying(&self, game_no: u64, moves: &[String]) -> bool {
        self.replay_of
            .as_ref()
            .is_some_and(|(n, m)| *n == game_no && m.starts_with(moves))
    }

    /// Drops the session's game `game_no` from the database (an aborted game).
    pub fn drop_game(&self, game_no: u64) {
        if let Some(store) = &self.store {
            if let Err(e) = store.drop_game(&self.id, game_no) {
                log::error!("session {}: {e}", self.id);
            }
        }
    }

    /// The public id of the kept copy of the current game, once it is kept.
    pub fn public(&self) -> Option<&str> {
        self.kept.as_ref().map(|k| k.public.as_str())
    }

    /// The current game as it is kept, once the engine has told its start.
    fn record(&self, s: &Kept) -> Option<GameRecord> {
        let start = s.game.kept_start()?;
        let (public, created) = match &self.kept {
            Some(k) if k.game_no == s.game_no => (k.public.clone(), k.created),
            _ => (random_id(8), now_ms()),
        };
        let (result, reason) = match s.table.ended(s.game_no) {
            Some(e) => (e.result.clone(), e.reason.clone()),
            None => (
                result_word(s.game.describe.outcome()).to_string(),
                s.game.describe.reason().unwrap_or("").to_string(),
            ),
        };
        Some(GameRecord {
            session: self.id.clone(),
            game_no: s.game_no,
            public,
            game: s.game.setup.game.clone(),
            options: s.game.setup.options.clone(),
            start,
            first: s.game.first_mover().to_string(),
            moves: s.game.moves.clone(),
            players: serde_json::to_value(&s.players.seats).unwrap_or(Value::Null),
            paused: s.players.paused,
            confirm: s.players.confirm_turns,
            clock: s
                .table
                .clock()
                .map(|c| serde_json::to_value(c.keep()).unwrap_or(Value::Null)),
            holds: s
                .table
                .friends()
                .map(|f| json!([side_word(f.holds[0]), side_word(f.holds[1])])),
            result,
            reason,
            created,
            updated: 0,
        })
    }

    /// Writes the current game when it changed since it was last written. A running clock
    /// alone is no change: the clocks are written at each turn's end.
    pub fn keep_game(&mut self, s: &Kept) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let Some(mut record) = self.record(s) else {
            return;
        };
        if self.replaying(s.game_no, &s.game.moves) {
            return;
        }
        if let Some(kept) = &self.kept {
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
        if self.kept.is_none() {
            self.keep_session(s.table.friends());
        }
        record.updated = now_ms();
        if let Err(e) = store.save_game(&record) {
            log::error!("session {}: {e}", self.id);
        }
        self.kept = Some(record);
    }

    /// The new game that sets the kept game `record` up again: its game, options, start,
    /// turns, players and Confirm setting.
    pub fn revival(record: &GameRecord) -> Result<NewGame, String> {
        let players = serde_json::from_value(record.players.clone()).map_err(|e| {
            format!(
                "expected the kept game's players but got '{}' ({e})",
                record.players
            )
        })?;
        Ok(NewGame {
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
        })
    }

    /// The kept game `record` set up again: it is the kept copy of the current game.
    pub fn revived(&mut self, record: GameRecord) {
        self.kept = Some(record);
    }
}
