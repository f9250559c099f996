//! `go`, `stop` and the end of the input (protocol.md § 3.6–3.8, § 3.10) through the real binary:
//! limits honoured, `isready` answered during a search, tree reuse, finite work finished at the end
//! of the input.

use std::any::TypeId;
use std::time::{Duration, Instant};

use guerrilla::search::{Searchable, TreeSearch};
use guerrilla::{with_game, GameKind};

use crate::harness::*;

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
    // A search's `info` reports may land among a query's answer (§ 3.10): set them aside.
    let answer: Vec<String> = p
        .ask("query gameover")
        .into_iter()
        .filter(|l| !l.starts_with("info "))
        .collect();
    assert_eq!(answer, ["response false"]);
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
fn the_next_go_keeps_the_tree_under_the_moves_played() {
    // `go nodes 1` after our turn and the opponent's reply: with the earlier search's tree
    // kept (protocol.md § 3.6, tree reuse), its principal variation goes further than the
    // single step a fresh search's one iteration can follow. Every real game, entered by
    // `position … moves`, at `full` when that level is the tree search, else at `uct` (the
    // tree search for every game): the turn search keeps no tree.
    for kind in GameKind::ALL {
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
        let keeps_tree = with_game!(kind, G => {
            TypeId::of::<<G as Searchable>::Full>() == TypeId::of::<TreeSearch>()
        });
        if !keeps_tree {
            p.ask("setoption name Strength value uct");
        }
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

/// `go` in the middle of a turn finishes it from the steps already taken: `bestmove` is the
/// whole turn (a hint: nothing is played), each `pv` starts with that turn, and `play` of the
/// `bestmove` there plays the rest of it. Both games, every strength.
#[test]
fn go_in_the_middle_of_a_turn_answers_the_whole_turn() {
    let mut checked = 0;
    for game in real_games() {
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("setoption name BoardSide value 5");
        let mut rng = 3u64;
        for strength in ["full", "random", "greedy", "uct"] {
            p.ask(&format!("setoption name Strength value {strength}"));
            p.ask("uginewgame");
            for _ in 0..60 {
                let before = p.ask1("describe");
                if field(&before, "result") != "none" {
                    break;
                }
                if field(&before, "turnstart") == "true" {
                    let steps = p.ask1("legal steps");
                    let steps: Vec<&str> = steps.split(' ').skip(2).collect();
                    p.ask1(&format!("step {}", steps[pick(&mut rng, steps.len())]));
                    continue;
                }
                // Mid-turn: ask for the rest.
                let history = p.ask("history");
                p.send("go nodes 60");
                let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
                let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
                assert_ne!(best, "none", "{lines:?}");
                for l in &lines[..lines.len() - 1] {
                    if let Some(pv) = l.split(" pv ").nth(1) {
                        let first = pv.split(' ').next().unwrap();
                        // The whole turn, or the turn as far as the search followed it.
                        assert!(!first.ends_with("...") || pv.split(' ').count() == 1, "{l}");
                    }
                }
                assert_eq!(p.ask1("describe"), before, "go played nothing");
                assert_eq!(p.ask("history"), history);
                let expanded = p.ask1(&format!("expand {best}"));
                assert!(
                    expanded.starts_with(&format!("expanded {best} steps ")),
                    "{expanded} after {history:?}"
                );
                let played = p.ask1(&format!("play {best}"));
                assert_eq!(
                    played.strip_prefix("played "),
                    expanded.strip_prefix("expanded ")
                );
                let h = p.ask("history");
                assert_eq!(h[2], "building 0");
                assert!(h[1].ends_with(&format!(" {best}")), "{h:?}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked} mid-turn searches");
}

/// A search that ran no iteration writes no `info` line (it has no score) and still a legal
/// `bestmove`; under a node budget below 100,000 iterations exactly one `info` line comes.
#[test]
fn info_lines_follow_the_limits() {
    for line in ["go nodes 0", "go movetime 0"] {
        let mut p = Proc::spawn();
        p.send(line);
        let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
        assert_eq!(lines.len(), 1, "{line}: {lines:?}");
        let turn = lines[0].strip_prefix("bestmove ").unwrap();
        let legal = p.ask1("legal turns");
        assert!(
            legal.split(' ').skip(3).any(|t| t == turn),
            "{turn} in {legal}"
        );
    }
    let mut p = Proc::spawn();
    p.send("go nodes 1000");
    let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info depth ") && lines[0].contains(" nodes 1000 "));
}

/// A turn that ends the game in a draw is reported as one: `score draw in 1`, never `win in 1`.
/// Guerrilla, side 6, turn 27, Black passed last turn and the scores are equal (35 each, W6):
/// White's pass ends the game drawn (two passes), and the turn search, finding no turn it values
/// higher, plays it for every seed tried.
#[test]
fn a_pass_into_a_draw_is_reported_as_a_draw() {
    const DRAWN: &str = "6 ..WXBB/.W..XB./.W.WW.XB/WW.WWWXBB/W....XX.BB/..WW.XBX..X/\
                         .WW.X..BB./XW.XX.BBB/X.XBB.XX/X.BB.X./..B..B w 27 1";
    for seed in 0..3 {
        let mut p = Proc::spawn();
        p.send("setoption name Game value guerrilla");
        p.send(&format!("setoption name Seed value {seed}"));
        p.send(&format!("position fen {DRAWN}"));
        p.send("go nodes 2000");
        let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
        assert_eq!(lines.last().unwrap(), "bestmove pass", "{lines:?}");
        let info = &lines[lines.len() - 2];
        assert!(info.contains(" score draw in 1 "), "seed {seed}: {info}");
        assert_eq!(
            p.ask1("play pass"),
            "played pass steps pass over draw two-passes 35-35"
        );
    }
}
