//! The rules core against `tests/reference/wells_ref.py`, an independent brute-force
//! implementation of W1–W7 in Python that shares no code with the engine: perft 1 of the
//! smaller positions of `tests/data/wells.perft`, counted by the reference, run here.

use std::process::Command;

use crate::perft::cases;

/// The reference runs on the depth-1 cases up to this many results (the largest take a few
/// seconds).
const PYTHON_LIMIT: u64 = 3_000;

/// The reference's perft of `depth` from a position string, `None` when no `python3` is on
/// this machine.
fn python_perft(depth: u32, position: &str) -> Option<u64> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/wells_ref.py");
    let out = Command::new("python3")
        .arg(script)
        .arg("perftpos")
        .arg(depth.to_string())
        .arg(position)
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
    let small: Vec<_> = cases()
        .into_iter()
        .filter(|c| c.depth == 1 && c.nodes <= PYTHON_LIMIT && c.moves.is_empty())
        .collect();
    assert!(small.len() >= 8, "the data file lost its small cases");
    for c in &small {
        match python_perft(c.depth, &c.start) {
            Some(n) => assert_eq!(n, c.nodes, "the reference disagrees on line {}", c.line),
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
