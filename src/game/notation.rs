//! The notation layer: steps, whole turns and positions as text, parsed in two stages (text
//! → a syntax-only value → resolved against the position) and printed canonically.

use super::{GameError, Turns};

/// A position's notation. Every turn prints as one whitespace-free token, every step too.
pub trait Notation: Turns {
    /// The canonical text of a step played from this position.
    fn format_step(&self, step: Self::Step) -> String;
    /// Parses a step's text and resolves it against this position: `Ok` only for a legal step.
    fn parse_step(&self, text: &str) -> Result<Self::Step, GameError>;
    /// The canonical one-token text of a turn played from this position.
    fn format_turn(&self, turn: &Self::Turn) -> String;
    /// Parses a turn's token and resolves it against this position: `Ok` only for a legal turn.
    fn parse_turn(&self, text: &str) -> Result<Self::Turn, GameError>;
    /// A turn begun and not finished, in the turn's own syntax: `steps` are the chosen steps
    /// taken from this turn start (forced decisions left out), and the text is what the turn's
    /// token would begin with. The default joins the steps' texts with `,`, right for a game
    /// whose turn token is its steps so joined.
    fn format_partial_turn(&self, steps: &[Self::Step]) -> String {
        let mut pos = self.clone();
        let mut texts = Vec::new();
        for &s in steps {
            texts.push(pos.format_step(s));
            pos.apply(s, None);
        }
        texts.join(",")
    }
    /// The one-line position string of this position (at a turn start).
    fn to_position_string(&self) -> String;
    /// Parses and validates a position string.
    fn from_position_string(text: &str, settings: &Self::Settings) -> Result<Self, GameError>;
}

/// A strict decimal number, as position strings and the protocol write them: ASCII digits
/// only, no sign, no leading zero (`0` itself excepted), fitting in 64 bits. `+8` and `08` are
/// refused.
pub fn parse_decimal(text: &str) -> Option<u64> {
    let canonical = text == "0" || !text.starts_with('0');
    if text.is_empty() || !canonical || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}
