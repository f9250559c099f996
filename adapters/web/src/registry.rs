//! The live sessions: each runs on a thread of its own with its engine process; the HTTP layer
//! ([`crate::server`]) reaches them through the [`Registry`].
//!
//! Sessions are bounded: at most `max_sessions` at once. A reaper frees a session whose pages
//! have all stopped pinging (no ping, action or new WebSocket) for `heartbeat`, and one nobody
//! used (no action, no open WebSocket) for `idle`. With a database, every game is kept
//! (`store.rs`), and an action, a WebSocket or a ping for a session the server does not run (it
//! restarted, or freed the session) revives the session from its last game.
//!
//! Every method blocks (an action waits for its session's reply, a revival starts an engine):
//! the HTTP layer calls them off its event loop.

use std::collections::HashMap;
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::catalogue::Catalogue;
use crate::engine::EngineCommand;
use crate::session::{Msg, Session};
use crate::store::{random_id, Store};

/// How long an action may wait for its session's reply.
const ACTION_TIMEOUT: Duration = Duration::from_secs(60);

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub engine: EngineCommand,
    pub max_sessions: usize,
    pub idle: Duration,
    /// A session whose pages all stopped pinging for this long is freed.
    pub heartbeat: Duration,
}

struct Handle {
    tx: Sender<Msg>,
    last_seen: Arc<Mutex<Instant>>,
    /// Open WebSockets: a session with one is never idle.
    watchers: Arc<Mutex<usize>>,
    /// The page said it was going away (and none has come back since).
    left: Arc<Mutex<bool>>,
    /// The last sign of a live page: a ping, an action, a WebSocket opened.
    alive: Arc<Mutex<Instant>>,
}

/// The live sessions, and the games they may play.
pub struct Registry {
    config: Config,
    catalogue: Arc<Catalogue>,
    sessions: Mutex<HashMap<String, Handle>>,
    /// The games kept, when the server has a database.
    store: Option<Arc<Store>>,
    /// Held while a session is revived, so that two requests revive it once.
    reviving: Mutex<()>,
}

impl Registry {
    pub fn new(config: Config, catalogue: Catalogue, store: Option<Store>) -> Arc<Registry> {
        Arc::new(Registry {
            config,
            catalogue: Arc::new(catalogue),
            sessions: Mutex::new(HashMap::new()),
            store: store.map(Arc::new),
            reviving: Mutex::new(()),
        })
    }

    /// Starts a session with its engine; its id. `browser`: the browser that asked, noted as
    /// the session's owner.
    pub fn create(&self, browser: Option<&str>) -> Result<String, String> {
        let id = random_id(8);
        self.start(&id, browser, None)?;
        Ok(id)
    }

    /// Starts the session `id`, new or revived from its kept game.
    fn start(
        &self,
        id: &str,
        browser: Option<&str>,
        revive: Option<(crate::store::GameRecord, Option<[String; 2]>)>,
    ) -> Result<(), String> {
        self.reap();
        self.evict_left();
        if self.sessions.lock().unwrap().len() >= self.config.max_sessions {
            return Err(format!(
                "the server already runs {} sessions, its maximum (--max-sessions); close another page, or wait until one is idle for {} s or its pages stop for {} s",
                self.config.max_sessions,
                self.config.idle.as_secs(),
                self.config.heartbeat.as_secs()
            ));
        }
        let id = id.to_string();
        let (tx, rx) = channel();
        let mut session = Session::new(
            id.clone(),
            self.config.engine.clone(),
            Arc::clone(&self.catalogue),
            tx.clone(),
            rx,
            self.store.clone(),
        )?;
        let revived = revive.is_some();
        if let Some((record, keys)) = revive {
            session.revive(record, keys)?;
        } else if let Some(store) = &self.store {
            let kept = store
                .save_session(&id, None)
                .and_then(|()| browser.map_or(Ok(()), |b| store.own(b, &id, None)));
            if let Err(e) = kept {
                log::error!("session {id}: {e}");
            }
        }
        std::thread::Builder::new()
            .name(format!("session-{id}"))
            .spawn(move || session.run())
            .map_err(|e| format!("cannot start a session thread: {e}"))?;
        self.sessions.lock().unwrap().insert(
            id.clone(),
            Handle {
                tx,
                last_seen: Arc::new(Mutex::new(Instant::now())),
                watchers: Arc::new(Mutex::new(0)),
                left: Arc::new(Mutex::new(false)),
                alive: Arc::new(Mutex::new(Instant::now())),
            },
        );
        if revived {
            log::info!("session {id} revived from the database");
        } else {
            log::info!("session {id} opened");
        }
        Ok(())
    }

    /// Runs `f` on the live session `id` (a page of it is alive): revived from the database
    /// first when the server does not run it.
    fn with<T>(&self, id: &str, f: impl FnOnce(&Handle) -> T) -> Result<T, String> {
        if !self.sessions.lock().unwrap().contains_key(id) {
            self.revive(id)?;
        }
        let sessions = self.sessions.lock().unwrap();
        let h = sessions.get(id).ok_or_else(|| {
            format!("expected a live session but got '{id}' (it may have expired: reload the page)")
        })?;
        *h.last_seen.lock().unwrap() = Instant::now();
        *h.alive.lock().unwrap() = Instant::now();
        Ok(f(h))
    }

