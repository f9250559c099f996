//! The set of the mover's pieces met when the kills begin, for `canon.rs` (W7): bare bitsets
//! of the board's points, one more bit marking a used slot, open addressing with linear
//! probing; it says what each insertion allocated, for the budget.

use super::super::bits::Bits;
use crate::mix::mix;

/// A set of the mover's piece sets (as bitsets of `words` words, one more bit marking a used
/// slot), open addressing with linear probing.
pub(super) struct OwnSet {
    words: usize,
    /// The bit that marks a used slot, at index `points` of the key.
    mark: usize,
    slots: Vec<u64>,
    len: usize,
}

impl OwnSet {
    pub(super) fn new(points: usize) -> Self {
        OwnSet {
            words: (points + 1).div_ceil(64),
            mark: points,
            slots: Vec::new(),
            len: 0,
        }
    }

    fn capacity(&self) -> usize {
        self.slots.len() / self.words
    }

    fn key(&self, b: &Bits) -> Bits {
        let mut k = *b;
        k.set(self.mark);
        k
    }

    fn hash(&self, k: &Bits) -> usize {
        let mut h = 0;
        for &x in &k.0[..self.words] {
            h = mix(h ^ x);
        }
        h as usize
    }

    /// The slot of `k`, or the empty slot where it would go.
    fn find(&self, k: &Bits) -> usize {
        let cap = self.capacity();
        let mut i = self.hash(k) & (cap - 1);
        let w = self.words;
        loop {
            let slot = &self.slots[i * w..(i + 1) * w];
            if slot[w - 1] == 0 || slot == &k.0[..w] {
                return i;
            }
            i = (i + 1) & (cap - 1);
        }
    }

    /// Inserts `b`: `Some(bytes newly allocated)` when it was not there, `None` when it was.
    pub(super) fn insert(&mut self, b: &Bits) -> Option<usize> {
        let k = self.key(b);
        let w = self.words;
        let mut grown = 0;
        if self.len > 0 {
            let i = self.find(&k);
            if self.slots[i * w..(i + 1) * w] == k.0[..w] {
                return None;
            }
        }
        if (self.len + 1) * 4 > self.capacity() * 3 {
            grown = self.grow();
        }
        let i = self.find(&k);
        self.slots[i * w..(i + 1) * w].copy_from_slice(&k.0[..w]);
        self.len += 1;
        Some(grown)
    }

    /// Doubles the table; the bytes added.
    fn grow(&mut self) -> usize {
        let old = std::mem::take(&mut self.slots);
        let cap = (2 * (old.len() / self.words)).max(64);
        self.slots = vec![0; cap * self.words];
        for k in old.chunks(self.words) {
            if k[self.words - 1] != 0 {
                let mut b = Bits::EMPTY;
                b.0[..self.words].copy_from_slice(k);
                let i = self.find(&b);
                self.slots[i * self.words..(i + 1) * self.words].copy_from_slice(k);
            }
        }
        (self.slots.len() - old.len()) * 8
    }
}
