//! Engines: an engine-vs-engine game paused, stepped and played to its end, an engine that
//! dies, the engine built into the server, the session limit, and two sessions at once.

use std::process::Command;
use std::time::Duration;

use serde_json::json;

use crate::harness::{url_with, Browser};

pub async fn engine_game(b: &Browser, base: &str) {
    // Engine against engine, opened paused: nothing moves until asked.
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla"),
            ("BoardSide", "5"),
            ("TurnLimit", "30"),
            ("p1", "engine"),
            ("p2", "engine"),
            ("t1", "250"),
            ("t2", "250"),
            ("paused", "1"),
        ],
    ))
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(b.moves().await.len(), 0, "no turn is played while paused");
    for n in 1..=2 {
        b.click_control("#advance").await;
        b.wait(
            &format!(
                "window.gui.state.history.moves.length === {n} && !window.gui.state.searching"
            ),
            60,
            "one engine turn",
        )
        .await;
    }
    // The engine panel redraws at most twice a second (so that clicks on it land): its text
    // is read once it has redrawn after the turn, not at the instant the turn arrives.
    b.wait(
        "/White:|Black:|proven/.test(document.getElementById('thinking').textContent)",
        5,
        "the engine's score shown for a named side",
    )
    .await;
    // Watch it play, pause it, then let it play to the end.
    b.click_control("#pause").await; // Resume
                                     // One more turn, then the pause: a game on side 5 may end early by two passes in a row,
                                     // and the pause must come before any end.
    b.wait(
        "window.gui.state.history.moves.length >= 3",
        60,
        "a third turn",
    )
    .await;
    b.click_control("#pause").await; // Pause
    b.wait(
        "window.gui.state.paused && !window.gui.state.searching",
        30,
        "the pause",
    )
    .await;
    assert_eq!(
        b.describe("result").await,
        "none",
        "the pause came before the game's end"
    );
    b.screenshot("guerrilla-engine-game.png").await;
    let n = b.moves().await.len();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(b.moves().await.len(), n, "no turn is played while paused");
    b.click_control("#pause").await; // Resume
    b.wait(
        "window.gui.state.describe.result !== 'none' && !window.gui.animating",
        180,
        "the end of the game",
    )
    .await;
    let text = b.text("status").await;
    assert!(text.starts_with("Game over"), "result: {text}");
    let counts = b.text("counts").await;
    assert!(
        counts.contains("White's score"),
        "the final count: {counts}"
    );
    assert!(
        text.contains("the turn limit was reached") || text.contains("two passes in a row"),
        "the reason: {text}"
    );
    assert!(
        b.text("result").await.starts_with(&text),
        "the banner and the status agree"
    );
    eprintln!("engine game: {text} after {} turns", b.moves().await.len());
    b.screenshots("wells-game-over").await;
}

pub async fn engine_restart(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "human"),
        ],
    ))
    .await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(1).await;
    let pid = b.js("return window.gui.state.engine.pid;").await;
    let pid = pid.as_u64().expect("an engine pid");
    let status = Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    b.wait(
        &format!("window.gui.state.engine.pid !== {pid} && window.gui.state.engine.restarts === 1"),
        30,
        "the engine's restart",
    )
    .await;
    let n = b.notice().await;
    assert!(n.contains("restarted"), "notice: {n}");
    assert_eq!(
        b.moves().await,
        vec!["D4D5"],
        "the game survives the restart"
    );
    b.play_step(&["d4", "c3"], "c3").await;
    b.wait_moves(2).await;
}

pub async fn engine_built_in(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "50"),
        ],
    ))
    .await;
    let command = b.js("return window.gui.state.engine.command;").await;
    assert!(
        command
            .as_str()
            .is_some_and(|c| c.ends_with("--engine-child")),
        "the built-in engine runs: {command}"
    );
    b.play_step(&["D4", "D5"], "D5").await;
    // The engine answers with COIN's turn.
    b.wait(
        "window.gui.state.history.moves.length === 2",
        60,
        "the engine's reply",
    )
    .await;
}

