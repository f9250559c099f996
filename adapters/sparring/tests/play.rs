//! The sparring player's decisions, checked with the rules library: legal turns through whole
//! games, a kill taken, a threatened piece saved, and the same turn for the same seed.

use guerrilla::game::prelude::*;
use guerrilla::wells::{Phase, Step, Wells, BLACK, WHITE};
use guerrilla_sparring::eval::EvalKind;
use guerrilla_sparring::player::{choose, Choice, Limits};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn limits(samples: u64) -> Limits {
    Limits {
        samples,
        deadline: None,
    }
}

/// A position string of side `side` with White on `white`, Black on `black`, White to move at
/// turn `turn` (odd).
fn board(side: u8, white: &[&str], black: &[&str], turn: u32) -> String {
    let geo = Wells::new(&guerrilla::wells::Settings::new(side, 400).unwrap()).geo();
    let find = |name: &str| {
        let (l, n) = name.split_at(1);
        geo.from_name(l.chars().next().unwrap(), n.parse().unwrap())
            .unwrap_or_else(|| panic!("{name} is on the board"))
    };
    let mut cells = vec!['.'; geo.len];
    white.iter().for_each(|&p| cells[find(p)] = 'W');
    black.iter().for_each(|&p| cells[find(p)] = 'B');
    let mut rows: Vec<String> = vec![String::new(); 2 * side as usize - 1];
    for (p, &(_, r)) in geo.coord.iter().enumerate() {
        rows[r as usize].push(cells[p]);
    }
    let mover = if turn % 2 == 1 { 'w' } else { 'b' };
    format!("{side} {} {mover} {turn} 0", rows.join("/"))
}

fn parse(s: &str) -> Wells {
    Wells::from_position_string(s, &Default::default()).expect("valid position")
}

fn count(w: &Wells, cell: u8) -> usize {
    (0..w.geo().len).filter(|&p| w.cell(p) == cell).count()
}

/// Plays `c` on a copy of `pos`, checking that its token reads back as the same legal turn.
fn after(pos: &Wells, c: &Choice) -> Wells {
    let reread = pos.parse_turn(&c.text).expect("the token is a legal turn");
    assert_eq!(pos.format_turn(&reread), c.text);
    let mut p = pos.clone();
    p.play_turn(&c.turn).expect("legal turn");
    p
}

#[test]
fn plays_legal_turns_through_whole_games_on_side_5() {
    for (seed, eval) in [(1, EvalKind::Threat), (2, EvalKind::Plain)] {
        let settings = guerrilla::wells::Settings::new(5, 400).unwrap();
        let mut pos = Wells::new(&settings);
        let mut turns = 0;
        while pos.outcome().is_none() {
            let c = choose(&pos, seed, eval, limits(100)).expect("a turn in a game in progress");
            pos = after(&pos, &c);
            turns += 1;
            assert!(turns <= 400, "the turn limit ends the game");
        }
        assert!(turns >= 10, "a real game, not two passes: {turns} turns");
        assert!(choose(&pos, seed, eval, limits(100)).is_none());
    }
}

/// White c3 d3 (strength 1 each) and Black e4 f4 (strength 1 each): a growth on c2 or d2
/// makes d3 stronger than e4, which then dies at the end of White's turn (W4).
const KILL: (&[&str], &[&str]) = (&["c3", "d3"], &["e4", "f4"]);

#[test]
fn takes_a_kill_that_wins_material() {
    let pos = parse(&board(5, KILL.0, KILL.1, 5));
    // Not every turn kills: the pass does not.
    let mut passed = pos.clone();
    passed.play_turn(&pos.parse_turn("pass").unwrap()).unwrap();
    assert_eq!(count(&passed, BLACK), 2);
    for eval in [EvalKind::Threat, EvalKind::Plain] {
        for seed in 0..8 {
            let c = choose(&pos, seed, eval, limits(300)).unwrap();
            let p = after(&pos, &c);
            assert_eq!(count(&p, WHITE), 4, "{eval:?} seed {seed}: {}", c.text);
            assert!(
                count(&p, BLACK) < 2,
                "{eval:?} seed {seed}: {} kills nothing",
                c.text
            );
        }
    }
}

/// Black's replies without movement (growth and new group as drawn, no group moving, kills
/// chosen at random): the kills a growth can set up.
fn replies_without_movement(pos: &Wells, draws: u32) -> Vec<Wells> {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut out = Vec::new();
    for i in 0..draws {
        let mut p = pos.clone();
        if i == 0 {
            p.apply(Step::Pass, None);
        }
        while !p.at_turn_start() || p.turn_number() == pos.turn_number() {
            let mut steps = Vec::new();
            p.legal_steps(&mut steps);
            let s = if p.phase() == Phase::Move && steps.contains(&Step::EndMovement) {
                Step::EndMovement
            } else {
                let s = p.random_step(&mut rng).expect("a step");
                if s == Step::Pass && steps.len() > 1 {
                    continue;
                }
                s
            };
            p.apply(s, None);
        }
        out.push(p);
    }
    out
}

#[test]
fn does_not_leave_a_piece_to_be_killed() {
    // White d3 alone (strength 0) next to Black e4 (strength 1, with f4): e4 kills d3 at the
    // end of Black's turn unless White's turn saves it.
    let pos = parse(&board(5, &["d3"], &["e4", "f4"], 5));
    let mut passed = pos.clone();
    passed.play_turn(&pos.parse_turn("pass").unwrap()).unwrap();
    assert!(
        replies_without_movement(&passed, 50)
            .iter()
            .any(|r| count(r, WHITE) < count(&passed, WHITE)),
        "the pass leaves d3 to be killed"
    );
    for seed in 0..8 {
        let c = choose(&pos, seed, EvalKind::Threat, limits(300)).unwrap();
        let p = after(&pos, &c);
        let white = count(&p, WHITE);
        for r in replies_without_movement(&p, 300) {
            assert_eq!(
                count(&r, WHITE),
                white,
                "seed {seed}: after {} Black kills with {}",
                c.text,
                r.to_position_string()
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_turn() {
    let pos = parse(&board(
        6,
        &["c3", "d3", "h8", "h9", "b6"],
        &["e5", "f5", "f6", "i4", "j9"],
        9,
    ));
    let mut texts = Vec::new();
    for seed in 0..6 {
        let a = choose(&pos, seed, EvalKind::Threat, limits(200)).unwrap();
        let b = choose(&pos, seed, EvalKind::Threat, limits(200)).unwrap();
        assert_eq!(a.text, b.text, "seed {seed}");
        assert_eq!(a.drawn, b.drawn);
        texts.push(a.text);
    }
    texts.sort();
    texts.dedup();
    assert!(texts.len() > 1, "the seed changes the draws: {texts:?}");
}

#[test]
fn passes_to_win_and_plays_on_when_behind() {
    // Black has just passed (passes 1): passing again ends the game (W6).
    let ahead = board(5, &["c3", "d3", "a1"], &["h8"], 5).replace(" 5 0", " 5 1");
    let c = choose(&parse(&ahead), 0, EvalKind::Threat, limits(300)).unwrap();
    assert_eq!(c.text, "pass", "White is ahead: the pass wins");
    let behind = board(5, &["a1"], &["g7", "h7", "h8"], 5).replace(" 5 0", " 5 1");
    let c = choose(&parse(&behind), 0, EvalKind::Threat, limits(300)).unwrap();
    assert_ne!(c.text, "pass", "White is behind: the pass loses");
}
