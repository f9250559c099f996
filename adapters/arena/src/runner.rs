//! Runs a match: `concurrency` worker threads take the games of the schedule in order, each
//! worker with its own engine processes (started when first needed, kept across games, and
//! restarted after any fault). The main thread collects the games, prints and records them in
//! schedule order, keeps the progress bar, applies the SPRT along the schedule and handles
//! Ctrl-C: every wait gives up within 0.1 s, running games are abandoned (not scored), engine
//! processes are killed, and the results so far are printed.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use guerrilla::game::prelude::*;
use guerrilla::game::{Outcome, Side};

use crate::engine::{Engine, EngineError};
use crate::files::{Json, Records};
use crate::openings::Opening;
use crate::records::{pgn_date, GameRecord, MatchInfo, Reason};
use crate::referee::{Played, Referee};
use crate::report::{game_line, score_lines, OutputFormat};
use crate::schedule::{in_shard, jobs, Job};
use crate::summary::{sprt_stop, summarize, Summary};

/// How a match is run (none of it changes the games).
pub struct RunOptions<'a> {
    pub concurrency: usize,
    /// The records file, opened and locked before the first game.
    pub records: Option<&'a mut Records>,
    /// The JSON file, written after every game (with `in_progress`) while the match is played.
    pub json: Option<&'a mut Json>,
    /// The games of the match already played (`--resume`): counted, not played again.
    pub resumed: Vec<GameRecord>,
    pub progress: bool,
    /// Every this many games, the score lines on stderr when no progress bar is drawn there
    /// (cutechess's `-ratinginterval`); 0: never.
    pub rating_interval: usize,
    /// The format of the interim score lines.
    pub format: OutputFormat,
}

/// Set by the signal handler.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler of SIGINT (Ctrl-C), SIGTERM (`kill`, `scancel`, a job's time limit)
/// and SIGHUP (a closed terminal), once per process: each ends the match as Ctrl-C does.
pub fn catch_signals() {
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
}

/// Starts engine `i` of the match and sets it up: `ugi`, the game, the shared options then its
/// own, each checked against the options the engine announced and followed by `isready` (an
/// option it refuses is an error, [`EngineError::Refused`]).
fn start_engine<G: Game>(
    info: &MatchInfo,
    i: usize,
    timeout: Duration,
    abandon: &Arc<AtomicBool>,
) -> Result<Engine, EngineError> {
    let spec = &info.engines[i];
    let mut e = Engine::spawn(spec, abandon.clone())?;
    e.init(timeout)?;
    e.set_option("Game", G::NAME, timeout)?;
    for (k, v) in info.options.iter().chain(&spec.options) {
        e.set_option(k, v, timeout)?;
    }
    Ok(e)
}

/// A game lost before its first move because an engine could not be started.
fn no_start(
    info: &MatchInfo,
    job: &Job,
    opening: &str,
    side: Side,
    err: EngineError,
) -> GameRecord {
    let faulty = if side == Side::P1 { job.p1 } else { job.p2 };
    let opening: Opening = opening.parse().expect("a checked opening");
    let tc = |e: usize| {
        let text = info.engines[e].tc.as_deref().unwrap_or(&info.tc);
        text.parse::<crate::limits::Limits>()
            .map_or_else(|_| text.to_string(), |l| l.to_string())
    };
    GameRecord {
        index: job.index,
        pair: job.pair,
        p1: info.engines[job.p1].name.clone(),
        p2: info.engines[job.p2].name.clone(),
        date: pgn_date(),
        opening: opening.start,
        first: Side::P1,
        tc: [tc(job.p1), tc(job.p2)],
        outcome: Outcome::Win(side.opponent()),
        reason: Reason::NoStart,
        detail: format!("{}: {err}", info.engines[faulty].name),
        faulty: Some(side),
        bad_move: None,
        moves: vec![],
        problems: vec![],
        stones: None,
    }
}

