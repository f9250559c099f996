//! The browser tests' tools: the server, chromedriver, one Chromium window and what a test does
//! with it (clicks, waits, reads, screenshots).

use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// A child process ended when dropped.
pub struct Proc(Child);

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

pub fn browser_tools() -> Option<(PathBuf, PathBuf)> {
    let chrome = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .or_else(|| find_in_path("chromium"))?;
    // On PATH only (Debian's is /usr/bin/chromedriver), so that a PATH without it hides it.
    let driver = find_in_path("chromedriver")?;
    Some((chrome, driver))
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Where screenshots go: `GUERRILLA_SCREENSHOTS` when set, else `target/screenshots/`.
pub fn screenshots_dir() -> PathBuf {
    let dir = std::env::var_os("GUERRILLA_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots"));
    std::fs::create_dir_all(&dir).expect("the screenshots folder");
    dir
}

/// Starts the GUI server (`exe`) on a free port, its games kept in a database of its own; its
/// base URL.
pub fn start_server(exe: &Path) -> (Proc, String) {
    static SERVERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SERVERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let db = temp_database(&format!("server{n}"));
    start_server_with(
        exe,
        &[
            "--port",
            "0",
            "--max-sessions",
            "4",
            "--database",
            &db.to_string_lossy(),
        ],
    )
}

/// A database file for a test server, new (none is left from an earlier run).
pub fn temp_database(name: &str) -> PathBuf {
    let db = std::env::temp_dir().join(format!(
        "guerrilla-web-e2e-{}-{name}.sqlite",
        std::process::id()
    ));
    for end in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{end}", db.display()));
    }
    db
}

