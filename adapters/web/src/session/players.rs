//! The players: who holds each seat (a human at this page, or the engine with its think time
//! and level), and what holds the engine back (a pause, a completed human turn waiting for its
//! Confirm). A seat is the unit a remote player, a clock or a stored game will attach to.

use serde::Serialize;

use super::api::SeatRequest;
use crate::catalogue::Levels;

/// The think times a page may set, in milliseconds.
pub const MOVETIME: std::ops::RangeInclusive<u64> = 10..=600_000;
/// The think time of an engine seat when none is given.
pub const DEFAULT_MOVETIME: u64 = 500;

/// Who plays one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Seat {
    /// A person at this page: the page sends the turn's steps.
    Human,
    /// The engine, with `go movetime <movetime>` at `Strength <strength>` (one of the levels
    /// the engine announced; none when it announced none).
    Engine {
        movetime: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        strength: Option<String>,
    },
}

impl Seat {
    /// The seat a page asks for: `{"kind": "human"}` or `{"kind": "engine", "movetime": 500,
    /// "strength": "greedy"}` (`movetime` and `strength` may be left out), at one of the
    /// engine's `levels`.
    pub fn from_request(r: &SeatRequest, levels: &Levels) -> Result<Seat, String> {
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
        let strength = levels.level(strength.as_deref())?;
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

impl Players {
    /// A human against the engine at its default level.
    pub fn new(levels: &Levels) -> Players {
        Players {
            seats: [
                Seat::Human,
                Seat::Engine {
                    movetime: DEFAULT_MOVETIME,
                    strength: levels.default.clone(),
                },
            ],
            paused: false,
            advance_once: false,
            confirm_turns: false,
            awaiting_confirm: None,
        }
    }

    /// Both seats a page asks for, at the engine's `levels`.
    pub fn seats_of(r: &[SeatRequest; 2], levels: &Levels) -> Result<[Seat; 2], String> {
        Ok([
            Seat::from_request(&r[0], levels)?,
            Seat::from_request(&r[1], levels)?,
        ])
    }

    pub fn human(&self, side: usize) -> bool {
        self.seats[side] == Seat::Human
    }

    /// The engine's think time and level when it may play `side`'s turn now: it holds that
    /// seat, the game is not paused (or one turn is allowed) and no turn waits for its Confirm.
    pub fn engine_may_play(&self, side: usize) -> Option<(u64, Option<String>)> {
        let Seat::Engine { movetime, strength } = &self.seats[side] else {
            return None;
        };
        let held = (self.paused && !self.advance_once) || self.awaiting_confirm.is_some();
        (!held).then(|| (*movetime, strength.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use guerrilla::protocol::codec::OptionDecl;

    fn engine(movetime: Option<u64>, strength: Option<&str>) -> SeatRequest {
        SeatRequest::Engine {
            movetime,
            strength: strength.map(String::from),
        }
    }

    /// The levels as this engine announces them.
    fn levels() -> Levels {
        Levels::of(&[OptionDecl::combo(
            "Strength",
            "full",
            &["random", "greedy", "uct", "full"],
        )])
    }

    #[test]
    fn an_engine_seat_plays_at_the_engines_default_level_unless_told_one() {
        assert_eq!(
            Seat::from_request(&engine(None, None), &levels()),
            Ok(Seat::Engine {
                movetime: DEFAULT_MOVETIME,
                strength: Some("full".into())
            })
        );
        assert_eq!(
            Seat::from_request(&engine(Some(40), Some("greedy")), &levels()),
            Ok(Seat::Engine {
                movetime: 40,
                strength: Some("greedy".into())
            })
        );
        let seat = Seat::from_request(&engine(None, Some("random")), &levels()).unwrap();
        assert_eq!(
            serde_json::to_value(seat).unwrap(),
            serde_json::json!({"kind": "engine", "movetime": DEFAULT_MOVETIME, "strength": "random"})
        );
        let plain = Seat::from_request(&engine(None, None), &Levels::default()).unwrap();
        assert_eq!(
            serde_json::to_value(plain).unwrap(),
            serde_json::json!({"kind": "engine", "movetime": DEFAULT_MOVETIME})
        );
    }

    #[test]
    fn a_level_the_engine_does_not_offer_or_a_bad_think_time_is_refused() {
        for bad in ["strong", "3", "Full"] {
            let e = Seat::from_request(&engine(None, Some(bad)), &levels()).unwrap_err();
            assert_eq!(
                e,
                format!(
                    "the engine's strength must be one of random, greedy, uct, full, not {bad}"
                )
            );
        }
        let e = Seat::from_request(&engine(Some(5), None), &levels()).unwrap_err();
        assert_eq!(
            e,
            "the engine's think time must be from 10 to 600000 ms, not 5"
        );
    }
}
