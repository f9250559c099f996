//! The search plays the tiny games right: wins taken, losses blocked, Nim's theory followed,
//! turns begun elsewhere finished, random players beaten, proofs only of what is true.

use std::sync::atomic::AtomicBool;

use super::*;

#[test]
fn ttt_takes_a_win_in_one() {
    // x to move: 2 wins at once; o threatens 5, and 6/8 ideas exist.
    let pos = TicTacToe::from_cells("xx.oo....");
    for seed in 0..10 {
        for budget in [20, 100, 1000] {
            let (turn, infos) = run(&pos, &nodes(budget), seed);
            assert_eq!(turn, Some(2), "seed {seed} budget {budget}");
            assert_eq!(infos.last().unwrap().best().score, 1.0, "proven win");
        }
    }
}

#[test]
fn ttt_blocks_a_loss_in_one() {
    // o to move: x threatens 0-1-2; any move but 2 loses at once, 2 holds the draw.
    let pos = TicTacToe::from_cells("xx..o....");
    for seed in 0..10 {
        for budget in [50, 300, 2000] {
            let (turn, _) = run(&pos, &nodes(budget), seed);
            assert_eq!(turn, Some(2), "seed {seed} budget {budget}");
        }
    }
}

#[test]
fn ttt_from_the_start_is_a_draw() {
    let pos = TicTacToe::new(&());
    let (turn, infos) = run(&pos, &nodes(50_000), 7);
    assert!(is_legal(&pos, &turn.unwrap()));
    let last = infos.last().unwrap();
    // Random playouts favour x (about +0.3 from the start); the search sees the draw.
    assert!(last.best().score.abs() < 0.15, "{}", last.best().score);
}

#[test]
fn ttt_self_play_is_a_draw() {
    let mut pos = TicTacToe::new(&());
    let mut seed = 0;
    while pos.outcome().is_none() {
        let (turn, _) = run(&pos, &nodes(3000), seed);
        let turn = turn.unwrap();
        assert!(is_legal(&pos, &turn));
        pos.play_turn(&turn).unwrap();
        seed += 1;
    }
    assert_eq!(pos.outcome(), Some(Outcome::Draw), "{}", pos.render());
}

#[test]
fn nim_finds_the_only_winning_two_step_turn() {
    // 3 ^ 5 = 6: the only turn leaving XOR 0 is taking 2 from pile 1 (5 -> 3).
    let pos = Nim::with_piles([3, 5, 0], false);
    for seed in 0..5 {
        let (turn, infos) = run(&pos, &nodes(3000), seed);
        assert_eq!(turn, Some((1, 2)), "seed {seed}");
        let last = infos.last().unwrap();
        assert_eq!(last.best().score, 1.0, "proven win for the side to move");
        assert_eq!(
            pv_tokens(&pos, &last.best().pv)[0],
            "p1t2",
            "the pv is whole turns"
        );
        assert_eq!(
            last.best().depth as usize,
            pv_tokens(&pos, &last.best().pv).len(),
            "depth counts the pv's turns"
        );
    }
}

#[test]
fn nim_losing_position_scores_a_loss() {
    // 1 ^ 2 ^ 3 = 0: the side to move loses whatever it does; the score says so exactly.
    let pos = Nim::with_piles([1, 2, 3], false);
    let (turn, infos) = run(&pos, &nodes(5000), 3);
    assert!(is_legal(&pos, &turn.unwrap()));
    assert_eq!(infos.last().unwrap().best().score, -1.0);
}

#[test]
fn nim_scores_from_the_right_side_after_p2_moves() {
    // The same check from P2's point of view, one turn into the game (P2 to move at 1^2^3).
    let mut pos = Nim::with_piles([1, 2, 5], false);
    pos.play_turn(&(2, 2)).unwrap();
    assert_eq!(pos.side_to_move(), Side::P2);
    let (_, infos) = run(&pos, &nodes(5000), 3);
    assert_eq!(infos.last().unwrap().best().score, -1.0);
    // And a winning one for P2: 1 ^ 2 ^ 4 = 7, take 1 from pile 2.
    let mut pos = Nim::with_piles([1, 2, 5], false);
    pos.play_turn(&(2, 1)).unwrap();
    let (turn, infos) = run(&pos, &nodes(5000), 3);
    assert_eq!(turn, Some((2, 1)));
    assert_eq!(infos.last().unwrap().best().score, 1.0);
}

