//! perft with divide, for any game (GC6, W7): one ply is one whole turn; and the perft data
//! files (`tests/data/*.perft`), read once here for both games.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};

use super::limits::too_deep;
use super::{GameError, Notation, PerftAbort, Turns, MAX_PERFT_DEPTH};

/// How many turns are named, or sorted as one run, between two looks at the stop flag.
const STOP_EVERY: usize = 1 << 12;

/// perft divide: for every legal turn from `pos`, in the order of its canonical token,
/// `line(token, count)` with the number of leaves `depth - 1` turns below it, as soon as it is
/// counted; returns the total. `depth == 0` counts the position itself (no lines, total 1).
/// Gives up as [`Turns::perft`] does, at once past [`MAX_PERFT_DEPTH`], and when the
/// root's turns are too many to list within the game's budget
/// ([`Turns::legal_turns`]). Every stage looks at `stop` within milliseconds: the
/// listing, the naming, the sort (runs of a few thousand tokens, merged as the lines are
/// written) and the counts.
pub fn divide<G: Notation>(
    pos: &G,
    depth: u32,
    stop: &AtomicBool,
    mut line: impl FnMut(String, u64),
) -> Result<u64, PerftAbort> {
    if depth > MAX_PERFT_DEPTH {
        return Err(too_deep(depth));
    }
    if depth == 0 {
        return Ok(1);
    }
    let mut turns = Vec::new();
    pos.legal_turns(&mut turns, usize::MAX, Some(stop))?;
    let mut named: Vec<(String, G::Turn)> = Vec::with_capacity(turns.len());
    for (i, t) in turns.into_iter().enumerate() {
        if i % STOP_EVERY == 0 && stop.load(Ordering::Relaxed) {
            return Err(PerftAbort::Stopped);
        }
        named.push((pos.format_turn(&t), t));
    }
    sort_runs(&mut named, stop)?;
    let mut total = 0;
    for i in merged(&named) {
        let (token, turn) = &named[i];
        let mut child = pos.clone();
        child
            .play_turn(turn)
            .expect("legal_turns produced an illegal turn");
        let n = child.perft(depth - 1, Some(stop))?;
        total += n;
        line(token.clone(), n);
    }
    Ok(total)
}

/// Sorts `items` by name in runs of [`STOP_EVERY`], looking at `stop` between two runs.
fn sort_runs<T>(items: &mut [(String, T)], stop: &AtomicBool) -> Result<(), PerftAbort> {
    for run in items.chunks_mut(STOP_EVERY) {
        if stop.load(Ordering::Relaxed) {
            return Err(PerftAbort::Stopped);
        }
        run.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    }
    Ok(())
}

/// The indices of `items`, sorted in runs by [`sort_runs`], in the order of their names: the
/// runs merged lazily, as the caller takes the indices (a heap of one head a run).
fn merged<T>(items: &[(String, T)]) -> impl Iterator<Item = usize> + '_ {
    let mut heads: BinaryHeap<Reverse<(&str, usize)>> = (0..items.len())
        .step_by(STOP_EVERY)
        .map(|i| Reverse((items[i].0.as_str(), i)))
        .collect();
    std::iter::from_fn(move || {
        let Reverse((_, i)) = heads.pop()?;
        let next = i + 1;
        if next % STOP_EVERY != 0 && next < items.len() {
            heads.push(Reverse((items[next].0.as_str(), next)));
        }
        Some(i)
    })
}

/// perft by whole turns: lists the turns (within the game's budget), plays each, and asks the
/// child for `depth - 1` through [`Turns::perft`]; checks `stop` before every turn.
pub fn by_turns<G: Turns>(pos: &G, depth: u32, stop: &AtomicBool) -> Result<u64, PerftAbort> {
    if stop.load(Ordering::Relaxed) {
        return Err(PerftAbort::Stopped);
    }
    if depth > MAX_PERFT_DEPTH {
        return Err(too_deep(depth));
    }
    if depth == 0 {
        return Ok(1);
    }
    let mut turns = Vec::new();
    pos.legal_turns(&mut turns, usize::MAX, Some(stop))?;
    if depth == 1 {
        return Ok(turns.len() as u64);
    }
    let mut total = 0;
    for t in &turns {
        let mut child = pos.clone();
        child
            .play_turn(t)
            .expect("legal_turns produced an illegal turn");
        total += child.perft(depth - 1, Some(stop))?;
    }
    Ok(total)
}

