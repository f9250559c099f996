//! Group labels (W2), kept for both sides from turn to turn: the label of each piece, the
//! size and the pieces of each label's group and the labels in use. Two pieces of one side
//! are in one group exactly when their labels are equal, so legality checks (growth, jumps:
//! W4) need no flood fill, a group's size (growth's "fewer than five", the massacre's "two
//! more": W4, 3.2) is one look-up, and its pieces (a growth, the start of a movement) a list.
//!
//! Groups never merge (W4: a growth touches one group, the new group none, a jump no other
//! group), so a label is given once: to the new group (and to every group of a position read
//! from a string, [`Wells::label_groups`]). A group that grows or jumps keeps it, and the parts
//! a movement leaves behind are removed (8.3). Only a kill can split a group: the victim's
//! side is labelled again around its victims when the turn ends ([`Wells::relabel_around`]).
//! While a group moves its pieces keep one label even when they stand apart.

use crate::wells::bits::Bits;
use crate::wells::state::CELLS;
use crate::wells::{Wells, BLACK, MAX_GROUP, WHITE};

/// Labels of side `c` (0 White, 1 Black) are `64 c + n` with `n` in 1..64: a side has at most
/// 60 pieces, so at most 60 groups (W2). 0 is no label.
#[derive(Clone, Copy, Debug)]
pub(in crate::wells) struct Labels {
    /// The label of the piece on each point; 0 on a point without a piece.
    pub(in crate::wells) gid: [u8; CELLS],
    /// The number of pieces of each label.
    pub(in crate::wells) size: [u8; 128],
    /// The pieces of each label, the first `size` entries in no particular order (a group
    /// has at most five pieces, W2; a malformed state only loses entries past five).
    pub(in crate::wells) members: [[u16; MAX_GROUP as usize]; 128],
    /// The labels in use, per side (bit `n` for label `64 c + n`).
    live: [u64; 2],
}

impl Labels {
    pub(in crate::wells) const EMPTY: Labels = Labels {
        gid: [0; CELLS],
        size: [0; 128],
        members: [[0; MAX_GROUP as usize]; 128],
        live: [0; 2],
    };

    /// A label of side `c` not in use, now in use (with no piece yet).
    #[inline]
    pub(in crate::wells) fn fresh(&mut self, c: usize) -> u8 {
        let n = (!self.live[c] & !1).trailing_zeros();
        self.live[c] |= 1 << n;
        (64 * c as u32 + n) as u8
    }

    /// The labels of side `c` in use, as bits (bit `n` for label `64 c + n`).
    #[inline]
    pub(in crate::wells) fn in_use(&self, c: usize) -> u64 {
        self.live[c]
    }

    /// The piece on `p` joins the group labelled `g`.
    #[inline]
    pub(in crate::wells) fn add(&mut self, p: usize, g: u8) {
        self.gid[p] = g;
        let (s, list) = (
            &mut self.size[g as usize & 127],
            &mut self.members[g as usize & 127],
        );
        if let Some(slot) = list.get_mut(*s as usize) {
            *slot = p as u16;
        }
        *s = s.saturating_add(1);
        self.live[(g >> 6) as usize & 1] |= 1 << (g & 63);
    }

    /// The piece on `from` moves to `to` in its group.
    #[inline]
    pub(in crate::wells) fn relocate(&mut self, from: usize, to: usize) {
        let g = self.gid[from];
        self.gid[from] = 0;
        self.gid[to] = g;
        // Every entry in use compared (at most five, W2), without a branch on the values.
        let n = self.size[g as usize & 127] as usize;
        for (i, x) in self.members[g as usize & 127].iter_mut().enumerate() {
            *x = if i < n && *x as usize == from {
                to as u16
            } else {
                *x
            };
        }
    }

