//! The protocol layer: the only code that turns values into wire text (protocol.md).
pub mod parse;
pub use parse::{clean_line, Command, CommandError, GoArgs, Query, Start};
