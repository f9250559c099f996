//! The game as a whole and input that cannot go wrong: double clicks, a forced decision waiting
//! for Confirm, moving through the move list, a reload, export and import, an analysis.

use fantoccini::Locator;

use crate::games::url;
use crate::harness::{url_with, Browser};

/// The Guerrilla to move with a stone on B3: a first stone on B2 leaves C2 the only point for
/// the second, which the engine places by itself.
pub const FORCED_SECOND: &str = "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/1G7/9/9 65 G -";

pub async fn double_click(b: &Browser, base: &str) {
    b.goto(&url(base, "guerrilla-checkers", None)).await;
    // A real double click on the first stone's point: one step is sent.
    b.double_click_name("D4").await;
    b.wait(
        "window.gui.state.history.building.length === 1",
        30,
        "the first stone",
    )
    .await;
    // Two clicks in one go on the second point (the second while the first is under way).
    b.js(
        "const h = document.querySelector('#board .hit[data-name=\"D5\"]'); \
          h.dispatchEvent(new MouseEvent('click', {bubbles: true})); \
          h.dispatchEvent(new MouseEvent('click', {bubbles: true})); return 0;",
    )
    .await;
    b.wait_moves(1).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(b.moves().await, vec!["D4D5"]);
    assert!(
        b.errors().await.is_empty(),
        "no error: {:?}",
        b.errors().await
    );
}

pub async fn forced_decision(b: &Browser, base: &str) {
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("fen", FORCED_SECOND),
            ("confirm", "1"),
        ],
    ))
    .await;
    b.play_step(&["B2"], "B2").await;
    b.wait(
        "window.gui.state.awaiting_confirm === 'B2C2'",
        30,
        "the turn waiting",
    )
    .await;
    let status = b.text("status").await;
    assert!(
        status.contains("Guerrilla: your turn B2C2 is complete"),
        "status: {status}"
    );
    assert!(
        b.text("turn-line").await.contains("C2"),
        "the forced stone is named"
    );
    // The forced stone is shown placed step by step first, then marked as chosen by itself.
    b.wait(
        "!window.gui.animating && document.querySelectorAll('#board .mark.auto[data-mark=\"C2\"]').length === 1",
        10,
        "C2 shown as chosen by itself",
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert_eq!(
        b.js("return window.gui.state.searching;").await,
        false,
        "the engine waits"
    );
    // A click on the forced point is the player's Confirm.
    b.click_name("C2").await;
    b.wait(
        "window.gui.state.awaiting_confirm === null",
        30,
        "the confirmation",
    )
    .await;
    b.wait_moves(2).await; // the engine replies
    assert!(
        b.errors().await.is_empty(),
        "no error: {:?}",
        b.errors().await
    );
    // Engine turn on a human's turn says why not.
    b.click_control("#advance").await;
    let n = b.notice().await;
    assert!(n.contains("human"), "notice: {n}");
    b.hide_notice().await;
}

