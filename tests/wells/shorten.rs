//! The shortest equivalent of a turn (`Turns::shortest_equivalent`): what the engine plays
//! and shows as its own turn. On hand-made turns padded with jumps that are taken back, and
//! on turns from real play (the full search's turns at a low budget, and uniformly random
//! turns): the shortened turn is legal step by step, its token is accepted, it reaches the
//! very same position, it is never longer, and no group in it moves only to come back.

use std::sync::atomic::AtomicBool;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::rules::pos;
use guerrilla::game::prelude::*;
use guerrilla::game::shortest_line;
use guerrilla::search::{Config, Kept, Limits, Request, Searcher, Strength, TreeSearch};
use guerrilla::wells::lattice::Lattice;
use guerrilla::wells::{Phase, Settings, Step, Wells};

/// Applies `steps` from `start` checking each against the legal steps; the position after
/// them.
fn apply_checked(start: &Wells, steps: &[Step]) -> Wells {
    let mut p = start.clone();
    for &s in steps {
        let mut legal = Vec::new();
        p.legal_steps(&mut legal);
        assert!(legal.contains(&s), "{s:?} is not legal from {p:?}");
        p.apply(s, None);
    }
    p
}

/// The token of the turn `steps` from `start` (a turn start).
fn token(start: &Wells, steps: &[Step]) -> String {
    start.format_turn(&start.turn_from_steps(steps))
}

/// The chosen steps a player enters to play `token` from `start`.
fn entered(start: &Wells, token: &str) -> Vec<Step> {
    let turn = start
        .parse_turn(token)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    start.turn_steps(&turn)
}

/// Checks the shortest equivalent of the turn `steps` from `start` (a turn start): legal
/// step by step, ends the turn, the same position as `steps` (equal positions: board, side,
/// turn, passes, groups), never longer, its token played by `play_turn` to that position,
/// stable when shortened again, and no group that ends its movement where it began or meets
/// one of its own arrangements twice. Returns the steps entered for the token before and
/// after, and the jumps in them.
fn check(start: &Wells, steps: &[Step]) -> [usize; 4] {
    let long = apply_checked(start, steps);
    assert!(long.at_turn_start(), "the given steps end the turn");
    let short = start.shortest_equivalent(steps);
    assert!(
        short.len() <= steps.len(),
        "{short:?} longer than {steps:?}"
    );
    let after = apply_checked(start, &short);
    assert!(after.at_turn_start(), "{short:?} ends the turn");
    assert_eq!(
        after,
        long,
        "{} against {}",
        token(start, &short),
        token(start, steps)
    );
    let text = token(start, &short);
    let mut played = start.clone();
    played.play_turn(&start.parse_turn(&text).unwrap()).unwrap();
    assert_eq!(played, long, "{text}");
    assert_eq!(start.shortest_equivalent(&short), short, "{text}");
    no_detour(start, &short, &text);
    let jumps = |s: &[Step]| s.iter().filter(|s| matches!(s, Step::Jump(..))).count();
    let (before, now) = (entered(start, &token(start, steps)), entered(start, &text));
    [before.len(), now.len(), jumps(&before), jumps(&now)]
}

/// No group of the turn `steps` from `start` ends its movement on the points it began on,
/// and none stands the same way after two of its jumps (or after one and at its start).
fn no_detour(start: &Wells, steps: &[Step], text: &str) {
    let me = start.side_to_move().index();
    let mut p = start.clone();
    let mut met: Vec<Vec<usize>> = Vec::new();
    let mut began = None;
    for &s in steps {
        let was_between = p.phase() == Phase::Move;
        let mine = |p: &Wells| -> Vec<usize> {
            (0..p.geo().len)
                .filter(|&q| p.cell(q) == me as u8 + 1)
                .collect()
        };
        if was_between && matches!(s, Step::Jump(..)) {
            began = Some(mine(&p));
            met = vec![mine(&p)];
        }
        p.apply(s, None);
        if let Some(b) = &began {
            let now = mine(&p);
            let moving = matches!(p.phase(), Phase::Moving | Phase::Keep);
            if moving {
                // A jump back to an arrangement met: the jumps between could be left out.
                if matches!(s, Step::Jump(..)) {
                    assert!(
                        !met.contains(&now),
                        "{text}: a group stands twice the same way"
                    );
                    met.push(now);
                }
            } else {
                assert_ne!(&now, b, "{text}: a group ends where it began");
                began = None;
            }
        }
    }
}

