//! perft counts from `tests/data/wells.perft` (W7). Entries up to 300,000 nodes run by default; the
//! larger ones with `cargo test --release -- --ignored`.

use guerrilla::game::perft::{read_cases, PerftCase};
use guerrilla::game::prelude::*;
use guerrilla::wells::{Settings, Wells};

/// The cases of `tests/data/wells.perft`.
pub fn cases() -> Vec<PerftCase> {
    read_cases(include_str!("../data/wells.perft")).expect("the perft file reads")
}

fn check(small: bool) {
    let mut checked = 0;
    for c in cases()
        .into_iter()
        .filter(|c| (c.nodes <= 300_000) == small)
    {
        let pos: Wells = c.position(&Settings::default()).unwrap();
        assert_eq!(pos.to_position_string(), c.start);
        assert_eq!(
            pos.perft(c.depth, None).unwrap(),
            c.nodes,
            "{} depth {}",
            c.comment,
            c.depth
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_data_file() {
    let all = cases();
    assert!(all
        .iter()
        .any(|c| c.depth == 1 && c.nodes == 133 && c.start.starts_with("8 ")));
    check(true);
}

#[test]
#[ignore]
fn perft_data_file_large() {
    check(false);
}

/// One turn's enumeration keeps what tells its distinct results apart (W7: the mover's pieces
/// when the kills begin, the movement cache, the turns listed); past its memory budget it
/// gives up with `TooLarge` naming the position and the budget, and a set stop flag ends it.
/// The same count comes out under any budget large enough.
#[test]
fn perft_gives_up_past_its_memory_budget_or_when_stopped() {
    use guerrilla::game::PerftAbort;
    use guerrilla::game::ENUMERATION_BUDGET;
    use std::sync::atomic::AtomicBool;

    // fig 26, perft 1 = 2137 (tests/data/wells.perft).
    let fen = "5 ...../....../......./......../....WWB../....B.../......./....../..... w 3 0";
    let pos = Wells::from_position_string(fen, &Settings::default()).unwrap();
    let go = AtomicBool::new(false);
    assert_eq!(pos.perft(1, Some(&go)), Ok(2137));
    assert_eq!(pos.perft_with_budget(1, ENUMERATION_BUDGET, &go), Ok(2137));
    assert_eq!(pos.perft_with_budget(1, 4 << 20, &go), Ok(2137));
    match pos.perft_with_budget(1, 20_000, &go) {
        Err(PerftAbort::TooLarge(why)) => assert_eq!(
            why,
            format!(
                "one turn from '{fen}' reaches more distinct states than fit in 20000 bytes (W7)"
            )
        ),
        other => panic!("{other:?}"),
    }
    // Depth 2: the budget is per turn, so a turn below the root that is too large is reported
    // with its own position.
    match pos.perft_with_budget(2, 100_000, &go) {
        Err(PerftAbort::TooLarge(why)) => assert!(why.starts_with("one turn from '5 "), "{why}"),
        other => panic!("{other:?}"),
    }
    let stopped = AtomicBool::new(true);
    assert_eq!(pos.perft(2, Some(&stopped)), Err(PerftAbort::Stopped));
    let mut turns = Vec::new();
    assert_eq!(
        pos.legal_turns(&mut turns, usize::MAX, Some(&stopped)),
        Err(PerftAbort::Stopped)
    );
    assert!(
        turns.len() <= 1,
        "{} turns listed after the stop",
        turns.len()
    );
    turns.clear();
    assert_eq!(pos.legal_turns(&mut turns, usize::MAX, Some(&go)), Ok(true));
    assert_eq!(turns.len(), 2137);
}

/// The enumeration budget holds for the whole count: the enumerations nested by a
/// deeper perft share it. The smallest budget that counts perft 1 of fig 26 cannot also hold
/// the turns below it at depth 2.
#[test]
fn perft_budget_holds_for_the_whole_count() {
    use guerrilla::game::PerftAbort;
    use std::sync::atomic::AtomicBool;
    let fen = "5 ...../....../......./......../....WWB../....B.../......./....../..... w 3 0";
    let pos = Wells::from_position_string(fen, &Settings::default()).unwrap();
    let go = AtomicBool::new(false);
    let (mut lo, mut hi) = (1usize, 4 << 20);
    assert_eq!(pos.perft_with_budget(1, hi, &go), Ok(2137));
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        match pos.perft_with_budget(1, mid, &go) {
            Ok(n) => {
                assert_eq!(n, 2137);
                hi = mid;
            }
            Err(PerftAbort::TooLarge(_)) => lo = mid,
            Err(e) => panic!("{e}"),
        }
    }
    match pos.perft_with_budget(2, hi, &go) {
        Err(PerftAbort::TooLarge(why)) => assert!(why.contains(&format!("{hi} bytes")), "{why}"),
        other => panic!("depth 2 within the budget of depth 1 alone: {other:?}"),
    }
}

/// A mid-game side-8 turn (turn 10 of a game of random steps, seed 0 of `benches/perft_turns.rs
/// --find`) with 5,760,990 distinct results, counted within the budget by the count alone
/// (about 11 s of CPU time) and by the list of turns the divide uses (the budget then holds
/// the turns too). More such positions, with the time and memory of each build that counted
/// them: `benches/data/perft-turns-guerrilla.txt`.
#[test]
#[ignore]
fn a_mid_game_side_8_turn_counts_within_the_budget() {
    use std::sync::atomic::AtomicBool;
    let fen = "8 ..W...../..W.W..W./....W...W./W........../W.........../...W........./......BB....../.............../............../............B/...........B/.........../........../..B....../........ b 10 0";
    let pos = Wells::from_position_string(fen, &Settings::default()).unwrap();
    let go = AtomicBool::new(false);
    assert_eq!(pos.perft(1, Some(&go)), Ok(5_760_990));
    let mut turns = Vec::new();
    assert_eq!(pos.legal_turns(&mut turns, usize::MAX, Some(&go)), Ok(true));
    assert_eq!(turns.len(), 5_760_990);
}

/// A perft as deep as allowed does not overflow a stack the size of the engine's worker
/// (2 MiB): it goes depth first, so the deepest turns are reached at once; a stop ends it.
/// One turn deeper is refused at once with a clear reason (`perft 89` on side 4 and
/// `perft 4294967295` must not abort the process).
#[test]
fn perft_depth_limit_and_the_stack_at_the_limit() {
    use guerrilla::game::PerftAbort;
    use guerrilla::game::MAX_PERFT_DEPTH;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let pos = Wells::new(&Settings::new(4, 400).unwrap());
    for depth in [MAX_PERFT_DEPTH + 1, 89, u32::MAX] {
        match pos.perft(depth, None) {
            Err(PerftAbort::TooLarge(why)) => {
                assert!(why.starts_with(&format!("depth {depth} is past")), "{why}")
            }
            other => panic!("{other:?}"),
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let s = Arc::clone(&stop);
    let worker = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || pos.perft(MAX_PERFT_DEPTH, Some(&s)))
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    stop.store(true, Ordering::Relaxed);
    assert_eq!(worker.join().unwrap(), Err(PerftAbort::Stopped));
}
