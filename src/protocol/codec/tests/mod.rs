//! The codec's tests: round trips of generated values (`roundtrip.rs`), the golden
//! transcripts and the documents' exchanges read line by line (`transcripts.rs`), the
//! refusals below, and an error line's refusal read in its parts.

mod roundtrip;
mod transcripts;

use super::*;

/// Each line is refused with the grammar item it lacks and the token that came.
#[test]
fn bad_lines_get_one_error_naming_what_was_expected() {
    let cases = [
        ("frobnicate", "a message", "frobnicate"),
        ("ugiok now", "end of line", "now"),
        ("bestmove", "a turn or none", "end of line"),
        ("bestmove none ponder a1", "end of line", "ponder"),
        ("bestmove a1 ponder", "a turn after ponder", "end of line"),
        ("bestmove a1 b2", "end of line", "b2"),
        ("info depth 1 nodes 5 time 3 nps 9 score 0.5", "a score", "0.5"),
        ("info depth 1 nodes 5 time 3 nps 9", "score", "end of line"),
        ("info nodes 5 depth 1 time 3 nps 9 score 0.500", "the info fields in their order", "nodes"),
        ("info depth 1 nodes 05 time 3 nps 9 score 0.500", "a node count", "05"),
        ("info depth 1 nodes 5 time 3 nps 9 score win in", "a number of turns", "end of line"),
        ("info depth 1 nodes 5 time 3 nps 9 score 0.500 pv", "a turn", "end of line"),
        ("response maybe", "true, false", "maybe"),
        ("steps 3 a b", "a count equal to the number of items", "3"),
        ("turns finished 0", "complete, partial or midturn", "finished"),
        ("played D4D5 steps", "a step", "end of line"),
        ("played c3xd4xe5 steps c3xd4 d4xe5 removed D4:captured", "a removal group", "end of line"),
        ("played D4D5 steps D4 D5 removed - -", "a removal group with a removal", "-"),
        ("stepped pass over p1win", "a reason", "end of line"),
        ("stepped pass over none two-passes", "p1win, p2win or draw", "none"),
        ("undone it", "step, turn or forfeit", "it"),
        ("describe game=g tomove=p3 turnstart=true result=none forfeit=none reason=none", "tomove=p1|p2", "tomove=p3"),
        ("describe game=g tomove=p1 turnstart=true result=none forfeit=none result=x reason=none", "a game field", "result=x"),
        ("describe game=g tomove=p1 turnstart=true result=none forfeit=none a=1", "reason=<reason> last", "a=1"),
        ("point A1 0.50 0 play -", "a coordinate", "0.50"),
        ("point A1 0 0 edge B1,,C1", "neighbours", "B1,,C1"),
        ("square a1 0.5 7.5 A1,B1,B2 b2 dark", "four corners", "A1,B1,B2"),
        ("square a1 0.5 7.5 A1,B1,B2,A2 b2 grey", "dark or light", "grey"),
        ("piece GG p1 black single stone", "one character", "GG"),
        ("field hand always stones in hand", "count or turn", "always"),
        ("reason two-passes", "a label", "end of line"),
        ("removal massacred XX massacred", "one character or -", "XX"),
        ("removal captured -", "a label", "end of line"),
        ("step", "a word", "end of line"),
        ("help rule pass Passes.", "phase, step or removal", "rule"),
        ("help phase move+ Jump.", "a phase <phase> or <phase>+<field>", "move+"),
        ("help phase +moving Jump.", "a phase <phase> or <phase>+<field>", "+moving"),
        ("help step pass", "a sentence", "end of line"),
        ("option name Hash type spin default 1 min 1", "max", "end of line"),
        ("option name C type spin default 0 min -0 max 1", "a least number", "-0"),
        ("option name C type spin default +1 min 0 max 1", "a default number", "+1"),
        ("info depth 1 nodes 5 time 3 nps 9 score cp 03", "centipawns", "03"),
        ("info depth 1 nodes 5 time 3 nps 9 score mate", "a number of moves", "end of line"),
        ("option name Ponder type check default yes", "true or false", "yes"),
        ("option name X type combo default a var", "var <value> pairs", "end of line"),
        ("option name type spin default 1 min 1 max 2", "an option name", "type"),
        ("Nodes searched: -1", "a decimal number", "-1"),
        ("info string error: ", "an error's text", "error:"),
        ("geometry game g points 1", "squares", "end of line"),
        ("about game", "a game name", "end of line"),
        ("options", "option names or -", "end of line"),
        ("id nickname x", "name or author", "nickname"),
    ];
    for (line, expected, got) in cases {
        let e = line.parse::<Message>().expect_err(line);
        assert!(
            e.expected.starts_with(expected) && e.got == got,
            "{line}: {e:?}, not ({expected}…, {got})"
        );
    }
}

