//! End-to-end tests of the web GUI in headless Chromium, driven through chromedriver (WebDriver).
//!
//! One test runs every scenario in turn against one server and one chromedriver (starting a
//! browser costs seconds on a 2-core machine): a human plays turns of both games by clicks (a
//! COIN multi-capture; a Wells turn with growth, a new group, a jump, a split choice and a
//! kill; an automatic decision shown), illegal clicks and bad input are refused with a visible
//! message, an engine-vs-engine game is paused, stepped and runs to its end, an engine that
//! dies is restarted and the user told, and two browser sessions play at once without mixing
//! their games. Screenshots of both boards are written to `target/screenshots/`.
//!
//! Needs Debian's `chromium` and `chromium-driver`. Without them the test fails when `CI` is set
//! and is skipped with a notice otherwise.

use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// A child process ended when dropped.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

fn browser_tools() -> Option<(PathBuf, PathBuf)> {
    let chrome = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .or_else(|| find_in_path("chromium"))?;
    let driver = find_in_path("chromedriver").or_else(|| {
        let p = PathBuf::from("/usr/bin/chromedriver");
        p.is_file().then_some(p)
    })?;
    Some((chrome, driver))
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn screenshots_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots");
    std::fs::create_dir_all(&dir).expect("target/screenshots");
    dir
}

/// Starts the GUI server (`exe`) on a free port; its base URL.
fn start_server(exe: &Path) -> (Proc, String) {
    let mut child = Command::new(exe)
        .args(["--port", "0", "--max-sessions", "4"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start guerrilla-web");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        if let Some(Ok(l)) = lines.next() {
            let _ = tx.send(l);
        }
        for _ in lines {} // keep the pipe open
    });
    let line = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("guerrilla-web printed its URL");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in '{line}'"))
        .to_string();
    (Proc(child), url)
}

fn start_driver(driver: &Path) -> (Proc, String) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(100));
    }
    (Proc(child), format!("http://127.0.0.1:{port}"))
}

struct Browser {
    client: Client,
    name: &'static str,
}

async fn open_browser(driver_url: &str, chrome: &Path, name: &'static str) -> Browser {
    let profile =
        std::env::temp_dir().join(format!("guerrilla-web-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chrome,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                format!("--user-data-dir={}", profile.display()),
                "--window-size=1400,1000",
            ],
        }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(driver_url)
        .await
        .expect("a chromium session through chromedriver");
    Browser { client, name }
}

