//! Reading the engine's answers (protocol.md § 3.6, § 4): `geometry`, `info`, `stepped`.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

/// The board as `geometry` gives it: points and squares with drawing coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub game: String,
    pub points: Vec<Point>,
    pub squares: Vec<Square>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub role: String,
    pub neighbours: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Square {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub corners: Vec<String>,
    pub diagonals: Vec<String>,
    /// `dark` (checkers stand there) or `light`; empty when the engine does not say.
    pub shade: String,
}

fn list(text: &str) -> Vec<String> {
    if text == "-" {
        Vec::new()
    } else {
        text.split(',').map(String::from).collect()
    }
}

fn number(text: &str, line: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("expected a number but got '{text}' in '{line}'"))
}

/// Parses the lines of a `geometry` answer, from `geometry game …` to `geometry end`.
pub fn parse_geometry(lines: &[String]) -> Result<Geometry, String> {
    let first = lines
        .first()
        .ok_or("expected a geometry answer but got nothing")?;
    let head: Vec<&str> = first.split(' ').collect();
    let (game, n_points, n_squares) = match head.as_slice() {
        ["geometry", "game", g, "points", p, "squares", s] => (
            g.to_string(),
            p.parse::<usize>()
                .map_err(|_| format!("expected a count but got '{p}' in '{first}'"))?,
            s.parse::<usize>()
                .map_err(|_| format!("expected a count but got '{s}' in '{first}'"))?,
        ),
        _ => {
            return Err(format!(
                "expected 'geometry game <name> points <P> squares <S>' but got '{first}'"
            ))
        }
    };
    let mut g = Geometry {
        game,
        points: Vec::new(),
        squares: Vec::new(),
    };
    let mut ended = false;
    for line in &lines[1..] {
        let f: Vec<&str> = line.split(' ').collect();
        match f.as_slice() {
            ["point", name, x, y, role, nb] => g.points.push(Point {
                name: name.to_string(),
                x: number(x, line)?,
                y: number(y, line)?,
                role: role.to_string(),
                neighbours: list(nb),
            }),
            ["square", name, x, y, corners, diagonals, shade @ ..] if shade.len() <= 1 => {
                g.squares.push(Square {
                    name: name.to_string(),
                    x: number(x, line)?,
                    y: number(y, line)?,
                    corners: list(corners),
                    diagonals: list(diagonals),
                    shade: shade.first().map(|s| s.to_string()).unwrap_or_default(),
                })
            }
            ["geometry", "end"] => {
                ended = true;
                break;
            }
            _ => return Err(format!("expected a point or square line but got '{line}'")),
        }
    }
    if !ended {
        return Err("expected 'geometry end' but the answer stopped".into());
    }
    if g.points.len() != n_points || g.squares.len() != n_squares {
        return Err(format!(
            "expected {n_points} points and {n_squares} squares but got {} and {}",
            g.points.len(),
            g.squares.len()
        ));
    }
    Ok(g)
}

impl Geometry {
    pub fn json(&self) -> Value {
        json!({
            "game": self.game,
            "points": self.points.iter().map(|p| json!({
                "name": p.name, "x": p.x, "y": p.y, "role": p.role, "neighbours": p.neighbours,
            })).collect::<Vec<_>>(),
            "squares": self.squares.iter().map(|s| json!({
                "name": s.name, "x": s.x, "y": s.y, "corners": s.corners, "diagonals": s.diagonals,
                "shade": s.shade,
            })).collect::<Vec<_>>(),
        })
    }
}

/// Parses a search progress line
/// `info depth <d> nodes <n> time <ms> nps <v> score <s> [pv <step> …]` into JSON fields
/// (`pv` as one text); `None` for any other `info` line.
pub fn parse_info(line: &str) -> Option<Value> {
    let rest = line.strip_prefix("info ")?;
    if rest.starts_with("string") {
        return None;
    }
    let mut map = Map::new();
    let mut tokens = rest.split(' ').filter(|t| !t.is_empty());
    while let Some(key) = tokens.next() {
        if key == "pv" {
            let pv: Vec<&str> = tokens.by_ref().collect();
            map.insert("pv".into(), Value::String(pv.join(" ")));
            break;
        }
        let mut value = tokens.next()?.to_string();
        if key == "score" && matches!(value.as_str(), "win" | "loss" | "draw") {
            // `score win in <n>`: the proven result and its distance in whole turns.
            let n = tokens.nth(1)?;
            map.insert("proven".into(), Value::String(value.clone()));
            map.insert("in".into(), Value::String(n.to_string()));
            value = format!("{value} in {n}");
        }
        map.insert(key.to_string(), Value::String(value));
    }
    if map.contains_key("score") || map.contains_key("depth") {
        Some(Value::Object(map))
    } else {
        None
    }
}

/// The answer to `step`: `stepped <step>[ auto <step> …][ turn <move>]`, and whatever the engine
/// reports beside them (`rest`, read by [`report_fields`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Stepped {
    pub step: String,
    pub auto: Vec<String>,
    pub turn: Option<String>,
    pub rest: String,
}

/// The steps that are words (protocol.md § 7.1); any other word of lowercase letters in a
/// `stepped` or `played` answer is a keyword of the answer.
const STEP_WORDS: [&str; 3] = ["pass", "endgroup", "endmove"];