/// Three turns, then back and forth through them, a reload, and export/import.
pub async fn move_list_reload_records(b: &Browser, base: &str) {
    b.goto(&url(base, "guerrilla-checkers", None)).await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(1).await;
    b.play_step(&["d4", "c3"], "c3").await;
    b.wait_moves(2).await;
    b.play_step(&["E5", "E6"], "E6").await;
    b.wait_moves(3).await;
    b.wait(
        "document.querySelectorAll('#moves .move[data-ply]').length === 3",
        10,
        "the move list",
    )
    .await;
    assert_eq!(b.count("#moves .round").await, 2, "two rounds");
    // The start: no stone on the board, read-only.
    b.click_css("#nav-first").await;
    b.wait("document.body.dataset.view === '0'", 10, "the start shown")
        .await;
    assert_eq!(b.count("#board .piece.c-black[data-piece]").await, 0);
    assert!(b.text("status").await.contains("read-only"));
    b.click_name("F6").await;
    assert!(b.notice().await.contains("earlier position"));
    b.hide_notice().await;
    // → one turn on: D4 and D5.
    b.js("document.body.focus(); return 0;").await;
    b.client
        .find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys("\u{E014}")
        .await
        .unwrap();
    b.wait(
        "document.body.dataset.view === '1' && !window.gui.animating",
        10,
        "the first turn shown",
    )
    .await;
    assert_eq!(b.count("#board .piece.c-black[data-piece]").await, 2);
    // A click on COIN's move: the capture, marked.
    b.click_css("#moves .move[data-ply=\"2\"]").await;
    b.wait(
        "document.body.dataset.view === '2' && !window.gui.animating",
        10,
        "the second turn shown",
    )
    .await;
    assert_eq!(b.count("#board [data-removed=\"D4\"]").await, 1);
    b.click_css("#nav-next").await;
    b.wait(
        "document.body.dataset.view === '' && !window.gui.animating",
        10,
        "the game as it stands",
    )
    .await;
    assert_eq!(b.count("#board .piece.c-black[data-piece]").await, 3);

    // A reload keeps the game.
    let session = b.js("return window.gui.session;").await;
    b.client.refresh().await.unwrap();
    b.wait("window.gui.state && window.gui.state.geometry && window.gui.state.timeline.plies.length === 3", 30, "the reloaded game").await;
    assert_eq!(b.js("return window.gui.session;").await, session);
    assert_eq!(b.moves().await, vec!["D4D5", "d4xc3", "E5E6"]);
    // A reload after the server closed the session: the server revives it from its database,
    // under the same id.
    let id = session.as_str().unwrap().to_string();
    b.js(&format!(
        "fetch('/api/session/{id}/close', {{method: 'POST'}}); return 0;"
    ))
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    b.client.refresh().await.unwrap();
    b.wait(&format!("window.gui.state && window.gui.session === '{id}' && window.gui.state.history.moves.length === 3 \
                     && window.gui.state.messages.some((m) => m.text.includes('restored from the server'))"), 30, "the game set up again").await;
    assert_eq!(b.moves().await, vec!["D4D5", "d4xc3", "E5E6"]);

    // Export the position string and the game; a new game; import each back.
    let fen = b.js("return window.gui.state.fen;").await;
    b.click_control("#export-position").await;
    assert_eq!(
        b.js("return document.getElementById('record-text').value;")
            .await,
        fen
    );
    b.click_control("#export-game").await;
    let record = b
        .js("return document.getElementById('record-text').value;")
        .await;
    let record = record.as_str().unwrap().to_string();
    assert!(
        record.contains("[Variant \"guerrilla-checkers\"]")
            && record.contains("[White \"human\"]")
            && record.contains("[PlyCount \"3\"]")
            && record.contains("[Termination \"unterminated\"]")
            && record.contains("\n\n1. D4D5 d4xc3 2. E5E6 *\n"),
        "record: {record}"
    );
    replayed_clean_by_the_arena(&record);
    b.new_game().await;
    b.wait_moves(0).await;
    let area = b.client.find(Locator::Id("record-text")).await.unwrap();
    area.clear().await.unwrap();
    area.send_keys(fen.as_str().unwrap()).await.unwrap();
    b.click_control("#import").await;
    b.wait(
        &format!("window.gui.state.fen === {fen}"),
        30,
        "the imported position",
    )
    .await;
    b.js(&format!(
        "document.getElementById('record-text').value = {}; return 0;",
        serde_json::json!(record)
    ))
    .await;
    b.click_control("#import").await;
    b.wait(
        "window.gui.state.history.moves.length === 3",
        30,
        "the imported game",
    )
    .await;
    assert_eq!(b.moves().await, vec!["D4D5", "d4xc3", "E5E6"]);
    assert_eq!(
        b.js("return window.gui.state.fen;").await,
        fen,
        "the same position"
    );
    b.hide_notice().await;
}

