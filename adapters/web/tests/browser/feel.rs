//! Feel: the rules tour and the legend (from the engine's `about`), a tap on a removed piece
//! that says why it went, sounds with an off switch, board themes, a zoom on a large board,
//! cells named for screen readers; and screenshots of both games (a turn shown step by step,
//! the legend, the tour) at 1400×1000 and 360×740.

use serde_json::json;

use crate::games::{url, COIN_DOUBLE, WELLS_FULL};
use crate::harness::{url_with, Browser};
use crate::play::coin_double_taken;

/// Takes the screenshot `name` at both sizes while `setup` (a script) holds the page as it is.
async fn both_sizes(b: &Browser, name: &str, setup: &str) {
    for (w, h) in [(1400, 1000), (360, 740)] {
        b.set_size(w, h).await;
        b.js(setup).await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        b.screenshot(&format!("{name}-{w}.png")).await;
    }
    b.set_size(1400, 1000).await;
}

pub async fn feel(b: &Browser, base: &str) {
    for (game, title) in [
        ("guerrilla-checkers", "Guerrilla Checkers"),
        ("guerrilla", "Guerrilla"),
    ] {
        b.goto(&url(base, game, None)).await;
        // The rules tour: the engine's paragraphs, page by page.
        b.click_css("#open-tour").await;
        b.wait("document.getElementById('tour').open", 10, "the tour")
            .await;
        let head = b.text("tour-title").await;
        assert!(head.starts_with(title), "tour title: {head}");
        let first = b.text("tour-text").await;
        assert!(first.len() > 80, "a paragraph: {first}");
        b.click_css("#tour-next").await;
        let second = b.text("tour-text").await;
        assert_ne!(first, second, "the next page");
        assert!(b.text("tour-pos").await.starts_with("2 / "));
        both_sizes(b, &format!("{game}-tour"), "return 0;").await;
        b.click_css("#tour-close").await;
        // The legend: the game's pieces by its sides' names, and every mark.
        b.click_css("#open-legend").await;
        b.wait("document.getElementById('legend').open", 10, "the legend")
            .await;
        let legend = b.text("legend-list").await;
        for words in [
            "the last turn",
            "the turn before it",
            "path",
            "removed",
            "hint",
        ] {
            assert!(
                legend.contains(words),
                "{game}: the legend says '{words}': {legend}"
            );
        }
        both_sizes(b, &format!("{game}-legend"), "return 0;").await;
        b.click_css("#legend-close").await;
        // Every playable cell is named with its contents for screen readers.
        let labels = b
            .js("return [...document.querySelectorAll('#board .hit')].map((h) => h.getAttribute('aria-label'));")
            .await;
        let labels: Vec<String> = labels
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap_or("").to_string())
            .collect();
        assert!(labels.iter().all(|l| l.contains(": ")), "{labels:?}");
        if game == "guerrilla-checkers" {
            assert!(labels.iter().any(|l| l == "d4: COIN checker"), "{labels:?}");
            assert!(
                labels.iter().any(|l| l.starts_with("D4: empty")),
                "{labels:?}"
            );
        }
    }
    let legend = b.text("legend-list").await;
    assert!(
        legend.contains("massacre"),
        "Guerrilla's legend names the massacre: {legend}"
    );

    // A captured stone, tapped: why it went.
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
    let sounds0 = b.js("return window.gui.sounds;").await;
    b.play_step(&["c3", "d4", "e5"], "e5").await;
    b.wait_moves(1).await;
    b.wait("!window.gui.animating", 10, "the turn shown").await;
    let sounds = b
        .js("return window.gui.sounds;")
        .await
        .as_u64()
        .unwrap_or(0);
    assert!(
        sounds > sounds0.as_u64().unwrap_or(0),
        "sounds were played: {sounds}"
    );
    b.click_name("D4").await;
    let n = b.notice().await;
    assert!(
        n.contains("D4") && n.contains("captured"),
        "why D4 went: {n}"
    );
    b.hide_notice().await;
    let title = b
        .js("return document.querySelector('#board [data-removed=\"D4\"] title').textContent;")
        .await;
    assert!(
        title.as_str().unwrap().contains("captured"),
        "hover: {title}"
    );
    // Sounds off: none played.
    b.click_control("#sound").await;
    b.click_css("#undo").await;
    b.wait_moves(0).await;
    let before = b.js("return window.gui.sounds;").await;
    b.play_step(&["c3", "d4", "e5"], "e5").await;
    b.wait("!window.gui.animating", 10, "the turn shown").await;
    assert_eq!(
        b.js("return window.gui.sounds;").await,
        before,
        "no sound when off"
    );
    b.click_control("#sound").await;
    // Themes: the high-contrast board.
    b.js("const t = document.getElementById('theme'); t.value = 'contrast'; t.dispatchEvent(new Event('change')); return 0;").await;
    let fill = b
        .js("return getComputedStyle(document.querySelector('#board .sq-dark')).fill;")
        .await;
    assert_eq!(
        fill,
        json!("rgb(77, 77, 77)"),
        "the high-contrast dark squares"
    );
    b.hide_notice().await;
    b.screenshots("checkers-contrast").await;
    b.js("const t = document.getElementById('theme'); t.value = 'wood'; t.dispatchEvent(new Event('change')); return 0;").await;

    // A large Guerrilla board on a phone opens zoomed, its points a finger apart, the zoom
    // control beside the move buttons (never over the board).
    b.set_size(360, 740).await;
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla"),
            ("BoardSide", "8"),
            ("p1", "human"),
            ("p2", "human"),
        ],
    ))
    .await;
    b.wait(
        "!document.getElementById('zoom').hidden",
        10,
        "the zoom control",
    )
    .await;
    b.wait(
        "document.body.dataset.zoom === '2'",
        10,
        "the board opened at 2×",
    )
    .await;
    let clear = b
        .js("const z = document.getElementById('zoom').getBoundingClientRect(),                  s = document.getElementById('board-scroll').getBoundingClientRect();              return z.top >= s.bottom || z.bottom <= s.top;")
        .await;
    assert_eq!(
        clear,
        serde_json::json!(true),
        "the zoom buttons off the board"
    );
    let pitch = b
        .js("const a = document.querySelector('#board .hit[data-name=\"d4\"]').getBoundingClientRect(), \
                c = document.querySelector('#board .hit[data-name=\"e4\"]').getBoundingClientRect(); \
             return Math.abs(c.left - a.left);")
        .await;
    assert!(
        pitch.as_f64().unwrap() >= 40.0,
        "points a finger apart: {pitch}"
    );
    assert!(b.in_view("#status").await, "the status stays in view");
    b.screenshot("wells-side8-zoomed-360.png").await;
    let w2 = b
        .js("return document.getElementById('board').getBoundingClientRect().width;")
        .await;
    b.click_css("#zoom-out").await;
    b.click_css("#zoom-out").await;
    let w1 = b
        .js("return document.getElementById('board').getBoundingClientRect().width;")
        .await;
    assert!(
        w2.as_f64().unwrap() >= 1.9 * w1.as_f64().unwrap(),
        "zoomed out to 1×: {w2} → {w1}"
    );
    b.set_size(1400, 1000).await;
}

