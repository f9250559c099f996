//! Who may act, and how a game may end besides the rules: a game between friends (two seats,
//! each held by the page whose link has its secret; any other page watches), its clocks, a
//! resignation, a flag fall, and a rematch with the colours swapped.
//!
//! A session is either open (a game against the engine, or two humans at one page: any page of
//! the session acts, as before) or a game between friends, made by the `invite` action. In a
//! game between friends every action is checked against the caller's secret (`key`): the seat
//! whose side is to move builds its turn, either seat may resign, and once the game is over
//! offer a rematch or have the game reviewed; everything else (taking back, the engine's help,
//! new settings) is refused, as is every action of a page without a seat. A secret is 128
//! random bits from the operating system (`store::random_id`), compared in constant time.

use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use serde_json::{json, Value};

use super::api::{Action, Invitation, NewGame, SideChoice};
use super::clock::Clock;
use super::{side_word, Level, Msg, Session};
use crate::store::{random_id, Store};

/// How often a running clock is looked at for a flag fall.
const TICK: Duration = Duration::from_millis(100);

/// A game against the engine is aborted, not resigned, before this many whole turns (each
/// side has then played one).
pub const ABORT_BEFORE: usize = 2;

/// The reason words of the games this file ends (the page shows them as the engine's reasons).
pub const RESIGNED: &str = "resignation";
pub const TIME_FORFEIT: &str = "time-forfeit";

/// The two seats of a game between friends.
pub struct Friends {
    /// Each seat's secret: seat 0 is the inviter's, seat 1 the friend's.
    pub keys: [String; 2],
    /// The side each seat plays (0: p1); a rematch swaps them.
    pub holds: [usize; 2],
    /// The seat's page has opened the game.
    pub joined: [bool; 2],
    /// The seat that offered a rematch.
    pub rematch: Option<usize>,
}

/// A game ended by the session: a resignation or a flag fall.
#[derive(Clone, Debug, Serialize)]
pub struct Ending {
    pub result: String,
    pub reason: String,
    /// The session's game it ended.
    #[serde(skip)]
    pub game_no: u64,
}

/// Who is asking: any page of an open session, a seat of a game between friends, or a page
/// that watches one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Open,
    Seat(usize),
    Watcher { wrong_key: bool },
}

/// What an action carries besides itself (its envelope): the page's seat secret and its
/// browser's token, taken out of the action before anything reads it, so that no message
/// repeats them; and the page's own `quiet` flag (whether the reply holds its clicks), which
/// the session does not read.
#[derive(Default)]
pub struct Caller {
    pub key: Option<String>,
    pub browser: Option<String>,
}

impl Caller {
    pub fn take(action: &mut Value) -> Caller {
        if let Some(o) = action.as_object_mut() {
            o.remove("quiet");
        }
        let mut take = |name: &str| {
            action
                .as_object_mut()
                .and_then(|o| o.remove(name))
                .and_then(|v| v.as_str().map(String::from))
                .filter(|s| !s.is_empty() && s.len() <= 128)
        };
        Caller {
            key: take("key"),
            browser: take("browser"),
        }
    }
}

/// Equal strings, compared in a time that does not depend on where they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// The table: friends, clock, ending, and where the game is kept.
pub struct Table {
    pub friends: Option<Friends>,
    pub clock: Option<Clock>,
    pub ending: Option<Ending>,
    pub store: Option<Arc<Store>>,
    /// The session's own inbox, for the clock's ticks.
    pub tx: Sender<Msg>,
    ticking: bool,
    /// Browsers already noted as owners of this session.
    pub owners: Vec<String>,
    /// The kept copy of the current game (`keep.rs`).
    pub kept: Option<crate::store::GameRecord>,
    /// The game number and turns of a replay of a kept game: that game is not kept again
    /// while its turns are the first turns of the replayed one.
    pub replay_of: Option<(u64, Vec<String>)>,
}

impl Table {
    pub fn new(tx: Sender<Msg>, store: Option<Arc<Store>>) -> Table {
        Table {
            friends: None,
            clock: None,
            ending: None,
            store,
            tx,
            ticking: false,
            owners: Vec::new(),
            kept: None,
            replay_of: None,
        }
    }

    pub fn role(&self, key: Option<&str>) -> Role {
        let Some(f) = &self.friends else {
            return Role::Open;
        };
        match key.and_then(|k| (0..2).find(|&s| same_secret(&f.keys[s], k))) {
            Some(seat) => Role::Seat(seat),
            None => Role::Watcher {
                wrong_key: key.is_some(),
            },
        }
    }

