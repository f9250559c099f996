//! The command grammar's tests: keywords, arguments in any order, errors that name what was
//! expected, and `Display` round trips.

use super::*;

fn p(s: &str) -> Result<Command, CommandError> {
    s.parse()
}

#[test]
fn keywords_end_at_a_space() {
    assert_eq!(p("ugi"), Ok(Command::Ugi));
    assert_eq!(p("uginewgame"), Ok(Command::UgiNewGame));
    assert_eq!(p("ugix").unwrap_err().got, "ugix");
    assert_eq!(
        p("ugi extra").unwrap_err(),
        CommandError {
            expected: "end of line".into(),
            got: "extra".into()
        }
    );
}

#[test]
fn unknown_command_and_bad_arguments_differ() {
    let unknown = p("frobnicate 3").unwrap_err();
    assert!(unknown.expected.starts_with("a command"), "{unknown}");
    assert_eq!(unknown.got, "frobnicate");
    let bad = p("perft x").unwrap_err();
    assert_eq!(bad.expected, grammar::PERFT_DEPTHS);
    assert_eq!(bad.got, "x");
    let bad = p("query bogus").unwrap_err();
    assert_eq!(bad.expected, "gameover, p1turn or result");
    assert_eq!(bad.got, "bogus");
    let bad = p("perft").unwrap_err();
    assert_eq!(bad.got, "end of line");
}

#[test]
fn perft_depths_stop_at_the_deepest_perft() {
    let deepest = crate::game::MAX_PERFT_DEPTH;
    assert!(grammar::PERFT_DEPTHS.contains(&format!("from 0 to {deepest} ")));
    assert_eq!(p(&format!("perft {deepest}")), Ok(Command::Perft(deepest)));
    for depth in [
        (deepest + 1).to_string(),
        "89".to_string(),
        "4294967296".to_string(),
        "99999999999999999999".to_string(),
        "024".to_string(),
        "-1".to_string(),
        "x".to_string(),
    ] {
        let bad = p(&format!("perft {depth}")).unwrap_err();
        assert_eq!(
            (bad.expected.as_str(), bad.got.as_str()),
            (grammar::PERFT_DEPTHS, depth.as_str())
        );
    }
}

/// Moves past the longest game are never played, so they are not kept: a line of millions of
/// tokens parses into at most `LONGEST_GAME + 1` of them.
#[test]
fn moves_past_the_longest_game_are_not_kept() {
    let most = crate::games::LONGEST_GAME + 1;
    let line = format!("position startpos moves {}", "a ".repeat(3 * most));
    match p(&line) {
        Ok(Command::Position { moves, .. }) => assert_eq!(moves.len(), most),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        p("position startpos moves  D4D5   c5-b4"),
        Ok(Command::Position {
            start: Start::StartPos,
            moves: vec!["D4D5".into(), "c5-b4".into()]
        })
    );
}

#[test]
fn a_bad_argument_is_quoted_alone() {
    let bad = p("go p1time -12 p2time 1000").unwrap_err();
    assert_eq!(bad.got, "-12");
    let bad = p("go nodes 5 movetime 08 depth 3").unwrap_err();
    assert_eq!(bad.got, "08");
    let bad = p("ugi now later").unwrap_err();
    assert_eq!(bad.got, "now");
}

#[test]
fn position_string_is_everything_up_to_moves() {
    assert_eq!(
        p("position fen a b  c moves x y"),
        Ok(Command::Position {
            start: Start::Fen("a b  c".into()),
            moves: vec!["x".into(), "y".into()]
        })
    );
    assert_eq!(
        p("position fen xmoves z"),
        Ok(Command::Position {
            start: Start::Fen("xmoves z".into()),
            moves: vec![]
        })
    );
    assert_eq!(
        p("position startpos moves"),
        Ok(Command::Position {
            start: Start::StartPos,
            moves: vec![]
        })
    );
    assert!(p("position fen").is_err());
    assert!(p("position fen moves a").is_err());
    assert!(p("position startpos a1").is_err());
    assert!(p("position").is_err());
    assert!(p("position fenx").is_err());
}

