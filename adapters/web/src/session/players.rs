//! The players: who holds each seat (a human at this page, or the engine with its think time
//! and level), and what holds the engine back (a pause, a completed human turn waiting for its
//! Confirm). A seat is the unit a remote player, a clock or a stored game will attach to.

use serde::Serialize;

use super::api::SeatRequest;

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
    /// The seat a page asks for: `{"kind": "human"}` or `{"kind": "engine", "movetime": 500,
    /// "strength": "greedy"}` (`movetime` and `strength` may be left out).
    pub fn from_request(r: &SeatRequest) -> Result<Seat, String> {
        let SeatRequest::Engine { movetime, strength } = r else {
            return Ok(Seat::Human);
        };
        let movetime = match *movetime {
            None => DEFAULT_MOVETIME,
            Some(t) if MOVETIME.contains(&t) => t,
            Some(t) => {
                return Err(format!(
                    "the engine's think time must be from {} to {} ms, not {t}",
                    MOVETIME.start(),
                    MOVETIME.end()
                ))
            }
        };
        let strength = match strength.as_deref() {
            None => FULL,
            Some(w) => STRENGTHS.into_iter().find(|&k| k == w).ok_or_else(|| {
                format!(
                    "the engine's strength must be one of {}, not {w}",
                    STRENGTHS.join(", ")
                )
            })?,
        };
        Ok(Seat::Engine { movetime, strength })
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
    /// Both seats a page asks for.
    pub fn seats_of(&self, r: &[SeatRequest; 2]) -> Result<[Seat; 2], String> {
        Ok([Seat::from_request(&r[0])?, Seat::from_request(&r[1])?])
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

    fn engine(movetime: Option<u64>, strength: Option<&str>) -> SeatRequest {
        SeatRequest::Engine {
            movetime,
            strength: strength.map(String::from),
        }
    }

    #[test]
    fn an_engine_seat_plays_at_full_strength_unless_told_a_level() {
        assert_eq!(
            Seat::from_request(&engine(None, None)),
            Ok(Seat::Engine {
                movetime: DEFAULT_MOVETIME,
                strength: FULL
            })
        );
        assert_eq!(
            Seat::from_request(&engine(Some(40), Some("greedy"))),
            Ok(Seat::Engine {
                movetime: 40,
                strength: "greedy"
            })
        );
        let seat = Seat::from_request(&engine(None, Some("random"))).unwrap();
        assert_eq!(
            serde_json::to_value(seat).unwrap(),
            serde_json::json!({"kind": "engine", "movetime": DEFAULT_MOVETIME, "strength": "random"})
        );
    }

    #[test]
    fn an_unknown_level_or_think_time_is_refused_with_what_there_is() {
        for bad in ["strong", "3", "Full"] {
            let e = Seat::from_request(&engine(None, Some(bad))).unwrap_err();
            assert!(e.contains("random, greedy, uct, full"), "{e}");
            assert!(e.ends_with(bad), "{e}");
        }
        let e = Seat::from_request(&engine(Some(5), None)).unwrap_err();
        assert_eq!(
            e,
            "the engine's think time must be from 10 to 600000 ms, not 5"
        );
    }
}
