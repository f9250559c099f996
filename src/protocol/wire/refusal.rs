//! [`Refusal`]: the text of an error line (protocol.md § 1) in its one shape,
//! `expected WHAT but got 'TOKEN'[ (WHY)][; WHAT FOLLOWED][ in 'LINE']`, parsed and formatted.
//!
//! The engine words every refusal of input this way (a command, an option value, a move, a
//! position string), and a client reads which token was refused, what was expected and why,
//! without splitting the text by hand. Each quote is at most [`QUOTED_MAX`] characters of the
//! input: a longer piece is quoted cut, with its length (`'D4D4D4…' (100 bytes)`); a reason
//! is at most [`REASON_MAX`] characters, then cut and marked `…`.
//!
//! A few error texts have another shape (`perft gave up: …`, a line cut at the error line's
//! bound): they are no refusal, and a client shows them whole.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use nom::bytes::complete::{tag, take_until};
use nom::character::complete::char;
use nom::combinator::{eof, opt};
use nom::sequence::preceded;
use nom::{IResult, Parser};

/// The most characters of one piece of input (a token, a position string, the line) an error
/// line quotes: enough to recognise it, short enough for a GUI's status line.
pub const QUOTED_MAX: usize = 80;

/// The most characters of the reason an error line gives in parentheses: reasons are the
/// engine's words, and the few that quote a piece of the input are cut there.
pub const REASON_MAX: usize = 160;

/// What follows the characters kept of a piece of input too long to quote whole.
pub(crate) const CUT_MARK: &str = "…' (";

/// A piece of input as an error line quotes it: whole (`'<text>'`), or its first
/// [`QUOTED_MAX`] characters with its length in bytes (`'<text>…' (<bytes> bytes)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quoted {
    pub text: String,
    /// The length of the whole input, when the quote is cut.
    pub bytes: Option<usize>,
}

impl Quoted {
    /// `text` quoted: whole when it has at most [`QUOTED_MAX`] characters, else cut.
    pub fn of(text: &str) -> Quoted {
        match text.char_indices().nth(QUOTED_MAX) {
            None => Quoted {
                text: text.to_string(),
                bytes: None,
            },
            Some((cut, _)) => Quoted::cut(&text[..cut], text.len()),
        }
    }

    /// The quote of a piece of input of `len` bytes of which only its start `head` is kept.
    pub fn cut(head: &str, len: usize) -> Quoted {
        let head = match head.char_indices().nth(QUOTED_MAX) {
            None => head,
            Some((cut, _)) => &head[..cut],
        };
        Quoted {
            text: head.to_string(),
            bytes: Some(len),
        }
    }
}

impl fmt::Display for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bytes {
            None => write!(f, "'{}'", self.text),
            Some(n) => write!(f, "'{}{CUT_MARK}{n} bytes)", self.text),
        }
    }
}

/// A reason as an error line gives it: whole up to [`REASON_MAX`] characters, else cut there
/// and marked `…`.
pub fn clip_reason(reason: &str) -> Cow<'_, str> {
    match reason.char_indices().nth(REASON_MAX) {
        None => Cow::Borrowed(reason),
        Some((cut, _)) => Cow::Owned(format!("{}…", &reason[..cut])),
    }
}

/// One refused input, as an error line words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What the grammar or the game expected there: `a legal move`, `an integer from 4 to 12`.
    pub expected: String,
    /// The input refused.
    pub got: Quoted,
    /// Why it was refused, where the engine says (the words in parentheses).
    pub reason: Option<String>,
    /// What the refusal did besides, after `; `: `the game is over, lost by p2` (a record's
    /// illegal move, protocol.md § 3.5).
    pub then: Option<String>,
    /// The line it came in, when the token is not the whole line.
    pub line: Option<Quoted>,
}

impl Refusal {
    /// `expected <expected> but got '<got>'`, the input quoted as [`Quoted::of`] does.
    pub fn new(expected: impl Into<String>, got: &str) -> Refusal {
        Refusal::quoting(expected, Quoted::of(got))
    }

    /// `expected <expected> but got <got>`, the input already quoted.
    pub fn quoting(expected: impl Into<String>, got: Quoted) -> Refusal {
        Refusal {
            expected: expected.into(),
            got,
            reason: None,
            then: None,
            line: None,
        }
    }