    /// Starts the session `id` again from its last kept game, if it is kept.
    fn revive(&self, id: &str) -> Result<(), String> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        let _one_at_a_time = self.reviving.lock().unwrap();
        if self.sessions.lock().unwrap().contains_key(id) {
            return Ok(());
        }
        let Some(record) = store.latest(id)? else {
            return Ok(());
        };
        let keys = store.session_keys(id)?.flatten();
        self.start(id, None, Some((record, keys)))
    }

    /// A page of the session `id` is alive; when to ping again.
    pub fn ping(&self, id: &str) -> Result<Duration, String> {
        self.with(id, |_| ())?;
        Ok(self.ping_every())
    }

    /// How often a page pings: four times within the heartbeat timeout.
    pub fn ping_every(&self) -> Duration {
        (self.config.heartbeat / 4).max(Duration::from_millis(250))
    }

    /// The games `browser` made or joined (none without a database).
    pub fn mine(&self, browser: &str) -> Result<Value, String> {
        let Some(store) = &self.store else {
            return Ok(json!([]));
        };
        let live = self.sessions.lock().unwrap();
        let list: Vec<Value> = store
            .mine(browser)?
            .into_iter()
            .map(|g| {
                let mut v = serde_json::to_value(&g).unwrap_or(Value::Null);
                v["live"] = json!(live.contains_key(&g.record.session));
                v
            })
            .collect();
        Ok(Value::Array(list))
    }

    /// The kept game whose public id is `public`.
    pub fn record(&self, public: &str) -> Result<Option<Value>, String> {
        let Some(store) = &self.store else {
            return Ok(None);
        };
        Ok(store.by_public(public)?.map(|r| {
            let mut v = serde_json::to_value(&r).unwrap_or(Value::Null);
            // the session id of a game between friends is its watch link; of another game, it
            // lets a page act: a shared record names it not
            if let Some(o) = v.as_object_mut() {
                o.remove("session");
            }
            v
        }))
    }

    /// When the server is full, closes the sessions whose page left and has not come back,
    /// the longest unused first, until one place is free. A page that left may still count as
    /// a watcher until its WebSocket's next write fails: the page's word is taken for it.
    fn evict_left(&self) {
        let mut sessions = self.sessions.lock().unwrap();
        while sessions.len() >= self.config.max_sessions {
            let oldest = sessions
                .iter()
                .filter(|(_, h)| *h.left.lock().unwrap())
                .min_by_key(|(_, h)| *h.last_seen.lock().unwrap())
                .map(|(id, _)| id.clone());
            let Some(id) = oldest else { break };
            if let Some(h) = sessions.remove(&id) {
                let _ = h.tx.send(Msg::Shutdown);
                log::info!("session {id} closed to make room: its page had left");
            }
        }
    }

    /// The page of a session is going away; a reload comes back to it.
    pub fn leave(&self, id: &str) -> bool {
        self.with(id, |h| *h.left.lock().unwrap() = true).is_ok()
    }

    /// Runs one action; the new state and the action's answer, or the error and the state.
    pub fn action(&self, id: &str, action: Value) -> Result<(Value, Value), (String, Value)> {
        let (reply_tx, reply_rx) = channel();
        self.with(id, |h| h.tx.send(Msg::Action(action, reply_tx)))
            .map_err(|e| (e, Value::Null))?
            .map_err(|_| ("the session has ended".to_string(), Value::Null))?;
        reply_rx
            .recv_timeout(ACTION_TIMEOUT)
            .map_err(|_| ("the session did not answer".to_string(), Value::Null))?
    }

    /// Closes a session (its engine quits).
    pub fn close(&self, id: &str) -> bool {
        match self.sessions.lock().unwrap().remove(id) {
            Some(h) => {
                let _ = h.tx.send(Msg::Shutdown);
                log::info!("session {id} closed by the page");
                true
            }
            None => false,
        }
    }

    /// Closes the sessions idle for longer than the configured time, and those whose pages
    /// stopped pinging.
    pub fn reap(&self) {
        let idle = self.config.idle;
        let heartbeat = self.config.heartbeat;
        self.sessions.lock().unwrap().retain(|id, h| {
            let watched = *h.watchers.lock().unwrap() > 0;
            let fresh = h.last_seen.lock().unwrap().elapsed() < idle;
            let beating = h.alive.lock().unwrap().elapsed() < heartbeat;
            if !watched && !fresh {
                log::info!("session {id} expired after {} s idle", idle.as_secs());
            } else if !beating {
                log::info!(
                    "session {id} freed: its pages stopped pinging for {} s",
                    heartbeat.as_secs()
                );
            }
            let keep = (watched || fresh) && beating;
            if !keep {
                let _ = h.tx.send(Msg::Shutdown);
            }
            keep
        });
    }

    /// The games the engine plays and how to present them.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// Subscribes `tx` to the states of the session `id` (its current state first): the page's
    /// WebSocket. While the returned [`Watch`] lives, the session counts a watcher and is never
    /// idle; a session whose page had left is back.
    pub fn subscribe(&self, id: &str, tx: Sender<String>) -> Result<Watch, String> {
        self.with(id, |h| {
            let _ = h.tx.send(Msg::Subscribe(tx));
            *h.left.lock().unwrap() = false;
            *h.watchers.lock().unwrap() += 1;
            Watch {
                last_seen: Arc::clone(&h.last_seen),
                watchers: Arc::clone(&h.watchers),
            }
        })
    }

    /// The number of live sessions.
    pub fn len(&self) -> usize {
        self.sessions.lock().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An open WebSocket of a session: counted among its watchers until dropped.
pub struct Watch {
    last_seen: Arc<Mutex<Instant>>,
    watchers: Arc<Mutex<usize>>,
}

impl Watch {
    /// The page received a state: the session is in use.
    pub fn touch(&self) {
        *self.last_seen.lock().unwrap() = Instant::now();
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        *self.watchers.lock().unwrap() -= 1;
    }
}
