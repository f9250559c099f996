//! perft with divide, for any [`Game`] (GC6, W7): one ply is one whole turn.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::{Notation, PerftAbort, Rules};

/// perft divide: for every legal turn from `pos`, in the order of its canonical token,
/// `line(token, count)` with the number of leaves `depth - 1` turns below it, as soon as it is
/// counted; returns the total. `depth == 0` counts the position itself (no lines, total 1).
/// Gives up as [`Rules::perft_within`] does.
pub fn divide<G: Notation>(
    pos: &G,
    depth: u32,
    stop: &AtomicBool,
    mut line: impl FnMut(String, u64),
) -> Result<u64, PerftAbort> {
    if depth == 0 {
        return Ok(1);
    }
    let mut turns = Vec::new();
    pos.legal_turns_within(&mut turns, usize::MAX, stop)?;
    let mut named: Vec<(String, G::Turn)> = turns
        .into_iter()
        .map(|t| (pos.format_turn(&t), t))
        .collect();
    named.sort_by(|a, b| a.0.cmp(&b.0));
    let mut total = 0;
    for (token, turn) in named {
        let mut child = pos.clone();
        child
            .play_turn(&turn)
            .expect("legal_turns produced an illegal turn");
        let n = child.perft_within(depth - 1, stop)?;
        total += n;
        line(token, n);
    }
    Ok(total)
}

/// perft by whole turns: lists the turns (within the game's budget), plays each, and asks the
/// child for `depth - 1` through [`Rules::perft_within`]; checks `stop` before every turn.
pub fn by_turns<G: Rules>(pos: &G, depth: u32, stop: &AtomicBool) -> Result<u64, PerftAbort> {
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
