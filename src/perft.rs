//! perft with divide, for any [`Game`] (GC6, W7): one ply is one whole turn.

use crate::game::Game;

/// One root turn's token and the leaf count below it.
pub type DivideLine = (String, u64);

/// perft divide: for every legal turn from `pos`, its canonical token and the number of leaves
/// `depth - 1` turns below it, sorted by token; and the total. `depth == 0` counts the position
/// itself (no lines, total 1).
pub fn divide<G: Game>(pos: &G, depth: u32) -> (Vec<DivideLine>, u64) {
    if depth == 0 {
        return (Vec::new(), 1);
    }
    let mut turns = Vec::new();
    pos.legal_turns(&mut turns, usize::MAX);
    let mut lines: Vec<DivideLine> = turns
        .iter()
        .map(|t| {
            let mut child = pos.clone();
            child
                .play_turn(t)
                .expect("legal_turns produced an illegal turn");
            (pos.format_turn(t), child.perft(depth - 1))
        })
        .collect();
    lines.sort();
    let total = lines.iter().map(|(_, n)| n).sum();
    (lines, total)
}
