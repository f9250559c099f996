//! The option table (style #9): every tunable option is declared once, here; the same table
//! prints the `option` lines of the `ugi` reply and dispatches `setoption`.

use crate::games::GameKind;
use crate::search::Strength;

/// The values of every option. Game options are kept for both games at all times, so
/// `setoption` lines may come in any order (cutegames sends them in its own order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub game: GameKind,
    /// Seed of the search's randomness (mixed with the position's hash at every `go`).
    pub seed: u64,
    /// Guerrilla (Wells) only: side of the hexagonal board (W1).
    pub board_side: u32,
    /// Guerrilla (Wells) only: the turn limit, passes included (W6).
    pub turn_limit: u32,
    /// How the engine plays (protocol.md § 3.2): `random`, `greedy`, `uct` or `full`.
    pub strength: Strength,
    /// Search threads (sharing one tree).
    pub threads: u32,
    /// The search trees' memory, MiB.
    pub hash_mib: u32,
}

impl Options {
    /// The search configuration of these options.
    pub fn search_config(&self) -> crate::search::Config {
        crate::search::Config {
            strength: self.strength,
            threads: self.threads.max(1) as usize,
            hash_mib: self.hash_mib.max(1) as usize,
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            game: GameKind::Checkers,
            seed: 0,
            board_side: 8,
            turn_limit: 400,
            strength: Strength::Full,
            threads: 1,
            hash_mib: crate::search::DEFAULT_HASH_MIB as u32,
        }
    }
}

/// An option's type, as printed in the `ugi` reply.
enum Kind {
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
    Spin {
        default: u64,
        min: u64,
        max: u64,
    },
}

/// One row of the table.
struct Spec {
    name: &'static str,
    kind: Kind,
    set: fn(&mut Options, u64, &str),
    /// True when a change starts a new game of `game` (it changes that game's settings).
    new_game_of: Option<fn(&Options) -> GameKind>,
}

const GAME_NAMES: &[&str] = &["guerrilla-checkers", "guerrilla"];

/// The table. protocol.md § Options documents the same rows.
const TABLE: &[Spec] = &[
    Spec {
        name: "Game",
        kind: Kind::Combo {
            default: "guerrilla-checkers",
            vars: GAME_NAMES,
        },
        set: |o, _, v| o.game = v.parse().unwrap_or(o.game),
        new_game_of: Some(|o| o.game),
    },
    Spec {
        name: "Seed",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 4_294_967_295,
        },
        set: |o, n, _| o.seed = n,
        new_game_of: None,
    },
    Spec {
        name: "BoardSide",
        kind: Kind::Spin {
            default: 8,
            min: 4,
            max: 12,
        },
        set: |o, n, _| o.board_side = n as u32,
        new_game_of: Some(|_| GameKind::Wells),
    },
    Spec {
        name: "TurnLimit",
        kind: Kind::Spin {
            default: 400,
            min: 1,
            // Bounded so that the longest game's `position … moves …` fits in one line
            // (session::MAX_LINE).
            max: 10_000,
        },
        set: |o, n, _| o.turn_limit = n as u32,
        new_game_of: Some(|_| GameKind::Wells),
    },
    Spec {
        name: "Strength",
        kind: Kind::Combo {
            default: "full",
            vars: &Strength::NAMES,
        },
        set: |o, _, v| o.strength = Strength::from_name(v).unwrap_or(o.strength),
        new_game_of: None,
    },
    Spec {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 64,
        },
        set: |o, n, _| o.threads = n as u32,
        new_game_of: None,
    },
    Spec {
        name: "Hash",
        kind: Kind::Spin {
            default: crate::search::DEFAULT_HASH_MIB as u64,
            min: 1,
            max: 65_536,
        },
        set: |o, n, _| o.hash_mib = n as u32,
        new_game_of: None,
    },
];

/// The `option …` lines of the `ugi` reply, in table order.
pub fn option_lines() -> Vec<String> {
    TABLE
        .iter()
        .map(|s| match &s.kind {
            Kind::Combo { default, vars } => {
                let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                format!(
                    "option name {} type combo default {default} {}",
                    s.name,
                    vars.join(" ")
                )
            }
            Kind::Spin { default, min, max } => format!(
                "option name {} type spin default {default} min {min} max {max}",
                s.name
            ),
        })
        .collect()
}

/// What a successful `setoption` changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing that affects the game being played.
    Plain,
    /// The settings of this game changed: a game of it in progress restarts.
    GameSettings(GameKind),
}

/// Applies `setoption name <name> value <value>` to a copy of `opts`. Names are matched without
/// regard to case; combo values too. An error names what was expected and changes nothing.
pub fn set(opts: &Options, name: &str, value: Option<&str>) -> Result<(Options, Change), String> {
    let spec = TABLE
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = TABLE.iter().map(|s| s.name).collect();
            format!(
                "expected an option name ({}) but got '{name}'",
                names.join(", ")
            )
        })?;
    let value = value.ok_or_else(|| {
        format!("expected 'value <value>' after the option name but got 'setoption name {name}'")
    })?;
    let mut new = opts.clone();
    match &spec.kind {
        Kind::Combo { vars, .. } => {
            let v = vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .ok_or_else(|| format!("expected one of {} but got '{value}'", vars.join(", ")))?;
            (spec.set)(&mut new, 0, v);
        }
        Kind::Spin { min, max, .. } => {
            // Strict decimal: no sign, no leading zero (protocol.md § 2).
            let n = crate::game::parse_decimal(value)
                .filter(|n| (*min..=*max).contains(n))
                .ok_or_else(|| {
                    format!("expected an integer from {min} to {max} but got '{value}'")
                })?;
            (spec.set)(&mut new, n, value);
        }
    }
    let change = match spec.new_game_of {
        Some(game_of) if new != *opts => Change::GameSettings(game_of(&new)),
        _ => Change::Plain,
    };
    Ok((new, change))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_prints_and_dispatches() {
        let lines = option_lines();
        assert_eq!(
            lines[0],
            "option name Game type combo default guerrilla-checkers var guerrilla-checkers var guerrilla"
        );
        assert!(lines.contains(&"option name BoardSide type spin default 8 min 4 max 12".into()));
        let o = Options::default();
        let (n, c) = set(&o, "game", Some("GUERRILLA")).unwrap();
        assert_eq!(n.game, GameKind::Wells);
        assert_eq!(c, Change::GameSettings(GameKind::Wells));
        let (n, c) = set(&o, "BoardSide", Some("5")).unwrap();
        assert_eq!(n.board_side, 5);
        assert_eq!(c, Change::GameSettings(GameKind::Wells));
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
    }
}
