//! Guerrilla Checkers' rules core (GC1–GC6), one test binary:
//! * `rules.rs` — each ruling on small positions, notation and position strings;
//! * `props.rs` — property tests: steps against whole turns, hashing (the symmetries: `src/games.rs`);
//! * `perft.rs` — the known counts of `tests/data/checkers.perft`;
//! * `reference.rs` — counts checked against the independent Python reference
//!   (`tests/reference/checkers_ref.py`), run by the test;
//! * `cli.rs` — the `perft` subcommand of the binary.

mod cli;
mod perft;
mod props;
mod reference;
mod rules;
#[path = "../support/tools.rs"]
mod tools;
