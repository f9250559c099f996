//! Whole games of each game through the real binary, refereed by the rules core, every command
//! along the way.

use guerrilla::game::prelude::*;
use guerrilla::{with_game, GameKind};

use crate::harness::*;

fn whole_game(kind: GameKind, option_lines: &[&str]) {
    let mut p = Proc::spawn();
    p.ask(&format!("setoption name Game value {}", kind.name()));
    for l in option_lines {
        assert!(p.ask(l).is_empty(), "{l}");
    }
    with_game!(kind, G => {
        let settings = <G as Position>::Settings::default();
        let r = refereed_game::<G>(&mut p, &settings, 200, None, 2000);
        assert!(r.plies > 0);
        assert_ne!(r.result, "none", "the game must end by the rules: {r:?}");
    });
}

#[test]
fn whole_game_of_guerrilla_checkers() {
    whole_game(GameKind::Checkers, &["setoption name Seed value 11"]);
}

#[test]
fn whole_game_of_guerrilla() {
    whole_game(GameKind::Wells, &["setoption name Seed value 11"]);
}
