//! Writing and reading the records file's PGN (the format is described in `records`).

use std::fmt::Write as _;

use guerrilla::game::Side;
use guerrilla::protocol::wire;

use super::{parse_pgn_result, pgn_result, GameRecord, MatchInfo, Move};

/// The first line of every records file.
pub const ARENA_LINE: &str = "% guerrilla-arena records 2";
/// The prefix of the line that holds the match's settings.
const MATCH_PREFIX: &str = "% match ";

impl Move {
    fn comment(&self) -> String {
        let time = format!("{}.{:03}s", self.ms / 1000, self.ms % 1000);
        match &self.eval {
            Some(e) => format!("{{{e} {time}}}"),
            None => format!("{{{time}}}"),
        }
    }

    fn from_comment(token: String, comment: &str) -> Result<Move, String> {
        let words: Vec<&str> = comment.split_whitespace().collect();
        let bad =
            || format!("expected {{[score/depth] seconds}} after {token} but got {{{comment}}}");
        let (eval, time) = match words.as_slice() {
            [t] => (None, *t),
            [e, t] => (Some(e.to_string()), *t),
            _ => return Err(bad()),
        };
        let (s, ms) = time
            .strip_suffix('s')
            .and_then(|t| t.split_once('.'))
            .ok_or_else(bad)?;
        let (s, ms): (u64, u64) = (
            s.parse().map_err(|_| bad())?,
            ms.parse().map_err(|_| bad())?,
        );
        Ok(Move {
            token,
            ms: s * 1000 + ms,
            eval,
        })
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

fn unescape(v: &str) -> String {
    let mut out = String::new();
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn tag(out: &mut String, key: &str, value: &str) {
    let _ = writeln!(out, "[{key} \"{}\"]", escape(value));
}

/// The lines before the first game.
pub fn header_text(info: &MatchInfo) -> String {
    format!(
        "{ARENA_LINE}\n{MATCH_PREFIX}{}\n\n",
        serde_json::to_string(info).expect("match info serialises")
    )
}

/// Words joined by spaces in lines of at most 79 characters (PGN's export limit is 80).
fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = 0;
    for w in words {
        if line > 0 && line + 1 + w.len() > 79 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(w);
        line += w.len();
    }
    out
}

/// One game, as PGN.
pub fn game_text(info: &MatchInfo, g: &GameRecord) -> String {
    let mut out = String::new();
    tag(&mut out, "Event", &info.event);
    tag(&mut out, "Site", &info.site);
    tag(&mut out, "Date", &g.date);
    tag(&mut out, "Round", &(g.index + 1).to_string());
    tag(&mut out, "White", &g.p1);
    tag(&mut out, "Black", &g.p2);
    tag(&mut out, "Result", pgn_result(g.outcome));
    tag(&mut out, "Variant", &info.game);
    if g.opening != "startpos" {
        tag(&mut out, "FEN", &g.opening);
        tag(&mut out, "SetUp", "1");
    }
    tag(&mut out, "TimeControl", &g.tc);
    tag(&mut out, "Termination", g.reason.termination());
    tag(&mut out, "PlyCount", &g.moves.len().to_string());
    tag(&mut out, "Pair", &(g.pair + 1).to_string());
    tag(&mut out, "Reason", g.reason.name());
    tag(&mut out, "Detail", &g.detail);
    if let Some(s) = g.stones {
        tag(&mut out, "Stones", &s.to_string());
    }
    if let Some(f) = g.faulty {
        tag(&mut out, "Faulty", wire::side_word(f));
    }
    if let Some(m) = &g.bad_move {
        tag(&mut out, "BadMove", m);
    }
    for p in &g.problems {
        tag(&mut out, "Problem", p);
    }
    out.push('\n');
    let mut words = Vec::new();
    let mut side = g.first;
    let mut number = 1;
    for m in &g.moves {
        // Every move follows a comment (or opens the movetext), so p2's are numbered `N...`.
        words.push(match side {
            Side::P1 => format!("{number}."),
            Side::P2 => format!("{number}..."),
        });
        words.push(m.token.clone());
        words.push(m.comment());
        if side == Side::P2 {
            number += 1;
        }
        side = side.opponent();
    }
    words.push(pgn_result(g.outcome).to_string());
    out.push_str(&wrap(&words));
    out.push_str("\n\n");
    out
}

/// A records file read back.
#[derive(Debug)]
pub struct RecordsFile {
    pub info: MatchInfo,
    pub games: Vec<GameRecord>,
}

/// Parses a `[Key "value"]` line.
fn parse_tag(line: &str) -> Option<(&str, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(' ')?;
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    Some((key, unescape(value)))
}

/// The tokens of a movetext: words, and `{…}` comments as single tokens with their braces.
fn movetext_tokens(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('{') {
            let end = after.find('}').ok_or("a comment without its closing '}'")?;
            out.push(format!("{{{}}}", &after[..end]));
            rest = &after[end + 1..];
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
        rest = rest.trim_start();
    }
    Ok(out)
}

/// True for a move number: `12.` or `12...`.
fn is_move_number(t: &str) -> bool {
    let digits = t.trim_end_matches('.');
    digits.len() < t.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// One game from its tags and movetext.
fn parse_game(tags: &[(String, String)], movetext: &str) -> Result<GameRecord, String> {
    let get = |k: &str| -> Result<String, String> {
        tags.iter()
            .find(|(t, _)| t == k)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| format!("the game has no {k} tag"))
    };
    let num = |k: &str| -> Result<usize, String> {
        let v = get(k)?;
        v.parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("expected a number from 1 in {k} but got '{v}'"))
    };
    let result = get("Result")?;
    let outcome = parse_pgn_result(&result)
        .ok_or_else(|| format!("expected 1-0, 0-1 or 1/2-1/2 but got '{result}'"))?;
    let tokens = movetext_tokens(movetext)?;
    let mut moves: Vec<Move> = Vec::new();
    let mut first = Side::P1;
    let mut end = None;
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        i += 1;
        if is_move_number(t) {
            if moves.is_empty() && t.ends_with("...") {
                first = Side::P2;
            }
        } else if parse_pgn_result(t).is_some() {
            end = Some(t.clone());
        } else if t.starts_with('{') {
            return Err(format!("a comment {t} without a move before it"));
        } else {
            let comment = tokens
                .get(i)
                .and_then(|c| c.strip_prefix('{')?.strip_suffix('}'))
                .ok_or_else(|| format!("expected a {{time}} comment after {t}"))?;
            i += 1;
            moves.push(Move::from_comment(t.clone(), comment)?);
        }
    }
    if end.as_deref() != Some(result.as_str()) {
        return Err(format!(
            "the movetext ends with {end:?} but the Result tag says {result}"
        ));
    }
    let plies = num("PlyCount").or_else(|e| if moves.is_empty() { Ok(0) } else { Err(e) })?;
    if plies != moves.len() {
        return Err(format!(
            "PlyCount says {plies} but the movetext has {} moves",
            moves.len()
        ));
    }
    let faulty = match get("Faulty") {
        Ok(f) => Some(
            wire::parse_side(&f)
                .ok_or_else(|| format!("expected p1 or p2 in Faulty but got '{f}'"))?,
        ),
        Err(_) => None,
    };
    Ok(GameRecord {
        index: num("Round")? - 1,
        pair: num("Pair")? - 1,
        p1: get("White")?,
        p2: get("Black")?,
        date: get("Date")?,
        opening: get("FEN").unwrap_or_else(|_| "startpos".to_string()),
        first,
        tc: get("TimeControl")?,
        outcome,
        reason: get("Reason")?.parse()?,
        detail: get("Detail")?,
        faulty,
        bad_move: get("BadMove").ok(),
        moves,
        problems: tags
            .iter()
            .filter(|(k, _)| k == "Problem")
            .map(|(_, v)| v.clone())
            .collect(),
        stones: match get("Stones") {
            Ok(s) => Some(
                s.parse()
                    .map_err(|_| format!("expected a number in Stones but got '{s}'"))?,
            ),
            Err(_) => None,
        },
    })
}

