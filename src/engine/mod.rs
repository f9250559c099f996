//! The engine facade: the current game's position and history, `go` on a search
//! thread with a stop flag, `stop`, `perft`. It prints nothing: searches report through a
//! callback, everything else through return values; the protocol layer alone writes text.
//!
//! Generic over [`Game`]: one `Engine<G>` per game, created afresh by the protocol for every new
//! game (`uginewgame`, a game switch), so nothing survives from one game into the next.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::game::perft;
use crate::game::{shortest_line, Game, GameEnd, GameError, Outcome, PerftAbort, Side, Word};
use crate::search::{self, Info, Limits, Request, Searchable};

mod finish;
mod record;
mod watchdog;

use watchdog::watchdog;

use record::{Act, Entry};
pub use record::{Applied, History, Played, Stepped, Undone};

/// What a running search reports, on its own thread (`S` is the game's step).
#[derive(Clone, Debug, PartialEq)]
pub enum Report<S> {
    /// Progress, as often as the search likes; its principal variation starts at the position
    /// searched.
    Info(Info<S>),
    /// The search has ended: the canonical token of the turn to play (`None`: no legal turn).
    /// Always the last report of a search, sent exactly once.
    BestMove(Option<String>),
}

/// What a running perft reports, on its own thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftReport {
    /// One root turn's token and its leaf count.
    Divide(String, u64),
    /// The total: always the last report of a perft that ran to the end.
    Done(u64),
    /// Given up before the end (stopped, or a turn too large to enumerate, W7): the last
    /// report.
    GaveUp(PerftAbort),
}

/// Why the engine cannot do what it was asked. The protocol layer words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// Text the game refused: a move, a step, a position string.
    Game(GameError),
    /// The game is over: there is nothing to search.
    GameOver,
    /// A turn is half built, and the command needs the start of a turn.
    MidTurn,
    /// The operating system would not start the worker thread.
    NoThread(String),
    /// `ponderhit` without a `go ponder` search running.
    NotPondering,
}

impl From<GameError> for EngineError {
    fn from(e: GameError) -> Self {
        EngineError::Game(e)
    }
}

/// How many history actions back the next search looks for the root of the kept trees: a
/// turn of each side is two, steps entered one by one a few more.
const KEPT_LOOKBACK: usize = 32;

/// A search running on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set by the search thread just before its `BestMove` report.
    done: Arc<AtomicBool>,
    /// A `go infinite`, or a ponder search before `ponderhit`: it ends only when stopped.
    endless: bool,
    handle: JoinHandle<()>,
}

/// A `go ponder` search before `ponderhit`: the flag the search reads (set while it ponders)
/// and what `ponderhit` needs to start the watchdog of its time limits.
struct Pondering {
    flag: Arc<AtomicBool>,
    /// The `go`'s limits, `started` set to when the `go ponder` came.
    limits: Limits,
    /// The side to move at the root, whose clock the limits read.
    side: Side,
}

/// A search asked of the engine ([`Engine::go`], the protocol's `go`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoRequest {
    /// When the search stops; `started` unset is set to when [`Engine::go`] is called.
    pub limits: Limits,
    /// The whole turns the answer is chosen among (`go searchmoves`; empty: every legal turn).
    /// In the middle of a turn they are whole turns that begin with the steps already taken.
    /// Such a search neither uses nor replaces the kept trees (tree reuse), whose root holds
    /// every turn.
    pub among: Vec<String>,
    /// A ponder search (`go ponder`): no limit applies until [`Engine::ponderhit`].
    pub ponder: bool,
    /// The seed of the search's random streams.
    pub seed: u64,
}

/// The position as last set by `position`: its start and moves, exactly as given, so that the
/// next `position` command that only appends moves plays just the new ones (cutegames sends the
/// whole history every ply).
#[derive(Clone, Debug, PartialEq, Eq)]
struct PositionLine {
    start: Option<String>,
    moves: Vec<String>,
}

