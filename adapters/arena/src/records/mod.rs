//! The records file: what a match was (one `[Match "…"]` header, the match's settings as JSON)
//! and every game played, in schedule order, as a block of PGN-like tags followed by one line of
//! move tokens and a blank line:
//!
//! ```text
//! [Arena "guerrilla-arena records 1"]
//! [Match "{\"game\":\"guerrilla-checkers\", …}"]
//!
//! [Game "0"]
//! [Pair "0"]
//! [Round "0"]
//! [P1 "strong"]
//! [P2 "weak"]
//! [Opening "startpos"]
//! [TimeControl "nodes=400"]
//! [Result "p1win"]
//! [Reason "gameover"]
//! [Detail "the game is over by the rules"]
//! [Plies "23"]
//! [MoveTimes "12 9 15 …"]
//! D4D5 c5-b4 …
//!
//! ```
//! Optional tags: `[Faulty "p1|p2"]` (the side whose engine failed), `[BadMove "…"]` (the move
//! refused by the referee), `[Problem "…"]` (repeatable: an engine's `query` answer that
//! disagreed with the rules). Tag values escape `\` and `"` with a backslash.

use std::fmt::Write as _;

use guerrilla::game::{Outcome, Side};
use guerrilla::protocol::wire;
use serde::{Deserialize, Serialize};

use crate::stats::Sprt;

/// Tag of the first line of every records file.
pub const ARENA_TAG: &str = "guerrilla-arena records 1";

/// One engine of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineSpec {
    pub name: String,
    /// Program and arguments, split on whitespace (no shell).
    pub command: String,
    /// `setoption` pairs sent to this engine only, after the shared ones.
    pub options: Vec<(String, String)>,
    /// Its own time control (`tc=` of `--engine`), instead of the match's.
    #[serde(default)]
    pub tc: Option<String>,
}

/// What defines a match: everything that decides its schedule and its games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchInfo {
    /// Game name (`guerrilla-checkers`, `guerrilla`).
    pub game: String,
    /// `setoption` pairs sent to every engine (and applied by the referee).
    pub options: Vec<(String, String)>,
    pub engines: Vec<EngineSpec>,
    /// The first engine against each of the others; otherwise every pair of engines.
    pub gauntlet: bool,
    /// Games per pairing of two engines.
    pub games: u32,
    /// Time control, as given to `--tc`.
    pub tc: String,
    /// Milliseconds a time-controlled answer may come late before it loses on time.
    pub margin_ms: u64,
    pub max_plies: u32,
    /// The opening of each round (a round is one colour-swapped pair of every pairing):
    /// `startpos` or a position string.
    pub openings: Vec<String>,
    /// Where the openings came from, for people.
    pub openings_source: String,
    pub sprt: Option<Sprt>,
    /// `(k, n)`: this file holds shard k of n (1-based).
    pub shard: Option<(u32, u32)>,
}

impl MatchInfo {
    /// The match without what may differ between the shards of one match (shard number,
    /// engine commands, which may be paths on different machines).
    pub fn identity(&self) -> MatchInfo {
        let mut m = self.clone();
        m.shard = None;
        for e in &mut m.engines {
            e.command.clear();
        }
        m
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Over by the rules.
    Gameover,
    /// The safety cap on plies was reached: a draw.
    PlyCap,
    /// A well-formed move that the rules refuse.
    IllegalMove,
    /// A `bestmove` that is not a move of the game's notation, or not exactly two tokens.
    MalformedMove,
    /// A line that is not text.
    Garbage,
    /// The engine exited or closed its pipes.
    Crash,
    /// No `bestmove` within the wait of a node or depth budget.
    Hang,
    /// An answer other than `bestmove` did not come in time (e.g. a slow `readyok`).
    Timeout,
    /// A time-controlled answer came later than its time plus the margin, or the clock ran out.
    Time,
    /// The engine could not be started, or did not finish `ugi`/`isready` at start.
    NoStart,
}

impl Reason {
    pub const ALL: [Reason; 10] = [
        Reason::Gameover,
        Reason::PlyCap,
        Reason::IllegalMove,
        Reason::MalformedMove,
        Reason::Garbage,
        Reason::Crash,
        Reason::Hang,
        Reason::Timeout,
        Reason::Time,
        Reason::NoStart,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reason::Gameover => "gameover",
            Reason::PlyCap => "ply-cap",
            Reason::IllegalMove => "illegal-move",
            Reason::MalformedMove => "malformed-move",
            Reason::Garbage => "garbage",
            Reason::Crash => "crash",
            Reason::Hang => "hang",
            Reason::Timeout => "timeout",
            Reason::Time => "time",
            Reason::NoStart => "no-start",
        }
    }

