//! One test per rulebook paragraph and ruling that states a rule (1.1–9.3, W1–W7), each on a
//! small hand-made position. Points are named letter (column q) + number (row r + 1); the
//! neighbours of (q, r) are (q±1, r), (q, r±1), (q+1, r+1), (q-1, r-1). See doc/wells.md.
//!
//! Past 900 lines on purpose: one file in rulebook order, so that a rule's test is found next
//! to its neighbours' and none is missed; each test is short and stands alone.

use std::collections::BTreeSet;

use guerrilla::game::prelude::*;
use guerrilla::game::{GameError, Outcome, Side};
use guerrilla::wells::lattice::Lattice;
use guerrilla::wells::{Phase, Settings, Step, Wells};

/// A position string on a board of `side`: `white`, `black`, `tokens` are space-separated point
/// names; everything else empty. `turn` odd = White to move.
fn fen(side: u8, white: &str, black: &str, tokens: &str, turn: u32, passes: u8) -> String {
    let geo = Lattice::get(side);
    let mut cells = vec!['.'; geo.len];
    for (list, ch) in [(white, 'W'), (black, 'B'), (tokens, 'X')] {
        for name in list.split_whitespace() {
            let p = point(geo, name);
            assert_eq!(cells[p], '.', "{name} given twice");
            cells[p] = ch;
        }
    }
    let mut rows = String::new();
    for (p, &c) in cells.iter().enumerate() {
        if p > 0 && geo.coord[p].1 != geo.coord[p - 1].1 {
            rows.push('/');
        }
        rows.push(c);
    }
    let mover = if turn % 2 == 1 { 'w' } else { 'b' };
    format!("{side} {rows} {mover} {turn} {passes}")
}

fn point(geo: &Lattice, name: &str) -> usize {
    let letter = name.chars().next().unwrap();
    let number: u32 = name[1..].parse().unwrap();
    geo.from_name(letter, number)
        .unwrap_or_else(|| panic!("no point {name}"))
}

pub(super) fn pos(side: u8, white: &str, black: &str, tokens: &str, turn: u32) -> Wells {
    let text = fen(side, white, black, tokens, turn, 0);
    Wells::from_position_string(&text, &Settings::default()).unwrap()
}

