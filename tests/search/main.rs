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
    report_of(pos, budget, config, seed, &[])
}

/// Every `Strength` level.
const LEVELS: [Strength; 4] = [
    Strength::Random,
    Strength::Greedy,
    Strength::Uct,
    Strength::Full,
];

/// The bench positions of both games (Guerrilla on side 5, turn limit 60).
fn bench_games() -> (Vec<Checkers>, Vec<Wells>) {
    let settings = Settings {
        side: 5,
        turn_limit: 60,
    };
    (
        positions::<Checkers>(&Default::default()),
        positions::<Wells>(&settings),
    )
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
    let (ck, wl) = bench_games();
    for strength in LEVELS {
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

/// The answer's turn token and the last report of a search of `pos` at `budget` nodes with
/// `config` and `seed`, the root kept to `among` (empty: every turn).
fn report_of<G: Game + Searchable>(
    pos: &G,
    budget: u64,
    config: &Config,
    seed: u64,
    among: &[Vec<G::Step>],
) -> (String, Info<G::Step>) {
    let stop = AtomicBool::new(false);
    let mut last = Info::default();
    let request = Request {
        limits: nodes(budget),
        config: *config,
        seed,
        among: among.to_vec(),
        ..Request::new(pos, &stop)
    };
    let turn = request
        .run(&mut |i| last = i.clone())
        .turn(pos)
        .expect("a legal turn");
    (pos.format_turn(&turn), last)
}

/// The first turn of a line, as its token (a partial one marked).
fn first_token<G: Game>(pos: &G, pv: &[G::Step]) -> String {
    guerrilla::protocol::wire::pv_tokens(pos, pv)[0].clone()
}

/// `MultiPV` (Config::multipv) at every level of both games: the first line is the one of
/// `MultiPV 1` (the same line, to the last figure) and the answer's; the lines' first turns are
/// distinct and legal; there are three of them where the level has three (the greedy level when
/// it lists the turns, the searches at this budget), one for the random level. The bench
/// signature does not move.
#[test]
fn multipv_lines_at_every_level() {
    let (ck, wl) = bench_games();
    fn check<G: Game + Searchable>(pos: &G, strength: Strength, budget: u64) {
        let one = Config {
            strength,
            ..Config::default()
        };
        let three = Config { multipv: 3, ..one };
        let (a, single) = report_of(pos, budget, &one, 3, &[]);
        let (b, multi) = report_of(pos, budget, &three, 3, &[]);
        assert_eq!(a, b, "{strength:?}: the answer");
        assert_eq!(single.lines.len(), 1);
        // Line 1 is the same to the last figure; only `visits`, reported with MultiPV > 1
        // alone, differs.
        let mut first = multi.lines[0].clone();
        first.visits = single.lines[0].visits;
        assert_eq!(single.lines[0], first, "{strength:?}: line 1");
        // The greedy level lists up to 4,096 turns, else goes step by step (one line).
        let mut turns = Vec::new();
        let listed = pos.legal_turns(&mut turns, 4096, None) == Ok(true);
        let want = match strength {
            Strength::Random => 1,
            Strength::Greedy if !listed => 1,
            _ => turns.len().min(3),
        };
        assert_eq!(multi.lines.len(), want, "{strength:?}");
        let firsts: Vec<String> = multi
            .lines
            .iter()
            .map(|l| first_token(pos, &l.pv))
            .collect();
        assert_eq!(firsts[0], a, "{strength:?}");
        for (i, t) in firsts.iter().enumerate() {
            assert!(!firsts[..i].contains(t), "{strength:?}: {firsts:?}");
            if let Some(partial) = t.strip_suffix("...") {
                assert!(!partial.is_empty());
            } else {
                assert!(pos.parse_turn(t).is_ok(), "{strength:?}: {t}");
            }
        }
    }
    for strength in LEVELS {
        for p in ck.iter().take(3) {
            check(p, strength, 2000);
        }
        for p in wl.iter().skip(1).take(2) {
            check(p, strength, 1000);
        }
    }
    let a = bench_positions(&ck, 300, &Config::default());
    let b = bench_positions(
        &ck,
        300,
        &Config {
            multipv: 3,
            ..Config::default()
        },
    );
    assert_eq!((a.nodes, a.signature), (b.nodes, b.signature));
}

/// `searchmoves` (Request::among) at every level of both games: the answer and every line's
/// first turn are among the turns given (a line may end inside one).
#[test]
fn searchmoves_keep_the_root_at_every_level() {
    let (ck, wl) = bench_games();
    fn check<G: Game + Searchable>(pos: &G, strength: Strength) {
        let config = Config {
            strength,
            multipv: 4,
            ..Config::default()
        };
        let (free, _) = report_of(pos, 500, &config, 3, &[]);
        let mut turns = Vec::new();
        let _ = pos.legal_turns(&mut turns, 64, None);
        let given: Vec<G::Turn> = turns
            .into_iter()
            .filter(|t| pos.format_turn(t) != free)
            .take(2)
            .collect();
        let among: Vec<Vec<G::Step>> = given.iter().map(|t| pos.turn_steps(t)).collect();
        let names: Vec<String> = given.iter().map(|t| pos.format_turn(t)).collect();
        let (best, info) = report_of(pos, 500, &config, 3, &among);
        assert!(
            names.contains(&best),
            "{strength:?}: {best} not in {names:?}"
        );
        assert!(info.lines.len() <= 2, "{strength:?}");
        // Each line begins with one of the turns, whole, or with its first steps (a turn
        // the tree has not followed to its end).
        for l in &info.lines {
            let begins = among.iter().any(|t| {
                let k = t.len().min(l.pv.len());
                k > 0 && t[..k] == l.pv[..k]
            });
            let t = first_token(pos, &l.pv);
            assert!(begins, "{strength:?}: {t} not in {names:?}");
        }
    }
    for strength in LEVELS {
        for p in ck.iter().take(3) {
            check(p, strength);
        }
        for p in wl.iter().skip(1).take(2) {
            check(p, strength);
        }
    }
}

/// Guerrilla's turn search with helper threads: under a node budget the turns drawn are
/// exactly the budget, and the same seed gives the same turn and the same line with 2 threads
/// as with 3 (a batch's turns are drawn by slot, each slot with its own random stream, and
/// added in slot order, whatever thread drew which), and the pv is not the one-thread
/// search's every time (that search draws its batches from one stream). Sixteen lines are
/// compared, so that the order the root's turns were added in shows.
#[test]
fn the_turn_search_with_helpers_is_deterministic_under_a_node_budget() {
    let (_, wl) = bench_games();
    let mut differs = 0;
    let with = |threads| Config {
        threads,
        multipv: 16,
        ..Config::default()
    };
    for (i, p) in wl.iter().enumerate().take(4) {
        let a = best(p, 3000, &with(2), i as u64);
        for threads in [2, 3] {
            let b = best(p, 3000, &with(threads), i as u64);
            assert_eq!(a.0, b.0, "threads {threads} wells position {i}");
            assert_eq!(
                format!("{:?}", a.1.lines),
                format!("{:?}", b.1.lines),
                "threads {threads} position {i}: every line, its score and its visits"
            );
            assert_eq!(b.1.nodes, 3000, "threads {threads} position {i}");
            assert_eq!(b.1.visited, a.1.visited, "threads {threads} position {i}");
        }
        let one = best(p, 3000, &Config::default(), i as u64);
        differs += usize::from(one.1.best().pv != a.1.best().pv);
    }
    assert!(differs > 0, "the helpers draw turns of their own");
}
