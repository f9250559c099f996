//! Hashing and symmetries: the incremental Zobrist hash of a position (board, side, turn,
//! passes, and mid-turn the turn-building state), the same computed from nothing to check it,
//! position equality as W7 counts it, and the 12 symmetries of the hexagon (W1) applied to a
//! position (tests check every perft count is equal under all of them).

use super::bits::Bits;
use super::{Wells, CELLS, EMPTY, TOKEN};
use crate::game::Hashing;
use crate::mix::mix;

/// Keys of the hash parts that are not the board.
const Z_SIDE: u64 = 0x6a09_e667_f3bc_c908;
const Z_PASS: u64 = 0xbb67_ae85_84ca_a73b;
const Z_TURN: u64 = 0x3c6e_f372_fe94_f82b;
const Z_PHASE: u64 = 0xa54f_f53a_5f1d_36f1;

impl Wells {
    pub(super) fn board_hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for p in 0..self.lattice.len {
            let c = self.state.cells[p];
            if c != EMPTY {
                h ^= self.lattice.zob[p][c as usize - 1];
            }
        }
        h
    }

    pub(super) fn hash_with_board(&self, zboard: u64) -> u64 {
        let st = &self.state;
        let mut h = zboard
            ^ if st.side == 1 { Z_SIDE } else { 0 }
            ^ mix(Z_PASS ^ st.passes as u64)
            ^ mix(Z_TURN ^ st.turn as u64);
        if !st.at_turn_start {
            let flags = (st.phase as u64)
                | (st.built.passed as u64) << 8
                | (st.built.is_pass as u64) << 9
                | (st.built.movement.jumps_left as u64) << 16;
            let mut p = mix(Z_PHASE ^ flags);
            p ^= st.built.growth.pending.digest(1);
            p ^= st.built.movement.moved.digest(2);
            p ^= self.moving().digest(3);
            p ^= st.built.kills.used.digest(4);
            p ^= st.built.kills.killed.digest(5);
            p ^= st.built.kills.massacred.digest(6);
            p ^= st.built.start_own.digest(7);
            h ^= mix(p);
        }
        h
    }

    /// True when the board, side to move, turn number and pass count are the same (W7).
    pub fn same_position(&self, other: &Wells) -> bool {
        self.state.cells[..self.lattice.len] == other.state.cells[..other.lattice.len]
            && self.state.side == other.state.side
            && self.state.turn == other.state.turn
            && self.state.passes == other.state.passes
    }

    /// The position under symmetry `s` of the hexagon (0..12; 0 is the identity). Only at a
    /// turn start.
    pub fn transformed(&self, s: usize) -> Wells {
        let mut w = self.clone();
        w.state.cells = [EMPTY; CELLS];
        w.state.adj = [[0; CELLS]; 2];
        w.state.pieces = [Bits::EMPTY; 2];
        w.state.near = [Bits::EMPTY; 2];
        w.state.tokens = Bits::EMPTY;
        w.state.board_hash = 0;
        for p in 0..self.lattice.len {
            let q = self.lattice.sym[s % 12][p] as usize;
            match self.state.cells[p] {
                EMPTY => {}
                TOKEN => w.put_token(q),
                c => w.place(q, c),
            }
        }
        w.label_groups();
        w.start_turn();
        w
    }
}

/// The 12 symmetries of the hexagon (W1), 0 the identity.
impl Hashing for Wells {
    const SYMMETRIES: usize = 12;

    /// The board part included.
    fn hash_from_scratch(&self) -> u64 {
        self.hash_with_board(self.board_hash_from_scratch())
    }

    fn symmetric(&self, k: usize) -> Wells {
        self.transformed(k)
    }
}
