//! Position strings, `describe` fields and the ASCII picture (see `doc/checkers.md`).
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

use super::lattice::{self, interior, CORNERS, DARK};
use super::{Checkers, START_STONES};
use crate::game::{GameError, Side};

/// The start position's string (GC2).
pub const STARTPOS: &str = "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first";

/// Parses one FEN-like field of `n` ranks of `n` cells, top rank first, with `piece` for an
/// occupied cell. Returns the occupied cells as (file, rank).
fn parse_grid(field: &str, n: u8, piece: char, what: &str) -> Result<Vec<(u8, u8)>, String> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != n as usize {
        return Err(format!(
            "the {what} field has {} ranks, expected {n}",
            ranks.len()
        ));
    }
    let mut cells = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = n - 1 - i as u8;
        let mut file = 0u32;
        let mut last_digit = false;
        for ch in rank_text.chars() {
            if ch == piece {
                if file < n as u32 {
                    cells.push((file as u8, rank));
                }
                file += 1;
                last_digit = false;
            } else if let Some(k) = ch.to_digit(10) {
                if k == 0 || k > n as u32 {
                    return Err(format!(
                        "'{ch}' is not a run length in the {what} field (1..{n})"
                    ));
                }
                if last_digit {
                    return Err(format!("two digits in a row in the {what} field"));
                }
                file += k;
                last_digit = true;
            } else {
                return Err(format!(
                    "unexpected '{ch}' in the {what} field (expected {piece} or a digit)"
                ));
            }
        }
        if file != n as u32 {
            return Err(format!(
                "rank {} of the {what} field has {file} cells, expected {n}",
                rank + 1
            ));
        }
    }
    Ok(cells)
}