/// The last turn replayed step by step (back one turn, then on) with its frames held `scale`
/// times as long, photographed as `shot` once the frame numbered `frame` shows.
async fn replay_slowly(b: &Browser, scale: u32, frame: &str, shot: &str) {
    b.click_css("#nav-prev").await;
    b.wait("document.body.dataset.view === '0'", 10, "the start")
        .await;
    b.hide_notice().await;
    b.js(&format!("window.gui.frameScale = {scale}; return 0;"))
        .await;
    b.click_css("#nav-next").await;
    b.wait(
        &format!("document.getElementById('board').dataset.frame.startsWith('{frame}/')"),
        30,
        "the frame to photograph",
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    b.screenshot(shot).await;
    b.js("window.gui.frameScale = 1; return 0;").await;
    b.wait("!window.gui.animating", 30, "the turn shown").await;
}

/// Screenshots of a turn being shown step by step, in both games, at both sizes: the frames
/// are slowed down to be caught.
pub async fn animation_shots(b: &Browser, base: &str) {
    for (w, h) in [(1400u32, 1000u32), (360, 740)] {
        b.set_size(w, h).await;
        coin_double_taken(b, base).await;
        // The capture's first frame: the checker on d4, D4 crossed out, E5 still standing.
        replay_slowly(b, 8, "1", &format!("checkers-animation-frame-{w}.png")).await;
        // A Guerrilla turn of growth, a new group, a jump, a split and a kill, replayed: the
        // frame of the split, the jump's path drawn and the parts left behind crossed out.
        b.goto(&url(base, "guerrilla", Some(WELLS_FULL))).await;
        b.play_step(&["g5"], "+g5").await;
        b.play_step(&["a1"], "*a1").await;
        b.play_step(&["e5", "c5"], "e5-c5").await;
        b.click_step_button("endgroup").await;
        b.play_step(&["c5"], "=c5").await;
        b.play_step(&["c5", "c4"], "c5xc4").await;
        b.wait_moves(1).await;
        b.wait("!window.gui.animating", 10, "the turn shown").await;
        replay_slowly(b, 5, "5", &format!("wells-animation-frame-{w}.png")).await;
    }
    b.set_size(1400, 1000).await;
}
