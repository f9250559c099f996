//! Position strings (see `doc/wells.md`), read in two stages as every game reads them
//! (`src/game/setup.rs`): text → [`Setup`] (the fields as written: syntax only) → a validated
//! [`Wells`] (the rules, W1–W6: what no game reaches is refused).
//!
//! `position := side " " rows " " mover " " turn " " passes`, one line:
//! * `side` — 4..12 (W1);
//! * `rows` — the `2·side − 1` rows of points separated by `/`, number 1 first, each row from its
//!   lowest letter: `.` empty, `W` White, `B` Black, `X` massacre token;
//! * `mover` — `w` or `b`; `turn` — the number of the turn to play (1 = White's first, so odd
//!   turns are White's, W3); `passes` — passes in a row just before it, 0..2 (W6).
//!
//! The empty side-4 board, White to move: `4 ..../...../....../......./....../...../.... w 1 0`.

use std::fmt;

use super::lattice::{Lattice, MAX_SIDE, MIN_SIDE};
use super::{Settings, Wells, BLACK, EMPTY, MAX_GROUP, PIECES, TOKEN, WHITE};
use crate::game::setup::{fields, number, word};
use crate::game::{GameError, Position};

/// The character of a cell in position strings and pictures.
pub(crate) const fn cell_char(c: u8) -> char {
    match c {
        WHITE => 'W',
        BLACK => 'B',
        TOKEN => 'X',
        _ => '.',
    }
}

/// A position string read, syntax only: every field well formed, nothing yet checked against
/// the rules (a side may have too many pieces, the mover may not match the turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Setup {
    /// The board's side (W1).
    side: u8,
    /// What stands on each point, in the lattice's order.
    cells: Vec<u8>,
    /// 0 White, 1 Black.
    mover: u8,
    turn: u32,
    passes: u8,
}

impl Setup {
    /// Reads the five fields (see the module documentation).
    pub(crate) fn parse(text: &str) -> Result<Setup, String> {
        let f = fields(text, &["side", "rows", "mover", "turn", "passes"])?;
        let range = u64::from(MIN_SIDE)..=u64::from(MAX_SIDE);
        let side = number(f[0], "a board side", range)? as u8;
        let rows: Vec<&str> = f[1].split('/').collect();
        let nrows = 2 * side as usize - 1;
        if rows.len() != nrows {
            return Err(format!(
                "expected {nrows} rows for side {side} but got {}",
                rows.len()
            ));
        }
        let mut cells = Vec::with_capacity(Lattice::get(side).len);
        for (r, row) in rows.iter().enumerate() {
            let want = side as usize + r.min(nrows - 1 - r);
            if row.chars().count() != want {
                return Err(format!(
                    "expected {want} points in row {} but got {} ('{row}')",
                    r + 1,
                    row.chars().count()
                ));
            }
            for ch in row.chars() {
                cells.push(match ch {
                    '.' => EMPTY,
                    'W' => WHITE,
                    'B' => BLACK,
                    'X' => TOKEN,
                    other => {
                        return Err(format!(
                            "expected a point '.', 'W', 'B' or 'X' but got '{other}' in row {}",
                            r + 1
                        ))
                    }
                });
            }
        }
        Ok(Setup {
            side,
            cells,
            mover: word(f[2], "side to move", &[("w", 0), ("b", 1)])?,
            turn: number(f[3], "a turn number", 1..=u64::MAX)?
                .try_into()
                .map_err(|_| format!("expected a turn number from 1 but got '{}'", f[3]))?,
            passes: number(f[4], "passes", 0..=2)? as u8,
        })
    }

    /// The setup of `pos` (of its turn start; mid-turn, of the board as it stands), which
    /// prints as its position string.
    pub(crate) fn of(pos: &Wells) -> Setup {
        let st = &pos.state;
        Setup {
            side: pos.lattice.side,
            cells: st.cells[..pos.lattice.len].to_vec(),
            mover: st.side,
            turn: st.turn,
            passes: st.passes,
        }
    }

    /// The position it describes, when the rules allow it (W2, W3, W6). The string's side wins
    /// over `settings.side`; the turn limit comes from `settings`.
    pub(crate) fn position(&self, settings: &Settings) -> Result<Wells, String> {
        let turn = self.turn;
        if (turn % 2 == 1) != (self.mover == 0) {
            return Err(format!(
                "turn {turn} is {}'s turn (White plays the odd turns, W3)",
                if turn % 2 == 1 { "White" } else { "Black" }
            ));
        }
        let settings = Settings {
            side: self.side,
            turn_limit: settings.turn_limit.max(1),
        };
        if turn > settings.turn_limit.saturating_add(1) {
            return Err(format!(
                "turn {turn} is beyond the turn limit {} (W6)",
                settings.turn_limit
            ));
        }
        let mut w = Wells::new(&settings);
        let geo = w.lattice;
        for (p, &c) in self.cells.iter().enumerate() {
            match c {
                EMPTY => {}
                TOKEN => w.put_token(p),
                c => w.place(p, c),
            }
        }
        for (s, name) in [(0, "White"), (1, "Black")] {
            let n = w.state.pieces[s].count();
            if n > PIECES {
                return Err(format!(
                    "{name} has {n} pieces on the board, more than {PIECES} (W2)"
                ));
            }
            let mut left = w.state.pieces[s];
            while let Some(x) = left.first() {
                let g = w.group_of(x);
                left = left.andnot(&g);
                if g.count() > MAX_GROUP {
                    return Err(format!(
                        "{name} has a group of {} pieces at {} (at most {MAX_GROUP}, W2; groups \
                         of one side never touch)",
                        g.count(),
                        geo.name(x)
                    ));
                }
            }
        }
        w.state.side = self.mover;
        w.state.turn = turn;
        w.state.passes = self.passes;
        w.label_groups();
        w.start_turn();
        Ok(w)
    }
}

/// The canonical position string: every accepted string prints back as it was read.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geo = Lattice::get(self.side);
        let mut rows = String::new();
        let mut last_r = 0;
        for (p, &c) in self.cells.iter().enumerate() {
            let r = geo.coord[p].1;
            if p > 0 && r != last_r {
                rows.push('/');
            }
            last_r = r;
            rows.push(cell_char(c));
        }
        let mover = if self.mover == 0 { 'w' } else { 'b' };
        write!(
            f,
            "{} {rows} {mover} {} {}",
            self.side, self.turn, self.passes
        )
    }
}

/// Reads and validates a position string: every failure is a `BadPosition` with the reason.
pub(crate) fn parse(text: &str, settings: &Settings) -> Result<Wells, GameError> {
    Setup::parse(text)
        .and_then(|s| s.position(settings))
        .map_err(|reason| GameError::bad_position(text, reason))
}
