//! The engine's answers as the page receives them (protocol.md § 3, § 4): every line is read by
//! the engine library's codec ([`Message`]), the values it gives are kept as they are, and
//! serializing them writes the JSON the page reads. Nothing here reads a line by hand or knows
//! a game: every name, piece and field comes from the engine.

use std::collections::BTreeMap;

use guerrilla::game::FieldKind;
use guerrilla::protocol::codec::{
    Describe, Field, GameWord, Geometry, GeometryHeader, HelpLine, HelpTopic, InfoReport, Message,
    OptionDecl, OptionKind, Over, Piece, Removal, RemovalWord, Score, StepDone, SteppedAnswer,
    TurnAnswer, Undone,
};
use guerrilla::protocol::wire::{bool_word, result_word, shade_word, side_word};
use guerrilla::{Outcome, Side};
use serde::{Serialize, Serializer};

/// The lines of an answer, each read by the codec; a line that is no message is one error
/// quoting it.
fn messages(lines: &[String]) -> impl Iterator<Item = (&String, Result<Message, String>)> {
    lines
        .iter()
        .map(|l| (l, l.parse::<Message>().map_err(|e| format!("{e} in '{l}'"))))
}

/// The board as `geometry` gives it: the game it draws, its points and squares.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    pub game: String,
    pub geometry: Geometry,
}

/// Reads the lines of a `geometry` answer, from `geometry game …` to `geometry end`; the
/// numbers of points and squares are those its first line announces.
pub fn read_geometry(lines: &[String]) -> Result<Drawing, String> {
    let mut lines = messages(lines);
    let header: GeometryHeader = match lines.next() {
        Some((_, Ok(Message::GeometryHeader(h)))) => h,
        Some((line, _)) => {
            return Err(format!(
                "expected 'geometry game <name> points <P> squares <S>' but got '{line}'"
            ))
        }
        None => return Err("expected a geometry answer but got nothing".into()),
    };
    let mut geometry = Geometry::default();
    for (line, m) in lines {
        match m? {
            Message::Point(p) => geometry.points.push(p),
            Message::Square(q) => geometry.squares.push(q),
            Message::GeometryEnd => {
                let (p, q) = (geometry.points.len(), geometry.squares.len());
                if p as u64 != header.points || q as u64 != header.squares {
                    return Err(format!(
                        "expected {} points and {} squares but got {p} and {q}",
                        header.points, header.squares
                    ));
                }
                return Ok(Drawing {
                    game: header.game,
                    geometry,
                });
            }
            _ => return Err(format!("expected a point or square line but got '{line}'")),
        }
    }
    Err("expected 'geometry end' but the answer stopped".into())
}

impl Serialize for Drawing {
    /// `{game, points: [{name, x, y, role, neighbours}], squares: [{name, x, y, corners,
    /// diagonals, shade}]}`, `role` and `shade` in the protocol's words.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct PointJson<'a> {
            name: &'a str,
            x: f64,
            y: f64,
            role: &'static str,
            neighbours: &'a [String],
        }
        #[derive(Serialize)]
        struct SquareJson<'a> {
            name: &'a str,
            x: f64,
            y: f64,
            corners: &'a [String],
            diagonals: &'a [String],
            shade: &'static str,
        }
        #[derive(Serialize)]
        struct DrawingJson<'a> {
            game: &'a str,
            points: Vec<PointJson<'a>>,
            squares: Vec<SquareJson<'a>>,
        }
        let g = &self.geometry;
        DrawingJson {
            game: &self.game,
            points: g
                .points
                .iter()
                .map(|p| PointJson {
                    name: &p.name,
                    x: p.x,
                    y: p.y,
                    role: if p.play { "play" } else { "edge" },
                    neighbours: &p.neighbours,
                })
                .collect(),
            squares: g
                .squares
                .iter()
                .map(|q| SquareJson {
                    name: &q.name,
                    x: q.x,
                    y: q.y,
                    corners: &q.corners,
                    diagonals: &q.diagonals,
                    shade: shade_word(q.dark),
                })
                .collect(),
        }
        .serialize(s)
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
    #[serde(serialize_with = "pieces_json")]
    pub pieces: Vec<Piece>,
    pub options: Vec<GameOptionSpec>,
    #[serde(serialize_with = "fields_json")]
    pub fields: Vec<Field>,
    /// Why the game may end, in its words (the page shows the labels).
    #[serde(serialize_with = "words_json")]
    pub reasons: Vec<GameWord>,
    #[serde(serialize_with = "removals_json")]
    pub removals: Vec<RemovalWord>,
    /// The steps that name no place (the page's step buttons show the labels).
    #[serde(serialize_with = "words_json")]
    pub steps: Vec<GameWord>,
    /// The rules in plain words by topic, in the game's order.
    #[serde(serialize_with = "help_json")]
    pub help: Vec<HelpLine>,
    pub tour: Vec<String>,
}

