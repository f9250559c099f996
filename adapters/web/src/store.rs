//! The games a server keeps: an SQLite database (one file, `--database`), so that a restart of
//! the server loses nothing.
//!
//! Three tables:
//! * `sessions`: one row a session (its id, when it was made, and for a game between friends
//!   the secrets of its two seats);
//! * `games`: one row a game of a session (`game_no` counts a session's games: a new game or a
//!   rematch adds one), its setup, record, players, clocks and result, rewritten whenever its
//!   record changes; `public` is the game's own random id, which a replay link names;
//! * `owners`: which browser (a random token the page keeps in its storage) made or joined which
//!   session, and with which seat: "my games".
//!
//! Every write is one statement (or one transaction); a failing write is logged and the game
//! goes on in memory.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How many games "my games" lists at most, newest first.
pub const LISTED: usize = 100;

/// A game as it is kept: enough to set it up again in a new engine and to list it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub session: String,
    pub game_no: u64,
    /// The game's own random id (replay and share links).
    pub public: String,
    pub game: String,
    pub options: BTreeMap<String, u64>,
    /// The start position: `startpos` or a position string.
    pub start: String,
    /// The side that played the first turn (`p1` or `p2`): the start position's side to move,
    /// so that a record written from the list numbers its turns right.
    pub first: String,
    /// The whole turns played, in order.
    pub moves: Vec<String>,
    /// Who plays each side, as the page's `players` (`{"kind": "human"}`, …).
    pub players: Value,
    pub paused: bool,
    pub confirm: bool,
    /// The clocks of a game between friends: settings and time left at the last turn's end.
    pub clock: Option<Value>,
    /// Which side each friend's seat holds (`["p1", "p2"]`), for a game between friends.
    pub holds: Option<Value>,
    /// `none`, `p1win`, `p2win` or `draw`, and the reason's word.
    pub result: String,
    pub reason: String,
    /// Milliseconds since 1970.
    pub created: u64,
    pub updated: u64,
}

/// A game in "my games": the record and what the browser holds in it.
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    #[serde(flatten)]
    pub record: GameRecord,
    /// The seat this browser holds in a game between friends (0 or 1), and its secret.
    pub seat: Option<u64>,
    pub key: Option<String>,
    /// The session is a game between friends.
    pub friend: bool,
    /// It is the session's last game (the one its link opens).
    pub latest: bool,
}

