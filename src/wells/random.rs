//! Drawing one legal step at random (`Game::random_step`), each with the same chance as with
//! the steps listed and one picked, but without listing them where that is costly: a point out
//! of a set, a jump by rejection. Playouts and random games spend most of their time here;
//! `tests/wells/props.rs` counts draws to check the chances, and `oracle.rs` the jump draws
//! when their rejections run out.

use std::cell::RefCell;

use super::bits::Bits;
use super::phases::KILL_ROOM;
use super::{Phase, Step, Wells, MAX_GROUP};
use crate::select::select_in_byte;

/// `rng.random_range(0..n)` for `0 < n < 2^32`: the same draw (rand 0.9's single sample of a
/// 32-bit range: a widening multiply, and a second word when the first falls in the biased
/// zone), written out so that it inlines; every draw of the rules core goes through it, and
/// the test below holds it to rand's.
#[inline(always)]
pub(super) fn below<R: rand::Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!(n > 0 && n <= u32::MAX as usize);
    let range = n as u32;
    let m = u64::from(rng.next_u32()) * u64::from(range);
    let (mut hi, lo) = ((m >> 32) as u32, m as u32);
    if lo > range.wrapping_neg() {
        let hi2 = ((u64::from(rng.next_u32()) * u64::from(range)) >> 32) as u32;
        hi += u32::from(lo.checked_add(hi2).is_none());
    }
    hi as usize
}

thread_local! {
    static STEP_BUF: RefCell<Vec<Step>> = const { RefCell::new(Vec::new()) };
}

/// Drawing one legal step at random, each with the same chance as with
/// [`Position::legal_steps`](crate::game::Position::legal_steps) listed and one picked, but cheaper:
/// playouts and random games spend most of their time here.
impl Wells {
    /// One of `pts` (as `step`) or `extra`, uniformly.
    pub(super) fn random_point<R: rand::Rng + ?Sized>(
        &self,
        pts: &Bits,
        extra: Option<Step>,
        step: fn(u16) -> Step,
        rng: &mut R,
    ) -> Option<Step> {
        let len = self.lattice.len;
        let n = pts.count_on(len) as usize;
        let e = usize::from(extra.is_some());
        if n + e == 0 {
            return None;
        }
        let k = below(rng, n + e);
        match pts.nth_on(len, k) {
            Some(p) => Some(step(p as u16)),
            None => extra,
        }
    }

    /// A legal jump that starts a group's movement, or `other` (the end of the movement, or
    /// the pass at a turn start), uniformly, by rejection: draw from `other` and every
    /// (piece, direction) of [`Cands`](super::phases::Cands) until the draw is `other` or a
    /// legal jump. Every legal option has the same chance at each draw, so the result is
    /// uniform; after `TRIES` rejections (64 in play; fewer in a test of that path) the options
    /// are listed, which is uniform as well.
    fn random_unmoved_jump<const TRIES: usize, R: rand::Rng + ?Sized>(
        &self,
        other: Step,
        rng: &mut R,
    ) -> Step {
        let c = &self.state.built.movement.cands;
        let total = c.total as usize;
        for _ in 0..TRIES {
            let r = below(rng, total + 1);
            if r == total {
                return other;
            }
            let (from, d) = c.pair(r);
            if let Some(to) = self.jump_landing(from, d) {
                return Step::Jump(from as u16, to as u16);
            }
        }
        self.random_listed_step(rng).unwrap_or(other)
    }