    /// Ticks the session while its clock may run: a thread sends [`Msg::Tick`] until the
    /// session is gone.
    fn tick(&mut self) {
        if self.ticking || self.clock.is_none() {
            return;
        }
        self.ticking = true;
        let tx = self.tx.clone();
        let _ = std::thread::Builder::new()
            .name("clock".into())
            .spawn(move || {
                while tx.send(Msg::Tick).is_ok() {
                    std::thread::sleep(TICK);
                }
            });
    }
}

fn winner_of(loser: usize) -> String {
    if loser == 0 { "p2win" } else { "p1win" }.to_string()
}

impl Session {
    /// The ending of the current game, if the session ended it.
    pub(super) fn ended(&self) -> Option<&Ending> {
        self.table
            .ending
            .as_ref()
            .filter(|e| e.game_no == self.game_no)
    }

    /// Whether the current game is over, by the rules or by the session.
    fn finished(&self) -> bool {
        self.game.over() || self.ended().is_some()
    }

    /// The actions of the table (`invite`, `seat`, `resign`, `rematch`), answered here; any
    /// other action the caller may not take is refused here (`Some(Err)`); `None`: the action
    /// goes on to the game. A refusal here is the caller's alone: it is not kept among the
    /// messages every page shows.
    pub(super) fn table_action(
        &mut self,
        action: &Action,
        caller: &Caller,
    ) -> Option<Result<Value, String>> {
        let role = self.table.role(caller.key.as_deref());
        match action {
            Action::Invite(invitation) => Some(self.invite(invitation, caller)),
            Action::Seat {} => Some(Ok(self.seat(role, caller))),
            Action::Resign {} => Some(self.resign(role)),
            Action::Abort {} => Some(self.abort(role)),
            Action::Rematch {} => Some(self.rematch(role)),
            _ => self.permit(action.name(), role).err().map(Err),
        }
    }

    /// May `role` take the game's action `kind` now?
    fn permit(&self, kind: &str, role: Role) -> Result<(), String> {
        let moves = matches!(
            kind,
            "step" | "undo" | "takeback" | "confirm" | "advance" | "hint" | "play"
        );
        if moves && self.ended().is_some() {
            return Err(format!("the game is over: {}", self.ending_words()));
        }
        let Some(f) = &self.table.friends else {
            return Ok(());
        };
        match kind {
            "state" | "plies" => return Ok(()),
            "step" | "confirm" | "undo" => {}
            "takeback" => {
                return Err("in a game between friends a turn played cannot be taken back".into())
            }
            "analyse" | "hint" | "play" | "preview" => {
                return Err("in a game between friends the engine gives no help".into())
            }
            // A finished game's review helps no one win it: its players may ask for one, and
            // every page shows it; while the game goes on it would be help.
            "review" if !self.finished() => {
                return Err(
                    "in a game between friends the engine gives no help: review the game once it is over"
                        .into(),
                )
            }
            "review" => {
                return match role {
                    Role::Watcher { .. } => {
                        Err("you are watching this game: its players may have it reviewed".into())
                    }
                    _ => Ok(()),
                }
            }
            _ => {
                return Err(format!(
                    "a game between friends keeps its settings ('{kind}' is not open to it): \
                     offer a rematch when it ends, or start a game of your own"
                ))
            }
        }
        let seat = match role {
            Role::Seat(s) => s,
            Role::Watcher { wrong_key } => {
                return Err(format!(
                    "you are watching this game: only its two players move, each from the link \
                     that holds a seat{}",
                    if wrong_key {
                        " (this link's key holds no seat of it)"
                    } else {
                        ""
                    }
                ))
            }
            Role::Open => return Ok(()),
        };
        if self.game.over() {
            return Err("the game is over".into());
        }
        let to_move = self.game.to_move().unwrap_or(0);
        if f.holds[seat] != to_move {
            return Err(format!(
                "it is {}'s turn: wait for your friend's move (you play {})",
                self.side_name(to_move),
                self.side_name(f.holds[seat])
            ));
        }
        if kind == "undo" && self.game.building.is_empty() {
            return Err(
                "only a step of the turn you are building can be undone in a game between friends"
                    .into(),
            );
        }
        Ok(())
    }

    /// The session's ending in words: `COIN resigned`, `Guerrilla's time ran out`.
    fn ending_words(&self) -> String {
        match self.ended() {
            Some(e) => {
                let loser = if e.result == "p1win" { 1 } else { 0 };
                if e.reason == TIME_FORFEIT {
                    format!("{}'s time ran out", self.side_name(loser))
                } else {
                    format!("{} resigned", self.side_name(loser))
                }
            }
            None => "it ended".into(),
        }
    }

