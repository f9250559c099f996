//! Growth (W4, rulebook 7.0–7.2): each group that had fewer than five pieces when the turn
//! began adds one piece on an empty point next to it, next to no enemy piece and to no
//! friendly piece of another group; every group that can still grow when its chance comes must
//! grow, in the order the player picks, supply permitting (W2).
//!
//! The legal points are found once when the turn starts ([`Wells::scan_grow_points`], called by
//! `start_turn` in `steps.rs`) and only narrowed after each growth ([`Wells::do_grow`]).

use super::bits::Bits;
use super::steps::Log;
use super::{dirs, Step, Wells, MAX_GROUP};

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
        let taken = st.occ[0].or(&st.occ[1]).or(&st.tokens).or(&st.near[1 - me]);
        let mut pts = Bits::EMPTY;
        for y in st.near[me].andnot(&taken).iter() {
            // Next to a piece of a pending group: fine if every friendly neighbour has its label.
            let m = st.adj[me][y];
            let g = st.lab.gid[self.geo.nbs[y][m.trailing_zeros() as usize] as usize];
            if st.lab.size[g as usize & 127] < MAX_GROUP as u8
                && (m & (m - 1) == 0 || self.all_in_group(y, m, g))
            {
                pts.set(y);
            }
        }
        pts
    }

    /// True when the friendly neighbours of `y` in the directions of `m` are all in the group
    /// labelled `g`.
    #[inline]
    fn all_in_group(&self, y: usize, m: u8, g: u8) -> bool {
        let nb = &self.geo.nbs[y];
        dirs(m).all(|e| self.st.lab.gid[nb[e] as usize] == g)
    }

    /// A growth on `p` (W4): the group next to it grows; its other options go, and so do the
    /// points next to the new piece (they touch a group that has grown).
    pub(super) fn do_grow(&mut self, p: usize, log: Log) {
        if let Some(l) = log {
            l.push(Step::Grow(p as u16));
        }
        let m = self.st.adj[self.st.side as usize][p];
        let mut g = 0;
        if m != 0 {
            let y = self.geo.nbs[p][m.trailing_zeros() as usize] as usize;
            g = self.st.lab.gid[y];
            let mut gone = self.geo.nbm[p];
            let mut pending = self.st.pending;
            for &x in self.group_members(y) {
                pending.clear(x as usize);
                gone = gone.or(&self.geo.nbm[x as usize]);
            }
            self.st.pending = pending;
            self.st.grow_pts = self.st.grow_pts.andnot(&gone);
        }
        self.st.grow_pts.clear(p);
        self.place_in(p, g);
    }
}
