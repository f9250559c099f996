//! The canonical enumeration of a turn's distinct results (W4, W7). (Past 600 lines: a third of
//! it is the argument, below, that each canonical order reaches every result exactly once.)
//!
//! A turn (W4) is growth, the new group, movement and kills, and many orders of the same
//! decisions reach the same state. This walk takes the decisions through the rules core's own
//! step machine (`apply_logged`: every rule and every forced decision is the core's), but in a
//! canonical order, and keeps no intermediate state of the turn.
//!
//! * **Growth.** The growths made form a set S of points: one per group at most, no two
//!   adjacent (a point next to another group's new piece would touch two groups), and, unless
//!   the supply ran out, leaving no option to a group not in S (W4: a group that can still grow
//!   must). Any such S can be played in increasing order of its points, and a forced growth
//!   (the only option left) is then its last point. The walk takes growths, forced ones
//!   included, in increasing order only: it reaches each S once.
//! * **New group.** Each point once.
//! * **Movement.** At a node where no group is moving, a group's movement ends with its pieces
//!   on a final set F (after the choice between equal largest parts). The group's steps are
//!   walked by themselves, with a set of the group's own states met (a few hundred at most),
//!   and each distinct F is kept once with the chosen steps that reach it: the group's
//!   *outcomes* at that node. F equal to the group's own points is left out (not moving
//!   reaches the same board). The outcomes depend only on the group's points and on the other
//!   friendly pieces in its *zone* (the points its pieces could reach were no other friendly
//!   piece on the board, and their neighbours: only there can another group make a landing
//!   illegal, W4), so they are cached under that key, within a bounded cache. A node's next
//!   move is one (group, F) of these; the walk leaves a move out when the sequence of moves
//!   that ends with it can be *rewritten* into one that reaches the same board and is smaller,
//!   and the rewrite is tested on the position, never assumed (a move can change what another
//!   group may do: its landings must not touch another group):
//!   - *swap*: a group g moving right after a group h with a higher label, when g's move was
//!     legal before h's (F_g is among g's outcomes at the node h moved from) and h's move is
//!     still legal after g's (h's landings stay clear of F_g and its neighbours);
//!   - *regrow*: a group g that grew at s and moves to F, when it could have grown at a lower
//!     point s' and still reached F: S with s' for s is a growth set (s' clear of the other
//!     growths, every group that did not grow still without an option), the new group is not
//!     next to s', the landings of the moves before stay clear of s' and its neighbours, and F
//!     is among g's outcomes from its points with s' (or is those points: then g need not
//!     move).
//!
//!   Both rewrites keep the board after the moves, and each lowers (the sum of the growth
//!   points, the number of pairs of moves out of label order), compared first by the sum: so
//!   from any sequence reaching a board, rewriting while one applies ends, and it ends at a
//!   sequence the walk takes. Every board is reached; most only once.
//! * **Kills.** Chosen in increasing order of (killer, victim): a maximal matching M is reached
//!   by choosing its edges in increasing order (a forced kill is one no other kill competes
//!   with, so it is in M).
//!
//! **What is kept to tell results apart (W7).** A result is a position at the next turn start.
//! It determines the mover's pieces O as they stood when the kills began (kills remove only
//! enemy pieces), and, given O, which enemy pieces died and which were massacred (the pieces
//! gone, the new tokens); and the pass count follows from O (a turn is a pass exactly when O is
//! the mover's pieces at its start, W5). So the walk keeps a set of the O met, walks the kills
//! of each new O once, and tells that O's kill results apart in a small set emptied for the
//! next O. The set of O is needed, not a proof that results cannot coincide: they can. A group
//! of one piece that grows on one side and jumps over its old piece stands where growing on
//! the other side puts it, without a jump, and the rewrites above only cover moves; two groups
//! may be able to reach each other's final points; and a rewrite is looked for between
//! neighbouring moves only. The set holds O as a bare bitset of the board's points (24 bytes
//! a slot on side 8), so it is small next to the turns a divide lists.
//!
//! (Results with different new groups never coincide: the new group is one piece next to no
//! piece, which cannot move, while any other lone piece of O stood there at the turn start (a
//! group that moves keeps at least the piece that jumped last and the one it jumped over). So
//! the set could be emptied for each new group, dividing what it holds by the number of
//! new-group points. It is not: the memory an enumeration keeps would then no longer grow with
//! its count, on which the budget's nesting rule and its tests rely (`tests/wells/perft.rs`).)
//!
//! **Counting only** ([`count`], perft 1): the kills of a new O are counted on the kill graph
//! (the distinct victims and massacres of its maximal matchings, each matching once, as its
//! edges in increasing order), without finishing the turn.

