//! What a player reads around the board, at 360×740 and 1400×900: the status, the counts and
//! the seats whole in both games (nothing cut, no ellipsis), Guerrilla's phases in plain
//! words, one numbering of turns in the move list, the status, the navigation, the log, the
//! analysis and the review, and a hint's numbers large enough to read on a phone.

use serde_json::{json, Value};

use crate::games::{url, WELLS_FULL};
use crate::harness::{url_with, Browser};

/// The two window sizes every check here is made at.
pub const SIZES: [(u32, u32); 2] = [(360, 740), (1400, 900)];

/// The elements of the status bar, of the seats' bar (a game between friends) and the line
/// under the board whose text is cut: wider or taller than their box, cut off by the edge of
/// the status bar or the action bar, or ending in an ellipsis. Each as `#id.class: text (why)`;
/// empty when all are whole.
pub async fn cut_texts(b: &Browser) -> Vec<String> {
    let v = b
        .js("const out = []; \
             const bar = document.getElementById('status-bar').getBoundingClientRect(); \
             const actions = document.getElementById('action-bar').getBoundingClientRect(); \
             const boxes = [...document.querySelectorAll('#status-bar, #status-bar *, #friend-bar .seats, #friend-bar .seats *, #turn-line')]; \
             for (const e of boxes) { \
               if (e.id === 'result') continue; \
               const c = getComputedStyle(e), r = e.getBoundingClientRect(); \
               if (c.display === 'none' || r.width === 0 || r.height === 0) continue; \
               const name = `#${e.id}.${e.className}: ${e.textContent.slice(0, 60)}`; \
               const block = c.display !== 'inline'; \
               if (block && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)) \
                 out.push(`${name} (${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight})`); \
               if (c.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth) out.push(`${name} (ellipsis)`); \
               if (e.closest('#status-bar') && (r.bottom > bar.bottom + 1 || r.right > bar.right + 1)) \
                 out.push(`${name} (past the status bar: ${r.bottom} > ${bar.bottom})`); \
               if (e.id === 'turn-line' && r.bottom > actions.bottom + 1) \
                 out.push(`${name} (past the action bar: ${r.bottom} > ${actions.bottom})`); \
             } \
             return out;")
        .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap_or("").to_string())
        .collect()
}

/// Waits until the page shows a turn at rest: no turn being shown, no engine thinking.
async fn settled(b: &Browser) {
    b.wait(
        "!window.gui.animating && !window.gui.state.searching",
        60,
        "the page at rest",
    )
    .await;
}

/// Both games against the engine (the counts line then starts `You play …`), each at 360 and
/// 1400 px, on the person's turn and while the engine thinks: nothing of the status bar is cut.
/// Guerrilla from a late turn (three-digit turn number, two-digit supplies).
pub async fn nothing_clipped(b: &Browser, base: &str) {
    let late = WELLS_FULL.replace(" w 3 0", " w 153 0");
    let games: [(&str, Vec<(&str, &str)>); 2] = [
        ("guerrilla", vec![("fen", late.as_str())]),
        ("guerrilla-checkers", vec![]),
    ];
    for (game, extra) in games {
        let mut q = vec![
            ("game", game),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "300"),
        ];
        q.extend(extra);
        let page = url_with(base, &q);
        for (w, h) in SIZES {
            b.set_size(w, h).await;
            b.goto(&page).await;
            settled(b).await;
            let counts = b.text("counts").await;
            assert!(counts.starts_with("You play "), "{game}: {counts}");
            let cut = cut_texts(b).await;
            assert!(
                cut.is_empty(),
                "{game} at {w} px, the person's turn: {cut:?}"
            );
            b.screenshot(&format!("nothing-clipped-{game}-{w}.png"))
                .await;
            // the engine's turn: its status, the counts as they were
            if game == "guerrilla" {
                b.play_step(&["g5"], "+g5").await;
                b.play_step(&["a1"], "*a1").await;
                // the engine may reply before the page is asked again: the turn is what counts
                b.click_css("#step-buttons button[data-step=\"endmove\"]")
                    .await;
            } else {
                b.play_step(&["D4", "D5"], "D5").await;
            }
            b.wait(
                "window.gui.state.history.moves.length >= 1",
                30,
                "the turn played",
            )
            .await;
            let cut = cut_texts(b).await;
            assert!(
                cut.is_empty(),
                "{game} at {w} px, the engine's turn: {cut:?}"
            );
            settled(b).await;
            let cut = cut_texts(b).await;
            assert!(
                cut.is_empty(),
                "{game} at {w} px, after the engine's turn: {cut:?}"
            );
        }
    }
    b.set_size(1400, 1000).await;
}

