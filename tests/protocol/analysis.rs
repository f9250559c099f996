//! Analysis through the real binary, in both games (protocol.md § 3.10): input that is no
//! command during a search changes nothing and the search goes on; a command that changes the
//! state stops it first.

use std::time::Duration;

use crate::harness::*;

/// A line written by a running search rather than by the answer to a command: its progress
/// (`info depth`, `info currmove`) or its end (`bestmove`).
fn from_the_search(line: &str) -> bool {
    line.starts_with("info depth ")
        || line.starts_with("info currmove ")
        || line.starts_with("bestmove ")
}

/// During `go infinite`, every line the engine cannot read (an unknown command, bad arguments,
/// a `setoption` the table refuses, a line over 16 MiB) gets its one error line and the search
/// goes on: no `bestmove` until `stop`, and then exactly one, from a search that ran all along.
#[test]
fn stray_input_during_go_infinite_is_answered_and_the_search_goes_on() {
    let strays = [
        "frobnicate 3",
        "go nodes x",
        "go sideways",
        "ugi now",
        "perft x",
        "legal sideways",
        "undo now",
        "position",
        "setoption name Contempt value 16",
        "setoption name Threads value 0",
    ];
    for game in real_games() {
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("setoption name BoardSide value 6");
        p.send("go infinite");
        for stray in strays {
            let lines = p.ask(stray);
            assert!(
                !lines.iter().any(|l| l.starts_with("bestmove")),
                "{game}: '{stray}' stopped the search: {lines:?}"
            );
            let answer: Vec<&String> = lines.iter().filter(|l| !from_the_search(l)).collect();
            assert_eq!(answer.len(), 1, "{game}: '{stray}' answered {lines:?}");
            assert!(
                answer[0].starts_with("info string error: expected "),
                "{game}: {answer:?}"
            );
        }
        let long = format!("position fen {}\n", "x".repeat(16 << 20));
        p.send_raw(long.as_bytes());
        let lines = p.ask("isready");
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{game}: {lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: expected a line of at most")),
            "{game}: {lines:?}"
        );
        std::thread::sleep(Duration::from_millis(1100));
        p.send("stop");
        let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth "))
            .expect("a last report");
        let ms: u64 = last
            .split(' ')
            .skip_while(|w| *w != "time")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(ms >= 1000, "{game}: the search ran {ms} ms only: {last}");
        assert_eq!(
            p.ask("isready"),
            Vec::<String>::new(),
            "{game}: one bestmove only"
        );
    }
}

/// A command that changes the state stops a running search first: its `bestmove` comes before
/// the command's own answer (`play`, `undo`, `position`, `step`).
#[test]
fn a_command_that_changes_the_state_stops_the_search_first() {
    for game in real_games() {
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {game}"));
        let turns = p.ask1("legal turns");
        let turn = turns.split(' ').nth(3).unwrap().to_string();
        let steps = p.ask1("legal steps");
        let step = steps.split(' ').nth(2).unwrap().to_string();
        for (command, answer) in [
            (format!("play {turn}"), "played "),
            ("undo".to_string(), "undone "),
            (format!("step {step}"), "stepped "),
            ("position startpos".to_string(), "readyok"),
        ] {
            p.send("go infinite");
            p.send(&command);
            p.send("isready");
            let lines = p.until(answer, |l| l.starts_with(answer));
            let best = lines
                .iter()
                .position(|l| l.starts_with("bestmove "))
                .unwrap_or_else(|| {
                    panic!("{game}: no bestmove before '{command}''s answer: {lines:?}")
                });
            assert_eq!(best, lines.len() - 2, "{game}: {lines:?}");
            if answer != "readyok" {
                assert_eq!(p.until("readyok", |l| l == "readyok"), ["readyok"]);
            }
        }
    }
}