pub async fn analysis(b: &Browser, base: &str) {
    b.goto(&url(base, "guerrilla-checkers", None)).await;
    b.click_css("#analyse").await;
    b.wait("window.gui.state.searching && window.gui.state.thinking && window.gui.state.thinking.score !== undefined", 30, "the analysis").await;
    // The panel draws the engine's reports at most twice a second.
    b.wait(
        "document.getElementById('thinking').textContent.includes('Guerrilla:')",
        5,
        "the score in the engine panel",
    )
    .await;
    let t = b.text("thinking").await;
    assert!(
        t.contains("analysis") && t.contains("Guerrilla:"),
        "engine panel: {t}"
    );
    // The evaluation bar, from the Guerrilla's side (p1), agrees with the score; flipped, from
    // COIN's; the engine's best turn is marked on the board.
    b.wait(
        "!document.getElementById('eval-bar').hidden && document.querySelectorAll('#board .hint-ring').length >= 1",
        30,
        "the evaluation bar and the best turn marked",
    )
    .await;
    let bar = b
        .js("const bar = document.getElementById('eval-bar'), t = window.gui.state.thinking; \
             const before = {side: bar.dataset.side, share: Number(bar.dataset.share), score: Number(t.score), of: t.side, \
                             height: document.getElementById('eval-fill').getBoundingClientRect().height / bar.getBoundingClientRect().height}; \
             document.getElementById('flip').click(); \
             const after = {side: bar.dataset.side, share: Number(bar.dataset.share)}; \
             document.getElementById('flip').click(); \
             return {before, after};")
        .await;
    eprintln!("evaluation bar: {bar}");
    let (before, after) = (&bar["before"], &bar["after"]);
    assert_eq!(before["side"], "Guerrilla");
    assert_eq!(after["side"], "COIN");
    let share = before["share"].as_f64().unwrap();
    let score = before["score"].as_f64().unwrap();
    let p1 = if before["of"] == "p1" { score } else { -score };
    assert!(
        (share - (1.0 + p1) / 2.0).abs() < 0.001,
        "the bar shows the score: {bar}"
    );
    assert!(
        (before["height"].as_f64().unwrap() - share).abs() < 0.02,
        "the bar is filled to its share: {bar}"
    );
    assert!(
        (after["share"].as_f64().unwrap() - (1.0 - share)).abs() < 0.001,
        "flipped, the other side's share: {bar}"
    );
    b.screenshots("checkers-analysis-eval-bar").await;
    b.click_css("#analyse").await;
    b.wait(
        "!window.gui.state.searching && window.gui.state.analysing === null",
        30,
        "the analysis stopped",
    )
    .await;
    assert!(b.moves().await.is_empty(), "an analysis plays nothing");

    // The engine's reply leaves its score and line; an undo clears them (they were of a
    // position that is gone).
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "200"),
        ],
    ))
    .await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait(
        "window.gui.state.history.moves.length === 2 && !window.gui.state.searching",
        60,
        "the engine's reply",
    )
    .await;
    // Hidden while a person plays the engine, shown when asked for.
    let t = b.text("thinking").await;
    assert!(t.contains("hidden"), "engine panel: {t}");
    b.click_css("#show-eval").await;
    let t = b.text("thinking").await;
    assert!(
        t.contains("COIN") && t.contains("line:"),
        "engine panel: {t}"
    );
    b.click_css("#show-eval").await;
    b.click_css("#undo").await;
    b.wait(
        "window.gui.state.thinking === null",
        30,
        "the engine's line cleared",
    )
    .await;
    assert_eq!(b.text("thinking").await, "—", "the engine panel after undo");

    // Set players acts and says what it did: COIN is now a human's.
    b.js("document.getElementById('p2-kind').value = 'human'; return 0;")
        .await;
    b.click_control("#apply-players").await;
    b.wait(
        "window.gui.state.players[1].kind === 'human'",
        30,
        "the players set",
    )
    .await;
    let n = b.notice().await;
    assert!(n.contains("COIN human"), "notice: {n}");
    b.hide_notice().await;
}

/// The web GUI's exported game replayed by `guerrilla-arena replay` (one records format for
/// every writer and reader): the arena binary is the one built beside this server.
pub fn replayed_clean_by_the_arena(record: &str) {
    let arena = std::path::PathBuf::from(env!("CARGO_BIN_EXE_guerrilla-web"))
        .with_file_name(format!("guerrilla-arena{}", std::env::consts::EXE_SUFFIX));
    assert!(
        arena.exists(),
        "{} is not built: cargo build --release -p guerrilla-arena (cargo test --release at the \
         root builds it)",
        arena.display()
    );
    let file =
        std::env::temp_dir().join(format!("guerrilla-web-export-{}.rec", std::process::id()));
    std::fs::write(&file, record).unwrap();
    let out = std::process::Command::new(&arena)
        .arg("replay")
        .arg(&file)
        .output()
        .expect("run guerrilla-arena replay");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("replayed 1 games: 1 clean"),
        "guerrilla-arena replay of the exported record:\n{record}\n{text}"
    );
    let _ = std::fs::remove_file(&file);
}
