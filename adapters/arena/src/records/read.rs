//! Reading a records file back, game by game, in the memory of one game: the arena appending to
//! it or resuming its match, `merge` and `replay`. A file that is not a regular file (a device,
//! a FIFO, a folder) is refused before any byte is read: it may never end.
//!
//! The arena writes each game whole, in one write; a match killed while writing one (a machine
//! that stops, a full disk) leaves at most a partial game at the end of the file. Readers skip
//! it and say so ([`Partial`]); a match appending to the file or resuming its match cuts it off
//! first.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use super::arena::{match_info, record_of, ARENA_LINE, ARENA_LINE_2};
use super::pgn::{Item, Items};
use super::{GameRecord, MatchInfo};

/// Refuses a path that exists and is not a regular file (or a link to one): a device such as
/// `/dev/zero` never ends, a FIFO blocks, `/dev/full` refuses every write. `doing` says what
/// the arena was to do with it (`write the records file`).
pub fn check_regular(path: &Path, doing: &str) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(format!(
            "cannot {doing} {}: not a regular file (a device, a FIFO or a folder): give a file",
            path.display()
        )),
        _ => Ok(()),
    }
}

/// A game at the end of a records file that does not read: what a match killed while writing
/// it leaves.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial {
    /// Its first line, and the byte where that line starts.
    pub line: usize,
    pub offset: u64,
    /// Why it does not read.
    pub error: String,
}

impl Partial {
    /// The warning readers print.
    pub fn warning(&self, name: &str) -> String {
        format!(
            "{name}:{}: a partial game at the end of the file ({}), as a match killed while \
             writing it leaves: skipped",
            self.line, self.error
        )
    }
}

/// What a records file holds, in order, as [`read_records`] hands it out.
pub enum Found {
    /// A `% match` line: the settings of the games that follow.
    Match(MatchInfo),
    /// A game of the last match.
    Game(GameRecord),
}

/// True when `head`, the first bytes of a file, starts as a records file of this arena (any
/// version).
pub fn starts_as_records(head: &[u8]) -> bool {
    let first = head.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let first = first.strip_suffix(b"\r").unwrap_or(first);
    first == ARENA_LINE.as_bytes() || first == ARENA_LINE_2.as_bytes()
}

/// Checks that `input` starts as a records file of this arena (any version).
fn check_first_line(input: &mut impl BufRead, name: &str) -> Result<(), String> {
    let head = input
        .fill_buf()
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    if starts_as_records(head) {
        return Ok(());
    }
    if head.starts_with(b"[Arena ") {
        return Err(format!(
            "{name} is a records file of an older guerrilla-arena (before PGN): play the match again"
        ));
    }
    Err(format!("{name}: expected '{ARENA_LINE}' on the first line"))
}

/// Reads the records in `input` game by game, handing each match line and each game to `visit`
/// in order; `name` is used in messages. A game that does not read is an error, unless it is
/// the last of the file: then it is the [`Partial`] game returned. An error of `visit` stops
/// the reading.
pub fn read_from(
    mut input: impl BufRead,
    name: &str,
    mut visit: impl FnMut(Found) -> Result<(), String>,
) -> Result<Option<Partial>, String> {
    check_first_line(&mut input, name)?;
    let mut seen_match = false;
    let mut failed: Option<Partial> = None;
    for item in Items::new(input) {
        if let Some(p) = failed.take() {
            return Err(format!("{name}:{}: {}", p.line, p.error));
        }
        match item.map_err(|e| format!("{name}: {e}"))? {
            Item::Header(line, json) => {
                let info = match_info(&json).map_err(|e| format!("{name}:{line}: {e}"))?;
                seen_match = true;
                visit(Found::Match(info))?;
            }
            Item::Game(g) => {
                if !seen_match {
                    return Err(format!("{name}:{}: a game before any match line", g.line));
                }
                match record_of(&g) {
                    Ok(r) => visit(Found::Game(r))?,
                    Err(error) => {
                        failed = Some(Partial {
                            line: g.line,
                            offset: g.offset,
                            error,
                        })
                    }
                }
            }
        }
    }
    if !seen_match {
        return Err(format!("{name}: no match header"));
    }
    Ok(failed)
}

/// [`read_from`] on the file at `path`, refused at once if it is not a regular file.
pub fn read_records(
    path: &Path,
    visit: impl FnMut(Found) -> Result<(), String>,
) -> Result<Option<Partial>, String> {
    let name = path.display().to_string();
    check_regular(path, "read the records file")?;
    let file = File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    read_from(BufReader::with_capacity(1 << 16, file), &name, visit)
}

/// Every match of a records file with its games, in memory (the arena's own tests, and `merge`,
/// which needs every game of a shard).
#[derive(Debug)]
pub struct RecordsFile {
    pub matches: Vec<(MatchInfo, Vec<GameRecord>)>,
    pub partial: Option<Partial>,
}

/// Collects what [`read_from`] hands out.
fn collect(
    read: impl FnOnce(&mut dyn FnMut(Found) -> Result<(), String>) -> Result<Option<Partial>, String>,
) -> Result<RecordsFile, String> {
    let mut matches: Vec<(MatchInfo, Vec<GameRecord>)> = Vec::new();
    let partial = read(&mut |found| {
        match found {
            Found::Match(i) => matches.push((i, Vec::new())),
            Found::Game(g) => matches.last_mut().expect("a match first").1.push(g),
        }
        Ok(())
    })?;
    Ok(RecordsFile { matches, partial })
}

/// A records file's text read whole.
#[cfg(test)]
pub fn parse(text: &str, name: &str) -> Result<RecordsFile, String> {
    collect(|visit| read_from(text.as_bytes(), name, visit))
}

/// The records file at `path` read whole.
pub fn load(path: &Path) -> Result<RecordsFile, String> {
    collect(|visit| read_records(path, visit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::header_text;

    #[test]
    fn a_partial_last_game_is_skipped_and_a_bad_one_inside_is_an_error() {
        let info = super::super::arena::tests::sample_info();
        let whole = parse(&(header_text(&info) + "[Round \"1\"]\n\n1. x *\n"), "t");
        let p = whole.unwrap().partial.expect("partial");
        assert_eq!(p.line, 4);
        let head = header_text(&info);
        assert_eq!(p.offset, head.len() as u64);
        let bad_inside = parse(
            &(header_text(&info) + "[Round \"1\"]\n\n1. x *\n\n[Round \"2\"]\n\n1. y *\n"),
            "t",
        );
        assert!(bad_inside.unwrap_err().starts_with("t:4: "));
        assert!(parse("% guerrilla-arena records 3\n", "t")
            .unwrap_err()
            .contains("no match header"));
    }

    #[test]
    fn devices_are_refused_before_reading() {
        let e = load(Path::new("/dev/zero")).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
    }
}
