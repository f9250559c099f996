//! The Guerrilla Checkers board as a GUI draws it (protocol.md § 4, `geometry`): the 9×9 grid
//! of points (GC1: the 32 outer points are drawn but never hold a stone) and the 8×8 squares
//! between them, point `A1` being the bottom-left corner of square `a1`.
//!
//! Coordinates: x = point file (`A` = 0), y = 8 − point rank index (rank 9 on top, y growing
//! downward); a square's centre is half a unit inside its bottom-left corner. Points come in
//! position-string order (rank 9 first, `A` to `I`), squares likewise (rank 8 first, `a` to `h`).

use super::lattice::{self, interior, DARK};
use super::report;
use super::Checkers;
use crate::game::{About, FieldFace, GeoPoint, GeoSquare, Geometry, PieceFace, Side};

/// How a GUI presents Guerrilla Checkers (protocol.md § 4, `about`): the Guerrilla's stones on
/// the points, COIN's checkers on the squares (GC1, GC2), and the tour in `tour.txt`.
pub(crate) const ABOUT: About = About {
    title: "Guerrilla Checkers",
    sides: ["Guerrilla", "COIN"],
    pieces: &[
        PieceFace {
            char: 'G',
            owner: Some(Side::P1),
            noun: "stone",
            colour: "black",
            grouped: false,
        },
        PieceFace {
            char: 'C',
            owner: Some(Side::P2),
            noun: "checker",
            colour: "red",
            grouped: false,
        },
    ],
    fields: &[
        FieldFace::count("hand", "stones in hand"),
        FieldFace::count("stones", "stones on the board"),
        FieldFace::count("checkers", "checkers"),
        FieldFace::turn("pending", "the second stone goes next to"),
        FieldFace::turn("capturing", "must capture again with"),
    ],
    reasons: report::REASONS,
    removals: report::REMOVALS,
    steps: report::STEPS,
    help: report::HELP,
    tour: include_str!("tour.txt"),
};

/// The name of point (`pf`, `pr`) of the 9×9 grid, in the lattice's words.
fn point_name(pf: i32, pr: i32) -> String {
    lattice::point_name_9(pf as u8, pr as u8)
}

/// The name of square (`f`, `r`), in the lattice's words.
fn square_name(f: i32, r: i32) -> String {
    lattice::square_name((r * 8 + f) as u8)
}

/// An interior point (`B2`..`H8`): the only points that hold stones (GC1); off the grid, none.
fn is_interior(pf: i32, pr: i32) -> bool {
    u8::try_from(pf)
        .ok()
        .zip(u8::try_from(pr).ok())
        .is_some_and(|(f, r)| interior(f, r).is_some())
}

/// The geometry of the (only) Guerrilla Checkers board.
pub(crate) fn geometry(_: &Checkers) -> Geometry {
    let mut points = Vec::with_capacity(81);
    for pr in (0..9).rev() {
        for pf in 0..9 {
            let play = is_interior(pf, pr);
            // GC3: stones are adjacent orthogonally, and only interior points count.
            let neighbours = if play {
                [(0, 1), (-1, 0), (1, 0), (0, -1)]
                    .into_iter()
                    .map(|(df, dr)| (pf + df, pr + dr))
                    .filter(|&(f, r)| is_interior(f, r))
                    .map(|(f, r)| point_name(f, r))
                    .collect()
            } else {
                Vec::new()
            };
            points.push(GeoPoint {
                name: point_name(pf, pr),
                x: pf as f64,
                y: (8 - pr) as f64,
                play,
                neighbours,
            });
        }
    }
    let mut squares = Vec::with_capacity(64);
    for r in (0..8).rev() {
        for f in 0..8 {
            // GC4: checkers move along diagonals.
            let diagonals = [(-1, 1), (1, 1), (-1, -1), (1, -1)]
                .into_iter()
                .map(|(df, dr)| (f + df, r + dr))
                .filter(|&(f, r)| (0..8).contains(&f) && (0..8).contains(&r))
                .map(|(f, r)| square_name(f, r))
                .collect();
            squares.push(GeoSquare {
                name: square_name(f, r),
                x: f as f64 + 0.5,
                y: 7.5 - r as f64,
                corners: [
                    point_name(f, r),
                    point_name(f + 1, r),
                    point_name(f + 1, r + 1),
                    point_name(f, r + 1),
                ],
                diagonals,
                // GC1: a1 is dark, and the colours alternate along ranks and files.
                dark: (f + r) % 2 == 0,
            });
        }
    }
    Geometry { points, squares }
}

impl Checkers {
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
