//! The schedule of a match, decided before any game and the same on every machine: pairings,
//! rounds, colours, openings, and which games a shard plays.
//!
//! A *pairing* is two engines: the first engine against each of the others (gauntlet) or every
//! pair (round-robin), in the order the engines were given. A *round* gives every pairing one
//! colour-swapped *pair* of games from the round's opening: in its first game the pairing's
//! first engine is p1, in the second game the other one. Pair `round · pairings + pairing`,
//! games numbered in that order. A shard `k/n` plays the pairs whose number is `k − 1` modulo
//! `n`, so a pair's two games are always played by one shard.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use guerrilla::game::prelude::*;

use crate::records::MatchInfo;

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub index: usize,
    pub pair: usize,
    pub round: usize,
    /// Engine indices of p1 and p2.
    pub p1: usize,
    pub p2: usize,
}

/// The pairings of a match, as engine indices.
pub fn pairings(engines: usize, gauntlet: bool) -> Vec<(usize, usize)> {
    if gauntlet {
        (1..engines).map(|j| (0, j)).collect()
    } else {
        (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect()
    }
}

/// Rounds needed for `games` games a pairing.
pub fn rounds(games: u32) -> usize {
    games.div_ceil(2) as usize
}

/// Every game of the whole match, in order.
pub fn jobs(info: &MatchInfo) -> Vec<Job> {
    let pairs = pairings(info.engines.len(), info.gauntlet);
    let mut out = Vec::new();
    for round in 0..rounds(info.games) {
        for (k, &(a, b)) in pairs.iter().enumerate() {
            let pair = round * pairs.len() + k;
            let mut roles = vec![(a, b)];
            if 2 * round + 1 < info.games as usize {
                roles.push((b, a));
            }
            for (p1, p2) in roles {
                out.push(Job {
                    index: out.len(),
                    pair,
                    round,
                    p1,
                    p2,
                });
            }
        }
    }
    out
}

/// True when shard `(k, n)` plays `job`.
pub fn in_shard(job: &Job, shard: Option<(u32, u32)>) -> bool {
    shard.is_none_or(|(k, n)| job.pair % n as usize == (k - 1) as usize)
}

/// Parses `K/N` with 1 ≤ K ≤ N.
pub fn parse_shard(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("expected K/N with 1 <= K <= N but got '{s}'");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (u32, u32) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// True when the game is over, or one turn from here can end it (Guerrilla: a pass after a
/// pass). Such an opening makes a game of one ply. One-step turns (a pass) are all tried, and
/// whole turns up to a cap.
pub fn ends_at_once<G: Game>(g: &G) -> bool {
    if g.outcome().is_some() {
        return true;
    }
    let mut steps = Vec::new();
    g.legal_steps(&mut steps);
    let one_step_end = steps.iter().any(|&s| {
        let mut x = g.clone();
        x.apply(s, None);
        x.at_turn_start() && x.outcome().is_some()
    });
    let mut turns = Vec::new();
    let _ = g.legal_turns(&mut turns, 500, None);
    one_step_end
        || turns.iter().any(|t| {
            let mut x = g.clone();
            x.play_turn(t).is_ok() && x.outcome().is_some()
        })
}

/// `plies` random whole turns from the start position for every round, each drawn step by step
/// (every step uniform among the legal ones) by a generator seeded with `seed`, the round and
/// the attempt. A draw that ends the game, or after which one turn can end it, is drawn again,
/// and so is one that an earlier round already has (for 100 attempts: a game with few
/// openings of that length repeats some). Round r's opening depends only on the seed and the
/// rounds up to r, whatever the shard or the number of rounds. Returns position strings.
pub fn random_openings<G: Game>(
    settings: &G::Settings,
    plies: u32,
    seed: u64,
    rounds: usize,
) -> Result<Vec<String>, String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let mut found = None;
        for attempt in 0..1000u64 {
            let mut rng = SmallRng::seed_from_u64(
                seed ^ (round as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    ^ attempt.wrapping_mul(0xd1b5_4a32_d192_ed03),
            );
            let mut g = G::new(settings);
            let mut ok = true;
            for _ in 0..plies {
                loop {
                    match g.random_step(&mut rng) {
                        Some(step) => {
                            g.apply(step, None);
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                    if g.at_turn_start() {
                        break;
                    }
                }
                if !ok || g.outcome().is_some() {
                    ok = false;
                    break;
                }
            }
            if !ok || ends_at_once(&g) {
                continue;
            }
            let text = g.to_position_string();
            if attempt < 100 && seen.contains(&text) {
                continue;
            }
            found = Some(text);
            break;
        }
        let text = found.ok_or_else(|| {
            format!("no game lasts {plies} random turns in 1000 draws: ask for fewer plies")
        })?;
        seen.insert(text.clone());
        out.push(text);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::EngineSpec;
    use guerrilla::checkers::Checkers;

    fn info(engines: usize, gauntlet: bool, games: u32) -> MatchInfo {
        MatchInfo {
            game: "guerrilla-checkers".into(),
            options: vec![],
            engines: (0..engines)
                .map(|i| EngineSpec {
                    name: format!("e{i}"),
                    command: "x".into(),
                    options: vec![],
                    tc: None,
                    margin_ms: None,
                    dir: None,
                    args: vec![],
                    stderr: None,
                })
                .collect(),
            gauntlet,
            games,
            tc: "nodes=1".into(),
            margin_ms: 0,
            max_plies: 10,
            resign: None,
            draw: None,
            openings: vec![],
            openings_source: String::new(),
            sprt: None,
            shard: None,
            scoring: Default::default(),
            event: String::new(),
            site: String::new(),
        }
    }

    #[test]
    fn round_robin_and_gauntlet_schedules() {
        assert_eq!(pairings(3, false), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairings(3, true), vec![(0, 1), (0, 2)]);
        let j = jobs(&info(3, false, 4));
        assert_eq!(j.len(), 12);
        // Every pairing plays each colour equally often, and pairs are colour-swapped.
        for p in j.chunks(2) {
            assert_eq!(p[0].pair, p[1].pair);
            assert_eq!((p[0].p1, p[0].p2), (p[1].p2, p[1].p1));
        }
        let odd = jobs(&info(2, false, 3));
        assert_eq!(odd.len(), 3);
        assert_eq!(odd[2].pair, 1);
        assert!(j.iter().enumerate().all(|(i, job)| job.index == i));
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_match() {
        let all = jobs(&info(2, false, 10));
        let mut seen = vec![0; all.len()];
        for k in 1..=3 {
            for j in all.iter().filter(|j| in_shard(j, Some((k, 3)))) {
                seen[j.index] += 1;
            }
        }
        assert!(seen.iter().all(|&c| c == 1));
        assert!(parse_shard("0/2").is_err() && parse_shard("3/2").is_err());
        assert_eq!(parse_shard("2/2"), Ok((2, 2)));
    }

    #[test]
    fn random_openings_are_reproducible_per_round() {
        let s = Default::default();
        let a = random_openings::<Checkers>(&s, 4, 7, 5).unwrap();
        let b = random_openings::<Checkers>(&s, 4, 7, 3).unwrap();
        assert_eq!(&a[..3], &b[..]);
        let distinct: std::collections::HashSet<_> = a.iter().collect();
        assert_eq!(distinct.len(), a.len());
        for o in &a {
            let g = Checkers::from_position_string(o, &s).unwrap();
            assert!(g.outcome().is_none() && !ends_at_once(&g));
        }
        // Guerrilla: no opening ends at the next turn (a pass after a pass).
        let ws = Default::default();
        for o in random_openings::<guerrilla::wells::Wells>(&ws, 6, 1, 40).unwrap() {
            let g = guerrilla::wells::Wells::from_position_string(&o, &ws).unwrap();
            assert!(!ends_at_once(&g), "{o}");
        }
        assert_ne!(a, random_openings::<Checkers>(&s, 4, 8, 5).unwrap());
    }
}
