//! One engine process spoken to over UGI, with the line handling of cutegames: lines split on
//! single spaces, `bestmove`/`response` recognised only as exactly two tokens, a trailing `\r`
//! stripped, other protocol lines ignored. Unlike cutegames, every wait has a time-out (a
//! silent engine never hangs a match), a line that is not text (invalid UTF-8 or control
//! characters) or a `bestmove` line that is not exactly two tokens is a fault of the engine, and
//! a process is never left behind: dropping an [`Engine`] kills its process and reaps it.
//!
//! On Unix an engine runs in a process group of its own, so a Ctrl-C typed at the arena's
//! terminal reaches the arena only: the arena decides what to do with its engines.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use guerrilla::protocol::wire;

use crate::records::EngineSpec;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// Why talking to an engine failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The engine did not answer within the time allowed.
    Timeout { waiting_for: String },
    /// The engine closed its output (it exited or crashed).
    Closed { waiting_for: String },
    /// The engine closed its input before a line was sent (it exited or crashed): the same
    /// fault as [`EngineError::Closed`], seen from the other pipe when it happens first.
    InputClosed { line: String },
    /// The engine wrote a line that is not text: invalid UTF-8 or control characters.
    Garbage { line: String },
    /// The engine answered `go` with a `bestmove` line that is not exactly two tokens.
    MalformedBestmove { line: String },
    /// The engine could not be started or written to.
    Io(String),
    /// The engine refuses an option: it does not announce it at `ugi`, the value is not one
    /// its announcement allows, or it answered the `setoption` with an error line.
    Refused { setting: String, why: String },
    /// The match is being ended (Ctrl-C or an SPRT stop): the wait was given up.
    Abandoned,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Timeout { waiting_for } => {
                write!(f, "timed out waiting for {waiting_for}")
            }
            EngineError::Closed { waiting_for } => {
                write!(
                    f,
                    "engine closed its output while waiting for {waiting_for}"
                )
            }
            EngineError::InputClosed { line } => {
                write!(f, "engine closed its input before {line:?} was sent")
            }
            EngineError::Garbage { line } => write!(f, "garbage line {line:?}"),
            EngineError::MalformedBestmove { line } => {
                write!(f, "malformed bestmove line {line:?}")
            }
            EngineError::Io(e) => write!(f, "i/o error: {e}"),
            EngineError::Refused { setting, why } => write!(f, "refuses {setting}: {why}"),
            EngineError::Abandoned => write!(f, "abandoned"),
        }
    }
}

/// Splits a line the way cutegames does and returns the second token when the line is exactly
/// `<keyword> <token>`.
pub fn two_token_value<'a>(line: &'a str, keyword: &str) -> Option<&'a str> {
    let parts: Vec<&str> = line.split(' ').collect();
    (parts.len() == 2 && parts[0] == keyword).then_some(parts[1])
}

/// `score/depth` of an `info` line that reports both, for a PGN move comment: the score as the
/// engine wrote it (protocol.md § 3.6: a number, or `win in N`/`loss in N`/`draw in N`, written
/// `+MN`/`-MN`/`=MN`; UCI's `cp X` and `mate N` as pawns and `±MN`).
pub fn eval_of_info(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .map(|i| &words[i + 1..])
    };
    let depth: u32 = after("depth")?.first()?.parse().ok()?;
    let score_words = after("score")?;
    // `win in N`, `loss in N`, `draw in N`, spelt by the protocol's own writer.
    let rest = score_words.join(" ");
    for (result, mark) in [(1, "+M"), (-1, "-M"), (0, "=M")] {
        let written = wire::score_text(0.0, Some((result, 0)));
        if let Some(n) = rest.strip_prefix(written.trim_end_matches('0')) {
            let n: u32 = n.split_whitespace().next()?.parse().ok()?;
            return Some(format!("{mark}{n}/{depth}"));
        }
    }
    let score = match score_words {
        ["cp", x, ..] => format!("{:+.2}", x.parse::<f64>().ok()? / 100.0),
        ["mate", n, ..] => {
            let n: i64 = n.parse().ok()?;
            format!("{}M{}", if n < 0 { '-' } else { '+' }, n.abs())
        }
        [x, ..] if x.parse::<f64>().is_ok_and(f64::is_finite) => x.to_string(),
        _ => return None,
    };
    Some(format!("{score}/{depth}"))
}

