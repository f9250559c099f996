//! Reading the engine's answers (protocol.md § 3, § 4) into the page's typed values (past 600
//! lines: the last 150 are its tests): `about`, `geometry`, `describe`, the codec's `info`
//! reports as the page shows them, and the `stepped`/`played` reports of what each step
//! removed and how the game ended. Nothing here knows a game: every name, piece and field
//! comes from the engine.

use std::collections::BTreeMap;

use guerrilla::protocol::codec::{
    HelpLine, HelpTopic, InfoReport, Message, OptionDecl, OptionKind, Score,
};
use serde::Serialize;

/// The board as `geometry` gives it: points and squares with drawing coordinates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Geometry {
    pub game: String,
    pub points: Vec<Point>,
    pub squares: Vec<Square>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub role: String,
    pub neighbours: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
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

/// What a character of `describe`'s cells stands for (`about`'s `piece` line).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceFace {
    pub char: String,
    /// `p1`, `p2`, or `none` (a token of nobody's).
    pub owner: String,
    pub colour: String,
    pub grouped: bool,
    pub noun: String,
}

/// A `describe` field a player reads (`about`'s `field` line).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FieldFace {
    pub name: String,
    /// `count` or `turn`.
    pub kind: String,
    pub label: String,
}

/// A word the game names for itself and what a person reads for it (`about`'s `reason` and
/// `step` lines).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WordFace {
    pub word: String,
    pub label: String,
}

/// Why a piece leaves the board, in the game's word (`about`'s `removal` line): what a person
/// reads for it, and the cell character its place then holds (`None`: left empty).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RemovalFace {
    pub word: String,
    pub leaves: Option<String>,
    pub label: String,
}

/// The rules in plain words on one topic (`about`'s `help` line): `kind` is `phase`, `step`
/// or `removal`, `word` the game's word for the phase, step or removal, `while_set` the
/// `describe` field that must say something for a phase's help to hold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HelpFace {
    pub kind: &'static str,
    pub word: String,
    pub while_set: Option<String>,
    pub text: String,
}

impl HelpFace {
    fn of(h: HelpLine) -> HelpFace {
        let (kind, word, while_set) = match h.topic {
            HelpTopic::Phase { phase, while_set } => ("phase", phase, while_set),
            HelpTopic::Step(w) => ("step", w, None),
            HelpTopic::Removal(w) => ("removal", w, None),
        };
        HelpFace {
            kind,
            word,
            while_set,
            text: h.text,
        }
    }
}

/// A game's option with its bounds, from `ugi` (only the options `about` says are the game's).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOptionSpec {
    pub name: String,
    pub default: u64,
    pub min: u64,
    pub max: u64,
}

/// How the page presents one game: what `about` says, and the game's options with their bounds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameFace {
    pub name: String,
    pub title: String,
    pub sides: [String; 2],
    pub pieces: Vec<PieceFace>,
    pub options: Vec<GameOptionSpec>,
    pub fields: Vec<FieldFace>,
    /// Why the game may end, in its words (the page shows the labels).
    pub reasons: Vec<WordFace>,
    pub removals: Vec<RemovalFace>,
    /// The steps that name no place (the page's step buttons show the labels).
    pub steps: Vec<WordFace>,
    /// The rules in plain words by topic, in the game's order.
    pub help: Vec<HelpFace>,
    pub tour: Vec<String>,
}

impl GameFace {
    /// What a page can still show of a game whose engine does not answer `about`: its name, and
    /// sides called `p1` and `p2`.
    pub fn bare(name: &str) -> GameFace {
        GameFace {
            name: name.to_string(),
            title: name.to_string(),
            sides: ["p1".into(), "p2".into()],
            pieces: Vec::new(),
            options: Vec::new(),
            fields: Vec::new(),
            reasons: Vec::new(),
            removals: Vec::new(),
            steps: Vec::new(),
            help: Vec::new(),
            tour: Vec::new(),
        }
    }
}