/// Starts every engine once and quits it, before the first game: an engine that cannot start
/// (a wrong path, an engine that dies at `ugi`) stops the match with its error, as cutechess
/// does, instead of losing every game by `no-start`.
pub fn check_engines_start<G: Game>(info: &MatchInfo, timeout: Duration) -> Result<(), String> {
    let abandon = Arc::new(AtomicBool::new(false));
    for i in 0..info.engines.len() {
        match start_engine::<G>(info, i, timeout, &abandon) {
            Ok(e) => e.quit(),
            Err(err @ EngineError::Refused { .. }) => {
                return Err(format!("engine {} {err}", info.engines[i].name));
            }
            Err(err) => {
                let e = &info.engines[i];
                return Err(format!(
                    "engine {} ({}) cannot start: {err}",
                    e.name, e.command
                ));
            }
        }
    }
    Ok(())
}

/// One worker: plays jobs until there are none left or the match is ending.
fn worker<G: Game>(
    info: &MatchInfo,
    referee: &Referee<'_, G>,
    todo: &[Job],
    next: &AtomicUsize,
    abandon: &Arc<AtomicBool>,
    tx: mpsc::Sender<(usize, Played)>,
) {
    let mut slots: Vec<Option<Engine>> = (0..info.engines.len()).map(|_| None).collect();
    loop {
        if abandon.load(Ordering::SeqCst) {
            break;
        }
        let k = next.fetch_add(1, Ordering::SeqCst);
        let Some(job) = todo.get(k) else { break };
        let opening = &info.openings[job.round];
        let mut failed = None;
        for (side, e) in [(Side::P1, job.p1), (Side::P2, job.p2)] {
            if slots[e].is_none() {
                match start_engine::<G>(info, e, referee.timeout, abandon) {
                    Ok(engine) => slots[e] = Some(engine),
                    Err(EngineError::Abandoned) => return,
                    Err(err) => {
                        failed = Some((side, err));
                        break;
                    }
                }
            }
        }
        let played = match failed {
            Some((side, err)) => Played::Done(
                Box::new(no_start(info, job, opening, side, err)),
                [false; 2],
            ),
            None => {
                let (a, b) = pick_two(&mut slots, job.p1, job.p2);
                referee.play(job, opening, [a, b])
            }
        };
        if let Played::Done(_, restart) = &played {
            for (r, e) in restart.iter().zip([job.p1, job.p2]) {
                if *r {
                    slots[e] = None; // killed now, started again when next needed
                }
            }
        }
        let abandoned = matches!(played, Played::Abandoned);
        if tx.send((k, played)).is_err() || abandoned {
            break;
        }
    }
    for e in slots.into_iter().flatten() {
        if abandon.load(Ordering::SeqCst) {
            drop(e);
        } else {
            e.quit();
        }
    }
}

/// Two distinct engines of the slots, mutably.
fn pick_two(slots: &mut [Option<Engine>], a: usize, b: usize) -> (&mut Engine, &mut Engine) {
    assert_ne!(a, b, "an engine never plays itself");
    let (lo, hi) = (a.min(b), a.max(b));
    let (left, right) = slots.split_at_mut(hi);
    let (x, y) = (
        left[lo].as_mut().expect("started"),
        right[0].as_mut().expect("started"),
    );
    if a < b {
        (x, y)
    } else {
        (y, x)
    }
}

fn progress_message(s: &Summary) -> String {
    let Some(p) = s.pairings.first() else {
        return String::new();
    };
    let mut msg = format!("{} vs {}: {}", p.first, p.second, p.wld.text());
    if s.pairings.len() == 1 {
        msg.push_str(&format!(" Elo {}", p.elo.with_error(p.elo_error, 1)));
        if let Some(sp) = &s.sprt {
            msg.push_str(&format!(
                " LLR {} ({:.2}, {:.2}) {}",
                crate::stats::fixed(sp.llr, 2),
                sp.lower,
                sp.upper,
                sp.sprt.model.name()
            ));
        }
    }
    msg
}

