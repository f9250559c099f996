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
    assert_eq!(after.legal_turns(&mut answers, usize::MAX, None), Ok(true));
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
    assert_eq!(pos.legal_turns(&mut turns, usize::MAX, None), Ok(true));
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

/// The worst result for the side to move of `turn` from `pos` over the opponent's answers that
/// kill none of its pieces (W4 kills; `pos` is one turn before the limit).
fn value_without_kills(pos: &Wells, turn: &Turn) -> i32 {
    let me = pos.side_to_move();
    let mine = if me == Side::P1 { 'W' } else { 'B' };
    let mut after = pos.clone();
    after.play_turn(turn).unwrap();
    let mut answers = Vec::new();
    assert_eq!(after.legal_turns(&mut answers, usize::MAX, None), Ok(true));
    answers
        .iter()
        .filter_map(|a| {
            let mut end = after.clone();
            end.play_turn(a).unwrap();
            (pieces(&end, mine) == pieces(&after, mine))
                .then(|| result_for(end.outcome().expect("the turn limit"), me))
        })
        .min()
        .unwrap()
}

/// Turn 16 of 17, Black to move, and White plays the last turn. After a Black pass, White's
/// answers that win all kill Black pieces (two at most); without a kill White would only
/// draw. Of Black's 22 turns, 7 win whatever White answers, and the pass loses: a threatened
/// group to save.
fn threatened_group() -> Wells {
    side5(
        17,
        "5 W.W.B/W.W..B/..W.W.B/WW...W.B/B..BB.W../BB...W.B/B.WW..B/....B./BBB.B b 16 0",
    )
}

#[test]
fn a_threatened_group_is_saved() {
    let pos = threatened_group();
    let values = exact_values(&pos);
    let winning = values.iter().filter(|v| v.1 == 1).count();
    assert_eq!((winning, values.len()), (7, 22), "{values:?}");
    let pass = pos.parse_turn("pass").unwrap();
    assert_eq!(exact_value(&pos, &pass), -1);
    assert_eq!(
        value_without_kills(&pos, &pass),
        0,
        "the pass loses by the kills"
    );
    plays_best(&pos, 2000);
}

/// Turn 20 of 21, Black to move, three points behind (White 24, Black 21). Black's turns that
/// only start the new group (`*e9`, the one new-group point) lose: White's pass ends the game
/// ahead, and White may also kill two pieces. 5 of Black's 31 turns win, each moving the group
/// `e6 e7 f7 f8` so that `f7` lands on `d5`, next to the White group of `d3 d4`.
fn behind_and_threatened() -> Wells {
    side5(
        21,
        "5 .WW.W/.W..../W..WBB./W..W...B/....XBBBB/WWXB..../W.BBXWW/X.B.../..B.B b 20 0",
    )
}

#[test]
fn the_turns_that_catch_up_are_found() {
    let pos = behind_and_threatened();
    let values = exact_values(&pos);
    let winning = values.iter().filter(|v| v.1 == 1).count();
    assert_eq!((winning, values.len()), (5, 31), "{values:?}");
    for token in ["pass", "*e9"] {
        assert_eq!(
            exact_value(&pos, &pos.parse_turn(token).unwrap()),
            -1,
            "{token}"
        );
    }
    plays_best(&pos, 2000);
}

/// Every position above, by name.
fn tactics() -> Vec<(&'static str, Wells)> {
    vec![
        ("kill that wins", kill_that_wins()),
        ("kills that draw", kills_that_draw()),
        ("pass that loses", pass_that_loses()),
        ("pass that wins", pass_that_wins()),
        ("threatened group", threatened_group()),
        ("behind and threatened", behind_and_threatened()),
    ]
}

/// Reads the engine's lines up to the one that starts with `prefix` and returns it.
fn read_until(lines: &mut impl Iterator<Item = std::io::Result<String>>, prefix: &str) -> String {
    for line in lines {
        let line = line.expect("the engine's output");
        if line.starts_with(prefix) {
            return line;
        }
    }
    panic!("the engine ended before '{prefix}'");
}

/// How many of the positions above an engine binary misses, driven through the protocol: the
/// binary at `WELLS_TACTICS_ENGINE`, `go nodes` `WELLS_TACTICS_NODES` (2000) for the seeds 0 to
/// `WELLS_TACTICS_SEEDS` − 1 (4), each answer valued exactly as the tests above value it. Prints
/// each miss and the count, of positions × seeds. Run with
/// `WELLS_TACTICS_ENGINE=<binary> cargo test --release --test search -- --ignored --nocapture
/// engine_misses`.
#[test]
#[ignore = "needs an engine binary in WELLS_TACTICS_ENGINE"]
fn engine_misses() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let engine = std::env::var("WELLS_TACTICS_ENGINE").expect("WELLS_TACTICS_ENGINE");
    let var = |name: &str, default: u64| {
        std::env::var(name).map_or(default, |v| v.parse().expect("a number"))
    };
    let nodes = var("WELLS_TACTICS_NODES", 2000);
    let seeds = var("WELLS_TACTICS_SEEDS", 4);
    let mut child = Command::new(&engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut input = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    writeln!(input, "ugi").unwrap();
    read_until(&mut lines, "ugiok");
    writeln!(input, "setoption name Game value guerrilla").unwrap();
    let (mut misses, mut tries) = (0, 0);
    for (name, pos) in tactics() {
        let top = exact_values(&pos).iter().map(|v| v.1).max().unwrap();
        let settings = pos.settings();
        let text = pos.to_position_string();
        for seed in 0..seeds {
            writeln!(input, "setoption name BoardSide value {}", settings.side).unwrap();
            writeln!(
                input,
                "setoption name TurnLimit value {}",
                settings.turn_limit
            )
            .unwrap();
            writeln!(input, "setoption name Seed value {seed}").unwrap();
            writeln!(input, "uginewgame").unwrap();
            writeln!(input, "position fen {text}").unwrap();
            writeln!(input, "go nodes {nodes}").unwrap();
            let line = read_until(&mut lines, "bestmove");
            let token = line.split_whitespace().nth(1).expect("a turn");
            let value = exact_value(&pos, &pos.parse_turn(token).unwrap());
            tries += 1;
            if value < top {
                misses += 1;
                println!("miss: {name}, seed {seed}: {token} (value {value}, best {top})");
            }
        }
    }
    writeln!(input, "quit").unwrap();
    child.wait().unwrap();
    println!("{engine}: {misses} misses of {tries} (positions × seeds) at {nodes} nodes");
}
