//! Both games played by clicks: what a turn removes is marked and counted, and a game's end
//! says why.

use fantoccini::Locator;
use serde_json::json;

use crate::harness::{url_with, Browser};

/// A COIN checker on c3 with stones on D4 and E5 (and one more on B8): `c3xd4xe5` captures two.
pub const COIN_DOUBLE: &str = "8/8/8/8/8/2C5/8/8 9/1G7/9/9/4G4/3G5/9/9/9 60 C -";
/// As above without the stone on B8: the capture takes the Guerrilla's last stones and COIN
/// wins (GC5).
pub const COIN_WINS: &str = "8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C -";
/// Side 5, White d5 e5 f5, Black c4, White to move on turn 3: growth `+g5`, new group `*a1`,
/// jump `e5-c5`, `endgroup`, split choice `=c5` (or `=f5`), kill choice `c5xc4` or `d5xc4`.
/// Without the jump, `endmove` kills c4 by itself with the group of four: a massacre.
pub const WELLS_FULL: &str =
    "5 ...../....../......./..B...../...WWW.../......../......./....../..... w 3 0";
/// As above with Black on b4: after `=c5` the only kill, `c5xb4`, is taken automatically.
const WELLS_AUTO_KILL: &str =
    "5 ...../....../......./.B....../...WWW.../......../......./....../..... w 3 0";

fn humans(game: &str, fen: Option<&str>) -> Vec<(&'static str, String)> {
    let mut q = vec![
        ("game", game.to_string()),
        ("p1", "human".to_string()),
        ("p2", "human".to_string()),
    ];
    if let Some(f) = fen {
        q.push(("fen", f.to_string()));
    }
    q
}

pub fn url(base: &str, game: &str, fen: Option<&str>) -> String {
    let q = humans(game, fen);
    let q: Vec<(&str, &str)> = q.iter().map(|(k, v)| (*k, v.as_str())).collect();
    url_with(base, &q)
}

pub async fn checkers_by_clicks(b: &Browser, base: &str) {
    b.goto(&url(base, "guerrilla-checkers", None)).await;
    // Coordinates on the edges: square files and ranks, point files and ranks.
    for label in ["a", "h", "A", "I", "1", "9"] {
        let n = b
            .js(&format!(
                "return [...document.querySelectorAll('#board .coord')].filter((t) => t.textContent === '{label}').length;"
            ))
            .await;
        assert!(n.as_u64().unwrap_or(0) >= 1, "edge label {label}");
    }
    // An illegal click: a1 holds no checker and the Guerrilla is to move.
    b.click_name("a1").await;
    let n = b.notice().await;
    assert!(
        n.contains("a1") && n.contains("cannot be played"),
        "notice: {n}"
    );
    b.hide_notice().await;
    // The Guerrilla's first turn, D4 and D5: with Confirm off (the default) it counts at once.
    b.play_step(&["D4", "D5"], "D5").await;
    b.wait_moves(1).await;
    assert_eq!(b.describe("stones").await, "2");
    // The last turn is highlighted.
    b.wait(
        "document.querySelectorAll('#board [data-last]').length === 2",
        10,
        "D4 and D5 highlighted",
    )
    .await;
    // COIN's checker on d4 captures the stone on D4 (the corner d4 and c3 share): marked.
    b.play_step(&["d4", "c3"], "c3").await;
    b.wait_moves(2).await;
    assert_eq!(b.describe("stones").await, "1");
    b.wait(
        "document.querySelector('#board [data-removed=\"D4\"]')",
        10,
        "the captured stone marked",
    )
    .await;
    b.play_step(&["E5", "E6"], "E6").await;
    b.wait_moves(3).await;
    // Undo takes back the Guerrilla's last turn step by step.
    let stones = b.describe("stones").await;
    b.click_css("#undo").await;
    b.wait(
        &format!("window.gui.state.describe.stones !== '{stones}'"),
        30,
        "undo",
    )
    .await;
    assert_eq!(b.moves().await.len(), 2);
    assert_eq!(b.describe("tomove").await, "p1");

    // A COIN multi-capture set up through the page's position control.
    let fen = b.client.find(Locator::Id("fen")).await.unwrap();
    fen.clear().await.unwrap();
    fen.send_keys(COIN_DOUBLE).await.unwrap();
    b.new_game().await;
    b.wait(
        "window.gui.state.describe.side === 'coin' && window.gui.state.describe.stones === '3'",
        30,
        "the COIN position",
    )
    .await;
    assert!(
        b.errors().await.is_empty(),
        "a new game starts with no old error"
    );
    b.play_step(&["c3", "d4", "e5"], "e5").await;
    b.wait_moves(1).await;
    assert_eq!(b.moves().await, vec!["c3xd4xe5"], "the whole COIN turn");
    assert_eq!(b.describe("stones").await, "1", "two stones captured");
    // The captured stones are marked where they stood, counted, and written in the log.
    b.wait(
        "document.querySelectorAll('#board [data-removed]').length === 2",
        10,
        "two marks",
    )
    .await;
    for p in ["D4", "E5"] {
        assert_eq!(
            b.count(&format!("#board [data-removed=\"{p}\"]")).await,
            1,
            "{p} marked"
        );
    }
    let tally = b.text("tally").await;
    assert!(tally.contains("COIN took 2 stones"), "tally: {tally}");
    let log = b.text("log").await;
    assert!(log.contains("COIN c3×d4×e5, takes D4 E5"), "log: {log}");
    b.screenshots("checkers-capture").await;

    // A bad position string: the engine's error is shown, the game is unchanged.
    fen.clear().await.unwrap();
    fen.send_keys("not a position").await.unwrap();
    b.hide_notice().await;
    b.new_game().await;
    let n = b.notice().await;
    assert!(n.contains("expected a valid position"), "notice: {n}");
    assert_eq!(b.moves().await, vec!["c3xd4xe5"]);
    b.hide_notice().await;
}

