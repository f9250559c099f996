//! The protocol's words and lines: the one place that turns values into protocol text and
//! protocol words back into values (protocol.md § 1–4).
//!
//! The engine's command loop writes every answer through these functions, and the programs
//! that speak the protocol from the other side — the arena, its fault engine, the web GUI's
//! server — read and write the same words through them, so a word is spelt in one place.

use std::borrow::Cow;
use std::fmt::{self, Display};

use crate::engine::{Applied, EngineError, Played, Stepped, Undone};
use crate::game::{
    About, EndReason, FieldKind, Game, GameEnd, GameError, GameOption, Outcome, Removal,
    RemovalKind, Side,
};
use crate::search::Info;

/// The protocol's word for a side: `p1` (moves first) or `p2`.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::P1 => "p1",
        Side::P2 => "p2",
    }
}

/// The side a protocol word names (`p1`, `p2`), `None` for any other word.
pub fn parse_side(word: &str) -> Option<Side> {
    Side::ALL.into_iter().find(|&s| side_word(s) == word)
}

/// The protocol's word for a game's result (`query result`, `describe`'s `result`): `p1win`,
/// `p2win`, `draw`, or `none` while the game goes on.
pub fn result_word(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "none",
        Some(Outcome::Win(Side::P1)) => "p1win",
        Some(Outcome::Win(Side::P2)) => "p2win",
        Some(Outcome::Draw) => "draw",
    }
}

/// The result a protocol word names: `Some(None)` for `none`, `None` for a word that is no
/// result.
pub fn parse_result(word: &str) -> Option<Option<Outcome>> {
    [
        None,
        Some(Outcome::Win(Side::P1)),
        Some(Outcome::Win(Side::P2)),
        Some(Outcome::Draw),
    ]
    .into_iter()
    .find(|&o| result_word(o) == word)
}

/// Every removal kind, in the order of protocol.md § 4.3.
pub const REMOVAL_KINDS: [RemovalKind; 5] = [
    RemovalKind::Captured,
    RemovalKind::Surrounded,
    RemovalKind::Killed,
    RemovalKind::Massacred,
    RemovalKind::Split,
];

/// The protocol's word for why a piece left the board (protocol.md § 4.3).
pub fn removal_word(kind: RemovalKind) -> &'static str {
    match kind {
        RemovalKind::Captured => "captured",
        RemovalKind::Surrounded => "surrounded",
        RemovalKind::Killed => "killed",
        RemovalKind::Massacred => "massacred",
        RemovalKind::Split => "split",
    }
}

/// One removal as the protocol writes it: `<place>:<why>` (`D4:captured`).
pub fn removal_item(r: &Removal) -> String {
    format!("{}:{}", r.place, removal_word(r.kind))
}

/// The removal an item `<place>:<why>` names, `None` for any other word.
pub fn parse_removal(item: &str) -> Option<Removal> {
    let (place, word) = item.rsplit_once(':')?;
    let kind = REMOVAL_KINDS
        .into_iter()
        .find(|&k| removal_word(k) == word)?;
    (!place.is_empty()).then(|| Removal::new(place, kind))
}

/// Every game-end reason, in the order of protocol.md § 4.3.
pub const END_REASONS: [EndReason; 7] = [
    EndReason::NoCheckers,
    EndReason::NoStonesOnBoard,
    EndReason::NoStonesInHand,
    EndReason::NoLegalMove,
    EndReason::TwoPasses,
    EndReason::TurnLimit,
    EndReason::Forfeit,
];

/// The protocol's word for why a game ended (`over`, `describe`'s `reason`), one hyphenated
/// word.
pub fn end_reason_word(reason: EndReason) -> &'static str {
    match reason {
        EndReason::NoCheckers => "no-checkers",
        EndReason::NoStonesOnBoard => "no-stones-on-board",
        EndReason::NoStonesInHand => "no-stones-in-hand",
        EndReason::NoLegalMove => "no-legal-move",
        EndReason::TwoPasses => "two-passes",
        EndReason::TurnLimit => "turn-limit",
        EndReason::Forfeit => "forfeit",
    }
}

