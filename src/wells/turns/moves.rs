//! One group's movement by itself (W4), for `canon.rs`: from a node of the movement phase
//! where no group is moving, the distinct final sets of the group's pieces (after the choice
//! between equal largest parts), each with the chosen steps that reach it — the group's
//! *outcomes* — and the cache that keeps them under the group's points and the friendly
//! pieces in its *zone*, the only other pieces that can bear on its movement.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::super::bits::Bits;
use super::super::{dirs, Phase, Step, Wells, TOKEN};
use super::Meter;
use crate::mix::mix;

/// A fast hasher for the walk's own sets (their keys are bitsets of a few words).
#[derive(Default)]
pub(super) struct Fast(u64);

impl Hasher for Fast {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for c in &mut words {
            self.0 = mix(self.0 ^ u64::from_le_bytes(c.try_into().unwrap_or_default()));
        }
        for &b in words.remainder() {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = mix(self.0 ^ x);
    }
    fn write_u8(&mut self, x: u8) {
        self.0 = mix(self.0 ^ u64::from(x));
    }
    fn write_usize(&mut self, x: usize) {
        self.0 = mix(self.0 ^ x as u64);
    }
}

pub(super) type FastSet<K> = HashSet<K, BuildHasherDefault<Fast>>;
pub(super) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fast>>;

/// At most this many bytes of cached outcomes (or a quarter of the budget, if less); past it
/// the cache is emptied and filled again as needed.
const CACHE_CAP: usize = 64 << 20;
/// One group's distinct movements from a node (see the module doc).
pub(super) struct Outcomes {
    /// Each final set of the group's pieces, with the chosen steps that reach it.
    pub(super) list: Vec<(Bits, Box<[Step]>)>,
    /// The final sets, sorted, to look one up.
    sorted: Vec<[u64; 7]>,
}

impl Outcomes {
    pub(super) fn contains(&self, f: &Bits) -> bool {
        self.sorted.binary_search(&f.0).is_ok()
    }
    /// What keeping it costs, roughly.
    fn bytes(&self) -> usize {
        let steps: usize = self.list.iter().map(|(_, s)| s.len()).sum();
        128 + self.list.len() * (2 * std::mem::size_of::<Bits>() + 16 + 16)
            + steps * std::mem::size_of::<Step>()
    }
}

/// The cached outcomes of one group (by its pieces): its zone, and the outcomes under each
/// arrangement of other friendly pieces in the zone.
struct GroupCache {
    zone: Bits,
    by_context: FastMap<Key, Rc<Outcomes>>,
}

/// A set of points as a hash key, hashed in one step.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key(Bits);

impl std::hash::Hash for Key {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let w = &(self.0).0;
        let mut x = w[0];
        for (i, &y) in w.iter().enumerate().skip(1) {
            x ^= y.rotate_left(9 * i as u32);
        }
        h.write_u64(x);
    }
}

/// The outcomes met so far in one turn's enumeration, by group and context.
pub(super) struct Moves {
    /// The turn enumerated and the mover's colour index.
    turn: u32,
    me: usize,
    cache: FastMap<Key, GroupCache>,
    /// What the cache holds, roughly, in bytes (charged to the budget).
    bytes: usize,
}

impl Moves {
    pub(super) fn new(turn: u32, me: usize) -> Self {
        Moves {
            turn,
            me,
            cache: FastMap::default(),
            bytes: 0,
        }
    }

    /// The outcomes of `group` (unmoved, no group moving) at `w`, from the cache or walked;
    /// `None` past the budget.
    pub(super) fn outcomes(
        &mut self,
        meter: &mut Meter,
        w: &Wells,
        group: &Bits,
    ) -> Option<Rc<Outcomes>> {
        let rest = w.state.pieces[self.me].andnot(group);
        let (hit, context) = self.cached(meter, w, group, &rest)?;
        if let Some(o) = hit {
            return Some(o);
        }
        let mut walk = GroupWalk::new(rest, Some(*group));
        let mut firsts = Vec::new();
        w.for_each_jump_from(group, &mut |from, to| {
            firsts.push(Step::Jump(from as u16, to as u16));
            true
        });
        let mut steps = Vec::new();
        for s in firsts {
            let mut c = w.clone();
            c.apply_logged(s, None);
            steps.push(s);
            walk.walk(self.turn, self.me, &c, &mut steps);
            steps.pop();
        }
        let mut sorted: Vec<[u64; 7]> = walk.list.iter().map(|(f, _)| f.0).collect();
        sorted.sort_unstable();
        let o = Rc::new(Outcomes {
            list: walk.list,
            sorted,
        });
        let bytes = o.bytes() + 2 * std::mem::size_of::<Bits>();
        let zone = self.cache[&Key(*group)].zone;
        self.keep(meter, bytes)?;
        let gc = self.cache.entry(Key(*group)).or_insert_with(|| GroupCache {
            zone,
            by_context: FastMap::default(),
        });
        gc.by_context.insert(Key(context), Rc::clone(&o));
        Some(o)
    }

