//! Guerrilla tactics at a fixed node budget: positions one turn before the turn limit (W6), so
//! that the value of every turn is exact. Each turn of the side to move is played, then every
//! answer of the opponent (the last turn of the game), and the turn's value is its worst
//! result; the search must play a turn of the best value. The positions were found by a scan
//! of random side-5 games for turns where few turns reach the best value.

use super::*;
use guerrilla::wells::Turn;

/// The result of a finished game for `side`: 1 a win, 0 a draw, -1 a loss.
fn result_for(outcome: Outcome, side: Side) -> i32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(w) if w == side => 1,
        Outcome::Win(_) => -1,
    }
}

/// The exact value of `turn` from `pos` for the side to move: the result when the turn ends the
/// game, else the worst result over the opponent's answers. `pos` is one turn before the limit,
/// so every answer ends the game.
fn exact_value(pos: &Wells, turn: &Turn) -> i32 {
    let me = pos.side_to_move();
    let mut after = pos.clone();
    after.play_turn(turn).unwrap();
    if let Some(o) = after.outcome() {
        return result_for(o, me);
    }
    let mut answers = Vec::new();
    assert!(after.legal_turns(&mut answers, usize::MAX));
    answers
        .iter()
        .map(|a| {
            let mut end = after.clone();
            end.play_turn(a).unwrap();
            result_for(end.outcome().expect("the turn limit"), me)
        })
        .min()
        .unwrap()
}

/// Every distinct turn of `pos` (W7, as its token) with its exact value.
fn exact_values(pos: &Wells) -> Vec<(String, i32)> {
    let mut turns = Vec::new();
    assert!(pos.legal_turns(&mut turns, usize::MAX));
    turns
        .iter()
        .map(|t| (pos.format_turn(t), exact_value(pos, t)))
        .collect()
}

fn side5(limit: u32, text: &str) -> Wells {
    let settings = Settings {
        side: 5,
        turn_limit: limit,
    };
    Wells::from_position_string(text, &settings).unwrap()
}

/// The pieces of `c` (`'W'` or `'B'`) on the board.
fn pieces(pos: &Wells, c: char) -> usize {
    let text = pos.to_position_string();
    text.split(' ').nth(1).unwrap().matches(c).count()
}

/// Checks the turns the search plays on `pos` at `budget` nodes for four seeds: each has the
/// best exact value (a turn written otherwise than the listing writes it may reach the same
/// position, so the played turn is valued itself). Returns the turns played.
fn plays_best(pos: &Wells, budget: u64) -> Vec<String> {
    let top = exact_values(pos).iter().map(|v| v.1).max().unwrap();
    (0..4)
        .map(|seed| {
            let (token, _) = best(pos, budget, &Config::default(), seed);
            let value = exact_value(pos, &pos.parse_turn(&token).unwrap());
            assert_eq!(value, top, "seed {seed}: {token}");
            token
        })
        .collect()
}

/// Turn 19 of 20, White to move, two pieces behind on score. Of White's 15 turns only 2 win,
/// both killing a black piece (a jump brings a white piece of strength 1 or more next to a lone
/// black one, W4): the kill that wins material.
fn kill_that_wins() -> Wells {
    side5(
        20,
        "5 W.W.B/WW..../W.XB.W./..B....B/.W..WXBB./WW.WX.BB/WW..B../..W.BB/B.W.B w 19 0",
    )
}

#[test]
fn a_kill_that_wins_material_and_the_game_is_found() {
    let pos = kill_that_wins();
    let values = exact_values(&pos);
    let winning: Vec<_> = values.iter().filter(|v| v.1 == 1).collect();
    assert_eq!((winning.len(), values.len()), (2, 15), "{values:?}");
    for token in plays_best(&pos, 2000) {
        let mut after = pos.clone();
        after.play_turn(&pos.parse_turn(&token).unwrap()).unwrap();
        assert!(pieces(&after, 'B') < pieces(&pos, 'B'), "a kill: {token}");
    }
}

/// Turn 23 of 24, White to move and behind. Of White's 9 turns none wins and one draws: a
/// group's movement brings two pieces next to two black pieces they outstrength, and both are
/// killed (W4); every other turn loses.
fn kills_that_draw() -> Wells {
    side5(
        24,
        "5 B..WW/B.W..W/B.W.B.W/B....X../B.BWWW.WW/..BX..WW/B..B..W/BB..BX/B.BBB w 23 0",
    )
}

#[test]
fn the_only_kills_that_save_the_game_are_found() {
    let pos = kills_that_draw();
    let values = exact_values(&pos);
    let drawing: Vec<_> = values.iter().filter(|v| v.1 == 0).collect();
    assert_eq!((drawing.len(), values.len()), (1, 9), "{values:?}");
    assert!(values.iter().all(|v| v.1 <= 0));
    for token in plays_best(&pos, 2000) {
        let mut after = pos.clone();
        after.play_turn(&pos.parse_turn(&token).unwrap()).unwrap();
        assert_eq!(
            pieces(&after, 'B') + 2,
            pieces(&pos, 'B'),
            "two kills: {token}"
        );
    }
}

/// Turn 19 of 20, White to move; Black has just passed (passes 1), so White's pass ends the
/// game (W6), and White is behind: the pass loses. Of White's 82 turns, 3 draw and none wins.
fn pass_that_loses() -> Wells {
    side5(
        20,
        "5 ..B.B/WWXB../W...B.B/.B.B.B.B/W.B.B.W.B/..XW..W./WWW.B.W/W...B./..W.B w 19 1",
    )
}

#[test]
fn a_pass_that_would_lose_is_not_played() {
    let pos = pass_that_loses();
    let values = exact_values(&pos);
    assert_eq!(values.iter().find(|v| v.0 == "pass").map(|v| v.1), Some(-1));
    let drawing = values.iter().filter(|v| v.1 == 0).count();
    assert_eq!((drawing, values.len()), (3, 82), "{values:?}");
    assert!(values.iter().all(|v| v.1 <= 0));
    for token in plays_best(&pos, 2000) {
        assert_ne!(token, "pass");
    }
}

/// Turn 23 of 24, White to move, Black has just passed and White leads: White's pass ends the
/// game and wins (W6). Every other of White's 10 turns lets Black answer last, and none of
/// them wins.
fn pass_that_wins() -> Wells {
    side5(
        24,
        "5 B.W.B/WB..BB/W..W..X/W..WW..W/......W../WWWXWW.B/W.XBX.B/BBXBB./B.B.B w 23 1",
    )
}

#[test]
fn a_pass_that_wins_mid_board_is_found() {
    let pos = pass_that_wins();
    let values = exact_values(&pos);
    let winning: Vec<_> = values.iter().filter(|v| v.1 == 1).collect();
    assert_eq!(winning.len(), 1, "{values:?}");
    assert_eq!(winning[0].0, "pass");
    assert_eq!(values.len(), 10);
    for token in plays_best(&pos, 2000) {
        assert_eq!(token, "pass");
    }
}