use std::rc::Rc;

use super::super::bits::Bits;
use super::super::{lattice, Phase, Step, Wells};
use super::finals::OwnSet;
use super::moves::{ends_of_moving_group, FastSet, Moves};
use super::Meter;

/// Walks the turn from `root`; see the module doc. `false` when stopped (by `leaf` or by the
/// meter, which then holds the reason).
pub(super) fn enumerate(
    root: &Wells,
    meter: &mut Meter,
    leaf: &mut impl FnMut(&Wells, &[Step]) -> Option<usize>,
) -> bool {
    let mut walk = Canon::new(root, meter, leaf, None);
    walk.root(root)
}

/// The number of results of the turn from `root` (W7), without the positions they lead to:
/// the kills of a new set of the mover's pieces are counted as the distinct results of the
/// maximal matchings of its kill graph (W4), with no turn finished. `None` when the meter
/// stopped it.
pub(super) fn count(root: &Wells, meter: &mut Meter) -> Option<u64> {
    let mut none = |_: &Wells, _: &[Step]| Some(0);
    let mut walk = Canon::new(root, meter, &mut none, Some(0));
    walk.root(root).then_some(walk.counted.unwrap_or(0))
}

impl<'m, 'a, L> Canon<'m, 'a, L> {
    fn new(root: &Wells, meter: &'m mut Meter<'a>, leaf: &'m mut L, counted: Option<u64>) -> Self {
        Canon {
            me: root.state.side as usize,
            turn: root.state.turn,
            meter,
            leaf,
            counted,
            start: None,
            options: Vec::new(),
            path: Vec::new(),
            finals: OwnSet::new(root.lattice.len),
            kill_results: FastSet::default(),
            moves: Moves::new(root.state.turn, root.state.side as usize),
        }
    }
}

/// What the moves before a node of the movement phase did, for the rewrites of the next one.
struct Before<'w> {
    /// The growths of this turn (at a turn start only).
    grown: Option<Rc<Grown>>,
    /// Every point a piece landed on in the moves so far.
    landed: Bits,
    /// The last move.
    last: Option<Prev<'w>>,
}

/// The growths of the turn being walked and its new group (see [`Canon::regrowable`]).
struct Grown {
    /// The points grown on.
    points: Bits,
    /// The point each group (by label) grew on.
    point_of: Vec<Option<usize>>,
    new_group: usize,
    /// No piece was left in supply for another growth (W2), so no group had to grow.
    exhausted: bool,
}

/// The move of the group that moved last, for the swap test of the next one.
struct Prev<'w> {
    /// Its label.
    label: u8,
    /// The node it moved from.
    from: &'w Wells,
    /// The points its pieces landed on.
    landings: Bits,
}

struct Canon<'m, 'a, L> {
    /// The mover's colour index and the turn being enumerated.
    me: usize,
    turn: u32,
    meter: &'m mut Meter<'a>,
    leaf: &'m mut L,
    /// The chosen steps from the root to the node being walked.
    path: Vec<Step>,
    /// The mover's pieces met when the kills began (see the module doc).
    finals: OwnSet,
    /// The results of the kills of the current O: enemy pieces and tokens.
    kill_results: FastSet<(Bits, Bits)>,
    /// The groups' movements met (see `moves.rs`).
    moves: Moves,
    /// In counting mode ([`count`]), the results counted so far.
    counted: Option<u64>,
    /// When the walk starts at a turn start: the mover's pieces then, its supply (W2), and
    /// its growth options then with the label of their group (W4), by label and point.
    start: Option<(Bits, u32)>,
    options: Vec<(u8, usize)>,
}

