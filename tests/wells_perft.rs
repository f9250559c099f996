//! perft counts from `tests/wells.perft` (W7). Entries up to 300,000 nodes run by default; the
//! larger ones with `cargo test --release -- --ignored`.

use guerrilla::game::Game;
use guerrilla::wells::{Settings, Wells};

struct Entry {
    comment: String,
    position: String,
    depth: u32,
    nodes: u64,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("wells.perft");
    let mut out = Vec::new();
    let (mut comment, mut position) = (String::new(), String::new());
    for line in text.lines() {
        if let Some(c) = line.strip_prefix("# ") {
            comment = c.to_string();
        } else if let Some(p) = line.strip_prefix("position ") {
            position = p.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it.next().unwrap().parse().unwrap();
            let nodes = it.next().unwrap().parse().unwrap();
            out.push(Entry {
                comment: comment.clone(),
                position: position.clone(),
                depth,
                nodes,
            });
        }
    }
    out
}

fn check(small: bool) {
    let mut checked = 0;
    for e in entries()
        .into_iter()
        .filter(|e| (e.nodes <= 300_000) == small)
    {
        let pos = Wells::from_position_string(&e.position, &Settings::default()).unwrap();
        assert_eq!(pos.to_position_string(), e.position);
        assert_eq!(
            pos.perft(e.depth),
            e.nodes,
            "{} depth {}",
            e.comment,
            e.depth
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_data_file() {
    let all = entries();
    assert!(all
        .iter()
        .any(|e| e.depth == 1 && e.nodes == 133 && e.position.starts_with("8 ")));
    check(true);
}

#[test]
#[ignore]
fn perft_data_file_large() {
    check(false);
}
