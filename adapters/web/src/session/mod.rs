//! One browser session: a thread that owns one engine process and the game shown on one page.
//!
//! The session is an actor: the HTTP handlers send it [`Msg::Action`]s and wait for the reply,
//! the engine's reader thread sends it the engine's lines, and every change is pushed as a JSON
//! state to the page's WebSocket subscribers. The session knows no rule and no game: it
//! forwards the page's choices to the engine (`step`, `undo`, `play`, `go`) and reads the game
//! back (`describe`, `legal steps`, `history`, `geometry`, `show`), as protocol.md § 4 says;
//! which games there are and how they look comes from the [`Catalogue`].
//!
//! It is split by role:
//! * [`link`]: the engine link — the process, requests and their answers, the search under way;
//! * [`timeline`]: the game as the engine described it, every position since its start;
//! * [`players`]: who holds each seat and what holds the engine back;
//! * [`turns`]: the engine's own turns, analyses, hints and a review's searches, a line's turn
//!   played, restarts;
//! * [`api`]: the actions a page may send, typed;
//! * [`actions`]: what each action of the game does ([`refused`]: a refused setup in a
//!   player's words);
//! * [`board`]: the analysis board — its lines, a line's position previewed on a spare engine;
//! * [`review`]: the game review, every position searched and every turn marked;
//! * [`table`]: who may act (the seats of a game between friends), clocks, resignation and
//!   rematch ([`clock`]);
//! * [`keep`]: the games kept in the database, and a session revived from it;
//! * this file: the loop, messages and the state the page sees, and the composition of the
//!   parts that own their state (the table, the keeping): each decides on what it is given,
//!   and the session does what it answers (a new game, a search stopped, a message).
//!
//! Promises:
//! * every engine error line (`info string error: …`) reaches the page as a message;
//! * a request the engine does not answer within [`ANSWER_TIMEOUT`], or an engine that exits,
//!   gets the engine restarted, the game restored to the start of the current turn from the
//!   last `history`, and the user told;
//! * the engine plays a side only at a turn start, when that side's seat is the engine's, the
//!   game is not paused, no analysis or hint runs and no human turn waits for its Confirm;
//! * an analysis or a hint leaves the game as it was: paused only if it was paused;
//! * the page can see every position of the game (the timeline), not only the last one.

mod actions;
mod api;
mod board;
mod clock;
mod keep;
mod link;
mod players;
mod refused;
mod review;
mod table;
mod timeline;
mod turns;

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;

use guerrilla::protocol::codec::{Message as EngineLine, Removal, ERROR_PREFIX};
use serde::Serialize;
use serde_json::{json, Value};

use crate::answers::{Report, SearchInfo};
use crate::catalogue::Catalogue;
use crate::engine::{EngineCommand, EngineEvent};
use crate::store::{now_ms, GameRecord, Store};
use api::{Action, Invitation, NewGame};
use keep::{Keep, Kept};
use link::{Link, Purpose};
use players::Players;
use table::{At, Caller, Rematch, Role, Table};
use timeline::{By, Setup, Timeline};

pub use link::{setoption, ANSWER_TIMEOUT};

/// Messages kept for the page.
const MESSAGES_KEPT: usize = 30;

/// What a session thread receives.
pub enum Msg {
    Engine(EngineEvent),
    /// A page action (JSON) and where to send the reply: the new state and the action's own
    /// answer (`Value::Null` for most), or an error text and the state.
    Action(Value, Sender<Result<(Value, Value), (String, Value)>>),
    /// A new WebSocket subscriber: it receives the state (JSON text) after every change.
    Subscribe(Sender<String>),
    /// A clock may have run out (sent while a clock runs).
    Tick,
    Shutdown,
}

/// How a message reads: an error or refusal, a success, or a plain notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Error,
    Success,
    Info,
}

#[derive(Clone, Debug, Serialize)]
pub struct Message {
    pub seq: u64,
    pub level: Level,
    pub text: String,
}

