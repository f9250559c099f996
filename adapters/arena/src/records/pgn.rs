//! PGN as text, for any game file: tag pairs, movetext, comments and `%` escape lines, read
//! game by game so that one bad game does not hide the others.
//!
//! The reader takes what PGN writers write: tags in `[Key "value"]` lines, movetext on the lines
//! after them (a blank line between is usual, not required: the web GUI's export has none),
//! move numbers (`12.`, `12...`, also glued to the move, `12.D4D5`), `{…}` comments over several
//! lines, `;` comments to the end of the line, NAGs (`$3`), variations in parentheses (skipped),
//! and a result token (`1-0`, `0-1`, `1/2-1/2`, `*`) at the end. A line starting with `%` is an
//! escape line; `% match {…}` lines start a section of an arena records file (see
//! `records`).

use std::fmt::Write as _;

/// One move of a movetext and the comment after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    pub token: String,
    pub comment: Option<String>,
}

/// One game as read: where it starts, its tags, moves and result token, and what in its text
/// could not be read (the game is then reported, the reader goes on).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// 1-based line of its first tag (or first movetext line).
    pub line: usize,
    /// The byte where that line starts.
    pub offset: u64,
    pub tags: Vec<(String, String)>,
    pub moves: Vec<PgnMove>,
    /// The result token that ends the movetext, if any.
    pub end: Option<String>,
    /// The first move is numbered `N...`: the second player moves first.
    pub starts_with_second: bool,
    /// What could not be read, with its line.
    pub error: Option<String>,
}

impl PgnGame {
    /// The value of tag `key`, if the game has it.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The `%` line that starts a section, and the games after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Section {
    /// The escape line's text after `% match `, and its line; `None` before any.
    pub header: Option<(usize, String)>,
    pub games: Vec<PgnGame>,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Escapes a tag value: `\` and `"` get a backslash, line breaks become spaces.
pub fn escape(v: &str) -> String {
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

/// Appends a `[Key "value"]` line.
pub fn tag(out: &mut String, key: &str, value: &str) {
    let _ = writeln!(out, "[{key} \"{}\"]", escape(value));
}

/// Parses a `[Key "value"]` line.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    (!key.is_empty()).then(|| (key.to_string(), unescape(value)))
}

/// Words joined by spaces in lines of at most 79 characters (PGN's export limit is 80).
pub fn wrap(words: &[String]) -> String {
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

/// Reads a movetext into `game`: moves with their comments, the first move's numbering, the
/// result token.
fn read_movetext(text: &str, game: &mut PgnGame) {
    let mut rest = text;
    let mut depth = 0usize; // variations
    let mut seen_move_number = false;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
            continue;
        }
        if c == '{' {
            let Some(end) = rest.find('}') else {
                game.error
                    .get_or_insert_with(|| "a comment without its closing '}'".into());
                return;
            };
            let comment = rest[1..end].trim().to_string();
            if depth == 0 {
                match game.moves.last_mut() {
                    Some(m) if m.comment.is_none() => m.comment = Some(comment),
                    Some(m) => {
                        let joined = format!("{} {comment}", m.comment.take().unwrap_or_default());
                        m.comment = Some(joined);
                    }
                    None => {} // a comment before the first move: about the game
                }
            }
            rest = &rest[end + 1..];
            continue;
        }
        if c == ';' {
            rest = rest.find('\n').map_or("", |n| &rest[n..]);
            continue;
        }
        if c == '(' || c == ')' {
            if c == '(' {
                depth += 1;
            } else {
                depth = depth.saturating_sub(1);
            }
            rest = &rest[1..];
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || matches!(c, '{' | '(' | ')' | ';'))
            .unwrap_or(rest.len());
        let mut word = &rest[..end];
        rest = &rest[end..];
        if depth > 0 || word.starts_with('$') {
            continue;
        }
        if RESULTS.contains(&word) {
            game.end = Some(word.to_string());
            continue;
        }
        // A move number, alone (`12.`, `12...`) or glued to its move (`12.D4D5`).
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            if !seen_move_number && game.moves.is_empty() && dots >= 3 {
                game.starts_with_second = true;
            }
            seen_move_number = true;
            word = &word[digits + dots..];
            if word.is_empty() {
                continue;
            }
        }
        if game.end.is_some() {
            game.error
                .get_or_insert_with(|| format!("a move ({word}) after the result token"));
            continue;
        }
        game.moves.push(PgnMove {
            token: word.to_string(),
            comment: None,
        });
    }
}

