//! One engine process spoken to over UGI, with the line handling of cutegames: lines split on
//! single spaces, `bestmove`/`response` recognised only as exactly two tokens, a trailing `\r`
//! stripped, every other line ignored. Unlike cutegames, every wait has a time-out, so a match
//! never hangs on a silent engine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Why talking to an engine failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The engine did not answer within the time allowed.
    Timeout { waiting_for: String },
    /// The engine closed its output (it exited or crashed).
    Closed { waiting_for: String },
    /// The engine could not be started or written to.
    Io(String),
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
            EngineError::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

/// Splits a line the way cutegames does and returns the second token when the line is exactly
/// `<keyword> <token>`.
pub fn two_token_value<'a>(line: &'a str, keyword: &str) -> Option<&'a str> {
    let parts: Vec<&str> = line.split(' ').collect();
    (parts.len() == 2 && parts[0] == keyword).then_some(parts[1])
}

/// A running engine.
pub struct Engine {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line sent (`>`) and received (`<`), when transcripts are kept.
    pub transcript: Option<Vec<String>>,
}

impl Engine {
    /// Starts `command` (a program and its arguments, split on whitespace; no shell).
    pub fn spawn(name: &str, command: &str, keep_transcript: bool) -> Result<Engine, EngineError> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| EngineError::Io(format!("empty command for engine {name}")))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| EngineError::Io(format!("cannot start '{command}': {e}")))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(mut line) = line else { break };
                if line.ends_with('\r') {
                    line.pop();
                }
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            name: name.to_string(),
            child,
            stdin,
            lines: rx,
            transcript: keep_transcript.then(Vec::new),
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        log::debug!("{} > {line}", self.name);
        if let Some(t) = &mut self.transcript {
            t.push(format!("> {line}"));
        }
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| EngineError::Io(format!("writing to {}: {e}", self.name)))
    }

    /// Reads lines until `accept` returns `Some`, for at most `timeout`.
    pub fn wait_for<T>(
        &mut self,
        what: &str,
        timeout: Duration,
        mut accept: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    log::debug!("{} < {line}", self.name);
                    if let Some(t) = &mut self.transcript {
                        t.push(format!("< {line}"));
                    }
                    if let Some(value) = accept(&line) {
                        return Ok(value);
                    }
                }
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

    /// `ugi` … `ugiok`.
    pub fn init(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("ugi")?;
        self.wait_for("ugiok", timeout, |l| (l == "ugiok").then_some(()))
    }

    /// `isready` … `readyok`.
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", timeout, |l| (l == "readyok").then_some(()))
    }

    /// `query <what>` … `response <word>`.
    pub fn query(&mut self, what: &str, timeout: Duration) -> Result<String, EngineError> {
        self.send(&format!("query {what}"))?;
        self.wait_for(&format!("response to query {what}"), timeout, |l| {
            two_token_value(l, "response").map(str::to_string)
        })
    }

    /// `go …` … `bestmove <move>`.
    pub fn go(&mut self, go_line: &str, timeout: Duration) -> Result<String, EngineError> {
        self.send(go_line)?;
        self.wait_for("bestmove", timeout, |l| {
            two_token_value(l, "bestmove").map(str::to_string)
        })
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
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::two_token_value;

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
