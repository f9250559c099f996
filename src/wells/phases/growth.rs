//! Growth (W4, rulebook 7.0–7.2): each group that had fewer than five pieces when the turn
//! began adds one piece on an empty point next to it, next to no enemy piece and to no
//! friendly piece of another group; every group that can still grow when its chance comes must
//! grow, in the order the player picks, supply permitting (W2).
//!
//! The legal points are found once when the turn starts ([`Wells::scan_grow_points`], called by
//! `start_turn` in `steps.rs`) and only narrowed after each growth ([`Wells::do_grow`]).

use crate::wells::bits::{Bits, Words, WORDS};
use crate::wells::steps::Log;
use crate::wells::{Step, Wells, MAX_GROUP};

impl Wells {
    /// The legal growth points (W4: groups still pending, supply permitting).
    #[inline]
    pub(in crate::wells) fn grow_points(&self) -> Bits {
        if self.own_supply() == 0 {
            Bits::EMPTY
        } else {
            self.state.built.growth.points
        }
    }

    /// Calls `f` with every legal growth point, in increasing order. `f` returns `false` to
    /// stop early.
    pub(in crate::wells) fn for_each_grow(&self, f: &mut impl FnMut(usize) -> bool) {
        for y in self.grow_points().iter() {
            if !f(y) {
                return;
            }
        }
    }

    /// The pending groups' pieces (the groups of fewer than five pieces, W4) and their
    /// growth points, from the board (W4, 7.0): empty, next to no enemy piece, next to a
    /// pending group and to no other friendly group. Each of the mover's groups (from its list
    /// of pieces) gives the points next to it; a point met by two groups is ruled out.
    pub(in crate::wells) fn scan_grow_points(&self) -> (Bits, Bits) {
        if Bits::fits(self.lattice.len, 3) {
            self.scan_grow_words::<3>()
        } else {
            self.scan_grow_words::<WORDS>()
        }
    }

    fn scan_grow_words<const N: usize>(&self) -> (Bits, Bits) {
        let st = &self.state;
        let me = st.side as usize & 1;
        let nbm = &self.lattice.nbm;
        let (mut seen, mut twice, mut pend) = (Words::<N>::EMPTY, Words::EMPTY, Words::EMPTY);
        // The pending pieces: all the mover's but those of the groups of five (few).
        let mut pending = st.pieces[me];
        let mut labels = st.labels.in_use(me);
        while labels != 0 {
            let g = 64 * me + labels.trailing_zeros() as usize;
            labels &= labels - 1;
            let size = st.labels.size[g] as usize;
            let members = &st.labels.members[g][..size.min(MAX_GROUP as usize)];
            let mut next = Words::EMPTY;
            for &x in members {
                next = next.or(Words::of(&nbm[x as usize]));
            }
            twice = twice.or(seen.and(next));
            seen = seen.or(next);
            if size < MAX_GROUP as usize {
                pend = pend.or(next);
            } else {
                for &x in members {
                    pending.clear(x as usize);
                }
            }
        }
        let taken = Words::of(&st.pieces[0])
            .or(Words::of(&st.pieces[1]))
            .or(Words::of(&st.tokens))
            .or(Words::of(&st.near[me ^ 1]));
        (pending, pend.andnot(twice).andnot(taken).bits())
    }

    /// A growth on `p` (W4): the group next to it grows; its other options go, and so do the
    /// points next to the new piece (they touch a group that has grown).
    pub(in crate::wells) fn do_grow(&mut self, p: usize, log: Log) {
        if let Some(l) = log {
            l.push(Step::Grow(p as u16));
        }
        let m = self.state.adj[self.state.side as usize & 1][p];
        let mut g = 0;
        if m != 0 {
            let y = self.lattice.nbs[p][m.trailing_zeros() as usize] as usize;
            g = self.state.labels.gid[y];
            if Bits::fits(self.lattice.len, 3) {
                self.grown::<3>(p, y);
            } else {
                self.grown::<WORDS>(p, y);
            }
        }
        self.state.built.growth.points.clear(p);
        self.place_in(p, g);
    }

    /// The group of the piece on `y` grows on `p`: its pieces are no longer pending, and its
    /// options and the points next to `p` are no longer growth points.
    fn grown<const N: usize>(&mut self, p: usize, y: usize) {
        let nbm = &self.lattice.nbm;
        let mut gone = Words::<N>::of(&nbm[p]);
        let mut pending = self.state.built.growth.pending;
        for &x in self.group_members(y) {
            pending.clear(x as usize);
            gone = gone.or(Words::of(&nbm[x as usize]));
        }
        self.state.built.growth.pending = pending;
        self.state.built.growth.points = Words::of(&self.state.built.growth.points)
            .andnot(gone)
            .bits();
    }
}
