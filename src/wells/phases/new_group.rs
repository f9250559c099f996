//! The new group (W4, rulebook 4.1; W3 on the game's first turn): after growth, one piece on
//! an empty point next to no piece of either side, mandatory when there is such a point and a
//! piece in supply; on turn 1 only within four lines of the edge (W3).

use crate::wells::bits::{Bits, Words, WORDS};
use crate::wells::Wells;

impl Wells {
    /// The points where a new group may start (W4: empty and adjacent to no piece; W3 on
    /// turn 1).
    pub(in crate::wells) fn new_group_points(&self) -> Bits {
        if self.own_supply() == 0 {
            return Bits::EMPTY;
        }
        if Bits::fits(self.lattice.len, 3) {
            self.new_group_words::<3>()
        } else {
            self.new_group_words::<WORDS>()
        }
    }

    fn new_group_words<const N: usize>(&self) -> Bits {
        let st = &self.state;
        let taken = Words::<N>::of(&st.pieces[0])
            .or(Words::of(&st.pieces[1]))
            .or(Words::of(&st.tokens))
            .or(Words::of(&st.near[0]))
            .or(Words::of(&st.near[1]));
        let mut ok = Words::of(&self.lattice.all).andnot(taken);
        if self.state.turn == 1 {
            ok = ok.and(Words::of(&self.lattice.first_turn));
        }
        ok.bits()
    }

    /// The turn's new group (W4), under a fresh label.
    pub(in crate::wells) fn place_new_group(&mut self, p: usize) {
        let g = self.state.labels.fresh(self.state.side as usize);
        self.place_in(p, g);
    }
}
