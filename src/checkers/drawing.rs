//! The Guerrilla Checkers board as a GUI draws it (protocol.md § 4, `geometry`): the 9×9 grid
//! of points (GC1: the 32 outer points are drawn but never hold a stone) and the 8×8 squares
//! between them, point `A1` being the bottom-left corner of square `a1`.
//!
//! Coordinates: x = point file (`A` = 0), y = 8 − point rank index (rank 9 on top, y growing
//! downward); a square's centre is half a unit inside its bottom-left corner. Points come in
//! position-string order (rank 9 first, `A` to `I`), squares likewise (rank 8 first, `a` to `h`).

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
    tour: include_str!("tour.txt"),
};

fn point_name(pf: i32, pr: i32) -> String {
    format!("{}{}", (b'A' + pf as u8) as char, pr + 1)
}

fn square_name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// An interior point (`B2`..`H8`): the only points that hold stones (GC1).
fn interior(pf: i32, pr: i32) -> bool {
    (1..=7).contains(&pf) && (1..=7).contains(&pr)
}

/// The geometry of the (only) Guerrilla Checkers board.
pub(crate) fn geometry(_: &Checkers) -> Geometry {
    let mut points = Vec::with_capacity(81);
    for pr in (0..9).rev() {
        for pf in 0..9 {
            let play = interior(pf, pr);
            // GC3: stones are adjacent orthogonally, and only interior points count.
            let neighbours = if play {
                [(0, 1), (-1, 0), (1, 0), (0, -1)]
                    .into_iter()
                    .map(|(df, dr)| (pf + df, pr + dr))
                    .filter(|&(f, r)| interior(f, r))
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
