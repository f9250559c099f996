//! The HTTP side: the page, the session registry's doors (POST) and live updates (WebSocket),
//! served by hyper through axum on a tokio runtime.
//!
//! Every connection is served as soon as it is accepted, however many a browser keeps open and
//! idle: the event loop holds no thread per connection, so a page's burst of module requests
//! on fresh connections never waits behind kept-alive ones. The registry's calls block (an
//! action waits for its session, a revival starts an engine), so they run on tokio's blocking
//! pool, off the event loop.
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

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, RawQuery, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Value};

use crate::registry::Registry;

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
    ("js/marks.js", JS, include_str!("../assets/js/marks.js")),
    ("js/moves.js", JS, include_str!("../assets/js/moves.js")),
    ("js/face.js", JS, include_str!("../assets/js/face.js")),
    ("js/friend.js", JS, include_str!("../assets/js/friend.js")),
    ("js/games.js", JS, include_str!("../assets/js/games.js")),
    ("js/net.js", JS, include_str!("../assets/js/net.js")),
    ("js/panels.js", JS, include_str!("../assets/js/panels.js")),
    ("js/record.js", JS, include_str!("../assets/js/record.js")),
    ("js/review.js", JS, include_str!("../assets/js/review.js")),
    ("js/sheet.js", JS, include_str!("../assets/js/sheet.js")),
    ("js/sound.js", JS, include_str!("../assets/js/sound.js")),
    ("js/zoom.js", JS, include_str!("../assets/js/zoom.js")),
];
const JS: &str = "text/javascript; charset=utf-8";

/// The largest action body read; a larger one is refused.
const ACTION_BODY_LIMIT: usize = 1 << 20;
/// The largest body of `POST /api/session` read (it names at most a browser token).
const SESSION_BODY_LIMIT: usize = 4096;
/// How often an open WebSocket with nothing to say pings its page, so that a dead connection is
/// found and a proxy does not close a quiet one.
const WS_PING: Duration = Duration::from_secs(15);

/// Serves requests on `listener` until the process ends (or the listener fails); a reaper
/// frees idle sessions every five seconds.
pub fn serve(listener: std::net::TcpListener, registry: Arc<Registry>) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("http")
        .build()?;
    runtime.block_on(async move {
        let reaper = Arc::clone(&registry);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(5));
            loop {
                every.tick().await;
                let r = Arc::clone(&reaper);
                let _ = tokio::task::spawn_blocking(move || r.reap()).await;
            }
        });
        let listener = tokio::net::TcpListener::from_std(listener)?;
        axum::serve(listener, router(registry)).await
    })
}

/// Every route of the server, on the registry `registry`.
pub fn router(registry: Arc<Registry>) -> Router {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/session", post(create))
        .route("/api/session/{id}/action", post(action))
        .route("/api/session/{id}/leave", post(leave))
        .route("/api/session/{id}/close", post(close))
        .route("/api/session/{id}/ping", post(ping))
        .route("/api/session/{id}/ws", get(websocket))
        .route("/api/mine", get(mine))
        .route("/api/record/{public}", get(record))
        .fallback(static_or_missing)
        .layer(DefaultBodyLimit::max(ACTION_BODY_LIMIT))
        .with_state(registry)
}

/// A text answer that no cache keeps.
fn text(status: StatusCode, content_type: &str, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        body,
    )
        .into_response()
}

fn json_response(status: StatusCode, v: &Value) -> Response {
    text(status, "application/json", v.to_string())
}

/// Runs the blocking registry call `f` on the blocking pool; an answer 500 if it panicked.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        log::error!("a request's work ended abnormally: {e}");
        json_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            &json!({"ok": false, "error": "the server failed on this request"}),
        )
    })
}

/// An asset of the page (`GET /` is `index.html`), or 404 for any other path.
async fn static_or_missing(uri: Uri) -> Response {
    let path = uri.path();
    let name = match path.trim_start_matches('/') {
        "" => "index.html",
        other => other,
    };
    match ASSETS.iter().find(|a| a.0 == name) {
        Some(a) => asset(a),
        None => text(
            StatusCode::NOT_FOUND,
            "text/plain",
            format!("not found: {path}"),
        ),
    }
}

/// An asset of the page: the embedded copy, or, when `GUERRILLA_WEB_ASSETS` names a folder
/// (for working on the page without rebuilding the server), the file there.
fn asset((name, kind, body): &(&str, &str, &str)) -> Response {
    let from_disk = std::env::var_os("GUERRILLA_WEB_ASSETS")
        .and_then(|dir| std::fs::read_to_string(std::path::Path::new(&dir).join(name)).ok());
    text(
        StatusCode::OK,
        kind,
        from_disk.unwrap_or_else(|| body.to_string()),
    )
}

async fn games(State(registry): State<Arc<Registry>>) -> Response {
    json_response(
        StatusCode::OK,
        &serde_json::to_value(registry.catalogue()).unwrap_or(Value::Null),
    )
}

async fn create(State(registry): State<Arc<Registry>>, body: Bytes) -> Response {
    let browser = browser_of(&body);
    match blocking(move || registry.create(browser.as_deref())).await {
        Ok(Ok(id)) => json_response(StatusCode::OK, &json!({"id": id})),
        Ok(Err(e)) => json_response(StatusCode::SERVICE_UNAVAILABLE, &json!({"error": e})),
        Err(r) => r,
    }
}