/// Plays the match (or its shard) and returns its summary; the games are printed on stdout as
/// they complete, in schedule order, and written to the records file.
pub fn run<G: Game>(
    info: &MatchInfo,
    referee: &Referee<'_, G>,
    mut opts: RunOptions,
) -> Result<Summary, String> {
    let mut ordered: Vec<GameRecord> = std::mem::take(&mut opts.resumed);
    ordered.sort_by_key(|g| g.index);
    let done: std::collections::HashSet<usize> = ordered.iter().map(|g| g.index).collect();
    let todo: Vec<Job> = if sprt_stop(info, &ordered).is_some() {
        Vec::new() // the games already played decide the SPRT
    } else {
        jobs(info)
            .into_iter()
            .filter(|j| in_shard(j, info.shard) && !done.contains(&j.index))
            .collect()
    };
    if !ordered.is_empty() {
        eprintln!(
            "resuming: {} games of the match already played, {} to play",
            ordered.len(),
            todo.len()
        );
    }
    use std::io::IsTerminal;
    let bar_shown = opts.progress && std::io::stderr().is_terminal();
    let interval = if bar_shown { 0 } else { opts.rating_interval };
    if let Some(r) = opts.records.as_deref_mut() {
        r.start(info)?;
    }
    let bar = ProgressBar::with_draw_target(
        Some(todo.len() as u64),
        if opts.progress {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} games  {msg}")
            .expect("progress template")
            .progress_chars("=> "),
    );
    let next = AtomicUsize::new(0);
    let abandon = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<(usize, Played)>();
    let write_error: Mutex<Option<String>> = Mutex::new(None);
    let mut waiting: BTreeMap<usize, GameRecord> = BTreeMap::new();
    let mut next_out = 0;
    let mut stopped = false;
    let mut interrupted = false;
    let workers = opts.concurrency.clamp(1, todo.len().max(1));
    thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (todo, next, abandon) = (&todo, &next, &abandon);
            scope.spawn(move || worker::<G>(info, referee, todo, next, abandon, tx));
        }
        drop(tx);
        let mut emit = |g: GameRecord, ordered: &mut Vec<GameRecord>| {
            // After a signal, a game lost by an engine's death is not kept: the signal may
            // have reached the engines too (`scancel` and `kill` of a process group do).
            if INTERRUPTED.load(Ordering::SeqCst) && g.reason == Reason::Crash {
                return;
            }
            let mut text = format!("{}\n", game_line(&g));
            for p in &g.problems {
                text.push_str(&format!("  problem: {p}\n"));
            }
            bar.suspend(|| crate::out(&text));
            let fail = |e: String| {
                write_error.lock().expect("lock").get_or_insert(e);
            };
            if let Some(r) = opts.records.as_deref_mut() {
                if let Err(e) = r.append(info, &g) {
                    fail(e);
                }
            }
            let at = ordered.partition_point(|o| o.index < g.index);
            ordered.insert(at, g);
            let s = summarize(info, ordered, false);
            if let Some(j) = opts.json.as_deref_mut() {
                let running = Summary {
                    in_progress: true,
                    ..s.clone()
                };
                if let Err(e) = j.write(&running) {
                    fail(e);
                }
            }
            if interval > 0 && ordered.len().is_multiple_of(interval) {
                eprint!(
                    "Interim after {} games:\n{}",
                    ordered.len(),
                    score_lines(&s, opts.format)
                );
            }
        };
        loop {
            if INTERRUPTED.load(Ordering::SeqCst) {
                interrupted = true;
                abandon.store(true, Ordering::SeqCst);
                break;
            }
            if write_error.lock().expect("lock").is_some() {
                // A game that cannot be recorded is lost: the match stops at the first.
                abandon.store(true, Ordering::SeqCst);
                break;
            }
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok((k, Played::Done(g, _))) => {
                    bar.inc(1);
                    waiting.insert(k, *g);
                    while let Some(g) = waiting.remove(&next_out) {
                        next_out += 1;
                        emit(g, &mut ordered);
                        if sprt_stop(info, &ordered).is_some() {
                            stopped = true;
                            break;
                        }
                    }
                    bar.set_message(progress_message(&summarize(info, &ordered, false)));
                    if stopped {
                        abandon.store(true, Ordering::SeqCst);
                        break;
                    }
                }
                Ok((_, Played::Abandoned)) => {}
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        // Workers end within a tenth of a second once abandoned; games they finish meanwhile
        // are kept on Ctrl-C (they are whole games) and dropped after an SPRT stop.
        for (k, played) in rx.iter() {
            if let Played::Done(g, _) = played {
                waiting.insert(k, *g);
            }
        }
        if !stopped {
            for (_, g) in std::mem::take(&mut waiting) {
                emit(g, &mut ordered);
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = write_error.into_inner().expect("lock") {
        return Err(e);
    }
    ordered.sort_by_key(|g| g.index);
    Ok(summarize(info, &ordered, interrupted))
}
