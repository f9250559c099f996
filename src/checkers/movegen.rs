//! Move representation and legal move generation (GC3, GC4).

use super::board::{self, ALL_POINTS, CROSS, NONE, NOT_LAST_COL, STEP};
use super::Checkers;
use crate::game::Side;

/// One whole turn, packed and `Copy` (a turn is one step in this game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The Guerrilla places stones on two orthogonally adjacent interior points, given by their
    /// interior indices `(rank - 1) * 7 + (file - 1)`, lower index first (GC3: the pair is
    /// unordered, so this is its one form).
    Pair(u8, u8),
    /// A COIN checker's whole path (GC4): the start square, the number of diagonal steps
    /// (1..=49), and the direction of each step, 2 bits per step (step `i` in bits `2i..2i+2`;
    /// 0 = NE, 1 = NW, 2 = SE, 3 = SW), the higher bits zero. Whether a step captures follows
    /// from the position; a path of one non-capturing step is a plain move.
    Path { from: u8, len: u8, dirs: u128 },
}

impl Move {
    /// The squares a path visits, start included; empty for a pair.
    pub fn path_squares(&self) -> Vec<u8> {
        match *self {
            Move::Pair(..) => Vec::new(),
            Move::Path { from, len, dirs } => {
                let mut v = vec![from];
                let mut sq = from;
                for i in 0..len as u32 {
                    sq = STEP[sq as usize][((dirs >> (2 * i)) & 3) as usize];
                    v.push(sq);
                }
                v
            }
        }
    }
}

impl Checkers {
    /// The legal stone pairs as two bitboards over interior points (GC3): bit `p` of `h` is the
    /// pair {p, p + 1} (same rank), bit `p` of `v` is {p, p + 7} (same file). `None` when the
    /// Guerrilla is not to move or has fewer than two stones in hand (GC5).
    ///
    /// A pair {p, q} of adjacent empty points is legal when some order of placing it is: the
    /// first stone next to a stone on the board and the second next to the first. As p and q are
    /// adjacent, that is: p or q is next to a stone on the board (any point on the very first
    /// turn).
    pub(crate) fn pair_edges(&self) -> Option<(u64, u64)> {
        if self.side != Side::P1 || self.hand < 2 {
            return None;
        }
        let empty = ALL_POINTS & !self.stones;
        let anchor = if self.first {
            ALL_POINTS
        } else {
            board::neighbours(self.stones)
        };
        let h = empty & (empty >> 1) & NOT_LAST_COL & (anchor | (anchor >> 1));
        let v = empty & (empty >> 7) & (anchor | (anchor >> 7));
        Some((h, v))
    }

    /// Appends every legal move of the side to move.
    pub(crate) fn generate(&self, out: &mut Vec<Move>) {
        match self.side {
            Side::P1 => {
                if let Some((mut h, mut v)) = self.pair_edges() {
                    while h != 0 {
                        let p = h.trailing_zeros() as u8;
                        h &= h - 1;
                        out.push(Move::Pair(p, p + 1));
                    }
                    while v != 0 {
                        let p = v.trailing_zeros() as u8;
                        v &= v - 1;
                        out.push(Move::Pair(p, p + 7));
                    }
                }
            }
            Side::P2 => self.coin_moves(&mut |m| out.push(m)),
        }
    }

    /// True when `mv` is one of the moves [`Checkers::generate`] lists, checked by walking it.
    pub(crate) fn is_legal_move(&self, mv: Move) -> bool {
        match mv {
            Move::Pair(a, b) => {
                let Some((h, v)) = self.pair_edges() else {
                    return false;
                };
                a < 49
                    && ((b == a + 1 && h & (1u64 << a) != 0)
                        || (b == a + 7 && v & (1u64 << a) != 0))
            }
            Move::Path { from, len, dirs } => {
                if self.side != Side::P2
                    || from >= 64
                    || self.checkers & (1u64 << from) == 0
                    || len == 0
                    || len > 49
                    || dirs >> (2 * len as u32) != 0
                {
                    return false;
                }
                let others = self.checkers & !(1u64 << from);
                let mut stones = self.stones;
                let mut sq = from as usize;
                let mut captured = false;
                for i in 0..len as u32 {
                    let d = ((dirs >> (2 * i)) & 3) as usize;
                    let t = STEP[sq][d];
                    if t == NONE || others & (1u64 << t) != 0 {
                        return false;
                    }
                    let c = CROSS[sq][d];
                    let capture = stones & (1u64 << c) != 0;
                    if i > 0 && !capture {
                        return false;
                    }
                    stones &= !(1u64 << c);
                    captured = capture;
                    sq = t as usize;
                }
                // A capture must go on while one is available (GC4).
                !captured
                    || (0..4).all(|d| {
                        let t = STEP[sq][d];
                        t == NONE
                            || others & (1u64 << t) != 0
                            || stones & (1u64 << CROSS[sq][d]) == 0
                    })
            }
        }
    }

    /// The number of legal moves (perft's bulk count at the last ply).
    pub(crate) fn count_moves(&self) -> u64 {
        match self.side {
            Side::P1 => self
                .pair_edges()
                .map_or(0, |(h, v)| (h.count_ones() + v.count_ones()) as u64),
            Side::P2 => {
                let mut n = 0u64;
                self.coin_moves(&mut |_| n += 1);
                n
            }
        }
    }

    /// Every COIN move (GC4): for each checker and each diagonal square without a checker, a
    /// plain step when the crossed point is empty; otherwise a capture, continued by the same
    /// checker along every branch until no capture is left.
    fn coin_moves(&self, emit: &mut dyn FnMut(Move)) {
        let mut b = self.checkers;
        while b != 0 {
            let from = b.trailing_zeros() as u8;
            b &= b - 1;
            // The mover leaves its square: during a chain it may pass through or land on it.
            let others = self.checkers & !(1u64 << from);
            for d in 0..4u8 {
                let t = STEP[from as usize][d as usize];
                if t == NONE || others & (1u64 << t) != 0 {
                    continue;
                }
                let c = CROSS[from as usize][d as usize];
                if self.stones & (1u64 << c) == 0 {
                    emit(Move::Path {
                        from,
                        len: 1,
                        dirs: d as u128,
                    });
                } else {
                    chain(
                        from,
                        t,
                        others,
                        self.stones & !(1u64 << c),
                        1,
                        d as u128,
                        emit,
                    );
                }
            }
        }
    }
}

/// Continues a capture chain of the checker that started on `from` and now stands on `sq`, with
/// `stones` left on the board: every available capture is a branch (GC4, no maximum-capture
/// rule); the path ends only where no capture is available.
fn chain(
    from: u8,
    sq: u8,
    others: u64,
    stones: u64,
    len: u8,
    dirs: u128,
    emit: &mut dyn FnMut(Move),
) {
    let mut any = false;
    for d in 0..4u8 {
        let t = STEP[sq as usize][d as usize];
        if t == NONE || others & (1u64 << t) != 0 {
            continue;
        }
        let c = CROSS[sq as usize][d as usize];
        if stones & (1u64 << c) == 0 {
            continue;
        }
        any = true;
        chain(
            from,
            t,
            others,
            stones & !(1u64 << c),
            len + 1,
            dirs | ((d as u128) << (2 * len as u32)),
            emit,
        );
    }
    if !any {
        emit(Move::Path { from, len, dirs });
    }
}

/// The index of the `k`-th set bit of `b` (0-based); `b` has more than `k` bits set.
pub(crate) fn nth_bit(mut b: u64, k: u32) -> u8 {
    for _ in 0..k {
        b &= b - 1;
    }
    b.trailing_zeros() as u8
}