/// The last thing played on the board, for the page to show (and animate) step by step.
#[derive(Clone, Debug, Serialize)]
pub struct LastPlay {
    /// Increases with every play: a page animates each play once.
    pub seq: u64,
    pub by: By,
    /// The step chosen (a human's); `None` for a whole turn.
    pub step: Option<String>,
    /// The decisions the engine then took by itself.
    pub auto: Vec<String>,
    /// The whole turn, when this completed one.
    pub turn: Option<String>,
    /// Every step applied and what each removed.
    pub report: Report,
    /// The position it was played from: the whole turns before it and the steps of the turn
    /// being built then.
    pub from_ply: usize,
    pub from_built: usize,
}

/// What a step that names no point (`pass`, `endmove`, …) would do now, tried and taken back.
#[derive(Clone, Debug, Serialize)]
pub struct Preview {
    pub step: String,
    /// It completes the turn.
    pub ends_turn: bool,
    /// What it (with what the engine then does by itself) removes.
    #[serde(serialize_with = "crate::answers::removals")]
    pub removed: Vec<Removal>,
    /// How it ends the game, if it does: `<result> <reason>`.
    pub over: Option<String>,
    /// The steps to choose next, when it does not complete the turn.
    pub choices: Vec<String>,
}

/// The engine's suggestion for the human to move.
#[derive(Clone, Debug, Serialize)]
pub struct Hint {
    /// The whole turn suggested (in the middle of a turn: the turn from its start).
    pub turn: String,
    /// The position it is for: whole turns and steps of the turn being built.
    pub ply: usize,
    pub built: usize,
}

/// The state of one session (owned by its thread).
pub struct Session {
    id: String,
    catalogue: Arc<Catalogue>,
    link: Link,
    game: Timeline,
    players: Players,
    subscribers: Vec<Sender<String>>,
    last: Option<LastPlay>,
    plays: u64,
    previews: Vec<Preview>,
    hint: Option<Hint>,
    messages: VecDeque<Message>,
    message_seq: u64,
    version: u64,
    /// A restart is under way (a failure during it does not restart again).
    restarting: bool,
    /// Games started in this session (a page keeps each under its own number).
    game_no: u64,
    /// Seats, clocks and the session's endings.
    table: Table,
    /// The games kept in the database.
    keep: Keep,
    /// The analysis board: the lines an analysis reports, and the spare engine that sets up
    /// the positions a preview shows.
    board: board::AnalysisBoard,
    /// The last game review, while its game stands.
    review: Option<review::Review>,
}

impl Session {
    /// Creates the session and starts its engine (on the calling thread), ready to `run`.
    pub fn new(
        id: String,
        cmd: EngineCommand,
        catalogue: Arc<Catalogue>,
        tx: Sender<Msg>,
        rx: Receiver<Msg>,
        store: Option<Arc<Store>>,
    ) -> Result<Session, String> {
        let setup = Setup::of(&catalogue, &catalogue.default_game);
        let players = Players::new(&catalogue.levels);
        let keep = Keep::new(id.clone(), store);
        let mut s = Session {
            id,
            catalogue,
            link: Link::new(cmd, tx.clone(), rx),
            game: Timeline::new(setup),
            players,
            subscribers: Vec::new(),
            last: None,
            plays: 0,
            previews: Vec::new(),
            hint: None,
            messages: VecDeque::new(),
            message_seq: 0,
            version: 0,
            restarting: false,
            game_no: 0,
            table: Table::new(tx),
            keep,
            board: board::AnalysisBoard::new(),
            review: None,
        };
        s.link.start()?;
        let notes = s.game.restore(&mut s.link, false)?;
        s.notes(notes);
        s.refresh();
        Ok(s)
    }

