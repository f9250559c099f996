//! The analysis board: an analysis listing the engine's three best lines with their scores and
//! win chances and its best turn marked on the board, a line's turn previewed on the board and a
//! line played; the game review of a finished game (a deliberately weak side: the engine's
//! `Strength random`) with its graph, its marks and its summary per side, in both games.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

use crate::games::url;
use crate::harness::Browser;

/// The pieces the board draws, and the pieces `describe` lists in its `points` and `squares`
/// fields of the position `which` (a JS expression giving a describe object).
async fn pieces(b: &Browser, which: &str) -> Value {
    b.js(&format!(
        "const d = {which}; \
         const listed = ((d.points || '') + (d.squares || '')).replace(/[^A-Za-z]/g, '').length; \
         return {{drawn: document.querySelectorAll('#board [data-piece]').length, listed}};"
    ))
    .await
}

/// Scrolls the panels' own box (a phone's layout) to the element `id` (the page itself never
/// scrolls).
async fn side_to(b: &Browser, id: &str) {
    b.js(&format!(
        "const side = document.getElementById('side'), e = document.getElementById('{id}'); \
         side.scrollTop += e.getBoundingClientRect().top - side.getBoundingClientRect().top - 8; return 0;"
    ))
    .await;
}

/// At 360×740: no horizontal scroll, and every control of `css` at least 32 px high (a tap
/// target); the window is 1400×1000 again afterwards.
async fn phone_fit(b: &Browser, css: &str) {
    b.set_size(360, 740).await;
    let fit = b
        .js(&format!(
            "const all = [...document.querySelectorAll('{css}')].filter((e) => e.offsetParent); \
             return {{scroll: document.documentElement.scrollWidth, width: window.innerWidth, count: all.length, \
                     smallest: Math.min(...all.map((e) => e.getBoundingClientRect().height)), \
                     widest: Math.max(...all.map((e) => e.getBoundingClientRect().right))}};"
        ))
        .await;
    eprintln!("at 360 px: {fit}");
    let width = fit["width"].as_f64().unwrap();
    assert!(fit["count"].as_u64().unwrap() > 0, "{css}: {fit}");
    assert!(
        fit["scroll"].as_f64().unwrap() <= width,
        "no horizontal scroll: {fit}"
    );
    assert!(
        fit["widest"].as_f64().unwrap() <= width,
        "inside the window: {fit}"
    );
    assert!(
        fit["smallest"].as_f64().unwrap() >= 32.0,
        "tap targets of 32 px: {fit}"
    );
    b.set_size(1400, 1000).await;
}

