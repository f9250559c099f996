//! The summary as people read it, in one of three formats (`--output`, fastchess's `-output
//! format=…`), used for the interim lines and the final report alike:
//!
//! * `arena` (the default): the score lines of cutechess-cli (`Score of …`, `Elo difference:
//!   … +/- …, LOS: … %, DrawRatio: … %`) and the figures fastchess adds (games, points,
//!   normalized Elo, `Ptnml(0-2)`), then `LLR: x (lower, upper) [elo0, elo1] MODEL …`;
//! * `cutechess`: cutechess-cli's lines only, its SPRT line `SPRT: llr x (p%), lbound l,
//!   ubound u` (p: how far the LLR has gone towards the bound it approaches) with the model;
//! * `fastchess`: fastchess's block between dashed lines (`Results of A vs B:`, `Elo:`, `LOS:`,
//!   `Games:`, `Ptnml(0-2):`, `LLR:` with the model).
//!
//! Then, in every format, the rank table of three engines or more, each engine's results, the
//! SPRT's verdict and the count of games. Every figure is a number, a bound or `-`
//! (`stats::Figure`), never `nan` or `inf`.

use std::fmt::Write as _;

use crate::ranking::Rank;
use crate::records::GameRecord;
use crate::records::Reason;
use crate::sprt::Verdict;
use crate::stats::{fixed, Figure};
use crate::summary::{PairingStats, SprtStatus, Summary};

/// The format of the score lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// cutechess-cli's score lines with fastchess's figures.
    #[default]
    Arena,
    /// cutechess-cli's lines only.
    Cutechess,
    /// fastchess's block.
    Fastchess,
}

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
    let mut out = cutechess_lines(p);
    let _ = writeln!(
        out,
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({} %), nElo: {}",
        p.games,
        p.wld.wins,
        p.wld.losses,
        p.wld.draws,
        p.points,
        p.score.percent(),
        p.nelo.with_error(p.nelo_error, 1),
    );
    let _ = writeln!(
        out,
        "Ptnml(0-2): {:?}, {} pair{}",
        p.pentanomial,
        p.pairs,
        if p.pairs == 1 { "" } else { "s" }
    );
    out.push_str(&pairing_notes(p));
    out
}

/// cutechess-cli's two lines of a pairing.
fn cutechess_lines(p: &PairingStats) -> String {
    format!(
        "Score of {} vs {}: {}  [{}] {}\nElo difference: {}, LOS: {} %, DrawRatio: {} %\n",
        p.first,
        p.second,
        p.wld.text(),
        p.score.text(3),
        p.games,
        p.elo.with_error(p.elo_error, 1),
        p.los.percent(),
        p.draw_ratio.percent(),
    )
}

/// fastchess's block of a pairing, without its dashed lines and its LLR.
fn fastchess_lines(p: &PairingStats) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Results of {} vs {}:", p.first, p.second);
    let _ = writeln!(
        out,
        "Elo: {}, nElo: {}",
        p.elo.with_error(p.elo_error, 2),
        p.nelo.with_error(p.nelo_error, 2)
    );
    let _ = writeln!(
        out,
        "LOS: {} %, DrawRatio: {} %",
        Figure(p.los.0 * 100.0).text(2),
        Figure(p.draw_ratio.0 * 100.0).text(2)
    );
    let _ = writeln!(
        out,
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({} %)",
        p.games,
        p.wld.wins,
        p.wld.losses,
        p.wld.draws,
        p.points,
        Figure(p.score.0 * 100.0).text(2)
    );
    let _ = writeln!(out, "Ptnml(0-2): {:?}", p.pentanomial);
    out
}

/// The SPRT's line in a format, the model named in each.
fn sprt_line(sp: &SprtStatus, format: OutputFormat) -> String {
    let model = sp.sprt.model.name();
    match format {
        OutputFormat::Cutechess => {
            let towards = if sp.llr >= 0.0 { sp.upper } else { sp.lower };
            format!(
                "SPRT: llr {} ({}%), lbound {:.2}, ubound {:.2}, model {model}\n",
                fixed(sp.llr, 3),
                fixed(100.0 * sp.llr / towards, 1),
                sp.lower,
                sp.upper
            )
        }
        OutputFormat::Arena | OutputFormat::Fastchess => format!(
            "LLR: {} ({:.2}, {:.2}) [{:.2}, {:.2}] {model}\n",
            fixed(sp.llr, 2),
            sp.lower,
            sp.upper,
            sp.sprt.elo0,
            sp.sprt.elo1
        ),
    }
}

/// The score lines of every pairing and the SPRT's line, in a format: what the interim
/// report prints, and the final one begins with.
pub fn score_lines(s: &Summary, format: OutputFormat) -> String {
    let mut out = String::new();
    let rule = "-".repeat(50) + "\n";
    for p in &s.pairings {
        match format {
            OutputFormat::Arena => out.push_str(&pairing_lines(p)),
            OutputFormat::Cutechess => {
                out.push_str(&cutechess_lines(p));
                out.push_str(&pairing_notes(p));
            }
            OutputFormat::Fastchess => {
                out.push_str(&rule);
                out.push_str(&fastchess_lines(p));
                if let Some(sp) = s.sprt.as_ref().filter(|_| s.pairings.len() == 1) {
                    out.push_str(&sprt_line(sp, format));
                }
                out.push_str(&pairing_notes(p));
                out.push_str(&rule);
            }
        }
    }
    if format != OutputFormat::Fastchess {
        if let Some(sp) = &s.sprt {
            out.push_str(&sprt_line(sp, format));
        }
    }
    out
}

/// What every format adds under a pairing: its unpaired games and the stones matches.
fn pairing_notes(p: &PairingStats) -> String {
    let mut out = String::new();
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
        let pct = |f: Figure| format!("{}%", f.percent());
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

/// The summary as text, for stdout: the score lines in `format`, then the rest.
pub fn report(s: &Summary, format: OutputFormat) -> String {
    let mut out = score_lines(s, format);
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
            "SPRT: {} (model={} alpha={} beta={})",
            match (sp.verdict, sp.stopped_after_pair) {
                (Verdict::H1, Some(p)) => format!("H1 accepted: stopped after pair {p}"),
                (Verdict::H0, Some(p)) => format!("H0 accepted: stopped after pair {p}"),
                _ => "no decision".to_string(),
            },
            sp.sprt.model.name(),
            sp.sprt.alpha,
            sp.sprt.beta,
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
