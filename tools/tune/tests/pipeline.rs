//! The pipeline on the sample data of `tools/tune/data/`: records replayed into the positions
//! file kept beside them, and each fit and the calibration run on it.

use std::path::PathBuf;
use std::process::Command;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

fn tune(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_guerrilla-tune"))
        .args(args)
        .output()
        .expect("run guerrilla-tune");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn samples() -> Vec<String> {
    [
        "sample-checkers.pgn",
        "sample-guerrilla-5.pgn",
        "sample-guerrilla-8.pgn",
    ]
    .iter()
    .map(|f| data(f).display().to_string())
    .collect()
}

/// `extract` gives exactly the sample positions file: one line per recorded move, each game's
/// moves replayed by the rules library from its opening.
#[test]
fn extract_gives_the_sample_positions() {
    let files = samples();
    let args: Vec<&str> = std::iter::once("extract")
        .chain(files.iter().map(String::as_str))
        .collect();
    let got = tune(&args);
    let want = std::fs::read_to_string(data("sample.tsv")).unwrap();
    assert_eq!(got, want);
    let lines: Vec<&str> = got.lines().skip(1).collect();
    // 4 Guerrilla Checkers games of 64, 64, 64 and 59 plies; 4 Guerrilla games.
    let checkers = lines
        .iter()
        .filter(|l| l.starts_with("guerrilla-checkers\t"))
        .count();
    assert_eq!(checkers, 64 + 64 + 64 + 59);
    for l in &lines {
        let f: Vec<&str> = l.split('\t').collect();
        assert_eq!(f.len(), 8, "{l}");
        assert!(["1", "0", "-1"].contains(&f[5]), "{l}");
    }
}

/// A record whose move is illegal is refused with the game and the reason.
#[test]
fn extract_refuses_an_illegal_move() {
    let text = std::fs::read_to_string(data("sample-checkers.pgn")).unwrap();
    let bad = text.replacen("1... ", "1... h8-a1 ", 1);
    let dir = std::env::temp_dir().join(format!("tune-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.pgn");
    std::fs::write(&path, bad).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_guerrilla-tune"))
        .args(["extract", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: bad:1: "), "{err}");
}

/// Each fit lowers the loss on the games it was fitted on, and prints its constants.
#[test]
fn fits_lower_the_loss() {
    let sample = data("sample.tsv").display().to_string();
    for (game, model, constants) in [
        ("guerrilla-checkers", "base", "WEIGHTS = ["),
        ("guerrilla-checkers", "per-side", "WEIGHTS_COIN = ["),
        ("guerrilla", "base", "LN_SPREAD = ["),
        ("guerrilla", "slopes", "WEIGHTS_PER_SIDE = ["),
    ] {
        let out = tune(&["fit", "--game", game, "--model", model, &sample]);
        let line = out
            .lines()
            .find(|l| l.starts_with("fitted on all: loss "))
            .unwrap_or_else(|| panic!("{out}"));
        // "fitted on all: loss A B (this build C D)"
        let nums: Vec<f64> = line
            .split([' ', '(', ')'])
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(nums.len(), 4, "{line}");
        assert!(nums[0] < nums[2], "{game} {model}: {line}");
        assert!(out.contains(constants), "{out}");
    }
}

/// The calibration table has its ten bins, and the map fitted on all is printed.
#[test]
fn calibrate_prints_the_table_and_the_map() {
    let sample = data("sample.tsv").display().to_string();
    let out = tune(&[
        "calibrate",
        "--game",
        "guerrilla-checkers",
        "--fit",
        &sample,
    ]);
    assert_eq!(out.matches("| [-1.0,-0.8) |").count(), 3, "{out}");
    assert!(out.contains("| [+0.8,+1.0] |"), "{out}");
    assert!(out.contains("SCORE_MAP fitted on all: [["), "{out}");
    let err = Command::new(env!("CARGO_BIN_EXE_guerrilla-tune"))
        .args([
            "calibrate",
            "--game",
            "guerrilla",
            "--played-map",
            "1,2",
            &sample,
        ])
        .output()
        .unwrap();
    assert!(!err.status.success());
    assert!(String::from_utf8_lossy(&err.stderr).contains("expected a map"));
}

/// A reader that closes stdout early (`guerrilla-tune … | head`) ends each command quietly: no
/// panic, no error line, a success status. The pipe's reading end is closed before the
/// command starts, so its first write already fails.
#[test]
fn a_closed_stdout_ends_the_command_quietly() {
    let sample = data("sample.tsv").display().to_string();
    let files = samples();
    let mut extract = vec!["extract"];
    extract.extend(files.iter().map(String::as_str));
    for args in [
        extract,
        vec!["fit", "--game", "guerrilla", &sample],
        vec![
            "calibrate",
            "--game",
            "guerrilla-checkers",
            "--fit",
            &sample,
        ],
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_guerrilla-tune"))
            .args(&args)
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("run guerrilla-tune");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        assert!(
            err.lines()
                .all(|l| !l.contains("panicked") && !l.starts_with("error")),
            "{args:?}: {err}"
        );
    }
}