    /// The cached outcomes of `group` when the mover's other pieces are `rest`, if there are,
    /// and the key they are (or will be) cached under; `None` past the budget.
    pub(super) fn cached(
        &mut self,
        meter: &mut Meter,
        w: &Wells,
        group: &Bits,
        rest: &Bits,
    ) -> Option<(Option<Rc<Outcomes>>, Bits)> {
        if !self.cache.contains_key(&Key(*group)) {
            let gc = GroupCache {
                zone: zone(w, group),
                by_context: FastMap::default(),
            };
            self.keep(meter, 256)?;
            self.cache.insert(Key(*group), gc);
        }
        let gc = &self.cache[&Key(*group)];
        let context = rest.and(&gc.zone);
        Some((gc.by_context.get(&Key(context)).cloned(), context))
    }

    /// Makes room for `bytes` more of cache (emptying it when it would outgrow its cap) and
    /// charges them; `None` past the budget.
    fn keep(&mut self, meter: &mut Meter, bytes: usize) -> Option<()> {
        if self.bytes + bytes > CACHE_CAP.min(meter.budget / 4) {
            self.cache.clear();
            meter.refund(self.bytes);
            self.bytes = 0;
        }
        self.bytes += bytes;
        meter.spend(bytes).then_some(())
    }
}

/// The walk of one group's movement by itself (see [`Moves::outcomes`]): every chosen step of
/// the group until its movement ends, its states met kept so that each is walked once, and
/// each distinct final set of its pieces kept once.
struct GroupWalk {
    /// The mover's pieces that are not the group's.
    rest: Bits,
    /// A final set to leave out (the group's own points: not moving reaches it).
    skip: Option<Bits>,
    seen: FastSet<(Bits, u8, bool)>,
    finals: FastSet<Bits>,
    list: Vec<(Bits, Box<[Step]>)>,
}

impl GroupWalk {
    fn new(rest: Bits, skip: Option<Bits>) -> Self {
        GroupWalk {
            rest,
            skip,
            seen: FastSet::default(),
            finals: FastSet::default(),
            list: Vec::new(),
        }
    }

    fn walk(&mut self, turn: u32, me: usize, w: &Wells, steps: &mut Vec<Step>) {
        if w.state.turn == turn && matches!(w.state.phase, Phase::Moving | Phase::Keep) {
            let key = (
                w.moving(),
                w.state.built.movement.jumps_left,
                w.state.phase == Phase::Keep,
            );
            if !self.seen.insert(key) {
                return;
            }
            let mut next = Vec::new();
            w.for_each_step(&mut |s| next.push(s));
            for s in next {
                let mut c = w.clone();
                c.apply_logged(s, None);
                steps.push(s);
                self.walk(turn, me, &c, steps);
                steps.pop();
            }
        } else {
            let f = w.state.pieces[me].andnot(&self.rest);
            if Some(f) != self.skip && self.finals.insert(f) {
                self.list.push((f, steps.clone().into_boxed_slice()));
            }
        }
    }
}

/// The zone of `group` at `w`: every point its pieces could reach in one movement with no other
/// friendly piece on the board (jumps over its own pieces onto points free of enemy pieces
/// and tokens, as many as it has pieces), and their neighbours. Other friendly pieces can only
/// block a landing from there (W4: a landing must be empty and touch no other group), so they
/// bear on the group's movement only there.
fn zone(w: &Wells, group: &Bits) -> Bits {
    let geo = w.lattice;
    let me = w.state.side as usize;
    let blocked = w.state.pieces[1 - me].or(&w.state.tokens);
    let start: Vec<u16> = group.iter().map(|p| p as u16).collect();
    let mut reach = *group;
    let mut seen: FastSet<(Vec<u16>, usize)> = FastSet::default();
    let mut todo = vec![(start.clone(), start.len())];
    while let Some((pieces, left)) = todo.pop() {
        if left == 0 || !seen.insert((pieces.clone(), left)) {
            continue;
        }
        for (i, &x) in pieces.iter().enumerate() {
            let x = x as usize;
            for d in dirs(geo.jumpable[x]) {
                let over = geo.nb[x][d];
                let to = geo.land[x][d];
                if pieces.contains(&over) && !pieces.contains(&to) && !blocked.get(to as usize) {
                    debug_assert!(w.state.cells[to as usize] != TOKEN);
                    reach.set(to as usize);
                    let mut next = pieces.clone();
                    next[i] = to;
                    next.sort_unstable();
                    todo.push((next, left - 1));
                }
            }
        }
    }
    let mut zone = reach;
    for p in reach.iter() {
        zone = zone.or(&geo.nbm[p]);
    }
    zone
}

/// The distinct ends of the movement of the group moving at `w` (a state in the middle of a
/// group's movement), with the chosen steps that reach each.
pub(super) fn ends_of_moving_group(turn: u32, me: usize, w: &Wells) -> Vec<(Bits, Box<[Step]>)> {
    let rest = w.state.pieces[me].andnot(&w.moving());
    let mut walk = GroupWalk::new(rest, None);
    walk.walk(turn, me, w, &mut Vec::new());
    walk.list
}