#[test]
fn a_jump_taken_back_is_left_out() {
    // d5 e5 grow f5; e5 jumps to g5 and back, then to c5: one jump does it.
    let start = pos(5, "d5 e5", "", "", 3);
    let steps = entered(&start, "+f5,*a1,e5-g5-e5-c5");
    let short = start.shortest_equivalent(&steps);
    assert_eq!(token(&start, &short), "+f5,*a1,e5-c5");
    let [before, after, _, _] = check(&start, &steps);
    assert!(after < before, "{after} < {before}");
}

#[test]
fn a_movement_that_comes_back_is_a_pass() {
    // A five b4..f4 on side 4, every other point a token but a4: c4 jumps to a4 and back,
    // which counts as a pass (W5): so is the shortest equivalent.
    let g = Lattice::get(4);
    let white = ["b4", "c4", "d4", "e4", "f4"];
    let tokens: Vec<String> = (0..g.len)
        .map(|p| g.name(p))
        .filter(|n| !white.contains(&n.as_str()) && n != "a4")
        .collect();
    let start = pos(4, &white.join(" "), "", &tokens.join(" "), 3);
    let steps = entered(&start, "c4-a4-c4");
    let short = start.shortest_equivalent(&steps);
    assert_eq!(token(&start, &short), "pass");
    check(&start, &steps);
}

