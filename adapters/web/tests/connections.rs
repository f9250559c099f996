//! The server answers every connection a browser opens, at once: a page's first connection
//! kept alive and idle, then a burst of fresh connections each asking for one module (as
//! Chromium loads a page's modules), each kept open after its answer. Every one is answered
//! within a few seconds, in every one of several fresh servers.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[path = "support/server.rs"]
mod server;
use server::start;

/// Sends a keep-alive GET for `path` on `stream`.
fn ask(stream: &mut TcpStream, path: &str) {
    write!(
        stream,
        "GET /{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"
    )
    .expect("send a request");
}

/// The status line of the answer on `stream`, read before `deadline`; None when none came.
fn status(stream: &mut TcpStream, deadline: Instant) -> Option<String> {
    let left = deadline.saturating_duration_since(Instant::now());
    stream
        .set_read_timeout(Some(left.max(Duration::from_millis(10))))
        .ok()?;
    let mut head = [0u8; 15];
    stream.read_exact(&mut head).ok()?;
    Some(String::from_utf8_lossy(&head).into_owned())
}

#[test]
fn a_burst_of_fresh_connections_beside_an_idle_one_is_answered() {
    const MODULES: [&str; 6] = [
        "js/app.js",
        "js/net.js",
        "js/panels.js",
        "js/board.js",
        "js/face.js",
        "js/input.js",
    ];
    let db = std::env::temp_dir().join(format!("guerrilla-web-connections-{}", std::process::id()));
    for run in 1..=5 {
        let _ = std::fs::remove_file(&db);
        let server = start(&db);
        let mut page = TcpStream::connect(("127.0.0.1", server.1)).expect("connect");
        ask(&mut page, "");
        let first = status(&mut page, Instant::now() + Duration::from_secs(10));
        assert_eq!(
            first.as_deref(),
            Some("HTTP/1.1 200 OK"),
            "run {run}: the page"
        );
        let mut burst: Vec<TcpStream> = MODULES
            .iter()
            .map(|_| TcpStream::connect(("127.0.0.1", server.1)).expect("connect"))
            .collect();
        for (stream, module) in burst.iter_mut().zip(MODULES) {
            ask(stream, module);
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        let unanswered: Vec<&str> = burst
            .iter_mut()
            .zip(MODULES)
            .filter_map(|(stream, module)| {
                (status(stream, deadline).as_deref() != Some("HTTP/1.1 200 OK")).then_some(module)
            })
            .collect();
        assert!(
            unanswered.is_empty(),
            "run {run}: not answered within 5 s: {unanswered:?}"
        );
    }
    for end in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{end}", db.display()));
    }
}
