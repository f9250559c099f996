//! Position strings are read in two stages, the same way in every game (the shakmaty shape):
//! text → a `Setup` (each game's `setup.rs`: the fields as written, checked for syntax only) →
//! a validated position (the rules: what no game reaches is refused). This file holds what the
//! games' readers share: splitting a string into its named fields and reading a number or a
//! word, each failure in the one style of the protocol's errors, `expected … but got '…'`. The
//! reader wraps a failure's reason into [`GameError::bad_position`](super::GameError::bad_position).

use std::ops::RangeInclusive;

use super::parse_decimal;

/// The whitespace-separated fields of a position string, exactly one for each of `names`.
pub fn fields<'a>(text: &'a str, names: &[&str]) -> Result<Vec<&'a str>, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != names.len() {
        return Err(format!(
            "expected {} fields ({}) but got {}",
            names.len(),
            names.join(", "),
            fields.len()
        ));
    }
    Ok(fields)
}

/// A number field (a strict decimal: [`parse_decimal`]) within `range`; `what` names it. A
/// range up to `u64::MAX` is written as having no upper bound.
pub fn number(field: &str, what: &str, range: RangeInclusive<u64>) -> Result<u64, String> {
    parse_decimal(field)
        .filter(|n| range.contains(n))
        .ok_or_else(|| match *range.end() {
            u64::MAX => format!("expected {what} from {} but got '{field}'", range.start()),
            end => format!(
                "expected {what} from {} to {end} but got '{field}'",
                range.start()
            ),
        })
}

/// A field that is one of the words of `choices`, and the value it stands for; `what` names it.
pub fn word<T: Copy>(field: &str, what: &str, choices: &[(&str, T)]) -> Result<T, String> {
    choices
        .iter()
        .find(|(w, _)| *w == field)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let words: Vec<&str> = choices.iter().map(|&(w, _)| w).collect();
            let list = match words.split_last() {
                Some((last, [])) => last.to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            format!("expected {what} {list} but got '{field}'")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_numbers_and_words_say_what_was_expected() {
        assert_eq!(fields(" a  b ", &["x", "y"]), Ok(vec!["a", "b"]));
        assert_eq!(
            fields("a", &["x", "y"]),
            Err("expected 2 fields (x, y) but got 1".into())
        );
        assert_eq!(number("12", "a turn", 1..=99), Ok(12));
        assert_eq!(
            number("0", "a turn", 1..=u64::MAX),
            Err("expected a turn from 1 but got '0'".into())
        );
        for bad in ["012", "+1", "100", "0", "x", ""] {
            assert_eq!(
                number(bad, "a turn", 1..=99),
                Err(format!("expected a turn from 1 to 99 but got '{bad}'"))
            );
        }
        let sides = [("w", 0), ("b", 1)];
        assert_eq!(word("b", "side to move", &sides), Ok(1));
        assert_eq!(
            word("x", "side to move", &sides),
            Err("expected side to move w or b but got 'x'".into())
        );
        assert_eq!(
            word("x", "a mark", &[("a", 0), ("b", 1), ("c", 2)]),
            Err("expected a mark a, b or c but got 'x'".into())
        );
    }
}
