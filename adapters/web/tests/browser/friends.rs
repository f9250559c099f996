//! Games between friends and games that last: two browsers by invitation links playing a game
//! to its end while a third watches (its moves refused), clocks down to a flag fall, a server
//! restarted in the middle of a game that goes on from the database, a stale session freed for
//! a new one, and My games.

use std::path::Path;
use std::time::Duration;

use serde_json::{json, Value};

use crate::harness::{open_browser, start_server_with, temp_database, url_with, Browser, Proc};

/// Guerrilla (p1) to move with two stones in hand: `E6F6`, then any COIN move, ends the game
/// (the Guerrilla has fewer than two stones in hand: COIN wins, GC5).
const TWO_TURNS_LEFT: &str = "8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 2 G -";

/// The page opened with this position in the settings; the invitation takes them.
fn setup_url(base: &str) -> String {
    url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("fen", TWO_TURNS_LEFT),
            ("p1", "human"),
            ("p2", "human"),
        ],
    )
}

/// Waits for a page to show a game between friends, and asks which seat it holds.
async fn wait_friend(b: &Browser) {
    b.wait(
        "window.gui.state && window.gui.state.friend && window.gui.friend.asked === window.gui.state.session",
        60,
        "a game between friends",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// Makes an invitation from `b`'s page (settings from `setup_url`), with clocks when
/// `clock` is given (minutes, increment in seconds); the friend's link and the watch link.
async fn invite(b: &Browser, base: &str, clock: Option<(f64, f64)>) -> (String, String) {
    b.goto(&setup_url(base)).await;
    b.js("document.getElementById('friend-panel').open = true; \
          document.getElementById('friend-side').value = 'p1'; return 0;")
        .await;
    if let Some((minutes, increment)) = clock {
        b.js(&format!(
            "document.getElementById('friend-clock').checked = true; \
             document.getElementById('friend-minutes').value = '{minutes}'; \
             document.getElementById('friend-increment').value = '{increment}'; return 0;"
        ))
        .await;
    }
    b.click_control("#friend-create").await;
    b.wait(
        "location.search.includes('k=') && window.gui.state && window.gui.state.friend",
        60,
        "the inviter's page of the new game",
    )
    .await;
    wait_friend(b).await;
    b.wait(
        "document.getElementById('invite-link')",
        10,
        "the invitation link",
    )
    .await;
    let invite = b
        .js("return document.getElementById('invite-link').value;")
        .await;
    let watch = b
        .js("return document.getElementById('watch-link').value;")
        .await;
    (
        invite.as_str().unwrap().to_string(),
        watch.as_str().unwrap().to_string(),
    )
}

async fn title(b: &Browser) -> String {
    b.js("return document.title;")
        .await
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// A screenshot at 1400×1000 and one at 360×740, `<name>-1400.png` and `<name>-360.png`.
async fn two_sizes(b: &Browser, name: &str) {
    for (w, h) in [(1400, 1000), (360, 740)] {
        b.set_size(w, h).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        b.screenshot(&format!("{name}-{w}.png")).await;
    }
    b.set_size(1400, 1000).await;
}

/// Sends an action from the page's own session without its key, as a watcher's page would
/// (or anyone who has the watch link); the server's answer.
async fn bare_action(b: &Browser, action: Value) -> Value {
    let script = format!(
        "const done = arguments[arguments.length - 1]; \
         fetch(`/api/session/${{window.gui.session}}/action`, {{method: 'POST', body: JSON.stringify({action})}}) \
           .then((r) => r.json()).then(done, (e) => done(String(e)));"
    );
    b.client
        .execute_async(&script, vec![])
        .await
        .expect("the action script")
}

/// Whether the page shows its Review game button.
async fn review_shown(b: &Browser) -> Value {
    b.js("return getComputedStyle(document.getElementById('review')).display !== 'none';")
        .await
}

pub async fn friend_game(b1: &Browser, b2: &Browser, driver: &str, chrome: &Path, base: &str) {
    let b3 = open_browser(driver, chrome, "three").await;
    let outcome = async {
        let (invite, watch) = invite(b1, base, None).await;
        assert!(invite.contains("k="), "{invite}");
        assert!(!watch.contains("k="), "{watch}");
        b2.goto(&invite).await;
        wait_friend(b2).await;
        b3.goto(&watch).await;
        wait_friend(&b3).await;
        // Who is who: b1 plays the Guerrilla (p1), b2 COIN, b3 watches.
        assert_eq!(b1.js("return window.gui.friend.seat;").await, json!(0));
        assert_eq!(b2.js("return window.gui.friend.seat;").await, json!(1));
        assert_eq!(b3.js("return window.gui.friend.seat;").await, Value::Null);
        b1.wait(
            "window.gui.state.friend.joined[1] === true",
            10,
            "the friend joined",
        )
        .await;
        assert!(title(b1).await.starts_with("Your turn"), "{}", title(b1).await);
        assert!(
            title(b2).await.starts_with("Guerrilla to move"),
            "{}",
            title(b2).await
        );
        assert!(b3.text("friend-bar").await.contains("watching"));
        two_sizes(b1, "friend-guerrilla-seat").await;
        // The watcher's click is refused, and so is an action sent without a seat's key.
        b3.click_name("E6").await;
        let n = b3.notice().await;
        assert!(n.contains("you are watching"), "notice: {n}");
        b3.hide_notice().await;
        let answer = bare_action(&b3, json!({"type": "step", "step": "E6"})).await;
        assert_eq!(answer["ok"], json!(false), "{answer}");
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("you are watching")),
            "{answer}"
        );
        // COIN's page may not move on the Guerrilla's turn.
        b2.click_name("E6").await;
        let n = b2.notice().await;
        assert!(n.contains("Guerrilla's turn"), "notice: {n}");
        b2.hide_notice().await;
        let answer = bare_action(
            b2,
            json!({"type": "step", "step": "E6", "key": "0123456789abcdef0123456789abcdef"}),
        )
        .await;
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("holds no seat")),
            "a wrong key watches: {answer}"
        );
        // The Guerrilla's turn, seen live on the two other pages.
        b1.play_step(&["E6", "F6"], "F6").await;
        b1.wait_moves(1).await;
        b2.wait_moves(1).await;
        b3.wait_moves(1).await;
        assert!(title(b2).await.starts_with("Your turn"), "{}", title(b2).await);
        two_sizes(b2, "friend-coin-seat").await;
        two_sizes(&b3, "friend-watcher").await;
        // No review while the game goes on: the engine gives no help in it.
        assert_eq!(review_shown(b1).await, json!(false), "no Review game button");
        let answer = bare_action(b1, json!({"type": "review", "on": true})).await;
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("no help")),
            "{answer}"
        );
        // COIN's reply ends the game: all three pages show the result.
        b2.play_step(&["a7", "b8"], "a7-b8").await;
        for b in [b1, b2, &b3] {
            b.wait(
                "window.gui.state.describe.result === 'p2win' && !window.gui.animating",
                30,
                "COIN's win",
            )
            .await;
            let status = b.text("status").await;
            assert!(status.starts_with("Game over: COIN wins"), "{status}");
            // Nothing to undo in a finished game between friends.
            assert_eq!(b.count("#undo:not([hidden])").await, 0);
        }
        assert_eq!(title(b1).await.split(" · ").next(), Some("Game over"));
        // Over, the game may be reviewed by a player (not by a watcher), and all pages show it.
        let answer = bare_action(&b3, json!({"type": "review", "on": true})).await;
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("you are watching")),
            "{answer}"
        );
        assert_eq!(
            (review_shown(b1).await, review_shown(b2).await, review_shown(&b3).await),
            (json!(true), json!(true), json!(false)),
            "the Review game button on the players' pages, not the watcher's"
        );
        b2.click_css("#review").await;
        for b in [b1, b2, &b3] {
            b.wait(
                "window.gui.state.review && !window.gui.state.review.running \
                 && window.gui.state.review.total > 0 \
                 && window.gui.state.review.done === window.gui.state.review.total",
                60,
                "the review of the finished game",
            )
            .await;
        }
        // A rematch, the sides swapped: offered by one seat, accepted by the other.
        b1.click_css("#rematch").await;
        b2.wait(
            "document.getElementById('rematch') && document.getElementById('rematch').textContent === 'Accept rematch'",
            30,
            "the rematch offered",
        )
        .await;
        assert_eq!(b3.count("#rematch").await, 0, "the watcher has no Rematch");
        b2.click_css("#rematch").await;
        for b in [b1, b2, &b3] {
            b.wait(
                "window.gui.state.describe.result === 'none' && window.gui.state.history.moves.length === 0 \
                 && window.gui.state.friend.holds[0] === 'p2'",
                30,
                "the rematch",
            )
            .await;
        }
        // Now the friend (seat 1) plays the Guerrilla, who moves first; the inviter resigns.
        assert!(title(b2).await.starts_with("Your turn"), "{}", title(b2).await);
        b1.click_css("#resign").await;
        b1.click_css("#resign").await;
        b3.wait(
            "window.gui.state.describe.result === 'p1win' && window.gui.state.describe.reason === 'resignation'",
            30,
            "the resignation",
        )
        .await;
        let status = b3.text("status").await;
        assert!(status.contains("Guerrilla wins"), "{status}");
    }
    .await;
    let _ = b3.client.close().await;
    outcome
}