pub struct Store {
    conn: Mutex<Connection>,
}

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// A random id of `bytes` bytes in hex, from the operating system's random source (never
/// guessable: seat secrets, browser tokens and public game ids are made of it).
pub fn random_id(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system's random source");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    keys TEXT
);
CREATE TABLE IF NOT EXISTS games (
    session TEXT NOT NULL REFERENCES sessions(id),
    game_no INTEGER NOT NULL,
    public TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    start TEXT NOT NULL,
    first TEXT NOT NULL DEFAULT 'p1',
    moves TEXT NOT NULL,
    players TEXT NOT NULL,
    paused INTEGER NOT NULL,
    confirm INTEGER NOT NULL,
    clock TEXT,
    holds TEXT,
    result TEXT NOT NULL,
    reason TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    PRIMARY KEY (session, game_no)
);
CREATE TABLE IF NOT EXISTS owners (
    browser TEXT NOT NULL,
    session TEXT NOT NULL REFERENCES sessions(id),
    seat INTEGER,
    PRIMARY KEY (browser, session)
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
";

/// A database written before games kept their first mover gets the column, `p1` in every game
/// it holds (the side that moves first from the start position of every game offered).
fn add_first_column(conn: &Connection) -> rusqlite::Result<()> {
    let has: bool = conn.query_row(
        "SELECT COUNT(*) > 0 FROM pragma_table_info('games') WHERE name = 'first'",
        [],
        |r| r.get(0),
    )?;
    if !has {
        conn.execute_batch("ALTER TABLE games ADD COLUMN first TEXT NOT NULL DEFAULT 'p1'")?;
    }
    Ok(())
}

fn db_err(e: rusqlite::Error) -> String {
    format!("the games database: {e}")
}

impl Store {
    /// Opens (or creates) the database at `path`; `:memory:` keeps nothing after the server
    /// ends.
    pub fn open(path: &Path) -> Result<Store, String> {
        let conn = Connection::open(path)
            .map_err(|e| format!("cannot open the games database {}: {e}", path.display()))?;
        // WAL: a write does not wait for readers; a busy database is waited for, not failed.
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(db_err)?;
        let _: String = conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
            .map_err(db_err)?;
        conn.execute_batch(SCHEMA).map_err(db_err)?;
        add_first_column(&conn).map_err(db_err)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    /// Keeps a session: its secrets (a game between friends) or none.
    pub fn save_session(&self, id: &str, keys: Option<&[String; 2]>) -> Result<(), String> {
        let keys = keys.map(|k| serde_json::to_string(k).expect("two strings"));
        self.conn
            .lock()
            .unwrap()
            .execute(
                "INSERT INTO sessions (id, created, keys) VALUES (?1, ?2, ?3)
                 ON CONFLICT(id) DO UPDATE SET keys = excluded.keys",
                params![id, now_ms() as i64, keys],
            )
            .map(drop)
            .map_err(db_err)
    }

    /// A session's seat secrets, when it is kept and is a game between friends.
    pub fn session_keys(&self, id: &str) -> Result<Option<Option<[String; 2]>>, String> {
        let row: Option<Option<String>> = self
            .conn
            .lock()
            .unwrap()
            .query_row("SELECT keys FROM sessions WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .optional()
            .map_err(db_err)?;
        Ok(row.map(|keys| keys.and_then(|k| serde_json::from_str(&k).ok())))
    }

    /// Writes a game (a new one, or its new state).
    pub fn save_game(&self, g: &GameRecord) -> Result<(), String> {
        let json = |v: &Value| v.to_string();
        self.conn
            .lock()
            .unwrap()
            .execute(
                "INSERT INTO games (session, game_no, public, game, options, start, moves, players,
                    paused, confirm, clock, holds, result, reason, created, updated, first)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
                 ON CONFLICT(session, game_no) DO UPDATE SET
                    game = excluded.game, options = excluded.options, start = excluded.start,
                    first = excluded.first,
                    moves = excluded.moves, players = excluded.players, paused = excluded.paused,
                    confirm = excluded.confirm, clock = excluded.clock, holds = excluded.holds,
                    result = excluded.result, reason = excluded.reason, updated = excluded.updated",
                params![
                    g.session,
                    g.game_no as i64,
                    g.public,
                    g.game,
                    serde_json::to_string(&g.options).expect("options"),
                    g.start,
                    g.moves.join(" "),
                    json(&g.players),
                    g.paused,
                    g.confirm,
                    g.clock.as_ref().map(json),
                    g.holds.as_ref().map(json),
                    g.result,
                    g.reason,
                    g.created as i64,
                    g.updated as i64,
                    g.first,
                ],
            )
            .map(drop)
            .map_err(db_err)
    }

    /// Drops a game (an aborted one): it is no longer listed or replayed.
    pub fn drop_game(&self, session: &str, game_no: u64) -> Result<(), String> {
        self.conn
            .lock()
            .unwrap()
            .execute(
                "DELETE FROM games WHERE session = ?1 AND game_no = ?2",
                params![session, game_no as i64],
            )
            .map(drop)
            .map_err(db_err)
    }

    const COLUMNS: &'static str = "session, game_no, public, game, options, start, moves, players,
        paused, confirm, clock, holds, result, reason, created, updated, first";

    fn record(r: &rusqlite::Row) -> rusqlite::Result<GameRecord> {
        let text = |i: usize| -> rusqlite::Result<String> { r.get(i) };
        let value = |s: String| serde_json::from_str(&s).unwrap_or(Value::Null);
        let moves: String = text(6)?;
        Ok(GameRecord {
            session: text(0)?,
            game_no: r.get::<_, i64>(1)? as u64,
            public: text(2)?,
            game: text(3)?,
            options: serde_json::from_str(&text(4)?).unwrap_or_default(),
            start: text(5)?,
            moves: moves.split_whitespace().map(String::from).collect(),
            players: value(text(7)?),
            paused: r.get(8)?,
            confirm: r.get(9)?,
            clock: r.get::<_, Option<String>>(10)?.map(value),
            holds: r.get::<_, Option<String>>(11)?.map(value),
            result: text(12)?,
            reason: text(13)?,
            created: r.get::<_, i64>(14)? as u64,
            updated: r.get::<_, i64>(15)? as u64,
            first: text(16)?,
        })
    }

    /// The last game of a session, if the session is kept.
    pub fn latest(&self, session: &str) -> Result<Option<GameRecord>, String> {
        let sql = format!(
            "SELECT {} FROM games WHERE session = ?1 ORDER BY game_no DESC LIMIT 1",
            Self::COLUMNS
        );
        self.conn
            .lock()
            .unwrap()
            .query_row(&sql, [session], Self::record)
            .optional()
            .map_err(db_err)
    }

    /// The game whose public id is `public`.
    pub fn by_public(&self, public: &str) -> Result<Option<GameRecord>, String> {
        let sql = format!("SELECT {} FROM games WHERE public = ?1", Self::COLUMNS);
        self.conn
            .lock()
            .unwrap()
            .query_row(&sql, [public], Self::record)
            .optional()
            .map_err(db_err)
    }

    /// Notes that `browser` made or joined `session` (holding `seat` in a game between
    /// friends). A seat, once known, is kept.
    pub fn own(&self, browser: &str, session: &str, seat: Option<usize>) -> Result<(), String> {
        self.conn
            .lock()
            .unwrap()
            .execute(
                "INSERT INTO owners (browser, session, seat) VALUES (?1, ?2, ?3)
                 ON CONFLICT(browser, session) DO UPDATE SET seat = COALESCE(excluded.seat, seat)",
                params![browser, session, seat.map(|s| s as i64)],
            )
            .map(drop)
            .map_err(db_err)
    }

    /// The games of the sessions `browser` made or joined, newest first (at most [`LISTED`]),
    /// each with the seat the browser holds and its secret.
    pub fn mine(&self, browser: &str) -> Result<Vec<Listed>, String> {
        let conn = self.conn.lock().unwrap();
        let cols = Self::COLUMNS
            .split(',')
            .map(|c| format!("g.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {cols}, o.seat, s.keys,
                g.game_no = (SELECT MAX(game_no) FROM games WHERE session = g.session)
             FROM owners o JOIN games g ON g.session = o.session JOIN sessions s ON s.id = o.session
             WHERE o.browser = ?1 AND (g.moves != '' OR g.result != 'none')
             ORDER BY g.updated DESC LIMIT {LISTED}"
        );
        // The three columns after the record's.
        let n = Self::COLUMNS.split(',').count();
        let mut stmt = conn.prepare(&sql).map_err(db_err)?;
        let rows = stmt
            .query_map([browser], |r| {
                let record = Self::record(r)?;
                let seat: Option<i64> = r.get(n)?;
                let keys: Option<String> = r.get(n + 1)?;
                let latest: bool = r.get(n + 2)?;
                let keys: Option<[String; 2]> = keys.and_then(|k| serde_json::from_str(&k).ok());
                let key = match (seat, &keys) {
                    (Some(s), Some(k)) if (0..2).contains(&s) => Some(k[s as usize].clone()),
                    _ => None,
                };
                Ok(Listed {
                    record,
                    seat: seat.map(|s| s as u64),
                    key,
                    friend: keys.is_some(),
                    latest,
                })
            })
            .map_err(db_err)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(db_err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(session: &str, game_no: u64, moves: &[&str]) -> GameRecord {
        GameRecord {
            session: session.into(),
            game_no,
            public: random_id(8),
            game: "g".into(),
            options: BTreeMap::from([("BoardSide".to_string(), 5)]),
            start: "startpos".into(),
            first: "p1".into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            players: serde_json::json!([{"kind": "human"}, {"kind": "human"}]),
            paused: false,
            confirm: false,
            clock: None,
            holds: Some(serde_json::json!(["p1", "p2"])),
            result: "none".into(),
            reason: String::new(),
            created: 1,
            updated: game_no,
        }
    }

    #[test]
    fn a_game_is_kept_across_opening_the_file_again() {
        let dir = std::env::temp_dir().join(format!("guerrilla-web-store-{}", random_id(6)));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite");
        let keys = [random_id(16), random_id(16)];
        let mut g = record("s1", 1, &["D4D5"]);
        g.first = "p2".into();
        {
            let store = Store::open(&path).unwrap();
            store.save_session("s1", Some(&keys)).unwrap();
            store.save_game(&g).unwrap();
            g.moves.push("d4xc3".into());
            g.result = "p2win".into();
            g.reason = "resigned".into();
            store.save_game(&g).unwrap();
            store.own("browser", "s1", Some(1)).unwrap();
            store.own("browser", "s1", None).unwrap();
        }
        let store = Store::open(&path).unwrap();
        assert_eq!(store.latest("s1").unwrap(), Some(g.clone()));
        assert_eq!(store.by_public(&g.public).unwrap(), Some(g.clone()));
        assert_eq!(store.session_keys("s1").unwrap(), Some(Some(keys.clone())));
        assert_eq!(store.session_keys("nope").unwrap(), None);
        let mine = store.mine("browser").unwrap();
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].seat, Some(1), "a seat once known is kept");
        assert_eq!(mine[0].key.as_deref(), Some(keys[1].as_str()));
        assert!(mine[0].friend && mine[0].latest);
        assert!(store.mine("another browser").unwrap().is_empty());
        // A second game of the session is the latest; the first is listed, not latest.
        store.save_game(&record("s1", 2, &["F6F7"])).unwrap();
        let mine = store.mine("browser").unwrap();
        assert_eq!(mine.len(), 2);
        assert_eq!(
            mine.iter().filter(|l| l.latest).count(),
            1,
            "one latest game"
        );
        assert_eq!(store.latest("s1").unwrap().unwrap().game_no, 2);
        // A dropped game (an aborted one) is neither listed nor found.
        store.drop_game("s1", 2).unwrap();
        assert_eq!(store.mine("browser").unwrap().len(), 1);
        assert_eq!(store.latest("s1").unwrap().unwrap().game_no, 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_database_from_before_the_first_mover_gets_it_as_p1() {
        let dir = std::env::temp_dir().join(format!("guerrilla-web-store-{}", random_id(6)));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite");
        {
            let conn = Connection::open(&path).unwrap();
            let old = SCHEMA.replace("    first TEXT NOT NULL DEFAULT 'p1',\n", "");
            assert_ne!(old, SCHEMA, "the old schema lacks the column");
            conn.execute_batch(&old).unwrap();
            conn.execute_batch(
                "INSERT INTO sessions (id, created) VALUES ('s1', 1);
                 INSERT INTO games (session, game_no, public, game, options, start, moves,
                    players, paused, confirm, result, reason, created, updated)
                 VALUES ('s1', 1, 'abc', 'g', '{}', 'startpos', 'D4D5', '[]', 0, 0, 'none', '',
                    1, 1);",
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        let g = store.latest("s1").unwrap().unwrap();
        assert_eq!((g.first.as_str(), g.moves.len()), ("p1", 1));
        let mut h = g.clone();
        h.first = "p2".into();
        store.save_game(&h).unwrap();
        assert_eq!(store.by_public("abc").unwrap().unwrap().first, "p2");
        drop(store);
        // Opening it again adds nothing twice.
        assert_eq!(Store::open(&path).unwrap().latest("s1").unwrap(), Some(h));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn random_ids_differ_and_are_hex() {
        let a = random_id(16);
        let b = random_id(16);
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
