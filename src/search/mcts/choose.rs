//! How a worker chooses among a node's children and proves what its path's children prove:
//! UCB1 over the node's table of edges (the hottest loop of the search), the creation and
//! publication of a new child, and the solver's proofs from the children up.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::LazyLock;

use super::deferred::{HOT, NEAR};
use super::tree::{self, slot_in, Edge, Node, Stats, Tree, NONE, UNKNOWN};
use super::Worker;
use crate::game::SearchHints;

/// `1/√n` for the visit counts met most (a table read instead of a square root and a
/// division in the hottest loop of the search; `[0]` is 1).
static INV_SQRT: LazyLock<Box<[f64]>> = LazyLock::new(|| {
    (0..4096)
        .map(|n: u32| 1.0 / f64::from(n.max(1)).sqrt())
        .collect()
});

/// Visit counts below this have their `√ln n` kept in [`SQRT_LN`]: 1 MiB at most. Above it
/// are the root and the few nodes near it, a handful of logarithms an iteration.
const SQRT_LN_LEN: usize = 1 << 17;

/// `√ln n` for the visit counts below [`SQRT_LN_LEN`], each computed the first time it is
/// needed (by any thread) and kept: the bits of `(n as f64).ln().sqrt()`, complemented so that
/// 0 (the zeroed memory of a new process, no page touched until its counts are met) means not
/// computed yet. A node's count changes at each of its visits, so its logarithm is always a new
/// one, but the counts along the walk are met again and again by other nodes and later
/// iterations; as little memory as the counts met.
static SQRT_LN: [AtomicU64; SQRT_LN_LEN] = [const { AtomicU64::new(0) }; SQRT_LN_LEN];

/// `(n as f64).ln().sqrt()`, to the last bit, from [`SQRT_LN`] when `n` is in it.
#[inline]
fn sqrt_ln(n: u32) -> f64 {
    let Some(slot) = SQRT_LN.get(n as usize) else {
        return f64::from(n).ln().sqrt();
    };
    match slot.load(Relaxed) {
        0 => {
            let v = f64::from(n).ln().sqrt();
            slot.store(!v.to_bits(), Relaxed);
            v
        }
        bits => f64::from_bits(!bits),
    }
}

impl<G: SearchHints> Worker<G> {
    /// UCB1 over the children of `node`, expanded and unproven, whose statistics are `stats`:
    /// untried steps first (or when [`Params::first_play`] beats every tried child), then
    /// `mean + c·sqrt(ln N / n)`, never a proven loss for the side choosing. Visits and values
    /// include the virtual losses of iterations under way. A worker that takes the runner-up
    /// (`deferred.rs`) takes it at a hot node when its score is within [`NEAR`] of the best.
    /// The child, its slot and its edge; `None` when there is no child and no room for one.
    pub(super) fn select<'t>(
        &mut self,
        tree: &'t Tree<G>,
        idx: usize,
        node: &'t Node<G::Step>,
        stats: &Stats,
    ) -> Option<(usize, u32, &'t Edge<G::Step>)> {
        let params = &tree.params;
        let edges = node.edges().unwrap_or(&[]);
        let tried = node.tried.load(Relaxed);
        let can_try = tried < edges.len() as u32 && (idx == 0 || tree.has_room(&self.block, 1, 0));
        if can_try && params.first_play == f64::INFINITY {
            if let Some(c) = self.try_step(tree, idx) {
                return Some(c);
            }
        }
        // The visits before this iteration's (the node's own count includes it).
        let node_visits = stats.visits();
        let n = node_visits.saturating_sub(1).max(1);
        let k = params.exploration * sqrt_ln(n);
        // Scores are computed times `SCALE`: `value / n + (SCALE·k) / √n` is
        // `SCALE · (value / (SCALE·n) + k / √n)` to the last bit (scaling by a power of two
        // is exact and commutes with rounding), one multiplication less a child, and no
        // comparison changes.
        let scaled_k = k * tree::SCALE;
        // The children, the last created first: the tried edges backwards.
        let tried = (node.tried.load(Relaxed) as usize).min(edges.len());
        let table = &edges[..tried];
        let scan = if self.runner_up && node_visits >= HOT {
            scan::<_, true>(table, scaled_k)
        } else {
            scan::<_, false>(table, scaled_k)
        };
        let (best, best_score) = match scan {
            Scan::Win(c, edge) => return Some((c, slot_in(edges, edge), edge)),
            Scan::Best(best, score) => (best, score),
        };
        if can_try && params.first_play * tree::SCALE >= best_score {
            if let Some(c) = self.try_step(tree, idx) {
                return Some(c);
            }
        }
        let edge = best?;
        let child = edge.child().expect("a chosen child is published");
        Some((child, slot_in(edges, edge), edge))
    }

    /// Creates the child of the next untried edge of `idx` and publishes it: the child, its slot
    /// and its edge; `None` when every edge is taken (by another thread meanwhile) or the arena
    /// is full.
    pub(super) fn try_step<'t>(
        &mut self,
        tree: &'t Tree<G>,
        idx: usize,
    ) -> Option<(usize, u32, &'t Edge<G::Step>)> {
        let node = &tree.nodes[idx];
        let edges = node.edges()?;
        let mut t = node.tried.load(Relaxed);
        loop {
            if t as usize >= edges.len() {
                return None;
            }
            match node.tried.compare_exchange_weak(t, t + 1, Relaxed, Relaxed) {
                Ok(_) => break,
                Err(now) => t = now,
            }
        }
        // An edge claimed but without a child (the arena full) is never tried: the node is
        // then never proven by its children, which is safe.
        let c = tree.alloc_in(&mut self.block)?;
        let child = &tree.nodes[c];
        child.parent.store(idx as u32, Relaxed);
        child.slot.store(t, Relaxed);
        let edge = &edges[t as usize];
        edge.child.store(c as u32, Release);
        Some((c, t, edge))
    }

    /// After an iteration that ended on a proven node, proves what follows from it on the path,
    /// bottom-up, until a node stays unknown.
    pub(super) fn prove_path(&self, tree: &Tree<G>) {
        for i in (0..self.path.len().saturating_sub(1)).rev() {
            let (idx, side) = self.path[i];
            let node = tree.stats(idx as usize);
            if node.proven() != UNKNOWN {
                continue;
            }
            let Some((val, dist)) = proof_from_children(tree, idx as usize) else {
                break;
            };
            let mover = self.mover(tree, i);
            node.prove(if mover == side { val } else { -val }, dist);
        }
    }
}

