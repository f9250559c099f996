//! The `perft` subcommand's output for Guerrilla Checkers.

use std::process::Command;

fn perft(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_guerrilla"))
        .args(["perft", "--game", "guerrilla-checkers"])
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn perft_divide_from_the_start() {
    let (ok, out, _) = perft(&["--depth", "2"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 85);
    assert_eq!(lines[84], "Nodes searched: 840");
    for l in &lines[..84] {
        let (token, count) = l.split_once(": ").unwrap();
        assert_eq!(token.len(), 4, "{l}");
        assert!(token
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()));
        assert_eq!(count, "10");
    }
}

#[test]
fn perft_from_a_position_and_a_bad_one() {
    let (ok, out, _) = perft(&[
        "--depth",
        "1",
        "--position",
        "8/8/8/2C5/8/8/8/8 9/9/2GG5/2GG5/9/9/9/9/9 30 C -",
    ]);
    assert!(ok);
    assert_eq!(
        out,
        "c5-b4: 1\nc5-d4: 1\nc5xb6xc7xd6xc5: 1\nc5xd6xc7xb6xc5: 1\nNodes searched: 4\n"
    );
    let (ok, out, err) = perft(&[
        "--depth",
        "1",
        "--position",
        "8/8/8/1C6/8/8/8/8 9/9/9/9/9/9/9/9/9 66 G first",
    ]);
    assert!(!ok);
    assert!(out.is_empty(), "stdout stays clean: {out}");
    assert!(err.contains("checker on a light square (b5)"), "{err}");
}

/// A game lost by an illegal move in `position` is over for `perft` as for `legal` and `go`:
/// no turn is counted.
#[test]
fn perft_after_a_loss_by_an_illegal_move_counts_nothing() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_guerrilla"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"position startpos moves D5D6 a1-b2\nperft 1\nperft 0\nquit\n")
        .unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let counts: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Nodes searched"))
        .collect();
    assert_eq!(counts, ["Nodes searched: 0", "Nodes searched: 1"], "{out}");
    assert!(
        !out.lines()
            .any(|l| l.contains(": ") && l.ends_with(": 1") && !l.starts_with("Nodes")),
        "{out}"
    );
}
