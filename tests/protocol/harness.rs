//! Drives the real `guerrilla` binary over stdin/stdout for the protocol tests, with a time-out
//! on every wait so that no test can hang CI.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use guerrilla::game::prelude::*;
use guerrilla::game::{Outcome, Side};

/// The names of the real games, in the order of the games' table ([`guerrilla::GameKind::ALL`]),
/// as the `Game` option takes them: what a test of every game loops over, so that a game added
/// to the table is tested without a word more.
pub fn real_games() -> impl Iterator<Item = &'static str> {
    guerrilla::GameKind::ALL
        .into_iter()
        .map(guerrilla::GameKind::name)
}

/// The longest any single wait may take.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// A running engine process.
pub struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    /// Every line received so far.
    pub received: Vec<String>,
}

impl Proc {
    pub fn spawn() -> Proc {
        Proc::spawn_with(&[])
    }

    /// The engine started with these command-line arguments.
    pub fn spawn_with(args: &[&str]) -> Proc {
        let mut child = Command::new(env!("CARGO_BIN_EXE_guerrilla"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the guerrilla binary");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Proc {
            child,
            stdin,
            rx,
            received: Vec::new(),
        }
    }

    /// Sends one line (a `\n` is added).
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to the engine");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes as they are.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to the engine");
        stdin.flush().expect("flush");
    }

    /// The next line, or `None` after `timeout` (or at the end of the output).
    pub fn recv(&mut self, timeout: Duration) -> Option<String> {
        match self.rx.recv_timeout(timeout) {
            Ok(line) => {
                self.received.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first one for which `done` holds; panics after `TIMEOUT`.
    pub fn until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Some(l) => {
                    let end = done(&l);
                    lines.push(l);
                    if end {
                        return lines;
                    }
                }
                None => panic!("timed out waiting for {what}; got {lines:?}"),
            }
        }
    }

    /// Sends `line` then `isready`, and returns what came before `readyok`. Only for commands
    /// that answer on the command loop (not `go`).
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.until("readyok", |l| l == "readyok");
        lines.pop();
        lines
    }

    /// `ask` for a command that answers exactly one line.
    pub fn ask1(&mut self, line: &str) -> String {
        let lines = self.ask(line);
        assert_eq!(lines.len(), 1, "'{line}' answered {lines:?}");
        lines.into_iter().next().unwrap()
    }

    /// Sends a `go` and returns the move of its `bestmove` line (checked to be two tokens).
    pub fn go(&mut self, line: &str) -> String {
        self.send(line);
        let lines = self.until("bestmove", |l| l.starts_with("bestmove"));
        let best = lines.last().unwrap();
        let tokens: Vec<&str> = best.split(' ').collect();
        assert_eq!(tokens.len(), 2, "bestmove must be two tokens: {best:?}");
        tokens[1].to_string()
    }

    /// The engine's peak resident memory so far, in KiB (`VmHWM` of `/proc/<pid>/status`);
    /// `None` where there is no such file.
    pub fn peak_rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// The processor time the engine has used so far (user and system, `/proc/<pid>/stat`, in
    /// clock ticks of 1/100 s as Linux counts them there); `None` where there is no such file.
    pub fn cpu_time(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // The fields after the command name, which ends with the last ')'.
        let rest = &stat[stat.rfind(')')? + 2..];
        let fields: Vec<&str> = rest.split(' ').collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(Duration::from_millis(ticks * 10))
    }

    /// Sends `quit` and waits for the exit: how long it took.
    pub fn quit(mut self) -> Duration {
        let t = Instant::now();
        self.send("quit");
        loop {
            if self.child.try_wait().expect("wait").is_some() {
                return t.elapsed();
            }
            assert!(t.elapsed() < TIMEOUT, "the engine did not exit after quit");
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// Closes stdin and waits for the exit; returns every line received and the exit status.
    pub fn finish(mut self) -> (Vec<String>, std::process::ExitStatus) {
        drop(self.stdin.take());
        let deadline = Instant::now() + TIMEOUT;
        while self
            .recv(deadline.saturating_duration_since(Instant::now()))
            .is_some()
        {}
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return (std::mem::take(&mut self.received), status);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the engine did not exit");
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn result_word(o: Option<Outcome>) -> &'static str {
    match o {
        None => "none",
        Some(Outcome::Win(Side::P1)) => "p1win",
        Some(Outcome::Win(Side::P2)) => "p2win",
        Some(Outcome::Draw) => "draw",
    }
}

/// What one refereed game through the protocol gave.
#[derive(Debug, Default)]
pub struct GameReport {
    pub plies: usize,
    pub result: String,
    pub forfeited: bool,
}

/// Plays one whole game through the protocol the way cutegames does (`position … moves …` with
/// the whole history, `query p1turn`, `query gameover`, `go nodes`, then `query result`), with
/// the rules core in this process as the referee: every `bestmove` must be legal and every
/// `query` answer must agree with the rules. With `forfeit_at = Some(n)`, ply `n` is replaced by
/// an illegal token, and the engine must then report the game lost by that side.
pub fn refereed_game<G: Game>(
    p: &mut Proc,
    settings: &G::Settings,
    nodes: u64,
    forfeit_at: Option<usize>,
    max_plies: usize,
) -> GameReport {
    let mut referee = G::new(settings);
    let mut moves: Vec<String> = Vec::new();
    p.send("isready");
    p.until("readyok", |l| l == "readyok");
    p.send("uginewgame");
    loop {
        let pos_line = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        let mut answers = p.ask(&pos_line);
        answers.extend(p.ask("query p1turn"));
        let over = p.ask1("query gameover");
        assert!(answers.iter().all(|l| l != "readyok"));
        let p1 = answers.last().cloned().unwrap_or_default();
        assert_eq!(
            p1,
            format!("response {}", referee.side_to_move() == Side::P1),
            "p1turn after {pos_line}"
        );
        assert_eq!(
            over,
            format!("response {}", referee.outcome().is_some()),
            "gameover after {pos_line}"
        );
        if referee.outcome().is_some() || moves.len() >= max_plies {
            break;
        }
        if forfeit_at == Some(moves.len()) {
            // An illegal token: the side to move loses.
            let loser = referee.side_to_move();
            let mut bad_moves = moves.clone();
            bad_moves.push("zz9".to_string());
            let bad = format!("position startpos moves {}", bad_moves.join(" "));
            let err = p.ask(&bad);
            assert_eq!(err.len(), 1, "{err:?}");
            assert!(
                err[0].starts_with("info string error: expected "),
                "{err:?}"
            );
            assert!(
                err[0].contains(" but got 'zz9'") && err[0].contains("lost by"),
                "{err:?}"
            );
            assert_eq!(p.ask1("query gameover"), "response true");
            let want = result_word(Some(Outcome::Win(loser.opponent())));
            assert_eq!(p.ask1("query result"), format!("response {want}"));
            let best = p.go(&format!("go nodes {nodes}"));
            assert_eq!(best, "none", "go after a forfeit");
            return GameReport {
                plies: moves.len(),
                result: want.to_string(),
                forfeited: true,
            };
        }
        let best = p.go(&format!("go nodes {nodes}"));
        let turn = referee
            .parse_turn(&best)
            .unwrap_or_else(|e| panic!("illegal bestmove {best} after {pos_line}: {e}"));
        assert_eq!(referee.format_turn(&turn), best, "bestmove is canonical");
        referee.play_turn(&turn).expect("legal turn plays");
        moves.push(best);
    }
    let result = p.ask1("query result");
    assert_eq!(
        result,
        format!("response {}", result_word(referee.outcome())),
        "result after {} plies",
        moves.len()
    );
    GameReport {
        plies: moves.len(),
        result: result_word(referee.outcome()).to_string(),
        forfeited: false,
    }
}

// ---- reading the GUI commands' answers ---------------------------------------------------

/// A parsed `point` or `square` line.
#[derive(Debug)]
pub struct Item {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub role: String,
    pub rel: Vec<String>,
    /// A square's shade (`dark` or `light`); empty for a point.
    pub shade: String,
}

pub fn parse_num(s: &str) -> f64 {
    // At most three decimals, no trailing zeros, never a sign.
    assert!(!s.starts_with('-') && !s.starts_with('+'), "{s}");
    if let Some((_, dec)) = s.split_once('.') {
        assert!(
            !dec.is_empty() && dec.len() <= 3 && !dec.ends_with('0'),
            "{s}"
        );
    }
    s.parse().unwrap_or_else(|_| panic!("not a number: {s}"))
}

pub fn list(s: &str) -> Vec<String> {
    if s == "-" {
        Vec::new()
    } else {
        s.split(',').map(str::to_string).collect()
    }
}

/// Asks `geometry` and checks its frame; returns the points and squares.
pub fn geometry(p: &mut Proc, game: &str) -> (Vec<Item>, Vec<Item>) {
    let lines = p.ask("geometry");
    let head: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(head[..3], ["geometry", "game", game], "{}", lines[0]);
    assert_eq!((head[3], head[5]), ("points", "squares"));
    let np: usize = head[4].parse().unwrap();
    let ns: usize = head[6].parse().unwrap();
    assert_eq!(lines.len(), np + ns + 2);
    assert_eq!(lines.last().unwrap(), "geometry end");
    let mut points = Vec::new();
    let mut squares = Vec::new();
    for l in &lines[1..=np + ns] {
        let f: Vec<&str> = l.split(' ').collect();
        let (kind, role, rel, shade) = if f[0] == "point" {
            assert_eq!(f.len(), 6, "{l}");
            assert!(f[4] == "play" || f[4] == "edge", "{l}");
            ("point", f[4].to_string(), list(f[5]), String::new())
        } else {
            assert_eq!(f.len(), 7, "{l}");
            assert_eq!(f[0], "square", "{l}");
            assert_eq!(f[4].split(',').count(), 4, "{l}");
            assert!(f[6] == "dark" || f[6] == "light", "{l}");
            ("square", f[4].to_string(), list(f[5]), f[6].to_string())
        };
        let item = Item {
            name: f[1].into(),
            x: parse_num(f[2]),
            y: parse_num(f[3]),
            role,
            rel,
            shade,
        };
        if kind == "point" {
            assert!(squares.is_empty(), "points come first");
            points.push(item);
        } else {
            squares.push(item);
        }
    }
    assert_eq!((points.len(), squares.len()), (np, ns));
    // The smallest x and y are 0; neighbours are symmetric and 1 apart.
    let min = |f: fn(&Item) -> f64| points.iter().map(f).fold(f64::MAX, f64::min);
    assert_eq!(min(|i| i.x), 0.0);
    assert_eq!(min(|i| i.y), 0.0);
    let by_name: HashMap<&str, &Item> = points.iter().map(|i| (i.name.as_str(), i)).collect();
    assert_eq!(by_name.len(), points.len(), "point names are unique");
    for i in &points {
        for n in &i.rel {
            let j = by_name[n.as_str()];
            assert!(j.rel.contains(&i.name), "{} {}", i.name, n);
            let d = ((i.x - j.x).powi(2) + (i.y - j.y).powi(2)).sqrt();
            assert!((d - 1.0).abs() < 0.002, "{} {}: {d}", i.name, n);
        }
    }
    (points, squares)
}

pub fn field<'a>(describe: &'a str, name: &str) -> &'a str {
    describe
        .split(' ')
        .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} in {describe}"))
}

/// A small deterministic choice among `n`.
pub fn pick(state: &mut u64, n: usize) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    ((*state >> 33) % n as u64) as usize
}