/// `show` and `help` hold free text: read as such only in their answers.
#[test]
fn free_text_is_read_only_within_its_answer() {
    let picture = " 9     . . . . .";
    assert!(picture.parse::<Message>().is_err());
    assert_eq!(
        Message::parse_within(picture, Within::Show),
        Ok(Message::Picture(picture.to_string()))
    );
    assert_eq!(
        Message::parse_within("steps +b1 *g7 a1-c1", Within::Show),
        Ok(Message::ShowSteps(vec![
            "+b1".into(),
            "*g7".into(),
            "a1-c1".into()
        ]))
    );
    // Outside `show`, `steps` is `legal`'s counted list.
    assert!("steps +b1 *g7".parse::<Message>().is_err());
    // A search's line in the middle of `show`'s answer is read as what it is.
    assert_eq!(
        Message::parse_within("bestmove D4D5", Within::Show),
        Ok(Message::BestMove(BestMove::turn("D4D5")))
    );
    assert_eq!(
        Message::parse_within("  ugi | isready", Within::Help),
        Ok(Message::Help("  ugi | isready".to_string()))
    );
    assert_eq!(Within::after(&Command::Show), Within::Show);
    assert_eq!(Within::after(&Command::Help), Within::Help);
    assert_eq!(Within::after(&Command::Ugi), Within::Lines);
}

/// The typed values the engine reports are worded as the engine's own writers word them.
#[test]
fn values_are_worded_as_the_engine_words_them() {
    use crate::game::{GameEnd, Outcome, RemovalKind, Side, Word};
    let end = GameEnd {
        outcome: Outcome::Win(Side::P2),
        reason: Word::new("two-passes", "two passes in a row"),
        score: Some([13, 15]),
    };
    assert_eq!(
        Over::of(&end).to_string(),
        crate::protocol::wire::over_clause(&end)
    );
    let r = crate::game::Removal::new("d3", RemovalKind::leaving("massacred", "massacred", 'X'));
    assert_eq!(
        Removal::of(&r).to_string(),
        crate::protocol::wire::removal_item(&r)
    );
    let opts = crate::protocol::options::option_lines(&Default::default());
    for line in opts {
        let decl: Message = line.parse().unwrap();
        assert_eq!(decl.to_string(), line);
    }
    assert_eq!(
        Message::error("expected x but got 'y'", "go y").to_string(),
        crate::protocol::wire::error_line("expected x but got 'y'", "go y")
    );
}

/// Other engines' reports: UCI's scores in the protocol's own order are messages; UCI's order
/// and its other fields are read by [`InfoReport::read_any`] alone.
#[test]
fn other_engines_reports_are_read_with_their_uci_scores() {
    let line = "info depth 12 nodes 900 time 10 nps 90000 score cp -35 pv e2e4";
    let Ok(Message::Info(r)) = line.parse::<Message>() else {
        panic!("{line}")
    };
    assert_eq!((r.depth, r.score), (12, Score::Centipawns(-35)));
    assert_eq!(Message::Info(r).to_string(), line);
    let uci = "info depth 12 seldepth 15 multipv 2 score mate -3 upperbound nodes 900 \
               nps 90000 hashfull 4 tbhits 0 time 10 pv e2e4 e7e5";
    assert!(
        uci.parse::<Message>().is_err(),
        "the protocol's order is strict"
    );
    assert_eq!(
        InfoReport::read_any(uci),
        Ok(InfoReport {
            depth: 12,
            multipv: Some(2),
            nodes: 900,
            time: 10,
            nps: 90000,
            score: Score::Mate(-3),
            wdl: None,
            visits: None,
            pv: vec!["e2e4".into(), "e7e5".into()],
        })
    );
    let bare = InfoReport::read_any("info  score cp 20  depth 3").unwrap();
    assert_eq!(
        (bare.depth, bare.score, bare.nodes),
        (3, Score::Centipawns(20), 0)
    );
    for (bad, expected, got) in [
        ("info string depth 3 score cp 1", "an info field", "string"),
        ("info depth 3 currmove e2e4", "an info field", "currmove"),
        ("info nodes 5 score cp 1", "depth", "end of line"),
        ("info depth 3 nodes 5", "score", "end of line"),
        ("info depth 3 score nan", "a score", "nan"),
        ("info depth 3 score cp x", "centipawns", "x"),
        ("info depth 3 score win 4", "in", "4"),
        ("info depth x score cp 1", "a depth", "x"),
        ("info depth 3 score cp 1 pv", "a turn", "end of line"),
        ("bestmove e2e4", "info", "bestmove"),
    ] {
        let e = InfoReport::read_any(bad).expect_err(bad);
        assert!(
            e.expected.starts_with(expected) && e.got == got,
            "{bad}: {e:?}, not ({expected}…, {got})"
        );
    }
}

/// A `response` line's word is found whether or not the protocol has it, in exactly two tokens.
#[test]
fn a_response_word_is_found_as_cutegames_finds_it() {
    assert_eq!(Response::word_of("response maybe"), Some("maybe"));
    assert_eq!(Response::word_of("response true"), Some("true"));
    for no in [
        "response",
        "response ",
        "response a b",
        "info string response a",
    ] {
        assert_eq!(Response::word_of(no), None, "{no}");
    }
}

