//! Position strings (see `doc/checkers.md`), read in two stages as every game reads them
//! (`src/game/setup.rs`): text → [`Setup`] (the fields as written: syntax only) → a validated
//! [`Checkers`] (the rules, GC1–GC5: what no game reaches is refused).
//!
//! ```text
//! position = squares " " points " " hand " " side " " first
//! squares  = 8 ranks, rank 8 first, joined by "/"; a rank is "C" (checker) and digits 1..8
//!            (runs of empty squares), never two digits in a row, 8 squares in all
//! points   = 9 point ranks, rank 9 first, joined by "/"; a rank is "G" (stone) and digits
//!            1..9 (runs of empty points), never two digits in a row, 9 points in all
//! hand     = 0..66                     ; the Guerrilla's stones in hand
//! side     = "G" | "C"                 ; the Guerrilla or COIN to move
//! first    = "first" | "-"             ; "first": the Guerrilla's very first turn is to come
//! ```

use std::fmt;

use super::lattice::{self, interior, CORNERS, DARK};
use super::{Checkers, Settings, START_STONES};
use crate::game::setup::{fields, number, word};
use crate::game::{GameError, Side};

/// The start position's string (GC2).
pub const STARTPOS: &str = "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first";

/// A position string read, syntax only: every field well formed, nothing yet checked against
/// the rules (a checker may stand on a light square, a stone on an edge point).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Setup {
    /// The squares holding a checker, as (file, rank) from 0.
    checkers: Vec<(u8, u8)>,
    /// The points holding a stone, as (file, rank) from 0 on the 9×9 grid.
    stones: Vec<(u8, u8)>,
    hand: u8,
    side: Side,
    first: bool,
}

impl Setup {
    /// Reads the five fields (see the module documentation).
    pub(crate) fn parse(text: &str) -> Result<Setup, String> {
        let f = fields(text, &["squares", "points", "hand", "side", "first"])?;
        Ok(Setup {
            checkers: read_grid(f[0], 8, 'C', "squares")?,
            stones: read_grid(f[1], 9, 'G', "points")?,
            hand: number(f[2], "stones in hand", 0..=u64::from(START_STONES))? as u8,
            side: word(f[3], "side to move", &[("G", Side::P1), ("C", Side::P2)])?,
            first: word(
                f[4],
                "the first-turn mark",
                &[("first", true), ("-", false)],
            )?,
        })
    }

    /// The setup of `pos` (at a turn start), which prints as its position string.
    pub(crate) fn of(pos: &Checkers) -> Setup {
        let cells = |n: u8, on: &dyn Fn(u8, u8) -> bool| {
            (0..n)
                .flat_map(|r| (0..n).map(move |f| (f, r)))
                .filter(|&(f, r)| on(f, r))
                .collect()
        };
        Setup {
            checkers: cells(8, &|f, r| pos.checkers & (1u64 << (r * 8 + f)) != 0),
            stones: cells(9, &|f, r| {
                interior(f, r).is_some_and(|ip| pos.stones & (1u64 << ip) != 0)
            }),
            hand: pos.hand,
            side: pos.side,
            first: pos.first,
        }
    }

