//! No traps: New game asks while a game is in progress and keeps the old one; the engine's
//! evaluation is hidden while a person plays it (a toggle shows it); an action on an earlier
//! position says it acts on the game as it stands; messages expire and successes are not
//! errors; refusals say what was wrong in a player's words; out-of-range settings are refused
//! visibly. Against the engine: Undo step after the engine's reply takes back to the player's
//! own last step and never leaves the game held with the engine to move; a paused game shows
//! Resume beside the status; Resign asks first; Abort drops a game that has hardly begun.

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
    // The engine's reply and the human's last step are taken back: the human is in that turn.
    b.wait(
        "window.gui.state.history.moves.length === 0 && window.gui.state.history.building.join() === 'D4'",
        30,
        "back to the Guerrilla's first stone",
    )
    .await;
    b.click_css("#takeback").await;
    b.wait_moves(0).await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(2).await;
    b.wait("!window.gui.state.searching", 30, "the engine's reply")
        .await;

    // A success is not styled as an error, and a notice goes away by itself.
    b.js("document.getElementById('p2-kind').value = 'engine'; return 0;")
        .await;
    b.click_control("#apply-players").await;
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
    b.click_control("#apply-players").await;
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
    b.click_control("#import").await;
    let n = b.notice().await;
    assert!(
        n.contains("'hello'") && n.contains("not a legal move") && !n.contains("lost by"),
        "notice: {n}"
    );
    assert_eq!(b.moves().await, before);
    b.hide_notice().await;

    // New game while a game is in progress: asked; No keeps it; Yes starts another and the
    // old one stays in My games.
    b.click_control("#new-game").await;
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
    b.click_control("#new-game").await;
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

/// Whether the game is held: paused, or the engine to move at a turn's start and not thinking.
const HELD: &str = "window.gui.state.paused || (window.gui.state.describe.tomove === 'p2' \
    && window.gui.state.describe.turnstart === 'true' && !window.gui.state.searching \
    && window.gui.state.describe.result === 'none')";

/// Against the engine on a phone: Undo step after the engine's reply, again and again, and the
/// engine still answers; Pause shows Resume beside the status, in view; Resign asks first and
/// ends the game; Abort, on a game the engine opened, drops it from My games.
pub async fn undo_resign_abort(b: &Browser, base: &str) {
    b.set_size(360, 740).await;
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
    let replied = "window.gui.state.history.moves.length === 2 && !window.gui.state.searching && !window.gui.animating";
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait(replied, 30, "the engine's reply").await;
    // Undo step after the engine's reply: back to the Guerrilla's first stone, the engine's
    // turn gone with it, nothing held.
    b.click_css("#undo").await;
    b.wait(
        "window.gui.state.history.moves.length === 0 && window.gui.state.history.building.join() === 'D4'",
        30,
        "back to the player's first stone",
    )
    .await;
    assert_eq!(b.js(&format!("return {HELD};")).await, json!(false));
    let status = b.text("status").await;
    assert!(!status.contains("paused"), "status: {status}");
    b.screenshot("undo-after-reply-360.png").await;
    // The second stone again: the engine answers.
    b.play_step(&["D5"], "D5").await;
    b.wait(replied, 30, "the engine's second reply").await;
    // Twice, then the whole turn again: the engine still answers.
    b.click_css("#undo").await;
    b.wait(
        "window.gui.state.history.building.join() === 'D4'",
        30,
        "one step back",
    )
    .await;
    b.click_css("#undo").await;
    b.wait(
        "window.gui.state.history.moves.length === 0 && window.gui.state.history.building.length === 0",
        30,
        "the start",
    )
    .await;
    b.play_step(&["E4", "E5"], "E5").await;
    b.wait(replied, 30, "the engine's reply after two undos")
        .await;
    assert_eq!(b.js(&format!("return {HELD};")).await, json!(false));

    // Paused: Resume beside the status, in view on the phone, and it resumes.
    b.click_control("#pause").await;
    b.wait("window.gui.state.paused", 10, "paused").await;
    b.wait(
        "!document.getElementById('status-resume').hidden",
        10,
        "Resume beside the status",
    )
    .await;
    assert!(b.in_view("#status-resume").await, "Resume in view");
    let beside = b
        .js(
            "const r = document.getElementById('status-resume').getBoundingClientRect(), \
                 s = document.getElementById('status').getBoundingClientRect(); \
             return r.top < s.bottom && r.left >= s.right - 1;",
        )
        .await;
    assert_eq!(beside, json!(true), "Resume beside the status");
    b.screenshots("paused-resume").await;
    b.set_size(360, 740).await;
    b.click_css("#status-resume").await;
    b.wait(
        "!window.gui.state.paused && document.getElementById('status-resume').hidden",
        10,
        "resumed",
    )
    .await;

    // Resign: asked first; Play on keeps the game, Resign ends it, COIN winning.
    assert_eq!(
        b.count("#abort:not([hidden])").await,
        0,
        "no Abort after a turn each"
    );
    b.click_css("#resign-engine").await;
    b.wait("document.getElementById('ask').open", 10, "the question")
        .await;
    let q = b.text("ask-text").await;
    assert!(q.contains("Resign") && q.contains("COIN"), "question: {q}");
    b.click_css("#ask-no").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(b.describe("result").await, "none", "Play on keeps the game");
    b.click_css("#resign-engine").await;
    b.wait("document.getElementById('ask').open", 10, "the question")
        .await;
    b.click_css("#ask-yes").await;
    b.wait(
        "window.gui.state.describe.result === 'p2win' && window.gui.state.describe.reason === 'resignation'",
        10,
        "the game resigned",
    )
    .await;
    let banner = b.text("status").await;
    assert!(banner.contains("COIN wins"), "banner: {banner}");
    assert_eq!(b.count("#resign-engine:not([hidden])").await, 0);
    b.screenshots("resigned").await;

    // Abort: the engine plays the Guerrilla and opens; after its one turn the game is dropped
    // and a new one begins with the same players.
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "engine"),
            ("t1", "100"),
            ("p2", "human"),
        ],
    ))
    .await;
    b.set_size(360, 740).await;
    b.wait_moves(1).await;
    b.wait("!window.gui.animating", 10, "the engine's turn shown")
        .await;
    // kept first (My games lists a game once a turn is played)
    b.wait("window.gui.state.public", 10, "the game kept").await;
    let public = b.js("return window.gui.state.public;").await;
    let game_no = b.js("return window.gui.state.game_no;").await;
    b.click_css("#abort").await;
    b.wait("document.getElementById('ask').open", 10, "the question")
        .await;
    b.click_css("#ask-yes").await;
    b.wait(
        &format!("window.gui.state.game_no > {game_no}"),
        10,
        "a new game",
    )
    .await;
    let n = b.notice().await;
    assert!(n.contains("aborted"), "notice: {n}");
    let players = b
        .js("return window.gui.state.players.map((p) => p.kind);")
        .await;
    assert_eq!(players, json!(["engine", "human"]), "the same players");
    let listed = b
        .js(&format!(
            "return fetch('/api/mine?browser=' + localStorage.getItem('guerrilla-web-browser')) \
               .then((r) => r.json()).then((l) => l.some((g) => g.public === {public}));"
        ))
        .await;
    assert_eq!(listed, json!(false), "an aborted game is not in My games");
    b.set_size(1400, 1000).await;
}
