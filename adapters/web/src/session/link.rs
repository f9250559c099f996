//! The engine link: one engine process at a time, the session's inbox, requests and their
//! answers, and the search under way. It knows nothing of the game: the session says what to
//! send, and it answers with the engine's lines.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use guerrilla::protocol::codec::{Command, GoArgs, Message};

use super::Msg;
use crate::answers::{read_info, SearchInfo};
use crate::catalogue::STRENGTH_OPTION;
pub use crate::engine::setoption;
use crate::engine::{EngineCommand, EngineEvent, EngineProcess};

/// How long a request (commands and their `isready`) may wait for the engine's `readyok`, and a
/// `stop` for its `bestmove`.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);

fn wrap(e: EngineEvent) -> Msg {
    Msg::Engine(e)
}

/// An `info` line of a search (not an `info string` message).
fn is_progress(line: &str) -> bool {
    matches!(line.parse(), Ok(Message::Info(_) | Message::CurrMove(_)))
}

/// An `info string` line: a note of the engine's, or an error line (protocol.md § 1).
pub fn is_note(line: &str) -> bool {
    matches!(line.parse(), Ok(Message::InfoString(_) | Message::Error(_)))
}

/// An error line (protocol.md § 1).
pub fn is_error(line: &str) -> bool {
    matches!(line.parse(), Ok(Message::Error(_)))
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine plays its side's turn: its `bestmove` is played (side index).
    Play(usize),
    /// The engine thinks on the position after this many turns and plays nothing.
    Analysis(usize),
    /// The engine suggests a turn for the human to move: its `bestmove` is shown, not played.
    Hint,
    /// A game review's search of the position after this many turns: its last report is kept.
    Review(usize),
}

/// A search under way.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    pub purpose: Purpose,
    /// The side whose turn is searched (its scores are that side's).
    pub side: usize,
    /// Stopped by the session: its `bestmove` is not used.
    pub discarded: bool,
}

/// A search that ended: what it was for and its `bestmove`'s turn (`none` when it had none).
pub struct Ended {
    pub search: Search,
    pub best: String,
}

/// The engine process and what goes to and comes from it.
pub struct Link {
    cmd: EngineCommand,
    rx: Receiver<Msg>,
    tx: Sender<Msg>,
    process: Option<EngineProcess>,
    generation: u64,
    /// Engines started after the first.
    pub restarts: u32,
    /// Messages that came while a request waited, handled next.
    pending: VecDeque<Msg>,
    pub search: Option<Search>,
    /// The last progress report of the current (or last) search (its best line).
    pub info: Option<SearchInfo>,
    /// The lines of the report being read (MultiPV: `multipv` 1, 2, … in order).
    lines: Vec<SearchInfo>,
    /// The lines of the report before it, shown beyond the lines read so far.
    last_lines: Vec<SearchInfo>,
    /// The engine's MultiPV setting as last sent (1, the engine's default, after a start).
    multipv: usize,
    /// The engine's `Strength` as last sent (`None` after a start: not sent yet).
    strength: Option<String>,
    /// The last search's side and purpose, kept with `info` after it ends.
    pub info_of: Option<Search>,
    /// A search that ended while a request waited, for the session to handle next.
    pub finished: Option<Ended>,
}

impl Link {
    pub fn new(cmd: EngineCommand, tx: Sender<Msg>, rx: Receiver<Msg>) -> Link {
        Link {
            cmd,
            rx,
            tx,
            process: None,
            generation: 0,
            restarts: 0,
            pending: VecDeque::new(),
            search: None,
            info: None,
            lines: Vec::new(),
            last_lines: Vec::new(),
            multipv: 1,
            strength: None,
            info_of: None,
            finished: None,
        }
    }

    /// A link of its own to another engine process started the same way (not started yet).
    pub fn spare(&self) -> Link {
        let (tx, rx) = std::sync::mpsc::channel();
        Link::new(self.cmd.clone(), tx, rx)
    }

    /// The next message: one kept while a request waited, else the next that comes; `None`
    /// when every sender is gone.
    pub fn next(&mut self) -> Option<Msg> {
        self.pending.pop_front().or_else(|| self.rx.recv().ok())
    }

    /// Whether an engine event comes from the current process.
    pub fn current(&self, generation: u64) -> bool {
        generation == self.generation
    }