/// A declaration reads a `setoption` value as the engine's option table does.
#[test]
fn option_values_are_checked_by_their_declaration() {
    let spin = OptionDecl::spin("BoardSide", 8, 4, 12);
    assert_eq!(spin.value_of("12"), Ok(OptionValue::Spin(12)));
    for bad in ["13", "08", "-4", "x", ""] {
        let e = spin.value_of(bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("expected an integer from 4 to 12 but got '{bad}'")
        );
    }
    // Other engines' bounds below zero.
    let contempt: Message = "option name Contempt type spin default 0 min -100 max 100"
        .parse()
        .unwrap();
    assert_eq!(
        contempt,
        Message::Option(OptionDecl::spin("Contempt", 0, -100, 100))
    );
    let Message::Option(contempt) = contempt else {
        unreachable!()
    };
    assert_eq!(contempt.value_of("-100"), Ok(OptionValue::Spin(-100)));
    assert_eq!(contempt.value_of("0"), Ok(OptionValue::Spin(0)));
    for bad in ["-101", "101", "-0", "+5", "-05"] {
        assert_eq!(
            contempt.value_of(bad).unwrap_err().to_string(),
            format!("expected an integer from -100 to 100 but got '{bad}'")
        );
    }
    let combo = OptionDecl::combo("Eval", "threat", &["plain", "threat"]);
    assert_eq!(
        combo.value_of("PLAIN"),
        Ok(OptionValue::Combo("plain".into()))
    );
    assert_eq!(
        combo.value_of("deep").unwrap_err().to_string(),
        "expected one of plain, threat but got 'deep'"
    );
    let check = OptionDecl::check("Ponder", false);
    assert_eq!(check.value_of("True"), Ok(OptionValue::Check(true)));
    assert!(check.value_of("1").is_err());
}

/// Other engines' `string` and `button` options are read as UCI writes them: a text default
/// that may be empty or have spaces, a button with no default and no value.
#[test]
fn text_and_button_options_of_other_engines() {
    let text: Message = "option name Book File type string default my book.bin"
        .parse()
        .unwrap();
    let Message::Option(decl) = &text else {
        panic!("{text:?}")
    };
    assert_eq!(
        decl.kind,
        OptionKind::Text {
            default: "my book.bin".into()
        }
    );
    assert_eq!(decl.value_of("x y"), Ok(OptionValue::Text("x y".into())));
    let empty: Message = "option name Log type string default".parse().unwrap();
    assert_eq!(
        empty,
        Message::Option(OptionDecl {
            name: "Log".into(),
            kind: OptionKind::Text {
                default: String::new()
            }
        })
    );
    let button: Message = "option name Clear Hash type button".parse().unwrap();
    let Message::Option(decl) = &button else {
        panic!("{button:?}")
    };
    assert_eq!(decl.kind, OptionKind::Button);
    assert_eq!(decl.value_of(""), Ok(OptionValue::Press));
    assert!(decl.value_of("1").is_err());
    for line in [&text, &empty, &button] {
        assert_eq!(line.to_string().parse::<Message>().as_ref(), Ok(line));
    }
}

/// An error line's text is read in its parts: what was expected, the input refused, why,
/// what followed and the line; a long input's quote keeps its length; another text is none.
#[test]
fn a_refusal_is_read_in_its_parts() {
    let text = "expected a legal move but got 'a1-b2' (no checker on a1); the game is over, \
                lost by p2 in 'position startpos moves D4D5 d4xc3 E5E6 a1-b2'";
    let r: Refusal = text.parse().unwrap();
    assert_eq!(r.expected, "a legal move");
    assert_eq!(r.got, Quoted::of("a1-b2"));
    assert_eq!(r.reason.as_deref(), Some("no checker on a1"));
    assert_eq!(r.then.as_deref(), Some("the game is over, lost by p2"));
    assert_eq!(
        r.line,
        Some(Quoted::of("position startpos moves D4D5 d4xc3 E5E6 a1-b2"))
    );
    assert_eq!(r.to_string(), text);

    let long = "D4".repeat(50);
    let r = Refusal::new("a Guerrilla move", &long);
    assert_eq!(r.got.bytes, Some(100));
    assert_eq!(r.to_string().parse::<Refusal>(), Ok(r));

    // A quote may hold quotes; a reason may hold parentheses.
    let r: Refusal = "expected a move but got 'a'b' (a (b) c)".parse().unwrap();
    assert_eq!(
        (r.got.text.as_str(), r.reason.as_deref()),
        ("a'b", Some("a (b) c"))
    );

    for other in ["perft gave up: too large", "expected x but got 'y", ""] {
        assert!(other.parse::<Refusal>().is_err(), "{other}");
    }
}
