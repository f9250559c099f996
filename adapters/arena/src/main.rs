//! `guerrilla-arena`: plays matches between two UGI engines exactly as cutegames drives them
//! (see `protocol.md` § 5), with the guerrilla rules library as referee.
//!
//! Per game: `isready` + `uginewgame` to both; every ply `position …` and `query p1turn` to the
//! first engine, then `isready`, `position …`, `query gameover` and `go …` to the side to move;
//! at the end `position …`, `query gameover`, `position …`, `query result` to both. What the
//! referee adds: every `bestmove` is checked against the rules (an illegal one loses), the
//! engines' `query` answers are compared with the rules, and every wait has a time-out.

mod engine;

use std::fs;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;

use guerrilla::game::{Game, Outcome, Side};
use guerrilla::protocol::options;
use guerrilla::protocol::session::settings_for;
use guerrilla::{with_game, GameKind};

use engine::{Engine, EngineError};

#[derive(Parser, Debug)]
#[command(name = "guerrilla-arena", version, about)]
struct Args {
    /// Command line of the first engine (program and arguments; no shell).
    #[arg(long)]
    engine1: String,
    /// Command line of the second engine.
    #[arg(long)]
    engine2: String,
    #[arg(long, default_value = "engine1")]
    name1: String,
    #[arg(long, default_value = "engine2")]
    name2: String,
    /// guerrilla-checkers or guerrilla (sent as `setoption name Game value …`).
    #[arg(long, default_value = "guerrilla-checkers")]
    game: GameKind,
    /// Number of games; colours alternate every game.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Time control: nodes=N, movetime=MS, depth=N or clock=MS+INC.
    #[arg(long, default_value = "nodes=1000")]
    tc: String,
    /// Openings file: one `startpos` or position string a line; `#` lines are comments. Each
    /// opening is played twice, colours swapped.
    #[arg(long)]
    openings: Option<String>,
    /// Extra engine option `Name=Value`, sent to both engines (repeatable). The referee applies
    /// the game's options (`BoardSide`, `TurnLimit`) as the engine does.
    #[arg(long = "option")]
    options: Vec<String>,
    /// Option `Name=Value` sent to the first engine only, after the shared ones (repeatable),
    /// e.g. `Seed=1`: two copies of one engine with one seed play the same games.
    #[arg(long = "option1")]
    options1: Vec<String>,
    /// Option `Name=Value` sent to the second engine only (repeatable).
    #[arg(long = "option2")]
    options2: Vec<String>,
    /// Seconds to wait for any answer other than a bestmove.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Extra seconds a `go` may take beyond its time control (nodes/depth: the whole wait).
    #[arg(long, default_value_t = 30.0)]
    go_margin: f64,
    /// Safety cap on plies per game; a game reaching it is adjudicated a draw and reported.
    #[arg(long, default_value_t = 5000)]
    max_plies: u32,
    /// Print every line exchanged to stderr.
    #[arg(long)]
    verbose: bool,
}

/// A time control, as cutegames' settings know them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TimeControl {
    Nodes(u64),
    Movetime(u64),
    Depth(u32),
    Clock { time: u64, inc: u64 },
}

impl std::str::FromStr for TimeControl {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("expected nodes=N, movetime=MS, depth=N or clock=MS+INC but got '{s}'");
        let (kind, value) = s.split_once('=').ok_or_else(bad)?;
        match kind {
            "nodes" => value.parse().map(TimeControl::Nodes).map_err(|_| bad()),
            "movetime" => value.parse().map(TimeControl::Movetime).map_err(|_| bad()),
            "depth" => value.parse().map(TimeControl::Depth).map_err(|_| bad()),
            "clock" => {
                let (t, i) = value.split_once('+').unwrap_or((value, "0"));
                Ok(TimeControl::Clock {
                    time: t.parse().map_err(|_| bad())?,
                    inc: i.parse().map_err(|_| bad())?,
                })
            }
            _ => Err(bad()),
        }
    }
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameRecord {
    /// Index (0 or 1) of the engine that played p1.
    p1_engine: usize,
    outcome: Outcome,
    reason: String,
    plies: usize,
    /// Disagreements between the engines' answers and the rules, for the report.
    problems: Vec<String>,
}