pub async fn analysis_board(b: &Browser, base: &str) {
    b.goto(&url(base, "guerrilla-checkers", None)).await;
    b.js("const c = document.getElementById('lines-count'); c.value = '3'; c.dispatchEvent(new Event('change')); return 0;")
        .await;
    b.click_css("#analyse").await;
    b.wait(
        "document.querySelectorAll('#lines .line').length === 3 && window.gui.state.thinking.lines.length === 3 \
         && document.querySelectorAll('#board .hint-ring').length >= 1",
        60,
        "three lines and the best turn marked",
    )
    .await;
    // Each line: its score, its win chance (from the engine's `wdl`), its turns; the best first,
    // the engine's own best turn.
    // The lines as drawn (they follow the engine's reports at most twice a second).
    let shown = b
        .js("const t = window.gui.analysis.drawn; \
             return {best: t.pv[0], lines: t.lines.map((l) => ({first: l.pv[0], score: l.score, wdl: l.wdl})), \
                     rows: [...document.querySelectorAll('#lines .line')].map((r) => ({ \
                        score: r.querySelector('.line-score').textContent, \
                        chance: r.querySelector('.line-chance').textContent, \
                        turns: [...r.querySelectorAll('.pv-move')].map((m) => m.textContent)}))};")
        .await;
    eprintln!("analysis lines: {shown}");
    let lines = shown["lines"].as_array().unwrap();
    let rows = shown["rows"].as_array().unwrap();
    assert_eq!(lines[0]["first"], shown["best"], "line 1 is the best turn");
    let firsts: std::collections::BTreeSet<String> =
        lines.iter().map(|l| l["first"].to_string()).collect();
    assert_eq!(firsts.len(), 3, "three different first turns: {shown}");
    for (line, row) in lines.iter().zip(rows) {
        let wdl = line["wdl"].as_array().expect("wdl, ShowWDL being on");
        let (w, d) = (wdl[0].as_f64().unwrap(), wdl[1].as_f64().unwrap());
        let chance = format!("{}%", ((w + d / 2.0) / 10.0).round());
        assert_eq!(row["chance"].as_str().unwrap(), chance, "{shown}");
        let score = line["score"].as_f64().unwrap();
        assert_eq!(
            row["score"].as_str().unwrap(),
            format!("{}{score:.2}", if score >= 0.0 { "+" } else { "" })
        );
        assert!(!row["turns"].as_array().unwrap().is_empty());
    }
    phone_fit(
        b,
        "#lines .pv-move, #lines .play-line, #lines-count, #analyse",
    )
    .await;
    b.set_size(400, 800).await;
    side_to(b, "lines").await;
    b.screenshot("analysis-lines-400.png").await;
    b.screenshots("analysis-lines").await;

    // A click on line 2's first turn previews it: the board shows the position after it (its
    // pieces as the engine describes them), marked as a preview; Back returns.
    let live = pieces(b, "window.gui.state.describe").await;
    b.click_css("#lines .line[data-line=\"2\"] .pv-move[data-index=\"0\"]")
        .await;
    b.wait(
        "window.gui.analysis.preview && document.body.dataset.preview !== ''",
        30,
        "the preview",
    )
    .await;
    let previewed = pieces(b, "window.gui.analysis.preview.after").await;
    eprintln!("pieces live {live}, previewed {previewed}");
    assert_eq!(
        previewed["drawn"], previewed["listed"],
        "the board shows the previewed position"
    );
    assert_ne!(
        previewed["drawn"], live["drawn"],
        "the preview is not the live position"
    );
    assert_eq!(
        b.js("return window.gui.analysis.preview.moves[0];").await,
        lines[1]["first"].as_str().map(Value::from).unwrap()
    );
    assert!(b.text("status").await.contains("Preview, not played"));
    // The evaluation bar shows line 2's value, as its side sees it.
    let bar = b
        .js("const t = window.gui.state.thinking, l = t.lines[1], bar = document.getElementById('eval-bar'); \
             const v = l.proven ? (l.proven === 'win' ? 1 : l.proven === 'loss' ? -1 : 0) : Number(l.score); \
             const own = Number(bar.dataset.pov) === (t.side === 'p2' ? 1 : 0); \
             return { line: bar.dataset.line, hidden: bar.hidden, share: Number(bar.dataset.share), \
                      expected: (1 + (own ? v : -v)) / 2 };")
        .await;
    assert_eq!(
        (&bar["line"], &bar["hidden"]),
        (&json!("2"), &json!(false)),
        "{bar}"
    );
    assert!(
        (bar["share"].as_f64().unwrap() - bar["expected"].as_f64().unwrap()).abs() < 0.001,
        "the bar shows line 2's value: {bar}"
    );
    assert_eq!(b.count("#board-wrap.previewing").await, 1);
    assert!(b.moves().await.is_empty(), "a preview plays nothing");
    b.screenshots("analysis-preview").await;
    b.click_css("#preview-back").await;
    b.wait("!window.gui.analysis.preview", 10, "the preview left")
        .await;
    let back = pieces(b, "window.gui.state.describe").await;
    assert_eq!(back["drawn"], live["drawn"], "back to the live position");
    // The bar follows at once (not at the server's next state): no line previewed.
    assert_eq!(
        b.js("return document.getElementById('eval-bar').dataset.line;")
            .await,
        json!("")
    );

    // Line 1 played: its first turn is on the board, and the analysis goes on from there.
    let first = lines[0]["first"].as_str().unwrap().to_string();
    b.click_css("#lines .line[data-line=\"1\"] .play-line")
        .await;
    b.wait_moves(1).await;
    assert_eq!(b.moves().await, vec![first]);
    b.wait(
        "window.gui.state.analysing === 1 && window.gui.state.thinking.ply === 1 \
         && document.querySelectorAll('#lines .line').length >= 1",
        60,
        "the analysis of the next position",
    )
    .await;
    b.stop_analysis().await;
    assert!(b.errors().await.is_empty(), "{:?}", b.errors().await);
}

