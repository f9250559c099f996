//! The session's action API, typed: the JSON `{"type": "<action>", …}` a page posts to
//! `/api/session/<id>/action` is read into one [`Action`] before anything runs. An action the
//! session does not know, a field it does not know, a field of the wrong type or a missing one
//! is refused with one error naming what was expected, and nothing changes.
//!
//! What a request carries besides the action (the page's seat secret, its browser's token, its
//! own `quiet` flag) is its envelope ([`super::table::Caller`]), taken out before the action is
//! read. Values the engine bounds (a game's options, a seat's level) and a clock's settings are
//! checked where they are used, against what the engine announced.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

/// One action of a page.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum Action {
    /// The state as it is; nothing changes.
    State {},
    /// The game's positions from the one after `from` turns on.
    Plies {
        from: usize,
    },
    /// A new game, or a game set up from a position and a record.
    New(NewGame),
    /// Who plays each side from now on.
    Players {
        players: [SeatRequest; 2],
    },
    /// Whether a completed human turn waits for Confirm.
    Settings {
        confirm: Option<bool>,
    },
    /// One step of the human to move.
    Step {
        step: String,
    },
    Undo {},
    Takeback {},
    Confirm {},
    Pause {},
    Resume {},
    /// One engine turn while paused.
    Advance {},
    /// Starts (`on`, on the position after `ply` turns, reporting `lines` lines) or ends an
    /// analysis.
    Analyse {
        #[serde(default)]
        on: bool,
        ply: Option<usize>,
        lines: Option<u64>,
    },
    Hint {},
    /// A whole turn (a line's first) played for the human to move.
    Play {
        turn: String,
    },
    /// The position after the turns `moves` from the position after `ply` turns, shown
    /// without playing them.
    Preview {
        ply: usize,
        moves: Vec<String>,
    },
    /// Starts (`on`) or cancels a game review.
    Review {
        #[serde(default)]
        on: bool,
    },
    /// Makes the session a game between friends.
    Invite(Invitation),
    /// Who the caller is in a game between friends.
    Seat {},
    Resign {},
    Abort {},
    Rematch {},
}

/// The actions there are, as the page writes their `type`.
pub const NAMES: [&str; 22] = [
    "state", "plies", "new", "players", "settings", "step", "undo", "takeback", "confirm", "pause",
    "resume", "advance", "analyse", "hint", "play", "preview", "review", "invite", "seat",
    "resign", "abort", "rematch",
];

impl Action {
    /// Reads a page's action (its envelope already taken out).
    pub fn read(v: Value) -> Result<Action, String> {
        let text = v.to_string();
        let Some(kind) = v.get("type").and_then(Value::as_str) else {
            return Err(format!("expected an action with a type but got '{text}'"));
        };
        if !NAMES.contains(&kind) {
            return Err(format!(
                "expected an action ({}) but got '{kind}'",
                NAMES.join(", ")
            ));
        }
        let kind = kind.to_string();
        serde_json::from_value(v)
            .map_err(|e| format!("expected the fields of '{kind}' but got '{text}' ({e})"))
    }

    /// The action's name, as the page writes its `type`.
    pub fn name(&self) -> &'static str {
        match self {
            Action::State {} => "state",
            Action::Plies { .. } => "plies",
            Action::New(_) => "new",
            Action::Players { .. } => "players",
            Action::Settings { .. } => "settings",
            Action::Step { .. } => "step",
            Action::Undo {} => "undo",
            Action::Takeback {} => "takeback",
            Action::Confirm {} => "confirm",
            Action::Pause {} => "pause",
            Action::Resume {} => "resume",
            Action::Advance {} => "advance",
            Action::Analyse { .. } => "analyse",
            Action::Hint {} => "hint",
            Action::Play { .. } => "play",
            Action::Preview { .. } => "preview",
            Action::Review { .. } => "review",
            Action::Invite(_) => "invite",
            Action::Seat {} => "seat",
            Action::Resign {} => "resign",
            Action::Abort {} => "abort",
            Action::Rematch {} => "rematch",
        }
    }
}

/// A new game: its game and options (the current ones when not given), its start (`fen`;
/// empty or `startpos`: the standard start) and record, its players, and whether it starts
/// paused. `replay`: the public id of a kept game this one replays.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub game: Option<String>,
    /// The game's own options by name: a whole number, or its text; `null` keeps the value.
    pub options: Option<BTreeMap<String, Value>>,
    pub fen: Option<String>,
    pub moves: Option<Vec<String>>,
    pub players: Option<[SeatRequest; 2]>,
    pub confirm: Option<bool>,
    pub paused: Option<bool>,
    pub replay: Option<String>,
}

impl NewGame {
    /// A new game of the current settings from `start` (`None`: the standard start), with two
    /// humans when `humans`, not paused.
    pub fn again(start: Option<String>, humans: bool) -> NewGame {
        NewGame {
            fen: start,
            players: humans.then_some([SeatRequest::Human {}, SeatRequest::Human {}]),
            paused: Some(false),
            ..NewGame::default()
        }
    }
}

/// A game between friends: the game as for [`NewGame`], the side the inviter plays, and the
/// clocks (`{"minutes": 5, "increment": 3}`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Invitation {
    pub game: Option<String>,
    pub options: Option<BTreeMap<String, Value>>,
    pub fen: Option<String>,
    #[serde(default)]
    pub side: SideChoice,
    pub clock: Option<Value>,
}

/// The side the inviter plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    P1,
    P2,
    #[default]
    Random,
}

