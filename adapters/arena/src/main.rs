//! `guerrilla-arena`: plays matches between UGI engines exactly as cutegames drives them (see
//! `protocol.md` § 5), with the guerrilla rules library as referee; `replay` re-referees game
//! records, `merge` combines the records of a match's shards into the whole match's result.
//!
//! Modules: `cli` (the command line) and `cutechess` (cutechess-cli's single-dash spellings),
//! `setup` (from the command line to a match, checked before the first game), `limits` (time
//! controls), `openings`, `engine` (one engine process), `referee` (one game), `adjudicate`
//! (resignation and draw rules), `schedule` (who plays whom, which opening, which shard),
//! `runner` (workers, progress, Ctrl-C, SPRT stop), `records` (PGN), `summary`, `stats` and
//! `ranking` (W/L/D, pentanomial, Elo, LOS, the rank table), `sprt`, `report` (the summary as
//! text), `replay`, `merge`.

mod adjudicate;
mod cli;
mod cutechess;
mod engine;
mod files;
mod limits;
mod merge;
mod openings;
mod ranking;
mod records;
mod referee;
mod replay;
mod report;
mod runner;
mod schedule;
mod setup;
mod sprt;
mod stats;
mod summary;

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use guerrilla::game::prelude::*;
use guerrilla::with_game;

use cli::{Cli, Command, MatchArgs};
use limits::Limits;
use records::{MatchInfo, Scoring};
use referee::Referee;
use report::report;
use summary::Summary;

/// Writes to stdout; a closed stdout (`… | head`) is not an error worth a panic.
pub fn out(text: &str) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes()).and_then(|_| o.flush());
}

