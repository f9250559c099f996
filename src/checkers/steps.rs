//! The step model (GC3, GC4): a turn built one decision at a time, like a Wells turn.
//!
//! * The Guerrilla's turn is two steps, one stone each. The first goes on an empty interior
//!   point next to a stone on the board (any point on the very first turn) that has an empty
//!   neighbour; the second on an empty point next to the first. Every legal pair {p, q} is
//!   reached (from whichever of p and q is next to a stone on the board, GC3), and only legal
//!   pairs are: the turn is the unordered pair, so `D4` then `D5` and `D5` then `D4` play the
//!   same move when both orders are legal.
//! * COIN's turn is built hop by hop: one checker's diagonal step, plain or capturing. After a
//!   capture the same checker must go on capturing while a capture is available to it (GC4);
//!   the turn ends after a plain step or when no capture is left.
//! * A decision with a single option inside a turn (the only point left for the second stone,
//!   the only capture that continues a chain) is taken by
//!   [`Position::apply`](crate::game::Position::apply) itself and reported when it is asked to;
//!   at a turn start every option is listed, even a lone one.
//!
//! Cost: every function here is a fixed number of bitboard operations or at most 24 hop checks,
//! whatever the stones around a checker (the whole-path generator, `movegen`, is exponential in
//! them and is only used for whole turns: `legal`'s turns line and perft, GC6).

use super::bits::{self, hops};
use super::hashing::KEYS;
use super::lattice::{self, ALL_POINTS, CROSS, NONE, STEP};
use super::turns::Turn;
use super::Checkers;
use crate::game::Side;

/// One decision of a turn, packed and `Copy`: what the search stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// A Guerrilla stone on an interior point (index `(rank - 1) * 8 + (file - 1)`, `lattice.rs`),
    /// the first or the second of the turn (GC3).
    Stone(u8),
    /// A COIN checker's diagonal step from square `from` in direction `dir` (0 = NE, 1 = NW,
    /// 2 = SE, 3 = SW): a capture when the crossed point holds a stone (GC4).
    Hop { from: u8, dir: u8 },
}

impl Checkers {
    /// Points the Guerrilla's first stone may take: empty, next to a stone on the board (any
    /// point on the very first turn) and with an empty neighbour for the second stone (GC3).
    /// Zero with fewer than two stones in hand (GC5) or when COIN is to move.
    pub(crate) fn first_stone_points(&self) -> u64 {
        if self.side != Side::P1 || self.hand < 2 {
            return 0;
        }
        let empty = ALL_POINTS & !self.stones;
        let anchor = if self.first {
            ALL_POINTS
        } else {
            lattice::neighbours(self.stones)
        };
        empty & anchor & lattice::neighbours(empty)
    }

    /// Points the second stone may take: empty and orthogonally adjacent to the first (GC3).
    pub(super) fn second_stone_points(&self) -> u64 {
        lattice::neighbours(1u64 << self.pending) & !self.stones
    }

    /// The captures the checker on `sq` can make next: a bit per direction (GC4: the target
    /// square holds no checker, the crossed point holds a stone).
    pub(super) fn capture_dirs(&self, sq: u8) -> u8 {
        bits::capture_dirs(sq, self.checkers, self.stones)
    }

    /// The hops COIN may make at its turn start, one bitboard per direction (bit `sq` of
    /// `[d]`: the checker on `sq` may step in direction `d`): any checker, any diagonal square
    /// on the board without a checker (GC4: a stone never blocks).
    pub(super) fn start_hops(&self) -> [u64; 4] {
        let c = self.checkers;
        [hops(c, c, 0), hops(c, c, 1), hops(c, c, 2), hops(c, c, 3)]
    }

    /// The directions of `hops` (see [`Checkers::start_hops`]) open to the checker on `sq`.
    pub(super) fn dirs_at(hops: &[u64; 4], sq: u32) -> u8 {
        let bit = |d: usize| (((hops[d] >> sq) & 1) as u8) << d;
        bit(0) | bit(1) | bit(2) | bit(3)
    }