impl<L: FnMut(&Wells, &[Step]) -> Option<usize>> Canon<'_, '_, L> {
    fn root(&mut self, w: &Wells) -> bool {
        if w.state.phase == Phase::Over {
            return true;
        }
        if w.state.at_turn_start {
            self.start = Some((w.state.pieces[self.me], w.own_supply()));
            for p in w.grow_points().iter() {
                if let Some(&y) = w.lattice.nb[p]
                    .iter()
                    .find(|&&y| y != lattice::NONE && w.state.pieces[self.me].get(y as usize))
                {
                    self.options.push((w.state.labels.gid[y as usize], p));
                }
            }
            self.options.sort_unstable();
        }
        if w.state.at_turn_start {
            // W5: a pass goes straight to the kills.
            if !self.meter.tick() || !self.take(w, Step::Pass) {
                return false;
            }
        }
        self.visit(w)
    }

    /// Applies `step` to a copy of `w` and walks on from there.
    fn take(&mut self, w: &Wells, step: Step) -> bool {
        let mut c = w.clone();
        c.apply_logged(step, None);
        self.path.push(step);
        let go = self.visit(&c);
        self.path.pop();
        go
    }

    /// Walks on from any state of the turn.
    fn visit(&mut self, w: &Wells) -> bool {
        if !self.meter.tick() {
            return false;
        }
        if w.state.turn != self.turn {
            return self.kills_begin(w);
        }
        match w.state.phase {
            Phase::Growth => self.growth(w, None),
            Phase::NewGroup => {
                let mut pts = Vec::new();
                w.for_each_step(&mut |s| {
                    if let Step::NewGroup(_) = s {
                        pts.push(s);
                    }
                });
                pts.into_iter().all(|s| self.take(w, s))
            }
            Phase::Move => {
                let at = Before {
                    grown: self.grown(w),
                    landed: Bits::EMPTY,
                    last: None,
                };
                self.movement(w, &at)
            }
            Phase::Moving | Phase::Keep => self.group_under_way(w),
            Phase::Kill => self.kills_begin(w),
            Phase::Over => true,
        }
    }

    /// At the first node of the movement phase of a turn walked from its start: the growths
    /// made and the new group placed (a point next to no piece, unlike a growth), if any.
    fn grown(&self, w: &Wells) -> Option<Rc<Grown>> {
        let (start, supply) = self.start?;
        if !w.state.built.movement.moved.is_empty() {
            return None;
        }
        let added = w.state.pieces[self.me].andnot(&start);
        let lone: Vec<usize> = added
            .iter()
            .filter(|&p| w.state.adj[self.me][p] == 0)
            .collect();
        let &[new_group] = lone.as_slice() else {
            return None;
        };
        let mut points = added;
        points.clear(new_group);
        let mut point_of = vec![None; 256];
        for p in points.iter() {
            point_of[w.state.labels.gid[p] as usize] = Some(p);
        }
        Some(Rc::new(Grown {
            points,
            point_of,
            new_group,
            exhausted: points.count() >= supply,
        }))
    }

    /// Growths in increasing order of their points, forced ones included (after `last`).
    fn growth(&mut self, w: &Wells, last: Option<u16>) -> bool {
        if !self.meter.tick() {
            return false;
        }
        let mut pts = Vec::new();
        w.for_each_step(&mut |s| {
            if let Step::Grow(p) = s {
                pts.push(p);
            }
        });
        for p in pts {
            if last.is_some_and(|l| p <= l) {
                continue;
            }
            let mut c = w.clone();
            let mut forced = Vec::new();
            c.apply_logged(Step::Grow(p), Some(&mut forced));
            let mut top = p;
            let mut increasing = true;
            for s in &forced {
                if let Step::Grow(q) = *s {
                    increasing &= q > top;
                    top = q;
                }
            }
            if !increasing {
                continue;
            }
            self.path.push(Step::Grow(p));
            let go = if c.state.turn == self.turn && c.state.phase == Phase::Growth {
                self.growth(&c, Some(top))
            } else {
                self.visit(&c)
            };
            self.path.pop();
            if !go {
                return false;
            }
        }
        true
    }