impl Browser {
    async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("[{}] script '{script}' failed: {e}", self.name))
    }

    /// The page's last state from the server.
    async fn state(&self) -> Value {
        self.js("return window.gui && window.gui.state;").await
    }

    /// Waits until `cond` (a JS expression) is true; panics with the page's messages after
    /// `secs` seconds.
    async fn wait(&self, cond: &str, secs: u64, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let script = format!("try {{ return !!({cond}); }} catch (e) {{ return false; }}");
        loop {
            if self.js(&script).await == Value::Bool(true) {
                return;
            }
            if Instant::now() > deadline {
                let state = self.state().await;
                panic!(
                    "[{}] waited {secs} s for {what} ({cond}); messages: {}; describe: {}; steps: {}",
                    self.name, state["messages"], state["describe"], state["steps"]
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn goto(&self, url: &str) {
        self.client.goto(url).await.expect("page loads");
        self.wait(
            "window.gui.state && window.gui.state.geometry && document.querySelector('#board .hit')",
            30,
            "the board",
        )
        .await;
    }

    /// Clicks the element `css` finds. The board is drawn again after every step the engine
    /// answers (a Guerrilla Checkers stone is a step of its own), so an element found just
    /// before a redraw can go stale: it is then found again, for up to 5 s.
    async fn click_css(&self, css: &str) {
        let mut tries = 0;
        loop {
            let result = match self.client.find(Locator::Css(css)).await {
                Ok(element) => element.click().await.map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            match result {
                Ok(()) => return,
                Err(e) if tries >= 50 => panic!("[{}] cannot click '{css}': {e}", self.name),
                Err(_) => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    }

    /// Clicks the board's point or square `name`.
    async fn click_name(&self, name: &str) {
        self.click_css(&format!("#board .hit[data-name=\"{name}\"]"))
            .await;
    }

    /// Clicks names, as a human builds a step, and waits until the engine answered.
    async fn play_step(&self, names: &[&str], expect: &str) {
        let before = self.js("return window.gui.state.version;").await;
        for n in names {
            self.click_name(n).await;
        }
        self.wait(
            &format!(
                "window.gui.state.version > {before} && window.gui.state.last && \
                 ((window.gui.state.last.step || '').includes('{expect}') || (window.gui.state.last.turn || '').includes('{expect}'))"
            ),
            30,
            &format!("the step {expect}"),
        )
        .await;
    }

    async fn click_step_button(&self, step: &str) {
        let before = self.js("return window.gui.state.version;").await;
        self.click_css(&format!("#step-buttons button[data-step=\"{step}\"]"))
            .await;
        self.wait(
            &format!("window.gui.state.version > {before} && window.gui.state.last && window.gui.state.last.step === '{step}'"),
            30,
            &format!("the step {step}"),
        )
        .await;
    }

    async fn confirm(&self) {
        self.wait(
            "!document.getElementById('confirm-bar').hidden",
            30,
            "the confirm bar",
        )
        .await;
        self.click_css("#confirm").await;
        self.wait(
            "window.gui.state.awaiting_confirm === null",
            30,
            "the confirmation",
        )
        .await;
    }

    async fn notice(&self) -> String {
        self.wait(
            "!document.getElementById('notice').hidden",
            10,
            "a visible notice",
        )
        .await;
        self.client
            .find(Locator::Id("notice"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    async fn hide_notice(&self) {
        self.js("document.getElementById('notice').hidden = true; return 0;")
            .await;
    }

    async fn screenshot(&self, file: &str) {
        let png = self.client.screenshot().await.expect("a screenshot");
        let path = screenshots_dir().join(file);
        std::fs::write(&path, png).expect("write the screenshot");
        eprintln!("screenshot: {}", path.display());
    }

    async fn moves(&self) -> Vec<String> {
        let v = self.js("return window.gui.state.history.moves;").await;
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    async fn describe(&self, field: &str) -> String {
        self.js(&format!("return window.gui.state.describe['{field}'];"))
            .await
            .as_str()
            .unwrap_or("")
            .to_string()
    }
}

fn url_with(base: &str, query: &[(&str, &str)]) -> String {
    let enc = |s: &str| -> String {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                    (b as char).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect()
    };
    let q: Vec<String> = query
        .iter()
        .map(|(k, v)| format!("{k}={}", enc(v)))
        .collect();
    format!("{base}?{}", q.join("&"))
}

/// A COIN checker on c3 with stones on D4 and E5 (and one more on B8): `c3xd4xe5` captures two.
const COIN_DOUBLE: &str = "8/8/8/8/8/2C5/8/8 9/1G7/9/9/4G4/3G5/9/9/9 60 C -";
/// Side 5, White d5 e5 f5, Black c4, White to move on turn 3: growth `+g5`, new group `*a1`,
/// jump `e5-c5`, `endgroup`, split choice `=c5` (or `=f5`), kill choice `c5xc4` or `d5xc4`.
const WELLS_FULL: &str =
    "5 ...../....../......./..B...../...WWW.../......../......./....../..... w 3 0";
/// As above with Black on b4: after `=c5` the only kill, `c5xb4`, is taken automatically.
const WELLS_AUTO_KILL: &str =
    "5 ...../....../......./.B....../...WWW.../......../......./....../..... w 3 0";

async fn checkers_by_clicks(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "human"),
        ],
    ))
    .await;
    // An illegal click: a1 holds no checker and the Guerrilla is to move.
    b.click_name("a1").await;
    let n = b.notice().await;
    assert!(n.contains("refused") && n.contains("a1"), "notice: {n}");
    b.hide_notice().await;
    // The Guerrilla's first turn, D4 and D5.
    b.play_step(&["D4", "D5"], "D5").await;
    b.confirm().await;
    assert_eq!(b.describe("stones").await, "2");
    assert_eq!(b.moves().await, vec!["D4D5"]);
    // COIN's checker on d4 captures the stone on D4 (the corner d4 and c3 share).
    b.play_step(&["d4", "c3"], "c3").await;
    b.confirm().await;
    assert_eq!(b.describe("stones").await, "1");
    b.play_step(&["E5", "E6"], "E6").await;
    b.confirm().await;
    assert_eq!(b.moves().await.len(), 3);
    b.screenshot("guerrilla-checkers-midgame.png").await;
    // Undo takes back the Guerrilla's last turn step by step.
    let stones = b.describe("stones").await;
    b.click_css("#undo").await;
    b.wait(
        &format!("window.gui.state.describe.stones !== '{stones}'"),
        30,
        "undo",
    )
    .await;
    assert_eq!(b.moves().await.len(), 2);
    assert_eq!(b.describe("tomove").await, "p1");

    // A COIN multi-capture set up through the page's position control.
    let fen = b.client.find(Locator::Id("fen")).await.unwrap();
    fen.clear().await.unwrap();
    fen.send_keys(COIN_DOUBLE).await.unwrap();
    b.click_css("#new-game").await;
    b.wait(
        "window.gui.state.describe.side === 'coin' && window.gui.state.describe.stones === '3'",
        30,
        "the COIN position",
    )
    .await;
    b.play_step(&["c3", "d4", "e5"], "e5").await;
    b.wait(
        "window.gui.state.awaiting_confirm !== null",
        30,
        "the completed turn",
    )
    .await;
    let turn = b.js("return window.gui.state.awaiting_confirm;").await;
    assert_eq!(turn, json!("c3xd4xe5"), "the whole COIN turn");
    assert_eq!(b.describe("stones").await, "1", "two stones captured");
    b.screenshot("guerrilla-checkers-capture.png").await;
    b.confirm().await;
    let st = b.state().await;
    assert_eq!(
        b.moves().await,
        vec!["c3xd4xe5"],
        "history {} messages {}",
        st["history"],
        st["messages"]
    );

    // A bad position string: the engine's error is shown, the game is unchanged.
    fen.clear().await.unwrap();
    fen.send_keys("not a position").await.unwrap();
    let typed = b.js("return document.getElementById('fen').value;").await;
    assert_eq!(typed, json!("not a position"));
    // The notice read next must be the answer to this position: one left from the turn
    // above is put away first (now and then a click of it is refused late, "e5 is not a
    // legal choice here", after every check of that turn passed).
    b.hide_notice().await;
    b.click_css("#new-game").await;
    let n = b.notice().await;
    assert!(n.contains("expected a valid position"), "notice: {n}");
    assert_eq!(b.moves().await, vec!["c3xd4xe5"]);
    b.hide_notice().await;
}

async fn wells_by_clicks(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla"),
            ("p1", "human"),
            ("p2", "human"),
            ("fen", WELLS_FULL),
        ],
    ))
    .await;
    assert_eq!(b.describe("side").await, "5");
    b.play_step(&["g5"], "+g5").await; // growth
    b.play_step(&["a1"], "*a1").await; // new group
                                       // An illegal click: b2 is no legal start of a jump now.
    b.click_name("b2").await;
    let n = b.notice().await;
    assert!(n.contains("refused") && n.contains("b2"), "notice: {n}");
    b.hide_notice().await;
    b.play_step(&["e5", "c5"], "e5-c5").await; // a jump
    assert_ne!(b.describe("moving").await, "-", "a group is moving");
    b.screenshot("guerrilla-midturn.png").await;
    b.click_step_button("endgroup").await;
    b.wait(
        "window.gui.state.describe.phase === 'split'",
        30,
        "the split choice",
    )
    .await;
    b.play_step(&["c5"], "=c5").await; // the split choice
    b.wait(
        "window.gui.state.describe.phase === 'kill'",
        30,
        "the kills",
    )
    .await;
    b.play_step(&["c5", "c4"], "c5xc4").await; // a kill
    b.wait(
        "window.gui.state.awaiting_confirm !== null",
        30,
        "the completed turn",
    )
    .await;
    let turn = b.js("return window.gui.state.awaiting_confirm;").await;
    let turn = turn.as_str().unwrap_or("").to_string();
    for part in ["+g5", "*a1", "e5-c5", "=c5", "c5xc4"] {
        assert!(turn.contains(part), "turn {turn} lacks {part}");
    }
    b.confirm().await;
    assert_eq!(b.moves().await, vec![turn]);
    assert_eq!(b.describe("tomove").await, "p2");
    b.screenshot("guerrilla-after-turn.png").await;

    // An automatic decision: the lone kill c5xb4 is taken by the engine and shown.
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla"),
            ("p1", "human"),
            ("p2", "human"),
            ("fen", WELLS_AUTO_KILL),
        ],
    ))
    .await;
    b.play_step(&["g5"], "+g5").await;
    b.play_step(&["a1"], "*a1").await;
    b.play_step(&["e5", "c5"], "e5-c5").await;
    b.click_step_button("endgroup").await;
    b.play_step(&["c5"], "=c5").await;
    let auto = b
        .client
        .find(Locator::Id("auto"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        auto.contains("c5xb4"),
        "automatic decisions shown: '{auto}'"
    );
    let last = b.js("return window.gui.state.last.auto;").await;
    assert!(
        last.as_array().is_some_and(|a| a.contains(&json!("c5xb4"))),
        "auto: {last}"
    );
    b.wait(
        "window.gui.state.awaiting_confirm !== null",
        30,
        "the completed turn",
    )
    .await;
}

async fn engine_game(b: &Browser, base: &str) {
    // Engine against engine, opened paused: nothing moves until asked.
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla"),
            ("side", "5"),
            ("limit", "30"),
            ("p1", "engine"),
            ("p2", "engine"),
            ("t1", "100"),
            ("t2", "100"),
            ("paused", "1"),
        ],
    ))
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(b.moves().await.len(), 0, "no turn is played while paused");
    for n in 1..=2 {
        b.click_css("#advance").await;
        b.wait(
            &format!(
                "window.gui.state.history.moves.length === {n} && !window.gui.state.searching"
            ),
            60,
            "one engine turn",
        )
        .await;
    }
    let thinking = b
        .client
        .find(Locator::Id("thinking"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        thinking.contains("score"),
        "the engine's score is shown: '{thinking}'"
    );
    // Watch it play, pause it, then let it play to the end.
    b.click_css("#resume").await;
    b.wait(
        "window.gui.state.history.moves.length >= 6",
        60,
        "six turns",
    )
    .await;
    b.click_css("#pause").await;
    b.wait(
        "window.gui.state.paused && !window.gui.state.searching",
        30,
        "the pause",
    )
    .await;
    b.screenshot("guerrilla-engine-game.png").await;
    let n = b.moves().await.len();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(b.moves().await.len(), n, "no turn is played while paused");
    b.click_css("#resume").await;
    b.wait(
        "window.gui.state.describe.result !== 'none'",
        180,
        "the end of the game",
    )
    .await;
    let result = b.client.find(Locator::Id("result")).await.unwrap();
    assert!(result.is_displayed().await.unwrap());
    let text = result.text().await.unwrap();
    assert!(
        text.contains("Game over") && text.contains("final score"),
        "result: {text}"
    );
    eprintln!("engine game: {text} after {} turns", b.moves().await.len());
    b.screenshot("guerrilla-engine-game-over.png").await;
}

