//! `guerrilla-tune`: the tuning pipeline's commands (see README.md beside this crate).
//!
//! * `extract RECORDS… [--out FILE]` — the positions of the arena's records, with outcomes;
//! * `fit --game G DATA… [--model M]` — each game's evaluation fitted to those outcomes (the
//!   Texel method: the log-loss of the evaluation's chance of a win, by L-BFGS);
//! * `calibrate --game G DATA… [--fit]` — the calibration table of the recorded scores, and the
//!   score map refitted.

mod calib;
mod data;
mod fit;
mod models;
mod records;

use std::fs::File;
use std::io::{BufReader, BufWriter, ErrorKind, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use guerrilla::checkers::FEATURE_NAMES;
use guerrilla::wells::TERM_NAMES;
use guerrilla::{GameKind, Side};

use crate::fit::Model;
use crate::models::{CheckersModel, MapModel, WellsModel, WELLS_BASE};
use crate::records::Position;

#[derive(Parser)]
#[command(
    name = "guerrilla-tune",
    about = "The tuning pipeline of the guerrilla engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay the games of records files (guerrilla-arena --records) into a positions file.
    Extract {
        /// Records files.
        #[arg(required = true)]
        records: Vec<PathBuf>,
        /// Positions file to write (default: stdout).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Fit a game's evaluation to the outcomes of positions files.
    Fit {
        #[arg(long)]
        game: GameKind,
        /// Positions files.
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// The model: `base` (the evaluation's own terms), `slopes` (Guerrilla: each weight
        /// linear in the board side), `per-side` (Guerrilla Checkers: weights per side to move).
        #[arg(long, value_enum, default_value_t = ModelKind::Base)]
        model: ModelKind,
        /// Pull of the fitted parameters towards the build's (per parameter, on the loss).
        #[arg(long, default_value_t = 0.0)]
        ridge: f64,
        #[arg(long, default_value_t = 300)]
        max_iters: u64,
    },
    /// The calibration table of the recorded scores; with --fit, the score map refitted.
    Calibrate {
        #[arg(long)]
        game: GameKind,
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// The score map of the build that played the games, `a,b,c/a,b,c` (p1, then p2):
        /// the raw values are read back from the recorded scores through it (default: this
        /// build's map).
        #[arg(long)]
        played_map: Option<String>,
        /// Refit the map on one half of the games, show it on the other, and fit it on all.
        #[arg(long)]
        fit: bool,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ModelKind {
    Base,
    Slopes,
    PerSide,
}

/// Why a command stopped early.
enum Fail {
    /// An error, for stderr.
    Error(String),
    /// stdout was closed by its reader (`guerrilla-tune … | head`): the rest is not wanted.
    Closed,
}

impl From<String> for Fail {
    fn from(e: String) -> Fail {
        Fail::Error(e)
    }
}

impl From<std::io::Error> for Fail {
    fn from(e: std::io::Error) -> Fail {
        if e.kind() == ErrorKind::BrokenPipe {
            Fail::Closed
        } else {
            Fail::Error(format!("writing the output: {e}"))
        }
    }
}

/// `println!` on stdout, returning from the function with [`Fail`] when the write fails (a
/// closed pipe ends the command quietly instead of panicking).
macro_rules! say {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*).map_err(Fail::from)?
    };
}

/// `print!` on stdout, as [`say!`].
macro_rules! say_str {
    ($text:expr) => {
        std::io::stdout()
            .lock()
            .write_all($text.as_bytes())
            .map_err(Fail::from)?
    };
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) | Err(Fail::Closed) => ExitCode::SUCCESS,
        Err(Fail::Error(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), Fail> {
    match cli.command {
        Command::Extract { records, out } => extract(&records, out),
        Command::Fit {
            game,
            data,
            model,
            ridge,
            max_iters,
        } => fit_command(game, &load(&data, game)?, model, ridge, max_iters),
        Command::Calibrate {
            game,
            data,
            played_map,
            fit,
        } => calibrate(game, &load(&data, game)?, played_map.as_deref(), fit),
    }
}

fn extract(files: &[PathBuf], out: Option<PathBuf>) -> Result<(), Fail> {
    let mut all = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let recs = records::parse(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        let stem = f
            .file_stem()
            .map(|s| s.to_string_lossy().trim_end_matches(".pgn").to_string())
            .unwrap_or_default();
        let ps = records::positions(&recs, &stem)?;
        eprintln!(
            "{}: {} games, {} positions",
            f.display(),
            recs.games.len(),
            ps.len()
        );
        all.extend(ps);
    }
    match out {
        Some(path) => {
            let write_err = |e: std::io::Error| format!("{}: {e}", path.display());
            let mut w = BufWriter::new(File::create(&path).map_err(write_err)?);
            data::write(&mut w, &all).map_err(write_err)?;
            Ok(w.flush().map_err(write_err)?)
        }
        None => Ok(data::write(&mut std::io::stdout().lock(), &all)?),
    }
}

fn load(files: &[PathBuf], game: GameKind) -> Result<Vec<Position>, String> {
    let mut all = Vec::new();
    for f in files {
        let file = File::open(f).map_err(|e| format!("{}: {e}", f.display()))?;
        all.extend(data::read(BufReader::new(file)).map_err(|e| format!("{}: {e}", f.display()))?);
    }
    let ps = data::of_game(all, game);
    if ps.is_empty() {
        return Err(format!("no position of {game} in the data"));
    }
    Ok(ps)
}

/// Splits positions into the train half and the test half ([`data::in_test_half`]).
fn halves(ps: &[Position]) -> (Vec<Position>, Vec<Position>) {
    ps.iter().cloned().partition(|p| !data::in_test_half(p))
}

fn games_in(ps: &[Position]) -> usize {
    let mut s: Vec<&str> = ps.iter().map(|p| p.source.as_str()).collect();
    s.sort_unstable();
    s.dedup();
    s.len()
}

fn fit_command(
    game: GameKind,
    ps: &[Position],
    kind: ModelKind,
    ridge: f64,
    max_iters: u64,
) -> Result<(), Fail> {
    let (train, test) = halves(ps);
    say!(
        "{game}: {} positions of {} games (train {} of {}, test {} of {})",
        ps.len(),
        games_in(ps),
        train.len(),
        games_in(&train),
        test.len(),
        games_in(&test)
    );
    let build = |ps: &[Position]| -> Result<Box<dyn Model>, String> {
        Ok(match game {
            GameKind::Wells => Box::new(WellsModel::from_positions(ps, kind == ModelKind::Slopes)?),
            GameKind::Checkers => Box::new(CheckersModel::from_positions(
                ps,
                kind == ModelKind::PerSide,
            )?),
        })
    };
    let start = match game {
        GameKind::Wells => WellsModel::from_positions(&[], kind == ModelKind::Slopes)?.start(),
        GameKind::Checkers => {
            CheckersModel::from_positions(&[], kind == ModelKind::PerSide)?.start()
        }
    };
    let ridged: Vec<bool> = start.iter().map(|_| true).collect();
    let (mtrain, mtest) = (build(&train)?, build(&test)?);
    let theta = fit::minimise(mtrain.as_ref(), &start, ridge, &ridged, max_iters)?;
    let current = |ps: &[Position]| -> Result<(f64, f64), String> {
        // The build's own evaluation (for Guerrilla its weights on each row's board).
        let (logits, targets): (Vec<f64>, Vec<f64>) = match game {
            GameKind::Wells => {
                let m = WellsModel::from_positions(ps, false)?;
                (
                    m.current_logits(),
                    m.rows.iter().map(|r| r.target).collect(),
                )
            }
            GameKind::Checkers => {
                let m = CheckersModel::from_positions(ps, false)?;
                let t = m.start();
                (
                    (0..m.rows()).map(|i| m.logit(&t, i, None)).collect(),
                    m.rows.iter().map(|r| r.target).collect(),
                )
            }
        };
        Ok(losses(&logits, &targets))
    };
    let (ctr, cte) = (current(&train)?, current(&test)?);
    let (ftr, fte) = (
        fitted_at(mtrain.as_ref(), &theta),
        fitted_at(mtest.as_ref(), &theta),
    );
    say!("loss (cross-entropy, Texel MSE of the expected result):");
    say!(
        "  this build: train {:.5} {:.5}, test {:.5} {:.5}",
        ctr.0,
        ctr.1,
        cte.0,
        cte.1
    );
    say!(
        "  fitted on the train half: train {:.5} {:.5}, test {:.5} {:.5}",
        ftr.0,
        ftr.1,
        fte.0,
        fte.1
    );
    let all = build(ps)?;
    let theta_all = fit::minimise(all.as_ref(), &start, ridge, &ridged, max_iters)?;
    let (fa, ca) = (fitted_at(all.as_ref(), &theta_all), current(ps)?);
    say!(
        "fitted on all: loss {:.5} {:.5} (this build {:.5} {:.5})",
        fa.0,
        fa.1,
        ca.0,
        ca.1
    );
    print_params(game, kind, &theta_all)
}

fn fitted_at(m: &dyn Model, theta: &[f64]) -> (f64, f64) {
    let logits: Vec<f64> = (0..m.rows()).map(|i| m.logit(theta, i, None)).collect();
    let targets: Vec<f64> = (0..m.rows()).map(|i| m.target(i)).collect();
    losses(&logits, &targets)
}

/// Mean cross-entropy and mean squared error of the expected result, from logits.
fn losses(logits: &[f64], targets: &[f64]) -> (f64, f64) {
    let n = logits.len().max(1) as f64;
    let (mut ce, mut se) = (0.0, 0.0);
    for (&z, &y) in logits.iter().zip(targets) {
        let p = (1.0 / (1.0 + (-z).exp())).clamp(1e-12, 1.0 - 1e-12);
        ce -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        let e = 2.0 * p - 1.0;
        let r = 2.0 * y - 1.0;
        se += (e - r) * (e - r);
    }
    (ce / n, se / n)
}

fn print_params(game: GameKind, kind: ModelKind, t: &[f64]) -> Result<(), Fail> {
    let list = |v: &[f64]| {
        v.iter()
            .map(|x| format!("{x:.3}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let list4 = |v: &[f64]| {
        v.iter()
            .map(|x| format!("{x:.4}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match game {
        GameKind::Wells => {
            say!("parameters (weights at side 8; score's weight is 1):");
            for (k, name) in TERM_NAMES.iter().enumerate().skip(1) {
                let slope = if kind == ModelKind::Slopes {
                    format!(" {:+.3}/side", t[WELLS_BASE + k - 1])
                } else {
                    String::new()
                };
                say!("  {name:<13} {:+.3}{slope}", t[k - 1]);
            }
            let n = TERM_NAMES.len();
            for (j, name) in ["spread_end", "spread_per_turn"].iter().enumerate() {
                let slope = if kind == ModelKind::Slopes {
                    format!(" ×{:.4}/side", t[WELLS_BASE + n - 1 + j].exp())
                } else {
                    String::new()
                };
                say!("  {name:<13} {:.4}{slope}", t[n - 1 + j].exp());
            }
            let mut w = vec![1.0];
            w.extend_from_slice(&t[..n - 1]);
            say!("WEIGHTS = [{}]", list(&w));
            say!("LN_SPREAD = [{}]", list4(&t[n - 1..n + 1]));
            if kind == ModelKind::Slopes {
                let mut s = vec![0.0];
                s.extend_from_slice(&t[WELLS_BASE..WELLS_BASE + n - 1]);
                say!("WEIGHTS_PER_SIDE = [{}]", list(&s));
                say!("LN_SPREAD_PER_SIDE = [{}]", list4(&t[WELLS_BASE + n - 1..]));
            }
        }
        GameKind::Checkers => {
            let f = FEATURE_NAMES.len();
            for (k, name) in FEATURE_NAMES.iter().enumerate() {
                if kind == ModelKind::PerSide {
                    say!("  {name:<26} {:+.3} {:+.3}", t[k], t[f + k]);
                } else {
                    say!("  {name:<26} {:+.3}", t[k]);
                }
            }
            say!("WEIGHTS = [{}]", list(&t[..f]));
            if kind == ModelKind::PerSide {
                say!("WEIGHTS_COIN = [{}]", list(&t[f..]));
            }
        }
    }
    Ok(())
}

fn parse_map(text: &str) -> Result<[[f64; 3]; 2], String> {
    let bad = || format!("expected a map 'a,b,c/a,b,c' but got '{text}'");
    let mut out = [[0.0; 3]; 2];
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != 2 {
        return Err(bad());
    }
    for (s, part) in parts.iter().enumerate() {
        let v: Vec<f64> = part
            .split(',')
            .map(|x| x.trim().parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        out[s] = v.try_into().map_err(|_| bad())?;
    }
    Ok(out)
}

/// The positions with a numeric recorded score: `(score, result, mover)`.
fn scored(ps: &[Position]) -> Vec<(f64, f64, Side)> {
    ps.iter()
        .filter_map(|p| Some((p.score.parse::<f64>().ok()?, p.result, p.mover)))
        .collect()
}

fn calibrate(
    game: GameKind,
    ps: &[Position],
    played_map: Option<&str>,
    fit: bool,
) -> Result<(), Fail> {
    let map = match played_map {
        Some(t) => parse_map(t)?,
        None => match game {
            GameKind::Wells => guerrilla::wells::SCORE_MAP,
            GameKind::Checkers => guerrilla::checkers::SCORE_MAP,
        },
    };
    let all = scored(ps);
    say!(
        "{game}: the recorded scores, {} games ({} positions with a score that is not proven)",
        games_in(ps),
        all.len()
    );
    let pairs: Vec<(f64, f64)> = all.iter().map(|&(s, r, _)| (s, r)).collect();
    say_str!(calib::table(&pairs));
    if !fit {
        return Ok(());
    }
    let raw_rows = |ps: &[Position]| -> [Vec<(f64, f64)>; 2] {
        let mut rows = [Vec::new(), Vec::new()];
        for (s, r, side) in scored(ps) {
            if let Some(raw) = models::invert_map(&map[side.index()], s) {
                rows[side.index()].push((raw, (r + 1.0) / 2.0));
            }
        }
        rows
    };
    let fit_map = |rows: &[Vec<(f64, f64)>; 2]| -> Result<[[f64; 3]; 2], String> {
        let mut out = map;
        for s in 0..2 {
            let m = MapModel {
                rows: rows[s].clone(),
            };
            let t = fit::minimise(&m, &map[s], 0.0, &[false; 3], 300)?;
            out[s] = [t[0], t[1], t[2]];
        }
        Ok(out)
    };
    let (train, test) = halves(ps);
    let fitted = fit_map(&raw_rows(&train))?;
    let test_rows = raw_rows(&test);
    let mapped: Vec<(f64, f64)> = (0..2)
        .flat_map(|s| {
            test_rows[s].iter().map(move |&(raw, y)| {
                (
                    (models::map_logit(&fitted[s], raw) / 2.0).tanh(),
                    2.0 * y - 1.0,
                )
            })
        })
        .collect();
    let before: Vec<(f64, f64)> = scored(&test).iter().map(|&(s, r, _)| (s, r)).collect();
    say!(
        "\nthe test half ({} games), scores as recorded:",
        games_in(&test)
    );
    say_str!(calib::table(&before));
    say!(
        "\nthe test half, the map refitted on the train half ({} games):",
        games_in(&train)
    );
    say_str!(calib::table(&mapped));
    let on_all = fit_map(&raw_rows(ps))?;
    say!(
        "\nSCORE_MAP fitted on all: [[{:.3}, {:.3}, {:.3}], [{:.3}, {:.3}, {:.3}]]",
        on_all[0][0],
        on_all[0][1],
        on_all[0][2],
        on_all[1][0],
        on_all[1][1],
        on_all[1][2]
    );
    Ok(())
}
