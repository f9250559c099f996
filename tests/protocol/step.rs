//! `step`, `undo` and `undo step` (protocol.md § 4.3, § 4.4) through the real binary: automatic
//! decisions reported, a turn entered whole reopened step by step.

use crate::answers;
use crate::harness::*;

/// Builds Guerrilla turns click by click with `legal steps` and `step`, checking every answer
/// against `history` and `describe`, then takes everything back with `undo step`, checking that
/// each chosen step comes back off in reverse order with the position it was chosen in.
#[test]
fn wells_steps_report_auto_decisions_and_undo_step_walks_back() {
    let mut p = Proc::spawn();
    p.ask("setoption name Game value guerrilla");
    p.ask("setoption name BoardSide value 5");
    let mut rng = 7u64;
    // (describe before the chosen step, the step's canonical text)
    let mut chosen: Vec<(String, String)> = Vec::new();
    let mut turns: Vec<String> = Vec::new();
    let mut building: Vec<String> = Vec::new();
    let mut autos = 0;
    while turns.len() < 14 {
        let steps_line = p.ask1("legal steps");
        let steps: Vec<&str> = steps_line.split(' ').skip(2).collect();
        if steps.is_empty() {
            break;
        }
        // Avoid passing, so that the game grows.
        let options: Vec<&str> = steps.iter().copied().filter(|s| *s != "pass").collect();
        let options = if options.is_empty() { steps } else { options };
        let step = options[pick(&mut rng, options.len())].to_string();
        let before = p.ask1("describe");
        let answer = p.ask1(&format!("step {step}"));
        let a = answers::stepped(&answer);
        assert_eq!(a.steps[0], step, "{answer}");
        let auto = &a.steps[1..];
        autos += auto.len();
        chosen.push((before, step.clone()));
        building.push(step.clone());
        building.extend(auto.iter().map(|s| s.to_string()));
        let now = p.ask1("describe");
        let at_start = field(&now, "turnstart") == "true";
        assert_eq!(a.turn.is_some(), at_start, "{answer}");
        if let Some(token) = a.turn {
            turns.push(token.clone());
            building.clear();
            let h = p.ask("history");
            assert_eq!(h.len(), 3);
            assert_eq!(
                h[1],
                format!("history {} {}", turns.len(), turns.join(" "))
                    .trim_end()
                    .to_string()
            );
            assert_eq!(h[2], "building 0");
        } else {
            let h = p.ask("history");
            assert_eq!(
                h[2],
                format!("building {} {}", building.len(), building.join(" "))
            );
        }
    }
    assert!(turns.len() >= 10, "the game went on: {turns:?}");
    assert!(autos > 0, "some decisions were forced");
    // The whole turns replay through `position startpos moves …` to the same position.
    let end = p.ask1("describe");
    let h = p.ask("history");
    assert!(h[0].starts_with("start 5 "), "{}", h[0]);
    let mut fresh = Proc::spawn();
    fresh.ask("setoption name Game value guerrilla");
    fresh.ask("setoption name BoardSide value 5");
    if h[2] == "building 0" {
        assert!(fresh
            .ask(&format!("position startpos moves {}", turns.join(" ")))
            .is_empty());
        assert_eq!(fresh.ask1("describe"), end);
    }
    // undo step walks back, one chosen step at a time, across turn ends.
    for (before, step) in chosen.iter().rev() {
        assert_eq!(p.ask1("undo step"), format!("undone step {step}"));
        assert_eq!(&p.ask1("describe"), before);
    }
    assert_eq!(
        p.ask1("undo step"),
        "info string error: expected a move or step to undo but got 'undo step'"
    );
    assert_eq!(p.ask("history")[1], "history 0");
}

/// A turn entered whole (`position … moves`, `play`) is reopened by `undo step`.
#[test]
fn undo_step_reopens_a_turn_entered_whole() {
    let mut p = Proc::spawn();
    // Guerrilla Checkers: each turn's last chosen step comes off, then the turn before.
    assert!(p.ask("position startpos moves D4D5 d4xc3").is_empty());
    let h = p.ask("history");
    assert_eq!(h[1], "history 2 D4D5 d4xc3");
    let undone = p.ask1("undo step");
    assert!(undone.starts_with("undone step "), "{undone}");
    let d = p.ask1("describe");
    assert_eq!(field(&d, "side"), "coin");
    // Take back until the start, then nothing is left.
    for _ in 0..10 {
        if p.ask1("undo step").starts_with("info string error") {
            break;
        }
    }
    assert_eq!(p.ask("history")[1], "history 0");
    assert_eq!(field(&p.ask1("describe"), "hand"), "66");

    // Guerrilla: a two-step turn played whole comes back one chosen step at a time.
    p.ask("setoption name Game value guerrilla");
    p.ask("setoption name BoardSide value 5");
    assert_eq!(p.ask1("play *a1"), "played *a1 steps *a1 endmove");
    let after_white = p.ask1("describe");
    let played = p.ask1("play *e5");
    assert_eq!(played, "played *e5 steps *e5 endmove");
    // Black's next turn: a growth then a new group (two chosen steps at least).
    let turn = {
        let steps = p.ask1("legal steps");
        let grow = steps
            .split(' ')
            .find(|s| s.starts_with('+'))
            .unwrap()
            .to_string();
        let a = p.ask1(&format!("step {grow}"));
        assert!(a.starts_with(&format!("stepped {grow}")), "{a}");
        let steps = p.ask1("legal steps");
        let new = steps
            .split(' ')
            .find(|s| s.starts_with('*'))
            .unwrap()
            .to_string();
        let b = p.ask1(&format!("step {new}"));
        let token = b.split(" turn ").nth(1).unwrap_or_default().to_string();
        assert!(!token.is_empty(), "{b}");
        (grow, new, token)
    };
    // Now enter the same position by `position … moves` and undo step through it.
    p.ask("uginewgame");
    assert!(p
        .ask(&format!("position startpos moves *a1 *e5 {}", turn.2))
        .is_empty());
    assert_eq!(p.ask1("undo step"), format!("undone step {}", turn.1));
    assert_eq!(p.ask("history")[2], format!("building 1 {}", turn.0));
    assert_eq!(p.ask1("undo step"), format!("undone step {}", turn.0));
    assert_eq!(p.ask("history")[2], "building 0");
    assert_eq!(p.ask1("undo step"), "undone step *e5");
    assert_eq!(p.ask1("describe"), after_white);
    // Bare `undo` keeps its meaning: a whole turn at a turn start.
    assert_eq!(p.ask1("undo"), "undone turn *a1");
    assert_eq!(p.ask("history")[1], "history 0");
    assert_eq!(
        p.ask1("undo step now"),
        "info string error: expected step or end of line but got 'now' in 'undo step now'"
    );
}

