//! The players: who holds each seat (a human at this page, or the engine with its think time),
//! and what holds the engine back (a pause, a completed human turn waiting for its Confirm).
//! A seat is the unit a remote player, a clock or a stored game will attach to.

use serde::Serialize;
use serde_json::Value;

/// The think times a page may set, in milliseconds.
pub const MOVETIME: std::ops::RangeInclusive<u64> = 10..=600_000;
/// The think time of an engine seat when none is given.
pub const DEFAULT_MOVETIME: u64 = 500;

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Seat {
    /// A person at this page: the page sends the turn's steps.
    Human,
    /// The engine, with `go movetime <movetime>`.
    Engine { movetime: u64 },
}

impl Seat {
    /// A seat from the page's JSON: `{"kind": "human"}` or `{"kind": "engine", "movetime": 500}`.
    pub fn from_json(v: &Value) -> Result<Seat, String> {
        match v.get("kind").and_then(Value::as_str) {
            Some("human") => Ok(Seat::Human),
            Some("engine") => {
                let movetime = match v.get("movetime") {
                    None | Some(Value::Null) => DEFAULT_MOVETIME,
                    Some(t) => t.as_u64().filter(|t| MOVETIME.contains(t)).ok_or_else(|| {
                        format!(
                            "the engine's think time must be from {} to {} ms, not {t}",
                            MOVETIME.start(),
                            MOVETIME.end()
                        )
                    })?,
                };
                Ok(Seat::Engine { movetime })
            }
            _ => Err(format!("expected a player (human or engine) but got '{v}'")),
        }
    }
}

/// Both seats and what holds the engine back.
#[derive(Clone, Debug, Serialize)]
pub struct Players {
    pub seats: [Seat; 2],
    /// The engine plays no turn of its own while paused (but for one `advance`).
    pub paused: bool,
    /// One engine turn is allowed while paused.
    #[serde(skip)]
    pub advance_once: bool,
    /// A completed human turn waits for Confirm before an engine replies.
    pub confirm_turns: bool,
    /// The completed human turn waiting for its Confirm.
    pub awaiting_confirm: Option<String>,
}

impl Default for Players {
    fn default() -> Players {
        Players {
            seats: [
                Seat::Human,
                Seat::Engine {
                    movetime: DEFAULT_MOVETIME,
                },
            ],
            paused: false,
            advance_once: false,
            confirm_turns: false,
            awaiting_confirm: None,
        }
    }
}

impl Players {
    /// Both seats from the page's JSON (`players`: two seats), or these seats when none is
    /// given.
    pub fn parse_seats(&self, v: Option<&Value>) -> Result<[Seat; 2], String> {
        match v {
            None | Some(Value::Null) => Ok(self.seats),
            Some(Value::Array(v)) if v.len() == 2 => {
                Ok([Seat::from_json(&v[0])?, Seat::from_json(&v[1])?])
            }
            Some(other) => Err(format!("expected two players but got '{other}'")),
        }
    }

    pub fn human(&self, side: usize) -> bool {
        self.seats[side] == Seat::Human
    }

    /// The engine's think time when it may play `side`'s turn now: it holds that seat, the
    /// game is not paused (or one turn is allowed) and no turn waits for its Confirm.
    pub fn engine_may_play(&self, side: usize) -> Option<u64> {
        let Seat::Engine { movetime } = self.seats[side] else {
            return None;
        };
        let held = (self.paused && !self.advance_once) || self.awaiting_confirm.is_some();
        (!held).then_some(movetime)
    }
}