    /// Makes this session a game between friends: a new game (`game`, `options`, `fen`), both
    /// sides played by humans, a seat for the inviter (`side`: `p1`, `p2` or `random`) and one
    /// for the friend, and optional clocks (`clock`). Answers the inviter's secret (`key`),
    /// the friend's (`invite`) and the inviter's side.
    fn invite(&mut self, a: &Invitation, caller: &Caller) -> Result<Value, String> {
        if self.table.friends.is_some() {
            return Err("this game is between friends already".into());
        }
        let clock = match &a.clock {
            None | Some(Value::Null) => None,
            Some(c) => Some(Clock::from_json(c)?),
        };
        let side = match a.side {
            SideChoice::P1 => 0,
            SideChoice::P2 => 1,
            SideChoice::Random => (crate::store::random_id(1).as_bytes()[1] % 2) as usize,
        };
        let new = NewGame {
            game: a.game.clone(),
            options: a.options.clone(),
            fen: a.fen.clone(),
            confirm: Some(false),
            ..NewGame::again(a.fen.clone(), true)
        };
        self.act(&Action::New(new))?;
        let keys = [random_id(16), random_id(16)];
        let holds = [side, 1 - side];
        self.table.friends = Some(Friends {
            keys: keys.clone(),
            holds,
            joined: [true, false],
            rematch: None,
        });
        self.table.clock = clock;
        self.table.ending = None;
        self.message(
            Level::Success,
            format!(
                "a game between friends: {} against {}, each played from its own link",
                self.side_name(0),
                self.side_name(1)
            ),
        );
        self.keep_session();
        if let Some(b) = &caller.browser {
            self.note_owner(b, Some(0));
        }
        Ok(json!({"key": keys[0], "invite": keys[1], "seat": 0, "side": side_word(side)}))
    }

    /// Who the caller is: its seat and side (none for a watcher), and, for the inviter, the
    /// friend's secret (to send the invitation again). A seat's page that asks has joined.
    fn seat(&mut self, role: Role, caller: &Caller) -> Value {
        let Some(f) = self.table.friends.as_mut() else {
            if let Some(b) = &caller.browser {
                self.note_owner(&b.clone(), None);
            }
            return json!({"friend": false});
        };
        match role {
            Role::Seat(s) => {
                f.joined[s] = true;
                let side = f.holds[s];
                let invite = (s == 0).then(|| f.keys[1].clone());
                if let Some(b) = &caller.browser {
                    self.note_owner(&b.clone(), Some(s));
                }
                json!({"friend": true, "seat": s, "side": side_word(side), "invite": invite})
            }
            _ => json!({"friend": true, "seat": null, "side": null,
                        "wrong_key": role == Role::Watcher { wrong_key: true }}),
        }
    }

    fn resign(&mut self, role: Role) -> Result<Value, String> {
        if self.finished() {
            return Err("the game is over already".into());
        }
        let side = match (role, &self.table.friends) {
            (Role::Seat(s), Some(f)) => f.holds[s],
            (Role::Watcher { .. }, _) => {
                return Err("you are watching this game: only its players may resign".into())
            }
            _ => {
                let humans: Vec<usize> = (0..2).filter(|&s| self.players.human(s)).collect();
                match humans.as_slice() {
                    [] => return Err("no human plays this game: there is no one to resign".into()),
                    [one] => *one,
                    _ => self.game.to_move().unwrap_or(0),
                }
            }
        };
        self.stop_search();
        self.players.paused = true;
        self.table.ending = Some(Ending {
            result: winner_of(side),
            reason: RESIGNED.into(),
            game_no: self.game_no,
        });
        let words = self.ending_words();
        self.message(Level::Info, words);
        Ok(Value::Null)
    }