    /// The same for the moving group's next jump or [`Step::EndGroup`], on its short list of
    /// pieces: its (piece, direction) pairs numbered piece by piece in increasing order,
    /// directions rising. The piece of pair `r` is found by comparing `r` with the running
    /// sums of the pieces' counts, and its direction in a table, without a loop.
    fn random_moving_jump<const TRIES: usize, R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Step {
        let st = &self.state;
        let n = st.built.movement.moving_len as usize;
        let mut masks = [0u8; MAX_GROUP as usize];
        // sums[i]: the pairs of the pieces before piece i.
        let mut sums = [0usize; MAX_GROUP as usize];
        let mut total = 0;
        for i in 0..MAX_GROUP as usize {
            let m = if i < n {
                self.jump_dirs(st.built.movement.moving_list[i] as usize)
            } else {
                0
            };
            masks[i] = m;
            sums[i] = total;
            total += m.count_ones() as usize;
        }
        for _ in 0..TRIES {
            let r = below(rng, total + 1);
            if r == total {
                return Step::EndGroup;
            }
            let i = usize::from(r >= sums[1])
                + usize::from(r >= sums[2])
                + usize::from(r >= sums[3])
                + usize::from(r >= sums[4]);
            let (from, m) = (st.built.movement.moving_list[i] as usize, masks[i & 7]);
            let d = select_in_byte(m, r - sums[i & 7]);
            if let Some(to) = self.jump_landing(from, d) {
                return Step::Jump(from as u16, to as u16);
            }
        }
        self.random_listed_step(rng).unwrap_or(Step::EndGroup)
    }

    /// Lists the legal steps and picks one.
    pub(super) fn random_listed_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        STEP_BUF.with(|b| {
            let mut buf = b.borrow_mut();
            buf.clear();
            self.for_each_step(&mut |s| buf.push(s));
            if buf.is_empty() {
                None
            } else {
                Some(buf[below(rng, buf.len())])
            }
        })
    }

    /// Uniform over the legal steps (`Game::random_step`), drawn without listing them where
    /// that is costly: see [`Wells::random_point`] and [`Wells::random_unmoved_jump`].
    pub(super) fn draw_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        self.draw::<64, R>(rng)
    }

    /// [`Wells::draw_step`] with the jump draws giving up after `TRIES` rejections.
    pub(super) fn draw<const TRIES: usize, R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
    ) -> Option<Step> {
        let st = &self.state;
        // At a turn start the pass is one more option (W5).
        let pass = st.at_turn_start.then_some(Step::Pass);
        match st.phase {
            Phase::Over => None,
            Phase::Growth => self.random_point(&self.grow_points(), pass, Step::Grow, rng),
            Phase::NewGroup => {
                self.random_point(&self.new_group_points(), pass, Step::NewGroup, rng)
            }
            Phase::Move => {
                let end = pass.unwrap_or(Step::EndMovement);
                Some(self.random_unmoved_jump::<TRIES, _>(end, rng))
            }
            Phase::Moving if st.built.movement.jumps_left > 0 => {
                Some(self.random_moving_jump::<TRIES, _>(rng))
            }
            // The same draws as from the listed steps, without the list.
            Phase::Kill if !st.at_turn_start => {
                // The kills listed once (a few dozen at most in play; past the room, a
                // second walk).
                let mut list = [(0, 0); KILL_ROOM + 1];
                let n = self.list_free_kills(&mut list);
                if n == 0 {
                    return None;
                }
                let k = below(rng, n);
                if k < KILL_ROOM {
                    let (a, b) = list[k];
                    return Some(Step::Kill(a, b));
                }
                let (mut i, mut out) = (0, None);
                self.for_each_free_kill(&mut |a, b| {
                    if i == k {
                        out = Some(Step::Kill(a as u16, b as u16));
                    }
                    i += 1;
                });
                out
            }
            Phase::Keep if !st.at_turn_start => {
                let mut opts = [0; 8];
                let n = self.keep_options(&mut opts);
                (n > 0).then(|| Step::Keep(opts[below(rng, n)]))
            }
            _ => self.random_listed_step(rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::below;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// `below` draws what `random_range` draws, and leaves the generator in the same state,
    /// for small ranges (the rules' own) and ranges where the second word is often needed.
    #[test]
    fn below_is_random_range() {
        for seed in 0..20 {
            let (mut a, mut b) = (SmallRng::seed_from_u64(seed), SmallRng::seed_from_u64(seed));
            for i in 0..20_000usize {
                let n = match i % 4 {
                    0 => 1 + i % 7,
                    1 => 1 + i % 400,
                    2 => (u32::MAX as usize) - i,
                    _ => (3 << 30) + i,
                };
                assert_eq!(below(&mut a, n), b.random_range(0..n), "n {n}");
            }
            assert_eq!(a.random::<u64>(), b.random::<u64>());
        }
    }
}
