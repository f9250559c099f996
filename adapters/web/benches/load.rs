//! The server under load, as browsers meet it: many pages at once, then a stream of sessions.
//!
//! ```text
//! cargo bench -p guerrilla-web --bench load -- [--pages N] [--sessions N] [--seconds S] [--stay S]
//! ```
//!
//! Starts `guerrilla-web` (this build's) on a free port with a database of its own, then:
//! 1. **Pages at once**: `--pages` (default 50) pages start together, each as a browser loads
//!    one: the page and its every asset over one keep-alive connection pool, the catalogue, a new
//!    session, its WebSocket (the first state read), a new game by action (its state read from
//!    the WebSocket). With every page's session live, the memory of the server and of its engine
//!    processes is read (`VmRSS` of each in `/proc`) against the idle server's; then each page
//!    closes its session.
//! 2. **Sessions over time**: `--sessions` (default 200) sessions, started evenly over
//!    `--seconds` (default 60), each living `--stay` seconds (default 10) with its WebSocket
//!    open: a new session, its WebSocket, a new game, a `state` action, a close.
//!
//! Prints, for each kind of request, the count, the median, the 99th percentile and the
//! longest latency, every failure (there should be none), and the memory per live session.
//! Needs no browser; the load it sends goes to 127.0.0.1 only.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use serde_json::{json, Value};

/// An empty histogram of latencies from 1 µs to 10 minutes, to three significant digits.
fn latencies() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 600_000_000, 3).expect("valid bounds")
}

/// Latencies by kind of request, in microseconds, and the failures seen.
#[derive(Default)]
struct Tally {
    kinds: Vec<(&'static str, Histogram<u64>)>,
    failures: Vec<String>,
}

impl Tally {
    fn record(&mut self, kind: &'static str, took: Duration) {
        let us = took.as_micros().max(1) as u64;
        match self.kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, h)) => h.saturating_record(us),
            None => {
                let mut h = latencies();
                h.saturating_record(us);
                self.kinds.push((kind, h));
            }
        }
    }

    fn print(&self, title: &str) {
        println!("{title}");
        println!(
            "  {:<14} {:>6} {:>10} {:>10} {:>10}",
            "request", "count", "median ms", "p99 ms", "max ms"
        );
        let mut all = latencies();
        for (kind, h) in &self.kinds {
            all.add(h).expect("same bounds");
            println!(
                "  {:<14} {:>6} {:>10.1} {:>10.1} {:>10.1}",
                kind,
                h.len(),
                h.value_at_quantile(0.5) as f64 / 1000.0,
                h.value_at_quantile(0.99) as f64 / 1000.0,
                h.max() as f64 / 1000.0
            );
        }
        println!(
            "  {:<14} {:>6} {:>10.1} {:>10.1} {:>10.1}",
            "all",
            all.len(),
            all.value_at_quantile(0.5) as f64 / 1000.0,
            all.value_at_quantile(0.99) as f64 / 1000.0,
            all.max() as f64 / 1000.0
        );
        println!("  failures: {}", self.failures.len());
        for f in self.failures.iter().take(10) {
            println!("    {f}");
        }
    }
}

/// The server, ended when dropped.
struct Server {
    child: Child,
    base: String,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_server(db: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_guerrilla-web"))
        .args(["--port", "0", "--max-sessions", "256", "--database"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start guerrilla-web");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("its stdout"))
        .read_line(&mut line)
        .expect("the server's first line");
    let base = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in '{line}'"))
        .trim_end_matches('/')
        .to_string();
    let port = base
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port");
    Server { child, base, port }
}

/// The resident memory of process `pid`, in KiB (0 when it is gone).
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

/// The processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|c| {
            std::fs::read_to_string(format!("/proc/{c}/stat"))
                .ok()
                .and_then(|s| {
                    // the fields after the command's closing parenthesis: state, ppid, …
                    let rest = &s[s.rfind(')')? + 2..];
                    rest.split_whitespace().nth(1)?.parse::<u32>().ok()
                })
                == Some(pid)
        })
        .collect()
}

/// The server's own memory and that of its engine processes (KiB), and how many engines.
fn memory(server: &Server) -> (u64, u64, usize) {
    let pid = server.child.id();
    let engines = children(pid);
    (
        rss_kib(pid),
        engines.iter().map(|&c| rss_kib(c)).sum(),
        engines.len(),
    )
}

/// One page's or session's conversation with the server.
struct Client {
    agent: ureq::Agent,
    base: String,
    port: u16,
}

impl Client {
    fn new(server: &Server) -> Client {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Client {
            agent,
            base: server.base.clone(),
            port: server.port,
        }
    }

