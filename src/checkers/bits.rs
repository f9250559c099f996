//! The rules as bitboard operations (GC3, GC4): kernels on the two bitboards alone (checkers
//! over squares, stones over points, both with a stride of 8: see `lattice.rs`) that serve
//! every caller — steps (`steps.rs`), whole moves and perft (`turns/`), random draws
//! (`random.rs`). A rule over every checker at once is a shift per direction: bit `sq` of
//! [`open`]`(checkers)[d]` says whether the step from `sq` in direction `d` is on the board and
//! free of checkers, bit `sq` of [`corners`]`(stones)[d]` whether the point that step crosses
//! holds a stone.

use super::lattice::{self, ALL_POINTS};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;

/// `ON[d]`: the squares from which a diagonal step in direction `d` (NE, NW, SE, SW, as
/// [`lattice::DIRS`]) stays on the board. They are also the squares whose corner in direction `d`
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
pub(super) fn caps_at(sq: u8, open: &[u64; 4], stones: u64) -> u8 {
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
        lattice::neighbours(stones)
    };
    // `empty >> 1` has no bit past a rank's last point: bit 7 of a byte is never a point.
    let h = empty & (empty >> 1) & (anchor | (anchor >> 1));
    let v = empty & (empty >> 8) & (anchor | (anchor >> 8));
    (h, v)
}
