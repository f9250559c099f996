//! One test per clause of GC1–GC5 on hand-made positions, through the public API only
//! (position strings and move tokens).

use guerrilla::checkers::{Checkers, Settings, STARTPOS};
use guerrilla::game::prelude::*;
use guerrilla::{GameError, Outcome, Side};

// ---- helpers -----------------------------------------------------------------------------------

/// Builds a position string from square names (`c5`) and point names (`D4`), independently of the
/// engine's printer, and parses it.
fn pos(checkers: &[&str], stones: &[&str], hand: u32, side: &str, first: bool) -> Checkers {
    let text = pos_string(checkers, stones, hand, side, first);
    Checkers::from_position_string(&text, &Settings).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn grid(n: u8, piece: char, occupied: &[(u8, u8)]) -> String {
    let mut ranks = Vec::new();
    for r in (0..n).rev() {
        let mut s = String::new();
        let mut run = 0;
        for f in 0..n {
            if occupied.contains(&(f, r)) {
                if run > 0 {
                    s += &run.to_string();
                }
                run = 0;
                s.push(piece);
            } else {
                run += 1;
            }
        }
        if run > 0 {
            s += &run.to_string();
        }
        ranks.push(s);
    }
    ranks.join("/")
}

fn coords(name: &str, base: u8) -> (u8, u8) {
    let b = name.as_bytes();
    (b[0] - base, b[1] - b'1')
}

fn pos_string(checkers: &[&str], stones: &[&str], hand: u32, side: &str, first: bool) -> String {
    let c: Vec<_> = checkers.iter().map(|s| coords(s, b'a')).collect();
    let p: Vec<_> = stones.iter().map(|s| coords(s, b'A')).collect();
    format!(
        "{} {} {hand} {side} {}",
        grid(8, 'C', &c),
        grid(9, 'G', &p),
        if first { "first" } else { "-" }
    )
}

fn legal(p: &Checkers) -> Vec<String> {
    let mut v = Vec::new();
    p.legal_turns(&mut v, usize::MAX, None)
        .expect("turns listed");
    let mut s: Vec<String> = v.iter().map(|m| p.format_turn(m)).collect();
    s.sort();
    s
}

/// Plays a token (it must be legal) and returns the new position.
fn play(p: &Checkers, token: &str) -> Checkers {
    let m = p
        .parse_turn(token)
        .unwrap_or_else(|e| panic!("{token} should be legal: {e}"));
    let mut q = *p;
    q.play_turn(&m).unwrap();
    q
}

fn illegal_reason(p: &Checkers, token: &str) -> String {
    match p.parse_turn(token) {
        Err(GameError::Illegal { reason, .. }) => reason,
        other => panic!("{token} should be illegal, got {other:?}"),
    }
}

fn field(p: &Checkers, name: &str) -> String {
    p.describe()
        .into_iter()
        .find(|(n, _)| *n == name)
        .unwrap()
        .1
}

fn bad_position(text: &str) -> String {
    match Checkers::from_position_string(text, &Settings) {
        Err(GameError::BadPosition { reason, .. }) => reason,
        other => panic!("{text:?} should be rejected, got {other:?}"),
    }
}

// ---- GC1 board --------------------------------------------------------------------------------

#[test]
fn gc1_square_corners_are_the_named_points() {
    // Square c5 has corners C5 D5 C6 D6: three stones leave the checker, the fourth takes it.
    let p = pos(&["c5", "h8"], &["C5", "D5", "C6"], 20, "G", false);
    let q = play(&p, "D6D7");
    assert_eq!(
        q.to_position_string(),
        pos_string(&["h8"], &["C5", "D5", "C6", "D6", "D7"], 18, "C", false)
    );
    // D4D5-style stones next to c5 but not its corners leave it alone.
    let q = play(&p, "B5B6");
    assert!(field(&q, "squares").contains('C'));
    assert_eq!(q.checkers_on_board(), 2);
}

#[test]
fn gc1_only_interior_points_hold_stones() {
    let p = pos(&["c5"], &["B2"], 20, "G", false);
    assert!(illegal_reason(&p, "A2B2").contains("edge point"));
    assert!(illegal_reason(&p, "B1B2").contains("edge point"));
    assert!(bad_position("8/8/8/2C5/8/8/8/8 9/9/9/9/9/9/9/9/G8 20 G -")
        .contains("stone on an edge point (A1)"));
    assert!(bad_position("8/8/8/2C5/8/8/8/8 9/9/9/9/9/9/9/9/8G 20 G -").contains("edge point (I1)"));
}

#[test]
fn gc1_checkers_only_on_dark_squares() {
    assert!(
        bad_position("8/8/8/1C6/8/8/8/8 9/9/9/9/9/9/9/9/9 66 G first")
            .contains("checker on a light square (b5)")
    );
    // a1 is dark.
    pos(&["a1"], &[], 66, "G", true);
}

// ---- GC2 start --------------------------------------------------------------------------------

#[test]
fn gc2_start_position() {
    let s = Checkers::new(&Settings);
    assert_eq!(s.to_position_string(), STARTPOS);
    assert_eq!(
        s,
        pos(&["c5", "d4", "e3", "d6", "e5", "f4"], &[], 66, "G", true)
    );
    assert_eq!(s.side_to_move(), Side::P1, "the Guerrilla moves first");
    assert_eq!(field(&s, "hand"), "66");
    assert_eq!(field(&s, "stones"), "0");
    let squares = field(&s, "squares");
    for (i, c) in squares.chars().enumerate() {
        let name = format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1);
        let expect = ["c5", "d4", "e3", "d6", "e5", "f4"].contains(&name.as_str());
        assert_eq!(c == 'C', expect, "{name}");
    }
    assert_eq!(s.outcome(), None);
}