    /// Aborts a game against the engine that has hardly begun (fewer than [`ABORT_BEFORE`]
    /// turns): it is dropped from the database (no one's game to list) and a new game with
    /// the same settings, start and players begins.
    fn abort(&mut self, role: Role) -> Result<Value, String> {
        if role != Role::Open {
            return Err("a game between friends is not aborted: either of you may resign".into());
        }
        if self.finished() {
            return Err("the game is over already".into());
        }
        let humans = (0..2).filter(|&s| self.players.human(s)).count();
        if humans != 1 {
            return Err(
                "only a game against the engine is aborted: New game starts another".into(),
            );
        }
        if self.game.moves.len() >= ABORT_BEFORE {
            return Err(format!(
                "after {} turns the game has begun: resign it, or start a new game",
                self.game.moves.len()
            ));
        }
        let aborted = self.game_no;
        let start = self.game.start.clone().filter(|s| s != "startpos");
        self.act(&Action::New(NewGame::again(start, false)))?;
        if let Some(store) = &self.table.store {
            if let Err(e) = store.drop_game(&self.id, aborted) {
                log::error!("session {}: {e}", self.id);
            }
        }
        self.message(
            Level::Info,
            "game aborted: it is not kept; a new game begins",
        );
        Ok(Value::Null)
    }

    /// A rematch: offered by one seat once the game is over, started (the sides swapped, the
    /// clocks full again) when the other seat asks too.
    fn rematch(&mut self, role: Role) -> Result<Value, String> {
        let seat = match (role, &self.table.friends) {
            (Role::Seat(s), Some(_)) => s,
            (_, None) => {
                return Err(
                    "a rematch is for a game between friends: New game starts another".into(),
                )
            }
            _ => return Err("you are watching this game: only its players play a rematch".into()),
        };
        if !self.finished() {
            return Err("a rematch is offered once the game is over (you may resign)".into());
        }
        let f = self.table.friends.as_mut().expect("checked above");
        match f.rematch {
            Some(s) if s == seat => {
                Err("you offered a rematch already: your friend decides".into())
            }
            None => {
                f.rematch = Some(seat);
                self.message(
                    Level::Info,
                    "a rematch is offered, with the sides swapped: press Rematch to accept",
                );
                Ok(json!({"started": false}))
            }
            Some(_) => {
                let start = self.game.start.clone().filter(|s| s != "startpos");
                self.act(&Action::New(NewGame::again(start, true)))?;
                let f = self.table.friends.as_mut().expect("checked above");
                f.holds = [f.holds[1], f.holds[0]];
                f.rematch = None;
                self.table.clock = self.table.clock.as_ref().map(Clock::fresh);
                self.table.ending = None;
                self.message(Level::Success, "rematch: the sides are swapped");
                Ok(json!({"started": true}))
            }
        }
    }

    /// After every message: the clock follows the game, a fallen flag ends it, and the game is
    /// kept. True when a flag fell (the pages are to be told).
    pub(super) fn tend(&mut self) -> bool {
        let mut fell = false;
        let to_move = (!self.finished()).then(|| self.game.to_move()).flatten();
        let turns = self.game.moves.len();
        let mut flag = None;
        if let Some(clock) = self.table.clock.as_mut() {
            clock.follow(to_move, turns);
            flag = clock.flag();
            if clock.running().is_some() {
                self.table.tick();
            }
        }
        if let Some(loser) = flag {
            self.table.ending = Some(Ending {
                result: winner_of(loser),
                reason: TIME_FORFEIT.into(),
                game_no: self.game_no,
            });
            if let Some(f) = self.table.friends.as_mut() {
                f.rematch = None;
            }
            let words = self.ending_words();
            self.message(Level::Info, words);
            fell = true;
        }
        self.keep_game();
        fell
    }

    /// Whether the current game is a replay of a kept game, or a part of it (so not kept).
    pub(super) fn replaying(&self) -> bool {
        self.table
            .replay_of
            .as_ref()
            .is_some_and(|(n, m)| *n == self.game_no && m.starts_with(&self.game.moves))
    }

    /// The table's part of the state every page sees (no secret in it): the seats of a game
    /// between friends, the clocks, the session's ending (also written into `describe`, so
    /// that the page's banner shows it as it shows the rules' endings).
    pub(super) fn table_view(&self, v: &mut Value) {
        v["friend"] = match &self.table.friends {
            Some(f) => json!({
                "holds": [side_word(f.holds[0]), side_word(f.holds[1])],
                "joined": f.joined,
                "rematch": f.rematch.map(|s| side_word(f.holds[s])),
            }),
            None => Value::Null,
        };
        v["clock"] = self.table.clock.as_ref().map_or(Value::Null, Clock::view);
        v["ending"] = json!(self.ended());
        v["public"] = json!(self.table.kept.as_ref().map(|k| k.public.clone()));
        v["replay"] = json!(self.replaying());
        if let Some(e) = self.ended() {
            v["describe"]["result"] = json!(e.result);
            v["describe"]["reason"] = json!(e.reason);
            v["steps"] = json!([]);
            v["previews"] = json!([]);
        }
    }
}
