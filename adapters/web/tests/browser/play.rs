//! Playing against the engine as a player does: a whole game on a phone whose status stays in
//! view, an engine turn shown step by step, removal marks that an analysis does not reset, a
//! hint (and an analysis) then a move that the engine answers, a one-click takeback, and a few
//! turns played by keyboard alone.

use std::time::Duration;

use serde_json::{json, Value};

use crate::games::COIN_DOUBLE;
use crate::harness::{url_with, Browser};
use crate::layout::board_box;

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

/// Waits until it is the human's turn (or the game is over) and no turn is being shown.
async fn wait_for_human(b: &Browser) {
    b.wait(
        "!window.gui.animating && !window.gui.state.searching && (window.gui.state.describe.result !== 'none' \
         || (window.gui.state.describe.tomove === 'p1' && window.gui.state.describe.turnstart === 'true'))",
        60,
        "the human's turn",
    )
    .await;
}

/// The first cell the board marks as a legal choice now.
async fn first_target(b: &Browser) -> String {
    b.wait(
        "document.querySelector('#board .mark.target-dot, #board .mark.target-ring')",
        30,
        "a legal target",
    )
    .await;
    b.js("return document.querySelector('#board .mark.target-dot, #board .mark.target-ring').dataset.mark;")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// How a player chooses a cell of the board.
#[derive(Clone, Copy)]
pub enum By {
    Click,
    Tap,
    /// The arrow keys from the cell in focus, one press at a time as a person would, then Enter.
    Keys,
}

/// Chooses `target` on the board, `by` click, tap or keyboard.
async fn choose(b: &Browser, target: &str, by: By) {
    match by {
        By::Click => b.click_name(target).await,
        By::Tap => b.tap_name(target).await,
        By::Keys => {
            for _ in 0..40 {
                let at = b
                    .js("const a = document.activeElement; return a && a.dataset ? a.dataset.name : null;")
                    .await;
                if at.as_str() == Some(target) {
                    break;
                }
                let key = b
                    .js(&format!(
                        "const a = document.activeElement.getBoundingClientRect(), \
                            t = document.querySelector('#board .hit[data-name=\"{target}\"]').getBoundingClientRect(); \
                         const dx = (t.left + t.width / 2) - (a.left + a.width / 2), dy = (t.top + t.height / 2) - (a.top + a.height / 2); \
                         return Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up');"
                    ))
                    .await;
                let code = match key.as_str() {
                    Some("right") => "\u{E014}",
                    Some("left") => "\u{E012}",
                    Some("down") => "\u{E015}",
                    _ => "\u{E013}",
                };
                b.keys(code).await;
            }
            let at = b.js("return document.activeElement.dataset.name;").await;
            assert_eq!(at.as_str(), Some(target), "the arrows reach {target}");
            b.keys("\u{E007}").await;
        }
    }
}

/// The Guerrilla's two stones, each on the first point the board offers, `by` clicks, taps or
/// keys; waits until the turn is played.
pub async fn play_pair(b: &Browser, by: By) {
    let n = b.moves().await.len();
    for stone in 0..2 {
        let target = first_target(b).await;
        choose(b, &target, by).await;
        if stone == 0 {
            b.wait(
                &format!("window.gui.state.history.building.length > 0 || window.gui.state.history.moves.length > {n}"),
                30,
                "the first stone",
            )
            .await;
            if b.moves().await.len() > n {
                return; // the second stone was the only one, placed by itself
            }
        }
    }
    b.wait(
        &format!("window.gui.state.history.moves.length > {n}"),
        60,
        "the Guerrilla's turn",
    )
    .await;
}

/// At 360×740, a whole game of Guerrilla Checkers by taps against the engine: after every turn
/// the status bar is in view, the page has not scrolled and the board has not moved; at the end
/// the banner is in view.
pub async fn phone_game(b: &Browser, base: &str) {
    b.set_size(360, 740).await;
    b.goto(&against_engine(base, &[])).await;
    let start = board_box(b).await[..4].to_vec();
    let mut turns = 0;
    loop {
        wait_for_human(b).await;
        assert!(
            b.in_view("#status").await,
            "the status bar is in view after turn {turns}"
        );
        assert_eq!(
            board_box(b).await[..4].to_vec(),
            start,
            "the board moved by turn {turns}"
        );
        if b.describe("result").await != "none" {
            break;
        }
        play_pair(b, By::Tap).await;
        assert!(
            b.in_view("#status").await,
            "the status bar is in view after a tap"
        );
        turns += 1;
        assert!(
            turns < 40,
            "the game lasts at most 33 turns of the Guerrilla"
        );
    }
    b.wait(
        "document.getElementById('status').classList.contains('over')",
        10,
        "the banner",
    )
    .await;
    assert!(
        b.in_view("#status").await,
        "the banner is in view at the end"
    );
    let text = b.text("status").await;
    assert!(text.starts_with("Game over"), "banner: {text}");
    eprintln!("phone game: {text} after {} turns", b.moves().await.len());
    b.screenshot("checkers-phone-game-over-360.png").await;
    b.set_size(1400, 1000).await;
}

/// The engine's COIN turn `c3xd4xe5` is shown step by step: a frame with the checker on d4,
/// the stone on D4 crossed out and the one on E5 still standing, then the position after it.
pub async fn engine_turn_animated(b: &Browser, base: &str) {
    b.goto(&against_engine(
        base,
        &[("fen", COIN_DOUBLE), ("paused", "1"), ("t2", "300")],
    ))
    .await;
    // Every frame the board shows is recorded as it is drawn.
    b.js(
        "window.frames_seen = []; new MutationObserver(() => { \
           const svg = document.getElementById('board'); \
           if (!svg.dataset.frame) return; \
           const pieces = [...svg.querySelectorAll('[data-piece]')].map((p) => p.dataset.piece).sort().join(' '); \
           const removed = [...svg.querySelectorAll('[data-removed]')].map((p) => p.dataset.removed).sort().join(' '); \
           const last = window.frames_seen[window.frames_seen.length - 1]; \
           const f = {frame: svg.dataset.frame, pieces, removed, slide: svg.querySelectorAll('.slide').length}; \
           if (!last || last.frame !== f.frame) window.frames_seen.push(f); \
         }).observe(document.getElementById('board'), {childList: true, attributes: true}); return 0;",
    )
    .await;
    b.click_control("#advance").await;
    b.wait_moves(1).await;
    b.wait("!window.gui.animating", 10, "the end of the turn's frames")
        .await;
    let moves = b.moves().await;
    let frames = b.js("return window.frames_seen;").await;
    eprintln!("engine turn {moves:?}: frames {frames}");
    assert_eq!(moves, vec!["c3xd4xe5"], "the engine takes both stones");
    let frames = frames.as_array().cloned().unwrap_or_default();
    assert_eq!(frames.len(), 2, "one frame a step: {frames:?}");
    let first = &frames[0];
    assert_eq!(first["frame"], "1/2");
    let pieces = first["pieces"].as_str().unwrap();
    assert!(
        pieces.split(' ').any(|p| p == "d4") && !pieces.split(' ').any(|p| p == "c3"),
        "the checker stands on d4 after the first step: {pieces}"
    );
    assert!(
        pieces.split(' ').any(|p| p == "E5"),
        "E5 still stands after the first step: {pieces}"
    );
    assert_eq!(first["removed"], "D4", "D4 is crossed out first");
    assert_eq!(first["slide"], 1, "the checker slides from c3");
    assert_eq!(frames[1]["removed"], "D4 E5");
    // After the frames, the engine's own position.
    assert_eq!(b.count("#board [data-piece=\"e5\"]").await, 1);
    assert_eq!(b.count("#board [data-removed]").await, 2);
    assert_eq!(
        b.js("return document.getElementById('board').dataset.frame;")
            .await,
        ""
    );
}

/// COIN's `c3xd4xe5` played by clicks from `COIN_DOUBLE`, both sides humans, and shown.
pub async fn coin_double_taken(b: &Browser, base: &str) {
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
    b.play_step(&["c3", "d4", "e5"], "e5").await;
    b.wait_moves(1).await;
    b.wait("!window.gui.animating", 10, "the turn shown").await;
}

/// The captured stones stay crossed out, their marks as they ended, while an analysis redraws
/// the board with every report.
pub async fn removal_during_analysis(b: &Browser, base: &str) {
    coin_double_taken(b, base).await;
    b.click_css("#analyse").await;
    b.wait("window.gui.state.analysing !== null && window.gui.state.thinking && window.gui.state.thinking.depth !== undefined", 30, "the analysis").await;
    let v0 = b
        .js("return window.gui.state.version;")
        .await
        .as_u64()
        .unwrap();
    b.wait(
        &format!("window.gui.state.version > {v0} + 2"),
        30,
        "a few of the analysis' reports",
    )
    .await;
    // Wait past the fade: a mark drawn as it ended shows at once, a restarted fade would not.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let marks = b
        .js(
            "return [...document.querySelectorAll('#board .removed')].map((g) => { \
               const cross = g.querySelector('.cross'), ghost = g.querySelector('.ghost'); \
               return {name: g.dataset.removed, fresh: g.classList.contains('fresh'), \
                       cross: Number(getComputedStyle(cross).opacity), \
                       ghost: ghost ? Number(getComputedStyle(ghost).opacity) : null, \
                       animation: getComputedStyle(cross).animationName}; });",
        )
        .await;
    eprintln!("marks during the analysis: {marks}");
    let marks = marks.as_array().cloned().unwrap_or_default();
    assert_eq!(marks.len(), 2, "{marks:?}");
    for m in &marks {
        assert_eq!(
            m["fresh"], false,
            "a redraw does not start the fade again: {m}"
        );
        assert_eq!(m["cross"].as_f64(), Some(1.0), "the cross shows: {m}");
        assert!(
            m["ghost"].as_f64().is_some_and(|o| (o - 0.35).abs() < 0.01),
            "the ghost is faded: {m}"
        );
        assert_eq!(m["animation"], "none", "{m}");
    }
    b.screenshots("checkers-removed-during-analysis").await;
    b.stop_analysis().await;
}

/// A hint, then a move: the engine replies; an analysis stopped, then a move: the engine
/// replies. Neither leaves the game paused.
pub async fn hint_then_move(b: &Browser, base: &str) {
    b.goto(&against_engine(base, &[])).await;
    b.click_css("#hint").await;
    b.wait("window.gui.state.hint !== null", 30, "the hint")
        .await;
    let hint = b.js("return window.gui.state.hint.turn;").await;
    let shown = b.text("thinking").await;
    assert!(shown.contains("Hint"), "the hint shows: {shown}");
    assert!(
        b.count("#board .hint-ring").await >= 1,
        "the hint is marked on the board"
    );
    assert_eq!(b.js("return window.gui.state.paused;").await, json!(false));
    eprintln!("hint: {hint}");
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(2).await; // the engine replies
    wait_for_human(b).await;
    assert_eq!(
        b.js("return window.gui.state.hint;").await,
        Value::Null,
        "the hint is gone"
    );
    // Analyse as a hint, stopped, then a move.
    b.click_css("#analyse").await;
    b.wait("window.gui.state.analysing !== null", 30, "the analysis")
        .await;
    b.stop_analysis().await;
    assert_eq!(
        b.js("return window.gui.state.paused;").await,
        json!(false),
        "not paused"
    );
    play_pair(b, By::Click).await;
    b.wait_moves(4).await; // the engine replies again
    assert!(b.errors().await.is_empty(), "{:?}", b.errors().await);
}

/// One click takes back the player's turn and the engine's reply; the game goes on.
pub async fn takeback(b: &Browser, base: &str) {
    b.goto(&against_engine(base, &[])).await;
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(2).await;
    wait_for_human(b).await;
    b.play_step(&["E5", "E6"], "E6").await;
    b.wait_moves(4).await;
    wait_for_human(b).await;
    let before = b.moves().await;
    b.click_css("#takeback").await;
    b.wait_moves(2).await;
    assert_eq!(
        b.moves().await,
        before[..2].to_vec(),
        "one click took back two turns"
    );
    assert_eq!(b.describe("tomove").await, "p1");
    assert_eq!(b.js("return window.gui.state.paused;").await, json!(false));
    let n = b.notice().await;
    assert!(n.contains("took back"), "notice: {n}");
    // Mid-turn, Take back clears the turn being built.
    let stone = first_target(b).await;
    b.click_name(&stone).await;
    b.wait(
        "window.gui.state.history.building.length === 1",
        30,
        "one stone",
    )
    .await;
    b.click_css("#takeback").await;
    b.wait(
        "window.gui.state.history.building.length === 0",
        30,
        "the stone taken back",
    )
    .await;
    assert_eq!(b.moves().await.len(), 2);
    // The game goes on: a turn, and the engine's reply.
    play_pair(b, By::Click).await;
    b.wait_moves(4).await;
}

/// Keyboard only: Tab to the board, arrows to a cell, Enter plays it; three turns of the
/// Guerrilla, the engine replying.
pub async fn keyboard_play(b: &Browser, base: &str) {
    b.goto(&against_engine(base, &[])).await;
    b.js(
        "document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); return 0;",
    )
    .await;
    // Tab until a cell of the board has the focus.
    for _ in 0..12 {
        b.keys("\u{E004}").await;
        if b.js("return !!(document.activeElement && document.activeElement.classList.contains('hit'));").await
            == json!(true)
        {
            break;
        }
    }
    let focused = b
        .js("return document.activeElement && document.activeElement.getAttribute('aria-label');")
        .await;
    assert!(
        focused.as_str().is_some_and(|l| l.contains(':')),
        "a board cell has the focus, named for screen readers: {focused}"
    );
    for _ in 0..3 {
        wait_for_human(b).await;
        let n = b.moves().await.len();
        play_pair(b, By::Keys).await;
        b.wait_moves(n + 2).await; // the stone pair, and the engine's reply
    }
    assert!(b.errors().await.is_empty(), "{:?}", b.errors().await);
}
