//! Openings: where each round's games start. An opening is a start position (`startpos` or a
//! position string) and the moves played from it, written as a line of text the way a
//! `position` command writes it: `startpos`, `<position string>`, either followed by `moves
//! <move> …` (also with `position`/`fen` in front, as UGI writes it).
//!
//! `--openings` takes cutechess-cli's form, `file=FILE [format=text|epd|pgn]
//! [order=sequential|random] [plies=N] [start=N]`, or just the file (text). The formats:
//!
//! * `text`: one opening a line as above; `#` lines are comments;
//! * `epd`: one position string a line; anything after a `;` (EPD's operations) is left out;
//! * `pgn`: every game of a PGN file (what the arena's `--records` or the web GUI's export
//!   write): its start position (`FEN`, or the web GUI's `Opening`) and its moves, the first N
//!   with `plies=N`. A game of another game (`Variant`/`Game` tag) or of other settings
//!   (`BoardSide`, `TurnLimit` tags) is an error.
//!
//! `order=sequential` (the default) gives round r the opening `start + r` (1-based `start`,
//! cycling), `order=random` an opening drawn for the round from the seed and the round alone
//! (so every shard draws the same). Every opening is checked before the first game: its
//! position must parse with the match's game and settings (a Guerrilla position string sets
//! its own board side, so a side-8 opening in a side-5 match is refused), every move must be
//! legal and the game not over at its end; an error names the file and line.

use std::path::{Path, PathBuf};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use guerrilla::game::prelude::*;
use guerrilla::protocol::codec::{Command, Start};
use guerrilla::GameKind;

use crate::records::pgn::{self, PgnGame};

/// One opening: a start position and the moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// `startpos` or a position string.
    pub start: String,
    pub moves: Vec<String>,
}

impl std::str::FromStr for Opening {
    type Err = String;
    /// `[position] startpos|[fen] <position string> [moves <move> …]`.
    fn from_str(line: &str) -> Result<Opening, String> {
        let line = line.trim();
        let line = line.strip_prefix("position ").unwrap_or(line).trim_start();
        let (start, moves) = match line.split_once(" moves") {
            Some((s, m)) if m.is_empty() || m.starts_with(' ') => {
                (s.trim(), m.split_whitespace().map(String::from).collect())
            }
            _ => (line, Vec::new()),
        };
        let start = start.strip_prefix("fen ").unwrap_or(start).trim();
        if start.is_empty() {
            return Err("expected startpos or a position string but got nothing".into());
        }
        Ok(Opening {
            start: start.to_string(),
            moves,
        })
    }
}