/// Exit status of a finished match (`cli::EXIT_STATUS`, the end of `--help`): 0 clean, 2 when
/// an engine disagreed with the rules, 130 after a signal that ends the match (SIGINT, SIGTERM
/// or SIGHUP: the handler cannot tell which).
pub(crate) fn status(s: &Summary) -> ExitCode {
    if s.interrupted {
        ExitCode::from(130)
    } else if s.games_with_problems > 0 {
        eprintln!("the match finished with problems (see the records)");
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// Warnings about a schedule that would replay games: rounds that share an opening, engines
/// that are the same program with the same settings.
fn repeat_warnings(info: &MatchInfo) {
    let mut seen = std::collections::HashSet::new();
    let repeated = info.openings.iter().filter(|o| !seen.insert(*o)).count();
    if repeated > 0 {
        eprintln!(
            "warning: {repeated} of {} rounds start from an opening that an earlier round already \
             played ({}): deterministic engines replay those games; use more openings or \
             more --random-plies",
            info.openings.len(),
            info.openings_source
        );
    }
    for (i, a) in info.engines.iter().enumerate() {
        for b in &info.engines[i + 1..] {
            if (&a.command, &a.options, &a.tc) == (&b.command, &b.options, &b.tc) {
                eprintln!(
                    "warning: engines {} and {} are the same command with the same options: \
                     if it is deterministic, the two games of every pair are the same game",
                    a.name, b.name
                );
            }
        }
    }
}

fn run_match<G: Game>(args: &MatchArgs) -> Result<ExitCode, String> {
    // From here on a signal ends the match with the status `status` documents, even one that
    // comes while the engines are being checked: the match then ends before its first game.
    runner::catch_signals();
    let match_limits: Limits = args.tc.parse().map_err(|e| format!("--tc: {e}"))?;
    let shared = args
        .options
        .iter()
        .map(|o| setup::name_value(o))
        .collect::<Result<Vec<_>, _>>()?;
    let settings = setup::referee_settings::<G>(&shared)?;
    let engines = setup::engines(args)?;
    let gauntlet = setup::gauntlet(args)?;
    let sprt = if args.sprt.is_empty() {
        None
    } else {
        if engines.len() != 2 {
            return Err("--sprt needs exactly two engines".into());
        }
        Some(args.sprt.join(" ").parse::<sprt::Sprt>()?)
    };
    if args.scoring == Scoring::Stones
        && referee::stones_placed(&G::new(&settings), &G::new(&settings)).is_none()
    {
        return Err(format!(
            "--scoring stones is the match of a game where p1 places stones from a hand \
             (Guerrilla Checkers), not {}'s",
            G::NAME
        ));
    }
    let resign = if args.resign.is_empty() {
        None
    } else {
        Some(
            args.resign
                .join(" ")
                .parse::<adjudicate::Resign>()
                .map_err(|e| format!("--resign: {e}"))?,
        )
    };
    let draw = if args.draw.is_empty() {
        None
    } else {
        Some(
            args.draw
                .join(" ")
                .parse::<adjudicate::Draw>()
                .map_err(|e| format!("--draw: {e}"))?,
        )
    };
    let shard = args
        .shard
        .as_deref()
        .map(schedule::parse_shard)
        .transpose()?;
    let games = setup::games_per_pairing(args)?;
    // 0 is no cap, as cutechess's `-maxmoves 0`: a cap no game reaches.
    let max_plies = match args
        .maxmoves
        .map_or(args.max_plies, |n| n.saturating_mul(2))
    {
        0 => u32::MAX,
        n => n,
    };
    let rounds = schedule::rounds(games);
    let mut info = MatchInfo {
        game: G::NAME.to_string(),
        options: shared,
        engines,
        gauntlet,
        games,
        tc: match_limits.to_string(),
        margin_ms: args.margin,
        max_plies,
        resign,
        draw,
        openings: Vec::new(),
        openings_source: String::new(),
        sprt,
        shard,
        scoring: args.scoring,
        event: args.event.clone(),
        site: args.site.clone(),
    };
    let game_options = records::game_options(&info);
    (info.openings, info.openings_source) =
        setup::openings::<G>(args, &settings, &game_options, rounds)?;
    let limits = info
        .engines
        .iter()
        .map(|e| match &e.tc {
            Some(t) => t.parse().map_err(|err| format!("engine {}: {err}", e.name)),
            None => Ok(match_limits),
        })
        .collect::<Result<Vec<Limits>, String>>()?;
    let margins: Vec<Duration> = info
        .engines
        .iter()
        .map(|e| Duration::from_millis(e.margin_ms.unwrap_or(args.margin)))
        .collect();
    // Every output is opened and locked before the first game (and before the engines start).
    if args.resume && args.records.is_none() {
        return Err("--resume needs --records FILE: the records of the match to go on with".into());
    }
    let (mut records, resumed) = match args.records.as_deref() {
        Some(p) => {
            let (r, resumed) =
                files::Records::open(p, args.overwrite, args.resume.then_some(&info))?;
            (Some(r), resumed.games)
        }
        None => (None, Vec::new()),
    };
    let mut json = args.json.as_deref().map(files::Json::open).transpose()?;
    let timeout = Duration::from_secs_f64(args.timeout.max(0.001));
    repeat_warnings(&info);
    runner::check_engines_start::<G>(&info, timeout)?;
    let referee = Referee::<G> {
        settings: &settings,
        limits: &limits,
        margins: &margins,
        timeout,
        go_wait: Duration::from_secs_f64(args.go_margin.max(0.001)),
        max_plies,
        resign,
        draw,
    };
    let concurrency = args
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if let Some(sprt) = &info.sprt {
        out(&format!("{}\n", sprt.describe()));
    }
    let summary = runner::run::<G>(
        &info,
        &referee,
        runner::RunOptions {
            concurrency,
            records: records.as_mut(),
            json: json.as_mut(),
            resumed,
            progress: !args.no_progress,
            rating_interval: args.rating_interval,
            format: args.output,
        },
    )?;
    out(&report(&summary, args.output));
    if let Some(j) = &mut json {
        j.write(&summary)?;
    }
    out("Finished match\n");
    Ok(status(&summary))
}

fn main() -> ExitCode {
    let argv = match cutechess::translate(std::env::args_os().collect()) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let matches = <Cli as clap::CommandFactory>::command().get_matches_from(argv);
    let mut cli = match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    if let Some(groups) = matches.get_occurrences::<String>("engine") {
        cli.run.engine_groups = groups.map(|g| g.cloned().collect()).collect();
    }
    let log_file = match &cli.run.log {
        Some(p) => match std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
        {
            Ok(f) => Some(f),
            Err(e) => {
                eprintln!("error: --log {}: {e}", p.display());
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(
        if cli.run.verbose || log_file.is_some() {
            "debug"
        } else {
            "warn"
        },
    ))
    .target(match log_file {
        Some(f) => env_logger::Target::Pipe(Box::new(f)),
        None => env_logger::Target::Stderr,
    })
    .init();
    let result = match &cli.command {
        Some(Command::Replay { files }) => replay::run(files),
        Some(Command::Merge {
            files,
            records,
            json,
        }) => merge::run(files, records.as_ref(), json.as_ref()),
        None => with_game!(cli.run.game, G => run_match::<G>(&cli.run)),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
