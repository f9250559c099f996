//! The naive turn enumerator (tests only): depth-first over the step tree, keeping every
//! intermediate state met (as a compact [`Key`]) so that a state reached by two orders of the same
//! decisions is walked once, and each position at the next turn start counted once (W7). Slow and
//! hungry on large turns, but simple enough to trust: `equal.rs` checks the canonical enumerator
//! against it.

use std::cell::Cell;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::atomic::AtomicBool;

use super::super::bits::Bits;
use super::super::{Step, Wells};
use super::Meter;
use crate::game::PerftAbort;
use crate::mix::mix;

impl Wells {
    /// Depth-first over the step tree of this turn, skipping intermediate states already seen;
    /// calls `leaf` once per distinct position at the next turn start, with the steps that
    /// reach it. `leaf` returns `false` to stop. `Ok(true)`: every turn was met; `Ok(false)`:
    /// `leaf` stopped it; `Err` when `stop` was set or the states kept (W7 counts distinct
    /// positions, so each state met is kept until the turn is done) outgrew `budget` bytes.
    ///
    /// `held` counts the bytes kept by every enumeration alive at once (perft nests one per
    /// turn of depth): the budget holds for their sum, and this one's share is given back
    /// when it ends.
    pub(in crate::wells) fn enumerate_turns_naive(
        &self,
        budget: usize,
        held: &Cell<usize>,
        stop: &AtomicBool,
        leaf: &mut impl FnMut(&Wells, &[Step]) -> bool,
    ) -> Result<bool, PerftAbort> {
        let mut walk = Walk {
            turn: self.state.turn,
            seen: HashSet::new(),
            done: HashSet::new(),
            path: Vec::new(),
            meter: Meter::new(held, budget, stop),
        };
        let complete = self.clone().naive_dfs(&mut walk, leaf);
        walk.meter.end(self, Some(complete))
    }

    /// perft (W7) by [`Wells::enumerate_turns_naive`] at every ply, within `budget` per turn.
    pub(in crate::wells) fn perft_naive(
        &self,
        depth: u32,
        budget: usize,
    ) -> Result<u64, PerftAbort> {
        if depth == 0 || self.state.phase == super::super::Phase::Over {
            return Ok(u64::from(depth == 0));
        }
        let (mut n, mut below) = (0, Ok(()));
        let (held, stop) = (Cell::new(0), AtomicBool::new(false));
        self.enumerate_turns_naive(budget, &held, &stop, &mut |child, _| match child
            .perft_naive(depth - 1, budget)
        {
            Ok(c) => {
                n += c;
                true
            }
            Err(e) => {
                below = Err(e);
                false
            }
        })?;
        below.map(|()| n)
    }

    fn naive_dfs(
        &mut self,
        walk: &mut Walk,
        leaf: &mut impl FnMut(&Wells, &[Step]) -> bool,
    ) -> bool {
        let mut steps = Vec::new();
        self.for_each_step(&mut |s| steps.push(s));
        for s in steps {
            let undo = self.state;
            self.apply_logged(s, None);
            walk.path.push(s);
            let go_on = if self.state.turn != walk.turn {
                let key = self.leaf_key();
                let bytes = key.bytes();
                if walk.done.insert(key) {
                    walk.spend(bytes) && leaf(self, &walk.path)
                } else {
                    true
                }
            } else {
                let key = self.inner_key();
                let bytes = key.bytes();
                if walk.seen.insert(key) {
                    walk.spend(bytes) && self.naive_dfs(walk, leaf)
                } else {
                    true
                }
            };
            walk.path.pop();
            self.state = undo;
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// The state of one turn's enumeration.
struct Walk<'a> {
    turn: u32,
    seen: HashSet<Key>,
    done: HashSet<Key>,
    path: Vec<Step>,
    /// The bytes kept against the budget, and the stop flag (the enumerator's own meter).
    meter: Meter<'a>,
}

impl Walk<'_> {
    /// Counts a newly kept state of `bytes`; `false` (and the reason kept) when the budget is
    /// spent or `stop` is set, which is looked at on the first state and every 1024 after.
    fn spend(&mut self, bytes: usize) -> bool {
        self.meter.spend(bytes) && self.meter.tick()
    }
}

/// A compact, exact hash-set key for the turn enumeration, hashed by a precomputed digest.
struct Key(u64, Box<[u64]>);

impl PartialEq for Key {
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0 && self.1 == o.1
    }
}
impl Eq for Key {}

impl Key {
    /// What keeping this key costs, roughly: its words, the allocation's header and a hash
    /// table slot with the table's spare room.
    fn bytes(&self) -> usize {
        8 * self.1.len() + 64
    }
}
impl Hash for Key {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0);
    }
}

impl Wells {
    fn make_key(&self, masks: &[&Bits], extra: u64) -> Key {
        let w = self.lattice.len.div_ceil(64);
        let mut v = Vec::with_capacity(masks.len() * w + 1);
        let mut h = mix(extra);
        for m in masks {
            for &x in &m.0[..w] {
                v.push(x);
                h = mix(h ^ x);
            }
        }
        v.push(extra);
        Key(h, v.into_boxed_slice())
    }

    /// A position at the next turn start, within one turn's enumeration (side to move and turn
    /// number are the same for all): the board and the pass count (W7).
    fn leaf_key(&self) -> Key {
        let st = &self.state;
        self.make_key(
            &[&st.pieces[0], &st.pieces[1], &st.tokens],
            st.passes as u64,
        )
    }

    /// A mid-turn state within one turn's enumeration: only the mover's pieces and the
    /// turn-building state change (the opponent's pieces and the tokens change when it ends).
    /// The pairing of the kills chosen is left out: the futures depend on who killed and who
    /// died, and which victims are massacred, not on who killed whom.
    fn inner_key(&self) -> Key {
        let st = &self.state;
        let flags = st.phase as u64
            | (st.built.passed as u64) << 8
            | (st.built.is_pass as u64) << 9
            | (st.built.movement.jumps_left as u64) << 16;
        self.make_key(
            &[
                &st.pieces[st.side as usize],
                &st.built.growth.pending,
                &st.built.movement.moved,
                &self.moving(),
                &st.built.kills.used,
                &st.built.kills.killed,
                &st.built.kills.massacred,
            ],
            flags,
        )
    }
}