fn is_keyword(t: &str) -> bool {
    t.len() > 2 && t.chars().all(|c| c.is_ascii_lowercase() || c == '_') && !STEP_WORDS.contains(&t)
}

pub fn parse_stepped(line: &str) -> Option<Stepped> {
    let mut tokens = line
        .strip_prefix("stepped ")?
        .split(' ')
        .filter(|t| !t.is_empty())
        .peekable();
    let step = tokens.next()?.to_string();
    if is_keyword(&step) {
        return None;
    }
    let mut auto = Vec::new();
    let mut turn = None;
    let mut rest = Vec::new();
    while let Some(t) = tokens.next() {
        match t {
            "auto" => {
                while let Some(s) = tokens.next_if(|s| !is_keyword(s)) {
                    auto.push(s.to_string());
                }
            }
            "turn" => turn = Some(tokens.next()?.to_string()),
            k if is_keyword(k) => {
                rest.push(k);
                while let Some(s) = tokens.next_if(|s| !is_keyword(s)) {
                    rest.push(s);
                }
            }
            _ => return None,
        }
    }
    Some(Stepped {
        step,
        auto,
        turn,
        rest: rest.join(" "),
    })
}

/// The answer to `play`: `played <move>` and whatever the engine reports after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub mv: String,
    /// The words after the move (reports of what the turn did), as written.
    pub rest: String,
}

pub fn parse_played(line: &str) -> Option<Played> {
    let rest = line.strip_prefix("played ")?;
    let (mv, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    Some(Played {
        mv: mv.to_string(),
        rest: rest.trim().to_string(),
    })
}

/// The reports after a `played <move>` or after a `stepped` line's step: a keyword (a word of
/// lowercase letters) followed by its items, up to the next keyword; `turn` and `auto` are the
/// `stepped` line's own and are left out.
pub fn report_fields(rest: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut key: Option<String> = None;
    let mut items: Vec<&str> = Vec::new();
    let mut flush = |key: &Option<String>, items: &mut Vec<&str>| {
        if let Some(k) = key {
            if k != "turn" && k != "auto" {
                out.insert(k.clone(), items.join(" "));
            }
        }
        items.clear();
    };
    for t in rest.split(' ').filter(|t| !t.is_empty()) {
        if is_keyword(t) {
            flush(&key, &mut items);
            key = Some(t.to_string());
        } else {
            items.push(t);
        }
    }
    flush(&key, &mut items);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepped_with_auto_and_turn() {
        let s = parse_stepped("stepped e3-g3 auto =f3 f3xg4 turn +a1,e3-g3=f3,f3xg4").unwrap();
        assert_eq!(s.step, "e3-g3");
        assert_eq!(s.auto, vec!["=f3", "f3xg4"]);
        assert_eq!(s.turn.as_deref(), Some("+a1,e3-g3=f3,f3xg4"));
        let s = parse_stepped("stepped *b2").unwrap();
        assert!(s.auto.is_empty() && s.turn.is_none());
        assert!(parse_stepped("stepped a b").is_none());
        let s =
            parse_stepped("stepped c5xd6 auto d6xe7 endmove removed D5,E6 turn c5xd6xe7").unwrap();
        assert_eq!(s.auto, vec!["d6xe7", "endmove"]);
        assert_eq!(s.turn.as_deref(), Some("c5xd6xe7"));
        assert_eq!(report_fields(&s.rest)["removed"], "D5,E6");
        assert!(parse_stepped("played x").is_none());
    }

    #[test]
    fn info_fields_and_pv() {
        let v = parse_info("info depth 2 nodes 1000 time 41 nps 24390 score 0.112 pv c5xe7 D4D5")
            .unwrap();
        assert_eq!(v["score"], "0.112");
        assert_eq!(v["pv"], "c5xe7 D4D5");
        assert!(parse_info("info string hello").is_none());
        let v = parse_info("info depth 1 nodes 300 time 1 nps 300000 score win in 1 pv c3xd4xe5")
            .unwrap();
        assert_eq!(v["score"], "win in 1");
        assert_eq!(v["proven"], "win");
        assert_eq!(v["in"], "1");
        assert_eq!(v["pv"], "c3xd4xe5");
        let p = parse_played("played c3xd4xe5 removed D4,E5").unwrap();
        assert_eq!(p.mv, "c3xd4xe5");
        assert_eq!(report_fields(&p.rest)["removed"], "D4,E5");
    }

    #[test]
    fn geometry_round() {
        let lines: Vec<String> = [
            "geometry game guerrilla points 2 squares 0",
            "point a1 0 0 play b1",
            "point b1 1 0.5 play a1",
            "geometry end",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let g = parse_geometry(&lines).unwrap();
        assert_eq!(g.points[1].y, 0.5);
        assert_eq!(g.points[0].neighbours, vec!["b1"]);
        assert!(parse_geometry(&lines[..3]).is_err());
        let squares: Vec<String> = [
            "geometry game guerrilla-checkers points 0 squares 2",
            "square a8 0.5 0.5 A8,B8,B9,A9 b7 light",
            "square a1 0.5 7.5 A1,B1,B2,A2 b2",
            "geometry end",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let g = parse_geometry(&squares).unwrap();
        assert_eq!(g.squares[0].shade, "light");
        assert_eq!(g.squares[1].shade, "");
        let mut bad = lines.clone();
        bad[0] = "geometry game guerrilla points 3 squares 0".into();
        assert!(parse_geometry(&bad).is_err());
    }
}
