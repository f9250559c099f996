//! The option table: every option is declared once — the engine's own here, each game's by
//! the game ([`GameSettings::OPTIONS`]) — and the same table prints the `option` lines of the
//! `ugi` reply and dispatches `setoption`.

use std::collections::BTreeMap;

use super::wire::{self, OptionType};
use crate::game::{parse_decimal, GameOption, GameSettings};
use crate::games::{GameId, GameKind};
use crate::search::{Config, Strength};

/// The values of every option. Game options are kept for all games at all times, so
/// `setoption` lines may come in any order (cutegames sends them in its own order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub game: GameId,
    /// The `Game` option offers the test game too (`guerrilla --test-games`).
    pub test_games: bool,
    /// Seed of the search's randomness (mixed with the position's hash at every `go`).
    pub seed: u64,
    /// How the engine plays (protocol.md § 3.2): `random`, `greedy`, `uct` or `full`.
    pub strength: Strength,
    /// Search threads (sharing one tree).
    pub threads: u32,
    /// The search trees' memory, MiB.
    pub hash_mib: u32,
    /// How many lines a search reports, the best first (`MultiPV`, 1 to 64).
    pub multipv: u32,
    /// `bestmove` names the reply the engine expects (`bestmove <turn> ponder <turn>`).
    pub ponder: bool,
    /// `info` lines carry the win, draw and loss chances (`wdl <w> <d> <l>`).
    pub show_wdl: bool,

    /// The values of the games' options, by name (each within its declared bounds).
    game_values: BTreeMap<&'static str, u64>,
}

impl Options {
    /// The search configuration of these options.
    pub fn search_config(&self) -> crate::search::Config {
        crate::search::Config {
            strength: self.strength,
            threads: self.threads.max(1) as usize,
            hash_mib: self.hash_mib.max(1) as usize,
            multipv: self.multipv.max(1) as usize,
        }
    }

    /// The settings of a game from these options: each option the game declares takes its
    /// value here. What the engine plays, and what a referee (`guerrilla-arena`) plays for the
    /// same options. An error names a value out of the game's own bounds (`setoption` checks
    /// each value against the bounds of the first game that declares its name, so only a name
    /// two games declare with different bounds can give one).
    pub fn settings<S: GameSettings>(&self) -> Result<S, String> {
        S::from_values(|name| self.game_values.get(name).copied())
    }

    /// The value of a game option, `None` for a name no game declares.
    pub fn game_value(&self, name: &str) -> Option<u64> {
        self.game_values.get(name).copied()
    }
}

impl Default for Options {
    /// The search's options at the search's own defaults ([`Config::default`]).
    fn default() -> Self {
        let config = Config::default();
        Options {
            game: GameId::default(),
            test_games: false,
            seed: 0,
            strength: config.strength,
            threads: config.threads as u32,
            hash_mib: config.hash_mib as u32,
            multipv: config.multipv as u32,
            ponder: false,
            show_wdl: false,

            game_values: game_options().map(|(o, _)| (o.name, o.default)).collect(),
        }
    }
}

/// Every game's options, each once (a name two games declare is one option of both), with the
/// games that declare it.
fn game_options() -> impl Iterator<Item = (GameOption, Vec<GameKind>)> {
    let mut seen: Vec<(GameOption, Vec<GameKind>)> = Vec::new();
    for kind in GameKind::ALL {
        for o in kind.options() {
            match seen.iter_mut().find(|(s, _)| s.name == o.name) {
                Some((_, kinds)) => kinds.push(kind),
                None => seen.push((*o, vec![kind])),
            }
        }
    }
    seen.into_iter()
}

/// What an option sets.
enum Target {
    Game,
    Seed,
    Strength,
    Threads,
    Hash,
    MultiPv,
    Ponder,
    ShowWdl,
    /// A game's option, declared by these games.
    GameOption(Vec<GameKind>),
}

/// One row of the table.
struct Row {
    name: &'static str,
    kind: OptionType,
    target: Target,
}

/// The most lines `MultiPV` asks for.
pub const MAX_MULTIPV: u64 = 64;

