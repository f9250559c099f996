//! `guerrilla --test-games`: the `Game` option offers tic-tac-toe (`src/tictactoe/`) beside
//! the real games, and a client that knows no rule plays it through the same commands as they:
//! its options, its board (`geometry`, `about`, `describe`), its steps and the engine's answers.

use crate::harness::*;

const GAME_OPTION: &str =
    "option name Game type combo default guerrilla-checkers var guerrilla-checkers var guerrilla";

/// The `ugi` reply's `Game` option line.
fn game_option(p: &mut Proc) -> String {
    p.send("ugi");
    let lines = p.until("ugiok", |l| l == "ugiok");
    lines
        .into_iter()
        .find(|l| l.starts_with("option name Game "))
        .expect("a Game option")
}

#[test]
fn without_the_flag_no_test_game_is_offered() {
    let mut p = Proc::spawn();
    assert_eq!(game_option(&mut p), GAME_OPTION);
    let err = p.ask1("setoption name Game value tictactoe");
    assert_eq!(
        err,
        "info string error: expected one of guerrilla-checkers, guerrilla but got 'tictactoe' \
         in 'setoption name Game value tictactoe'"
    );
    assert!(p
        .ask1("describe")
        .starts_with("describe game=guerrilla-checkers "));
}

#[test]
fn with_the_flag_tictactoe_is_played_as_any_game() {
    let mut p = Proc::spawn_with(&["--test-games"]);
    assert_eq!(game_option(&mut p), format!("{GAME_OPTION} var tictactoe"));
    // The real games are still the default and still offered.
    assert!(p
        .ask1("describe")
        .starts_with("describe game=guerrilla-checkers "));
    assert!(p.ask("setoption name Game value tictactoe").is_empty());
    assert!(p.ask("uginewgame").is_empty());

    // The board as a GUI draws it: 9 points to play on, named as the steps name them.
    let (points, squares) = geometry(&mut p, "tictactoe");
    assert_eq!(points.len(), 9);
    assert!(squares.is_empty());
    for (k, point) in points.iter().enumerate() {
        assert_eq!(
            (point.name.clone(), point.role.as_str()),
            (k.to_string(), "play")
        );
    }
    assert_eq!(
        points[4].rel,
        ["3", "5", "1", "7"],
        "the centre's row and column"
    );
    let about = p.ask("about");
    assert_eq!(about[0], "about game tictactoe");
    assert!(about.contains(&"side p1 x".to_string()), "{about:?}");
    assert!(
        about.contains(&"piece o p2 white single nought".to_string()),
        "{about:?}"
    );
    let reasons: Vec<&str> = about
        .iter()
        .filter_map(|l| l.strip_prefix("reason "))
        .collect();
    assert_eq!(
        reasons,
        [
            "three-in-a-row three in a row",
            "full-board the board is full",
            "forfeit an illegal move"
        ]
    );
    let d = p.ask1("describe");
    assert_eq!(field(&d, "points"), ".........");
    assert_eq!(
        p.ask1("legal steps"),
        "steps 9 0 1 2 3 4 5 6 7 8",
        "every point is a step"
    );

    // A step, the engine's answer, and the board after both.
    assert_eq!(p.ask1("step 4"), "stepped 4 turn 4");
    let reply = p.go("go nodes 300");
    assert!(
        ["0", "1", "2", "3", "5", "6", "7", "8"].contains(&reply.as_str()),
        "{reply}"
    );
    assert_eq!(
        p.ask1(&format!("step {reply}")),
        format!("stepped {reply} turn {reply}")
    );
    let d = p.ask1("describe");
    assert_eq!(field(&d, "tomove"), "p1");
    assert_eq!(field(&d, "points").matches('x').count(), 1, "{d}");
    assert_eq!(field(&d, "points").matches('o').count(), 1, "{d}");
    // A cell taken is an illegal step, and changes nothing.
    let err = p.ask1("step 4");
    assert!(err.starts_with("info string error: "), "{err}");
    assert_eq!(p.ask1("describe"), d);

    // A finished game: o has a row.
    assert!(p.ask("position startpos moves 4 0 8 2 6 1").is_empty());
    let d = p.ask1("describe");
    assert_eq!(field(&d, "points"), "x.x.x.ooo", "bottom row first");
    assert_eq!(field(&d, "result"), "p2win");
    assert_eq!(field(&d, "reason"), "three-in-a-row");
    assert_eq!(p.ask1("query gameover"), "response true");
    // The step that makes a row says why the game is over, in the game's word.
    assert!(p.ask("position startpos moves 4 0 8 2 6").is_empty());
    assert_eq!(
        p.ask1("step 1"),
        "stepped 1 turn 1 over p2win three-in-a-row"
    );

    // Back to a real game: its board again.
    assert!(p.ask("setoption name Game value guerrilla").is_empty());
    assert!(p.ask1("describe").starts_with("describe game=guerrilla "));
    p.send("quit");
    let (_, status) = p.finish();
    assert!(status.success());
}

/// The engine plays tic-tac-toe against itself to the end, through the binary: each answer is a
/// legal step, and the last one says why the game is over in the game's own word.
#[test]
fn the_engine_plays_tictactoe_to_its_end() {
    let mut p = Proc::spawn_with(&["--test-games"]);
    assert!(p.ask("setoption name Game value tictactoe").is_empty());
    assert!(p.ask("uginewgame").is_empty());
    let mut last = String::new();
    for turn in 0..9 {
        if p.ask1("query gameover") == "response true" {
            break;
        }
        let best = p.go("go nodes 200");
        last = p.ask1(&format!("step {best}"));
        assert!(
            last.starts_with(&format!("stepped {best} turn {best}")),
            "turn {turn}: {last}"
        );
    }
    assert_eq!(p.ask1("query gameover"), "response true");
    let reason = field(&p.ask1("describe"), "reason").to_string();
    assert!(
        ["three-in-a-row", "full-board"].contains(&reason.as_str()),
        "{reason}"
    );
    assert!(last.ends_with(&format!(" {reason}")), "{last}");
    p.send("quit");
    let (_, status) = p.finish();
    assert!(status.success());
}
