//! Movement (W4, rulebook 1.2, 8.0–8.4): any number of groups, each at most once, one finished
//! before the next starts; a group of k pieces makes 0 to k jumps, each a piece over an adjacent
//! piece of its group onto the empty point beyond, touching no friendly piece of another group.
//! When a group's movement ends in several parts only the largest stays; between equal largest
//! parts the player chooses (phase `Keep`, 8.3).

use crate::select::{byte_of_rank, select_in_byte};
use crate::wells::bits::{Bits, WORDS};
use crate::wells::{dirs, Phase, Wells, EMPTY, MAX_GROUP, PIECES};

/// `FAR[d]`: the directions `d - 1`, `d`, `d + 1` ([`lattice::DIRS`](crate::wells::lattice::DIRS),
/// modulo 6): from the landing point of a jump in direction `d`, the neighbours that are not next
/// to the piece jumped over (that one is at `d + 3`, and the two points next to both at `d + 2` and
/// `d + 4`). Looked up rather than computed (the jump test is the draws' inner loop); eight entries
/// so that `d & 7` needs no bound check.
const FAR: [u8; 8] = [
    0b100011, 0b000111, 0b001110, 0b011100, 0b111000, 0b110001, 0, 0,
];

impl Wells {
    /// The directions in which the mover's piece on `from` may try a jump: over a friendly
    /// neighbour, onto a point on the board. A piece touches no friendly piece of another group
    /// (W2, W4: not even while its group moves), so the piece jumped over is of its group.
    #[inline]
    pub(in crate::wells) fn jump_dirs(&self, from: usize) -> u8 {
        self.state.adj[self.state.side as usize & 1][from] & self.lattice.jumpable[from]
    }

    /// The landing point of the jump from `from` in direction `d` (one of [`Self::jump_dirs`])
    /// if it is legal (W4, 8.0): empty (no piece, no token) and touching no friendly piece of
    /// another group. Groups are told apart by their labels. The piece jumped over (in
    /// direction `d + 3` from the landing point) is of the group, and so is any friendly piece
    /// next to it (groups never touch, W2: not even while one moves, W4), among them those at
    /// `d + 2` and `d + 4` from the landing point; so only its friendly neighbours on the far
    /// side ([`FAR`]) need a look, and most often there are none.
    #[inline(always)]
    pub(in crate::wells) fn jump_landing(&self, from: usize, d: usize) -> Option<usize> {
        let geo = self.lattice;
        let st = &self.state;
        let to = geo.land[from][d] as usize;
        if st.cells[to] != EMPTY {
            return None;
        }
        let others = st.adj[st.side as usize & 1][to] & FAR[d & 7];
        if others != 0 {
            let (g, nb) = (st.labels.gid[from], &geo.nbs[to]);
            if dirs(others).any(|e| st.labels.gid[nb[e] as usize] != g) {
                return None;
            }
        }
        Some(to)
    }

