//! The test oracle (unit tests only): the fast generators against slow ones written straight
//! from the rules (flood fills, all six directions, neighbours counted on the board), at every
//! step of random games on sides 4 to 9; and the jump draw's fallback path checked for uniform
//! chances. It covers growth, movement and kills (W4) as the rulings word them.

use super::bits::Bits;
use super::*;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn nbs(w: &Wells, p: usize) -> impl Iterator<Item = usize> + '_ {
    w.lattice.nb[p]
        .iter()
        .filter(|&&y| y != lattice::NONE)
        .map(|&y| y as usize)
}

/// The pieces of colour `c` connected to `p`, by breadth-first search over the board.
fn flood(w: &Wells, p: usize) -> Bits {
    let c = w.state.cells[p];
    let mut g = Bits::EMPTY;
    let mut todo = vec![p];
    g.set(p);
    while let Some(x) = todo.pop() {
        for y in nbs(w, x) {
            if w.state.cells[y] == c && !g.get(y) {
                g.set(y);
                todo.push(y);
            }
        }
    }
    g
}

/// The group labels (`groups.rs`) describe the groups: two pieces of a side share a label
/// exactly when they are connected (while a group moves, its pieces share one), and each
/// label's size and member list are its group's.
fn check_labels(w: &Wells) {
    // The sink stands for "off the board" in the tables read without a test (`Lattice::nbs`,
    // `Lattice::lands`): its cell must read empty.
    assert_eq!(w.state.cells[super::lattice::SINK as usize], EMPTY, "{w:?}");
    for p in 0..CELLS {
        let c = w.state.cells[p];
        let g = w.state.labels.gid[p];
        if c != WHITE && c != BLACK {
            assert_eq!(g, 0, "label on an empty point {p} in {w:?}");
            continue;
        }
        assert!(g & 63 != 0 && g >> 6 == c - 1, "label {g} at {p} in {w:?}");
        let mut same = Bits::EMPTY;
        for q in 0..w.lattice.len {
            if w.state.cells[q] == c && w.state.labels.gid[q] == g {
                same.set(q);
            }
        }
        let group = if w.moving().get(p) {
            w.moving()
        } else {
            flood(w, p)
        };
        assert_eq!(same, group, "labels at {p} in {w:?}");
        assert_eq!(
            w.state.labels.size[g as usize & 127] as u32,
            group.count(),
            "{w:?}"
        );
        let mut members = Bits::EMPTY;
        for &q in w.group_members(p) {
            members.set(q as usize);
        }
        assert_eq!(members, group, "members of {p} in {w:?}");
    }
}

fn strength(w: &Wells, p: usize) -> usize {
    nbs(w, p)
        .filter(|&y| w.state.cells[y] == w.state.cells[p])
        .count()
}

fn slow_steps(w: &Wells) -> Vec<Step> {
    let own = w.own();
    let enemy = 3 - own;
    let mut out = Vec::new();
    if w.state.at_turn_start {
        out.push(Step::Pass);
    }
    match w.state.phase {
        Phase::Growth => {
            if w.own_supply() > 0 {
                for y in 0..w.lattice.len {
                    if w.state.cells[y] != EMPTY || nbs(w, y).any(|z| w.state.cells[z] == enemy) {
                        continue;
                    }
                    let friends: Vec<usize> =
                        nbs(w, y).filter(|&z| w.state.cells[z] == own).collect();
                    let Some(&f0) = friends.first() else { continue };
                    let g = flood(w, f0);
                    if w.state.built.growth.pending.get(f0) && friends.iter().all(|&z| g.get(z)) {
                        out.push(Step::Grow(y as u16));
                    }
                }
            }
        }
        Phase::Move | Phase::Moving => {
            for from in 0..w.lattice.len {
                if w.state.cells[from] != own {
                    continue;
                }
                let g = if w.state.phase == Phase::Moving {
                    if !w.moving().get(from) || w.state.built.movement.jumps_left == 0 {
                        continue;
                    }
                    w.moving()
                } else {
                    if w.state.built.movement.moved.get(from) {
                        continue;
                    }
                    flood(w, from)
                };
                for d in 0..6 {
                    let Some((over, to)) = w.lattice.beyond(from, d) else {
                        continue;
                    };
                    if g.get(over)
                        && w.state.cells[to] == EMPTY
                        && nbs(w, to).all(|z| w.state.cells[z] != own || g.get(z))
                    {
                        out.push(Step::Jump(from as u16, to as u16));
                    }
                }
            }
            out.push(if w.state.phase == Phase::Move {
                Step::EndMovement
            } else {
                Step::EndGroup
            });
            if w.state.at_turn_start {
                out.retain(|&s| s != Step::EndMovement);
            }
        }
        Phase::Kill => {
            for k in 0..w.lattice.len {
                if w.state.cells[k] != own || w.state.built.kills.used.get(k) {
                    continue;
                }
                for v in nbs(w, k) {
                    if w.state.cells[v] == enemy
                        && !w.state.built.kills.killed.get(v)
                        && strength(w, k) > strength(w, v)
                    {
                        out.push(Step::Kill(k as u16, v as u16));
                    }
                }
            }
        }
        _ => {
            let mut v = Vec::new();
            w.for_each_step(&mut |s| v.push(s));
            return v;
        }
    }
    out
}

