//! The protocol layer (protocol.md): the only code that turns values into wire text.
//!
//! * [`parse`] — the command grammar (nom inside; `FromStr`/`Display` outside);
//! * [`options`] — the option table (`ugi` reply and `setoption`);
//! * [`session`] — the command loop and one game's session over the engine facade;
//! * [`input`] — input lines read with bounded memory;
//! * [`wire`] — the protocol's words and lines, read and written in one place;
//! * [`output`] — the single locked writer.

pub mod codec;
pub mod input;
pub mod options;
pub mod output;
pub mod parse;
pub mod session;
#[cfg(test)]
mod tests;
pub mod wire;

pub use output::Output;
pub use parse::{clean_line, Command, CommandError, GoArgs, LegalWhat, Query, Start};
pub use session::Protocol;

/// Runs the protocol on stdin/stdout until `quit` or the end of input; with `test_games`, the
/// `Game` option offers the test game too (`guerrilla --test-games`).
pub fn run_stdio(test_games: bool) -> Result<(), String> {
    let mut p = Protocol::new(Output::stdout(), test_games)?;
    let stdin = std::io::stdin();
    if std::io::IsTerminal::is_terminal(&stdin) {
        // A person at a terminal sees no prompt: one hint, on stderr (stdout is the protocol).
        eprintln!("guerrilla: type a command (help lists them, quit leaves)");
    }
    p.run(stdin.lock());
    Ok(())
}
