//! The page as a game app on a phone (360×740) and in a wide window (1400 px): the controls in
//! a menu sheet, the status saying which side you play and when it is your turn, nothing
//! clipped, and a finished game's banner with New game, Rematch and Review.

use serde_json::json;

use crate::games::{COIN_WINS, WELLS_FULL};
use crate::harness::{url_with, Browser};

/// Whether the element `css` shows its whole text (nothing cut off, across or down).
async fn whole(b: &Browser, css: &str) -> bool {
    b.js(&format!(
        "const e = document.querySelector('{css}'); \
         return !!e && e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1;"
    ))
    .await
        == json!(true)
}

/// Whether the element `css` is drawn (not hidden, not invisible).
async fn shown(b: &Browser, css: &str) -> bool {
    b.js(&format!(
        "const e = document.querySelector('{css}'); if (!e) return false; \
         const r = e.getBoundingClientRect(); const c = getComputedStyle(e); \
         return r.width > 0 && r.height > 0 && c.visibility === 'visible';"
    ))
    .await
        == json!(true)
}

/// The menu sheet at 360 px, "You play" and "Your turn", nothing clipped; no Menu at 1400 px.
pub async fn phone_menu(b: &Browser, base: &str) {
    let url = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "60"),
        ],
    );
    b.set_size(360, 740).await;
    b.goto(&url).await;
    let status = b.text("status").await;
    assert!(status.starts_with("Your turn (Guerrilla)"), "{status}");
    let counts = b.text("counts").await;
    assert!(counts.starts_with("You play Guerrilla"), "{counts}");
    for css in ["#status", "#counts", "#connection"] {
        assert!(
            whole(b, css).await || css == "#connection",
            "{css} is cut off at 360 px"
        );
    }
    let across = b
        .js("return document.documentElement.scrollWidth <= window.innerWidth;")
        .await;
    assert_eq!(across, json!(true), "no horizontal scroll at 360 px");
    // The controls are not on the page until the menu opens; then they are, in view.
    assert!(shown(b, "#open-menu").await, "the Menu button");
    assert!(
        !shown(b, "#new-game").await,
        "New game waits in the closed menu"
    );
    b.screenshot("phone-menu-closed-360.png").await;
    b.click_css("#open-menu").await;
    b.wait(
        "document.body.classList.contains('menu-open') && getComputedStyle(document.getElementById('controls')).transform === 'none'",
        5,
        "the menu open",
    )
    .await;
    for css in ["#new-game", "#close-menu", "#game", "#pause"] {
        assert!(shown(b, css).await, "{css} in the open menu");
    }
    assert!(b.in_view("#close-menu").await, "the menu's Close in view");
    b.screenshot("phone-menu-open-360.png").await;
    // Pause is a menu action: the menu closes, the board is back.
    b.click_control("#pause").await;
    b.wait(
        "!document.body.classList.contains('menu-open') && window.gui.state.paused",
        10,
        "paused, the menu closed",
    )
    .await;
    assert!(b.in_view("#status-resume").await, "Resume by the status");
    b.click_css("#status-resume").await;
    b.wait("!window.gui.state.paused", 10, "resumed").await;
    // A wide window has no Menu: the controls are in their column.
    b.set_size(1400, 1000).await;
    assert!(!shown(b, "#open-menu").await, "no Menu at 1400 px");
    assert!(shown(b, "#new-game").await, "New game in its column");
    b.screenshot("phone-menu-1400.png").await;
}

/// A finished game's banner carries New game, Rematch and Review, in view at 360 px; Rematch
/// against the engine swaps the seats.
pub async fn end_banner(b: &Browser, base: &str) {
    let url = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "engine"),
            ("p2", "human"),
            ("t1", "60"),
            ("fen", COIN_WINS),
        ],
    );
    for (w, h) in [(360, 740), (1400, 1000)] {
        b.set_size(w, h).await;
        b.goto(&url).await;
        let status = b.text("status").await;
        assert!(status.starts_with("Your turn (COIN)"), "{status}");
        b.play_step(&["c3", "d4"], "c3xd4").await;
        b.wait(
            "window.gui.state.describe.result === 'p2win' && !window.gui.animating",
            30,
            "COIN's win",
        )
        .await;
        for css in ["#end-new", "#end-rematch", "#end-review"] {
            b.wait(&format!("!document.querySelector('{css}').hidden"), 10, css)
                .await;
            assert!(b.in_view(css).await, "{w} px: {css} in view");
        }
        assert!(whole(b, "#status").await, "{w} px: the banner is whole");
        b.screenshot(&format!("end-banner-{w}.png")).await;
    }
    // Rematch: the same start, the seats swapped (the person plays the Guerrilla now; from
    // this start the engine, COIN, may win at once).
    let game_no = b.js("return window.gui.state.game_no;").await;
    b.click_css("#end-rematch").await;
    b.wait(
        &format!(
            "window.gui.state.game_no > {game_no} && window.gui.state.players[0].kind === 'human' \
             && window.gui.state.players[1].kind === 'engine' && window.gui.state.history.start === '{COIN_WINS}'"
        ),
        30,
        "the rematch, seats swapped",
    )
    .await;
}

