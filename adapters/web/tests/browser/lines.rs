//! Clicks that land on the analysis lines: while an analysis reports many times a second, a
//! line keeps its row and its turn chips (only their texts change), the lines are drawn at most
//! twice a second, and a press held 300 ms on a chip previews its position and on Play plays
//! the line's turn, every time, at 1400 and at 360 px.

use std::time::Duration;

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::Locator;
use serde_json::{json, Value};

use crate::games::url;
use crate::harness::Browser;

/// How long a press is held.
const PRESS: Duration = Duration::from_millis(300);

/// Presses the mouse on the element `css` finds (scrolled into the middle of its box first),
/// holds it `PRESS`, and lets go.
async fn press(b: &Browser, css: &str) {
    b.js(&format!(
        "document.querySelector('{css}').scrollIntoView({{block: 'center'}}); return 0;"
    ))
    .await;
    let element = b
        .client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("[{}] no '{css}': {e}", b.name));
    let actions = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Pause { duration: PRESS })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    b.client
        .perform_actions(actions)
        .await
        .unwrap_or_else(|e| panic!("[{}] press '{css}': {e}", b.name));
    let _ = b.client.release_actions().await;
}

/// Starts an analysis of three lines on a fresh game (both sides human) and waits for them.
async fn analyse(b: &Browser, base: &str) {
    b.goto(&url(base, "guerrilla-checkers", None)).await;
    b.js("const c = document.getElementById('lines-count'); c.value = '3'; c.dispatchEvent(new Event('change')); return 0;")
        .await;
    b.click_css("#analyse").await;
    b.wait(
        "document.querySelectorAll('#lines .line').length === 3 \
         && [...document.querySelectorAll('#lines .line')].every((l) => l.querySelectorAll('.pv-move').length >= 2)",
        60,
        "three lines of two turns or more",
    )
    .await;
}

/// Over `secs` seconds of analysis: the states that came, the times the lines were drawn, and
/// whether every line's row and first two chips are the elements they were.
async fn watch(b: &Browser, secs: u64) -> Value {
    b.js("window.kept = [...document.querySelectorAll('#lines .line')].map((l) => [l, ...[...l.querySelectorAll('.pv-move')].slice(0, 2)]); \
          window.before = {version: window.gui.state.version, draws: window.gui.analysis.draws}; return 0;")
        .await;
    tokio::time::sleep(Duration::from_secs(secs)).await;
    b.js(
        "return {states: window.gui.state.version - window.before.version, \
                  draws: window.gui.analysis.draws - window.before.draws, \
                  kept: window.kept.every((row) => row.every((e) => document.contains(e)))};",
    )
    .await
}

/// Six presses of 300 ms on chips of the three lines: each previews the position after that
/// turn; Back returns.
async fn six_presses(b: &Browser) {
    for i in 0..6 {
        let (line, index) = (i % 3 + 1, i % 2);
        press(
            b,
            &format!("#lines .line[data-line=\"{line}\"] .pv-move[data-index=\"{index}\"]"),
        )
        .await;
        b.wait(
            &format!(
                "window.gui.analysis.preview && window.gui.analysis.preview.line === {} && window.gui.analysis.preview.index === {index}",
                line - 1
            ),
            10,
            &format!("press {} (line {line}, turn {}) previewed", i + 1, index + 1),
        )
        .await;
        b.click_css("#preview-back").await;
        b.wait("!window.gui.analysis.preview", 10, "the preview left")
            .await;
    }
}

pub async fn lines_in_place(b: &Browser, base: &str) {
    for width in [1400, 360] {
        b.set_size(width, if width == 360 { 740 } else { 1000 })
            .await;
        analyse(b, base).await;
        let seen = watch(b, 4).await;
        eprintln!("at {width} px, over 4 s of analysis: {seen}");
        assert!(
            seen["states"].as_u64().unwrap() >= 8,
            "the analysis reported often: {seen}"
        );
        assert!(
            seen["draws"].as_u64().unwrap() <= 9,
            "the lines drawn at most twice a second: {seen}"
        );
        assert_eq!(seen["kept"], json!(true), "rows and chips kept: {seen}");
        six_presses(b).await;
        b.screenshot(&format!("lines-in-place-{width}.png")).await;
        // Play, pressed 300 ms: line 1's first turn is played.
        let first = b
            .js("return document.querySelector('#lines .line[data-line=\"1\"]').pv[0];")
            .await;
        press(b, "#lines .line[data-line=\"1\"] .play-line").await;
        b.wait_moves(1).await;
        assert_eq!(
            json!(b.moves().await),
            json!([first]),
            "the line's turn played"
        );
        b.wait(
            "window.gui.state.analysing === 1 && document.querySelectorAll('#lines .line').length >= 1",
            60,
            "the analysis of the next position",
        )
        .await;
        b.stop_analysis().await;
        assert!(b.errors().await.is_empty(), "{:?}", b.errors().await);
    }
    b.set_size(1400, 1000).await;
}
