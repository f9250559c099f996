//! The layout: the whole board inside a 400×800 and a 360×740 window with no horizontal scroll
//! and tap targets of 32 px at least, and a board that does not move between clicks.

use crate::games::{url, WELLS_FULL};
use serde_json::json;

use crate::harness::Browser;

/// The board's box in the window and the page's widths: `[left, top, right, bottom,
/// innerWidth, innerHeight, scrollWidth]`.
pub async fn board_box(b: &Browser) -> Vec<f64> {
    let v = b
        .js(
            "const r = document.getElementById('board').getBoundingClientRect(); \
             return [r.left, r.top, r.right, r.bottom, window.innerWidth, window.innerHeight, \
                     document.documentElement.scrollWidth];",
        )
        .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

pub async fn small_window(b: &Browser, base: &str) {
    for (w, h) in [(360u32, 740u32), (400, 800)] {
        b.set_size(w, h).await;
        let (w, h) = (f64::from(w), f64::from(h));
        for (game, fen) in [
            ("guerrilla-checkers", None),
            ("guerrilla", Some(WELLS_FULL)),
        ] {
            b.goto(&url(base, game, fen)).await;
            let [left, top, right, bottom, width, height, scroll] = board_box(b).await[..] else {
                unreachable!()
            };
            assert!(
                (w - width).abs() < 2.0 && (h - height).abs() < 2.0,
                "the viewport is {w}×{h}: {width}×{height}"
            );
            assert!(
                left >= 0.0 && top >= 0.0 && right <= width && bottom <= height,
                "{game}: the whole board is inside the window: board {left},{top}–{right},{bottom} in {width}×{height}"
            );
            assert!(
                right - left >= width * 0.85,
                "{game}: the board takes the width: {left}–{right}"
            );
            assert!(
                scroll <= width,
                "{game}: no horizontal scroll: {scroll} > {width}"
            );
            // The points and squares a tap may choose now are at least 32 px across.
            let smallest = b
                .js("const t = [...document.querySelectorAll('#board .hit')] \
                       .filter((h) => h.tagName === 'rect' || h.getAttribute('r') === '0.5'); \
                     return t.length ? Math.min(...t.map((h) => h.getBoundingClientRect().width)) : 0;")
                .await
                .as_f64()
                .unwrap_or(0.0);
            assert!(
                smallest >= 32.0,
                "{game} at {w} px: a tap target is {smallest} px across"
            );
            let vp = b
                .js("return document.querySelector('meta[name=viewport]').content;")
                .await;
            assert!(vp.as_str().unwrap().contains("width=device-width"));
        }
    }
    // The board stays where it is while a turn is built (the status and the action bar keep
    // their heights whatever they say).
    let before = board_box(b).await;
    b.play_step(&["g5"], "+g5").await;
    b.play_step(&["a1"], "*a1").await;
    b.play_step(&["e5", "c5"], "e5-c5").await;
    let after = board_box(b).await;
    assert_eq!(before[..4], after[..4], "the board did not move");
    b.set_size(1400, 1000).await;
}

/// With names on, no name touches another name or a piece (a disc), in both games, at 1400×1000 and at
/// 400×800.
pub async fn names_apart(b: &Browser, base: &str) {
    for (game, fen) in [
        ("guerrilla-checkers", None),
        ("guerrilla", Some(WELLS_FULL)),
    ] {
        b.goto(&url(base, game, fen)).await;
        b.click_control("#show-names").await;
        for (w, h) in [(1400, 1000), (400, 800)] {
            b.set_size(w, h).await;
            let clash = b
                .js("const box = (e) => e.getBoundingClientRect(); \
                     const names = [...document.querySelectorAll('#board text.name')]; \
                     const pieces = [...document.querySelectorAll('#board [data-piece]')]; \
                     const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; \
                     if (names.length < 10) return 'only ' + names.length + ' names'; \
                     for (let i = 0; i < names.length; i++) { \
                       const a = box(names[i]); \
                       for (let j = i + 1; j < names.length; j++) \
                         if (meet(a, box(names[j]))) return names[i].textContent + ' meets ' + names[j].textContent; \
                       for (const p of pieces) { \
                         const c = box(p), r = c.width / 2, cx = c.left + r, cy = c.top + c.height / 2; \
                         const dx = Math.max(a.left - cx, 0, cx - a.right), dy = Math.max(a.top - cy, 0, cy - a.bottom); \
                         if (dx * dx + dy * dy < r * r) return names[i].textContent + ' is over the piece on ' + p.dataset.piece; \
                       } \
                     } \
                     return '';")
                .await;
            assert_eq!(clash, json!(""), "{game} at {w}×{h}: names apart");
        }
        b.screenshots(&format!("{game}-names")).await;
        b.click_control("#show-names").await;
    }
}