/// A game from the engine beside `exe`: p1 at `Strength full` (a small node budget), p2 at
/// `Strength random`, to its end or `max_turns` turns.
fn weak_game(exe: &Path, game: &str, max_turns: usize) -> (Vec<String>, String) {
    let engine = exe.with_file_name(format!("guerrilla{}", std::env::consts::EXE_SUFFIX));
    assert!(
        engine.is_file(),
        "{} is not built: cargo build --release -p guerrilla",
        engine.display()
    );
    let mut child = Command::new(&engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the engine");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut ask = |cmds: &[String], until: &str| -> String {
        for c in cmds {
            writeln!(stdin, "{c}").unwrap();
        }
        stdin.flush().unwrap();
        loop {
            let l = lines.next().expect("the engine answers").unwrap();
            assert!(!l.starts_with("info string error"), "{l}");
            if l.starts_with(until) {
                return l;
            }
        }
    };
    ask(
        &[
            format!("setoption name Game value {game}"),
            "setoption name Seed value 7".into(),
            "uginewgame".into(),
            "position startpos".into(),
            "isready".into(),
        ],
        "readyok",
    );
    let mut moves = Vec::new();
    let result = loop {
        let d = ask(&["describe".into()], "describe ");
        let field = |k: &str| {
            d.split(' ')
                .find_map(|f| f.strip_prefix(&format!("{k}=")))
                .unwrap_or("")
                .to_string()
        };
        if field("result") != "none" || moves.len() >= max_turns {
            break field("result");
        }
        let strength = if field("tomove") == "p1" {
            "full"
        } else {
            "random"
        };
        let best = ask(
            &[
                format!("setoption name Strength value {strength}"),
                "go nodes 400".into(),
            ],
            "bestmove ",
        );
        let turn = best.split(' ').nth(1).unwrap().to_string();
        ask(&[format!("play {turn}")], "played ");
        moves.push(turn);
    };
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    (moves, result)
}