/// One option an engine announces at `ugi`: `option name <name> type <type> [default <x>]
/// [min <m>] [max <m>] [var <v>]…` (UCI's grammar, which UGI keeps; a name may have spaces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    pub name: String,
    /// `spin`, `check`, `combo`, `string` or `button`.
    pub kind: String,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<String>,
}

impl OptionDecl {
    /// The declaration of an `option …` line; `None` for any other line.
    pub fn parse(line: &str) -> Option<OptionDecl> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
            return None;
        }
        let keyword = |w: &str| matches!(w, "type" | "default" | "min" | "max" | "var");
        let type_at = words.iter().position(|w| *w == "type")?;
        let mut decl = OptionDecl {
            name: words[2..type_at].join(" "),
            kind: words.get(type_at + 1)?.to_string(),
            min: None,
            max: None,
            vars: Vec::new(),
        };
        let mut i = type_at + 2;
        while i < words.len() {
            let key = words[i];
            let end = (i + 1..words.len())
                .find(|&j| keyword(words[j]))
                .unwrap_or(words.len());
            let value = words[i + 1..end].join(" ");
            match key {
                "min" => decl.min = value.parse().ok(),
                "max" => decl.max = value.parse().ok(),
                "var" => decl.vars.push(value),
                _ => {}
            }
            i = end;
        }
        (!decl.name.is_empty()).then_some(decl)
    }

    /// Why `value` is not one this declaration allows (UCI: names and combo values without
    /// regard to case).
    pub fn refuse(&self, value: &str) -> Option<String> {
        match self.kind.as_str() {
            "spin" => match value.parse::<i64>() {
                Ok(v) if self.min.is_none_or(|m| v >= m) && self.max.is_none_or(|m| v <= m) => None,
                _ => Some(format!(
                    "expected an integer from {} to {} but got '{value}' (its announcement: spin)",
                    self.min.map_or("-inf".into(), |m| m.to_string()),
                    self.max.map_or("inf".into(), |m| m.to_string()),
                )),
            },
            "check" => (!matches!(value, "true" | "false"))
                .then(|| format!("expected true or false but got '{value}' (a check option)")),
            "combo" => (!self.vars.iter().any(|v| v.eq_ignore_ascii_case(value)))
                .then(|| format!("expected one of {} but got '{value}'", self.vars.join(", "))),
            _ => None,
        }
    }
}

/// True for an engine's answer that refuses what it was sent: this protocol's `info string
/// error: …` (protocol.md § 1), or the words other engines use (`No such option: …`).
pub fn is_refusal(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.starts_with("info string error")
        || lower.starts_with("error")
        || lower.starts_with("no such option")
        || lower.starts_with("unknown option")
}

/// One line read from an engine: text, or bytes that are not a text line.
enum Received {
    Text(String),
    Garbage(String),
}

/// Reads `stdout` line by line until it closes; a trailing `\r` is stripped.
fn read_lines(stdout: impl std::io::Read, tx: mpsc::Sender<Received>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        let line = match String::from_utf8(buf.clone()) {
            Ok(s) if !s.chars().any(|c| c.is_control() && c != '\t') => Received::Text(s),
            _ => Received::Garbage(String::from_utf8_lossy(&buf).into_owned()),
        };
        if tx.send(line).is_err() {
            break;
        }
    }
}