async fn engine_restart(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "human"),
        ],
    ))
    .await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.confirm().await;
    let pid = b.js("return window.gui.state.engine.pid;").await;
    let pid = pid.as_u64().expect("an engine pid");
    let status = Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    b.wait(
        &format!("window.gui.state.engine.pid !== {pid} && window.gui.state.engine.restarts === 1"),
        30,
        "the engine's restart",
    )
    .await;
    let n = b.notice().await;
    assert!(n.contains("restarted"), "notice: {n}");
    assert_eq!(
        b.moves().await,
        vec!["D4D5"],
        "the game survives the restart"
    );
    b.play_step(&["d4", "c3"], "c3").await;
    b.confirm().await;
    assert_eq!(b.moves().await.len(), 2);
}

async fn engine_built_in(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "50"),
        ],
    ))
    .await;
    let command = b.js("return window.gui.state.engine.command;").await;
    assert!(
        command
            .as_str()
            .is_some_and(|c| c.ends_with("--engine-child")),
        "the built-in engine runs: {command}"
    );
    b.play_step(&["D4", "D5"], "D5").await;
    b.confirm().await;
    // The engine answers with COIN's turn.
    b.wait(
        "window.gui.state.history.moves.length === 2",
        60,
        "the engine's reply",
    )
    .await;
}