/// A seat as a page asks for it: a human, or the engine with a think time (ms) and a level
/// (checked against the engine's levels where the seat is made).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum SeatRequest {
    Human {},
    Engine {
        movetime: Option<u64>,
        strength: Option<String>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_action_the_page_sends_is_read() {
        let cases = [
            (json!({"type": "state"}), Action::State {}),
            (
                json!({"type": "plies", "from": 3}),
                Action::Plies { from: 3 },
            ),
            (json!({"type": "undo"}), Action::Undo {}),
            (
                json!({"type": "analyse", "on": true, "ply": 2, "lines": 3}),
                Action::Analyse {
                    on: true,
                    ply: Some(2),
                    lines: Some(3),
                },
            ),
            (
                json!({"type": "analyse", "on": false}),
                Action::Analyse {
                    on: false,
                    ply: None,
                    lines: None,
                },
            ),
            (json!({"type": "review"}), Action::Review { on: false }),
            (
                json!({"type": "step", "step": "E6"}),
                Action::Step { step: "E6".into() },
            ),
            (
                json!({"type": "preview", "ply": 0, "moves": ["a", "b"]}),
                Action::Preview {
                    ply: 0,
                    moves: vec!["a".into(), "b".into()],
                },
            ),
            (
                json!({"type": "settings", "confirm": true}),
                Action::Settings {
                    confirm: Some(true),
                },
            ),
        ];
        for (v, want) in cases {
            assert_eq!(Action::read(v.clone()), Ok(want), "{v}");
        }
        let new = Action::read(json!({"type": "new", "game": "g", "options": {"BoardSide": 6, "Other": "7", "Kept": null},
            "fen": "", "moves": ["x"], "players": [{"kind": "human"}, {"kind": "engine", "movetime": 40, "strength": "uct"}],
            "paused": true, "confirm": false, "replay": "abc"}))
        .unwrap();
        let Action::New(n) = new else {
            panic!("{new:?}")
        };
        assert_eq!(n.game.as_deref(), Some("g"));
        assert_eq!(n.options.as_ref().map(BTreeMap::len), Some(3));
        assert_eq!(
            n.players.unwrap()[1],
            SeatRequest::Engine {
                movetime: Some(40),
                strength: Some("uct".into())
            }
        );
        assert_eq!((n.paused, n.confirm), (Some(true), Some(false)));
        let invite = Action::read(
            json!({"type": "invite", "game": "g", "options": {}, "fen": "",
            "side": "p2", "clock": {"minutes": 5, "increment": 3}}),
        )
        .unwrap();
        let Action::Invite(i) = invite else {
            panic!("{invite:?}")
        };
        assert_eq!(i.side, SideChoice::P2);
        let bare = Action::read(json!({"type": "invite"})).unwrap();
        assert!(matches!(
            bare,
            Action::Invite(Invitation {
                side: SideChoice::Random,
                ..
            })
        ));
    }

    #[test]
    fn every_name_is_an_action_and_names_it() {
        for name in NAMES {
            match Action::read(json!({"type": name})) {
                Ok(a) => assert_eq!(a.name(), name),
                Err(e) => assert!(
                    e.starts_with(&format!("expected the fields of '{name}'")),
                    "{e}"
                ),
            }
        }
    }

    #[test]
    fn an_unknown_action_is_refused_naming_the_actions_there_are() {
        for bad in ["jump", "Undo"] {
            let e = Action::read(json!({"type": bad})).unwrap_err();
            assert!(
                e.starts_with("expected an action (state, plies, new"),
                "{e}"
            );
            assert!(e.ends_with(&format!("rematch) but got '{bad}'")), "{e}");
        }
        for bad in [json!({"step": "E6"}), json!({"type": 3}), json!("undo")] {
            let e = Action::read(bad.clone()).unwrap_err();
            assert_eq!(e, format!("expected an action with a type but got '{bad}'"));
        }
    }

    #[test]
    fn a_bad_or_unknown_field_is_refused_naming_it() {
        let cases = [
            (json!({"type": "step"}), "missing field `step`"),
            (
                json!({"type": "step", "step": 4}),
                "invalid type: integer `4`",
            ),
            (json!({"type": "undo", "steps": 2}), "unknown field `steps`"),
            (json!({"type": "state", "x": 1}), "unknown field `x`"),
            (
                json!({"type": "plies", "from": -1}),
                "invalid value: integer `-1`",
            ),
            (json!({"type": "new", "gmae": "g"}), "unknown field `gmae`"),
            (
                json!({"type": "new", "players": [{"kind": "human"}]}),
                "invalid length 1",
            ),
            (
                json!({"type": "players", "players": [{"kind": "human"}, {"kind": "robot"}]}),
                "unknown variant `robot`",
            ),
            (
                json!({"type": "players", "players": [{"kind": "human"}, {"kind": "engine", "level": "full"}]}),
                "unknown field `level`",
            ),
            (
                json!({"type": "invite", "side": "left"}),
                "unknown variant `left`, expected one of `p1`, `p2`, `random`",
            ),
            (
                json!({"type": "analyse", "on": "yes"}),
                "invalid type: string",
            ),
        ];
        for (bad, why) in cases {
            let e = Action::read(bad.clone()).unwrap_err();
            let kind = bad["type"].as_str().unwrap();
            assert!(
                e.starts_with(&format!("expected the fields of '{kind}' but got '")),
                "{e}"
            );
            assert!(e.contains(&bad.to_string()), "{e}");
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
