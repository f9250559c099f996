//! `guerrilla-arena replay FILE…`: re-referees every game of PGN files with the rules library
//! and reports, game by game, what does not agree, then goes on to the next game:
//!
//! * a game of an arena records file (after its `% match` line) is checked against its match: a
//!   recorded move the rules refuse, a result or reason the rules do not give, a refused move
//!   (`BadMove`) the rules accept, a move numbered for the side that did not make it, a stone
//!   count (`Stones`) that is not the one the rules give, an opening that is not its round's,
//!   limits that are not the match's, a game that the match's resignation or draw rule ends at
//!   another ply or not at all;
//! * any other game (the web GUI's export, a game written by hand) is checked by its tags: its
//!   game (`Variant`, or the web GUI's `Game`) and the game's options (`BoardSide`,
//!   `TurnLimit`), its start (`FEN`, or `Opening`), every move, and its result against the
//!   rules (`*` for a game that goes on; a decided result the rules do not give only with a
//!   `Termination` other than `normal`, such as a time forfeit, which the rules cannot check).
//!
//! A game that cannot be read (a missing tag, a Result tag that the movetext's result token
//! contradicts) is reported the same way. Each report line is `FILE: game N (line L): …`, N
//! counting the file's games from 1.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use guerrilla::game::prelude::*;
use guerrilla::game::{GameError, Outcome, Side};
use guerrilla::protocol::wire::{result_word, side_word};
use guerrilla::{with_game, GameKind};

use crate::limits::Limits;
use crate::openings::{start_position, Opening};
use crate::out;
use crate::records::pgn::{self, PgnGame};
use crate::records::{self, parse_pgn_result, pgn_result, GameRecord, MatchInfo, Reason};
use crate::referee::stones_placed;
use crate::setup::referee_settings;

/// What replaying a file found.
#[derive(Default)]
struct Tally {
    games: usize,
    bad: usize,
    partial: usize,
}

/// Replays the games of one file, read game by game; a game of an arena match that does not
/// read and ends the file is the partial game a killed match leaves: reported, not counted.
fn replay_file(path: &Path, tally: &mut Tally) -> Result<(), String> {
    let name = path.display().to_string();
    records::check_regular(path, "read")
        .map_err(|_| "not a regular file (a device, a FIFO or a folder): not read".to_string())?;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read it: {e}"))?;
    let mut info: Option<MatchInfo> = None;
    let mut k = 0;
    // A game of an arena match that does not read, held until we know whether it is the last.
    let mut held: Option<(usize, usize, Vec<String>)> = None;
    let report = |k: usize, line: usize, found: Vec<String>, tally: &mut Tally| {
        tally.games += 1;
        if !found.is_empty() {
            tally.bad += 1;
            for f in found {
                out(&format!("{name}: game {k} (line {line}): {f}\n"));
            }
        }
    };
    for item in pgn::Items::new(BufReader::with_capacity(1 << 16, file)) {
        if let Some((k, line, found)) = held.take() {
            report(k, line, found, tally);
        }
        match item? {
            pgn::Item::Header(line, json) => {
                info = match records::match_info(&json) {
                    Ok(i) => Some(i),
                    Err(e) => {
                        // Its games are still checked, by their tags.
                        out(&format!("{name}:{line}: {e}\n"));
                        None
                    }
                }
            }
            pgn::Item::Game(g) => {
                k += 1;
                match &info {
                    Some(info) => match records::record_of(&g) {
                        Ok(record) => report(k, g.line, arena_game(info, &record), tally),
                        Err(e) => held = Some((k, g.line, vec![e])),
                    },
                    None => report(k, g.line, any_game(&g), tally),
                }
            }
        }
    }
    if let Some((k, line, found)) = held {
        tally.partial += 1;
        out(&format!(
            "{name}: game {k} (line {line}): a partial game at the end of the file ({}), as a \
             match killed while writing it leaves: skipped\n",
            found.join("; ")
        ));
    }
    Ok(())
}

