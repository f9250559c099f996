//! The HTTP side: the page, the session registry, actions (POST) and live updates (WebSocket).
//!
//! Routes:
//! * `GET /` — the page; `GET /style.css`, `GET /js/<module>.js` — its assets (embedded);
//! * `GET /api/games` — the games the engine plays and how to present them (the catalogue);
//! * `POST /api/session` — a new session (its own engine process): `{"id": …}`, or 503 when the
//!   maximum number of sessions is reached; the body may name the browser (`{"browser": …}`),
//!   whose games "my games" lists;
//! * `POST /api/session/<id>/action` — a JSON action; answers `{"ok": true, "state": …, "data":
//!   …}` (`data`: the action's own answer, or null) or `{"ok": false, "error": …, "state": …}`;
//! * `GET /api/session/<id>/ws` — a WebSocket that receives the session's state after every
//!   change;
//! * `POST /api/session/<id>/leave` — the page is going away (closed or reloading): the session
//!   is kept, so that a reload finds its game, but gives its place to a new session when the
//!   server is full;
//! * `POST /api/session/<id>/close` — ends the session and its engine;
//! * `POST /api/session/<id>/ping` — the page is alive: `{"ok": true, "every_ms": …}` (when to
//!   ping next);
//! * `GET /api/mine?browser=<token>` — the games of the sessions that browser made or joined,
//!   newest first;
//! * `GET /api/record/<public>` — one kept game (its setup, turns, players and result).
//!
//! Sessions are bounded: at most `max_sessions` at once. A reaper thread frees a session whose
//! pages have all stopped pinging (no ping, action or new WebSocket) for `heartbeat`, and one
//! nobody used (no action, no open WebSocket) for `idle`. With a database, every game is kept
//! (`store.rs`), and an action, a WebSocket or a ping for a session the server does not run
//! (it restarted, or freed the session) revives the session from its last game.

use std::collections::HashMap;
use std::io::Read;
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response, StatusCode};

use crate::catalogue::Catalogue;
use crate::engine::EngineCommand;
use crate::session::{Msg, Session};
use crate::store::{random_id, Store};

/// The page's files: URL path, content type, content.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "friend.css",
        "text/css; charset=utf-8",
        include_str!("../assets/friend.css"),
    ),
    (
        "js/analysis.js",
        JS,
        include_str!("../assets/js/analysis.js"),
    ),
    ("js/anim.js", JS, include_str!("../assets/js/anim.js")),
    ("js/app.js", JS, include_str!("../assets/js/app.js")),
    ("js/board.js", JS, include_str!("../assets/js/board.js")),
    ("js/dialogs.js", JS, include_str!("../assets/js/dialogs.js")),
    ("js/input.js", JS, include_str!("../assets/js/input.js")),
    ("js/keys.js", JS, include_str!("../assets/js/keys.js")),
    ("js/moves.js", JS, include_str!("../assets/js/moves.js")),
    ("js/face.js", JS, include_str!("../assets/js/face.js")),
    ("js/friend.js", JS, include_str!("../assets/js/friend.js")),
    ("js/games.js", JS, include_str!("../assets/js/games.js")),
    ("js/net.js", JS, include_str!("../assets/js/net.js")),
    ("js/panels.js", JS, include_str!("../assets/js/panels.js")),
    ("js/record.js", JS, include_str!("../assets/js/record.js")),
    ("js/review.js", JS, include_str!("../assets/js/review.js")),
    ("js/sound.js", JS, include_str!("../assets/js/sound.js")),
];
const JS: &str = "text/javascript; charset=utf-8";

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

    /// The number of live sessions.
    pub fn len(&self) -> usize {
        self.sessions.lock().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Serves requests until the process ends.
pub fn serve(server: tiny_http::Server, registry: Arc<Registry>) {
    let reaper = Arc::clone(&registry);
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(5));
        reaper.reap();
    });
    for request in server.incoming_requests() {
        let registry = Arc::clone(&registry);
        let spawned = std::thread::Builder::new()
            .name("http".into())
            .spawn(move || handle(request, &registry));
        if let Err(e) = spawned {
            log::error!("cannot start a request thread: {e}");
        }
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn text(status: u16, content_type: &str, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body)
        .with_status_code(StatusCode(status))
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
}

fn json_response(status: u16, v: &Value) -> Response<std::io::Cursor<Vec<u8>>> {
    text(status, "application/json", &v.to_string())
}

/// An asset of the page: the embedded copy, or, when `GUERRILLA_WEB_ASSETS` names a folder
/// (for working on the page without rebuilding the server), the file there.
fn asset((name, kind, body): &(&str, &str, &str)) -> Response<std::io::Cursor<Vec<u8>>> {
    let from_disk = std::env::var_os("GUERRILLA_WEB_ASSETS")
        .and_then(|dir| std::fs::read_to_string(std::path::Path::new(&dir).join(name)).ok());
    text(200, kind, from_disk.as_deref().unwrap_or(body))
}