/// No refused line stops a running search (protocol.md § 3.10): a command the engine reads
/// but refuses — a `go` whose `searchmoves` are not legal, a position string it cannot read,
/// an illegal `play` or `step`, an `undo` with nothing to take back, a `perft` in the middle of
/// a turn — gets its one error line and changes nothing, and the search goes on until `stop`, which answers exactly one `bestmove`.
#[test]
fn no_refused_line_stops_a_running_search() {
    for game in real_games() {
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("setoption name BoardSide value 6");
        let illegal = if game == "guerrilla" { "*z9" } else { "D4D6" };
        // Without a search, a refused go ends with `bestmove none`, as a `go` must.
        let refused = p.ask(&format!("go nodes 100 searchmoves {illegal}"));
        assert_eq!(refused.len(), 2, "{game}: {refused:?}");
        assert!(
            refused[0].starts_with("info string error: expected "),
            "{game}: {refused:?}"
        );
        assert_eq!(refused[1], "bestmove none", "{game}");
        // In the middle of a turn, so that perft is refused too: the first legal step, until
        // one leaves its turn open (a Guerrilla's first turns are one stone each).
        for _ in 0..8 {
            let steps = p.ask1("legal steps");
            let step = steps.split(' ').nth(2).unwrap().to_string();
            let stepped = p.ask1(&format!("step {step}"));
            assert!(stepped.starts_with("stepped "), "{game}: {stepped}");
            if !stepped.contains(" turn ") {
                break;
            }
        }
        assert!(p.ask1("describe").contains("turnstart=false"), "{game}");
        let history = |p: &mut Proc| -> Vec<String> {
            let lines = p.ask("history");
            lines.into_iter().filter(|l| !from_the_search(l)).collect()
        };
        let before = history(&mut p);
        p.send("go infinite");
        let refusals = [
            format!("go nodes 100 searchmoves {illegal}"),
            format!("go ponder searchmoves {illegal}"),
            "position fen garbage".to_string(),
            "play zz".to_string(),
            "step zz".to_string(),
            "perft 1".to_string(),
        ];
        for line in &refusals {
            let lines = p.ask(line);
            assert!(
                !lines.iter().any(|l| l.starts_with("bestmove")),
                "{game}: '{line}' stopped the search: {lines:?}"
            );
            let answer: Vec<&String> = lines.iter().filter(|l| !from_the_search(l)).collect();
            assert_eq!(answer.len(), 1, "{game}: '{line}' answered {lines:?}");
            assert!(
                answer[0].starts_with("info string error: expected "),
                "{game}: '{line}': {answer:?}"
            );
        }
        assert_eq!(
            history(&mut p),
            before,
            "{game}: a refusal changed the game"
        );
        std::thread::sleep(Duration::from_millis(1100));
        p.send("stop");
        let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth "))
            .expect("a last report");
        let ms: u64 = last
            .split(' ')
            .skip_while(|w| *w != "time")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(ms >= 1000, "{game}: the search ran {ms} ms only: {last}");
        let after = p.ask("describe");
        assert!(
            !after.iter().any(|l| l.starts_with("bestmove")),
            "{game}: one bestmove only: {after:?}"
        );
        // At a turn start with nothing played: an `undo` has nothing to take back.
        p.ask("uginewgame");
        p.send("go infinite");
        let lines = p.ask("undo");
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{game}: {lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: expected ")),
            "{game}: {lines:?}"
        );
        p.send("stop");
        p.until("bestmove", |l| l.starts_with("bestmove"));
        assert_eq!(
            p.ask("isready"),
            Vec::<String>::new(),
            "{game}: one bestmove only"
        );
    }
}

/// With `Ponder` on, `bestmove` names the reply the engine expects: the second turn of the
/// last report's principal variation, legal after the first; with it off, exactly two tokens.
#[test]
fn ponder_names_the_expected_reply() {
    for game in real_games() {
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("setoption name BoardSide value 5");
        let plain = p.go("go nodes 2000");
        p.ask("setoption name Ponder value true");
        p.ask("uginewgame");
        p.send("go nodes 2000");
        let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
        let words: Vec<&str> = lines.last().unwrap().split(' ').collect();
        let pv: Vec<&str> = lines[lines.len() - 2]
            .split(" pv ")
            .nth(1)
            .unwrap()
            .split(' ')
            .collect();
        assert_eq!(
            words,
            ["bestmove", pv[0], "ponder", pv[1]],
            "{game}: {lines:?}"
        );
        assert_eq!(
            words[1], plain,
            "{game}: Ponder changes only the bestmove line"
        );
        assert!(p.ask1(&format!("play {}", words[1])).starts_with("played "));
        assert!(
            p.ask1(&format!("play {}", words[3])).starts_with("played "),
            "{game}: the reply is legal"
        );
    }
}

