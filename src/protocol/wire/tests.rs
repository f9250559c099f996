use super::*;
use crate::engine::{Applied, PerftReport, Played, Stepped, Undone};
use crate::game::{
    About, FieldFace, GameEnd, GeoPoint, GeoSquare, Geometry, Help, PerftAbort, RemovalKind, Word,
};
use crate::protocol::options::OptionError;

#[test]
fn words_read_back() {
    for side in Side::ALL {
        assert_eq!(parse_side(side_word(side)), Some(side));
    }
    assert_eq!(parse_side("p3"), None);
    for o in [
        None,
        Some(Outcome::Draw),
        Some(Outcome::Win(Side::P1)),
        Some(Outcome::Win(Side::P2)),
    ] {
        assert_eq!(parse_result(result_word(o)), Some(o));
    }
    assert_eq!(result_word(Some(Outcome::Win(Side::P2))), "p2win");
    assert_eq!(parse_result("p1wins"), None);
}

/// A game's words as the reports write them: its removal and reason words, never their labels.
const CAPTURED: RemovalKind = RemovalKind::new("captured", "hopped over");
const KILLED: RemovalKind = RemovalKind::new("killed", "killed");
const MASSACRED: RemovalKind = RemovalKind::leaving("massacred", "massacred", 'X');
const TWO_PASSES: Word = Word::new("two-passes", "two passes in a row");

#[test]
fn reports() {
    let applied = |step: &str, removed: &[(&str, RemovalKind)]| Applied {
        step: step.into(),
        removed: removed.iter().map(|&(p, k)| Removal::new(p, k)).collect(),
    };
    let end = GameEnd {
        outcome: Outcome::Win(Side::P2),
        reason: TWO_PASSES,
        score: Some([13, 15]),
    };
    assert_eq!(over_clause(&end), "over p2win two-passes 13-15");
    let st = Stepped {
        chosen: applied("pass", &[]),
        auto: vec![applied("e3xd3", &[("d3", MASSACRED), ("e4", KILLED)])],
        turn: Some("pass,e3xd3".into()),
        end: Some(end),
    };
    assert_eq!(
        stepped_line(&st),
        "stepped pass auto e3xd3 turn pass,e3xd3 removed - d3:massacred,e4:killed \
         over p2win two-passes 13-15"
    );
    // Nothing removed, game on: the older answer exactly.
    let st = Stepped {
        chosen: applied("*a1", &[]),
        auto: vec![applied("endmove", &[])],
        turn: Some("*a1".into()),
        end: None,
    };
    assert_eq!(stepped_line(&st), "stepped *a1 auto endmove turn *a1");
    let played = Played {
        turn: "c3xd4".into(),
        steps: vec![applied("c3xd4", &[("D4", CAPTURED)])],
        end: None,
    };
    assert_eq!(
        expanded_line(&played),
        "expanded c3xd4 steps c3xd4 removed D4:captured"
    );
    assert_eq!(
        undone_line(&Undone::Turn("D4D5".into())),
        "undone turn D4D5"
    );
    assert_eq!(undone_line(&Undone::Step("D4".into())), "undone step D4");
    assert_eq!(shade_word(true), "dark");
}

#[test]
fn lines() {
    assert_eq!(
        error_line("expected x but got 'go'", "go"),
        "info string error: expected x but got 'go'"
    );
    assert_eq!(
        error_line("expected x but got 'y'", "go y"),
        "info string error: expected x but got 'y' in 'go y'"
    );
    // Long input is quoted cut, with its length, and once.
    let long = "x".repeat(QUOTED_MAX + 1);
    assert_eq!(
        quote(&long),
        format!("'{}…' ({} bytes)", &long[..QUOTED_MAX], QUOTED_MAX + 1)
    );
    assert_eq!(
        quote(&long[..QUOTED_MAX]),
        format!("'{}'", &long[..QUOTED_MAX])
    );
    assert!(quote("é".repeat(QUOTED_MAX + 1).as_str()).contains(&"é".repeat(QUOTED_MAX)));
    let line = format!("frobnicate {long}");
    assert_eq!(
        error_line("expected a command but got 'frobnicate'", &line),
        format!(
            "info string error: expected a command but got 'frobnicate' in {}",
            quote(&line)
        )
    );
    assert_eq!(
        error_line(
            format!("expected a command but got {}", quote(&long)),
            &long
        ),
        format!(
            "info string error: expected a command but got {}",
            quote(&long)
        )
    );
    let cut = GameError::BadPosition {
        got: long.clone(),
        reason: "y".repeat(REASON_MAX + 1),
    };
    let cut = error_line(&cut, &format!("position fen {long}"));
    assert_eq!(cut.matches("xxxxxxxxxx").count(), QUOTED_MAX / 10, "{cut}");
    assert!(
        cut.ends_with(&format!("{}…)", "y".repeat(REASON_MAX))),
        "{cut}"
    );
    let huge = error_line(format!("expected x but got '{}'", "y".repeat(1 << 20)), "");
    assert_eq!(
        huge.len(),
        "info string error: ".len() + ERROR_LINE_MAX + '…'.len_utf8()
    );
    assert_eq!(position_line("startpos", &[]), "position startpos");
    assert_eq!(
        position_line("a b", &["m1".into(), "m2".into()]),
        "position fen a b moves m1 m2"
    );
    assert_eq!(bestmove_line(None), "bestmove none");
    assert_eq!(score_text(0.25, Some((-1, 3))), "loss in 3");
    assert_eq!(score_text(-0.0004, None), "-0.000");
    assert_eq!(coord(0.8660254), "0.866");
    assert_eq!(coord(-0.0001), "0");
    assert_eq!(coord(12.0), "12");
    assert_eq!(counted_list("turns", "complete", &[]), "turns complete 0");
}