    /// A node of the movement phase where no group is moving: end the movement here, or move
    /// a group (in the canonical order of the module doc). `at` is what the moves before this
    /// node did.
    fn movement(&mut self, w: &Wells, at: &Before) -> bool {
        if !self.meter.tick() {
            return false;
        }
        // At a turn start, stopping here is the pass, already walked.
        if !w.state.at_turn_start {
            match self.first_time(&w.state.pieces[self.me]) {
                None => return false,
                Some(false) => {}
                Some(true) if self.counted.is_some() => {
                    self.count_kills(w);
                }
                Some(true) => {
                    let mut c = w.clone();
                    c.apply_logged(Step::EndMovement, None);
                    self.path.push(Step::EndMovement);
                    self.kill_results.clear();
                    let go = self.kills(&c, None);
                    self.path.pop();
                    if !go {
                        return false;
                    }
                }
            }
        }
        let unmoved = w.unmoved();
        let mut labels = Vec::new();
        w.for_each_jump_from(&unmoved, &mut |from, _| {
            let g = w.state.labels.gid[from];
            if !labels.contains(&g) {
                labels.push(g);
            }
            true
        });
        labels.sort_unstable();
        for g in labels {
            let mut group = Bits::EMPTY;
            for p in unmoved.iter() {
                if w.state.labels.gid[p] == g {
                    group.set(p);
                }
            }
            let Some(outcomes) = self.moves.outcomes(self.meter, w, &group) else {
                return false;
            };
            for (f, steps) in &outcomes.list {
                let rewritable = match &at.last {
                    Some(pv) if g < pv.label => self.swappable(&group, f, pv),
                    _ => Some(false),
                };
                let rewritable = match rewritable {
                    Some(false) => self.regrowable(w, g, &group, f, at),
                    other => other,
                };
                match rewritable {
                    Some(true) => continue,
                    Some(false) => {}
                    None => return false,
                }
                let go = self.descend(w, steps, || {
                    let mut landings = Bits::EMPTY;
                    for &s in steps.iter() {
                        if let Step::Jump(_, to) = s {
                            landings.set(to as usize);
                        }
                    }
                    Before {
                        grown: at.grown.clone(),
                        landed: at.landed.or(&landings),
                        last: Some(Prev {
                            label: g,
                            from: w,
                            landings,
                        }),
                    }
                });
                if !go {
                    return false;
                }
            }
        }
        true
    }