/// What a sweep of a node's table found: a proven win for the side choosing (its child and
/// edge), or the child to take and the best score (times `SCALE`), `None` when no child is
/// published.
enum Scan<'t, S> {
    Win(usize, &'t Edge<S>),
    Best(Option<&'t Edge<S>>, f64),
}

/// The UCB1 sweep of [`Worker::select`] over `table` (the tried edges, read backwards),
/// `scaled_k` its exploration factor times `SCALE`. With `RUNNER_UP` it also keeps the
/// runner-up and takes it when its score is within [`NEAR`] of the best's (`deferred.rs`).
/// Without, it keeps only the best: that is the loop of a one-thread search and of every node
/// that is not hot, the hottest loop of the search, where a second comparison a child would
/// cost a tenth of its speed.
#[inline(always)]
fn scan<S, const RUNNER_UP: bool>(table: &[Edge<S>], scaled_k: f64) -> Scan<'_, S> {
    let mut best: Option<&Edge<S>> = None;
    let mut best_score = f64::NEG_INFINITY;
    let mut second: Option<&Edge<S>> = None;
    let mut second_score = f64::NEG_INFINITY;
    let inv_sqrt = &INV_SQRT[..];
    for edge in table.iter().rev() {
        let ch = &edge.stats;
        let proven = ch.proven();
        if proven != UNKNOWN {
            match proven_choice(edge) {
                Proven::Skip => continue,
                Proven::Win(c) => return Scan::Win(c, edge),
                Proven::Draw => {}
            }
        }
        let mut visits = ch.visits();
        if visits == 0 {
            if unpublished(edge) {
                continue;
            }
            visits = 1;
        }
        let inv = match inv_sqrt.get(visits as usize) {
            Some(&v) => v,
            None => 1.0 / (visits as f64).sqrt(),
        };
        let score = ch.value.load(Relaxed) as f64 / f64::from(visits) + scaled_k * inv;
        if !RUNNER_UP {
            if score > best_score {
                best_score = score;
                best = Some(edge);
            }
        } else if score > second_score {
            if score > best_score {
                (second, second_score) = (best, best_score);
                (best, best_score) = (Some(edge), score);
            } else {
                (second, second_score) = (Some(edge), score);
            }
        }
    }
    if RUNNER_UP && second.is_some() && best_score - second_score <= NEAR * tree::SCALE {
        return Scan::Best(second, best_score);
    }
    Scan::Best(best, best_score)
}

/// What [`Worker::select`] does with a proven child: skips a loss (and a child not published
/// yet), plays a win at once, weighs a draw as any other child.
enum Proven {
    Skip,
    Win(usize),
    Draw,
}