/// The plain-words help of `#phase-help` (empty when it is hidden).
async fn phase_help(b: &Browser) -> String {
    b.js("const p = document.getElementById('phase-help'); \
          return p && !p.hidden && !document.getElementById('guidance').hidden ? p.textContent : '';")
        .await
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// Whether `#phase-help` is drawn and shows its whole text (on a phone: in the panel under the
/// board, which scrolls).
async fn help_whole(b: &Browser) -> bool {
    b.js("const p = document.getElementById('phase-help'); const r = p.getBoundingClientRect(); \
          return r.width > 0 && r.height > 0 && p.scrollWidth <= p.clientWidth + 1 && p.scrollHeight <= p.clientHeight + 1;")
        .await
        == json!(true)
}

/// The help the engine announced for Guerrilla (`about`'s `help` lines, protocol.md § 4.12), as
/// the server's catalogue carries it to the page: (topic, sentences), the topic as `about`
/// writes it (`phase move+moving`, `step pass`).
async fn announced_help(b: &Browser) -> Vec<(String, String)> {
    let v = b
        .js("const x = new XMLHttpRequest(); x.open('GET', '/api/games', false); x.send(); \
             const g = JSON.parse(x.responseText).games.find((g) => g.name === 'guerrilla'); \
             return g.help.map((h) => [`${h.kind} ${h.word}${h.while_set ? `+${h.while_set}` : ''}`, h.text]);")
        .await;
    serde_json::from_value(v).expect("the catalogue's help: [topic, text] pairs")
}

/// `help` is made of the engine's sentences only, each once, and holds every sentence of each
/// of `topics`.
fn from_the_engine(help: &str, announced: &[(String, String)], topics: &[&str], at: &str) {
    for t in topics {
        let texts: Vec<&String> = announced
            .iter()
            .filter(|(k, _)| k == t)
            .map(|(_, x)| x)
            .collect();
        assert!(
            !texts.is_empty(),
            "{at}: the engine announces no help for {t}"
        );
        for x in texts {
            assert!(
                help.contains(x.as_str()),
                "{at}: the help lacks {t}'s '{x}': {help}"
            );
        }
    }
    let mut rest = help.to_string();
    // longest first, so that a sentence inside another is not taken out of it
    let texts: std::collections::BTreeSet<&String> = announced.iter().map(|(_, x)| x).collect();
    let mut texts: Vec<&String> = texts.into_iter().collect();
    texts.sort_by_key(|x| std::cmp::Reverse(x.len()));
    for x in texts {
        assert!(
            rest.matches(x.as_str()).count() <= 1,
            "{at}: '{x}' twice: {help}"
        );
        rest = rest.replace(x.as_str(), "");
    }
    assert!(
        rest.trim().is_empty(),
        "{at}: words not the engine's: '{rest}' in {help}"
    );
}

/// A Guerrilla turn step by step, between two people, at 360 and 1400 px: each phase says in
/// plain words what it asks — growth, the new group, the movement (jumps, End group, End
/// move), the choice of a part, the kills and the massacre, and Pass at the turn's start, in
/// the engine's sentences — and the line under the board says what to tap.
pub async fn plain_words(b: &Browser, base: &str) {
    let page = url(base, "guerrilla", Some(WELLS_FULL));
    for (w, h) in SIZES {
        b.set_size(w, h).await;
        b.goto(&page).await;
        let announced = announced_help(b).await;
        let help = phase_help(b).await;
        from_the_engine(
            &help,
            &announced,
            &["phase growth", "step pass"],
            &format!("{w} px, growth"),
        );
        assert!(
            help.contains(
                "Growth: each of your groups with fewer than five pieces must grow by one piece"
            ),
            "{w} px, growth: {help}"
        );
        assert!(
            help.contains(
                "Pass skips growth, the new group and movement this turn; your kills still happen"
            ),
            "{w} px, the pass at the turn's start: {help}"
        );
        assert!(help_whole(b).await, "{w} px: the help whole");
        let line = b.text("turn-line").await;
        assert!(
            line.starts_with("Put a piece on"),
            "{w} px, under the board: {line}"
        );
        b.screenshot(&format!("plain-words-growth-{w}.png")).await;
        b.play_step(&["g5"], "+g5").await;
        let help = phase_help(b).await;
        from_the_engine(
            &help,
            &announced,
            &["phase new"],
            &format!("{w} px, new group"),
        );
        assert!(
            help.contains(
                "New group: put one piece on an empty point that touches no piece at all"
            ),
            "{w} px, the new group: {help}"
        );
        b.play_step(&["a1"], "*a1").await;
        let help = phase_help(b).await;
        from_the_engine(
            &help,
            &announced,
            &["phase move", "step endmove"],
            &format!("{w} px, movement"),
        );
        assert!(
            help.contains("Movement: your groups may now move")
                && help.contains("A jump takes a piece over a piece of its own group")
                && help.contains("End move: no more groups move this turn"),
            "{w} px, the movement: {help}"
        );
        assert!(
            !help.contains("Pass skips"),
            "{w} px: no pass mid-turn: {help}"
        );
        b.screenshot(&format!("plain-words-movement-{w}.png")).await;
        b.play_step(&["e5", "c5"], "e5-c5").await;
        let help = phase_help(b).await;
        let at = format!("{w} px, a group moving");
        from_the_engine(
            &help,
            &announced,
            &["phase move+moving", "step endgroup"],
            &at,
        );
        let movement = &announced.iter().find(|(k, _)| k == "phase move").unwrap().1;
        assert!(
            !help.contains(movement.as_str()),
            "{at}: the move phase's own help: {help}"
        );
        assert!(
            help.contains("This group is moving")
                && help.contains("End group stops the moving group"),
            "{w} px, a group moving: {help}"
        );
        b.click_step_button("endgroup").await;
        b.wait(
            "window.gui.state.describe.phase === 'split'",
            30,
            "the split choice",
        )
        .await;
        let help = phase_help(b).await;
        assert!(
            help.contains("equal largest parts"),
            "{w} px, the split: {help}"
        );
        from_the_engine(
            &help,
            &announced,
            &["phase split"],
            &format!("{w} px, the split"),
        );
        b.play_step(&["c5"], "=c5").await;
        b.wait(
            "window.gui.state.describe.phase === 'kill'",
            30,
            "the kills",
        )
        .await;
        let help = phase_help(b).await;
        assert!(
            help.contains("Kills: a piece's strength is how many pieces of its own side touch it")
                && help.contains("massacre token"),
            "{w} px, the kills: {help}"
        );
        from_the_engine(
            &help,
            &announced,
            &["phase kill"],
            &format!("{w} px, the kills"),
        );
        assert!(help_whole(b).await, "{w} px: the kills' help whole");
        let line = b.text("turn-line").await;
        assert!(
            line.starts_with("Choose one of the 2 marked pieces of yours, then the piece it takes"),
            "{w} px, under the board: {line}"
        );
        let cut = cut_texts(b).await;
        assert!(cut.is_empty(), "{w} px, the kills: {cut:?}");
        b.screenshot(&format!("plain-words-kills-{w}.png")).await;
        // the other side's turn, between two people here: the help is theirs
        b.play_step(&["c5", "c4"], "c5xc4").await;
        b.wait_moves(1).await;
        let help = phase_help(b).await;
        assert!(!help.is_empty(), "{w} px: Black's turn has its help too");
    }
    b.set_size(1400, 1000).await;
}

/// One numbering of turns: five turns of Guerrilla Checkers played by the engine against
/// itself, one Engine turn at a time; for the position after turn 3, the move list, the
/// navigation, the status, the log, the analysis and the review all say turn 3.
pub async fn one_numbering(b: &Browser, base: &str) {
    let page = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "engine"),
            ("p2", "engine"),
            ("t1", "30"),
            ("t2", "30"),
            ("s1", "random"),
            ("s2", "random"),
            ("paused", "1"),
        ],
    );
    for (w, h) in SIZES {
        b.set_size(w, h).await;
        b.goto(&page).await;
        // five turns, one Engine turn at a time
        for k in 1..=5 {
            b.click_control("#advance").await;
            b.wait_moves(k).await;
            settled(b).await;
        }
        let n = b.moves().await.len();
        b.click_css("#moves .move[data-ply=\"3\"]").await;
        b.wait(
            "window.gui.view === 3 && !window.gui.animating",
            10,
            "turn 3 shown",
        )
        .await;
        let seen = b
            .js("const cur = document.querySelector('#moves .move.current'); \
                 return {nav: document.getElementById('nav-pos').textContent, \
                   navTitle: document.getElementById('nav-pos').title, \
                   status: document.getElementById('status').textContent, \
                   list: cur ? cur.querySelector('.turn-no').textContent : '', listPly: cur ? cur.dataset.ply : '', \
                   log: document.querySelectorAll('#log li')[2].textContent};")
            .await;
        assert_eq!(seen["nav"], json!(format!("3/{n}")), "{w} px: {seen}");
        assert_eq!(
            seen["navTitle"],
            json!(format!("turn 3 of {n}")),
            "{w} px: {seen}"
        );
        assert_eq!(seen["list"], json!("3."), "{w} px: {seen}");
        assert_eq!(seen["listPly"], json!("3"), "{w} px: {seen}");
        assert!(
            seen["status"]
                .as_str()
                .unwrap()
                .starts_with(&format!("After turn 3 of {n}")),
            "{w} px: {seen}"
        );
        assert!(
            seen["log"].as_str().unwrap().starts_with("3. "),
            "{w} px: {seen}"
        );
        // the analysis of the position shown
        b.click_css("#analyse").await;
        b.wait(
            "window.gui.state.thinking && window.gui.state.thinking.analysis && window.gui.state.thinking.ply === 3 \
             && document.querySelector('#thinking .engine-head')",
            60,
            "the analysis after turn 3",
        )
        .await;
        let head = b
            .js("return document.querySelector('#thinking .engine-head').textContent;")
            .await;
        assert!(
            head.as_str().unwrap().starts_with("analysis after turn 3"),
            "{w} px: {head}"
        );
        b.stop_analysis().await;
        // the review: one value a position, and its marks titled by the list's numbers
        if w == 1400 {
            b.click_css("#review").await;
            b.wait(
                "window.gui.state.review && !window.gui.state.review.running",
                120,
                "the review",
            )
            .await;
            let review = b
                .js("const r = window.gui.state.review; \
                     return {values: r.values.length, status: document.getElementById('review-status').textContent, \
                       marks: r.turns.map((t) => [t.ply, (document.querySelector(`#moves .move[data-ply=\"${t.ply}\"]`) || {textContent: ''}).textContent])};")
                .await;
            assert_eq!(review["values"], json!(n + 1), "{review}");
            assert!(
                review["status"]
                    .as_str()
                    .unwrap()
                    .contains(&format!("review of {n} turns")),
                "{review}"
            );
            for m in review["marks"].as_array().unwrap() {
                let ply = m[0].as_u64().unwrap();
                assert!(
                    m[1].as_str().unwrap().starts_with(&format!("{ply}.")),
                    "a mark of turn {ply} on the list's turn {ply}: {review}"
                );
            }
            b.screenshot("one-numbering-1400.png").await;
        } else {
            b.screenshot("one-numbering-360.png").await;
        }
    }
    b.set_size(1400, 1000).await;
}

