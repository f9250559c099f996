//! COIN's whole moves counted and drawn without listing them (GC4): what perft's last ply and
//! random games by whole turns spend their time on.
//!
//! A capture chain is a walk on the *capture graph*. A stone on interior point `p` is the corner
//! shared by exactly two dark squares, diagonal neighbours across it: `p` is the NE corner of
//! square `p` and the SW corner of `p + 9`, the NW corner of `p + 1` and the SE corner of
//! `p + 8` (`lattice.rs`), and one of those two pairs is dark. So every stone is an edge between
//! two dark squares, and a checker on `sq` that captures the stone on its corner `p` lands on
//! the other end, `2p + 9 − sq`. The edge is usable by the moving checker when neither end
//! holds another checker (a stone never blocks; the mover's own start square is free once it
//! has left). A COIN move that captures is then a trail from the mover's square (no edge used
//! twice: a captured stone is gone) that stops only where no unused edge is left (GC4: the
//! capture must go on while one is available; no maximum-capture rule); two square sequences
//! are two edge sequences, so counting trails counts moves.
//!
//! One capture step is an `and` with the square's corners (`lattice::CORNERS`), a `tzcnt` and an
//! `xor`. A chain is followed in a loop while a single capture goes on; the walk recurses only
//! where the chain branches, each level with at least one stone fewer, so at most 49 levels
//! deep (GC1: 49 interior points). At a branch, when the part of the graph the checker can
//! still reach has few cycles (a cycle needs stones all round a light square or more), the
//! chains are counted without walking them ([`few_cycle_ends`]): in a tree one per leaf, with
//! one cycle by a sum over the trees hanging from it, with two or three by a walk of what is
//! left once those trees are taken off.
//!
//! Drawing the `k`-th move ([`pick_coin_move`]) counts each first capture's chains, then walks
//! down the chosen one: at each branch it counts the chains of the captures before the one
//! that holds the `k`-th (with the same shortcut) and follows that one, so the order of the
//! moves is the order in which [`chain_ends`] counts them and the draw is uniform.
//!
//! A count is exact and keeps nothing but its recursion (at most 49 levels), but its time
//! grows with the number of chains, which a checker in a dense field of stones makes tens of
//! millions: every count runs under a [`Tally`], which ends it once `stop` is set or once it
//! has counted more ends than its caller allows. `tests.rs` checks each count against the
//! chains walked one by one and the moves listed by `turns/mod.rs`.

use std::sync::atomic::{AtomicBool, Ordering};

use super::super::bits::{corners, open};
use super::lattice::CORNERS;
use super::Turn;
use crate::select::select_by_halves;

/// A flag never set: the stop flag of a count that nothing stops.
static NEVER: AtomicBool = AtomicBool::new(false);

/// What a count may still do. It ends early, its result then meaningless, once `stop` is set
/// (looked at each time a chain branches, so within microseconds) or once it has counted more
/// ends than it allows (`left`); the caller asks which with [`Tally::stopped`] and
/// [`Tally::over`].
pub(crate) struct Tally<'a> {
    stop: &'a AtomicBool,
    left: u64,
    over: bool,
}

impl<'a> Tally<'a> {
    /// A count that ends once `stop` is set, or once it has counted more than `most` ends.
    pub(crate) fn new(stop: &'a AtomicBool, most: u64) -> Self {
        Tally {
            stop,
            left: most,
            over: false,
        }
    }

    /// A count that runs to its end.
    pub(crate) fn unlimited() -> Tally<'static> {
        Tally::new(&NEVER, u64::MAX)
    }

    /// Counts `n` ends; returns `n`.
    #[inline(always)]
    fn take(&mut self, n: u64) -> u64 {
        if n > self.left {
            self.over = true;
            self.left = 0;
        } else {
            self.left -= n;
        }
        n
    }

    /// True once the count must end (its result is then meaningless).
    #[inline(always)]
    pub(crate) fn halted(&self) -> bool {
        self.over || self.stop.load(Ordering::Relaxed)
    }

    /// True when the count ended because it passed the ends it allows.
    pub(crate) fn over(&self) -> bool {
        self.over
    }

    /// True when the stop flag was set.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The capture graph of a checker whose fellow checkers are `others`: the stones whose two
