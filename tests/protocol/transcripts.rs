//! Golden transcripts: `tests/transcripts/<name>.in` is fed to the real binary line by
//! line; the session, as `> input` lines each followed by its output, must equal
//! `tests/transcripts/<name>.out`. Deterministic: seeded, node budgets only; the fields that
//! measure time (`time`, `nps` in `info`, `Nodes/second:`) are masked as `*`.
//!
//! Every `<name>.in` of the folder is run. After an intended change (or for a new `.in`), write
//! the outputs with `GUERRILLA_BLESS=1 cargo test --release --test protocol transcripts` and
//! review the diff (doc/guide-scripts.md).

use std::fs;
use std::path::PathBuf;

use crate::harness::Proc;

fn mask(line: &str) -> String {
    if let Some(rest) = line.strip_prefix("Nodes/second: ") {
        let _ = rest;
        return "Nodes/second: *".into();
    }
    if !line.starts_with("info depth ") {
        return line.to_string();
    }
    let mut out = Vec::new();
    let mut hide = false;
    for tok in line.split(' ') {
        out.push(if hide { "*" } else { tok });
        hide = tok == "time" || tok == "nps";
    }
    out.join(" ")
}

/// Runs one transcript and returns the session text.
fn session(input: &str) -> String {
    let mut p = Proc::spawn();
    let mut text = String::new();
    for line in input.lines() {
        if line.starts_with('#') {
            continue;
        }
        text.push_str(&format!("> {line}\n"));
        p.send(line);
        if line.trim() == "quit" {
            let (all, status) = p.finish();
            let _ = all;
            assert!(status.success());
            return text;
        }
        let go = line.trim_start().starts_with("go") && !line.contains("infinite");
        let perft = line.trim_start().starts_with("perft");
        let mut out = if go {
            // Until the bestmove, or the error line of a `go` that does not parse.
            // (a `go` that cannot search writes its error and `bestmove none` as one block).
            p.until("bestmove", |l| {
                l.starts_with("bestmove") || l.starts_with("info string error")
            })
        } else if perft {
            p.until("the perft total", |l| {
                l.starts_with("Nodes searched") || l.starts_with("info string")
            })
        } else {
            Vec::new()
        };
        // Fence with `isready` (an input `isready` is its own fence: its readyok is kept).
        if line.trim() != "isready" {
            p.send("isready");
        }
        let mut rest = p.until("readyok", |l| l == "readyok");
        if line.trim() != "isready" {
            rest.pop();
        }
        out.extend(rest);
        for l in out {
            text.push_str(&mask(&l));
            text.push('\n');
        }
    }
    p.send("quit");
    assert!(p.finish().1.success());
    text
}

fn check(name: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let input = fs::read_to_string(dir.join(format!("{name}.in"))).expect("transcript input");
    let got = session(&input);
    let expected_path = dir.join(format!("{name}.out"));
    if std::env::var_os("GUERRILLA_BLESS").is_some() {
        fs::write(&expected_path, &got).unwrap();
        return;
    }
    let expected = fs::read_to_string(&expected_path).unwrap_or_default();
    if got != expected {
        let (g, e): (Vec<&str>, Vec<&str>) = (got.lines().collect(), expected.lines().collect());
        let first = (0..g.len().max(e.len()))
            .find(|&i| g.get(i) != e.get(i))
            .unwrap_or(0);
        panic!(
            "transcript {name} differs at line {}:\n  expected: {:?}\n  got:      {:?}\n(GUERRILLA_BLESS=1 regenerates)",
            first + 1,
            e.get(first),
            g.get(first)
        );
    }
    // Deterministic: a second run gives the same text.
    assert_eq!(
        session(&input),
        got,
        "transcript {name} is not deterministic"
    );
}

/// Every transcript of `tests/transcripts/`: a new `<name>.in` is checked as soon as its
/// `<name>.out` has been written (by `GUERRILLA_BLESS=1`).
#[test]
fn every_transcript_gives_its_output() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("the transcripts folder")
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().to_string();
            name.strip_suffix(".in").map(str::to_string)
        })
        .collect();
    names.sort();
    for required in [
        "checkers_errors",
        "checkers_extensions",
        "checkers_game",
        "handshake",
        "wells_game",
    ] {
        assert!(
            names.iter().any(|n| n == required),
            "{required}.in is missing"
        );
    }
    for name in &names {
        check(name);
    }
}
