//! Clicks become steps as doc/guide-gui.md § 4 tells a GUI that knows no rule: the names a
//! step's text touches (from `geometry`), a piece that must go on clicked already (a COIN
//! capture in progress), and in Guerrilla's choice between equal parts any point of a part
//! standing for it (`describe`'s `parts`). The engine's answers are what those rules read.

use std::collections::HashSet;

use crate::harness::{field, geometry, Proc};

/// The names of `names` in `text`, in order, the longest first at each place.
fn names_in(text: &str, names: &HashSet<String>) -> Vec<String> {
    let longest = names.iter().map(String::len).max().unwrap_or(0);
    let (mut found, mut i) = (Vec::new(), 0);
    while i < text.len() {
        let name = (1..=longest.min(text.len() - i))
            .rev()
            .map(|k| &text[i..i + k])
            .find(|n| names.contains(*n));
        match name {
            Some(n) => {
                found.push(n.to_string());
                i += n.len();
            }
            None => i += 1,
        }
    }
    found
}

/// A GUI's selection, as doc/guide-gui.md § 4 builds it.
struct Clicks {
    names: HashSet<String>,
    /// The names clicked for the step being chosen; `None` before the first click of a step.
    clicked: Option<Vec<String>>,
}

impl Clicks {
    fn new(p: &mut Proc, game: &str) -> Clicks {
        let (points, squares) = geometry(p, game);
        let names = points
            .iter()
            .chain(&squares)
            .map(|i| i.name.clone())
            .collect();
        Clicks {
            names,
            clicked: None,
        }
    }

    /// One click on `name`: `None` when refused, else the step sent and its answer (the step
    /// text empty and no answer while the step is not complete).
    fn click(&mut self, p: &mut Proc, name: &str) -> Option<(String, String)> {
        let legal = p.ask1("legal steps");
        let steps: Vec<String> = legal.split(' ').skip(2).map(str::to_string).collect();
        let named: Vec<Vec<String>> = steps.iter().map(|s| names_in(s, &self.names)).collect();
        let clicked = self.clicked.get_or_insert_with(|| {
            // A piece that must go on is clicked already.
            let some: Vec<&Vec<String>> = named.iter().filter(|n| !n.is_empty()).collect();
            match some.first() {
                Some(first) if some.iter().all(|n| n.len() > 1 && n[0] == first[0]) => {
                    vec![first[0].clone()]
                }
                _ => Vec::new(),
            }
        });
        if clicked.last().map(String::as_str) == Some(name) {
            return Some((String::new(), String::new()));
        }
        // A point of an equal part stands for the part's first point.
        let describe = p.ask1("describe");
        let mut name = name.to_string();
        if let Some(parts) = describe.split(' ').find_map(|kv| kv.strip_prefix("parts=")) {
            for part in parts.split('/').filter(|_| parts != "-") {
                let points: Vec<&str> = part.split(',').collect();
                if points.contains(&name.as_str()) {
                    name = points[0].to_string();
                }
            }
        }
        let mut prefix = clicked.clone();
        prefix.push(name);
        let fits: Vec<usize> = (0..steps.len())
            .filter(|&i| named[i].starts_with(&prefix))
            .collect();
        if fits.is_empty() {
            return None;
        }
        if fits.len() == 1 && named[fits[0]].len() == prefix.len() {
            self.clicked = None;
            let step = steps[fits[0]].clone();
            let answer = p.ask1(&format!("step {step}"));
            return Some((step, answer));
        }
        *clicked = prefix;
        Some((String::new(), String::new()))
    }
}

/// A COIN capture in progress (`capturing=d4`, two ways on): a click on the next landing square
/// `e5` continues it, as `d4` then `e5` does; a click on a square no capture reaches is refused.
#[test]
fn a_click_on_the_next_landing_square_continues_a_capture() {
    for clicks in [&["e5"][..], &["d4", "e5"]] {
        let mut p = Proc::spawn();
        let mut c = Clicks::new(&mut p, "guerrilla-checkers");
        p.ask("position fen 8/8/8/8/8/2C5/8/8 9/9/9/9/3GG4/3G5/9/9/9 60 C -");
        assert_eq!(p.ask1("step c3xd4"), "stepped c3xd4 removed D4:captured");
        assert_eq!(field(&p.ask1("describe"), "capturing"), "d4");
        assert_eq!(p.ask1("legal steps"), "steps 2 d4xc5 d4xe5");
        assert_eq!(c.click(&mut p, "b2"), None, "no capture lands on b2");
        let mut last = None;
        for name in clicks {
            last = c.click(&mut p, name);
        }
        let (step, answer) = last.expect("the click is taken");
        assert_eq!(step, "d4xe5", "{clicks:?}");
        assert_eq!(answer, "stepped d4xe5 turn c3xd4xe5 removed E5:captured");
    }
}

/// In Guerrilla's choice between equal parts, `describe` names each part's points, and a click
/// on any of them keeps that part: `g5` keeps `f5,g5`, `d5` keeps `c5,d5`; `step =<point>`
/// takes any point of a part, and `parts` is `-` once the choice is made.
#[test]
fn a_click_on_any_piece_of_an_equal_part_keeps_it() {
    for (click, kept, removed) in [
        ("g5", "=f5", "c5:split,d5:split"),
        ("d5", "=c5", "f5:split,g5:split"),
    ] {
        let mut p = Proc::spawn();
        p.ask("setoption name Game value guerrilla");
        p.ask("setoption name BoardSide value 5");
        let mut c = Clicks::new(&mut p, "guerrilla");
        p.ask("position fen 5 ...../....../......./..B...../...WWW.../......../......./....../..... w 3 0");
        assert_eq!(field(&p.ask1("describe"), "parts"), "-");
        for step in ["+g5", "*a1", "e5-c5", "endgroup"] {
            assert_eq!(p.ask1(&format!("step {step}")), format!("stepped {step}"));
        }
        let describe = p.ask1("describe");
        assert_eq!(field(&describe, "phase"), "split");
        assert_eq!(field(&describe, "parts"), "c5,d5/f5,g5");
        assert_eq!(p.ask1("legal steps"), "steps 2 =c5 =f5");
        assert_eq!(c.click(&mut p, "a1"), None, "a1 is in no part");
        let (step, answer) = c.click(&mut p, click).expect("the click is taken");
        assert_eq!(step, kept);
        assert!(
            answer.starts_with(&format!("stepped {kept} ")) && answer.contains(removed),
            "{answer}"
        );
        assert_eq!(field(&p.ask1("describe"), "parts"), "-");
        // The step of any point of the part, sent as it is, is the same step.
        p.ask("undo step");
        assert_eq!(field(&p.ask1("describe"), "parts"), "c5,d5/f5,g5");
        let sent = p.ask1(&format!("step ={click}"));
        assert_eq!(sent, answer, "step ={click}");
    }
}
