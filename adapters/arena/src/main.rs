//! `guerrilla-arena`: plays matches between UGI engines exactly as cutegames drives them (see
//! `protocol.md` § 5), with the guerrilla rules library as referee; `replay` re-referees a
//! records file, `merge` combines the records of a match's shards into the whole match's result.
//!
//! Modules: `engine` (one engine process), `referee` (one game), `adjudicate` (the
//! resignation rule), `schedule` (who plays whom,
//! which opening, which shard), `runner` (workers, progress, Ctrl-C, SPRT stop), `records`
//! (the PGN records file), `summary` and `stats` (W/L/D, pentanomial, Elo, LOS, SPRT),
//! `report` (the summary as text), `replay`, `cli` (the command line).

mod adjudicate;
mod cli;
mod engine;
mod records;
mod referee;
mod replay;
mod report;
mod runner;
mod schedule;
mod stats;
mod summary;

use std::fs::{self, File};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use guerrilla::game::prelude::*;
use guerrilla::protocol::options;
use guerrilla::{with_game, GameKind};

use cli::{Cli, Command, MatchArgs};
use records::{EngineSpec, GameRecord, MatchInfo, Scoring};
use referee::{Referee, TimeControl};
use report::report;
use summary::{summarize, Summary};

/// Writes to stdout; a closed stdout (`… | head`) is not an error worth a panic.
pub fn out(text: &str) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes()).and_then(|_| o.flush());
}

/// Splits `Name=Value`.
fn name_value(opt: &str) -> Result<(String, String), String> {
    opt.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| format!("expected Name=Value but got '{opt}'"))
}

/// True for `Game` and the options a game declares (`BoardSide`, `TurnLimit`, …): the same for
/// both engines and the referee, never per engine.
fn is_game_option(name: &str) -> bool {
    name.eq_ignore_ascii_case("Game")
        || GameKind::ALL
            .iter()
            .flat_map(|g| g.options())
            .any(|o| o.name.eq_ignore_ascii_case(name))
}

/// `name=… cmd=… option.X=…` words of one `--engine`.
fn engine_spec(words: &[String]) -> Result<EngineSpec, String> {
    let (mut name, mut command, mut opts, mut tc) = (None, None, Vec::new(), None);
    for w in words {
        let (k, v) = name_value(w).map_err(|e| format!("--engine: {e}"))?;
        match k.as_str() {
            "name" => name = Some(v),
            "cmd" => command = Some(v),
            "tc" => tc = Some(v),
            _ => match k.strip_prefix("option.") {
                Some(o) => opts.push((o.to_string(), v)),
                None => {
                    return Err(format!(
                        "--engine: expected name=, cmd=, tc= or option.NAME= but got '{w}'"
                    ))
                }
            },
        }
    }
    let command = command.ok_or_else(|| format!("--engine {}: no cmd=", words.join(" ")))?;
    Ok(EngineSpec {
        name: name.unwrap_or_else(|| command.clone()),
        command,
        options: opts,
        tc,
    })
}

fn engines(args: &MatchArgs) -> Result<Vec<EngineSpec>, String> {
    let mut out = Vec::new();
    let parse_opts = |v: &[String]| {
        v.iter()
            .map(|o| name_value(o))
            .collect::<Result<Vec<_>, _>>()
    };
    if let Some(c) = &args.engine1 {
        out.push(EngineSpec {
            name: args.name1.clone(),
            command: c.clone(),
            options: parse_opts(&args.options1)?,
            tc: None,
        });
    }
    if let Some(c) = &args.engine2 {
        out.push(EngineSpec {
            name: args.name2.clone(),
            command: c.clone(),
            options: parse_opts(&args.options2)?,
            tc: None,
        });
    }
    for words in &args.engine_groups {
        out.push(engine_spec(words)?);
    }
    if out.len() < 2 {
        return Err(
            "expected at least two engines (--engine name=… cmd=…, or --engine1 and --engine2)"
                .into(),
        );
    }
    for (i, e) in out.iter().enumerate() {
        if out[..i].iter().any(|o| o.name == e.name) {
            return Err(format!(
                "two engines are named '{}': give each its own name",
                e.name
            ));
        }
        for (k, _) in &e.options {
            if is_game_option(k) {
                return Err(format!(
                    "engine {}: option {k}: game options must be the same for both engines (use --option)",
                    e.name
                ));
            }
        }
    }
    Ok(out)
}

/// True when the `option name … type …` line declares option `name` (case-insensitive).
fn option_line_names(line: &str, name: &str) -> bool {
    line.strip_prefix("option name ")
        .and_then(|rest| rest.split(" type ").next())
        .is_some_and(|n| n.eq_ignore_ascii_case(name))
}

