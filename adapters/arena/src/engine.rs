//! One engine process spoken to over UGI, every line written and read through the protocol's
//! codec ([`Ugi`] commands out, [`Message`]s in), with the line handling of cutegames:
//! `bestmove`/`response` recognised only as exactly two tokens (the codec's single spaces), a
//! trailing `\r` stripped, other lines ignored. Unlike cutegames, every wait has a time-out (a
//! silent engine never hangs a match), a line that is not text (invalid UTF-8 or control
//! characters) or a `bestmove` line that is not exactly two tokens is a fault of the engine, and
//! a process is never left behind: dropping an [`Engine`] kills its process and reaps it.
//!
//! On Unix an engine runs in a process group of its own, so a Ctrl-C typed at the arena's
//! terminal reaches the arena only: the arena decides what to do with its engines.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use guerrilla::protocol::codec::{
    BestMove, Command as Ugi, GoArgs, InfoReport, Message, OptionDecl, OptionKind, Query, Response,
    Score,
};

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

/// `score/depth` of an `info` report, for a PGN move comment: the score as the engine wrote
/// it (protocol.md § 3.6), a win, loss or draw in N written `+MN`, `-MN`, `=MN`; another
/// engine's UCI score as pawns (`cp 35` as `+0.35`) and its mates as `+MN` (mating) and `-MN`
/// (mated).
pub fn eval_of(report: &InfoReport) -> String {
    let score = match report.score {
        Score::Expected(_) => report.score.to_string(),
        Score::WinIn(n) => format!("+M{n}"),
        Score::LossIn(n) => format!("-M{n}"),
        Score::DrawIn(n) => format!("=M{n}"),
        Score::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) if n > 0 => format!("+M{n}"),
        Score::Mate(n) => format!("-M{}", n.unsigned_abs()),
    };
    format!("{score}/{}", report.depth)
}

/// Why `value` is plainly not one that `decl` allows, or `None` to let the engine judge it:
/// a spin any integer within its bounds (the engine may refuse a spelling such as `08` in its
/// own words), a check `true` or `false`, a combo one of its words without regard to case
/// (UCI), text and buttons anything.
pub fn refuse(decl: &OptionDecl, value: &str) -> Option<String> {
    match &decl.kind {
        OptionKind::Spin { min, max, .. } => match value.parse::<i128>() {
            Ok(v) if (i128::from(*min)..=i128::from(*max)).contains(&v) => None,
            _ => Some(format!(
                "expected an integer from {min} to {max} but got '{value}' (its announcement: spin)"
            )),
        },
        OptionKind::Check { .. } => (!matches!(value, "true" | "false"))
            .then(|| format!("expected true or false but got '{value}' (a check option)")),
        OptionKind::Combo { vars, .. } => (!vars.iter().any(|v| v.eq_ignore_ascii_case(value)))
            .then(|| format!("expected one of {} but got '{value}'", vars.join(", "))),
        OptionKind::Text { .. } | OptionKind::Button => None,
    }
}

/// True for an engine's answer that refuses what it was sent: this protocol's error line
/// (protocol.md § 1), or the words other engines use (`No such option: …`).
pub fn is_refusal(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    matches!(line.parse(), Ok(Message::Error(_)))
        || lower.starts_with("error")
        || lower.starts_with("no such option")
        || lower.starts_with("unknown option")
}

/// An engine's answer to `query`: one of the protocol's words, or a word it lacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Known(Response),
    Unknown(String),
}

