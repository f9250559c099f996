//! The limits both games' enumerations keep to, in one place: what `perft`, the `legal` list
//! of whole turns and the greedy player may hold in memory, and how deep a perft may go
//! (protocol.md § 1, Limits).

/// The memory, in bytes, that enumerating one turn's results may keep before it gives up with
/// [`super::PerftAbort::TooLarge`] (perft, the `legal` list, the greedy player), the same for
/// both games:
///
/// * Guerrilla (W7): the distinct sets of the mover's pieces met when the kills begin, the
///   cache of the groups' movements and the turns listed, for a whole count (the nested
///   enumerations of a deeper perft share it). A turn with a dozen groups free to move has
///   hundreds of millions of distinct results, which no machine lists.
/// * Guerrilla Checkers (GC4): the COIN moves listed, each charged what a divide keeps of it
///   (`checkers::LISTED_MOVE_BYTES`: the move, its token and its place in the sorted list).
///   With no maximum-capture rule a checker in a field of stones has tens of millions of
///   capture paths; they are counted without being listed, but a list of them stops here.
pub const ENUMERATION_BUDGET: usize = 1 << 30;

/// The deepest perft, in whole turns, for both games: a Guerrilla turn of depth nests one
/// turn's enumeration (a recursion a few dozen steps deep) on the stack of the thread that
/// counts, and at about 90 turns it overflowed the engine's 2 MiB worker stack; no count this
/// deep could finish in either game (even two options a turn make 2^24 leaves), so a deeper
/// perft is refused at once.
pub const MAX_PERFT_DEPTH: u32 = 24;

/// A number of bytes as an error line gives it: `1024 MiB`, or `4096 bytes` under a MiB.
pub fn budget_text(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// The error of a perft asked deeper than [`MAX_PERFT_DEPTH`].
pub fn too_deep(depth: u32) -> super::PerftAbort {
    super::PerftAbort::TooLarge(format!(
        "depth {depth} is past the deepest perft counted, {MAX_PERFT_DEPTH} turns"
    ))
}
