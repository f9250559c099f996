//! A third game the adapter has never heard of: the engine's tic-tac-toe (`guerrilla
//! --test-games`) chosen in the page's Game control and played by clicks to its end, through the
//! same pages as the real two. Nothing of the page or the server names it: the catalogue, the
//! board, the move list and the banner all come from what the engine tells (`ugi`, `about`,
//! `geometry`, `describe`).

use std::path::Path;

use fantoccini::Locator;

use crate::harness::{start_server_with, temp_database, Browser};

/// Starts a server whose engine is the `guerrilla` binary built beside `exe` with its test games
/// on (the engine built into the server offers only the real games), and plays tic-tac-toe.
pub async fn tictactoe(b: &Browser, exe: &Path) {
    let engine = exe.with_file_name(format!("guerrilla{}", std::env::consts::EXE_SUFFIX));
    assert!(
        engine.is_file(),
        "{} is not built: cargo build --release -p guerrilla (cargo test --release at the root \
         builds it)",
        engine.display()
    );
    let db = temp_database("third-game");
    let (_server, base) = start_server_with(
        exe,
        &[
            "--port",
            "0",
            "--max-sessions",
            "2",
            "--database",
            &db.to_string_lossy(),
            "--engine",
            &engine.to_string_lossy(),
            "--engine-arg",
            "--test-games",
        ],
    );
    b.goto(&base).await;
    // The Game control offers the engine's third game by the title its `about` gives.
    let title = b
        .js("const o = document.querySelector('#game option[value=\"tictactoe\"]'); return o && o.textContent;")
        .await;
    assert_eq!(title.as_str(), Some("Tic-tac-toe"), "the game offered");
    // Chosen by the controls as a player does: the game, two humans, New game.
    for (id, value) in [
        ("game", "tictactoe"),
        ("p1-kind", "human"),
        ("p2-kind", "human"),
    ] {
        b.client
            .find(Locator::Id(id))
            .await
            .unwrap_or_else(|e| panic!("the control #{id}: {e}"))
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("{value} in #{id}: {e}"));
    }
    b.new_game().await;
    b.wait(
        "window.gui.state.game === 'tictactoe' && window.gui.state.history.moves.length === 0 \
         && document.querySelectorAll('#board .hit').length === 9",
        60,
        "a new game of tic-tac-toe",
    )
    .await;
    let names = b
        .js("return [...document.querySelectorAll('#board .hit')].map((h) => h.dataset.name).sort();")
        .await;
    assert_eq!(
        names,
        serde_json::json!(["0", "1", "2", "3", "4", "5", "6", "7", "8"]),
        "the board's 9 points"
    );
    // x takes the top row while o plays the middle one: each click is a whole turn.
    let turns = ["0", "3", "1", "4", "2"];
    for (k, cell) in turns.iter().enumerate() {
        b.click_name(cell).await;
        b.wait_moves(k + 1).await;
    }
    assert_eq!(b.moves().await, turns, "the turns in the game");
    let listed = b
        .js("return [...document.querySelectorAll('#moves li')].map((li) => li.textContent).join(' ');")
        .await;
    let listed = listed.as_str().unwrap_or("").to_string();
    for cell in turns {
        assert!(
            listed.split_whitespace().any(|w| w.contains(cell)),
            "{cell} in the move list: {listed}"
        );
    }
    // The end: the result, the status and the banner.
    b.wait(
        "window.gui.state.describe.result === 'p1win' && !window.gui.animating",
        30,
        "x's win",
    )
    .await;
    let status = b.text("status").await;
    assert!(status.starts_with("Game over"), "status: {status}");
    // Why, in the words the engine announced for its reason (`about`'s `reason` line).
    assert_eq!(b.describe("reason").await, "three-in-a-row");
    assert!(status.contains("three in a row"), "the reason: {status}");
    // Each mark is drawn on the cell clicked: the board's cells say what they hold.
    let labels = b
        .js("return [...document.querySelectorAll('#board .hit')].map((h) => h.getAttribute('aria-label')).sort().join('|');")
        .await;
    let labels = labels.as_str().unwrap_or("").to_string();
    for (cell, holds) in [
        ("0", "cross"),
        ("1", "cross"),
        ("2", "cross"),
        ("3", "nought"),
        ("4", "nought"),
        ("6", "empty"),
        ("8", "empty"),
    ] {
        assert!(
            labels
                .split('|')
                .any(|l| l.starts_with(&format!("{cell}: ")) && l.contains(holds)),
            "cell {cell} holds {holds}: {labels}"
        );
    }
    let banner = b.text("result").await;
    assert!(
        !banner.is_empty() && banner.starts_with(&status),
        "the banner: {banner}"
    );
    // Tic-tac-toe counts nothing, so the line of final counts stays empty (no bare label).
    assert_eq!(
        b.text("counts").await,
        "",
        "the counts line of a game without counts"
    );
    let shown = b
        .js("const s = document.getElementById('status').getBoundingClientRect(); return s.width > 0 && s.height > 0 && s.top >= 0 && s.bottom <= innerHeight;")
        .await;
    assert_eq!(shown, serde_json::json!(true), "the banner is in view");
    assert!(
        b.errors().await.is_empty(),
        "errors: {:?}",
        b.errors().await
    );
    // The notice of the new game expires, leaving the banner at the top of the board.
    b.wait(
        "document.getElementById('notice').hidden",
        20,
        "the notice gone",
    )
    .await;
    b.screenshot("tictactoe-1400.png").await;
}
