//! `guerrilla-web`: serves the browser GUI and prints its URL.
//!
//! `cargo run --release -p guerrilla-web` starts it on http://127.0.0.1:8765/. The engine is
//! `--engine PATH`, else the `guerrilla` binary beside this executable, else this executable's
//! own copy of the engine library (run as a child process with a hidden flag), so it works
//! whether or not the `guerrilla` binary was built.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use guerrilla_web::catalogue::Catalogue;
use guerrilla_web::engine::{EngineCommand, CHILD_FLAG};
use guerrilla_web::registry::{Config, Registry};
use guerrilla_web::server::serve;
use guerrilla_web::store::Store;

#[derive(Parser, Debug)]
#[command(
    name = "guerrilla-web",
    version,
    about = "Browser GUI for the guerrilla engine: one engine process per browser session"
)]
struct Cli {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8765)]
    port: u16,
    /// The engine binary (default: `guerrilla` beside this program, else the engine built into
    /// this program).
    #[arg(long)]
    engine: Option<PathBuf>,
    /// An argument for the engine (repeatable), e.g. an engine's flag that adds games.
    #[arg(long = "engine-arg", value_name = "ARG", allow_hyphen_values = true)]
    engine_args: Vec<String>,
    /// At most this many browser sessions (engine processes) at once.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=256))]
    max_sessions: u64,
    /// A session unused for this many seconds (no action, no open page) is closed.
    #[arg(long, default_value_t = 900, value_parser = clap::value_parser!(u64).range(1..))]
    idle_seconds: u64,
    /// A session whose pages have all stopped pinging for this many seconds (a closed or
    /// suspended tab) is closed; its game stays in the database and comes back when a page of
    /// it returns. Pages ping four times within it.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(2..=86_400))]
    heartbeat_seconds: u64,
    /// The SQLite file that keeps every game (records, seats, clocks, results), so that a
    /// restart loses nothing; `:memory:` keeps nothing after the server ends.
    #[arg(long, default_value = "guerrilla-web.sqlite", value_name = "PATH")]
    database: PathBuf,
}

fn main() -> ExitCode {
    // The hidden engine mode: this process is an engine child of a server.
    if std::env::args().nth(1).as_deref() == Some(CHILD_FLAG) {
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
        return match guerrilla::protocol::run_stdio(false) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("guerrilla-web {CHILD_FLAG}: {e}");
                ExitCode::FAILURE
            }
        };
    }
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    let cli = Cli::parse();
    let engine = match EngineCommand::locate(cli.engine, cli.engine_args) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("guerrilla-web: {e}");
            return ExitCode::FAILURE;
        }
    };
    let listener = match std::net::TcpListener::bind((cli.host.as_str(), cli.port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!(
                "guerrilla-web: cannot listen on {}:{}: {e} (choose another with --port)",
                cli.host, cli.port
            );
            return ExitCode::FAILURE;
        }
    };
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(cli.port);
    log::info!("engine: {}", engine.describe());
    let catalogue = match Catalogue::learn(&engine) {
        Ok(c) => c,
        Err(e) => {
            eprintln!(
                "guerrilla-web: the engine {} cannot tell its games: {e}",
                engine.describe()
            );
            return ExitCode::FAILURE;
        }
    };
    log::info!(
        "games: {}",
        catalogue
            .games
            .iter()
            .map(|g| g.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let store = match Store::open(&cli.database) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("guerrilla-web: {e} (choose another file with --database)");
            return ExitCode::FAILURE;
        }
    };
    log::info!("games kept in {}", cli.database.display());
    let registry = Registry::new(
        Config {
            engine: engine.clone(),
            max_sessions: cli.max_sessions as usize,
            idle: Duration::from_secs(cli.idle_seconds),
            heartbeat: Duration::from_secs(cli.heartbeat_seconds),
        },
        catalogue,
        Some(store),
    );
    println!(
        "guerrilla-web: open http://{}:{port}/ in a browser",
        cli.host
    );
    use std::io::Write;
    let _ = std::io::stdout().flush();
    match serve(listener, registry) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("guerrilla-web: the server stopped: {e}");
            ExitCode::FAILURE
        }
    }
}
