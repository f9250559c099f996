//! The records file: a PGN file that PGN readers and rating tools (Ordo, BayesElo, python-chess)
//! accept, and that `replay` and `merge` read back. The one format of the project's game
//! records: the web GUI's export is read by the same reader (`replay` takes both).
//!
//! ```text
//! % guerrilla-arena records 3
//! % match {"game":"guerrilla","options":[["BoardSide","6"]], …}
//!
//! [Event "guerrilla-arena match"]
//! [Site "?"]
//! [Date "2026.11.25"]
//! [Round "1"]
//! [White "strong"]
//! [Black "weak"]
//! [Result "1-0"]
//! [Variant "guerrilla"]
//! [BoardSide "6"]
//! [TurnLimit "400"]
//! [TimeControl "10+0.1"]
//! [Limits "tc=10+0.1"]
//! [Termination "normal"]
//! [PlyCount "23"]
//! [Pair "1"]
//! [Reason "gameover"]
//! [Detail "over by the rules"]
//!
//! 1. C3 {book} 1... D4 {book} 2. E2 {0.512/7 0.012s} 2... F5 {-0.498/6 0.009s} … 1-0
//! ```
//!
//! * The `%` lines are PGN escape lines, which PGN readers skip. `% match {…}` holds the
//!   settings of the match whose games follow (as JSON): what `merge` checks and `replay`
//!   needs. A file may hold several matches, each after its own `% match` line: a match run
//!   with `--records` on an existing records file appends to it (as cutechess does).
//! * The seven-tag roster: `Round` is the game's number in its match (1-based), `White`
//!   is p1 (who moves first: the Guerrilla in Guerrilla Checkers, White in Guerrilla), `Result`
//!   is `1-0`, `0-1` or `1/2-1/2`. Then `Variant` (the game), every option of the game that
//!   changes its rules with its value in the match (Guerrilla's `BoardSide`, W1, and
//!   `TurnLimit`, W6), `FEN` and `SetUp "1"` when the game starts from a position other than
//!   the start position (its position string), `TimeControl` in the PGN standard's form
//!   (`40/60+0.6`, `10+0.1`; `-` for node and depth budgets, `?` for what the standard cannot
//!   write, such as a time a move; `WhiteTimeControl`/`BlackTimeControl` too when the engines'
//!   differ), `Termination` (the PGN word: `normal`, `adjudication`, `time forfeit`, `illegal
//!   move`, `rules infraction`, `stalled connection`, `abandoned`) and `PlyCount`.
//! * The arena's own tags: `Limits` (the engines' limits as the arena reads them, `WhiteLimits`
//!   and `BlackLimits` when they differ), `Pair` (the colour-swapped pair, 1-based), `Reason`
//!   (the arena's reason, finer than `Termination`), `Detail`, `Stones` (a game where p1
//!   places stones from a hand, Guerrilla Checkers: the stones it placed in the game's moves),
//!   and when they apply `Faulty` (`p1`/`p2`, the side whose engine failed), `BadMove` (the
//!   refused move) and `Problem` (repeatable: an engine's `query` answer that disagreed with
//!   the rules).
//! * Moves of the opening (from an openings file's moves) are followed by `{book}`; every other
//!   move by `{score/depth time}`: the score and depth of the mover's last `info` line before
//!   its `bestmove` (when it sent one) and the time the move took, measured by the arena
//!   around `go`, in seconds with three decimals.

mod arena;
pub mod pgn;
mod read;

use guerrilla::game::{Outcome, Side};
use serde::{Deserialize, Serialize};

use crate::adjudicate::{Draw, Resign};
use crate::sprt::Sprt;

pub use arena::{game_options, game_text, header_text, match_info, record_of, section_text};
#[cfg(test)]
pub use read::parse;
pub use read::{check_regular, load, read_records, starts_as_records, Found, RecordsFile};

/// One engine of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineSpec {
    pub name: String,
    /// Program and arguments, split on whitespace (no shell).
    pub command: String,
    /// `setoption` pairs sent to this engine only, after the shared ones.
    pub options: Vec<(String, String)>,
    /// Its own limits (`tc=`, `st=`, `nodes=`, `depth=` of `--engine` or `--each`), instead of
    /// the match's.
    #[serde(default)]
    pub tc: Option<String>,
    /// Milliseconds a time-controlled answer of this engine may come late (`timemargin=`),
    /// instead of the match's `--margin`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin_ms: Option<u64>,
    /// Its working folder (`dir=`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dir: Option<String>,
    /// Arguments after the command's own (`arg=`, repeatable).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// A file its standard error is appended to (`stderr=`); the arena's otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
}

