//! Guerrilla Checkers (Brian Train, 2010): rules core. See GC1–GC6 and `doc/checkers.md`.
//!
//! * [`Checkers`] — a position (bitboards over the 64 squares and the 49 interior points, both
//!   with a stride of 8 so that a rule over all checkers is a few shifts: `board.rs`), which
//!   implements [`Game`] with `P1` = the Guerrilla and `P2` = COIN.
//! * [`Move`] — one whole turn (`Turn`), packed and `Copy`: a stone pair or a checker's whole
//!   path (`movegen.rs`, which lists every whole turn for `legal` and perft, GC6).
//! * Counting and drawing COIN's whole turns without listing them (`chains.rs`): a capture
//!   chain is a trail on the graph whose edges are the stones (GC4); perft's last ply and random
//!   games by whole turns ([`Checkers::random_move`]) count them there.
//! * [`Step`] — one decision (`steps.rs`): a stone, or one diagonal step of a checker. The
//!   Guerrilla's turn is two steps, COIN's is built hop by hop, a forced capture taken by itself
//!   (GC3, GC4); no step costs more than a fixed number of bitboard operations.
//! * Notation (`notation.rs`): points are uppercase `A1`..`I9`, squares lowercase `a1`..`h8`;
//!   a pair is `D4D5`, a path is `c5-d6` or `c5xd6xe5`; steps are `D4` and `c5-d6` or `c5xd6`.
//! * Position strings (`position.rs`): `8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first`.

mod board;
mod chains;
mod eval;
pub(crate) mod geometry;
mod movegen;
mod notation;
mod perft;
mod position;
mod steps;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::{
    GameError, GameOption, GameSettings, Geometry, Notation, Outcome, PerftAbort, Rules, Side,
    Views,
};

pub use eval::{FEATURES, FEATURE_NAMES, SCORE_MAP, WEIGHTS};
pub use movegen::Move;
pub use position::STARTPOS;
pub use steps::Step;

use board::KEYS;

/// Guerrilla Checkers has no options; the unit struct is its `Settings`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CheckersSettings;

impl GameSettings for CheckersSettings {
    const OPTIONS: &'static [GameOption] = &[];
    fn set(&mut self, _name: &str, _value: u64) {}
}

/// The Guerrilla's stones at the start (GC2).
pub const START_STONES: u8 = 66;

