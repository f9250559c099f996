//! `step`, `undo` and `undo step` (protocol.md § 4.3, § 4.4) through the real binary: automatic
//! decisions reported, a turn entered whole reopened step by step.

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
        let words: Vec<&str> = answer.split(' ').collect();
        assert_eq!(words[..2], ["stepped", step.as_str()], "{answer}");
        // stepped <step>[ auto <step> …][ turn <move>]
        let turn_at = words.iter().position(|w| *w == "turn");
        let auto: Vec<&str> = match words.get(2) {
            Some(&"auto") => words[3..turn_at.unwrap_or(words.len())].to_vec(),
            _ => Vec::new(),
        };
        assert!(!auto.contains(&"turn") && !auto.contains(&"auto"));
        autos += auto.len();
        chosen.push((before, step.clone()));
        building.push(step.clone());
        building.extend(auto.iter().map(|s| s.to_string()));
        let now = p.ask1("describe");
        let at_start = field(&now, "turnstart") == "true";
        assert_eq!(turn_at.is_some(), at_start, "{answer}");
        if let Some(t) = turn_at {
            assert_eq!(words.len(), t + 2, "{answer}");
            let token = words[t + 1].to_string();
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
    assert_eq!(p.ask1("play *a1"), "played *a1");
    let after_white = p.ask1("describe");
    let played = p.ask1("play *e5");
    assert_eq!(played, "played *e5");
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
    assert_eq!(p.ask1("undo"), "undone turn");
    assert_eq!(p.ask("history")[1], "history 0");
    assert_eq!(
        p.ask1("undo step now"),
        "info string error: expected step or end of line but got 'now' in 'undo step now'"
    );
}