    /// True when the game was lost by an engine's fault (it is then restarted).
    pub fn is_fault(self) -> bool {
        !matches!(self, Reason::Gameover | Reason::PlyCap)
    }
}

impl std::str::FromStr for Reason {
    type Err = String;
    fn from_str(s: &str) -> Result<Reason, String> {
        Reason::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| format!("expected a reason but got '{s}'"))
    }
}

/// One game played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRecord {
    /// Position in the whole match's schedule (0-based).
    pub index: usize,
    /// The colour-swapped pair it belongs to.
    pub pair: usize,
    pub round: usize,
    pub p1: String,
    pub p2: String,
    pub opening: String,
    pub tc: String,
    /// `p1win`, `p2win` or `draw`.
    pub result: String,
    pub reason: Reason,
    pub detail: String,
    /// `p1` or `p2`: the side whose engine failed.
    pub faulty: Option<String>,
    pub bad_move: Option<String>,
    pub moves: Vec<String>,
    /// Milliseconds each move took, measured around `go`.
    pub times_ms: Vec<u64>,
    pub problems: Vec<String>,
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', " ")
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

/// The header block of a records file.
pub fn header_text(info: &MatchInfo) -> String {
    let mut out = String::new();
    tag(&mut out, "Arena", ARENA_TAG);
    tag(
        &mut out,
        "Match",
        &serde_json::to_string(info).expect("match info serialises"),
    );
    out.push('\n');
    out
}

/// One game's block.
pub fn game_text(g: &GameRecord) -> String {
    let mut out = String::new();
    tag(&mut out, "Game", &g.index.to_string());
    tag(&mut out, "Pair", &g.pair.to_string());
    tag(&mut out, "Round", &g.round.to_string());
    tag(&mut out, "P1", &g.p1);
    tag(&mut out, "P2", &g.p2);
    tag(&mut out, "Opening", &g.opening);
    tag(&mut out, "TimeControl", &g.tc);
    tag(&mut out, "Result", &g.result);
    tag(&mut out, "Reason", g.reason.name());
    tag(&mut out, "Detail", &g.detail);
    if let Some(f) = &g.faulty {
        tag(&mut out, "Faulty", f);
    }
    if let Some(m) = &g.bad_move {
        tag(&mut out, "BadMove", m);
    }
    for p in &g.problems {
        tag(&mut out, "Problem", p);
    }
    tag(&mut out, "Plies", &g.moves.len().to_string());
    let times: Vec<String> = g.times_ms.iter().map(u64::to_string).collect();
    tag(&mut out, "MoveTimes", &times.join(" "));
    out.push_str(&g.moves.join(" "));
    out.push_str("\n\n");
    out
}

/// A records file read back.
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

