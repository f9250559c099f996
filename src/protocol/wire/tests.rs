use super::*;

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
    for kind in REMOVAL_KINDS {
        let r = Removal::new("D4", kind);
        assert_eq!(parse_removal(&removal_item(&r)), Some(r));
    }
    assert_eq!(parse_removal("D4:eaten"), None);
    assert_eq!(parse_removal(":captured"), None);
    for reason in END_REASONS {
        assert_eq!(parse_end_reason(end_reason_word(reason)), Some(reason));
        assert!(!end_reason_word(reason).contains(' '));
    }
    assert_eq!(parse_end_reason("resigned"), None);
}

#[test]
fn reports() {
    let applied = |step: &str, removed: &[(&str, RemovalKind)]| Applied {
        step: step.into(),
        removed: removed.iter().map(|&(p, k)| Removal::new(p, k)).collect(),
    };
    let end = GameEnd {
        outcome: Outcome::Win(Side::P2),
        reason: EndReason::TwoPasses,
        score: Some([13, 15]),
    };
    assert_eq!(over_clause(&end), "over p2win two-passes 13-15");
    let st = Stepped {
        chosen: applied("pass", &[]),
        auto: vec![applied(
            "e3xd3",
            &[("d3", RemovalKind::Massacred), ("e4", RemovalKind::Killed)],
        )],
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
        steps: vec![applied("c3xd4", &[("D4", RemovalKind::Captured)])],
        end: None,
    };
    assert_eq!(
        played_line("expanded", &played),
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
