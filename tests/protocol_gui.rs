//! The protocol a GUI needs (protocol.md § 4): `geometry`, `legal steps`/`legal turns`, the
//! `stepped … auto … turn …` answer, `history` and `undo step`, driven through the real binary.

mod protocol_harness;

use std::collections::HashMap;

use protocol_harness::Proc;

/// A parsed `point` or `square` line.
#[derive(Debug)]
struct Item {
    name: String,
    x: f64,
    y: f64,
    role: String,
    rel: Vec<String>,
}

fn parse_num(s: &str) -> f64 {
    // At most three decimals, no trailing zeros, never a sign.
    assert!(!s.starts_with('-') && !s.starts_with('+'), "{s}");
    if let Some((_, dec)) = s.split_once('.') {
        assert!(
            !dec.is_empty() && dec.len() <= 3 && !dec.ends_with('0'),
            "{s}"
        );
    }
    s.parse().unwrap_or_else(|_| panic!("not a number: {s}"))
}

fn list(s: &str) -> Vec<String> {
    if s == "-" {
        Vec::new()
    } else {
        s.split(',').map(str::to_string).collect()
    }
}

/// Asks `geometry` and checks its frame; returns the points and squares.
fn geometry(p: &mut Proc, game: &str) -> (Vec<Item>, Vec<Item>) {
    let lines = p.ask("geometry");
    let head: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(head[..3], ["geometry", "game", game], "{}", lines[0]);
    assert_eq!((head[3], head[5]), ("points", "squares"));
    let np: usize = head[4].parse().unwrap();
    let ns: usize = head[6].parse().unwrap();
    assert_eq!(lines.len(), np + ns + 2);
    assert_eq!(lines.last().unwrap(), "geometry end");
    let mut points = Vec::new();
    let mut squares = Vec::new();
    for l in &lines[1..=np + ns] {
        let f: Vec<&str> = l.split(' ').collect();
        assert_eq!(f.len(), 6, "{l}");
        let (kind, role, rel) = if f[0] == "point" {
            assert!(f[4] == "play" || f[4] == "edge", "{l}");
            ("point", f[4].to_string(), list(f[5]))
        } else {
            assert_eq!(f[0], "square", "{l}");
            assert_eq!(f[4].split(',').count(), 4, "{l}");
            ("square", f[4].to_string(), list(f[5]))
        };
        let item = Item {
            name: f[1].into(),
            x: parse_num(f[2]),
            y: parse_num(f[3]),
            role,
            rel,
        };
        if kind == "point" {
            assert!(squares.is_empty(), "points come first");
            points.push(item);
        } else {
            squares.push(item);
        }
    }
    assert_eq!((points.len(), squares.len()), (np, ns));
    // The smallest x and y are 0; neighbours are symmetric and 1 apart.
    let min = |f: fn(&Item) -> f64| points.iter().map(f).fold(f64::MAX, f64::min);
    assert_eq!(min(|i| i.x), 0.0);
    assert_eq!(min(|i| i.y), 0.0);
    let by_name: HashMap<&str, &Item> = points.iter().map(|i| (i.name.as_str(), i)).collect();
    assert_eq!(by_name.len(), points.len(), "point names are unique");
    for i in &points {
        for n in &i.rel {
            let j = by_name[n.as_str()];
            assert!(j.rel.contains(&i.name), "{} {}", i.name, n);
            let d = ((i.x - j.x).powi(2) + (i.y - j.y).powi(2)).sqrt();
            assert!((d - 1.0).abs() < 0.002, "{} {}: {d}", i.name, n);
        }
    }
    (points, squares)
}

fn field<'a>(describe: &'a str, name: &str) -> &'a str {
    describe
        .split(' ')
        .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} in {describe}"))
}