/// Parses an `about` answer (protocol.md § 4.12) for the game `name`; the game's options take
/// their bounds from `options` (`ugi`'s spin options).
pub fn parse_about(
    name: &str,
    lines: &[String],
    options: &[OptionDecl],
) -> Result<GameFace, String> {
    let head = format!("about game {name}");
    if lines.first() != Some(&head) {
        return Err(format!(
            "expected '{head}' but got '{}'",
            lines.first().map(String::as_str).unwrap_or("")
        ));
    }
    if lines.last().map(String::as_str) != Some("about end") {
        return Err("expected 'about end' but the answer stopped".into());
    }
    let mut face = GameFace::bare(name);
    for line in &lines[1..lines.len() - 1] {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let words: Vec<&str> = rest.split(' ').collect();
        match (key, words.as_slice()) {
            ("title", _) if !rest.is_empty() => face.title = rest.to_string(),
            ("side", ["p1", ..]) => face.sides[0] = words[1..].join(" "),
            ("side", ["p2", ..]) => face.sides[1] = words[1..].join(" "),
            ("piece", [c, owner, colour, grouped, noun @ ..])
                if c.chars().count() == 1 && !noun.is_empty() =>
            {
                face.pieces.push(PieceFace {
                    char: c.to_string(),
                    owner: owner.to_string(),
                    colour: colour.to_string(),
                    grouped: *grouped == "grouped",
                    noun: noun.join(" "),
                })
            }
            ("options", names) => {
                for n in names.iter().filter(|n| **n != "-") {
                    let spec = options.iter().find_map(|o| match o.kind {
                        OptionKind::Spin { default, min, max } if o.name == *n => {
                            Some(GameOptionSpec {
                                name: o.name.clone(),
                                default,
                                min,
                                max,
                            })
                        }
                        _ => None,
                    });
                    let spec =
                        spec.ok_or_else(|| format!("expected a spin option of ugi but got '{n}'"))?;
                    face.options.push(spec);
                }
            }
            ("field", [field, kind, label @ ..]) if !label.is_empty() => {
                face.fields.push(FieldFace {
                    name: field.to_string(),
                    kind: kind.to_string(),
                    label: label.join(" "),
                })
            }
            ("reason" | "step", [word, label @ ..]) if !label.is_empty() => {
                let w = WordFace {
                    word: word.to_string(),
                    label: label.join(" "),
                };
                match key {
                    "reason" => face.reasons.push(w),
                    _ => face.steps.push(w),
                }
            }
            ("removal", [word, leaves, label @ ..]) if !label.is_empty() => {
                face.removals.push(RemovalFace {
                    word: word.to_string(),
                    leaves: (*leaves != "-").then(|| leaves.to_string()),
                    label: label.join(" "),
                })
            }
            ("help", _) => match line.parse() {
                Ok(Message::HelpLine(h)) => face.help.push(HelpFace::of(h)),
                Err(e) => return Err(format!("{e} in '{line}'")),
                _ => return Err(format!("expected a help line but got '{line}'")),
            },
            ("tour", _) => face.tour.push(rest.to_string()),
            _ => return Err(format!("expected a line of 'about' but got '{line}'")),
        }
    }
    Ok(face)
}

/// A position as `describe` gives it: its fields by name, values as written.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Describe(pub BTreeMap<String, String>);