    /// Calls `f(from, to)` for every legal jump (W4, 8.0) of a piece of `pieces`: the moving
    /// group, or the pieces of the groups that have not moved (a jump that would start a
    /// movement). `f` returns `false` to stop early.
    #[inline]
    pub(in crate::wells) fn for_each_jump_from(
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

    /// The movement phase begins: the jumps of the groups that have not moved are listed once
    /// for the whole phase (see [`Cands`]).
    pub(in crate::wells) fn enter_move(&mut self) {
        let geo = self.lattice;
        let st = &mut self.state;
        let me = st.side as usize & 1;
        // Only a piece with a friendly neighbour can jump (over it): those in `near` of its
        // own side.
        let unmoved = st.pieces[me]
            .and(&st.near[me])
            .andnot(&st.built.movement.moved);
        st.built.movement.cands.clear();
        let (adj, gid, cells, c) = (
            &st.adj[me],
            &st.labels.gid,
            &st.cells,
            &mut st.built.movement.cands,
        );
        let (mut len, mut total) = (0, 0);
        for (w, &word) in unmoved.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let from = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // A jump onto a point taken now is left out ([`Cands`]): all six directions
                // looked at, without a branch (off the board, `lands` names the sink, an
                // empty point that no jump direction of `jumpable` reaches).
                let (land, mut m) = (&geo.lands[from], adj[from] & geo.jumpable[from]);
                for (d, &to) in land.iter().enumerate() {
                    m &= !(u8::from(cells[to as usize] != EMPTY) << d);
                }
                // Written in any case; only a piece with a jump to try moves the count on (a
                // side has at most 60 pieces, W2, so the entry is always in the list).
                let i = len % c.from.len();
                c.from[i] = from as u16;
                c.mask[i] = m;
                c.label[i] = gid[from];
                len += usize::from(m != 0);
                total += m.count_ones();
            }
        }
        // The entry past the last one kept may hold a piece with no jump: zero, as unused
        // entries are.
        if len < c.from.len() {
            c.from[len] = 0;
            c.label[len] = 0;
        }
        c.len = len as u8;
        c.count();
        debug_assert_eq!(c.total as u32, total);
        st.phase = Phase::Move;
    }

    /// The first jump of a group: the group starts moving.
    pub(in crate::wells) fn start_group(&mut self, from: usize) {
        let lab = &self.state.labels;
        let g = lab.gid[from] as usize & 127;
        let n = (lab.size[g] as usize).min(MAX_GROUP as usize);
        let pts = sorted_list(lab.members[g], n);
        self.state
            .built
            .movement
            .cands
            .drop_group(self.state.labels.gid[from]);
        self.state.built.movement.moving_list = pts;
        self.state.built.movement.moving_len = n as u8;
        self.state.built.movement.jumps_left = n as u8;
        self.state.phase = Phase::Moving;
    }

    /// A piece of the moving group has jumped from `from` to `to`: the set and the list follow
    /// (the list stays in increasing order: the moved entry is put back in its place by the
    /// sorting network, without a branch on the values).
    pub(in crate::wells) fn moving_jumped(&mut self, from: usize, to: usize) {
        let st = &mut self.state;
        let n = (st.built.movement.moving_len as usize).min(MAX_GROUP as usize);
        let mut list = [0u16; MAX_GROUP as usize];
        for (x, &p) in list.iter_mut().zip(&st.built.movement.moving_list) {
            *x = if p as usize == from { to as u16 } else { p };
        }
        st.built.movement.moving_list = sorted_list(list, n);
    }

    /// True when the moving group has a legal jump (its jumps left aside).
    pub(in crate::wells) fn any_moving_jump(&self) -> bool {
        let st = &self.state;
        st.built.movement.moving_list[..st.built.movement.moving_len as usize]
            .iter()
            .any(|&p| {
                let p = p as usize;
                dirs(self.jump_dirs(p)).any(|d| self.jump_landing(p, d).is_some())
            })
    }

    /// True when a group that has not moved has a legal jump. The jump the last search found
    /// is looked at first (it most often stays legal while another group moves); then the
    /// search goes round the list from its piece.
    pub(in crate::wells) fn any_unmoved_jump(&mut self) -> bool {
        let c = &self.state.built.movement.cands;
        let (n, start) = (c.len as usize, c.hint as usize);
        let (from, m, d) = (c.from[start] as usize, c.mask[start], c.hint_dir as usize);
        if m >> (d & 7) & 1 != 0 && self.jump_landing(from, d).is_some() {
            return true;
        }
        for k in 0..n {
            let i = if start + k < n {
                start + k
            } else {
                start + k - n
            };
            let (from, m) = (c.from[i] as usize, c.mask[i]);
            if m == 0 {
                continue;
            }
            if let Some(d) = dirs(m).find(|&d| self.jump_landing(from, d).is_some()) {
                self.state.built.movement.cands.hint = i as u8;
                self.state.built.movement.cands.hint_dir = d as u8;
                return true;
            }
        }
        false
    }

    /// The pieces of the moving group, where they stand now (empty while none moves).
    pub(in crate::wells) fn moving(&self) -> Bits {
        // Every entry of the list read, each past the group's size adding nothing: no branch.
        let (mut g, n) = (Bits::EMPTY, self.state.built.movement.moving_len as usize);
        for (i, &p) in self.state.built.movement.moving_list[..MAX_GROUP as usize]
            .iter()
            .enumerate()
        {
            let p = p as usize;
            g.0[(p >> 6) % WORDS] |= u64::from(i < n) << (p & 63);
        }
        g
    }

    /// The mover's pieces whose groups have not moved this turn.
    #[inline]
    pub(in crate::wells) fn unmoved(&self) -> Bits {
        self.state.pieces[self.state.side as usize].andnot(&self.state.built.movement.moved)
    }

    /// The parts of the moving group, each as a mask over its list (bit `i` for `mv[i]`), in
    /// the order of their lowest points; returns how many. Found on its own pieces (at most
    /// five, W2) by comparing them pairwise: cheaper than a walk over sets of the whole board.
    /// The moving pieces never touch another friendly piece (W4). A group is one of a valid
    /// position (W2, checked when a position string is read) and jumps keep its size, so the
    /// bound of eight only keeps a malformed state from indexing out of range.
    fn moving_parts(&self, parts: &mut [u8; 8]) -> usize {
        let pts = &self.state.built.movement.moving_list;
        let n = (self.state.built.movement.moving_len as usize).min(8);
        if n <= 1 {
            parts[0] = 1;
            return 1;
        }
        // near[i]: the pieces next to pts[i], as bits over `pts`; then each part as such a mask.
        let mut near = [0u8; 8];
        for i in 0..n {
            let nbm = &self.lattice.nbm[pts[i] as usize];
            for j in i + 1..n {
                if nbm.get(pts[j] as usize) {
                    near[i] |= 1 << j;
                    near[j] |= 1 << i;
                }
            }
        }
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
        nparts
    }

    /// True when the moving group is sure to be in one part by the number of its pieces'
    /// adjacencies alone: its pieces' only friendly neighbours are its own (W4), so the bits of
    /// their `adj` masks count each adjacency within the group twice, and `n` points of the
    /// triangular lattice in two parts or more have at most 0, 1, 3, 5 adjacencies for `n` =
    /// 2 to 5 (at most 0, 1, 3, 5, 7 among 1 to 5 points in one part, Harary and Harborth's
    /// `3n - ceil(sqrt(12n - 3))`, split the best way). Half the groups that end a movement are
    /// told apart this way; the others are split by [`Self::moving_parts`].
    fn moving_in_one_part(&self) -> bool {
        /// For `n` pieces, the least count of `adj` bits that proves one part (0 and 1 piece:
        /// always one part; more than five is not a valid group, W2).
        const ONE_PART: [u32; 8] = [0, 0, 2, 4, 8, 12, u32::MAX, u32::MAX];
        let st = &self.state;
        let (n, adj) = (
            st.built.movement.moving_len as usize,
            &st.adj[st.side as usize & 1],
        );
        let mut ends = 0;
        for (i, &p) in st.built.movement.moving_list[..MAX_GROUP as usize]
            .iter()
            .enumerate()
        {
            ends += adj[p as usize].count_ones() & u32::from(i < n).wrapping_neg();
        }
        ends >= ONE_PART[n.min(7)]
    }

    /// The equal-largest parts of the moving group, each as its lowest point (W4, 8.3), in
    /// increasing order; returns how many.
    pub(in crate::wells) fn keep_options(&self, out: &mut [u16; 8]) -> usize {
        let mut parts = [0u8; 8];
        let n = self.moving_parts(&mut parts);
        let parts = &parts[..n];
        let best = parts.iter().map(|p| p.count_ones()).max().unwrap_or(0);
        let mut k = 0;
        for p in parts.iter().filter(|p| p.count_ones() == best) {
            out[k] = self.state.built.movement.moving_list[p.trailing_zeros() as usize];
            k += 1;
        }
        k
    }

    /// The moving group's movement ends (W4, 8.3): if it is in several parts, only the largest
    /// stays; between equal largest parts the player chooses (phase `Keep`).
    pub(in crate::wells) fn end_group(&mut self) {
        if self.moving_in_one_part() {
            self.state.built.movement.moved = self.state.built.movement.moved.or(&self.moving());
            self.clear_moving();
            return;
        }
        let mut parts = [0u8; 8];
        let n = self.moving_parts(&mut parts);
        let parts = &parts[..n];
        if parts.len() > 1 {
            let best = parts.iter().map(|p| p.count_ones()).max().unwrap_or(0);
            if parts.iter().filter(|p| p.count_ones() == best).count() > 1 {
                self.state.phase = Phase::Keep;
                return;
            }
            let keep = parts.iter().find(|p| p.count_ones() == best).copied();
            self.keep_part(keep.unwrap_or(0));
        } else {
            self.keep_part(parts[0]);
        }
    }

    /// The moving group's part `part` (a mask over its list) stays and has moved; its other
    /// pieces are removed (8.3).
    fn keep_part(&mut self, part: u8) {
        let pts = self.state.built.movement.moving_list;
        for (i, &p) in pts[..self.state.built.movement.moving_len as usize]
            .iter()
            .enumerate()
        {
            if part >> i & 1 != 0 {
                self.state.built.movement.moved.set(p as usize);
            } else {
                self.lift(p as usize);
            }
        }
        self.clear_moving();
    }

    /// No group is moving: back to choosing the next one.
    fn clear_moving(&mut self) {
        self.state.built.movement.moving_list = [0; 8];
        self.state.built.movement.moving_len = 0;
        self.state.built.movement.jumps_left = 0;
        self.state.phase = Phase::Move;
    }

    /// Keeps the part of the moving group that holds `p`; the other parts are removed (8.3).
    pub(in crate::wells) fn keep(&mut self, p: usize) {
        let mut parts = [0u8; 8];
        let n = self.moving_parts(&mut parts);
        let i = self.state.built.movement.moving_list
            [..self.state.built.movement.moving_len as usize]
            .iter()
            .position(|&x| x as usize == p);
        let part = parts[..n]
            .iter()
            .find(|&&m| i.is_some_and(|i| m >> i & 1 != 0));
        self.keep_part(part.copied().unwrap_or(0));
    }
}