    /// Plays `steps` on a copy of `w`, with them on the path, and goes on: to the next move of
    /// the movement phase (`before` says what was played before it) while the mover's turn is
    /// still moving, else to the rest of the turn ([`Self::visit`]). `false` when the walk stops.
    fn descend<'w>(
        &mut self,
        w: &'w Wells,
        steps: &[Step],
        before: impl FnOnce() -> Before<'w>,
    ) -> bool {
        let mut c = w.clone();
        for &s in steps {
            c.apply_logged(s, None);
        }
        let len = self.path.len();
        self.path.extend_from_slice(steps);
        let go = if c.state.turn == self.turn && c.state.phase == Phase::Move {
            self.movement(&c, &before())
        } else {
            self.visit(&c)
        };
        self.path.truncate(len);
        go
    }

    /// True when `group` (label `g`) moving to `f` could have grown at a lower point instead
    /// and still reached `f` with everything else as it is (see the module doc); `None` when
    /// the meter stops the walk.
    fn regrowable(
        &mut self,
        w: &Wells,
        g: u8,
        group: &Bits,
        f: &Bits,
        at: &Before,
    ) -> Option<bool> {
        let Some(grown) = at.grown.as_deref() else {
            return Some(false);
        };
        let Some(s) = grown.point_of[g as usize] else {
            return Some(false);
        };
        let geo = w.lattice;
        let mut others = grown.points;
        others.clear(s);
        let lower: Vec<usize> = self
            .options
            .iter()
            .filter(|&&(label, s2)| label == g && s2 < s)
            .map(|&(_, s2)| s2)
            .collect();
        for s2 in lower {
            let near = &geo.nbm[s2];
            // The other growths, the new group and the landings before stay clear of it.
            if near.meets(&others)
                || near.get(grown.new_group)
                || at.landed.get(s2)
                || near.meets(&at.landed)
            {
                continue;
            }
            let mut points = others;
            points.set(s2);
            // Every group that did not grow still has no option left (W4).
            if !grown.exhausted
                && self.options.iter().any(|&(h, o)| {
                    grown.point_of[h as usize].is_none() && !geo.nbm[o].meets(&points)
                })
            {
                continue;
            }
            let mut other = *group;
            other.clear(s);
            other.set(s2);
            if other == *f {
                return Some(true);
            }
            let rest = w.state.pieces[self.me].andnot(group);
            if let (Some(o), _) = self.moves.cached(self.meter, w, &other, &rest)? {
                if o.contains(f) {
                    return Some(true);
                }
                continue;
            }
            let mut z = w.clone();
            z.lift(s);
            z.place_in(s2, g);
            z.enter_move();
            if self.moves.outcomes(self.meter, &z, &other)?.contains(f) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// True when `group` moving to `f` right after `pv`'s move could have moved first instead
    /// (see the module doc); `None` when the meter stops the walk.
    fn swappable(&mut self, group: &Bits, f: &Bits, pv: &Prev) -> Option<bool> {
        let geo = pv.from.lattice;
        let mut halo = *f;
        for p in f.iter() {
            halo = halo.or(&geo.nbm[p]);
        }
        if halo.meets(&pv.landings) {
            return Some(false);
        }
        let before = self.moves.outcomes(self.meter, pv.from, group)?;
        Some(before.contains(f))
    }

    /// A root in the middle of a group's movement: that group's distinct ends, then on.
    fn group_under_way(&mut self, w: &Wells) -> bool {
        for (_, steps) in ends_of_moving_group(self.turn, self.me, w) {
            let go = self.descend(w, &steps, || Before {
                grown: None,
                landed: Bits::EMPTY,
                last: None,
            });
            if !go {
                return false;
            }
        }
        true
    }

    /// Keeps the mover's pieces `o` as met when the kills begin: `Some(true)` the first time,
    /// `Some(false)` after, `None` past the budget.
    fn first_time(&mut self, o: &Bits) -> Option<bool> {
        match self.finals.insert(o) {
            None => Some(false),
            Some(bytes) => self.meter.spend(bytes).then_some(true),
        }
    }

    /// The kills begin (or the turn has already ended): the first time these pieces of the
    /// mover are met, their distinct kill results are the leaves.
    fn kills_begin(&mut self, w: &Wells) -> bool {
        match self.first_time(&w.state.pieces[self.me]) {
            Some(true) => {
                self.kill_results.clear();
                self.kills(w, None)
            }
            Some(false) => true,
            None => false,
        }
    }

    /// Counting mode: the movement ends at `w` with pieces not met before; counts the distinct
    /// results of the maximal matchings of the kill graph (W4: each maximal matching once,
    /// as its edges in increasing order; results told apart by victims and massacres).
    fn count_kills(&mut self, w: &Wells) -> bool {
        let mut c = w.clone();
        c.enter_kill();
        self.kill_results.clear();
        self.matchings(&c, None);
        true
    }

    fn matchings(&mut self, w: &Wells, last: Option<(usize, usize)>) {
        let mut any = false;
        let mut edges = Vec::new();
        w.for_each_free_kill(&mut |k, v| {
            any = true;
            if last.is_none_or(|l| (k, v) > l) {
                edges.push((k, v));
            }
        });
        if !any {
            if self
                .kill_results
                .insert((w.state.built.kills.killed, w.state.built.kills.massacred))
            {
                *self.counted.get_or_insert(0) += 1;
            }
            return;
        }
        for (k, v) in edges {
            let mut c = w.clone();
            c.add_kill(k, v);
            self.matchings(&c, Some((k, v)));
        }
    }

    /// Kills in increasing order of (killer, victim), after `last`.
    fn kills(&mut self, w: &Wells, last: Option<(u16, u16)>) -> bool {
        if !self.meter.tick() {
            return false;
        }
        if w.state.turn != self.turn {
            let result = (w.state.pieces[1 - self.me], w.state.tokens);
            if !self.kill_results.insert(result) {
                return true;
            }
            if let Some(n) = self.counted.as_mut() {
                *n += 1;
                return true;
            }
            return match (self.leaf)(w, &self.path) {
                Some(bytes) => self.meter.spend(bytes),
                None => false,
            };
        }
        let mut edges = Vec::new();
        w.for_each_step(&mut |s| {
            if let Step::Kill(k, v) = s {
                if last.is_none_or(|l| (k, v) > l) {
                    edges.push((k, v));
                }
            }
        });
        for (k, v) in edges {
            let mut c = w.clone();
            c.apply_logged(Step::Kill(k, v), None);
            self.path.push(Step::Kill(k, v));
            let go = self.kills(&c, Some((k, v)));
            self.path.pop();
            if !go {
                return false;
            }
        }
        true
    }
}
