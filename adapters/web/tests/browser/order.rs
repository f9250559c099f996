//! Things shown in the order they happen, at 360×740 and 1400×900: a game's end said once the
//! capture that ends it has been shown; a turn the engine completed for the player (its second
//! stone had one place) marked and said until the player's next turn, and taken back; a game
//! between friends with its sides named and the second player's board turned to their side.

use serde_json::json;

use crate::flow::FORCED_SECOND;
use crate::games::COIN_WINS;
use crate::harness::{url_with, Browser};
use crate::reading::{cut_texts, SIZES};

/// The engine (COIN) captures the Guerrilla's last stones: while the capture is shown step by
/// step, the status says who plays what and no banner, final count or end button shows; the
/// banner comes after the last frame.
pub async fn end_after_capture(b: &Browser, base: &str) {
    let page = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "200"),
            ("fen", COIN_WINS),
            ("paused", "1"),
        ],
    );
    for (w, h) in SIZES {
        b.set_size(w, h).await;
        b.goto(&page).await;
        // every change of the board's frame, the status and the end's buttons, in order
        b.js(
            "window.seen_end = []; const note = () => window.seen_end.push({t: performance.now(), \
               frame: document.getElementById('board').dataset.frame || '', \
               status: document.getElementById('status').textContent, \
               counts: document.getElementById('counts').textContent, \
               buttons: !document.getElementById('end-actions').hidden}); \
             const o = new MutationObserver(note); \
             o.observe(document.getElementById('board'), {attributes: true, attributeFilter: ['data-frame']}); \
             o.observe(document.getElementById('status-bar'), {childList: true, subtree: true, characterData: true, attributes: true}); \
             o.observe(document.getElementById('end-actions'), {attributes: true}); return 0;",
        )
        .await;
        b.click_css("#status-resume").await;
        b.wait(
            "window.gui.state.describe.result === 'p2win' && !window.gui.animating",
            30,
            "COIN's win shown",
        )
        .await;
        b.wait(
            "!document.getElementById('end-actions').hidden",
            5,
            "the end's buttons",
        )
        .await;
        let seen = b.js("return window.seen_end;").await;
        let seen = seen.as_array().unwrap();
        let framed: Vec<_> = seen.iter().filter(|e| e["frame"] != json!("")).collect();
        assert!(
            !framed.is_empty(),
            "{w} px: the capture shown step by step: {seen:?}"
        );
        for e in &framed {
            let status = e["status"].as_str().unwrap();
            assert!(
                !status.starts_with("Game over") && status.starts_with("COIN plays"),
                "{w} px: during the capture the status is {status:?}: {seen:?}"
            );
            assert!(
                !e["counts"].as_str().unwrap().contains("final count"),
                "{w} px: {e}"
            );
            assert_eq!(
                e["buttons"],
                json!(false),
                "{w} px: the end's buttons wait: {e}"
            );
        }
        let last_frame = framed.last().unwrap()["t"].as_f64().unwrap();
        let over = seen
            .iter()
            .find(|e| e["status"].as_str().unwrap().starts_with("Game over"))
            .unwrap_or_else(|| panic!("{w} px: no banner: {seen:?}"));
        assert!(
            over["t"].as_f64().unwrap() >= last_frame && over["frame"] == json!(""),
            "{w} px: the banner after the last frame: {seen:?}"
        );
        eprintln!(
            "{w} px: {} frames, the banner {:.0} ms after the last",
            framed.len(),
            over["t"].as_f64().unwrap() - last_frame
        );
        b.screenshot(&format!("end-after-capture-{w}.png")).await;
    }
    b.set_size(1400, 1000).await;
}

