//! The search on the real games: turns that win at once are found at a fixed node budget and
//! reported as proven, every strength level is deterministic, the bench is a signature.

use std::sync::atomic::AtomicBool;

use guerrilla::checkers::Checkers;
use guerrilla::game::prelude::*;
use guerrilla::game::{Outcome, Side};
use guerrilla::search::bench::{bench_positions, bench_searcher, positions};
use guerrilla::search::{Config, Info, Limits, Params, Request, Searchable, Strength, TreeSearch};
use guerrilla::wells::{Settings, Wells};

mod wells;

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

/// The turn a search at `budget` nodes plays (as its token) and its last report.
fn best<G: Game + Searchable>(
    pos: &G,
    budget: u64,
    config: &Config,
    seed: u64,
) -> (String, Info<G::Step>) {
    let stop = AtomicBool::new(false);
    let mut last = Info::default();
    let request = Request {
        limits: nodes(budget),
        config: *config,
        seed,
        ..Request::new(pos, &stop)
    };
    let turn = request
        .run(&mut |i| last = i.clone())
        .turn(pos)
        .expect("a legal turn");
    (pos.format_turn(&turn), last)
}

fn checkers(text: &str) -> Checkers {
    Checkers::from_position_string(text, &Default::default()).unwrap()
}

/// Plays `token` on `pos` and returns the outcome.
fn outcome_after<G: Game>(pos: &G, token: &str) -> Option<Outcome> {
    let mut p = pos.clone();
    let t = p.parse_turn(token).unwrap();
    p.play_turn(&t).unwrap();
    p.outcome()
}

#[test]
fn coin_finds_the_capture_that_clears_the_board() {
    // COIN to move: c3 steps to d4 over the stone on D4, then to e5 over E5; no stone is left,
    // COIN wins (GC4, GC5).
    // The checker on a7 has quiet moves only; c3 has quiet moves too.
    let pos = checkers("8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C -");
    for seed in 0..4 {
        let (token, info) = best(&pos, 300, &Config::default(), seed);
        assert_eq!(token, "c3xd4xe5", "seed {seed}");
        assert_eq!(outcome_after(&pos, &token), Some(Outcome::Win(Side::P2)));
        assert_eq!(info.best().proven, Some((1, 1)), "a proven win in one turn");
    }
}

#[test]
fn guerrilla_finds_the_pair_that_completes_a_surround() {
    // The last checker, on d4, has stones on two corners (D4, E4); the pair on D5 and E5
    // surrounds it (GC3) and wins (GC5). No other pair does.
    let pos = checkers("8/8/8/8/3C4/8/8/8 9/9/9/9/9/3GG4/9/9/9 10 G -");
    for seed in 0..4 {
        let (token, info) = best(&pos, 300, &Config::default(), seed);
        assert_eq!(outcome_after(&pos, &token), Some(Outcome::Win(Side::P1)));
        assert_eq!(info.best().proven, Some((1, 1)));
        assert_eq!(info.best().score, 1.0);
    }
}

#[test]
fn a_pass_that_wins_on_score_is_found() {
    // Black has just passed (passes 1); White leads 4 to 0: White's pass ends the game (W6)
    // and wins. Every other turn lets the game go on.
    let settings = Settings {
        side: 4,
        turn_limit: 400,
    };
    let pos = Wells::from_position_string(
        "4 W.../...../....../......./....../...../.... w 3 1",
        &settings,
    )
    .unwrap();
    for seed in 0..4 {
        let (token, info) = best(&pos, 200, &Config::default(), seed);
        assert_eq!(token, "pass", "seed {seed}");
        assert_eq!(info.best().proven, Some((1, 1)));
        assert_eq!(outcome_after(&pos, &token), Some(Outcome::Win(Side::P1)));
    }
}

/// The last turn of a side-5 game (turn 22 of 22), Black to move and behind. Of its 97 legal
/// turns, 3 win, all by growing, moving and then killing so that a white piece is massacred
/// (its point no longer counts as territory, W6); the other 94 do not win. (Found by a scan of
/// random games for last turns that only a massacre wins.)
fn last_turn_massacre() -> Wells {
    let settings = Settings {
        side: 5,
        turn_limit: 22,
    };
    Wells::from_position_string(
        "5 W..WW/W.B.../W.BXBBB/W.B.WB../XXW.W.X.W/WW...WB./.W....B/W...W./.B.WW b 22 0",
        &settings,
    )
    .unwrap()
}

