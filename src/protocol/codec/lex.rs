//! The nom pieces the message grammar is built from, crate-internal. The engine writes its
//! lines in one spelling only, so the message grammar is strict where the command grammar
//! (`parse/grammar.rs`) is forgiving: tokens are separated by exactly one space, and a line
//! has no leading or trailing space. That strictness is what makes `format ∘ parse` the
//! identity on every line the engine writes.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::char;
use nom::combinator::{eof, peek, value, verify};
use nom::multi::many0;
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

use super::MessageError;

/// A parse error, where it happened and what was expected there: the command grammar's own,
/// with its [`expect`] and [`token`], which both grammars share.
pub(crate) use crate::protocol::parse::grammar::{expect, token, PErr as Miss};

pub(crate) type Res<'a, O> = IResult<&'a str, O, Miss<'a>>;

/// A failure (a known message with bad arguments) expecting `what` at `at`.
pub(crate) fn miss<'a>(at: &'a str, what: &'static str) -> nom::Err<Miss<'a>> {
    nom::Err::Failure(Miss {
        at: at.trim_start_matches(' '),
        expected: Some(what),
    })
}

/// [`miss`] as a parse result.
pub(crate) fn fail<'a, O>(at: &'a str, what: &'static str) -> Res<'a, O> {
    Err(miss(at, what))
}

/// `r`, or, when no alternative matched at `at` (a plain error), a failure expecting `what`
/// there; a failure inside an alternative stands.
pub(crate) fn or_fail<'a, O>(r: Res<'a, O>, at: &'a str, what: &'static str) -> Res<'a, O> {
    match r {
        Err(nom::Err::Error(_)) => fail(at, what),
        other => other,
    }
}

/// `keyword = <the word> followed by " " or the end of the line`
pub(crate) fn kw<'a>(
    word: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = Miss<'a>> {
    terminated(tag(word), peek(alt((tag(" "), eof))))
}

/// `SP token`: the next token after its one separating space.
pub(crate) fn arg<'a>(
    what: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = Miss<'a>> {
    expect(what, preceded(char(' '), token))
}

/// `SP word`: the next token, which must be `word`.
pub(crate) fn word<'a>(
    w: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = Miss<'a>> {
    expect(w, preceded(char(' '), kw(w)))
}

/// `SP uint`: a strict decimal number (protocol.md § 2: no sign, no leading zero) up to `max`.
pub(crate) fn uint<'a>(
    max: u64,
    what: &'static str,
) -> impl Parser<&'a str, Output = u64, Error = Miss<'a>> {
    move |i: &'a str| {
        let (rest, tok) = arg(what).parse(i)?;
        match crate::game::parse_decimal(tok) {
            Some(n) if n <= max => Ok((rest, n)),
            _ => fail(i, what),
        }
    }
}

/// `SP uint` up to `u64::MAX`.
pub(crate) fn u64_arg<'a>(
    what: &'static str,
) -> impl Parser<&'a str, Output = u64, Error = Miss<'a>> {
    uint(u64::MAX, what)
}

/// `SP uint32`.
pub(crate) fn u32_arg<'a>(
    what: &'static str,
) -> impl Parser<&'a str, Output = u32, Error = Miss<'a>> {
    move |i: &'a str| {
        let (rest, n) = uint(u32::MAX.into(), what).parse(i)?;
        Ok((rest, n as u32))
    }
}

/// A strict signed decimal number: a number in its one spelling (no leading zero), after a
/// `-` when below zero (never `-0`).
pub(crate) fn parse_signed(text: &str) -> Option<i64> {
    match text.strip_prefix('-') {
        Some(digits) => crate::game::parse_decimal(digits)
            .filter(|&n| n != 0)
            .and_then(|n| 0i64.checked_sub_unsigned(n)),
        None => crate::game::parse_decimal(text).and_then(|n| i64::try_from(n).ok()),
    }
}

/// `SP int`: a strict signed decimal number ([`parse_signed`]) from `min` to `max`.
pub(crate) fn int<'a>(
    min: i64,
    max: i64,
    what: &'static str,
) -> impl Parser<&'a str, Output = i64, Error = Miss<'a>> {
    move |i: &'a str| {
        let (rest, tok) = arg(what).parse(i)?;
        match parse_signed(tok) {
            Some(n) if (min..=max).contains(&n) => Ok((rest, n)),
            _ => fail(i, what),
        }
    }
}

/// `SP text`: the rest of the line after one space, kept as it is; never empty.
pub(crate) fn text<'a>(
    what: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = Miss<'a>> {
    expect(what, preceded(char(' '), take_till1(|_: char| false)))
}

/// `*(SP token)` where no token is one of `stops`: the tokens up to the next of those words.
pub(crate) fn tokens_until<'a>(
    stops: &'static [&'static str],
) -> impl Parser<&'a str, Output = Vec<&'a str>, Error = Miss<'a>> {
    many0(preceded(
        char(' '),
        verify(token, move |t: &str| !stops.contains(&t)),
    ))
}

/// The end of the line.
pub(crate) fn end(i: &str) -> Res<'_, ()> {
    expect("end of line", value((), eof)).parse(i)
}

/// `SP n *(SP item)`: a count, then exactly that many items to the end of the line.
pub(crate) fn counted(i: &str) -> Res<'_, Vec<&str>> {
    let (rest, n) = u64_arg("a count").parse(i)?;
    let (rest, items) = tokens_until(&[]).parse(rest)?;
    if items.len() as u64 != n {
        return fail(i, "a count equal to the number of items after it");
    }
    Ok((rest, items))
}

/// Runs a whole-line parser: its value, or the error naming what was expected and the token
/// that came (`end of line` at the end).
pub(crate) fn run<'a, O>(
    line: &'a str,
    unknown: &'static str,
    mut p: impl Parser<&'a str, Output = O, Error = Miss<'a>>,
) -> Result<O, MessageError> {
    match p.parse(line) {
        Ok((_, v)) => Ok(v),
        Err(nom::Err::Error(_)) => Err(MessageError {
            expected: unknown.to_string(),
            got: line.split(' ').next().unwrap_or("").to_string(),
        }),
        Err(nom::Err::Failure(e)) => Err(MessageError {
            expected: e.expected.unwrap_or("valid arguments").to_string(),
            got: if e.at.is_empty() {
                "end of line".to_string()
            } else {
                e.at.split(' ').next().unwrap_or(e.at).to_string()
            },
        }),
        Err(nom::Err::Incomplete(_)) => Err(MessageError {
            expected: "a complete line".to_string(),
            got: line.to_string(),
        }),
    }
}