    /// The session's loop: until `Shutdown` or the last handle is dropped.
    pub fn run(mut self) {
        while let Some(msg) = self.link.next() {
            match msg {
                Msg::Shutdown => break,
                Msg::Subscribe(sub) => {
                    if sub.send(self.state_json().to_string()).is_ok() {
                        self.subscribers.push(sub);
                    }
                }
                Msg::Action(mut action, reply) => {
                    let caller = Caller::take(&mut action);
                    // An action that cannot be read is the caller's alone: no message keeps it.
                    let result = Action::read(action).and_then(|action| {
                        self.table_action(&action, &caller)
                            .unwrap_or_else(|| self.act(&action))
                    });
                    self.settle();
                    self.tend();
                    let state = self.state_json();
                    let _ = reply.send(match result {
                        Ok(data) => Ok((state, data)),
                        Err(e) => Err((e, state)),
                    });
                    self.broadcast();
                }
                Msg::Engine(EngineEvent::Line(g, line)) if self.link.current(g) => {
                    self.on_engine_line(&line);
                    self.settle();
                    self.tend();
                    self.broadcast();
                }
                Msg::Engine(EngineEvent::Exited(g)) if self.link.current(g) => {
                    self.restart("the engine exited");
                    self.settle();
                    self.tend();
                    self.broadcast();
                }
                Msg::Tick => {
                    if self.tend() {
                        self.broadcast();
                    }
                }
                Msg::Engine(_) => {} // a line of an engine already replaced
            }
        }
        self.link.stop_process();
        self.board.close();
        log::info!("session {} closed", self.id);
    }

    // ----- messages -----

    fn message(&mut self, level: Level, text: impl Into<String>) {
        self.message_seq += 1;
        self.messages.push_back(Message {
            seq: self.message_seq,
            level,
            text: text.into(),
        });
        while self.messages.len() > MESSAGES_KEPT {
            self.messages.pop_front();
        }
    }

    /// The engine's lines worth telling: errors as errors, other `info string` lines as
    /// notices.
    fn notes(&mut self, lines: Vec<String>) {
        for l in lines {
            let (level, text) = match l.parse() {
                Ok(EngineLine::Error(e)) => (Level::Error, format!("{ERROR_PREFIX}{e}")),
                Ok(EngineLine::InfoString(t)) => (Level::Info, t),
                _ => (Level::Error, l),
            };
            self.message(level, format!("engine: {text}"));
        }
    }

    // ----- what the page sees -----

    /// The state the page draws. The timeline is sent as its turns only: a page asks for the
    /// positions it lacks with the `plies` action.
    fn state_json(&mut self) -> Value {
        self.version += 1;
        let g = &self.game;
        let plies: Vec<Value> = g
            .plies
            .iter()
            .skip(1)
            .map(|p| json!({"move": p.turn, "by": p.by, "report": p.report}))
            .collect();
        let search = self.link.search;
        // A review's searches are its own: they show as its progress, not here.
        let thinking = self
            .link
            .info_of
            .filter(|of| !matches!(of.purpose, Purpose::Review(_)))
            .map(|of| Thinking {
                side: side_word(of.side),
                analysis: matches!(of.purpose, Purpose::Analysis(_)),
                hint: of.purpose == Purpose::Hint,
                ply: match of.purpose {
                    Purpose::Analysis(p) => Some(p),
                    _ => None,
                },
                info: self.link.info.clone(),
                lines: self.link.report_lines(),
            });
        let mut v = json!({
            "session": self.id,
            "version": self.version,
            "game_no": self.game_no,
            "game": g.setup.game,
            "options": g.setup.options,
            "players": self.players.seats,
            "paused": self.players.paused,
            "confirm_turns": self.players.confirm_turns,
            "awaiting_confirm": self.players.awaiting_confirm,
            "analysing": self.analysing(),
            "geometry": g.geometry,
            "describe": g.describe,
            "steps": g.steps,
            "fen": g.fen,
            "history": {
                "start": g.start,
                "standard_start": g.starts_standard(),
                "moves": g.moves,
                "building": g.building,
            },
            "built": g.built,
            "timeline": {"plies": plies},
            "last": self.last,
            "previews": self.previews,
            "hint": self.hint,
            "searching": search.is_some(),
            "search": search.map(|s| json!({
                "purpose": match s.purpose {
                    Purpose::Play(_) => "play",
                    Purpose::Analysis(_) => "analysis",
                    Purpose::Hint => "hint",
                    Purpose::Review(_) => "review",
                },
                "side": side_word(s.side),
            })),
            "thinking": thinking,
            "analysis_lines": self.board.lines(),
            "review": self.review.as_ref().map(review::Review::view),
            "messages": self.messages,
            "engine": {
                "pid": self.link.pid(),
                "restarts": self.link.restarts,
                "command": self.link.command(),
            },
        });
        self.table.view(&mut v, self.game_no);
        v["public"] = json!(self.keep.public());
        v["replay"] = json!(self.keep.replaying(self.game_no, &self.game.moves));
        v
    }

