//! `ugi`, `isready`, `setoption` and `uginewgame` (protocol.md § 3.1–3.4) through the real binary.

use crate::harness::*;

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