/// COIN takes the last stones: the game ends, the status says who won and why.
pub async fn checkers_to_the_end(b: &Browser, base: &str) {
    b.goto(&url(base, "guerrilla-checkers", Some(COIN_WINS)))
        .await;
    b.play_step(&["c3", "d4"], "c3xd4").await;
    b.wait(
        "window.gui.state.describe.result === 'p2win' && !window.gui.animating",
        30,
        "COIN's win",
    )
    .await;
    let status = b.text("status").await;
    assert!(
        status.starts_with("Game over: COIN wins"),
        "status: {status}"
    );
    assert!(
        !status.contains("to move"),
        "the status names no side to move: {status}"
    );
    assert!(
        status.contains("no stone is left on the board"),
        "the reason: {status}"
    );
    let counts = b.text("counts").await;
    assert!(
        counts.contains("final count") && counts.contains("stones on the board 0"),
        "the final count: {counts}"
    );
    let banner = b.text("result").await;
    assert!(
        banner.starts_with(&status) && banner.contains("stones on the board 0"),
        "the banner for screen readers: {banner}"
    );
    assert_eq!(b.describe("reason").await, "no-stones-on-board");
    // Exported in the arena's PGN form, COIN (Black) moving first, and replayed clean.
    b.click_control("#export-game").await;
    let record = b
        .js("return document.getElementById('record-text').value;")
        .await;
    let record = record.as_str().unwrap();
    for part in [
        "[Result \"0-1\"]",
        "[Variant \"guerrilla-checkers\"]",
        "[SetUp \"1\"]",
        "[TimeControl \"-\"]",
        "[Termination \"normal\"]",
        "[PlyCount \"1\"]",
        "\n\n1... c3xd4xe5 0-1\n",
    ] {
        assert!(record.contains(part), "{part} in the record:\n{record}");
    }
    crate::flow::replayed_clean_by_the_arena(record);
    // My games keeps who moved first, so its Export numbers COIN's turn `1...` as well.
    b.js("window.mineCheck = null; \
         fetch('/api/mine?browser=' + localStorage.getItem('guerrilla-web-browser')) \
           .then((r) => r.json()).then((j) => { window.mineCheck = j; }); return 0;")
        .await;
    b.wait(
        "Array.isArray(window.mineCheck) && window.mineCheck.some((g) => \
           g.moves.join(' ') === 'c3xd4xe5' && g.first === 'p2')",
        10,
        "the game kept with COIN moving first",
    )
    .await;
    b.wait(
        "document.querySelectorAll('#board [data-why=\"captured\"]').length === 2",
        10,
        "both stones marked as captured",
    )
    .await;
    b.click_name("e5").await;
    let n = b.notice().await;
    assert!(n.contains("game is over"), "notice: {n}");
    b.hide_notice().await;
    // On a phone the banner is shown whole, not cut after two lines.
    b.set_size(400, 800).await;
    let clipped = b
        .js("const s = document.getElementById('status'), bar = document.getElementById('status-bar'); \
             return s.scrollHeight > s.clientHeight + 1 || bar.scrollHeight > bar.clientHeight + 1;")
        .await;
    assert_eq!(clipped, json!(false), "the banner is clipped at 400 px");
    b.set_size(1400, 1000).await;
    b.screenshots("checkers-game-over").await;
}

