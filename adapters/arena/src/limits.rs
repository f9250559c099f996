//! An engine's search limits, written the arena's way or cutechess-cli's and fastchess's:
//!
//! * `nodes=N`, `depth=N`: deterministic budgets (UGI's `go nodes`/`go depth`);
//! * `movetime=MS` (or `movetime=200ms`, `movetime=0.2s`) and cutechess's `st=SECONDS`: a fixed
//!   time a move (`go movetime`);
//! * `clock=TIME+INC` in milliseconds (or with units, `clock=10s+0.1s`), and cutechess's
//!   `tc=[MOVES/]TIME[+INC]` in seconds (`TIME` also `M:SS`), given with or without `tc=`
//!   (`40/60+0.6`, `10+0.1`): a clock, refilled with `TIME` every `MOVES` moves of its side
//!   when `MOVES` is given (`go p1time … p2time … p1inc … p2inc …`);
//! * `tc=inf`: no clock, only meaningful with `nodes=` or `depth=`.
//!
//! Several words, separated by spaces, combine (`tc=40/60 depth=12`): every limit given applies
//! and the first reached ends the search (protocol.md § 3.6). A clock written without units under
//! 100 ms (`clock=10+1`) is refused: it is almost always seconds meant as milliseconds.

use std::fmt;

use guerrilla::protocol::codec::GoArgs;

/// A clock: `time` every `moves` moves of its side (0: once, for the whole game), plus `inc`
/// after every move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub moves: u32,
    pub time: u64,
    pub inc: u64,
}

/// The limits of one engine's searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub clock: Option<Clock>,
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// `tc=inf`: written back as given, so that the match's text survives a round trip.
    pub infinite: bool,
}

const FORMS: &str = "nodes=N, depth=N, movetime=MS, st=SECONDS, clock=MS+MS, \
                     tc=[MOVES/]SECONDS[+SECONDS] (e.g. 40/60+0.6, 10+0.1) or tc=inf";

/// Milliseconds of a number of seconds written as text (`0.05`, `1:30`).
fn seconds_ms(text: &str) -> Option<u64> {
    let (minutes, seconds) = match text.split_once(':') {
        Some((m, s)) => (m.parse::<u64>().ok()?, s),
        None => (0, text),
    };
    let s: f64 = seconds
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)?;
    Some(minutes * 60_000 + (s * 1000.0).round() as u64)
}

/// Milliseconds of a duration with an optional unit (`200`, `200ms`, `0.2s`); the flag says
/// whether a unit was written.
fn duration_ms(text: &str) -> Option<(u64, bool)> {
    if let Some(ms) = text.strip_suffix("ms") {
        Some((ms.parse().ok()?, true))
    } else if let Some(s) = text.strip_suffix('s') {
        Some((seconds_ms(s)?, true))
    } else {
        Some((text.parse().ok()?, false))
    }
}

/// A cutechess clock: `[MOVES/]TIME[+INC]` in seconds.
fn cutechess_clock(text: &str) -> Option<Clock> {
    let (rest, inc) = match text.split_once('+') {
        Some((r, i)) => (r, seconds_ms(i)?),
        None => (text, 0),
    };
    let (moves, time) = match rest.split_once('/') {
        Some((m, t)) => (m.parse().ok().filter(|&m| m > 0)?, t),
        None => (0, rest),
    };
    let time = seconds_ms(time)?;
    (time > 0 || inc > 0).then_some(Clock { moves, time, inc })
}