/// The server was started with `--max-sessions 4`: more are refused with a message, and closed
/// ones free their place.
pub async fn session_limit(b: &Browser) {
    let script = r#"
        const done = arguments[arguments.length - 1];
        (async () => {
          const ids = [], refusals = [];
          for (let i = 0; i < 5; i++) {
            const r = await fetch('/api/session', { method: 'POST' });
            const body = await r.json();
            if (r.status === 200) ids.push(body.id); else refusals.push(r.status + ' ' + body.error);
          }
          for (const id of ids) await fetch(`/api/session/${id}/close`, { method: 'POST' });
          const again = await fetch('/api/session', { method: 'POST' });
          const body = await again.json();
          if (body.id) await fetch(`/api/session/${body.id}/close`, { method: 'POST' });
          done({ opened: ids.length, refusals, again: again.status });
        })();
    "#;
    let v = b
        .client
        .execute_async(script, vec![])
        .await
        .expect("the session script");
    // This page holds one session: three more fit, the next two are refused.
    assert_eq!(v["opened"], json!(3), "{v}");
    let refusals = v["refusals"].as_array().cloned().unwrap_or_default();
    assert_eq!(refusals.len(), 2, "{v}");
    assert!(
        refusals[0].as_str().unwrap().starts_with("503")
            && refusals[0].as_str().unwrap().contains("maximum"),
        "{v}"
    );
    assert_eq!(
        v["again"],
        json!(200),
        "a closed session frees its place: {v}"
    );
}

pub async fn two_sessions(b1: &Browser, b2: &Browser, base: &str) {
    let url = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "human"),
        ],
    );
    b1.goto(&url).await;
    b2.goto(&url).await;
    let s1 = b1.js("return window.gui.session;").await;
    let s2 = b2.js("return window.gui.session;").await;
    assert_ne!(s1, s2);
    b1.play_step(&["D4", "D5"], "D5").await;
    b2.play_step(&["F6", "F7"], "F7").await;
    b1.wait_moves(1).await;
    b2.wait_moves(1).await;
    b1.play_step(&["d4", "c3"], "c3").await;
    b1.wait_moves(2).await;
    assert_eq!(b1.moves().await, vec!["D4D5", "d4xc3"]);
    assert_eq!(b2.moves().await, vec!["F6F7"]);
    assert_eq!(b2.describe("stones").await, "2");
    assert_eq!(b1.describe("stones").await, "1");
}

/// Each engine seat plays at its own level: `random` searches nothing (its report says `nodes
/// 0`), `full` searches; the page's controls, the URL and the state agree on the levels, and a
/// level set on the page reaches the next game.
pub async fn engine_strength(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "engine"),
            ("p2", "engine"),
            ("t1", "100"),
            ("t2", "100"),
            ("s1", "random"),
            ("paused", "1"),
        ],
    ))
    .await;
    b.wait(
        "window.gui.state && window.gui.state.players[0].strength === 'random' \
         && window.gui.state.players[1].strength === 'full'",
        30,
        "the seats' levels from the URL",
    )
    .await;
    assert_eq!(
        b.js("return [document.getElementById('p1-strength').value, document.getElementById('p2-strength').value];")
            .await,
        serde_json::json!(["random", "full"])
    );
    for (n, searched) in [(1, false), (2, true)] {
        b.click_control("#advance").await;
        b.wait(
            &format!(
                "window.gui.state.history.moves.length === {n} && !window.gui.state.searching \
                 && window.gui.state.thinking"
            ),
            60,
            "one engine turn",
        )
        .await;
        let nodes = b.js("return window.gui.state.thinking.nodes;").await;
        assert_eq!(
            nodes.as_u64().is_some_and(|k| k > 0),
            searched,
            "turn {n}: nodes {nodes}"
        );
    }
    // The page's control sets a seat's level for the next game (p1 a human, so nothing plays).
    let game_no = b.js("return window.gui.state.game_no;").await;
    b.js("document.getElementById('p1-kind').value = 'human'; \
          document.getElementById('p2-strength').value = 'greedy'; return null;")
        .await;
    b.new_game().await;
    b.wait(
        &format!(
            "window.gui.state.game_no !== {game_no} && window.gui.state.players[0].kind === 'human' \
             && window.gui.state.players[1].strength === 'greedy'"
        ),
        30,
        "the new game's levels",
    )
    .await;
    assert!(b.errors().await.is_empty(), "{:?}", b.errors().await);
}
