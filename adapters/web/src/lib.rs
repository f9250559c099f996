//! `guerrilla-web`: a browser GUI for the guerrilla engine.
//!
//! An HTTP server ([`server`]) serves one page (embedded assets) and runs one engine process
//! per browser session ([`registry`], [`session`], [`engine`]), speaking the engine's protocol
//! (protocol.md) to it. Which games there are and how to show them, the server learns from the
//! engine when it starts ([`catalogue`]); the page draws the boards from the engine's
//! `geometry` and `describe` answers and guides the user's clicks with `legal steps`: it knows
//! no rule and no game. Every game is kept in an SQLite database ([`store`]).

pub mod answers;
pub mod catalogue;
pub mod engine;
pub mod registry;
pub mod server;
pub mod session;
pub mod store;