// ---- GC3 Guerrilla turn -----------------------------------------------------------------------

#[test]
fn gc3_first_turn_anywhere_inside() {
    let s = Checkers::new(&Settings);
    // Far from any checker, on the very first turn.
    let q = play(&s, "B2B3");
    assert_eq!(q.stones_in_hand(), 64);
    assert!(!q.is_first_turn());
    // 84 = the orthogonally adjacent pairs of the 7×7 interior points.
    assert_eq!(legal(&s).len(), 84);
}

#[test]
fn gc3_first_stone_next_to_a_stone_on_the_board() {
    let p = pos(&["c5"], &["D4"], 30, "G", false);
    // Neither point touches D4.
    assert!(illegal_reason(&p, "F6F7").contains("next to a stone"));
    // The second stone touches the first, the first touches D4: legal, in either written order.
    assert_eq!(p.format_turn(&p.parse_turn("D6D5").unwrap()), "D5D6");
    assert_eq!(p.parse_turn("D6D5"), p.parse_turn("D5D6"));
    // Only the *second* point of the written order touches D4: the pair is legal all the same
    // (GC3: whichever order makes it legal).
    assert!(p.parse_turn("E6E5").is_err(), "E5 does not touch D4");
    assert!(p.parse_turn("F4E4").is_ok());
    // The two stones must touch each other.
    assert!(illegal_reason(&p, "E4F5").contains("not orthogonally adjacent"));
    assert!(illegal_reason(&p, "D3D3").contains("both stones"));
    assert!(illegal_reason(&p, "D4D5").contains("already holds a stone"));
    // Legal pairs: each unordered pair once. Around a lone D4: the 4 pairs containing a
    // neighbour of D4 on the D4 side are occupied; count by hand: each of the 4 neighbours has 3
    // empty partners besides D4 (12), minus the 4 pairs between two neighbours counted twice
    // (none: neighbours of D4 are never adjacent to each other) = 12.
    assert_eq!(legal(&p).len(), 12);
    // Exactly two stones per turn.
    let q = play(&p, "D5D6");
    assert_eq!(q.stones_on_board(), 3);
    assert_eq!(q.stones_in_hand(), 28);
}

