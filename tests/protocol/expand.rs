//! `expand` and `play` (protocol.md § 4.2) through the real binary: `expand` answers what `play`
//! would, and changes nothing.

use crate::answers;
use crate::harness::*;
use crate::step::{check_report, point_names};

/// Along random games of both games, every turn is expanded first, then played: the two answers
/// agree word for word (but the first), the state does not move under `expand`, and both
/// answers are true to the boards.
#[test]
fn expand_answers_what_play_will_and_changes_nothing() {
    for game in real_games() {
        let mut p = Proc::spawn();
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("setoption name BoardSide value 4");
        let names = point_names(&mut p);
        let mut rng = 5u64;
        let mut removals = 0;
        for _game in 0..3 {
            p.ask("uginewgame");
            for _ply in 0..200 {
                let before = p.ask1("describe");
                if field(&before, "result") != "none" {
                    break;
                }
                let turns = p.ask1("legal turns");
                let turns: Vec<&str> = turns.split(' ').skip(3).collect();
                let t = turns[pick(&mut rng, turns.len())];
                let history = p.ask("history");
                let expanded = p.ask1(&format!("expand {t}"));
                assert_eq!(p.ask1("describe"), before);
                assert_eq!(p.ask("history"), history);
                let played = p.ask1(&format!("play {t}"));
                assert_eq!(
                    expanded.strip_prefix("expanded "),
                    played.strip_prefix("played ")
                );
                let a = answers::played("played", &played);
                assert_eq!(a, answers::played("expanded", &expanded));
                let after = p.ask1("describe");
                check_report(&before, &a, &after, &names);
                removals += a.removed.iter().flatten().count();
            }
        }
        assert!(removals > 0, "{game}: some turns removed something");
    }
}

/// `expand` refuses what `play` refuses, with one error line, and changes nothing.
#[test]
fn expand_errors_change_nothing() {
    let mut p = Proc::spawn();
    let before = p.ask1("describe");
    // The rules' reason, the same as `play` gives.
    let refused = p.ask1("play c5-b4");
    assert!(refused.starts_with("info string error: expected a legal move"));
    assert_eq!(
        p.ask1("expand c5-b4"),
        refused.replace("'play c5-b4'", "'expand c5-b4'")
    );
    assert_eq!(
        p.ask1("expand"),
        "info string error: expected a move but got 'end of line' in 'expand'"
    );
    assert_eq!(
        p.ask1("expand D4D5 E5E6"),
        "info string error: expected end of line but got 'E5E6' in 'expand D4D5 E5E6'"
    );
    assert_eq!(p.ask1("step D4"), "stepped D4");
    assert_eq!(
        p.ask1("expand E4E5"),
        "info string error: expected a legal move but got 'E4E5' (the steps taken so far in \
         this turn do not begin it) in 'expand E4E5'"
    );
    assert_eq!(p.ask1("undo"), "undone step D4");
    assert_eq!(p.ask1("describe"), before);
    // A game lost by an illegal move, then one over by the rules.
    p.ask("position startpos moves D4D5 zz");
    assert_eq!(
        p.ask1("expand d4xc3"),
        "info string error: expected a legal move but got 'd4xc3' (the game is over (lost by \
         an illegal move)) in 'expand d4xc3'"
    );
    p.ask("position fen 8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C - moves c3xd4xe5");
    assert_eq!(
        p.ask1("expand a7-b8"),
        "info string error: expected a legal move but got 'a7-b8' (the game is over) in \
         'expand a7-b8'"
    );
}

/// `expand` is answered beside a running search, which goes on.
#[test]
fn expand_runs_beside_a_search() {
    let mut p = Proc::spawn();
    p.send("go infinite");
    assert_eq!(p.ask1("expand D4D5"), "expanded D4D5 steps D4 D5");
    p.send("stop");
    let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().starts_with("bestmove "));
}

/// In the middle of a turn, `play` and `expand` take a whole turn that begins with the steps
/// already taken, in whatever order the rules allowed them, and report only the rest.
#[test]
fn a_turn_begun_is_played_to_its_end() {
    let mut p = Proc::spawn();
    // A pair begun from its higher point, though both touch a stone: the token writes the
    // lower first, and a turn entered whole is begun from it.
    p.ask("position startpos moves D4D5 c5-b4");
    assert_eq!(p.ask1("step E5"), "stepped E5");
    assert_eq!(
        p.ask1("expand E4E5"),
        "expanded E4E5 steps E4 removed d4:surrounded"
    );
    assert_eq!(
        p.ask1("play E4E5"),
        "played E4E5 steps E4 removed d4:surrounded"
    );
    assert_eq!(p.ask("history")[1], "history 3 D4D5 c5-b4 E4E5");
    // Guerrilla: two groups' growths made in the other order than the token's (growths sorted
    // by point). Turns at random until the side to move can grow a group so that another
    // group's growth is still open.
    p.ask("setoption name Game value guerrilla");
    p.ask("setoption name BoardSide value 5");
    let mut rng = 1u64;
    let first = 'found: loop {
        let steps = p.ask1("legal steps");
        let mut grows: Vec<&str> = steps.split(' ').filter(|s| s.starts_with('+')).collect();
        // The highest point first: the token writes a lower one before it.
        grows.reverse();
        for g in grows {
            let a = answers::stepped(&p.ask1(&format!("step {g}")));
            if a.turn.is_none() && p.ask1("legal steps").contains(" +") {
                break 'found g.to_string();
            }
            p.ask1("undo");
        }
        let turns = p.ask1("legal turns");
        let turns: Vec<&str> = turns.split(' ').skip(3).collect();
        assert!(
            !turns.is_empty(),
            "the game goes on until two groups can grow"
        );
        p.ask1(&format!("play {}", turns[pick(&mut rng, turns.len())]));
    };
    let begun = p.ask("history")[2].clone();
    // Finish the turn at random, then take it back to the first growth and let `play` finish
    // it: the same turn, the steps after the first growth only.
    let token = loop {
        let steps = p.ask1("legal steps");
        let steps: Vec<&str> = steps.split(' ').skip(2).collect();
        let s = steps[pick(&mut rng, steps.len())].to_string();
        if let Some(token) = answers::stepped(&p.ask1(&format!("step {s}"))).turn {
            break token;
        }
    };
    assert!(
        !token.starts_with(&first),
        "{first} is not first in {token}"
    );
    let mut undone = 0;
    while p.ask("history")[2] != begun {
        assert!(p.ask1("undo step").starts_with("undone step "));
        undone += 1;
        assert!(undone < 200);
    }
    let played = answers::played("played", &p.ask1(&format!("play {token}")));
    assert_eq!(played.turn.as_deref(), Some(token.as_str()));
    assert!(!played.steps.contains(&first), "{played:?}");
    assert!(p.ask("history")[1].ends_with(&format!(" {token}")));
}