    /// The same refusal with its reason, cut as [`clip_reason`] does.
    pub fn because(mut self, reason: &str) -> Refusal {
        self.reason = Some(clip_reason(reason).into_owned());
        self
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} but got {}", self.expected, self.got)?;
        if let Some(r) = &self.reason {
            write!(f, " ({r})")?;
        }
        if let Some(t) = &self.then {
            write!(f, "; {t}")?;
        }
        if let Some(l) = &self.line {
            write!(f, " in {l}")?;
        }
        Ok(())
    }
}

/// Why a text is no refusal: it does not have the error line's one shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotARefusal(pub String);

impl fmt::Display for NotARefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected an error text 'expected … but got '…'' but got '{}'",
            self.0
        )
    }
}

impl std::error::Error for NotARefusal {}

/// Reads the text of an error line after `info string error: `.
impl FromStr for Refusal {
    type Err = NotARefusal;

    fn from_str(text: &str) -> Result<Refusal, NotARefusal> {
        refusal(text)
            .map(|(_, r)| r)
            .map_err(|_| NotARefusal(text.to_string()))
    }
}

type Res<'a, O> = IResult<&'a str, O>;

/// `"expected " WHAT " but got " quote [" (" reason ")"] ["; " then] [" in " quote] EOL`
fn refusal(i: &str) -> Res<'_, Refusal> {
    let (i, expected) = preceded(tag("expected "), take_until(" but got ")).parse(i)?;
    let (i, got) = preceded(tag(" but got "), |i| quoted(i, GOT_ENDS)).parse(i)?;
    let (i, reason) = opt(preceded(tag(" ("), reason)).parse(i)?;
    let (i, then) = opt(preceded(tag("; "), then)).parse(i)?;
    let (i, line) = opt(preceded(tag(" in "), |i| quoted(i, &[]))).parse(i)?;
    let (i, _) = eof(i)?;
    Ok((
        i,
        Refusal {
            expected: expected.to_string(),
            got,
            reason: reason.map(str::to_string),
            then: then.map(str::to_string),
            line,
        },
    ))
}

/// What may follow the refused token's quote (besides the end of the text).
const GOT_ENDS: &[&str] = &[" (", "; ", " in '"];

/// A quote: `'` text `'` or `'` text `…' (` n ` bytes)`, ending at the first closing quote
/// followed by the end of the text or one of `ends` (the input quoted may hold quotes).
fn quoted<'a>(i: &'a str, ends: &[&str]) -> Res<'a, Quoted> {
    let (body, _) = char('\'').parse(i)?;
    let closes = |rest: &str| rest.is_empty() || ends.iter().any(|e| rest.starts_with(e));
    for (k, _) in body.match_indices('\'') {
        let (head, rest) = (&body[..k], &body[k + 1..]);
        if let Some(head) = head.strip_suffix('…') {
            if let Some((n, after)) = cut_length(rest) {
                if closes(after) {
                    let q = Quoted {
                        text: head.to_string(),
                        bytes: Some(n),
                    };
                    return Ok((after, q));
                }
            }
        }
        if closes(rest) {
            let q = Quoted {
                text: head.to_string(),
                bytes: None,
            };
            return Ok((rest, q));
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Char,
    )))
}

/// ` (<n> bytes)` after a cut quote: `n`, and what follows.
fn cut_length(rest: &str) -> Option<(usize, &str)> {
    let digits = rest.strip_prefix(" (")?;
    let end = digits.find(" bytes)")?;
    let n = crate::game::parse_decimal(&digits[..end])?;
    Some((usize::try_from(n).ok()?, &digits[end + " bytes)".len()..]))
}

/// The reason's words up to the parenthesis that closes the one before them (a reason may
/// hold parentheses of its own), that one read too.
fn reason(i: &str) -> Res<'_, &str> {
    let mut depth = 0usize;
    for (k, c) in i.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Ok((&i[k + 1..], &i[..k])),
            ')' => depth -= 1,
            _ => {}
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Char,
    )))
}

/// What followed the refusal: the words up to the line's quote or the end of the text.
fn then(i: &str) -> Res<'_, &str> {
    let end = i.find(" in '").unwrap_or(i.len());
    if end == 0 {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::TakeUntil,
        )));
    }
    Ok((&i[end..], &i[..end]))
}
