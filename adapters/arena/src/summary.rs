//! What a match (or the merge of its shards) gives: W/L/D per engine and per role, the
//! pentanomial counts and Elo of every pairing, the SPRT, and the faults. One function computes
//! it from the records in schedule order, so a match, any concurrency, and a merge of shards
//! give the same summary from the same games.
//!
//! The SPRT is read along the schedule: after each colour-swapped pair, in pair order, over the
//! pairs before it; the first pair at which the LLR crosses a bound ends the match, and any game
//! after that pair (already played by another worker) is discarded. So where a match stops does
//! not depend on which game finished first.

use std::collections::BTreeMap;

use guerrilla::game::{Outcome, Side};
use guerrilla::protocol::wire;
use serde::Serialize;

use crate::records::{GameRecord, MatchInfo, Reason};
use crate::schedule::{jobs, pairings};
use crate::stats::{elo_interval, Pentanomial, Sprt, Verdict};

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
    pub fn score(&self) -> f64 {
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

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingStats {
    pub first: String,
    pub second: String,
    /// From the first engine's side.
    pub wld: Wld,
    /// Colour-swapped pairs by the first engine's points: 0, ½, 1, 1½, 2.
    pub pentanomial: Pentanomial,
    /// Elo of the first engine over the second, and the half-width of its 95 % interval
    /// (`null` when infinite or without a pair).
    pub elo: Option<f64>,
    pub elo_error: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtStatus {
    pub sprt: Sprt,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// `H0`, `H1` or `Continue`.
    pub verdict: Verdict,
    /// The pair after which the match stopped, when a bound was crossed.
    pub stopped_after_pair: Option<usize>,
}

/// One line per game counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameLine {
    pub index: usize,
    pub p1: String,
    pub p2: String,
    pub result: String,
    pub reason: Reason,
    pub plies: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games in the schedule (of this shard, for a shard).
    pub scheduled: usize,
    /// Games counted.
    pub played: usize,
    /// Games played after the SPRT's stopping pair, not counted.
    pub discarded: usize,
    /// The match was ended by Ctrl-C: the games running then were abandoned.
    pub interrupted: bool,
    pub engines: Vec<EngineStats>,
    pub pairings: Vec<PairingStats>,
    pub sprt: Option<SprtStatus>,
    /// Games with an engine answer that disagreed with the rules.
    pub games_with_problems: usize,
    pub games: Vec<GameLine>,
}

/// Points (0, 1 or 2 half-points) of p1 in a game.
fn p1_points(result: &str) -> u8 {
    match wire::parse_result(result) {
        Some(Some(Outcome::Win(Side::P1))) => 2,
        Some(Some(Outcome::Win(Side::P2))) => 0,
        _ => 1,
    }
}

/// Where the SPRT stops the match along the schedule, if it does: the pair number. Only for a
/// match of two engines and not inside a shard (a shard cannot see the pairs of the others:
/// the merge applies the SPRT).
pub fn sprt_stop(info: &MatchInfo, sorted: &[GameRecord]) -> (Option<usize>, Pentanomial) {
    let mut penta = [0u64; 5];
    let Some(sprt) = info.sprt else {
        return (None, penta);
    };
    if info.shard.is_some() || info.engines.len() != 2 {
        return (None, penta);
    }
    let schedule = jobs(info);
    let by_index: BTreeMap<usize, &GameRecord> = sorted.iter().map(|g| (g.index, g)).collect();
    let mut pair = 0;
    let mut i = 0;
    while i < schedule.len() {
        let games: Vec<_> = schedule[i..]
            .iter()
            .take_while(|j| j.pair == pair)
            .collect();
        i += games.len();
        if games.len() != 2 {
            break;
        }
        let (Some(a), Some(b)) = (by_index.get(&games[0].index), by_index.get(&games[1].index))
        else {
            break;
        };
        // The pairing's first engine is p1 in the first game, p2 in the second.
        let pts = p1_points(&a.result) + (2 - p1_points(&b.result));
        penta[pts as usize] += 1;
        if sprt.verdict(sprt.llr(&penta), pair as u64 + 1) != Verdict::Continue {
            return (Some(pair), penta);
        }
        pair += 1;
    }
    (None, penta)
}

/// The summary of `sorted` (records in schedule order) for the match `info`.
pub fn summarize(info: &MatchInfo, sorted: &[GameRecord], interrupted: bool) -> Summary {
    let (stop, _) = sprt_stop(info, sorted);
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
    // Points of the pairing's first engine in the first game of each pair seen.
    let mut half_pairs: BTreeMap<usize, u8> = BTreeMap::new();
    let mut problems = 0;
    for g in &counted {
        let (Some(a), Some(b)) = (idx(&g.p1), idx(&g.p2)) else {
            continue;
        };
        let pts = p1_points(&g.result);
        engines[a].total.add(pts);
        engines[a].as_p1.add(pts);
        engines[b].total.add(2 - pts);
        engines[b].as_p2.add(2 - pts);
        if g.reason.is_fault() {
            let faulty = if g.faulty.as_deref().and_then(wire::parse_side) == Some(Side::P1) {
                a
            } else {
                b
            };
            *engines[faulty]
                .faults
                .entry(g.reason.name().to_string())
                .or_default() += 1;
        }
        if !g.problems.is_empty() {
            problems += 1;
        }
        if let Some(k) = pairs
            .iter()
            .position(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
        {
            let first_pts = if pairs[k].0 == a { pts } else { 2 - pts };
            pairing_wld[k].add(first_pts);
            if let Some(before) = half_pairs.remove(&g.pair) {
                pentas[k][(before + first_pts) as usize] += 1;
            } else {
                half_pairs.insert(g.pair, first_pts);
            }
        }
    }
    let pairings_stats = pairs
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| {
            let ei = elo_interval(&pentas[k]);
            let finite = |x: f64| x.is_finite().then_some(x);
            PairingStats {
                first: names[a].to_string(),
                second: names[b].to_string(),
                wld: pairing_wld[k],
                pentanomial: pentas[k],
                elo: ei.and_then(|(e, _)| finite(e + 0.0)),
                elo_error: ei.and_then(|(_, w)| finite(w)),
            }
        })
        .collect();
    let sprt = info.sprt.filter(|_| names.len() == 2).map(|sprt| {
        let llr = sprt.llr(&pentas[0]);
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
            stopped_after_pair: stop,
        }
    });
    let scheduled = jobs(info)
        .iter()
        .filter(|j| crate::schedule::in_shard(j, info.shard))
        .count();
    Summary {
        scheduled,
        played: counted.len(),
        discarded: sorted.len() - counted.len(),
        interrupted,
        engines,
        pairings: pairings_stats,
        sprt,
        games_with_problems: problems,
        games: counted
            .iter()
            .map(|g| GameLine {
                index: g.index,
                p1: g.p1.clone(),
                p2: g.p2.clone(),
                result: g.result.clone(),
                reason: g.reason,
                plies: g.moves.len(),
            })
            .collect(),
    }
}