impl std::fmt::Display for Opening {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.start)?;
        if !self.moves.is_empty() {
            write!(f, " moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

/// The `position` command that sets up `start` (`startpos` or a position string, as an
/// opening's start is written) and plays `moves`.
pub fn position_command(start: &str, moves: Vec<String>) -> Command {
    let start = match start {
        "startpos" => Start::StartPos,
        fen => Start::Fen(fen.to_string()),
    };
    Command::Position { start, moves }
}

/// The position an opening's start names, for these settings: `Err` when it does not parse or
/// belongs to other settings than these (a position string that sets its own board side).
pub fn start_position<G: Game>(start: &str, settings: &G::Settings) -> Result<G, String> {
    if start == "startpos" {
        return Ok(G::new(settings));
    }
    let g = G::from_position_string(start, settings).map_err(|e| match other_game::<G>(start) {
        Some(other) => format!(
            "'{start}' is a position of {other}, another game's opening: this match plays {} \
             (give --game {other} for that game's match, or a book of {} openings)",
            G::NAME,
            G::NAME
        ),
        None => e.to_string(),
    })?;
    if g.settings() != settings {
        return Err(format!(
            "'{start}' is a position of other settings than the match's: a position string \
             sets its own (Guerrilla's board side), so write the openings for the match's \
             settings"
        ));
    }
    Ok(g)
}

/// The game other than `G` whose position string `start` is (with that game's default
/// settings; a Guerrilla position string sets its own board side), if any.
fn other_game<G: Game>(start: &str) -> Option<&'static str> {
    GameKind::ALL
        .into_iter()
        .filter(|k| k.name() != G::NAME)
        .find(|&k| {
            guerrilla::with_game!(k, O => O::from_position_string(start, &Default::default()).is_ok())
        })
        .map(GameKind::name)
}

/// The position after an opening, every move checked; `Err` says what is wrong.
pub fn play<G: Game>(opening: &Opening, settings: &G::Settings) -> Result<G, String> {
    let mut g: G = start_position(&opening.start, settings)?;
    for (i, mv) in opening.moves.iter().enumerate() {
        if let Some(o) = g.outcome() {
            return Err(format!(
                "move {} ({mv}) comes after the end of the game ({})",
                i + 1,
                guerrilla::protocol::wire::result_word(Some(o))
            ));
        }
        g.parse_turn(mv)
            .and_then(|t| g.play_turn(&t))
            .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
    }
    if let Some(o) = g.outcome() {
        return Err(format!(
            "the game is over at the end of the opening ({})",
            guerrilla::protocol::wire::result_word(Some(o))
        ));
    }
    Ok(g)
}

/// The format of an openings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Epd,
    Pgn,
}

/// What `--openings` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub file: PathBuf,
    pub format: Format,
    pub random: bool,
    /// Moves of a PGN game kept (all when `None`).
    pub plies: Option<usize>,
    /// 1-based number of the first opening (sequential order).
    pub start: usize,
}

impl Spec {
    /// `file=F [format=…] [order=…] [plies=N] [start=N]`, or a single path.
    pub fn parse(words: &[String]) -> Result<Spec, String> {
        const FORM: &str = "file=FILE [format=text|epd|pgn] [order=sequential|random] \
                            [plies=N] [start=N]";
        if let [path] = words {
            if !path.contains('=') {
                return Ok(Spec::of_file(PathBuf::from(path), None));
            }
        }
        let (mut file, mut format, mut random, mut plies, mut start) = (None, None, false, None, 1);
        for w in words {
            let bad = || format!("--openings: expected {FORM} but got '{w}'");
            let (k, v) = w.split_once('=').ok_or_else(bad)?;
            match k {
                "file" => file = Some(PathBuf::from(v)),
                "format" => {
                    format = Some(match v {
                        "text" => Format::Text,
                        "epd" => Format::Epd,
                        "pgn" => Format::Pgn,
                        _ => return Err(bad()),
                    })
                }
                "order" => {
                    random = match v {
                        "random" => true,
                        "sequential" => false,
                        _ => return Err(bad()),
                    }
                }
                "plies" => plies = Some(v.parse().map_err(|_| bad())?),
                "start" => start = v.parse().ok().filter(|&s| s >= 1).ok_or_else(bad)?,
                "policy" => {
                    return Err(
                        "--openings: policy= is not supported: every round's pairs all \
                                play the round's opening (cutechess's policy=round); leave \
                                policy= out"
                            .into(),
                    )
                }
                _ => return Err(bad()),
            }
        }
        let file = file.ok_or_else(|| format!("--openings: no file= in '{}'", words.join(" ")))?;
        let mut spec = Spec::of_file(file, format);
        spec.random = random;
        spec.plies = plies;
        spec.start = start;
        Ok(spec)
    }

    /// A file read in `format`, or the format its name ends with (`.pgn`, `.epd`; text
    /// otherwise), in sequential order.
    fn of_file(file: PathBuf, format: Option<Format>) -> Spec {
        let ext = file
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let format = format.unwrap_or(match ext.as_deref() {
            Some("pgn") => Format::Pgn,
            Some("epd") => Format::Epd,
            _ => Format::Text,
        });
        Spec {
            file,
            format,
            random: false,
            plies: None,
            start: 1,
        }
    }

