//! Reading input lines with bounded memory (protocol.md § 1): an overlong line is consumed and
//! dropped past its limit, so whatever a client sends, the engine holds at most the limit.
//! The engine's command loop and the sparring partner read their input through it.

use std::io::BufRead;

/// How one bounded read ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadEnd {
    /// A whole line (possibly the last one, without its `\n`) is in the buffer.
    Whole,
    /// The line had this many bytes, more than the limit: the buffer holds its start only, the
    /// rest was read and dropped.
    TooLong(usize),
    /// The end of the input, nothing read.
    End,
}

/// Reads one line into `buf`, keeping at most `limit` bytes of it (the rest of an overlong line
/// is consumed and dropped, so memory stays bounded whatever the input).
pub fn read_line_bounded(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<ReadEnd> {
    let mut total = 0usize;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(if total == 0 {
                ReadEnd::End
            } else if total > limit {
                ReadEnd::TooLong(total)
            } else {
                ReadEnd::Whole
            });
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
            // The `\n` itself does not count.
            let len = total - 1;
            return Ok(if len > limit {
                ReadEnd::TooLong(len)
            } else {
                ReadEnd::Whole
            });
        }
    }
}