    fn get(&self, tally: &Mutex<Tally>, kind: &'static str, path: &str) -> Option<String> {
        let t = Instant::now();
        let r = self
            .agent
            .get(&format!("{}/{path}", self.base))
            .call()
            .and_then(|mut r| r.body_mut().read_to_string());
        self.note(tally, kind, path, t, r)
    }

    fn post(
        &self,
        tally: &Mutex<Tally>,
        kind: &'static str,
        path: &str,
        body: &Value,
    ) -> Option<Value> {
        let t = Instant::now();
        let r = self
            .agent
            .post(&format!("{}/{path}", self.base))
            .header("Content-Type", "application/json")
            .send(body.to_string())
            .and_then(|mut r| r.body_mut().read_to_string());
        self.note(tally, kind, path, t, r)
            .and_then(|s| serde_json::from_str(&s).ok())
    }

    fn note(
        &self,
        tally: &Mutex<Tally>,
        kind: &'static str,
        path: &str,
        t: Instant,
        r: Result<String, ureq::Error>,
    ) -> Option<String> {
        let took = t.elapsed();
        let mut tally = tally.lock().unwrap();
        match r {
            Ok(body) => {
                tally.record(kind, took);
                Some(body)
            }
            Err(e) => {
                tally.failures.push(format!("{kind} /{path}: {e}"));
                None
            }
        }
    }

    /// Opens the session's WebSocket and reads its first state.
    fn watch(&self, tally: &Mutex<Tally>, id: &str) -> Option<tungstenite::WebSocket<TcpStream>> {
        let t = Instant::now();
        let opened = TcpStream::connect(("127.0.0.1", self.port))
            .map_err(|e| e.to_string())
            .and_then(|s| {
                s.set_read_timeout(Some(Duration::from_secs(60)))
                    .map_err(|e| e.to_string())?;
                let url = format!("ws://127.0.0.1:{}/api/session/{id}/ws", self.port);
                tungstenite::client(url, s)
                    .map(|(ws, _)| ws)
                    .map_err(|e| e.to_string())
            })
            .and_then(|mut ws| next_state(&mut ws).map(|_| ws));
        match opened {
            Ok(ws) => {
                tally.lock().unwrap().record("websocket", t.elapsed());
                Some(ws)
            }
            Err(e) => {
                tally
                    .lock()
                    .unwrap()
                    .failures
                    .push(format!("websocket {id}: {e}"));
                None
            }
        }
    }
}

/// The next state the WebSocket brings (pings passed over).
fn next_state(ws: &mut tungstenite::WebSocket<TcpStream>) -> Result<Value, String> {
    loop {
        match ws.read().map_err(|e| e.to_string())? {
            tungstenite::Message::Text(t) => {
                return serde_json::from_str(t.as_str()).map_err(|e| e.to_string())
            }
            tungstenite::Message::Close(_) => return Err("the server closed the socket".into()),
            _ => {}
        }
    }
}

const ASSETS: [&str; 21] = [
    "",
    "style.css",
    "friend.css",
    "js/analysis.js",
    "js/anim.js",
    "js/app.js",
    "js/board.js",
    "js/dialogs.js",
    "js/input.js",
    "js/keys.js",
    "js/moves.js",
    "js/face.js",
    "js/friend.js",
    "js/games.js",
    "js/net.js",
    "js/panels.js",
    "js/record.js",
    "js/review.js",
    "js/sheet.js",
    "js/sound.js",
    "js/zoom.js",
];

/// A session's life: created, watched, a new game played on it; its id and WebSocket.
fn open_session(
    client: &Client,
    tally: &Mutex<Tally>,
    n: usize,
) -> Option<(String, tungstenite::WebSocket<TcpStream>)> {
    let created = client.post(
        tally,
        "session",
        "api/session",
        &json!({"browser": format!("load{n}")}),
    )?;
    let Some(id) = created["id"].as_str().map(String::from) else {
        tally
            .lock()
            .unwrap()
            .failures
            .push(format!("session: {created}"));
        return None;
    };
    let mut ws = client.watch(tally, &id)?;
    let game = if n.is_multiple_of(2) {
        "guerrilla-checkers"
    } else {
        "guerrilla"
    };
    let answer = client.post(
        tally,
        "action new",
        &format!("api/session/{id}/action"),
        &json!({"type": "new", "game": game}),
    )?;
    if answer["ok"] != json!(true) {
        tally
            .lock()
            .unwrap()
            .failures
            .push(format!("new game: {answer}"));
        return None;
    }
    let t = Instant::now();
    match next_state(&mut ws) {
        Ok(_) => tally.lock().unwrap().record("state pushed", t.elapsed()),
        Err(e) => tally
            .lock()
            .unwrap()
            .failures
            .push(format!("state after new: {e}")),
    }
    Some((id, ws))
}

