//! A fixed-size bitset over the points of a board (up to 448 points; side 12 has 397), and
//! [`Words`], its first few words, for set work on boards that fit in them (side 8: three).

use crate::mix::mix;
use crate::select::select_in_word;

/// Number of 64-bit words: 7 × 64 = 448 ≥ 397 points (side 12, W1).
pub const WORDS: usize = 7;

/// A set of points, one bit per point index.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct Bits(pub [u64; WORDS]);

impl Bits {
    pub const EMPTY: Bits = Bits([0; WORDS]);

    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    pub fn and(&self, o: &Bits) -> Bits {
        let mut r = *self;
        for i in 0..WORDS {
            r.0[i] &= o.0[i];
        }
        r
    }
    #[inline]
    pub fn or(&self, o: &Bits) -> Bits {
        let mut r = *self;
        for i in 0..WORDS {
            r.0[i] |= o.0[i];
        }
        r
    }
    #[inline]
    pub fn andnot(&self, o: &Bits) -> Bits {
        let mut r = *self;
        for i in 0..WORDS {
            r.0[i] &= !o.0[i];
        }
        r
    }
    /// Adds the points of `o` found in its first `N` words (all of them when the board fits
    /// in `N` words, [`Bits::fits`]).
    #[inline(always)]
    pub fn or_words<const N: usize>(&mut self, o: &Bits) {
        for i in 0..N {
            self.0[i] |= o.0[i];
        }
    }
    /// True when the two sets share a point.
    #[inline]
    pub fn meets(&self, o: &Bits) -> bool {
        (0..WORDS).any(|i| self.0[i] & o.0[i] != 0)
    }
    /// The lowest point index in the set.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }
    /// The `k`-th point of the set in increasing order (from 0), if the set has more than `k`.
    #[inline]
    pub fn nth(&self, k: usize) -> Option<usize> {
        nth_in_words(&self.0, k)
    }
    /// The point indices in increasing order.
    #[inline]
    pub fn iter(&self) -> BitsIter {
        // The words that hold a point, as a mask: the iterator jumps from one to the next
        // instead of testing every word (most sets here are a few points on a large board).
        let mut nonzero = 0u8;
        for (i, &w) in self.0.iter().enumerate() {
            nonzero |= u8::from(w != 0) << i;
        }
        BitsIter {
            words: self.0,
            nonzero,
            word: 0,
            bits: 0,
        }
    }
    /// [`Bits::count`] of a set of a board of `len` points: on three words when they hold it
    /// (side 8, [`Bits::fits`]).
    #[inline(always)]
    pub fn count_on(&self, len: usize) -> u32 {
        if Bits::fits(len, 3) {
            self.0[..3].iter().map(|w| w.count_ones()).sum()
        } else {
            self.count()
        }
    }
    /// [`Bits::nth`] of a set of a board of `len` points, on three words when they hold it.
    #[inline(always)]
    pub fn nth_on(&self, len: usize, k: usize) -> Option<usize> {
        if Bits::fits(len, 3) {
            Words::<3>::of(self).bits_nth(k)
        } else {
            self.nth(k)
        }
    }
    /// True when `len` points fit in `n` words: the board's sets can be worked on as
    /// [`Words`]`<n>`.
    #[inline(always)]
    pub const fn fits(len: usize, n: usize) -> bool {
        len <= 64 * n
    }

    /// A 64-bit digest of the set (for the partial-turn part of the hash).
    pub fn digest(&self, salt: u64) -> u64 {
        let mut h = salt;
        for &w in &self.0 {
            h = mix(h ^ w);
        }
        h
    }
}

/// The first `N` words of a [`Bits`]: set work on a board whose points fit in them (side 8:
/// 169 points in 3 words) is done on `Words<N>`, monomorphised for the board's size, rather
/// than on all seven words (see [`Bits::fits`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Words<const N: usize>(pub [u64; N]);

impl<const N: usize> Words<N> {
    pub const EMPTY: Self = Words([0; N]);

    /// The first `N` words of `b`.
    #[inline(always)]
    pub fn of(b: &Bits) -> Self {
        let mut w = [0; N];
        w.copy_from_slice(&b.0[..N]);
        Words(w)
    }
    #[inline(always)]
    pub fn or(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..N {
            r.0[i] |= o.0[i];
        }
        r
    }
    #[inline(always)]
    pub fn and(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..N {
            r.0[i] &= o.0[i];
        }
        r
    }
    #[inline(always)]
    pub fn andnot(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..N {
            r.0[i] &= !o.0[i];
        }
        r
    }
    /// The number of points of the set below point `i` (the index of `i` among them when it is
    /// in the set).
    #[inline(always)]
    pub fn rank(&self, i: usize) -> u32 {
        let w = i >> 6;
        let below: u32 = self.0[..w].iter().map(|x| x.count_ones()).sum();
        below + (self.0[w] & ((1u64 << (i & 63)) - 1)).count_ones()
    }
    /// Calls `f` on each point in increasing order.
    #[inline(always)]
    pub fn for_each(self, mut f: impl FnMut(usize)) {
        for (i, &w) in self.0.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                f(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }
    /// The `k`-th point in increasing order (from 0), if there are more than `k`.
    #[inline(always)]
    pub fn bits_nth(&self, k: usize) -> Option<usize> {
        nth_in_words(&self.0, k)
    }
    /// As a [`Bits`] (the words past `N` empty).
    #[inline(always)]
    pub fn bits(self) -> Bits {
        let mut b = Bits::EMPTY;
        b.0[..N].copy_from_slice(&self.0);
        b
    }
}

/// The `k`-th set bit (from 0) of the words read as one set, word 0 lowest, if there are
/// more than `k`. The word by the running counts, the bit in it by [`select_in_word`]: no
/// loop over the bits, so no branch on where the bit lies.
#[inline(always)]
fn nth_in_words(words: &[u64], mut k: usize) -> Option<usize> {
    for (i, &w) in words.iter().enumerate() {
        let n = w.count_ones() as usize;
        if k < n {
            return Some(i * 64 + select_in_word(w, k));
        }
        k -= n;
    }
    None
}

/// Iterator over the indices of a [`Bits`].
pub struct BitsIter {
    words: [u64; WORDS],
    /// The words not yet started that hold a point (bit `i` for word `i`).
    nonzero: u8,
    /// The word being read, and its points not yet returned.
    word: usize,
    bits: u64,
}

impl Iterator for BitsIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.bits == 0 {
            if self.nonzero == 0 {
                return None;
            }
            self.word = self.nonzero.trailing_zeros() as usize;
            self.nonzero &= self.nonzero - 1;
            self.bits = self.words[self.word];
        }
        let b = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.word * 64 + b)
    }
}