/// Guerrilla on side 6 at 360 px: the board opens zoomed, its points at least 40 px apart,
/// the zoom buttons off the board; the menu's Turns shown sets how long each step of a turn
/// shown stays (0.9 s slowly, at most 0.45 s fast).
pub async fn side6_and_pace(b: &Browser, base: &str) {
    let url = url_with(
        base,
        &[
            ("game", "guerrilla"),
            ("BoardSide", "6"),
            ("p1", "human"),
            ("p2", "human"),
        ],
    );
    b.set_size(360, 740).await;
    b.goto(&url).await;
    b.wait(
        "Number(document.body.dataset.zoom) > 1",
        10,
        "opened zoomed",
    )
    .await;
    let pitch = b
        .js("const hits = [...document.querySelectorAll('#board .hit')].map((h) => h.getBoundingClientRect()) \
               .map((r) => ({x: r.x + r.width / 2, y: r.y + r.height / 2})); \
             let least = Infinity; \
             for (let i = 0; i < hits.length; i++) for (let j = i + 1; j < hits.length; j++) { \
               const d = Math.hypot(hits[i].x - hits[j].x, hits[i].y - hits[j].y); if (d < least) least = d; } \
             return least;")
        .await;
    assert!(
        pitch.as_f64().unwrap() >= 40.0,
        "side 6 at 360 px: points {pitch} px apart"
    );
    let clear = b
        .js(
            "const z = document.getElementById('zoom').getBoundingClientRect(), \
                 s = document.getElementById('board-scroll').getBoundingClientRect(); \
             return z.top >= s.bottom || z.bottom <= s.top;",
        )
        .await;
    assert_eq!(clear, json!(true), "the zoom buttons off the board");
    b.screenshot("side6-zoomed-360.png").await;
    // a turn of three steps (growth, a new group, End move and its kill), shown again with ▶
    b.set_size(1400, 1000).await;
    b.goto(&crate::games::url(base, "guerrilla", Some(WELLS_FULL)))
        .await;
    b.play_step(&["g5"], "+g5").await;
    b.play_step(&["a1"], "*a1").await;
    b.click_step_button("endmove").await;
    b.wait_moves(1).await;
    b.wait("!window.gui.animating", 10, "the turn shown").await;
    for (pace, least, most) in [("slow", 850.0, 2000.0), ("fast", 100.0, 460.0)] {
        b.js(&format!(
            "const p = document.getElementById('pace'); p.value = '{pace}'; \
             p.dispatchEvent(new Event('change')); \
             window.frames_at = []; \
             window.frameWatch && window.frameWatch.disconnect(); \
             window.frameWatch = new MutationObserver(() => {{ \
               const f = document.getElementById('board').dataset.frame; \
               if (f) window.frames_at.push([f, performance.now()]); }}); \
             window.frameWatch.observe(document.getElementById('board'), {{attributes: true, attributeFilter: ['data-frame']}}); \
             return 0;"
        ))
        .await;
        b.click_css("#nav-prev").await;
        b.wait("document.body.dataset.view === '0'", 10, "the start")
            .await;
        b.js("window.frames_at = []; return 0;").await;
        b.click_css("#nav-next").await;
        b.wait(
            "document.body.dataset.view === '' && !window.gui.animating",
            20,
            "the turn shown again",
        )
        .await;
        let gaps = b
            .js("const a = window.frames_at; const g = []; \
                 for (let i = 1; i < a.length; i++) if (a[i][0] !== a[i - 1][0]) g.push(a[i][1] - a[i - 1][1]); \
                 return g;")
            .await;
        let gaps: Vec<f64> = gaps
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|g| g.as_f64())
            .collect();
        eprintln!("pace {pace}: frames {gaps:?} ms apart");
        assert!(
            gaps.len() >= 2,
            "pace {pace}: a turn of three steps: {gaps:?}"
        );
        for g in &gaps {
            assert!(
                *g >= least && *g <= most,
                "pace {pace}: a step stays {g} ms ({gaps:?})"
            );
        }
    }
    b.set_size(1400, 1000).await;
}