#[test]
fn go_params_in_any_order() {
    let g = p("go p2inc 4 p1time 1 nodes 9 infinite depth 3 p2time 2 p1inc 3 movetime 5");
    assert_eq!(
        g,
        Ok(Command::Go(GoArgs {
            p1time: Some(1),
            p2time: Some(2),
            p1inc: Some(3),
            p2inc: Some(4),
            movetime: Some(5),
            depth: Some(3),
            nodes: Some(9),
            infinite: true,
            ..GoArgs::default()
        }))
    );
    assert_eq!(p("go").unwrap(), Command::Go(GoArgs::default()));
    assert!(p("go nodes").is_err());
    assert!(p("go nodes -1").is_err());
    assert!(p("go depth 4294967296").is_err());
    assert!(p("go nodes 99999999999999999999").is_err());
    assert!(p("go fast").is_err());
    assert!(p("go nodes 12x").is_err());
}

#[test]
fn setoption_words() {
    assert_eq!(
        p("setoption name Game value guerrilla"),
        Ok(Command::SetOption {
            name: "Game".into(),
            value: Some("guerrilla".into())
        })
    );
    assert_eq!(
        p("setoption  name  Clear   Hash"),
        Ok(Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        })
    );
    assert!(p("setoption name").is_err());
    assert!(p("setoption name value 3").is_err());
    assert!(p("setoption name X value").is_err());
    assert!(p("setoption Game").is_err());
}

#[test]
fn cleaning() {
    assert_eq!(clean_line("  go\tnodes 5\r\n"), Some("go nodes 5".into()));
    assert_eq!(clean_line("\r\n"), None);
    assert_eq!(clean_line("is\u{7}ready"), Some("isready".into()));
    assert_eq!(p("query\tgameover\r"), Ok(Command::Query(Query::GameOver)));
}

#[test]
fn display_round_trips() {
    for s in [
        "ugi",
        "setoption name Game value guerrilla-checkers",
        "position fen a b c moves x y",
        "position startpos",
        "go p1time 1 p2time 2 p1inc 3 p2inc 4",
        "go movetime 5 infinite",
        "go nodes 3 ponder searchmoves D4D5 c5-b4",
        "ponderhit",
        "query result",
        "play c3-d4",
        "perft 3",
    ] {
        let c = p(s).unwrap();
        assert_eq!(c.to_string(), s);
        assert_eq!(p(&c.to_string()), Ok(c));
    }
}

/// `searchmoves` takes every token up to the next `go` word or the end of the line; `ponder`
/// is a flag; `ponderhit` a command.
#[test]
fn searchmoves_and_ponder() {
    let g = p("go searchmoves D4D5 c5-b4  movetime 100 ponder");
    assert_eq!(
        g,
        Ok(Command::Go(GoArgs {
            movetime: Some(100),
            ponder: true,
            searchmoves: vec!["D4D5".into(), "c5-b4".into()],
            ..GoArgs::default()
        }))
    );
    let g = p("go nodes 5 searchmoves +f3,*a1 pass").unwrap();
    assert_eq!(
        g,
        Command::Go(GoArgs {
            nodes: Some(5),
            searchmoves: vec!["+f3,*a1".into(), "pass".into()],
            ..GoArgs::default()
        })
    );
    let bad = p("go searchmoves").unwrap_err();
    assert_eq!(
        (bad.expected.as_str(), bad.got.as_str()),
        ("a move", "end of line")
    );
    let bad = p("go searchmoves nodes 5").unwrap_err();
    assert_eq!(
        (bad.expected.as_str(), bad.got.as_str()),
        ("a move", "nodes")
    );
    assert_eq!(p("ponderhit"), Ok(Command::PonderHit));
    assert!(p("ponderhit now").is_err());
    assert!(p("go ponderx").is_err());
    let most = grammar::MAX_SEARCHMOVES;
    let line = format!("go searchmoves {}", "a ".repeat(most));
    assert!(matches!(p(&line), Ok(Command::Go(g)) if g.searchmoves.len() == most));
    let bad = p(&format!("{line} b")).unwrap_err();
    assert_eq!(
        bad.expected,
        format!("at most {most} moves after searchmoves")
    );
    assert_eq!(bad.got, "b");
}
