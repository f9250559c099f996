//! Tests of the search on the tiny games of [`super::testgames`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::*;
use crate::game::prelude::*;
use crate::game::Outcome;
use crate::protocol::wire::{pv_tokens, PARTIAL_MARK};
use crate::testgames::{self as testgames, Nim, NimStep, Ttt};

/// Plays a principal variation from `pos`: whole turn tokens, the last one possibly a partial
/// turn (its step texts joined by `,`, marked with [`PARTIAL_MARK`]).
fn replay_pv<G: Game + SearchHints>(pos: &G, pv: &[String]) -> Result<G, String> {
    let mut p = pos.clone();
    for (i, token) in pv.iter().enumerate() {
        if let Some(partial) = token.strip_suffix(PARTIAL_MARK) {
            if i + 1 != pv.len() {
                return Err(format!("a partial turn before the end: {token}"));
            }
            for text in partial.split(',') {
                let step = p.parse_step(text).map_err(|e| e.to_string())?;
                p.apply_step(step);
            }
            if p.at_turn_start() {
                return Err(format!("a partial turn that ends the turn: {token}"));
            }
        } else {
            let turn = p.parse_turn(token).map_err(|e| e.to_string())?;
            p.play_turn(&turn).map_err(|e| e.to_string())?;
        }
    }
    Ok(p)
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

/// Runs a search and returns its turn and every `Info` it reported.
fn run<G: Game + SearchHints>(
    pos: &G,
    limits: &Limits,
    seed: u64,
) -> (Option<G::Turn>, Vec<Info<G::Step>>) {
    run_with(pos, limits, &Params::default(), seed)
}

fn run_with<G: Game + SearchHints>(
    pos: &G,
    limits: &Limits,
    params: &Params,
    seed: u64,
) -> (Option<G::Turn>, Vec<Info<G::Step>>) {
    let stop = AtomicBool::new(false);
    let mut infos = Vec::new();
    let turn = search_with(pos, limits, params, &stop, seed, &mut |i| {
        infos.push(i.clone())
    });
    (turn, infos)
}

/// True when `turn` is legal in `pos`: one of its listed legal turns, its text parses back to
/// it, and playing it works.
fn is_legal<G: Game + SearchHints>(pos: &G, turn: &G::Turn) -> bool {
    is_legal_turn(pos, turn, true)
}

/// [`is_legal`], with the listing check only when `listed` (Guerrilla lists one turn per
/// resulting position, W7, so a legal turn built step by step need not be the one listed).
fn is_legal_turn<G: Game + SearchHints>(pos: &G, turn: &G::Turn, listed: bool) -> bool {
    let mut p = pos.clone();
    let round_trip = pos.parse_turn(&pos.format_turn(turn)).as_ref() == Ok(turn);
    let in_list = !listed || {
        let mut all = Vec::new();
        pos.legal_turns(&mut all, usize::MAX);
        all.contains(turn)
    };
    round_trip && in_list && p.play_turn(turn).is_ok()
}

#[test]
fn ttt_takes_a_win_in_one() {
    // x to move: 2 wins at once; o threatens 5, and 6/8 ideas exist.
    let pos = Ttt::from_cells("xx.oo....");
    for seed in 0..10 {
        for budget in [20, 100, 1000] {
            let (turn, infos) = run(&pos, &nodes(budget), seed);
            assert_eq!(turn, Some(2), "seed {seed} budget {budget}");
            assert_eq!(infos.last().unwrap().score, 1.0, "proven win");
        }
    }
}

#[test]
fn ttt_blocks_a_loss_in_one() {
    // o to move: x threatens 0-1-2; any move but 2 loses at once, 2 holds the draw.
    let pos = Ttt::from_cells("xx..o....");
    for seed in 0..10 {
        for budget in [50, 300, 2000] {
            let (turn, _) = run(&pos, &nodes(budget), seed);
            assert_eq!(turn, Some(2), "seed {seed} budget {budget}");
        }
    }
}

#[test]
fn ttt_from_the_start_is_a_draw() {
    let pos = Ttt::new(&());
    let (turn, infos) = run(&pos, &nodes(50_000), 7);
    assert!(is_legal(&pos, &turn.unwrap()));
    let last = infos.last().unwrap();
    // Random playouts favour x (about +0.3 from the start); the search sees the draw.
    assert!(last.score.abs() < 0.15, "{}", last.score);
}

#[test]
fn ttt_self_play_is_a_draw() {
    let mut pos = Ttt::new(&());
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
        assert_eq!(last.score, 1.0, "proven win for the side to move");
        assert_eq!(
            pv_tokens(&pos, &last.pv)[0],
            "p1t2",
            "the pv is whole turns"
        );
        assert_eq!(
            last.depth as usize,
            pv_tokens(&pos, &last.pv).len(),
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
    assert_eq!(infos.last().unwrap().score, -1.0);
}

#[test]
fn nim_scores_from_the_right_side_after_p2_moves() {
    // The same check from P2's point of view, one turn into the game (P2 to move at 1^2^3).
    let mut pos = Nim::with_piles([1, 2, 5], false);
    pos.play_turn(&(2, 2)).unwrap();
    assert_eq!(pos.side_to_move(), Side::P2);
    let (_, infos) = run(&pos, &nodes(5000), 3);
    assert_eq!(infos.last().unwrap().score, -1.0);
    // And a winning one for P2: 1 ^ 2 ^ 4 = 7, take 1 from pile 2.
    let mut pos = Nim::with_piles([1, 2, 5], false);
    pos.play_turn(&(2, 1)).unwrap();
    let (turn, infos) = run(&pos, &nodes(5000), 3);
    assert_eq!(turn, Some((2, 1)));
    assert_eq!(infos.last().unwrap().score, 1.0);
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
        assert!(infos.last().unwrap().score > 0.3, "seed {seed}");
        assert_eq!(pv_tokens(&pos, &infos.last().unwrap().pv)[0], "p0t4");
    }
}

#[test]
fn node_budget_is_exact() {
    let pos = Nim::with_piles([20, 17, 9], false);
    for budget in [1, 2, 63, 64, 65, 777, 5000] {
        let (turn, infos) = run(&pos, &nodes(budget), 1);
        assert!(is_legal(&pos, &turn.unwrap()));
        assert_eq!(infos.last().unwrap().nodes, budget);
    }
    // Zero iterations still give a legal turn (drawn at random).
    let (turn, infos) = run(&pos, &nodes(0), 1);
    assert!(is_legal(&pos, &turn.unwrap()));
    assert_eq!(infos.last().unwrap().nodes, 0);
}

#[test]
fn deterministic_for_a_seed() {
    let pos = Nim::with_piles([20, 17, 9], false);
    let strip = |mut v: Vec<Info<NimStep>>| {
        for i in &mut v {
            i.time = Duration::ZERO;
        }
        v
    };
    let params = Params {
        info_every: 500,
        ..Params::default()
    };
    let (t1, i1) = run_with(&pos, &nodes(3000), &params, 42);
    let (t2, i2) = run_with(&pos, &nodes(3000), &params, 42);
    assert_eq!(t1, t2);
    let (i1, i2) = (strip(i1), strip(i2));
    assert_eq!(i1, i2);
    // Periodic reports every 500 iterations, then the final one.
    assert_eq!(i1.len(), 7);
    assert_eq!(
        i1.iter().map(|i| i.nodes).collect::<Vec<_>>(),
        [500, 1000, 1500, 2000, 2500, 3000, 3000]
    );
    // Another seed explores differently (the statistics differ, even if the turn may not).
    let (_, i3) = run_with(&pos, &nodes(3000), &params, 43);
    assert_ne!(strip(i3), i1);
}

#[test]
fn returns_promptly_on_stop_from_another_thread() {
    let stop = Arc::new(AtomicBool::new(false));
    let pos = Nim::with_piles([60, 50, 40], false);
    let s = stop.clone();
    let handle = std::thread::spawn(move || {
        let limits = Limits {
            infinite: true,
            nodes: Some(1), // ignored: infinite searches until stop
            ..Limits::default()
        };
        let mut last = Info::default();
        let t = search(&pos, &limits, &s, 5, &mut |i| last = i.clone());
        (t, last, Instant::now(), pos)
    });
    std::thread::sleep(Duration::from_millis(300));
    let stopped_at = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let (turn, last, returned_at, pos) = handle.join().unwrap();
    let latency = returned_at.saturating_duration_since(stopped_at);
    assert!(latency < Duration::from_millis(100), "took {latency:?}");
    assert!(last.nodes > 1, "searched past the ignored node limit");
    assert!(is_legal(&pos, &turn.unwrap()));
}

#[test]
fn stop_before_the_search_still_gives_a_legal_turn() {
    let pos = Nim::with_piles([3, 4, 5], false);
    let stop = AtomicBool::new(true);
    let t = search(&pos, &Limits::default(), &stop, 1, &mut |_| {});
    assert!(is_legal(&pos, &t.unwrap()));
}

#[test]
fn movetime_is_honoured() {
    let pos = Nim::with_piles([60, 50, 40], false);
    let limits = Limits {
        movetime: Some(Duration::from_millis(150)),
        ..Limits::default()
    };
    let t = Instant::now();
    let (turn, infos) = run(&pos, &limits, 1);
    let took = t.elapsed();
    assert!(is_legal(&pos, &turn.unwrap()));
    // A timed search stops a few milliseconds early (at most 8 ms) to leave time for its answer.
    assert!(took >= Duration::from_millis(140), "{took:?}");
    assert!(took < Duration::from_millis(150 + 100), "{took:?}");
    assert!(infos.last().unwrap().time <= took);
}

#[test]
fn clock_budget_is_honoured_and_small_clocks_are_safe() {
    let pos = Nim::with_piles([60, 50, 40], false);
    // P1 to move with 1.5 s left and no increment: a slice of it (50 ms).
    let limits = Limits {
        time_left: [
            Some(Duration::from_millis(1500)),
            Some(Duration::from_secs(1)),
        ],
        ..Limits::default()
    };
    let budget = limits.time_budget(Side::P1).unwrap();
    assert_eq!(budget, Duration::from_millis(50));
    let t = Instant::now();
    let (turn, _) = run(&pos, &limits, 1);
    assert!(is_legal(&pos, &turn.unwrap()));
    // Generous margins: the machine running the tests may be busy (the search itself reads the
    // clock every iteration and every 16 playout steps).
    assert!(t.elapsed() < budget + Duration::from_millis(100));
    // 20 ms left: never more than what remains.
    let limits = Limits {
        time_left: [Some(Duration::from_millis(20)), None],
        ..Limits::default()
    };
    let t = Instant::now();
    let (turn, _) = run(&pos, &limits, 1);
    assert!(is_legal(&pos, &turn.unwrap()));
    assert!(t.elapsed() < Duration::from_millis(100));
}

#[test]
fn timed_search_of_a_forced_turn_returns_at_once() {
    // o to move with one empty cell: nothing to think about.
    let pos = Ttt::from_cells("xoxxoo.xo");
    let limits = Limits {
        movetime: Some(Duration::from_secs(5)),
        ..Limits::default()
    };
    let t = Instant::now();
    let (turn, _) = run(&pos, &limits, 1);
    assert_eq!(turn, Some(6));
    assert!(t.elapsed() < Duration::from_millis(500));
}

#[test]
fn timed_search_stops_once_every_other_turn_is_a_proven_loss() {
    // o to move must block at 2: every other cell loses at once, which the solver proves fast.
    // (Without the o in the centre, as in "xx.o.....", every move loses: x forks at 4.)
    let pos = Ttt::from_cells("xx..o....");
    let limits = Limits {
        movetime: Some(Duration::from_secs(5)),
        ..Limits::default()
    };
    let t = Instant::now();
    let (turn, _) = run(&pos, &limits, 1);
    assert_eq!(turn, Some(2));
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn depth_limit_ends_deterministically_and_deeper_searches_more() {
    let pos = Nim::with_piles([20, 17, 9], false);
    let d = |depth| Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let (t1, i1) = run(&pos, &d(1), 9);
    let (t1b, i1b) = run(&pos, &d(1), 9);
    assert_eq!(t1, t1b);
    let n1 = i1.last().unwrap().nodes;
    assert_eq!(n1, i1b.last().unwrap().nodes);
    assert!(n1 > 0 && n1 % 64 == 0);
    let (t2, i2) = run(&pos, &d(2), 9);
    assert!(is_legal(&pos, &t2.unwrap()));
    assert!(i2.last().unwrap().nodes > n1);
    assert!(i2.last().unwrap().depth >= 2);
}

#[test]
fn no_limit_means_the_default_budget() {
    let pos = Nim::with_piles([20, 17, 9], false);
    let (_, infos) = run(&pos, &Limits::default(), 1);
    assert_eq!(infos.last().unwrap().nodes, DEFAULT_NODES);
}

#[test]
fn the_node_cap_bounds_memory() {
    let pos = Nim::with_piles([60, 50, 40], false);
    let params = Params {
        max_memory: 20_000,
        ..Params::default()
    };
    let stop = AtomicBool::new(false);
    let tree = mcts::Tree::new(&pos, params);
    let mut worker = mcts::Worker::new(&tree, SmallRng::seed_from_u64(1));
    for _ in 0..5000 {
        assert!(worker.iterate(&tree, &mut || stop.load(Ordering::Relaxed)));
    }
    assert!(tree.memory() <= 20_000, "{}", tree.memory());
    assert_eq!(worker.iterations, 5000);
    assert_eq!(tree.root_visits(), 5000);
    // The search still plays.
    let (turn, _) = run_with(
        &pos,
        &nodes(3000),
        &Params {
            max_memory: 20_000,
            ..Params::default()
        },
        1,
    );
    assert!(is_legal(&pos, &turn.unwrap()));
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
    let pos = Ttt::from_cells("xxxoo....");
    assert_eq!(run(&pos, &nodes(100), 1).0, None);
    let pos = Nim::with_piles([0, 0, 0], false);
    assert_eq!(run(&pos, &nodes(100), 1).0, None);
}

#[test]
fn bench_is_deterministic() {
    let config = Config::default();
    let a = bench::bench::<Nim>(&Default::default(), 300, &config);
    // All piles empty: the default Nim is over at once, so only the start position is tried.
    assert_eq!(a.positions, 1);
    let settings = testgames::NimSettings {
        piles: [9, 7, 12],
        oracle: false,
    };
    let a = bench::bench::<Nim>(&settings, 300, &config);
    let b = bench::bench::<Nim>(&settings, 300, &config);
    assert_eq!(a.positions, bench::POSITIONS);
    // Steps applied, not iterations: at least one per iteration.
    assert!(a.nodes >= 300 * bench::POSITIONS as u64);
    assert_eq!(
        (a.nodes, a.signature, &a.turns),
        (b.nodes, b.signature, &b.turns)
    );
    assert!(a.nps() > 0.0);
}

#[test]
fn time_budget_slices_the_clock_and_keeps_a_reserve() {
    let ms = Duration::from_millis;
    let clock = |left: u64, inc: u64| Limits {
        time_left: [Some(ms(left)), Some(ms(99_999))],
        increment: [ms(inc), ms(0)],
        ..Limits::default()
    };
    assert_eq!(clock(30_000, 0).time_budget(Side::P1), Some(ms(1000)));
    assert_eq!(clock(3_000, 1_000).time_budget(Side::P1), Some(ms(850)));
    // The increment never lets the search eat the last 50 ms.
    assert_eq!(clock(300, 2_000).time_budget(Side::P1), Some(ms(250)));
    assert_eq!(clock(20, 0).time_budget(Side::P1), Some(ms(1)));
    // movetime wins over the clock; no clock for the side to move means no time limit.
    let mut l = clock(30_000, 0);
    l.movetime = Some(ms(7));
    assert_eq!(l.time_budget(Side::P1), Some(ms(7)));
    let l = Limits {
        time_left: [None, Some(ms(5))],
        ..Limits::default()
    };
    assert_eq!(l.time_budget(Side::P1), None);
}

#[test]
fn a_turn_the_tree_does_not_reach_is_finished_greedily() {
    // No iteration at all: every step of the turn comes from the greedy finisher, which takes
    // a win at once and otherwise follows `evaluate` (here Nim's oracle) on both steps.
    for seed in 0..5 {
        let win = Ttt::from_cells("xx.oo....");
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
fn timed_searches_report_periodically() {
    let pos = Nim::with_piles([60, 50, 40], false);
    let limits = Limits {
        movetime: Some(Duration::from_millis(250)),
        ..Limits::default()
    };
    let params = Params {
        info_period: Duration::from_millis(50),
        ..Params::default()
    };
    let (_, infos) = run_with(&pos, &limits, &params, 1);
    // About five periodic reports and the final one (fewer if the machine is very busy).
    assert!((3..=7).contains(&infos.len()), "{} reports", infos.len());
    assert!(infos
        .windows(2)
        .all(|w| w[0].nodes <= w[1].nodes && w[0].time <= w[1].time));
    let last = infos.last().unwrap();
    assert!(last.nodes > 0 && !last.pv.is_empty() && last.depth >= 1);
}

#[test]
fn search_steps_finishes_a_turn_begun_elsewhere() {
    // P1 chose pile 1 of [3, 5, 0] (the right pile): the search finishes with the right take.
    let mut pos = Nim::with_piles([3, 5, 0], false);
    pos.apply_step(NimStep::Pile(1));
    assert!(!pos.at_turn_start());
    let stop = AtomicBool::new(false);
    let steps = search_steps(
        &pos,
        &nodes(2000),
        &Params::default(),
        &stop,
        1,
        &mut |_| {},
    );
    assert_eq!(steps, [NimStep::Take(2)]);
    // From the turn start, the steps are the whole turn.
    let pos = Nim::with_piles([3, 5, 0], false);
    let steps = search_steps(
        &pos,
        &nodes(2000),
        &Params::default(),
        &stop,
        1,
        &mut |_| {},
    );
    assert_eq!(steps, [NimStep::Pile(1), NimStep::Take(2)]);
}

/// Plays one random turn, step by step.
fn random_turn<G: Game + SearchHints>(pos: &G, rng: &mut SmallRng) -> G::Turn {
    let mut p = pos.clone();
    let mut steps = Vec::new();
    while let Some(s) = p.random_step(rng) {
        steps.push(s);
        p.apply_step(s);
        if p.at_turn_start() {
            break;
        }
    }
    pos.turn_from_steps(&steps)
}

/// Games of the search (node budget per side) against a random player, sides alternating;
/// every searched turn is checked legal (and, when `listed`, among `legal_turns`). Returns the
/// search's wins.
fn against_random<G: Game + SearchHints>(
    start: &G,
    games: u64,
    budget: [u64; 2],
    listed: bool,
) -> u64 {
    let mut won = 0;
    for g in 0..games {
        let me = if g % 2 == 0 { Side::P1 } else { Side::P2 };
        let mut pos = start.clone();
        let mut rng = SmallRng::seed_from_u64(g);
        let mut ply = 0;
        while pos.outcome().is_none() {
            let turn = if pos.side_to_move() == me {
                let t = run(&pos, &nodes(budget[me.index()]), g * 1000 + ply)
                    .0
                    .unwrap();
                let legal = is_legal_turn(&pos, &t, listed);
                assert!(legal, "game {g} ply {ply}: {t:?} in {}", pos.render());
                t
            } else {
                random_turn(&pos, &mut rng)
            };
            pos.play_turn(&turn).unwrap();
            ply += 1;
        }
        if pos.outcome() == Some(Outcome::Win(me)) {
            won += 1;
        }
    }
    won
}

#[test]
fn ttt_search_never_loses_to_a_random_player() {
    let start = Ttt::new(&());
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
                let turn = search_config(&pos, &nodes(3000), &config, &stop, 7, &mut |i| {
                    last = i.clone()
                })
                .expect("a legal turn");
                assert!(is_legal(&pos, &turn));
                assert_eq!(last.nodes, 3000, "{a} {b} {c}");
                let wins = pos.winning();
                if let Some((v, _)) = last.proven {
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

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn params() -> impl Strategy<Value = Params> {
        (
            prop_oneof![Just(0.0), Just(0.5), Just(2.0)],
            prop_oneof![Just(f64::INFINITY), Just(0.5), Just(-1.0)],
            0u32..4,
            prop_oneof![Just(0u32), Just(3), Just(5000)],
            prop_oneof![Just(2_000usize), Just(256 << 20)],
        )
            .prop_map(
                |(exploration, first_play, expand_after, playout_cap, max_memory)| Params {
                    exploration,
                    first_play,
                    expand_after,
                    playout_cap,
                    max_memory,
                    ..Params::default()
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Whatever the position, budget and parameters: a legal complete turn exactly when the
        /// game is not over, the exact node count, a score in [-1, 1], a principal variation
        /// that replays legally step by step.
        #[test]
        fn nim_searches_are_sound(
            piles in prop::array::uniform3(0u8..7),
            oracle in any::<bool>(),
            budget in 0u64..400,
            seed in any::<u64>(),
            params in params(),
        ) {
            let pos = Nim::with_piles(piles, oracle);
            let (turn, infos) = run_with(&pos, &nodes(budget), &params, seed);
            // A finished game is not searched: no report, no turn.
            let Some(last) = infos.last() else {
                prop_assert!(pos.outcome().is_some() && turn.is_none());
                return Ok(());
            };
            prop_assert_eq!(last.nodes, budget);
            prop_assert!((-1.0..=1.0).contains(&last.score));
            match turn {
                None => prop_assert!(pos.outcome().is_some()),
                Some(t) => prop_assert!(is_legal(&pos, &t)),
            }
            let tokens = pv_tokens(&pos, &last.pv);
            let replayed = replay_pv(&pos, &tokens);
            prop_assert!(replayed.is_ok(), "{:?} in {:?}", replayed.err(), tokens);
            prop_assert_eq!(last.depth as usize, tokens.len());
        }

        #[test]
        fn ttt_searches_are_sound(
            moves in prop::collection::vec(0u8..9, 0..9),
            budget in 0u64..300,
            seed in any::<u64>(),
            params in params(),
        ) {
            let mut pos = Ttt::new(&());
            for m in moves {
                if pos.outcome().is_none() && pos.parse_step(&m.to_string()).is_ok() {
                    pos.apply_step(m);
                }
            }
            let (turn, infos) = run_with(&pos, &nodes(budget), &params, seed);
            match turn {
                None => prop_assert!(pos.outcome().is_some()),
                Some(t) => {
                    prop_assert!(is_legal(&pos, &t));
                    prop_assert_eq!(infos.last().unwrap().nodes, budget);
                }
            }
        }
    }
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