/// The reason a protocol word names, `None` for any other word.
pub fn parse_end_reason(word: &str) -> Option<EndReason> {
    END_REASONS
        .into_iter()
        .find(|&r| end_reason_word(r) == word)
}

/// `over <result> <reason>[ <p1score>-<p2score>]`: how a game ended, as the answers that end
/// it append it (protocol.md § 4.3).
pub fn over_clause(end: &GameEnd) -> String {
    let mut s = format!(
        "over {} {}",
        result_word(Some(end.outcome)),
        end_reason_word(end.reason)
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

/// The answer to `play` (`word` = `played`) or `expand` (`expanded`), protocol.md § 4.2:
/// `<word> <move> steps <step> …[ removed <group> …][ over …]`.
pub fn played_line(word: &str, p: &Played) -> String {
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

/// The body of an error line for text a game refused: `expected <what> but got '<text>'`,
/// with the reason after it.
impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Syntax { expected, got } => {
                write!(f, "expected {expected} but got {}", quote(got))
            }
            GameError::Illegal { got, reason } => write!(
                f,
                "expected a legal move but got {} ({})",
                quote(got),
                clip_reason(reason)
            ),
            GameError::BadPosition { got, reason } => write!(
                f,
                "expected a valid position but got {} ({})",
                quote(got),
                clip_reason(reason)
            ),
        }
    }
}

/// The most characters of one piece of input (a token, a position string, the line) an error
/// line quotes (protocol.md § 1): enough to recognise it, short enough for a GUI's status line.
pub const QUOTED_MAX: usize = 80;

/// The most characters of the reason an error line gives in parentheses: reasons are the
/// engine's words, and the few that quote a piece of the input are cut here.
pub const REASON_MAX: usize = 160;

/// The longest error line, in bytes, after `info string error: ` (then cut and marked `…`): a
/// bound that no message of the engine reaches, kept so that no line can be long.
pub const ERROR_LINE_MAX: usize = 1000;

/// What follows the characters kept of a piece of input too long to quote whole.
const CUT_MARK: &str = "…' (";

/// `text` as an error line quotes it: `'<text>'` when it has at most [`QUOTED_MAX`]
/// characters, else `'<its first QUOTED_MAX characters>…' (<n> bytes)`, `n` its length.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED_MAX) {
        None => format!("'{text}'"),
        Some((cut, _)) => quote_cut(&text[..cut], text.len()),
    }
}

/// The quote of a piece of input of `len` bytes of which only its start `head` is kept.
pub fn quote_cut(head: &str, len: usize) -> String {
    let head = match head.char_indices().nth(QUOTED_MAX) {
        None => head,
        Some((cut, _)) => &head[..cut],
    };
    format!("'{head}{CUT_MARK}{len} bytes)")
}

/// A reason as an error line gives it: whole up to [`REASON_MAX`] characters, else cut there
/// and marked `…`.
fn clip_reason(reason: &str) -> Cow<'_, str> {
    match reason.char_indices().nth(REASON_MAX) {
        None => Cow::Borrowed(reason),
        Some((cut, _)) => Cow::Owned(format!("{}…", &reason[..cut])),
    }
}

/// The reason given for a position string of `game` sent while another game is played.
pub fn other_game_position(game: crate::GameKind) -> String {
    format!(
        "this looks like a {} position: setoption name Game value {}",
        game.title(),
        game.name()
    )
}

