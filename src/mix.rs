//! The one 64-bit mixer of the house: SplitMix64 (Steele, Lea and Flood), whose finaliser
//! spreads every input bit over the whole output. It draws the games' Zobrist key tables
//! (deterministic, the same in every build, so hashes never change between builds), hashes
//! point sets and small records, and seeds a search's workers.

/// SplitMix64's increment, the golden ratio in 64 bits.
pub const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output for state `z`: the state advanced by [`GOLDEN`], then finalised. A
/// cheap, well-mixing hash step.
#[inline]
pub const fn mix(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One step of the SplitMix64 generator: the next state and this step's output.
#[inline]
pub const fn splitmix(state: u64) -> (u64, u64) {
    (state.wrapping_add(GOLDEN), mix(state))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference outputs of SplitMix64 seeded with 0 (the first three).
    #[test]
    fn splitmix64_reference_values() {
        let (s, a) = splitmix(0);
        let (s, b) = splitmix(s);
        let (_, c) = splitmix(s);
        assert_eq!(
            [a, b, c],
            [
                0xe220_a839_7b1d_cdaf,
                0x6e78_9e6a_a1b9_65f4,
                0x06c4_5d18_8009_454f
            ]
        );
    }
}
