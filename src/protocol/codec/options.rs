//! The `option` lines of the `ugi` reply (protocol.md § 3.2) and what a `setoption` value
//! must be for them: one declaration type for the engine, the sparring partner and every
//! client.

use std::fmt;

use nom::Parser;

use super::lex::{arg, fail, int, tokens_until, word, Res};
use super::MessageError;

/// An option's type, default and bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of a few words (`var`s).
    Combo { default: String, vars: Vec<String> },
    /// A whole number within bounds, both included; other engines' bounds may be below zero
    /// (`min -100`).
    Spin { default: i64, min: i64, max: i64 },
    /// `true` or `false`.
    Check { default: bool },
    /// Free text, possibly empty (UCI's `string`, which other engines announce; this engine
    /// announces none).
    Text { default: String },
    /// An action without a value (UCI's `button`, which other engines announce; this engine
    /// announces none).
    Button,
}

/// `option name <name> type <type> default <default> …`: one option an engine offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    /// The option's name (may be several words, never the word `type`).
    pub name: String,
    pub kind: OptionKind,
}

/// A `setoption` value accepted by an option's declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A combo's value, as the declaration spells it.
    Combo(String),
    Spin(i64),
    Check(bool),
    /// A text option's value, as given.
    Text(String),
    /// A button's press: `setoption name <name>` with no value.
    Press,
}

impl OptionDecl {
    pub fn combo(name: &str, default: &str, vars: &[&str]) -> OptionDecl {
        OptionDecl {
            name: name.to_string(),
            kind: OptionKind::Combo {
                default: default.to_string(),
                vars: vars.iter().map(|v| v.to_string()).collect(),
            },
        }
    }

    pub fn spin(name: &str, default: i64, min: i64, max: i64) -> OptionDecl {
        OptionDecl {
            name: name.to_string(),
            kind: OptionKind::Spin { default, min, max },
        }
    }

    pub fn check(name: &str, default: bool) -> OptionDecl {
        OptionDecl {
            name: name.to_string(),
            kind: OptionKind::Check { default },
        }
    }

    /// The value `text` gives this option, as the engine reads a `setoption` (§ 3.2): combo
    /// words and `true`/`false` without regard to case, a spin as a strict decimal number
    /// (`-` before it below zero, never `-0`) within its bounds. The error names what was expected, in the engine's words.
    pub fn value_of(&self, text: &str) -> Result<OptionValue, MessageError> {
        let refuse = |expected: String| MessageError {
            expected,
            got: text.to_string(),
        };
        match &self.kind {
            OptionKind::Combo { vars, .. } => vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(text))
                .map(|v| OptionValue::Combo(v.clone()))
                .ok_or_else(|| refuse(format!("one of {}", vars.join(", ")))),
            OptionKind::Spin { min, max, .. } => super::lex::parse_signed(text)
                .filter(|n| (min..=max).contains(&n))
                .map(OptionValue::Spin)
                .ok_or_else(|| refuse(format!("an integer from {min} to {max}"))),
            OptionKind::Check { .. } => ["true", "false"]
                .iter()
                .position(|b| b.eq_ignore_ascii_case(text))
                .map(|k| OptionValue::Check(k == 0))
                .ok_or_else(|| refuse("true or false".to_string())),
            OptionKind::Text { .. } => Ok(OptionValue::Text(text.to_string())),
            OptionKind::Button if text.is_empty() => Ok(OptionValue::Press),
            OptionKind::Button => Err(refuse("no value (a button)".to_string())),
        }
    }
}

impl fmt::Display for OptionDecl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                for v in vars {
                    write!(f, " var {v}")?;
                }
                Ok(())
            }
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Text { default } if default.is_empty() => f.write_str("string default"),
            OptionKind::Text { default } => write!(f, "string default {default}"),
            OptionKind::Button => f.write_str("button"),
        }
    }
}

/// `SP "name" 1*(SP name-word) SP "type" SP option-type` (after "option"), where
/// `option-type = "combo" SP "default" SP word *(SP "var" SP word)
///              | "spin" SP "default" SP int SP "min" SP int SP "max" SP int
///              | "check" SP "default" SP ("true" | "false")
///              | "string" SP "default" *(SP token)
///              | "button"`
pub(super) fn option(i: &str) -> Res<'_, OptionDecl> {
    const TYPES: &str = "combo, spin, check, string or button";
    let (r, _) = word("name").parse(i)?;
    let (r, name) = tokens_until(&["type"]).parse(r)?;
    if name.is_empty() {
        return fail(r, "an option name");
    }
    let (r, _) = word("type").parse(r)?;
    let (r2, kind) = arg(TYPES).parse(r)?;
    if kind == "button" {
        let decl = OptionDecl {
            name: name.join(" "),
            kind: OptionKind::Button,
        };
        return Ok((r2, decl));
    }
    let (r2, _) = word("default").parse(r2)?;
    let (rest, kind) = match kind {
        "string" => {
            let (r3, words) = tokens_until(&[]).parse(r2)?;
            let default = words.join(" ");
            (r3, OptionKind::Text { default })
        }
        "combo" => {
            let (r3, default) = arg("a default value").parse(r2)?;
            let (r3, more) = tokens_until(&[]).parse(r3)?;
            if more.len() % 2 != 0 || more.chunks(2).any(|c| c[0] != "var") {
                return fail(r3, "var <value> pairs");
            }
            let vars = more.chunks(2).map(|c| c[1].to_string()).collect();
            (
                r3,
                OptionKind::Combo {
                    default: default.to_string(),
                    vars,
                },
            )
        }
        "spin" => {
            let (r3, default) = int(i64::MIN, i64::MAX, "a default number").parse(r2)?;
            let (r3, _) = word("min").parse(r3)?;
            let (r3, min) = int(i64::MIN, i64::MAX, "a least number").parse(r3)?;
            let (r3, _) = word("max").parse(r3)?;
            let (r3, max) = int(i64::MIN, i64::MAX, "a largest number").parse(r3)?;
            (r3, OptionKind::Spin { default, min, max })
        }
        "check" => {
            let (r3, d) = arg("true or false").parse(r2)?;
            let default = match d {
                "true" => true,
                "false" => false,
                _ => return fail(r2, "true or false"),
            };
            (r3, OptionKind::Check { default })
        }
        _ => return fail(r, TYPES),
    };
    Ok((
        rest,
        OptionDecl {
            name: name.join(" "),
            kind,
        },
    ))
}