#[test]
fn gc3_edge_capture_with_two_stones() {
    // a3's corners: A3, A4 (edge) and B3, B4.
    let p = pos(&["a3", "e5"], &["C3"], 30, "G", false);
    let q = play(&p, "B3B4");
    assert_eq!(q.checkers_on_board(), 1);
    assert_eq!(
        field(&q, "squares").chars().nth(16),
        Some('.'),
        "a3 is empty"
    );
    assert_eq!(q.outcome(), None);
}

#[test]
fn gc3_corner_capture_with_one_stone() {
    // a1's only interior corner is B2; h8's is H8.
    let p = pos(&["a1", "h8", "e5"], &["C2", "G7"], 30, "G", false);
    let q = play(&p, "B2B3");
    assert_eq!(q.checkers_on_board(), 2);
    let q = play(&p, "H7H8");
    assert_eq!(q.checkers_on_board(), 2);
    assert!(field(&q, "squares").ends_with('.'), "h8 is empty");
}

#[test]
fn gc3_several_checkers_captured_by_one_pair() {
    // The pair D5 D6 closes both c5 (corners C5 D5 C6 D6) and d6 (D6 E6 D7 E7) at once.
    let p = pos(
        &["c5", "d6", "h8"],
        &["C5", "C6", "E6", "D7", "E7"],
        30,
        "G",
        false,
    );
    let q = play(&p, "D5D6");
    assert_eq!(
        q.checkers_on_board(),
        1,
        "c5 and d6 both surrounded after the pair"
    );
}

// ---- GC4 COIN turn ----------------------------------------------------------------------------

#[test]
fn gc4_plain_steps() {
    let p = pos(&["c5", "d4"], &["H8"], 30, "C", false);
    let moves = legal(&p);
    // c5: b6 d6 b4 (d4 holds a checker); d4: c3 e3 e5 (c5 holds a checker).
    assert_eq!(
        moves,
        ["c5-b4", "c5-b6", "c5-d6", "d4-c3", "d4-e3", "d4-e5"]
    );
    assert!(illegal_reason(&p, "c5-d4").contains("holds a checker"));
    assert!(illegal_reason(&p, "c5-e7").contains("not one diagonal step"));
    assert!(illegal_reason(&p, "c5-c6").contains("not one diagonal step"));
    assert!(illegal_reason(&p, "e5-f6").contains("no checker on e5"));
    assert!(illegal_reason(&p, "c5xd6").contains("captures nothing"));
    assert!(illegal_reason(&p, "c5-d6-e7").contains("plain step ends the move"));
    assert!(illegal_reason(&p, "D4D5").contains("COIN's turn"));
}

#[test]
fn gc4_a_stone_is_jumped_and_captured_never_blocks() {
    // D6 is the corner c5 and d6 share.
    let p = pos(&["c5", "h8"], &["D6", "B2"], 30, "C", false);
    assert!(illegal_reason(&p, "c5-d6").contains("a capture is written c5xd6"));
    let q = play(&p, "c5xd6");
    assert_eq!(q.stones_on_board(), 1);
    assert_eq!(
        q.to_position_string(),
        pos_string(&["d6", "h8"], &["B2"], 30, "G", false)
    );
    // Stones on the target square's other corners do not matter (the checkers on e5, c7 and e7
    // keep the chain from going on over them).
    let p = pos(
        &["c5", "e5", "c7", "e7"],
        &["D6", "E6", "D7", "E7"],
        30,
        "C",
        false,
    );
    let q = play(&p, "c5xd6");
    assert_eq!(q.stones_on_board(), 3);
}

#[test]
fn gc4_first_capture_is_optional() {
    let p = pos(&["c5"], &["D6"], 30, "C", false);
    // The capture and the three plain steps are all legal.
    assert_eq!(legal(&p), ["c5-b4", "c5-b6", "c5-d4", "c5xd6"]);
}