/// The facade over one game.
pub struct Engine<G: Game + Searchable> {
    settings: G::Settings,
    pos: G,
    /// The position string the game was set up from (`history`'s `start`).
    start: String,
    history: Vec<Entry<G>>,
    /// The side that played an illegal move inside `position … moves`: it has lost.
    forfeit: Option<Side>,
    line: Option<PositionLine>,
    search: Option<Running>,
    /// The running search is a `go ponder` one, waiting for `ponderhit`.
    pondering: Option<Pondering>,
    /// Strength, threads and memory of the searches (the protocol's options).
    config: search::Config,
    /// The trees of the last search, for the next one (tree reuse): the search thread puts
    /// them here when it ends, the next `go` takes them.
    kept: Arc<Mutex<Option<search::Kept<G>>>>,
}

impl<G: Game + Searchable> Engine<G> {
    /// A new game from the start position of `settings`.
    pub fn new(settings: G::Settings) -> Self {
        let pos = G::new(&settings);
        Engine {
            settings,
            start: pos.to_position_string(),
            pos,
            history: Vec::new(),
            forfeit: None,
            line: Some(PositionLine {
                start: None,
                moves: Vec::new(),
            }),
            search: None,
            pondering: None,
            config: search::Config::default(),
            kept: Arc::new(Mutex::new(None)),
        }
    }

    /// Sets the strength, threads and memory of the next searches.
    pub fn set_config(&mut self, config: search::Config) {
        self.config = config;
    }

    pub fn settings(&self) -> &G::Settings {
        &self.settings
    }

    /// The current position (possibly mid-turn).
    pub fn position(&self) -> &G {
        &self.pos
    }

