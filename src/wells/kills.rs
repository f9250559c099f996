//! Kills and massacres (W4, rulebook 3.0–3.2, 9.0–9.2; W5): at the end of every turn, passed
//! or not, each of the mover's pieces stronger than an adjacent enemy piece can kill it; the
//! kills form a maximal matching the player chooses one edge at a time. A victim is massacred
//! (its point takes a token) when the killer's group has at least two more pieces than the
//! victim's; sizes and strengths are taken before any removal (the victims go in `end.rs`).

use super::bits::{Bits, Words, WORDS};
use super::steps::Log;
use super::{dirs, Phase, Step, Wells};

impl Wells {
    /// Calls `f(killer, victim)` for every kill still open: the killer has not killed, the
    /// victim is not chosen, the killer is stronger (W4; the board is as it stood when the
    /// kills began: victims are removed only when the turn ends).
    pub(super) fn for_each_free_kill(&self, f: &mut impl FnMut(usize, usize)) {
        if Bits::fits(self.geo.len, 3) {
            self.free_kills_words::<3>(f);
        } else {
            self.free_kills_words::<WORDS>(f);
        }
    }

    fn free_kills_words<const N: usize>(&self, f: &mut impl FnMut(usize, usize)) {
        let st = &self.st;
        let me = st.side as usize & 1;
        let (own_adj, enemy_adj) = (&st.adj[me], &st.adj[me ^ 1]);
        // Only a piece next to an enemy piece can kill.
        let killers = Words::<N>::of(&st.occ[me])
            .and(Words::of(&st.near[me ^ 1]))
            .andnot(Words::of(&st.used));
        for (w, &word) in killers.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let k = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let sk = own_adj[k].count_ones();
                let nb = &self.geo.nbs[k];
                for d in dirs(enemy_adj[k]) {
                    let v = nb[d] as usize;
                    if !st.killed.get(v) && sk > enemy_adj[v].count_ones() {
                        f(k, v);
                    }
                }
            }
        }
    }

    /// The kills begin (W4, W5): the turn is a pass if it began with a pass or if the mover's
    /// pieces stand where they stood when it began.
    pub(super) fn enter_kill(&mut self) {
        let st = &mut self.st;
        st.is_pass = st.passed || st.occ[st.side as usize] == st.start_own;
        st.phase = Phase::Kill;
        st.cands.clear();
        st.used = Bits::EMPTY;
        st.killed = Bits::EMPTY;
        st.massacred = Bits::EMPTY;
        st.kills[..st.nkills as usize].fill((0, 0));
        st.nkills = 0;
    }

    /// Records a kill; the massacre (W4, 3.2) is decided on the board before any removal.
    pub(super) fn add_kill(&mut self, k: usize, v: usize) {
        self.st.used.set(k);
        self.st.killed.set(v);
        // Kept sorted, so that the same matching chosen in any order is the same state.
        let n = self.st.nkills as usize;
        if n < self.st.kills.len() {
            let e = (k as u16, v as u16);
            let at = self.st.kills[..n].partition_point(|&x| x < e);
            self.st.kills.copy_within(at..n, at + 1);
            self.st.kills[at] = e;
            self.st.nkills += 1;
        }
        if self.group_size(k) >= self.group_size(v) + 2 {
            self.st.massacred.set(v);
        }
    }

    /// The kills chosen so far in the kill phase, as (killer, victim).
    pub fn chosen_kills(&self) -> Vec<(usize, usize)> {
        if self.st.phase != Phase::Kill {
            return Vec::new();
        }
        self.st.kills[..self.st.nkills as usize]
            .iter()
            .map(|&(k, v)| (k as usize, v as usize))
            .collect()
    }

    /// The forced kills, for `settle`: a free kill sharing neither killer nor victim with
    /// another free kill is in every maximal matching, so it is taken. `true` when some were
    /// taken (look again); `false` when the player has a choice, or when no free kill is left
    /// and the turn has ended.
    pub(super) fn settle_kills(&mut self, mut log: Log) -> bool {
        // A free kill has a killer not yet used, so there are at most 60 killers (W2) with
        // at most six victims each; a few fit on the stack, more go to a Vec.
        let mut few = [(0u16, 0u16); 32];
        let mut many = Vec::new();
        let mut n = 0;
        self.for_each_free_kill(&mut |k, v| {
            if n < few.len() {
                few[n] = (k as u16, v as u16);
            } else {
                if n == few.len() {
                    many.extend_from_slice(&few);
                }
                many.push((k as u16, v as u16));
            }
            n += 1;
        });
        if n == 0 {
            self.finish_turn();
            return false;
        }
        let edges = if n <= few.len() { &few[..n] } else { &many[..] };
        let mut took = false;
        for (i, &(k, v)) in edges.iter().enumerate() {
            let alone = edges
                .iter()
                .enumerate()
                .all(|(j, &(k2, v2))| j == i || (k2 != k && v2 != v));
            if alone {
                if let Some(l) = log.as_deref_mut() {
                    l.push(Step::Kill(k, v));
                }
                self.add_kill(k as usize, v as usize);
                took = true;
            }
        }
        took
    }
}
