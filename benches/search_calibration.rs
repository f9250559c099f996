//! Calibration of the search's `score`, and the fit of the Guerrilla Checkers evaluation.
//!
//! ```text
//! cargo bench --bench search_calibration -- [--game guerrilla-checkers|guerrilla] [--games N]
//!     [--nodes N] [--threads N] [--opening-turns N] [--strength full|uct] [--fit] [--out FILE]
//!     [--fit-score] [--first-game N]
//! ```
//!
//! Plays `--games` self-play games (each from `--opening-turns` random turns drawn from a seed
//! of its own, then `go nodes <nodes>` by the engine's search for both sides, seed per game and
//! turn), on `--threads` threads (games are independent). At every turn start it records the
//! root `score` the search reported (the expected result for the side to move) and, at the end,
//! the game's real result for that side (1 win, 0 draw, -1 loss). It prints, per bin of `score`
//! of width 0.2, the number of positions, the mean score, the mean real result with its 95 %
//! error bar (1.96 standard errors; positions of one game are correlated, so the true error is
//! wider), and the gap. `--fit` (Guerrilla Checkers) also fits the logistic model of
//! `src/checkers/eval.rs` to the recorded positions (Newton's method on the log-likelihood with
//! a small ridge) and prints the weights to paste into `WEIGHTS`. `--fit-score` fits the
//! game's score calibration ([`Game::calibrated_score`]): per side to move, the chance that it
//! wins as `σ(a·atanh(raw) + b·raw + c)` of the search's raw value, printed as the map to
//! paste into the game's `SCORE_MAP` (fit on one set of games, check on another: `--first-game
//! N` numbers the games, and so their openings and seeds, from N).
//! `--out` writes one line per position (`score result side raw features…`).

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use guerrilla::checkers::{Checkers, FEATURE_NAMES, WEIGHTS};
use guerrilla::game::prelude::*;
use guerrilla::game::{Outcome, Side};
use guerrilla::search::{Config, Limits, Request, Searchable, Strength};
use guerrilla::wells::Wells;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// One recorded position: the search's score for the side to move, the side, the features
/// (Guerrilla Checkers) and the game's result for that side, once known.
struct Sample {
    score: f64,
    /// The search's value before the game's calibration.
    raw: f64,
    side: Side,
    features: Vec<f64>,
    result: f64,
}

struct Args {
    game: String,
    games: usize,
    nodes: u64,
    threads: usize,
    opening_turns: usize,
    strength: Strength,
    fit: bool,
    fit_score: bool,
    first_game: usize,
    out: Option<String>,
}