/// The server was started with `--max-sessions 4`: more are refused with a message, and closed
/// ones free their place.
async fn session_limit(b: &Browser) {
    let script = r#"
        const done = arguments[arguments.length - 1];
        (async () => {
          const ids = [], refusals = [];
          for (let i = 0; i < 5; i++) {
            const r = await fetch('/api/session', { method: 'POST' });
            const body = await r.json();
            if (r.status === 200) ids.push(body.id); else refusals.push(r.status + ' ' + body.error);
          }
          for (const id of ids) await fetch(`/api/session/${id}/close`, { method: 'POST' });
          const again = await fetch('/api/session', { method: 'POST' });
          const body = await again.json();
          if (body.id) await fetch(`/api/session/${body.id}/close`, { method: 'POST' });
          done({ opened: ids.length, refusals, again: again.status });
        })();
    "#;
    let v = b
        .client
        .execute_async(script, vec![])
        .await
        .expect("the session script");
    // This page holds one session: three more fit, the next two are refused.
    assert_eq!(v["opened"], json!(3), "{v}");
    let refusals = v["refusals"].as_array().cloned().unwrap_or_default();
    assert_eq!(refusals.len(), 2, "{v}");
    assert!(
        refusals[0].as_str().unwrap().starts_with("503")
            && refusals[0].as_str().unwrap().contains("maximum"),
        "{v}"
    );
    assert_eq!(
        v["again"],
        json!(200),
        "a closed session frees its place: {v}"
    );
}

