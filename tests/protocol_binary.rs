//! The real binary over stdin/stdout: the UGI handshake, whole refereed games of each game, every
//! error path with the state checked unchanged, `isready`/`stop` during `go infinite`.

mod protocol_harness;

use std::time::{Duration, Instant};

use guerrilla::game::prelude::*;
use guerrilla::{with_game, GameKind};
use protocol_harness::{refereed_game, Proc};

#[test]
fn ugi_handshake() {
    let mut p = Proc::spawn();
    p.send("ugi");
    let lines = p.until("ugiok", |l| l == "ugiok");
    assert_eq!(lines[0], "id name guerrilla");
    assert!(lines[1].starts_with("id author "));
    assert!(lines.contains(
        &"option name Game type combo default guerrilla-checkers var guerrilla-checkers var guerrilla"
            .to_string()
    ));
    assert!(lines
        .iter()
        .any(|l| l == "option name BoardSide type spin default 8 min 4 max 12"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name TurnLimit type spin ")));
    // cutegames' start: options, then isready; a CRLF line is fine.
    assert!(p
        .ask("setoption name Game value guerrilla-checkers\r")
        .is_empty());
    assert!(p.ask("uginewgame").is_empty());
    assert_eq!(p.ask1("query gameover\r"), "response false");
    assert_eq!(p.ask1("query\tp1turn"), "response true");
    p.send("quit");
    let (_, status) = p.finish();
    assert!(status.success());
}

fn whole_game(kind: GameKind, option_lines: &[&str]) {
    let mut p = Proc::spawn();
    p.ask(&format!("setoption name Game value {}", kind.name()));
    for l in option_lines {
        assert!(p.ask(l).is_empty(), "{l}");
    }
    with_game!(kind, G => {
        let settings = <G as Rules>::Settings::default();
        let r = refereed_game::<G>(&mut p, &settings, 200, None, 2000);
        assert!(r.plies > 0);
        assert_ne!(r.result, "none", "the game must end by the rules: {r:?}");
    });
}

#[test]
fn whole_game_of_guerrilla_checkers() {
    whole_game(GameKind::Checkers, &["setoption name Seed value 11"]);
}

#[test]
fn whole_game_of_guerrilla() {
    whole_game(GameKind::Wells, &["setoption name Seed value 11"]);
}

/// Every error gets exactly one `info string error: expected … but got '…'` line and leaves the
/// state (seen through `describe` and the queries) unchanged.
#[test]
fn every_error_path_changes_nothing() {
    let mut p = Proc::spawn();
    let state = |p: &mut Proc| {
        let mut s = p.ask("describe");
        s.extend(p.ask("query gameover"));
        s.extend(p.ask("query p1turn"));
        s.extend(p.ask("show"));
        s
    };
    // Some history first, so that "unchanged" means something.
    let first = p.go("go nodes 50");
    assert!(p
        .ask(&format!("position startpos moves {first}"))
        .is_empty());
    let before = state(&mut p);
    for bad in [
        "frobnicate",
        "UGI",
        "ugi please",
        "uginewgame now",
        "isready?",
        "position",
        "position somewhere",
        "position fen",
        "position fen this is not a position",
        "position fen moves a",
        "position startpos c5-d6",
        "go nodes",
        "go nodes lots",
        "go depth 99999999999",
        "go sideways",
        "query",
        "query everything",
        "query result now",
        "setoption",
        "setoption name",
        "setoption name Contempt value 64",
        "setoption name Hash value 0",
        "setoption name Game value chess",
        "setoption name BoardSide value 99",
        "setoption name TurnLimit value -3",
        "setoption name Seed",
        "play",
        "play zz9",
        "play a1 b2",
        "step zz9",
        "perft",
        "perft -2",
        "perft two",
        "legal 3",
        "undo twice",
        "describe all",
    ] {
        let answer = p.ask(bad);
        // A rejected `go` ends with `bestmove none`, so that an arena never waits for a
        // search that was never started.
        if bad.split(' ').next() == Some("go") {
            assert_eq!(answer.len(), 2, "'{bad}' answered {answer:?}");
            assert_eq!(answer[1], "bestmove none", "'{bad}' answered {answer:?}");
        } else {
            assert_eq!(answer.len(), 1, "'{bad}' answered {answer:?}");
        }
        let line = &answer[0];
        assert!(
            line.starts_with("info string error: expected "),
            "{bad}: {line}"
        );
        assert!(line.contains(" but got '"), "{bad}: {line}");
        assert_eq!(state(&mut p), before, "'{bad}' changed the state");
    }
    // Blank and control-character lines are ignored.
    p.send_raw(b"\r\n\t \n\x07\n");
    assert_eq!(state(&mut p), before);
    // Invalid UTF-8 is an unknown command, not a crash.
    p.send_raw(b"\xff\xfe go\n");
    p.send("isready");
    let lines = p.until("readyok", |l| l == "readyok");
    assert!(
        lines[0].starts_with("info string error: expected a command"),
        "{lines:?}"
    );
    assert_eq!(state(&mut p), before);
}

#[test]
fn illegal_move_in_position_loses_and_never_searches() {
    let mut p = Proc::spawn();
    let first = p.go("go nodes 20");
    // p2 plays garbage after p1's move: p2 loses.
    let err = p.ask(&format!("position startpos moves {first} zz9 {first}"));
    assert_eq!(err.len(), 1);
    assert!(
        err[0].starts_with("info string error: expected "),
        "{err:?}"
    );
    assert!(err[0].contains(" but got 'zz9'"), "{err:?}");
    assert!(err[0].contains("lost by p2"), "{err:?}");
    assert_eq!(p.ask1("query gameover"), "response true");
    assert_eq!(p.ask1("query result"), "response p1win");
    p.send("go nodes 100");
    let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info string error: expected a game in progress"));
    assert_eq!(lines[1], "bestmove none");
    // The same position sent again (as cutegames does) gives the same answers.
    p.ask(&format!("position startpos moves {first} zz9 {first}"));
    assert_eq!(p.ask1("query result"), "response p1win");
    // A good position afterwards is a normal game again.
    assert!(p
        .ask(&format!("position startpos moves {first}"))
        .is_empty());
    assert_eq!(p.ask1("query gameover"), "response false");
    assert_eq!(p.ask1("query p1turn"), "response false");
}

#[test]
fn isready_and_stop_during_go_infinite() {
    let mut p = Proc::spawn();
    p.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    p.send("isready");
    let lines = p.until("readyok", |l| l == "readyok");
    assert!(
        t.elapsed() < Duration::from_secs(2),
        "isready waited for the search"
    );
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "{lines:?}"
    );
    assert_eq!(p.ask1("query gameover"), "response false");
    let t = Instant::now();
    p.send("stop");
    let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        t.elapsed() < Duration::from_secs(2),
        "stop took {:?}",
        t.elapsed()
    );
    assert_eq!(lines.last().unwrap().split(' ').count(), 2);
    // quit during a search ends the process promptly.
    p.send("go infinite");
    p.send("quit");
    let t = Instant::now();
    let (_, status) = p.finish();
    assert!(status.success());
    assert!(t.elapsed() < Duration::from_secs(5));
}