impl std::str::FromStr for Limits {
    type Err = String;
    fn from_str(s: &str) -> Result<Limits, String> {
        let mut l = Limits::default();
        let words: Vec<&str> = s.split_whitespace().collect();
        if words.is_empty() {
            return Err(format!("expected a time control ({FORMS}) but got nothing"));
        }
        for word in words {
            let bad = || format!("expected {FORMS} but got '{word}'");
            let (key, value) = match word.split_once('=') {
                Some(kv) => kv,
                // A bare cutechess time control: `40/60+0.6`, `10+0.1`, `inf`.
                None => ("tc", word),
            };
            let twice = |given: bool| {
                if given {
                    Err(format!(
                        "'{word}': a limit of that kind is given twice in '{s}'"
                    ))
                } else {
                    Ok(())
                }
            };
            match key {
                "nodes" => {
                    twice(l.nodes.is_some())?;
                    l.nodes = Some(value.parse().map_err(|_| bad())?);
                }
                "depth" => {
                    twice(l.depth.is_some())?;
                    l.depth = Some(value.parse().map_err(|_| bad())?);
                }
                "movetime" | "st" => {
                    twice(l.movetime.is_some())?;
                    let ms = if key == "st" {
                        seconds_ms(value)
                    } else {
                        duration_ms(value).map(|(ms, _)| ms)
                    };
                    l.movetime = Some(ms.filter(|&ms| ms > 0).ok_or_else(bad)?);
                }
                "clock" => {
                    twice(l.clock.is_some() || l.infinite)?;
                    let (t, i) = value.split_once('+').unwrap_or((value, "0"));
                    let ((time, t_unit), (inc, _)) = (
                        duration_ms(t).ok_or_else(bad)?,
                        duration_ms(i).ok_or_else(bad)?,
                    );
                    if !t_unit && time < 100 {
                        return Err(format!(
                            "'{word}' is a clock of {time} ms: clock= counts milliseconds; for \
                             seconds write clock={t}s+{i}s or cutechess's tc={value}, for so \
                             short a clock write the unit (clock={t}ms+{i}ms)"
                        ));
                    }
                    if time == 0 && inc == 0 {
                        return Err(bad());
                    }
                    l.clock = Some(Clock {
                        moves: 0,
                        time,
                        inc,
                    });
                }
                "tc" => {
                    twice(l.clock.is_some() || l.infinite)?;
                    if value == "inf" {
                        l.infinite = true;
                    } else {
                        l.clock = Some(cutechess_clock(value).ok_or_else(bad)?);
                    }
                }
                _ => return Err(bad()),
            }
        }
        if l.clock.is_some() && l.movetime.is_some() {
            return Err(format!(
                "'{s}': a clock (tc=, clock=) and a time a move (st=, movetime=) exclude each other"
            ));
        }
        if l.clock.is_none() && l.movetime.is_none() && l.nodes.is_none() && l.depth.is_none() {
            return Err(format!(
                "'{s}' sets no limit: with tc=inf give nodes= or depth= too, or the engine \
                 never answers"
            ));
        }
        Ok(l)
    }
}

/// Seconds of milliseconds, as few decimals as they need (`2`, `0.05`).
fn seconds_text(ms: u64) -> String {
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl fmt::Display for Limits {
    /// The limits as the arena reads them back: a clock in cutechess's form (`tc=40/60+0.6`),
    /// the others as `movetime=MS`, `nodes=N`, `depth=N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        if self.infinite {
            words.push("tc=inf".to_string());
        }
        if let Some(c) = self.clock {
            let mut w = String::from("tc=");
            if c.moves > 0 {
                w.push_str(&format!("{}/", c.moves));
            }
            w.push_str(&seconds_text(c.time));
            if c.inc > 0 {
                w.push_str(&format!("+{}", seconds_text(c.inc)));
            }
            words.push(w);
        }
        if let Some(ms) = self.movetime {
            words.push(format!("movetime={ms}"));
        }
        if let Some(n) = self.nodes {
            words.push(format!("nodes={n}"));
        }
        if let Some(d) = self.depth {
            words.push(format!("depth={d}"));
        }
        f.write_str(&words.join(" "))
    }
}

impl Limits {
    /// The PGN standard's `TimeControl` value: `TIME`, `TIME+INC` or `MOVES/TIME[+INC]` in
    /// seconds for a clock of whole seconds, `-` without any time limit (node and depth
    /// budgets), `?` for what the standard cannot write (a time a move, a clock of fractions of
    /// a second).
    pub fn pgn_time_control(&self) -> String {
        match (self.clock, self.movetime) {
            (Some(c), _) if c.time % 1000 == 0 => {
                let mut t = String::new();
                if c.moves > 0 {
                    t.push_str(&format!("{}/", c.moves));
                }
                t.push_str(&(c.time / 1000).to_string());
                if c.inc > 0 {
                    t.push_str(&format!("+{}", seconds_text(c.inc)));
                }
                t
            }
            (None, None) => "-".into(),
            _ => "?".into(),
        }
    }

    /// The `go` arguments of the side to move, given both sides' clocks and increments (p1
    /// first).
    pub fn go_args(&self, clocks: [u64; 2], incs: [u64; 2]) -> GoArgs {
        let clock = self.clock.is_some();
        GoArgs {
            p1time: clock.then_some(clocks[0]),
            p2time: clock.then_some(clocks[1]),
            p1inc: clock.then_some(incs[0]),
            p2inc: clock.then_some(incs[1]),
            movetime: self.movetime,
            nodes: self.nodes,
            depth: self.depth,
            ..GoArgs::default()
        }
    }

    /// How long a move may take before it loses on time, `clock` being what the mover has
    /// left; `None` without a time limit.
    pub fn budget_ms(&self, clock: u64) -> Option<u64> {
        match (self.clock, self.movetime) {
            (Some(_), _) => Some(clock),
            (None, Some(ms)) => Some(ms),
            (None, None) => None,
        }
    }

