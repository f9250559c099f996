//! One engine child process: how it is started, its stdin, and a thread reading its stdout.
//!
//! The engine is started from an [`EngineCommand`]: either a `guerrilla` binary, or this very
//! executable with the hidden `--engine-child` flag, which runs the engine library's protocol
//! loop (`guerrilla::protocol::run_stdio`); either with the arguments `--engine-arg` gives. Every line the engine writes, and its exit, are sent
//! to the owning session's channel tagged with the process's generation number, so the session
//! can tell the lines of a dead engine from those of its replacement.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Sender;

/// `setoption name <name> value <value>`, as every part of the server sends it.
pub fn setoption(name: &str, value: impl ToString) -> guerrilla::protocol::codec::Command {
    guerrilla::protocol::codec::Command::SetOption {
        name: name.to_string(),
        value: Some(value.to_string()),
    }
}

/// The hidden flag that makes this executable run the engine's protocol loop on stdin/stdout.
pub const CHILD_FLAG: &str = "--engine-child";

/// How an engine process is started: a program and its arguments.
#[derive(Clone, Debug)]
pub struct EngineCommand {
    program: PathBuf,
    /// [`CHILD_FLAG`] first for the engine built into this executable, then the arguments
    /// given with `--engine-arg`.
    args: Vec<String>,
}

impl EngineCommand {
    /// The engine to use: `explicit` when given, else the `guerrilla` binary beside this
    /// executable, else this executable's own copy of the engine library; `args` are passed
    /// to it.
    pub fn locate(explicit: Option<PathBuf>, args: Vec<String>) -> Result<EngineCommand, String> {
        if let Some(path) = explicit {
            if !path.is_file() {
                return Err(format!(
                    "the engine '{}' given with --engine is not a file",
                    path.display()
                ));
            }
            return Ok(EngineCommand {
                program: path,
                args,
            });
        }
        let me = std::env::current_exe()
            .map_err(|e| format!("cannot find this program's own path: {e}"))?;
        let beside = me.with_file_name(format!("guerrilla{}", std::env::consts::EXE_SUFFIX));
        if beside.is_file() {
            Ok(EngineCommand {
                program: beside,
                args,
            })
        } else {
            let mut all = vec![CHILD_FLAG.to_string()];
            all.extend(args);
            Ok(EngineCommand {
                program: me,
                args: all,
            })
        }
    }

    /// The command line, for logs and the page.
    pub fn describe(&self) -> String {
        std::iter::once(self.program.display().to_string())
            .chain(self.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn command(&self) -> Command {
        let mut c = Command::new(&self.program);
        c.args(&self.args);
        c
    }
}

/// What an engine's reader thread reports to its session.
#[derive(Debug)]
pub enum EngineEvent {
    /// One line of the engine's stdout (without the line end).
    Line(u64, String),
    /// The engine's stdout closed: the process ended (or is ending).
    Exited(u64),
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    /// Increases with every process a session starts.
    pub generation: u64,
}

impl EngineProcess {
    /// Starts the engine; its lines go to `events`, wrapped by `wrap`.
    pub fn spawn<M: Send + 'static>(
        cmd: &EngineCommand,
        generation: u64,
        events: Sender<M>,
        wrap: fn(EngineEvent) -> M,
    ) -> Result<EngineProcess, String> {
        let mut child = cmd
            .command()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start the engine {}: {e}", cmd.describe()))?;
        let stdin = child.stdin.take().ok_or("the engine has no stdin")?;
        let stdout = child.stdout.take().ok_or("the engine has no stdout")?;
        std::thread::Builder::new()
            .name(format!("engine-reader-{generation}"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut line = String::new();
                loop {
                    line.clear();
                    match reader.read_line(&mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let text = line.trim_end_matches(['\r', '\n']).to_string();
                            log::trace!("engine {generation} > {text}");
                            if events
                                .send(wrap(EngineEvent::Line(generation, text)))
                                .is_err()
                            {
                                return;
                            }
                        }
                    }
                }
                let _ = events.send(wrap(EngineEvent::Exited(generation)));
            })
            .map_err(|e| format!("cannot start the engine reader thread: {e}"))?;
        Ok(EngineProcess {
            child,
            stdin,
            generation,
        })
    }

    /// The process id (shown on the page, so a test can end the engine).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Writes one command line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        log::debug!("engine {} < {line}", self.generation);
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("cannot write to the engine: {e}"))
    }

    /// The exit status, when the process has ended.
    pub fn exit_status(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// Asks the engine to quit, then kills it if it has not ended within a moment.
    pub fn shutdown(mut self) {
        let _ = self.send("quit");
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
