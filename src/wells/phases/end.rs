//! The end of a turn and of the game (W4–W6): the victims chosen in the kills leave the board
//! (a massacred one leaves a token), the pass count and the turn number move on; the game ends
//! after two passes in a row or at the turn limit, and each side scores its pieces plus the
//! empty points next to its pieces and to no enemy piece (W6, rulebook 5.1).

use crate::game::{Outcome, Side};
use crate::wells::bits::Bits;
#[cfg(test)]
use crate::wells::EMPTY;
use crate::wells::{Phase, Wells};

impl Wells {
    /// The turn ends: victims go (massacred ones leave a token), the pass count and the turn
    /// number move on, and the next turn starts (W4–W6).
    pub(in crate::wells) fn finish_turn(&mut self) {
        let killed = self.state.built.kills.killed;
        // A victim's group (W2: its side's pieces connected by adjacency; victims go when the
        // turn ends, W4) can come apart only where the victim joined two of its pieces: a
        // path between two parts cut off ran through removed pieces, and the first of them
        // on it had two pieces of its side next to it on the board before any removal. So
        // the parts are found around those victims alone (strength 2 or more, read before
        // the first removal); a victim with at most one such neighbour never cuts.
        let enemy = 1 - self.state.side as usize;
        let mut cuts = Bits::EMPTY;
        for v in killed.iter() {
            if self.state.adj[enemy][v].count_ones() >= 2 {
                cuts.set(v);
            }
        }
        for v in killed.iter() {
            self.lift(v);
            if self.state.built.kills.massacred.get(v) {
                self.put_token(v);
            }
        }
        if !cuts.is_empty() {
            self.relabel_around(&cuts, enemy);
        }
        self.state.passes = if self.state.built.is_pass {
            self.state.passes.saturating_add(1)
        } else {
            0
        };
        self.state.turn += 1;
        self.state.side ^= 1;
        self.start_turn();
    }

    /// W6 / 5.1 score of `side` on the board as it stands: its pieces plus the empty points
    /// adjacent to at least one of its pieces and to no enemy piece.
    pub fn score(&self, side: Side) -> u32 {
        self.side_score(side.index())
    }

    /// The points with neither a piece nor a token, for the W6 score (a massacre token's point
    /// is not empty, W6).
    #[inline(always)]
    fn empty_points(&self) -> Bits {
        let st = &self.state;
        self.lattice
            .all
            .andnot(&st.pieces[0])
            .andnot(&st.pieces[1])
            .andnot(&st.tokens)
    }

    /// The W6 score of colour index `c` (0 White, 1 Black), from the kept sets: the points next
    /// to each side's pieces are kept by the board edits (`near`), so no point is visited.
    pub(in crate::wells) fn side_score(&self, c: usize) -> u32 {
        let st = &self.state;
        let empty = self.empty_points();
        st.pieces[c & 1].count()
            + empty
                .and(&st.near[c & 1])
                .andnot(&st.near[(c & 1) ^ 1])
                .count()
    }

    /// `side_score(c) - side_score(1 - c)` (W6), for the evaluation: the empty points next to both
    /// sides count for neither, so they cancel, and the margin is the pieces' difference plus
    /// that of the empty points next to each side, whoever else they touch.
    pub(in crate::wells) fn score_margin(&self, c: usize) -> i32 {
        let st = &self.state;
        let (me, them) = (c & 1, (c & 1) ^ 1);
        let len = self.lattice.len;
        let empty = self.empty_points();
        let count = |c: usize| {
            st.pieces[c].count_on(len) as i32 + empty.and(&st.near[c]).count_on(len) as i32
        };
        count(me) - count(them)
    }

    /// The W6 score read point by point from the rule's words, for the tests.
    #[cfg(test)]
    pub(in crate::wells) fn score_by_points(&self, side: Side) -> u32 {
        let me = side.index();
        let mine = self.state.pieces[me];
        let theirs = self.state.pieces[1 - me];
        let mut n = mine.count();
        for p in 0..self.lattice.len {
            if self.state.cells[p] == EMPTY
                && self.lattice.nbm[p].meets(&mine)
                && !self.lattice.nbm[p].meets(&theirs)
            {
                n += 1;
            }
        }
        n
    }

    /// The result of a game that is over (W6): the higher score wins, equal scores draw;
    /// `None` while it goes on.
    pub(in crate::wells) fn final_outcome(&self) -> Option<Outcome> {
        if self.state.phase != Phase::Over {
            return None;
        }
        let (w, b) = (self.score(Side::P1), self.score(Side::P2));
        Some(match w.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::P1),
            std::cmp::Ordering::Less => Outcome::Win(Side::P2),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }
}