/// The first `n` entries of `list` (`n` at most five: a group's pieces, W2) in increasing order,
/// the rest zero, as the moving group's list ([`State::mv`](crate::wells::state::State)). Read
/// whole and sorted without a branch on `n` or on the values: the entries past `n` sort last, then
/// are zeroed.
#[inline(always)]
fn sorted_list(list: [u16; MAX_GROUP as usize], n: usize) -> [u16; 8] {
    let mut pts = [u16::MAX; 8];
    for (i, &p) in list.iter().enumerate() {
        pts[i] = if i < n { p } else { u16::MAX };
    }
    sort5(&mut pts);
    for (i, p) in pts.iter_mut().enumerate() {
        *p = if i < n { *p } else { 0 };
    }
    pts
}

/// Sorts the first five entries in increasing order, by a fixed network of nine
/// compare-exchanges (no branch on the values: the moving group's pieces, W2).
#[inline(always)]
fn sort5(v: &mut [u16; 8]) {
    #[inline(always)]
    fn cx(v: &mut [u16; 8], i: usize, j: usize) {
        let (a, b) = (v[i], v[j]);
        v[i] = a.min(b);
        v[j] = a.max(b);
    }
    cx(v, 0, 1);
    cx(v, 3, 4);
    cx(v, 2, 4);
    cx(v, 2, 3);
    cx(v, 1, 4);
    cx(v, 0, 3);
    cx(v, 0, 2);
    cx(v, 1, 3);
    cx(v, 1, 2);
}

