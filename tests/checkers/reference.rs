//! The rules core against `tests/reference/checkers_ref.py`, an independent implementation of
//! GC1–GC6 in Python that shares no code with the engine: every "reference" block of
//! `tests/data/checkers.perft` (positions reached by moves from the start) is counted by the
//! engine, and the smaller ones by the Python reference too, run here.

use std::process::Command;

use guerrilla::checkers::Checkers;
use guerrilla::game::prelude::*;

use crate::perft::cases;

/// The reference runs on the cases up to this many leaves (each about half a second).
const PYTHON_LIMIT: u64 = 10_000;

/// The reference's count of `depth` turns after `moves` from the start, `None` when no
/// `python3` is on this machine.
fn python_perft(depth: u32, moves: &[String]) -> Option<u64> {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/reference/checkers_ref.py"
    );
    let out = Command::new("python3")
        .arg(script)
        .arg("perft")
        .arg(depth.to_string())
        .args(moves)
        .output()
        .ok()?;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .expect("a count"),
    )
}

#[test]
fn perft_matches_the_independent_reference() {
    let reference: Vec<_> = cases()
        .into_iter()
        .filter(|c| !c.moves.is_empty())
        .collect();
    assert!(
        reference.len() >= 20,
        "the data file lost its reference cases"
    );
    let mut by_python = 0;
    for c in &reference {
        let pos: Checkers = c.position(&Default::default()).unwrap();
        assert_eq!(
            pos.perft(c.depth, None).unwrap(),
            c.nodes,
            "line {}",
            c.line
        );
        if c.nodes <= PYTHON_LIMIT {
            match python_perft(c.depth, &c.moves) {
                Some(n) => {
                    assert_eq!(n, c.nodes, "the reference disagrees on line {}", c.line);
                    by_python += 1;
                }
                None => {
                    return crate::tools::missing_tool(
                        "python3",
                        "apt-get install python3",
                        "the Python reference's counts",
                    )
                }
            }
        }
    }
    assert!(
        by_python >= 10,
        "only {by_python} cases small enough for the reference"
    );
}