#[test]
fn checkers_geometry_is_the_grid_and_the_squares() {
    let mut p = Proc::spawn();
    let (points, squares) = geometry(&mut p, "guerrilla-checkers");
    assert_eq!(points.len(), 81);
    assert_eq!(squares.len(), 64);
    // Position-string order: rank 9 first, A to I.
    assert_eq!(points[0].name, "A9");
    assert_eq!(points[80].name, "I1");
    assert_eq!(squares[0].name, "a8");
    assert_eq!(squares[63].name, "h1");
    // GC1: the 32 outer points are drawn, never played; edge points have no neighbours.
    let edge: Vec<&Item> = points.iter().filter(|i| i.role == "edge").collect();
    assert_eq!(edge.len(), 32);
    assert!(edge.iter().all(|i| i.rel.is_empty()));
    // GC3: an interior point has its orthogonal interior neighbours (B2: C2 and B3 only).
    let b2 = points.iter().find(|i| i.name == "B2").unwrap();
    let mut rel = b2.rel.clone();
    rel.sort();
    assert_eq!(rel, ["B3", "C2"]);
    assert_eq!((b2.x, b2.y), (1.0, 7.0));
    // The describe `points` field marks the same points as edge.
    let d = p.ask1("describe");
    let field = field(&d, "points");
    for i in &points {
        let (f, r) = (i.name.as_bytes()[0] - b'A', i.name.as_bytes()[1] - b'1');
        let c = field.as_bytes()[(r as usize) * 9 + f as usize];
        assert_eq!(c == b'+', i.role == "edge", "{}", i.name);
    }
    // A1 is the bottom-left corner of a1; corners are half a diagonal from the centre.
    let a1 = squares.iter().find(|s| s.name == "a1").unwrap();
    assert_eq!((a1.x, a1.y), (0.5, 7.5));
    assert_eq!(a1.role, "A1,B1,B2,A2");
    assert_eq!(a1.rel, ["b2"]);
    let pt: HashMap<&str, &Item> = points.iter().map(|i| (i.name.as_str(), i)).collect();
    for s in &squares {
        for c in s.role.split(',') {
            let q = pt[c];
            assert_eq!(
                ((q.x - s.x).abs(), (q.y - s.y).abs()),
                (0.5, 0.5),
                "{}",
                s.name
            );
        }
        let n = s.rel.len();
        assert!((1..=4).contains(&n), "{}", s.name);
    }
}

#[test]
fn wells_geometry_on_every_side() {
    let mut p = Proc::spawn();
    p.ask("setoption name Game value guerrilla");
    for side in 4..=12usize {
        p.ask(&format!("setoption name BoardSide value {side}"));
        let (points, squares) = geometry(&mut p, "guerrilla");
        assert!(squares.is_empty());
        assert_eq!(points.len(), 3 * side * (side - 1) + 1);
        assert!(points.iter().all(|i| i.role == "play"));
        // Position-string order: number 1 first, letters rising; the same count as describe.
        assert_eq!(points[0].name, "a1");
        let d = p.ask1("describe");
        assert_eq!(field(&d, "points").len(), points.len());
        // Inner points have six neighbours, corners three (W1).
        let six = points.iter().filter(|i| i.rel.len() == 6).count();
        assert_eq!(six, 3 * (side - 1) * (side - 2) + 1);
        assert_eq!(points.iter().filter(|i| i.rel.len() == 3).count(), 6);
    }
    // BoardSide changes the board of the game being played.
    p.ask("setoption name BoardSide value 5");
    assert_eq!(
        p.ask("geometry")[0],
        "geometry game guerrilla points 61 squares 0"
    );
}

#[test]
fn legal_steps_and_turns_are_the_two_lines_of_legal() {
    let mut p = Proc::spawn();
    for game in ["guerrilla-checkers", "guerrilla"] {
        p.ask(&format!("setoption name Game value {game}"));
        let both = p.ask("legal");
        assert_eq!(both.len(), 2);
        assert_eq!(p.ask("legal steps"), [both[0].clone()]);
        assert_eq!(p.ask("legal turns"), [both[1].clone()]);
    }
    for bad in ["legal x", "legal steps turns", "legal stepsx"] {
        let got = p.ask1(bad);
        assert!(
            got.starts_with("info string error: expected "),
            "{bad}: {got}"
        );
    }
    assert_eq!(
        p.ask1("legal x"),
        "info string error: expected steps, turns or end of line but got 'x' in 'legal x'"
    );
}

/// A small deterministic choice among `n`.
fn pick(state: &mut u64, n: usize) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    ((*state >> 33) % n as u64) as usize
}

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

/// `history` starts where the game was set up: a position string, canonical.
#[test]
fn history_start_is_the_position_set_up() {
    let mut p = Proc::spawn();
    let h = p.ask("history");
    assert_eq!(
        h,
        [
            "start 8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first",
            "history 0",
            "building 0"
        ]
    );
    let fen = "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first";
    p.ask(&format!("position fen {fen} moves D4D5"));
    assert_eq!(
        p.ask("history")[..2],
        [format!("start {fen}"), "history 1 D4D5".into()]
    );
    // An illegal move ends the game; the history keeps the turns before it.
    p.ask("position startpos moves D4D5 a1-b2");
    assert_eq!(p.ask("history")[1], "history 1 D4D5");
    assert_eq!(p.ask1("undo step"), "undone forfeit");
}