/// A Guerrilla Checkers position, at a turn start or with a turn half built: the Guerrilla's
/// first stone placed (`pending`), or a COIN checker that has captured and must capture again
/// (`chain`, GC4).
///
/// Invariants at a turn start (checked when a position string is parsed, kept by play): checkers only on dark
/// squares, at most 6, none surrounded; stones only on interior points; stones on the board plus
/// in hand at most 66; the first-turn flag only with the Guerrilla to move and no stone on the
/// board; the Guerrilla to move only with a checker on the board; COIN to move only with a stone
/// on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Checkers {
    /// Squares holding a checker.
    checkers: u64,
    /// Interior points holding a stone.
    stones: u64,
    /// Stones in the Guerrilla's hand.
    hand: u8,
    side: Side,
    /// True while no stone has ever been placed: the Guerrilla's very first turn (GC3).
    first: bool,
    /// Mid-turn: the interior point of the Guerrilla's first stone, else `board::NONE`.
    pending: u8,
    /// Mid-turn: the square of the COIN checker that must go on capturing, else `board::NONE`.
    chain: u8,
    hash: u64,
    settings: CheckersSettings,
}

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
    /// Builds a position from its parts, computing the hash. The parts must satisfy the
    /// invariants (see the type's docs); [`Checkers::from_position_string`] checks them.
    fn from_parts(checkers: u64, stones: u64, hand: u8, side: Side, first: bool) -> Checkers {
        let mut c = Checkers {
            checkers,
            stones,
            hand,
            side,
            first,
            pending: board::NONE,
            chain: board::NONE,
            hash: 0,
            settings: CheckersSettings,
        };
        c.hash = c.hash_from_scratch();
        c
    }

    /// The Zobrist hash recomputed from the position (the incremental [`Game::hash`] must always
    /// equal it).
    pub fn hash_from_scratch(&self) -> u64 {
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
        if self.pending != board::NONE {
            h ^= KEYS.pending[self.pending as usize];
        }
        if self.chain != board::NONE {
            h ^= KEYS.chain[self.chain as usize];
        }
        h
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
            let (pf, pr) = board::point_coords(ip);
            let (f, r) = sym.map(pf, pr, 9);
            let ip2 = board::interior(f, r).expect("symmetries keep interior points interior");
            stones |= 1u64 << ip2;
        }
        let mut t = Checkers::from_parts(checkers, stones, self.hand, self.side, self.first);
        if self.pending != board::NONE {
            let (pf, pr) = board::point_coords(self.pending);
            let (f, r) = sym.map(pf, pr, 9);
            t.pending = board::interior(f, r).expect("symmetries keep interior points interior");
        }
        if self.chain != board::NONE {
            let (f, r) = sym.map(self.chain % 8, self.chain / 8, 8);
            t.chain = r * 8 + f;
        }
        t.hash = t.hash_from_scratch();
        t
    }

    /// GC3: after the Guerrilla's pair, every checker whose four corners are each a stone or an
    /// edge point is removed.
    pub(crate) fn remove_surrounded(&mut self) {
        let mut gone = movegen::surrounded(self.checkers, self.stones);
        self.checkers &= !gone;
        while gone != 0 {
            self.hash ^= KEYS.checker[gone.trailing_zeros() as usize];
            gone &= gone - 1;
        }
    }

    /// Applies a legal whole move from a turn start (GC3, GC4), updating the hash
    /// incrementally: what perft and `play_turn` use, faster than its steps one by one.
    fn apply(&mut self, mv: Move) {
        match mv {
            Move::Pair(a, b) => {
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
            Move::Path { from, len, dirs } => {
                // GC4: the checker walks its path; each stone it crosses is captured.
                let mut sq = from as usize;
                self.checkers &= !(1u64 << sq);
                self.hash ^= KEYS.checker[sq];
                for i in 0..len as u32 {
                    let d = ((dirs >> (2 * i)) & 3) as usize;
                    let c = board::CROSS[sq][d];
                    if self.stones & (1u64 << c) != 0 {
                        self.stones &= !(1u64 << c);
                        self.hash ^= KEYS.stone[c as usize];
                    }
                    sq = board::STEP[sq][d] as usize;
                }
                self.checkers |= 1u64 << sq;
                self.hash ^= KEYS.checker[sq];
            }
        }
        self.side = self.side.opponent();
        self.hash ^= KEYS.coin_to_move;
    }

    /// True when the side to move has at least one legal move (at a turn start).
    fn has_legal_move(&self) -> bool {
        match self.side {
            Side::P1 => {
                let (h, v) = movegen::pairs(self.stones, self.hand, self.first);
                (h | v) != 0
            }
            // A checker can always step to a diagonal square without a checker (GC4; a stone
            // never blocks).
            Side::P2 => movegen::coin_can_move(self.checkers),
        }
    }

    /// A whole move drawn uniformly among the legal moves from this turn start (GC3, GC4),
    /// `None` when there is none or mid-turn: random games as they were drawn before the step
    /// model (`guerrilla bench` reports both kinds), without listing the moves.
    pub fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if !self.at_turn_start() {
            return None;
        }
        chains::random_move(self, rng)
    }

    /// Plays a move that [`Checkers::random_move`] or `legal_turns` gave for this position,
    /// without checking it again (what [`Game::play_turn`] does first).
    pub fn play_legal_move(&mut self, mv: Move) {
        debug_assert!(self.at_turn_start() && self.is_legal_move(mv));
        self.apply(mv);
    }

    /// The error for a whole turn given while a turn is half built.
    fn illegal_if_midturn(&self, text: &str) -> Result<(), GameError> {
        if self.at_turn_start() {
            return Ok(());
        }
        Err(GameError::illegal(
            text,
            "a turn is half built: finish it step by step or take it back",
        ))
    }

    fn illegal_if_over(&self, text: &str) -> Result<(), GameError> {
        if let Some(Outcome::Win(s)) = self.outcome() {
            let who = match s {
                Side::P1 => "the Guerrilla",
                Side::P2 => "COIN",
            };
            return Err(GameError::illegal(
                text,
                format!("the game is over: {who} has won"),
            ));
        }
        Ok(())
    }
}

impl Rules for Checkers {
    type Step = Step;
    type Turn = Move;
    type Undo = Checkers;
    type Settings = CheckersSettings;

    const NAME: &'static str = "guerrilla-checkers";

    /// The start position (GC2).
    fn new(_settings: &CheckersSettings) -> Self {
        let mut checkers = 0u64;
        for name in ["c5", "d4", "e3", "d6", "e5", "f4"] {
            let b = name.as_bytes();
            checkers |= 1u64 << ((b[1] - b'1') * 8 + (b[0] - b'a'));
        }
        Checkers::from_parts(checkers, 0, START_STONES, Side::P1, true)
    }

