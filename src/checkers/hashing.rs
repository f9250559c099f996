//! Hashing and symmetries: the Zobrist keys, the hash computed from nothing (the incremental
//! one must always equal it), and the board's symmetries applied to a position (tests check
//! that every perft count is equal under them).

use super::lattice::{self, POINT_SLOTS};
use super::Checkers;
use crate::game::{Hashing, Side};
use crate::mix::splitmix;

/// Deterministic Zobrist keys: one per (checker, square), (stone, point), stones-in-hand count,
/// COIN to move and the first-turn flag (GC3); and for a turn half built, one per point of the
/// Guerrilla's first stone and one per square of the checker whose capture must go on (GC4).
pub(crate) struct Keys {
    pub checker: [u64; 64],
    pub stone: [u64; POINT_SLOTS],
    pub hand: [u64; 67],
    pub coin_to_move: u64,
    pub first_turn: u64,
    pub pending: [u64; POINT_SLOTS],
    pub chain: [u64; 64],
}

/// The point index of the `i`-th interior point in rank order: the order the keys are drawn
/// in, fixed so that a position's hash is the same in every build.
const fn slot(i: usize) -> usize {
    i / 7 * 8 + i % 7
}

pub(crate) const KEYS: Keys = {
    let mut state = 0x6775_6572_7269_6c6c; // "guerrill"
    let mut k = Keys {
        checker: [0; 64],
        stone: [0; POINT_SLOTS],
        hand: [0; 67],
        coin_to_move: 0,
        first_turn: 0,
        pending: [0; POINT_SLOTS],
        chain: [0; 64],
    };
    let mut i = 0;
    while i < 64 {
        let (s, z) = splitmix(state);
        state = s;
        k.checker[i] = z;
        i += 1;
    }
    i = 0;
    while i < 49 {
        let (s, z) = splitmix(state);
        state = s;
        k.stone[slot(i)] = z;
        i += 1;
    }
    i = 0;
    while i < 67 {
        let (s, z) = splitmix(state);
        state = s;
        k.hand[i] = z;
        i += 1;
    }
    let (s, z) = splitmix(state);
    k.coin_to_move = z;
    let (s, z) = splitmix(s);
    k.first_turn = z;
    // The keys of a half-built turn come last: a turn start's hash does not depend on them.
    let mut state = s;
    i = 0;
    while i < 49 {
        let (s, z) = splitmix(state);
        state = s;
        k.pending[slot(i)] = z;
        i += 1;
    }
    i = 0;
    while i < 64 {
        let (s, z) = splitmix(state);
        state = s;
        k.chain[i] = z;
        i += 1;
    }
    k
};

/// Which symmetry of the board to apply: the three that keep `a1` dark (a left-right mirror
/// would put checkers on light squares).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// 180° rotation: square (f, r) → (7 − f, 7 − r).
    Rotate180,
    /// Reflection in the a1–h8 diagonal: (f, r) → (r, f).
    MainDiagonal,
    /// Reflection in the a8–h1 diagonal: (f, r) → (7 − r, 7 − f).
    AntiDiagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 3] = [
        Symmetry::Rotate180,
        Symmetry::MainDiagonal,
        Symmetry::AntiDiagonal,
    ];

    /// Maps a (file, rank) pair on an `n × n` grid of cells (8 for squares, 9 for points).
    fn map(self, f: u8, r: u8, n: u8) -> (u8, u8) {
        let m = n - 1;
        match self {
            Symmetry::Rotate180 => (m - f, m - r),
            Symmetry::MainDiagonal => (r, f),
            Symmetry::AntiDiagonal => (m - r, m - f),
        }
    }
}

impl Checkers {
    /// The position under a board symmetry that keeps the colouring (see [`Symmetry`]).
    pub fn transformed(&self, sym: Symmetry) -> Checkers {
        let mut checkers = 0u64;
        let mut b = self.checkers;
        while b != 0 {
            let sq = b.trailing_zeros() as u8;
            b &= b - 1;
            let (f, r) = sym.map(sq % 8, sq / 8, 8);
            checkers |= 1u64 << (r * 8 + f);
        }
        let mut stones = 0u64;
        let mut b = self.stones;
        while b != 0 {
            let ip = b.trailing_zeros() as u8;
            b &= b - 1;
            let (pf, pr) = lattice::point_coords(ip);
            let (f, r) = sym.map(pf, pr, 9);
            let ip2 = lattice::interior(f, r).expect("symmetries keep interior points interior");
            stones |= 1u64 << ip2;
        }
        let mut t = Checkers::from_parts(checkers, stones, self.hand, self.side, self.first);
        if self.pending != lattice::NONE {
            let (pf, pr) = lattice::point_coords(self.pending);
            let (f, r) = sym.map(pf, pr, 9);
            t.pending = lattice::interior(f, r).expect("symmetries keep interior points interior");
        }
        if self.chain != lattice::NONE {
            let (f, r) = sym.map(self.chain % 8, self.chain / 8, 8);
            t.chain = r * 8 + f;
        }
        t.hash = t.hash_from_scratch();
        t
    }
}

/// Symmetry `k` is [`Symmetry::ALL`]`[k - 1]`; 0 is the identity.
impl Hashing for Checkers {
    const SYMMETRIES: usize = 1 + Symmetry::ALL.len();

    /// The Zobrist hash recomputed from the position (the incremental
    /// [`Position::hash`](crate::game::Position::hash) must always equal it).
    fn hash_from_scratch(&self) -> u64 {
        let mut h = KEYS.hand[self.hand as usize];
        let mut b = self.checkers;
        while b != 0 {
            h ^= KEYS.checker[b.trailing_zeros() as usize];
            b &= b - 1;
        }
        let mut b = self.stones;
        while b != 0 {
            h ^= KEYS.stone[b.trailing_zeros() as usize];
            b &= b - 1;
        }
        if self.side == Side::P2 {
            h ^= KEYS.coin_to_move;
        }
        if self.first {
            h ^= KEYS.first_turn;
        }
        if self.pending != lattice::NONE {
            h ^= KEYS.pending[self.pending as usize];
        }
        if self.chain != lattice::NONE {
            h ^= KEYS.chain[self.chain as usize];
        }
        h
    }

    fn symmetric(&self, k: usize) -> Checkers {
        match k {
            0 => *self,
            k => self.transformed(Symmetry::ALL[k - 1]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::lattice::ALL_POINTS;

    #[test]
    fn keys_distinct() {
        let points = |keys: &[u64]| -> Vec<u64> {
            let mut b = ALL_POINTS;
            let mut v = Vec::new();
            while b != 0 {
                v.push(keys[b.trailing_zeros() as usize]);
                b &= b - 1;
            }
            v
        };
        let mut all: Vec<u64> = KEYS.checker.to_vec();
        all.extend(points(&KEYS.stone));
        all.extend(KEYS.hand);
        all.push(KEYS.coin_to_move);
        all.push(KEYS.first_turn);
        all.extend(points(&KEYS.pending));
        all.extend(KEYS.chain);
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
