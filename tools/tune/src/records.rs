//! Reading the arena's records (PGN files written by `guerrilla-arena --records`, described in
//! `adapters/arena/src/records/mod.rs`) and replaying their games into positions with outcomes.

use std::collections::HashMap;

use guerrilla::game::prelude::*;
use guerrilla::{GameKind, Outcome, Side};

/// One game of a records file: its tags, and each move with the mover's recorded score.
#[derive(Debug, Default)]
pub struct RecordGame {
    pub tags: HashMap<String, String>,
    /// The move tokens in order, each with the score text of its comment (`0.512`, `+M3`),
    /// when the mover sent one.
    pub moves: Vec<(String, Option<String>)>,
}

/// A records file: the match's `setoption` pairs (from its `% match` line) and its games.
#[derive(Debug, Default)]
pub struct Records {
    pub options: Vec<(String, String)>,
    pub games: Vec<RecordGame>,
}

/// Reads a records file's text. Lines starting with `%` are the arena's escape lines (the
/// match line gives the options); a `[Tag "value"]` line after move text starts a new game.
pub fn parse(text: &str) -> Result<Records, String> {
    let mut out = Records::default();
    let mut game: Option<RecordGame> = None;
    let mut movetext = String::new();
    let finish = |game: &mut Option<RecordGame>, movetext: &mut String, out: &mut Records| {
        if let Some(mut g) = game.take() {
            g.moves = parse_movetext(movetext);
            out.games.push(g);
        }
        movetext.clear();
    };
    for line in text.lines() {
        let line = line.trim_end();
        if let Some(rest) = line.strip_prefix("% match ") {
            let v: serde_json::Value =
                serde_json::from_str(rest).map_err(|e| format!("bad match line: {e}"))?;
            if let Some(opts) = v.get("options").and_then(|o| o.as_array()) {
                for pair in opts {
                    let name = pair.get(0).and_then(|x| x.as_str());
                    let value = pair.get(1).and_then(|x| x.as_str());
                    if let (Some(n), Some(v)) = (name, value) {
                        out.options.push((n.to_string(), v.to_string()));
                    }
                }
            }
            continue;
        }
        if line.starts_with('%') {
            continue;
        }
        if let Some(tag) = line.strip_prefix('[') {
            if !movetext.trim().is_empty() || game.is_none() {
                finish(&mut game, &mut movetext, &mut out);
                game = Some(RecordGame::default());
            }
            let tag = tag.trim_end_matches(']');
            let (key, value) = tag
                .split_once(' ')
                .ok_or_else(|| format!("bad tag line '{line}'"))?;
            let value = value.trim().trim_matches('"').to_string();
            if let Some(g) = game.as_mut() {
                g.tags.insert(key.to_string(), value);
            }
            continue;
        }
        movetext.push_str(line);
        movetext.push(' ');
    }
    finish(&mut game, &mut movetext, &mut out);
    Ok(out)
}

/// The moves of a game's move text, with their comments' scores: move numbers (`12.`,
/// `12...`) and the result are skipped.
fn parse_movetext(text: &str) -> Vec<(String, Option<String>)> {
    let mut moves: Vec<(String, Option<String>)> = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        if let Some(body) = rest.strip_prefix('{') {
            let end = body.find('}').unwrap_or(body.len());
            let comment = &body[..end];
            rest = body.get(end + 1..).unwrap_or("");
            let first = comment.split_whitespace().next().unwrap_or("");
            if let (Some(last), Some((score, _depth))) = (moves.last_mut(), first.split_once('/')) {
                last.1 = Some(score.to_string());
            }
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        let is_number = token
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit())
            && token.ends_with('.');
        let is_result = matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*");
        if !is_number && !is_result {
            moves.push((token.to_string(), None));
        }
    }
    moves
}

/// One position of a game: the turn start before a recorded move.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub game: GameKind,
    /// Guerrilla's board side; 0 for Guerrilla Checkers.
    pub board: u8,
    /// The game it comes from (`<file stem>:<round>`), so that positions of one game stay
    /// together when the data is split.
    pub source: String,
    /// Plies played since the record's first position (its opening).
    pub ply: u32,
    pub mover: Side,
    /// The game's result for the mover: 1 win, 0 draw, -1 loss.
    pub result: f64,
    /// The mover's recorded score for the move it made here (`-` when it sent none).
    pub score: String,
    pub position: String,
}

/// The positions of every game of `records` (read from a file whose stem is `stem`): each
/// game is replayed from its opening by the rules library, one position per recorded move.
/// Games without a result (`*`) are left out.
pub fn positions(records: &Records, stem: &str) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for g in &records.games {
        let kind: GameKind = g
            .tags
            .get("Variant")
            .ok_or("a game without a Variant tag")?
            .parse()?;
        let result = match g.tags.get("Result").map(String::as_str) {
            Some("1-0") => Some(Outcome::Win(Side::P1)),
            Some("0-1") => Some(Outcome::Win(Side::P2)),
            Some("1/2-1/2") => Some(Outcome::Draw),
            _ => None,
        };
        let Some(result) = result else { continue };
        let round = g.tags.get("Round").cloned().unwrap_or_default();
        let source = format!("{stem}:{round}");
        let replayed =
            guerrilla::with_game!(kind, G => replay::<G>(records, g, kind, result, &source))
                .map_err(|e| format!("{source}: {e}"))?;
        out.extend(replayed);
    }
    Ok(out)
}

fn replay<G: Game>(
    records: &Records,
    g: &RecordGame,
    kind: GameKind,
    result: Outcome,
    source: &str,
) -> Result<Vec<Position>, String> {
    let settings = G::Settings::from_values(|name| {
        records
            .options
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.parse().ok())
    })?;
    let mut pos = match g.tags.get("FEN") {
        Some(fen) => G::from_position_string(fen, &settings).map_err(|e| e.to_string())?,
        None => G::new(&settings),
    };
    let mut out = Vec::new();
    for (ply, (token, score)) in g.moves.iter().enumerate() {
        let text = pos.to_position_string();
        let mover = pos.side_to_move();
        let r = match result {
            Outcome::Draw => 0.0,
            Outcome::Win(s) if s == mover => 1.0,
            Outcome::Win(_) => -1.0,
        };
        out.push(Position {
            game: kind,
            board: board_side(kind, &text),
            source: source.to_string(),
            ply: ply as u32,
            mover,
            result: r,
            score: score.clone().unwrap_or_else(|| "-".into()),
            position: text,
        });
        let turn = pos.parse_turn(token).map_err(|e| e.to_string())?;
        pos.play_turn(&turn).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// Guerrilla's board side, the first field of its position strings; 0 for Guerrilla Checkers.
fn board_side(kind: GameKind, position: &str) -> u8 {
    match kind {
        GameKind::Checkers => 0,
        GameKind::Wells => position
            .split(' ')
            .next()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_keeps_moves_and_scores() {
        let m = parse_movetext(
            "1. D4D5 {0.512/7 0.012s} 1... c5-b4 {-0.498/6\n 0.009s} 2. E3E4 {0.010s} \
             2... +e2,*f10,d4-d6.d5-d7 {+M3/2 0.001s} 1-0",
        );
        let want = [
            ("D4D5", Some("0.512")),
            ("c5-b4", Some("-0.498")),
            ("E3E4", None),
            ("+e2,*f10,d4-d6.d5-d7", Some("+M3")),
        ];
        assert_eq!(m.len(), want.len(), "{m:?}");
        for ((t, s), (wt, ws)) in m.iter().zip(want) {
            assert_eq!(t, wt);
            assert_eq!(s.as_deref(), ws);
        }
    }
}