struct Match<'a> {
    args: &'a Args,
    tc: TimeControl,
    engines: [Engine; 2],
}

fn position_line(start: &str, moves: &[String]) -> String {
    let mut line = if start == "startpos" {
        "position startpos".to_string()
    } else {
        format!("position fen {start}")
    };
    if !moves.is_empty() {
        line.push_str(" moves");
        for m in moves {
            line.push(' ');
            line.push_str(m);
        }
    }
    line
}

fn result_word(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win(Side::P1)) => "p1win",
        Some(Outcome::Win(Side::P2)) => "p2win",
        Some(Outcome::Draw) => "draw",
        None => "none",
    }
}

impl Match<'_> {
    fn timeout(&self) -> Duration {
        Duration::from_secs_f64(self.args.timeout.max(0.001))
    }

    fn go_line(&self, clocks: [u64; 2]) -> String {
        match self.tc {
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Movetime(ms) => format!("go movetime {ms}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Clock { inc, .. } => format!(
                "go p1time {} p2time {} p1inc {inc} p2inc {inc}",
                clocks[0], clocks[1]
            ),
        }
    }

    fn go_timeout(&self, clock: u64) -> Duration {
        let margin = Duration::from_secs_f64(self.args.go_margin.max(0.0));
        match self.tc {
            TimeControl::Movetime(ms) => Duration::from_millis(ms) + margin,
            TimeControl::Clock { .. } => Duration::from_millis(clock) + margin,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => margin,
        }
    }

    /// Plays one game from `start` with engine `p1_engine` as p1, refereed by `G`'s rules.
    fn play<G: Game>(
        &mut self,
        settings: &G::Settings,
        start: &str,
        p1_engine: usize,
    ) -> Result<GameRecord, EngineError> {
        let settings = settings.clone();
        let mut referee = if start == "startpos" {
            G::new(&settings)
        } else {
            G::from_position_string(start, &settings)
                .map_err(|e| EngineError::Io(format!("bad opening '{start}': {e}")))?
        };
        let t = self.timeout();
        for e in &mut self.engines {
            e.is_ready(t)?;
            e.send("uginewgame")?;
        }
        let (time, inc) = match self.tc {
            TimeControl::Clock { time, inc } => (time, inc),
            _ => (0, 0),
        };
        let mut clocks = [time, time];
        let mut moves: Vec<String> = Vec::new();
        let mut problems = Vec::new();
        let engine_of = |side: Side| match side {
            Side::P1 => p1_engine,
            Side::P2 => 1 - p1_engine,
        };

        let (outcome, reason) = loop {
            let pos_line = position_line(start, &moves);
            // cutegames asks the first engine whose turn it is.
            self.engines[0].send(&pos_line)?;
            let p1turn = self.engines[0].query("p1turn", t)? == "true";
            if p1turn != (referee.side_to_move() == Side::P1) {
                problems.push(format!(
                    "ply {}: {} says p1turn {p1turn}, the rules say {:?} to move",
                    moves.len(),
                    self.engines[0].name,
                    referee.side_to_move()
                ));
            }
            let side = if p1turn { Side::P1 } else { Side::P2 };
            let us = engine_of(side);
            self.engines[us].is_ready(t)?;
            self.engines[us].send(&pos_line)?;
            let over = self.engines[us].query("gameover", t)? == "true";
            if over != referee.outcome().is_some() {
                problems.push(format!(
                    "ply {}: {} says gameover {over}, the rules say {}",
                    moves.len(),
                    self.engines[us].name,
                    referee.outcome().is_some()
                ));
            }
            if over {
                break (referee.outcome(), "gameover".to_string());
            }
            if moves.len() as u32 >= self.args.max_plies {
                break (Some(Outcome::Draw), "ply cap reached".to_string());
            }
            let go = self.go_line(clocks);
            let started = Instant::now();
            let mv = self.engines[us].go(&go, self.go_timeout(clocks[side.index()]))?;
            let spent = started.elapsed().as_millis() as u64;
            match self.tc {
                TimeControl::Clock { .. } => {
                    if spent >= clocks[side.index()] {
                        break (
                            Some(Outcome::Win(side.opponent())),
                            format!("{} lost on time", self.engines[us].name),
                        );
                    }
                    clocks[side.index()] = clocks[side.index()] - spent + inc;
                }
                // cutegames' default timeout buffer is 25 ms.
                TimeControl::Movetime(ms) if spent > ms + 25 => {
                    break (
                        Some(Outcome::Win(side.opponent())),
                        format!(
                            "{} overstepped movetime ({spent} ms)",
                            self.engines[us].name
                        ),
                    );
                }
                _ => {}
            }
            match referee.parse_turn(&mv) {
                Ok(turn) => {
                    if let Err(e) = referee.play_turn(&turn) {
                        break (
                            Some(Outcome::Win(side.opponent())),
                            format!("{} played {mv}: {e}", self.engines[us].name),
                        );
                    }
                }
                Err(e) => {
                    break (
                        Some(Outcome::Win(side.opponent())),
                        format!("{} played an illegal move: {e}", self.engines[us].name),
                    );
                }
            }
            moves.push(mv);
        };

        // End of game: both engines are asked, as cutegames does.
        let pos_line = position_line(start, &moves);
        let expected = result_word(referee.outcome());
        let mut answers = Vec::new();
        for e in &mut self.engines {
            e.is_ready(t)?;
            e.send(&pos_line)?;
            let over = e.query("gameover", t)?;
            e.send(&pos_line)?;
            let result = e.query("result", t)?;
            answers.push((over, result));
        }
        if answers[0] != answers[1] {
            problems.push(format!("the engines disagree at the end: {answers:?}"));
        }
        if reason == "gameover" {
            for (i, (_, r)) in answers.iter().enumerate() {
                if r != expected {
                    problems.push(format!(
                        "{} answers result {r}, the rules say {expected}",
                        self.engines[i].name
                    ));
                }
            }
        }
        Ok(GameRecord {
            p1_engine,
            outcome: outcome.unwrap_or(Outcome::Draw),
            reason,
            plies: moves.len(),
            problems,
        })
    }
}

