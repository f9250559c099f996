//! No traps: New game asks while a game is in progress and keeps the old one; the engine's
//! evaluation is hidden while a person plays it (a toggle shows it); an action on an earlier
//! position says it acts on the game as it stands; messages expire and successes are not
//! errors; refusals say what was wrong in a player's words; out-of-range settings are refused
//! visibly.

use std::time::Duration;

use fantoccini::Locator;
use serde_json::json;

use crate::harness::{url_with, Browser};

pub async fn traps(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "100"),
        ],
    ))
    .await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(2).await;
    b.wait(
        "!window.gui.state.searching && !window.gui.animating",
        30,
        "the engine's reply",
    )
    .await;
    // The engine's score and line are hidden while a person plays it; the toggle shows them.
    let panel = b.text("thinking").await;
    assert!(
        panel.contains("hidden") && !panel.contains("line:"),
        "the engine's evaluation is hidden during play: {panel}"
    );
    b.click_css("#show-eval").await;
    let panel = b.text("thinking").await;
    assert!(
        panel.contains("COIN:") && panel.contains("line:"),
        "shown on demand: {panel}"
    );
    b.click_css("#show-eval").await;

    // Undo step while an earlier position is shown: back to the game, said so.
    b.click_css("#nav-first").await;
    b.wait("document.body.dataset.view === '0'", 10, "the start shown")
        .await;
    b.click_css("#undo").await;
    b.wait(
        "document.body.dataset.view === ''",
        10,
        "the game as it stands",
    )
    .await;
    let n = b.notice().await;
    assert!(n.contains("Back to the game"), "notice: {n}");
    b.wait_moves(1).await;
    b.click_css("#takeback").await;
    b.wait_moves(0).await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(2).await;
    b.wait("!window.gui.state.searching", 30, "the engine's reply")
        .await;

    // A success is not styled as an error, and a notice goes away by itself.
    b.js("document.getElementById('p2-kind').value = 'engine'; return 0;")
        .await;
    b.click_css("#apply-players").await;
    b.wait(
        "!document.getElementById('notice').hidden",
        10,
        "the notice",
    )
    .await;
    let class = b
        .js("return document.getElementById('notice').className;")
        .await;
    assert_eq!(class, json!("success"), "players set is a success");
    b.wait(
        "document.getElementById('notice').hidden",
        8,
        "the notice to expire",
    )
    .await;

    // Out-of-range think time: refused, visibly; nothing sent.
    let t = b.client.find(Locator::Id("p2-time")).await.unwrap();
    t.clear().await.unwrap();
    t.send_keys("-100").await.unwrap();
    b.click_css("#apply-players").await;
    let n = b.notice().await;
    assert!(
        n.contains("think time") && n.contains("10 to 600000") && n.contains("-100"),
        "notice: {n}"
    );
    assert_eq!(
        b.js("return document.getElementById('p2-time').classList.contains('invalid');")
            .await,
        json!(true)
    );
    assert_eq!(
        b.js("return window.gui.state.players[1].movetime;").await,
        json!(100)
    );
    t.clear().await.unwrap();
    t.send_keys("100").await.unwrap();
    b.hide_notice().await;

    // A refused click says why in a player's words.
    b.click_name("B8").await;
    let n = b.notice().await;
    assert!(
        n.contains("B8 cannot be played now") && n.contains("marked"),
        "notice: {n}"
    );
    b.hide_notice().await;
    crate::play::play_pair(b, crate::play::By::Click).await;
    b.wait_moves(4).await;
    b.wait(
        "!window.gui.state.searching && !window.gui.animating",
        30,
        "the engine's reply",
    )
    .await;

    // Nonsense pasted into Import: refused in a player's words, nothing changes.
    let before = b.moves().await;
    b.js("document.getElementById('record-text').value = 'hello world'; return 0;")
        .await;
    b.click_css("#import").await;
    let n = b.notice().await;
    assert!(
        n.contains("'hello'") && n.contains("not a legal move") && !n.contains("lost by"),
        "notice: {n}"
    );
    assert_eq!(b.moves().await, before);
    b.hide_notice().await;

    // New game while a game is in progress: asked; No keeps it; Yes starts another and the
    // old one stays in My games.
    b.click_css("#new-game").await;
    b.wait("document.getElementById('ask').open", 10, "the question")
        .await;
    let q = b.text("ask-text").await;
    assert!(
        q.contains("in progress") && q.contains("My games"),
        "question: {q}"
    );
    b.click_css("#ask-no").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(b.moves().await, before, "the game is kept");
    b.click_css("#new-game").await;
    b.wait("document.getElementById('ask').open", 10, "the question")
        .await;
    let public = b.js("return window.gui.state.public;").await;
    b.click_css("#ask-yes").await;
    b.wait_moves(0).await;
    // … in My games (one list: the server's games, then any the browser alone kept) …
    let turns = format!("{} turns", before.len());
    let old = format!(
        "[...document.querySelectorAll('#my-games li')].find((li) => li.dataset.public === {public} && li.textContent.includes('{turns}'))"
    );
    b.wait(&old, 30, "the old game in My games").await;
    assert_eq!(
        b.count("#saved").await,
        0,
        "no second list of the same games"
    );
    // … and opens again.
    b.js(&format!(
        "{old}.querySelector('a.button[href*=\\'replay\\']').click(); return 0;"
    ))
    .await;
    b.wait(
        &format!(
            "window.gui && window.gui.state && window.gui.state.history.moves.length === {}",
            before.len()
        ),
        60,
        "the old game opened again",
    )
    .await;
    assert_eq!(b.moves().await, before);
    b.hide_notice().await;
}