fn steps(p: &Wells) -> BTreeSet<String> {
    let mut v = Vec::new();
    p.legal_steps(&mut v);
    v.into_iter().map(|s| p.format_step(s)).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Applies step tokens one by one (each must be legal).
fn play(p: &mut Wells, tokens: &[&str]) {
    for t in tokens {
        let s = p
            .parse_step(t)
            .unwrap_or_else(|e| panic!("{t}: {e} (steps: {:?})", steps(p)));
        p.apply(s, None);
    }
}

/// Plays a whole turn token.
fn turn(p: &mut Wells, token: &str) {
    let t = p
        .parse_turn(token)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    p.play_turn(&t).unwrap();
}

fn cell(p: &Wells, name: &str) -> char {
    match p.cell(point(p.geo(), name)) {
        1 => 'W',
        2 => 'B',
        3 => 'X',
        _ => '.',
    }
}

/// Every position string at which the current turn can end from here (all step sequences).
fn ends(p: &Wells) -> BTreeSet<String> {
    fn go(p: &mut Wells, turn: u32, out: &mut BTreeSet<String>) {
        let mut v = Vec::new();
        p.legal_steps(&mut v);
        for s in v {
            let u = p.apply(s, None);
            if p.turn_number() != turn {
                out.insert(p.to_position_string());
            } else {
                go(p, turn, out);
            }
            p.undo(s, u);
        }
    }
    let mut out = BTreeSet::new();
    let mut q = p.clone();
    go(&mut q, p.turn_number(), &mut out);
    out
}

fn grow_steps(p: &Wells) -> BTreeSet<String> {
    steps(p)
        .into_iter()
        .filter(|s| s.starts_with('+'))
        .collect()
}

// ---- 1.x groups, growth and movement -----------------------------------------------------

#[test]
fn p1_0_groups_have_one_to_five_pieces() {
    // A group of five does not grow: the turn starts with the new group.
    let p = pos(5, "c5 d5 e5 f5 g5", "", "", 3);
    assert_eq!(p.phase(), Phase::NewGroup);
    // A group of six cannot exist (W2).
    let bad = fen(5, "c5 d5 e5 f5 g5 h5", "", "", 3, 0);
    match Wells::from_position_string(&bad, &Settings::default()) {
        Err(GameError::BadPosition { reason, .. }) => {
            assert!(reason.contains("group of 6"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn p1_1_a_single_piece_cannot_move_and_grows_on_a_neighbour() {
    let p = pos(5, "e5", "", "", 3);
    assert_eq!(
        grow_steps(&p),
        set(&["+d4", "+d5", "+e4", "+e6", "+f5", "+f6"])
    );
    // A lone piece whose growth is blocked has no jump: after the new group the turn ends.
    let mut p = pos(5, "e5", "", "d4 d5 e4 e6 f5 f6", 3);
    assert_eq!(p.phase(), Phase::NewGroup);
    play(&mut p, &["*a1"]);
    assert!(p.at_turn_start());
    assert_eq!(p.side_to_move(), Side::P2);
}

#[test]
fn p1_2_a_pair_grows_on_eight_points_and_makes_up_to_two_jumps() {
    let p = pos(5, "e5 f5", "", "", 3);
    assert_eq!(grow_steps(&p).len(), 8);
    // A single grows into a pair; the pair then makes at most two jumps.
    let mut p = pos(5, "e5", "", "", 3);
    play(&mut p, &["+f5", "*a1"]);
    assert_eq!(steps(&p), set(&["e5-g5", "f5-d5", "endmove"]));
    play(&mut p, &["e5-g5"]);
    assert_eq!(steps(&p), set(&["f5-h5", "g5-e5", "endgroup"]));
    play(&mut p, &["f5-h5"]);
    // Two jumps made: the movement ended by itself, and so did the turn (a1 cannot jump).
    assert!(p.at_turn_start());
    assert_eq!(
        (cell(&p, "g5"), cell(&p, "h5"), cell(&p, "a1")),
        ('W', 'W', 'W')
    );
}

#[test]
fn p1_3_three_pieces_grow_by_shape_and_make_up_to_three_jumps() {
    assert_eq!(grow_steps(&pos(5, "d5 e5 f5", "", "", 3)).len(), 10); // a line
    assert_eq!(grow_steps(&pos(5, "e5 f5 f6", "", "", 3)).len(), 9); // a triangle
                                                                     // A pair grown into a line of three: three jumps, one piece jumping three times
                                                                     // (8.1), then the movement ends by itself; the line split, the single piece goes (8.5).
    let mut p = pos(5, "d5 e5", "", "", 3);
    play(&mut p, &["+f5", "*a1", "e5-g5", "g5-e5", "e5-c5"]);
    assert!(p.at_turn_start());
    let white: Vec<char> = ["c5", "d5", "e5", "f5", "g5"]
        .iter()
        .map(|n| cell(&p, n))
        .collect();
    assert_eq!(white, vec!['W', 'W', '.', '.', '.']);
}

#[test]
fn p1_4_four_pieces_make_up_to_four_jumps() {
    let mut p = pos(5, "d5 e5 f5", "", "", 3);
    play(&mut p, &["+g5", "*a1", "e5-c5", "g5-e5", "d5-b5"]);
    assert_eq!(p.phase(), Phase::Moving);
    let mut v = Vec::new();
    p.legal_steps(&mut v);
    let jump = v
        .iter()
        .find(|s| matches!(s, Step::Jump(..)))
        .copied()
        .unwrap();
    p.apply(jump, None);
    assert!(p.at_turn_start(), "the fourth jump ends the movement");
}

#[test]
fn p1_5_five_is_the_largest_group_and_makes_up_to_five_jumps() {
    let mut p = pos(5, "c5 d5 e5 f5", "", "", 3);
    play(&mut p, &["+g5", "*a1"]);
    // A five: next turn it does not grow.
    let mut jumps = 0;
    while p.phase() == Phase::Move || p.phase() == Phase::Moving {
        let mut v = Vec::new();
        p.legal_steps(&mut v);
        match v.iter().find(|s| matches!(s, Step::Jump(..))) {
            Some(&s) => {
                p.apply(s, None);
                jumps += 1;
            }
            None => break,
        }
    }
    assert!(jumps <= 5);
    let q = pos(5, "c5 d5 e5 f5 g5", "", "", 3);
    assert!(grow_steps(&q).is_empty());
}

// ---- 2.0 strength, 3.x kills ------------------------------------------------------------

#[test]
fn p2_0_strength_is_the_number_of_adjacent_friendly_pieces() {
    let p = pos(5, "d5 e5 f5 e8 f8 f9", "", "", 3);
    let g = p.geo();
    let s = |n: &str| p.strength(point(g, n));
    assert_eq!((s("d5"), s("e5"), s("f5")), (1, 2, 1));
    assert_eq!((s("e8"), s("f8"), s("f9")), (2, 2, 2));
}

#[test]
fn p3_0_kills_are_automatic_and_the_dead_return_to_supply() {
    // White pair (strength 1) beside a black single (strength 0): a pass still kills (W5).
    let mut p = pos(5, "e5 f5", "e6", "", 3);
    assert_eq!(p.supply(Side::P2), 59);
    turn(&mut p, "pass");
    assert_eq!(cell(&p, "e6"), '.');
    assert_eq!(p.supply(Side::P2), 60);
    // The forced kill may be written, and must then match.
    let mut q = pos(5, "e5 f5", "e6", "", 3);
    turn(&mut q, "pass,e5xe6");
    assert!(pos(5, "e5 f5", "e6", "", 3)
        .parse_turn("pass,f5xe6")
        .is_err());
}

#[test]
fn p3_1_a_piece_of_a_small_group_kills_a_piece_of_a_larger_one() {
    // White triangle (strength 2 each) against a black line of four whose end has strength 1.
    let mut p = pos(5, "e5 f5 f6", "e6 e7 e8 e9", "", 3);
    play(&mut p, &["pass"]);
    // 9.1: two white pieces can kill e6; the player picks the killer.
    assert_eq!(steps(&p), set(&["e5xe6", "f6xe6"]));
    play(&mut p, &["f6xe6"]);
    assert_eq!(cell(&p, "e6"), '.');
    assert_eq!(cell(&p, "e7"), 'B');
}

#[test]
fn p3_2_a_massacre_and_a_plain_kill_side_by_side() {
    // c2 d2 c3 d3: a white four beside a black single e3 (4 − 1 ≥ 2: massacre);
    // g7 h7: a white pair beside a black single g8 (2 − 1 < 2: plain kill).
    let mut p = pos(5, "c2 d2 c3 d3 g7 h7", "e3 g8", "", 3);
    play(&mut p, &["pass"]);
    // g7xg8 is forced and taken; e3 has two possible killers.
    assert_eq!(steps(&p), set(&["d2xe3", "d3xe3"]));
    play(&mut p, &["d3xe3"]);
    assert!(p.at_turn_start());
    assert_eq!((cell(&p, "e3"), cell(&p, "g8")), ('X', '.'));
    // The token stays for the rest of the game: nothing grows, jumps or starts there.
    let q = Wells::from_position_string(&fen(5, "e5 f5", "", "g5 d4", 3, 0), &Settings::default())
        .unwrap();
    assert!(!grow_steps(&q).contains("+d4"));
    let mut q2 = q.clone();
    play(&mut q2, &["+e6", "*a1"]);
    assert!(q2.parse_step("e5-g5").is_err());
    let r = pos(5, "e5", "", "a1", 3);
    let mut r2 = r.clone();
    play(&mut r2, &["+f5"]);
    assert!(r2.parse_step("*a1").is_err());
    assert!(r2.parse_step("*a2").is_ok());
}

// ---- 4.x order of play ------------------------------------------------------------------

#[test]
fn p4_0_order_is_growth_then_new_group_then_movement_then_kills() {
    let p = pos(5, "e5", "", "", 3);
    assert_eq!(p.phase(), Phase::Growth);
    assert!(
        p.parse_step("*a1").is_err(),
        "the new group comes after growth"
    );
    assert!(p.parse_turn("*a1,+f5").is_err());
    let mut q = p.clone();
    turn(&mut q, "+f5,*a1");
    // 4.2: no group is obliged to move.
    assert_eq!(q.side_to_move(), Side::P2);
}

#[test]
fn p4_1_the_new_group_is_adjacent_to_no_piece_and_compulsory() {
    let mut p = pos(5, "e5", "a1", "", 3);
    play(&mut p, &["+f5"]);
    let s = steps(&p);
    assert!(!s.contains("endmove"), "the new group is compulsory");
    for near in [
        "b1", "a2", "b2", "d4", "d5", "e4", "e6", "f6", "g5", "g6", "f4",
    ] {
        assert!(
            !s.contains(&format!("*{near}")),
            "*{near} is adjacent to a piece"
        );
    }
    assert!(s.contains("*c1"));
    match pos(5, "e5", "a1", "", 3).parse_turn("+f5") {
        Err(GameError::Illegal { reason, .. }) => assert!(reason.contains("new group"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

// ---- 5.x end and score ------------------------------------------------------------------

#[test]
fn p5_0_a_player_may_pass_and_two_passes_end_the_game() {
    let mut p = Wells::new(&Settings::new(4, 400).unwrap());
    turn(&mut p, "pass");
    assert_eq!(p.passes(), 1);
    assert!(p.outcome().is_none());
    turn(&mut p, "pass");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    let mut v = Vec::new();
    p.legal_steps(&mut v);
    assert!(v.is_empty());
}

#[test]
fn p5_1_the_score_of_a_finished_position_counted_by_hand() {
    // White d4; Black a1 and b3; a token on e4. White: 1 piece + e5, d5, d3 (c3 and c4 touch
    // Black too, e4 is a token) = 4. Black: 2 pieces + b1, b2, a2, b4, a3 = 7.
    let text = fen(4, "d4", "a1 b3", "e4", 11, 2);
    let p = Wells::from_position_string(&text, &Settings::default()).unwrap();
    assert_eq!(p.score(Side::P1), 4);
    assert_eq!(p.score(Side::P2), 7);
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::P2)));
}

// ---- 6.0 first turn ---------------------------------------------------------------------

#[test]
fn p6_0_the_first_piece_stands_within_four_lines_of_the_edge() {
    let p = Wells::new(&Settings::default());
    let s = steps(&p);
    assert_eq!(s.len(), 133);
    assert!(!s.contains("*h8"), "the centre is on line 8");
    assert!(!s.contains("*e5"), "e5 is on line 5");
    assert!(s.contains("*d4") && s.contains("*a1"));
    // Black then places anywhere not adjacent to White, the centre included.
    let mut p = Wells::new(&Settings::new(5, 400).unwrap());
    turn(&mut p, "*a1");
    let s = steps(&p);
    assert_eq!(s.len(), 1 + 61 - 1 - 3);
    assert!(s.contains("*e5") && !s.contains("*b2"));
    turn(&mut p, "*e5");
    // White's second turn grows the first group, then starts a second.
    assert_eq!(p.phase(), Phase::Growth);
    turn(&mut p, "+b1,*a5");
    assert_eq!(p.supply(Side::P1), 57);
}

// ---- 7.x growth -------------------------------------------------------------------------

#[test]
fn p7_0_growth_is_blocked_by_an_enemy_and_by_another_friendly_group() {
    // e5 cannot grow on f5 (next to Black g5) nor on d4 (next to White's other group c3).
    let p = pos(5, "e5 c3", "g5", "", 3);
    let around_e5: BTreeSet<String> = grow_steps(&p)
        .into_iter()
        .filter(|s| ["+d4", "+d5", "+e4", "+e6", "+f5", "+f6"].contains(&s.as_str()))
        .collect();
    assert_eq!(around_e5, set(&["+d5", "+e4", "+e6", "+f6"]));
}

#[test]
fn p7_1_every_group_that_can_grow_must_grow() {
    let p = pos(5, "a1 e5", "", "", 3);
    let mut q = p.clone();
    play(&mut q, &["+f5"]);
    assert_eq!(q.phase(), Phase::Growth, "the other group must grow too");
    assert!(q.parse_step("*i9").is_err());
    assert!(p.parse_turn("+f5,*i9").is_err());
    assert!(p.parse_turn("+b1,*i9").is_err(), "e5 did not grow");
    let mut r = p.clone();
    turn(&mut r, "+f5,+b1,*i9");
}

#[test]
fn p7_2_growth_order_changes_which_groups_can_grow() {
    // a1's only growth point is b2 (b1, a2 are tokens). If d3 grows on c2 first, b2 touches the
    // other group and a1 cannot grow; if a1 grows on b2 first, c2 is closed to d3.
    let p = pos(5, "a1 d3", "", "b1 a2", 3);
    let mut first_d3 = p.clone();
    play(&mut first_d3, &["+c2"]);
    assert_eq!(first_d3.phase(), Phase::NewGroup, "a1 can no longer grow");
    let mut first_a1 = p.clone();
    play(&mut first_a1, &["+b2"]);
    assert_eq!(first_a1.phase(), Phase::Growth);
    let g = grow_steps(&first_a1);
    assert!(!g.contains("+c2") && !g.contains("+c3") && g.contains("+e3"));
}

#[test]
fn p7_3_a_group_split_by_an_attack_becomes_separate_groups() {
    // Black e6 (strength 3) kills e5 in the middle of White's line of five.
    let mut p = pos(5, "c5 d5 e5 f5 g5", "e6 f6 f7 e7", "", 4);
    turn(&mut p, "pass,e6xe5");
    assert_eq!(cell(&p, "e5"), '.');
    // White now has two pairs, which both grow this turn.
    assert_eq!(p.phase(), Phase::Growth);
    play(&mut p, &["+b5"]);
    assert_eq!(
        p.phase(),
        Phase::Growth,
        "the second part is a group that must grow"
    );
}

// ---- 8.x movement -----------------------------------------------------------------------

#[test]
fn p8_0_no_jump_lands_next_to_another_friendly_group() {
    let mut p = pos(5, "e5 f5 h5", "", "", 3);
    play(&mut p, &["+e4", "+i5", "*a1"]);
    assert!(p.parse_step("e5-g5").is_err(), "g5 touches the group h5 i5");
    assert!(p.parse_step("f5-d5").is_ok());
}

#[test]
fn p8_1_one_piece_may_make_several_jumps() {
    let mut p = pos(5, "d5 e5", "", "", 3);
    let start = p.clone();
    play(&mut p, &["+f5", "*a1", "e5-g5", "g5-e5", "e5-c5"]);
    let t = start.parse_turn("+f5,*a1,e5-g5-e5-c5").unwrap();
    let mut q = start.clone();
    q.play_turn(&t).unwrap();
    assert_eq!(q, p);
    assert_eq!(start.format_turn(&t), "+f5,*a1,e5-g5-e5-c5");
}

#[test]
fn p8_2_one_group_finishes_moving_before_the_next_starts() {
    let mut p = pos(5, "e5 f5 a1 b1", "", "", 3);
    play(&mut p, &["+e4", "+a2", "*i9", "e5-g5"]);
    let s = steps(&p);
    assert!(
        s.iter().all(|x| !x.starts_with("a") && !x.starts_with("b")),
        "{s:?}"
    );
    play(&mut p, &["endgroup", "a1-c1"]);
    assert!(
        p.parse_step("g5-e5").is_err(),
        "the first group cannot resume"
    );
}

#[test]
fn p8_3_the_largest_part_stays_and_the_player_chooses_between_equal_parts() {
    // A line of four d5..g5 (grown this turn); e5 jumps to c5: parts c5 d5 and f5 g5.
    let mut p = pos(5, "d5 e5 f5", "", "", 3);
    let start = p.clone();
    play(&mut p, &["+g5", "*a1", "e5-c5", "endgroup"]);
    assert_eq!(p.phase(), Phase::Keep);
    assert_eq!(steps(&p), set(&["=c5", "=f5"]));
    assert_eq!(
        p.parse_step("=g5"),
        Ok(Step::Keep(point(p.geo(), "f5") as u16))
    );
    play(&mut p, &["=g5"]);
    assert!(p.at_turn_start());
    assert_eq!(
        (cell(&p, "c5"), cell(&p, "d5"), cell(&p, "f5")),
        ('.', '.', 'W')
    );
    let t = start.parse_turn("+g5,*a1,e5-c5=f5").unwrap();
    let mut q = start.clone();
    q.play_turn(&t).unwrap();
    assert_eq!(q, p);
    assert!(
        start.parse_turn("+g5,*a1,e5-c5").is_err(),
        "the split choice is missing"
    );
}

#[test]
fn p8_4_a_group_may_break_and_reform_during_its_movement() {
    let mut p = pos(5, "d5 e5", "", "", 3);
    play(&mut p, &["+f5", "*a1", "e5-g5"]);
    assert_eq!(
        p.phase(),
        Phase::Moving,
        "broken into d5 and f5 g5, still moving"
    );
    play(&mut p, &["g5-e5", "endgroup"]);
    assert_eq!(
        (cell(&p, "d5"), cell(&p, "e5"), cell(&p, "f5")),
        ('W', 'W', 'W')
    );
}

/// All ends of one group's movement from the Move phase: the set of White piece sets.
fn movement_ends(p: &Wells) -> Vec<(BTreeSet<usize>, bool)> {
    fn go(p: &mut Wells, out: &mut Vec<(BTreeSet<usize>, bool)>, moved: bool) {
        if p.phase() != Phase::Moving && moved {
            let w: BTreeSet<usize> = (0..p.geo().len).filter(|&i| p.cell(i) == 1).collect();
            out.push((w, true));
            return;
        }
        let mut v = Vec::new();
        p.legal_steps(&mut v);
        for s in v {
            if matches!(s, Step::Jump(..) | Step::EndGroup | Step::Keep(_)) {
                let u = p.apply(s, None);
                go(p, out, true);
                p.undo(s, u);
            }
        }
    }
    let mut out = Vec::new();
    go(&mut p.clone(), &mut out, false);
    out
}

#[test]
fn p8_5_a_line_of_three_must_split_a_line_of_four_can_reform() {
    // Line of three d5 e5 f5 (+ the new group i9): every movement that does not end where it
    // began loses a piece.
    let mut p = pos(5, "d5 e5", "", "", 3);
    play(&mut p, &["+f5", "*i9"]);
    let g = p.geo();
    let start: BTreeSet<usize> = ["d5", "e5", "f5", "i9"]
        .iter()
        .map(|n| point(g, n))
        .collect();
    let ends3 = movement_ends(&p);
    assert!(!ends3.is_empty());
    for (w, _) in &ends3 {
        assert!(
            w == &start || w.len() < 4,
            "a line of three kept three pieces elsewhere"
        );
    }
    // Line of four d5..g5: it can end as four pieces somewhere else (e5-c5, g5-e5).
    let mut p = pos(5, "d5 e5 f5", "", "", 3);
    play(&mut p, &["+g5", "*i9"]);
    let ends4 = movement_ends(&p);
    assert!(ends4
        .iter()
        .any(|(w, _)| w.len() == 5 && !w.contains(&point(g, "g5"))));
}

// ---- 9.x kill choices -------------------------------------------------------------------

#[test]
fn p9_0_fig_26_a_kills_c_and_b_kills_d_or_b_kills_c() {
    // A = e5, B = f5 (White, strength 1); C = f6 next to both, D = g5 next to B only (Black
    // singles, strength 0).
    let mut p = pos(5, "e5 f5", "f6 g5", "", 3);
    play(&mut p, &["pass"]);
    assert_eq!(steps(&p), set(&["e5xf6", "f5xf6", "f5xg5"]));
    let outcomes = ends(&p);
    assert_eq!(outcomes.len(), 2, "{outcomes:?}");
    // A kills C: then B must kill D.
    let mut a = p.clone();
    play(&mut a, &["e5xf6"]);
    assert!(a.at_turn_start());
    assert_eq!((cell(&a, "f6"), cell(&a, "g5")), ('.', '.'));
    // B kills C: D remains and A kills nothing.
    let mut b = p.clone();
    play(&mut b, &["f5xf6"]);
    assert!(b.at_turn_start());
    assert_eq!((cell(&b, "f6"), cell(&b, "g5")), ('.', 'B'));
}

#[test]
fn p9_1_the_player_chooses_which_piece_kills() {
    let mut p = pos(5, "e5 f5 f6", "e6 e7 e8 e9", "", 3);
    play(&mut p, &["pass"]);
    assert_eq!(steps(&p).len(), 2);
}

#[test]
fn p9_2_no_piece_kills_more_than_one_enemy() {
    // e6 (strength 3) could kill d5 or e5 (strength 2): exactly one of them dies.
    let p = pos(5, "c5 d5 e5 f5 g5", "e6 f6 f7 e7", "", 4);
    let mut q = p.clone();
    play(&mut q, &["pass"]);
    assert_eq!(steps(&q), set(&["e6xd5", "e6xe5"]));
    for end in ends(&q) {
        let r = Wells::from_position_string(&end, &Settings::default()).unwrap();
        assert_eq!(r.supply(Side::P1), 60 - 4);
    }
}

#[test]
fn p9_3_a_piece_kills_without_having_moved() {
    let mut p = pos(5, "e5 f5", "e6", "", 3);
    turn(&mut p, "+f4,*a1");
    // e5 (strength 1, not moved) kills e6; the grown group of 3 massacres the single (3.2).
    assert_eq!(cell(&p, "e6"), 'X');
}

// ---- rulings ----------------------------------------------------------------------------

#[test]
fn w1_board_sides_and_point_names() {
    assert_eq!(Lattice::get(8).len, 169);
    assert_eq!(Lattice::get(4).len, 37);
    assert_eq!(Lattice::get(12).len, 397);
    assert_eq!(Lattice::get(12).name(396), "w23");
    assert!(Settings::new(3, 400).is_err());
    assert!(Settings::new(13, 400).is_err());
    assert!(Settings::new(8, 0).is_err());
    assert_eq!(
        Settings::new(12, 10),
        Ok(Settings {
            side: 12,
            turn_limit: 10
        })
    );
    assert_eq!(
        Settings::default(),
        Settings {
            side: 8,
            turn_limit: 400
        }
    );
    // Every point has up to six neighbours; the hexagon's corners have three.
    let g = Lattice::get(8);
    for corner in ["a1", "h1", "o8", "o15", "h15", "a8"] {
        assert_eq!(g.nbm[point(g, corner)].count(), 3, "{corner}");
    }
}

#[test]
fn w2_sixty_pieces_a_side_and_growth_needs_supply() {
    // 60 White pieces in lines of at most five: no growth, no new group.
    let g = Lattice::get(8);
    let mut white = Vec::new();
    for p in 0..g.len {
        let (q, r) = g.coord[p];
        let row_start = (r as i32 - 7).max(0) as u8;
        if r % 2 == 0 && (q - row_start) % 6 != 5 && white.len() < 60 {
            white.push(g.name(p));
        }
    }
    assert_eq!(white.len(), 60);
    let p = pos(8, &white.join(" "), "", "", 3);
    assert_eq!(p.supply(Side::P1), 0);
    assert!(steps(&p)
        .iter()
        .all(|s| !s.starts_with('+') && !s.starts_with('*')));
    // 61 is too many.
    let mut more = white.clone();
    let extra = (0..g.len).map(|p| g.name(p)).find(|n| {
        !white.contains(n) && matches!(Wells::from_position_string(&fen(8, &format!("{} {n}", white.join(" ")), "", "", 3, 0), &Settings::default()),Err(GameError::BadPosition { ref reason, .. }) if reason.contains("more than 60"))
    });
    assert!(extra.is_some());
    more.push(extra.unwrap());
}

#[test]
fn w3_white_opens_on_the_empty_board() {
    let p = Wells::new(&Settings::default());
    assert_eq!(p.side_to_move(), Side::P1);
    assert_eq!(p.turn_number(), 1);
    assert_eq!(p.to_position_string().split(' ').nth(2), Some("w"));
    assert_eq!(
        Wells::new(&Settings::new(4, 400).unwrap()).perft(1, None),
        Ok(38)
    );
    assert_eq!(
        Wells::new(&Settings::new(5, 400).unwrap()).perft(1, None),
        Ok(61)
    );
}

#[test]
fn w4_massacre_sizes_are_taken_before_any_removal() {
    // White triangle e4 e5 f5 (size 3) kills both pieces of the black pair d3 d4 (size 2):
    // 3 − 2 < 2, so both kills are plain, even though d3 is alone once d4 has gone.
    let mut p = pos(5, "e4 e5 f5", "d3 d4", "", 3);
    turn(&mut p, "pass,e4xd3,e5xd4");
    assert_eq!((cell(&p, "d3"), cell(&p, "d4")), ('.', '.'));
    // The other maximal matching: e4 kills d4; e5 idle, d3 survives.
    let mut q = pos(5, "e4 e5 f5", "d3 d4", "", 3);
    turn(&mut q, "pass,e4xd4");
    assert_eq!((cell(&q, "d3"), cell(&q, "d4")), ('B', '.'));
    // A kill choice cannot be left out; a forced one can (e5xd4 forces e4xd3).
    assert!(pos(5, "e4 e5 f5", "d3 d4", "", 3)
        .parse_turn("pass")
        .is_err());
    let mut r = pos(5, "e4 e5 f5", "d3 d4", "", 3);
    turn(&mut r, "pass,e5xd4");
    assert_eq!(r, p);
}

#[test]
fn w5_a_movement_that_ends_where_it_began_is_a_pass() {
    // A five b4..f4 on side 4, every other point a token but a4: c4 jumps to a4 and back.
    let g = Lattice::get(4);
    let white = ["b4", "c4", "d4", "e4", "f4"];
    let tokens: Vec<String> = (0..g.len)
        .map(|p| g.name(p))
        .filter(|n| !white.contains(&n.as_str()) && n != "a4")
        .collect();
    let mut p = pos(4, &white.join(" "), "", &tokens.join(" "), 3);
    turn(&mut p, "c4-a4-c4");
    assert_eq!(p.passes(), 1, "it counts as a pass");
    turn(&mut p, "pass");
    assert!(p.outcome().is_some(), "two passes in a row end the game");
}

#[test]
fn w6_the_turn_limit_ends_the_game_after_its_last_turn() {
    let mut p = Wells::new(&Settings::new(4, 4).unwrap());
    for (i, t) in ["*a1", "*d4", "pass", "+d5,*g7"].iter().enumerate() {
        assert!(p.outcome().is_none(), "turn {}", i + 1);
        turn(&mut p, t);
    }
    assert_eq!(p.turn_number(), 5);
    assert!(p.outcome().is_some());
    // A pass that kills is still a pass.
    let mut q = pos(5, "e5 f5", "e6", "", 3);
    turn(&mut q, "pass");
    assert_eq!(q.passes(), 1);
}

#[test]
fn w7_perft_counts_distinct_positions() {
    assert_eq!(Wells::new(&Settings::default()).perft(1, None), Ok(133));
    // Two singles that grow independently: both orders reach the same position, counted once.
    let p = pos(4, "a1 g7", "", "", 3);
    let distinct = p.perft(1, None).unwrap();
    let all_ends = ends(&p).len() as u64;
    assert_eq!(distinct, all_ends);
    // Count the step sequences: more than the positions.
    fn sequences(p: &mut Wells, turn: u32) -> u64 {
        let mut v = Vec::new();
        p.legal_steps(&mut v);
        let mut n = 0;
        for s in v {
            let u = p.apply(s, None);
            n += if p.turn_number() != turn {
                1
            } else {
                sequences(p, turn)
            };
            p.undo(s, u);
        }
        n
    }
    assert!(sequences(&mut p.clone(), 3) > distinct);
}

// ---- notation and position strings ------------------------------------------------------

#[test]
fn syntax_and_resolution_errors_are_told_apart() {
    let p = pos(5, "e5", "", "", 3);
    assert!(matches!(
        p.parse_turn("+f5,,*a1"),
        Err(GameError::Syntax { .. })
    ));
    assert!(matches!(
        p.parse_turn("+f5 *a1"),
        Err(GameError::Syntax { .. })
    ));
    assert!(matches!(p.parse_step("f5"), Err(GameError::Syntax { .. })));
    assert!(matches!(
        p.parse_step("+z9"),
        Err(GameError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_turn("+f5,*j9"),
        Err(GameError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_turn("pass,pass"),
        Err(GameError::Illegal { .. })
    ));
}

#[test]
fn bad_position_strings_give_reasons() {
    let s = Settings::default();
    for (text, why) in [
        (
            "4 ..../...../....../......./....../...../... w 1 0",
            "points in row 7",
        ),
        ("4 ..../...../....../......./....../..... w 1 0", "rows"),
        (
            "4 ..../...../....../......./....../...../.... b 1 0",
            "White",
        ),
        ("4 ..../...../....../...Q.../....../...../.... w 1 0", "'Q'"),
        ("3 ... w 1 0", "side"),
        (
            "4 ..../...../....../......./....../...../.... w 1 3",
            "passes",
        ),
        (
            "4 ..../...../....../......./....../...../.... w",
            "5 fields",
        ),
    ] {
        match Wells::from_position_string(text, &s) {
            Err(GameError::BadPosition { reason, .. }) => assert!(reason.contains(why), "{reason}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let empty = "4 ..../...../....../......./....../...../.... w 1 0";
    let p = Wells::from_position_string(empty, &s).unwrap();
    assert_eq!(p.to_position_string(), empty);
    assert_eq!(
        p.to_position_string(),
        Wells::new(&Settings::new(4, 400).unwrap()).to_position_string()
    );
}

#[test]
fn describe_names_every_field() {
    let mut p = pos(5, "e5 f5", "f6 g5", "", 3);
    play(&mut p, &["pass", "e5xf6"]);
    let d = pos(5, "e5 f5", "f6 g5", "", 3);
    let names: Vec<&str> = d.describe().iter().map(|(n, _)| *n).collect();
    for f in [
        "board_side",
        "points",
        "supply_white",
        "supply_black",
        "to_move",
        "turn",
        "passes",
        "phase",
        "score_white",
        "score_black",
    ] {
        assert!(names.contains(&f), "{f}");
    }
    let mut q = pos(5, "e5 f5", "f6 g5", "", 3);
    play(&mut q, &["pass"]);
    let dq = q.describe();
    let get = |n: &str| dq.iter().find(|(k, _)| *k == n).unwrap().1.clone();
    assert_eq!(get("phase"), "kill");
    assert_eq!(get("points").len(), 61);
    assert!(dq.iter().all(|(_, v)| !v.contains(char::is_whitespace)));
}

#[test]
fn doc_examples_are_legal_and_canonical() {
    let cases = [
        (pos(5, "", "", "", 1), "*a1"),
        (pos(5, "e5", "", "", 3), "pass"),
        (pos(5, "e5", "", "", 3), "+f5,*a1"),
        (pos(5, "d5 e5", "", "", 3), "+f5,*a1,e5-g5-e5-c5"),
        (pos(5, "d5 e5 f5", "", "", 3), "+g5,*a1,e5-c5=f5"),
        (
            pos(5, "e5 f5 a1 b1", "", "", 3),
            "+a2,+e4,*i9,e5-g5.f5-d3,a1-c1",
        ),
        (
            pos(5, "c2 d2 c3 d3 g7 h7", "e3 g8", "", 3),
            "pass,d3xe3,g7xg8",
        ),
        (pos(5, "e5 f5", "f6 g5", "", 3), "pass,e5xf6,f5xg5"),
        (pos(5, "e5 f5", "f6 g5", "", 3), "pass,f5xf6"),
    ];
    for (p, token) in cases {
        let t = p
            .parse_turn(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(p.format_turn(&t), token);
    }
}

#[test]
fn w7_legal_turns_stops_at_its_cap_only_when_more_turns_exist() {
    let p = Wells::new(&Settings::default());
    let mut all = Vec::new();
    assert_eq!(p.legal_turns(&mut all, 133, None), Ok(true));
    assert_eq!(all.len(), 133);
    let mut fewer = Vec::new();
    assert_eq!(p.legal_turns(&mut fewer, 132, None), Ok(false));
    assert_eq!(fewer.len(), 132);
    let tokens: BTreeSet<String> = all.iter().map(|t| p.format_turn(t)).collect();
    assert_eq!(tokens.len(), 133);
    assert!(tokens.contains("pass") && tokens.contains("*a1"));
}

/// `turn_steps` replays a turn step by step, and `apply` with a report names every decision
/// the game took by itself: the chosen steps plus the reported ones print the turn's token.
#[test]
fn turn_steps_and_reported_forced_steps_rebuild_every_turn() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut p = Wells::new(&Settings {
        side: 5,
        ..Settings::default()
    });
    let mut forced_seen = 0;
    for _ in 0..12 {
        if p.outcome().is_some() {
            break;
        }
        let mut turns = Vec::new();
        p.legal_turns(&mut turns, 200, None).expect("turns listed");
        let t = turns[rng.random_range(0..turns.len())].clone();
        let mut whole = p.clone();
        whole.play_turn(&t).unwrap();
        let mut stepwise = p.clone();
        let chosen = p.turn_steps(&t);
        let token = p.format_turn(&t);
        let elements: BTreeSet<&str> = token.split(',').collect();
        for &s in &chosen {
            let mut forced = Vec::new();
            let before = stepwise.clone();
            stepwise.apply(s, Some(&mut forced));
            forced_seen += forced.len();
            // Every forced placement or kill is an element of the turn's token.
            for f in forced {
                let text = before.format_step(f);
                if text.starts_with(['+', '*']) || text.contains('x') {
                    assert!(elements.contains(text.as_str()), "{text} not in {token}");
                }
            }
        }
        assert_eq!(stepwise, whole);
        assert!(stepwise.at_turn_start());
        assert_eq!(p.format_turn(&p.turn_from_steps(&chosen)), token);
        p = whole;
    }
    assert!(
        forced_seen > 0,
        "no forced decision met: the test shows nothing"
    );
}