    /// The result: a loss for the side that played an illegal move in `position … moves`,
    /// otherwise the rules' outcome.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.forfeit {
            Some(side) => Some(Outcome::Win(side.opponent())),
            None => self.pos.outcome(),
        }
    }

    /// How the game ended: lost by an illegal move in `position … moves`, or by the rules (with
    /// the rules' reason and scores); `None` while it goes on.
    pub fn game_end(&self) -> Option<GameEnd> {
        match self.forfeit {
            Some(side) => Some(GameEnd {
                outcome: Outcome::Win(side.opponent()),
                reason: Word::FORFEIT,
                score: None,
            }),
            None => self.pos.game_end(),
        }
    }

    /// The side that lost by an illegal move, if any.
    pub fn forfeit(&self) -> Option<Side> {
        self.forfeit
    }

    /// The canonical texts of the legal next steps, sorted (empty when the game is over).
    pub fn legal_steps(&self) -> Vec<String> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut steps = Vec::new();
        self.pos.legal_steps(&mut steps);
        let mut texts: Vec<String> = steps.into_iter().map(|s| self.pos.format_step(s)).collect();
        texts.sort();
        texts
    }

    /// The canonical tokens of the legal whole turns, sorted, at most `cap` of them, and whether
    /// the list is complete. Mid-turn or game over: empty and complete.
    pub fn legal_turns(&self, cap: usize) -> (Vec<String>, bool) {
        if self.outcome().is_some() || !self.pos.at_turn_start() {
            return (Vec::new(), true);
        }
        let mut turns = Vec::new();
        let complete = self.pos.legal_turns(&mut turns, cap, None) == Ok(true);
        let mut texts: Vec<String> = turns.iter().map(|t| self.pos.format_turn(t)).collect();
        texts.sort();
        (texts, complete)
    }

    /// perft divide on the search thread, so that a deep one never blocks the command loop and
    /// `stop` ends it: one `PerftReport::Divide` per root turn as soon as it is counted (sorted by
    /// token), then `Done(total)`, or `GaveUp` when stopped first or when a turn on the way is
    /// too large to enumerate (W7). Fails mid-turn.
    pub fn perft_async(
        &mut self,
        depth: u32,
        mut report: impl FnMut(PerftReport) + Send + 'static,
    ) -> Result<(), EngineError> {
        self.stop();
        if !self.pos.at_turn_start() {
            return Err(EngineError::MidTurn);
        }
        let root = self.pos.clone();
        // A game lost by an illegal move in `position` is over, as for `legal` and `go`: no
        // turn to count (perft 0 still counts the position itself).
        let over = self.forfeit.is_some() && depth > 0;
        self.spawn(false, move |stop, done| {
            if over {
                done.store(true, Ordering::SeqCst);
                return report(PerftReport::Done(0));
            }
            let finish = |r: PerftReport, report: &mut dyn FnMut(PerftReport)| {
                done.store(true, Ordering::SeqCst);
                report(r)
            };
            let last = match perft::divide(&root, depth, stop, |token, n| {
                report(PerftReport::Divide(token, n))
            }) {
                Ok(total) => PerftReport::Done(total),
                Err(e) => PerftReport::GaveUp(e),
            };
            finish(last, &mut report)
        })
    }

    /// Starts the search `request` asks for, of the current position, on a thread; `report`
    /// receives its progress and, last, exactly one `BestMove`. A search already running is
    /// stopped first. Fails (and starts nothing) when the game is over, or when one of the
    /// request's `among` turns is not a legal turn here. In the middle of a turn the search
    /// finishes the turn from the steps already taken, and the `BestMove` is the whole turn's
    /// token, those steps included (its principal variation starts at the current position, as
    /// always). Time limits are enforced here too: a watchdog sets the stop flag when the budget
    /// of `Limits::time_budget` runs out. With `infinite`, the `BestMove` waits for `stop`.
    ///
    /// A ponder search ([`GoRequest::ponder`]) searches with no limit (as `infinite`; once its
    /// root is proven it waits without iterating) until [`Engine::ponderhit`], or
    /// [`Engine::stop`] ends it (its `BestMove` reported then, as after any search). After
    /// `ponderhit` the same search goes on under the request's limits, measured from now: its
    /// counts and its clock run from the `go ponder`, as UCI has it, so a limit already passed
    /// ends it at once.
    pub fn go(
        &mut self,
        request: GoRequest,
        mut report: impl FnMut(Report<G::Step>) + Send + 'static,
    ) -> Result<(), EngineError> {
        let GoRequest {
            mut limits,
            among: moves,
            ponder,
            seed,
        } = request;
        // The clock starts now: stopping the last search and re-rooting the kept tree count.
        let started = *limits.started.get_or_insert_with(Instant::now);
        self.stop();
        if self.outcome().is_some() {
            return Err(EngineError::GameOver);
        }
        let among = self.root_turns(&moves)?;
        let restricted = !among.is_empty();
        let root = self.pos.clone();
        // The turn's start and its chosen steps so far: the answer is the whole turn.
        let start = self.turn_start().clone();
        let made = self.chosen_this_turn();
        let config = self.config;
        let reuse = if restricted { None } else { self.take_kept() };
        let kept_slot = Arc::clone(&self.kept);
        // Set while the search ponders: no limit applies until `ponderhit` clears it.
        let pondering = ponder.then(|| Arc::new(AtomicBool::new(true)));
        // `infinite` ignores every other limit (until `stop`); a ponder search's watchdog
        // starts at `ponderhit`.
        let endless = limits.infinite || ponder;
        let budget = if endless {
            None
        } else {
            limits.time_budget(root.side_to_move())
        };
        let search_limits = limits.clone();
        let search_flag = pondering.clone();
        self.spawn(endless, move |stop, done| {
            let limits = search_limits;
            let ponder_flag = search_flag.as_deref();
            // A panicking search must still answer: an arena waits for its bestmove.
            let request = Request {
                limits: limits.clone(),
                config,
                seed,
                kept: reuse,
                among,
                pondering: ponder_flag,
                ..Request::new(&root, stop)
            };
            // The turns shown and played are their shortest equivalents.
            let searched = panic::catch_unwind(AssertUnwindSafe(|| {
                let mut answer = request.run(&mut |info: &Info<G::Step>| {
                    report(Report::Info(shortest_info(&root, info)))
                });
                answer.steps = root.shortest_equivalent(&answer.steps);
                answer
            }));
            let mut steps = match searched {
                Ok(answer) => {
                    if let (Ok(mut slot), false) = (kept_slot.lock(), restricted) {
                        *slot = answer.kept;
                    }
                    answer.steps
                }
                Err(_) => {
                    log::error!("the search panicked; playing the first legal steps");
                    Vec::new()
                }
            };
            // Never answer `none` while the game is on: fall back to the first legal steps.
            if steps.is_empty() {
                steps = first_steps(&root);
            }
            // No `bestmove` before `stop` under `infinite`, nor while pondering (a searcher
            // that answers at once, `random` or `greedy`, waits here).
            while (limits.infinite || ponder_flag.is_some_and(|p| p.load(Ordering::SeqCst)))
                && !stop.load(Ordering::SeqCst)
            {
                thread::park_timeout(Duration::from_millis(20));
            }
            let chosen: Vec<G::Step> = made.iter().chain(&steps).copied().collect();
            let token =
                (!steps.is_empty()).then(|| start.format_turn(&start.turn_from_steps(&chosen)));
            done.store(true, Ordering::SeqCst);
            report(Report::BestMove(token));
        })?;
        if let (Some(budget), Some(r)) = (budget, &self.search) {
            watchdog(&r.stop, &r.done, started + budget);
        }
        if let Some(flag) = pondering {
            self.pondering = Some(Pondering {
                flag,
                limits,
                side: self.pos.side_to_move(),
            });
        }
        Ok(())
    }

    /// `ponderhit`: the ponder search goes on as a search under its `go`'s limits (see
    /// [`Engine::go`]); the time limits are enforced from now on by a watchdog too.
    /// Fails when no ponder search runs.
    pub fn ponderhit(&mut self) -> Result<(), EngineError> {
        let p = self.pondering.take().ok_or(EngineError::NotPondering)?;
        let Some(running) = self.search.as_mut() else {
            return Err(EngineError::NotPondering);
        };
        running.endless = p.limits.infinite;
        if !p.limits.infinite {
            if let (Some(budget), Some(started)) = (p.limits.time_budget(p.side), p.limits.started)
            {
                watchdog(&running.stop, &running.done, started + budget);
            }
        }
        p.flag.store(false, Ordering::SeqCst);
        running.handle.thread().unpark();
        Ok(())
    }

    /// The chosen steps that complete each of the whole turns `moves` from the current
    /// position (the whole turn at a turn start; in the middle of a turn, the rest of a turn
    /// that begins with the steps already taken), without repeats.
    fn root_turns(&self, moves: &[String]) -> Result<Vec<Vec<G::Step>>, EngineError> {
        let mut among: Vec<Vec<G::Step>> = Vec::new();
        for m in moves {
            let steps = if self.pos.at_turn_start() {
                let turn = self.pos.parse_turn(m)?;
                self.pos.turn_steps(&turn)
            } else {
                self.continuation(m)?.1
            };
            if !among.contains(&steps) {
                among.push(steps);
            }
        }
        Ok(among)
    }

    /// A copy of the trees kept from the last search for the next one (tree reuse), `None`
    /// when there are none: with [`Engine::keep`], what a benchmark needs to time the next
    /// `go` after a search grown big, many times, without growing one each time.
    pub fn kept_copy(&self) -> Option<search::Kept<G>> {
        self.kept.lock().ok()?.as_ref().map(search::Kept::copy)
    }

    /// Makes `kept` the trees the next `go` starts from when the moves since its root allow
    /// (as if the last search had grown them). Returns the trees kept before, for the caller
    /// to free where it chooses: a benchmark frees them before its clock starts, so that no
    /// freeing but the engine's own runs beside the search it times.
    pub fn keep(&mut self, kept: search::Kept<G>) -> Option<search::Kept<G>> {
        self.stop();
        self.kept.lock().ok()?.replace(kept)
    }

    /// The trees of the last search and the chosen steps played since from their root to the
    /// current position, when the history shows them (the last [`KEPT_LOOKBACK`] actions);
    /// the kept trees are given up either way (freed off the command loop).
    fn take_kept(&mut self) -> Option<(search::Kept<G>, Vec<G::Step>)> {
        let kept = self.kept.lock().ok()?.take()?;
        match self.steps_from(kept.root()) {
            Some(steps) => Some((kept, steps)),
            None => {
                kept.discard();
                None
            }
        }
    }

    /// The chosen steps played from `root` to the current position, when the last
    /// [`KEPT_LOOKBACK`] actions of the history show them.
    fn steps_from(&self, root: &G) -> Option<Vec<G::Step>> {
        let kept_root = root;
        let same = |p: &G| {
            p.hash() == kept_root.hash() && p.to_position_string() == kept_root.to_position_string()
        };
        let from = if same(&self.pos) {
            self.history.len()
        } else {
            let lookback = self.history.len().saturating_sub(KEPT_LOOKBACK);
            (lookback..self.history.len())
                .rev()
                .find(|&i| same(&self.history[i].before))?
        };
        let mut steps = Vec::new();
        for e in &self.history[from..] {
            match &e.act {
                Act::Step { step, .. } => steps.push(*step),
                Act::Turn(turn) => steps.extend(e.before.turn_steps(turn)),
            }
        }
        Some(steps)
    }

    /// Runs `job(stop, done)` on a new worker thread (at most one at a time). The job sets
    /// `done` just before its last report.
    fn spawn(
        &mut self,
        endless: bool,
        job: impl FnOnce(&Arc<AtomicBool>, &AtomicBool) + Send + 'static,
    ) -> Result<(), EngineError> {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (stop_t, done_t) = (Arc::clone(&stop), Arc::clone(&done));
        let handle = thread::Builder::new()
            .name("search".into())
            .spawn(move || job(&stop_t, &done_t))
            .map_err(|e| EngineError::NoThread(e.to_string()))?;
        self.search = Some(Running {
            stop,
            done,
            endless,
            handle,
        });
        Ok(())
    }

    /// True while a search runs and has not reached its `BestMove` report.
    pub fn is_searching(&mut self) -> bool {
        match &self.search {
            Some(r) if r.done.load(Ordering::SeqCst) => {
                self.wait();
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    /// True while a `go infinite` runs (it ends only when stopped).
    pub fn is_endless(&self) -> bool {
        self.search.as_ref().is_some_and(|r| r.endless)
    }

    /// Stops a running search and waits until it has sent its `BestMove`. No-op when idle.
    pub fn stop(&mut self) {
        self.pondering = None;
        if let Some(r) = &self.search {
            r.stop.store(true, Ordering::SeqCst);
            r.handle.thread().unpark();
        }
        self.wait();
    }

    /// Waits for a running search to end by itself (its `BestMove` sent). No-op when idle.
    pub fn wait(&mut self) {
        if let Some(r) = self.search.take() {
            if r.handle.join().is_err() {
                log::error!("the search thread panicked");
            }
        }
    }
}

/// `info` with the turns of its lines, and the turn the search is on, written by their
/// shortest equivalents
/// ([`Turns::shortest_equivalent`](crate::game::Turns::shortest_equivalent)), as the turn played is.
fn shortest_info<G: Game>(root: &G, info: &Info<G::Step>) -> Info<G::Step> {
    let mut info = info.clone();
    for line in &mut info.lines {
        line.pv = shortest_line(root, &line.pv);
    }
    if let Some(current) = info.current.as_mut() {
        current.steps = root.shortest_equivalent(&current.steps);
    }
    info
}

/// The first legal step, again and again, until the turn begun at `pos` ends: a legal rest of
/// the turn (empty when the game is over).
fn first_steps<G: Game>(pos: &G) -> Vec<G::Step> {
    let mut pos = pos.clone();
    let mut steps = Vec::new();
    let mut legal = Vec::new();
    while pos.outcome().is_none() && (steps.is_empty() || !pos.at_turn_start()) {
        legal.clear();
        pos.legal_steps(&mut legal);
        let Some(&s) = legal.first() else { break };
        pos.apply(s, None);
        steps.push(s);
    }
    steps
}

impl<G: Game + Searchable> Drop for Engine<G> {
    /// Stops the search; the kept tree is freed off the command loop (a new game, a change
    /// of game and `quit` answer at once).
    fn drop(&mut self) {
        self.stop();
        if let Some(kept) = self.kept.lock().ok().and_then(|mut k| k.take()) {
            kept.discard();
        }
    }
}
