//! The `guerrilla` binary: with no subcommand, the protocol loop on stdin/stdout (see
//! protocol.md); `perft` and `bench` for the rules cores.

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

use guerrilla::game::Game;
use guerrilla::{bench, perft, with_game, GameKind};

#[derive(Parser, Debug)]
#[command(
    name = "guerrilla",
    version,
    about = "Engine for Guerrilla and Guerrilla Checkers (UGI on stdin/stdout)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
        /// A position string (default: the start position).
        #[arg(long)]
        position: Option<String>,
    },
    /// Rules benchmark: perft nodes per second and random complete games per second.
    Bench {
        #[arg(long, default_value = "guerrilla-checkers")]
        game: GameKind,
        /// perft depth from the start position.
        #[arg(long)]
        depth: Option<u32>,
        /// Seconds of random games.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
    },
}

fn perft_cmd<G: Game>(depth: u32, position: Option<&str>) -> Result<(), String> {
    let settings = G::Settings::default();
    let pos = match position {
        Some(text) => G::from_position_string(text, &settings).map_err(|e| e.to_string())?,
        None => G::new(&settings),
    };
    let (lines, total) = perft::divide(&pos, depth);
    for (token, count) in lines {
        println!("{token}: {count}");
    }
    println!("Nodes searched: {total}");
    Ok(())
}

fn bench_cmd<G: Game>(depth: u32, seconds: f64) {
    let start = G::new(&G::Settings::default());
    let r = bench::run(&start, depth, Duration::from_secs_f64(seconds.max(0.0)), 1);
    println!("game: {}", G::NAME);
    println!("perft depth: {}", r.perft_depth);
    println!("perft nodes: {}", r.perft_nodes);
    println!("perft nodes/second: {:.0}", r.perft_nps());
    println!("random games: {}", r.games);
    println!("random game steps: {}", r.game_steps);
    println!("random games/second: {:.1}", r.games_per_second());
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        None => match guerrilla::protocol::run_stdio() {
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
        }) => {
            let result: Result<(), String> =
                with_game!(game, G => perft_cmd::<G>(depth, position.as_deref()));
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Bench {
            game,
            depth,
            seconds,
        }) => {
            let depth = depth.unwrap_or(match game {
                GameKind::Checkers => 6,
                GameKind::Wells => 2,
            });
            with_game!(game, G => bench_cmd::<G>(depth, seconds));
            ExitCode::SUCCESS
        }
    }
}
