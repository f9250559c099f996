//! The `k`-th set bit of a 64-bit word, found without a loop over its bits, for the random
//! draws of both games (a Guerrilla Checkers stone or hop, a Guerrilla point or jump): which
//! set bit comes `k`-th is data the branch predictor cannot learn, so a loop that stops there
//! mispredicts about once a draw. Here the byte that holds the bit is found by the running
//! counts of the bytes, compared all at once, and the bit in that byte by a table.

/// The `k`-th set bit (from 0, below the word's count) of `w`: the byte that holds it (see
/// [`byte_of_rank`]), then the bit in that byte by a table.
#[inline(always)]
pub fn select_in_word(w: u64, k: usize) -> usize {
    let (j, r) = byte_of_rank(w, k);
    8 * j + select_in_byte((w >> (8 * j)) as u8, r)
}

/// Where the `k`-th set bit (from 0, below the word's count) of `w` lies: the byte `j` that
/// holds it and its rank `r` among that byte's set bits. Found by the running counts of the
/// bytes, compared all at once: no loop, so no branch on where the bit lies.
#[inline(always)]
pub fn byte_of_rank(w: u64, k: usize) -> (usize, usize) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut c = w - ((w >> 1) & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
    c = (c + (c >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte j of `upto`: the set bits in bytes 0..=j (at most 64, so it fits in a byte).
    let upto = c.wrapping_mul(ONES);
    let k8 = (k & 63) as u64;
    // The bytes whose running count is at most k come before the one that holds the bit.
    let j = (((ONES * (0x80 + k8)).wrapping_sub(upto) & HIGH).count_ones() as usize).min(7);
    let before = ((upto << 8) >> (8 * j)) & 0xff;
    (j, ((k8 - before.min(k8)) & 7) as usize)
}

/// The `r`-th lowest set bit (from 0) of the byte `b`, `r` below its count (0 past it).
#[inline(always)]
pub fn select_in_byte(b: u8, r: usize) -> usize {
    SELECT8[(r & 7) << 8 | b as usize] as usize
}

/// `SELECT8[256 r + b]`: the `r`-th lowest set bit of the byte `b` (0 past its bits).
static SELECT8: [u8; 8 * 256] = {
    let mut t = [0u8; 8 * 256];
    let mut b = 0;
    while b < 256 {
        let (mut r, mut x) = (0, b);
        while x != 0 {
            t[r * 256 + b] = (x as u32).trailing_zeros() as u8;
            x &= x - 1;
            r += 1;
        }
        b += 1;
    }
    t
};

/// The index of the `k`-th set bit of `b` (0-based); `b` has more than `k` bits set.
#[inline]
pub fn select_by_halves(b: u64, mut k: u32) -> u8 {
    // The half, then the quarter, then the byte that holds it, by population counts (no
    // loop to mispredict); then the bit within the byte from a table. Guerrilla Checkers
    // draws from words with few bits set, where this beats `select_in_word`'s byte counts.
    let mut shift = 0;
    for width in [32, 16, 8] {
        let low = ((b >> shift) & ((1u64 << width) - 1)).count_ones();
        if k >= low {
            k -= low;
            shift += width;
        }
    }
    shift as u8 + select_in_byte((b >> shift) as u8, k as usize) as u8
}

#[cfg(test)]
mod tests {
    use super::{select_by_halves, select_in_word};
    use rand::{Rng, SeedableRng};

    /// `select_in_word` finds the bit a walk over the bits finds, for every rank of many words
    /// (dense, sparse and in between).
    #[test]
    fn select_in_word_is_the_kth_bit() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        for i in 0..4000 {
            let x: u64 = rng.random();
            let w = match i % 4 {
                0 => x,
                1 => x & rng.random::<u64>(),
                2 => x | rng.random::<u64>(),
                _ => x & (x >> 7) & (x >> 13),
            };
            let mut bits = w;
            for k in 0..w.count_ones() as usize {
                assert_eq!(
                    select_in_word(w, k),
                    bits.trailing_zeros() as usize,
                    "{w:x} {k}"
                );
                bits &= bits - 1;
            }
        }
        assert_eq!(select_in_word(u64::MAX, 63), 63);
        assert_eq!(select_in_word(1 << 63, 0), 63);
    }

    #[test]
    fn select_by_halves_counts_from_the_lowest() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        for _ in 0..1000 {
            let b: u64 = rand::Rng::random(&mut rng);
            let mut x = b;
            for k in 0..b.count_ones() {
                assert_eq!(select_by_halves(b, k), x.trailing_zeros() as u8);
                x &= x - 1;
            }
        }
        assert_eq!(select_by_halves(1u64 << 63, 0), 63);
    }
}