#[test]
fn gc4_capture_continues_with_the_same_checker() {
    // After c5xd6 (over D6), d6 can take E7 to e7: the chain must go on.
    let p = pos(&["c5", "h2"], &["D6", "E7", "H3"], 30, "C", false);
    assert!(illegal_reason(&p, "c5xd6").contains("must go on"));
    let q = play(&p, "c5xd6xe7");
    // Another checker that could capture (h2 over H3) does not continue the move: the turn ends
    // when the moving checker has no capture left.
    assert_eq!(q.stones_on_board(), 1);
    assert_eq!(q.side_to_move(), Side::P1);
    assert!(legal(&p).contains(&"h2xg3".to_string()));
    // Nor may the chain go on with a plain step.
    assert!(illegal_reason(&p, "c5xd6xe7-f8").contains("only captures follow"));
}

#[test]
fn gc4_branching_capture_chain_gives_different_moves() {
    // From d6 after c5xd6, two captures: E7 (to e7) and C7 (to c7... corner of d6 towards c7 is
    // D7). Stones D6, E7, D7.
    let p = pos(&["c5", "h2"], &["D6", "E7", "D7"], 30, "C", false);
    let caps: Vec<String> = legal(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(caps, ["c5xd6xc7", "c5xd6xe7"]);
    // Both are separate moves, and neither may stop at d6.
    let a = play(&p, "c5xd6xc7");
    let b = play(&p, "c5xd6xe7");
    assert_ne!(a, b);
    assert!(p.parse_turn("c5xd6").is_err());
}

#[test]
fn gc4_no_maximum_capture_rule() {
    // Branches of different lengths: after c5xd6, e7 via E7 then f8 via F8 (2 more), or c7 via
    // D7 (1 more). The shorter branch is legal.
    let p = pos(&["c5", "h2"], &["D6", "E7", "F8", "D7"], 30, "C", false);
    let caps: Vec<String> = legal(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(caps, ["c5xd6xc7", "c5xd6xe7xf8"]);
}

#[test]
fn gc4_chain_may_cross_its_own_start_square() {
    // c5's corners C6 and D6 and, beyond, C7 and D7: a loop c5 → d6 → c7 → b6 → c5 and its
    // reverse; the start square is empty once the checker has left it.
    let p = pos(&["c5"], &["C6", "D6", "C7", "D7"], 30, "C", false);
    assert_eq!(
        legal(&p),
        ["c5-b4", "c5-d4", "c5xb6xc7xd6xc5", "c5xd6xc7xb6xc5"]
    );
    let q = play(&p, "c5xd6xc7xb6xc5");
    assert_eq!(q.stones_on_board(), 0);
    assert_eq!(q.outcome(), Some(Outcome::Win(Side::P2)));
}

#[test]
fn gc4_chain_never_lands_on_a_checker() {
    // The chain c5xd6 could go on to e7 over E7, but e7 holds a checker.
    let p = pos(&["c5", "e7"], &["D6", "E7"], 30, "C", false);
    assert!(legal(&p).contains(&"c5xd6".to_string()));
    assert!(p.parse_turn("c5xd6xe7").is_err());
}

// ---- GC5 end ----------------------------------------------------------------------------------

#[test]
fn gc5_guerrilla_wins_by_taking_the_last_checker() {
    let p = pos(&["a1"], &["C2"], 30, "G", false);
    let q = play(&p, "B2C2".replace("C2", "B3").as_str());
    assert_eq!(q.outcome(), Some(Outcome::Win(Side::P1)));
    assert!(legal(&q).is_empty());
    assert!(illegal_reason(&q, "a1-b2").contains("game is over"));
}

#[test]
fn gc5_coin_wins_by_taking_the_last_stone() {
    let p = pos(&["c5"], &["D6"], 30, "C", false);
    let q = play(&p, "c5xd6");
    assert_eq!(q.outcome(), Some(Outcome::Win(Side::P2)));
    // The plain step leaves the stone: the game goes on.
    assert_eq!(play(&p, "c5-b4").outcome(), None);
}

#[test]
fn gc5_guerrilla_with_fewer_than_two_stones_loses() {
    for hand in [0, 1] {
        let p = pos(&["c5"], &["D4"], hand, "G", false);
        assert_eq!(p.outcome(), Some(Outcome::Win(Side::P2)), "hand {hand}");
        assert!(legal(&p).is_empty());
    }
    let p = pos(&["c5"], &["D4"], 2, "G", false);
    assert_eq!(p.outcome(), None);
    // Its last two stones: afterwards COIN moves, and the Guerrilla, with none, has lost unless
    // the pair ended the game.
    let q = play(&p, "D5E5");
    assert_eq!(q.outcome(), None);
    let r = play(&q, "c5-b6");
    assert_eq!(r.outcome(), Some(Outcome::Win(Side::P2)));
}

#[test]
fn gc5_guerrilla_with_no_legal_pair_loses() {
    // Every interior point but B2 holds a stone: no two adjacent empty points.
    let mut stones = Vec::new();
    for f in b'B'..=b'H' {
        for r in b'2'..=b'8' {
            let name = format!("{}{}", f as char, r as char);
            if name != "B2" {
                stones.push(name);
            }
        }
    }
    let refs: Vec<&str> = stones.iter().map(|s| s.as_str()).collect();
    let p = pos(&["a1"], &refs, 10, "G", false);
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::P2)));
}

