//! `geometry` (protocol.md § 4.10) through the real binary: both games' boards, every side; and
//! `about` (§ 4.12), which presents them.

use std::collections::HashMap;

use crate::harness::*;

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
fn checkers_geometry_marks_the_dark_squares() {
    let mut p = Proc::spawn();
    let (_, squares) = geometry(&mut p, "guerrilla-checkers");
    let dark: Vec<&str> = squares
        .iter()
        .filter(|s| s.shade == "dark")
        .map(|s| s.name.as_str())
        .collect();
    // GC1: a1 is dark; half the squares are, and diagonal neighbours share a shade.
    assert_eq!(dark.len(), 32);
    assert!(dark.contains(&"a1") && dark.contains(&"h8") && !dark.contains(&"b1"));
    let shade: HashMap<&str, &str> = squares
        .iter()
        .map(|s| (s.name.as_str(), s.shade.as_str()))
        .collect();
    for s in &squares {
        assert!(
            s.rel.iter().all(|d| shade[d.as_str()] == s.shade),
            "{}",
            s.name
        );
    }
    // The same squares as describe's `squares` field leaves dark (`-` a light square).
    let d = p.ask1("describe");
    let field = field(&d, "squares");
    for s in &squares {
        let (f, r) = (s.name.as_bytes()[0] - b'a', s.name.as_bytes()[1] - b'1');
        let c = field.as_bytes()[(r as usize) * 8 + f as usize];
        assert_eq!(c != b'-', s.shade == "dark", "{}", s.name);
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

/// `about` (protocol.md § 4.12) agrees with `describe` and `ugi` in both games: every field it
/// labels is a `describe` field, every piece line names one character, an owner, a colour and a
/// noun, its options are `ugi` options, its words are labelled (the reasons ending with the
/// protocol's `forfeit`, a removal leaving nothing or one of the pieces), its help is about its
/// own words (a phase's field a `describe` field, a step and a removal announced before it) and
/// says something, and its tour says something.
#[test]
fn about_agrees_with_describe_and_ugi() {
    let mut p = Proc::spawn();
    let ugi = p.ask("ugi");
    for game in real_games() {
        p.ask(&format!("setoption name Game value {game}"));
        let lines = p.ask("about");
        assert_eq!(lines[0], format!("about game {game}"));
        assert_eq!(lines.last().unwrap(), "about end");
        assert!(
            lines[1].starts_with("title ") && lines[1].len() > 6,
            "{}",
            lines[1]
        );
        assert!(lines[2].starts_with("side p1 ") && lines[3].starts_with("side p2 "));
        let d = p.ask1("describe");
        let fields: Vec<&str> = d
            .split(' ')
            .filter_map(|f| f.split_once('='))
            .map(|(k, _)| k)
            .collect();
        let mut pieces = Vec::new();
        let mut reasons = Vec::new();
        let mut removals = Vec::new();
        let mut steps = Vec::new();
        let mut tours = 0;
        for l in &lines[4..lines.len() - 1] {
            let w: Vec<&str> = l.split(' ').collect();
            match w[0] {
                "piece" => {
                    pieces.push(w[1]);
                    assert_eq!(w[1].chars().count(), 1, "{l}");
                    assert!(["p1", "p2", "none"].contains(&w[2]), "{l}");
                    assert!(["white", "black", "red"].contains(&w[3]), "{l}");
                    assert!(["grouped", "single"].contains(&w[4]), "{l}");
                    assert!(w.len() > 5, "a noun: {l}");
                }
                "options" => {
                    for name in &w[1..] {
                        assert!(
                            *name == "-"
                                || ugi
                                    .iter()
                                    .any(|u| u.starts_with(&format!("option name {name} "))),
                            "{l}"
                        );
                    }
                }
                "field" => {
                    assert!(fields.contains(&w[1]), "{game}: {l} is no describe field");
                    assert!(["count", "turn"].contains(&w[2]), "{l}");
                    assert!(w.len() > 3, "a label: {l}");
                }
                "reason" | "step" => {
                    assert!(
                        w[1].chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                        "{l}"
                    );
                    assert!(w.len() > 2, "a label: {l}");
                    if w[0] == "reason" {
                        reasons.push(w[1]);
                    } else {
                        steps.push(w[1]);
                    }
                }
                "removal" => {
                    assert!(w[2] == "-" || pieces.contains(&w[2]), "{l}");
                    assert!(w.len() > 3, "a label: {l}");
                    removals.push(w[1]);
                }
                "help" => {
                    match w[1] {
                        "phase" => {
                            assert!(fields.contains(&"phase"), "{game}: {l} but no phase");
                            if let Some((_, field)) = w[2].split_once('+') {
                                assert!(fields.contains(&field), "{game}: {l}");
                            }
                        }
                        "step" => assert!(steps.contains(&w[2]), "{game}: {l}"),
                        "removal" => assert!(removals.contains(&w[2]), "{game}: {l}"),
                        _ => panic!("{game}: a help topic of no kind: {l}"),
                    }
                    assert!(w.len() > 4, "sentences: {l}");
                }
                "tour" => tours += 1,
                _ => panic!("{game}: unexpected line '{l}'"),
            }
        }
        assert!(
            pieces.len() >= 2 && tours >= 3,
            "{game}: {pieces:?} pieces, {tours} tour paragraphs"
        );
        assert_eq!(reasons.last(), Some(&"forfeit"), "{game}");
    }
}

/// Each game announces its own words (protocol.md § 4.12), the ones its answers use (§ 4.3),
/// and its help by topic: Guerrilla every phase `describe` gives during a turn, the move phase
/// while a group is moving, each word step and the massacre; Guerrilla Checkers none.
#[test]
fn about_announces_each_games_words() {
    let mut p = Proc::spawn();
    let words = |p: &mut Proc, game: &str| -> Vec<String> {
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("about")
            .into_iter()
            .filter(|l| {
                l.starts_with("reason ") || l.starts_with("removal ") || l.starts_with("step ")
            })
            .collect()
    };
    // the topics of the help lines: `help <kind> <topic>`, the sentences left out
    let topics = |p: &mut Proc, game: &str| -> Vec<String> {
        p.ask(&format!("setoption name Game value {game}"));
        p.ask("about")
            .into_iter()
            .filter(|l| l.starts_with("help "))
            .map(|l| l.splitn(4, ' ').take(3).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert!(topics(&mut p, "guerrilla-checkers").is_empty());
    assert_eq!(
        topics(&mut p, "guerrilla"),
        [
            "help phase growth",
            "help phase new",
            "help phase move",
            "help phase move+moving",
            "help phase split",
            "help phase kill",
            "help phase kill",
            "help removal massacred",
            "help step pass",
            "help step endgroup",
            "help step endmove",
        ]
    );
    assert_eq!(
        words(&mut p, "guerrilla-checkers"),
        [
            "reason no-checkers no checker is left",
            "reason no-stones-on-board no stone is left on the board",
            "reason no-stones-in-hand fewer than two stones are left in hand",
            "reason no-legal-move the side to move has no legal move",
            "reason forfeit an illegal move",
            "removal captured - captured",
            "removal surrounded - surrounded",
        ]
    );
    assert_eq!(
        words(&mut p, "guerrilla"),
        [
            "reason two-passes two passes in a row",
            "reason turn-limit the turn limit was reached",
            "reason forfeit an illegal move",
            "removal split - left behind by its group",
            "removal killed - killed",
            "removal massacred X massacred",
            "step pass pass",
            "step endgroup end group",
            "step endmove end move",
        ]
    );
}
