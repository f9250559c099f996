//! The games the engine plays, learnt from the engine once when the server starts: `ugi`'s
//! `Game` option lists them and its other options give their bounds (and `Strength` the
//! levels it plays at); for each game, `about`
//! says how to present it (its sides, pieces, fields, own options and rules tour). Nothing here
//! names a game: a game the engine adds appears in the GUI as it is.

use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::{Duration, Instant};

use guerrilla::protocol::codec::{Command, Message, OptionDecl, OptionKind};
use serde::Serialize;

use crate::answers::{read_about, GameFace};
use crate::engine::{setoption, EngineCommand, EngineEvent, EngineProcess};

/// How long the engine may take to answer while the catalogue is learnt.
const LEARN_TIMEOUT: Duration = Duration::from_secs(30);

/// The engine's option that selects the game.
pub const GAME_OPTION: &str = "Game";

/// The engine's option that sets how it plays (protocol.md § 3.2): its values are the levels
/// an engine seat may play at.
pub const STRENGTH_OPTION: &str = "Strength";

/// The levels the engine plays at, as its `Strength` option announces them: its values in the
/// engine's order, and its default, the level of an engine seat when none is chosen and of
/// every search that is not a seat's turn (an analysis, a hint, a review). An engine that
/// announces no `Strength` offers no level: its seats play as it plays.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Levels {
    pub values: Vec<String>,
    pub default: Option<String>,
}

impl Levels {
    /// The levels of the `ugi` options `options`.
    pub fn of(options: &[OptionDecl]) -> Levels {
        options
            .iter()
            .find_map(|o| match &o.kind {
                OptionKind::Combo { default, vars } if o.name == STRENGTH_OPTION => Some(Levels {
                    values: vars.clone(),
                    default: Some(default.clone()),
                }),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// The level `asked` (the default when none is asked), as the engine spells it; refused
    /// naming the levels the engine offers.
    pub fn level(&self, asked: Option<&str>) -> Result<Option<String>, String> {
        let Some(w) = asked else {
            return Ok(self.default.clone());
        };
        match self.values.iter().find(|v| *v == w) {
            Some(v) => Ok(Some(v.clone())),
            None if self.values.is_empty() => Err(format!(
                "the engine offers no levels (no {STRENGTH_OPTION} option), not {w}"
            )),
            None => Err(format!(
                "the engine's strength must be one of {}, not {w}",
                self.values.join(", ")
            )),
        }
    }
}

/// Every game the engine plays, and its options.
#[derive(Clone, Debug, Serialize)]
pub struct Catalogue {
    /// In the order of `ugi`'s `Game` option.
    pub games: Vec<GameFace>,
    /// The game the engine plays after `uginewgame` with no `Game` set.
    pub default_game: String,
    /// The levels an engine seat may play at (the page's level controls show them).
    pub levels: Levels,
    /// `ugi`'s options (the page reads each game's own, in `games`).
    #[serde(skip)]
    pub options: Vec<OptionDecl>,
    /// The engine's `id name`.
    pub engine: String,
}

impl Catalogue {
    /// Starts the engine, asks `ugi` and each game's `about`, and quits it. An engine that
    /// does not know `about` still gives its games: each is shown by its name with sides `p1`
    /// and `p2`.
    pub fn learn(cmd: &EngineCommand) -> Result<Catalogue, String> {
        let (tx, rx) = channel();
        let mut engine = EngineProcess::spawn(cmd, 0, tx, |e| e)?;
        let ask = |engine: &mut EngineProcess, cmds: &[Command], last: Message| {
            for c in cmds {
                engine.send(&c.to_string())?;
            }
            let deadline = Instant::now() + LEARN_TIMEOUT;
            let mut lines = Vec::new();
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match rx.recv_timeout(left) {
                    Ok(EngineEvent::Line(_, l)) if l.parse::<Message>().as_ref() == Ok(&last) => {
                        return Ok(lines)
                    }
                    Ok(EngineEvent::Line(_, l)) => lines.push(l),
                    Ok(EngineEvent::Exited(_)) => return Err("the engine exited".to_string()),
                    Err(RecvTimeoutError::Timeout) => {
                        return Err(format!(
                            "the engine did not answer '{}' within {} s",
                            cmds.iter()
                                .map(Command::to_string)
                                .collect::<Vec<_>>()
                                .join("; "),
                            LEARN_TIMEOUT.as_secs()
                        ))
                    }
                    Err(RecvTimeoutError::Disconnected) => return Err("the engine ended".into()),
                }
            }
        };
        let result = (|| {
            let lines = ask(&mut engine, &[Command::Ugi], Message::UgiOk)?;
            let mut options = Vec::new();
            let mut engine_name = None;
            for l in &lines {
                match l.parse() {
                    Ok(Message::Option(decl)) => options.push(decl),
                    Ok(Message::IdName(name)) => engine_name = engine_name.or(Some(name)),
                    _ => {}
                }
            }
            let engine_name = engine_name.unwrap_or_else(|| "engine".to_string());
            let (default_game, game_names) = options
                .iter()
                .find_map(|o| match &o.kind {
                    OptionKind::Combo { default, vars }
                        if o.name == GAME_OPTION && !vars.is_empty() =>
                    {
                        Some((default.clone(), vars.clone()))
                    }
                    _ => None,
                })
                .ok_or("the engine's ugi lists no Game option with its games")?;
            let mut games = Vec::new();
            for name in &game_names {
                let cmds = [
                    setoption(GAME_OPTION, name),
                    Command::About,
                    Command::IsReady,
                ];
                let lines = ask(&mut engine, &cmds, Message::ReadyOk)?;
                let face = match read_about(name, &lines, &options) {
                    Ok(face) => face,
                    Err(e) => {
                        log::warn!("the engine's 'about' for {name}: {e}; its game is shown bare");
                        GameFace::bare(name)
                    }
                };
                games.push(face);
            }
            Ok(Catalogue {
                games,
                default_game,
                levels: Levels::of(&options),
                options,
                engine: engine_name,
            })
        })();
        engine.shutdown();
        result
    }

    /// The game called `name`.
    pub fn game(&self, name: &str) -> Option<&GameFace> {
        self.games.iter().find(|g| g.name == name)
    }

    /// The games' names, for error texts: `a, b`.
    pub fn names(&self) -> String {
        self.games
            .iter()
            .map(|g| g.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_are_the_strength_options_values_and_its_default() {
        let options = [
            OptionDecl::combo(GAME_OPTION, "g", &["g", "h"]),
            OptionDecl::combo(STRENGTH_OPTION, "deep", &["quick", "deep", "deeper"]),
        ];
        let levels = Levels::of(&options);
        assert_eq!(levels.values, ["quick", "deep", "deeper"]);
        assert_eq!(levels.level(None), Ok(Some("deep".to_string())));
        assert_eq!(levels.level(Some("deeper")), Ok(Some("deeper".to_string())));
        for bad in ["full", "Deep", ""] {
            let e = levels.level(Some(bad)).unwrap_err();
            assert_eq!(
                e,
                format!("the engine's strength must be one of quick, deep, deeper, not {bad}")
            );
        }
        let none = Levels::of(&options[..1]);
        assert_eq!(none, Levels::default());
        assert_eq!(none.level(None), Ok(None));
        assert!(none
            .level(Some("full"))
            .unwrap_err()
            .contains("offers no levels"));
    }
}
