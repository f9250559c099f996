//! The board and the state of a position (W1, W2): what stands on each point, the sets and
//! masks kept beside it, the edits that keep them in step (a piece placed, a piece lifted, a
//! massacre token put down), and groups and strength read from them.
//!
//! * [`State`] — the whole state, turn-building state included; `Copy`, so it is also the undo.
//! * Board edits: [`Wells::place`], [`Wells::lift`], [`Wells::put_token`] keep `cells`, the
//!   piece sets, the neighbour masks (`adj`, `near`) and the Zobrist board hash together.
//! * Groups (W2): a group is the pieces of one colour connected by adjacency
//!   ([`Wells::group_of`]); strength (2.0, W4) is the number of adjacent friendly pieces
//!   ([`Wells::strength`]).

use super::bits::{Bits, WORDS};
use super::lattice;
use super::phases::Labels;
use super::{Phase, Wells, PIECES};
use crate::select::{byte_of_rank, select_in_byte};

/// Cell contents.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const WHITE: u8 = 1;
pub(crate) const BLACK: u8 = 2;
pub(crate) const TOKEN: u8 = 3;
/// [`Wells::cell`] values, public.
pub const EMPTY_CELL: u8 = EMPTY;
pub const WHITE_CELL: u8 = WHITE;
pub const BLACK_CELL: u8 = BLACK;
pub const TOKEN_CELL: u8 = TOKEN;
/// Room for the largest board (side 12: 397 points).
pub(super) const CELLS: usize = 400;
const _: () = assert!(lattice::SINK as usize == CELLS - 1 && CELLS > 397);

/// The whole state of a position, turn-building state included. `Copy`: it is also the undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) cells: [u8; CELLS],
    /// `adj[c][p]`: the directions (bit `d` for [`lattice::DIRS`]`[d]`) in which `p` has a
    /// neighbour holding a piece of colour `c + 1`, kept by `place` and `lift`. Strength (2.0)
    /// is its population count; the move generators walk its bits instead of all six
    /// directions.
    pub(super) adj: [[u8; CELLS]; 2],
    /// Pieces of White and Black.
    pub(crate) pieces: [Bits; 2],
    /// `near[c]`: the points with a piece of colour `c + 1` next to them, kept by `place` and
    /// `lift`. The new group (W4) goes on an empty point near no piece; growth on one near no
    /// enemy piece.
    pub(super) near: [Bits; 2],
    pub(crate) tokens: Bits,
    /// 0 = White, 1 = Black. The hot paths index the per-side arrays with `side & 1` (and a
    /// colour's `c - 1` with `& 1`): the same index, known to be in range, so no bound check.
    pub(crate) side: u8,
    /// The number of the turn being played, from 1 (W3, W6).
    pub(crate) turn: u32,
    /// Passes in a row before this turn (W6).
    pub(crate) passes: u8,
    pub(crate) phase: Phase,
    /// No step of this turn taken yet.
    pub(crate) at_turn_start: bool,
    /// The turn began with [`Step::Pass`].
    pub(super) passed: bool,
    /// The turn counts as a pass (W5), fixed when the kills begin.
    pub(super) is_pass: bool,
    /// The mover's pieces when the turn began (W5).
    pub(super) start_own: Bits,
    /// Group labels of both sides' pieces, kept from turn to turn (`groups.rs`): a growth
    /// joins the group it grows, the new group takes a fresh label, a jumping piece keeps its
    /// group's (W2, W4). Two pieces of one side are in one group exactly when their labels are
    /// equal, so legality checks need no flood fill.
    pub(super) labels: Labels,
    /// Growth: the pieces of the groups that still have to grow (W4).
    pub(super) pending: Bits,
    /// Growth: the legal growth points, supply aside (W4, 7.0). Computed when the turn starts,
    /// then only narrowed: a growth ends its group's options and those of the points next to
    /// the new piece (they now touch two groups); nothing is removed before the growth ends.
    pub(super) growth_points: Bits,
    /// Movement: the pieces of the groups that have moved.
    pub(super) moved: Bits,
    /// Movement: the pieces of the moving group, where they stand now, as a short list in
    /// increasing order (a group has at most five, W2), the first `moving_len` entries; the others
    /// are zero ([`Wells::moving`] gives them as a set). The moving group's jumps are found
    /// and drawn on it without walking a set of the whole board.
    pub(super) moving_list: [u16; 8],
    pub(super) moving_len: u8,
    pub(super) jumps_left: u8,
    /// Movement: the jumps a group that has not moved may try, kept from the moment the
    /// movement phase begins (see [`Cands`]).
    pub(super) cands: Cands,
    /// Kills: killers used, victims chosen, victims to be massacred.
    pub(super) used: Bits,
    pub(super) killed: Bits,
    pub(super) massacred: Bits,
    /// The kills chosen, sorted (a matching has at most 60 edges: one per killer).
    pub(super) kills: [(u16, u16); 64],
    pub(super) kill_count: u8,
    /// Incremental Zobrist hash of the board.
    pub(super) board_hash: u64,
}