/// The process of an engine, as cutechess-cli starts it: `cmd=` is the program, then its own
/// arguments; a `cmd=` that names an existing file is that file even with spaces in its path
/// (`cmd="my engines/x"`), any other is split as a shell splits words, quotes included, with no
/// shell run (`cmd='"my engines/x" --fast'`); each `arg=` follows as one argument. With `dir=`
/// the engine runs in that folder, and a relative program is looked for there first (as
/// cutechess resolves it); `stderr=FILE` appends the engine's standard error to FILE (the
/// arena's standard error otherwise).
pub fn launch(spec: &EngineSpec) -> Result<Command, String> {
    let dir = spec.dir.as_deref().map(Path::new);
    if let Some(d) = dir {
        if !d.is_dir() {
            return Err(format!("dir={}: no such folder", d.display()));
        }
    }
    let resolve = |p: &str| -> Option<PathBuf> {
        let p = Path::new(p);
        let found = match dir {
            Some(d) if p.is_relative() => d.join(p),
            _ => p.to_path_buf(),
        };
        found
            .is_file()
            .then(|| std::path::absolute(&found).unwrap_or(found))
    };
    let (program, mut args) = match resolve(&spec.command) {
        Some(p) => (p, Vec::new()),
        None => {
            let words = shlex::split(&spec.command).ok_or_else(|| {
                format!(
                    "cmd={}: an unclosed quote or a lone backslash",
                    spec.command
                )
            })?;
            let Some((first, rest)) = words.split_first() else {
                return Err(format!("empty command for engine {}", spec.name));
            };
            (
                resolve(first).unwrap_or_else(|| PathBuf::from(first)),
                rest.to_vec(),
            )
        }
    };
    args.extend(spec.args.iter().cloned());
    let mut cmd = Command::new(program);
    cmd.args(args);
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    match &spec.stderr {
        Some(f) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(f)
                .map_err(|e| format!("stderr={f}: {e}"))?;
            cmd.stderr(Stdio::from(file));
        }
        None => {
            cmd.stderr(Stdio::inherit());
        }
    }
    Ok(cmd)
}

/// A running engine.
pub struct Engine {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Received>,
    /// Raised to give up every wait at once.
    abandon: Arc<AtomicBool>,
    /// The options it announced at `ugi`.
    pub options: Vec<OptionDecl>,
}