/// `true` or `false`, as `query` answers and `describe` fields write them.
pub fn bool_word(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

/// The error line (protocol.md § 1): `info string error: <msg>`, plus ` in '<line>'` when the
/// message neither quotes the whole line already nor quotes a piece of input cut short (so
/// that long input is quoted once). Always exactly one line, the line quoted as [`quote`] does,
/// and the whole at most [`ERROR_LINE_MAX`] bytes after its first words.
pub fn error_line(msg: impl Display, line: &str) -> String {
    let mut msg = msg.to_string().replace(['\n', '\r'], " ");
    let quoted = quote(line);
    if !line.is_empty() && !msg.contains(&quoted) && !msg.contains(CUT_MARK) {
        msg.push_str(" in ");
        msg.push_str(&quoted);
    }
    if msg.len() > ERROR_LINE_MAX {
        let mut cut = ERROR_LINE_MAX;
        while !msg.is_char_boundary(cut) {
            cut -= 1;
        }
        msg.truncate(cut);
        msg.push('…');
    }
    format!("info string error: {msg}")
}

/// The `position` command that sets up `start` (`startpos` or a position string) and plays
/// `moves` (protocol.md § 3.5), as a GUI or an arena sends it.
pub fn position_line(start: &str, moves: &[String]) -> String {
    let mut line = if start == "startpos" {
        "position startpos".to_string()
    } else {
        format!("position fen {start}")
    };
    if !moves.is_empty() {
        line.push_str(" moves");
        for m in moves {
            line.push(' ');
            line.push_str(m);
        }
    }
    line
}

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

/// The `info` line of a search report: fields in this fixed order, `pv` last and only when
/// known. `pv` holds the principal variation's tokens, already written in the game's notation.
pub fn info_line<S>(info: &Info<S>, pv: &[String]) -> String {
    let ms = info.time.as_millis();
    let nps = if info.time.as_secs_f64() > 0.0 {
        (info.nodes as f64 / info.time.as_secs_f64()) as u64
    } else {
        0
    };
    let mut s = format!(
        "info depth {} nodes {} time {ms} nps {nps} score {}",
        info.depth,
        info.nodes,
        score_text(info.score, info.proven)
    );
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
        pos.apply_step(step);
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

/// The body of an error line for what the engine could not do; `command` is the command as
/// the error quotes it (`go`, `perft 3`).
pub fn engine_error_text(e: &EngineError, command: &str) -> String {
    match e {
        EngineError::Game(g) => g.to_string(),
        EngineError::GameOver => format!("expected a game in progress but got '{command}'"),
        EngineError::MidTurn => format!(
            "expected a position at the start of a turn (finish or undo the turn) but got \
             '{command}'"
        ),
        EngineError::NoThread(why) => format!("expected a search thread but got '{why}'"),
    }
}

/// A drawing coordinate of `geometry`: at most three decimals, no trailing zeros (`0`, `0.5`,
/// `0.866`, `12`).
pub fn coord(v: f64) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A square's shade in `geometry`: `dark` (the squares checkers stand on) or `light`.
pub fn shade_word(dark: bool) -> &'static str {
    if dark {
        "dark"
    } else {
        "light"
    }
}

/// The answer to `about` (protocol.md § 4.12): how a GUI presents the game `name`, whose own
/// options are `options`, to people.
pub fn about_lines(name: &str, about: &About, options: &[GameOption]) -> Vec<String> {
    let mut lines = vec![
        format!("about game {name}"),
        format!("title {}", about.title),
    ];
    for side in Side::ALL {
        lines.push(format!(
            "side {} {}",
            side_word(side),
            about.sides[side.index()]
        ));
    }
    for p in about.pieces {
        lines.push(format!(
            "piece {} {} {} {} {}",
            p.char,
            p.owner.map_or("none", side_word),
            p.colour,
            if p.grouped { "grouped" } else { "single" },
            p.noun
        ));
    }
    let names: Vec<String> = options.iter().map(|o| o.name.to_string()).collect();
    lines.push(if names.is_empty() {
        "options -".to_string()
    } else {
        format!("options {}", names.join(" "))
    });
    for f in about.fields {
        let kind = match f.kind {
            FieldKind::Count => "count",
            FieldKind::Turn => "turn",
        };
        lines.push(format!("field {} {kind} {}", f.name, f.label));
    }
    for paragraph in about.tour.split("\n\n") {
        let text = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() {
            lines.push(format!("tour {text}"));
        }
    }
    lines.push("about end".to_string());
    lines
}

/// `<word>[ <status>] <n> <item> …`: a counted list on one line (`legal`, `history`).
pub fn counted_list(word: &str, status: &str, items: &[String]) -> String {
    let mut s = String::from(word);
    if !status.is_empty() {
        s.push(' ');
        s.push_str(status);
    }
    s.push_str(&format!(" {}", items.len()));
    for i in items {
        s.push(' ');
        s.push_str(i);
    }
    s
}

#[cfg(test)]
mod tests;