#[test]
fn gc5_coin_without_checkers_loses_and_no_passing() {
    let p = pos(&[], &["D4", "D5"], 30, "C", false);
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::P1)));
    let s = Checkers::new(&Settings);
    for t in ["pass", "", "0000", "none"] {
        assert!(
            matches!(s.parse_turn(t), Err(GameError::Syntax { .. })),
            "{t}"
        );
    }
}

// ---- position strings -------------------------------------------------------------------------

#[test]
fn position_string_rejections_give_reasons() {
    let cases = [
        (
            "",
            "expected 5 fields (squares, points, hand, side, first) but got 0",
        ),
        ("8/8/8/8/8/8/8/8 9/9/9/9/9/9/9/9/9 66 G", "but got 4"),
        (
            "8/8/8/8/8/8/8 9/9/9/9/9/9/9/9/9 66 G first",
            "expected 8 ranks in the squares field but got 7",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/9 9/9/9/9/9/9/9/9/9 66 G first",
            "expected C or a run length 1..8 but got '9' in rank 1 of the squares field",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/44 9/9/9/9/9/9/9/9/9 66 G first",
            "expected C after a run of empty cells but got '4' in rank 1",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/7 9/9/9/9/9/9/9/9/9 66 G first",
            "expected 8 cells in rank 1 of the squares field but got 7",
        ),
        (
            "8/8/3X4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first",
            "expected C or a run length 1..8 but got 'X' in rank 6",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 67 G first",
            "expected stones in hand from 0 to 66 but got '67'",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/4G4/9/9/9/9 66 G -",
            "67 stones",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 x G first",
            "expected stones in hand from 0 to 66 but got 'x'",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 066 G first",
            "but got '066'",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 -1 G first",
            "but got '-1'",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 X first",
            "expected side to move G or C but got 'X'",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G yes",
            "expected the first-turn mark first or - but got 'yes'",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 C first",
            "first turn is the Guerrilla's",
        ),
        (
            "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/4G4/9/9/9/9 64 G first",
            "before the first turn",
        ),
        (
            "1C1C1C1C/C1C1C3/8/8/8/8/8/8 9/9/9/9/9/9/9/9/9 66 G first",
            "7 checkers",
        ),
        (
            "8/8/8/8/8/8/8/C7 9/9/9/9/9/9/9/1G7/9 60 G -",
            "a1 is surrounded",
        ),
        ("8/8/8/8/8/8/8/8 9/9/9/9/4G4/9/9/9/9 60 G -", "no checker"),
        (
            "8/8/8/8/8/8/8/C7 9/9/9/9/9/9/9/9/9 60 C -",
            "no stone on the board",
        ),
    ];
    for (text, want) in cases {
        let reason = bad_position(text);
        assert!(reason.contains(want), "{text:?}: {reason:?} lacks {want:?}");
    }
}

