//! `guerrilla-sparring`: a sparring partner for the guerrilla engine's Wells' Guerrilla search.
//!
//! A player from outside the search's family: one-turn lookahead over sampled whole turns
//! ([`player`]) scored by an evaluation of its own ([`eval`]), speaking the UGI subset that
//! `guerrilla-arena` and cutegames use ([`session`], [`lines`]). It depends on the rules
//! library only through its public rules API (random steps, apply, outcome, turn tokens,
//! position strings and the board accessors), never on the engine's search or evaluation.

pub mod eval;
pub mod lines;
pub mod player;
pub mod session;