/// The jump draws (`random.rs`) list the steps after their rejections run out; in play that
/// is rare (crowded late positions), so here it is forced: with no draw at all, and with a
/// single draw (a mix of both paths), for a group to start moving and for the moving group.
/// Each legal step must still come up 1/n of the time: 400 draws expected per step, a count
/// 30% off fails.
#[test]
fn jump_draws_are_uniform_when_the_rejections_run_out() {
    const PER_STEP: usize = 400;
    let mut rng = SmallRng::seed_from_u64(11);
    let mut draws = SmallRng::seed_from_u64(12);
    let mut checked = [0, 0];
    let mut w = Wells::new(&Settings::new(6, 400).unwrap());
    while w.outcome().is_none() && checked[0] + checked[1] < 40 {
        let mut legal = Vec::new();
        w.legal_steps(&mut legal);
        let moving = w.state.phase == Phase::Moving;
        if matches!(w.state.phase, Phase::Move | Phase::Moving)
            && legal.len() > 1
            && !w.state.at_turn_start
        {
            for tries in [0, 1] {
                let mut counts = std::collections::HashMap::new();
                for _ in 0..PER_STEP * legal.len() {
                    let s = match tries {
                        0 => w.draw::<0, _>(&mut draws),
                        _ => w.draw::<1, _>(&mut draws),
                    };
                    *counts.entry(s.unwrap()).or_insert(0usize) += 1;
                }
                for s in &legal {
                    let c = counts.remove(s).unwrap_or(0);
                    assert!(
                        c.abs_diff(PER_STEP) * 10 <= PER_STEP * 3,
                        "{s:?}: {c} in {w:?}"
                    );
                }
                assert!(counts.is_empty(), "not legal: {counts:?} in {w:?}");
            }
            checked[usize::from(moving)] += 1;
        }
        let s = w.random_step(&mut rng).unwrap();
        w.apply(s, None);
    }
    assert!(checked[0] >= 5 && checked[1] >= 5, "{checked:?}");
}

#[test]
fn fast_generators_match_the_rules() {
    let mut checked = 0;
    for side in 4..=9u8 {
        for seed in 0..12u64 {
            let mut rng = SmallRng::seed_from_u64(seed * 31 + side as u64);
            let mut w = Wells::new(&Settings::new(side, 300).unwrap());
            while w.outcome().is_none() {
                let mut fast = Vec::new();
                w.legal_steps(&mut fast);
                let mut slow = slow_steps(&w);
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "{w:?}");
                check_labels(&w);
                if w.state.phase == Phase::Move {
                    // The pairs listed when the movement began hold every legal jump of the
                    // groups that have not moved, as they stand now, each once; and a list
                    // made now holds the same legal jumps.
                    let legal_of = |w: &Wells| {
                        let mut v: Vec<_> = w
                            .state
                            .built
                            .movement
                            .cands
                            .pairs()
                            .into_iter()
                            .filter_map(|(from, d)| w.jump_landing(from, d).map(|to| (from, to)))
                            .collect();
                        v.sort();
                        v
                    };
                    let mut listed: Vec<_> = slow
                        .iter()
                        .filter_map(|s| match *s {
                            Step::Jump(a, b) => Some((a as usize, b as usize)),
                            _ => None,
                        })
                        .collect();
                    listed.sort();
                    assert_eq!(legal_of(&w), listed, "{w:?}");
                    let mut now = w.clone();
                    now.enter_move();
                    assert_eq!(legal_of(&now), listed, "{w:?}");
                }
                checked += 1;
                let s = w.random_step(&mut rng).unwrap();
                assert!(fast.contains(&s), "{s:?} drawn in {w:?}");
                w.apply(s, None);
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// Group labels, sizes and members checked at every turn start of many seeded random games on
/// the default board: a kill that cuts a group in two is rare enough in the rule test above
/// that a wrong relabelling could slip through it (one did, in a trial of `finish_turn`).
#[test]
fn labels_stay_true_through_many_games() {
    let start = Wells::new(&Settings::default());
    let mut rng = SmallRng::seed_from_u64(1);
    let mut checked = 0;
    for _ in 0..400 {
        let mut w = start.clone();
        while w.outcome().is_none() {
            if w.state.at_turn_start {
                check_labels(&w);
                checked += 1;
            }
            let s = w.random_step(&mut rng).unwrap();
            w.apply(s, None);
        }
    }
    assert!(checked > 10_000, "{checked}");
}