/// [`Proven`] for `edge`, whose child is proven: out of the hot loop, which tests only that.
#[cold]
#[inline(never)]
fn proven_choice<S>(edge: &Edge<S>) -> Proven {
    match (edge.stats.proven(), edge.child()) {
        (-1, _) | (_, None) => Proven::Skip,
        (1, Some(c)) => Proven::Win(c),
        _ => Proven::Draw,
    }
}

/// True when `edge`, whose child has no visit, has no child yet: claimed by another thread and
/// not published (skipped); a child published and not yet entered counts as one visit. Out of
/// the hot loop, which tests only the visits.
#[cold]
#[inline(never)]
fn unpublished<S>(edge: &Edge<S>) -> bool {
    edge.child.load(Acquire) == NONE
}

/// The proven value of `idx` for its side to move, from its children's, if it follows: a win
/// as soon as one child is a win for it, else a loss or draw once every step has a proven
/// child (counted in the list: a step claimed by another thread and not yet published is
/// not there).
fn proof_from_children<G: SearchHints>(tree: &Tree<G>, idx: usize) -> Option<(i8, u16)> {
    let num_steps = tree.nodes[idx].edges()?.len();
    let mut created = 0;
    let mut all = true;
    let mut win: Option<u16> = None;
    let mut best = -1i8;
    let mut best_dist = 0u16;
    for (_, edge) in tree.child_edges(idx) {
        let ch = &edge.stats;
        created += 1;
        match ch.proven() {
            UNKNOWN => all = false,
            1 => win = Some(win.map_or(ch.dist(), |d| d.min(ch.dist()))),
            p => {
                let d = ch.dist();
                if p > best {
                    best = p;
                    best_dist = d;
                } else if p == best {
                    // A loss is delayed as long as possible, a draw reached quickly.
                    best_dist = if p == -1 {
                        best_dist.max(d)
                    } else {
                        best_dist.min(d)
                    };
                }
            }
        }
    }
    if let Some(d) = win {
        Some((1, d.saturating_add(1)))
    } else if all && created == num_steps {
        Some((best, best_dist.saturating_add(1)))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU32;

    use super::super::edges::{fixed, Edge, Stats};
    use super::{scan, sqrt_ln, Scan, NEAR, SQRT_LN_LEN};

    /// A published child with `visits` visits of mean `mean` (its step is its number).
    fn child(i: u8, visits: u32, mean: f64) -> Edge<u8> {
        let stats = Stats::new();
        stats.add(visits, fixed(mean) * i64::from(visits));
        Edge {
            stats,
            child: AtomicU32::new(u32::from(i) + 1),
            step: i,
        }
    }

    /// The step `scan` takes from `table` (no exploration: scores are the means).
    fn taken<const RUNNER_UP: bool>(table: &[Edge<u8>]) -> u8 {
        match scan::<_, RUNNER_UP>(table, 0.0) {
            Scan::Best(Some(e), _) => e.step,
            _ => panic!("a child is taken"),
        }
    }

    /// The sweep takes the best child; the runner-up's sweep takes the runner-up when its
    /// score is within `NEAR` of the best's, and the best when it is further behind.
    #[test]
    fn the_runner_up_is_taken_only_when_it_is_near_the_best() {
        let near = [
            child(0, 300, 0.30),
            child(1, 300, 0.30 - NEAR / 2.0),
            child(2, 300, 0.1),
        ];
        assert_eq!(taken::<false>(&near), 0);
        assert_eq!(taken::<true>(&near), 1);
        let far = [
            child(0, 300, 0.30),
            child(1, 300, 0.30 - 2.0 * NEAR),
            child(2, 300, 0.1),
        ];
        assert_eq!(taken::<false>(&far), 0);
        assert_eq!(taken::<true>(&far), 0);
        // The best score is the best child's either way (the first-play test reads it).
        for (table, want) in [(&near, 0.30), (&far, 0.30)] {
            match scan::<_, true>(table, 0.0) {
                Scan::Best(_, score) => assert!((score / super::tree::SCALE - want).abs() < 1e-6),
                Scan::Win(..) => panic!("no child is proven"),
            }
        }
        // A lone child is taken by both.
        assert_eq!(taken::<true>(&near[..1]), 0);
    }

    /// The kept logarithms are the computed ones to the last bit, the first time and after,
    /// below the table's end and past it.
    #[test]
    fn sqrt_ln_is_the_square_root_of_the_logarithm_to_the_last_bit() {
        let end = SQRT_LN_LEN as u32;
        let counts = (1..5000).chain(end - 100..end + 100).chain([u32::MAX]);
        for n in counts {
            let want = f64::from(n).ln().sqrt().to_bits();
            assert_eq!(sqrt_ln(n).to_bits(), want, "{n}");
            assert_eq!(sqrt_ln(n).to_bits(), want, "{n}, kept");
        }
    }
}
