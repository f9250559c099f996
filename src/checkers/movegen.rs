//! Move representation, the rules as bitboard operations, and legal move generation (GC3,
//! GC4).
//!
//! The kernels at the top of this file work on the two bitboards alone (checkers over squares,
//! stones over points, both with a stride of 8: see `board.rs`) and serve every caller: whole
//! moves here, steps (`steps.rs`), perft (`perft.rs`) and random games. A rule over every checker
//! at once is a shift per direction: bit `sq` of [`open`]`(checkers)[d]` says whether the step
//! from `sq` in direction `d` is on the board and free of checkers, bit `sq` of
//! [`corners`]`(stones)[d]` whether the point that step crosses holds a stone.

use super::board::{self, ALL_POINTS, CROSS, NONE, STEP};
use super::Checkers;
use crate::game::Side;
use crate::select::select_in_byte;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;

/// `ON[d]`: the squares from which a diagonal step in direction `d` (NE, NW, SE, SW, as
/// [`board::DIRS`]) stays on the board. They are also the squares whose corner in direction `d`
/// is an interior point.
const ON: [u64; 4] = [
    !(FILE_H | RANK_8),
    !(FILE_A | RANK_8),
    !(FILE_H | RANK_1),
    !(FILE_A | RANK_1),
];

/// `open(occupied)[d]`: the squares from which a step in direction `d` stays on the board and
/// lands on no checker of `occupied` (GC4: a stone never blocks). Bit `sq` of `b >> 9` is bit
/// `STEP[sq][NE]` of `b`, and so on.
#[inline(always)]
pub(crate) fn open(occupied: u64) -> [u64; 4] {
    [
        ON[0] & !(occupied >> 9),
        ON[1] & !(occupied >> 7),
        ON[2] & !(occupied << 7),
        ON[3] & !(occupied << 9),
    ]
}

/// `corners(stones)[d]`: bit `sq` is bit `CROSS[sq][d]` of the points bitboard `stones` (for
/// `sq` in `ON[d]`): whether the point a step from `sq` in direction `d` crosses holds a stone.
#[inline(always)]
pub(crate) fn corners(stones: u64) -> [u64; 4] {
    [stones, stones << 1, stones << 8, stones << 9]
}

/// The squares of `from` whose checker can step in direction `d`: the step stays on the board
/// and its target holds no checker of `occupied` (GC4: a stone never blocks).
#[inline(always)]
pub(crate) fn hops(from: u64, occupied: u64, d: usize) -> u64 {
    from & open(occupied)[d]
}

/// The checkers among `checkers` whose four corners are each a stone or an edge point (GC3).
#[inline]
pub(crate) fn surrounded(checkers: u64, stones: u64) -> u64 {
    let c = corners(stones);
    checkers & (c[0] | !ON[0]) & (c[1] | !ON[1]) & (c[2] | !ON[2]) & (c[3] | !ON[3])
}

/// The captures the checker on `sq` can make next, one bit per direction (GC4), `open` being
/// [`open`] of the other checkers.
#[inline(always)]
fn caps_at(sq: u8, open: &[u64; 4], stones: u64) -> u8 {
    let c = corners(stones);
    let bit = |d: usize| (((open[d] & c[d]) >> sq) & 1) as u8;
    bit(0) | bit(1) << 1 | bit(2) << 2 | bit(3) << 3
}

/// The captures the checker on `sq` can make next, one bit per direction, the other checkers
/// being `others` (GC4).
#[inline]
pub(crate) fn capture_dirs(sq: u8, others: u64, stones: u64) -> u8 {
    caps_at(sq, &open(others), stones)
}

/// True when some checker has a legal step (GC4: any diagonal square without a checker).
#[inline]
pub(crate) fn coin_can_move(checkers: u64) -> bool {
    let o = open(checkers);
    checkers & (o[0] | o[1] | o[2] | o[3]) != 0
}