/// How a pairing is scored besides the per-game score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Wins, losses and draws of the games.
    #[default]
    Games,
    /// Guerrilla Checkers, Brian Train's match: each colour-swapped pair is one match, won by
    /// the player who beats the COIN player with fewer stones placed (games scored as well).
    Stones,
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
    /// The resignation rule (`--resign`), when the match has one.
    #[serde(default)]
    pub resign: Option<Resign>,
    /// The draw rule (`--draw`), when the match has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Draw>,
    /// The opening of each round (a round is one colour-swapped pair of every pairing):
    /// `startpos` or a position string, followed by `moves …` when the opening has moves
    /// (`openings::Opening`).
    pub openings: Vec<String>,
    /// Where the openings came from, for people.
    pub openings_source: String,
    pub sprt: Option<Sprt>,
    /// `(k, n)`: this file holds shard k of n (1-based).
    pub shard: Option<(u32, u32)>,
    #[serde(default)]
    pub scoring: Scoring,
    /// The PGN `Event` and `Site` tags.
    pub event: String,
    pub site: String,
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
    /// The match's resignation rule (`--resign`) ended the game: a loss for the side whose
    /// engine's scores held it lost.
    Resign,
    /// The match's draw rule (`--draw`) ended the game: both engines' scores held it even.
    AdjudicatedDraw,
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
    pub const ALL: [Reason; 12] = [
        Reason::Gameover,
        Reason::PlyCap,
        Reason::Resign,
        Reason::AdjudicatedDraw,
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
            Reason::Resign => "resign",
            Reason::AdjudicatedDraw => "adjudicated-draw",
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

    /// The PGN `Termination` word (the standard's, and cutechess's for engine failures).
    pub fn termination(self) -> &'static str {
        match self {
            Reason::Gameover => "normal",
            Reason::PlyCap | Reason::Resign | Reason::AdjudicatedDraw => "adjudication",
            Reason::IllegalMove | Reason::MalformedMove => "illegal move",
            Reason::Garbage => "rules infraction",
            Reason::Hang | Reason::Timeout => "stalled connection",
            Reason::Time => "time forfeit",
            Reason::Crash | Reason::NoStart => "abandoned",
        }
    }

    /// True when the game was lost by an engine's fault (it is then restarted).
    pub fn is_fault(self) -> bool {
        !matches!(
            self,
            Reason::Gameover | Reason::PlyCap | Reason::Resign | Reason::AdjudicatedDraw
        )
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

/// The PGN result of an outcome: `1-0` when p1 (White) wins.
pub fn pgn_result(o: Outcome) -> &'static str {
    match o {
        Outcome::Win(Side::P1) => "1-0",
        Outcome::Win(Side::P2) => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

/// The outcome of a PGN result token (`*` and anything else: none).
pub(crate) fn parse_pgn_result(s: &str) -> Option<Outcome> {
    [
        Outcome::Win(Side::P1),
        Outcome::Win(Side::P2),
        Outcome::Draw,
    ]
    .into_iter()
    .find(|&o| pgn_result(o) == s)
}

/// Today's date (UTC) as PGN writes dates: `YYYY.MM.DD`.
pub fn pgn_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Now (UTC) as `YYYY.MM.DD HH:MM:SS`.
pub fn pgn_time() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    format!(
        "{y:04}.{m:02}.{d:02} {:02}:{:02}:{:02}",
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// The Gregorian date of a day counted from 1970-01-01 (the well-known era-based conversion).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// One move as played: its token, the time it took and the mover's last report; or a move of
/// the opening (`book`), which no engine chose.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Move {
    pub token: String,
    /// Milliseconds, measured around `go`.
    pub ms: u64,
    /// `score/depth` from the mover's last `info` line, when it sent one.
    pub eval: Option<String>,
    pub book: bool,
}

impl crate::adjudicate::Scored for Move {
    fn eval(&self) -> Option<&str> {
        self.eval.as_deref()
    }
}

/// One game played.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Position in the whole match's schedule (0-based here; 1-based in every output).
    pub index: usize,
    /// The colour-swapped pair it belongs to (0-based here).
    pub pair: usize,
    pub p1: String,
    pub p2: String,
    /// `YYYY.MM.DD`, when the game started.
    pub date: String,
    /// Its start position: `startpos` or a position string (the opening's moves, if any, are
    /// the first `book` moves).
    pub opening: String,
    /// Who makes the first move from the start position.
    pub first: Side,
    /// p1's and p2's limits, as the arena writes them (`Limits`).
    pub tc: [String; 2],
    pub outcome: Outcome,
    pub reason: Reason,
    pub detail: String,
    /// The side whose engine failed.
    pub faulty: Option<Side>,
    pub bad_move: Option<String>,
    pub moves: Vec<Move>,
    pub problems: Vec<String>,
    /// A game where p1 has a hand (Guerrilla Checkers): the stones p1 placed in the game's
    /// moves.
    pub stones: Option<u32>,
}

impl GameRecord {
    pub fn tokens(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.token.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(pgn_date().len(), 10);
    }
}