#[test]
fn views() {
    let state = GameState {
        game: "g",
        tomove: Side::P2,
        turnstart: false,
        outcome: Some(Outcome::Win(Side::P1)),
        forfeit: Some(Side::P2),
        reason: Some(Word::FORFEIT),
    };
    assert_eq!(
        show_lines("a\nb", "F", &["s1".into(), "s2".into()], &state),
        [
            "a",
            "b",
            "fen F",
            "steps s1 s2",
            "tomove p2",
            "result p1win"
        ]
    );
    assert_eq!(
        show_lines("a", "F", &[], &state),
        ["a", "fen F", "tomove p2", "result p1win"]
    );
    let fields = [
        ("k", "a b".to_string()),
        ("result", "x".into()),
        ("n", "1".into()),
    ];
    assert_eq!(
        describe_line(&state, &fields),
        "describe game=g tomove=p2 turnstart=false result=p1win forfeit=p2 k=a_b n=1 \
         reason=forfeit"
    );
    let geo = Geometry {
        points: vec![GeoPoint {
            name: "A1".into(),
            x: 0.5,
            y: 0.8660254,
            play: false,
            neighbours: vec![],
        }],
        squares: vec![GeoSquare {
            name: "a1".into(),
            x: 1.0,
            y: 2.0,
            corners: ["A1".into(), "B1".into(), "B2".into(), "A2".into()],
            diagonals: vec!["b2".into()],
            dark: true,
        }],
    };
    assert_eq!(
        geometry_lines("g", &geo),
        [
            "geometry game g points 1 squares 1",
            "point A1 0.5 0.866 edge -",
            "square a1 1 2 A1,B1,B2,A2 b2 dark",
            "geometry end"
        ]
    );
}

#[test]
fn handshake_and_reports() {
    let combo = OptionType::Combo {
        default: "a",
        vars: &["a", "b"],
    };
    assert_eq!(
        option_line("X", &combo),
        "option name X type combo default a var a var b"
    );
    let check = OptionType::Check { default: false };
    assert_eq!(
        option_line("Y", &check),
        "option name Y type check default false"
    );
    let lines = ugi_lines(["option name Z".to_string()]);
    assert_eq!(lines.first().map(String::as_str), Some("id name guerrilla"));
    assert_eq!(lines[2..], ["option name Z", "ugiok"]);
    let e = OptionError::OutOfRange {
        min: 1,
        max: 2,
        got: "08".into(),
    };
    assert_eq!(
        e.to_string(),
        "expected an integer from 1 to 2 but got '08'"
    );
    let e = OptionError::NotABool { got: "yes".into() };
    assert_eq!(e.to_string(), "expected true or false but got 'yes'");
    assert_eq!(
        perft_line(&PerftReport::Divide("D4D5".into(), 7), "perft 1"),
        "D4D5: 7"
    );
    assert_eq!(
        perft_line(&PerftReport::Done(9), "perft 1"),
        "Nodes searched: 9"
    );
    assert_eq!(
        perft_line(&PerftReport::GaveUp(PerftAbort::Stopped), "perft 1"),
        "info string perft stopped"
    );
    assert_eq!(
        perft_line(
            &PerftReport::GaveUp(PerftAbort::TooLarge("big".into())),
            "perft 1"
        ),
        "info string error: perft gave up: big in 'perft 1'"
    );
    assert_eq!(response_line("true"), "response true");
    assert_eq!(
        history_lines(&crate::engine::History {
            start: "S".into(),
            turns: vec!["t".into()],
            building: vec![],
        }),
        ["start S", "history 1 t", "building 0"]
    );
    assert_eq!(turns_line(TurnsListed::MidTurn, &[]), "turns midturn 0");
}

