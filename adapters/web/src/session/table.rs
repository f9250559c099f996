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
//!
//! The table holds its own state (the seats, the clocks, the session's ending) and decides;
//! what it reads of the game it is given ([`At`]), and what it needs done by the rest of the
//! session (a new game started, a search stopped, a message) it answers for the session to do.

use std::sync::mpsc::Sender;
use std::time::Duration;

use serde::Serialize;
use serde_json::{json, Value};

use super::api::{Invitation, NewGame, SideChoice};
use super::clock::{Clock, ClockState};
use super::players::Players;
use super::timeline::Timeline;
use super::{side_word, Msg};
use crate::store::{random_id, GameRecord};

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

/// What the table reads of the session: the game as the engine told it, the session's game
/// number, and the sides' names in the game played.
pub struct At<'a> {
    pub game: &'a Timeline,
    pub game_no: u64,
    pub sides: [String; 2],
}

/// A game between friends asked for, checked: its clocks and the inviter's side.
pub struct Invited {
    clock: Option<Clock>,
    side: usize,
}

/// What a seat's `rematch` did.
pub enum Rematch {
    /// The rematch is offered: the other seat decides.
    Offered,
    /// The other seat had offered it: the session starts the new game, then
    /// [`Table::rematch_started`].
    Accepted,
}

/// The table: the seats of a game between friends, the clocks, and the session's ending.
pub struct Table {
    friends: Option<Friends>,
    clock: Option<Clock>,
    ending: Option<Ending>,
    /// The session's own inbox, for the clock's ticks.
    tx: Sender<Msg>,
    ticking: bool,
}

impl Table {
    pub fn new(tx: Sender<Msg>) -> Table {
        Table {
            friends: None,
            clock: None,
            ending: None,
            tx,
            ticking: false,
        }
    }

    /// The seats of a game between friends, if the session is one.
    pub fn friends(&self) -> Option<&Friends> {
        self.friends.as_ref()
    }

    /// The clocks, if the game has them.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
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

    /// The ending of the session's game `game_no`, if the session ended it.
    pub fn ended(&self, game_no: u64) -> Option<&Ending> {
        self.ending.as_ref().filter(|e| e.game_no == game_no)
    }

    /// Whether the current game is over, by the rules or by the session.
    pub fn finished(&self, at: &At) -> bool {
        at.game.over() || self.ended(at.game_no).is_some()
    }