    /// Calls `f` with every hop COIN may make at its turn start, checkers in square order, then
    /// directions in order.
    fn for_each_start_hop(&self, f: &mut impl FnMut(Step)) {
        let hops = self.start_hops();
        let mut b = hops[0] | hops[1] | hops[2] | hops[3];
        while b != 0 {
            let from = b.trailing_zeros();
            b &= b - 1;
            let mut m = Checkers::dirs_at(&hops, from);
            while m != 0 {
                f(Step::Hop {
                    from: from as u8,
                    dir: m.trailing_zeros() as u8,
                });
                m &= m - 1;
            }
        }
    }

    /// Appends the legal next steps (see the module doc).
    pub(crate) fn steps(&self, out: &mut Vec<Step>) {
        match self.side {
            Side::P1 => {
                let mut b = if self.pending == NONE {
                    self.first_stone_points()
                } else {
                    self.second_stone_points()
                };
                while b != 0 {
                    out.push(Step::Stone(b.trailing_zeros() as u8));
                    b &= b - 1;
                }
            }
            Side::P2 if self.chain == NONE => self.for_each_start_hop(&mut |s| out.push(s)),
            Side::P2 => {
                let from = self.chain;
                let mut m = self.capture_dirs(from);
                while m != 0 {
                    out.push(Step::Hop {
                        from,
                        dir: m.trailing_zeros() as u8,
                    });
                    m &= m - 1;
                }
            }
        }
    }

    /// True when `step` is among [`Checkers::steps`], without listing them.
    pub(crate) fn is_legal_step(&self, step: Step) -> bool {
        match (self.side, step) {
            (Side::P1, Step::Stone(p)) if p < 64 => {
                let set = if self.pending == NONE {
                    self.first_stone_points()
                } else {
                    self.second_stone_points()
                };
                set & (1u64 << p) != 0
            }
            (Side::P2, Step::Hop { from, dir }) if from < 64 && dir < 4 => {
                if self.chain == NONE {
                    let t = STEP[from as usize][dir as usize];
                    self.checkers & (1u64 << from) != 0
                        && t != NONE
                        && self.checkers & (1u64 << t) == 0
                } else {
                    from == self.chain && self.capture_dirs(from) & (1 << dir) != 0
                }
            }
            _ => false,
        }
    }

    /// Applies a legal step, then every forced decision that follows it (each pushed to
    /// `forced` when given), updating the hash incrementally.
    pub(crate) fn play_step(&mut self, step: Step, mut forced: Option<&mut Vec<Step>>) {
        let mut step = step;
        loop {
            let next = match step {
                Step::Stone(p) => self.place_stone(p),
                Step::Hop { from, dir } => self.hop(from, dir),
            };
            match next {
                Some(s) => {
                    if let Some(f) = forced.as_deref_mut() {
                        f.push(s);
                    }
                    step = s;
                }
                None => return,
            }
        }
    }

    /// One stone (GC3); returns the second stone when it is forced. Not inlined, nor is
    /// [`Checkers::hop`]: each then reads and writes only the fields it changes, where the
    /// loop of [`Checkers::play_step`] with both inside held every field in a register.
    #[inline(never)]
    fn place_stone(&mut self, p: u8) -> Option<Step> {
        self.stones |= 1u64 << p;
        self.hash ^= KEYS.stone[p as usize];
        self.hash ^= KEYS.hand[self.hand as usize] ^ KEYS.hand[self.hand as usize - 1];
        self.hand -= 1;
        if self.first {
            self.first = false;
            self.hash ^= KEYS.first_turn;
        }
        if self.pending == NONE {
            self.pending = p;
            self.hash ^= KEYS.pending[p as usize];
            let b = self.second_stone_points();
            return (b.count_ones() == 1).then(|| Step::Stone(b.trailing_zeros() as u8));
        }
        self.hash ^= KEYS.pending[self.pending as usize];
        self.pending = NONE;
        // GC3: afterwards every surrounded checker is removed.
        self.remove_surrounded();
        self.end_turn();
        None
    }