/// One count of a perft data file (`tests/data/*.perft`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The comment line above its block (without `# `), empty when there is none.
    pub comment: String,
    /// `startpos` or a position string.
    pub start: String,
    /// The moves played from `start`, as the protocol's `position … moves` gives them.
    pub moves: Vec<String>,
    pub depth: u32,
    pub nodes: u64,
    /// Its line in the file, from 1.
    pub line: usize,
}

impl PerftCase {
    /// The position this case counts from, under `settings`.
    pub fn position<G: Notation>(&self, settings: &G::Settings) -> Result<G, GameError> {
        let mut pos = if self.start == "startpos" {
            G::new(settings)
        } else {
            G::from_position_string(&self.start, settings)?
        };
        for m in &self.moves {
            let turn = pos.parse_turn(m)?;
            pos.play_turn(&turn)?;
        }
        Ok(pos)
    }
}

/// Reads a perft data file: blocks of a `# ` comment, a `position` line as the protocol writes
/// it (`position startpos` or `position <position string>`, optionally followed by
/// `moves <move> …`), and `perft <depth> <nodes>` lines; blank lines and other comments are
/// skipped. An error names the line that does not fit.
pub fn read_cases(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut out = Vec::new();
    let mut comment = String::new();
    let mut position: Option<(String, Vec<String>)> = None;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let bad = |why: &str| format!("line {line_no}: {why}: '{line}'");
        let line = line.trim_end();
        if let Some(c) = line.strip_prefix("# ") {
            comment = c.to_string();
        } else if line.is_empty() || line.starts_with('#') {
            continue;
        } else if let Some(rest) = line.strip_prefix("position ") {
            let (start, moves) = match rest.split_once(" moves ") {
                Some((s, m)) => (s, m.split_whitespace().map(str::to_string).collect()),
                None => (rest, Vec::new()),
            };
            position = Some((start.trim().to_string(), moves));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (start, moves) = position
                .clone()
                .ok_or_else(|| bad("a count before any position"))?;
            let mut it = rest.split_whitespace();
            let (Some(d), Some(n), None) = (it.next(), it.next(), it.next()) else {
                return Err(bad("expected 'perft <depth> <nodes>'"));
            };
            out.push(PerftCase {
                comment: comment.clone(),
                start,
                moves,
                depth: d.parse().map_err(|_| bad("a bad depth"))?,
                nodes: n.parse().map_err(|_| bad("a bad count"))?,
                line: line_no,
            });
        } else {
            return Err(bad("expected '# ', 'position' or 'perft'"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs sorted one by one and merged give the order of a whole sort, across runs of
    /// every length (a last run shorter than the others included).
    #[test]
    fn runs_merged_are_sorted() {
        for n in [0, 1, STOP_EVERY - 1, STOP_EVERY, 3 * STOP_EVERY + 17] {
            let mut items: Vec<(String, usize)> = (0..n)
                .map(|i| (format!("{}", crate::mix::mix(i as u64) % 100_000), i))
                .collect();
            let mut want: Vec<String> = items.iter().map(|x| x.0.clone()).collect();
            want.sort();
            sort_runs(&mut items, &AtomicBool::new(false)).unwrap();
            let got: Vec<String> = merged(&items).map(|i| items[i].0.clone()).collect();
            assert_eq!(got, want, "{n} items");
        }
        let mut items = vec![("b".to_string(), 0), ("a".to_string(), 1)];
        assert_eq!(
            sort_runs(&mut items, &AtomicBool::new(true)),
            Err(PerftAbort::Stopped)
        );
    }

    #[test]
    fn perft_files_read() {
        let text = "# start\nposition startpos\nperft 1 84\n\n# two moves\nposition a b c moves D4D5 c5-b4\nperft 2 10\n";
        let cases = read_cases(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(
            (cases[0].start.as_str(), cases[0].depth, cases[0].nodes),
            ("startpos", 1, 84)
        );
        assert_eq!(cases[1].start, "a b c");
        assert_eq!(cases[1].moves, ["D4D5", "c5-b4"]);
        assert_eq!((cases[1].comment.as_str(), cases[1].line), ("two moves", 7));
        assert!(read_cases("perft 1 2\n").unwrap_err().contains("line 1"));
        assert!(read_cases("position startpos\nperft x 2\n").is_err());
        assert!(read_cases("position startpos\nperft 1 2 3\n").is_err());
        assert!(read_cases("frobnicate\n").is_err());
    }
}
