//! What a match (or the merge of its shards) gives: W/L/D per engine and per role, per pairing
//! the points, draw ratio, pentanomial counts, Elo, normalized Elo and LOS, the games outside a
//! complete pair, the designer's match count (`--scoring stones`), the SPRT, and the faults.
//! One function computes it from the records in schedule order, so a match, any concurrency,
//! and a merge of shards give the same summary from the same games. Game and pair numbers are
//! 1-based here as everywhere a person or a script reads them.
//!
//! The SPRT is read along the schedule: after each colour-swapped pair, in pair order, over the
//! pairs before it; the first pair at which the LLR crosses a bound ends the match, and any game
//! after that pair (already played by another worker) is discarded. So where a match stops does
//! not depend on which game finished first.

use std::collections::BTreeMap;

use guerrilla::game::{Outcome, Side};
use guerrilla::protocol::wire;
use serde::Serialize;

use crate::records::{pgn_result, GameRecord, MatchInfo, Reason, Scoring};
use crate::schedule::{jobs, pairings};
use crate::sprt::{Sprt, Trinomial, Verdict};
use crate::stats::{elo_figures, Figure, Pentanomial};

/// Wins, losses and draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wld {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

impl Wld {
    fn add(&mut self, points: u8) {
        match points {
            2 => self.wins += 1,
            0 => self.losses += 1,
            _ => self.draws += 1,
        }
    }
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
    pub fn text(&self) -> String {
        format!("{} - {} - {}", self.wins, self.losses, self.draws)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EngineStats {
    pub name: String,
    pub total: Wld,
    pub as_p1: Wld,
    pub as_p2: Wld,
    /// Games this engine lost by a fault, by reason; each fault restarts the engine.
    pub faults: BTreeMap<String, u64>,
}

/// Brian Train's match (`--scoring stones`): pairs won, lost and tied by the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StonesMatches {
    pub wins: u64,
    pub losses: u64,
    pub ties: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingStats {
    pub first: String,
    pub second: String,
    /// From the first engine's side.
    pub wld: Wld,
    pub games: u64,
    pub points: f64,
    /// Points over games (`null` without a game).
    pub score: Figure,
    /// Drawn games over games.
    pub draw_ratio: Figure,
    /// Colour-swapped pairs by the first engine's points: 0, ½, 1, 1½, 2.
    pub pentanomial: Pentanomial,
    pub pairs: u64,
    /// Elo of the first engine over the second from the pairs, and the half-width of its
    /// 95 % interval; normalized Elo likewise; likelihood of superiority in [0, 1].
    pub elo: Figure,
    pub elo_error: Figure,
    pub nelo: Figure,
    pub nelo_error: Figure,
    pub los: Figure,
    /// Games without their colour-swapped partner (an odd `--games`, or a partner discarded or
    /// not played): in W/L/D and points, not in the pair figures.
    pub unpaired_games: Vec<usize>,
    /// `--scoring stones` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stones_matches: Option<StonesMatches>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtStatus {
    pub sprt: Sprt,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// `H0`, `H1` or `Continue`.
    pub verdict: Verdict,
    /// The pair (1-based) after which the match stopped, when a bound was crossed.
    pub stopped_after_pair: Option<usize>,
}

/// One line per game counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameLine {
    /// The game's number in the whole match (1-based), its PGN `Round`.
    pub game: usize,
    /// Its colour-swapped pair (1-based).
    pub pair: usize,
    pub p1: String,
    pub p2: String,
    /// The protocol's result word (`wire::result_word`): a win of either side, or a draw.
    pub result: String,
    /// `1-0`, `0-1` or `1/2-1/2`, as in the PGN.
    pub pgn_result: String,
    pub reason: Reason,
    pub plies: usize,
    /// Guerrilla Checkers: stones the Guerrilla (p1) placed in the game's moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stones: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub scoring: Scoring,
    /// Games in the schedule (of this shard, for a shard).
    pub scheduled: usize,
    /// Games counted.
    pub played: usize,
    /// Games played after the SPRT's stopping pair, not counted.
    pub discarded: usize,
    /// The match was ended by a signal (SIGINT, SIGTERM, SIGHUP): the games running then were
    /// abandoned.
    pub interrupted: bool,
    /// Written while the match is played (the `--json` file after each game); false in the
    /// summary of a match that ended.
    pub in_progress: bool,
    pub engines: Vec<EngineStats>,
    pub pairings: Vec<PairingStats>,
    /// Three engines or more: the rank table, best first (Elo by maximum likelihood over all
    /// games, `ranking`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ranking: Vec<crate::ranking::Rank>,
    pub sprt: Option<SprtStatus>,
    /// Games with an engine answer that disagreed with the rules.
    pub games_with_problems: usize,
    pub games: Vec<GameLine>,
}

/// Points (0, 1 or 2 half-points) of p1 in a game.
fn p1_points(o: Outcome) -> u8 {
    match o {
        Outcome::Win(Side::P1) => 2,
        Outcome::Win(Side::P2) => 0,
        Outcome::Draw => 1,
    }
}

/// Where the SPRT stops the match along the schedule, if it does: the pair number (0-based).
/// Only for a match of two engines and not inside a shard (a shard cannot see the pairs of the
/// others: the merge applies the SPRT).
pub fn sprt_stop(info: &MatchInfo, sorted: &[GameRecord]) -> Option<usize> {
    let sprt = info.sprt?;
    if info.shard.is_some() || info.engines.len() != 2 {
        return None;
    }
    let mut penta = [0u64; 5];
    let mut trinomial: Trinomial = [0; 3];
    let schedule = jobs(info);
    let by_index: BTreeMap<usize, &GameRecord> = sorted.iter().map(|g| (g.index, g)).collect();
    for (pair, games) in schedule.chunk_by(|a, b| a.pair == b.pair).enumerate() {
        let [a, b] = games else { break };
        let (Some(a), Some(b)) = (by_index.get(&a.index), by_index.get(&b.index)) else {
            break;
        };
        // The pairing's first engine is p1 in the first game, p2 in the second.
        let (pa, pb) = (p1_points(a.outcome), 2 - p1_points(b.outcome));
        penta[(pa + pb) as usize] += 1;
        trinomial[pa as usize] += 1;
        trinomial[pb as usize] += 1;
        if sprt.verdict(sprt.llr(&penta, &trinomial), pair as u64 + 1) != Verdict::Continue {
            return Some(pair);
        }
    }
    None
}

/// Brian Train's rule for one pair, from the first engine's side: it wins when it beat the
/// COIN player as the Guerrilla (p1) and the other did not, or did with more stones; it loses
/// in the mirror case; anything else is a tie. `a` is the game where the first engine is p1.
fn stones_match(a: &GameRecord, b: &GameRecord) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    let won = |g: &GameRecord| g.outcome == Outcome::Win(Side::P1);
    let stones = |g: &GameRecord| g.stones.unwrap_or(u32::MAX);
    match (won(a), won(b)) {
        (true, true) => stones(b).cmp(&stones(a)),
        (true, false) => Greater,
        (false, true) => Less,
        (false, false) => Equal,
    }
}

