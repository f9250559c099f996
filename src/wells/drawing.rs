//! The Guerrilla board as a GUI draws it (protocol.md § 4, `geometry`, `about`): the hexagon of
//! side `n` on a triangular lattice (W1), every point with its up-to-six neighbours; and the
//! position as `describe` fields and as an ASCII picture (`render`).
//!
//! Coordinates: rows of points are horizontal, number 1 at the bottom (y grows downward, so row
//! `2n − 1` has y = 0); along a row the letter grows to the right by 1; each row up is shifted
//! half a unit to the left, so that the six neighbours of a point are all at distance 1
//! (rows are √3/2 apart). Points come in position-string order (number 1 first, letters rising).

use super::bits::Bits;
use super::lattice::Lattice;
use super::report;
use super::setup::cell_char;
use super::{Phase, Wells};
use crate::game::{About, FieldFace, GeoPoint, Geometry, PieceFace, Side};

/// How a GUI presents Guerrilla (protocol.md § 4, `about`): White's and Black's pieces forming
/// groups (W1, W2), the massacre token (W4), the counts and the turn's phase of `describe`, the
/// rules of each phase in plain words, and the tour in `tour.txt`.
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
    reasons: report::REASONS,
    removals: report::REMOVALS,
    steps: report::STEPS,
    help: report::HELP,
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

fn names(geo: &Lattice, set: &Bits) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter()
        .map(|p| geo.name(p))
        .collect::<Vec<_>>()
        .join(",")
}

/// In the choice between equal largest parts (W4, 8.3): each part the player may keep, as its
/// points in position-string order joined by `,` (the first one is the point `legal` names,
/// `=<point>`; `=` and any point of the part keeps it), the parts in the order of their first
/// points joined by `/`; `-` in every other phase.
fn parts(w: &Wells) -> String {
    if w.state.phase != Phase::Keep {
        return "-".into();
    }
    let comps = w.components(&w.moving());
    let best = comps.iter().map(|c| c.count()).max().unwrap_or(0);
    let parts: Vec<String> = comps
        .iter()
        .filter(|c| c.count() == best)
        .map(|c| names(w.lattice, c))
        .collect();
    parts.join("/")
}

/// Named fields for a program (see `doc/wells.md`).
pub(crate) fn describe(w: &Wells) -> Vec<(&'static str, String)> {
    let geo = w.lattice;
    let st = &w.state;
    let points: String = (0..geo.len).map(|p| cell_char(st.cells[p])).collect();
    let kills: Vec<String> = w
        .chosen_kills()
        .into_iter()
        .map(|(k, v)| format!("{}x{}", geo.name(k), geo.name(v)))
        .collect();
    vec![
        ("board_side", geo.side.to_string()),
        ("turn_limit", w.settings.turn_limit.to_string()),
        ("points", points),
        ("supply_white", w.supply(Side::P1).to_string()),
        ("supply_black", w.supply(Side::P2).to_string()),
        (
            "to_move",
            if st.side == 0 { "white" } else { "black" }.into(),
        ),
        ("turn", st.turn.to_string()),
        ("passes", st.passes.to_string()),
        ("turn_start", st.at_turn_start.to_string()),
        ("phase", st.phase.word().into()),
        (report::MOVING_FIELD, names(geo, &w.moving())),
        ("jumps_left", st.built.movement.jumps_left.to_string()),
        ("parts", parts(w)),
        ("moved", names(geo, &st.built.movement.moved)),
        (
            "kills",
            if kills.is_empty() {
                "-".into()
            } else {
                kills.join(",")
            },
        ),
        ("score_white", w.score(Side::P1).to_string()),
        ("score_black", w.score(Side::P2).to_string()),
    ]
}

/// An ASCII hexagon: number 1 at the bottom, letters rising to the right along each row. Every
/// row is labelled with its number on the left; every letter (a line of points running down to
/// the right) is labelled one step beyond its lowest point: under the bottom row for the first
/// letters, right of the lower rows for the others.
pub(crate) fn render(w: &Wells) -> String {
    let geo = w.lattice;
    let c = geo.side as i32 - 1;
    let letter = |q: i32| (b'a' + q as u8) as char;
    let mut out = String::new();
    for r in (0..=2 * c).rev() {
        let indent = (r - c).unsigned_abs() as usize;
        out.push_str(&format!("{:>2} ", r + 1));
        out.push_str(&" ".repeat(indent));
        let q0 = (r - c).max(0);
        let q1 = (r + c).min(2 * c);
        let row: Vec<String> = (q0..=q1)
            .map(|q| {
                let p = geo.index(q, r).unwrap_or(0);
                cell_char(w.state.cells[p]).to_string()
            })
            .collect();
        out.push_str(&row.join(" "));
        if r < c {
            // The letter whose lowest point ends the row above this one.
            out.push(' ');
            out.push(letter(r + c + 1));
        }
        out.push('\n');
    }
    // Point (q, 1) is drawn at column 2q + c: its letter goes one column right, one line down.
    out.push_str("   ");
    let mut bottom = " ".repeat(c as usize + 1);
    for q in 0..=c {
        bottom.push(letter(q));
        bottom.push(' ');
    }
    out.push_str(bottom.trim_end());
    out.push('\n');
    out.push_str(&format!(
        "{} to move, turn {}, passes {}, score W {} B {}\n",
        if w.state.side == 0 { "White" } else { "Black" },
        w.state.turn,
        w.state.passes,
        w.score(Side::P1),
        w.score(Side::P2)
    ));
    out
}
