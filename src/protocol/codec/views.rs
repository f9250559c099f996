//! The views (protocol.md § 4.5, § 4.6, § 4.10): `describe`'s line and `geometry`'s points and
//! squares. The geometry is the games' own [`Geometry`] ([`GeoPoint`], [`GeoSquare`]);
//! `about`'s lines are in `about.rs`.

use std::fmt;

use nom::Parser;

use super::lex::{arg, fail, miss, tokens_until, Miss, Res};
use crate::game::{GeoPoint, GeoSquare, Outcome, Side};
use crate::protocol::wire;

pub use crate::game::Geometry;

/// The answer to `describe` (§ 4.6): the five common fields, the game's own fields in the
/// game's order (kept as they came, so a field a newer engine adds is read too), and `reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Describe {
    pub game: String,
    pub tomove: Side,
    pub turnstart: bool,
    pub result: Option<Outcome>,
    /// The side that lost by an illegal move in `position`.
    pub forfeit: Option<Side>,
    /// The game's own fields, `name=value`, in order; no name is one of the common fields.
    pub fields: Vec<(String, String)>,
    /// Why the game is over, in the game's word; `None` while it goes on.
    pub reason: Option<String>,
}

impl Describe {
    /// The value of the game's field `name`.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The fields `describe` writes itself, before and after the game's own.
pub const COMMON_FIELDS: [&str; 6] = ["game", "tomove", "turnstart", "result", "forfeit", "reason"];

/// The word for no value of `forfeit` and `reason`.
pub(super) const NONE: &str = "none";

impl fmt::Display for Describe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "describe game={} tomove={} turnstart={} result={} forfeit={}",
            self.game,
            wire::side_word(self.tomove),
            wire::bool_word(self.turnstart),
            wire::result_word(self.result),
            self.forfeit.map_or(NONE, wire::side_word),
        )?;
        for (name, value) in &self.fields {
            write!(f, " {name}={value}")?;
        }
        write!(f, " reason={}", self.reason.as_deref().unwrap_or(NONE))
    }
}

/// `SP name "=" value`: one field, its name not empty, its value possibly empty.
fn pair(i: &str) -> Res<'_, (&str, &str)> {
    const WHAT: &str = "a field <name>=<value>";
    let (rest, t) = arg(WHAT).parse(i)?;
    match t.split_once('=') {
        Some((n, v)) if !n.is_empty() => Ok((rest, (n, v))),
        _ => fail(i, WHAT),
    }
}

/// `SP name "=" value` with this `name`.
fn named<'a>(i: &'a str, name: &'static str, what: &'static str) -> Res<'a, &'a str> {
    let (rest, (n, v)) = pair(i)?;
    if n != name {
        return fail(i, what);
    }
    Ok((rest, v))
}

/// A word that names a side, else a failure expecting `what`.
pub(super) fn side_of<'a>(
    i: &'a str,
    w: &str,
    what: &'static str,
) -> Result<Side, nom::Err<Miss<'a>>> {
    wire::parse_side(w).ok_or_else(|| miss(i, what))
}

/// `SP "game=" name SP "tomove=" side SP "turnstart=" bool SP "result=" result
///  SP "forfeit=" (side | "none") *(SP field) SP "reason=" (reason | "none")` (after "describe")
pub(super) fn describe(i: &str) -> Res<'_, Describe> {
    let (r, game) = named(i, "game", "game=<name>")?;
    if game.is_empty() {
        return fail(i, "game=<name>");
    }
    let at = r;
    let (r, tomove) = named(r, "tomove", "tomove=p1|p2")?;
    let tomove = side_of(at, tomove, "tomove=p1|p2")?;
    let at = r;
    let (r, turnstart) = named(r, "turnstart", "turnstart=true|false")?;
    let turnstart = match turnstart {
        "true" => true,
        "false" => false,
        _ => return fail(at, "turnstart=true|false"),
    };
    let at = r;
    let (r, result) = named(r, "result", "result=none|p1win|p2win|draw")?;
    let Some(result) = wire::parse_result(result) else {
        return fail(at, "result=none|p1win|p2win|draw");
    };
    let at = r;
    let (r, forfeit) = named(r, "forfeit", "forfeit=none|p1|p2")?;
    let forfeit = match forfeit {
        NONE => None,
        w => Some(side_of(at, w, "forfeit=none|p1|p2")?),
    };
    let (r, all) = tokens_until(&[]).parse(r)?;
    let Some((last, own)) = all.split_last() else {
        return fail(r, "reason=<reason>");
    };
    let mut fields = Vec::with_capacity(own.len());
    for t in own {
        match t.split_once('=') {
            Some((n, v)) if !n.is_empty() && !COMMON_FIELDS.contains(&n) => {
                fields.push((n.to_string(), v.to_string()))
            }
            _ => return fail(t, "a game field <name>=<value> (not a common field's name)"),
        }
    }
    let reason = match last.split_once('=') {
        Some(("reason", NONE)) => None,
        Some(("reason", w)) if !w.is_empty() => Some(w.to_string()),
        _ => return fail(last, "reason=<reason> last"),
    };
    Ok((
        r,
        Describe {
            game: game.to_string(),
            tomove,
            turnstart,
            result,
            forfeit,
            fields,
            reason,
        },
    ))
}