/// The summary of `sorted` (records in schedule order) for the match `info`.
pub fn summarize(info: &MatchInfo, sorted: &[GameRecord], interrupted: bool) -> Summary {
    let stop = sprt_stop(info, sorted);
    let counted: Vec<&GameRecord> = sorted
        .iter()
        .filter(|g| stop.is_none_or(|p| g.pair <= p))
        .collect();
    let names: Vec<&str> = info.engines.iter().map(|e| e.name.as_str()).collect();
    let idx = |name: &str| names.iter().position(|n| *n == name);
    let mut engines: Vec<EngineStats> = names
        .iter()
        .map(|n| EngineStats {
            name: n.to_string(),
            ..Default::default()
        })
        .collect();
    let pairs = pairings(names.len(), info.gauntlet);
    let mut pairing_wld = vec![Wld::default(); pairs.len()];
    let mut pentas = vec![[0u64; 5]; pairs.len()];
    // The games of the complete pairs, by the first engine's points (the bayesian SPRT's).
    let mut paired_games: Vec<Trinomial> = vec![[0; 3]; pairs.len()];
    let mut stones = vec![StonesMatches::default(); pairs.len()];
    // The first game seen of each pair: its pairing, the first engine's points, the record.
    let mut half_pairs: BTreeMap<usize, (usize, u8, &GameRecord)> = BTreeMap::new();
    let mut problems = 0;
    for g in &counted {
        let (Some(a), Some(b)) = (idx(&g.p1), idx(&g.p2)) else {
            continue;
        };
        let pts = p1_points(g.outcome);
        engines[a].total.add(pts);
        engines[a].as_p1.add(pts);
        engines[b].total.add(2 - pts);
        engines[b].as_p2.add(2 - pts);
        if g.reason.is_fault() {
            let faulty = if g.faulty == Some(Side::P1) { a } else { b };
            *engines[faulty]
                .faults
                .entry(g.reason.name().to_string())
                .or_default() += 1;
        }
        if !g.problems.is_empty() {
            problems += 1;
        }
        let Some(k) = pairs
            .iter()
            .position(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
        else {
            continue;
        };
        let first_pts = if pairs[k].0 == a { pts } else { 2 - pts };
        pairing_wld[k].add(first_pts);
        if let Some((_, before, other)) = half_pairs.remove(&g.pair) {
            pentas[k][(before + first_pts) as usize] += 1;
            paired_games[k][before as usize] += 1;
            paired_games[k][first_pts as usize] += 1;
            let (with_first_p1, with_second_p1) = if pairs[k].0 == a {
                (*g, other)
            } else {
                (other, *g)
            };
            let m = &mut stones[k];
            match stones_match(with_first_p1, with_second_p1) {
                std::cmp::Ordering::Greater => m.wins += 1,
                std::cmp::Ordering::Less => m.losses += 1,
                std::cmp::Ordering::Equal => m.ties += 1,
            }
        } else {
            half_pairs.insert(g.pair, (k, first_pts, g));
        }
    }
    let pairings_stats = pairs
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| {
            let f = elo_figures(&pentas[k]);
            let wld = pairing_wld[k];
            let games = wld.games();
            PairingStats {
                first: names[a].to_string(),
                second: names[b].to_string(),
                wld,
                games,
                points: wld.points(),
                score: Figure(wld.points() / games as f64),
                draw_ratio: Figure(wld.draws as f64 / games as f64),
                pentanomial: pentas[k],
                pairs: pentas[k].iter().sum(),
                elo: Figure(f.elo),
                elo_error: Figure(f.elo_error),
                nelo: Figure(f.nelo),
                nelo_error: Figure(f.nelo_error),
                los: Figure(f.los),
                unpaired_games: half_pairs
                    .values()
                    .filter(|(pk, _, _)| *pk == k)
                    .map(|(_, _, g)| g.index + 1)
                    .collect(),
                stones_matches: (info.scoring == Scoring::Stones).then_some(stones[k]),
            }
        })
        .collect();
    let sprt = info.sprt.filter(|_| names.len() == 2).map(|sprt| {
        let llr = sprt.llr(&pentas[0], &paired_games[0]);
        let (lower, upper) = sprt.bounds();
        SprtStatus {
            sprt,
            llr,
            lower,
            upper,
            verdict: if stop.is_some() {
                sprt.verdict(llr, u64::MAX)
            } else {
                Verdict::Continue
            },
            stopped_after_pair: stop.map(|p| p + 1),
        }
    });
    let ranking = if names.len() >= 3 {
        let games: Vec<crate::ranking::Game> = counted
            .iter()
            .filter_map(|g| {
                Some(crate::ranking::Game {
                    a: idx(&g.p1)?,
                    b: idx(&g.p2)?,
                    points: f64::from(p1_points(g.outcome)) / 2.0,
                })
            })
            .collect();
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        crate::ranking::rank_table(&names, &games)
    } else {
        Vec::new()
    };
    let scheduled = jobs(info)
        .iter()
        .filter(|j| crate::schedule::in_shard(j, info.shard))
        .count();
    Summary {
        scoring: info.scoring,
        scheduled,
        played: counted.len(),
        discarded: sorted.len() - counted.len(),
        interrupted,
        in_progress: false,
        engines,
        pairings: pairings_stats,
        ranking,
        sprt,
        games_with_problems: problems,
        games: counted
            .iter()
            .map(|g| GameLine {
                game: g.index + 1,
                pair: g.pair + 1,
                p1: g.p1.clone(),
                p2: g.p2.clone(),
                result: wire::result_word(Some(g.outcome)).to_string(),
                pgn_result: pgn_result(g.outcome).to_string(),
                reason: g.reason,
                plies: g.moves.len(),
                stones: g.stones,
            })
            .collect(),
    }
}