/// One tap on B2 completes the Guerrilla's turn (C2 was the only place for the second stone):
/// C2 stays ringed and the line under the board says so while the engine replies and until the
/// player's next turn begins; Take back undoes the turn and the note goes.
pub async fn auto_stone(b: &Browser, base: &str) {
    let page = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "300"),
            ("fen", FORCED_SECOND),
        ],
    );
    for (w, h) in SIZES {
        b.set_size(w, h).await;
        b.goto(&page).await;
        b.click_name("B2").await;
        b.wait(
            "window.gui.state.history.moves.length >= 1",
            30,
            "the turn B2C2",
        )
        .await;
        assert_eq!(b.moves().await[0], "B2C2");
        let note = "C2 placed by itself (the only place left)";
        b.wait(
            &format!("document.getElementById('turn-line').textContent.includes('{note}')"),
            10,
            "the note under the board",
        )
        .await;
        // the engine replies; the note and the ring stay
        b.wait_moves(2).await;
        b.wait(
            "!window.gui.animating && !window.gui.state.searching",
            30,
            "the reply shown",
        )
        .await;
        let line = b.text("turn-line").await;
        assert!(line.contains(note), "{w} px, after the reply: {line}");
        assert!(
            b.count("#board .mark.kept[data-kept=\"C2\"]").await
                + b.count("#board .mark.auto[data-mark=\"C2\"]").await
                >= 1,
            "{w} px: C2 marked"
        );
        b.wait(
            "document.querySelectorAll('#board .mark.kept[data-kept=\"C2\"]').length === 1",
            5,
            "C2 ringed once its flash ended",
        )
        .await;
        let whole = b
            .js("const l = document.getElementById('turn-line'); return l.scrollHeight <= l.clientHeight + 1;")
            .await;
        assert_eq!(
            whole,
            json!(true),
            "{w} px: the line under the board whole: {line}"
        );
        let cut = cut_texts(b).await;
        assert!(cut.is_empty(), "{w} px: {cut:?}");
        b.screenshot(&format!("auto-stone-{w}.png")).await;
        // Take back: the turn and the reply go, and the note with them
        b.click_css("#takeback").await;
        b.wait_moves(0).await;
        b.wait("!window.gui.animating", 10, "the start drawn").await;
        let line = b.text("turn-line").await;
        assert!(!line.contains("by itself"), "{w} px, taken back: {line}");
        assert_eq!(
            b.count("#board .mark.kept").await,
            0,
            "{w} px: no ring left"
        );
        // the next turn begun: the note is gone once the player plays again
        b.click_name("B2").await;
        b.wait_moves(2).await;
        b.wait(
            "!window.gui.animating && !window.gui.state.searching",
            30,
            "the reply shown",
        )
        .await;
        let first = b
            .js("return window.gui.state.steps.find((s) => s.length === 2) || null;")
            .await;
        if let Some(step) = first.as_str() {
            b.click_name(step).await;
            b.wait(
                "window.gui.state.history.building.length === 1 || window.gui.state.history.moves.length > 2",
                30,
                "a stone of the next turn",
            )
            .await;
            let line = b.text("turn-line").await;
            assert!(
                !line.contains("by itself, the only place left (Take back"),
                "{w} px: {line}"
            );
        }
    }
    b.set_size(1400, 1000).await;
}

