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

/// Reads a PGN text, game by game, in sections (a new one at every `% match` escape line).
pub fn read(text: &str) -> Vec<Section> {
    let mut sections = vec![Section::default()];
    let mut game: Option<PgnGame> = None;
    let mut movetext = String::new();
    let mut in_movetext = false;
    let mut in_comment = false;
    let finish =
        |game: &mut Option<PgnGame>, movetext: &mut String, sections: &mut Vec<Section>| {
            if let Some(mut g) = game.take() {
                read_movetext(movetext, &mut g);
                sections.last_mut().expect("a section").games.push(g);
            }
            movetext.clear();
        };
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        let lineno = n + 1;
        if in_comment {
            movetext.push_str(line);
            movetext.push('\n');
            in_comment = comment_open_after(line, true);
            continue;
        }
        if line.starts_with('%') {
            if let Some(h) = line.strip_prefix("% match ") {
                finish(&mut game, &mut movetext, &mut sections);
                in_movetext = false;
                sections.push(Section {
                    header: Some((lineno, h.to_string())),
                    games: Vec::new(),
                });
            }
            continue;
        }
        if line.trim().is_empty() {
            if game.is_some() && !movetext.trim().is_empty() {
                in_movetext = true;
            }
            continue;
        }
        if line.trim_start().starts_with('[') {
            if in_movetext || game.is_none() || !movetext.trim().is_empty() {
                finish(&mut game, &mut movetext, &mut sections);
                in_movetext = false;
                game = Some(PgnGame {
                    line: lineno,
                    ..Default::default()
                });
            }
            let g = game.as_mut().expect("a game");
            match parse_tag(line) {
                Some(t) => g.tags.push(t),
                None => {
                    g.error.get_or_insert_with(|| {
                        format!("line {lineno}: expected a [Tag \"value\"] line")
                    });
                }
            }
            continue;
        }
        // Movetext.
        if game.is_none() {
            game = Some(PgnGame {
                line: lineno,
                ..Default::default()
            });
        }
        movetext.push_str(line);
        movetext.push('\n');
        in_comment = comment_open_after(line, false);
        if RESULTS
            .iter()
            .any(|r| line.split_whitespace().last() == Some(r))
            && !in_comment
        {
            in_movetext = true;
        }
    }
    finish(&mut game, &mut movetext, &mut sections);
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