impl Describe {
    /// The `key=value` fields of a `describe` line (without its first word).
    pub fn parse(rest: &str) -> Describe {
        Describe(
            rest.split(' ')
                .filter_map(|f| f.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// The side to move: 0 for `p1`, 1 for `p2`.
    pub fn to_move(&self) -> Option<usize> {
        match self.get("tomove")? {
            "p1" => Some(0),
            "p2" => Some(1),
            _ => None,
        }
    }

    /// No step of the current turn has been taken.
    pub fn turn_start(&self) -> bool {
        self.get("turnstart") == Some("true")
    }

    /// The game has ended (`result` is not `none`).
    pub fn over(&self) -> bool {
        self.get("result").is_some_and(|r| r != "none")
    }
}

/// One piece a step removed: where it stood and why (`<where>:<why>`, protocol.md § 4.3).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Removed {
    pub place: String,
    pub why: String,
}

/// How a turn ended the game: `over <result> <reason>[ <p1score>-<p2score>]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Over {
    pub result: String,
    pub reason: String,
    pub scores: Option<String>,
}

/// What the engine reports beside a turn's or a step's own text: every step applied, in
/// order, what each removed, and how the game ended.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    /// The steps applied (`played`'s `steps`; a `stepped` answer's step and its `auto` steps).
    pub steps: Vec<String>,
    /// One list per step of `steps` (empty lists when the engine reported no removal).
    pub removed: Vec<Vec<Removed>>,
    pub over: Option<Over>,
}

/// The keywords of a `stepped` or `played` answer after its first token.
const KEYWORDS: [&str; 5] = ["auto", "turn", "steps", "removed", "over"];
/// The steps that are words (protocol.md § 7.1): never a keyword.
const STEP_WORDS: [&str; 3] = ["pass", "endgroup", "endmove"];

/// A keyword of an answer: one of [`KEYWORDS`], or any later word of lowercase letters that is
/// no step word (so that a keyword a newer engine adds is not read as a step).
fn is_keyword(t: &str) -> bool {
    KEYWORDS.contains(&t)
        || (t.len() > 2
            && t.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            && !STEP_WORDS.contains(&t))
}

/// The words after an answer's first token, by keyword.
fn sections(rest: &str) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut key = String::new();
    for t in rest.split(' ').filter(|t| !t.is_empty()) {
        // `over`'s words are its own: its reason is a word of lowercase letters and dashes.
        if KEYWORDS.contains(&t) || (key != "over" && is_keyword(t)) {
            key = t.to_string();
            out.entry(key.clone()).or_default();
        } else {
            out.entry(key.clone()).or_default().push(t.to_string());
        }
    }
    out
}

fn report_of(steps: Vec<String>, s: &BTreeMap<String, Vec<String>>) -> Report {
    let mut removed: Vec<Vec<Removed>> = s
        .get("removed")
        .map(|groups| {
            groups
                .iter()
                .map(|g| {
                    g.split(',')
                        .filter_map(|item| item.split_once(':'))
                        .map(|(place, why)| Removed {
                            place: place.to_string(),
                            why: why.to_string(),
                        })
                        .collect()
                })
                .collect()
        })
        .unwrap_or_default();
    removed.resize(steps.len().max(removed.len()), Vec::new());
    let over = s.get("over").and_then(|w| {
        Some(Over {
            result: w.first()?.clone(),
            reason: w.get(1)?.clone(),
            scores: w.get(2).cloned(),
        })
    });
    Report {
        steps,
        removed,
        over,
    }
}

/// The answer to `step`: `stepped <step>[ auto <step> …][ turn <move>][ removed …][ over …]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Stepped {
    pub step: String,
    pub auto: Vec<String>,
    pub turn: Option<String>,
    /// `steps` is the step and its `auto` steps.
    pub report: Report,
}

pub fn parse_stepped(line: &str) -> Option<Stepped> {
    let rest = line.strip_prefix("stepped ")?;
    let (step, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    if step.is_empty() || is_keyword(step) {
        return None;
    }
    let s = sections(rest);
    if s.get("").is_some_and(|v| !v.is_empty()) {
        return None;
    }
    let auto = s.get("auto").cloned().unwrap_or_default();
    let turn = match s.get("turn") {
        Some(t) if t.len() == 1 => Some(t[0].clone()),
        Some(_) => return None,
        None => None,
    };
    let steps = std::iter::once(step.to_string())
        .chain(auto.iter().cloned())
        .collect();
    Some(Stepped {
        step: step.to_string(),
        auto,
        turn,
        report: report_of(steps, &s),
    })
}

/// The answer to `play` (or `expand`, with `word` = `expanded`):
/// `played <move> steps <step> …[ removed …][ over …]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub turn: String,
    pub report: Report,
}