impl GameFace {
    /// What a page can still show of a game whose engine does not answer `about`: its name, and
    /// sides called `p1` and `p2`.
    pub fn bare(name: &str) -> GameFace {
        GameFace {
            name: name.to_string(),
            title: name.to_string(),
            sides: Side::ALL.map(|s| side_word(s).to_string()),
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

/// The spin option `name` of `ugi`'s `options`, with its bounds.
fn game_option(name: &str, options: &[OptionDecl]) -> Result<GameOptionSpec, String> {
    options
        .iter()
        .find_map(|o| match o.kind {
            // A game's options count things: their bounds are never below 0.
            OptionKind::Spin { default, min, max } if o.name == name => Some(GameOptionSpec {
                name: o.name.clone(),
                default: u64::try_from(default).ok()?,
                min: u64::try_from(min).ok()?,
                max: u64::try_from(max).ok()?,
            }),
            _ => None,
        })
        .ok_or_else(|| format!("expected a spin option of ugi but got '{name}'"))
}

/// Reads an `about` answer (protocol.md § 4.12) for the game `name`, from `about game <name>`
/// to `about end`; the game's options take their bounds from `options` (`ugi`'s spin options).
pub fn read_about(
    name: &str,
    lines: &[String],
    options: &[OptionDecl],
) -> Result<GameFace, String> {
    let mut lines = messages(lines);
    match lines.next() {
        Some((_, Ok(Message::About(g)))) if g == name => {}
        first => {
            return Err(format!(
                "expected 'about game {name}' but got '{}'",
                first.map_or("", |(l, _)| l.as_str())
            ))
        }
    }
    let mut face = GameFace::bare(name);
    for (line, m) in lines {
        match m? {
            Message::Title(t) => face.title = t,
            Message::SideName(side, n) => face.sides[side.index()] = n,
            Message::Piece(p) => face.pieces.push(p),
            Message::GameOptions(names) => {
                for n in &names {
                    face.options.push(game_option(n, options)?);
                }
            }
            Message::Field(f) => face.fields.push(f),
            Message::Reason(w) => face.reasons.push(w),
            Message::RemovalWord(w) => face.removals.push(w),
            Message::StepWord(w) => face.steps.push(w),
            Message::HelpLine(h) => face.help.push(h),
            Message::Tour(t) => face.tour.push(t),
            Message::AboutEnd => return Ok(face),
            _ => return Err(format!("expected a line of 'about' but got '{line}'")),
        }
    }
    Err("expected 'about end' but the answer stopped".into())
}

/// `about`'s pieces: `{char, owner, colour, grouped, noun}`, `owner` `p1`, `p2` or `none`.
fn pieces_json<S: Serializer>(pieces: &[Piece], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct PieceJson<'a> {
        char: String,
        owner: &'static str,
        colour: &'a str,
        grouped: bool,
        noun: &'a str,
    }
    s.collect_seq(pieces.iter().map(|p| PieceJson {
        char: p.char.to_string(),
        owner: p.owner.map_or("none", side_word),
        colour: &p.colour,
        grouped: p.grouped,
        noun: &p.noun,
    }))
}

/// `about`'s fields: `{name, kind, label}`, `kind` `count` or `turn`.
fn fields_json<S: Serializer>(fields: &[Field], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct FieldJson<'a> {
        name: &'a str,
        kind: &'static str,
        label: &'a str,
    }
    s.collect_seq(fields.iter().map(|f| FieldJson {
        name: &f.name,
        kind: match f.kind {
            FieldKind::Count => "count",
            FieldKind::Turn => "turn",
        },
        label: &f.label,
    }))
}

/// `about`'s reason and step words: `{word, label}`.
fn words_json<S: Serializer>(words: &[GameWord], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct WordJson<'a> {
        word: &'a str,
        label: &'a str,
    }
    s.collect_seq(words.iter().map(|w| WordJson {
        word: &w.word,
        label: &w.label,
    }))
}

/// `about`'s removal words: `{word, leaves, label}`, `leaves` the cell character the place
/// then holds, or null when it is left empty.
fn removals_json<S: Serializer>(words: &[RemovalWord], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct RemovalWordJson<'a> {
        word: &'a str,
        leaves: Option<String>,
        label: &'a str,
    }
    s.collect_seq(words.iter().map(|w| RemovalWordJson {
        word: &w.word,
        leaves: w.leaves.map(String::from),
        label: &w.label,
    }))
}

/// `about`'s help: `{kind, word, while_set, text}`, `kind` `phase`, `step` or `removal`,
/// `word` the game's word for the phase, step or removal, `while_set` the `describe` field
/// that must say something for a phase's help to hold.
fn help_json<S: Serializer>(help: &[HelpLine], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct HelpJson<'a> {
        kind: &'static str,
        word: &'a str,
        while_set: Option<&'a str>,
        text: &'a str,
    }
    s.collect_seq(help.iter().map(|h| {
        let (kind, word, while_set) = match &h.topic {
            HelpTopic::Phase { phase, while_set } => ("phase", phase, while_set.as_deref()),
            HelpTopic::Step(w) => ("step", w, None),
            HelpTopic::Removal(w) => ("removal", w, None),
        };
        HelpJson {
            kind,
            word,
            while_set,
            text: &h.text,
        }
    }))
}

/// A position as the engine last described it (`describe`); nothing before the first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Described(Option<Describe>);

