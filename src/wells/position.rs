//! Position strings, `describe` and `render` (see `doc/wells.md`).
//!
//! `position := side " " rows " " mover " " turn " " passes`, one line:
//! * `side` — 4..12 (W1);
//! * `rows` — the `2·side − 1` rows of points separated by `/`, number 1 first, each row from its
//!   lowest letter: `.` empty, `W` White, `B` Black, `X` massacre token;
//! * `mover` — `w` or `b`; `turn` — the number of the turn to play (1 = White's first, so odd
//!   turns are White's, W3); `passes` — passes in a row just before it, 0..2 (W6).
//!
//! The empty side-4 board, White to move: `4 ..../...../....../......./....../...../.... w 1 0`.

use super::bits::Bits;
use super::lattice::{Lattice, MAX_SIDE, MIN_SIDE};
use super::{Phase, Settings, Wells, BLACK, EMPTY, MAX_GROUP, PIECES, TOKEN, WHITE};
use crate::game::{GameError, Position, Side};

fn cell_char(c: u8) -> char {
    match c {
        WHITE => 'W',
        BLACK => 'B',
        TOKEN => 'X',
        _ => '.',
    }
}

/// The position string (of the turn start; mid-turn, of the board as it stands).
pub(crate) fn to_string(w: &Wells) -> String {
    let geo = w.lattice;
    let mut rows = String::new();
    let mut last_r = 0;
    for p in 0..geo.len {
        let r = geo.coord[p].1;
        if p > 0 && r != last_r {
            rows.push('/');
        }
        last_r = r;
        rows.push(cell_char(w.state.cells[p]));
    }
    format!(
        "{} {} {} {} {}",
        geo.side,
        rows,
        if w.state.side == 0 { 'w' } else { 'b' },
        w.state.turn,
        w.state.passes
    )
}

/// Parses and validates a position string. The string's side wins over `settings.side`; the
/// turn limit comes from `settings`.
pub(crate) fn parse(text: &str, settings: &Settings) -> Result<Wells, GameError> {
    let bad = |reason: String| GameError::bad_position(text, reason);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(bad(format!(
            "expected 5 fields (side, rows, mover, turn, passes) but got {}",
            fields.len()
        )));
    }
    let side: u8 = crate::game::parse_decimal(fields[0])
        .and_then(|n| u8::try_from(n).ok())
        .filter(|s| (MIN_SIDE..=MAX_SIDE).contains(s))
        .ok_or_else(|| {
            bad(format!(
                "expected a board side from {MIN_SIDE} to {MAX_SIDE} but got '{}'",
                fields[0]
            ))
        })?;
    let geo = Lattice::get(side);
    let rows: Vec<&str> = fields[1].split('/').collect();
    let nrows = 2 * side as usize - 1;
    if rows.len() != nrows {
        return Err(bad(format!(
            "expected {nrows} rows for side {side} but got {}",
            rows.len()
        )));
    }
    let mut cells = Vec::with_capacity(geo.len);
    for (r, row) in rows.iter().enumerate() {
        let want = side as usize + r.min(nrows - 1 - r);
        if row.chars().count() != want {
            return Err(bad(format!(
                "expected {want} points in row {} but got {} ('{row}')",
                r + 1,
                row.chars().count()
            )));
        }
        for ch in row.chars() {
            cells.push(match ch {
                '.' => EMPTY,
                'W' => WHITE,
                'B' => BLACK,
                'X' => TOKEN,
                other => {
                    return Err(bad(format!(
                        "expected a point '.', 'W', 'B' or 'X' but got '{other}' in row {}",
                        r + 1
                    )))
                }
            });
        }
    }
    let side_to_move = match fields[2] {
        "w" => 0u8,
        "b" => 1u8,
        other => {
            return Err(bad(format!(
                "expected side to move w or b but got '{other}'"
            )))
        }
    };
    let turn: u32 = crate::game::parse_decimal(fields[3])
        .and_then(|n| u32::try_from(n).ok())
        .filter(|&t| t >= 1)
        .ok_or_else(|| {
            bad(format!(
                "expected a turn number from 1 but got '{}'",
                fields[3]
            ))
        })?;
    let passes: u8 = crate::game::parse_decimal(fields[4])
        .and_then(|n| u8::try_from(n).ok())
        .filter(|&p| p <= 2)
        .ok_or_else(|| bad(format!("expected passes 0, 1 or 2 but got '{}'", fields[4])))?;
    if (turn % 2 == 1) != (side_to_move == 0) {
        return Err(bad(format!(
            "turn {turn} is {}'s turn (White plays the odd turns, W3)",
            if turn % 2 == 1 { "White" } else { "Black" }
        )));
    }
    let settings = Settings {
        side,
        turn_limit: settings.turn_limit.max(1),
    };
    if turn > settings.turn_limit.saturating_add(1) {
        return Err(bad(format!(
            "turn {turn} is beyond the turn limit {} (W6)",
            settings.turn_limit
        )));
    }
    let mut w = Wells::new(&settings);
    for (p, &c) in cells.iter().enumerate() {
        match c {
            EMPTY => {}
            TOKEN => w.put_token(p),
            c => w.place(p, c),
        }
    }
    for (s, name) in [(0, "White"), (1, "Black")] {
        let n = w.state.pieces[s].count();
        if n > PIECES {
            return Err(bad(format!(
                "{name} has {n} pieces on the board, more than {PIECES} (W2)"
            )));
        }
        let mut left = w.state.pieces[s];
        while let Some(x) = left.first() {
            let g = w.group_of(x);
            left = left.andnot(&g);
            if g.count() > MAX_GROUP {
                return Err(bad(format!(
                    "{name} has a group of {} pieces at {} (at most {MAX_GROUP}, W2; groups of one side never touch)",
                    g.count(),
                    geo.name(x)
                )));
            }
        }
    }
    w.state.side = side_to_move;
    w.state.turn = turn;
    w.state.passes = passes;
    w.label_groups();
    w.start_turn();
    Ok(w)
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

/// Named fields for a program (see `doc/wells.md`).
pub(crate) fn describe(w: &Wells) -> Vec<(&'static str, String)> {
    let geo = w.lattice;
    let st = &w.state;
    let points: String = (0..geo.len).map(|p| cell_char(st.cells[p])).collect();
    let phase = match st.phase {
        Phase::Growth => "growth",
        Phase::NewGroup => "new",
        Phase::Move | Phase::Moving => "move",
        Phase::Keep => "split",
        Phase::Kill => "kill",
        Phase::Over => "over",
    };
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
        ("phase", phase.into()),
        ("moving", names(geo, &w.moving())),
        ("jumps_left", st.jumps_left.to_string()),
        ("moved", names(geo, &st.moved)),
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
