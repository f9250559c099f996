//! The players: who holds each seat (a human at this page, or the engine with its think time
//! and level), and what holds the engine back (a pause, a completed human turn waiting for its
//! Confirm). A seat is the unit a remote player, a clock or a stored game will attach to.

use serde::Serialize;
use serde_json::Value;

/// The think times a page may set, in milliseconds.
pub const MOVETIME: std::ops::RangeInclusive<u64> = 10..=600_000;
/// The think time of an engine seat when none is given.
pub const DEFAULT_MOVETIME: u64 = 500;
/// The levels an engine seat may play at: the engine's `Strength` values (protocol.md § 2),
/// weakest first.
pub const STRENGTHS: [&str; 4] = ["random", "greedy", "uct", "full"];
/// The level of an engine seat when none is given, and of every search that is not a seat's
/// turn (an analysis, a hint, a review): the strongest.
pub const FULL: &str = "full";

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Seat {
    /// A person at this page: the page sends the turn's steps.
    Human,
    /// The engine, with `go movetime <movetime>` at `Strength <strength>` (one of
    /// [`STRENGTHS`]).
    Engine {
        movetime: u64,
        strength: &'static str,
    },
}

impl Seat {
    /// A seat from the page's JSON: `{"kind": "human"}` or `{"kind": "engine", "movetime": 500,
    /// "strength": "greedy"}` (`movetime` and `strength` may be left out).
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
                let strength = match v.get("strength") {
                    None | Some(Value::Null) => FULL,
                    Some(w) => w
                        .as_str()
                        .and_then(|w| STRENGTHS.into_iter().find(|&k| k == w))
                        .ok_or_else(|| {
                            format!(
                                "the engine's strength must be one of {}, not {w}",
                                STRENGTHS.join(", ")
                            )
                        })?,
                };
                Ok(Seat::Engine { movetime, strength })
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
                    strength: FULL,
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

    /// The engine's think time and level when it may play `side`'s turn now: it holds that
    /// seat, the game is not paused (or one turn is allowed) and no turn waits for its Confirm.
    pub fn engine_may_play(&self, side: usize) -> Option<(u64, &'static str)> {
        let Seat::Engine { movetime, strength } = self.seats[side] else {
            return None;
        };
        let held = (self.paused && !self.advance_once) || self.awaiting_confirm.is_some();
        (!held).then_some((movetime, strength))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_engine_seat_plays_at_full_strength_unless_told_a_level() {
        assert_eq!(
            Seat::from_json(&json!({"kind": "engine"})),
            Ok(Seat::Engine {
                movetime: DEFAULT_MOVETIME,
                strength: FULL
            })
        );
        assert_eq!(
            Seat::from_json(&json!({"kind": "engine", "movetime": 40, "strength": "greedy"})),
            Ok(Seat::Engine {
                movetime: 40,
                strength: "greedy"
            })
        );
        let seat = Seat::from_json(&json!({"kind": "engine", "strength": "random"})).unwrap();
        assert_eq!(
            serde_json::to_value(seat).unwrap(),
            json!({"kind": "engine", "movetime": DEFAULT_MOVETIME, "strength": "random"})
        );
    }

    #[test]
    fn an_unknown_level_is_refused_with_the_levels_there_are() {
        for bad in [json!("strong"), json!(3), json!("Full")] {
            let e = Seat::from_json(&json!({"kind": "engine", "strength": bad})).unwrap_err();
            assert!(e.contains("random, greedy, uct, full"), "{e}");
            assert!(e.contains(&bad.to_string()), "{e}");
        }
    }
}
