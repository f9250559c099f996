//! The command line: every option and argument, each with its help text (a test checks that
//! none lacks one).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use guerrilla::GameKind;

use crate::records::Scoring;
use crate::report::OutputFormat;

/// The exit statuses, as `--help` ends with them.
pub const EXIT_STATUS: &str = "Exit status: 0 the match finished (or was stopped by the SPRT); \
1 refused before the first game, or an error (a records file that cannot be written); 2 \
finished, but an engine disagreed with the rules in some game (see the records); 130 ended by \
SIGINT, SIGTERM or SIGHUP (Ctrl-C, kill, scancel, a job's time limit, a closed terminal): the \
running games abandoned, the summary printed, the --json file complete with \
\"interrupted\": true, and --resume goes on from the records.";

/// Random plies of the openings when neither `--openings` nor `--random-plies` is given.
pub const DEFAULT_RANDOM_PLIES: u32 = 4;

#[derive(Parser, Debug)]
#[command(
    name = "guerrilla-arena",
    version,
    about,
    args_conflicts_with_subcommands = true,
    after_help = EXIT_STATUS
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub run: MatchArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Re-referee every game of records files with the rules library; report any mismatch.
    Replay {
        /// Records (PGN) files written by --records or merge --records.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Combine the records files of a match's shards into the result of the whole match.
    Merge {
        /// The records (PGN) files of the shards, one per shard, in any order.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Write the merged records (as the whole match would have written them).
        #[arg(long, value_name = "FILE")]
        records: Option<PathBuf>,
        /// Write the summary as JSON.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
    },
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// An engine: `name=NAME cmd=COMMAND [KEY=VALUE …]` (repeatable), with cutechess-cli's
    /// keys: `option.NAME=VALUE`, its own limits (`tc=`, `st=`, `nodes=`, `depth=`, or the
    /// arena's `movetime=`, `clock=`), `timemargin=MS`, `dir=` (its working folder, where a
    /// relative cmd is looked for first), `arg=` (one argument, repeatable), `stderr=FILE`,
    /// `proto=ugi|uci`. A cmd that names a file is that program, spaces and all; any other is
    /// split as a shell splits words (quotes too), with no shell run.
    #[arg(long, num_args = 1.., action = clap::ArgAction::Append, value_name = "KEY=VALUE")]
    pub engine: Vec<String>,
    /// The `--engine` values grouped by occurrence (filled from the raw matches).
    #[arg(skip)]
    pub engine_groups: Vec<Vec<String>>,
    /// `KEY=VALUE …` applied to every engine (cutechess's -each), before the engine's own.
    #[arg(long, num_args = 1.., action = clap::ArgAction::Append, value_name = "KEY=VALUE")]
    pub each: Vec<String>,
    /// Command line of an engine named by --name1 (shorthand for --engine).
    #[arg(long, value_name = "COMMAND")]
    pub engine1: Option<String>,
    /// Command line of a second engine named by --name2.
    #[arg(long, value_name = "COMMAND")]
    pub engine2: Option<String>,
    /// Name of --engine1 in the output and the records.
    #[arg(long, default_value = "engine1")]
    pub name1: String,
    /// Name of --engine2 in the output and the records.
    #[arg(long, default_value = "engine2")]
    pub name2: String,
    /// The first engine plays each of the others (default: every pair of engines plays).
    #[arg(long)]
    pub gauntlet: bool,
    /// `round-robin` (the default) or `gauntlet` (cutechess's -tournament).
    #[arg(long, value_name = "TYPE")]
    pub tournament: Option<String>,
    /// guerrilla-checkers or guerrilla (sent as `setoption name Game value …`).
    #[arg(long, visible_alias = "variant", default_value = "guerrilla-checkers")]
    pub game: GameKind,
    /// Games per pairing and round (cutechess's -games; default 2, or 1 with --rounds); each
    /// opening is played twice, colours swapped.
    #[arg(long)]
    pub games: Option<u32>,
    /// Rounds (cutechess's -rounds): every pairing plays --games games a round, so
    /// rounds × games games in all (--rounds 50 alone: 50 games a pairing, as cutechess).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// Play each opening twice, colours swapped (cutechess's -repeat, fastchess's default):
    /// what the arena always does; N other than 2 is refused.
    #[arg(long, num_args = 0..=1, default_missing_value = "2", value_name = "N")]
    pub repeat: Option<u32>,
    /// Restart an engine that failed and go on (cutechess's -recover): what the arena always
    /// does (the failed game is lost by its fault, recorded with its reason).
    #[arg(long)]
    pub recover: bool,
    /// Games played at once, each with its own engine processes (default: the number of cores).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// The engines' limits: nodes=N, depth=N, movetime=MS, clock=MS+MS, or cutechess's
    /// [tc=]MOVES/SECONDS+SECONDS (40/60+0.6, 10+0.1), st=SECONDS, tc=inf with nodes= or depth=;
    /// several, space-separated, combine.
    #[arg(long, default_value = "nodes=1000")]
    pub tc: String,
    /// Milliseconds a time-controlled answer may come late before it loses on time.
    #[arg(long, default_value_t = 50)]
    pub margin: u64,
    /// Openings: `file=FILE [format=text|epd|pgn] [order=sequential|random] [plies=N]
    /// [start=N]` (cutechess's form), or a file of `startpos`/position-string lines (each may
    /// go on with `moves …`).
    #[arg(long, num_args = 1.., conflicts_with = "random_plies", value_name = "KEY=VALUE")]
    pub openings: Vec<String>,
    /// Openings of N random plies (whole turns) from the start, drawn with --seed; the default
    /// (4) when no --openings is given. 0: every game from the start position.
    #[arg(long, value_name = "N")]
    pub random_plies: Option<u32>,
    /// Seed of the random openings and of order=random (cutechess's -srand).
    #[arg(long, visible_alias = "srand", default_value_t = 1)]
    pub seed: u64,
    /// Option `Name=Value` sent to every engine (repeatable). The referee applies the game's
    /// options (`BoardSide`, `TurnLimit`) as the engine does.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Option `Name=Value` sent to --engine1 only, after the shared ones (repeatable).
    #[arg(long = "option1", value_name = "NAME=VALUE")]
    pub options1: Vec<String>,
    /// Option `Name=Value` sent to --engine2 only (repeatable).
    #[arg(long = "option2", value_name = "NAME=VALUE")]
    pub options2: Vec<String>,
    /// SPRT: `elo0=E elo1=E [alpha=A] [beta=B] [model=normalized|logistic|bayesian]
    /// [min-pairs=N]` (alpha and beta 0.05, normalized Elo as in fastchess and 10 unless
    /// given); stops the match when the log-likelihood ratio crosses a bound, never before
    /// min-pairs pairs (two engines only). The model is named before the first game and in
    /// every LLR line.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub sprt: Vec<String>,
    /// How pairings are scored besides W/L/D and Elo: `stones` is Brian Train's match for
    /// Guerrilla Checkers (each colour-swapped pair is a match, won by beating the COIN player
    /// as the Guerrilla with fewer stones placed).
    #[arg(long, value_enum, default_value_t = Scoring::Games)]
    pub scoring: Scoring,
    /// Play shard K of N (1-based): a fixed, disjoint part of the schedule.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Write every game to this PGN file (the records that replay and merge read); an existing
    /// records file is appended to, after a line with this match's settings.
    #[arg(long, visible_alias = "pgnout", value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Replace an existing --records file instead of appending to it (needed for a file that is
    /// not a records file).
    #[arg(long, conflicts_with = "resume")]
    pub overwrite: bool,
    /// Go on with the match of the --records file, interrupted or killed: its games are kept
    /// and counted, only the games of the schedule not in it are played (the same openings,
    /// colours and seeds). The command line must give the same match, or it is refused with
    /// the differences named; a file that does not exist yet starts the match.
    #[arg(long)]
    pub resume: bool,
    /// Write the summary as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// The PGN Event tag.
    #[arg(long, default_value = "guerrilla-arena match")]
    pub event: String,
    /// The PGN Site tag.
    #[arg(long, default_value = "?")]
    pub site: String,
    /// Print the score lines on stderr every N games when no progress bar is shown there
    /// (stderr not a terminal, or --no-progress); 0: never.
    #[arg(
        long,
        visible_alias = "ratinginterval",
        default_value_t = 10,
        value_name = "N"
    )]
    pub rating_interval: usize,
    /// Seconds to wait for any answer other than a bestmove.
    #[arg(long, default_value_t = 10.0)]
    pub timeout: f64,
    /// Seconds to wait for a bestmove under a nodes or depth budget before the engine is
    /// judged hung.
    #[arg(long, default_value_t = 30.0)]
    pub go_margin: f64,
    /// Safety cap on plies per game; a game reaching it is a draw by ply cap. 0: no cap.
    #[arg(long, default_value_t = 5000)]
    pub max_plies: u32,
    /// A draw by ply cap after N full moves (cutechess's -maxmoves): --max-plies 2N; 0: no cap,
    /// as in cutechess.
    #[arg(long, value_name = "N", conflicts_with = "max_plies")]
    pub maxmoves: Option<u32>,
    /// Resignation by adjudication, as cutechess's -resign: `movecount=N score=S
    /// [twosided=true]`; a side whose engine reported a score of -S or less for its last N
    /// moves loses, with twosided only when the opponent's engine reported S or more for its
    /// last N too. The scores are expected results in [-1, 1]: 0 < S ≤ 1.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub resign: Vec<String>,
    /// Draw by adjudication, as cutechess's -draw: `movenumber=N movecount=C score=S`; after N
    /// full moves, a game where both engines reported scores within S of 0 for their last C
    /// moves each is a draw (0 ≤ S ≤ 1).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub draw: Vec<String>,
    /// The format of the score lines, interim and final: `arena` (cutechess-cli's lines with
    /// fastchess's figures), `cutechess` or `fastchess` (fastchess's `-output format=…`).
    #[arg(long, value_enum, default_value_t = OutputFormat::Arena, value_name = "FORMAT")]
    pub output: OutputFormat,
    /// No progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Log every line exchanged to stderr.
    #[arg(long, visible_alias = "debug")]
    pub verbose: bool,
    /// Log every line exchanged with the engines to FILE (appended to), as cutechess-cli's
    /// -debug and fastchess's -log file=FILE do, instead of stderr.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option, argument and subcommand says what it is for.
    #[test]
    fn every_option_and_argument_has_help() {
        fn check(cmd: &clap::Command, path: &str) {
            for a in cmd.get_arguments() {
                let id = a.get_id().as_str();
                if matches!(id, "help" | "version") || a.is_hide_set() {
                    continue;
                }
                assert!(a.get_help().is_some(), "{path} {id} has no help text");
            }
            for sub in cmd.get_subcommands() {
                assert!(
                    sub.get_about().is_some(),
                    "{path} {} has no help",
                    sub.get_name()
                );
                check(sub, &format!("{path} {}", sub.get_name()));
            }
        }
        check(&<Cli as clap::CommandFactory>::command(), "guerrilla-arena");
    }
}