#[test]
fn nim_self_play_winner_follows_theory() {
    // From a won position the search keeps the win all game long, on both sides' turns.
    let start = Nim::with_piles([2, 3, 4], false); // 2 ^ 3 ^ 4 = 5: P1 wins.
    let mut pos = start.clone();
    let mut seed = 11;
    while pos.outcome().is_none() {
        let (turn, _) = run(&pos, &nodes(4000), seed);
        let turn = turn.unwrap();
        assert!(is_legal(&pos, &turn));
        pos.play_turn(&turn).unwrap();
        seed += 1;
    }
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::P1)));
}

#[test]
fn evaluate_scores_cut_playouts_with_the_right_sign() {
    // Playouts cut at once (cap 0), so only the oracle's ±0.9 guides the search (the solver
    // cannot prove anything in so few iterations). 6 ^ 3 ^ 1 = 4: the only winning turn takes
    // 4 from pile 0 (6 -> 2).
    let pos = Nim::with_piles([6, 3, 1], true);
    let oracle = Params {
        playout_cap: 0,
        ..Params::default()
    };
    for seed in 0..10 {
        let (turn, infos) = run_with(&pos, &nodes(300), &oracle, seed);
        assert_eq!(turn, Some((0, 4)), "seed {seed}");
        assert!(infos.last().unwrap().best().score > 0.3, "seed {seed}");
        assert_eq!(pv_tokens(&pos, &infos.last().unwrap().best().pv)[0], "p0t4");
    }
}

#[test]
fn the_tree_leaves_the_position_as_it_found_it() {
    let pos = Nim::with_piles([5, 6, 7], false);
    let tree = mcts::Tree::new(&pos, Params::default());
    let mut worker = mcts::Worker::new(&tree, SmallRng::seed_from_u64(2));
    for _ in 0..2000 {
        worker.iterate(&tree, &mut || false);
    }
    // The principal variation replays legally from the root, step by step.
    let pv = tree.pv();
    let tokens = pv_tokens(&pos, &pv.steps);
    let p = replay_pv(&pos, &tokens).expect("a legal PV");
    assert!(pv.turns >= 1);
    assert_eq!(pv.turns as usize, tokens.len());
    let _ = p;
}

#[test]
fn game_over_gives_none() {
    let pos = TicTacToe::from_cells("xxxoo....");
    assert_eq!(run(&pos, &nodes(100), 1).0, None);
    let pos = Nim::with_piles([0, 0, 0], false);
    assert_eq!(run(&pos, &nodes(100), 1).0, None);
}

#[test]
fn a_turn_the_tree_does_not_reach_is_finished_greedily() {
    // No iteration at all: every step of the turn comes from the greedy finisher, which takes
    // a win at once and otherwise follows `evaluate` (here Nim's oracle) on both steps.
    for seed in 0..5 {
        let win = TicTacToe::from_cells("xx.oo....");
        assert_eq!(run(&win, &nodes(0), seed).0, Some(2));
        let nim = Nim::with_piles([6, 3, 1], true);
        assert_eq!(run(&nim, &nodes(0), seed).0, Some((0, 4)));
    }
    // With the default `evaluate` (0), the ties are broken at random, but legally.
    let nim = Nim::with_piles([6, 3, 1], false);
    let turns: std::collections::HashSet<_> = (0..20)
        .map(|seed| run(&nim, &nodes(0), seed).0.unwrap())
        .collect();
    assert!(turns.len() > 3);
    assert!(turns.iter().all(|t| is_legal(&nim, t)));
}

#[test]
fn the_tree_search_finishes_a_turn_begun_elsewhere() {
    // P1 chose pile 1 of [3, 5, 0] (the right pile): the search finishes with the right take.
    let mut pos = Nim::with_piles([3, 5, 0], false);
    pos.apply(NimStep::Pile(1), None);
    assert!(!pos.at_turn_start());
    let stop = AtomicBool::new(false);
    let search = |pos: &Nim| {
        let request = Request {
            limits: nodes(2000),
            seed: 1,
            ..Request::new(pos, &stop)
        };
        TreeSearch::with_params(Params::default())
            .run(request, &mut |_| {})
            .steps
    };
    assert_eq!(search(&pos), [NimStep::Take(2)]);
    // From the turn start, the steps are the whole turn.
    let pos = Nim::with_piles([3, 5, 0], false);
    assert_eq!(search(&pos), [NimStep::Pile(1), NimStep::Take(2)]);
}