pub async fn flag_fall(b1: &Browser, b2: &Browser, base: &str) {
    let (invite, _) = invite(b1, base, Some((0.1, 0.0))).await;
    b2.goto(&invite).await;
    wait_friend(b2).await;
    // No clock runs before the first turn.
    let clock = b1.js("return window.gui.state.clock;").await;
    assert_eq!(clock["left_ms"], json!([6000, 6000]), "{clock}");
    assert_eq!(clock["running"], Value::Null, "{clock}");
    b1.play_step(&["E6", "F6"], "F6").await;
    b2.wait_moves(1).await;
    // COIN's clock runs on both pages, and runs out.
    b2.wait(
        "window.gui.state.clock.running === 'p2' && document.getElementById('clock-1').classList.contains('running')",
        10,
        "COIN's clock running",
    )
    .await;
    let first = b1.text("clock-1").await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let later = b1.text("clock-1").await;
    assert_ne!(first, later, "the clock is shown running");
    for b in [b1, b2] {
        b.wait(
            "window.gui.state.describe.result === 'p1win' && window.gui.state.describe.reason === 'time-forfeit'",
            30,
            "the flag fall",
        )
        .await;
        let status = b.text("status").await;
        assert!(
            status.contains("Guerrilla wins") && status.contains("time forfeit"),
            "{status}"
        );
        assert_eq!(b.text("clock-1").await, "0:00.0");
    }
    // A move after the flag fell is refused.
    b2.click_name("a7").await;
    let n = b2.notice().await;
    assert!(n.contains("over"), "notice: {n}");
    b2.hide_notice().await;
    two_sizes(b2, "friend-flag-fall").await;
}

