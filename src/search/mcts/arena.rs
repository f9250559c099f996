//! The memory of the search tree: an arena of nodes that the threads of a search grow at once,
//! and each worker's block of nodes reserved from it. It knows nothing of what a node holds:
//! the tree (`tree.rs`) stands on it, not the other way round.

use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::OnceLock;

use crossbeam_utils::CachePadded;

/// Nodes per arena chunk.
pub(super) const CHUNK: usize = 1 << 14;

/// One chunk of the arena.
type Chunk<T> = Box<[T; CHUNK]>;

/// A vector of nodes that threads grow at once: fixed-size chunks, each created by the first
/// thread that needs it, so growing never copies or moves a node.
pub(super) struct Arena<T> {
    chunks: Box<[OnceLock<Chunk<T>>]>,
    /// An empty node, the content of every slot of a new chunk.
    empty: fn() -> T,
    /// Written at every reservation, so on a cache line of its own: every node lookup reads
    /// `chunks`, and a write beside it would take the line from every other thread.
    len: CachePadded<AtomicUsize>,
}

impl<T> Arena<T> {
    /// An arena for at most `cap` nodes, each `empty()` until it is reserved.
    pub(super) fn with_capacity(cap: usize, empty: fn() -> T) -> Self {
        let n = cap.div_ceil(CHUNK).max(1);
        Arena {
            chunks: (0..n).map(|_| OnceLock::new()).collect(),
            empty,
            len: CachePadded::new(AtomicUsize::new(0)),
        }
    }

    pub(super) fn capacity(&self) -> usize {
        self.chunks.len() * CHUNK
    }

    /// Reserves `n` consecutive new empty nodes (fewer when the arena fills up): their
    /// indices, empty when the arena is full. Their chunks exist on return.
    pub(super) fn reserve(&self, n: usize) -> std::ops::Range<usize> {
        let start = self.len.fetch_add(n, Relaxed);
        let end = start.saturating_add(n).min(self.capacity());
        if start >= end {
            return 0..0;
        }
        for c in start / CHUNK..=(end - 1) / CHUNK {
            self.chunks[c].get_or_init(|| {
                let chunk: Box<[T]> = (0..CHUNK).map(|_| (self.empty)()).collect();
                chunk.try_into().ok().expect("a chunk has CHUNK nodes")
            });
        }
        start..end
    }
}

impl<T> std::ops::Index<usize> for Arena<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        &self.chunks[i / CHUNK]
            .get()
            .expect("a published node's chunk exists")[i % CHUNK]
    }
}

/// A worker's own nodes reserved from the arena and the bytes it created since it last added
/// them to the tree's count: the counters every thread writes are touched once every
/// [`Block::NODES`] nodes instead of at each one. With one thread, the nodes are numbered as
/// one at a time would number them.
#[derive(Default)]
pub(super) struct Block {
    pub(super) free: std::ops::Range<usize>,
    pub(super) bytes: usize,
    pub(super) nodes: usize,
}

impl Block {
    /// Nodes reserved at once.
    pub(super) const NODES: usize = 64;

    /// Counts `bytes` more that this worker made (a step list's, say).
    pub(super) fn count_bytes(&mut self, bytes: usize) {
        self.bytes += bytes;
    }
}
