//! Reading command lines: bounded in length (memory stays bounded whatever the input) and
//! cleaned as protocol.md § 1 says (a trailing `\r` dropped, whitespace made spaces, other
//! control characters removed, the ends trimmed, invalid UTF-8 made `�`).

use std::io::BufRead;

use guerrilla::protocol::input::{read_line_bounded, ReadEnd};
use guerrilla::protocol::parse::clean_line;

/// The longest line kept, in bytes (its `\n` not counted), as in protocol.md § 1.
pub const MAX_LINE: usize = 16 << 20;
/// How many characters of an overlong line its error line quotes (as the engine's).
const QUOTED: usize = guerrilla::protocol::wire::QUOTED_MAX;

/// One line read.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// A line (cleaned; `None` when nothing is left of it).
    Line(Option<String>),
    /// A line longer than the limit: its start (cleaned) and its length in bytes.
    TooLong(String, usize),
    /// The end of the input.
    End,
}

/// The cleaned form of a raw line, `None` when it is left empty (the engine's own cleaning).
pub fn clean(raw: &str) -> Option<String> {
    clean_line(raw)
}

/// Reads one line, keeping at most `limit` bytes of it; the rest of an overlong line is read
/// and dropped (the engine's own bounded read).
pub fn read_line(input: &mut impl BufRead, limit: usize) -> std::io::Result<Read> {
    let mut buf = Vec::new();
    let end = read_line_bounded(input, &mut buf, limit)?;
    if buf.last() == Some(&b'\n') {
        buf.pop();
    }
    let text = String::from_utf8_lossy(&buf);
    Ok(match end {
        ReadEnd::End => Read::End,
        ReadEnd::Whole => Read::Line(clean(&text)),
        ReadEnd::TooLong(len) => {
            let start: String = text.chars().take(QUOTED).collect();
            Read::TooLong(clean(&start).unwrap_or_default(), len)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleaning() {
        assert_eq!(clean("  go\tnodes 5\r"), Some("go nodes 5".into()));
        assert_eq!(clean("\r"), None);
        assert_eq!(clean("is\u{7}ready"), Some("isready".into()));
    }

    #[test]
    fn bounded_lines() {
        let mut input = std::io::Cursor::new(b"isready\r\nxxxxxxxxxx\nlast".to_vec());
        assert_eq!(
            read_line(&mut input, 8).unwrap(),
            Read::Line(Some("isready".into()))
        );
        assert_eq!(
            read_line(&mut input, 8).unwrap(),
            Read::TooLong("xxxxxxxxx".into(), 10)
        );
        assert_eq!(
            read_line(&mut input, 8).unwrap(),
            Read::Line(Some("last".into()))
        );
        assert_eq!(read_line(&mut input, 8).unwrap(), Read::End);
    }
}
