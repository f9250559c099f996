//! Kills and massacres (W4, rulebook 3.0–3.2, 9.0–9.2; W5): at the end of every turn, passed
//! or not, each of the mover's pieces stronger than an adjacent enemy piece can kill it; the
//! kills form a maximal matching the player chooses one edge at a time. A victim is massacred
//! (its point takes a token) when the killer's group has at least two more pieces than the
//! victim's; sizes and strengths are taken before any removal (the victims go in `end.rs`).

use crate::wells::bits::{Bits, Words, WORDS};
use crate::wells::steps::Log;
use crate::wells::{dirs, Phase, Step, Wells};

/// Room for the kills open at once listed on the stack (a few dozen at most in play: each is a
/// killer not yet used and one of its enemy neighbours, W4).
pub(in crate::wells) const KILL_ROOM: usize = 64;
/// A list of kills: [`KILL_ROOM`] entries and one more that takes the writes past them.
pub(in crate::wells) type KillList = [(u16, u16); KILL_ROOM + 1];

impl Wells {
    /// Calls `f(killer, victim)` for every kill still open: the killer has not killed, the
    /// victim is not chosen, the killer is stronger (W4; the board is as it stood when the
    /// kills began: victims are removed only when the turn ends).
    pub(in crate::wells) fn for_each_free_kill(&self, f: &mut impl FnMut(usize, usize)) {
        let mut list = [(0, 0); KILL_ROOM + 1];
        let n = self.list_free_kills(&mut list);
        if n <= KILL_ROOM {
            for &(k, v) in &list[..n] {
                f(k as usize, v as usize);
            }
        } else if Bits::fits(self.lattice.len, 3) {
            self.free_kills_words::<3>(&mut |k, v| f(k, v));
        } else {
            self.free_kills_words::<WORDS>(&mut |k, v| f(k, v));
        }
    }

    /// Lists the kills still open ([`Self::for_each_free_kill`], in the same order) in `out`
    /// and returns their number; past [`KILL_ROOM`] only the first ones are listed.
    pub(in crate::wells) fn list_free_kills(&self, out: &mut KillList) -> usize {
        let mut n = 0;
        // Every candidate is written; only a kill moves the count on (no branch on whether a
        // kill is open: the strengths compared are the board's). The last entry takes the
        // writes past the room.
        let mut put = |k: usize, v: usize, open: bool| {
            out[n.min(KILL_ROOM)] = (k as u16, v as u16);
            n += usize::from(open);
        };
        if Bits::fits(self.lattice.len, 3) {
            self.kill_candidates::<3>(&mut put);
        } else {
            self.kill_candidates::<WORDS>(&mut put);
        }
        n
    }

    fn free_kills_words<const N: usize>(&self, f: &mut impl FnMut(usize, usize)) {
        self.kill_candidates::<N>(&mut |k, v, open| {
            if open {
                f(k, v)
            }
        });
    }