/// squares hold none of `others` (see the module doc). Square `s` has corners `s` (NE),
/// `s − 1` (NW), `s − 8` (SE) and `s − 9` (SW); a shift that leaves the interior lands on an
/// edge point's bit (bit 7 of a byte, or the top byte), which never holds a stone.
#[inline(always)]
pub(crate) fn capture_graph(others: u64, stones: u64) -> u64 {
    stones & !(others | (others >> 1) | (others >> 8) | (others >> 9))
}

/// The square a checker on `sq` lands on when it captures the stone on its corner `p`.
#[inline(always)]
fn across(sq: u32, p: u32) -> u32 {
    2 * p + 9 - sq
}

/// The direction (0 = NE, 1 = NW, 2 = SE, 3 = SW, `lattice::DIRS`) of the step from `sq` over
/// its corner `p`: `sq − p` is 0, 1, 8 or 9.
#[inline(always)]
fn direction(sq: u32, p: u32) -> u32 {
    let diff = sq - p;
    (diff & 1) | ((diff >> 2) & 2)
}

/// The number of ways a chain whose checker has just landed on `sq` can end, `graph` being the
/// edges still unused (see [`capture_graph`]): one when no capture is left, else the sum over
/// the captures available of their own ends. Counted under `tally`.
pub(crate) fn chain_ends(sq: u32, graph: u64, tally: &mut Tally) -> u64 {
    let (mut sq, mut graph) = (sq, graph);
    loop {
        let next = graph & CORNERS[sq as usize];
        if next & next.wrapping_sub(1) != 0 {
            if let Some(n) = few_cycle_ends(sq, graph) {
                return tally.take(n);
            }
            if tally.halted() {
                return 0;
            }
            // A branch: each capture on its own (a level deeper, one stone fewer).
            let mut n = 0;
            let mut rest = next;
            while rest != 0 {
                let p = rest.trailing_zeros();
                rest &= rest - 1;
                let (t, g) = (across(sq, p), graph & !(1u64 << p));
                n += ends_after(t, g, tally);
            }
            return n;
        }
        if next == 0 {
            return tally.take(1);
        }
        // A single capture: the chain must take it (GC4).
        let p = next.trailing_zeros();
        graph &= !next;
        sq = across(sq, p);
    }
}

/// The squares whose NE, NW, SE and SW corners hold an edge of `graph`: a square's NE corner
/// is its own index, NW `s − 1`, SE `s − 8`, SW `s − 9` (`lattice.rs`), so each is `graph`
/// shifted once (taken once per flood fill, not once per step of it).
#[inline(always)]
fn by_corner(graph: u64) -> [u64; 4] {
    [graph, graph << 1, graph << 8, graph << 9]
}

/// The squares one capture away from a square of `from`, `c` being [`by_corner`] of the
/// graph: over the NE corner to `s + 9`, NW to `s + 7`, SE to `s − 7`, SW to `s − 9`.
#[inline(always)]
fn neighbours(from: u64, c: &[u64; 4]) -> u64 {
    ((from & c[0]) << 9) | ((from & c[1]) << 7) | ((from & c[2]) >> 7) | ((from & c[3]) >> 9)
}

