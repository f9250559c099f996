//! Games kept and records written as a player expects: a Replay (or someone's replay link)
//! never adds a copy to My games, New game from a Replay is a live game, the record's `FEN` tag
//! only for a start other than the standard one; and the board by keyboard: a visible focus
//! ring on the focused cell, and no tab stop that does nothing.

use serde_json::{json, Value};

use crate::games::COIN_DOUBLE;
use crate::harness::{url_with, Browser};

/// Guerrilla Checkers, the Guerrilla a human's, COIN the engine's with a short think time.
fn against_engine(base: &str, extra: &[(&str, &str)]) -> String {
    let mut q = vec![
        ("game", "guerrilla-checkers"),
        ("p1", "human"),
        ("p2", "engine"),
        ("t2", "60"),
    ];
    q.extend_from_slice(extra);
    url_with(base, &q)
}

/// The server's My games of this browser, fetched now: `[public id, turns, result]` each.
async fn my_games(b: &Browser) -> Vec<Value> {
    b.js("window.mineNow = null; \
         fetch('/api/mine?browser=' + localStorage.getItem('guerrilla-web-browser')) \
           .then((r) => r.json()).then((j) => { window.mineNow = j; }); return 0;")
        .await;
    b.wait(
        "Array.isArray(window.mineNow)",
        10,
        "My games from the server",
    )
    .await;
    let v = b
        .js("return window.mineNow.map((g) => [g.public, g.moves.length, g.result]);")
        .await;
    v.as_array().cloned().unwrap_or_default()
}

/// The game record the Game record button writes.
async fn exported(b: &Browser) -> String {
    b.click_control("#export-game").await;
    let v = b
        .js("return document.getElementById('record-text').value;")
        .await;
    v.as_str().unwrap_or("").to_string()
}

/// My games without copies, a live game from a Replay, `FEN` only for another start.
pub async fn kept_games(b: &Browser, base: &str) {
    b.set_size(1400, 1000).await;
    b.goto(&against_engine(base, &[])).await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(2).await;
    let record = exported(b).await;
    assert!(
        !record.contains("[FEN ") && !record.contains("[SetUp "),
        "no FEN for the standard start:\n{record}"
    );
    assert!(record.contains("1. D4D5 "), "{record}");
    // The game is kept once, on the server.
    let public = b.js("return window.gui.state.public;").await;
    let public = public.as_str().expect("the game's public id").to_string();
    b.wait(
        &format!("window.gui.state.public === '{public}'"),
        10,
        "kept",
    )
    .await;
    let before = my_games(b).await;
    assert_eq!(
        before
            .iter()
            .filter(|g| g[0] == json!(public.clone()))
            .count(),
        1,
        "{before:?}"
    );
    // Its replay link (a Replay, or someone's shared link) shows it from its start and keeps
    // no copy of it, here or in the browser's own list.
    b.goto(&format!("{base}/?replay={public}")).await;
    b.wait(
        "window.gui.state.history.moves.length === 2 && document.body.dataset.view === '0'",
        30,
        "the replay from its start",
    )
    .await;
    assert_eq!(b.js("return window.gui.state.replay;").await, json!(true));
    // a turn shown on: the replay is still that game
    b.click_css("#nav-next").await;
    b.wait(
        "document.body.dataset.view === '1'",
        10,
        "the first turn shown",
    )
    .await;
    let after = my_games(b).await;
    assert_eq!(after.len(), before.len(), "no copy: {before:?} → {after:?}");
    let copies = b
        .js("return window.gui.mine.list.length + document.querySelectorAll('#my-games [data-saved]').length;")
        .await;
    assert_eq!(
        copies,
        json!(before.len()),
        "My games lists every game once"
    );
    let record = exported(b).await;
    assert!(!record.contains("[FEN "), "a replay's record:\n{record}");
    b.screenshots("kept-replay").await;
    // New game from the replay: a live game, its legal targets shown.
    b.new_game().await;
    b.wait(
        "window.gui.state.history.moves.length === 0 && document.body.dataset.view === '' \
         && !document.getElementById('status').textContent.includes('read-only') \
         && document.querySelectorAll('#board .mark.target-dot').length > 0",
        30,
        "a live new game with its targets",
    )
    .await;
    assert_eq!(b.js("return window.gui.state.replay;").await, json!(false));
    b.screenshots("kept-new-after-replay").await;
    b.play_step(&["E4", "E5"], "E5").await;
    b.wait_moves(2).await;
    b.wait("window.gui.state.public !== null", 10, "the new game kept")
        .await;
    let last = my_games(b).await;
    assert_eq!(last.len(), before.len() + 1, "{last:?}");
    // Another start: its position is written.
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "human"),
            ("fen", COIN_DOUBLE),
        ],
    ))
    .await;
    let record = exported(b).await;
    assert!(
        record.contains(&format!("[FEN \"{COIN_DOUBLE}\"]")) && record.contains("[SetUp \"1\"]"),
        "{record}"
    );
}

/// The board by keyboard: every tab stop before the board is a control, the board is one tab
/// stop (a cell), and the focused cell wears a ring that shows, at 1400 and 360 px.
pub async fn focus_ring(b: &Browser, base: &str) {
    for (w, h) in [(1400, 1000), (360, 740)] {
        b.set_size(w, h).await;
        b.goto(&against_engine(base, &[])).await;
        b.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); return 0;")
            .await;
        let mut stops = Vec::new();
        for _ in 0..40 {
            b.keys("\u{E004}").await;
            let stop = b
                .js("const a = document.activeElement; \
                     return a ? [a.tagName.toLowerCase(), a.id || '', a.getAttribute('class') || ''].join(':') : '';")
                .await;
            let stop = stop.as_str().unwrap_or("").to_string();
            let cell = stop.contains(":hit");
            stops.push(stop);
            if cell {
                break;
            }
        }
        assert!(
            stops.last().is_some_and(|s| s.contains(":hit")),
            "{w} px: Tab reaches the board: {stops:?}"
        );
        for s in &stops {
            let tag = s.split(':').next().unwrap_or("");
            assert!(
                ["button", "select", "input", "a", "summary", "textarea", "circle", "rect"]
                    .contains(&tag),
                "{w} px: a tab stop that is no control: {s} in {stops:?}"
            );
        }
        // the focused cell shows a ring: a stroke of its own, not the transparent hit area
        let ring = b
            .js(
                "const a = document.activeElement; const c = getComputedStyle(a); \
                 return [c.stroke, c.strokeWidth, a.matches(':focus-visible')];",
            )
            .await;
        assert!(
            ring[0].as_str().is_some_and(|s| s != "none") && ring[2] == json!(true),
            "{w} px: the focused cell's ring: {ring}"
        );
        // one arrow press moves the ring; Tab leaves the board at once (one stop)
        b.keys("\u{E014}").await;
        let moved = b
            .js("const a = document.activeElement; return a.classList.contains('hit') && getComputedStyle(a).stroke !== 'none';")
            .await;
        assert_eq!(moved, json!(true), "{w} px: the ring follows the arrow key");
        b.screenshot(&format!("focus-ring-{w}.png")).await;
        b.keys("\u{E004}").await;
        let next = b
            .js("return document.activeElement.classList.contains('hit');")
            .await;
        assert_eq!(next, json!(false), "{w} px: the board is one tab stop");
    }
    b.set_size(1400, 1000).await;
}