    /// May `role` take the game's action `kind` now? A refusal here is the caller's alone: it
    /// is not kept among the messages every page shows.
    pub fn permit(&self, kind: &str, role: Role, at: &At) -> Result<(), String> {
        let moves = matches!(
            kind,
            "step" | "undo" | "takeback" | "confirm" | "advance" | "hint" | "play"
        );
        if moves && self.ended(at.game_no).is_some() {
            return Err(format!("the game is over: {}", self.ending_words(at)));
        }
        let Some(f) = &self.friends else {
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
            "review" if !self.finished(at) => {
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
        if at.game.over() {
            return Err("the game is over".into());
        }
        let to_move = at.game.to_move().unwrap_or(0);
        if f.holds[seat] != to_move {
            return Err(format!(
                "it is {}'s turn: wait for your friend's move (you play {})",
                at.sides[to_move], at.sides[f.holds[seat]]
            ));
        }
        if kind == "undo" && at.game.building.is_empty() {
            return Err(
                "only a step of the turn you are building can be undone in a game between friends"
                    .into(),
            );
        }
        Ok(())
    }

    /// The session's ending in words: `COIN resigned`, `Guerrilla's time ran out`.
    pub fn ending_words(&self, at: &At) -> String {
        match self.ended(at.game_no) {
            Some(e) => {
                let loser = if e.result == "p1win" { 1 } else { 0 };
                if e.reason == TIME_FORFEIT {
                    format!("{}'s time ran out", at.sides[loser])
                } else {
                    format!("{} resigned", at.sides[loser])
                }
            }
            None => "it ended".into(),
        }
    }

    /// Checks an invitation to a game between friends (`game`, `options`, `fen`, the
    /// inviter's `side`: `p1`, `p2` or `random`, optional clocks): the new game the session
    /// starts for it, both sides played by humans, before [`Table::seat_friends`].
    pub fn invitation(&self, a: &Invitation) -> Result<(Invited, NewGame), String> {
        if self.friends.is_some() {
            return Err("this game is between friends already".into());
        }
        let clock = match &a.clock {
            None | Some(Value::Null) => None,
            Some(c) => Some(Clock::from_json(c)?),
        };
        let side = match a.side {
            SideChoice::P1 => 0,
            SideChoice::P2 => 1,
            SideChoice::Random => (random_id(1).as_bytes()[1] % 2) as usize,
        };
        let new = NewGame {
            game: a.game.clone(),
            options: a.options.clone(),
            fen: a.fen.clone(),
            confirm: Some(false),
            ..NewGame::again(a.fen.clone(), true)
        };
        Ok((Invited { clock, side }, new))
    }

    /// The invited game started: a seat for the inviter and one for the friend. Answers the
    /// inviter's secret (`key`), the friend's (`invite`) and the inviter's side.
    pub fn seat_friends(&mut self, invited: Invited) -> Value {
        let keys = [random_id(16), random_id(16)];
        let side = invited.side;
        self.friends = Some(Friends {
            keys: keys.clone(),
            holds: [side, 1 - side],
            joined: [true, false],
            rematch: None,
        });
        self.clock = invited.clock;
        self.ending = None;
        json!({"key": keys[0], "invite": keys[1], "seat": 0, "side": side_word(side)})
    }

    /// Who the caller is: its seat and side (none for a watcher), and, for the inviter, the
    /// friend's secret (to send the invitation again). A seat's page that asks has joined.
    /// Also the seat its browser is noted as an owner with (`Some(None)` in an open session),
    /// none for a watcher.
    pub fn seat(&mut self, role: Role) -> (Value, Option<Option<usize>>) {
        let Some(f) = self.friends.as_mut() else {
            return (json!({"friend": false}), Some(None));
        };
        match role {
            Role::Seat(s) => {
                f.joined[s] = true;
                let side = f.holds[s];
                let invite = (s == 0).then(|| f.keys[1].clone());
                (
                    json!({"friend": true, "seat": s, "side": side_word(side), "invite": invite}),
                    Some(Some(s)),
                )
            }
            _ => (
                json!({"friend": true, "seat": null, "side": null,
                        "wrong_key": role == Role::Watcher { wrong_key: true }}),
                None,
            ),
        }
    }

    /// The side that resigns when `role` asks: a seat's side, or the one human's (of two, the
    /// side to move).
    pub fn resigner(&self, role: Role, at: &At, players: &Players) -> Result<usize, String> {
        if self.finished(at) {
            return Err("the game is over already".into());
        }
        match (role, &self.friends) {
            (Role::Seat(s), Some(f)) => Ok(f.holds[s]),
            (Role::Watcher { .. }, _) => {
                Err("you are watching this game: only its players may resign".into())
            }
            _ => {
                let humans: Vec<usize> = (0..2).filter(|&s| players.human(s)).collect();
                match humans.as_slice() {
                    [] => Err("no human plays this game: there is no one to resign".into()),
                    [one] => Ok(*one),
                    _ => Ok(at.game.to_move().unwrap_or(0)),
                }
            }
        }
    }

    /// `side` resigned the game: its ending, in words.
    pub fn resign(&mut self, side: usize, at: &At) -> String {
        self.ending = Some(Ending {
            result: winner_of(side),
            reason: RESIGNED.into(),
            game_no: at.game_no,
        });
        self.ending_words(at)
    }

    /// Whether `role` may abort the game: a game against the engine that has hardly begun
    /// (fewer than [`ABORT_BEFORE`] turns).
    pub fn may_abort(&self, role: Role, at: &At, players: &Players) -> Result<(), String> {
        if role != Role::Open {
            return Err("a game between friends is not aborted: either of you may resign".into());
        }
        if self.finished(at) {
            return Err("the game is over already".into());
        }
        let humans = (0..2).filter(|&s| players.human(s)).count();
        if humans != 1 {
            return Err(
                "only a game against the engine is aborted: New game starts another".into(),
            );
        }
        if at.game.moves.len() >= ABORT_BEFORE {
            return Err(format!(
                "after {} turns the game has begun: resign it, or start a new game",
                at.game.moves.len()
            ));
        }
        Ok(())
    }

    /// A rematch: offered by one seat once the game is over, accepted when the other seat
    /// asks too.
    pub fn rematch(&mut self, role: Role, at: &At) -> Result<Rematch, String> {
        let seat = match (role, &self.friends) {
            (Role::Seat(s), Some(_)) => s,
            (_, None) => {
                return Err(
                    "a rematch is for a game between friends: New game starts another".into(),
                )
            }
            _ => return Err("you are watching this game: only its players play a rematch".into()),
        };
        if !self.finished(at) {
            return Err("a rematch is offered once the game is over (you may resign)".into());
        }
        let f = self.friends.as_mut().expect("checked above");
        match f.rematch {
            Some(s) if s == seat => {
                Err("you offered a rematch already: your friend decides".into())
            }
            None => {
                f.rematch = Some(seat);
                Ok(Rematch::Offered)
            }
            Some(_) => Ok(Rematch::Accepted),
        }
    }

    /// The rematch's game started: the sides swapped, the clocks full again.
    pub fn rematch_started(&mut self) {
        if let Some(f) = self.friends.as_mut() {
            f.holds = [f.holds[1], f.holds[0]];
            f.rematch = None;
        }
        self.clock = self.clock.as_ref().map(Clock::fresh);
        self.ending = None;
    }

    /// After every message: the clock follows the game, and a fallen flag ends it. The ending
    /// in words when a flag fell (the pages are to be told).
    pub fn tend(&mut self, at: &At) -> Option<String> {
        let to_move = (!self.finished(at)).then(|| at.game.to_move()).flatten();
        let turns = at.game.moves.len();
        let mut flag = None;
        if let Some(clock) = self.clock.as_mut() {
            clock.follow(to_move, turns);
            flag = clock.flag();
            if clock.running().is_some() {
                self.tick();
            }
        }
        let loser = flag?;
        self.ending = Some(Ending {
            result: winner_of(loser),
            reason: TIME_FORFEIT.into(),
            game_no: at.game_no,
        });
        if let Some(f) = self.friends.as_mut() {
            f.rematch = None;
        }
        Some(self.ending_words(at))
    }

    /// The table as the kept game `record` left it, with the seats' secrets `keys` of a game
    /// between friends; `over`: the rules ended the game (no ending of the session's then).
    pub fn revive(&mut self, record: &GameRecord, keys: Option<[String; 2]>, over: bool) {
        let side = |v: &Value| usize::from(v.as_str() == Some("p2"));
        if let Some(keys) = keys {
            let holds = record
                .holds
                .as_ref()
                .and_then(Value::as_array)
                .filter(|h| h.len() == 2)
                .map_or([0, 1], |h| [side(&h[0]), side(&h[1])]);
            self.friends = Some(Friends {
                keys,
                holds,
                joined: [false; 2],
                rematch: None,
            });
        }
        self.clock = record
            .clock
            .clone()
            .and_then(|c| serde_json::from_value::<ClockState>(c).ok())
            .map(Clock::restore);
        if record.result != "none" && !over {
            self.ending = Some(Ending {
                result: record.result.clone(),
                reason: record.reason.clone(),
                game_no: record.game_no,
            });
        }
    }

    /// The table's part of the state every page sees (no secret in it): the seats of a game
    /// between friends, the clocks, the session's ending (also written into `describe`, so
    /// that the page's banner shows it as it shows the rules' endings).
    pub fn view(&self, v: &mut Value, game_no: u64) {
        v["friend"] = match &self.friends {
            Some(f) => json!({
                "holds": [side_word(f.holds[0]), side_word(f.holds[1])],
                "joined": f.joined,
                "rematch": f.rematch.map(|s| side_word(f.holds[s])),
            }),
            None => Value::Null,
        };
        v["clock"] = self.clock.as_ref().map_or(Value::Null, Clock::view);
        let ended = self.ended(game_no);
        v["ending"] = json!(ended);
        if let Some(e) = ended {
            v["describe"]["result"] = json!(e.result);
            v["describe"]["reason"] = json!(e.reason);
            v["steps"] = json!([]);
            v["previews"] = json!([]);
        }
    }
}

fn winner_of(loser: usize) -> String {
    if loser == 0 { "p2win" } else { "p1win" }.to_string()
}