/// Whether a `{…}` comment is still open at the end of `line`, given whether one was open at
/// its start.
fn comment_open_after(line: &str, mut open: bool) -> bool {
    for c in line.chars() {
        match c {
            '{' if !open => open = true,
            '}' if open => open = false,
            _ => {}
        }
    }
    open
}

/// What a PGN text holds, in order: the `% match` escape lines that start sections, and games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A `% match …` line: its number and its text after `% match `.
    Header(usize, String),
    Game(PgnGame),
}

/// Reads a PGN text line by line and hands out each game once it is whole: it keeps one game at
/// a time, so a file of any length is read in the memory of its longest game.
#[derive(Default)]
struct LineReader {
    game: Option<PgnGame>,
    movetext: String,
    in_movetext: bool,
    in_comment: bool,
    ready: std::collections::VecDeque<Item>,
}

impl LineReader {
    fn finish(&mut self) {
        if let Some(mut g) = self.game.take() {
            read_movetext(&self.movetext, &mut g);
            self.ready.push_back(Item::Game(g));
        }
        self.movetext.clear();
    }

    fn start(&mut self, lineno: usize, offset: u64) {
        self.game = Some(PgnGame {
            line: lineno,
            offset,
            ..Default::default()
        });
    }

    /// Takes line `lineno` (without its line break), which starts at byte `offset`.
    fn line(&mut self, raw: &str, lineno: usize, offset: u64) {
        let line = raw.trim_end_matches('\r');
        if self.in_comment {
            self.movetext.push_str(line);
            self.movetext.push('\n');
            self.in_comment = comment_open_after(line, true);
            return;
        }
        if line.starts_with('%') {
            if let Some(h) = line.strip_prefix("% match ") {
                self.finish();
                self.in_movetext = false;
                self.ready.push_back(Item::Header(lineno, h.to_string()));
            }
            return;
        }
        if line.trim().is_empty() {
            if self.game.is_some() && !self.movetext.trim().is_empty() {
                self.in_movetext = true;
            }
            return;
        }
        if line.trim_start().starts_with('[') {
            if self.in_movetext || self.game.is_none() || !self.movetext.trim().is_empty() {
                self.finish();
                self.in_movetext = false;
                self.start(lineno, offset);
            }
            let g = self.game.as_mut().expect("a game");
            match parse_tag(line) {
                Some(t) => g.tags.push(t),
                None => {
                    g.error.get_or_insert_with(|| {
                        format!("line {lineno}: expected a [Tag \"value\"] line")
                    });
                }
            }
            return;
        }
        // Movetext.
        if self.game.is_none() {
            self.start(lineno, offset);
        }
        self.movetext.push_str(line);
        self.movetext.push('\n');
        self.in_comment = comment_open_after(line, false);
        if RESULTS
            .iter()
            .any(|r| line.split_whitespace().last() == Some(r))
            && !self.in_comment
        {
            self.in_movetext = true;
        }
    }
}

/// The longest line [`Items`] reads: a records file's `% match` line holds every opening of the
/// match, some megabytes for the longest matches; a longer line is not PGN.
pub const MAX_LINE: usize = 256 << 20;

/// The items of a PGN stream, read line by line in the memory of one game (and of one line, at
/// most [`MAX_LINE`] bytes). After the last item, [`Items::end`] is the stream's length.
pub struct Items<R> {
    input: R,
    reader: LineReader,
    lineno: usize,
    /// Bytes read so far.
    pub end: u64,
    buf: Vec<u8>,
    done: bool,
}

impl<R: std::io::BufRead> Items<R> {
    pub fn new(input: R) -> Self {
        Items {
            input,
            reader: LineReader::default(),
            lineno: 0,
            end: 0,
            buf: Vec::new(),
            done: false,
        }
    }
}

