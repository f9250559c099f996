//! The handshake and the help (protocol.md § 3.1–3.3, § 4.9): `ugi`'s identification and
//! `option` lines, `setoption`'s errors, `readyok`, the help text.

use std::fmt;

use super::Refusal;
use crate::protocol::options::OptionError;

/// The engine's name, as `ugi` gives it.
pub const ENGINE_NAME: &str = "guerrilla";

/// The engine's authors, as `ugi` gives them.
pub const ENGINE_AUTHOR: &str = "the guerrilla developers";

/// The answer to `isready`.
pub const READYOK: &str = "readyok";

/// An option's type and bounds, as the `option` line of the `ugi` reply writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionType {
    /// One of a few words (`var`s).
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
    /// A whole number within bounds, both included.
    Spin { default: u64, min: u64, max: u64 },
    /// `true` or `false`.
    Check { default: bool },
}

/// `option name <name> type <type> default <default> …` (protocol.md § 3.2).
pub fn option_line(name: &str, kind: &OptionType) -> String {
    match kind {
        OptionType::Combo { default, vars } => {
            let mut s = format!("option name {name} type combo default {default}");
            for v in *vars {
                s.push_str(" var ");
                s.push_str(v);
            }
            s
        }
        OptionType::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionType::Check { default } => {
            format!("option name {name} type check default {default}")
        }
    }
}

/// The answer to `ugi` (protocol.md § 3.1): `id name`, `id author`, the `option` lines given,
/// `ugiok`.
pub fn ugi_lines(options: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut lines = vec![
        format!("id name {ENGINE_NAME}"),
        format!("id author {ENGINE_AUTHOR}"),
    ];
    lines.extend(options);
    lines.push("ugiok".to_string());
    lines
}

/// Why `setoption` refused a line: `expected <what> but got '<what came>'`.
impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownName { got, names } => {
                Refusal::new(format!("an option name ({})", names.join(", ")), got)
            }
            OptionError::NoValue { name } => Refusal::new(
                "'value <value>' after the option name",
                &format!("setoption name {name}"),
            ),
            OptionError::NotInCombo { vars, got } => {
                Refusal::new(format!("one of {}", vars.join(", ")), got)
            }
            OptionError::OutOfRange { min, max, got } => {
                Refusal::new(format!("an integer from {min} to {max}"), got)
            }
            OptionError::NotABool { got } => Refusal::new("true or false", got),
        }
        .fmt(f)
    }
}

/// The answer to `help`: the commands and their syntax, one a line.
pub const HELP: &[&str] = &[
    "commands (see protocol.md):",
    "  ugi | isready | uginewgame | quit | stop",
    "  setoption name <name> value <value>",
    "  position startpos|fen <string> [moves <move>...]",
    "  go [p1time <ms>] [p2time <ms>] [p1inc <ms>] [p2inc <ms>] [movetime <ms>] [depth <n>] [nodes <n>] [infinite] [ponder] [searchmoves <move>...]",
    "  ponderhit",
    "  query gameover|p1turn|result",
    "  legal [steps|turns] | play <move> | expand <move> | step <step> | undo [step] | history",
    "  show | describe | geometry | about | perft <depth> | bench | help",
];

/// The answer to `help`, as lines.
pub fn help_lines() -> Vec<String> {
    HELP.iter().map(|s| s.to_string()).collect()
}