/// The rendered size (CSS px) of every hint number on the board.
async fn hint_sizes(b: &Browser) -> Vec<f64> {
    let v: Value = b
        .js(
            "return [...document.querySelectorAll('#board [data-hint-no]')] \
               .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);",
        )
        .await;
    v.as_array()
        .unwrap()
        .iter()
        .filter_map(|x| x.as_f64())
        .collect()
}

/// A Guerrilla Checkers hint at 360 and 1400 px: its numbers drawn at least 12 CSS px high.
pub async fn hint_numerals(b: &Browser, base: &str) {
    let page = url_with(
        base,
        &[
            ("game", "guerrilla-checkers"),
            ("p1", "human"),
            ("p2", "engine"),
            ("t2", "60"),
        ],
    );
    for (w, h) in SIZES {
        b.set_size(w, h).await;
        b.goto(&page).await;
        b.click_css("#hint").await;
        b.wait(
            "window.gui.state.hint !== null && document.querySelectorAll('#board [data-hint-no]').length === 2",
            30,
            "a numbered hint",
        )
        .await;
        let sizes = hint_sizes(b).await;
        eprintln!("hint numbers at {w} px: {sizes:?} px");
        assert_eq!(sizes.len(), 2, "{w} px: {sizes:?}");
        for s in &sizes {
            assert!(*s >= 12.0, "{w} px: a hint number {s} px high");
        }
        b.screenshot(&format!("hint-numerals-{w}.png")).await;
    }
    b.set_size(1400, 1000).await;
}
