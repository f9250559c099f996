//! Analysis through the real binary, in both games (protocol.md § 3.10): input that is no
//! command during a search changes nothing and the search goes on; a command that changes the
//! state stops it first.

use std::time::Duration;

use crate::harness::*;

/// Both games, as the `Game` option names them.
const GAMES: [&str; 2] = ["guerrilla-checkers", "guerrilla"];

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
    for game in GAMES {
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
    for game in GAMES {
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
    for game in GAMES {
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
    for game in GAMES {
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
/// `ponderhit` turns it into a search under the `go`'s limits, counted from then (`nodes 800`:
/// its last report says 800 iterations); `stop` during ponder answers at once; `ponderhit`
/// with no ponder search is an error that changes nothing. Both games, as a GUI plays it:
/// the reply named by `bestmove … ponder …` set up with `position … moves`, then pondered.
#[test]
fn ponder_then_ponderhit_or_stop() {
    for game in GAMES {
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
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth "))
            .unwrap();
        assert!(last.contains(" nodes 800 "), "{game}: {lines:?}");
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