/// Reads a records file's text; `name` is used in error messages.
pub fn parse(text: &str, name: &str) -> Result<RecordsFile, String> {
    let mut lines = text.lines().enumerate().peekable();
    let err = |n: usize, what: &str| format!("{name}:{}: {what}", n + 1);
    let mut info = None;
    // Header.
    for (n, line) in lines.by_ref() {
        if line.is_empty() {
            if info.is_some() {
                break;
            }
            continue;
        }
        let (k, v) = parse_tag(line).ok_or_else(|| err(n, "expected a [Tag \"value\"] line"))?;
        match k {
            "Arena" if v == ARENA_TAG => {}
            "Arena" => return Err(err(n, &format!("expected '{ARENA_TAG}' but got '{v}'"))),
            "Match" => {
                info = Some(
                    serde_json::from_str::<MatchInfo>(&v)
                        .map_err(|e| err(n, &format!("bad match header: {e}")))?,
                )
            }
            _ => return Err(err(n, &format!("unexpected tag {k} in the header"))),
        }
    }
    let info = info.ok_or_else(|| format!("{name}: no [Match] header"))?;
    let mut games = Vec::new();
    loop {
        // Skip blank lines between blocks.
        while lines.peek().is_some_and(|(_, l)| l.is_empty()) {
            lines.next();
        }
        let Some(&(start, _)) = lines.peek() else {
            break;
        };
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut moves_line = None;
        for (n, line) in lines.by_ref() {
            match parse_tag(line) {
                Some((k, v)) => tags.push((k.to_string(), v)),
                None => {
                    moves_line = Some((n, line));
                    break;
                }
            }
        }
        let (_, moves_line) =
            moves_line.ok_or_else(|| err(start, "a game without its moves line"))?;
        let get = |k: &str| -> Result<String, String> {
            tags.iter()
                .find(|(t, _)| t == k)
                .map(|(_, v)| v.clone())
                .ok_or_else(|| err(start, &format!("the game has no {k} tag")))
        };
        let num = |k: &str| -> Result<usize, String> {
            let v = get(k)?;
            v.parse()
                .map_err(|_| err(start, &format!("expected a number in {k} but got '{v}'")))
        };
        let times_text = get("MoveTimes")?;
        let times_ms = times_text
            .split_whitespace()
            .map(|t| {
                t.parse().map_err(|_| {
                    err(
                        start,
                        &format!("expected a number but got '{t}' in MoveTimes"),
                    )
                })
            })
            .collect::<Result<Vec<u64>, String>>()?;
        let moves: Vec<String> = moves_line.split_whitespace().map(str::to_string).collect();
        let plies = num("Plies")?;
        if plies != moves.len() {
            return Err(err(
                start,
                &format!("Plies says {plies} but the moves line has {}", moves.len()),
            ));
        }
        let result = get("Result")?;
        if !matches!(wire::parse_result(&result), Some(Some(_))) {
            return Err(err(
                start,
                &format!(
                    "expected {}, {} or {} but got '{result}'",
                    wire::result_word(Some(Outcome::Win(Side::P1))),
                    wire::result_word(Some(Outcome::Win(Side::P2))),
                    wire::result_word(Some(Outcome::Draw)),
                ),
            ));
        }
        games.push(GameRecord {
            index: num("Game")?,
            pair: num("Pair")?,
            round: num("Round")?,
            p1: get("P1")?,
            p2: get("P2")?,
            opening: get("Opening")?,
            tc: get("TimeControl")?,
            result,
            reason: get("Reason")?.parse().map_err(|e: String| err(start, &e))?,
            detail: get("Detail")?,
            faulty: get("Faulty").ok(),
            bad_move: get("BadMove").ok(),
            moves,
            times_ms,
            problems: tags
                .iter()
                .filter(|(k, _)| k == "Problem")
                .map(|(_, v)| v.clone())
                .collect(),
        });
    }
    Ok(RecordsFile { info, games })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_records_file_reads_back_what_was_written() {
        let info = MatchInfo {
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
            openings: vec!["startpos".into()],
            openings_source: "startpos".into(),
            sprt: None,
            shard: Some((1, 2)),
        };
        let g = GameRecord {
            index: 3,
            pair: 1,
            round: 1,
            p1: "a \"quoted\" \\ name".into(),
            p2: "b".into(),
            opening: "startpos".into(),
            tc: "nodes=10".into(),
            result: wire::result_word(Some(Outcome::Win(Side::P2))).into(),
            reason: Reason::IllegalMove,
            detail: "expected a legal move but got 'A1A2' (edge)".into(),
            faulty: Some(wire::side_word(Side::P1).into()),
            bad_move: Some("A1A2".into()),
            moves: vec!["D4D5".into(), "c5-b4".into()],
            times_ms: vec![3, 4],
            problems: vec!["one".into(), "two".into()],
        };
        let mut empty = g.clone();
        empty.index = 4;
        empty.moves.clear();
        empty.times_ms.clear();
        let text = header_text(&info) + &game_text(&g) + &game_text(&empty);
        let back = parse(&text, "t").unwrap();
        assert_eq!(back.info, info);
        assert_eq!(back.games, vec![g, empty]);
        assert!(parse("[Arena \"other\"]\n", "t").is_err());
    }
}