    /// How the openings were chosen, for people (the match's `openings_source`).
    pub fn describe(&self, seed: u64) -> String {
        let format = match self.format {
            Format::Text => "text",
            Format::Epd => "epd",
            Format::Pgn => "pgn",
        };
        let mut s = format!("file {} ({format}", self.file.display());
        if self.random {
            s.push_str(&format!(", random order, seed {seed}"));
        } else if self.start > 1 {
            s.push_str(&format!(", from opening {}", self.start));
        }
        if let Some(p) = self.plies {
            s.push_str(&format!(", {p} plies"));
        }
        s.push(')');
        s
    }
}

/// One opening read from a file, with where it is for messages.
struct Read {
    place: String,
    opening: Result<Opening, String>,
}

/// The settings a PGN game's tags name that differ from the match's: its game (`Variant`, or
/// the web GUI's `Game`) and the game's options (`BoardSide`, `TurnLimit`).
fn pgn_game_mismatch(g: &PgnGame, game: &str, options: &[(String, String)]) -> Option<String> {
    if let Some(v) = g.tag("Variant").or(g.tag("Game")) {
        if !v.eq_ignore_ascii_case(game) && v.parse::<GameKind>().is_ok() {
            return Some(format!("a game of {v}, not of {game}"));
        }
    }
    for (k, want) in options {
        if let Some(v) = g.tag(k) {
            if v != want {
                return Some(format!("{k} {v} but the match plays {k}={want}"));
            }
        }
    }
    None
}

fn read_file(spec: &Spec, game: &str, options: &[(String, String)]) -> Result<Vec<Read>, String> {
    let path: &Path = &spec.file;
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let name = path.display();
    let mut out = Vec::new();
    match spec.format {
        Format::Text | Format::Epd => {
            for (n, line) in text.lines().enumerate() {
                let l = line.trim();
                if l.is_empty() || l.starts_with('#') {
                    continue;
                }
                let opening = if spec.format == Format::Epd {
                    let pos = l.split(';').next().unwrap_or("").trim();
                    Ok(Opening {
                        start: pos.to_string(),
                        moves: Vec::new(),
                    })
                } else {
                    l.parse::<Opening>()
                };
                out.push(Read {
                    place: format!("{name}:{}", n + 1),
                    opening,
                });
            }
        }
        Format::Pgn => {
            let games = pgn::read(&text).into_iter().flat_map(|s| s.games);
            for (k, g) in games.enumerate() {
                let place = format!("{name}:{}: game {}", g.line, k + 1);
                let opening = match (g.error.clone(), pgn_game_mismatch(&g, game, options)) {
                    (Some(e), _) | (None, Some(e)) => Err(e),
                    (None, None) => {
                        let keep = spec.plies.unwrap_or(usize::MAX);
                        Ok(Opening {
                            start: g
                                .tag("FEN")
                                .or(g.tag("Opening"))
                                .unwrap_or("startpos")
                                .to_string(),
                            moves: g.moves.iter().take(keep).map(|m| m.token.clone()).collect(),
                        })
                    }
                };
                out.push(Read { place, opening });
            }
        }
    }
    if let (Some(p), Format::Text) = (spec.plies, spec.format) {
        for r in &mut out {
            if let Ok(o) = &mut r.opening {
                o.moves.truncate(p);
            }
        }
    }
    Ok(out)
}