/// Imports `moves` (bare turns) into the page's game, reviews it and checks the graph (a point
/// a position), the marks (in the move list and on the graph) and the summary; returns the
/// review.
async fn review_game(b: &Browser, base: &str, game: &str, moves: &[String]) -> Value {
    b.goto(&url(base, game, None)).await;
    b.js(&format!(
        "document.getElementById('record-text').value = {}; return 0;",
        Value::from(moves.join(" "))
    ))
    .await;
    b.click_control("#import").await;
    b.wait_moves(moves.len()).await;
    b.click_css("#review").await;
    b.wait(
        "window.gui.state.review && window.gui.state.review.running",
        30,
        "the review under way",
    )
    .await;
    b.wait(
        "window.gui.state.review && !window.gui.state.review.running \
         && window.gui.state.review.done === window.gui.state.review.total",
        300,
        "the review's end",
    )
    .await;
    let review = b.js("return window.gui.state.review;").await;
    let total = moves.len() + 1;
    assert_eq!(review["total"], total, "one position a turn and the start");
    let points = b
        .js("const p = document.querySelector('#review-graph path.graph-curve'); \
             return {points: Number(p.dataset.points), drawn: p.getAttribute('d').split('L').length};")
        .await;
    assert_eq!(points["points"], total, "the graph: {points}");
    assert_eq!(points["drawn"], total, "the graph's path: {points}");
    // The marks in the move list are the review's, on the graph too.
    let marked: Vec<&Value> = review["turns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !t["mark"].is_null())
        .collect();
    assert_eq!(b.count("#moves .move-mark").await, marked.len());
    assert_eq!(b.count("#review-graph .graph-mark").await, marked.len());
    // The summary: one row a side, counts agreeing with the marks.
    let rows = b
        .js("return [...document.querySelectorAll('#review-summary tr[data-side]')].map((r) => [...r.cells].map((c) => c.textContent));")
        .await;
    eprintln!("review summary: {rows}");
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let counted: usize = rows
        .iter()
        .map(|r| {
            (1..=3)
                .map(|i| r[i].as_str().unwrap().parse::<usize>().unwrap())
                .sum::<usize>()
        })
        .sum();
    assert_eq!(counted, marked.len());
    // A click on the graph at a marked turn goes to that position.
    if let Some(t) = marked.first() {
        let ply = t["ply"].as_u64().unwrap();
        b.js(&format!(
            "const svg = document.querySelector('#review-graph svg'), r = svg.getBoundingClientRect(); \
             const x = r.left + r.width * {ply} / {}; \
             svg.dispatchEvent(new MouseEvent('click', {{bubbles: true, clientX: x, clientY: r.top + 10}})); return 0;",
            total - 1
        ))
        .await;
        b.wait(
            &format!(
                "window.gui.view === {ply} || ({ply} === {} && window.gui.view === null)",
                total - 1
            ),
            10,
            "the position clicked on the graph",
        )
        .await;
    }
    review
}

pub async fn game_review(b: &Browser, base: &str, exe: &Path) {
    let (moves, result) = weak_game(exe, "guerrilla-checkers", 300);
    eprintln!("weak game: {} turns, {result}", moves.len());
    assert_ne!(result, "none", "the game ended");
    let review = review_game(b, base, "guerrilla-checkers", &moves).await;
    let summary = &review["summary"];
    let bad = |s: &Value| s["mistakes"].as_u64().unwrap() + s["blunders"].as_u64().unwrap();
    assert!(
        bad(&summary[1]) >= 1,
        "the random side made at least one mistake or blunder: {summary}"
    );
    assert!(
        b.count("#moves .move-mark.mark-blunder, #moves .move-mark.mark-mistake")
            .await
            >= 1
    );
    assert!(b.errors().await.is_empty(), "{:?}", b.errors().await);
    phone_fit(b, "#review, #review-graph svg, #moves .move").await;
    b.set_size(400, 800).await;
    side_to(b, "review").await;
    b.screenshot("review-checkers-400.png").await;
    b.screenshots("review-checkers").await;

    // "Analyse this position" on a position of the finished, imported game: the analysis follows
    // the position shown.
    b.click_css("#moves .move[data-ply=\"3\"]").await;
    b.wait("window.gui.view === 3", 10, "turn 3 shown").await;
    b.click_css("#analyse").await;
    b.wait(
        "window.gui.state.analysing === 3 && window.gui.state.thinking && window.gui.state.thinking.ply === 3 \
         && document.querySelectorAll('#lines .line').length >= 1",
        60,
        "the analysis of turn 3",
    )
    .await;
    b.click_css("#nav-prev").await;
    b.wait(
        "window.gui.state.analysing === 2 && window.gui.state.thinking.ply === 2",
        60,
        "the analysis following the position shown",
    )
    .await;
    b.stop_analysis().await;
    assert_eq!(
        b.moves().await,
        moves,
        "the analyses left the game as it was"
    );

    // Guerrilla: turns of several steps, reviewed by whole turns (a game cut at 30 turns).
    let (moves, _) = weak_game(exe, "guerrilla", 30);
    let review = review_game(b, base, "guerrilla", &moves).await;
    eprintln!("guerrilla review summary: {}", review["summary"]);
    b.set_size(400, 800).await;
    side_to(b, "review").await;
    b.screenshot("review-guerrilla-400.png").await;
    b.screenshots("review-guerrilla").await;
    // A review cancelled: it stops, keeps what it searched, and the game is as it was.
    b.click_css("#review").await;
    b.wait("window.gui.state.review.running", 30, "the review again")
        .await;
    b.click_css("#review").await;
    b.wait(
        "!window.gui.state.review.running && !window.gui.state.searching",
        30,
        "the review cancelled",
    )
    .await;
    let after = b.js("return window.gui.state.review;").await;
    eprintln!("cancelled review: {} of {}", after["done"], after["total"]);
    if after["done"] != after["total"] {
        assert!(b.text("review-status").await.contains("review stopped at"));
    }
    assert_eq!(b.moves().await, moves, "the game is as it was");
    b.screenshots("review-cancelled").await;
}