    /// A clock's time at the start of a game (0 without a clock) and its increment.
    pub fn start_clock(&self) -> (u64, u64) {
        self.clock.map_or((0, 0), |c| (c.time, c.inc))
    }

    /// The clock after a move of its side that took `spent` ms and was the side's `moves_made`-th
    /// move: the time spent taken off, the increment added, and `TIME` added again after
    /// every `MOVES` moves.
    pub fn after_move(&self, clock: u64, spent: u64, moves_made: u32) -> u64 {
        let Some(c) = self.clock else { return clock };
        let mut left = clock.saturating_sub(spent) + c.inc;
        if c.moves > 0 && moves_made.is_multiple_of(c.moves) {
            left += c.time;
        }
        left
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Limits {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn arena_and_cutechess_forms() {
        assert_eq!(l("nodes=1000").nodes, Some(1000));
        assert_eq!(l("depth=3").depth, Some(3));
        assert_eq!(l("movetime=200").movetime, Some(200));
        assert_eq!(l("movetime=0.2s").movetime, Some(200));
        assert_eq!(l("st=0.2").movetime, Some(200));
        let c = |moves, time, inc| Some(Clock { moves, time, inc });
        assert_eq!(l("clock=2000+50").clock, c(0, 2000, 50));
        assert_eq!(l("clock=10s+0.1s").clock, c(0, 10_000, 100));
        assert_eq!(l("clock=50ms+1ms").clock, c(0, 50, 1));
        assert_eq!(l("tc=40/60+0.6").clock, c(40, 60_000, 600));
        assert_eq!(l("40/60+0.6").clock, c(40, 60_000, 600));
        assert_eq!(l("10+0.1").clock, c(0, 10_000, 100));
        assert_eq!(l("tc=40/1:30+1").clock, c(40, 90_000, 1000));
        assert_eq!(l("tc=4").clock, c(0, 4000, 0));
        let inf = l("tc=inf nodes=100");
        assert!(inf.infinite && inf.clock.is_none() && inf.nodes == Some(100));
        let both = l("tc=40/60 depth=12");
        assert_eq!((both.clock, both.depth), (c(40, 60_000, 0), Some(12)));
    }

    #[test]
    fn implausible_or_contradictory_limits_are_refused_with_a_hint() {
        let e = "clock=10+1".parse::<Limits>().unwrap_err();
        assert!(e.contains("10 ms") && e.contains("clock=10s+1s"), "{e}");
        for bad in [
            "fast",
            "tc=inf",
            "nodes=x",
            "st=0",
            "tc=40/60 st=1",
            "nodes=1 nodes=2",
            "tc=0",
            "clock=1s+x",
            "",
        ] {
            assert!(bad.parse::<Limits>().is_err(), "{bad}");
        }
    }

    #[test]
    fn round_trips_and_pgn_tags() {
        for s in [
            "nodes=1000",
            "tc=40/60+0.6",
            "tc=10+0.1",
            "movetime=200",
            "tc=inf depth=3",
            "tc=2.5+0.025 nodes=9",
        ] {
            assert_eq!(l(s).to_string(), s);
            assert_eq!(l(&l(s).to_string()), l(s));
        }
        assert_eq!(l("clock=2000+50").to_string(), "tc=2+0.05");
        let tag = |s: &str| l(s).pgn_time_control();
        assert_eq!(tag("tc=40/60+0.6"), "40/60+0.6");
        assert_eq!(tag("10+0.1"), "10+0.1");
        assert_eq!(tag("tc=300"), "300");
        assert_eq!(tag("tc=40/2+0.05"), "40/2+0.05");
        assert_eq!(tag("nodes=5"), "-");
        assert_eq!(tag("tc=inf depth=2"), "-");
        assert_eq!(tag("st=0.2"), "?");
        assert_eq!(tag("clock=2500+25"), "?");
    }

    #[test]
    fn go_args_and_clocks() {
        let t = l("tc=2/1+0.1 nodes=50");
        assert_eq!(
            t.go_args([900, 1000], [100, 100]),
            GoArgs {
                p1time: Some(900),
                p2time: Some(1000),
                p1inc: Some(100),
                p2inc: Some(100),
                nodes: Some(50),
                ..GoArgs::default()
            }
        );
        assert_eq!(
            l("st=0.2").go_args([0, 0], [0, 0]),
            GoArgs {
                movetime: Some(200),
                ..GoArgs::default()
            }
        );
        // 1 s every 2 moves plus 0.1 s a move: after the first move 300 ms were spent.
        assert_eq!(t.after_move(1000, 300, 1), 800);
        assert_eq!(t.after_move(800, 300, 2), 1600);
        assert_eq!(t.budget_ms(700), Some(700));
        assert_eq!(l("nodes=3").budget_ms(0), None);
    }
}
