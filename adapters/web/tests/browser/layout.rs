//! The layout: the whole board inside a 400×800 window with no horizontal scroll, and a board
//! that does not move between clicks.

use crate::games::{url, WELLS_FULL};
use crate::harness::Browser;

/// The board's box in the window and the page's widths: `[left, top, right, bottom,
/// innerWidth, innerHeight, scrollWidth]`.
async fn board_box(b: &Browser) -> Vec<f64> {
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
    b.set_size(400, 800).await;
    for (game, fen) in [
        ("guerrilla-checkers", None),
        ("guerrilla", Some(WELLS_FULL)),
    ] {
        b.goto(&url(base, game, fen)).await;
        let [left, top, right, bottom, width, height, scroll] = board_box(b).await[..] else {
            unreachable!()
        };
        assert!(
            (400.0 - width).abs() < 30.0,
            "the window is about 400 px wide: {width}"
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
        let vp = b
            .js("return document.querySelector('meta[name=viewport]').content;")
            .await;
        assert!(vp.as_str().unwrap().contains("width=device-width"));
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
