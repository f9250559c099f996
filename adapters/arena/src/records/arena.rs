//! The arena's games as PGN (the format is described in `records`): writing them, and reading
//! them back from a records file.

use guerrilla::game::Side;
use guerrilla::protocol::wire;
use guerrilla::GameKind;

use super::pgn::{tag, wrap, PgnGame};
use super::{parse_pgn_result, pgn_result, GameRecord, MatchInfo, Move};

/// The first line of every records file.
pub const ARENA_LINE: &str = "% guerrilla-arena records 3";
/// The first line of the records files of the arena before openings with moves, game-option
/// tags and standard `TimeControl` tags; they read the same.
pub(super) const ARENA_LINE_2: &str = "% guerrilla-arena records 2";
/// The prefix of the line that holds a match's settings.
const MATCH_PREFIX: &str = "% match ";

impl Move {
    fn comment(&self) -> String {
        if self.book {
            return "{book}".into();
        }
        let time = format!("{}.{:03}s", self.ms / 1000, self.ms % 1000);
        match &self.eval {
            Some(e) => format!("{{{e} {time}}}"),
            None => format!("{{{time}}}"),
        }
    }

    /// A move and its comment as the arena writes them: `{book}`, or `{[score/depth] S.MMMs}`.
    /// A comment of another form (a person's note) keeps the move with no time and no score.
    fn from_pgn(token: String, comment: Option<&str>) -> Move {
        let mut m = Move {
            token,
            ..Move::default()
        };
        let words: Vec<&str> = comment.unwrap_or("").split_whitespace().collect();
        if words == ["book"] {
            m.book = true;
            return m;
        }
        let time = |w: &str| -> Option<u64> {
            let (s, ms) = w.strip_suffix('s')?.split_once('.')?;
            (ms.len() == 3).then_some(())?;
            Some(s.parse::<u64>().ok()? * 1000 + ms.parse::<u64>().ok()?)
        };
        match words.as_slice() {
            [t] if time(t).is_some() => m.ms = time(t).unwrap_or(0),
            [e, t] if time(t).is_some() && e.contains('/') => {
                m.ms = time(t).unwrap_or(0);
                m.eval = Some(e.to_string());
            }
            _ => {}
        }
        m
    }
}

/// The lines before the first game of a new records file.
pub fn header_text(info: &MatchInfo) -> String {
    format!("{ARENA_LINE}\n{}", section_text(info))
}

/// The line that starts a match's games in a records file.
pub fn section_text(info: &MatchInfo) -> String {
    format!(
        "{MATCH_PREFIX}{}\n\n",
        serde_json::to_string(info).expect("match info serialises")
    )
}

/// Every option of the match's game with its value in the match: the one given (`--option`),
/// else the game's default.
pub fn game_options(info: &MatchInfo) -> Vec<(String, String)> {
    let Ok(kind) = info.game.parse::<GameKind>() else {
        return Vec::new();
    };
    kind.options()
        .iter()
        .map(|o| {
            let given = info
                .options
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(o.name))
                .map(|(_, v)| v.clone());
            (
                o.name.to_string(),
                given.unwrap_or_else(|| o.default.to_string()),
            )
        })
        .collect()
}