/// Splits `Name=Value`.
fn name_value(opt: &str) -> Result<(&str, &str), String> {
    opt.split_once('=')
        .ok_or_else(|| format!("expected Name=Value but got '{opt}'"))
}

/// The referee's game settings: the shared options applied through the engine's own option
/// table and settings mapping (`BoardSide` W1 and `TurnLimit` W6 for Guerrilla), so that the
/// referee plays the same game as the engines. An option of this engine with a bad value is an
/// error here, before any game; names this engine does not know are left to the engines.
fn referee_settings<G: Game>(args: &Args) -> Result<G::Settings, String> {
    let known = options::option_lines();
    let mut opts = options::Options::default();
    for opt in &args.options {
        let (k, v) = name_value(opt)?;
        match options::set(&opts, k, Some(v)) {
            Ok((new, _)) => opts = new,
            Err(e) if known.iter().any(|l| option_line_names(l, k)) => {
                return Err(format!("--option {opt}: {e}"))
            }
            Err(_) => {}
        }
    }
    for opt in args.options1.iter().chain(&args.options2) {
        let (k, _) = name_value(opt)?;
        if ["Game", "BoardSide", "TurnLimit"]
            .iter()
            .any(|g| g.eq_ignore_ascii_case(k))
        {
            return Err(format!(
                "--option1/--option2 {opt}: game options must be the same for both engines (use --option)"
            ));
        }
    }
    Ok(settings_for::<G>(&opts))
}

