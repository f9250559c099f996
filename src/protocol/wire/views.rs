//! The views of the position and the game (protocol.md § 4.5, § 4.6, § 4.10, § 4.12): `show`'s
//! picture and summary, `describe`'s fields, `geometry`'s board, `about`'s presentation.

use super::{result_word, side_word};
use crate::game::{About, FieldKind, GameOption, Geometry, Outcome, Side, Topic, Word};

/// What `show` and `describe` say about the game besides the position's own views: the
/// engine's answers, which include a loss by an illegal move in `position`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState<'a> {
    /// The game's protocol name (`Game` option).
    pub game: &'a str,
    pub tomove: Side,
    pub turnstart: bool,
    pub outcome: Option<Outcome>,
    /// The side that lost by an illegal move in `position`.
    pub forfeit: Option<Side>,
    /// Why the game ended; `None` while it goes on.
    pub reason: Option<Word>,
}

/// The answer to `show` (protocol.md § 4.5): the game's picture (`render`), then `fen` (the
/// start of the current turn), `steps` (only in the middle of a turn), `tomove` and `result`.
pub fn show_lines(picture: &str, fen: &str, steps: &[String], state: &GameState) -> Vec<String> {
    let mut lines: Vec<String> = picture.lines().map(str::to_string).collect();
    lines.push(format!("fen {fen}"));
    if !steps.is_empty() {
        lines.push(format!("steps {}", steps.join(" ")));
    }
    lines.push(format!("tomove {}", side_word(state.tomove)));
    lines.push(format!("result {}", result_word(state.outcome)));
    lines
}

/// The fields `describe` writes itself, before and after the game's own: a game field of one
/// of these names is left out.
const COMMON_FIELDS: [&str; 6] = ["game", "tomove", "turnstart", "result", "forfeit", "reason"];

/// The answer to `describe` (protocol.md § 4.6): the five common fields, the game's own
/// `fields` in its order (whitespace in a value written `_`), and `reason` last, so that the
/// fields before it keep their places.
pub fn describe_line(state: &GameState, fields: &[(&str, String)]) -> String {
    let mut s = format!(
        "describe game={} tomove={} turnstart={} result={} forfeit={}",
        state.game,
        side_word(state.tomove),
        state.turnstart,
        result_word(state.outcome),
        state.forfeit.map(side_word).unwrap_or("none"),
    );
    for (name, value) in fields {
        if COMMON_FIELDS.contains(name) {
            continue;
        }
        s.push(' ');
        s.push_str(name);
        s.push('=');
        s.extend(
            value
                .chars()
                .map(|c| if c.is_whitespace() { '_' } else { c }),
        );
    }
    s.push_str(" reason=");
    s.push_str(state.reason.map_or("none", |r| r.word));
    s
}

/// A list of names in `geometry`: comma-separated, `-` for none.
fn name_list(names: &[String]) -> String {
    if names.is_empty() {
        "-".to_string()
    } else {
        names.join(",")
    }
}

/// The answer to `geometry` (protocol.md § 4.10): the header, one `point` line per point, one
/// `square` line per square, `geometry end`.
pub fn geometry_lines(game: &str, geo: &Geometry) -> Vec<String> {
    let mut lines = vec![format!(
        "geometry game {game} points {} squares {}",
        geo.points.len(),
        geo.squares.len()
    )];
    for p in &geo.points {
        lines.push(format!(
            "point {} {} {} {} {}",
            p.name,
            coord(p.x),
            coord(p.y),
            if p.play { "play" } else { "edge" },
            name_list(&p.neighbours)
        ));
    }
    for q in &geo.squares {
        lines.push(format!(
            "square {} {} {} {} {} {}",
            q.name,
            coord(q.x),
            coord(q.y),
            q.corners.join(","),
            name_list(&q.diagonals),
            shade_word(q.dark)
        ));
    }
    lines.push("geometry end".to_string());
    lines
}

/// A drawing coordinate of `geometry`: at most three decimals, no trailing zeros (`0`, `0.5`,
/// `0.866`, `12`).
pub fn coord(v: f64) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A square's shade in `geometry`: `dark` (the squares checkers stand on) or `light`.
pub fn shade_word(dark: bool) -> &'static str {
    if dark {
        "dark"
    } else {
        "light"
    }
}

/// The answer to `about` (protocol.md § 4.12): how a GUI presents the game `name`, whose own
/// options are `options`, to people. Its `reason` lines are the game's own, then the
/// protocol's `forfeit`, a reason in every game.
pub fn about_lines(name: &str, about: &About, options: &[GameOption]) -> Vec<String> {
    let mut lines = vec![
        format!("about game {name}"),
        format!("title {}", about.title),
    ];
    for side in Side::ALL {
        lines.push(format!(
            "side {} {}",
            side_word(side),
            about.sides[side.index()]
        ));
    }
    for p in about.pieces {
        lines.push(format!(
            "piece {} {} {} {} {}",
            p.char,
            p.owner.map_or("none", side_word),
            p.colour,
            if p.grouped { "grouped" } else { "single" },
            p.noun
        ));
    }
    let names: Vec<String> = options.iter().map(|o| o.name.to_string()).collect();
    lines.push(if names.is_empty() {
        "options -".to_string()
    } else {
        format!("options {}", names.join(" "))
    });
    for f in about.fields {
        let kind = match f.kind {
            FieldKind::Count => "count",
            FieldKind::Turn => "turn",
        };
        lines.push(format!("field {} {kind} {}", f.name, f.label));
    }
    for r in about.reasons.iter().chain([&Word::FORFEIT]) {
        lines.push(format!("reason {} {}", r.word, r.label));
    }
    for r in about.removals {
        let leaves = r.leaves.map_or("-".to_string(), String::from);
        lines.push(format!("removal {} {leaves} {}", r.word, r.label));
    }
    for s in about.steps {
        lines.push(format!("step {} {}", s.word, s.label));
    }
    for h in about.help {
        let topic = match h.topic {
            Topic::Phase {
                phase,
                while_set: None,
            } => format!("phase {phase}"),
            Topic::Phase {
                phase,
                while_set: Some(field),
            } => format!("phase {phase}+{field}"),
            Topic::Step(w) => format!("step {}", w.word),
            Topic::Removal(k) => format!("removal {}", k.word),
        };
        lines.push(format!("help {topic} {}", h.text));
    }
    for paragraph in about.tour.split("\n\n") {
        let text = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() {
            lines.push(format!("tour {text}"));
        }
    }
    lines.push("about end".to_string());
    lines
}