impl std::fmt::Display for Answer {
    /// The word, and for a word the protocol lacks, that it is none of the protocol's.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Known(r) => f.write_str(r.word()),
            Answer::Unknown(w) => write!(f, "{w} (not a word of the protocol)"),
        }
    }
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

    /// Sends one command.
    pub fn send(&mut self, cmd: &Ugi) -> Result<(), EngineError> {
        let line = cmd.to_string();
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
        mut accept: impl FnMut(&str, Option<Message>) -> Option<Result<T, EngineError>>,
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
                    let message = line.parse().ok();
                    if let Some(value) = accept(&line, message) {
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
        self.send(&Ugi::Ugi)?;
        let mut options = Vec::new();
        self.wait_for("ugiok", timeout, |_, m| match m {
            Some(Message::Option(decl)) => {
                options.push(decl);
                None
            }
            Some(Message::UgiOk) => Some(Ok(())),
            _ => None,
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
        if let Some(why) = refuse(decl, value) {
            return Err(EngineError::Refused { setting, why });
        }
        let cmd = Ugi::SetOption {
            name: decl.name.clone(),
            value: (decl.kind != OptionKind::Button).then(|| value.to_string()),
        };
        let line = cmd.to_string();
        self.send(&cmd)?;
        self.send(&Ugi::IsReady)?;
        self.wait_for(&Message::ReadyOk.to_string(), timeout, |l, m| {
            if m == Some(Message::ReadyOk) {
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
        self.send(&Ugi::IsReady)?;
        self.wait_for(&Message::ReadyOk.to_string(), timeout, |_, m| {
            (m == Some(Message::ReadyOk)).then_some(Ok(()))
        })
    }

    /// `query <what>` … `response <word>`. A word the protocol lacks is the engine's answer
    /// all the same (as cutegames reads it), with a warning in the log: the referee records it
    /// as an answer that disagrees with the rules.
    pub fn query(&mut self, what: Query, timeout: Duration) -> Result<Answer, EngineError> {
        let cmd = Ugi::Query(what);
        self.send(&cmd)?;
        let name = self.name.clone();
        self.wait_for(&format!("response to {cmd}"), timeout, |l, m| match m {
            Some(Message::Response(r)) => Some(Ok(Answer::Known(r))),
            _ => Response::word_of(l).map(|w| {
                log::warn!("{name} answers '{cmd}' with '{l}', a word the protocol lacks");
                Ok(Answer::Unknown(w.to_string()))
            }),
        })
    }

    /// `go …` … `bestmove <move>`, with the `score/depth` of the last `info` report before it
    /// ([`eval_of`]), this protocol's or UCI's ([`InfoReport::read_any`]). `bestmove none` gives the move `none`, which no game's rules take. A line
    /// that starts with `bestmove` but is not exactly `bestmove <move>` is an error (cutegames
    /// would wait for ever).
    pub fn go(
        &mut self,
        args: GoArgs,
        timeout: Duration,
    ) -> Result<(String, Option<String>), EngineError> {
        self.send(&Ugi::Go(args))?;
        let mut eval = None;
        let mv = self.wait_for(BestMove::WORD, timeout, |l, m| match m {
            Some(Message::BestMove(b)) if b.ponder.is_none() => Some(Ok(b.token().to_string())),
            _ if BestMove::begins(l) => Some(Err(EngineError::MalformedBestmove {
                line: l.to_string(),
            })),
            _ => {
                if let Ok(report) = InfoReport::read_any(l) {
                    eval = Some(eval_of(&report));
                }
                None
            }
        })?;
        Ok((mv, eval))
    }

    /// Sends `quit` and waits briefly for the process to exit; kills it otherwise.
    pub fn quit(mut self) {
        let _ = self.send(&Ugi::Quit);
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
    use super::*;

    #[test]
    fn evals_of_info_reports() {
        let report = |score| InfoReport {
            depth: 7,
            multipv: None,
            nodes: 10,
            time: 3,
            nps: 0,
            score,
            wdl: None,
            visits: None,
            pv: vec!["a".into()],
        };
        assert_eq!(eval_of(&report(Score::Expected(-0.125))), "-0.125/7");
        assert_eq!(eval_of(&report(Score::Expected(0.5))), "0.500/7");
        assert_eq!(eval_of(&report(Score::WinIn(5))), "+M5/7");
        assert_eq!(eval_of(&report(Score::LossIn(2))), "-M2/7");
        assert_eq!(eval_of(&report(Score::DrawIn(7))), "=M7/7");
        assert_eq!(eval_of(&report(Score::Centipawns(34))), "+0.34/7");
        assert_eq!(eval_of(&report(Score::Centipawns(-250))), "-2.50/7");
        assert_eq!(eval_of(&report(Score::Mate(3))), "+M3/7");
        assert_eq!(eval_of(&report(Score::Mate(-3))), "-M3/7");
    }

    #[test]
    fn option_values_plainly_outside_the_announcement_are_refused() {
        let spin = OptionDecl::spin("Seed", 0, 0, 9);
        assert_eq!(refuse(&spin, "08"), None, "the engine judges the spelling");
        assert!(refuse(&spin, "10").unwrap().contains("from 0 to 9"));
        let contempt = OptionDecl::spin("Contempt", 0, -100, 100);
        assert_eq!(refuse(&contempt, "-100"), None);
        assert_eq!(
            refuse(&contempt, "-101").unwrap(),
            "expected an integer from -100 to 100 but got '-101' (its announcement: spin)"
        );
        let check = OptionDecl::check("Ponder", false);
        assert!(refuse(&check, "yes").is_some());
        let combo = OptionDecl::combo("Strength", "uct", &["greedy", "uct"]);
        assert_eq!(refuse(&combo, "GREEDY"), None);
        assert!(refuse(&combo, "best").unwrap().contains("greedy, uct"));
    }

    #[test]
    fn refusals_in_this_protocol_and_in_other_engines_words() {
        let setoption = Ugi::SetOption {
            name: "Seed".into(),
            value: Some("x".into()),
        };
        let error = Message::error("expected an integer", &setoption.to_string());
        assert!(is_refusal(&error.to_string()));
        assert!(is_refusal("No such option: Contempt"));
        assert!(!is_refusal(&Message::ReadyOk.to_string()));
    }
}