/// The table, in the order of the `ugi` reply: `Game`, `Seed`, the games' options, `Strength`,
/// `Threads`, `Hash`, `MultiPV`, `Ponder`, `ShowWDL`. protocol.md § 3.2 documents the same rows.
/// Each row's default is that of [`Options::default`].
fn table(opts: &Options) -> Vec<Row> {
    let defaults = Options::default();
    let mut rows = vec![
        Row {
            name: "Game",
            kind: OptionType::Combo {
                default: defaults.game.name(),
                vars: GameId::offered_names(opts.test_games),
            },
            target: Target::Game,
        },
        Row {
            name: "Seed",
            kind: OptionType::Spin {
                default: defaults.seed,
                min: 0,
                max: u32::MAX as u64,
            },
            target: Target::Seed,
        },
    ];
    rows.extend(game_options().map(|(o, kinds)| Row {
        name: o.name,
        kind: OptionType::Spin {
            default: o.default,
            min: o.min,
            max: o.max,
        },
        target: Target::GameOption(kinds),
    }));
    rows.extend([
        Row {
            name: "Strength",
            kind: OptionType::Combo {
                default: defaults.strength.name(),
                vars: &Strength::NAMES,
            },
            target: Target::Strength,
        },
        Row {
            name: "Threads",
            kind: OptionType::Spin {
                default: u64::from(defaults.threads),
                min: 1,
                max: 64,
            },
            target: Target::Threads,
        },
        Row {
            name: "Hash",
            kind: OptionType::Spin {
                default: u64::from(defaults.hash_mib),
                min: 1,
                max: 65_536,
            },
            target: Target::Hash,
        },
        Row {
            name: "MultiPV",
            kind: OptionType::Spin {
                default: u64::from(defaults.multipv),
                min: 1,
                max: MAX_MULTIPV,
            },
            target: Target::MultiPv,
        },
        Row {
            name: "Ponder",
            kind: OptionType::Check {
                default: defaults.ponder,
            },
            target: Target::Ponder,
        },
        Row {
            name: "ShowWDL",
            kind: OptionType::Check {
                default: defaults.show_wdl,
            },
            target: Target::ShowWdl,
        },
    ]);
    rows
}

/// The `option …` lines of the `ugi` reply, in table order.
pub fn option_lines(opts: &Options) -> Vec<String> {
    table(opts)
        .iter()
        .map(|row| wire::option_line(row.name, &row.kind))
        .collect()
}

/// Why `setoption` refused a line (worded by `wire`); nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name; `names` are those there are, in table order.
    UnknownName {
        got: String,
        names: Vec<&'static str>,
    },
    /// `setoption name <name>` without `value …`.
    NoValue { name: String },
    /// A combo's value that is none of its `vars`.
    NotInCombo {
        vars: &'static [&'static str],
        got: String,
    },
    /// A spin's value that is not a strict decimal number within its bounds (protocol.md § 2).
    OutOfRange { min: u64, max: u64, got: String },
    /// A check's value that is neither `true` nor `false`.
    NotABool { got: String },
}

/// What a successful `setoption` changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing that affects the game being played.
    Plain,
    /// The settings of these games changed: a game of one of them in progress restarts.
    GameSettings(Vec<GameId>),
}

