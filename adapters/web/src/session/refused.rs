//! A game the engine refused to set up, in a player's words: the engine's error line read with
//! the codec ([`Refusal`]), and told as the turn of the record that was not legal, or what is
//! wrong with the position string.

use guerrilla::protocol::codec::Refusal;

/// Why the engine refused a game set up from a position string (of the game `fen_of`) or a
/// record, in a player's words: which turn of the record was not legal and why, or what is
/// wrong with the position string (the engine's own explanation, without its protocol words).
/// `error` is the text of the engine's error line; one that is no [`Refusal`] is shown whole.
pub(super) fn setup_refusal(error: &str, fen_of: Option<&str>, moves: &[String]) -> String {
    let why = match error.parse::<Refusal>() {
        Ok(r) => {
            if let Some(k) = moves.iter().position(|m| *m == r.got.text) {
                return format!(
                    "turn {} of the record, '{}', is not a legal move here: {}",
                    k + 1,
                    moves[k],
                    refusal_words(&r)
                );
            }
            refusal_words(&r)
        }
        Err(_) => error.to_string(),
    };
    match fen_of {
        Some(title) => format!("this position string is not a position of {title}: {why}"),
        None => format!("the game cannot be set up: {why}"),
    }
}

/// What the engine expected, and why it refused, without the input it quotes.
fn refusal_words(r: &Refusal) -> String {
    match &r.reason {
        Some(reason) => format!("expected {} ({reason})", r.expected),
        None => format!("expected {}", r.expected),
    }
}

#[cfg(test)]
mod tests {
    use super::setup_refusal;

    #[test]
    fn a_refused_setup_names_the_record_turn_or_the_position_string() {
        let moves = ["D4D5".to_string(), "a1-b2".to_string()];
        let e = "expected a legal move but got 'a1-b2' (no checker on a1); the game is over, \
                 lost by p2 in 'position startpos moves D4D5 a1-b2'";
        assert_eq!(
            setup_refusal(e, None, &moves),
            "turn 2 of the record, 'a1-b2', is not a legal move here: \
             expected a legal move (no checker on a1)"
        );
        let e = "expected a valid position but got 'x' (too few fields) in 'position fen x'";
        assert_eq!(
            setup_refusal(e, Some("Guerrilla"), &[]),
            "this position string is not a position of Guerrilla: \
             expected a valid position (too few fields)"
        );
        assert_eq!(
            setup_refusal("perft gave up", None, &[]),
            "the game cannot be set up: perft gave up"
        );
    }
}