impl<R: std::io::BufRead> Iterator for Items<R> {
    /// An item, or why the stream cannot be read on (after which there is none).
    type Item = Result<Item, String>;

    fn next(&mut self) -> Option<Self::Item> {
        use std::io::{BufRead as _, Read as _};
        loop {
            if let Some(item) = self.reader.ready.pop_front() {
                return Some(Ok(item));
            }
            if self.done {
                return None;
            }
            self.buf.clear();
            let limit = MAX_LINE as u64 + 1;
            let n = match (&mut self.input)
                .take(limit)
                .read_until(b'\n', &mut self.buf)
            {
                Ok(n) => n,
                Err(e) => {
                    self.done = true;
                    return Some(Err(format!("line {}: {e}", self.lineno + 1)));
                }
            };
            if n == 0 {
                self.done = true;
                self.reader.finish();
                continue;
            }
            self.lineno += 1;
            if self.buf.last() != Some(&b'\n') && n as u64 >= limit {
                self.done = true;
                return Some(Err(format!(
                    "line {} is longer than {} MiB: not a PGN text",
                    self.lineno,
                    MAX_LINE >> 20
                )));
            }
            let offset = self.end;
            self.end += n as u64;
            let text = String::from_utf8_lossy(&self.buf);
            let line = text.strip_suffix('\n').unwrap_or(&text).to_string();
            self.reader.line(&line, self.lineno, offset);
        }
    }
}

/// Reads a PGN text, game by game, in sections (a new one at every `% match` escape line).
pub fn read(text: &str) -> Vec<Section> {
    let mut sections = vec![Section::default()];
    for item in Items::new(text.as_bytes()) {
        match item.expect("a text in memory reads") {
            Item::Header(line, h) => sections.push(Section {
                header: Some((line, h)),
                games: Vec::new(),
            }),
            Item::Game(g) => sections.last_mut().expect("a section").games.push(g),
        }
    }
    if sections[0].header.is_none() && sections[0].games.is_empty() && sections.len() > 1 {
        sections.remove(0);
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_pgn_writers_write() {
        let text = "% a file\n[Event \"a \\\"b\\\"\"]\n[Result \"1-0\"]\n\n\
                    1. D4D5 {0.5/3\n 0.012s} 1... c5-b4 $1 (1... x) ; a remark\n2.E4E5 1-0\n\
                    [Game \"guerrilla\"]\n[Plies \"2\"]\nA1 B2\n\n\
                    [Result \"*\"]\n\n1... c5-b4 {oops *\n";
        let s = read(text);
        assert_eq!(s.len(), 1);
        let g = &s[0].games;
        assert_eq!(g.len(), 3, "{g:?}");
        assert_eq!(g[0].tag("Event"), Some("a \"b\""));
        assert_eq!(
            g[0].moves
                .iter()
                .map(|m| m.token.as_str())
                .collect::<Vec<_>>(),
            ["D4D5", "c5-b4", "E4E5"]
        );
        assert_eq!(g[0].moves[0].comment.as_deref(), Some("0.5/3\n 0.012s"));
        assert_eq!(g[0].end.as_deref(), Some("1-0"));
        assert!(g[0].error.is_none() && !g[0].starts_with_second);
        assert_eq!(g[1].line, 8);
        assert_eq!(g[1].moves.len(), 2);
        assert_eq!(g[1].end, None);
        assert!(g[2].starts_with_second);
        assert!(g[2].error.as_deref().unwrap().contains("closing"));
    }

    #[test]
    fn sections_start_at_match_lines() {
        let text = "% guerrilla-arena records 3\n% match {\"a\":1}\n\n[Round \"1\"]\n\n1. x *\n\n\
                    % match {\"a\":2}\n\n[Round \"1\"]\n\n1. y *\n";
        let s = read(text);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].header, Some((2, "{\"a\":1}".to_string())));
        assert_eq!(s[1].games[0].moves[0].token, "y");
        let bad = read("[Event \"x\"\n1. a *\n");
        assert!(bad[0].games[0].error.is_some());
    }
}