/// The openings of a file, each checked with the match's game and settings (`options` being
/// the game's options with their values in the match); `Err` names the first bad one.
pub fn load<G: Game>(
    spec: &Spec,
    settings: &G::Settings,
    options: &[(String, String)],
) -> Result<Vec<Opening>, String> {
    let read = read_file(spec, G::NAME, options)?;
    if read.is_empty() {
        return Err(format!(
            "the openings file {} has no opening",
            spec.file.display()
        ));
    }
    let mut out = Vec::with_capacity(read.len());
    let played: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    for r in read {
        let opening = r
            .opening
            .and_then(|o| play::<G>(&o, settings).map(|g| (o, g)))
            .map_err(|e| {
                let mut e = format!("{}: bad opening: {e}", r.place);
                if !played.is_empty() {
                    e.push_str(&format!(" (the match plays {})", played.join(", ")));
                }
                e
            })?;
        if crate::schedule::ends_at_once(&opening.1) {
            eprintln!(
                "warning: {}: opening '{}' can end at the first turn (e.g. by a pass)",
                r.place, opening.0
            );
        }
        out.push(opening.0);
    }
    Ok(out)
}

/// The opening of every round: sequential from `start`, or drawn for each round.
pub fn for_rounds(openings: &[Opening], spec: &Spec, seed: u64, rounds: usize) -> Vec<String> {
    (0..rounds)
        .map(|r| {
            let k = if spec.random {
                let mut rng =
                    SmallRng::seed_from_u64(seed ^ (r as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
                rng.random_range(0..openings.len())
            } else {
                (spec.start - 1 + r) % openings.len()
            };
            openings[k].to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use guerrilla::wells::Wells;

    #[test]
    fn opening_lines() {
        let o: Opening = "startpos moves D4D5 c5-b4".parse().unwrap();
        assert_eq!((o.start.as_str(), o.moves.len()), ("startpos", 2));
        assert_eq!(o.to_string(), "startpos moves D4D5 c5-b4");
        let line = position_command("5 a/b/c W 1 0", vec!["x".into()]).to_string();
        let o: Opening = line.parse().unwrap();
        assert_eq!(o.start, "5 a/b/c W 1 0");
        assert_eq!(o.moves, ["x"]);
        let o: Opening = "startpos".parse().unwrap();
        assert!(o.moves.is_empty());
        assert!("".parse::<Opening>().is_err());
    }

    #[test]
    fn specs() {
        let w = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let s = Spec::parse(&w("file=a.pgn order=random plies=4")).unwrap();
        assert_eq!((s.format, s.random, s.plies), (Format::Pgn, true, Some(4)));
        assert_eq!(Spec::parse(&w("x.txt")).unwrap().format, Format::Text);
        assert_eq!(Spec::parse(&w("file=x.epd")).unwrap().format, Format::Epd);
        assert_eq!(
            Spec::parse(&w("file=x format=epd start=3")).unwrap().start,
            3
        );
        for bad in [
            "order=random",
            "file=x order=shuffle",
            "file=x start=0",
            "file=x policy=round",
        ] {
            assert!(Spec::parse(&w(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_position_of_other_settings_is_refused() {
        let side8 = Wells::new(&Default::default()).to_position_string();
        let mut five = <Wells as guerrilla::game::Position>::Settings::default();
        five.set("BoardSide", 5);
        let e = start_position::<Wells>(&side8, &five).unwrap_err();
        assert!(e.contains("other settings than the match's"), "{e}");
        assert!(start_position::<Wells>(&side8, &Default::default()).is_ok());
    }

    #[test]
    fn random_order_depends_on_the_seed_and_round_only() {
        let ops: Vec<Opening> = (0..10)
            .map(|i| Opening {
                start: format!("p{i}"),
                moves: vec![],
            })
            .collect();
        let spec = Spec {
            file: "x".into(),
            format: Format::Text,
            random: true,
            plies: None,
            start: 1,
        };
        let a = for_rounds(&ops, &spec, 7, 8);
        assert_eq!(&a[..5], &for_rounds(&ops, &spec, 7, 5)[..]);
        assert_ne!(a, for_rounds(&ops, &spec, 8, 8));
        let seq = Spec {
            random: false,
            start: 9,
            ..spec
        };
        assert_eq!(for_rounds(&ops, &seq, 7, 3), ["p8", "p9", "p0"]);
    }
}