#[test]
fn time_limits_are_honoured() {
    let mut p = Proc::spawn();
    for (go, max_ms) in [
        ("go movetime 200", 1500),
        ("go p1time 3000 p2time 3000 p1inc 0 p2inc 0", 1500),
        ("go p2inc 10 p1inc 10 p2time 500 p1time 500", 1000),
    ] {
        let t = Instant::now();
        let best = p.go(go);
        let ms = t.elapsed().as_millis();
        assert!(ms < max_ms, "{go} took {ms} ms");
        assert_ne!(best, "none");
    }
}

#[test]
fn new_game_really_resets() {
    let script = |p: &mut Proc| -> Vec<String> {
        p.ask("uginewgame");
        let mut out = Vec::new();
        let a = p.go("go nodes 300");
        out.push(a.clone());
        p.ask(&format!("position startpos moves {a}"));
        let b = p.go("go nodes 300");
        out.push(b.clone());
        out.extend(p.ask("describe"));
        out
    };
    let mut p = Proc::spawn();
    p.ask("setoption name Seed value 3");
    let first = script(&mut p);
    let second = script(&mut p);
    assert_eq!(first, second);
}

#[test]
fn the_next_go_keeps_the_tree_under_the_moves_played() {
    // `go nodes 1` after our turn and the opponent's reply: with the earlier search's tree
    // kept (protocol.md § 3.6, tree reuse), its principal variation goes further than the
    // single step a fresh search's one iteration can follow. Both games, entered by `position … moves`.
    for kind in [GameKind::Checkers, GameKind::Wells] {
        let last_info = |p: &mut Proc| -> String {
            p.send("go nodes 1");
            let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
            lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth"))
                .cloned()
                .expect("an info line")
        };
        // Steps of the principal variation: a Guerrilla turn is several steps, and one
        // iteration's pv may not finish even the first turn.
        let pv_steps = |info: &str| -> usize {
            let pv = info.split(" pv ").nth(1).unwrap_or("");
            pv.split([' ', ',']).filter(|t| !t.is_empty()).count()
        };
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {}", kind.name()));
        p.ask("position startpos");
        let mine = p.go("go nodes 3000");
        p.ask(&format!("position startpos moves {mine}"));
        let reply = p.go("go nodes 3000");
        let moves = format!("position startpos moves {mine} {reply}");
        p.ask(&moves);
        let reused = last_info(&mut p);
        p.ask("uginewgame");
        p.ask(&moves);
        let fresh = last_info(&mut p);
        assert!(
            pv_steps(&reused) > pv_steps(&fresh),
            "{kind:?}: {reused} vs {fresh}"
        );
        assert!(reused.contains(" nodes 1 "), "{reused}");
        assert!(fresh.contains(" nodes 1 "), "{fresh}");
    }
}