async fn action(
    State(registry): State<Arc<Registry>>,
    Path(id): Path<String>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Response {
    let parsed = body
        .map_err(|e| (String::new(), e.body_text()))
        .and_then(|b| {
            serde_json::from_slice::<Value>(&b)
                .map_err(|e| (String::from_utf8_lossy(&b).into_owned(), e.to_string()))
        });
    let action = match parsed {
        Ok(a) => a,
        Err((body, e)) => {
            return json_response(
                StatusCode::BAD_REQUEST,
                &json!({"ok": false, "error": format!("expected a JSON action but got '{body}' ({e})")}),
            )
        }
    };
    match blocking(move || registry.action(&id, action)).await {
        Ok(Ok((state, data))) => json_response(
            StatusCode::OK,
            &json!({"ok": true, "state": state, "data": data}),
        ),
        Ok(Err((e, state))) => json_response(
            StatusCode::OK,
            &json!({"ok": false, "error": e, "state": state}),
        ),
        Err(r) => r,
    }
}

async fn leave(State(registry): State<Arc<Registry>>, Path(id): Path<String>) -> Response {
    match blocking(move || registry.leave(&id)).await {
        Ok(ok) => json_response(StatusCode::OK, &json!({ "ok": ok })),
        Err(r) => r,
    }
}

async fn close(State(registry): State<Arc<Registry>>, Path(id): Path<String>) -> Response {
    match blocking(move || registry.close(&id)).await {
        Ok(ok) => json_response(StatusCode::OK, &json!({ "ok": ok })),
        Err(r) => r,
    }
}

async fn ping(State(registry): State<Arc<Registry>>, Path(id): Path<String>) -> Response {
    match blocking(move || registry.ping(&id)).await {
        Ok(Ok(every)) => json_response(
            StatusCode::OK,
            &json!({"ok": true, "every_ms": every.as_millis() as u64}),
        ),
        Ok(Err(e)) => json_response(StatusCode::NOT_FOUND, &json!({"ok": false, "error": e})),
        Err(r) => r,
    }
}

async fn mine(State(registry): State<Arc<Registry>>, RawQuery(q): RawQuery) -> Response {
    let Some(browser) = query(q.as_deref().unwrap_or(""), "browser") else {
        return json_response(
            StatusCode::BAD_REQUEST,
            &json!({"error": "expected ?browser=<token>"}),
        );
    };
    match blocking(move || registry.mine(&browser)).await {
        Ok(Ok(list)) => json_response(StatusCode::OK, &list),
        Ok(Err(e)) => json_response(StatusCode::INTERNAL_SERVER_ERROR, &json!({"error": e})),
        Err(r) => r,
    }
}

async fn record(State(registry): State<Arc<Registry>>, Path(public): Path<String>) -> Response {
    let asked = public.clone();
    match blocking(move || registry.record(&public)).await {
        Ok(Ok(Some(r))) => json_response(StatusCode::OK, &r),
        Ok(Ok(None)) => json_response(
            StatusCode::NOT_FOUND,
            &json!({"error": format!("no kept game '{asked}'")}),
        ),
        Ok(Err(e)) => json_response(StatusCode::INTERNAL_SERVER_ERROR, &json!({"error": e})),
        Err(r) => r,
    }
}

/// The value of `name` in the query string `q` (letters, digits, `-` and `_` only).
fn query(q: &str, name: &str) -> Option<String> {
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
fn browser_of(body: &[u8]) -> Option<String> {
    let body = &body[..body.len().min(SESSION_BODY_LIMIT)];
    let v: Value = serde_json::from_slice(body).ok()?;
    v.get("browser")
        .and_then(Value::as_str)
        .filter(|b| !b.is_empty() && b.len() <= 128)
        .map(String::from)
}

/// Upgrades the request to a WebSocket that receives the session's states until either side
/// closes; 400 for a request that is no upgrade, 404 for a session that is not there.
async fn websocket(
    State(registry): State<Arc<Registry>>,
    Path(id): Path<String>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let Ok(upgrade) = upgrade else {
        return text(
            StatusCode::BAD_REQUEST,
            "text/plain",
            "expected a WebSocket upgrade".into(),
        );
    };
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let watch = match blocking(move || registry.subscribe(&id, tx)).await {
        Ok(Ok(w)) => w,
        Ok(Err(e)) => return text(StatusCode::NOT_FOUND, "text/plain", e),
        Err(r) => return r,
    };
    upgrade.on_upgrade(move |socket| watch_session(socket, rx, watch))
}

/// Writes the session's states (from `states`) to the page's socket, and pings a quiet one,
/// until the page closes it, a write fails or the session ends.
async fn watch_session(
    mut socket: WebSocket,
    states: std::sync::mpsc::Receiver<String>,
    watch: crate::registry::Watch,
) {
    // The session sends on a std channel from its own thread; a small thread hands each state
    // over to this task, and ends when either side has gone.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    std::thread::spawn(move || loop {
        match states.recv_timeout(Duration::from_secs(1)) {
            Ok(s) => {
                if tx.send(s).is_err() {
                    break;
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) if tx.is_closed() => break,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    });
    let mut quiet = tokio::time::interval(WS_PING);
    quiet.tick().await;
    loop {
        let message = tokio::select! {
            state = rx.recv() => match state {
                Some(s) => Message::Text(s.into()),
                None => break, // the session ended
            },
            _ = quiet.tick() => Message::Ping(Bytes::new()),
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => continue, // the page says nothing the server reads
            },
        };
        if socket.send(message).await.is_err() {
            break;
        }
        quiet.reset();
        watch.touch();
    }
    let _ = socket.send(Message::Close(None)).await;
    drop(watch);
}