impl Engine {
    /// Starts an engine as `spec` says ([`launch`]). Every wait gives up within a tenth of a
    /// second once `abandon` is raised.
    pub fn spawn(spec: &EngineSpec, abandon: Arc<AtomicBool>) -> Result<Engine, EngineError> {
        let (name, command) = (&spec.name, &spec.command);
        let mut cmd = launch(spec).map_err(EngineError::Io)?;
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| EngineError::Io(format!("cannot start '{command}': {e}")))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || read_lines(stdout, tx));
        Ok(Engine {
            name: name.to_string(),
            child,
            stdin,
            lines: rx,
            abandon,
            options: Vec::new(),
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        log::debug!("{} > {line}", self.name);
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::BrokenPipe => EngineError::InputClosed {
                    line: line.to_string(),
                },
                _ => EngineError::Io(format!("writing to {}: {e}", self.name)),
            })
    }

    /// Reads lines until `accept` returns `Some`, for at most `timeout`. `accept` may also turn a
    /// line into an error.
    fn wait_for<T>(
        &mut self,
        what: &str,
        timeout: Duration,
        mut accept: impl FnMut(&str) -> Option<Result<T, EngineError>>,
    ) -> Result<T, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            if self.abandon.load(Ordering::Relaxed) {
                return Err(EngineError::Abandoned);
            }
            let now = Instant::now();
            let left = deadline.saturating_duration_since(now);
            match self
                .lines
                .recv_timeout(left.min(Duration::from_millis(100)))
            {
                Ok(Received::Text(line)) => {
                    log::debug!("{} < {line}", self.name);
                    if let Some(value) = accept(&line) {
                        return value;
                    }
                }
                Ok(Received::Garbage(line)) => {
                    log::debug!("{} < (garbage) {line:?}", self.name);
                    return Err(EngineError::Garbage { line });
                }
                Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        waiting_for: what.to_string(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Closed {
                        waiting_for: what.to_string(),
                    })
                }
            }
        }
    }

    /// `ugi` … `ugiok`, keeping the options announced in between.
    pub fn init(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("ugi")?;
        let mut options = Vec::new();
        self.wait_for("ugiok", timeout, |l| {
            options.extend(OptionDecl::parse(l));
            (l == "ugiok").then_some(Ok(()))
        })?;
        self.options = options;
        Ok(())
    }

    /// Sets option `name` to `value`, as `setoption name … value …`, after checking both
    /// against what the engine announced at `ugi`; then `isready`, so that an error line the
    /// engine answers before `readyok` refuses the option in its own words.
    pub fn set_option(
        &mut self,
        name: &str,
        value: &str,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        let setting = format!("option {name}={value}");
        let Some(decl) = self
            .options
            .iter()
            .find(|d| d.name.eq_ignore_ascii_case(name))
        else {
            let known: Vec<&str> = self.options.iter().map(|d| d.name.as_str()).collect();
            return Err(EngineError::Refused {
                setting,
                why: format!(
                    "it announces no option '{name}' at ugi (its options: {})",
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                ),
            });
        };
        if let Some(why) = decl.refuse(value) {
            return Err(EngineError::Refused { setting, why });
        }
        let line = format!("setoption name {} value {value}", decl.name);
        self.send(&line)?;
        self.send("isready")?;
        self.wait_for("readyok", timeout, |l| {
            if l == "readyok" {
                Some(Ok(()))
            } else if is_refusal(l) {
                Some(Err(EngineError::Refused {
                    setting: setting.clone(),
                    why: format!("it answered '{line}' with '{l}'"),
                }))
            } else {
                None
            }
        })
    }

    /// `isready` … `readyok`.
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", timeout, |l| (l == "readyok").then_some(Ok(())))
    }

    /// `query <what>` … `response <word>`.
    pub fn query(&mut self, what: &str, timeout: Duration) -> Result<String, EngineError> {
        self.send(&format!("query {what}"))?;
        self.wait_for(&format!("response to query {what}"), timeout, |l| {
            two_token_value(l, "response").map(|v| Ok(v.to_string()))
        })
    }

    /// `go …` … `bestmove <move>`, with the `score/depth` of the last `info` line before it
    /// that had both ([`eval_of_info`]). A line whose first token is `bestmove` but that is not
    /// exactly two tokens is an error (cutegames would wait for ever).
    pub fn go(
        &mut self,
        go_line: &str,
        timeout: Duration,
    ) -> Result<(String, Option<String>), EngineError> {
        self.send(go_line)?;
        let mut eval = None;
        let mv = self.wait_for("bestmove", timeout, |l| {
            if let Some(mv) = two_token_value(l, "bestmove") {
                Some(Ok(mv.to_string()))
            } else if l.split(' ').next() == Some("bestmove") {
                Some(Err(EngineError::MalformedBestmove {
                    line: l.to_string(),
                }))
            } else {
                if let Some(e) = eval_of_info(l) {
                    eval = Some(e);
                }
                None
            }
        })?;
        Ok((mv, eval))
    }

    /// Sends `quit` and waits briefly for the process to exit; kills it otherwise.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills and reaps it.
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::{eval_of_info, two_token_value};

    #[test]
    fn evals_of_info_lines() {
        let e = |l| eval_of_info(l);
        assert_eq!(
            e("info depth 7 nodes 10 time 3 nps 0 score -0.125 pv a b").as_deref(),
            Some("-0.125/7")
        );
        assert_eq!(e("info depth 3 score win in 5").as_deref(), Some("+M5/3"));
        assert_eq!(e("info depth 3 score loss in 2").as_deref(), Some("-M2/3"));
        assert_eq!(
            e("info depth 4 score draw in 7 pv x").as_deref(),
            Some("=M7/4")
        );
        assert_eq!(e("info depth 12 score cp 34").as_deref(), Some("+0.34/12"));
        assert_eq!(e("info depth 12 score mate -3").as_deref(), Some("-M3/12"));
        assert_eq!(e("info string depth 3 score 1"), None);
        assert_eq!(e("info nodes 5 score 0.1"), None);
        assert_eq!(e("info depth 2 score nan"), None);
    }

    #[test]
    fn two_tokens_exactly_like_cutegames() {
        assert_eq!(two_token_value("bestmove c5-d6", "bestmove"), Some("c5-d6"));
        assert_eq!(two_token_value("bestmove c5-d6 ponder x", "bestmove"), None);
        assert_eq!(two_token_value("bestmove  c5-d6", "bestmove"), None);
        assert_eq!(two_token_value("response true", "response"), Some("true"));
        assert_eq!(
            two_token_value("info string response true", "response"),
            None
        );
    }
}
