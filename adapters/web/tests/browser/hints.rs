//! Hints a player can follow: a Guerrilla Checkers hint's numbers give an order of its stones
//! that is always accepted, hint after hint, at 1400 and 360 px; a Guerrilla hint is drawn as
//! rings and arrows whose numbers never cover each other (each cell labelled once).

use serde_json::{json, Value};

use crate::harness::{url_with, Browser};

/// Waits until it is the person's turn at a turn's start (or the game is over).
async fn wait_for_person(b: &Browser, side: &str) {
    b.wait(
        &format!(
            "!window.gui.animating && !window.gui.state.searching && (window.gui.state.describe.result !== 'none' \
             || (window.gui.state.describe.tomove === '{side}' && window.gui.state.describe.turnstart === 'true'))"
        ),
        60,
        "the person's turn",
    )
    .await;
}

/// Asks for a hint and waits until the board numbers it; the hinted cells in the order of
/// their numbers, each with its label.
async fn numbered_hint(b: &Browser) -> Vec<(String, String)> {
    b.click_css("#hint").await;
    b.wait(
        "window.gui.state.hint !== null && document.querySelectorAll('#board [data-hint-no]').length > 0",
        30,
        "a numbered hint",
    )
    .await;
    let v = b
        .js(
            "return [...document.querySelectorAll('#board [data-hint-no]')] \
               .map((t) => [t.dataset.hintNo, t.textContent]);",
        )
        .await;
    let mut cells: Vec<(String, String)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let first = |l: &str| -> u32 { l.split(", ").next().unwrap().parse().unwrap() };
    cells.sort_by_key(|(_, l)| first(l));
    cells
}

/// Guerrilla Checkers against the engine: every hint followed stone by stone in the order of
/// its numbers is played without a refusal.
pub async fn checkers_hints(b: &Browser, base: &str) {
    let url = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "60"),
        ],
    );
    for (w, h, hints) in [(1400, 1000, 10), (360, 740, 6)] {
        b.set_size(w, h).await;
        b.goto(&url).await;
        for k in 0..hints {
            wait_for_person(b, "p1").await;
            if b.describe("result").await != "none" {
                b.new_game().await;
                wait_for_person(b, "p1").await;
            }
            let n = b.moves().await.len();
            let cells = numbered_hint(b).await;
            let turn = b.js("return window.gui.state.hint.turn;").await;
            assert_eq!(
                cells.len(),
                2,
                "{w} px, hint {k} ({turn}): two stones, {cells:?}"
            );
            assert_eq!(cells[0].1, "1", "{cells:?}");
            assert_eq!(cells[1].1, "2", "{cells:?}");
            if k == 0 {
                b.screenshot(&format!("hint-checkers-{w}.png")).await;
            }
            for (i, (name, _)) in cells.iter().enumerate() {
                // the second stone may have been placed by itself (the only point left)
                if i == 1 && b.moves().await.len() > n {
                    break;
                }
                b.click_name(name).await;
                if i == 0 {
                    b.wait(
                        &format!("window.gui.state.history.building.length > 0 || window.gui.state.history.moves.length > {n}"),
                        30,
                        "the first stone",
                    )
                    .await;
                }
            }
            b.wait(
                &format!("window.gui.state.history.moves.length > {n}"),
                30,
                "the hinted turn played",
            )
            .await;
            let played = b
                .js(&format!("return window.gui.state.history.moves[{n}];"))
                .await;
            assert_eq!(
                played, turn,
                "{w} px: the hint, followed, is the turn played"
            );
            let notice = b
                .js("const n = document.getElementById('notice'); return n.hidden ? '' : n.textContent;")
                .await;
            assert!(
                !notice.as_str().unwrap_or("").contains("cannot be played"),
                "{w} px, hint {k}: {notice}"
            );
        }
    }
    b.set_size(1400, 1000).await;
}

/// Guerrilla (side 6) against the engine, a few turns in: a hint is rings and arrows, each
/// cell labelled once, no label over another, every step drawn numbered, 1 to n.
pub async fn wells_hint(b: &Browser, base: &str) {
    let url = url_with(
        base,
        &[
            ("game", "guerrilla"),
            ("BoardSide", "6"),
            ("p1", "engine"),
            ("p2", "human"),
            ("t1", "60"),
        ],
    );
    for (w, h) in [(1400, 1000), (360, 740)] {
        b.set_size(w, h).await;
        b.goto(&url).await;
        // a few turns of the engine's and hints followed as whole turns, so that groups stand
        for _ in 0..3 {
            wait_for_person(b, "p2").await;
            let n = b.moves().await.len();
            b.click_css("#hint").await;
            b.wait("window.gui.state.hint !== null", 30, "a hint").await;
            b.js("window.gui.state.hint && fetch(`/api/session/${window.gui.session}/action`, \
                  {method: 'POST', headers: {'Content-Type': 'application/json'}, \
                   body: JSON.stringify({type: 'play', turn: window.gui.state.hint.turn})}); return 0;")
                .await;
            b.wait(
                &format!("window.gui.state.history.moves.length > {n}"),
                30,
                "the hinted turn played",
            )
            .await;
        }
        wait_for_person(b, "p2").await;
        numbered_hint(b).await;
        let check = b
            .js("const labels = [...document.querySelectorAll('#board [data-hint-no]')]; \
                 const rings = document.querySelectorAll('#board .hint-ring').length; \
                 const names = labels.map((t) => t.dataset.hintNo); \
                 const boxes = labels.map((t) => t.getBoundingClientRect()); \
                 let overlaps = 0; \
                 for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) { \
                   const a = boxes[i], c = boxes[j]; \
                   if (a.left < c.right - 1 && c.left < a.right - 1 && a.top < c.bottom - 1 && c.top < a.bottom - 1) overlaps++; } \
                 const numbers = labels.flatMap((t) => t.textContent.split(', ').map(Number)).sort((x, y) => x - y); \
                 return {rings, labels: labels.length, unique: new Set(names).size, overlaps, numbers, \
                         arrows: document.querySelectorAll('#board line.hint-path').length};")
            .await;
        eprintln!("{w} px: the Guerrilla hint {check}");
        assert_eq!(check["labels"], check["rings"], "{check}");
        assert_eq!(
            check["unique"], check["labels"],
            "one label a cell: {check}"
        );
        assert_eq!(
            check["overlaps"],
            json!(0),
            "no label over another: {check}"
        );
        // a step that names two cells (a kill: killer and victim) labels both with its number
        let mut numbers: Vec<u64> = check["numbers"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_u64)
            .collect();
        numbers.dedup();
        let expected: Vec<u64> = (1..=numbers.len() as u64).collect();
        assert_eq!(numbers, expected, "every step numbered, 1 to n: {check}");
        b.screenshot(&format!("hint-wells-{w}.png")).await;
    }
    b.set_size(1400, 1000).await;
}