/// Reads a records file's text; `name` is used in error messages.
pub fn parse(text: &str, name: &str) -> Result<RecordsFile, String> {
    let mut lines = text.lines().enumerate().peekable();
    let at = |n: usize, what: String| format!("{name}:{}: {what}", n + 1);
    match lines.next() {
        Some((_, l)) if l == ARENA_LINE => {}
        Some((_, l)) if l.starts_with("[Arena ") => {
            return Err(format!(
                "{name} is a records file of an older guerrilla-arena (before PGN): play the match again"
            ))
        }
        _ => return Err(format!("{name}: expected '{ARENA_LINE}' on the first line")),
    }
    let info = match lines.next() {
        Some((n, l)) => {
            let json = l
                .strip_prefix(MATCH_PREFIX)
                .ok_or_else(|| at(n, format!("expected '{MATCH_PREFIX}{{…}}'")))?;
            serde_json::from_str::<MatchInfo>(json)
                .map_err(|e| at(n, format!("bad match header: {e}")))?
        }
        None => return Err(format!("{name}: no match header")),
    };
    let mut games = Vec::new();
    loop {
        while lines
            .peek()
            .is_some_and(|(_, l)| l.trim().is_empty() || l.starts_with('%'))
        {
            lines.next();
        }
        let Some(&(start, _)) = lines.peek() else {
            break;
        };
        let mut tags: Vec<(String, String)> = Vec::new();
        while let Some(&(n, l)) = lines.peek() {
            if l.trim().is_empty() {
                break;
            }
            let (k, v) =
                parse_tag(l).ok_or_else(|| at(n, "expected a [Tag \"value\"] line".into()))?;
            tags.push((k.to_string(), v));
            lines.next();
        }
        while lines.peek().is_some_and(|(_, l)| l.trim().is_empty()) {
            lines.next();
        }
        let mut movetext = String::new();
        while let Some(&(_, l)) = lines.peek() {
            if l.trim().is_empty() || l.starts_with('[') {
                break;
            }
            movetext.push_str(l);
            movetext.push(' ');
            lines.next();
        }
        games.push(parse_game(&tags, &movetext).map_err(|e| at(start, e))?);
    }
    Ok(RecordsFile { info, games })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{EngineSpec, Reason, Scoring};
    use guerrilla::game::Outcome;

    pub fn sample_info() -> MatchInfo {
        MatchInfo {
            game: "guerrilla-checkers".into(),
            options: vec![("Seed".into(), "1".into())],
            engines: vec![EngineSpec {
                name: "a \"quoted\" \\ name".into(),
                command: "x".into(),
                options: vec![],
                tc: None,
            }],
            gauntlet: false,
            games: 2,
            tc: "nodes=10".into(),
            margin_ms: 50,
            max_plies: 100,
            resign: None,
            openings: vec!["startpos".into()],
            openings_source: "startpos".into(),
            sprt: None,
            shard: Some((1, 2)),
            scoring: Scoring::Stones,
            event: "e".into(),
            site: "?".into(),
        }
    }

    #[test]
    fn a_records_file_reads_back_what_was_written() {
        let info = sample_info();
        let mv = |t: &str, ms, e: Option<&str>| Move {
            token: t.into(),
            ms,
            eval: e.map(String::from),
        };
        let g = GameRecord {
            index: 3,
            pair: 1,
            p1: "a \"quoted\" \\ name".into(),
            p2: "b".into(),
            date: "2026.01.02".into(),
            opening: "8/8/3C4/2C1C3/3C3C/4C3/8/8 9/9/9/9/2GGG4/2G6/9/9/9 62 G -".into(),
            first: Side::P1,
            tc: "nodes=10".into(),
            outcome: Outcome::Win(Side::P2),
            reason: Reason::IllegalMove,
            detail: "expected a legal move but got 'A1A2' (edge)".into(),
            faulty: Some(Side::P1),
            bad_move: Some("A1A2".into()),
            moves: vec![
                mv("D4D5", 3, Some("0.512/7")),
                mv("c5-b4", 1234, None),
                mv("E4E5", 0, Some("+M3/2")),
            ],
            problems: vec!["one".into(), "two".into()],
            stones: Some(4),
        };
        let mut empty = g.clone();
        empty.index = 4;
        empty.opening = "startpos".into();
        empty.moves.clear();
        empty.outcome = Outcome::Draw;
        empty.stones = None;
        let mut second = g.clone();
        second.index = 5;
        second.first = Side::P2;
        let long = GameRecord {
            index: 6,
            moves: (0..40)
                .map(|i| mv(&format!("m{i}"), i, Some("0.1/3")))
                .collect(),
            ..g.clone()
        };
        let text = header_text(&info)
            + &game_text(&info, &g)
            + &game_text(&info, &empty)
            + &game_text(&info, &second)
            + &game_text(&info, &long);
        assert!(
            text.lines().all(|l| l.len() <= 80 || l.starts_with('%')),
            "{text}"
        );
        assert!(
            text.contains(
                "1. D4D5 {0.512/7 0.003s} 1... c5-b4 {1.234s} 2. E4E5 {+M3/2 0.000s} 0-1"
            ),
            "{text}"
        );
        assert!(
            text.contains("1... D4D5 {0.512/7 0.003s} 2. c5-b4"),
            "{text}"
        );
        let back = parse(&text, "t").unwrap();
        assert_eq!(back.info, info);
        assert_eq!(back.games, vec![g, empty, second, long]);
        assert!(parse("[Arena \"guerrilla-arena records 1\"]\n", "t")
            .unwrap_err()
            .contains("older"));
    }
}