    pub fn running(&self) -> bool {
        self.process.is_some()
    }

    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(EngineProcess::pid)
    }

    pub fn command(&self) -> String {
        self.cmd.describe()
    }

    /// Starts a new engine process (ending the old one); the search, if any, is forgotten.
    pub fn start(&mut self) -> Result<(), String> {
        self.stop_process();
        self.generation += 1;
        let p = EngineProcess::spawn(&self.cmd, self.generation, self.tx.clone(), wrap)?;
        log::info!("engine pid {} ({})", p.pid(), self.cmd.describe());
        self.process = Some(p);
        self.search = None;
        self.finished = None;
        self.multipv = 1;
        self.strength = None;
        // Every report carries win, draw and loss per mille (protocol.md § 3.6).
        self.send(&setoption("ShowWDL", true))
    }

    /// Sets the number of lines the next search reports (sent only when it changes; never
    /// while a search runs).
    fn set_multipv(&mut self, n: usize) -> Result<(), String> {
        if n != self.multipv {
            self.send(&setoption("MultiPV", n))?;
            self.multipv = n;
        }
        Ok(())
    }

    /// Sets the engine's level for the next search (sent only when it changes; never while a
    /// search runs; `None`: the engine announced no level, and none is sent).
    fn set_strength(&mut self, strength: Option<&str>) -> Result<(), String> {
        let Some(strength) = strength else {
            return Ok(());
        };
        if self.strength.as_deref() != Some(strength) {
            self.send(&setoption(STRENGTH_OPTION, strength))?;
            self.strength = Some(strength.to_string());
        }
        Ok(())
    }

    /// The lines of the latest report, best first: those read of the report under way, then
    /// the rest of the report before it (so that a report read line by line never shrinks the
    /// list for a moment).
    pub fn report_lines(&self) -> Vec<SearchInfo> {
        let mut out = self.lines.clone();
        out.extend(self.last_lines.iter().skip(self.lines.len()).cloned());
        out
    }

    /// Ends the engine process; returns its exit status when it had ended already.
    pub fn stop_process(&mut self) -> Option<String> {
        let mut p = self.process.take()?;
        let status = p.exit_status();
        p.shutdown();
        self.search = None;
        status
    }

    /// Sends one command.
    pub fn send(&mut self, cmd: &Command) -> Result<(), String> {
        self.process
            .as_mut()
            .ok_or("no engine is running")?
            .send(&cmd.to_string())
    }

    /// Sends `cmds` then `isready`, and returns the lines answered before `readyok` (search
    /// output that comes meanwhile is taken as it comes). Page actions arriving meanwhile are
    /// kept for later.
    pub fn request(&mut self, cmds: &[Command]) -> Result<Vec<String>, String> {
        for c in cmds {
            self.send(c)?;
        }
        self.send(&Command::IsReady)?;
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        let mut lines = Vec::new();
        loop {
            match self.recv_until(deadline)? {
                line if matches!(line.parse(), Ok(Message::ReadyOk)) => return Ok(lines),
                line if self.search.is_some() && self.take_search_line(&line) => {}
                line => lines.push(line),
            }
        }
    }

    /// The next line of the current engine before `deadline`, keeping other messages.
    fn recv_until(&mut self, deadline: Instant) -> Result<String, String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(Msg::Engine(EngineEvent::Line(g, line))) if g == self.generation => {
                    return Ok(line)
                }
                Ok(Msg::Engine(EngineEvent::Exited(g))) if g == self.generation => {
                    return Err("the engine exited".into());
                }
                Ok(Msg::Engine(_)) => {}
                Ok(other) => self.pending.push_back(other),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "the engine did not answer within {} s",
                        ANSWER_TIMEOUT.as_secs()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => return Err("the session is closing".into()),
            }
        }
    }

    /// A search's progress line is kept as its latest report (true); any other line is not
    /// the search's (false). A `bestmove` met inside a request ends the search: it is kept in
    /// `finished` for the session to handle after the request.
    fn take_search_line(&mut self, line: &str) -> bool {
        if let Some(info) = read_info(line) {
            // A line without `multipv` is a report's only line.
            let k = info.multipv.unwrap_or(1).max(1) as usize;
            if k == 1 {
                self.last_lines = std::mem::take(&mut self.lines);
                self.info = Some(info.clone());
                self.info_of = self.search;
            }
            if k == self.lines.len() + 1 {
                self.lines.push(info);
            }
            return true;
        }
        // A search's other progress (`info currmove …`, protocol.md § 3.6) is not shown.
        if is_progress(line) {
            return true;
        }
        if let Ok(Some(ended)) = self.on_line(line) {
            self.finished = Some(ended);
            return true;
        }
        false
    }

    /// Starts a search with `go` and these arguments at the engine's level `strength` that
    /// reports `lines` lines (MultiPV).
    pub fn start_search(
        &mut self,
        go: GoArgs,
        purpose: Purpose,
        side: usize,
        lines: usize,
        strength: Option<&str>,
    ) -> Result<(), String> {
        self.set_multipv(lines)?;
        self.set_strength(strength)?;
        self.send(&Command::Go(go))?;
        let search = Search {
            purpose,
            side,
            discarded: false,
        };
        self.search = Some(search);
        self.forget_reports();
        self.info_of = Some(search);
        Ok(())
    }

    /// Forgets the reports of the last search (they were of a position that is gone).
    pub fn forget_reports(&mut self) {
        self.info = None;
        self.lines.clear();
        self.last_lines.clear();
    }

    /// Forgets the last search and its reports.
    pub fn forget_search(&mut self) {
        self.forget_reports();
        self.info_of = None;
    }

    /// A line from the engine outside a request: a search's progress (kept, `None`), its end
    /// (`Some(Ended)`), or another line (returned for the session to report).
    pub fn on_line(&mut self, line: &str) -> Result<Option<Ended>, String> {
        if let Ok(Message::BestMove(best)) = line.parse() {
            let Some(search) = self.search.take() else {
                return Ok(None);
            };
            let best = best.token().to_string();
            return Ok(Some(Ended { search, best }));
        }
        if self.search.is_some() && is_progress(line) {
            self.take_search_line(line);
            return Ok(None);
        }
        Err(line.to_string())
    }

    /// Stops the search under way and waits for its `bestmove`; the search that ended (now or
    /// during a request) is returned marked as discarded, with the lines that came meanwhile
    /// and are not the search's, for the session to report.
    pub fn stop_search(&mut self) -> Result<(Option<Ended>, Vec<String>), String> {
        let Some(s) = self.search.as_mut() else {
            let mut ended = self.finished.take();
            if let Some(e) = ended.as_mut() {
                e.search.discarded = true;
            }
            return Ok((ended, Vec::new()));
        };
        s.discarded = true;
        // `isready` is answered at once, beside the search; `stop` returns after `bestmove`.
        self.send(&Command::Stop)?;
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        let mut other = Vec::new();
        loop {
            let line = self
                .recv_until(deadline)
                .map_err(|e| format!("{e} (stopping its search)"))?;
            match self.on_line(&line) {
                Ok(Some(mut ended)) => {
                    ended.search.discarded = true;
                    return Ok((Some(ended), other));
                }
                Ok(None) => {}
                Err(l) => other.push(l),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use guerrilla::protocol::codec::{BestMove, CurrMove, InfoReport, Score};

    fn searching() -> Link {
        let (tx, rx) = std::sync::mpsc::channel();
        let mut link = Link::new(EngineCommand::locate(None, vec![]).unwrap(), tx, rx);
        link.search = Some(Search {
            purpose: Purpose::Analysis(0),
            side: 0,
            discarded: false,
        });
        link
    }

    fn report(link: &mut Link, depth: u32, k: u32, turn: &str) {
        let line = Message::Info(InfoReport {
            depth,
            multipv: Some(k),
            nodes: 9,
            time: 1,
            nps: 9,
            score: Score::Expected(0.1),
            wdl: Some([550, 0, 450]),
            visits: None,
            pv: vec![turn.into(), "x".into()],
        });
        assert!(matches!(link.on_line(&line.to_string()), Ok(None)));
    }

    fn firsts(link: &Link) -> Vec<String> {
        link.report_lines()
            .iter()
            .map(|l| l.pv[0].clone())
            .collect()
    }

    #[test]
    fn a_report_read_line_by_line_never_shrinks_and_drops_lines_it_no_longer_gives() {
        let mut link = searching();
        for (k, turn) in [(1, "A"), (2, "B"), (3, "C")] {
            report(&mut link, 1, k, turn);
        }
        assert_eq!(firsts(&link), ["A", "B", "C"]);
        report(&mut link, 2, 1, "D");
        assert_eq!(firsts(&link), ["D", "B", "C"]);
        assert_eq!(link.info.as_ref().unwrap().pv[0], "D", "line 1 is the best");
        report(&mut link, 2, 2, "E");
        // a report of two lines: the third line of the report before goes with the next report
        report(&mut link, 3, 1, "F");
        assert_eq!(firsts(&link), ["F", "E"]);
        assert_eq!(link.report_lines()[0].wdl, Some([550, 0, 450]));
        // other progress is the search's too, and shows nowhere
        let currmove = Message::CurrMove(CurrMove {
            turn: "A".into(),
            number: 1,
        });
        assert!(matches!(link.on_line(&currmove.to_string()), Ok(None)));
        let bestmove = Message::BestMove(BestMove::turn("F"));
        let ended = link.on_line(&bestmove.to_string()).unwrap().unwrap();
        assert_eq!(ended.best, "F");
    }
}
