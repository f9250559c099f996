//! The `perft` and `rules-bench` subcommands for Guerrilla: divide lines, the W1 board side
//! and W6 turn limit from the command line, errors on stderr, and a reader that stops early.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_guerrilla"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn perft(args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["perft", "--game", "guerrilla"];
    all.extend_from_slice(args);
    run(&all)
}

#[test]
fn perft_divide_from_the_empty_board() {
    let (code, out, err) = perft(&["--depth", "1"]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // W3/W7: 132 placements within four lines of the edge, and the pass.
    assert_eq!(lines.len(), 134);
    assert_eq!(lines[133], "Nodes searched: 133");
    assert!(lines.contains(&"pass: 1"));
    for l in &lines[..133] {
        let (token, count) = l.split_once(": ").unwrap();
        assert!(token == "pass" || token.starts_with('*'), "{l}");
        assert_eq!(count, "1");
    }
}

#[test]
fn perft_board_side_and_turn_limit() {
    // tests/data/wells.perft: the empty side-4 board gives 38, then 1227.
    let (code, out, _) = perft(&["--depth", "2", "--board-side", "4"]);
    assert_eq!(code, Some(0));
    assert!(out.ends_with("Nodes searched: 1227\n"), "{out}");
    // W6: with a limit of one turn the game is over after White's first turn.
    let (_, out, _) = perft(&["--depth", "1", "--board-side", "4", "--turn-limit", "1"]);
    assert!(out.ends_with("Nodes searched: 38\n"), "{out}");
    // One level deeper: each of the 38 turns leads to a finished game, which has no leaves.
    let (_, out, _) = perft(&["--depth", "2", "--board-side", "4", "--turn-limit", "1"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 39);
    assert!(lines[..38].iter().all(|l| l.ends_with(": 0")), "{out}");
    assert_eq!(lines[38], "Nodes searched: 0");
}

#[test]
fn perft_bad_arguments_and_positions() {
    for args in [
        &["--depth", "1", "--board-side", "13"][..],
        &["--depth", "1", "--turn-limit", "0"],
        &["--depth", "x"],
    ] {
        let (code, out, err) = perft(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("error:"), "{err}");
    }
    let (code, out, err) = perft(&[
        "--depth",
        "1",
        "--turn-limit",
        "3",
        "--position",
        "4 ..../...../....../......./....../...../.... w 5 0",
    ]);
    assert_eq!(code, Some(1));
    assert!(out.is_empty(), "stdout stays clean: {out}");
    assert!(err.contains("beyond the turn limit 3 (W6)"), "{err}");
}

/// `guerrilla perft … | head -1`: the engine must not panic when its reader goes away.
#[test]
fn perft_reader_closing_early_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_guerrilla"))
        // 31,947 divide lines (tests/data/wells.perft), far more than a pipe holds.
        .args(["perft", "--game", "guerrilla", "--depth", "1", "--position"])
        .arg("5 WW.../....WW/...WW../.......W/..BB....W/.......W/......./B....W/..BB. b 8 0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.ends_with(": 1\n"), "{first}");
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bench_prints_games_per_second_and_perft_speed() {
    let (code, out, err) = run(&["rules-bench", "--game", "guerrilla", "--seconds", "0.2"]);
    assert_eq!(code, Some(0), "{err}");
    let field = |name: &str| -> f64 {
        let line = out
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("no {name} in {out}"));
        line.parse().unwrap()
    };
    assert_eq!(field("perft depth"), 2.0);
    assert_eq!(field("perft nodes"), 21776.0);
    assert!(field("perft runs") >= 1.0);
    assert!(field("perft nodes/second") > 0.0);
    assert!(field("random games") >= 1.0);
    assert!(field("random game steps") > field("random games"));
    assert!(field("random games/second") > 0.0);
}

/// A turn too large to enumerate within the memory budget (W7): one error line on stderr and
/// exit status 1, after about 15 s and 1 GiB, never an engine killed for its memory.
#[test]
fn perft_of_a_turn_too_large_to_enumerate_fails_cleanly() {
    let huge = "6 .BBW.B/...W.B./.WW..B../..WW.X.W./XW.....W../XW..BB...../.W..B.WW../W....XW../.B..B.../...BB.B/..B..B w 17 0";
    let (code, out, err) = perft(&["--depth", "1", "--position", huge]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        err,
        format!(
            "error: perft gave up: one turn from '{huge}' reaches more distinct states than fit \
             in 1024 MiB (W7)\n"
        )
    );
}
