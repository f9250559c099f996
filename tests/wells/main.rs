//! Guerrilla's rules core (W1–W7), one test binary:
//! * `rules.rs` — each ruling on small positions, notation and position strings;
//! * `props.rs` — property tests: random steps, hashing, random draws' chances (the board's
//!   symmetries are tested for both games in `src/games.rs`);
//! * `perft.rs` — the known counts of `tests/data/wells.perft` and the enumeration's budget;
//! * `reference.rs` — counts checked against the independent Python reference
//!   (`tests/reference/wells_ref.py`), run by the test;
//! * `shorten.rs` — the shortest equivalent of a turn, what the engine plays: legal, the same
//!   position, no group moving only to come back;
//! * `cli.rs` — the `perft` and `rules-bench` subcommands of the binary.

mod cli;
mod perft;
mod props;
mod reference;
mod rules;
mod shorten;
#[path = "../support/tools.rs"]
mod tools;