#[test]
fn deep_perft_never_blocks_and_stops() {
    let mut p = Proc::spawn();
    p.send("perft 12");
    let t = Instant::now();
    p.send("isready");
    let lines = p.until("readyok", |l| l == "readyok");
    assert!(t.elapsed() < Duration::from_secs(2));
    assert!(lines.iter().all(|l| !l.starts_with("Nodes searched")));
    p.send("stop");
    let lines = p.until("perft stopped", |l| {
        l.starts_with("info string perft stopped")
    });
    assert!(t.elapsed() < Duration::from_secs(5), "{lines:?}");
    // A shallow one runs to the end, with the rules' counts (GC6).
    p.send("perft 2");
    let lines = p.until("Nodes searched", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 840");
    assert_eq!(lines.len(), 85);
}

/// A side-6 Guerrilla position where White has a dozen groups free to move: one turn reaches
/// hundreds of millions of distinct positions (W7), more than any machine here can hold.
const HUGE_TURN: &str = "6 .BBW.B/...W.B./.WW..B../..WW.X.W./XW.....W../XW..BB...../.W..B.WW../W....XW../.B..B.../...BB.B/..B..B w 17 0";

#[test]
fn a_turn_too_large_to_enumerate_is_stopped_or_refused_never_a_crash() {
    let mut p = Proc::spawn();
    p.ask("setoption name Game value guerrilla");
    assert!(p.ask(&format!("position fen {HUGE_TURN}")).is_empty());
    let before = p.ask1("describe");
    // `stop` ends it in the middle of the one turn's enumeration.
    p.send("perft 1");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    p.send("stop");
    let lines = p.until("perft stopped", |l| l == "info string perft stopped");
    assert!(t.elapsed() < Duration::from_secs(5), "{lines:?}");
    assert_eq!(lines.len(), 1, "{lines:?}");
    // Left alone, it gives up with one error line when the memory budget is spent (about
    // 15 s and 1 GiB here) instead of growing until the engine is killed.
    p.send("perft 1");
    let line = p
        .recv(Duration::from_secs(600))
        .expect("an answer to perft 1 within 600 s");
    assert!(
        line.starts_with("info string error: perft gave up: one turn from '6 .BBW.B/")
            && line.ends_with("(W7) in 'perft 1'"),
        "{line}"
    );
    assert_eq!(p.ask1("describe"), before);
    p.ask("setoption name Game value guerrilla-checkers");
    p.send("perft 1");
    let lines = p.until("Nodes searched", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 84"));
}

/// The end of the input lets a finite search or perft finish and write everything; a
/// `go infinite` is stopped; `quit` stops a search at once.
#[test]
fn end_of_input_finishes_finite_work() {
    // A node budget runs to its end: the last info line reports the whole budget.
    let mut p = Proc::spawn();
    p.send("position startpos");
    p.send("go nodes 20000");
    let (lines, status) = p.finish();
    assert!(status.success());
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(last_info.contains(" nodes 20000 "), "{last_info}");
    // A perft writes its total.
    let mut p = Proc::spawn();
    p.send("perft 3");
    let (lines, _) = p.finish();
    assert_eq!(lines.last().unwrap(), "Nodes searched: 9440", "{lines:?}");
    // `go infinite` is stopped and answers.
    let mut p = Proc::spawn();
    p.send("go infinite");
    let (lines, status) = p.finish();
    assert!(status.success());
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    // `quit` stops a long search at once: far fewer nodes than its budget.
    let mut p = Proc::spawn();
    p.send("go nodes 100000000");
    p.send("quit");
    let (lines, _) = p.finish();
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains(" nodes 100000000 ")));
}

/// A line longer than the limit gets one bounded error line; the engine goes on.
#[test]
fn an_overlong_line_is_one_bounded_error() {
    let mut p = Proc::spawn();
    let mut line = b"position startpos moves ".to_vec();
    line.extend(std::iter::repeat_n(b'x', 17 << 20));
    line.push(b'\n');
    p.send_raw(&line);
    // The error line comes first, then the answer to the next command.
    let answers = p.ask("query p1turn");
    assert_eq!(answers.len(), 2, "{answers:?}");
    let e = &answers[0];
    assert_eq!(answers[1], "response true");
    assert!(e.len() < 200, "{e}");
    assert!(
        e.contains("expected a line of at most 16777216 bytes"),
        "{e}"
    );
    assert_eq!(p.ask1("query p1turn"), "response true");
}