/// "Play a friend" names the sides as the game does (Guerrilla and COIN; White and Black), and
/// in the game it makes the second side's player sees the board turned to their side: the
/// inviter's corner square a1 lies bottom left, the friend's top right.
pub async fn friend_sides(b1: &Browser, b2: &Browser, base: &str) {
    let setup = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "human"),
        ],
    );
    b1.set_size(1400, 900).await;
    b1.goto(&setup).await;
    let sides =
        "return [...document.getElementById('friend-side').options].map((o) => o.textContent);";
    let names = b1.js(sides).await;
    assert_eq!(names, json!(["random", "Guerrilla", "COIN"]), "{names}");
    // another game chosen: its sides' names
    b1.js(
        "const g = document.getElementById('game'); g.value = 'guerrilla'; \
           g.dispatchEvent(new Event('change')); return 0;",
    )
    .await;
    let names = b1.js(sides).await;
    assert_eq!(names, json!(["random", "White", "Black"]), "{names}");
    b1.js(
        "const g = document.getElementById('game'); g.value = 'guerrilla-checkers'; \
           g.dispatchEvent(new Event('change')); return 0;",
    )
    .await;
    b1.js("document.getElementById('friend-panel').open = true; \
           document.getElementById('friend-side').value = 'p1'; return 0;")
        .await;
    b1.click_control("#friend-create").await;
    b1.wait(
        "location.search.includes('k=') && window.gui.state && window.gui.state.friend \
         && window.gui.friend.asked === window.gui.state.session && window.gui.friend.seat !== null \
         && document.getElementById('invite-link')",
        60,
        "the inviter's page",
    )
    .await;
    let invite = b1
        .js("return document.getElementById('invite-link').value;")
        .await;
    b2.goto(invite.as_str().unwrap()).await;
    b2.wait(
        "window.gui.state.friend && window.gui.friend.asked === window.gui.state.session && window.gui.friend.seat === 1",
        60,
        "the friend's seat",
    )
    .await;
    // where a1 lies on each page's board: its centre as a share of the board's box
    let corner = "const s = document.getElementById('board').getBoundingClientRect(), \
                    h = document.querySelector('#board .hit[data-name=\"a1\"]').getBoundingClientRect(); \
                  return [(h.x + h.width / 2 - s.x) / s.width, (h.y + h.height / 2 - s.y) / s.height, window.gui.flipped];";
    for (w, h) in SIZES {
        for b in [b1, b2] {
            b.set_size(w, h).await;
        }
        b2.wait(
            "window.gui.flipped === true",
            10,
            "the friend's board turned",
        )
        .await;
        let one = b1.js(corner).await;
        let two = b2.js(corner).await;
        eprintln!("{w} px: a1 at {one} for the Guerrilla, {two} for COIN");
        assert_eq!(one[2], json!(false), "{w} px: the inviter's board as it is");
        assert!(
            one[0].as_f64().unwrap() < 0.3 && one[1].as_f64().unwrap() > 0.7,
            "{w} px: a1 bottom left for the Guerrilla: {one}"
        );
        assert!(
            two[0].as_f64().unwrap() > 0.7 && two[1].as_f64().unwrap() < 0.3,
            "{w} px: a1 top right for COIN: {two}"
        );
        for (b, who) in [(b1, "Guerrilla (you)"), (b2, "COIN (you)")] {
            let seats = b
                .js("return [...document.querySelectorAll('#friend-bar .seat-name')].map((s) => s.textContent);")
                .await;
            assert!(
                seats.as_array().unwrap().iter().any(|s| s == who),
                "{w} px: {seats}"
            );
            let cut = cut_texts(b).await;
            assert!(cut.is_empty(), "{w} px, {}: {cut:?}", b.name);
        }
        b1.screenshot(&format!("friend-sides-guerrilla-{w}.png"))
            .await;
        b2.screenshot(&format!("friend-sides-coin-{w}.png")).await;
    }
    for b in [b1, b2] {
        b.set_size(1400, 1000).await;
    }
}

/// A game of Guerrilla between friends with clocks, both not yet moved, at 360 and 1400 px:
/// the seats' names whole ("Black (friend)", never "Blac…").
pub async fn friend_seats_whole(b1: &Browser, b2: &Browser, base: &str) {
    let setup = url_with(
        base,
        &[("game", "guerrilla"), ("p1", "human"), ("p2", "human")],
    );
    b1.set_size(1400, 900).await;
    b1.goto(&setup).await;
    b1.js("document.getElementById('friend-panel').open = true; \
           document.getElementById('friend-side').value = 'p1'; \
           document.getElementById('friend-clock').checked = true; return 0;")
        .await;
    b1.click_control("#friend-create").await;
    b1.wait(
        "location.search.includes('k=') && window.gui.state && window.gui.state.friend \
         && window.gui.friend.seat !== null && document.getElementById('invite-link')",
        60,
        "the inviter's page",
    )
    .await;
    for (w, h) in SIZES {
        b1.set_size(w, h).await;
        let seats = b1
            .js("return [...document.querySelectorAll('#friend-bar .seat-name')].map((s) => s.textContent);")
            .await;
        assert!(
            seats
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s == "Black (friend) · not here yet"),
            "{w} px: {seats}"
        );
        let cut = cut_texts(b1).await;
        assert!(cut.is_empty(), "{w} px, the friend not here yet: {cut:?}");
        b1.screenshot(&format!("friend-seats-{w}.png")).await;
    }
    let invite = b1
        .js("return document.getElementById('invite-link').value;")
        .await;
    b2.goto(invite.as_str().unwrap()).await;
    b2.wait("window.gui.friend.seat === 1", 60, "the friend's seat")
        .await;
    for (w, h) in SIZES {
        for b in [b1, b2] {
            b.set_size(w, h).await;
            let cut = cut_texts(b).await;
            assert!(cut.is_empty(), "{w} px, {}: {cut:?}", b.name);
        }
    }
    for b in [b1, b2] {
        b.set_size(1400, 1000).await;
    }
}