/// The PGN `TimeControl` value of a limits text, `?` if it does not parse.
fn standard_time_control(limits: &str) -> String {
    limits
        .parse::<crate::limits::Limits>()
        .map_or_else(|_| "?".into(), |l| l.pgn_time_control())
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
    for (k, v) in game_options(info) {
        tag(&mut out, &k, &v);
    }
    if g.opening != "startpos" {
        tag(&mut out, "FEN", &g.opening);
        tag(&mut out, "SetUp", "1");
    }
    let [white, black] = &g.tc;
    if white == black {
        tag(&mut out, "TimeControl", &standard_time_control(white));
    } else {
        tag(&mut out, "TimeControl", "?");
        tag(&mut out, "WhiteTimeControl", &standard_time_control(white));
        tag(&mut out, "BlackTimeControl", &standard_time_control(black));
    }
    if white == black {
        tag(&mut out, "Limits", white);
    } else {
        tag(&mut out, "WhiteLimits", white);
        tag(&mut out, "BlackLimits", black);
    }
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

/// The arena's record of a game read from a records file; `Err` says what it lacks or what does
/// not agree (the Result tag and the movetext's result token, `PlyCount` and the moves).
pub fn record_of(g: &PgnGame) -> Result<GameRecord, String> {
    if let Some(e) = &g.error {
        return Err(e.clone());
    }
    let get = |k: &str| -> Result<String, String> {
        g.tag(k)
            .map(str::to_string)
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
        .ok_or_else(|| format!("expected 1-0, 0-1 or 1/2-1/2 in Result but got '{result}'"))?;
    match g.end.as_deref() {
        Some(end) if end == result => {}
        Some(end) => {
            return Err(format!(
                "the movetext ends with {end} but the Result tag says {result}"
            ))
        }
        None => {
            return Err(format!(
                "the movetext has no result token (the Result tag says {result})"
            ))
        }
    }
    let moves: Vec<Move> = g
        .moves
        .iter()
        .map(|m| Move::from_pgn(m.token.clone(), m.comment.as_deref()))
        .collect();
    let plies = num("PlyCount").or_else(|e| if moves.is_empty() { Ok(0) } else { Err(e) })?;
    if plies != moves.len() {
        return Err(format!(
            "PlyCount says {plies} but the movetext has {} moves",
            moves.len()
        ));
    }
    let faulty = match g.tag("Faulty") {
        Some(f) => Some(
            wire::parse_side(f)
                .ok_or_else(|| format!("expected p1 or p2 in Faulty but got '{f}'"))?,
        ),
        None => None,
    };
    // Records of version 2 keep the limits in TimeControl, `p1's/p2's` when they differ.
    let tc = match (g.tag("Limits"), g.tag("WhiteLimits"), g.tag("BlackLimits")) {
        (Some(l), _, _) => [l.to_string(), l.to_string()],
        (None, Some(w), Some(b)) => [w.to_string(), b.to_string()],
        _ => {
            let old = get("TimeControl")?;
            match old.split_once('/') {
                Some((w, b)) => [w.to_string(), b.to_string()],
                None => [old.clone(), old],
            }
        }
    };
    Ok(GameRecord {
        index: num("Round")? - 1,
        pair: num("Pair")? - 1,
        p1: get("White")?,
        p2: get("Black")?,
        date: get("Date")?,
        opening: g.tag("FEN").unwrap_or("startpos").to_string(),
        first: if g.starts_with_second {
            Side::P2
        } else {
            Side::P1
        },
        tc,
        outcome,
        reason: get("Reason")?.parse()?,
        detail: get("Detail")?,
        faulty,
        bad_move: g.tag("BadMove").map(str::to_string),
        moves,
        problems: g
            .tags
            .iter()
            .filter(|(k, _)| k == "Problem")
            .map(|(_, v)| v.clone())
            .collect(),
        stones: match g.tag("Stones") {
            Some(s) => Some(
                s.parse()
                    .map_err(|_| format!("expected a number in Stones but got '{s}'"))?,
            ),
            None => None,
        },
    })
}

/// The settings of a match from its `% match` line's JSON.
pub fn match_info(json: &str) -> Result<MatchInfo, String> {
    serde_json::from_str::<MatchInfo>(json).map_err(|e| {
        // serde's words are about JSON, without Rust's debug notation.
        format!("the match line is not a match's settings: {e}")
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::records::{parse, EngineSpec, Reason, Scoring};
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
                margin_ms: None,
                dir: None,
                args: vec![],
                stderr: None,
            }],
            gauntlet: false,
            games: 2,
            tc: "nodes=10".into(),
            margin_ms: 50,
            max_plies: 100,
            resign: None,
            draw: None,
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
            book: false,
        };
        let g = GameRecord {
            index: 3,
            pair: 1,
            p1: "a \"quoted\" \\ name".into(),
            p2: "b".into(),
            date: "2026.01.02".into(),
            opening: "8/8/3C4/2C1C3/3C3C/4C3/8/8 9/9/9/9/2GGG4/2G6/9/9/9 62 G -".into(),
            first: Side::P1,
            tc: ["nodes=10".into(), "nodes=10".into()],
            outcome: Outcome::Win(Side::P2),
            reason: Reason::IllegalMove,
            detail: "expected a legal move but got 'A1A2' (edge)".into(),
            faulty: Some(Side::P1),
            bad_move: Some("A1A2".into()),
            moves: vec![
                Move {
                    token: "D4D5".into(),
                    book: true,
                    ..Move::default()
                },
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
        second.tc = ["tc=40/60+0.6".into(), "nodes=3".into()];
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
            text.contains("1. D4D5 {book} 1... c5-b4 {1.234s} 2. E4E5 {+M3/2 0.000s} 0-1"),
            "{text}"
        );
        assert!(text.contains("1... D4D5 {book} 2. c5-b4"), "{text}");
        assert!(text.contains("[TimeControl \"-\"]\n[Limits \"nodes=10\"]"));
        assert!(text.contains(
            "[TimeControl \"?\"]\n[WhiteTimeControl \"40/60+0.6\"]\n[BlackTimeControl \"-\"]\n\
             [WhiteLimits \"tc=40/60+0.6\"]\n[BlackLimits \"nodes=3\"]"
        ));
        let back = parse(&text, "t").unwrap();
        assert_eq!(back.matches.len(), 1);
        assert_eq!(back.matches[0].0, info);
        assert_eq!(back.matches[0].1, vec![g.clone(), empty, second, long]);
        // A second match appended after its own match line.
        let two = text.clone() + &section_text(&info) + &game_text(&info, &g);
        let back = parse(&two, "t").unwrap();
        assert_eq!(back.matches.len(), 2);
        assert_eq!(back.matches[1].1, vec![g]);
        assert!(parse("[Arena \"guerrilla-arena records 1\"]\n", "t")
            .unwrap_err()
            .contains("older"));
    }

    #[test]
    fn version_2_records_read_as_before() {
        let text = "% guerrilla-arena records 2\n% match ".to_string()
            + &serde_json::to_string(&sample_info()).unwrap()
            + "\n\n[Event \"e\"]\n[Site \"?\"]\n[Date \"2026.01.02\"]\n[Round \"1\"]\n\
               [White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[TimeControl \"nodes=3/nodes=7\"]\n\
               [PlyCount \"1\"]\n[Pair \"1\"]\n[Reason \"gameover\"]\n[Detail \"d\"]\n\n\
               1. D4D5 {0.5/2 0.010s} 1-0\n";
        let back = parse(&text, "t").unwrap();
        let g = &back.matches[0].1[0];
        assert_eq!(g.tc, ["nodes=3".to_string(), "nodes=7".to_string()]);
        assert_eq!(g.moves[0].eval.as_deref(), Some("0.5/2"));
        assert_eq!(g.moves[0].ms, 10);
    }

    #[test]
    fn a_persons_comment_keeps_the_move() {
        let m = Move::from_pgn("D4D5".into(), Some("a fine move!"));
        assert_eq!(
            (m.token.as_str(), m.ms, m.eval, m.book),
            ("D4D5", 0, None, false)
        );
    }
}
