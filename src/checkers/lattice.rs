//! The Guerrilla Checkers board (GC1) as bitboards: squares and points, their names, and the
//! tables of steps and corners.
//!
//! * Squares: `sq = rank * 8 + file` (0-based, `a1` = 0, `h8` = 63) in a `u64`. A square is dark
//!   when `file + rank` is even (GC1: `a1` is dark); checkers only ever stand on dark squares.
//! * Points: the 9×9 corners, point file `A..I` and rank `1..9`; point `(pf, pr)` is the
//!   bottom-left corner of square `(pf, pr)`. Only the 49 interior points (`pf, pr` in `1..=7`,
//!   i.e. `B2..H8`) can hold a stone (GC1), so stones live in a `u64` over
//!   `ip = (pr - 1) * 8 + (pf - 1)`: the squares' stride of 8, bit 7 of every byte and the top
//!   byte always clear. With the same stride, the corner a checker on `sq` crosses is a fixed
//!   offset from `sq` (NE `sq`, NW `sq - 1`, SE `sq - 8`, SW `sq - 9`), so a rule over every
//!   checker at once is a few shifts of the two bitboards (`bits.rs`).

/// No square (a step off the board).
pub(crate) const NONE: u8 = u8::MAX;

/// All 49 interior points: the low 7 bits of the low 7 bytes.
pub(crate) const ALL_POINTS: u64 = 0x007F_7F7F_7F7F_7F7F;

/// One past the highest interior point index (the length of per-point tables).
pub(crate) const POINT_SLOTS: usize = 55;

/// All 32 dark squares.
pub(crate) const DARK: u64 = {
    let mut m = 0u64;
    let mut sq = 0;
    while sq < 64 {
        if (sq % 8 + sq / 8) % 2 == 0 {
            m |= 1u64 << sq;
        }
        sq += 1;
    }
    m
};

/// The interior points orthogonally adjacent to any point of `b` (GC3).
#[inline]
pub(crate) fn neighbours(b: u64) -> u64 {
    // A shift off a rank's end lands on bit 7 of a byte (or the top byte): never a point.
    ((b << 1) | (b >> 1) | (b << 8) | (b >> 8)) & ALL_POINTS
}

/// Interior point index of the 9×9 point `(pf, pr)`, or `None` for an edge point.
pub(crate) const fn interior(pf: u8, pr: u8) -> Option<u8> {
    if pf >= 1 && pf <= 7 && pr >= 1 && pr <= 7 {
        Some((pr - 1) * 8 + (pf - 1))
    } else {
        None
    }
}

/// The 9×9 coordinates `(pf, pr)` of an interior point index.
pub(crate) const fn point_coords(ip: u8) -> (u8, u8) {
    (ip % 8 + 1, ip / 8 + 1)
}

/// The four diagonal directions as (file delta, rank delta): NE, NW, SE, SW (GC4).
pub(crate) const DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// `STEP[sq][d]`: the square one diagonal step from `sq` in direction `d`, or [`NONE`].
pub(crate) const STEP: [[u8; 4]; 64] = {
    let mut t = [[NONE; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + DIRS[d].0, r + DIRS[d].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[sq][d] = (nr * 8 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `CROSS[sq][d]`: the interior point crossed by the step from `sq` in direction `d` (the corner
/// the two squares share, GC4), or [`NONE`] when the step leaves the board. The shared corner of
/// two diagonally adjacent squares is never an edge point.
pub(crate) const CROSS: [[u8; 4]; 64] = {
    let mut t = [[NONE; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as u8, (sq / 8) as u8);
        let mut d = 0;
        while d < 4 {
            if STEP[sq][d] != NONE {
                // Corner of square (f, r) towards (df, dr): point (f + [df>0], r + [dr>0]).
                let pf = f + (DIRS[d].0 > 0) as u8;
                let pr = r + (DIRS[d].1 > 0) as u8;
                t[sq][d] = match interior(pf, pr) {
                    Some(ip) => ip,
                    None => NONE,
                };
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `CORNERS[sq]`: the interior corners of square `sq`. A checker on `sq` is surrounded when every
/// one of them holds a stone (its other corners are edge points, which count as surrounding, GC3).
pub(crate) const CORNERS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as u8, (sq / 8) as u8);
        let mut i = 0;
        while i < 4 {
            if let Some(ip) = interior(f + (i & 1), r + (i >> 1)) {
                t[sq] |= 1u64 << ip;
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// Square name, `a1`..`h8` (GC1).
pub(crate) fn square_name(sq: u8) -> String {
    let f = (b'a' + sq % 8) as char;
    let r = (b'1' + sq / 8) as char;
    format!("{f}{r}")
}

/// Point name of an interior point, `B2`..`H8` (GC1).
pub(crate) fn point_name(ip: u8) -> String {
    let (pf, pr) = point_coords(ip);
    point_name_9(pf, pr)
}

/// Point name of any 9×9 point, `A1`..`I9`.
pub(crate) fn point_name_9(pf: u8, pr: u8) -> String {
    format!("{}{}", (b'A' + pf) as char, (b'1' + pr) as char)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry() {
        assert_eq!(DARK.count_ones(), 32);
        const { assert!(DARK & 1 != 0, "a1 is dark (GC1)") };
        // a1 has one interior corner (B2); c5 has four: C5 D5 C6 D6.
        assert_eq!(CORNERS[0], 1 << interior(1, 1).unwrap());
        assert_eq!(CORNERS[4 * 8 + 2].count_ones(), 4);
        // a3 (edge, not corner) has two.
        assert_eq!(CORNERS[2 * 8].count_ones(), 2);
        // c5 -> d6 (NE) crosses D6.
        assert_eq!(point_name(CROSS[4 * 8 + 2][0]), "D6");
        assert_eq!(square_name(STEP[4 * 8 + 2][0]), "d6");
        assert_eq!(STEP[0][3], NONE);
        // Every on-board step crosses an interior point.
        for sq in 0..64 {
            for d in 0..4 {
                assert_eq!(STEP[sq][d] == NONE, CROSS[sq][d] == NONE);
            }
        }
        let p = 1u64 << interior(1, 1).unwrap(); // B2
        assert_eq!(neighbours(p).count_ones(), 2);
        let p = 1u64 << interior(4, 4).unwrap(); // E5
        assert_eq!(neighbours(p).count_ones(), 4);
        assert_eq!(neighbours(ALL_POINTS) & !ALL_POINTS, 0);
    }
}