/// Prints `n` ranks of `n` cells, top rank first, `occupied(file, rank)` giving `piece`.
fn print_grid(n: u8, piece: char, occupied: impl Fn(u8, u8) -> bool) -> String {
    let mut s = String::new();
    for rank in (0..n).rev() {
        let mut run = 0;
        for file in 0..n {
            if occupied(file, rank) {
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

/// Parses and validates a position string (see the module docs); every failure is a
/// `BadPosition` with the reason.
pub(crate) fn parse_position(text: &str) -> Result<Checkers, GameError> {
    validate(text).map_err(|reason| GameError::bad_position(text, reason))
}

fn validate(text: &str) -> Result<Checkers, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!(
            "{} fields, expected 5: <squares> <points> <hand> <side> <first>",
            fields.len()
        ));
    }
    // Squares: checkers on dark squares only (GC1), at most six (GC2).
    let mut checkers = 0u64;
    for (f, r) in parse_grid(fields[0], 8, 'C', "squares")? {
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
    for (f, r) in parse_grid(fields[1], 9, 'G', "points")? {
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
    let hand_text = fields[2];
    let canonical = hand_text == "0" || !hand_text.starts_with('0');
    let hand: u32 = match hand_text.parse() {
        Ok(h) if canonical && hand_text.bytes().all(|b| b.is_ascii_digit()) => h,
        _ => return Err(format!("stones in hand '{hand_text}' is not a number")),
    };
    let total = hand + stones.count_ones();
    if total > START_STONES as u32 {
        return Err(format!(
            "{total} stones ({} on the board, {hand} in hand), at most {START_STONES}",
            stones.count_ones()
        ));
    }
    let side = match fields[3] {
        "G" => Side::P1,
        "C" => Side::P2,
        other => return Err(format!("side to move '{other}', expected G or C")),
    };
    let first = match fields[4] {
        "first" => true,
        "-" => false,
        other => return Err(format!("first-turn field '{other}', expected first or -")),
    };
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
    Ok(Checkers::from_parts(
        checkers, stones, hand as u8, side, first,
    ))
}

impl Checkers {
    /// The canonical position string (see the module docs).
    pub(crate) fn position_string(&self) -> String {
        let squares = print_grid(8, 'C', |f, r| self.checkers & (1u64 << (r * 8 + f)) != 0);
        let points = print_grid(9, 'G', |f, r| {
            interior(f, r).is_some_and(|ip| self.stones & (1u64 << ip) != 0)
        });
        let side = if self.side == Side::P1 { "G" } else { "C" };
        let first = if self.first { "first" } else { "-" };
        format!("{squares} {points} {} {side} {first}", self.hand)
    }

    /// The 64 squares `a1, b1, …, h1, a2, …, h8`: `C` checker, `.` empty dark square, `-` light
    /// square.
    fn squares_field(&self) -> String {
        (0..64u8)
            .map(|sq| {
                if self.checkers & (1u64 << sq) != 0 {
                    'C'
                } else if DARK & (1u64 << sq) != 0 {
                    '.'
                } else {
                    '-'
                }
            })
            .collect()
    }

    /// The 81 points `A1, B1, …, I1, A2, …, I9`: `G` stone, `.` empty interior point, `+` edge
    /// point.
    fn points_field(&self) -> String {
        (0..81u8)
            .map(|i| match interior(i % 9, i / 9) {
                Some(ip) if self.stones & (1u64 << ip) != 0 => 'G',
                Some(_) => '.',
                None => '+',
            })
            .collect()
    }

    pub(crate) fn describe_fields(&self) -> Vec<(&'static str, String)> {
        let side = if self.side == Side::P1 {
            "guerrilla"
        } else {
            "coin"
        };
        vec![
            ("side", side.to_string()),
            ("first", self.first.to_string()),
            ("hand", self.hand.to_string()),
            ("stones", self.stones.count_ones().to_string()),
            ("checkers", self.checkers.count_ones().to_string()),
            ("squares", self.squares_field()),
            ("points", self.points_field()),
            (
                "pending",
                match self.pending {
                    lattice::NONE => "-".to_string(),
                    ip => lattice::point_name(ip),
                },
            ),
            (
                "capturing",
                match self.chain {
                    lattice::NONE => "-".to_string(),
                    sq => lattice::square_name(sq),
                },
            ),
        ]
    }

    /// The board for a human: points are the grid's crossings (`G` a stone, as in position
    /// strings, `+` empty), squares its cells (`C` a checker, `.` an empty dark square, blank a
    /// light one). Points are labelled top and left (`A`–`I`, `1`–`9`), squares bottom and right
    /// (`a`–`h`, `1`–`8`).
    pub(crate) fn render_board(&self) -> String {
        let mut s = String::from("   A   B   C   D   E   F   G   H   I\n");
        for pr in (0..9u8).rev() {
            // A row of points.
            s.push_str(&format!("{}  ", pr + 1));
            for pf in 0..9u8 {
                let stone = interior(pf, pr).is_some_and(|ip| self.stones & (1u64 << ip) != 0);
                s.push(if stone { 'G' } else { '+' });
                if pf < 8 {
                    s.push_str("---");
                }
            }
            s.push('\n');
            if pr == 0 {
                break;
            }
            // The row of squares below it (square rank pr, 1-based).
            let r = pr - 1;
            s.push_str("   ");
            for f in 0..8u8 {
                let sq = r * 8 + f;
                let cell = if self.checkers & (1u64 << sq) != 0 {
                    " C "
                } else if DARK & (1u64 << sq) != 0 {
                    " . "
                } else {
                    "   "
                };
                s.push('|');
                s.push_str(cell);
            }
            s.push_str(&format!("|  {}\n", r + 1));
        }
        s.push_str("     a   b   c   d   e   f   g   h\n");
        let side = if self.side == Side::P1 {
            "Guerrilla"
        } else {
            "COIN"
        };
        s.push_str(&format!(
            "{side} to move; {} stones in hand, {} on the board; {} checkers{}\n",
            self.hand,
            self.stones.count_ones(),
            self.checkers.count_ones(),
            if self.first { "; first turn" } else { "" }
        ));
        s
    }
}