impl Described {
    pub fn of(d: Describe) -> Described {
        Described(Some(d))
    }

    /// The side to move: 0 for `p1`, 1 for `p2`.
    pub fn to_move(&self) -> Option<usize> {
        self.0.as_ref().map(|d| d.tomove.index())
    }

    /// No step of the current turn has been taken.
    pub fn turn_start(&self) -> bool {
        self.0.as_ref().is_some_and(|d| d.turnstart)
    }

    /// How the game ended; `None` while it goes on (or before it was described).
    pub fn outcome(&self) -> Option<Outcome> {
        self.0.as_ref().and_then(|d| d.result)
    }

    /// The game has ended.
    pub fn over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Why the game ended, in the game's word.
    pub fn reason(&self) -> Option<&str> {
        self.0.as_ref().and_then(|d| d.reason.as_deref())
    }
}

impl Serialize for Described {
    /// Every field by name, values as `describe` writes them, names in sorted order; `{}`
    /// before the first `describe`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map: BTreeMap<&str, &str> = BTreeMap::new();
        if let Some(d) = &self.0 {
            map.insert("game", &d.game);
            map.insert("tomove", side_word(d.tomove));
            map.insert("turnstart", bool_word(d.turnstart));
            map.insert("result", result_word(d.result));
            map.insert("forfeit", d.forfeit.map_or("none", side_word));
            for (name, value) in &d.fields {
                map.insert(name, value);
            }
            map.insert("reason", d.reason.as_deref().unwrap_or("none"));
        }
        map.serialize(s)
    }
}

/// What the engine reports beside a turn's or a step's own text: every step applied, in
/// order, with what each removed, and how the game ended.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub steps: Vec<StepDone>,
    pub over: Option<Over>,
}

impl From<TurnAnswer> for Report {
    /// `played`'s steps.
    fn from(a: TurnAnswer) -> Report {
        Report {
            steps: a.steps,
            over: a.over,
        }
    }
}

impl From<&SteppedAnswer> for Report {
    /// A `stepped` answer's step and its `auto` steps.
    fn from(a: &SteppedAnswer) -> Report {
        Report {
            steps: std::iter::once(&a.step).chain(&a.auto).cloned().collect(),
            over: a.over.clone(),
        }
    }
}

/// How a game ended as the page shows it beside a step: `<result> <reason>`.
pub fn over_text(o: &Over) -> String {
    format!("{} {}", result_word(Some(o.outcome)), o.reason)
}

impl Serialize for Report {
    /// `{steps, removed, over}`: the steps' texts, one list of removals per step, and
    /// `{result, reason, scores}` (scores `<p1>-<p2>` or null) or null.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct OverJson<'a> {
            result: &'static str,
            reason: &'a str,
            scores: Option<String>,
        }
        #[derive(Serialize)]
        struct ReportJson<'a> {
            steps: Vec<&'a str>,
            removed: Vec<Removals<'a>>,
            over: Option<OverJson<'a>>,
        }
        ReportJson {
            steps: self.steps.iter().map(|d| d.step.as_str()).collect(),
            removed: self.steps.iter().map(|d| Removals(&d.removed)).collect(),
            over: self.over.as_ref().map(|o| OverJson {
                result: result_word(Some(o.outcome)),
                reason: &o.reason,
                scores: o.score.map(|[p1, p2]| format!("{p1}-{p2}")),
            }),
        }
        .serialize(s)
    }
}

/// The pieces a step removed, as `[{place, why}]`.
pub struct Removals<'a>(pub &'a [Removal]);

impl Serialize for Removals<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct RemovalJson<'a> {
            place: &'a str,
            why: &'a str,
        }
        s.collect_seq(self.0.iter().map(|r| RemovalJson {
            place: &r.place,
            why: &r.why,
        }))
    }
}

/// Removals as `[{place, why}]`, for `serialize_with`.
pub fn removals<S: Serializer>(removed: &[Removal], s: S) -> Result<S::Ok, S::Error> {
    Removals(removed).serialize(s)
}

/// The `stepped` answer among `lines`.
pub fn stepped(lines: &[String]) -> Option<SteppedAnswer> {
    lines.iter().find_map(|l| match l.parse() {
        Ok(Message::Stepped(a)) => Some(a),
        _ => None,
    })
}

/// The `played` answer among `lines`.
pub fn played(lines: &[String]) -> Option<TurnAnswer> {
    lines.iter().find_map(|l| match l.parse() {
        Ok(Message::Played(a)) => Some(a),
        _ => None,
    })
}

/// What the `undone` answers among `lines` took back, in order.
pub fn undone(lines: &[String]) -> Vec<Undone> {
    lines
        .iter()
        .filter_map(|l| match l.parse() {
            Ok(Message::Undone(u)) => Some(u),
            _ => None,
        })
        .collect()
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
            // UCI's scores, which the guerrilla engine never writes.
            Score::Centipawns(_) | Score::Mate(_) => (None, None),
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
pub fn read_info(line: &str) -> Option<SearchInfo> {
    match line.parse() {
        Ok(Message::Info(r)) => Some(r.into()),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
