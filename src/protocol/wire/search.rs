//! The output of the commands that run beside the command loop (protocol.md § 3.6, § 4.7,
//! § 4.8): a search's `info` and `bestmove` lines, perft's divide and total, bench's figures.

use super::error_line;
use crate::engine::PerftReport;
use crate::game::{Game, PerftAbort};
use crate::search::bench::SearchBench;
use crate::search::Info;

/// The `bestmove` line: the turn's token, or `none` when there is no turn to play.
pub fn bestmove_line(token: Option<&str>) -> String {
    format!("bestmove {}", token.unwrap_or("none"))
}

/// The `score` field of an `info` line (protocol.md § 3.6): `win in N`, `loss in N` or
/// `draw in N` once the search has proven the result, else the expected result for the side
/// to move in [-1, 1] with three decimals.
pub fn score_text(score: f64, proven: Option<(i8, u32)>) -> String {
    match proven {
        Some((1, n)) => format!("win in {n}"),
        Some((-1, n)) => format!("loss in {n}"),
        Some((_, n)) => format!("draw in {n}"),
        None => format!("{score:.3}"),
    }
}

/// The `info` line of line `k` (0: the best) of a search report (protocol.md § 3.6), its
/// fields in this fixed order: `depth`, `multipv k+1` when the lines are `numbered` (`MultiPV`
/// above 1), `nodes`, `time`, `nps`, `score`, `wdl` with `show_wdl` (the `ShowWDL` option),
/// the line's own `visits` when the lines are `numbered`, then `pv` when known. `pv` holds the line's principal variation, already written in the
/// game's notation.
pub fn info_line<S>(
    info: &Info<S>,
    k: usize,
    numbered: bool,
    show_wdl: bool,
    pv: &[String],
) -> String {
    let ms = info.time.as_millis();
    let nps = info.nps();
    let line = &info.lines[k];
    let mut s = format!("info depth {}", line.depth);
    if numbered {
        s.push_str(&format!(" multipv {}", k + 1));
    }
    s.push_str(&format!(
        " nodes {} time {ms} nps {nps} score {}",
        info.nodes,
        score_text(line.score, line.proven)
    ));
    if show_wdl {
        s.push_str(&wdl_field(line.wdl()));
    }
    if numbered {
        s.push_str(&format!(" visits {}", line.visits));
    }
    if !pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&pv.join(" "));
    }
    s
}

/// The mark that ends the last token of a principal variation when that turn is not complete:
/// the turn as far as it goes, in the turn's syntax, then this mark (no turn token ends with
/// a `.`).
pub const PARTIAL_MARK: &str = "...";

/// A principal variation's tokens (protocol.md § 3.6), from `root` and the steps the search
/// followed: one token per whole turn, in the game's turn notation; a last turn the search has
/// not followed to its end is written as far as it goes ([`crate::game::Notation::format_partial_turn`])
/// and followed by [`PARTIAL_MARK`]. A caller whose root is in the middle of a turn gives the
/// turn's start as `root` and the steps already taken in it before the search's, so the first
/// token is that whole turn; from a root in the middle of a turn (its start unknown), the
/// first turn is its step texts from `root` joined by `,`.
pub fn pv_tokens<G: Game>(root: &G, steps: &[G::Step]) -> Vec<String> {
    let mut pos = root.clone();
    let mut tokens = Vec::new();
    let mut turn: Vec<G::Step> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    // Where the turn being followed began; `None` for a turn begun before `root`.
    let mut begun = pos.at_turn_start().then(|| pos.clone());
    for &step in steps {
        turn.push(step);
        texts.push(pos.format_step(step));
        pos.apply(step, None);
        if pos.at_turn_start() {
            tokens.push(match &begun {
                Some(b) => b.format_turn(&b.turn_from_steps(&turn)),
                None => texts.join(","),
            });
            turn.clear();
            texts.clear();
            begun = Some(pos.clone());
        }
    }
    if !turn.is_empty() {
        let partial = match &begun {
            Some(b) => b.format_partial_turn(&turn),
            None => texts.join(","),
        };
        tokens.push(format!("{partial}{PARTIAL_MARK}"));
    }
    tokens
}

/// The line of one perft report (protocol.md § 4.7): `<move>: <count>`, `Nodes searched:
/// <total>`, `info string perft stopped`, or the error line of a perft that gave up (`line` is
/// the perft command, which the error line quotes).
pub fn perft_line(report: &PerftReport, line: &str) -> String {
    match report {
        PerftReport::Divide(token, n) => format!("{token}: {n}"),
        PerftReport::Done(total) => format!("Nodes searched: {total}"),
        PerftReport::GaveUp(PerftAbort::Stopped) => "info string perft stopped".to_string(),
        PerftReport::GaveUp(PerftAbort::TooLarge(why)) => {
            error_line(format!("perft gave up: {why}"), line)
        }
    }
}

/// The answer to `bench` (protocol.md § 4.8): `Nodes searched: <steps>` (the signature) and
/// `Nodes/second: <steps per second>`.
pub fn bench_lines(bench: &SearchBench) -> Vec<String> {
    vec![
        format!("Nodes searched: {}", bench.nodes),
        format!("Nodes/second: {}", bench.nps() as u64),
    ]
}

/// `bestmove <turn> ponder <reply>` when the engine names the reply it expects (the `Ponder`
/// option, protocol.md § 3.6), else exactly the two tokens of [`bestmove_line`].
pub fn bestmove_ponder_line(token: Option<&str>, ponder: Option<&str>) -> String {
    match (token, ponder) {
        (Some(turn), Some(reply)) => format!("bestmove {turn} ponder {reply}"),
        _ => bestmove_line(token),
    }
}

/// The reply a `bestmove` of `best` names for pondering: the principal variation's second
/// token, when its first is `best` and the second is a whole turn (not marked
/// [`PARTIAL_MARK`]); `None` otherwise.
pub fn ponder_reply<'a>(best: &str, pv: &'a [String]) -> Option<&'a str> {
    match pv {
        [first, reply, ..] if first == best && !reply.ends_with(PARTIAL_MARK) => Some(reply),
        _ => None,
    }
}

/// ` wdl <w> <d> <l>`, the `info` field of the chances per mille of a win, a draw and a loss
/// for the side to move (protocol.md § 3.6), which sum to 1000.
pub fn wdl_field([w, d, l]: [u32; 3]) -> String {
    format!(" wdl {w} {d} {l}")
}

/// `info currmove <turn> currmovenumber <k>`: the root turn a long search is on, and its rank
/// (from 1) in the order the search takes them, as UCI has it (protocol.md § 3.6).
pub fn currmove_line(turn: &str, number: usize) -> String {
    format!("info currmove {turn} currmovenumber {number}")
}
