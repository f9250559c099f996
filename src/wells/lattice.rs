//! The hexagonal board of side `n` on a triangular lattice (W1): coordinates, point names,
//! neighbour tables, edge lines, Zobrist keys and the 12 symmetries of the hexagon.
//!
//! Axial coordinates `(q, r)`, both in `0..2n-1`, with `|q - r| <= n - 1`. A point is named
//! Havannah-style: the letter `a + q` then the number `r + 1` (`a1` is a corner; side 12 uses the
//! 23 letters `a..w`). Neighbours differ by `(±1, 0)`, `(0, ±1)` or `±(1, 1)`. Point indices run
//! row by row: number 1 first, letters ascending within a row.

use std::sync::OnceLock;

use super::bits::Bits;
use crate::mix::mix;

/// No point (off the board) in the neighbour tables.
pub const NONE: u16 = u16::MAX;

/// An index past the points of every board (side 12 has 397) standing for "off the board" in
/// [`Lattice::nbs`]: the state's per-point arrays have room for it (400 entries), so a board edit
/// can touch all six neighbours without testing for a missing one. What is written there is
/// never read as a point's.
pub const SINK: u16 = 399;

/// The six directions in cyclic order around a point; direction `d + 3` is the opposite of `d`.
pub const DIRS: [(i32, i32); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

/// Smallest and largest board side (W1).
pub const MIN_SIDE: u8 = 4;
pub const MAX_SIDE: u8 = 12;

/// Everything about a board of one side that never changes.
#[derive(Debug)]
pub struct Lattice {
    pub side: u8,
    /// Number of points: `3n(n-1)+1`.
    pub len: usize,
    /// `(q, r)` of each point index.
    pub coord: Vec<(u8, u8)>,
    /// Index of `(q, r)` at `q * dim + r`, or [`NONE`].
    grid: Vec<u16>,
    dim: usize,
    /// Neighbour in each direction of [`DIRS`], or [`NONE`].
    pub nb: Vec<[u16; 6]>,
    /// [`Lattice::nb`] with [`SINK`] for [`NONE`].
    pub nbs: Vec<[u16; 6]>,
    /// The neighbours of each point, as a set.
    pub nbm: Vec<Bits>,
    /// The landing point of a jump from each point in each direction of [`DIRS`] (two steps
    /// along it), or [`NONE`] when it is off the board.
    pub land: Vec<[u16; 6]>,
    /// [`Lattice::land`] with [`SINK`] for [`NONE`]: an index every per-point array of the state
    /// has, so that all six landing points can be read without a test (the sink's cell is
    /// never written: it reads empty).
    pub lands: Vec<[u16; 6]>,
    /// The directions (bit `d` for `DIRS[d]`) in which a jump from each point lands on the board.
    pub jumpable: Vec<u8>,
    /// The line of each point counted from the edge, the edge being line 1 (W3).
    pub line: Vec<u8>,
    /// Zobrist keys: White piece, Black piece, massacre token.
    pub zob: Vec<[u64; 3]>,
    /// The points within four lines of the edge (W3: the first new group).
    pub first_turn: Bits,
    /// Every point.
    pub all: Bits,
    /// `sym[s][p]`: the image of point `p` under symmetry `s` (0 = identity; 12 in all).
    pub sym: Vec<Vec<u16>>,
}

impl Lattice {
    fn build(side: u8) -> Lattice {
        let n = side as i32;
        let dim = (2 * n - 1) as usize;
        let on = |q: i32, r: i32| {
            q >= 0 && r >= 0 && q < 2 * n - 1 && r < 2 * n - 1 && (q - r).abs() < n
        };
        let mut coord = Vec::new();
        let mut grid = vec![NONE; dim * dim];
        for r in 0..2 * n - 1 {
            for q in 0..2 * n - 1 {
                if on(q, r) {
                    grid[q as usize * dim + r as usize] = coord.len() as u16;
                    coord.push((q as u8, r as u8));
                }
            }
        }
        let len = coord.len();
        let mut nb = vec![[NONE; 6]; len];
        let mut nbm = vec![Bits::EMPTY; len];
        let mut line = vec![0u8; len];
        let mut first_turn = Bits::EMPTY;
        for (i, &(q, r)) in coord.iter().enumerate() {
            let (q, r) = (q as i32, r as i32);
            for (d, (dq, dr)) in DIRS.iter().enumerate() {
                if on(q + dq, r + dr) {
                    let j = grid[(q + dq) as usize * dim + (r + dr) as usize];
                    nb[i][d] = j;
                    nbm[i].set(j as usize);
                }
            }
            let m = 2 * n - 2;
            let l = 1 + [q, r, m - q, m - r, n - 1 - (q - r), n - 1 + (q - r)]
                .into_iter()
                .min()
                .unwrap_or(0);
            line[i] = l as u8;
            if l <= 4 {
                first_turn.set(i);
            }
        }
        let mut seed = 0x5eed_0000_0000_0000u64 ^ side as u64;
        let zob = (0..len)
            .map(|_| {
                let mut k = [0u64; 3];
                for x in &mut k {
                    seed = mix(seed);
                    *x = seed;
                }
                k
            })
            .collect();
        // Symmetries in cube coordinates centred on the middle point: x = q - c, y = c - r,
        // z = -x - y. Rotation by 60°: (x, y, z) -> (-z, -x, -y); reflection: swap x and y.
        let c = n - 1;
        let mut sym = Vec::new();
        for refl in 0..2 {
            for rot in 0..6 {
                let map = coord
                    .iter()
                    .map(|&(q, r)| {
                        let (mut x, mut y) = (q as i32 - c, c - r as i32);
                        if refl == 1 {
                            std::mem::swap(&mut x, &mut y);
                        }
                        for _ in 0..rot {
                            let z = -x - y;
                            (x, y) = (-z, -x);
                        }
                        grid[(x + c) as usize * dim + (c - y) as usize]
                    })
                    .collect();
                sym.push(map);
            }
        }
        let land: Vec<[u16; 6]> = (0..len)
            .map(|p| {
                let mut j = [NONE; 6];
                for (d, jd) in j.iter_mut().enumerate() {
                    let over = nb[p][d];
                    if over != NONE {
                        *jd = nb[over as usize][d];
                    }
                }
                j
            })
            .collect();
        let jumpable = land
            .iter()
            .map(|j| {
                (0..6)
                    .filter(|&d| j[d] != NONE)
                    .fold(0u8, |m, d| m | 1 << d)
            })
            .collect();
        let lands = with_sink(&land);
        let nbs = with_sink(&nb);
        let mut all = Bits::EMPTY;
        for p in 0..len {
            all.set(p);
        }
        Lattice {
            all,
            side,
            len,
            coord,
            grid,
            dim,
            nb,
            nbs,
            nbm,
            land,
            lands,
            jumpable,
            line,
            zob,
            first_turn,
            sym,
        }
    }

    /// The board of side `side` (4..=12), built once and shared.
    pub fn get(side: u8) -> &'static Lattice {
        static GEOS: [OnceLock<Lattice>; 13] = [const { OnceLock::new() }; 13];
        let side = side.clamp(MIN_SIDE, MAX_SIDE);
        GEOS[side as usize].get_or_init(|| Lattice::build(side))
    }

    /// The index of `(q, r)`, if that is a point of this board.
    pub fn index(&self, q: i32, r: i32) -> Option<usize> {
        if q < 0 || r < 0 || q as usize >= self.dim || r as usize >= self.dim {
            return None;
        }
        match self.grid[q as usize * self.dim + r as usize] {
            NONE => None,
            i => Some(i as usize),
        }
    }

    /// The name of point `p`: letter then number, e.g. `d4`.
    pub fn name(&self, p: usize) -> String {
        let (q, r) = self.coord[p];
        format!("{}{}", (b'a' + q) as char, r as u32 + 1)
    }

    /// The point named by a letter and a number (`d`, 4), if it is on this board.
    pub fn from_name(&self, letter: char, number: u32) -> Option<usize> {
        if !letter.is_ascii_lowercase() || number == 0 || number > 64 {
            return None;
        }
        self.index(letter as i32 - 'a' as i32, number as i32 - 1)
    }

    /// The point two steps from `p` in direction `d`, with the point in between: a jump.
    #[inline]
    pub fn beyond(&self, p: usize, d: usize) -> Option<(usize, usize)> {
        let over = self.nb[p][d];
        if over == NONE {
            return None;
        }
        let to = self.nb[over as usize][d];
        if to == NONE {
            return None;
        }
        Some((over as usize, to as usize))
    }

    /// The direction and middle point of a jump from `from` to `to`, if they are two steps apart
    /// in a straight line.
    pub fn jump_between(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        (0..6).find_map(|d| match self.beyond(from, d) {
            Some((over, t)) if t == to => Some((d, over)),
            _ => None,
        })
    }
}

/// A table of points by direction with [`SINK`] for [`NONE`], for reads without a test.
fn with_sink(table: &[[u16; 6]]) -> Vec<[u16; 6]> {
    table
        .iter()
        .map(|n| n.map(|y| if y == NONE { SINK } else { y }))
        .collect()
}