    fn settings(&self) -> &CheckersSettings {
        &self.settings
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn at_turn_start(&self) -> bool {
        self.pending == board::NONE && self.chain == board::NONE
    }

    /// GC5: the side to move with no legal move loses. This covers every end rule: a Guerrilla
    /// with fewer than two stones in hand, or with no stone on the board after COIN's turn (no
    /// stone to place next to), has no legal pair; COIN with no checker left has no move.
    fn outcome(&self) -> Option<Outcome> {
        if !self.at_turn_start() || self.has_legal_move() {
            None
        } else {
            Some(Outcome::Win(self.side.opponent()))
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// See `steps.rs`: a stone, or one hop of a checker (GC3, GC4).
    fn legal_steps(&self, out: &mut Vec<Step>) {
        self.steps(out);
    }

    /// Copy-make: the undo record is the position before the step (40 bytes).
    fn apply_step(&mut self, step: Step) -> Checkers {
        let undo = *self;
        self.play_step(step, None);
        undo
    }

    fn apply_step_no_undo(&mut self, step: Step) {
        self.play_step(step, None);
    }

    /// Reports the forced second stone and the forced captures of a chain (GC3, GC4).
    fn apply_step_reporting(&mut self, step: Step, forced: &mut Vec<Step>) -> Checkers {
        let undo = *self;
        self.play_step(step, Some(forced));
        undo
    }

    fn undo_step(&mut self, _step: Step, undo: Checkers) {
        *self = undo;
    }

    /// Uniform over the legal next steps, without listing more than a checker's four hops.
    fn random_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        self.random_step_of(rng)
    }

    /// Whole turns from a turn start (GC6); none mid-turn.
    fn legal_turns(&self, out: &mut Vec<Move>, cap: usize) -> bool {
        if !self.at_turn_start() {
            return true;
        }
        let mut all = Vec::new();
        self.generate(&mut all);
        let complete = all.len() <= cap;
        out.extend(all.into_iter().take(cap));
        complete
    }

    /// Checks the move by walking it (not by listing every path, which a dense stone field
    /// makes long), then plays it.
    fn play_turn(&mut self, turn: &Move) -> Result<(), GameError> {
        if !self.at_turn_start() || !self.is_legal_move(*turn) {
            let text = self.format_move(*turn);
            self.illegal_if_midturn(&text)?;
            self.illegal_if_over(&text)?;
            // The notation's resolver says why.
            let why = notation::parse(&text).and_then(|n| self.resolve(&text, &n));
            return Err(why.err().unwrap_or_else(|| {
                GameError::illegal(text.clone(), "not a legal move in this position")
            }));
        }
        self.apply(*turn);
        Ok(())
    }

    fn turn_from_steps(&self, steps: &[Step]) -> Move {
        self.move_of_steps(steps)
    }

    /// A pair is two stones, the first next to a stone on the board (GC3); a path is its hops,
    /// the forced ones left out (GC4).
    fn turn_steps(&self, turn: &Move) -> Vec<Step> {
        self.chosen_steps(*turn)
    }

    fn perft(&self, depth: u32) -> u64 {
        self.perft_fast(depth)
    }

    /// The fast perft up to depth 4 (about a millisecond); above it, turn by turn so that
    /// `stop` is seen. Never too large (GC6).
    fn perft_within(&self, depth: u32, stop: &AtomicBool) -> Result<u64, PerftAbort> {
        if depth > 4 {
            return crate::perft::by_turns(self, depth, stop);
        }
        if stop.load(Ordering::Relaxed) {
            return Err(PerftAbort::Stopped);
        }
        Ok(self.perft_fast(depth))
    }
}

impl Notation for Checkers {
    fn format_step(&self, step: Step) -> String {
        self.format_step_text(step)
    }

    fn parse_step(&self, text: &str) -> Result<Step, GameError> {
        let n = notation::parse_step(text)?;
        self.illegal_if_over(text)?;
        self.resolve_step(text, &n)
    }

    fn format_turn(&self, turn: &Move) -> String {
        self.format_move(*turn)
    }

    fn parse_turn(&self, text: &str) -> Result<Move, GameError> {
        let notation =
            notation::parse(text).map_err(|e| notation::for_side(e, self.side == Side::P1))?;
        self.illegal_if_midturn(text)?;
        self.illegal_if_over(text)?;
        self.resolve(text, &notation)
    }

    fn to_position_string(&self) -> String {
        self.position_string()
    }

    fn from_position_string(text: &str, _settings: &CheckersSettings) -> Result<Self, GameError> {
        position::parse_position(text)
    }
}

impl Views for Checkers {
    fn render(&self) -> String {
        self.render_board()
    }

    fn describe(&self) -> Vec<(&'static str, String)> {
        self.describe_fields()
    }

    fn geometry(&self) -> Geometry {
        geometry::geometry(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_counts() {
        let s = Checkers::new(&CheckersSettings);
        assert_eq!(s.perft(1), 84);
        assert_eq!(s.perft(2), 840);
        assert_eq!(s.hash(), s.hash_from_scratch());
    }
}