fn close_session(
    client: &Client,
    tally: &Mutex<Tally>,
    id: &str,
    mut ws: tungstenite::WebSocket<TcpStream>,
) {
    let _ = ws.close(None);
    client.post(
        tally,
        "close",
        &format!("api/session/{id}/close"),
        &json!({}),
    );
}

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    args.windows(2)
        .find(|w| w[0] == name)
        .map(|w| {
            w[1].parse()
                .unwrap_or_else(|_| panic!("expected a number after {name} but got '{}'", w[1]))
        })
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pages = arg(&args, "--pages", 50) as usize;
    let sessions = arg(&args, "--sessions", 200) as usize;
    let seconds = arg(&args, "--seconds", 60);
    let stay = arg(&args, "--stay", 10);
    let db = std::env::temp_dir().join(format!("guerrilla-web-load-{}.sqlite", std::process::id()));
    let server = start_server(&db);
    println!("server: {} (pid {})", server.base, server.child.id());
    std::thread::sleep(Duration::from_millis(500));
    let (idle_server, _, _) = memory(&server);
    println!("idle server: {} KiB resident", idle_server);

    // 1. pages at once
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Arc::new(Barrier::new(pages));
    let live = Arc::new(Barrier::new(pages + 1));
    let done = Arc::new(Barrier::new(pages + 1));
    let began = Instant::now();
    let threads: Vec<_> = (0..pages)
        .map(|n| {
            let (tally, start, live, done) =
                (tally.clone(), start.clone(), live.clone(), done.clone());
            let client = Client::new(&server);
            std::thread::spawn(move || {
                start.wait();
                for a in ASSETS {
                    client.get(&tally, if a.is_empty() { "page" } else { "asset" }, a);
                }
                client.get(&tally, "catalogue", "api/games");
                let session = open_session(&client, &tally, n);
                live.wait();
                done.wait();
                if let Some((id, ws)) = session {
                    close_session(&client, &tally, &id, ws);
                }
            })
        })
        .collect();
    live.wait();
    let loaded = began.elapsed();
    let (server_kib, engines_kib, engines) = memory(&server);
    done.wait();
    for t in threads {
        t.join().expect("a page's thread");
    }
    tally.lock().unwrap().print(&format!(
        "{pages} pages at once: every page loaded with its session live after {:.1} s",
        loaded.as_secs_f64()
    ));
    let per = |kib: u64| kib as f64 / pages.max(1) as f64 / 1024.0;
    println!(
        "  memory with {engines} engines live: server {} KiB (+{:.2} MiB a session over idle), engines {} KiB ({:.1} MiB each), {:.1} MiB a session in all",
        server_kib,
        per(server_kib.saturating_sub(idle_server)),
        engines_kib,
        engines_kib as f64 / engines.max(1) as f64 / 1024.0,
        per(server_kib.saturating_sub(idle_server) + engines_kib)
    );

    // 2. sessions over time
    let tally = Arc::new(Mutex::new(Tally::default()));
    let peak = Arc::new(Mutex::new((0u64, 0u64, 0usize)));
    let began = Instant::now();
    let gap = Duration::from_secs_f64(seconds as f64 / sessions.max(1) as f64);
    let mut threads = Vec::new();
    for n in 0..sessions {
        let due = began + gap * n as u32;
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        let tally = tally.clone();
        let client = Client::new(&server);
        threads.push(std::thread::spawn(move || {
            if let Some((id, ws)) = open_session(&client, &tally, n) {
                std::thread::sleep(Duration::from_secs(stay));
                client.post(
                    &tally,
                    "action state",
                    &format!("api/session/{id}/action"),
                    &json!({"type": "state"}),
                );
                close_session(&client, &tally, &id, ws);
            }
        }));
        if n.is_multiple_of(10) {
            let m = memory(&server);
            let mut p = peak.lock().unwrap();
            if m.0 + m.1 > p.0 + p.1 {
                *p = m;
            }
        }
    }
    for t in threads {
        t.join().expect("a session's thread");
    }
    let (ps, pe, pn) = *peak.lock().unwrap();
    tally.lock().unwrap().print(&format!(
        "{sessions} sessions over {seconds} s, each living {stay} s: done after {:.1} s",
        began.elapsed().as_secs_f64()
    ));
    // a closed session's engine quits on its own thread: give it a moment
    std::thread::sleep(Duration::from_secs(2));
    println!(
        "  peak memory seen: server {ps} KiB, {pn} engines {pe} KiB; engines left after the last close: {}",
        memory(&server).2
    );
    drop(server);
    for end in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{end}", db.display()));
    }
}
