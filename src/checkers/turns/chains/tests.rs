//! The counts and draws of `mod.rs` checked against the chains walked one by one and the
//! moves listed by `turns/mod.rs`, on game positions and on dense boards.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::super::super::bits::pairs;
use super::*;
use crate::checkers::lattice::{ALL_POINTS, CROSS, DARK, NONE, STEP};
use crate::checkers::Checkers;
use crate::game::prelude::*;
use crate::game::Side;

/// Turn starts of 60 seeded random games (each turn drawn by [`random_move`]), COIN's and
/// the Guerrilla's.
fn game_positions() -> Vec<Checkers> {
    crate::checkers::turns::random_turn_starts(60)
}

/// COIN to move on boards a game may never reach: 1 to 6 checkers on random dark squares
/// and each interior point a stone with probability 1/4 to 3/4, so that chains branch and
/// cross each other (cycles in the capture graph) far more than in random games.
fn dense_positions() -> Vec<(u64, u64)> {
    let mut rng = SmallRng::seed_from_u64(29);
    let mut out = Vec::new();
    while out.len() < 400 {
        let mut checkers = 0u64;
        for _ in 0..rng.random_range(1..=6) {
            checkers |= 1u64 << select_by_halves(DARK, rng.random_range(0..32));
        }
        let density = rng.random_range(1..=3);
        let mut stones = 0u64;
        for p in 0..64 {
            if ALL_POINTS & (1u64 << p) != 0 && rng.random_range(0..4) < density {
                stones |= 1u64 << p;
            }
        }
        // Keep the lists short enough to compare (the count is checked first).
        if coin_count(checkers, stones, &mut Tally::unlimited()) <= 5_000 {
            out.push((checkers, stones));
        }
    }
    out
}

/// The number of ways a chain from `sq` can end, by walking every one: the rule (GC4)
/// with no shortcut.
fn trails(sq: u32, graph: u64) -> u64 {
    let next = graph & CORNERS[sq as usize];
    if next == 0 {
        return 1;
    }
    let mut n = 0;
    let mut rest = next;
    while rest != 0 {
        let p = rest.trailing_zeros();
        rest &= rest - 1;
        n += trails(across(sq, p), graph & !(1u64 << p));
    }
    n
}

/// The independent cycles (edges − squares + 1) of the part of `graph` reachable from
/// `sq`.
fn cycles(sq: u32, graph: u64) -> u32 {
    let (reach, edges) = component(sq, graph);
    edges.count_ones() + 1 - reach.count_ones()
}

/// Every count of [`chain_ends`] (and so of each shortcut of [`few_cycle_ends`]) is the
/// number of chains walked one by one, for every checker that can capture on the dense
/// boards and in the games, and each shortcut is met many times: components with no
/// cycle, one, two, three and more.
#[test]
fn chain_counts_are_the_chains_walked() {
    let mut seen = [0usize; 5];
    let boards = dense_positions()
        .into_iter()
        .chain(game_positions().into_iter().map(|p| (p.checkers, p.stones)));
    for (checkers, stones) in boards {
        let mut b = capturing(checkers, stones);
        while b != 0 {
            let from = b.trailing_zeros();
            b &= b - 1;
            let graph = capture_graph(checkers & !(1u64 << from), stones);
            assert_eq!(
                chain_ends(from, graph, &mut Tally::unlimited()),
                trails(from, graph),
                "checkers {checkers:#x} stones {stones:#x} from {from}"
            );
            seen[cycles(from, graph).min(4) as usize] += 1;
        }
    }
    assert!(
        seen.iter().all(|&n| n >= 100),
        "components by cycles: {seen:?}"
    );
}

#[test]
fn across_and_direction_are_the_tables() {
    for sq in 0..64u32 {
        for d in 0..4 {
            let c = CROSS[sq as usize][d];
            if c == NONE {
                continue;
            }
            let c = u32::from(c);
            assert_ne!(CORNERS[sq as usize] & (1u64 << c), 0);
            assert_eq!(across(sq, c), u32::from(STEP[sq as usize][d]), "{sq} {d}");
            assert_eq!(direction(sq, c), d as u32, "{sq} {d}");
        }
    }
}

/// The count equals the length of the list, and every index `k < n` draws a different
/// listed move: the draw by index is a bijection onto the legal moves, so a uniform index
/// is a uniform move.
fn check_draws(checkers: u64, stones: u64, list: &mut [Turn], what: &str) -> usize {
    let n = coin_count(checkers, stones, &mut Tally::unlimited());
    assert_eq!(n, list.len() as u64, "{what}");
    let mut drawn: Vec<Turn> = (0..n)
        .map(|k| {
            pick_coin_move(checkers, stones, |m| {
                assert_eq!(m, n);
                k
            })
            .expect("COIN has moves")
        })
        .collect();
    drawn.sort();
    list.sort();
    assert_eq!(drawn, list, "{what}");
    drawn
        .iter()
        .filter(|m| matches!(m, Turn::Path { len, .. } if *len > 1))
        .count()
}

#[test]
fn counting_and_drawing_agree_with_the_list() {
    let mut captures = 0;
    for p in game_positions() {
        let mut list = Vec::new();
        p.generate(&mut list);
        let what = p.to_position_string();
        match p.side {
            Side::P1 => {
                let (h, v) = pairs(p.stones, p.hand, p.first);
                assert_eq!(h.count_ones() + v.count_ones(), list.len() as u32, "{what}");
            }
            Side::P2 => captures += check_draws(p.checkers, p.stones, &mut list, &what),
        }
    }
    assert!(captures > 0, "the games reached no capture chain");
}

#[test]
fn counting_and_drawing_agree_with_the_list_on_dense_boards() {
    let (mut captures, mut most) = (0, 0);
    for (checkers, stones) in dense_positions() {
        let mut list = Vec::new();
        let _ = super::super::coin_paths(checkers, stones, &mut |e| {
            list.push(e.to_move());
            std::ops::ControlFlow::Continue(())
        });
        most = most.max(list.len());
        let what = format!("checkers {checkers:#x} stones {stones:#x}");
        captures += check_draws(checkers, stones, &mut list, &what);
    }
    assert!(captures > 10_000, "too few capture chains: {captures}");
    assert!(most > 1_000, "no position with many moves: {most}");
}
