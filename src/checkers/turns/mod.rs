//! Whole turns (GC3, GC4, GC6): [`Turn`], a stone pair or a checker's whole path, packed and
//! `Copy`; every legal move walked (perft's inner plies) and checked by walking it; COIN's
//! moves counted and drawn without listing them (`chains/`); the fast perft (`perft.rs`); the
//! list of them within the enumeration budget (`list.rs`).

mod chains;
mod list;
mod perft;

use std::ops::ControlFlow;

pub(crate) use chains::pick_coin_move;
pub use list::{LISTED_MOVE_BYTES, MAX_LISTED_MOVES};

use super::bits::{caps_at, open, pairs};
use super::lattice::{self, CROSS, NONE, STEP};
use super::Checkers;
use crate::game::Side;

/// One COIN move (GC4) as [`coin_paths`] reports it: the [`Turn::Path`] fields, the square it
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
    pub(crate) fn to_move(self) -> Turn {
        Turn::Path {
            from: self.from,
            len: self.len,
            dirs: self.dirs,
        }
    }
}

/// Calls `f` with every COIN move (GC4), checkers in square order, then directions NE, NW, SE,
/// SW, depth first: for each checker and each diagonal square without a checker, a plain step
/// when the crossed point is empty; otherwise a capture, continued by the same checker along
/// every branch until no capture is left. `f` breaks the walk off by returning `Break`.
pub(crate) fn coin_paths(
    checkers: u64,
    stones: u64,
    f: &mut impl FnMut(PathEnd) -> ControlFlow<()>,
) -> ControlFlow<()> {
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
                f(path)?;
            } else {
                chain_paths(path, &open, f)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Continues the capture chain `path` (which has just captured) of the checker now on
/// `path.to`: every available capture is a branch (GC4, no maximum-capture rule); the path ends
/// only where no capture is available.
fn chain_paths(
    path: PathEnd,
    open: &[u64; 4],
    f: &mut impl FnMut(PathEnd) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let sq = path.to;
    let mut m = caps_at(sq, open, path.stones);
    if m == 0 {
        return f(path);
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
        chain_paths(next, open, f)?;
    }
    ControlFlow::Continue(())
}

/// One whole turn, packed and `Copy` (a turn is one step in this game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// The Guerrilla places stones on two orthogonally adjacent interior points, given by their
    /// point indices `(rank - 1) * 8 + (file - 1)` (`lattice.rs`), lower index first (GC3: the pair
    /// is unordered, so this is its one form).
    Pair(u8, u8),
    /// A COIN checker's whole path (GC4): the start square, the number of diagonal steps
    /// (1..=49), and the direction of each step, 2 bits per step (step `i` in bits `2i..2i+2`;
    /// 0 = NE, 1 = NW, 2 = SE, 3 = SW), the higher bits zero. Whether a step captures follows
    /// from the position; a path of one non-capturing step is a plain move.
    Path { from: u8, len: u8, dirs: u128 },
}

impl Turn {
    /// The squares a path visits, start included; empty for a pair.
    pub fn path_squares(&self) -> Vec<u8> {
        match *self {
            Turn::Pair(..) => Vec::new(),
            Turn::Path { from, len, dirs } => {
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

    /// True when `mv` is one of the moves [`Checkers::generate`] lists, checked by walking it.
    pub(crate) fn is_legal_move(&self, mv: Turn) -> bool {
        match mv {
            Turn::Pair(a, b) => {
                let Some((h, v)) = self.pair_edges() else {
                    return false;
                };
                a < 64
                    && ((b == a + 1 && h & (1u64 << a) != 0)
                        || (b == a + 8 && v & (1u64 << a) != 0))
            }
            Turn::Path { from, len, dirs } => {
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
    use super::super::bits::surrounded;
    use super::*;

    /// Turn starts of 40 seeded random games, COIN's and the Guerrilla's.
    fn positions() -> Vec<Checkers> {
        random_turn_starts(40)
    }

    #[test]
    fn path_ends_are_the_moves_played() {
        let mut captures = 0;
        for p in positions() {
            if p.side == Side::P2 {
                let mut ends = Vec::new();
                let _ = coin_paths(p.checkers, p.stones, &mut |e| {
                    ends.push(e);
                    ControlFlow::Continue(())
                });
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
