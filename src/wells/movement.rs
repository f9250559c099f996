//! Movement (W4, rulebook 1.2, 8.0–8.4): any number of groups, each at most once, one finished
//! before the next starts; a group of k pieces makes 0 to k jumps, each a piece over an adjacent
//! piece of its group onto the empty point beyond, touching no friendly piece of another group.
//! When a group's movement ends in several parts only the largest stays; between equal largest
//! parts the player chooses (phase `Keep`, 8.3).

use super::bits::Bits;
use super::board::Cands;
use super::{dirs, Phase, Wells, EMPTY};

impl Wells {
    /// The directions in which the mover's piece on `from` may try a jump: over a friendly
    /// neighbour, onto a point on the board. A piece touches no friendly piece of another group
    /// (W2, W4: not even while its group moves), so the piece jumped over is of its group.
    #[inline]
    pub(super) fn jump_dirs(&self, from: usize) -> u8 {
        self.st.adj[self.st.side as usize][from] & self.geo.jumpable[from]
    }

    /// The landing point of the jump from `from` in direction `d` (one of [`Self::jump_dirs`])
    /// if it is legal (W4, 8.0): empty (no piece, no token) and touching no friendly piece of
    /// another group. Groups are told apart by their labels; the piece jumped over is one
    /// friendly neighbour of the landing point, so the others need a look only when there are
    /// more.
    #[inline(always)]
    pub(super) fn jump_landing(&self, from: usize, d: usize) -> Option<usize> {
        let geo = self.geo;
        let to = geo.land[from][d] as usize;
        if self.st.cells[to] != EMPTY {
            return None;
        }
        let m = self.st.adj[self.st.side as usize][to];
        let g = self.st.lab.gid[from];
        if m & (m - 1) != 0 && dirs(m).any(|e| self.st.lab.gid[geo.nb[to][e] as usize] != g) {
            return None;
        }
        Some(to)
    }

    /// Calls `f(from, to)` for every legal jump (W4, 8.0) of a piece of `pieces`: the moving
    /// group, or the pieces of the groups that have not moved (a jump that would start a
    /// movement). `f` returns `false` to stop early.
    #[inline]
    pub(super) fn for_each_jump_from(
        &self,
        pieces: &Bits,
        f: &mut impl FnMut(usize, usize) -> bool,
    ) {
        for from in pieces.iter() {
            for d in dirs(self.jump_dirs(from)) {
                if let Some(to) = self.jump_landing(from, d) {
                    if !f(from, to) {
                        return;
                    }
                }
            }
        }
    }

    /// The pieces of `pieces` with a jump to try, each with its directions as a mask, in the
    /// order of the pieces (at most 60, W2).
    pub(super) fn jumps_of(&self, pieces: &Bits) -> Cands {
        let mut c = Cands::EMPTY;
        for from in pieces.iter() {
            let m = self.jump_dirs(from);
            if m != 0 {
                c.push(from, m, self.st.lab.gid[from]);
            }
        }
        c
    }

    /// The movement phase begins: the jumps of the groups that have not moved are listed once
    /// for the whole phase (see [`Cands`]).
    pub(super) fn enter_move(&mut self) {
        let c = self.jumps_of(&self.unmoved());
        self.st.cands = c;
        self.st.phase = Phase::Move;
    }

    /// The first jump of a group: the group starts moving.
    pub(super) fn start_group(&mut self, from: usize) {
        let mut pts = [0u16; 8];
        let members = self.group_members(from);
        let n = members.len();
        pts[..n].copy_from_slice(members);
        pts[..n].sort_unstable();
        let mut g = Bits::EMPTY;
        for &p in &pts[..n] {
            g.set(p as usize);
        }
        self.st.cands.drop_group(self.st.lab.gid[from]);
        self.st.moving = g;
        self.st.mv = pts;
        self.st.mvn = n as u8;
        self.st.jumps_left = n as u8;
        self.st.phase = Phase::Moving;
    }

    /// A piece of the moving group has jumped from `from` to `to`: the set and the list follow
    /// (the list stays in increasing order).
    pub(super) fn moving_jumped(&mut self, from: usize, to: usize) {
        let st = &mut self.st;
        st.moving.clear(from);
        st.moving.set(to);
        let n = st.mvn as usize;
        let mv = &mut st.mv[..n];
        let Some(mut i) = mv.iter().position(|&p| p as usize == from) else {
            return;
        };
        let to = to as u16;
        while i > 0 && mv[i - 1] > to {
            mv[i] = mv[i - 1];
            i -= 1;
        }
        while i + 1 < n && mv[i + 1] < to {
            mv[i] = mv[i + 1];
            i += 1;
        }
        mv[i] = to;
    }