/// The turn search, at a turn start and in the middle of a turn: with Nim's exact evaluation
/// (the oracle) it plays the only turn that leaves the piles' XOR at zero, and finishes the turn
/// begun on the right pile with the right take.
#[test]
fn the_turn_search_plays_whole_turns_and_finishes_a_turn_begun() {
    let stop = AtomicBool::new(false);
    let search = |pos: &Nim| {
        let request = Request {
            limits: nodes(500),
            seed: 3,
            ..Request::new(pos, &stop)
        };
        let mut last = Info::default();
        let answer = TurnSearch::default().run(request, &mut |i| last = i.clone());
        (answer.steps, last)
    };
    let pos = Nim::with_piles([3, 5, 0], true);
    let (steps, last) = search(&pos);
    assert_eq!(steps, [NimStep::Pile(1), NimStep::Take(2)]);
    assert_eq!(last.best().pv[..2], steps[..]);
    let mut begun = pos.clone();
    begun.apply(NimStep::Pile(1), None);
    let (steps, last) = search(&begun);
    assert_eq!(steps, [NimStep::Take(2)]);
    assert!(last.nodes > 0 && last.best().score > 0.0, "{last:?}");
}

#[test]
fn ttt_search_never_loses_to_a_random_player() {
    let start = TicTacToe::new(&());
    let mut lost = 0;
    for g in 0..20 {
        let me = if g % 2 == 0 { Side::P1 } else { Side::P2 };
        let mut pos = start.clone();
        let mut rng = SmallRng::seed_from_u64(g);
        let mut ply = 0;
        while pos.outcome().is_none() {
            let turn = if pos.side_to_move() == me {
                run(&pos, &nodes(2000), g * 100 + ply).0.unwrap()
            } else {
                random_turn(&pos, &mut rng)
            };
            pos.play_turn(&turn).unwrap();
            ply += 1;
        }
        if pos.outcome() == Some(Outcome::Win(me.opponent())) {
            lost += 1;
        }
    }
    assert_eq!(lost, 0);
    // And wins most games against it, on both sides.
    assert!(against_random(&start, 10, [2000, 2000], true) >= 7);
}

/// Threads sharing one tree (four of them, on however many cores there are): on every small
/// Nim position, a proof agrees with the theory (the side to move wins iff the piles' XOR is
/// not zero), the node budget is exact and the turn legal; a position the theory says is won
/// is won by the turn played once the root is proven.
#[test]
fn threads_sharing_a_tree_prove_only_what_is_true() {
    let config = Config {
        threads: 4,
        ..Config::default()
    };
    let stop = AtomicBool::new(false);
    let mut proofs = 0;
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 1..5u8 {
                let pos = Nim::with_piles([a, b, c], false);
                let mut last = Info::default();
                let request = Request {
                    limits: nodes(3000),
                    config,
                    seed: 7,
                    ..Request::new(&pos, &stop)
                };
                let turn = request
                    .run(&mut |i| last = i.clone())
                    .turn(&pos)
                    .expect("a legal turn");
                assert!(is_legal(&pos, &turn));
                assert_eq!(last.nodes, 3000, "{a} {b} {c}");
                let wins = pos.winning();
                if let Some((v, _)) = last.best().proven {
                    proofs += 1;
                    assert_eq!(v == 1, wins, "{a} {b} {c}: proven {v}");
                    if v == 1 {
                        let mut next = pos.clone();
                        next.play_turn(&turn).unwrap();
                        assert!(!next.winning(), "{a} {b} {c}: a winning turn");
                    }
                }
            }
        }
    }
    assert!(proofs > 20, "small positions get proven: {proofs}");
}

/// Guerrilla Checkers (GC2–GC5): the search plays legal turns and beats a random player on both
/// sides. (A random COIN beats a random Guerrilla almost always, so the Guerrilla gets more nodes.)
#[test]
fn checkers_search_beats_a_random_player() {
    use crate::checkers::Checkers;
    let start = Checkers::new(&Default::default());
    let won = against_random(&start, 6, [1500, 300], true);
    assert!(won >= 5, "won {won} of 6");
}