/// The legal stone pairs (GC3) as two bitboards over points: bit `p` of `h` is the pair
/// {p, p + 1} (same rank), bit `p` of `v` is {p, p + 8} (same file); both empty with fewer than
/// two stones in hand (GC5).
///
/// A pair {p, q} of adjacent empty points is legal when some order of placing it is: the first
/// stone next to a stone on the board and the second next to the first. As p and q are
/// adjacent, that is: p or q is next to a stone on the board (any point on the very first
/// turn).
#[inline]
pub(crate) fn pairs(stones: u64, hand: u8, first: bool) -> (u64, u64) {
    if hand < 2 {
        return (0, 0);
    }
    let empty = ALL_POINTS & !stones;
    let anchor = if first {
        ALL_POINTS
    } else {
        board::neighbours(stones)
    };
    // `empty >> 1` has no bit past a rank's last point: bit 7 of a byte is never a point.
    let h = empty & (empty >> 1) & (anchor | (anchor >> 1));
    let v = empty & (empty >> 8) & (anchor | (anchor >> 8));
    (h, v)
}

/// One COIN move (GC4) as [`coin_paths`] reports it: the [`Move::Path`] fields, the square it
/// ends on and the stones left after its captures.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathEnd {
    pub from: u8,
    pub len: u8,
    pub dirs: u128,
    pub to: u8,
    pub stones: u64,
}

impl PathEnd {
    pub(crate) fn to_move(self) -> Move {
        Move::Path {
            from: self.from,
            len: self.len,
            dirs: self.dirs,
        }
    }
}

/// Calls `f` with every COIN move (GC4), checkers in square order, then directions NE, NW, SE,
/// SW, depth first: for each checker and each diagonal square without a checker, a plain step
/// when the crossed point is empty; otherwise a capture, continued by the same checker along
/// every branch until no capture is left.
pub(crate) fn coin_paths(checkers: u64, stones: u64, f: &mut impl FnMut(PathEnd)) {
    let mut b = checkers;
    while b != 0 {
        let from = b.trailing_zeros() as u8;
        b &= b - 1;
        // The mover leaves its square: during a chain it may pass through or land on it.
        let open = open(checkers & !(1u64 << from));
        for d in 0..4u8 {
            if (open[d as usize] >> from) & 1 == 0 {
                continue;
            }
            let t = STEP[from as usize][d as usize];
            let c = CROSS[from as usize][d as usize];
            let path = PathEnd {
                from,
                len: 1,
                dirs: d as u128,
                to: t,
                stones: stones & !(1u64 << c),
            };
            if stones & (1u64 << c) == 0 {
                f(path);
            } else {
                chain_paths(path, &open, f);
            }
        }
    }
}

/// Continues the capture chain `path` (which has just captured) of the checker now on
/// `path.to`: every available capture is a branch (GC4, no maximum-capture rule); the path ends
/// only where no capture is available.
fn chain_paths(path: PathEnd, open: &[u64; 4], f: &mut impl FnMut(PathEnd)) {
    let sq = path.to;
    let mut m = caps_at(sq, open, path.stones);
    if m == 0 {
        f(path);
        return;
    }
    while m != 0 {
        let d = m.trailing_zeros() as usize;
        m &= m - 1;
        let next = PathEnd {
            from: path.from,
            len: path.len + 1,
            dirs: path.dirs | ((d as u128) << (2 * path.len as u32)),
            to: STEP[sq as usize][d],
            stones: path.stones & !(1u64 << CROSS[sq as usize][d]),
        };
        chain_paths(next, open, f);
    }
}