/// The (piece, direction) pairs that could be a jump (over a friendly neighbour, landing on the
/// board: [`Wells::jump_dirs`]) of the mover's pieces in the groups that have not moved, in
/// increasing order of the piece; what the jump draw numbers. Built when the movement phase
/// begins; a group that starts moving takes its pieces out. Nothing else can change it while
/// the movement lasts: a jump lands next to no friendly piece of another group and leaves a
/// point next to none (W4), so the friendly neighbours of the pieces that have not moved stay
/// as they are.
///
/// A pair whose landing point is taken when the movement phase begins is left out: while its
/// group has not moved, the point stays taken (by a piece of that group, which has not moved;
/// by an enemy piece or a token, as nothing of the enemy's moves or dies before the kills; no
/// other friendly group can stand there, as it would touch the piece jumped over), so the jump
/// is never legal in this phase. The pairs kept hold every legal jump of the groups that have
/// not moved, and about half of them are legal: the draw's rejections stay few.
///
/// A piece whose group has moved keeps its entry with an empty mask (it numbers no pair), so
/// taking a group out is one pass over the labels, and the `r`-th pair is found eight masks
/// at a time (their bytes read as one word). Unused entries are zero, so that equal states
/// keep equal lists.
#[derive(Clone, Copy, Debug)]
pub(in crate::wells) struct Cands {
    /// The pieces, in increasing order (at most 60, W2).
    pub(in crate::wells) from: [u16; SLOTS],
    /// Each piece's directions to try; empty once its group has moved.
    pub(in crate::wells) mask: [u8; SLOTS],
    /// Each piece's group label (labels start at 1: 0 marks an unused entry).
    pub(in crate::wells) label: [u8; SLOTS],
    pub(in crate::wells) len: u8,
    /// The number of pairs: the sum of the masks' bits.
    pub(in crate::wells) total: u16,
    /// `before[k]`: the pairs numbered in the words of masks before word `k` (see
    /// [`Cands::pair`]), kept with `total`.
    pub(in crate::wells) before: [u16; SLOTS / 8],
    /// Where the last search for a legal jump found one ([`Wells::any_unmoved_jump`]): the
    /// next starts there, as a jump that stayed legal while another group moved is likely
    /// still so. Only a speed-up, left out of the comparison.
    pub(in crate::wells) hint: u8,
    /// The direction of the jump found there (the first one looked at).
    pub(in crate::wells) hint_dir: u8,
}