/// Starts the GUI server (`exe`) with the arguments `args`; its base URL.
pub fn start_server_with(exe: &Path, args: &[&str]) -> (Proc, String) {
    let mut child = Command::new(exe)
        .args(args)
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

pub fn start_driver(driver: &Path) -> (Proc, String) {
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

/// How long a page may take to load, and then to draw its board.
pub const PAGE_LOAD: Duration = Duration::from_secs(10);

pub struct Browser {
    pub client: Client,
    pub name: &'static str,
}

pub async fn open_browser(driver_url: &str, chrome: &Path, name: &'static str) -> Browser {
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
    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("[{}] script '{script}' failed: {e}", self.name))
    }

    /// The page's last state from the server.
    pub async fn state(&self) -> Value {
        self.js("return window.gui && window.gui.state;").await
    }

    /// Waits until `cond` (a JS expression) is true; panics with the page's messages after
    /// `secs` seconds.
    pub async fn wait(&self, cond: &str, secs: u64, what: &str) {
        if !self.waited(cond, secs, what).await {
            let state = self.state().await;
            panic!(
                "[{}] waited {secs} s for {what} ({cond}); messages: {}; describe: {}; steps: {}",
                self.name, state["messages"], state["describe"], state["steps"]
            );
        }
    }

    /// Waits until `cond` is true, for `secs` seconds at most; whether it became true. A script
    /// the page cannot run yet (it is between two documents) counts as not true.
    async fn waited(&self, cond: &str, secs: u64, what: &str) -> bool {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let script = format!("try {{ return !!({cond}); }} catch (e) {{ return false; }}");
        loop {
            match self.client.execute(&script, vec![]).await {
                Ok(Value::Bool(true)) => return true,
                Ok(_) => {}
                Err(e) => eprintln!("[{}] waiting for {what}: {e}", self.name),
            }
            if Instant::now() > deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Loads `url` and waits until the page drew its board: the document loads within
    /// [`PAGE_LOAD`] and the board is drawn within [`PAGE_LOAD`] after it, or the test fails.
    /// Nothing is loaded twice: a page that does not load is a bug of the server or the page.
    pub async fn goto(&self, url: &str) {
        let timeouts = fantoccini::wd::TimeoutConfiguration::new(
            Some(Duration::from_secs(30)),
            Some(PAGE_LOAD),
            Some(Duration::from_secs(0)),
        );
        self.client
            .update_timeouts(timeouts)
            .await
            .expect("set the timeouts");
        if let Err(e) = self.client.goto(url).await {
            panic!(
                "[{}] the page {url} did not load within {} s: {e}",
                self.name,
                PAGE_LOAD.as_secs()
            );
        }
        let board =
            "window.gui.state && window.gui.state.geometry && document.querySelector('#board .hit')";
        self.wait(board, PAGE_LOAD.as_secs(), "the board").await;
    }

    /// Clicks the element `css` finds. The board is drawn again after every step the engine
    /// answers (a Guerrilla Checkers stone is a step of its own), so an element found just
    /// before a redraw can go stale: it is then found again, for up to 5 s.
    pub async fn click_css(&self, css: &str) {
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

    /// Clicks a control of the menu (`css`): on a phone, where the controls wait in the closed
    /// menu sheet, the Menu button opens it first, as a person would.
    pub async fn click_control(&self, css: &str) {
        let closed = self
            .js(
                "return getComputedStyle(document.getElementById('open-menu')).display !== 'none' \
                 && !document.body.classList.contains('menu-open');",
            )
            .await;
        if closed == Value::Bool(true) {
            self.click_css("#open-menu").await;
            self.wait(
                "getComputedStyle(document.getElementById('controls')).transform === 'none'",
                5,
                "the menu open",
            )
            .await;
        }
        self.click_css(css).await;
    }

    /// Stops the analysis under way with the Analyse button, and waits until it stopped.
    pub async fn stop_analysis(&self) {
        self.click_css("#analyse").await;
        self.wait(
            "window.gui.state.analysing === null",
            30,
            "the analysis stopped",
        )
        .await;
    }

    /// Clicks the board's point or square `name`.
    pub async fn click_name(&self, name: &str) {
        self.click_css(&format!("#board .hit[data-name=\"{name}\"]"))
            .await;
    }

    /// Clicks names, as a human builds a step, and waits until the engine answered (the step is
    /// the last one, or in the turn being built, or in a turn played: an engine may have
    /// replied already).
    pub async fn play_step(&self, names: &[&str], expect: &str) {
        let before = self.js("return window.gui.state.version;").await;
        for n in names {
            self.click_name(n).await;
        }
        self.wait(
            &format!(
                "window.gui.state.version > {before} && (window.gui.state.last && \
                 ((window.gui.state.last.step || '').includes('{expect}') || (window.gui.state.last.turn || '').includes('{expect}')) \
                 || window.gui.state.history.building.some((m) => m.includes('{expect}')) \
                 || window.gui.state.history.moves.some((m) => m.includes('{expect}')))"
            ),
            30,
            &format!("the step {expect}"),
        )
        .await;
    }

    pub async fn click_step_button(&self, step: &str) {
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

    /// Clicks New game, and answers Yes when the page asks (a game is in progress).
    pub async fn new_game(&self) {
        self.click_control("#new-game").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        if self.js("return document.getElementById('ask').open;").await == Value::Bool(true) {
            self.click_css("#ask-yes").await;
        }
    }

    pub async fn confirm(&self) {
        self.wait(
            "!document.getElementById('confirm').hidden",
            30,
            "the Confirm button",
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

    pub async fn notice(&self) -> String {
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

    pub async fn hide_notice(&self) {
        self.js("document.getElementById('notice').hidden = true; return 0;")
            .await;
    }

    pub async fn screenshot(&self, file: &str) {
        let png = self.client.screenshot().await.expect("a screenshot");
        let path = screenshots_dir().join(file);
        std::fs::write(&path, png).expect("write the screenshot");
        eprintln!("screenshot: {}", path.display());
    }

    pub async fn moves(&self) -> Vec<String> {
        let v = self.js("return window.gui.state.history.moves;").await;
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub async fn describe(&self, field: &str) -> String {
        self.js(&format!("return window.gui.state.describe['{field}'];"))
            .await
            .as_str()
            .unwrap_or("")
            .to_string()
    }
}

pub fn url_with(base: &str, query: &[(&str, &str)]) -> String {
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

impl Browser {
    /// How many elements `css` finds.
    pub async fn count(&self, css: &str) -> usize {
        let v = self
            .js(&format!(
                "return document.querySelectorAll('{css}').length;"
            ))
            .await;
        v.as_u64().unwrap_or(0) as usize
    }

    /// The text of the element with id `id`.
    pub async fn text(&self, id: &str) -> String {
        let v = self
            .js(&format!(
                "return document.getElementById('{id}').textContent;"
            ))
            .await;
        v.as_str().unwrap_or("").to_string()
    }

    /// Waits until the game has `n` whole turns.
    pub async fn wait_moves(&self, n: usize) {
        self.wait(
            &format!("window.gui.state.history.moves.length === {n}"),
            60,
            &format!("{n} turns in the game"),
        )
        .await;
    }

    /// The page's error messages.
    pub async fn errors(&self) -> Vec<String> {
        let v = self
            .js("return window.gui.state.messages.filter((m) => m.level === 'error').map((m) => m.text);")
            .await;
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Resizes the window so that its viewport (what the page sees: `innerWidth`,
    /// `innerHeight`) is `width`×`height`: the window is made taller by its frame. (Its width
    /// is not corrected: headless Chromium reports an `outerWidth` of at least 500 px while
    /// its viewport is as narrow as asked.)
    pub async fn set_size(&self, width: u32, height: u32) {
        self.client
            .set_window_size(width, height)
            .await
            .expect("resize the window");
        tokio::time::sleep(Duration::from_millis(200)).await;
        let frame = self
            .js("return window.outerHeight - window.innerHeight;")
            .await;
        let frame = frame.as_f64().unwrap_or(0.0).max(0.0) as u32;
        if frame > 0 {
            self.client
                .set_window_size(width, height + frame)
                .await
                .expect("resize the window");
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }

    /// A screenshot at 1400×1000 and one at 360×740, `<name>-1400.png` and `<name>-360.png`;
    /// the window is 1400×1000 again afterwards.
    pub async fn screenshots(&self, name: &str) {
        self.set_size(1400, 1000).await;
        self.screenshot(&format!("{name}-1400.png")).await;
        self.set_size(360, 740).await;
        self.screenshot(&format!("{name}-360.png")).await;
        self.set_size(1400, 1000).await;
    }

    /// Presses keys on the element that has the focus (WebDriver key codes: `\u{E012}` ←,
    /// `\u{E013}` ↑, `\u{E014}` →, `\u{E015}` ↓, `\u{E007}` Enter, `\u{E004}` Tab).
    pub async fn keys(&self, keys: &str) {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let mut actions = KeyActions::new("keyboard".into());
        for c in keys.chars() {
            actions = actions
                .then(KeyAction::Down { value: c })
                .then(KeyAction::Up { value: c });
        }
        self.client
            .perform_actions(actions)
            .await
            .unwrap_or_else(|e| panic!("[{}] keys: {e}", self.name));
    }

    /// Whether the element `css` lies wholly inside the window, and the page is not scrolled.
    pub async fn in_view(&self, css: &str) -> bool {
        self.js(&format!(
            "const e = document.querySelector('{css}'); if (!e) return false; \
             const r = e.getBoundingClientRect(); \
             return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth \
               && r.height > 0 && window.scrollY === 0;"
        ))
        .await
            == Value::Bool(true)
    }

    /// Performs the actions `make` builds on the board's cell `name` (`what` names them in a
    /// failure). As in `click_css`, a cell found just before a redraw is found again, for up to
    /// 5 s.
    async fn act_on_cell<A: Into<fantoccini::actions::Actions>>(
        &self,
        name: &str,
        what: &str,
        make: impl Fn(fantoccini::elements::Element) -> A,
    ) {
        let css = format!("#board .hit[data-name=\"{name}\"]");
        let mut tries = 0;
        loop {
            let result = match self.client.find(Locator::Css(&css)).await {
                Ok(element) => self
                    .client
                    .perform_actions(make(element))
                    .await
                    .map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            match result {
                Ok(()) => return,
                Err(e) if tries >= 50 => panic!("[{}] cannot {what} '{css}': {e}", self.name),
                Err(_) => {
                    // Nothing stays pressed from an action list that failed part way.
                    let _ = self.client.release_actions().await;
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    }

    /// A tap (a touch pointer: down and up) on the board's `name`.
    pub async fn tap_name(&self, name: &str) {
        use fantoccini::actions::{InputSource, PointerAction, TouchActions, MOUSE_BUTTON_LEFT};
        self.act_on_cell(name, "tap", |element| {
            TouchActions::new("finger".into())
                .then(PointerAction::MoveToElement {
                    element,
                    duration: None,
                    x: 0.0,
                    y: 0.0,
                })
                .then(PointerAction::Down {
                    button: MOUSE_BUTTON_LEFT,
                })
                .then(PointerAction::Up {
                    button: MOUSE_BUTTON_LEFT,
                })
        })
        .await;
    }

    /// A real double click (two presses of the mouse button, the second a `dblclick`) on the
    /// board's `name`.
    pub async fn double_click_name(&self, name: &str) {
        use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
        let press = |a: MouseActions| {
            a.then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            })
        };
        self.act_on_cell(name, "double click", |element| {
            press(press(MouseActions::new("mouse".into()).then(
                PointerAction::MoveToElement {
                    element,
                    duration: None,
                    x: 0.0,
                    y: 0.0,
                },
            )))
        })
        .await;
    }
}