fn parse_args() -> Args {
    let mut a = Args {
        game: "guerrilla-checkers".into(),
        games: 400,
        nodes: 300,
        threads: 2,
        opening_turns: 2,
        strength: Strength::Full,
        fit: false,
        fit_score: false,
        first_game: 0,
        out: None,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let v = argv.get(i + 1).cloned().unwrap_or_default();
        match argv[i].as_str() {
            "--game" => a.game = v,
            "--games" => a.games = v.parse().expect("--games N"),
            "--nodes" => a.nodes = v.parse().expect("--nodes N"),
            "--threads" => a.threads = v.parse().expect("--threads N"),
            "--opening-turns" => a.opening_turns = v.parse().expect("--opening-turns N"),
            "--strength" => a.strength = Strength::from_name(&v).expect("--strength name"),
            "--out" => a.out = Some(v),
            "--first-game" => a.first_game = v.parse().expect("--first-game N"),
            "--fit-score" => {
                a.fit_score = true;
                i += 1;
                continue;
            }
            "--fit" => {
                a.fit = true;
                i += 1;
                continue;
            }
            // `cargo bench` passes `--bench`.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    a
}

/// Features of a position for the fit (Guerrilla Checkers only).
trait Features {
    fn features(&self) -> Vec<f64>;
}
impl Features for Checkers {
    fn features(&self) -> Vec<f64> {
        self.eval_features().to_vec()
    }
}
impl Features for Wells {
    fn features(&self) -> Vec<f64> {
        Vec::new()
    }
}

/// One self-play game from its seeded opening; the samples of its turn starts.
fn play<G: Game + Searchable + Features>(args: &Args, game: usize) -> Vec<Sample> {
    let mut pos = G::new(&G::Settings::default());
    let mut rng = SmallRng::seed_from_u64(0xca1b ^ game as u64);
    for _ in 0..args.opening_turns {
        while let Some(s) = pos.random_step(&mut rng) {
            pos.apply(s, None);
            if pos.at_turn_start() {
                break;
            }
        }
    }
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let config = Config {
        strength: args.strength,
        ..Config::default()
    };
    let stop = AtomicBool::new(false);
    let mut samples = Vec::new();
    let mut turn = 0u64;
    while pos.outcome().is_none() && turn < 2000 {
        let (mut score, mut raw) = (0.0, 0.0);
        let seed = (game as u64) << 20 ^ turn;
        let request = Request {
            limits: limits.clone(),
            config,
            seed,
            ..Request::new(&pos, &stop)
        };
        let answer = request.run(&mut |i| {
            let best = i.best();
            score = match best.proven {
                Some((v, _)) => v as f64,
                None => best.score,
            };
            raw = best.raw_score;
        });
        let Some(t) = answer.turn(&pos) else {
            break;
        };
        samples.push(Sample {
            score,
            raw,
            side: pos.side_to_move(),
            features: pos.features(),
            result: 0.0,
        });
        pos.play_turn(&t).expect("the search plays legal turns");
        turn += 1;
    }
    let outcome = pos.outcome();
    for s in &mut samples {
        s.result = match outcome {
            Some(Outcome::Win(w)) if w == s.side => 1.0,
            Some(Outcome::Win(_)) => -1.0,
            _ => 0.0,
        };
    }
    samples
}

fn run<G: Game + Searchable + Features>(args: &Args) -> Vec<Sample> {
    let all = Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..args.threads.max(1) {
            s.spawn(|| loop {
                let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if g >= args.games {
                    break;
                }
                let g = g + args.first_game;
                let samples = play::<G>(args, g);
                let mut all = all.lock().unwrap();
                all.push((g, samples));
                if all.len() % 50 == 0 {
                    eprintln!("{} games", all.len());
                }
            });
        }
    });
    let mut all = all.into_inner().unwrap();
    all.sort_by_key(|(g, _)| *g);
    all.into_iter().flat_map(|(_, s)| s).collect()
}

/// The calibration table: per bin of score, positions, mean score, mean result ± 95 %.
fn table(samples: &[Sample]) {
    println!("bin            n   mean_score  mean_result  +-95%   gap");
    let bins = 10;
    let mut worst: f64 = 0.0;
    for b in 0..bins {
        let lo = -1.0 + 2.0 * b as f64 / bins as f64;
        let hi = lo + 2.0 / bins as f64;
        let in_bin: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.score >= lo && (s.score < hi || (b == bins - 1 && s.score <= hi)))
            .collect();
        let n = in_bin.len();
        if n == 0 {
            println!("[{lo:+.1},{hi:+.1})  0");
            continue;
        }
        let ms = in_bin.iter().map(|s| s.score).sum::<f64>() / n as f64;
        let mr = in_bin.iter().map(|s| s.result).sum::<f64>() / n as f64;
        let var = in_bin.iter().map(|s| (s.result - mr).powi(2)).sum::<f64>() / n as f64;
        let err = 1.96 * (var / n as f64).sqrt();
        let gap = mr - ms;
        if n >= 30 {
            worst = worst.max(gap.abs());
        }
        println!("[{lo:+.1},{hi:+.1}) {n:6}   {ms:+.3}       {mr:+.3}      {err:.3}   {gap:+.3}");
    }
    println!("largest |gap| over bins with at least 30 positions: {worst:.3}");
}

/// Logistic regression of "the Guerrilla wins" on the features (the model of
/// `src/checkers/eval.rs`).
fn fit(samples: &[Sample]) -> Vec<f64> {
    let xs: Vec<(Vec<f64>, f64)> = samples
        .iter()
        .filter(|s| s.result != 0.0)
        .map(|s| {
            // The result for the Guerrilla (P1).
            let g = if s.side == Side::P1 {
                s.result
            } else {
                -s.result
            };
            (s.features.clone(), if g > 0.0 { 1.0 } else { 0.0 })
        })
        .collect();
    logistic(&xs, WEIGHTS.to_vec(), 1e-3)
}