    /// The position it describes, when the rules allow it (GC1–GC5).
    pub(crate) fn position(&self, _settings: &Settings) -> Result<Checkers, String> {
        // Squares: checkers on dark squares only (GC1), at most six (GC2).
        let mut checkers = 0u64;
        for &(f, r) in &self.checkers {
            let sq = r * 8 + f;
            if DARK & (1u64 << sq) == 0 {
                return Err(format!(
                    "checker on a light square ({})",
                    lattice::square_name(sq)
                ));
            }
            checkers |= 1u64 << sq;
        }
        if checkers.count_ones() > 6 {
            return Err(format!("{} checkers, at most 6", checkers.count_ones()));
        }
        // Points: stones on interior points only (GC1).
        let mut stones = 0u64;
        for &(f, r) in &self.stones {
            match interior(f, r) {
                Some(ip) => stones |= 1u64 << ip,
                None => {
                    return Err(format!(
                        "stone on an edge point ({})",
                        lattice::point_name_9(f, r)
                    ))
                }
            }
        }
        let (hand, side, first) = (self.hand, self.side, self.first);
        let total = u32::from(hand) + stones.count_ones();
        if total > u32::from(START_STONES) {
            return Err(format!(
                "{total} stones ({} on the board, {hand} in hand), at most {START_STONES}",
                stones.count_ones()
            ));
        }
        // Reachability (GC2–GC5).
        if first && side == Side::P2 {
            return Err("the first turn is the Guerrilla's (GC2)".into());
        }
        if first && stones != 0 {
            return Err("stones on the board before the first turn".into());
        }
        let mut b = checkers;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            if CORNERS[sq] & !stones == 0 {
                return Err(format!(
                    "the checker on {} is surrounded and should have been removed (GC3)",
                    lattice::square_name(sq as u8)
                ));
            }
        }
        if side == Side::P1 && checkers == 0 {
            return Err(
                "no checker on the board with the Guerrilla to move: the game ended (GC5)".into(),
            );
        }
        if side == Side::P2 && stones == 0 {
            return Err(
                "no stone on the board with COIN to move: the Guerrilla just placed two".into(),
            );
        }
        Ok(Checkers::from_parts(checkers, stones, hand, side, first))
    }
}

/// The canonical position string: runs of empty cells merged, so that every accepted string
/// prints back as it was read.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let squares = write_grid(8, 'C', &self.checkers);
        let points = write_grid(9, 'G', &self.stones);
        let side = if self.side == Side::P1 { "G" } else { "C" };
        let first = if self.first { "first" } else { "-" };
        write!(f, "{squares} {points} {} {side} {first}", self.hand)
    }
}

/// Reads the field `what` of `n` ranks of `n` cells, top rank first, `piece` for an occupied
/// cell and a digit for a run of empty ones: the occupied cells as (file, rank).
fn read_grid(field: &str, n: u8, piece: char, what: &str) -> Result<Vec<(u8, u8)>, String> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != n as usize {
        return Err(format!(
            "expected {n} ranks in the {what} field but got {}",
            ranks.len()
        ));
    }
    let mut cells = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = n - 1 - i as u8;
        let mut file = 0u32;
        let mut last_digit = false;
        for ch in rank_text.chars() {
            match ch.to_digit(10) {
                _ if ch == piece => {
                    if file < n as u32 {
                        cells.push((file as u8, rank));
                    }
                    file += 1;
                    last_digit = false;
                }
                Some(k) if (1..=n as u32).contains(&k) && !last_digit => {
                    file += k;
                    last_digit = true;
                }
                Some(_) if last_digit => {
                    return Err(format!(
                        "expected {piece} after a run of empty cells but got '{ch}' in rank {} \
                         of the {what} field",
                        rank + 1
                    ))
                }
                _ => {
                    return Err(format!(
                        "expected {piece} or a run length 1..{n} but got '{ch}' in rank {} of \
                         the {what} field",
                        rank + 1
                    ))
                }
            }
        }
        if file != n as u32 {
            return Err(format!(
                "expected {n} cells in rank {} of the {what} field but got {file}",
                rank + 1
            ));
        }
    }
    Ok(cells)
}

/// Writes `n` ranks of `n` cells, top rank first, `piece` on the `occupied` cells.
fn write_grid(n: u8, piece: char, occupied: &[(u8, u8)]) -> String {
    let mut s = String::new();
    for rank in (0..n).rev() {
        let mut run = 0;
        for file in 0..n {
            if occupied.contains(&(file, rank)) {
                if run > 0 {
                    s.push_str(&run.to_string());
                    run = 0;
                }
                s.push(piece);
            } else {
                run += 1;
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// Reads and validates a position string: every failure is a `BadPosition` with the reason.
pub(crate) fn parse(text: &str, settings: &Settings) -> Result<Checkers, GameError> {
    Setup::parse(text)
        .and_then(|s| s.position(settings))
        .map_err(|reason| GameError::bad_position(text, reason))
}