/// [`chain_ends`] at a branch when the part of `graph` that the checker on `sq` can reach
/// (its component, found by a flood fill) has at most three independent cycles (edges minus
/// squares plus one), else `None`.
///
/// * A tree (one edge fewer than squares): a trail never comes back to a square, so a chain
///   ends exactly at a square other than `sq` with a single edge (a leaf), one chain a leaf.
/// * One cycle (as many edges as squares): [`one_cycle_ends`].
/// * Two or three: the hanging trees taken off ([`hang_trees`]), the chains walked on what is
///   left ([`core_ends`]), which has few of them; with more cycles that walk could grow long,
///   and the caller goes on capture by capture.
///
/// Of the branches of random turn games 64 % are in a tree, 29 % in one cycle, 6 % in two,
/// 1 % in three, 0.4 % in more (5,000 seeded games).
#[inline]
fn few_cycle_ends(sq: u32, graph: u64) -> Option<u64> {
    let start = 1u64 << sq;
    let (reach, edges) = component(sq, graph);
    let (e, v) = (edges.count_ones(), reach.count_ones());
    if e + 1 == v {
        Some(u64::from((leaves(edges) & reach & !start).count_ones()).max(1))
    } else if e == v {
        Some(one_cycle_ends(sq, edges, reach))
    } else if e <= v + 2 {
        let mut hung = [0u8; 64];
        let (edges, _) = hang_trees(sq, edges, reach, &mut hung);
        Some(core_ends(sq, edges, &hung))
    } else {
        None
    }
}

/// The part of `graph` a checker on `sq` can reach, by a flood fill: its squares and its edges.
#[inline(always)]
fn component(sq: u32, graph: u64) -> (u64, u64) {
    let c = by_corner(graph);
    let mut reach = 1u64 << sq;
    loop {
        let more = reach | neighbours(reach, &c);
        if more == reach {
            break;
        }
        reach = more;
    }
    (
        reach,
        graph & (reach | (reach >> 1) | (reach >> 8) | (reach >> 9)),
    )
}

/// The squares with exactly one edge of `edges` at a corner.
#[inline(always)]
fn leaves(edges: u64) -> u64 {
    // A square's edges, one board per corner (see `by_corner`).
    let [a, b, c, d] = by_corner(edges);
    let (ab, cd) = (a ^ b, c ^ d);
    let two_or_more = (a & b) | (c & d) | (ab & cd);
    (ab ^ cd) & !two_or_more
}

/// [`chain_ends`] from `sq` in a component (`edges`, `reach`) with one cycle.
///
/// The trees that hang from the cycle (or from the path from `sq` to it) are taken off first,
/// leaf by leaf: a chain that enters one never comes back (the edge it came by is used), so
/// it ends at one of that tree's leaves, and the tree is an option worth its number of leaves
/// at the square it hangs from (`hung`). What is left, the *core*, is the cycle and the path
/// from `sq` to it, meeting at square `a` (`sq` itself when it is on the cycle). Along the
/// path a chain goes on towards the cycle or into a tree hanging there; at `a` it goes round
/// the cycle either way or into a tree; round the cycle it goes on or into a tree at each
/// square; back at `a` with both cycle edges used, only the trees of `a` are left (or the
/// chain ends there). So the count is the trees of every core square, once more those of the
/// cycle's squares but `a` (each is passed going either way round), and twice the ends at `a`
/// after a round.
#[inline(never)]
fn one_cycle_ends(sq: u32, edges: u64, reach: u64) -> u64 {
    let mut hung = [0u8; 64];
    let (mut edges, core) = hang_trees(sq, edges, reach, &mut hung);
    // The cycle: the core without the path, taken off from `sq` one square at a time.
    let (mut cycle, mut a) = (core, sq);
    loop {
        let off = leaves(edges) & cycle;
        if off == 0 {
            break;
        }
        let v = off.trailing_zeros();
        let p = (edges & CORNERS[v as usize]).trailing_zeros();
        a = across(v, p);
        edges &= !(1u64 << p);
        cycle &= !(1u64 << v);
    }
    let sum = |mut set: u64| {
        let mut n = 0u64;
        while set != 0 {
            n += u64::from(hung[set.trailing_zeros() as usize]);
            set &= set - 1;
        }
        n
    };
    let at_a = u64::from(hung[a as usize]);
    sum(core) + sum(cycle & !(1u64 << a)) + 2 * at_a.max(1)
}