async fn two_sessions(b1: &Browser, b2: &Browser, base: &str) {
    let url = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "human"),
        ],
    );
    b1.goto(&url).await;
    b2.goto(&url).await;
    let s1 = b1.js("return window.gui.session;").await;
    let s2 = b2.js("return window.gui.session;").await;
    assert_ne!(s1, s2);
    b1.play_step(&["D4", "D5"], "D5").await;
    b2.play_step(&["F6", "F7"], "F7").await;
    b1.confirm().await;
    b2.confirm().await;
    b1.play_step(&["d4", "c3"], "c3").await;
    b1.confirm().await;
    assert_eq!(b1.moves().await, vec!["D4D5", "d4xc3"]);
    assert_eq!(b2.moves().await, vec!["F6F7"]);
    assert_eq!(b2.describe("stones").await, "2");
    assert_eq!(b1.describe("stones").await, "1");
}

#[test]
fn browser_end_to_end() {
    let Some((chrome, driver)) = browser_tools() else {
        if std::env::var_os("CI").is_some() {
            panic!("chromium and chromedriver are required on CI (apt-get install chromium chromium-driver)");
        }
        eprintln!("notice: chromium or chromedriver not found; the browser tests are skipped");
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_guerrilla-web"));
    let (_server, base) = start_server(&exe);
    // A copy of the server alone in a folder: no `guerrilla` binary beside it, so it runs the
    // engine library built into itself.
    let alone = std::env::temp_dir().join(format!("guerrilla-web-alone-{}", std::process::id()));
    std::fs::create_dir_all(&alone).unwrap();
    let alone_exe = alone.join("guerrilla-web");
    std::fs::copy(&exe, &alone_exe).expect("copy the server");
    let (_server_alone, base_alone) = start_server(&alone_exe);
    let (_driver, driver_url) = start_driver(&driver);
    rt.block_on(async {
        let b1 = std::sync::Arc::new(open_browser(&driver_url, &chrome, "one").await);
        let b2 = std::sync::Arc::new(open_browser(&driver_url, &chrome, "two").await);
        let (c1, c2) = (b1.clone(), b2.clone());
        let run = tokio::spawn(async move {
            let (b1, b2) = (&*c1, &*c2);
            eprintln!("scenario: Guerrilla Checkers by clicks");
            checkers_by_clicks(b1, &base).await;
            eprintln!("scenario: Guerrilla by clicks");
            wells_by_clicks(b1, &base).await;
            eprintln!("scenario: two sessions at once");
            two_sessions(b1, b2, &base).await;
            eprintln!("scenario: an engine that dies");
            engine_restart(b2, &base).await;
            eprintln!("scenario: a server with no engine binary beside it");
            engine_built_in(b2, &base_alone).await;
            eprintln!("scenario: the session limit");
            session_limit(b1).await;
            eprintln!("scenario: engine against engine");
            engine_game(b1, &base).await;
        });
        // Close the browsers whatever happened, then report.
        let outcome = run.await;
        for b in [&b1, &b2] {
            let _ = b.client.clone().close().await;
        }
        let _ = std::fs::remove_dir_all(&alone);
        if let Err(e) = outcome {
            match e.try_into_panic() {
                Ok(p) => std::panic::resume_unwind(p),
                Err(e) => panic!("the scenarios did not finish: {e}"),
            }
        }
    });
}
