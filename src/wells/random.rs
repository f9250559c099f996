//! Drawing one legal step at random (`Game::random_step`), each with the same chance as with
//! the steps listed and one picked, but without listing them where that is costly: a point out
//! of a set, a jump by rejection. Playouts and random games spend most of their time here;
//! `tests/wells_props.rs` counts draws to check the chances.

use std::cell::RefCell;

use super::bits::Bits;
use super::board::Cands;
use super::{Phase, Step, Wells};

thread_local! {
    static STEP_BUF: RefCell<Vec<Step>> = const { RefCell::new(Vec::new()) };
}

/// Drawing one legal step at random, each with the same chance as with [`Game::legal_steps`]
/// listed and one picked, but cheaper: playouts and random games spend most of their time here.
impl Wells {
    /// One of `pts` (as `step`) or `extra`, uniformly.
    pub(super) fn random_point<R: rand::Rng + ?Sized>(
        pts: &Bits,
        extra: Option<Step>,
        step: fn(u16) -> Step,
        rng: &mut R,
    ) -> Option<Step> {
        let n = pts.count() as usize;
        let e = usize::from(extra.is_some());
        if n + e == 0 {
            return None;
        }
        let k = rng.random_range(0..n + e);
        match pts.nth(k) {
            Some(p) => Some(step(p as u16)),
            None => extra,
        }
    }

    /// A legal jump of a piece of `pieces` (see [`Wells::for_each_jump_from`]) or `other`,
    /// uniformly, by rejection: draw from `other` and every (piece, direction) that could be a
    /// jump (over a friendly neighbour, landing on the board), until the draw is `other` or a
    /// legal jump. Every legal option has the same chance at each draw, so the result is
    /// uniform; after `TRIES` rejections (64 in play; fewer in a test of that path) the options
    /// are listed, which is uniform as well.
    pub(super) fn random_jump_or<const TRIES: usize, R: rand::Rng + ?Sized>(
        &self,
        pieces: &Bits,
        other: Step,
        rng: &mut R,
    ) -> Step {
        // The pieces with a (piece, direction) to try, each with its directions as a mask
        // (at most 60 pieces, W2); the candidates are numbered piece by piece, directions
        // rising, and a draw is found by walking the masks: no list of every candidate is
        // written.
        let c = self.jumps_of(pieces);
        self.random_jump_in::<TRIES, R>(&c, other, rng)
    }

    /// [`Wells::random_jump_or`] with its (piece, direction) pairs already listed.
    pub(super) fn random_jump_in<const TRIES: usize, R: rand::Rng + ?Sized>(
        &self,
        c: &Cands,
        other: Step,
        rng: &mut R,
    ) -> Step {
        let total = c.total as usize;
        for _ in 0..TRIES {
            let mut r = rng.random_range(0..=total);
            if r == total {
                return other;
            }
            let mut i = 0;
            loop {
                let n = c.mask[i].count_ones() as usize;
                if r < n {
                    break;
                }
                r -= n;
                i += 1;
            }
            let (from, mut m) = (c.from[i] as usize, c.mask[i]);
            for _ in 0..r {
                m &= m - 1;
            }
            if let Some(to) = self.jump_landing(from, m.trailing_zeros() as usize) {
                return Step::Jump(from as u16, to as u16);
            }
        }
        self.random_listed_step(rng).unwrap_or(other)
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
                Some(buf[rng.random_range(0..buf.len())])
            }
        })
    }

    /// Uniform over the legal steps (`Game::random_step`), drawn without listing them where
    /// that is costly: see [`Wells::random_listed_step`] and [`Wells::random_jump_or`].
    pub(super) fn draw_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        let st = &self.st;
        // At a turn start the pass is one more option (W5).
        let pass = st.fresh.then_some(Step::Pass);
        match st.phase {
            Phase::Over => None,
            Phase::Growth => Self::random_point(&self.grow_points(), pass, Step::Grow, rng),
            Phase::NewGroup => {
                Self::random_point(&self.new_group_points(), pass, Step::NewGroup, rng)
            }
            Phase::Move => {
                let end = pass.unwrap_or(Step::EndMovement);
                Some(self.random_jump_in::<64, _>(&st.cands, end, rng))
            }
            Phase::Moving if st.jumps_left > 0 => {
                Some(self.random_jump_or::<64, _>(&st.moving, Step::EndGroup, rng))
            }
            _ => self.random_listed_step(rng),
        }
    }
}
