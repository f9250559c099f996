//! `replay` reads every game file of the project: the arena's records and the web GUI's export
//! (as adapters/web/assets/js/record.js writes it: tags `Game`, `BoardSide`, `TurnLimit`,
//! `Opening`, `P1`, `P2`, `Result` as `describe`'s result or `*`, `Reason`, `Plies`, then the
//! turns on one line). It reports each bad game (its number, line, ply and reason) and goes on
//! to the next; no Rust debug text reaches the user.

mod common;

use common::{arena, temp, two_seeds};

/// The turns of the first game of a records file.
fn first_game_moves(pgn: &str) -> Vec<String> {
    let body = pgn
        .split("\n\n")
        .find(|b| b.starts_with("1."))
        .expect("a movetext");
    let mut out = Vec::new();
    let mut in_comment = false;
    for w in body.split_whitespace() {
        if w.starts_with('{') {
            in_comment = true;
        }
        if !in_comment && !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2"].contains(&w) {
            out.push(w.to_string());
        }
        if w.ends_with('}') {
            in_comment = false;
        }
    }
    out
}

/// A game as the web GUI's Export writes it (record.js's `gameRecord`).
fn web_export(game: &str, options: &[(&str, &str)], result: &str, moves: &[String]) -> String {
    let mut tags = vec![
        ("Event".to_string(), "guerrilla-web game".to_string()),
        ("Game".into(), game.into()),
    ];
    tags.extend(options.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    tags.push(("Opening".into(), "startpos".into()));
    tags.push(("P1".into(), "human".into()));
    tags.push(("P2".into(), "engine 500 ms".into()));
    tags.push(("Result".into(), result.into()));
    if result != "*" {
        tags.push(("Reason".into(), "two-passes".into()));
    }
    tags.push(("Plies".into(), moves.len().to_string()));
    let head: Vec<String> = tags.iter().map(|(k, v)| format!("[{k} \"{v}\"]")).collect();
    format!("{}\n{}\n", head.join("\n"), moves.join(" "))
}

#[test]
fn the_web_guis_export_replays_and_each_bad_game_is_reported() {
    let d = temp("web-replay");
    let rec = d.join("m.pgn");
    let mut args = two_seeds();
    args.extend(
        [
            "--game",
            "guerrilla",
            "--option",
            "BoardSide=5",
            "--option",
            "TurnLimit=12",
            "--random-plies",
            "0",
            "--games",
            "2",
            "--tc",
            "nodes=20",
            "--no-progress",
            "--records",
        ]
        .map(String::from),
    );
    args.push(rec.to_str().unwrap().into());
    let (code, stdout, stderr) = arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let pgn = std::fs::read_to_string(&rec).unwrap();
    let moves = first_game_moves(&pgn);
    let first = &pgn[pgn.find("[Result \"").expect("a Result tag") + 9..];
    let result_word = if first.starts_with("1-0") {
        "p1win"
    } else if first.starts_with("0-1") {
        "p2win"
    } else {
        "draw"
    };
    // A finished Guerrilla game and a Guerrilla Checkers game in progress, in one file.
    let finished = web_export(
        "guerrilla",
        &[("BoardSide", "5"), ("TurnLimit", "12")],
        result_word,
        &moves,
    );
    let going_on = web_export(
        "guerrilla-checkers",
        &[],
        "*",
        &["D4D5", "d4xc3", "E5E6"].map(String::from),
    );
    let web = d.join("web.rec");
    std::fs::write(&web, format!("{finished}{going_on}")).unwrap();
    let web_arg = web.to_str().unwrap();
    let (code, stdout, _) = arena(&["replay", web_arg]);
    assert_eq!(code, Some(0), "{finished}{going_on}\n{stdout}");
    assert!(stdout.contains("replayed 2 games: 2 clean"), "{stdout}");

    // A changed move in the first game: that game is reported, the second still replayed.
    let bad_move = finished.replacen(&format!(" {} ", moves[2]), " Z9 ", 1);
    std::fs::write(&web, format!("{bad_move}{going_on}")).unwrap();
    let (code, stdout, _) = arena(&["replay", web_arg]);
    assert_eq!(code, Some(2), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "{web_arg}: game 1 (line 1): ply 3: the rules refuse Z9"
        )),
        "{stdout}"
    );
    assert!(stdout.contains("1 clean, 1 with mismatches"), "{stdout}");
    // A result the rules do not give, and one for a game that goes on.
    let wrong = if result_word == "p1win" {
        "p2win"
    } else {
        "p1win"
    };
    let bad_result = finished.replace(
        &format!("[Result \"{result_word}\"]"),
        &format!("[Result \"{wrong}\"]"),
    );
    let early = going_on.replace("[Result \"*\"]", "[Result \"1-0\"]");
    std::fs::write(&web, format!("{bad_result}{early}")).unwrap();
    let (code, stdout, _) = arena(&["replay", web_arg]);
    assert_eq!(code, Some(2), "{stdout}");
    assert!(stdout.contains("game 1 (line 1): result "), "{stdout}");
    let second = bad_result.lines().count() + 1;
    assert!(
        stdout.contains(&format!(
            "game 2 (line {second}): result 1-0 but the rules say the game goes on"
        )),
        "{stdout}"
    );
    assert!(
        !stdout.contains("Some(") && !stdout.contains("None"),
        "{stdout}"
    );

    // The arena's records: a person's comment is kept as a comment; a changed Result tag is
    // that game's mismatch, in words, and the other games are still replayed.
    let brace = pgn
        .find("\n1. ")
        .and_then(|m| pgn[m..].find('{').map(|b| m + b + 1));
    let brace = brace.expect("a move comment");
    let mut edited = format!("{}a fine move {}", &pgn[..brace], &pgn[brace..]);
    let game1_result = &first[..first.find('"').expect("a closing quote")];
    let flipped = if game1_result == "1-0" { "0-1" } else { "1-0" };
    edited = edited.replacen(
        &format!("[Result \"{game1_result}\"]"),
        &format!("[Result \"{flipped}\"]"),
        1,
    );
    let edited_path = d.join("edited.pgn");
    std::fs::write(&edited_path, &edited).unwrap();
    let (code, stdout, _) = arena(&["replay", edited_path.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "game 1 (line 4): the movetext ends with {game1_result} but the Result tag says {flipped}"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("replayed 2 games: 1 clean, 1 with mismatches"),
        "{stdout}"
    );
    assert!(!stdout.contains("Some("), "{stdout}");
}
