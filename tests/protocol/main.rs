//! The protocol, through the real binary (`target/…/guerrilla` over stdin/stdout), one file per
//! command or family of commands (protocol.md §§ 3–4), then the whole-document checks:
//! * `ugi.rs` — `ugi`, `isready`, `setoption`, `uginewgame`;
//! * `position.rs` — `position`; `go.rs` — `go`, `stop`, the end of the input;
//! * `legal.rs`, `step.rs` (`step`, `undo`, what each step removed), `expand.rs` (`expand`,
//!   `play`), `describe.rs` (why the game ended), `history.rs`, `geometry.rs`, `perft.rs`;
//! * `clicks.rs` — clicks become steps as doc/guide-gui.md tells a GUI;
//! * `analysis.rs` — what input during a search does, pondering; `multipv.rs` — `MultiPV`,
//!   `ShowWDL`, `searchmoves`;
//! * `errors.rs` — bad input of every kind; `games.rs` — whole refereed games;
//! * `testgames.rs` — the test game `--test-games` offers, played as a GUI plays a game;
//! * `tokens.rs` — every printed turn token parses back (property tests);
//! * `transcripts.rs` — golden sessions in `tests/transcripts/`;
//! * `docs.rs` — every code block of every markdown file runs or is checked (doc/examples.md);
//! * `fuzz.rs`, `soak.rs` — random and mutated input, long series of games (bounded here; see
//!   each file for its long mode);
//! * `worst.rs` — every command on the worst cases of both games (`tests/data/worst-cases.txt`),
//!   within the time and memory bounds of protocol.md.
//!
//! `harness.rs` drives the binary with a time-out on every wait; `answers.rs` reads the answers
//! that apply steps, strictly by their grammar.

mod answers;
mod harness;

mod analysis;
mod clicks;
mod describe;
mod docs;
mod errors;
mod expand;
mod fuzz;
mod games;
mod geometry;
mod go;
mod history;
mod legal;
mod multipv;
mod perft;
mod position;
mod soak;
mod step;
mod testgames;
mod tokens;
mod transcripts;
mod ugi;
mod worst;

#[path = "../support/tools.rs"]
mod tools;
