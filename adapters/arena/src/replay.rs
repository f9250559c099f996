//! `guerrilla-arena replay FILE…`: re-referees every recorded game with the rules library and
//! reports each mismatch: a recorded move the rules refuse, a result or reason the rules do not
//! give, a refused move (`BadMove`) the rules accept, a move numbered for the side that did not
//! make it, a stone count (`Stones`) that is not the one the rules give, a game that the
//! match's resignation rule (`--resign`) ends at another ply or not at all.

use guerrilla::game::prelude::*;
use guerrilla::game::{GameError, Outcome};

use crate::records::{pgn_result, GameRecord, MatchInfo, Reason};
use crate::referee::{start_position, stones_placed};
use guerrilla::protocol::wire::{result_word, side_word};

/// The mismatches of one game (empty: the game replays clean).
pub fn check_game<G: Game>(
    info: &MatchInfo,
    settings: &G::Settings,
    g: &GameRecord,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut game: G = match start_position(&g.opening, settings) {
        Ok(x) => x,
        Err(e) => return vec![format!("the opening is refused: {e}")],
    };
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
            "{:?} stones recorded but the rules say {stones:?}",
            g.stones
        ));
    }
    let tc_of = |name: &str| {
        info.engines
            .iter()
            .find(|e| e.name == name)
            .and_then(|e| e.tc.clone())
            .unwrap_or_else(|| info.tc.clone())
    };
    let want_tc = crate::referee::game_tc_text(&tc_of(&g.p1), &tc_of(&g.p2));
    if g.tc != want_tc {
        out.push(format!(
            "time control {} but the match's is {want_tc}",
            g.tc
        ));
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
    match g.reason {
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