    /// Calls `f(killer, victim, open)` for each of the mover's pieces not yet used next to an
    /// enemy piece, and each such enemy piece: `open` when the victim is not chosen and the
    /// killer is stronger.
    #[inline(always)]
    fn kill_candidates<const N: usize>(&self, f: &mut impl FnMut(usize, usize, bool)) {
        let st = &self.state;
        let me = st.side as usize & 1;
        let (own_adj, enemy_adj) = (&st.adj[me], &st.adj[me ^ 1]);
        // Only a piece next to an enemy piece can kill, and only one with a friendly
        // neighbour (strength 0 is stronger than nothing).
        let killers = Words::<N>::of(&st.pieces[me])
            .and(Words::of(&st.near[me ^ 1]))
            .and(Words::of(&st.near[me]))
            .andnot(Words::of(&st.built.kills.used));
        for (w, &word) in killers.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let k = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let sk = own_adj[k].count_ones();
                let nb = &self.lattice.nbs[k];
                for d in dirs(enemy_adj[k]) {
                    let v = nb[d] as usize;
                    f(
                        k,
                        v,
                        !st.built.kills.killed.get(v) & (sk > enemy_adj[v].count_ones()),
                    );
                }
            }
        }
    }

    /// The kills begin (W4, W5): the turn is a pass if it began with a pass or if the mover's
    /// pieces stand where they stood when it began.
    pub(in crate::wells) fn enter_kill(&mut self) {
        let st = &mut self.state;
        st.built.is_pass = st.built.passed || st.pieces[st.side as usize] == st.built.start_own;
        st.phase = Phase::Kill;
        st.built.movement.cands.clear();
        st.built.kills.used = Bits::EMPTY;
        st.built.kills.killed = Bits::EMPTY;
        st.built.kills.massacred = Bits::EMPTY;
        st.built.kills.chosen[..st.built.kills.count as usize].fill((0, 0));
        st.built.kills.count = 0;
    }

    /// Records a kill; the massacre (W4, 3.2) is decided on the board before any removal.
    pub(in crate::wells) fn add_kill(&mut self, k: usize, v: usize) {
        self.state.built.kills.used.set(k);
        self.state.built.kills.killed.set(v);
        // Kept sorted, so that the same matching chosen in any order is the same state.
        let n = self.state.built.kills.count as usize;
        if n < self.state.built.kills.chosen.len() {
            let e = (k as u16, v as u16);
            let at = self.state.built.kills.chosen[..n].partition_point(|&x| x < e);
            self.state.built.kills.chosen.copy_within(at..n, at + 1);
            self.state.built.kills.chosen[at] = e;
            self.state.built.kills.count += 1;
        }
        if self.group_size(k) >= self.group_size(v) + 2 {
            self.state.built.kills.massacred.set(v);
        }
    }

    /// The kills chosen so far in the kill phase, as (killer, victim).
    pub fn chosen_kills(&self) -> Vec<(usize, usize)> {
        if self.state.phase != Phase::Kill {
            return Vec::new();
        }
        self.state.built.kills.chosen[..self.state.built.kills.count as usize]
            .iter()
            .map(|&(k, v)| (k as usize, v as usize))
            .collect()
    }

    /// The forced kills, for `settle`: a free kill sharing neither killer nor victim with
    /// another free kill is in every maximal matching, so it is taken. Taking it closes no
    /// other kill (none shares its killer or victim) and opens none (the board stays as it
    /// was until the turn ends), so what is left is the other kills, each sharing a killer or
    /// a victim with another: the player's choice, or, when none is left, the end of the
    /// turn.
    pub(in crate::wells) fn settle_kills(&mut self, mut log: Log) {
        let mut list = [(0u16, 0u16); KILL_ROOM + 1];
        let n = self.list_free_kills(&mut list);
        if n == 0 {
            self.finish_turn();
            return;
        }
        // Past the room (never in play), all of them in a Vec.
        let mut many = Vec::new();
        let edges = if n <= KILL_ROOM {
            &list[..n]
        } else {
            self.for_each_free_kill(&mut |k, v| many.push((k as u16, v as u16)));
            &many[..]
        };
        let mut left = 0;
        for &(k, v) in edges {
            // Alone: the only edge with its killer or its victim (counted without a branch).
            let shared: usize = edges
                .iter()
                .map(|&(k2, v2)| usize::from((k2 == k) | (v2 == v)))
                .sum();
            if shared == 1 {
                if let Some(l) = log.as_deref_mut() {
                    l.push(Step::Kill(k, v));
                }
                self.add_kill(k as usize, v as usize);
            } else {
                left += 1;
            }
        }
        debug_assert_eq!(left, self.count_free_kills(), "{self:?}");
        if left == 0 {
            self.finish_turn();
        }
    }

    /// The number of kills still open (for a check in debug builds).
    fn count_free_kills(&self) -> usize {
        let mut n = 0;
        self.for_each_free_kill(&mut |_, _| n += 1);
        n
    }
}
