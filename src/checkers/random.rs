//! Random draws (GC3, GC4): one legal step drawn uniformly without listing the steps (what
//! playouts and random games spend their time on), and one whole move drawn uniformly among all
//! legal moves without listing them (COIN's capture chains are counted, `turns/chains/mod.rs`).

use rand::Rng;

use super::bits::pairs;
use super::lattice::NONE;
use super::steps::Step;
use super::turns::{pick_coin_move, Turn};
use super::Checkers;
use crate::game::{Position, Side};
use crate::select::select_by_halves;

impl Checkers {
    /// A uniformly random legal next step, `None` when there is none (game over).
    pub(crate) fn random_step_of<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        match self.side {
            Side::P1 => {
                let b = if self.pending == NONE {
                    self.first_stone_points()
                } else {
                    self.second_stone_points()
                };
                let n = b.count_ones();
                (n > 0).then(|| Step::Stone(select_by_halves(b, rng.random_range(0..n))))
            }
            Side::P2 if self.chain == NONE => {
                // The `k`-th hop in the order of `steps`, found by counting, not listing.
                let hops = self.start_hops();
                let n: u32 = hops.iter().map(|h| h.count_ones()).sum();
                if n == 0 {
                    return None;
                }
                let mut k = rng.random_range(0..n as usize) as u32;
                let mut b = hops[0] | hops[1] | hops[2] | hops[3];
                loop {
                    let from = b.trailing_zeros();
                    b &= b - 1;
                    let m = Checkers::dirs_at(&hops, from);
                    let here = m.count_ones();
                    if k < here {
                        return Some(Step::Hop {
                            from: from as u8,
                            dir: select_by_halves(u64::from(m), k),
                        });
                    }
                    k -= here;
                }
            }
            Side::P2 => {
                let m = self.capture_dirs(self.chain);
                let n = m.count_ones();
                (n > 0).then(|| Step::Hop {
                    from: self.chain,
                    dir: select_by_halves(m as u64, rng.random_range(0..n)),
                })
            }
        }
    }

    /// A whole move drawn uniformly among the legal moves from this turn start (GC3, GC4),
    /// `None` when there is none or mid-turn, without listing the moves: a pair is one draw
    /// over the pair bitboards, a COIN path one draw of `pick_coin_move` (random games by
    /// whole turns: `benches/checkers_games.rs`, and test positions).
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Turn> {
        if !self.at_turn_start() {
            return None;
        }
        match self.side {
            Side::P1 => {
                let (h, v) = pairs(self.stones, self.hand, self.first);
                let (nh, nv) = (h.count_ones(), v.count_ones());
                if nh + nv == 0 {
                    return None;
                }
                let k = rng.random_range(0..nh + nv);
                Some(if k < nh {
                    let p = select_by_halves(h, k);
                    Turn::Pair(p, p + 1)
                } else {
                    let p = select_by_halves(v, k - nh);
                    Turn::Pair(p, p + 8)
                })
            }
            Side::P2 => pick_coin_move(self.checkers, self.stones, |n| rng.random_range(0..n)),
        }
    }
}