/// `go ponder` searches with no limit: no `bestmove` until `ponderhit` or `stop`, however long.
/// `ponderhit` lets the same search go on under the `go`'s limits, its counts and its clock
/// running from the `go ponder`, as UCI has it: `nodes 800` counts the iterations of the ponder
/// too (so a ponder longer than that answers at once), and the reports' `nodes` and `time`
/// never restart. `stop` during ponder answers at once; `ponderhit` with no ponder search is
/// an error that changes nothing. Both games, as a GUI plays it: the reply named by `bestmove
/// … ponder …` set up with `position … moves`, then pondered.
#[test]
fn ponder_then_ponderhit_or_stop() {
    for game in real_games() {
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("setoption name BoardSide value 5");
        p.ask("setoption name Ponder value true");
        let err = p.ask1("ponderhit");
        assert_eq!(
            err,
            "info string error: expected a search started by 'go ponder' but got 'ponderhit'"
        );
        p.send("go nodes 1000");
        let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
        let words: Vec<&str> = lines.last().unwrap().split(' ').collect();
        assert_eq!(words.len(), 4, "{game}: {lines:?}");
        p.ask(&format!(
            "position startpos moves {} {}",
            words[1], words[3]
        ));
        p.send("go ponder nodes 800");
        std::thread::sleep(Duration::from_millis(300));
        let meanwhile = p.ask("isready");
        assert!(
            !meanwhile.iter().any(|l| l.starts_with("bestmove")),
            "{game}: {meanwhile:?}"
        );
        p.send("ponderhit");
        let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
        let reports: Vec<&String> = meanwhile
            .iter()
            .chain(&lines)
            .filter(|l| l.starts_with("info depth "))
            .collect();
        let figure = |l: &str, name: &str| -> u64 {
            let mut w = l.split(' ');
            w.find(|x| *x == name);
            w.next().unwrap().parse().unwrap()
        };
        for pair in reports.windows(2) {
            assert!(
                figure(pair[0], "nodes") <= figure(pair[1], "nodes")
                    && figure(pair[0], "time") <= figure(pair[1], "time"),
                "{game}: the counts go on: {reports:?}"
            );
        }
        let last = reports.last().unwrap();
        assert!(figure(last, "nodes") >= 800, "{game}: {lines:?}");
        assert!(
            figure(last, "time") >= 250,
            "{game}: the clock runs from go ponder: {lines:?}"
        );
        assert!(p.ask1("query gameover") == "response false");
        assert_eq!(
            p.ask("isready"),
            Vec::<String>::new(),
            "{game}: one bestmove"
        );
        // `stop` during ponder: one bestmove, a legal turn.
        p.send("go ponder movetime 50");
        std::thread::sleep(Duration::from_millis(200));
        p.send("stop");
        let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
        let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
        assert!(
            p.ask1(&format!("expand {best}")).starts_with("expanded "),
            "{game}"
        );
        assert!(
            p.ask1("ponderhit").starts_with("info string error: "),
            "{game}: the ponder search is over"
        );
    }
}

/// A ponder search whose root is proven (COIN takes the last stones at once) stops iterating:
/// it spends almost no processor time until `ponderhit`, after which its time limit's early
/// end answers at once (not after the minute of `movetime`). `go ponder` is accepted with the
/// `Ponder` option off, as Stockfish accepts it (the option only decides the `ponder` word).
#[test]
fn a_proven_position_ponders_idle() {
    let mut p = Proc::spawn();
    p.ask("position fen 8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C -");
    p.send("go ponder movetime 60000");
    std::thread::sleep(Duration::from_millis(300));
    let Some(before) = p.cpu_time() else {
        return; // no /proc here: nothing to measure
    };
    std::thread::sleep(Duration::from_millis(1000));
    let spent = p.cpu_time().unwrap() - before;
    assert!(
        spent < Duration::from_millis(250),
        "a proven root pondered at {spent:?} of processor time a second"
    );
    let t = std::time::Instant::now();
    p.send("ponderhit");
    let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove c3xd4xe5", "{lines:?}");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

/// A search that goes on from a big kept tree spends time re-rooting it before its first
/// iteration; its first report still comes after some searching (not after one iteration),
/// and its `nps` is the rate of the iterations, that time left out.
#[test]
fn the_first_report_of_a_reused_tree_has_searched() {
    let mut p = Proc::spawn();
    p.go("go nodes 150000");
    p.send("go infinite");
    let first = p.until("a report", |l| l.starts_with("info depth "));
    p.send("stop");
    p.until("bestmove", |l| l.starts_with("bestmove"));
    let first = first.last().unwrap();
    let figure = |name: &str| -> u64 {
        let mut w = first.split(' ');
        w.find(|x| *x == name);
        w.next().unwrap().parse().unwrap()
    };
    let (nodes, time, nps) = (figure("nodes"), figure("time"), figure("nps"));
    assert!(nodes >= 100, "{first}");
    assert!(
        nps * time.max(1) >= nodes * 990,
        "nps leaves out the re-rooting: {first}"
    );
}