/// The referee's game settings: the shared options applied through the engine's own option
/// table and settings mapping (`BoardSide` W1 and `TurnLimit` W6 for Guerrilla), so that the
/// referee plays the same game as the engines. An option of this engine with a bad value is an
/// error here, before any game; names this engine does not know are checked against what each
/// engine announces when it starts.
fn referee_settings<G: Game>(shared: &[(String, String)]) -> Result<G::Settings, String> {
    let known = options::option_lines();
    let mut opts = options::Options::default();
    for (k, v) in shared {
        match options::set(&opts, k, Some(v)) {
            Ok((new, _)) => opts = new,
            Err(e) if known.iter().any(|l| option_line_names(l, k)) => {
                return Err(format!("--option {k}={v}: {e}"))
            }
            Err(_) => {}
        }
    }
    opts.settings::<G::Settings>()
}

fn write_json(path: &PathBuf, s: &Summary) -> Result<(), String> {
    let text = serde_json::to_string_pretty(s).expect("summary serialises");
    fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Exit status of a finished match: 0 clean, 2 when an engine disagreed with the rules, 130
/// after Ctrl-C.
fn status(s: &Summary) -> ExitCode {
    if s.interrupted {
        ExitCode::from(130)
    } else if s.games_with_problems > 0 {
        eprintln!("the match finished with problems (see the records)");
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// The openings of the match's rounds and where they came from: the file's lines, or random
/// plies (by default), each checked by the referee.
fn openings<G: Game>(
    args: &MatchArgs,
    settings: &G::Settings,
    rounds: usize,
) -> Result<(Vec<String>, String), String> {
    if let Some(path) = &args.openings {
        let lines: Vec<String> = fs::read_to_string(path)
            .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        if lines.is_empty() {
            return Err("the openings file has no opening".into());
        }
        for l in &lines {
            let g: G = referee::start_position(l, settings)
                .map_err(|e| format!("bad opening '{l}': {e}"))?;
            if schedule::ends_at_once(&g) {
                eprintln!("warning: opening '{l}' can end at the first turn (e.g. by a pass)");
            }
        }
        return Ok((
            schedule::openings_from_lines(&lines, rounds),
            format!("file {}", path.display()),
        ));
    }
    match args.random_plies.unwrap_or(cli::DEFAULT_RANDOM_PLIES) {
        0 => Ok((vec!["startpos".to_string(); rounds], "startpos".to_string())),
        plies => Ok((
            schedule::random_openings::<G>(settings, plies, args.seed, rounds)?,
            format!("{plies} random plies, seed {}", args.seed),
        )),
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
    args.tc.parse::<TimeControl>()?;
    let shared = args
        .options
        .iter()
        .map(|o| name_value(o))
        .collect::<Result<Vec<_>, _>>()?;
    let settings = referee_settings::<G>(&shared)?;
    let engines = engines(args)?;
    let sprt = if args.sprt.is_empty() {
        None
    } else {
        if engines.len() != 2 {
            return Err("--sprt needs exactly two engines".into());
        }
        Some(args.sprt.join(" ").parse::<stats::Sprt>()?)
    };
    if args.scoring == Scoring::Stones
        && referee::stones_placed(&G::new(&settings), &G::new(&settings)).is_none()
    {
        return Err(format!(
            "--scoring stones is Guerrilla Checkers' match (stones placed by the Guerrilla), not {}'s",
            G::NAME
        ));
    }
    let resign = if args.resign.is_empty() {
        None
    } else {
        Some(args.resign.join(" ").parse::<adjudicate::Resign>()?)
    };
    let shard = args
        .shard
        .as_deref()
        .map(schedule::parse_shard)
        .transpose()?;
    if args.games == 0 {
        return Err("expected at least one game (--games)".into());
    }
    let rounds = schedule::rounds(args.games);
    let (openings, source) = openings::<G>(args, &settings, rounds)?;
    let info = MatchInfo {
        game: G::NAME.to_string(),
        options: shared,
        engines,
        gauntlet: args.gauntlet,
        games: args.games,
        tc: args.tc.clone(),
        margin_ms: args.margin,
        max_plies: args.max_plies,
        resign,
        openings,
        openings_source: source,
        sprt,
        shard,
        scoring: args.scoring,
        event: args.event.clone(),
        site: args.site.clone(),
    };
    let tcs = info
        .engines
        .iter()
        .map(|e| {
            let text = e.tc.clone().unwrap_or_else(|| args.tc.clone());
            let tc: TimeControl = text
                .parse()
                .map_err(|err| format!("engine {}: {err}", e.name))?;
            Ok((tc, text))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let timeout = Duration::from_secs_f64(args.timeout.max(0.001));
    repeat_warnings(&info);
    runner::check_engines_start::<G>(&info, timeout)?;
    let records = args
        .records
        .as_ref()
        .map(|p| File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display())))
        .transpose()?;
    let referee = Referee::<G> {
        settings: &settings,
        tcs: &tcs,
        margin: Duration::from_millis(args.margin),
        timeout,
        go_wait: Duration::from_secs_f64(args.go_margin.max(0.001)),
        max_plies: args.max_plies,
        resign,
    };
    let concurrency = args
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    runner::catch_ctrl_c();
    let summary = runner::run::<G>(
        &info,
        &referee,
        runner::RunOptions {
            concurrency,
            records,
            progress: !args.no_progress,
            rating_interval: args.rating_interval,
        },
    )?;
    out(&report(&summary));
    if let Some(p) = &args.json {
        write_json(p, &summary)?;
    }
    Ok(status(&summary))
}

fn read_records(path: &PathBuf) -> Result<records::RecordsFile, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    records::parse(&text, &path.display().to_string())
}

fn game_kind(info: &MatchInfo) -> Result<GameKind, String> {
    info.game.parse::<GameKind>().map_err(|e| e.to_string())
}

fn replay(files: &[PathBuf]) -> Result<ExitCode, String> {
    let (mut games, mut bad) = (0, 0);
    for path in files {
        let file = read_records(path)?;
        let kind = game_kind(&file.info)?;
        let mismatches: Vec<(usize, Vec<String>)> = with_game!(kind, G => {
            let settings = referee_settings::<G>(&file.info.options)?;
            file.games
                .iter()
                .map(|g| (g.index, replay::check_game::<G>(&file.info, &settings, g)))
                .collect()
        });
        for (index, m) in mismatches {
            games += 1;
            if !m.is_empty() {
                bad += 1;
                for line in m {
                    out(&format!("{}: game {}: {line}\n", path.display(), index + 1));
                }
            }
        }
    }
    out(&format!(
        "replayed {games} games: {} clean, {bad} with mismatches\n",
        games - bad
    ));
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

fn merge(
    files: &[PathBuf],
    merged: Option<&PathBuf>,
    json: Option<&PathBuf>,
) -> Result<ExitCode, String> {
    let mut info: Option<MatchInfo> = None;
    let mut shards = Vec::new();
    let mut games: Vec<GameRecord> = Vec::new();
    for path in files {
        let f = read_records(path)?;
        match &info {
            None => info = Some(f.info.clone()),
            Some(i) if i.identity() != f.info.identity() => {
                return Err(format!(
                    "{} is not a shard of the same match as {}",
                    path.display(),
                    files[0].display()
                ))
            }
            Some(_) => {}
        }
        shards.push(f.info.shard);
        games.extend(f.games);
    }
    let mut whole = info.expect("at least one file").identity();
    for (e, given) in whole
        .engines
        .iter_mut()
        .zip(read_records(&files[0])?.info.engines)
    {
        e.command = given.command;
    }
    games.sort_by_key(|g| g.index);
    if let Some(w) = games.windows(2).find(|w| w[0].index == w[1].index) {
        return Err(format!("game {} is in two files", w[0].index + 1));
    }
    // Shards of different N may make up a match (3/8 and 7/8 are 3/4): a shard of the finest
    // N is missing when one of its games is in no file's shard.
    let n = shards.iter().flatten().map(|s| s.1).max().unwrap_or(1);
    let schedule = schedule::jobs(&whole);
    for k in 1..=n {
        let uncovered = schedule.iter().any(|j| {
            schedule::in_shard(j, Some((k, n))) && !shards.iter().any(|&s| schedule::in_shard(j, s))
        });
        if uncovered {
            eprintln!("warning: shard {k}/{n} is missing: the result covers the other shards only");
        }
    }
    let summary = summarize(&whole, &games, false);
    if let Some(p) = merged {
        let stop = summary::sprt_stop(&whole, &games);
        let mut text = records::header_text(&whole);
        for g in games.iter().filter(|g| stop.is_none_or(|p| g.pair <= p)) {
            text.push_str(&records::game_text(&whole, g));
        }
        fs::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    out(&report(&summary));
    if let Some(p) = json {
        write_json(p, &summary)?;
    }
    Ok(status(&summary))
}

fn main() -> ExitCode {
    let matches = <Cli as clap::CommandFactory>::command().get_matches();
    let mut cli = match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    if let Some(groups) = matches.get_occurrences::<String>("engine") {
        cli.run.engine_groups = groups.map(|g| g.cloned().collect()).collect();
    }
    env_logger::Builder::from_env(
        env_logger::Env::default().default_filter_or(if cli.run.verbose {
            "debug"
        } else {
            "warn"
        }),
    )
    .target(env_logger::Target::Stderr)
    .init();
    let result = match &cli.command {
        Some(Command::Replay { files }) => replay(files),
        Some(Command::Merge {
            files,
            records,
            json,
        }) => merge(files, records.as_ref(), json.as_ref()),
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
