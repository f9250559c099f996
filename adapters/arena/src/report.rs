//! The summary as people read it: the score lines of cutechess-cli (`Score of …`, `Elo
//! difference: … +/- …, LOS: … %, DrawRatio: … %`) and the figures fastchess adds (games,
//! points, normalized Elo, `Ptnml(0-2)`, `LLR: x (lower, upper) [elo0, elo1]`), per pairing;
//! then per engine, the SPRT's verdict and the count of games.

use std::fmt::Write as _;

use crate::ranking::Rank;
use crate::records::GameRecord;
use crate::records::Reason;
use crate::stats::Verdict;
use crate::summary::{PairingStats, Summary};

/// The one-line account of a game, as printed while the match runs, in cutechess-cli's form
/// (`Finished game N (White vs Black): 1-0 {…}`, White being p1) with the arena's reason, the
/// plies, the stones and what an adjudication or a fault says inside the braces.
pub fn game_line(g: &GameRecord) -> String {
    format!(
        "Finished game {} ({} vs {}): {} {{{} after {} plies{}{}}}",
        g.index + 1,
        g.p1,
        g.p2,
        crate::records::pgn_result(g.outcome),
        g.reason.name(),
        g.moves.len(),
        g.stones
            .map_or_else(String::new, |s| format!(", {s} stones placed")),
        if g.reason.is_fault() || g.reason != Reason::Gameover {
            format!(": {}", g.detail)
        } else {
            String::new()
        }
    )
}

/// The lines of one pairing: cutechess's two, then fastchess's figures.
pub fn pairing_lines(p: &PairingStats) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Score of {} vs {}: {}  [{}] {}",
        p.first,
        p.second,
        p.wld.text(),
        p.score.text(3),
        p.games
    );
    let _ = writeln!(
        out,
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        p.elo.text(1),
        p.elo_error.text(1),
        crate::stats::Figure(p.los.0 * 100.0).text(1),
        crate::stats::Figure(p.draw_ratio.0 * 100.0).text(1),
    );
    let _ = writeln!(
        out,
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({} %), nElo: {} +/- {}",
        p.games,
        p.wld.wins,
        p.wld.losses,
        p.wld.draws,
        p.points,
        crate::stats::Figure(p.score.0 * 100.0).text(1),
        p.nelo.text(1),
        p.nelo_error.text(1),
    );
    let _ = writeln!(
        out,
        "Ptnml(0-2): {:?}, {} pair{}",
        p.pentanomial,
        p.pairs,
        if p.pairs == 1 { "" } else { "s" }
    );
    if !p.unpaired_games.is_empty() {
        let list: Vec<String> = p.unpaired_games.iter().map(|g| g.to_string()).collect();
        let _ = writeln!(
            out,
            "Unpaired: game{} {} without {} colour-swapped partner: counted in the score, not in \
             Ptnml, Elo, LOS or LLR",
            if list.len() == 1 { "" } else { "s" },
            list.join(", "),
            if list.len() == 1 { "its" } else { "their" },
        );
    }
    if let Some(m) = &p.stones_matches {
        let _ = writeln!(
            out,
            "Stones matches of {} vs {}: {} - {} - {} (a pair is won by beating the COIN \
             player as the Guerrilla with fewer stones placed)",
            p.first, p.second, m.wins, m.losses, m.ties
        );
    }
    out
}

/// The rank table of three engines or more, in cutechess-cli's columns (its Elo here by
/// maximum likelihood over all games, with the half-width of its 95 % interval).
pub fn rank_lines(ranks: &[Rank]) -> String {
    let width = ranks.iter().map(|r| r.name.len()).max().unwrap_or(4).max(4);
    let mut out = format!(
        "Rank {:<width$} {:>7} {:>7} {:>7} {:>7} {:>7}\n",
        "Name", "Elo", "+/-", "Games", "Score", "Draw"
    );
    for r in ranks {
        let pct =
            |f: crate::stats::Figure| format!("{}%", crate::stats::Figure(f.0 * 100.0).text(1));
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {:>7} {:>7} {:>7} {:>7} {:>7}",
            r.rank,
            r.name,
            r.elo.text(0),
            r.elo_error.text(0),
            r.games,
            pct(r.score),
            pct(r.draw_ratio),
        );
    }
    out
}

/// The summary as text, for stdout.
pub fn report(s: &Summary) -> String {
    let mut out = String::new();
    for p in &s.pairings {
        out.push_str(&pairing_lines(p));
    }
    if !s.ranking.is_empty() {
        out.push_str(&rank_lines(&s.ranking));
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
            "LLR: {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}] {} alpha={} beta={}: {}",
            sp.llr,
            sp.lower,
            sp.upper,
            sp.sprt.elo0,
            sp.sprt.elo1,
            format!("{:?}", sp.sprt.model).to_lowercase(),
            sp.sprt.alpha,
            sp.sprt.beta,
            match (sp.verdict, sp.stopped_after_pair) {
                (Verdict::H1, Some(p)) => format!("H1 accepted: stopped after pair {p}"),
                (Verdict::H0, Some(p)) => format!("H0 accepted: stopped after pair {p}"),
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
