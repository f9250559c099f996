//! Growth (W4, rulebook 7.0–7.2): each group that had fewer than five pieces when the turn
//! began adds one piece on an empty point next to it, next to no enemy piece and to no
//! friendly piece of another group; every group that can still grow when its chance comes must
//! grow, in the order the player picks, supply permitting (W2).
//!
//! The legal points are found once when the turn starts ([`Wells::scan_grow_points`], called by
//! `start_turn` in `steps.rs`) and only narrowed after each growth ([`Wells::do_grow`]).

use super::bits::Bits;
use super::geom;
use super::steps::Log;
use super::{dirs, Step, Wells};

impl Wells {
    /// The legal growth points (W4: groups still pending, supply permitting).
    #[inline]
    pub(super) fn grow_points(&self) -> Bits {
        if self.own_supply() == 0 {
            Bits::EMPTY
        } else {
            self.st.grow_pts
        }
    }

    /// Calls `f` with every legal growth point, in increasing order. `f` returns `false` to
    /// stop early.
    pub(super) fn for_each_grow(&self, f: &mut impl FnMut(usize) -> bool) {
        for y in self.grow_points().iter() {
            if !f(y) {
                return;
            }
        }
    }

    /// The growth points of the pending groups, from the board (W4, 7.0): empty, next to no
    /// enemy piece, and every friendly neighbour in one pending group.
    pub(super) fn scan_grow_points(&self) -> Bits {
        let st = &self.st;
        let me = st.side as usize;
        let mut cand = Bits::EMPTY;
        for x in st.pending.iter() {
            cand = cand.or(&self.geo.nbm[x]);
        }
        let taken = st.occ[0].or(&st.occ[1]).or(&st.tokens).or(&st.near[1 - me]);
        let mut pts = Bits::EMPTY;
        for y in cand.andnot(&taken).iter() {
            // Next to a pending piece: fine if every friendly neighbour has one label.
            let m = st.adj[me][y];
            let g = st.lab.gid[self.geo.nb[y][m.trailing_zeros() as usize] as usize];
            if m & (m - 1) == 0 || dirs(m).all(|e| st.lab.gid[self.geo.nb[y][e] as usize] == g) {
                pts.set(y);
            }
        }
        pts
    }

    pub(super) fn do_grow(&mut self, p: usize, log: Log) {
        if let Some(l) = log {
            l.push(Step::Grow(p as u16));
        }
        let own = self.own();
        let mut g = 0;
        if let Some(&y) = self.geo.nb[p]
            .iter()
            .find(|&&y| y != geom::NONE && self.st.cells[y as usize] == own)
        {
            g = self.st.lab.gid[y as usize];
            // The group's other options go, and so do the points next to the new piece.
            let mut gone = self.geo.nbm[p];
            for x in self.st.pending.iter() {
                if self.st.lab.gid[x] == g {
                    self.st.pending.clear(x);
                    gone = gone.or(&self.geo.nbm[x]);
                }
            }
            self.st.grow_pts = self.st.grow_pts.andnot(&gone);
        }
        self.st.grow_pts.clear(p);
        self.place_in(p, g);
    }
}
