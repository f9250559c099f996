//! The statistics a match prints, against the real engine: the SPRT's model named before the
//! first game, in every interim line and in the JSON; figures that are numbers or bounds,
//! never `nan` or `inf` (all-even pairs, an engine scoring 100 % and 0 %, the rank table);
//! the three formats of `--output`.
//!
//! `GUERRILLA_ARENA_UNDER_TEST=<binary>` runs them against another build.

mod common;

use common::{arena, engine, temp, two_seeds};

const FAULT: &str = env!("CARGO_BIN_EXE_arena-fault-engine");

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The words of `args` then `extra`, as owned strings.
fn line(args: &[String], extra: &[&str]) -> Vec<String> {
    args.iter()
        .cloned()
        .chain(extra.iter().map(|s| s.to_string()))
        .collect()
}

/// No figure of the text is `nan` or infinite, in any spelling.
fn assert_numbers(what: &str, text: &str) {
    let lower = text.to_lowercase();
    for bad in ["nan", "inf"] {
        assert!(
            !lower
                .split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| w == bad || w == "infinity"),
            "{what} prints '{bad}':\n{text}"
        );
    }
}

fn json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("json file")).expect("valid JSON")
}

/// The model is named before the first game (with the bounds' meaning), in every interim LLR
/// line and in the JSON; without `model=` it is normalized Elo, fastchess's default.
#[test]
fn the_sprt_model_is_named_before_the_first_game_in_interim_lines_and_in_the_json() {
    let d = temp("sprt-model");
    for (given, model) in [
        (None, "normalized"),
        (Some("model=logistic"), "logistic"),
        (Some("model=bayesian"), "bayesian"),
    ] {
        let j = d.join(format!("{model}.json"));
        let mut sprt = vec!["--sprt", "elo0=0", "elo1=5"];
        sprt.extend(given);
        let args = line(
            &two_seeds(),
            &[
                "--games",
                "4",
                "--tc",
                "nodes=20",
                "--no-progress",
                "--rating-interval",
                "1",
                "--json",
                j.to_str().unwrap(),
            ],
        );
        let args = line(&args, &sprt);
        let (code, stdout, stderr) = arena(&strs(&args));
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        let first = stdout.lines().next().unwrap_or_default();
        assert!(
            first.starts_with(&format!("SPRT: elo0=0 elo1=5 model={model} (")),
            "{model}: the first line is '{first}'"
        );
        let interims = stderr.matches("Interim after ").count();
        assert_eq!(interims, 4, "{stderr}");
        let named = stderr
            .lines()
            .filter(|l| l.starts_with("LLR: ") && l.ends_with(&format!("] {model}")))
            .count();
        assert_eq!(named, interims, "{model}: {stderr}");
        assert!(
            stdout.contains(&format!("] {model}\n"))
                && stdout.contains(&format!("(model={model} ")),
            "{stdout}"
        );
        assert_eq!(json(&j)["sprt"]["sprt"]["model"], model);
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// One engine against itself, the same command: every pair is one game played twice, so every
/// pair is even. The interval is ±0.0, the LOS 50 %, the normalized Elo 0.0 ± 0.0.
#[test]
fn all_even_pairs_print_numbers() {
    let d = temp("even");
    let j = d.join("s.json");
    let e = engine().display().to_string();
    let (code, stdout, stderr) = arena(&[
        "--engine1",
        &e,
        "--engine2",
        &e,
        "--games",
        "4",
        "--tc",
        "nodes=20",
        "--no-progress",
        "--rating-interval",
        "2",
        "--sprt",
        "elo0=0",
        "elo1=5",
        "--json",
        j.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("Ptnml(0-2): [0, 0, 2, 0, 0]"), "{stdout}");
    assert!(
        stdout.contains("Elo difference: 0.0 +/- 0.0, LOS: 50.0 %")
            && stdout.contains("nElo: 0.0 +/- 0.0"),
        "{stdout}"
    );
    assert_numbers("stdout", &stdout);
    assert_numbers("stderr", &stderr);
    let text = std::fs::read_to_string(&j).unwrap();
    assert_numbers("the JSON", &text);
    let v = json(&j);
    assert_eq!(v["pairings"][0]["elo_error"], 0.0);
    assert_eq!(v["pairings"][0]["los"], 0.5);
    let _ = std::fs::remove_dir_all(&d);
}

/// An engine whose first move is illegal loses every game: its opponent scores 100 %, whose
/// Elo has no maximum-likelihood estimate: `> 800`, LOS 100 %, and `null` in the JSON. In a
/// match of three, the rank table says `< -800` for it.
#[test]
fn an_engine_scoring_everything_or_nothing_prints_bounds() {
    let d = temp("one-sided");
    let e = format!("cmd={}", engine().display());
    let bad = format!("cmd={FAULT} --fault illegal --at 1");
    let j = d.join("two.json");
    let (code, stdout, stderr) = arena(&[
        "--engine",
        "name=good",
        &e,
        "--engine",
        "name=bad",
        &bad,
        "--games",
        "4",
        "--tc",
        "nodes=20",
        "--no-progress",
        "--rating-interval",
        "1",
        "--json",
        j.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("Score of good vs bad: 4 - 0 - 0  [1.000] 4")
            && stdout.contains("Elo difference: > 800, LOS: 100.0 %")
            && stdout.contains("nElo: > 800"),
        "{stdout}"
    );
    assert_numbers("stdout", &stdout);
    assert_numbers("stderr", &stderr);
    let text = std::fs::read_to_string(&j).unwrap();
    assert_numbers("the JSON", &text);
    let v = json(&j);
    assert!(v["pairings"][0]["elo"].is_null(), "{text}");
    assert_eq!(v["pairings"][0]["los"], 1.0);

    let j = d.join("three.json");
    let (code, stdout, stderr) = arena(&[
        "--engine",
        "name=good",
        &e,
        "--engine",
        "name=other",
        &e,
        "option.Seed=2",
        "--engine",
        "name=bad",
        &bad,
        "--games",
        "2",
        "--tc",
        "nodes=20",
        "--no-progress",
        "--json",
        j.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let row = stdout
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("bad"))
        .unwrap_or_else(|| panic!("no rank row for bad:\n{stdout}"));
    assert!(row.contains("< -800") && row.contains("0.0%"), "{row}");
    assert_numbers("stdout", &stdout);
    let text = std::fs::read_to_string(&j).unwrap();
    assert_numbers("the JSON", &text);
    let v = json(&j);
    let bad_rank = v["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "bad")
        .unwrap();
    assert!(
        bad_rank["elo"].is_null() && bad_rank["elo_error"].is_null(),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// `-output format=fastchess` prints fastchess's block, `format=cutechess` cutechess-cli's
/// lines with its SPRT line; both at the end and in the interim reports.
#[test]
fn output_formats_of_fastchess_and_cutechess() {
    let base = line(
        &two_seeds(),
        &[
            "-games",
            "2",
            "-tc",
            "nodes=20",
            "-no-progress",
            "-ratinginterval",
            "2",
            "-sprt",
            "elo0=0",
            "elo1=5",
        ],
    );
    let (code, stdout, stderr) = arena(&strs(&line(&base, &["-output", "format=fastchess"])));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    for text in [&stdout, &stderr] {
        assert!(
            text.contains("--------------------------------------------------\nResults of engine1 vs engine2:\nElo: ")
                && text.contains("LOS: ")
                && text.contains("\nLLR: ")
                && text.contains("] normalized\n"),
            "{text}"
        );
        assert!(!text.contains("Score of "), "{text}");
    }
    let (code, stdout, stderr) = arena(&strs(&line(&base, &["-output", "format=cutechess"])));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    for text in [&stdout, &stderr] {
        assert!(
            text.contains("Score of engine1 vs engine2: ")
                && text.contains("\nElo difference: ")
                && text.contains("\nSPRT: llr ")
                && text.contains(", model normalized\n"),
            "{text}"
        );
        assert!(
            !text.contains("Ptnml") && !text.contains("\nLLR: "),
            "{text}"
        );
    }
}