#[test]
fn a_group_that_comes_back_does_not_move_and_the_next_group_still_does() {
    // Two groups: e5 f5 (grows e4) goes out and back; a1 b1 (grows a2) moves on.
    let start = pos(5, "e5 f5 a1 b1", "", "", 3);
    let mut steps = Vec::new();
    let mut p = start.clone();
    for t in ["+e4", "+a2", "*i9", "e5-g5", "g5-e5", "endgroup", "a1-c1"] {
        let s = p.parse_step(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        p.apply(s, None);
        steps.push(s);
    }
    // Finish the turn with the first legal steps.
    while !p.at_turn_start() {
        let mut legal = Vec::new();
        p.legal_steps(&mut legal);
        let s = *legal
            .iter()
            .find(|s| **s != Step::EndGroup)
            .unwrap_or(&legal[0]);
        p.apply(s, None);
        steps.push(s);
    }
    let short = start.shortest_equivalent(&steps);
    let text = token(&start, &short);
    assert!(!text.contains("e5-g5"), "{text}");
    assert!(text.contains("a1-c1"), "{text}");
    check(&start, &steps);
}

#[test]
fn steps_that_do_not_end_the_turn_stay_as_they_are() {
    let start = pos(5, "d5 e5", "", "", 3);
    let mut steps = entered(&start, "+f5,*a1,e5-g5-e5-c5");
    steps.pop();
    assert_eq!(start.shortest_equivalent(&steps), steps);
    let wrong = vec![Step::EndMovement];
    assert_eq!(start.shortest_equivalent(&wrong), wrong);
}

#[test]
fn a_line_keeps_its_positions_turn_by_turn() {
    // Two turns, the first padded, then half a turn: the line keeps every turn start and the
    // unfinished end.
    let start = pos(5, "d5 e5", "", "", 3);
    let first = entered(&start, "+f5,*a1,e5-g5-e5-c5");
    let mid = apply_checked(&start, &first);
    let mut line = first.clone();
    let mut p = mid.clone();
    let mut legal = Vec::new();
    p.legal_steps(&mut legal);
    p.apply(legal[legal.len() - 1], None);
    line.push(legal[legal.len() - 1]);
    let short = shortest_line(&start, &line);
    let head = start.shortest_equivalent(&first);
    assert_eq!(short[..head.len()], head[..]);
    assert_eq!(short[head.len()..], line[first.len()..]);
}

#[test]
fn turns_of_random_play_shorten_to_the_same_position() {
    // Uniformly random steps pad turns the most: every turn of 12 random games on side 6,
    // shortened whole and from its middle.
    let settings = Settings::new(6, 60).unwrap();
    let mut rng = SmallRng::seed_from_u64(0x5407);
    let mut sums = [0usize; 4];
    let mut turns = 0;
    for _ in 0..12 {
        let mut p = Wells::new(&settings);
        while p.outcome().is_none() {
            let start = p.clone();
            let mut steps = Vec::new();
            while let Some(s) = p.random_step(&mut rng) {
                p.apply(s, None);
                steps.push(s);
                if p.at_turn_start() {
                    break;
                }
            }
            let c = check(&start, &steps);
            sums.iter_mut().zip(c).for_each(|(a, b)| *a += b);
            turns += 1;
            // From the middle of the turn (a search's root may be there): the rest only.
            let k = steps.len() / 2;
            let mid = apply_checked(&start, &steps[..k]);
            let rest = mid.shortest_equivalent(&steps[k..]);
            assert!(rest.len() <= steps.len() - k);
            assert_eq!(apply_checked(&mid, &rest), p, "{:?} from {mid:?}", rest);
        }
    }
    eprintln!(
        "random turns: {turns}, steps entered {} -> {}, jumps {} -> {}",
        sums[0], sums[1], sums[2], sums[3]
    );
    assert!(
        sums[2] > 0 && sums[3] < sums[2],
        "some jumps are left out: {sums:?}"
    );
}

/// The figures of the engine's own turns: `games` games of the full search at `nodes` turns
/// drawn, on the default board (side 8), `turns` turns each.
fn engine_turns(games: u64, turns: usize, nodes: u64) -> (usize, [usize; 4]) {
    let searcher = Strength::Full.searcher::<Wells>();
    let stop = AtomicBool::new(false);
    let mut sums = [0usize; 4];
    let mut n = 0;
    for game in 0..games {
        let mut p = Wells::new(&Settings::default());
        for t in 0..turns {
            if p.outcome().is_some() {
                break;
            }
            let request = Request {
                limits: Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                config: Config::default(),
                seed: 1000 * game + t as u64,
                ..Request::new(&p, &stop)
            };
            let steps = searcher.run(request, &mut |_| {}).steps;
            let c = check(&p, &steps);
            sums.iter_mut().zip(c).for_each(|(a, b)| *a += b);
            n += 1;
            p = apply_checked(&p, &steps);
        }
    }
    (n, sums)
}

#[test]
fn the_engines_turns_shorten_to_the_same_position() {
    let (n, sums) = engine_turns(2, 30, 200);
    eprintln!(
        "engine turns: {n}, steps entered {} -> {} ({:.1} -> {:.1} a turn), jumps {} -> {}",
        sums[0],
        sums[1],
        sums[0] as f64 / n as f64,
        sums[1] as f64 / n as f64,
        sums[2],
        sums[3]
    );
    assert!(
        sums[3] < sums[2],
        "the search's turns have detours: {sums:?}"
    );
}

/// Tree reuse after the engine played its turn shortened: the tree holds the turn as the
/// search found it, and the next search from the position after the shortened turn still
/// starts from that tree (its line at one iteration sees further than a fresh search's).
#[test]
fn a_tree_search_reuses_its_tree_after_its_turn_is_shortened() {
    let settings = Settings::new(4, 40).unwrap();
    let stop = AtomicBool::new(false);
    let searcher = TreeSearch::default();
    let mut rng = SmallRng::seed_from_u64(0x7ee5);
    let (mut shortened, mut searched) = (0, 0);
    for game in 0..4u64 {
        let mut p = Wells::new(&settings);
        for t in 0..12u64 {
            if p.outcome().is_some() {
                break;
            }
            let request = Request {
                limits: Limits {
                    nodes: Some(2000),
                    ..Limits::default()
                },
                seed: 10 * game + t,
                ..Request::new(&p, &stop)
            };
            let answer = searcher.run(request, &mut |_| {});
            searched += 1;
            let short = p.shortest_equivalent(&answer.steps);
            let after = apply_checked(&p, &short);
            if short != answer.steps && after.outcome().is_none() {
                shortened += 1;
                let kept = answer.kept.expect("the tree search keeps its tree");
                let at = |kept: Option<(Kept<Wells>, Vec<Step>)>| Request {
                    limits: Limits {
                        nodes: Some(1),
                        ..Limits::default()
                    },
                    seed: 3,
                    kept,
                    ..Request::new(&after, &stop)
                };
                let mut fresh = None;
                searcher.run(at(None), &mut |i| fresh = Some(i.clone()));
                let mut reused = None;
                searcher.run(at(Some((kept, short.clone()))), &mut |i| {
                    reused = Some(i.clone())
                });
                let (fresh, reused) = (fresh.unwrap(), reused.unwrap());
                assert!(
                    reused.best().pv.len() > fresh.best().pv.len(),
                    "{}: the reused tree sees further",
                    token(&p, &short)
                );
            }
            // On to a random turn of the other side's, so that the games differ.
            p = after;
            while let Some(s) = p.random_step(&mut rng) {
                p.apply(s, None);
                if p.at_turn_start() {
                    break;
                }
            }
        }
    }
    eprintln!("tree search turns: {searched}, shortened: {shortened}");
    assert!(
        shortened > 0,
        "some of the tree search's turns have detours"
    );
}
