//! The search's limits on the tiny games: node budgets exact, time limits honoured, `stop`
//! obeyed at once, memory capped, the same turn for the same seed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::*;

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
            i.setup = Duration::ZERO;
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
        let request = Request {
            limits,
            seed: 5,
            ..Request::new(&pos, &s)
        };
        let t = request.run(&mut |i| last = i.clone()).turn(&pos);
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
    let request = Request {
        seed: 1,
        ..Request::new(&pos, &stop)
    };
    let t = request.run(&mut |_| {}).turn(&pos);
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
    let pos = TicTacToe::from_cells("xoxxoo.xo");
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
    let pos = TicTacToe::from_cells("xx..o....");
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
    assert!(i2.last().unwrap().best().depth >= 2);
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
    assert!(last.nodes > 0 && !last.best().pv.is_empty() && last.best().depth >= 1);
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