/// My games on the inviter's browser: the games between friends just played, each to replay,
/// export and share; a replay opens the game from its start.
pub async fn my_games(b1: &Browser, base: &str) {
    b1.goto(base).await;
    b1.wait(
        "window.gui.mine.list.filter((g) => g.friend && g.result !== 'none').length >= 2",
        30,
        "the finished games between friends in My games",
    )
    .await;
    let text = b1.text("my-games").await;
    assert!(text.contains("time forfeit"), "{text}");
    assert!(
        text.contains("you played Guerrilla against a friend"),
        "{text}"
    );
    b1.js("document.getElementById('my-games').scrollIntoView(); return 0;")
        .await;
    b1.set_size(1400, 1000).await;
    b1.js("document.getElementById('my-games').scrollIntoView(); return 0;")
        .await;
    b1.screenshot("my-games-1400.png").await;
    b1.set_size(360, 740).await;
    b1.js("document.getElementById('my-games').scrollIntoView(); return 0;")
        .await;
    b1.screenshot("my-games-360.png").await;
    b1.set_size(1400, 1000).await;
    // Share: a replay link for a finished game; it opens the game from its start.
    let flag = "[...document.querySelectorAll('#my-games li')].find((li) => li.textContent.includes('time forfeit'))";
    b1.js(&format!(
        "{flag}.querySelector('button:nth-of-type(2)').click(); return 0;"
    ))
    .await;
    b1.wait(
        "document.getElementById('share-link').value.includes('replay=')",
        10,
        "the share link",
    )
    .await;
    let link = b1
        .js("return document.getElementById('share-link').value;")
        .await;
    b1.goto(link.as_str().unwrap()).await;
    b1.wait(
        "window.gui.state.history.moves.length === 1 && document.body.dataset.view === '0'",
        30,
        "the replay from its start",
    )
    .await;
}