pub fn parse_played(word: &str, line: &str) -> Option<Played> {
    let rest = line.strip_prefix(word)?.strip_prefix(' ')?;
    let (turn, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let s = sections(rest);
    let steps = s.get("steps").cloned().unwrap_or_default();
    Some(Played {
        turn: turn.to_string(),
        report: report_of(steps, &s),
    })
}

/// A search's progress: `info depth <d> [multipv <k>] nodes <n> time <ms> nps <v> score <s>
/// [wdl <w> <d> <l>] [pv <turn> …]`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SearchInfo {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipv: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<u64>,
    /// The expected result for the side searched, −1 to +1, when no result is proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// A proven result from the side searched: `win`, `loss` or `draw`, and in how many turns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven_in: Option<u64>,
    /// Per mille win, draw, loss for the side searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wdl: Option<[u64; 3]>,
    pub pv: Vec<String>,
}

impl From<InfoReport> for SearchInfo {
    /// The page's view of one report: a proven result as its word (`win`, `loss`, `draw`) and
    /// distance, an expected result as its number.
    fn from(r: InfoReport) -> SearchInfo {
        let (score, proven) = match r.score {
            Score::Expected(v) => (Some(v), None),
            Score::WinIn(n) => (None, Some(("win", n))),
            Score::LossIn(n) => (None, Some(("loss", n))),
            Score::DrawIn(n) => (None, Some(("draw", n))),
        };
        SearchInfo {
            depth: Some(r.depth.into()),
            multipv: r.multipv.map(u64::from),
            nodes: Some(r.nodes),
            time: Some(r.time),
            score,
            proven: proven.map(|(w, _)| w.to_string()),
            proven_in: proven.map(|(_, n)| n.into()),
            wdl: r.wdl.map(|w| w.map(u64::from)),
            pv: r.pv,
        }
    }
}

