//! The HTTP side: the page, the session registry, actions (POST) and live updates (WebSocket).
//!
//! Routes:
//! * `GET /` — the page; `GET /style.css`, `GET /js/<module>.js` — its assets (embedded);
//! * `GET /api/games` — the games the engine plays and how to present them (the catalogue);
//! * `POST /api/session` — a new session (its own engine process): `{"id": …}`, or 503 when the
//!   maximum number of sessions is reached;
//! * `POST /api/session/<id>/action` — a JSON action; answers `{"ok": true, "state": …, "data":
//!   …}` (`data`: the action's own answer, or null) or `{"ok": false, "error": …, "state": …}`;
//! * `GET /api/session/<id>/ws` — a WebSocket that receives the session's state after every
//!   change;
//! * `POST /api/session/<id>/leave` — the page is going away (closed or reloading): the session
//!   is kept, so that a reload finds its game, but gives its place to a new session when the
//!   server is full;
//! * `POST /api/session/<id>/close` — ends the session and its engine.
//!
//! Sessions are bounded: at most `max_sessions` at once, and a session nobody used (no action,
//! no open WebSocket) for `idle` is closed by a reaper thread.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::io::Read;
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response, StatusCode};

use crate::catalogue::Catalogue;
use crate::engine::EngineCommand;
use crate::session::{Msg, Session};

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
    ("js/anim.js", JS, include_str!("../assets/js/anim.js")),
    ("js/app.js", JS, include_str!("../assets/js/app.js")),
    ("js/board.js", JS, include_str!("../assets/js/board.js")),
    ("js/dialogs.js", JS, include_str!("../assets/js/dialogs.js")),
    ("js/input.js", JS, include_str!("../assets/js/input.js")),
    ("js/keys.js", JS, include_str!("../assets/js/keys.js")),
    ("js/moves.js", JS, include_str!("../assets/js/moves.js")),
    ("js/face.js", JS, include_str!("../assets/js/face.js")),
    ("js/net.js", JS, include_str!("../assets/js/net.js")),
    ("js/panels.js", JS, include_str!("../assets/js/panels.js")),
    ("js/record.js", JS, include_str!("../assets/js/record.js")),
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
}

struct Handle {
    tx: Sender<Msg>,
    last_seen: Arc<Mutex<Instant>>,
    /// Open WebSockets: a session with one is never idle.
    watchers: Arc<Mutex<usize>>,
    /// The page said it was going away (and none has come back since).
    left: Arc<Mutex<bool>>,
}

/// The live sessions, and the games they may play.
pub struct Registry {
    config: Config,
    catalogue: Arc<Catalogue>,
    sessions: Mutex<HashMap<String, Handle>>,
}

impl Registry {
    pub fn new(config: Config, catalogue: Catalogue) -> Arc<Registry> {
        Arc::new(Registry {
            config,
            catalogue: Arc::new(catalogue),
            sessions: Mutex::new(HashMap::new()),
        })
    }

    /// Starts a session with its engine; its id.
    pub fn create(&self) -> Result<String, String> {
        self.reap();
        self.evict_left();
        if self.sessions.lock().unwrap().len() >= self.config.max_sessions {
            return Err(format!(
                "the server already runs {} sessions, its maximum (--max-sessions); close another page or wait until one is idle for {} s",
                self.config.max_sessions,
                self.config.idle.as_secs()
            ));
        }
        let id = format!("{:016x}", RandomState::new().build_hasher().finish());
        let (tx, rx) = channel();
        let session = Session::new(
            id.clone(),
            self.config.engine.clone(),
            Arc::clone(&self.catalogue),
            tx.clone(),
            rx,
        )?;
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
            },
        );
        log::info!("session {id} opened");
        Ok(id)
    }

    fn with<T>(&self, id: &str, f: impl FnOnce(&Handle) -> T) -> Result<T, String> {
        let sessions = self.sessions.lock().unwrap();
        let h = sessions.get(id).ok_or_else(|| {
            format!("expected a live session but got '{id}' (it may have expired: reload the page)")
        })?;
        *h.last_seen.lock().unwrap() = Instant::now();
        Ok(f(h))
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

    /// Closes the sessions idle for longer than the configured time.
    pub fn reap(&self) {
        let idle = self.config.idle;
        self.sessions.lock().unwrap().retain(|id, h| {
            let watched = *h.watchers.lock().unwrap() > 0;
            let fresh = h.last_seen.lock().unwrap().elapsed() < idle;
            if !watched && !fresh {
                log::info!("session {id} expired after {} s idle", idle.as_secs());
                let _ = h.tx.send(Msg::Shutdown);
            }
            watched || fresh
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
        (Method::Post, ["api", "session"]) => match registry.create() {
            Ok(id) => json_response(200, &json!({"id": id})),
            Err(e) => json_response(503, &json!({"error": e})),
        },
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
        (Method::Get, ["api", "session", id, "ws"]) => {
            let id = id.to_string();
            websocket(request, registry, &id);
            return;
        }
        _ => text(404, "text/plain", &format!("not found: {path}")),
    };
    let _ = request.respond(response);
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