/// The one-line account of a game, as printed while the match runs.
pub fn game_line(g: &GameRecord) -> String {
    format!(
        "game {}: {} (p1) vs {} (p2): {} by {} after {} plies{}",
        g.index + 1,
        g.p1,
        g.p2,
        g.result,
        g.reason.name(),
        g.moves.len(),
        if g.reason.is_fault() || g.reason == Reason::PlyCap {
            format!(" ({})", g.detail)
        } else {
            String::new()
        }
    )
}

fn elo_text(p: &PairingStats) -> String {
    let total: u64 = p.pentanomial.iter().sum();
    if total == 0 {
        return "n/a (no complete pair)".to_string();
    }
    let e = p
        .elo
        .map_or_else(|| "inf".to_string(), |e| format!("{:+.1}", e + 0.0));
    let w = p
        .elo_error
        .map_or_else(|| "inf".to_string(), |w| format!("{w:.1}"));
    format!("{e} ± {w} (95%)")
}

/// The summary as text, for stdout.
pub fn report(s: &Summary) -> String {
    let mut out = String::new();
    use std::fmt::Write as _;
    for p in &s.pairings {
        let n = p.wld.games();
        let frac = if n == 0 {
            0.5
        } else {
            p.wld.score() / n as f64
        };
        let _ = writeln!(
            out,
            "Score of {} vs {}: {} [{frac:.3}] Elo difference: {} Ptnml(0-2): {:?}",
            p.first,
            p.second,
            p.wld.text(),
            elo_text(p),
            p.pentanomial
        );
    }
    for e in &s.engines {
        let faults: Vec<String> = e.faults.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(
            out,
            "{}: {} as p1 {} as p2 {}{}",
            e.name,
            e.total.text(),
            e.as_p1.text(),
            e.as_p2.text(),
            if faults.is_empty() {
                String::new()
            } else {
                format!("; faults (each restarted): {}", faults.join(", "))
            }
        );
    }
    if let Some(sp) = &s.sprt {
        let _ = writeln!(
            out,
            "SPRT ({:?} elo0={} elo1={} alpha={} beta={}): LLR {:.2} ({:.2}, {:.2}) {}",
            sp.sprt.model,
            sp.sprt.elo0,
            sp.sprt.elo1,
            sp.sprt.alpha,
            sp.sprt.beta,
            sp.llr,
            sp.lower,
            sp.upper,
            match (sp.verdict, sp.stopped_after_pair) {
                (Verdict::H1, Some(p)) => format!("H1 accepted: stopped after pair {}", p + 1),
                (Verdict::H0, Some(p)) => format!("H0 accepted: stopped after pair {}", p + 1),
                _ => "no decision".to_string(),
            }
        );
    }
    let _ = writeln!(
        out,
        "Games: {} played of {} scheduled{}{}{}",
        s.played,
        s.scheduled,
        if s.discarded > 0 {
            format!(", {} discarded after the SPRT stop", s.discarded)
        } else {
            String::new()
        },
        if s.games_with_problems > 0 {
            format!(", {} with problems", s.games_with_problems)
        } else {
            String::new()
        },
        if s.interrupted {
            ", interrupted (running games abandoned)"
        } else {
            ""
        }
    );
    out
}