    /// One diagonal step of a checker (GC4); returns the next capture when it is forced.
    #[inline(never)]
    fn hop(&mut self, from: u8, dir: u8) -> Option<Step> {
        let to = STEP[from as usize][dir as usize];
        let c = CROSS[from as usize][dir as usize];
        self.checkers ^= (1u64 << from) | (1u64 << to);
        self.hash ^= KEYS.checker[from as usize] ^ KEYS.checker[to as usize];
        if self.chain != NONE {
            self.hash ^= KEYS.chain[self.chain as usize];
            self.chain = NONE;
        }
        if self.stones & (1u64 << c) == 0 {
            self.end_turn();
            return None;
        }
        self.stones &= !(1u64 << c);
        self.hash ^= KEYS.stone[c as usize];
        let m = self.capture_dirs(to);
        if m == 0 {
            self.end_turn();
            return None;
        }
        // GC4: the capture must go on, with this checker.
        self.chain = to;
        self.hash ^= KEYS.chain[to as usize];
        (m.count_ones() == 1).then(|| Step::Hop {
            from: to,
            dir: m.trailing_zeros() as u8,
        })
    }

    fn end_turn(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= KEYS.coin_to_move;
    }

    /// Every step of a whole turn, forced ones included, in order.
    pub(crate) fn all_steps_of(mv: Turn) -> Vec<Step> {
        match mv {
            Turn::Pair(a, b) => vec![Step::Stone(a), Step::Stone(b)],
            Turn::Path { from, len, dirs } => {
                let mut v = Vec::with_capacity(len as usize);
                let mut sq = from;
                for i in 0..len as u32 {
                    let dir = ((dirs >> (2 * i)) & 3) as u8;
                    v.push(Step::Hop { from: sq, dir });
                    sq = STEP[sq as usize][dir as usize];
                }
                v
            }
        }
    }

    /// The chosen steps that play `mv` (legal) from this turn start, forced ones left out. A
    /// pair starts from a stone next to one on the board (GC3), the lower point when both are.
    pub(crate) fn chosen_steps(&self, mv: Turn) -> Vec<Step> {
        let mut all = Checkers::all_steps_of(mv);
        if let Turn::Pair(a, _) = mv {
            if !self.first && lattice::neighbours(self.stones) & (1u64 << a) == 0 {
                all.swap(0, 1);
            }
        }
        let mut q = *self;
        let mut out = Vec::with_capacity(all.len());
        let mut forced = Vec::new();
        let mut i = 0;
        while i < all.len() {
            forced.clear();
            q.play_step(all[i], Some(&mut forced));
            debug_assert_eq!(forced[..], all[i + 1..i + 1 + forced.len()]);
            out.push(all[i]);
            i += 1 + forced.len();
        }
        out
    }

    /// The whole turn that `steps` (chosen steps, from this turn start, ending the turn) play.
    pub(crate) fn move_of_steps(&self, steps: &[Step]) -> Turn {
        let mut q = *self;
        let mut all = Vec::with_capacity(steps.len() + 2);
        for &s in steps {
            all.push(s);
            q.play_step(s, Some(&mut all));
        }
        match all[..] {
            [Step::Stone(a), Step::Stone(b), ..] => Turn::Pair(a.min(b), a.max(b)),
            [Step::Hop { from, .. }, ..] => {
                let mut dirs = 0u128;
                for (i, s) in all.iter().enumerate() {
                    if let Step::Hop { dir, .. } = s {
                        dirs |= (*dir as u128) << (2 * i as u32);
                    }
                }
                Turn::Path {
                    from,
                    len: all.len() as u8,
                    dirs,
                }
            }
            _ => panic!("turn_from_steps: {steps:?} is not a whole turn"),
        }
    }
}
