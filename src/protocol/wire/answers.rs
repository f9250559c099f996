//! The answers to the commands that change or read the game (protocol.md § 3.5, § 3.9,
//! § 4.1–4.4, § 4.11): what a step, a turn or an undo did, the legal lists, the history, the
//! query responses.

use std::fmt::Display;

use super::{counted_list, removal_item, result_word, side_word};
use crate::engine::{Applied, History, Played, Stepped, Undone};
use crate::game::{GameEnd, Side};

/// `over <result> <reason>[ <p1score>-<p2score>]`: how a game ended, as the answers that end
/// it append it (protocol.md § 4.3).
pub fn over_clause(end: &GameEnd) -> String {
    let mut s = format!(
        "over {} {}",
        result_word(Some(end.outcome)),
        end.reason.word
    );
    if let Some([p1, p2]) = end.score {
        s.push_str(&format!(" {p1}-{p2}"));
    }
    s
}

/// ` removed <group> …`, one group per step of `steps` in order (its removals `<place>:<why>`
/// comma-separated, `-` for none); empty when no step removed anything.
fn removed_clause(steps: &[&Applied]) -> String {
    if steps.iter().all(|a| a.removed.is_empty()) {
        return String::new();
    }
    let mut s = String::from(" removed");
    for a in steps {
        s.push(' ');
        if a.removed.is_empty() {
            s.push('-');
        } else {
            let items: Vec<String> = a.removed.iter().map(removal_item).collect();
            s.push_str(&items.join(","));
        }
    }
    s
}

/// The answer to `step` (protocol.md § 4.3):
/// `stepped <step>[ auto <step> …][ turn <move>][ removed <group> …][ over …]`.
pub fn stepped_line(st: &Stepped) -> String {
    let mut s = format!("stepped {}", st.chosen.step);
    if !st.auto.is_empty() {
        s.push_str(" auto");
        for a in &st.auto {
            s.push(' ');
            s.push_str(&a.step);
        }
    }
    if let Some(turn) = &st.turn {
        s.push_str(" turn ");
        s.push_str(turn);
    }
    let all: Vec<&Applied> = std::iter::once(&st.chosen).chain(&st.auto).collect();
    s.push_str(&removed_clause(&all));
    if let Some(end) = &st.end {
        s.push(' ');
        s.push_str(&over_clause(end));
    }
    s
}

/// The answer to `play` (protocol.md § 4.2):
/// `played <move> steps <step> …[ removed <group> …][ over …]`.
pub fn played_line(p: &Played) -> String {
    turn_line("played", p)
}

/// The answer to `expand` (protocol.md § 4.2): as [`played_line`], its first word `expanded`.
pub fn expanded_line(p: &Played) -> String {
    turn_line("expanded", p)
}

fn turn_line(word: &str, p: &Played) -> String {
    let mut s = format!("{word} {} steps", p.turn);
    for a in &p.steps {
        s.push(' ');
        s.push_str(&a.step);
    }
    let all: Vec<&Applied> = p.steps.iter().collect();
    s.push_str(&removed_clause(&all));
    if let Some(end) = &p.end {
        s.push(' ');
        s.push_str(&over_clause(end));
    }
    s
}

/// The answer to `undo` and `undo step` (protocol.md § 4.4): `undone step <step>`,
/// `undone turn <move>` or `undone forfeit`.
pub fn undone_line(u: &Undone) -> String {
    match u {
        Undone::Step(step) => format!("undone step {step}"),
        Undone::Turn(turn) => format!("undone turn {turn}"),
        Undone::Forfeit => "undone forfeit".to_string(),
    }
}

/// `response <word>`: the answer to `query` (protocol.md § 3.9), exactly two tokens.
pub fn response_line(word: &str) -> String {
    format!("response {word}")
}

/// The error text of an illegal or malformed move inside `position … moves` (protocol.md
/// § 3.5): the move's own error, then who lost by it (`forfeit`), or, when the game had
/// already ended by the rules, that its result stands.
pub fn forfeit_text(illegal: impl Display, forfeit: Option<Side>) -> String {
    match forfeit {
        Some(loser) => format!("{illegal}; the game is over, lost by {}", side_word(loser)),
        None => format!("{illegal}; the result stands"),
    }
}

/// The error text of `undo` or `undo step` with nothing to take back (protocol.md § 4.4).
pub fn nothing_to_undo_text(line: &str) -> String {
    super::Refusal::new("a move or step to undo", line).to_string()
}

/// The answer to `history` (protocol.md § 4.11): `start`, `history` and `building`.
pub fn history_lines(h: &History) -> Vec<String> {
    vec![
        format!("start {}", h.start),
        counted_list("history", "", &h.turns),
        counted_list("building", "", &h.building),
    ]
}

/// What `legal`'s `turns` line says of its list (protocol.md § 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnsListed {
    /// Every legal turn is listed.
    Complete,
    /// The list stopped at its cap or at the enumeration budget.
    Partial,
    /// In the middle of a turn: no whole turn is listed.
    MidTurn,
}

/// `steps <n> <step> …`: `legal`'s first line.
pub fn steps_line(steps: &[String]) -> String {
    counted_list("steps", "", steps)
}

/// `turns complete|partial|midturn <n> <move> …`: `legal`'s second line.
pub fn turns_line(listed: TurnsListed, turns: &[String]) -> String {
    let status = match listed {
        TurnsListed::Complete => "complete",
        TurnsListed::Partial => "partial",
        TurnsListed::MidTurn => "midturn",
    };
    counted_list("turns", status, turns)
}