#[test]
fn analysis_fields() {
    assert_eq!(
        bestmove_ponder_line(Some("D4D5"), Some("d4xc3")),
        "bestmove D4D5 ponder d4xc3"
    );
    assert_eq!(bestmove_ponder_line(Some("D4D5"), None), "bestmove D4D5");
    assert_eq!(bestmove_ponder_line(None, Some("x")), "bestmove none");
    let pv: Vec<String> = ["D4D5", "d4xc3", "E5..."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(ponder_reply("D4D5", &pv), Some("d4xc3"));
    assert_eq!(
        ponder_reply("D5D6", &pv),
        None,
        "a PV of another turn names no reply"
    );
    assert_eq!(
        ponder_reply("d4xc3", &pv[1..]),
        None,
        "a half turn is no reply"
    );
    assert_eq!(ponder_reply("D4D5", &pv[..1]), None);
    assert_eq!(wdl_field([412, 0, 588]), " wdl 412 0 588");
    assert_eq!(
        currmove_line("c5-b4", 3),
        "info currmove c5-b4 currmovenumber 3"
    );
}

#[test]
fn info_lines_numbered_or_not() {
    use crate::search::{Info, Line};
    let info: Info<u8> = Info {
        visited: 9,
        nodes: 300,
        time: std::time::Duration::from_millis(150),
        setup: std::time::Duration::ZERO,
        lines: vec![
            Line {
                depth: 2,
                score: 0.25,
                visits: 200,
                ..Line::default()
            },
            Line {
                depth: 1,
                score: -0.5,
                proven: Some((-1, 3)),
                visits: 40,
                ..Line::default()
            },
        ],
        current: None,
    };
    let pv = ["D4D5".to_string(), "d4xc3".to_string()];
    assert_eq!(
        info_line(&info, 0, false, false, &pv),
        "info depth 2 nodes 300 time 150 nps 2000 score 0.250 pv D4D5 d4xc3"
    );
    assert_eq!(
        info_line(&info, 1, true, false, &[]),
        "info depth 1 multipv 2 nodes 300 time 150 nps 2000 score loss in 3 visits 40"
    );
    assert_eq!(
        info_line(&info, 0, true, true, &pv[..1]),
        "info depth 2 multipv 1 nodes 300 time 150 nps 2000 score 0.250 wdl 625 0 375 visits 200 pv D4D5"
    );
    assert_eq!(
        info_line(&info, 1, false, true, &[]),
        "info depth 1 nodes 300 time 150 nps 2000 score loss in 3 wdl 0 0 1000"
    );
}

/// `nps` is the rate of the iterations: the time spent before the first one (a kept tree
/// re-rooted) is in `time` but not in the rate.
#[test]
fn nps_leaves_out_the_setup() {
    use crate::search::{Info, Line};
    use std::time::Duration;
    let info: Info<u8> = Info {
        nodes: 300,
        time: Duration::from_millis(150),
        setup: Duration::from_millis(50),
        lines: vec![Line::default()],
        ..Info::default()
    };
    assert_eq!(
        info_line(&info, 0, false, false, &[]),
        "info depth 0 nodes 300 time 150 nps 3000 score 0.000"
    );
}

/// `about` announces the game's words in its order, each with the words a person reads: the
/// reasons, then the protocol's `forfeit`, the removals with what they leave, the word steps,
/// then the help by topic in the game's order.
#[test]
fn about_announces_the_game_words() {
    const ABOUT: About = About {
        title: "A Game",
        sides: ["Left", "Right"],
        pieces: &[],
        fields: &[FieldFace::count("hand", "stones in hand")],
        reasons: &[TWO_PASSES, Word::NO_LEGAL_MOVE],
        removals: &[CAPTURED, MASSACRED],
        steps: &[Word::new("endgroup", "end group")],
        help: &[
            Help::phase("grow", "Grow a group."),
            Help::phase_while("move", "moving", "Jump again, or stop."),
            Help::removal(MASSACRED, "A token stays."),
            Help::step(Word::new("endgroup", "end group"), "Stops the group."),
        ],
        tour: "One.\n\nTwo\nlines.",
    };
    assert_eq!(
        about_lines("g", &ABOUT, &[]),
        [
            "about game g",
            "title A Game",
            "side p1 Left",
            "side p2 Right",
            "options -",
            "field hand count stones in hand",
            "reason two-passes two passes in a row",
            "reason no-legal-move the side to move has no legal move",
            "reason forfeit an illegal move",
            "removal captured - hopped over",
            "removal massacred X massacred",
            "step endgroup end group",
            "help phase grow Grow a group.",
            "help phase move+moving Jump again, or stop.",
            "help removal massacred A token stays.",
            "help step endgroup Stops the group.",
            "tour One.",
            "tour Two lines.",
            "about end",
        ]
    );
}
