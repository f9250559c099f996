//! The state of a Guerrilla Checkers position and the edits that keep it whole: the two
//! bitboards, the stones in hand, the side to move, the first-turn flag, the turn being built,
//! and the Zobrist hash kept in step with all of them (GC2–GC5).

use super::bits;
use super::hashing::KEYS;
use super::lattice;
use super::turns::Turn;
use super::Settings;
use crate::game::{Hashing, Position, Side};

/// A Guerrilla Checkers position, at a turn start or with a turn half built: the Guerrilla's first
/// stone placed (`pending`), or a COIN checker that has captured and must capture again (`chain`,
/// GC4).
///
/// Invariants at a turn start (checked when a position string is parsed, kept by play): checkers
/// only on dark squares, at most 6, none surrounded; stones only on interior points; stones on the
/// board plus in hand at most 66; the first-turn flag only with the Guerrilla to move and no stone
/// on the board; the Guerrilla to move only with a checker on the board; COIN to move only with a
/// stone on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Checkers {
    /// Squares holding a checker.
    pub(super) checkers: u64,
    /// Interior points holding a stone.
    pub(super) stones: u64,
    /// Stones in the Guerrilla's hand.
    pub(super) hand: u8,
    pub(super) side: Side,
    /// True while no stone has ever been placed: the Guerrilla's very first turn (GC3).
    pub(super) first: bool,
    /// Mid-turn: the interior point of the Guerrilla's first stone, else `lattice::NONE`.
    pub(super) pending: u8,
    /// Mid-turn: the square of the COIN checker that must go on capturing, else `lattice::NONE`.
    pub(super) chain: u8,
    pub(super) hash: u64,
    pub(super) settings: Settings,
}

impl Checkers {
    /// Builds a position from its parts, computing the hash. The parts must satisfy the
    /// invariants (see the type's docs); [`Checkers::from_position_string`] checks them.
    pub(super) fn from_parts(
        checkers: u64,
        stones: u64,
        hand: u8,
        side: Side,
        first: bool,
    ) -> Checkers {
        let mut c = Checkers {
            checkers,
            stones,
            hand,
            side,
            first,
            pending: lattice::NONE,
            chain: lattice::NONE,
            hash: 0,
            settings: Settings,
        };
        c.hash = c.hash_from_scratch();
        c
    }

    /// Stones in the Guerrilla's hand.
    pub fn stones_in_hand(&self) -> u32 {
        self.hand as u32
    }

    /// Stones on the board.
    pub fn stones_on_board(&self) -> u32 {
        self.stones.count_ones()
    }

    /// Checkers on the board.
    pub fn checkers_on_board(&self) -> u32 {
        self.checkers.count_ones()
    }

    /// True while the Guerrilla's very first turn is still to come (GC3).
    pub fn is_first_turn(&self) -> bool {
        self.first
    }

    /// GC3: after the Guerrilla's pair, every checker whose four corners are each a stone or an
    /// edge point is removed.
    pub(crate) fn remove_surrounded(&mut self) {
        let mut gone = bits::surrounded(self.checkers, self.stones);
        self.checkers &= !gone;
        while gone != 0 {
            self.hash ^= KEYS.checker[gone.trailing_zeros() as usize];
            gone &= gone - 1;
        }
    }

    /// Applies a legal whole move from a turn start (GC3, GC4), updating the hash
    /// incrementally: what perft and `play_turn` use, faster than its steps one by one.
    pub(super) fn apply_move(&mut self, mv: Turn) {
        match mv {
            Turn::Pair(a, b) => {
                // GC3: two stones, then every surrounded checker is removed.
                self.stones |= (1u64 << a) | (1u64 << b);
                self.hash ^= KEYS.stone[a as usize] ^ KEYS.stone[b as usize];
                self.hash ^= KEYS.hand[self.hand as usize] ^ KEYS.hand[self.hand as usize - 2];
                self.hand -= 2;
                if self.first {
                    self.first = false;
                    self.hash ^= KEYS.first_turn;
                }
                self.remove_surrounded();
            }
            Turn::Path { from, len, dirs } => {
                // GC4: the checker walks its path; each stone it crosses is captured.
                let mut sq = from as usize;
                self.checkers &= !(1u64 << sq);
                self.hash ^= KEYS.checker[sq];
                for i in 0..len as u32 {
                    let d = ((dirs >> (2 * i)) & 3) as usize;
                    let c = lattice::CROSS[sq][d];
                    if self.stones & (1u64 << c) != 0 {
                        self.stones &= !(1u64 << c);
                        self.hash ^= KEYS.stone[c as usize];
                    }
                    sq = lattice::STEP[sq][d] as usize;
                }
                self.checkers |= 1u64 << sq;
                self.hash ^= KEYS.checker[sq];
            }
        }
        self.side = self.side.opponent();
        self.hash ^= KEYS.coin_to_move;
    }

    /// True when the side to move has at least one legal move (at a turn start).
    pub(super) fn has_legal_move(&self) -> bool {
        match self.side {
            Side::P1 => {
                let (h, v) = bits::pairs(self.stones, self.hand, self.first);
                (h | v) != 0
            }
            // A checker can always step to a diagonal square without a checker (GC4; a stone
            // never blocks).
            Side::P2 => bits::coin_can_move(self.checkers),
        }
    }

    /// Plays a move that [`Checkers::random_move`] or `legal_turns` gave for this position,
    /// without checking it again (what [`Turns::play_turn`](crate::game::Turns::play_turn) does first).
    pub fn play_legal_move(&mut self, mv: Turn) {
        debug_assert!(self.at_turn_start() && self.is_legal_move(mv));
        self.apply_move(mv);
    }
}