    /// True when the moving group has a legal jump (its jumps left aside).
    pub(super) fn any_moving_jump(&self) -> bool {
        let st = &self.st;
        st.mv[..st.mvn as usize].iter().any(|&p| {
            let p = p as usize;
            dirs(self.jump_dirs(p)).any(|d| self.jump_landing(p, d).is_some())
        })
    }

    /// True when a group that has not moved has a legal jump.
    pub(super) fn any_unmoved_jump(&self) -> bool {
        self.st
            .cands
            .entries()
            .any(|(from, m)| dirs(m).any(|d| self.jump_landing(from, d).is_some()))
    }

    /// The mover's pieces whose groups have not moved this turn.
    #[inline]
    pub(super) fn unmoved(&self) -> Bits {
        self.st.occ[self.st.side as usize].andnot(&self.st.moved)
    }

    /// The equal-largest parts of the moving group, each as its lowest point (W4, 8.3).
    pub(super) fn keep_options(&self) -> Vec<usize> {
        let comps = self.components(&self.st.moving);
        let best = comps.iter().map(|c| c.count()).max().unwrap_or(0);
        comps
            .iter()
            .filter(|c| c.count() == best)
            .filter_map(|c| c.first())
            .collect()
    }

    /// The moving group's movement ends (W4, 8.3): if it is in several parts, only the largest
    /// stays; between equal largest parts the player chooses (phase `Keep`).
    pub(super) fn end_group(&mut self) {
        // The parts of the moving group, found on its own pieces (at most five, W2) by
        // comparing them pairwise: cheaper than a walk over sets of the whole board. The
        // moving pieces never touch another friendly piece (W4). A group is one of a valid
        // position (W2, checked when a position string is read) and jumps keep its size, so
        // the bound of eight only keeps a malformed state from indexing out of range.
        let pts = self.st.mv;
        let n = self.st.mvn as usize;
        // near[i]: the pieces next to pts[i], as bits over `pts`; then each part as such a mask.
        let mut near = [0u8; 8];
        for i in 0..n {
            let nbm = &self.geo.nbm[pts[i] as usize];
            for j in i + 1..n {
                if nbm.get(pts[j] as usize) {
                    near[i] |= 1 << j;
                    near[j] |= 1 << i;
                }
            }
        }
        let mut parts = [0u8; 8];
        let (mut nparts, mut left) = (0, ((1u16 << n) - 1) as u8);
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            loop {
                let mut grown = part;
                let mut m = part;
                while m != 0 {
                    grown |= near[m.trailing_zeros() as usize];
                    m &= m - 1;
                }
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            parts[nparts] = part;
            nparts += 1;
        }
        if nparts > 1 {
            let parts = &parts[..nparts];
            let best = parts.iter().map(|p| p.count_ones()).max().unwrap_or(0);
            if parts.iter().filter(|p| p.count_ones() == best).count() > 1 {
                self.st.phase = Phase::Keep;
                return;
            }
            for p in parts.iter().filter(|p| p.count_ones() != best) {
                let mut m = *p;
                while m != 0 {
                    self.lift(pts[m.trailing_zeros() as usize] as usize);
                    m &= m - 1;
                }
            }
        }
        let own = self.own();
        for &p in &pts[..n] {
            if self.st.cells[p as usize] == own {
                self.st.moved.set(p as usize);
            }
        }
        self.clear_moving();
    }

    /// No group is moving: back to choosing the next one.
    fn clear_moving(&mut self) {
        self.st.moving = Bits::EMPTY;
        self.st.mv = [0; 8];
        self.st.mvn = 0;
        self.st.jumps_left = 0;
        self.st.phase = Phase::Move;
    }

    /// Keeps the part of the moving group that holds `p`; the other parts are removed (8.3).
    pub(super) fn keep(&mut self, p: usize) {
        for c in self.components(&self.st.moving) {
            if c.get(p) {
                self.st.moved = self.st.moved.or(&c);
            } else {
                for x in c.iter() {
                    self.lift(x);
                }
            }
        }
        self.clear_moving();
    }
}
