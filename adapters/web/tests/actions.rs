//! The action API end to end, over HTTP against the real server and engine: an action the
//! session does not know and an action with a bad or unknown field each get one error naming
//! what was expected, and leave the session as it was (the game, the players, the messages);
//! the same action well formed is taken.

use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::{json, Value};

#[path = "support/server.rs"]
mod server;
use server::{start, Server};

/// POSTs `body` to `path` (GETs `path` without a body) and reads the JSON answer.
fn post(server: &Server, path: &str, body: &Value) -> Value {
    let mut s = TcpStream::connect(("127.0.0.1", server.1)).expect("connect");
    if body.is_null() {
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        .expect("send");
    } else {
        let body = body.to_string();
        write!(
            s,
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .expect("send");
    }
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("read the answer");
    let (_, json) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no body in '{answer}'"));
    serde_json::from_str(json).unwrap_or_else(|e| panic!("'{json}' is no JSON: {e}"))
}

/// The state with its version (which every answer counts up) left out.
fn unversioned(mut state: Value) -> Value {
    state.as_object_mut().expect("a state").remove("version");
    state
}

#[test]
fn a_bad_action_is_refused_in_one_line_and_changes_nothing() {
    let server = start(":memory:");
    let id = post(&server, "/api/session", &json!({}))["id"]
        .as_str()
        .expect("a session id")
        .to_string();
    let action = |a: Value| post(&server, &format!("/api/session/{id}/action"), &a);
    let before = action(json!({"type": "state"}));
    assert_eq!(before["ok"], true, "{before}");
    let before = unversioned(before["state"].clone());
    let to_move = before["describe"]["tomove"].clone();
    assert_eq!(before["players"][0]["kind"], "human", "{before}");

    let refused = [
        (
            json!({"type": "jump"}),
            "expected an action (state, plies, new",
        ),
        (json!({"step": "E6"}), "expected an action with a type"),
        (json!({"type": "step"}), "missing field `step`"),
        (
            json!({"type": "step", "step": ["E6"]}),
            "invalid type: sequence",
        ),
        (json!({"type": "undo", "steps": 2}), "unknown field `steps`"),
        (
            json!({"type": "players", "players": [{"kind": "engine"}, {"kind": "engine", "strength": 7}]}),
            "invalid type: integer `7`",
        ),
        (
            json!({"type": "new", "game": "no-such-game"}),
            "expected a game (",
        ),
    ];
    for (bad, why) in refused {
        let answer = action(bad.clone());
        assert_eq!(answer["ok"], false, "{bad} was taken: {answer}");
        let error = answer["error"].as_str().expect("an error text");
        assert!(error.contains(why), "{bad}: '{error}' does not say '{why}'");
        assert!(!error.contains('\n'), "{bad}: one line: '{error}'");
        let state = unversioned(answer["state"].clone());
        // the refusal of a `new` the session read is kept as its message; nothing else changed
        let mut same = state.clone();
        same["messages"] = before["messages"].clone();
        assert_eq!(same, before, "{bad} changed the session");
        if !why.starts_with("expected a game") {
            assert_eq!(
                state["messages"], before["messages"],
                "{bad} left a message"
            );
        }
    }

    // The same kind of action, well formed, is taken: the seats change.
    let answer = action(
        json!({"type": "players", "players": [{"kind": "engine", "movetime": 20}, {"kind": "human"}]}),
    );
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(answer["state"]["players"][0]["kind"], "engine");
    assert_eq!(answer["state"]["describe"]["tomove"], to_move);
}

#[test]
fn the_levels_are_the_engines_and_a_level_it_does_not_offer_is_refused() {
    let server = start(":memory:");
    let catalogue = post(&server, "/api/games", &Value::Null);
    let offered = guerrilla::search::Strength::NAMES;
    assert_eq!(catalogue["levels"]["values"], json!(offered), "{catalogue}");
    let default = guerrilla::search::Strength::default().name();
    assert_eq!(catalogue["levels"]["default"], default, "{catalogue}");

    let id = post(&server, "/api/session", &json!({}))["id"]
        .as_str()
        .expect("a session id")
        .to_string();
    let action = |a: Value| post(&server, &format!("/api/session/{id}/action"), &a);
    let before = action(json!({"type": "state"}));
    assert_eq!(
        before["state"]["players"][1]["strength"], default,
        "{before}"
    );
    let before = unversioned(before["state"].clone());
    for bad in ["strongest", "FULL"] {
        let answer = action(json!({"type": "players", "players": [{"kind": "human"},
            {"kind": "engine", "strength": bad}]}));
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(
            answer["error"],
            format!(
                "the engine's strength must be one of {}, not {bad}",
                offered.join(", ")
            )
        );
        let mut state = unversioned(answer["state"].clone());
        state["messages"] = before["messages"].clone();
        assert_eq!(state, before, "{bad} changed the session");
    }
    let weakest = offered[0];
    let answer = action(json!({"type": "players", "players": [{"kind": "human"},
        {"kind": "engine", "strength": weakest}]}));
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(answer["state"]["players"][1]["strength"], weakest);
}