/// Equal when they number the same pairs; the labels are those of the pieces, whose numbers
/// depend on the order of play (`groups.rs`).
impl PartialEq for Cands {
    fn eq(&self, o: &Self) -> bool {
        self.from == o.from && self.mask == o.mask && self.len == o.len && self.total == o.total
    }
}
impl Eq for Cands {}

/// Entries of [`Cands`]: the 60 pieces of a side (W2), rounded up to whole words of masks.
const SLOTS: usize = 64;
const _: () = assert!(SLOTS >= PIECES as usize && SLOTS.is_multiple_of(8));

impl Cands {
    pub(in crate::wells) const EMPTY: Cands = Cands {
        from: [0; SLOTS],
        mask: [0; SLOTS],
        label: [0; SLOTS],
        len: 0,
        total: 0,
        before: [0; SLOTS / 8],
        hint: 0,
        hint_dir: 0,
    };

    /// Empty again (every entry zeroed: equal states keep equal lists). The whole lists are
    /// stored at once, cheaper than three calls to fill the entries used; a list with no
    /// entry is empty already (entries past `len` are always zero, and so are `total` and
    /// `hint` then), which is the case at most calls (the turn start, the movement's start).
    #[inline]
    pub(in crate::wells) fn clear(&mut self) {
        if self.len != 0 {
            *self = Cands::EMPTY;
        }
    }

    /// Eight masks as one word (entry `8k + j` in byte `j`).
    #[inline]
    fn word(&self, k: usize) -> u64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&self.mask[8 * k..8 * k + 8]);
        u64::from_le_bytes(b)
    }

    /// The pieces of the group labelled `g` number no pair any more (it starts moving).
    pub(in crate::wells) fn drop_group(&mut self, g: u8) {
        // Every word of masks, used or not (unused entries are zero and stay so): a fixed
        // number of steps.
        for k in 0..SLOTS / 8 {
            let mut l = [0u8; 8];
            l.copy_from_slice(&self.label[8 * k..8 * k + 8]);
            let keep = nonzero_bytes(u64::from_le_bytes(l) ^ (ONES * g as u64));
            let m = self.word(k) & keep;
            self.mask[8 * k..8 * k + 8].copy_from_slice(&m.to_le_bytes());
        }
        self.count();
    }

    /// Sets `total` and `before` from the masks.
    #[inline]
    pub(in crate::wells) fn count(&mut self) {
        let mut total = 0;
        for k in 0..SLOTS / 8 {
            self.before[k] = total as u16;
            total += self.word(k).count_ones();
        }
        self.total = total as u16;
    }

    /// The pair numbered `r` (below `total`): the piece and the direction.
    #[inline]
    pub(in crate::wells) fn pair(&self, r: usize) -> (usize, usize) {
        // The word of masks that holds it: the number of words whose pairs all come before
        // it, less one (`before[0]` is 0), compared without a branch.
        let mut k = 0;
        for &b in &self.before[1..] {
            k += usize::from(r >= b as usize);
        }
        let k = k & (SLOTS / 8 - 1);
        let r = r - self.before[k] as usize;
        // Then the entry (a byte of the word) and the direction (a bit of its mask).
        let (j, rank) = byte_of_rank(self.word(k), r);
        let d = select_in_byte(self.mask[8 * k + j], rank);
        (self.from[8 * k + j] as usize, d)
    }

    /// Every pair, in the order they are numbered.
    #[cfg(test)]
    pub(in crate::wells) fn pairs(&self) -> Vec<(usize, usize)> {
        (0..self.total as usize).map(|r| self.pair(r)).collect()
    }
}

/// A one in each byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// 0xff in each byte of `x` that is not zero, 0 in the others.
#[inline]
fn nonzero_bytes(x: u64) -> u64 {
    let t = ((x & !HIGH) + !HIGH) | x;
    ((t & HIGH) >> 7) * 0xff
}