/// True when the `option name … type …` line declares option `name` (case-insensitive).
fn option_line_names(line: &str, name: &str) -> bool {
    line.strip_prefix("option name ")
        .and_then(|rest| rest.split(" type ").next())
        .is_some_and(|n| n.eq_ignore_ascii_case(name))
}

fn run<G: Game>(args: &Args) -> Result<bool, String> {
    let tc: TimeControl = args.tc.parse()?;
    let openings: Vec<String> = match &args.openings {
        Some(path) => fs::read_to_string(path)
            .map_err(|e| format!("cannot read openings file {path}: {e}"))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect(),
        None => vec!["startpos".to_string()],
    };
    if openings.is_empty() {
        return Err("the openings file has no opening".to_string());
    }
    let t = Duration::from_secs_f64(args.timeout.max(0.001));
    let mut engines = Vec::new();
    let settings = referee_settings::<G>(args)?;
    for (name, cmd, own) in [
        (&args.name1, &args.engine1, &args.options1),
        (&args.name2, &args.engine2, &args.options2),
    ] {
        let mut e = Engine::spawn(name, cmd, false).map_err(|e| e.to_string())?;
        e.init(t).map_err(|err| format!("{name}: {err}"))?;
        e.send(&format!("setoption name Game value {}", G::NAME))
            .map_err(|e| e.to_string())?;
        for opt in args.options.iter().chain(own) {
            let (k, v) = name_value(opt)?;
            e.send(&format!("setoption name {k} value {v}"))
                .map_err(|e| e.to_string())?;
        }
        e.is_ready(t).map_err(|err| format!("{name}: {err}"))?;
        engines.push(e);
    }
    let engines: [Engine; 2] = engines.try_into().map_err(|_| "two engines".to_string())?;
    let mut m = Match { args, tc, engines };
    let mut score = [0.0f64; 2];
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut clean = true;
    for i in 0..args.games {
        let start = &openings[(i as usize / 2) % openings.len()];
        let p1_engine = (i % 2) as usize;
        let rec = m
            .play::<G>(&settings, start, p1_engine)
            .map_err(|e| format!("game {}: {e}", i + 1))?;
        let winner = match rec.outcome {
            Outcome::Win(side) => Some(if side == Side::P1 {
                rec.p1_engine
            } else {
                1 - rec.p1_engine
            }),
            Outcome::Draw => None,
        };
        match winner {
            Some(0) => {
                score[0] += 1.0;
                wins += 1
            }
            Some(_) => {
                score[1] += 1.0;
                losses += 1
            }
            None => {
                score[0] += 0.5;
                score[1] += 0.5;
                draws += 1
            }
        }
        println!(
            "game {}: {} (p1) vs {} (p2): {} by {} after {} plies",
            i + 1,
            m.engines[rec.p1_engine].name,
            m.engines[1 - rec.p1_engine].name,
            result_word(Some(rec.outcome)),
            rec.reason,
            rec.plies
        );
        for p in &rec.problems {
            clean = false;
            println!("  problem: {p}");
        }
    }
    let n = args.games.max(1) as f64;
    let frac = (score[0] / n).clamp(0.001, 0.999);
    let elo = -400.0 * (1.0 / frac - 1.0).log10();
    println!(
        "Score of {} vs {}: {wins} - {losses} - {draws} [{:.3}] Elo difference: {elo:+.1}",
        args.name1,
        args.name2,
        score[0] / n
    );
    let [a, b] = m.engines;
    a.quit();
    b.quit();
    Ok(clean)
}

fn main() -> ExitCode {
    let args = Args::parse();
    env_logger::Builder::from_env(
        env_logger::Env::default().default_filter_or(if args.verbose { "debug" } else { "warn" }),
    )
    .target(env_logger::Target::Stderr)
    .init();
    let result: Result<bool, String> = with_game!(args.game, G => run::<G>(&args));
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("the match finished with problems (see above)");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
