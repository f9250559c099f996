//! The position and its state (W1, W2): what stands on each point, the sets and masks kept
//! beside it, the edits that keep them in step (a piece placed, a piece lifted, a massacre
//! token put down), and groups and strength read from them.
//!
//! * [`Wells`] — the position: the board's lattice, the settings and the state.
//! * [`State`] — the board, the counters between turns and what the turn being built has done
//!   ([`Built`], a record a phase); `Copy`, so it is also the undo.
//! * Board edits: [`Wells::place`], [`Wells::lift`], [`Wells::put_token`] keep `cells`, the
//!   piece sets, the neighbour masks (`adj`, `near`) and the Zobrist board hash together.
//! * Groups (W2): a group is the pieces of one colour connected by adjacency
//!   ([`Wells::group_of`]); strength (2.0, W4) is the number of adjacent friendly pieces
//!   ([`Wells::strength`]).

use std::fmt;

use super::bits::{Bits, WORDS};
use super::lattice::{self, Lattice};
use super::phases::{Cands, Labels};
use super::{Phase, Settings, PIECES};
use crate::game::{Notation, Side};

/// What stands on a point ([`Wells::cell`]): nothing, a White piece, a Black piece, a massacre
/// token.
pub const EMPTY: u8 = 0;
pub const WHITE: u8 = 1;
pub const BLACK: u8 = 2;
pub const TOKEN: u8 = 3;
/// Room for the largest board (side 12: 397 points).
pub(super) const CELLS: usize = 400;
const _: () = assert!(lattice::SINK as usize == CELLS - 1 && CELLS > 397);

/// A Guerrilla position (possibly in the middle of a turn).
#[derive(Clone)]
pub struct Wells {
    pub(crate) lattice: &'static Lattice,
    pub(crate) settings: Settings,
    pub(crate) state: State,
}

/// Two positions are equal when everything is: board, counters, the turn being built, options.
impl PartialEq for Wells {
    fn eq(&self, o: &Self) -> bool {
        self.settings == o.settings && self.state == o.state
    }
}
impl Eq for Wells {}

impl fmt::Debug for Wells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Wells({} phase={:?} at_turn_start={})",
            self.to_position_string(),
            self.state.phase,
            self.state.at_turn_start
        )
    }
}

impl Wells {
    // ---- small accessors ---------------------------------------------------------------------

    /// The board geometry.
    pub fn geo(&self) -> &'static Lattice {
        self.lattice
    }
    /// The current phase of the turn being built.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }
    /// The number of the turn being played (1 = White's first, W3).
    pub fn turn_number(&self) -> u32 {
        self.state.turn
    }
    /// Passes in a row before this turn (W6).
    pub fn passes(&self) -> u8 {
        self.state.passes
    }
    /// What stands on point `p`: 0 empty, 1 White, 2 Black, 3 massacre token.
    pub fn cell(&self, p: usize) -> u8 {
        self.state.cells[p]
    }
    /// Pieces in `side`'s supply: 60 minus its pieces on the board (W2).
    pub fn supply(&self, side: Side) -> u32 {
        PIECES.saturating_sub(self.state.pieces[side.index()].count())
    }
}

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
    /// Group labels of both sides' pieces, kept from turn to turn (`groups.rs`): a growth
    /// joins the group it grows, the new group takes a fresh label, a jumping piece keeps its
    /// group's (W2, W4). Two pieces of one side are in one group exactly when their labels are
    /// equal, so legality checks need no flood fill.
    pub(super) labels: Labels,
    /// What the turn being built has done so far, phase by phase: cleared whole when a turn
    /// starts ([`Built::clear`]).
    pub(super) built: Built,
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
            labels: Labels::EMPTY,
            built: Built::EMPTY,
            board_hash: 0,
        }
    }
}

/// What the turn being built has done so far (W4), one record a phase; the board and the
/// counters between turns are [`State`]'s own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Built {
    /// The turn began with [`Step::Pass`](super::Step::Pass).
    pub(super) passed: bool,
    /// The turn counts as a pass (W5), fixed when the kills begin.
    pub(super) is_pass: bool,
    /// The mover's pieces when the turn began (W5).
    pub(super) start_own: Bits,
    pub(super) growth: Growth,
    pub(super) movement: Movement,
    pub(crate) kills: Kills,
}

/// The growth phase (W4, 7.0–7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Growth {
    /// The pieces of the groups that still have to grow.
    pub(super) pending: Bits,
    /// The legal growth points, supply aside (7.0). Computed when the turn starts, then only
    /// narrowed: a growth ends its group's options and those of the points next to the new
    /// piece (they now touch two groups); nothing is removed before the growth ends.
    pub(super) points: Bits,
}

/// The movement phase (W4, 8.0–8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Movement {
    /// The pieces of the groups that have moved.
    pub(super) moved: Bits,
    /// The pieces of the moving group, where they stand now, as a short list in increasing
    /// order (a group has at most five, W2), the first `moving_len` entries; the others are
    /// zero ([`Wells::moving`] gives them as a set). The moving group's jumps are found and
    /// drawn on it without walking a set of the whole board.
    pub(super) moving_list: [u16; 8],
    pub(super) moving_len: u8,
    pub(super) jumps_left: u8,
    /// The jumps a group that has not moved may try, kept from the moment the movement phase
    /// begins (see [`Cands`]).
    pub(super) cands: Cands,
}

/// The kills (W4, 3.0–3.2, 9.0–9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kills {
    /// Killers used, victims chosen, victims to be massacred.
    pub(super) used: Bits,
    pub(crate) killed: Bits,
    pub(super) massacred: Bits,
    /// The kills chosen, sorted (a matching has at most 60 edges: one per killer); the first
    /// `count` entries, the others zero.
    pub(super) chosen: [(u16, u16); 64],
    pub(super) count: u8,
}

impl Built {
    const EMPTY: Built = Built {
        passed: false,
        is_pass: false,
        start_own: Bits::EMPTY,
        growth: Growth {
            pending: Bits::EMPTY,
            points: Bits::EMPTY,
        },
        movement: Movement {
            moved: Bits::EMPTY,
            moving_list: [0; 8],
            moving_len: 0,
            jumps_left: 0,
            cands: Cands::EMPTY,
        },
        kills: Kills {
            used: Bits::EMPTY,
            killed: Bits::EMPTY,
            massacred: Bits::EMPTY,
            chosen: [(0, 0); 64],
            count: 0,
        },
    };

    /// Nothing of a turn built: what a turn start holds. Clears the phases' records, each
    /// only as far as it was used (the kills chosen, the jump candidates), so that equal
    /// positions stay equal without rewriting the whole record every turn.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.passed = false;
        self.is_pass = false;
        self.start_own = Bits::EMPTY;
        self.growth = Built::EMPTY.growth;
        let m = &mut self.movement;
        m.moved = Bits::EMPTY;
        m.moving_list = [0; 8];
        m.moving_len = 0;
        m.jumps_left = 0;
        m.cands.clear();
        let k = &mut self.kills;
        k.used = Bits::EMPTY;
        k.killed = Bits::EMPTY;
        k.massacred = Bits::EMPTY;
        k.chosen[..k.count as usize].fill((0, 0));
        k.count = 0;
    }
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
