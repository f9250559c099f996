//! Reading command lines: bounded in length (memory stays bounded whatever the input) and
//! cleaned as protocol.md § 1 says (a trailing `\r` dropped, whitespace made spaces, other
//! control characters removed, the ends trimmed, invalid UTF-8 made `�`).

use std::io::BufRead;

/// The longest line kept, in bytes (its `\n` not counted), as in protocol.md § 1.
pub const MAX_LINE: usize = 16 << 20;
/// How many characters of an overlong line its error line quotes.
const QUOTED: usize = 40;

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

/// The cleaned form of a raw line, `None` when it is left empty.
pub fn clean(raw: &str) -> Option<String> {
    let cleaned: String = raw
        .chars()
        .filter_map(|c| {
            if c.is_whitespace() {
                Some(' ')
            } else if c.is_control() {
                None
            } else {
                Some(c)
            }
        })
        .collect();
    let trimmed = cleaned.trim_matches(' ');
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// Reads one line, keeping at most `limit` bytes of it; the rest of an overlong line is read
/// and dropped.
pub fn read_line(input: &mut impl BufRead, limit: usize) -> std::io::Result<Read> {
    let mut buf = Vec::new();
    let mut total = 0usize;
    let mut ended = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            if total == 0 {
                return Ok(Read::End);
            }
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = (limit + 1).saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        total += take;
        input.consume(take);
        if done {
            ended = true;
            break;
        }
    }
    let len = if ended { total - 1 } else { total };
    if buf.last() == Some(&b'\n') {
        buf.pop();
    }
    let text = String::from_utf8_lossy(&buf).into_owned();
    if len > limit {
        let start: String = text.chars().take(QUOTED).collect();
        return Ok(Read::TooLong(clean(&start).unwrap_or_default(), len));
    }
    Ok(Read::Line(clean(&text)))
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
