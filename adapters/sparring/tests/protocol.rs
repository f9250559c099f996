//! The UGI side: what `guerrilla-arena` and cutegames send, every bad input answered by one
//! error line that changes nothing, time limits kept, and the binary's own input loop.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

use guerrilla::game::prelude::*;
use guerrilla::game::{Outcome, Side};
use guerrilla::protocol::wire;
use guerrilla::wells::{Settings, Wells};
use guerrilla_sparring::session::Session;

/// Feeds `lines` to a fresh session and returns its output lines, one vector per input line.
fn run(lines: &[&str]) -> Vec<Vec<String>> {
    let mut s = Session::new(Vec::new());
    let mut out = Vec::new();
    let mut seen = 0;
    for l in lines {
        assert!(s.handle(l), "{l} does not quit");
        let text = String::from_utf8(s.out_ref().clone()).unwrap();
        let all: Vec<String> = text.lines().map(String::from).collect();
        out.push(all[seen..].to_vec());
        seen = all.len();
    }
    out
}

fn bestmove(lines: &[String]) -> &str {
    let last = lines.last().expect("an answer");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 2, "two tokens: {last}");
    assert_eq!(words[0], "bestmove");
    words[1]
}

#[test]
fn handshake_and_options() {
    let out = run(&["ugi", "isready"]);
    assert_eq!(out[0][0], "id name guerrilla-sparring");
    assert_eq!(out[0].last().unwrap(), "ugiok");
    for name in ["Game", "Seed", "BoardSide", "TurnLimit", "Samples", "Eval"] {
        let prefix = format!("option name {name} type ");
        assert!(out[0].iter().any(|l| l.starts_with(&prefix)), "{name}");
    }
    assert_eq!(out[1], ["readyok"]);
}

#[test]
fn plays_what_the_arena_sends() {
    let out = run(&[
        "setoption name Game value guerrilla",
        "setoption name BoardSide value 5",
        "setoption name Seed value 3",
        "isready",
        "uginewgame",
        "position startpos",
        "query p1turn",
        "query gameover",
        "go movetime 200",
    ]);
    assert!(out[..3].iter().all(|o| o.is_empty()), "{out:?}");
    assert_eq!(out[6], ["response true"]);
    assert_eq!(out[7], ["response false"]);
    let mv = bestmove(&out[8]).to_string();
    let start = Wells::new(&Settings::new(5, 400).unwrap());
    start.parse_turn(&mv).expect("a legal first turn");
    let out = run(&[
        "setoption name BoardSide value 5",
        &format!("position startpos moves {mv}"),
        "query p1turn",
        "go p1time 10000 p2time 10000 p1inc 100 p2inc 100",
    ]);
    assert_eq!(out[2], ["response false"]);
    let mut after = start.clone();
    after.play_turn(&start.parse_turn(&mv).unwrap()).unwrap();
    after.parse_turn(bestmove(&out[3])).expect("a legal reply");
}

#[test]
fn each_bad_input_is_one_error_line_and_changes_nothing() {
    let bad = [
        "frobnicate 3",
        "ugi now",
        "setoption name Contempt value 16",
        "setoption name BoardSide value 13",
        "setoption name BoardSide value 08",
        "setoption name Samples",
        "setoption name Game value guerrilla-checkers",
        "setoption name Eval value deep",
        "position",
        "position fen 5 xx w 1 0",
        "position startpos moves",
        "position startpos extra",
        "query",
        "query score",
        "query p1turn now",
    ];
    let mut lines = vec![
        "setoption name BoardSide value 5",
        "position startpos moves *a1",
    ];
    lines.extend(bad);
    lines.push("query p1turn");
    lines.push("go nodes 5");
    let out = run(&lines);
    for (i, l) in bad.iter().enumerate() {
        let o = &out[i + 2];
        if *l == "position startpos moves" {
            // An empty move list is the start position itself: no error.
            assert!(o.is_empty(), "{l}: {o:?}");
            continue;
        }
        assert_eq!(o.len(), 1, "{l}: {o:?}");
        assert!(o[0].starts_with("info string error: expected "), "{o:?}");
    }
    assert!(out[4][0].ends_with("but got 'Contempt' in 'setoption name Contempt value 16'"));
    assert!(out[8][0].contains("only Wells' Guerrilla"), "{:?}", out[8]);
    // "position startpos moves" set the start: White to move again.
    assert_eq!(out[lines.len() - 2], ["response true"]);
    Wells::new(&Settings::new(5, 400).unwrap())
        .parse_turn(bestmove(&out[lines.len() - 1]))
        .expect("a legal turn on the side-5 board");
}

#[test]
fn a_bad_position_string_keeps_the_position() {
    let out = run(&[
        "setoption name BoardSide value 5",
        "position startpos moves *a1",
        "position fen 5 ...../....../......./......../.........//......./....../..... w 1 0",
        "query p1turn",
    ]);
    assert_eq!(out[2].len(), 1);
    assert!(out[2][0].starts_with("info string error: expected a valid position but got"));
    assert_eq!(out[3], ["response false"], "Black still to move");
}