/// One whole turn, packed and `Copy` (a turn is one step in this game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The Guerrilla places stones on two orthogonally adjacent interior points, given by their
    /// point indices `(rank - 1) * 8 + (file - 1)` (`board.rs`), lower index first (GC3: the pair is
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
    /// The legal stone pairs of the side to move (see [`pairs`]); `None` when COIN is to move.
    pub(crate) fn pair_edges(&self) -> Option<(u64, u64)> {
        (self.side == Side::P1).then(|| pairs(self.stones, self.hand, self.first))
    }

    /// Appends every legal move of the side to move.
    pub(crate) fn generate(&self, out: &mut Vec<Move>) {
        match self.side {
            Side::P1 => {
                let (mut h, mut v) = pairs(self.stones, self.hand, self.first);
                while h != 0 {
                    let p = h.trailing_zeros() as u8;
                    h &= h - 1;
                    out.push(Move::Pair(p, p + 1));
                }
                while v != 0 {
                    let p = v.trailing_zeros() as u8;
                    v &= v - 1;
                    out.push(Move::Pair(p, p + 8));
                }
            }
            Side::P2 => coin_paths(self.checkers, self.stones, &mut |p| out.push(p.to_move())),
        }
    }

    /// True when `mv` is one of the moves [`Checkers::generate`] lists, checked by walking it.
    pub(crate) fn is_legal_move(&self, mv: Move) -> bool {
        match mv {
            Move::Pair(a, b) => {
                let Some((h, v)) = self.pair_edges() else {
                    return false;
                };
                a < 64
                    && ((b == a + 1 && h & (1u64 << a) != 0)
                        || (b == a + 8 && v & (1u64 << a) != 0))
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
}

/// The index of the `k`-th set bit of `b` (0-based); `b` has more than `k` bits set.
#[inline]
pub(crate) fn nth_bit(b: u64, mut k: u32) -> u8 {
    // The half, then the quarter, then the byte that holds it, by population counts (no
    // loop to mispredict); then the bit within the byte from a table. (Faster here than
    // `select_in_word`'s byte counts, which the Guerrilla draws use: 3-4 % more random games
    // by steps, measured side by side.)
    let mut shift = 0;
    for width in [32, 16, 8] {
        let low = ((b >> shift) & ((1u64 << width) - 1)).count_ones();
        if k >= low {
            k -= low;
            shift += width;
        }
    }
    shift as u8 + select_in_byte((b >> shift) as u8, k as usize) as u8
}

/// The turn starts (COIN's and the Guerrilla's) of `games` random games, each whole turn drawn
/// uniformly by `random_move` from one seeded generator: test positions for the move
/// generators.
#[cfg(test)]
pub(crate) fn random_turn_starts(games: usize) -> Vec<Checkers> {
    use crate::game::prelude::*;
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(13);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Checkers::new(&Default::default());
        while p.outcome().is_none() {
            out.push(p);
            let mv = p.random_move(&mut rng).expect("a game not over has a move");
            p.play_legal_move(mv);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    use super::*;

    /// Turn starts of 40 seeded random games, COIN's and the Guerrilla's.
    fn positions() -> Vec<Checkers> {
        random_turn_starts(40)
    }

    #[test]
    fn nth_bit_counts_from_the_lowest() {
        let mut rng = SmallRng::seed_from_u64(5);
        for _ in 0..1000 {
            let b: u64 = rand::Rng::random(&mut rng);
            let mut x = b;
            for k in 0..b.count_ones() {
                assert_eq!(nth_bit(b, k), x.trailing_zeros() as u8);
                x &= x - 1;
            }
        }
        assert_eq!(nth_bit(1u64 << 63, 0), 63);
    }

    #[test]
    fn path_ends_are_the_moves_played() {
        let mut captures = 0;
        for p in positions() {
            if p.side == Side::P2 {
                let mut ends = Vec::new();
                coin_paths(p.checkers, p.stones, &mut |e| ends.push(e));
                for e in ends {
                    captures += usize::from(e.len > 1);
                    let mut q = p;
                    q.play_legal_move(e.to_move());
                    assert_eq!(
                        (q.checkers, q.stones),
                        (p.checkers ^ (1u64 << e.from) ^ (1u64 << e.to), e.stones)
                    );
                }
            }
            assert_eq!(surrounded(p.checkers, p.stones), 0);
        }
        assert!(captures > 0, "the games reached no capture chain");
    }
}