/// Starts a server on `port` keeping its games in `db`.
fn server_on(exe: &Path, port: u16, db: &Path) -> (Proc, String) {
    start_server_with(
        exe,
        &[
            "--port",
            &port.to_string(),
            "--database",
            &db.to_string_lossy(),
        ],
    )
}

/// A server stopped and started again in the middle of a game between friends: both pages
/// reconnect, and the game goes on from the database.
pub async fn restart(b1: &Browser, b2: &Browser, exe: &Path) {
    let db = temp_database("restart");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let (server, base) = server_on(exe, port, &db);
    let (invite, _) = invite(b1, &base, None).await;
    b2.goto(&invite).await;
    wait_friend(b2).await;
    b1.play_step(&["E6", "F6"], "F6").await;
    b2.wait_moves(1).await;
    let pid = b1.js("return window.gui.state.engine.pid;").await;
    drop(server);
    b1.wait(
        "document.getElementById('connection').textContent.includes('reconnecting')",
        30,
        "the lost connection seen",
    )
    .await;
    let (_server, _) = server_on(exe, port, &db);
    for b in [b1, b2] {
        b.wait(
            &format!("window.gui.state.engine.pid !== {pid} && window.gui.state.friend"),
            60,
            "the game back from the database",
        )
        .await;
        assert_eq!(b.moves().await, vec!["E6F6"], "[{}]", b.name);
    }
    let messages = b1
        .js("return window.gui.state.messages.map((m) => m.text);")
        .await;
    assert!(
        messages
            .to_string()
            .contains("restored from the server's database"),
        "{messages}"
    );
    // The seats are as they were: COIN's page plays, the Guerrilla's may not.
    b1.wait(
        "document.getElementById('connection').textContent.startsWith('game')",
        30,
        "b1 connected",
    )
    .await;
    b2.wait(
        "document.getElementById('connection').textContent.startsWith('game')",
        30,
        "b2 connected",
    )
    .await;
    b2.play_step(&["a7", "b8"], "a7-b8").await;
    b1.wait(
        "window.gui.state.describe.result === 'p2win'",
        30,
        "the game's end on the other page",
    )
    .await;
}

/// A server of two sessions that frees a session whose pages stopped pinging for 2 s: two
/// sessions with no page fill it, a third is refused; once they are stale, a new one is
/// admitted, while the session of a page that pings is kept.
pub async fn stale_session(b: &Browser, exe: &Path) {
    let db = temp_database("stale");
    let (_server, base) = start_server_with(
        exe,
        &[
            "--port",
            "0",
            "--max-sessions",
            "2",
            "--heartbeat-seconds",
            "2",
            "--database",
            &db.to_string_lossy(),
        ],
    );
    b.goto(&base).await;
    let pid = b.js("return window.gui.state.engine.pid;").await;
    let script = r#"
        const done = arguments[arguments.length - 1];
        (async () => {
          const make = async () => {
            const r = await fetch('/api/session', { method: 'POST', body: '{}' });
            return [r.status, (await r.json())];
          };
          const first = await make();
          const refused = await make();
          await new Promise((ok) => setTimeout(ok, 3500));
          const again = await make();
          done({ first: first[0], refused: refused[0], error: refused[1].error, again: again[0] });
        })();
    "#;
    let v = b
        .client
        .execute_async(script, vec![])
        .await
        .expect("the session script");
    assert_eq!(v["first"], json!(200), "{v}");
    assert_eq!(v["refused"], json!(503), "the server is full: {v}");
    assert!(
        v["error"].as_str().is_some_and(|e| e.contains("maximum")),
        "{v}"
    );
    assert_eq!(
        v["again"],
        json!(200),
        "the stale session freed its place: {v}"
    );
    // The page that pings kept its session (the same engine, not one revived).
    let answer = b.js("return window.gui.state.engine.pid;").await;
    assert_eq!(answer, pid);
    b.play_step(&["D4", "D5"], "D5").await;
    assert_eq!(b.js("return window.gui.state.engine.pid;").await, pid);
}