fn handle(mut request: Request, registry: &Registry) {
    let url = request.url().to_string();
    let path = url.split('?').next().unwrap_or("").to_string();
    let method = request.method().clone();
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let response = match (&method, parts.as_slice()) {
        (Method::Get, [""]) => asset(&ASSETS[0]),
        (Method::Get, _) if ASSETS.iter().any(|a| a.0 == path.trim_start_matches('/')) => {
            let a = ASSETS
                .iter()
                .find(|a| a.0 == path.trim_start_matches('/'))
                .expect("found above");
            asset(a)
        }
        (Method::Get, ["api", "games"]) => json_response(
            200,
            &serde_json::to_value(&*registry.catalogue).unwrap_or(Value::Null),
        ),
        (Method::Post, ["api", "session"]) => {
            match registry.create(browser_of(&mut request).as_deref()) {
                Ok(id) => json_response(200, &json!({"id": id})),
                Err(e) => json_response(503, &json!({"error": e})),
            }
        }
        (Method::Post, ["api", "session", id, "action"]) => {
            let mut body = String::new();
            let read = request.as_reader().take(1 << 20).read_to_string(&mut body);
            match read
                .map_err(|e| e.to_string())
                .and_then(|_| serde_json::from_str::<Value>(&body).map_err(|e| e.to_string()))
            {
                Err(e) => json_response(
                    400,
                    &json!({"ok": false, "error": format!("expected a JSON action but got '{body}' ({e})")}),
                ),
                Ok(action) => match registry.action(id, action) {
                    Ok((state, data)) => {
                        json_response(200, &json!({"ok": true, "state": state, "data": data}))
                    }
                    Err((e, state)) => {
                        json_response(200, &json!({"ok": false, "error": e, "state": state}))
                    }
                },
            }
        }
        (Method::Post, ["api", "session", id, "leave"]) => {
            json_response(200, &json!({"ok": registry.leave(id)}))
        }
        (Method::Post, ["api", "session", id, "close"]) => {
            json_response(200, &json!({"ok": registry.close(id)}))
        }
        (Method::Post, ["api", "session", id, "ping"]) => match registry.ping(id) {
            Ok(every) => json_response(
                200,
                &json!({"ok": true, "every_ms": every.as_millis() as u64}),
            ),
            Err(e) => json_response(404, &json!({"ok": false, "error": e})),
        },
        (Method::Get, ["api", "mine"]) => match query(&url, "browser") {
            Some(b) => match registry.mine(&b) {
                Ok(list) => json_response(200, &list),
                Err(e) => json_response(500, &json!({"error": e})),
            },
            None => json_response(400, &json!({"error": "expected ?browser=<token>"})),
        },
        (Method::Get, ["api", "record", public]) => match registry.record(public) {
            Ok(Some(r)) => json_response(200, &r),
            Ok(None) => json_response(404, &json!({"error": format!("no kept game '{public}'")})),
            Err(e) => json_response(500, &json!({"error": e})),
        },
        (Method::Get, ["api", "session", id, "ws"]) => {
            let id = id.to_string();
            websocket(request, registry, &id);
            return;
        }
        _ => text(404, "text/plain", &format!("not found: {path}")),
    };
    let _ = request.respond(response);
}

/// The value of `name` in the URL's query (letters, digits, `-` and `_` only).
fn query(url: &str, name: &str) -> Option<String> {
    let q = url.split_once('?')?.1;
    q.split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty() && v.len() <= 128)
        .filter(|v| {
            v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// The browser token of a request's JSON body (`{"browser": …}`), if it has one.
fn browser_of(request: &mut Request) -> Option<String> {
    let mut body = String::new();
    request
        .as_reader()
        .take(4096)
        .read_to_string(&mut body)
        .ok()?;
    let v: Value = serde_json::from_str(&body).ok()?;
    v.get("browser")
        .and_then(Value::as_str)
        .filter(|b| !b.is_empty() && b.len() <= 128)
        .map(String::from)
}

/// Upgrades the request to a WebSocket and writes the session's states to it until either
/// side closes.
fn websocket(request: Request, registry: &Registry, id: &str) {
    let key = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Sec-WebSocket-Key"))
        .map(|h| h.value.as_str().to_string());
    let Some(key) = key else {
        let _ = request.respond(text(400, "text/plain", "expected a WebSocket upgrade"));
        return;
    };
    let (tx, rx) = channel::<String>();
    let subscribed = registry.with(id, |h| {
        let _ = h.tx.send(Msg::Subscribe(tx));
        *h.left.lock().unwrap() = false;
        (Arc::clone(&h.last_seen), Arc::clone(&h.watchers))
    });
    let (last_seen, watchers) = match subscribed {
        Ok(v) => v,
        Err(e) => {
            let _ = request.respond(text(404, "text/plain", &e));
            return;
        }
    };
    let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
    let response =
        Response::empty(StatusCode(101)).with_header(header("Sec-WebSocket-Accept", &accept));
    let stream = request.upgrade("websocket", response);
    let mut ws =
        tungstenite::WebSocket::from_raw_socket(stream, tungstenite::protocol::Role::Server, None);
    *watchers.lock().unwrap() += 1;
    loop {
        let message = match rx.recv_timeout(Duration::from_secs(15)) {
            Ok(state) => tungstenite::Message::text(state),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                tungstenite::Message::Ping(Vec::new().into())
            }
            Err(_) => break, // the session ended
        };
        if ws.send(message).is_err() {
            break;
        }
        *last_seen.lock().unwrap() = Instant::now();
    }
    *watchers.lock().unwrap() -= 1;
    let _ = ws.close(None);
}