/// Takes the trees hanging in a component (`edges`, `reach`) off it, leaf by leaf, all but
/// `sq`: `hung[s]` becomes the number of ends of the trees hanging from square `s` (their
/// leaves, at most 32). Returns the edges and squares left, the *core*.
#[inline(always)]
fn hang_trees(sq: u32, edges: u64, reach: u64, hung: &mut [u8; 64]) -> (u64, u64) {
    let (mut edges, mut core) = (edges, reach);
    let keep = 1u64 << sq;
    loop {
        let mut off = leaves(edges) & core & !keep;
        if off == 0 {
            return (edges, core);
        }
        while off != 0 {
            let v = off.trailing_zeros();
            off &= off - 1;
            let p = (edges & CORNERS[v as usize]).trailing_zeros();
            let u = across(v, p) as usize;
            hung[u] = hung[u].saturating_add(hung[v as usize].max(1));
            edges &= !(1u64 << p);
            core &= !(1u64 << v);
        }
    }
}

/// The chains from `sq` along the edges left (`edges`), where a square `s` also offers
/// `hung[s]` ends that take no edge of them (see [`hang_trees`]): one when there is no option
/// at all.
fn core_ends(sq: u32, edges: u64, hung: &[u8; 64]) -> u64 {
    let (mut sq, mut edges, mut n) = (sq, edges, 0);
    loop {
        let next = edges & CORNERS[sq as usize];
        let here = u64::from(hung[sq as usize]);
        if next & next.wrapping_sub(1) == 0 {
            if next == 0 {
                return n + here.max(1);
            }
            n += here;
            edges &= !next;
            sq = across(sq, next.trailing_zeros());
            continue;
        }
        n += here;
        let mut rest = next;
        while rest != 0 {
            let p = rest.trailing_zeros();
            rest &= rest - 1;
            n += core_ends(across(sq, p), edges & !(1u64 << p), hung);
        }
        return n;
    }
}

/// [`chain_ends`], the call saved when the chain ends at once.
#[inline(always)]
fn ends_after(sq: u32, graph: u64, tally: &mut Tally) -> u64 {
    if graph & CORNERS[sq as usize] == 0 {
        tally.take(1)
    } else {
        chain_ends(sq, graph, tally)
    }
}

/// A path being built: its direction codes, 2 bits a step (as [`Turn::Path`]), and its length.
#[derive(Clone, Copy)]
struct Trail {
    dirs: u128,
    len: u8,
}

impl Trail {
    #[inline(always)]
    fn push(self, sq: u32, p: u32) -> Trail {
        Trail {
            dirs: self.dirs | (u128::from(direction(sq, p)) << (2 * u32::from(self.len))),
            len: self.len + 1,
        }
    }
}

/// The `k`-th end (`k` below [`chain_ends`]`(sq, graph)`), in the order of [`chain_ends`], of
/// the chain whose checker has just landed on `sq` by `trail`. At a branch the ends of each
/// capture before the one that holds the `k`-th are counted, not walked, and the walk goes on
/// down that one only.
fn nth_chain_end(sq: u32, graph: u64, trail: Trail, k: u64) -> Trail {
    let (mut sq, mut graph, mut trail, mut k) = (sq, graph, trail, k);
    loop {
        let mut rest = graph & CORNERS[sq as usize];
        if rest == 0 {
            debug_assert_eq!(k, 0, "the chain has more than k ends");
            return trail;
        }
        loop {
            let p = rest.trailing_zeros();
            rest &= rest - 1;
            let (t, g) = (across(sq, p), graph & !(1u64 << p));
            // The last capture holds the `k`-th end when none before it did.
            let here = if rest == 0 {
                u64::MAX
            } else {
                ends_after(t, g, &mut Tally::unlimited())
            };
            if k < here {
                trail = trail.push(sq, p);
                (sq, graph) = (t, g);
                break;
            }
            k -= here;
        }
    }
}

/// The squares of `checkers` with a capture available to them at a turn start: a corner stone
/// with the square beyond it on the board and free of checkers.
#[inline(always)]
fn capturing(checkers: u64, stones: u64) -> u64 {
    let (o, c) = (open(checkers), corners(stones));
    checkers & ((o[0] & c[0]) | (o[1] & c[1]) | (o[2] & c[2]) | (o[3] & c[3]))
}