/// Replays every game of `files`; exit status 0 when every game replays clean (a partial game
/// at the end of a records file is skipped), 2 otherwise.
pub fn run(files: &[PathBuf]) -> Result<ExitCode, String> {
    let mut tally = Tally::default();
    for path in files {
        if let Err(e) = replay_file(path, &mut tally) {
            out(&format!("{}: {e}\n", path.display()));
            tally.bad += 1;
        }
    }
    let partial = match tally.partial {
        0 => String::new(),
        n => format!(", {n} partial skipped"),
    };
    out(&format!(
        "replayed {} games: {} clean, {} with mismatches{partial}\n",
        tally.games,
        tally.games.saturating_sub(tally.bad),
        tally.bad
    ));
    Ok(if tally.bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

/// A game of an arena match, checked against the match.
fn arena_game(info: &MatchInfo, record: &GameRecord) -> Vec<String> {
    let kind = match info.game.parse::<GameKind>() {
        Ok(k) => k,
        Err(e) => return vec![e],
    };
    with_game!(kind, G => match referee_settings::<G>(&info.options) {
        Ok(settings) => check_game::<G>(info, &settings, record),
        Err(e) => vec![e],
    })
}

/// A result as a game file writes it: PGN's tokens, or the protocol's words the web GUI's
/// export wrote (`p1win`, `p2win`, `draw`, `none`). `Some(None)`: the game goes on.
fn result_of(text: &str) -> Option<Option<Outcome>> {
    match text {
        "*" | "none" => Some(None),
        "p1win" => Some(Some(Outcome::Win(Side::P1))),
        "p2win" => Some(Some(Outcome::Win(Side::P2))),
        "draw" => Some(Some(Outcome::Draw)),
        t => parse_pgn_result(t).map(Some),
    }
}

/// A game of any other file, checked by its tags.
fn any_game(g: &PgnGame) -> Vec<String> {
    if let Some(e) = &g.error {
        return vec![e.clone()];
    }
    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    let Some(variant) = g.tag("Variant").or(g.tag("Game")) else {
        return vec![format!(
            "no Variant tag names the game ({})",
            names.join(", ")
        )];
    };
    let Ok(kind) = variant.parse::<GameKind>() else {
        return vec![format!(
            "a game of {variant}: expected one of {}",
            names.join(", ")
        )];
    };
    with_game!(kind, G => check_tagged::<G>(kind, g))
}

fn check_tagged<G: Game>(kind: GameKind, g: &PgnGame) -> Vec<String> {
    let shared: Vec<(String, String)> = kind
        .options()
        .iter()
        .filter_map(|o| g.tag(o.name).map(|v| (o.name.to_string(), v.to_string())))
        .collect();
    let settings = match referee_settings::<G>(&shared) {
        Ok(s) => s,
        Err(e) => return vec![e],
    };
    let start = g.tag("FEN").or(g.tag("Opening")).unwrap_or("startpos");
    let mut game: G = match start_position(start, &settings) {
        Ok(x) => x,
        Err(e) => return vec![format!("the start position is refused: {e}")],
    };
    if g.starts_with_second && game.side_to_move() == Side::P1 {
        return vec![format!(
            "the first move is numbered as p2's but {} is to move",
            side_word(Side::P1)
        )];
    }
    let tokens: Vec<String> = g.moves.iter().map(|m| m.token.clone()).collect();
    if let Some(e) = play_moves(&mut game, &tokens) {
        return vec![e];
    }
    let mut out = Vec::new();
    for key in ["PlyCount", "Plies"] {
        if let Some(n) = g.tag(key) {
            if n.parse::<usize>().ok() != Some(tokens.len()) {
                out.push(format!(
                    "{key} says {n} but the movetext has {} moves",
                    tokens.len()
                ));
            }
        }
    }
    let tag = g.tag("Result").map(|r| (r, result_of(r)));
    let end = g.end.as_deref().map(|r| (r, result_of(r)));
    let recorded = match (tag, end) {
        (Some((t, None)), _) => {
            out.push(format!(
                "expected 1-0, 0-1, 1/2-1/2 or * in Result but got '{t}'"
            ));
            return out;
        }
        (Some((t, Some(a))), Some((e, Some(b)))) if a != b => {
            out.push(format!(
                "the movetext ends with {e} but the Result tag says {t}"
            ));
            return out;
        }
        (Some((_, Some(r))), _) | (None, Some((_, Some(r)))) => r,
        _ => None,
    };
    let rules = game.outcome();
    let result_text = |o: Option<Outcome>| o.map_or("*", pgn_result);
    match (rules, recorded) {
        (Some(o), Some(r)) if o == r => {}
        (Some(o), r) => out.push(format!(
            "result {} but the rules say {} ({})",
            result_text(r),
            pgn_result(o),
            result_word(Some(o))
        )),
        (None, None) => {}
        (None, Some(r)) => {
            let claimed = g
                .tag("Termination")
                .is_some_and(|t| !t.eq_ignore_ascii_case("normal"));
            if !claimed {
                out.push(format!(
                    "result {} but the rules say the game goes on (a Termination tag other than \
                     normal says why it ended)",
                    pgn_result(r)
                ));
            }
        }
    }
    out
}

/// Plays `moves` on `game`, each checked; the first mismatch, if any.
fn play_moves<G: Game>(game: &mut G, moves: &[String]) -> Option<String> {
    for (i, mv) in moves.iter().enumerate() {
        if let Some(o) = game.outcome() {
            return Some(format!(
                "ply {}: move {mv} after the game ended ({})",
                i + 1,
                result_word(Some(o))
            ));
        }
        if let Err(e) = game.parse_turn(mv).and_then(|t| game.play_turn(&t)) {
            return Some(format!("ply {}: the rules refuse {mv}: {e}", i + 1));
        }
    }
    None
}

/// A stone count as words: the number, or `none`.
fn count_text(n: Option<u32>) -> String {
    n.map_or("none".into(), |n| n.to_string())
}

/// The mismatches of one game (empty: the game replays clean).
pub fn check_game<G: Game>(
    info: &MatchInfo,
    settings: &G::Settings,
    g: &GameRecord,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut game: G = match start_position(&g.opening, settings) {
        Ok(x) => x,
        Err(e) => return vec![format!("the start position is refused: {e}")],
    };
    if let Some(e) = opening_mismatch(info, g) {
        out.push(e);
    }
    let start = game.clone();
    let mut numbered = g.first;
    for (i, mv) in g.tokens().iter().enumerate() {
        if let Some(o) = game.outcome() {
            out.push(format!(
                "ply {}: move {mv} after the game ended ({})",
                i + 1,
                result_word(Some(o))
            ));
            return out;
        }
        if game.side_to_move() != numbered {
            out.push(format!(
                "ply {}: {mv} is numbered as {}'s move but {} is to move",
                i + 1,
                side_word(numbered),
                side_word(game.side_to_move())
            ));
            return out;
        }
        numbered = numbered.opponent();
        match game.parse_turn(mv).and_then(|t| game.play_turn(&t)) {
            Ok(()) => {}
            Err(e) => {
                out.push(format!("ply {}: the rules refuse {mv}: {e}", i + 1));
                return out;
            }
        }
    }
    let stones = stones_placed(&start, &game);
    if g.stones != stones {
        out.push(format!(
            "{} stones recorded but the rules say {}",
            count_text(g.stones),
            count_text(stones)
        ));
    }
    let limits_of = |name: &str| {
        info.engines
            .iter()
            .find(|e| e.name == name)
            .and_then(|e| e.tc.clone())
            .unwrap_or_else(|| info.tc.clone())
    };
    for (recorded, name) in g.tc.iter().zip([&g.p1, &g.p2]) {
        let want = limits_of(name);
        if recorded.parse::<Limits>().ok() != want.parse::<Limits>().ok() {
            out.push(format!(
                "{name}'s limits are {recorded} but the match's are {want}"
            ));
        }
    }
    let outcome = game.outcome();
    if let Some(rule) = info.resign {
        // The referee applies the rule after every move that leaves the game going on, before
        // the ply cap and the next `go`: only the last move may meet it, and then the game ends
        // by it unless that move ended the game by the rules.
        let n = g.moves.len();
        if let Some(k) = (1..n).find(|&k| rule.resigns(&g.moves[..k], g.first).is_some()) {
            out.push(format!(
                "the resignation rule ends the game after ply {k} but it goes on"
            ));
        }
        let last = rule.resigns(&g.moves, g.first);
        match (g.reason, last) {
            (Reason::Resign, Some(loser)) if g.outcome != Outcome::Win(loser.opponent()) => out
                .push(format!(
                    "{} resigns by the rule but the result is {}",
                    side_word(loser),
                    pgn_result(g.outcome)
                )),
            (Reason::Resign, None) => {
                out.push("reason resign but the resignation rule does not hold".into())
            }
            (Reason::Resign | Reason::Gameover, _) | (_, None) => {}
            (other, Some(_)) if outcome.is_none() => out.push(format!(
                "reason {} but the resignation rule ends the game first",
                other.name()
            )),
            _ => {}
        }
    }
    if let Some(rule) = info.draw {
        // Checked after the resignation rule, on the same moves.
        let resigns = |k: usize| {
            info.resign
                .is_some_and(|r| r.resigns(&g.moves[..k], g.first).is_some())
        };
        let n = g.moves.len();
        if let Some(k) = (1..n).find(|&k| !resigns(k) && rule.holds(&g.moves[..k])) {
            out.push(format!(
                "the draw rule ends the game after ply {k} but it goes on"
            ));
        }
        let holds = rule.holds(&g.moves) && !resigns(n);
        match g.reason {
            Reason::AdjudicatedDraw if !holds => {
                out.push("reason adjudicated-draw but the draw rule does not hold".into())
            }
            Reason::Gameover | Reason::Resign | Reason::AdjudicatedDraw => {}
            other if holds && outcome.is_none() => out.push(format!(
                "reason {} but the draw rule ends the game first",
                other.name()
            )),
            _ => {}
        }
    }
    match g.reason {
        Reason::AdjudicatedDraw => {
            if info.draw.is_none() {
                out.push("reason adjudicated-draw but the match has no draw rule".into());
            }
            if outcome.is_some() {
                out.push(format!(
                    "reason adjudicated-draw but the game is over by the rules ({})",
                    result_word(outcome)
                ));
            }
            if g.outcome != Outcome::Draw {
                out.push(format!(
                    "reason adjudicated-draw but the result is {}",
                    pgn_result(g.outcome)
                ));
            }
        }
        Reason::Gameover => {
            if outcome.is_none() {
                out.push("reason gameover but the rules say the game goes on".into());
            } else if outcome != Some(g.outcome) {
                out.push(format!(
                    "result {} but the rules say {}",
                    pgn_result(g.outcome),
                    result_word(outcome)
                ));
            }
        }
        Reason::Resign => {
            if info.resign.is_none() {
                out.push("reason resign but the match has no resignation rule".into());
            }
            if outcome.is_some() {
                out.push(format!(
                    "reason resign but the game is over by the rules ({})",
                    result_word(outcome)
                ));
            }
        }
        Reason::PlyCap => {
            if outcome.is_some() {
                out.push(format!(
                    "reason ply-cap but the game is over by the rules ({})",
                    result_word(outcome)
                ));
            }
            if g.outcome != Outcome::Draw || g.moves.len() as u32 != info.max_plies {
                out.push(format!(
                    "ply cap {} but {} after {} plies",
                    info.max_plies,
                    pgn_result(g.outcome),
                    g.moves.len()
                ));
            }
        }
        fault => {
            let Some(side) = g.faulty else {
                out.push(format!("reason {} without a faulty side", fault.name()));
                return out;
            };
            if outcome.is_some() {
                out.push(format!(
                    "{} lost by {} but the game was already over ({})",
                    side_word(side),
                    fault.name(),
                    result_word(outcome)
                ));
            }
            if g.outcome != Outcome::Win(side.opponent()) {
                out.push(format!(
                    "{} faulted but the result is {}",
                    side_word(side),
                    pgn_result(g.outcome)
                ));
            }
            let at_move = matches!(
                fault,
                Reason::IllegalMove | Reason::MalformedMove | Reason::Hang | Reason::Time
            );
            if at_move && outcome.is_none() && game.side_to_move() != side {
                out.push(format!(
                    "{} lost by {} at a move but {} was to move",
                    side_word(side),
                    fault.name(),
                    side_word(game.side_to_move())
                ));
            }
            if matches!(fault, Reason::IllegalMove | Reason::MalformedMove) {
                match &g.bad_move {
                    None => {
                        if fault == Reason::IllegalMove {
                            out.push("illegal-move without the move".into())
                        }
                    }
                    Some(mv) => match game.parse_turn(mv).and_then(|t| game.play_turn(&t)) {
                        Ok(()) => out.push(format!("the refused move {mv} is legal")),
                        Err(GameError::Syntax { .. }) if fault == Reason::IllegalMove => {
                            out.push(format!("{mv} is malformed, recorded as illegal"))
                        }
                        Err(GameError::Syntax { .. }) => {}
                        Err(_) if fault == Reason::MalformedMove => {
                            out.push(format!("{mv} is well formed, recorded as malformed"))
                        }
                        Err(_) => {}
                    },
                }
            }
        }
    }
    out
}

/// The record's start and book moves against its round's opening in the match, if they differ.
fn opening_mismatch(info: &MatchInfo, g: &GameRecord) -> Option<String> {
    if g.reason == Reason::NoStart {
        return None; // lost before its opening was set up
    }
    let round = crate::schedule::jobs(info)
        .into_iter()
        .find(|j| j.index == g.index)?
        .round;
    let want: Opening = info.openings.get(round)?.parse().ok()?;
    let book: Vec<String> = g
        .moves
        .iter()
        .take_while(|m| m.book)
        .map(|m| m.token.clone())
        .collect();
    let got = Opening {
        start: g.opening.clone(),
        moves: book,
    };
    (got != want).then(|| format!("the game starts from {got} but its round's opening is {want}",))
}