    /// The piece on `p` leaves its group; a label left with no piece is free again.
    #[inline]
    pub(in crate::wells) fn remove(&mut self, p: usize) {
        let g = self.gid[p];
        self.gid[p] = 0;
        if g != 0 {
            let (s, list) = (
                &mut self.size[g as usize & 127],
                &mut self.members[g as usize & 127],
            );
            *s = s.saturating_sub(1);
            // The last entry in use takes the place of `p`'s, and its own place empties:
            // every entry compared, without a branch on the values.
            let last = (*s as usize).min(list.len() - 1);
            let moved = list[last];
            for (i, x) in list.iter_mut().enumerate() {
                *x = if i <= last && *x as usize == p {
                    moved
                } else {
                    *x
                };
            }
            list[last] = 0;
            if *s == 0 {
                self.live[(g >> 6) as usize & 1] &= !(1 << (g & 63));
            }
        }
    }
}

/// Equal when they split the pieces into the same groups of the same sizes: the numbers
/// themselves depend on the order of play.
impl PartialEq for Labels {
    fn eq(&self, o: &Self) -> bool {
        let (mut there, mut back) = ([0u8; 128], [0u8; 128]);
        for (&a, &b) in self.gid.iter().zip(&o.gid) {
            if (a == 0) != (b == 0) {
                return false;
            }
            let (a, b) = (a as usize & 127, b as usize & 127);
            if a == 0 {
                continue;
            }
            if there[a] == 0 && back[b] == 0 {
                if self.size[a] != o.size[b] {
                    return false;
                }
                there[a] = b as u8;
                back[b] = a as u8;
            } else if there[a] as usize != b || back[b] as usize != a {
                return false;
            }
        }
        true
    }
}
impl Eq for Labels {}

impl Wells {
    /// Labels every group of both sides from the board (a position set up piece by piece).
    pub(in crate::wells) fn label_groups(&mut self) {
        self.state.labels = Labels::EMPTY;
        for c in 0..2 {
            for p in self.state.pieces[c].iter() {
                if self.state.labels.gid[p] == 0 {
                    let g = self.state.labels.fresh(c);
                    self.label_part(p, g, &mut [0; 8]);
                }
            }
        }
    }

    /// The group on the board of the piece on `p` (found along the `adj` masks), labelled
    /// `g`; writes its pieces to `pts` and returns their number.
    fn label_part(&mut self, p: usize, g: u8, pts: &mut [u16; 8]) -> usize {
        let n = self.group_list(p, pts);
        let lab = &mut self.state.labels;
        lab.size[g as usize & 127] = 0;
        lab.members[g as usize & 127] = [0; MAX_GROUP as usize];
        for &q in &pts[..n] {
            lab.add(q as usize, g);
        }
        n
    }

    /// The pieces of the group of the piece on `p` (at most five, W2), in no particular order.
    #[inline]
    pub(in crate::wells) fn group_members(&self, p: usize) -> &[u16] {
        let g = self.state.labels.gid[p] as usize & 127;
        let n = (self.state.labels.size[g] as usize).min(MAX_GROUP as usize);
        &self.state.labels.members[g][..n]
    }

    /// Side `c`'s pieces in `removed` have left the board: their groups may have come apart.
    /// Each part left is next to a removed piece of its group; the first part of a group found
    /// keeps its label, the others take fresh ones.
    pub(in crate::wells) fn relabel_around(&mut self, removed: &Bits, c: usize) {
        let color = [WHITE, BLACK][c];
        let mut kept = [0u64; 2];
        let mut done = Bits::EMPTY;
        for v in removed.iter() {
            for &y in &self.lattice.nbs[v] {
                let y = y as usize;
                if self.state.cells[y] != color || done.get(y) {
                    continue;
                }
                let old = self.state.labels.gid[y];
                let (w, bit) = ((old >> 6) as usize & 1, 1u64 << (old & 63));
                let g = if kept[w] & bit == 0 {
                    kept[w] |= bit;
                    old
                } else {
                    self.state.labels.fresh(c)
                };
                let mut pts = [0u16; 8];
                let n = self.label_part(y, g, &mut pts);
                for &q in &pts[..n] {
                    done.set(q as usize);
                }
            }
        }
    }

    /// The number of pieces in the group of the piece on `p` (W2).
    #[inline]
    pub(in crate::wells) fn group_size(&self, p: usize) -> u32 {
        self.state.labels.size[self.state.labels.gid[p] as usize & 127] as u32
    }
}
