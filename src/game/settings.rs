//! The settings layer: each game declares its options once.

use std::fmt;

/// One option of a game, declared once by the game and read by everything that offers it:
/// the protocol's option table (`ugi`, `setoption`), the command line's flags, the arena's
/// referee and the web GUI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The protocol's name (`setoption name BoardSide`); the command line's flag is its kebab
    /// case (`--board-side`, see [`GameOption::flag`]).
    pub name: &'static str,
    pub default: u64,
    /// The bounds of its value, both included.
    pub min: u64,
    pub max: u64,
    /// What it sets, in one line (the command line's help).
    pub help: &'static str,
}

impl GameOption {
    /// The command line's flag for this option, without the dashes: `BoardSide` → `board-side`.
    pub fn flag(&self) -> String {
        let mut flag = String::new();
        for (i, c) in self.name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                flag.push('-');
            }
            flag.push(c.to_ascii_lowercase());
        }
        flag
    }

    /// `value` when it is within the bounds, else the error that says which they are.
    pub fn check(&self, value: u64) -> Result<u64, String> {
        if (self.min..=self.max).contains(&value) {
            Ok(value)
        } else {
            Err(format!(
                "expected {} from {} to {} but got {value}",
                self.name, self.min, self.max
            ))
        }
    }
}

/// A game's settings: the values of the options it declares. `Default` is the standard game,
/// every option at its `default`.
pub trait GameSettings: Clone + Default + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The game's options, in the order the protocol lists them.
    const OPTIONS: &'static [GameOption];

    /// Sets option `name` (one of [`Self::OPTIONS`]) to `value`, within its bounds (callers
    /// check them with [`GameOption::check`]); any other name is ignored.
    fn set(&mut self, name: &str, value: u64);

    /// The settings whose options take their values from `value_of` (by name; `None` keeps
    /// the default), each checked against its bounds.
    fn from_values(value_of: impl Fn(&str) -> Option<u64>) -> Result<Self, String> {
        let mut settings = Self::default();
        for option in Self::OPTIONS {
            if let Some(v) = value_of(option.name) {
                settings.set(option.name, option.check(v)?);
            }
        }
        Ok(settings)
    }
}

/// A game without options.
impl GameSettings for () {
    const OPTIONS: &'static [GameOption] = &[];
    fn set(&mut self, _name: &str, _value: u64) {}
}
