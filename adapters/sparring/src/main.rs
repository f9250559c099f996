//! `guerrilla-sparring`: reads UGI commands on stdin, one a line, and answers on stdout (see
//! `adapters/sparring/README.md`). Logs go to stderr (`RUST_LOG=debug` shows every choice).

use std::io;

use guerrilla_sparring::lines::{read_line, Read, MAX_LINE};
use guerrilla_sparring::session::Session;

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut session = Session::new(io::stdout());
    loop {
        match read_line(&mut input, MAX_LINE) {
            Ok(Read::Line(Some(line))) => {
                if !session.handle(&line) {
                    break;
                }
            }
            Ok(Read::Line(None)) => {}
            Ok(Read::TooLong(start, len)) => {
                session.flush_pending();
                session.too_long(&start, len);
            }
            Ok(Read::End) | Err(_) => break,
        }
    }
    // The end of the input or `quit`: a `go infinite` still owes its `bestmove`.
    session.flush_pending();
}