/// Applies `setoption name <name> value <value>` to a copy of `opts`. Names are matched without
/// regard to case; combo values too. An error names what was expected and changes nothing.
pub fn set(
    opts: &Options,
    name: &str,
    value: Option<&str>,
) -> Result<(Options, Change), OptionError> {
    let table = table(opts);
    let row = table
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| OptionError::UnknownName {
            got: name.to_string(),
            names: table.iter().map(|s| s.name).collect(),
        })?;
    let value = value.ok_or_else(|| OptionError::NoValue {
        name: name.to_string(),
    })?;
    let mut new = opts.clone();
    let (mut combo, mut number, mut check) = ("", 0, false);
    match &row.kind {
        OptionType::Combo { vars, .. } => {
            combo = vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .ok_or_else(|| OptionError::NotInCombo {
                    vars,
                    got: value.to_string(),
                })?;
        }
        OptionType::Spin { min, max, .. } => {
            // Strict decimal: no sign, no leading zero (protocol.md § 2).
            number = parse_decimal(value)
                .filter(|n| (*min..=*max).contains(n))
                .ok_or_else(|| OptionError::OutOfRange {
                    min: *min,
                    max: *max,
                    got: value.to_string(),
                })?;
        }
        OptionType::Check { .. } => {
            check = ["true", "false"]
                .iter()
                .position(|b| b.eq_ignore_ascii_case(value))
                .map(|k| k == 0)
                .ok_or_else(|| OptionError::NotABool {
                    got: value.to_string(),
                })?;
        }
    }
    let games = match &row.target {
        Target::Game => {
            let offered = GameId::offered(opts.test_games).iter();
            new.game = offered
                .copied()
                .find(|g| g.name() == combo)
                .unwrap_or(new.game);
            vec![new.game]
        }
        Target::Seed => {
            new.seed = number;
            Vec::new()
        }
        Target::Strength => {
            new.strength = Strength::from_name(combo).unwrap_or(new.strength);
            Vec::new()
        }
        Target::Threads => {
            new.threads = number as u32;
            Vec::new()
        }
        Target::Hash => {
            new.hash_mib = number as u32;
            Vec::new()
        }
        Target::MultiPv => {
            new.multipv = number as u32;
            Vec::new()
        }
        Target::ShowWdl => {
            new.show_wdl = check;
            Vec::new()
        }
        Target::Ponder => {
            new.ponder = check;
            Vec::new()
        }

        Target::GameOption(kinds) => {
            new.game_values.insert(row.name, number);
            kinds.iter().copied().map(GameId::Game).collect()
        }
    };
    let change = if new != *opts && !games.is_empty() {
        Change::GameSettings(games)
    } else {
        Change::Plain
    };
    Ok((new, change))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_prints_and_dispatches() {
        let lines = option_lines(&Options::default());
        assert_eq!(
            lines[0],
            "option name Game type combo default guerrilla-checkers var guerrilla-checkers var guerrilla"
        );
        assert!(lines.contains(&"option name BoardSide type spin default 8 min 4 max 12".into()));
        let o = Options::default();
        let (n, c) = set(&o, "game", Some("GUERRILLA")).unwrap();
        assert_eq!(n.game, GameId::Game(GameKind::Wells));
        assert_eq!(c, Change::GameSettings(vec![GameId::Game(GameKind::Wells)]));
        let (n, c) = set(&o, "BoardSide", Some("5")).unwrap();
        assert_eq!(n.game_value("BoardSide"), Some(5));
        assert_eq!(n.settings::<crate::wells::Settings>().unwrap().side, 5);
        assert_eq!(c, Change::GameSettings(vec![GameId::Game(GameKind::Wells)]));
        let (_, c) = set(&o, "Seed", Some("7")).unwrap();
        assert_eq!(c, Change::Plain);
        let (_, c) = set(&o, "BoardSide", Some("8")).unwrap();
        assert_eq!(c, Change::Plain, "an unchanged value starts no new game");
        assert!(set(&o, "BoardSide", Some("13")).is_err());
        assert!(set(&o, "BoardSide", Some("3")).is_err());
        assert!(set(&o, "BoardSide", Some("x")).is_err());
        assert!(set(&o, "Hash", Some("0")).is_err());
        let (n, c) = set(&o, "Hash", Some("16")).unwrap();
        assert_eq!((n.hash_mib, c), (16, Change::Plain));
        let (n, _) = set(&o, "strength", Some("UCT")).unwrap();
        assert_eq!(n.strength, Strength::Uct);
        assert!(set(&o, "Strength", Some("weak")).is_err());
        let (n, _) = set(&o, "Threads", Some("2")).unwrap();
        assert_eq!(n.search_config().threads, 2);
        assert!(set(&o, "Threads", Some("0")).is_err());
        assert!(set(&o, "BoardSide", Some("+8")).is_err());
        assert!(set(&o, "BoardSide", Some("08")).is_err());
        assert!(set(&o, "Seed", Some("0")).is_ok());
        assert!(set(&o, "Game", Some("chess")).is_err());
        assert!(set(&o, "Game", None).is_err());
        assert!(lines.contains(&"option name Ponder type check default false".into()));
        assert!(lines.contains(&"option name MultiPV type spin default 1 min 1 max 64".into()));
        assert!(lines.contains(&"option name ShowWDL type check default false".into()));
        let (n, _) = set(&o, "showwdl", Some("TRUE")).unwrap();
        assert!(n.show_wdl);
        assert_eq!(set(&o, "MultiPV", Some("3")).unwrap().0.multipv, 3);
        assert!(set(&o, "MultiPV", Some("0")).is_err());
        assert!(set(&o, "MultiPV", Some("65")).is_err());
        let (n, c) = set(&o, "ponder", Some("TRUE")).unwrap();
        assert_eq!((n.ponder, c), (true, Change::Plain));
        let (n, _) = set(&n, "Ponder", Some("false")).unwrap();
        assert!(!n.ponder);
        assert_eq!(
            set(&o, "Ponder", Some("yes")),
            Err(OptionError::NotABool { got: "yes".into() })
        );
    }

    /// The test game is a `Game` value only when the options offer it (`--test-games`).
    #[test]
    fn the_test_game_is_offered_only_when_asked() {
        let plain = Options::default();
        assert!(set(&plain, "Game", Some("tictactoe")).is_err());
        let offering = Options {
            test_games: true,
            ..Options::default()
        };
        assert_eq!(
            option_lines(&offering)[0],
            "option name Game type combo default guerrilla-checkers var guerrilla-checkers var guerrilla var tictactoe"
        );
        let (n, c) = set(&offering, "Game", Some("TicTacToe")).unwrap();
        assert_eq!(n.game, GameId::TicTacToe);
        assert_eq!(c, Change::GameSettings(vec![GameId::TicTacToe]));
        let (_, c) = set(&n, "BoardSide", Some("5")).unwrap();
        assert_eq!(c, Change::GameSettings(vec![GameId::Game(GameKind::Wells)]));
    }
}