pub async fn wells_by_clicks(b: &Browser, base: &str) {
    b.goto(&url(base, "guerrilla", Some(WELLS_FULL))).await;
    assert_eq!(b.describe("board_side").await, "5");
    let guidance = b.text("guidance").await;
    assert!(guidance.contains("phase growth"), "guidance: {guidance}");
    b.play_step(&["g5"], "+g5").await; // growth
    b.play_step(&["a1"], "*a1").await; // new group
                                       // An illegal click: b2 is no legal start of a jump now.
    b.click_name("b2").await;
    let n = b.notice().await;
    assert!(
        n.contains("b2") && n.contains("cannot be played"),
        "notice: {n}"
    );
    b.hide_notice().await;
    b.play_step(&["e5", "c5"], "e5-c5").await; // a jump
    assert_ne!(b.describe("moving").await, "-", "a group is moving");
    let guidance = b.text("guidance").await;
    assert!(guidance.contains("jumps left"), "guidance: {guidance}");
    b.click_step_button("endgroup").await;
    b.wait(
        "window.gui.state.describe.phase === 'split'",
        30,
        "the split choice",
    )
    .await;
    b.play_step(&["c5"], "=c5").await; // the split choice: f5 and g5 go
    b.wait(
        "window.gui.state.describe.phase === 'kill'",
        30,
        "the kills",
    )
    .await;
    b.play_step(&["c5", "c4"], "c5xc4").await; // a kill
    b.wait_moves(1).await;
    let turn = b.moves().await[0].clone();
    for part in ["+g5", "*a1", "e5-c5", "=c5", "c5xc4"] {
        assert!(turn.contains(part), "turn {turn} lacks {part}");
    }
    assert_eq!(b.describe("tomove").await, "p2");
    // The killed piece is marked (not a massacre: a group of two kills a group of one).
    b.wait(
        "document.querySelector('#board [data-removed=\"c4\"]')",
        10,
        "the kill marked",
    )
    .await;
    assert_eq!(b.count("#board .removed.leaves-token").await, 0);
    assert_eq!(
        b.count("#board [data-removed=\"c4\"][data-why=\"killed\"]")
            .await,
        1,
        "c4 marked as killed"
    );
    // The pieces the split left behind are marked too, as such.
    for p in ["f5", "g5"] {
        assert_eq!(
            b.count(&format!(
                "#board [data-removed=\"{p}\"][data-why=\"split\"]"
            ))
            .await,
            1,
            "{p} marked as left behind by the split"
        );
    }
    let tally = b.text("tally").await;
    assert!(tally.contains("White took 1 piece"), "tally: {tally}");

    // A massacre: no jump, and End move kills c4 by itself with the group of four.
    b.goto(&url(base, "guerrilla", Some(WELLS_FULL))).await;
    b.play_step(&["g5"], "+g5").await;
    b.play_step(&["a1"], "*a1").await;
    // Before the movement ends, the guidance says what End move will do.
    b.wait("document.getElementById('guidance').textContent.includes('End move will remove c4 (massacred)')", 10, "the kills End move makes").await;
    b.click_step_button("endmove").await;
    b.wait_moves(1).await;
    b.wait(
        "document.querySelector('#board .removed.leaves-token[data-removed=\"c4\"]')",
        10,
        "the massacre marked",
    )
    .await;
    // A massacre is its token (a tile) ringed, no removal cross: the two never look alike.
    b.wait("!window.gui.animating", 10, "the turn shown").await;
    let mark = b
        .js("const g = document.querySelector('#board .removed.leaves-token[data-removed=c4]'); \
             return [g.querySelectorAll('.cross').length, g.querySelectorAll('.token-ring').length, \
                     document.querySelectorAll('#board [data-piece=c4] rect').length];")
        .await;
    assert_eq!(
        mark,
        serde_json::json!([0, 1, 1]),
        "[crosses, rings, token tiles]"
    );
    let tally = b.text("tally").await;
    assert!(tally.contains("1 massacred"), "tally: {tally}");
    let log = b.text("log").await;
    assert!(log.contains("takes c4 (massacred: c4)"), "log: {log}");
    b.screenshots("wells-massacre").await;

    // An automatic decision: the lone kill c5xb4 is taken by the engine and shown.
    b.goto(&url_with(
        base,
        &[
            ("game", "guerrilla"),
            ("p1", "human"),
            ("p2", "human"),
            ("fen", WELLS_AUTO_KILL),
            ("confirm", "1"),
        ],
    ))
    .await;
    b.play_step(&["g5"], "+g5").await;
    b.play_step(&["a1"], "*a1").await;
    b.play_step(&["e5", "c5"], "e5-c5").await;
    b.click_step_button("endgroup").await;
    b.play_step(&["c5"], "=c5").await;
    b.wait(
        "window.gui.state.awaiting_confirm !== null",
        30,
        "the completed turn",
    )
    .await;
    let line = b.text("turn-line").await;
    assert!(
        line.contains("c5×b4") && line.contains("only choice"),
        "forced decision shown: '{line}'"
    );
    let last = b.js("return window.gui.state.last.auto;").await;
    assert!(
        last.as_array().is_some_and(|a| a.contains(&json!("c5xb4"))),
        "auto: {last}"
    );
    let status = b.text("status").await;
    assert!(
        status.starts_with("White: your turn") && status.contains("Confirm"),
        "status: {status}"
    );
    b.confirm().await;
    assert_eq!(b.moves().await.len(), 1);
}