/// The report of an `info` line of a search, read by the codec; `None` for any other line.
pub fn parse_info(line: &str) -> Option<SearchInfo> {
    match line.parse() {
        Ok(Message::Info(r)) => Some(r.into()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepped_with_auto_turn_and_removals() {
        let s = parse_stepped("stepped e3-g3 auto =f3 f3xg4 turn +a1,e3-g3=f3,f3xg4").unwrap();
        assert_eq!(s.step, "e3-g3");
        assert_eq!(s.auto, vec!["=f3", "f3xg4"]);
        assert_eq!(s.turn.as_deref(), Some("+a1,e3-g3=f3,f3xg4"));
        assert_eq!(s.report.steps, vec!["e3-g3", "=f3", "f3xg4"]);
        assert_eq!(s.report.removed, vec![Vec::new(); 3]);
        let s = parse_stepped("stepped *b2").unwrap();
        assert!(s.auto.is_empty() && s.turn.is_none());
        assert!(parse_stepped("stepped a b").is_none());
        let s = parse_stepped(
            "stepped endgroup auto endmove d1xe2 turn b1-d1,d1xe2 removed a1:split - e2:killed",
        )
        .unwrap();
        assert_eq!(s.auto, vec!["endmove", "d1xe2"]);
        assert_eq!(s.report.removed[0][0].place, "a1");
        assert_eq!(s.report.removed[0][0].why, "split");
        assert!(s.report.removed[1].is_empty());
        assert_eq!(s.report.removed[2][0].why, "killed");
        assert!(parse_stepped("played x").is_none());
        let s = parse_stepped(
            "stepped B2 auto B3 turn B2B3 removed - a1:surrounded over p1win no-checkers",
        )
        .unwrap();
        let over = s.report.over.unwrap();
        assert_eq!(
            (over.result.as_str(), over.reason.as_str()),
            ("p1win", "no-checkers")
        );
    }

    #[test]
    fn played_steps_and_over() {
        let p = parse_played(
            "played",
            "played pass,e3xd3 steps pass e3xd3 removed - d3:massacred over p2win two-passes 13-15",
        )
        .unwrap();
        assert_eq!(p.turn, "pass,e3xd3");
        assert_eq!(p.report.steps, vec!["pass", "e3xd3"]);
        assert_eq!(p.report.removed[1][0].why, "massacred");
        assert_eq!(p.report.over.unwrap().scores.as_deref(), Some("13-15"));
        let p = parse_played("expanded", "expanded c3xd4xe5 steps c3xd4 d4xe5").unwrap();
        assert_eq!(p.report.removed, vec![Vec::new(), Vec::new()]);
    }

    fn report(score: Score, multipv: Option<u32>, wdl: Option<[u32; 3]>) -> String {
        let r = InfoReport {
            depth: 2,
            multipv,
            nodes: 1000,
            time: 41,
            nps: 24390,
            score,
            wdl,
            visits: None,
            pv: vec!["c5xe7".into(), "D4D5".into()],
        };
        Message::Info(r).to_string()
    }

    #[test]
    fn info_fields_and_pv() {
        let v = parse_info(&report(Score::Expected(0.112), None, None)).unwrap();
        assert_eq!(v.score, Some(0.112));
        assert_eq!(v.pv, vec!["c5xe7", "D4D5"]);
        assert!(parse_info(&Message::InfoString("hello".into()).to_string()).is_none());
        let v = parse_info(&report(Score::WinIn(1), None, None)).unwrap();
        assert_eq!(v.proven.as_deref(), Some("win"));
        assert_eq!((v.proven_in, v.score), (Some(1), None));
        let v = parse_info(&report(Score::Expected(-0.5), Some(2), Some([200, 0, 800]))).unwrap();
        assert_eq!((v.multipv, v.wdl), (Some(2), Some([200, 0, 800])));
    }

    #[test]
    fn about() {
        let o = OptionDecl::spin("BoardSide", 8, 4, 12);
        let lines: Vec<String> = [
            "about game g",
            "title A Game",
            "side p1 Left Side",
            "side p2 Right",
            "piece X none red single massacre token",
            "options BoardSide",
            "field hand count stones in hand",
            "reason two-passes two passes in a row",
            "removal massacred X massacred",
            "removal killed - killed",
            "step endgroup end group",
            "help phase move+moving Jump again, or stop.",
            "help removal massacred A token stays.",
            "tour One.",
            "about end",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let face = parse_about("g", &lines, &[o]).unwrap();
        assert_eq!(face.sides[0], "Left Side");
        assert_eq!(face.pieces[0].noun, "massacre token");
        assert_eq!(face.options[0].max, 12);
        assert_eq!(face.fields[0].label, "stones in hand");
        assert_eq!(
            (
                face.reasons[0].word.as_str(),
                face.reasons[0].label.as_str()
            ),
            ("two-passes", "two passes in a row")
        );
        assert_eq!(face.removals[0].leaves.as_deref(), Some("X"));
        assert_eq!(face.removals[1].leaves, None);
        assert_eq!(face.steps[0].label, "end group");
        let h = &face.help[0];
        assert_eq!(
            (h.kind, h.word.as_str(), h.while_set.as_deref()),
            ("phase", "move", Some("moving"))
        );
        assert_eq!(h.text, "Jump again, or stop.");
        assert_eq!(
            (face.help[1].kind, face.help[1].while_set.as_deref()),
            ("removal", None)
        );
        assert!(parse_about("h", &lines, &[]).is_err());
        let mut bad = lines.clone();
        bad[12] = "help phase move+ Jump.".into();
        assert!(parse_about("g", &bad, &[]).is_err());
    }

    #[test]
    fn geometry_round() {
        let lines: Vec<String> = [
            "geometry game g points 2 squares 0",
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
        let mut bad = lines.clone();
        bad[0] = "geometry game g points 3 squares 0".into();
        assert!(parse_geometry(&bad).is_err());
    }
}