/// The score calibration of [`guerrilla::game::score_from_map`], per side to move: "the side
/// to move wins" on `[atanh(raw), raw, 1]` (drawn games and proven positions left out).
fn fit_score(samples: &[Sample]) -> [[f64; 3]; 2] {
    let mut map = [[0.0; 3]; 2];
    for side in [Side::P1, Side::P2] {
        let xs: Vec<(Vec<f64>, f64)> = samples
            .iter()
            .filter(|s| s.side == side && s.result != 0.0 && s.raw.abs() < 1.0)
            .map(|s| {
                let x = s.raw.clamp(-0.999_999, 0.999_999);
                (
                    vec![x.atanh(), x, 1.0],
                    if s.result > 0.0 { 1.0 } else { 0.0 },
                )
            })
            .collect();
        let w = logistic(&xs, vec![1.0, 0.0, 0.0], 1e-6);
        map[side.index()] = [w[0], w[1], w[2]];
    }
    map
}

/// Logistic regression of `y` on `x` by Newton's method on the log-likelihood, with a ridge of
/// `ridge` per sample, from the weights `w`; prints the mean log-likelihood.
fn logistic(xs: &[(Vec<f64>, f64)], mut w: Vec<f64>, ridge: f64) -> Vec<f64> {
    let k = w.len();
    let ridge = ridge * xs.len() as f64;
    for _ in 0..30 {
        let mut grad = vec![0.0; k];
        let mut h = vec![vec![0.0; k]; k];
        for (x, y) in xs {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            for i in 0..k {
                grad[i] += (y - p) * x[i];
                for j in 0..k {
                    h[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        for i in 0..k {
            grad[i] -= ridge * w[i];
            h[i][i] += ridge;
        }
        let step = solve(h, grad);
        let mut moved = 0.0;
        for i in 0..k {
            w[i] += step[i];
            moved += step[i].abs();
        }
        if moved < 1e-6 {
            break;
        }
    }
    let ll: f64 = xs
        .iter()
        .map(|(x, y)| {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = (1.0 / (1.0 + (-z).exp())).clamp(1e-9, 1.0 - 1e-9);
            y * p.ln() + (1.0 - y) * (1.0 - p).ln()
        })
        .sum::<f64>()
        / xs.len() as f64;
    println!("fit on {} positions, mean log-likelihood {ll:.4}", xs.len());
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        let pivot = a[c].clone();
        for r in c + 1..n {
            let f = a[r][c] / d;
            for (x, p) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = vec![0.0; n];
    for c in (0..n).rev() {
        let s: f64 = (c + 1..n).map(|j| a[c][j] * x[j]).sum();
        x[c] = if a[c][c].abs() < 1e-12 {
            0.0
        } else {
            (b[c] - s) / a[c][c]
        };
    }
    x
}

fn main() {
    let args = parse_args();
    let t = std::time::Instant::now();
    let samples = match args.game.as_str() {
        "guerrilla" => run::<Wells>(&args),
        _ => run::<Checkers>(&args),
    };
    let wins_p1 = samples.iter().filter(|s| s.side == Side::P1).count();
    println!(
        "game {} games {} (from {}) nodes {} strength {} opening turns {}: {} positions ({} with p1 to move) in {:.0} s",
        args.game,
        args.games,
        args.first_game,
        args.nodes,
        args.strength.name(),
        args.opening_turns,
        samples.len(),
        wins_p1,
        t.elapsed().as_secs_f64()
    );
    table(&samples);
    if let Some(path) = &args.out {
        let mut f = std::fs::File::create(path).expect("--out file");
        for s in &samples {
            let feats: Vec<String> = s.features.iter().map(|x| format!("{x}")).collect();
            writeln!(
                f,
                "{} {} {} {} {}",
                s.score,
                s.result,
                if s.side == Side::P1 { "p1" } else { "p2" },
                s.raw,
                feats.join(" ")
            )
            .unwrap();
        }
    }
    if args.fit && args.game != "guerrilla" {
        let w = fit(&samples);
        for (name, x) in FEATURE_NAMES.iter().zip(&w) {
            println!("{name:28} {x:+.4}");
        }
        let list: Vec<String> = w.iter().map(|x| format!("{x:.3}")).collect();
        println!("WEIGHTS = [{}]", list.join(", "));
    }
    if args.fit_score {
        let m = fit_score(&samples);
        println!(
            "SCORE_MAP = [[{:.3}, {:.3}, {:.3}], [{:.3}, {:.3}, {:.3}]]",
            m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2]
        );
    }
}