#[test]
fn a_kill_that_massacres_and_wins_on_score_is_found() {
    let pos = last_turn_massacre();
    let tokens = |p: &Wells| p.to_position_string().matches('X').count();
    let mut turns = Vec::new();
    pos.legal_turns(&mut turns, usize::MAX, None)
        .expect("turns listed");
    let winning: Vec<_> = turns
        .iter()
        .filter(|t| {
            let mut p = pos.clone();
            p.play_turn(t).unwrap();
            p.outcome() == Some(Outcome::Win(Side::P2))
        })
        .collect();
    assert_eq!((winning.len(), turns.len()), (3, 97));
    for seed in 0..4 {
        let (token, info) = best(&pos, 1000, &Config::default(), seed);
        let mut after = pos.clone();
        after.play_turn(&pos.parse_turn(&token).unwrap()).unwrap();
        assert_eq!(
            after.outcome(),
            Some(Outcome::Win(Side::P2)),
            "seed {seed}: {token}"
        );
        assert!(tokens(&after) > tokens(&pos), "a massacre: {token}");
        assert_eq!(info.best().proven, Some((1, 1)));
    }
}

/// Every level plays legally; with one thread the same seed and node budget give the same
/// turn. With two threads (one shared tree) the turn may depend on timing, so only legality
/// and the shared budget are checked.
#[test]
fn every_level_is_deterministic_and_legal() {
    let ck = positions::<Checkers>(&Default::default());
    let settings = Settings {
        side: 5,
        turn_limit: 60,
    };
    let wl = positions::<Wells>(&settings);
    for strength in [
        Strength::Random,
        Strength::Greedy,
        Strength::Uct,
        Strength::Full,
    ] {
        for threads in [1, 2] {
            let config = Config {
                strength,
                threads,
                ..Config::default()
            };
            let searched = matches!(strength, Strength::Uct | Strength::Full);
            let deterministic = threads == 1 || !searched;
            for (i, p) in ck.iter().enumerate().take(4) {
                let a = best(p, 200, &config, i as u64);
                let b = best(p, 200, &config, i as u64);
                if deterministic {
                    assert_eq!(a.0, b.0, "{strength:?} threads {threads} position {i}");
                }
                assert!(p.parse_turn(&a.0).is_ok());
                assert!(p.parse_turn(&b.0).is_ok());
                if searched {
                    assert_eq!(a.1.nodes, 200, "the budget is shared among threads");
                }
            }
            for (i, p) in wl.iter().enumerate().take(3) {
                let a = best(p, 100, &config, i as u64);
                let b = best(p, 100, &config, i as u64);
                if deterministic {
                    assert_eq!(
                        a.0, b.0,
                        "{strength:?} threads {threads} wells position {i}"
                    );
                }
                assert!(p.parse_turn(&a.0).is_ok());
                assert!(p.parse_turn(&b.0).is_ok());
                assert_eq!(
                    a.1.best().depth as usize,
                    guerrilla::protocol::wire::pv_tokens(p, &a.1.best().pv).len(),
                    "depth counts the pv's turns"
                );
            }
        }
    }
}

#[test]
fn greedy_takes_a_win_at_once() {
    let pos = checkers("8/8/8/8/3C4/8/8/8 9/9/9/9/9/3GG4/9/9/9 10 G -");
    let config = Config {
        strength: Strength::Greedy,
        ..Config::default()
    };
    let (token, _) = best(&pos, 0, &config, 1);
    assert_eq!(outcome_after(&pos, &token), Some(Outcome::Win(Side::P1)));
}

#[test]
fn greedy_stopped_while_listing_turns_still_plays_a_legal_turn() {
    // The greedy level lists the turns first; the engine's watchdog raises `stop` at the time
    // budget, and then the turn is finished step by step (an arena saw greedy overrun
    // `movetime 200` listing a Guerrilla turn). Stopped before it starts: still a legal turn.
    let config = Config {
        strength: Strength::Greedy,
        ..Config::default()
    };
    let pos = last_turn_massacre();
    let stop = AtomicBool::new(true);
    let request = Request {
        limits: nodes(0),
        config,
        seed: 1,
        ..Request::new(&pos, &stop)
    };
    let turn = request.run(&mut |_| {}).turn(&pos).expect("a legal turn");
    let mut p = pos.clone();
    assert!(p.play_turn(&turn).is_ok());
}

#[test]
fn bench_is_a_signature() {
    let ps = positions::<Checkers>(&Default::default());
    let a = bench_positions(&ps, 300, &Config::default());
    let b = bench_positions(&ps, 300, &Config::default());
    assert_eq!((a.nodes, a.signature), (b.nodes, b.signature), "run to run");
    // A changed search parameter changes the count of steps the search applied.
    let mut p = Params::for_game::<Checkers>();
    p.exploration *= 1.5;
    let config = Config::default();
    let c = bench_searcher(&ps, 300, &TreeSearch::with_params(p.clone()), &config);
    assert_ne!(
        a.nodes, c.nodes,
        "a changed exploration constant shows in the bench"
    );
    p = Params::for_game::<Checkers>();
    p.playout_cap += 1;
    let d = bench_searcher(&ps, 300, &TreeSearch::with_params(p), &config);
    assert_ne!(a.nodes, d.nodes, "a changed playout cap shows in the bench");
}