impl State {
    /// The empty board, White to move, turn 1, nothing of the turn built (W3).
    pub(super) fn empty() -> State {
        State {
            cells: [EMPTY; CELLS],
            adj: [[0; CELLS]; 2],
            pieces: [Bits::EMPTY; 2],
            near: [Bits::EMPTY; 2],
            tokens: Bits::EMPTY,
            side: 0,
            turn: 1,
            passes: 0,
            phase: Phase::Growth,
            at_turn_start: true,
            passed: false,
            is_pass: false,
            start_own: Bits::EMPTY,
            labels: Labels::EMPTY,
            pending: Bits::EMPTY,
            growth_points: Bits::EMPTY,
            moved: Bits::EMPTY,
            moving_list: [0; 8],
            moving_len: 0,
            jumps_left: 0,
            cands: Cands::EMPTY,
            used: Bits::EMPTY,
            killed: Bits::EMPTY,
            massacred: Bits::EMPTY,
            kills: [(0, 0); 64],
            kill_count: 0,
            board_hash: 0,
        }
    }
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
pub(super) struct Cands {
    /// The pieces, in increasing order (at most 60, W2).
    pub(super) from: [u16; SLOTS],
    /// Each piece's directions to try; empty once its group has moved.
    pub(super) mask: [u8; SLOTS],
    /// Each piece's group label (labels start at 1: 0 marks an unused entry).
    pub(super) label: [u8; SLOTS],
    pub(super) len: u8,
    /// The number of pairs: the sum of the masks' bits.
    pub(super) total: u16,
    /// `before[k]`: the pairs numbered in the words of masks before word `k` (see
    /// [`Cands::pair`]), kept with `total`.
    pub(super) before: [u16; SLOTS / 8],
    /// Where the last search for a legal jump found one ([`Wells::any_unmoved_jump`]): the
    /// next starts there, as a jump that stayed legal while another group moved is likely
    /// still so. Only a speed-up, left out of the comparison.
    pub(super) hint: u8,
    /// The direction of the jump found there (the first one looked at).
    pub(super) hint_dir: u8,
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
    pub(super) const EMPTY: Cands = Cands {
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
    pub(super) fn clear(&mut self) {
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
    pub(super) fn drop_group(&mut self, g: u8) {
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
    pub(super) fn count(&mut self) {
        let mut total = 0;
        for k in 0..SLOTS / 8 {
            self.before[k] = total as u16;
            total += self.word(k).count_ones();
        }
        self.total = total as u16;
    }

    /// The pair numbered `r` (below `total`): the piece and the direction.
    #[inline]
    pub(super) fn pair(&self, r: usize) -> (usize, usize) {
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
    pub(super) fn pairs(&self) -> Vec<(usize, usize)> {
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

/// The side (0 White, 1 Black) of a piece's colour ([`WHITE`] or [`BLACK`]), as an index
/// known to be in range (see [`State::side`]).
#[inline(always)]
fn side_of(color: u8) -> usize {
    (color as usize - 1) & 1
}

/// The directions whose bits are set in a six-bit mask, in increasing order.
#[inline]
pub(super) fn dirs(mut m: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let d = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(d)
    })
}

impl Wells {
    #[inline]
    pub(super) fn own(&self) -> u8 {
        self.state.side + 1
    }

    #[inline]
    pub(super) fn own_supply(&self) -> u32 {
        PIECES
            .saturating_sub(self.state.pieces[self.state.side as usize].count_on(self.lattice.len))
    }

    #[inline]
    pub(super) fn place(&mut self, p: usize, color: u8) {
        self.state.cells[p] = color;
        let c = side_of(color);
        self.state.pieces[c].set(p);
        self.state.board_hash ^= self.lattice.zob[p][c];
        if Bits::fits(self.lattice.len, 3) {
            self.state.near[c].or_words::<3>(&self.lattice.nbm[p]);
        } else {
            self.state.near[c].or_words::<WORDS>(&self.lattice.nbm[p]);
        }
        self.toggle_adj(p, color);
    }

    /// Flips `p`'s bit in its neighbours' `adj` masks for `color` (a piece arrives or leaves).
    /// Off the board the flip lands on [`lattice::SINK`]: what collects there is a function of the
    /// board (each piece on the edge flips its bits once), so equal boards keep equal states.
    #[inline]
    pub(super) fn toggle_adj(&mut self, p: usize, color: u8) {
        let adj = &mut self.state.adj[side_of(color)];
        let nb = &self.lattice.nbs[p];
        for d in 0..6 {
            adj[nb[d] as usize] ^= 1 << ((d + 3) % 6);
        }
    }

    /// Places a piece of the mover's colour in the group labelled `g`.
    #[inline]
    pub(super) fn place_in(&mut self, p: usize, g: u8) {
        self.place(p, self.own());
        self.state.labels.add(p, g);
    }

    #[inline]
    pub(super) fn lift(&mut self, p: usize) {
        let color = self.state.cells[p];
        debug_assert!(color == WHITE || color == BLACK);
        self.state.cells[p] = EMPTY;
        self.state.labels.remove(p);
        let c = side_of(color);
        self.state.pieces[c].clear(p);
        self.state.board_hash ^= self.lattice.zob[p][c];
        self.toggle_adj(p, color);
        // The neighbours left with no piece of this colour next to them leave `near`
        // (the sink's bit is never set, so clearing it is harmless).
        for &y in &self.lattice.nbs[p] {
            let y = y as usize;
            let gone = u64::from(self.state.adj[c][y] == 0);
            self.state.near[c].0[y >> 6] &= !(gone << (y & 63));
        }
    }

    /// The mover's piece on `from` jumps to `to` (empty): [`Wells::lift`] then
    /// [`Wells::place_in`] its group, in one pass.
    #[inline]
    pub(super) fn move_piece(&mut self, from: usize, to: usize) {
        let me = self.state.side as usize & 1;
        let geo = self.lattice;
        let st = &mut self.state;
        st.cells[from] = EMPTY;
        st.cells[to] = me as u8 + 1;
        st.pieces[me].clear(from);
        st.pieces[me].set(to);
        st.board_hash ^= geo.zob[from][me] ^ geo.zob[to][me];
        st.labels.relocate(from, to);
        let adj = &mut st.adj[me];
        let (nf, nt) = (&geo.nbs[from], &geo.nbs[to]);
        for d in 0..6 {
            adj[nf[d] as usize] ^= 1 << ((d + 3) % 6);
            adj[nt[d] as usize] ^= 1 << ((d + 3) % 6);
        }
        let near = &mut st.near[me];
        if Bits::fits(geo.len, 3) {
            near.or_words::<3>(&geo.nbm[to]);
        } else {
            near.or_words::<WORDS>(&geo.nbm[to]);
        }
        for &y in nf {
            let y = y as usize;
            let gone = u64::from(adj[y] == 0);
            near.0[y >> 6] &= !(gone << (y & 63));
        }
    }

    #[inline]
    pub(super) fn put_token(&mut self, p: usize) {
        self.state.cells[p] = TOKEN;
        self.state.tokens.set(p);
        self.state.board_hash ^= self.lattice.zob[p][2];
    }

    /// The group of the piece on `p`: the pieces of its colour connected to it (W2), by a
    /// depth-first walk along the `adj` masks.
    pub fn group_of(&self, p: usize) -> Bits {
        let adj = match self.state.cells[p] {
            c @ (WHITE | BLACK) => &self.state.adj[c as usize - 1],
            _ => return Bits::EMPTY,
        };
        let mut g = Bits::EMPTY;
        g.set(p);
        // Each piece is pushed once and a side has at most 60 pieces (W2); the bound check
        // only keeps a malformed state from indexing out of range.
        let mut stack = [0u16; 64];
        stack[0] = p as u16;
        let mut n = 1;
        while n > 0 {
            n -= 1;
            let x = stack[n] as usize;
            for d in dirs(adj[x]) {
                let y = self.lattice.nb[x][d];
                if !g.get(y as usize) {
                    g.set(y as usize);
                    if n < stack.len() {
                        stack[n] = y;
                        n += 1;
                    }
                }
            }
        }
        g
    }

    /// The group of the piece on `p` as a list (at most eight entries; a group has at most
    /// five pieces, W2), in the order a breadth-first walk along the `adj` masks meets them;
    /// returns the number written.
    pub(super) fn group_list(&self, p: usize, out: &mut [u16; 8]) -> usize {
        let adj = match self.state.cells[p] {
            c @ (WHITE | BLACK) => &self.state.adj[c as usize - 1],
            _ => return 0,
        };
        out[0] = p as u16;
        let (mut n, mut next) = (1, 0);
        while next < n {
            let x = out[next] as usize;
            next += 1;
            for d in dirs(adj[x]) {
                let y = self.lattice.nb[x][d];
                if n < out.len() && !out[..n].contains(&y) {
                    out[n] = y;
                    n += 1;
                }
            }
        }
        n
    }

    /// The connected parts of a set of points.
    pub(super) fn components(&self, set: &Bits) -> Vec<Bits> {
        let mut left = *set;
        let mut out = Vec::new();
        while let Some(p) = left.first() {
            let mut c = Bits::EMPTY;
            c.set(p);
            let mut frontier = c;
            while let Some(x) = frontier.first() {
                frontier.clear(x);
                for &y in &self.lattice.nb[x] {
                    if y != lattice::NONE && left.get(y as usize) && !c.get(y as usize) {
                        c.set(y as usize);
                        frontier.set(y as usize);
                    }
                }
            }
            left = left.andnot(&c);
            out.push(c);
        }
        out
    }

    /// Strength (2.0, W4): the number of adjacent pieces of the piece's own side.
    #[inline]
    pub fn strength(&self, p: usize) -> u32 {
        match self.state.cells[p] {
            c @ (WHITE | BLACK) => self.state.adj[c as usize - 1][p].count_ones(),
            _ => 0,
        }
    }
}
