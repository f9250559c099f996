//! perft with divide, for any [`Game`] (GC6, W7): one ply is one whole turn.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::{Game, PerftAbort};

/// One root turn's token and the leaf count below it.
pub type DivideLine = (String, u64);

/// perft divide: for every legal turn from `pos`, its canonical token and the number of leaves
/// `depth - 1` turns below it, sorted by token; and the total. `depth == 0` counts the position
/// itself (no lines, total 1). Gives up as [`Game::perft_within`] does.
pub fn divide<G: Game>(
    pos: &G,
    depth: u32,
    stop: &AtomicBool,
) -> Result<(Vec<DivideLine>, u64), PerftAbort> {
    if depth == 0 {
        return Ok((Vec::new(), 1));
    }
    let mut turns = Vec::new();
    pos.legal_turns_within(&mut turns, usize::MAX, stop)?;
    let mut lines = Vec::with_capacity(turns.len());
    for t in &turns {
        let mut child = pos.clone();
        child
            .play_turn(t)
            .expect("legal_turns produced an illegal turn");
        lines.push((pos.format_turn(t), child.perft_within(depth - 1, stop)?));
    }
    lines.sort();
    let total = lines.iter().map(|(_, n)| n).sum();
    Ok((lines, total))
}

/// perft by whole turns: lists the turns (within the game's budget), plays each, and asks the
/// child for `depth - 1` through [`Game::perft_within`]; checks `stop` before every turn.
pub fn by_turns<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Result<u64, PerftAbort> {
    if stop.load(Ordering::Relaxed) {
        return Err(PerftAbort::Stopped);
    }
    if depth == 0 {
        return Ok(1);
    }
    let mut turns = Vec::new();
    pos.legal_turns_within(&mut turns, usize::MAX, stop)?;
    if depth == 1 {
        return Ok(turns.len() as u64);
    }
    let mut total = 0;
    for t in &turns {
        let mut child = pos.clone();
        child
            .play_turn(t)
            .expect("legal_turns produced an illegal turn");
        total += child.perft_within(depth - 1, stop)?;
    }
    Ok(total)
}
