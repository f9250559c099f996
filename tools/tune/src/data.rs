//! The positions file: one position with its outcome a line, tab-separated (README.md, "Data").
//!
//! Fields are separated by tabs; the first line names them (`# game  board  source  ply  mover
//! result  score  position`).

use std::io::{BufRead, Write};

use guerrilla::{GameKind, Side};

use crate::records::Position;

/// The header line of a positions file.
pub const HEADER: &str = "# game\tboard\tsource\tply\tmover\tresult\tscore\tposition";

/// Writes `positions` with the header line.
pub fn write(out: &mut impl Write, positions: &[Position]) -> std::io::Result<()> {
    writeln!(out, "{HEADER}")?;
    for p in positions {
        let mover = if p.mover == Side::P1 { "p1" } else { "p2" };
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            p.game.name(),
            p.board,
            p.source,
            p.ply,
            mover,
            p.result,
            p.score,
            p.position
        )?;
    }
    Ok(())
}

/// Reads a positions file (lines starting with `#` are comments).
pub fn read(input: impl BufRead) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.splitn(8, '\t').collect();
        let bad = |what: &str| format!("line {}: expected {what} in '{line}'", i + 1);
        if f.len() != 8 {
            return Err(bad("eight tab-separated fields"));
        }
        out.push(Position {
            game: f[0].parse().map_err(|_| bad("a game name"))?,
            board: f[1].parse().map_err(|_| bad("a board side"))?,
            source: f[2].to_string(),
            ply: f[3].parse().map_err(|_| bad("a ply"))?,
            mover: match f[4] {
                "p1" => Side::P1,
                "p2" => Side::P2,
                _ => return Err(bad("p1 or p2")),
            },
            result: match f[5] {
                "1" => 1.0,
                "0" => 0.0,
                "-1" => -1.0,
                _ => return Err(bad("a result 1, 0 or -1")),
            },
            score: f[6].to_string(),
            position: f[7].to_string(),
        });
    }
    Ok(out)
}

/// The positions of one game.
pub fn of_game(positions: Vec<Position>, game: GameKind) -> Vec<Position> {
    positions.into_iter().filter(|p| p.game == game).collect()
}

/// Whether a position belongs to the test half of a split by game: the colour-swapped pairs
/// (rounds 1–2, 3–4, …: one opening each) of even number form it, so that no opening is in
/// both halves.
pub fn in_test_half(p: &Position) -> bool {
    let round: u64 = p
        .source
        .rsplit(':')
        .next()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    round.div_ceil(2).is_multiple_of(2)
}
