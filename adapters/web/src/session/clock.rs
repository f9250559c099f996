//! The clocks of a game between friends, kept by the server: each side has a time, which runs
//! while that side is to move; a side that completes its turn gets the increment (Fischer).
//! No clock runs before the first turn has been played (a player may wait for a friend to
//! open the link), nor after the game ended. A side whose time runs out loses: its flag fell.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The longest time a clock may be set to, and the largest increment (milliseconds).
pub const MAX_INITIAL_MS: u64 = 3 * 3600 * 1000;
pub const MAX_INCREMENT_MS: u64 = 600 * 1000;
/// The shortest time a clock may be set to (milliseconds).
pub const MIN_INITIAL_MS: u64 = 1000;

/// A clock's settings and the time each side had when its clock last stopped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockState {
    pub initial_ms: u64,
    pub increment_ms: u64,
    /// Time left of p1 and p2 when the running clock last changed.
    pub left_ms: [u64; 2],
}

#[derive(Clone, Debug)]
pub struct Clock {
    pub kept: ClockState,
    /// The side whose clock runs, and since when.
    running: Option<(usize, Instant)>,
}

impl Clock {
    /// A clock from the page's `clock`: `{"minutes": 5, "increment": 3}` (increment in
    /// seconds; minutes may have a fraction: 0.5 is 30 s).
    pub fn from_json(v: &Value) -> Result<Clock, String> {
        let minutes = v.get("minutes").and_then(Value::as_f64);
        let increment = v.get("increment").map_or(Some(0.0), Value::as_f64);
        let (Some(minutes), Some(increment)) = (minutes, increment) else {
            return Err(format!(
                "expected a clock as minutes and an increment in seconds but got '{v}'"
            ));
        };
        let initial_ms = (minutes * 60_000.0).round();
        let increment_ms = (increment * 1000.0).round();
        if !(MIN_INITIAL_MS as f64..=MAX_INITIAL_MS as f64).contains(&initial_ms) {
            return Err(format!(
                "a clock's time must be from {} s to {} minutes, not {minutes} minutes",
                MIN_INITIAL_MS / 1000,
                MAX_INITIAL_MS / 60_000
            ));
        }
        if !(0.0..=MAX_INCREMENT_MS as f64).contains(&increment_ms) {
            return Err(format!(
                "a clock's increment must be from 0 to {} s, not {increment} s",
                MAX_INCREMENT_MS / 1000
            ));
        }
        let (initial_ms, increment_ms) = (initial_ms as u64, increment_ms as u64);
        Ok(Clock::restore(ClockState {
            initial_ms,
            increment_ms,
            left_ms: [initial_ms; 2],
        }))
    }

    /// A clock as it was kept; none runs until [`Clock::follow`] says whose turn it is.
    pub fn restore(kept: ClockState) -> Clock {
        Clock {
            kept,
            running: None,
        }
    }

    /// A new game's clock: the same settings, full times.
    pub fn fresh(&self) -> Clock {
        Clock::restore(ClockState {
            left_ms: [self.kept.initial_ms; 2],
            ..self.kept.clone()
        })
    }

    /// The time `side` has left now.
    pub fn left(&self, side: usize) -> Duration {
        let kept = Duration::from_millis(self.kept.left_ms[side]);
        match self.running {
            Some((s, since)) if s == side => kept.saturating_sub(since.elapsed()),
            _ => kept,
        }
    }

    pub fn running(&self) -> Option<usize> {
        self.running.map(|(s, _)| s)
    }

    /// Stops the running clock, keeping its time; `completed`: its side completed a turn and
    /// gets the increment.
    fn stop(&mut self, completed: bool) {
        if let Some((side, _)) = self.running {
            let mut left = self.left(side).as_millis() as u64;
            if completed && left > 0 {
                left += self.kept.increment_ms;
            }
            self.kept.left_ms[side] = left;
            self.running = None;
        }
    }

    /// Follows the game: `to_move` is the side to move (none when the game is over or ended),
    /// `turns` the whole turns played. The clock of the side to move runs once a turn has been
    /// played; when the side to move changes, the side that moved gets its increment.
    pub fn follow(&mut self, to_move: Option<usize>, turns: usize) {
        let want = to_move.filter(|_| turns > 0);
        match (self.running(), want) {
            (Some(a), Some(b)) if a == b => {}
            (_, Some(b)) => {
                self.stop(true);
                self.running = Some((b, Instant::now()));
            }
            (Some(_), None) => self.stop(turns > 0),
            (None, None) => {}
        }
    }

    /// The side whose time ran out, if one did: its clock stops at zero.
    pub fn flag(&mut self) -> Option<usize> {
        let side = self.running()?;
        if self.left(side).is_zero() {
            self.kept.left_ms[side] = 0;
            self.running = None;
            return Some(side);
        }
        None
    }

    /// What the page shows: the settings, each side's time now and whose clock runs.
    pub fn view(&self) -> Value {
        json!({
            "initial_ms": self.kept.initial_ms,
            "increment_ms": self.kept.increment_ms,
            "left_ms": [self.left(0).as_millis() as u64, self.left(1).as_millis() as u64],
            "running": self.running().map(super::side_word),
        })
    }

    /// What is kept: the times as of now (a running clock's time so far counted).
    pub fn keep(&self) -> ClockState {
        ClockState {
            left_ms: [
                self.left(0).as_millis() as u64,
                self.left(1).as_millis() as u64,
            ],
            ..self.kept.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked() {
        assert!(Clock::from_json(&json!({"minutes": 5, "increment": 3})).is_ok());
        assert!(Clock::from_json(&json!({"minutes": 0.1})).is_ok());
        for bad in [
            json!({"minutes": 0}),
            json!({"minutes": -1}),
            json!({"minutes": 500}),
            json!({"minutes": 5, "increment": -1}),
            json!({"minutes": "five"}),
            json!({}),
        ] {
            let e = Clock::from_json(&bad).unwrap_err();
            assert!(e.contains("clock"), "{bad}: {e}");
        }
    }

    #[test]
    fn no_clock_runs_before_the_first_turn_and_a_turn_earns_the_increment() {
        let mut c = Clock::from_json(&json!({"minutes": 1, "increment": 10})).unwrap();
        c.follow(Some(0), 0);
        assert_eq!(c.running(), None);
        c.follow(Some(1), 1);
        assert_eq!(c.running(), Some(1));
        std::thread::sleep(Duration::from_millis(30));
        c.follow(Some(0), 2);
        assert_eq!(c.running(), Some(0));
        let left = c.kept.left_ms[1];
        assert!(
            left > 60_000 && left <= 70_000 - 30,
            "p2 paid its time and got the increment: {left}"
        );
        assert_eq!(c.kept.left_ms[0], 60_000, "p1's clock had not run");
        c.follow(None, 3);
        assert_eq!(c.running(), None, "no clock runs after the game");
    }

    #[test]
    fn a_flag_falls_when_the_time_is_out() {
        let mut c = Clock::restore(ClockState {
            initial_ms: 1000,
            increment_ms: 0,
            left_ms: [1000, 20],
        });
        c.follow(Some(0), 0);
        assert_eq!(c.flag(), None, "no clock runs yet");
        c.follow(Some(1), 1);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(c.flag(), Some(1));
        assert_eq!(c.kept.left_ms[1], 0);
        assert_eq!(c.running(), None);
    }
}