    fn broadcast(&mut self) {
        if self.subscribers.is_empty() {
            return;
        }
        let text = self.state_json().to_string();
        self.subscribers.retain(|s| s.send(text.clone()).is_ok());
    }

    /// The position an analysis runs on (whole turns), if one runs.
    fn analysing(&self) -> Option<usize> {
        match self.link.search?.purpose {
            Purpose::Analysis(ply) => Some(ply),
            _ => None,
        }
    }
}

// ----- the table and the keeping, composed -----

impl Session {
    /// The sides' names in the game played.
    fn sides(&self) -> [String; 2] {
        [self.side_name(0), self.side_name(1)]
    }

    /// What the table reads of the session now.
    fn at(&self) -> At<'_> {
        At {
            game: &self.game,
            game_no: self.game_no,
            sides: self.sides(),
        }
    }

    /// The actions of the table (`invite`, `seat`, `resign`, `abort`, `rematch`), answered
    /// here; any other action the caller may not take is refused here (`Some(Err)`); `None`:
    /// the action goes on to the game. A refusal here is the caller's alone: it is not kept
    /// among the messages every page shows.
    fn table_action(&mut self, action: &Action, caller: &Caller) -> Option<Result<Value, String>> {
        let role = self.table.role(caller.key.as_deref());
        Some(match action {
            Action::Invite(invitation) => self.invite(invitation, caller),
            Action::Seat {} => {
                let (reply, owner) = self.table.seat(role);
                if let (Some(b), Some(seat)) = (&caller.browser, owner) {
                    self.keep.note_owner(b, seat);
                }
                Ok(reply)
            }
            Action::Resign {} => self.resign(role),
            Action::Abort {} => self.abort(role),
            Action::Rematch {} => self.rematch(role),
            _ => {
                return self
                    .table
                    .permit(action.name(), role, &self.at())
                    .err()
                    .map(Err)
            }
        })
    }

    /// Makes this session a game between friends: the new game the table checked, its seats
    /// (the inviter's noted as its browser's), and the session kept with their secrets.
    fn invite(&mut self, a: &Invitation, caller: &Caller) -> Result<Value, String> {
        let (invited, new) = self.table.invitation(a)?;
        self.act(&Action::New(new))?;
        let reply = self.table.seat_friends(invited);
        let [p1, p2] = self.sides();
        self.message(
            Level::Success,
            format!("a game between friends: {p1} against {p2}, each played from its own link"),
        );
        self.keep.keep_session(self.table.friends());
        if let Some(b) = &caller.browser {
            self.keep.note_owner(b, Some(0));
        }
        Ok(reply)
    }

    fn resign(&mut self, role: Role) -> Result<Value, String> {
        let side = self.table.resigner(role, &self.at(), &self.players)?;
        self.stop_search();
        self.players.paused = true;
        let at = At {
            game: &self.game,
            game_no: self.game_no,
            sides: self.sides(),
        };
        let words = self.table.resign(side, &at);
        self.message(Level::Info, words);
        Ok(Value::Null)
    }

    /// Aborts a game against the engine that has hardly begun: it is dropped from the
    /// database (no one's game to list) and a new game with the same settings, start and
    /// players begins.
    fn abort(&mut self, role: Role) -> Result<Value, String> {
        self.table.may_abort(role, &self.at(), &self.players)?;
        let aborted = self.game_no;
        let start = self.game.start.clone().filter(|s| s != "startpos");
        self.act(&Action::New(NewGame::again(start, false)))?;
        self.keep.drop_game(aborted);
        self.message(
            Level::Info,
            "game aborted: it is not kept; a new game begins",
        );
        Ok(Value::Null)
    }

    /// A rematch offered, or accepted: then the new game starts, the sides swapped.
    fn rematch(&mut self, role: Role) -> Result<Value, String> {
        let at = At {
            game: &self.game,
            game_no: self.game_no,
            sides: self.sides(),
        };
        match self.table.rematch(role, &at)? {
            Rematch::Offered => {
                self.message(
                    Level::Info,
                    "a rematch is offered, with the sides swapped: press Rematch to accept",
                );
                Ok(json!({"started": false}))
            }
            Rematch::Accepted => {
                let start = self.game.start.clone().filter(|s| s != "startpos");
                self.act(&Action::New(NewGame::again(start, true)))?;
                self.table.rematch_started();
                self.message(Level::Success, "rematch: the sides are swapped");
                Ok(json!({"started": true}))
            }
        }
    }

    /// After every message: the table follows the game (a fallen flag ends it), and the game
    /// is kept. True when a flag fell (the pages are to be told).
    fn tend(&mut self) -> bool {
        let at = At {
            game: &self.game,
            game_no: self.game_no,
            sides: self.sides(),
        };
        let fell = self.table.tend(&at);
        if let Some(words) = &fell {
            self.message(Level::Info, words.clone());
        }
        self.keep.keep_game(&Kept {
            game: &self.game,
            game_no: self.game_no,
            players: &self.players,
            table: &self.table,
        });
        fell.is_some()
    }

    /// Sets the kept game `record` up again in this (new) session, with the seats' secrets
    /// `keys` of a game between friends.
    pub fn revive(&mut self, record: GameRecord, keys: Option<[String; 2]>) -> Result<(), String> {
        self.act(&Action::New(Keep::revival(&record)?))?;
        // A page drops a state older than the last one it drew: the revived session's states
        // count from the time now, above every version its earlier run gave out (one a change).
        self.version = self.version.max(now_ms());
        self.game_no = record.game_no;
        self.players.paused = record.paused;
        self.table.revive(&record, keys, self.game.over());
        self.messages.clear();
        self.message(
            Level::Info,
            format!(
                "game restored from the server's database after {} turns",
                record.moves.len()
            ),
        );
        self.keep.revived(record);
        Ok(())
    }
}

/// The engine's progress as the page shows it: whose turn it searched and why.
#[derive(Serialize)]
struct Thinking {
    side: &'static str,
    analysis: bool,
    hint: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    #[serde(flatten)]
    info: Option<SearchInfo>,
    /// Every line of the latest report, best first (one unless MultiPV is above 1).
    lines: Vec<SearchInfo>,
}

/// The protocol's word for a side index.
fn side_word(side: usize) -> &'static str {
    guerrilla::protocol::wire::side_word(guerrilla::game::Side::ALL[side])
}

/// The first `info string error:` among `lines`, as the page shows it.
fn first_error(lines: &[String]) -> Option<String> {
    first_error_text(lines).map(|e| format!("engine: {ERROR_PREFIX}{e}"))
}

/// The text of the first error line among `lines` (after `info string error: `).
fn first_error_text(lines: &[String]) -> Option<String> {
    lines.iter().find_map(|l| match l.parse() {
        Ok(EngineLine::Error(e)) => Some(e),
        _ => None,
    })
}