/// The plain steps (GC4: to a diagonal square without a checker, over an empty point), one
/// bitboard of start squares per direction.
#[inline(always)]
fn plain_steps(checkers: u64, stones: u64) -> [u64; 4] {
    let (o, c) = (open(checkers), corners(stones));
    [0, 1, 2, 3].map(|d| checkers & o[d] & !c[d])
}

/// The number of COIN moves (GC4) without listing them: a plain step counts one, a capture the
/// number of ways its chain can end (see [`chain_ends`]). Counted under `tally` (the plain
/// steps too): meaningless once it has halted.
#[inline]
pub(crate) fn coin_count(checkers: u64, stones: u64, tally: &mut Tally) -> u64 {
    let plain = plain_steps(checkers, stones);
    let mut n: u64 = tally.take(plain.iter().map(|b| u64::from(b.count_ones())).sum());
    let mut b = capturing(checkers, stones);
    while b != 0 {
        let from = b.trailing_zeros();
        b &= b - 1;
        n += chain_ends(
            from,
            capture_graph(checkers & !(1u64 << from), stones),
            tally,
        );
    }
    n
}

/// A COIN move (GC4) chosen by index: `pick(n)` is given the number of moves `n` (at least
/// one) and returns an index `k < n`; the result is the `k`-th move in an order of its own
/// (the plain steps by direction, then square; then the captures by square, then first stone,
/// then a chain's branches in corner order). `None` when COIN has no move. One walk of the
/// capture chains counts them; a capture chosen is then found by walking only its own chain.
/// Not stoppable: it takes as long as [`coin_count`] (seconds in the densest fields), so it
/// serves random games in tests and benchmarks, not the protocol.
pub(crate) fn pick_coin_move(
    checkers: u64,
    stones: u64,
    pick: impl FnOnce(u64) -> u64,
) -> Option<Turn> {
    let plain = plain_steps(checkers, stones);
    let n_plain: u64 = plain.iter().map(|b| u64::from(b.count_ones())).sum();
    // The ways each first capture's chain ends, in the order of the captures (checkers by
    // square, then corners): at most 6 checkers × 4 corners.
    let mut counts = [0u64; 24];
    let mut len = 0;
    let mut n = n_plain;
    let caps = capturing(checkers, stones);
    let mut b = caps;
    while b != 0 {
        let from = b.trailing_zeros();
        b &= b - 1;
        let graph = capture_graph(checkers & !(1u64 << from), stones);
        let mut first = graph & CORNERS[from as usize];
        while first != 0 {
            let p = first.trailing_zeros();
            first &= first - 1;
            counts[len] = ends_after(
                across(from, p),
                graph & !(1u64 << p),
                &mut Tally::unlimited(),
            );
            n += counts[len];
            len += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let mut k = pick(n);
    debug_assert!(k < n);
    if k < n_plain {
        for (d, &b) in plain.iter().enumerate() {
            let here = u64::from(b.count_ones());
            if k < here {
                return Some(Turn::Path {
                    from: select_by_halves(b, k as u32),
                    len: 1,
                    dirs: d as u128,
                });
            }
            k -= here;
        }
    }
    k -= n_plain;
    // The same captures in the same order again, to the one that holds the `k`-th end.
    let mut counts = counts[..len].iter();
    let mut b = caps;
    while b != 0 {
        let from = b.trailing_zeros();
        b &= b - 1;
        let graph = capture_graph(checkers & !(1u64 << from), stones);
        let mut first = graph & CORNERS[from as usize];
        while first != 0 {
            let p = first.trailing_zeros();
            first &= first - 1;
            let count = *counts.next().expect("a count for each first capture");
            if k < count {
                let start = Trail { dirs: 0, len: 0 }.push(from, p);
                let end = nth_chain_end(across(from, p), graph & !(1u64 << p), start, k);
                return Some(Turn::Path {
                    from: from as u8,
                    len: end.len,
                    dirs: end.dirs,
                });
            }
            k -= count;
        }
    }
    unreachable!("pick_coin_move: the index is not below the number of moves")
}

#[cfg(test)]
mod tests;