#[test]
fn position_string_round_trip_and_hand_made() {
    for text in [
        STARTPOS,
        "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/4GG3/9/9/9/9 64 C -",
        "7C/8/8/8/8/8/8/C7 9/9/9/9/9/9/9/9/9 0 G -",
    ] {
        let p = Checkers::from_position_string(text, &Settings).unwrap();
        assert_eq!(p.to_position_string(), text);
    }
    // The documented example after the first pair (doc/checkers.md).
    let q = play(&Checkers::new(&Settings), "F5E5");
    assert_eq!(
        q.to_position_string(),
        "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/4GG3/9/9/9/9 64 C -"
    );
    // Surrounding whitespace and repeated spaces are tolerated; the printed form is canonical.
    let p =
        Checkers::from_position_string(&format!("  {}  ", STARTPOS.replace(' ', "   ")), &Settings)
            .unwrap();
    assert_eq!(p.to_position_string(), STARTPOS);
}

#[test]
fn describe_and_render() {
    let p = pos(&["c5", "h8"], &["D6", "B2"], 30, "C", false);
    let d = p.describe();
    let names: Vec<&str> = d.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        [
            "side",
            "first",
            "hand",
            "stones",
            "checkers",
            "squares",
            "points",
            "pending",
            "capturing"
        ]
    );
    assert_eq!(field(&p, "side"), "coin");
    assert_eq!(field(&p, "pending"), "-");
    assert_eq!(field(&p, "capturing"), "-");
    let points = field(&p, "points");
    assert_eq!(points.len(), 81);
    // B2 = index 1*9+1, D6 = 5*9+3; A1 edge '+'.
    assert_eq!(&points[10..11], "G");
    assert_eq!(&points[48..49], "G");
    assert_eq!(&points[0..1], "+");
    assert_eq!(points.matches('G').count(), 2);
    assert_eq!(points.matches('.').count(), 47);
    let squares = field(&p, "squares");
    assert_eq!(squares.len(), 64);
    assert_eq!(squares.matches('C').count(), 2);
    assert_eq!(squares.matches('-').count(), 32);
    for (_, v) in &d {
        assert!(!v.contains(char::is_whitespace));
    }
    let r = p.render();
    let board: String = r.lines().skip(1).take(17).collect::<Vec<_>>().join("\n");
    assert_eq!(board.matches('C').count(), 2, "{r}");
    assert_eq!(board.matches('G').count(), 2, "{r}");
    assert_eq!(board.matches(" . ").count(), 30, "{r}");
    assert!(r.contains("COIN to move"));
}

/// `describe` shows a half-built turn: the Guerrilla's first stone (`pending`, GC3) and the
/// checker that must capture again (`capturing`, GC4); `-` at a turn start.
#[test]
fn describe_shows_the_half_built_turn() {
    let field = |p: &Checkers, name: &str| -> String {
        p.describe()
            .into_iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v)
            .unwrap_or_else(|| panic!("no field {name}"))
    };
    // COIN: c5 captures D6 to d6 and must go on (E7 and D7 stand beyond).
    let mut p = pos(&["c5", "h2"], &["D6", "E7", "D7"], 30, "C", false);
    assert_eq!(field(&p, "capturing"), "-");
    let hop = p.parse_step("c5xd6").expect("a capture step");
    p.apply(hop, None);
    assert!(!p.at_turn_start());
    assert_eq!(field(&p, "capturing"), "d6");
    assert_eq!(field(&p, "pending"), "-");
    let hop = p.parse_step("d6xe7").expect("the chain goes on");
    p.apply(hop, None);
    assert!(p.at_turn_start());
    assert_eq!(field(&p, "capturing"), "-");
    // The Guerrilla: the first stone is pending until the second is placed next to it.
    let mut g = pos(&["c5", "h2"], &["D6"], 30, "G", false);
    let first = g.parse_step("E6").expect("a first stone next to D6");
    g.apply(first, None);
    assert_eq!(field(&g, "pending"), "E6");
    assert_eq!(field(&g, "capturing"), "-");
    let second = g.parse_step("F6").expect("a second stone next to E6");
    g.apply(second, None);
    assert_eq!(field(&g, "pending"), "-");
}