/// `geometry game <name> points <P> squares <S>`: the first line of `geometry`'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometryHeader {
    pub game: String,
    pub points: u64,
    pub squares: u64,
}

impl fmt::Display for GeometryHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "geometry game {} points {} squares {}",
            self.game, self.points, self.squares
        )
    }
}

/// `SP "game" SP name SP "points" SP uint SP "squares" SP uint` (after "geometry"), or
/// `SP "end"`: `None` for the end.
pub(super) fn geometry(i: &str) -> Res<'_, Option<GeometryHeader>> {
    use super::lex::{u64_arg, word};
    if let Ok((r, _)) = word("end").parse(i) {
        return Ok((r, None));
    }
    let (r, _) = word("game").parse(i).or_else(|_| fail(i, "game or end"))?;
    let (r, game) = arg("a game name").parse(r)?;
    let (r, _) = word("points").parse(r)?;
    let (r, points) = u64_arg("a number of points").parse(r)?;
    let (r, _) = word("squares").parse(r)?;
    let (r, squares) = u64_arg("a number of squares").parse(r)?;
    Ok((
        r,
        Some(GeometryHeader {
            game: game.to_string(),
            points,
            squares,
        }),
    ))
}

/// A list of names in `geometry`: comma-separated, `-` for none.
fn write_names(f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
    if names.is_empty() {
        f.write_str("-")
    } else {
        f.write_str(&names.join(","))
    }
}

/// A `geometry` name list: `-` for none, else names comma-separated, none empty.
fn names(t: &str) -> Option<Vec<String>> {
    if t == "-" {
        return Some(Vec::new());
    }
    let v: Vec<String> = t.split(',').map(str::to_string).collect();
    (!v.iter().any(String::is_empty) && !v.iter().any(|n| n == "-")).then_some(v)
}

/// A drawing coordinate in its one spelling: at most three decimals, no trailing zeros.
fn coord<'a>(i: &'a str) -> Res<'a, f64> {
    const WHAT: &str = "a coordinate (at most three decimals, no trailing zero)";
    let (r, t) = arg(WHAT).parse(i)?;
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() && wire::coord(v) == t => Ok((r, v)),
        _ => fail(i, WHAT),
    }
}

/// `point <name> <x> <y> <role> <neighbours>`: one point of `geometry`.
pub(super) fn write_point(f: &mut fmt::Formatter<'_>, p: &GeoPoint) -> fmt::Result {
    write!(
        f,
        "point {} {} {} {} ",
        p.name,
        wire::coord(p.x),
        wire::coord(p.y),
        if p.play { "play" } else { "edge" }
    )?;
    write_names(f, &p.neighbours)
}

/// `SP name SP x SP y SP ("play" | "edge") SP names` (after "point")
pub(super) fn point(i: &str) -> Res<'_, GeoPoint> {
    let (r, name) = arg("a point name").parse(i)?;
    let (r, x) = coord(r)?;
    let (r, y) = coord(r)?;
    let (r2, role) = arg("play or edge").parse(r)?;
    let play = match role {
        "play" => true,
        "edge" => false,
        _ => return fail(r, "play or edge"),
    };
    let (r3, list) = arg("neighbours (comma-separated, or -)").parse(r2)?;
    let Some(neighbours) = names(list) else {
        return fail(r2, "neighbours (comma-separated, or -)");
    };
    Ok((
        r3,
        GeoPoint {
            name: name.to_string(),
            x,
            y,
            play,
            neighbours,
        },
    ))
}

/// `square <name> <x> <y> <corners> <diagonals> <shade>`: one square of `geometry`.
pub(super) fn write_square(f: &mut fmt::Formatter<'_>, q: &GeoSquare) -> fmt::Result {
    write!(
        f,
        "square {} {} {} {} ",
        q.name,
        wire::coord(q.x),
        wire::coord(q.y),
        q.corners.join(",")
    )?;
    write_names(f, &q.diagonals)?;
    write!(f, " {}", wire::shade_word(q.dark))
}

/// `SP name SP x SP y SP corner "," corner "," corner "," corner SP names SP ("dark" | "light")`
/// (after "square")
pub(super) fn square(i: &str) -> Res<'_, GeoSquare> {
    const CORNERS: &str = "four corners, comma-separated";
    let (r, name) = arg("a square name").parse(i)?;
    let (r, x) = coord(r)?;
    let (r, y) = coord(r)?;
    let (r2, c) = arg(CORNERS).parse(r)?;
    let corners: Vec<String> = c.split(',').map(str::to_string).collect();
    let Ok(corners) = <[String; 4]>::try_from(corners) else {
        return fail(r, CORNERS);
    };
    if corners.iter().any(|c| c.is_empty()) {
        return fail(r, CORNERS);
    }
    let (r3, list) = arg("diagonals (comma-separated, or -)").parse(r2)?;
    let Some(diagonals) = names(list) else {
        return fail(r2, "diagonals (comma-separated, or -)");
    };
    let (r4, shade) = arg("dark or light").parse(r3)?;
    let dark = match shade {
        "dark" => true,
        "light" => false,
        _ => return fail(r3, "dark or light"),
    };
    Ok((
        r4,
        GeoSquare {
            name: name.to_string(),
            x,
            y,
            corners,
            diagonals,
            dark,
        },
    ))
}
