//! The Guerrilla board as a GUI draws it (protocol.md § 4, `geometry`): the hexagon of side
//! `n` on a triangular lattice (W1), every point with its up-to-six neighbours.
//!
//! Coordinates: rows of points are horizontal, number 1 at the bottom (y grows downward, so row
//! `2n − 1` has y = 0); along a row the letter grows to the right by 1; each row up is shifted
//! half a unit to the left, so that the six neighbours of a point are all at distance 1
//! (rows are √3/2 apart). Points come in position-string order (number 1 first, letters rising).

use super::Wells;
use crate::game::{About, FieldFace, GeoPoint, Geometry, PieceFace, Side};

/// How a GUI presents Guerrilla (protocol.md § 4, `about`): White's and Black's pieces forming
/// groups (W1, W2), the massacre token (W4), the counts and the turn's phase of `describe`, and
/// the tour in `tour.txt`.
pub(crate) const ABOUT: About = About {
    title: "Guerrilla",
    sides: ["White", "Black"],
    pieces: &[
        PieceFace {
            char: 'W',
            owner: Some(Side::P1),
            noun: "piece",
            colour: "white",
            grouped: true,
        },
        PieceFace {
            char: 'B',
            owner: Some(Side::P2),
            noun: "piece",
            colour: "black",
            grouped: true,
        },
        PieceFace {
            char: 'X',
            owner: None,
            noun: "massacre token",
            colour: "red",
            grouped: false,
        },
    ],
    fields: &[
        FieldFace::count("turn", "turn"),
        FieldFace::count("passes", "passes in a row"),
        FieldFace::count("score_white", "White's score"),
        FieldFace::count("score_black", "Black's score"),
        FieldFace::count("supply_white", "White's supply"),
        FieldFace::count("supply_black", "Black's supply"),
        FieldFace::turn("phase", "phase"),
        FieldFace::turn("moving", "moving group"),
        FieldFace::turn("jumps_left", "jumps left"),
        FieldFace::turn("moved", "groups moved"),
        FieldFace::turn("kills", "kills chosen"),
    ],
    tour: include_str!("tour.txt"),
};

/// The geometry of the board of this position's side.
pub(crate) fn geometry(w: &Wells) -> Geometry {
    let geo = w.lattice;
    let c = geo.side as f64 - 1.0;
    let h = 3f64.sqrt() / 2.0;
    let points = (0..geo.len)
        .map(|p| {
            let (q, r) = geo.coord[p];
            let (q, r) = (q as f64, r as f64);
            GeoPoint {
                name: geo.name(p),
                // q − r/2 is smallest (−c/2) at the first point of the middle row: shifted
                // by c/2, the smallest x is 0.
                x: q - r / 2.0 + c / 2.0,
                y: (2.0 * c - r) * h,
                play: true,
                // W1: the lattice neighbours.
                neighbours: geo.nbm[p].iter().map(|n| geo.name(n)).collect(),
            }
        })
        .collect();
    Geometry {
        points,
        squares: Vec::new(),
    }
}