/// The names of Guerrilla's points in position-string order, from `geometry`.
pub fn point_names(p: &mut Proc) -> Vec<String> {
    p.ask("geometry")
        .iter()
        .filter_map(|l| l.strip_prefix("point "))
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect()
}

/// Checks one answer that applied steps against the boards `describe` gives before and after
/// it: the steps and removals applied by a GUI that knows no rule give the engine's board, and
/// `over` says what `describe` says of the end. Returns the removal kinds and the end reason.
pub fn check_report(
    before: &str,
    a: &answers::Answer,
    after: &str,
    names: &[String],
) -> Vec<String> {
    let mut board = answers::Board::of(before, names);
    board.apply(a);
    assert_eq!(
        board.text(),
        answers::Board::of(after, names).text(),
        "{a:?}"
    );
    let mut seen: Vec<String> = a.removed.iter().flatten().map(|r| r.1.clone()).collect();
    // A hop written with `x` captures a stone, one written with `-` none (GC4), forced or not.
    for (step, removed) in a.steps.iter().zip(&a.removed) {
        let captured = removed.iter().filter(|r| r.1 == "captured").count();
        let hop = step.len() == 5 && step.as_bytes()[0].is_ascii_lowercase();
        if field(before, "game") == "guerrilla-checkers" && hop {
            assert_eq!(usize::from(step.contains('x')), captured, "{step} in {a:?}");
        }
    }
    // Kills leave the board when the turn ends, so they are reported on its last step.
    for g in &a.removed[..a.removed.len().saturating_sub(1)] {
        assert!(
            g.iter().all(|r| r.1 != "killed" && r.1 != "massacred"),
            "{a:?}"
        );
    }
    match &a.over {
        Some(o) => {
            assert_eq!(field(after, "result"), o.result);
            assert_eq!(field(after, "reason"), o.reason);
            if field(after, "game") == "guerrilla" {
                let score = (
                    field(after, "score_white").parse().unwrap(),
                    field(after, "score_black").parse().unwrap(),
                );
                assert_eq!(o.score, Some(score));
            } else {
                assert_eq!(o.score, None);
            }
            seen.push(o.reason.clone());
        }
        None => {
            assert_eq!(field(after, "result"), "none", "{a:?}");
            assert_eq!(field(after, "reason"), "none");
        }
    }
    seen
}

/// Random games of both games, built step by step (and some turns played whole), every answer
/// checked by [`check_report`]: each removal kind and end reason the games reach is seen.
#[test]
fn every_removal_and_end_is_reported_as_the_board_shows_it() {
    let cases: [(&str, &[&str]); 2] = [
        (
            "guerrilla-checkers",
            // Random play seldom takes every checker: `no-checkers` is in describe.rs.
            &[
                "captured",
                "surrounded",
                "no-stones-on-board",
                "no-stones-in-hand",
            ],
        ),
        ("guerrilla", &["split", "killed", "massacred", "two-passes"]),
    ];
    for (game, expected) in cases {
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("setoption name BoardSide value 4");
        let names = point_names(&mut p);
        let mut rng = 11u64;
        let mut seen = std::collections::BTreeSet::new();
        for _game in 0..40 {
            p.ask("uginewgame");
            for _ply in 0..400 {
                let before = p.ask1("describe");
                if field(&before, "result") != "none" {
                    break;
                }
                let whole = field(&before, "turnstart") == "true" && pick(&mut rng, 4) == 0;
                let a = if whole {
                    let turns = p.ask1("legal turns");
                    let turns: Vec<&str> = turns.split(' ').skip(3).collect();
                    let t = turns[pick(&mut rng, turns.len())];
                    answers::played("played", &p.ask1(&format!("play {t}")))
                } else {
                    let steps = p.ask1("legal steps");
                    let steps: Vec<&str> = steps.split(' ').skip(2).collect();
                    let s = steps[pick(&mut rng, steps.len())];
                    answers::stepped(&p.ask1(&format!("step {s}")))
                };
                let after = p.ask1("describe");
                seen.extend(check_report(&before, &a, &after, &names));
            }
            if expected.iter().all(|e| seen.iter().any(|s| s == e)) {
                break;
            }
        }
        for e in expected {
            assert!(seen.iter().any(|s| s == e), "{game}: no {e} in {seen:?}");
        }
    }
}
