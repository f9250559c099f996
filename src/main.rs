//! The `guerrilla` binary: with no subcommand, the protocol loop on stdin/stdout (see
//! protocol.md); `perft` and `bench` for the rules cores.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

use guerrilla::game::perft;
use guerrilla::game::prelude::*;
use guerrilla::game::{GameOption, GameSettings};
use guerrilla::{bench, with_game, GameKind};

#[derive(Parser, Debug)]
#[command(
    name = "guerrilla",
    version,
    about = "Engine for Guerrilla and Guerrilla Checkers (UGI on stdin/stdout)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The protocol's `Game` option offers a test game too, `tictactoe` (for a GUI's tests: a
    /// game the GUI was never told about).
    #[arg(long)]
    test_games: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count leaf positions N whole turns deep, divided by root move (GC6, W7).
    Perft {
        /// guerrilla-checkers or guerrilla
        #[arg(long, default_value = "guerrilla-checkers")]
        game: GameKind,
        /// Depth in whole turns.
        #[arg(long)]
        depth: u32,
        /// A position string (default: the start position). A Guerrilla position string names
        /// its own board side.
        #[arg(long)]
        position: Option<String>,
    },
    /// The rules benchmark: perft nodes per second and random complete games per second (the
    /// search's benchmark is the protocol's `bench` command).
    RulesBench {
        #[arg(long, default_value = "guerrilla-checkers")]
        game: GameKind,
        /// perft depth from the start position [default: the game's own bench depth]
        #[arg(long)]
        depth: Option<u32>,
        /// Seconds of random games.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
    },
}

/// Why a subcommand stopped: its input was wrong, or its output could not be written.
enum Failure {
    Input(String),
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

/// Adds a flag for every option a game declares (`--board-side`, `--turn-limit`), with its
/// bounds and default, to a subcommand; the game's own declaration is the only source.
fn with_game_options(mut cmd: clap::Command) -> clap::Command {
    let mut seen: Vec<&str> = Vec::new();
    for kind in GameKind::ALL {
        for o in kind.options() {
            if seen.contains(&o.name) {
                continue;
            }
            seen.push(o.name);
            cmd = cmd.arg(game_option_arg(o, kind));
        }
    }
    cmd
}

fn game_option_arg(o: &GameOption, kind: GameKind) -> clap::Arg {
    clap::Arg::new(o.name)
        .long(o.flag())
        .value_name("N")
        .default_value(o.default.to_string())
        .value_parser(clap::value_parser!(u64).range(o.min..=o.max))
        .help(format!(
            "{} only: {}, {} to {}",
            kind.name(),
            o.help,
            o.min,
            o.max
        ))
}

/// The settings of game `G` from a subcommand's game option flags.
fn settings_of<G: Game>(matches: &ArgMatches) -> Result<G::Settings, Failure> {
    G::Settings::from_values(|name| matches.get_one::<u64>(name).copied()).map_err(Failure::Input)
}

fn perft_cmd<G: Game>(
    depth: u32,
    position: Option<&str>,
    matches: &ArgMatches,
) -> Result<(), Failure> {
    let settings = settings_of::<G>(matches)?;
    let pos = match position {
        Some(text) => {
            G::from_position_string(text, &settings).map_err(|e| Failure::Input(e.to_string()))?
        }
        None => G::new(&settings),
    };
    // Lines are written as they are counted; a reader gone (or any write error) stops the count.
    let stop = AtomicBool::new(false);
    let mut out = io::stdout().lock();
    let mut write_error = None;
    let counted = perft::divide(&pos, depth, &stop, |token, count| {
        if write_error.is_none() {
            if let Err(e) = writeln!(out, "{token}: {count}") {
                write_error = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let total = counted.map_err(|e| Failure::Input(format!("perft gave up: {e}")))?;
    writeln!(out, "Nodes searched: {total}")?;
    Ok(())
}

fn rules_bench_cmd<G: Game>(depth: u32, seconds: f64, matches: &ArgMatches) -> Result<(), Failure> {
    let start = G::new(&settings_of::<G>(matches)?);
    let r = bench::run(&start, depth, Duration::from_secs_f64(seconds.max(0.0)), 1);
    let mut out = io::stdout().lock();
    writeln!(out, "game: {}", G::NAME)?;
    writeln!(out, "perft depth: {}", r.perft_depth)?;
    writeln!(out, "perft nodes: {}", r.perft_nodes)?;
    writeln!(out, "perft runs: {}", r.perft_runs)?;
    writeln!(out, "perft nodes/second: {:.0}", r.perft_nps())?;
    writeln!(out, "random games: {}", r.games)?;
    writeln!(out, "random game steps: {}", r.game_steps)?;
    writeln!(out, "random games/second: {:.1}", r.games_per_second())?;
    Ok(())
}

/// The exit status of a subcommand. A reader that closed the pipe early (`| head`) is not an
/// error; any other failure is told on stderr.
fn exit(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Input(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let matches = Cli::command()
        .mut_subcommand("perft", with_game_options)
        .mut_subcommand("rules-bench", with_game_options)
        .get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let sub = matches
        .subcommand()
        .map(|(_, m)| m.clone())
        .unwrap_or_default();
    match cli.command {
        None => match guerrilla::protocol::run_stdio(cli.test_games) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Perft {
            game,
            depth,
            position,
        }) => exit(with_game!(game, G => perft_cmd::<G>(depth, position.as_deref(), &sub))),
        Some(Command::RulesBench {
            game,
            depth,
            seconds,
        }) => exit(with_game!(game, G => {
            let depth = depth.unwrap_or(<G as Turns>::BENCH_DEPTH);
            rules_bench_cmd::<G>(depth, seconds, &sub)
        })),
    }
}