#[test]
fn an_illegal_move_loses_and_go_answers_none() {
    let out = run(&[
        "setoption name BoardSide value 5",
        "position startpos moves *a1 zz",
        "query gameover",
        "query result",
        "go movetime 50",
        "position startpos moves *a1",
        "query gameover",
    ]);
    assert!(
        out[1][0].ends_with("; the game is over, lost by p2 in 'position startpos moves *a1 zz'")
    );
    assert_eq!(out[2], ["response true"]);
    assert_eq!(
        out[3],
        [format!(
            "response {}",
            wire::result_word(Some(Outcome::Win(Side::P1)))
        )]
    );
    assert_eq!(
        out[4],
        [
            "info string error: expected a game in progress but got 'go' in 'go movetime 50'",
            "bestmove none"
        ]
    );
    assert_eq!(out[6], ["response false"]);
}

#[test]
fn the_game_ends_by_two_passes() {
    let out = run(&[
        "setoption name BoardSide value 5",
        "position startpos moves *a1 pass pass",
        "query gameover",
        "query result",
        "go",
        "position startpos moves *a1 pass pass *e5",
    ]);
    assert_eq!(out[2], ["response true"]);
    assert_eq!(
        out[3],
        [format!(
            "response {}",
            wire::result_word(Some(Outcome::Win(Side::P1)))
        )]
    );
    assert_eq!(out[4].last().unwrap(), "bestmove none");
    assert!(out[5][0].contains("(the game is already over); the result stands"));
}

#[test]
fn go_infinite_answers_at_stop() {
    let out = run(&[
        "setoption name BoardSide value 5",
        "position startpos",
        "go infinite",
        "isready",
        "query p1turn",
        "stop",
    ]);
    assert!(out[2].iter().all(|l| !l.starts_with("bestmove")));
    assert_eq!(out[3], ["readyok"]);
    assert_eq!(out[4], ["response true"]);
    bestmove(&out[5]);
}

#[test]
fn a_movetime_is_kept_whatever_the_sample_count() {
    // Side 12, a few turns in: a million samples take seconds, far longer than the movetime.
    let mut s = Session::new(Vec::new());
    for l in [
        "setoption name BoardSide value 12",
        "setoption name Samples value 1000000",
        "position startpos moves *a1 *w23 +b1,*k12",
    ] {
        s.handle(l);
    }
    let t = Instant::now();
    s.handle("go movetime 100");
    let ms = t.elapsed().as_millis();
    // Sampling stops at 50 ms; the bound leaves room for a loaded machine, and a million
    // samples would take seconds.
    assert!(ms <= 500, "answered after {ms} ms");
    let text = String::from_utf8(s.out_ref().clone()).unwrap();
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
}

#[test]
fn extreme_limits_are_answered() {
    let out = run(&[
        "setoption name BoardSide value 4",
        "position startpos",
        "go movetime 18446744073709551615",
        "go p1time 18446744073709551615 p1inc 18446744073709551615",
        "go movetime 0",
        "go p1time 0 p2time 0",
        "go nodes 0",
        "go depth 4294967295",
        "go depth 4294967296",
    ]);
    let start = Wells::new(&Settings::new(4, 400).unwrap());
    for o in &out[2..8] {
        start.parse_turn(bestmove(o)).expect("a legal turn");
    }
    assert_eq!(bestmove(&out[8]), "none");
}

#[test]
fn the_binary_reads_stdin_and_quits() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_guerrilla-sparring"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let long = "x".repeat(guerrilla_sparring::lines::MAX_LINE + 10);
    let input = format!(
        "ugi\r\n\t\n{long}\nsetoption name BoardSide value 5\nposition startpos\ngo nodes 50\n\
         go infinite\nquit\nisready\n"
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"ugiok"));
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error: expected a line of at most"))
            .count(),
        1
    );
    // Two `go`s, two `bestmove`s (the infinite one written at `quit`); nothing after `quit`.
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove ")).count(),
        2
    );
    assert!(!lines.contains(&"readyok"));
}

/// Every line the player writes is a message of the protocol's codec, written as the codec
/// writes it: the arena and the web server read it as they read the engine.
#[test]
fn every_line_written_is_a_codec_message() {
    use guerrilla::protocol::codec::Message;
    let out = run(&[
        "ugi",
        "isready",
        "setoption name BoardSide value 5",
        "setoption name Eval value deep",
        "position startpos moves *a1",
        "query p1turn",
        "query result",
        "go nodes 20",
        "go sideways",
        "play *a1",
        "position startpos moves *a1 zz",
        "go",
    ]);
    let lines: Vec<&String> = out.iter().flatten().collect();
    assert!(lines.len() >= 20, "{lines:?}");
    for l in lines {
        let m: Message = l.parse().unwrap_or_else(|e| panic!("{l}: {e}"));
        assert_eq!(&m.to_string(), l);
    }
    // A command outside the player's subset is refused, and says so.
    assert!(
        out[9][0].contains("a command this player answers"),
        "{:?}",
        out[9]
    );
    assert_eq!(out[8].last().unwrap(), "bestmove none");
}
