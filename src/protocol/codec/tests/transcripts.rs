//! The golden transcripts (`tests/transcripts/*.out`) and the exchanges of the documents,
//! read line by line: every client line is a [`Command`] written back as it came (after the
//! cleaning of protocol.md § 1), every line the engine wrote is a [`Message`] written back
//! as it came, and the lines the transcripts send as malformed input are refused with the
//! very error line the engine answered them with.

use std::path::{Path, PathBuf};

use super::super::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A masked measurement (`time *`, `nps *`, `Nodes/second: *`) as a number, and back: the
/// transcripts mask what varies from run to run.
fn unmask(line: &str) -> String {
    if line == "Nodes/second: *" {
        return "Nodes/second: 0".into();
    }
    let mut prev = "";
    line.split(' ')
        .map(|t| {
            let t2 = if t == "*" && (prev == "time" || prev == "nps") {
                "0"
            } else {
                t
            };
            prev = t;
            t2
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn mask(line: &str, like: &str) -> String {
    if like == "Nodes/second: *" {
        return like.to_string();
    }
    line.split(' ')
        .zip(like.split(' '))
        .map(|(t, l)| if l == "*" { "*" } else { t })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What reading one session found.
#[derive(Default)]
struct Read {
    commands: usize,
    messages: usize,
    /// The client lines the codec refused, as they came.
    refused: Vec<String>,
    /// The error lines read as a [`Refusal`].
    refusals: usize,
}

/// Reads one session of `> command` lines, each followed by its whole answer, checking every
/// line; `place` names the session in failures.
fn read_session(place: &str, lines: &[&str], read: &mut Read) {
    let mut within = Within::Lines;
    let mut k = 0;
    while k < lines.len() {
        let line = lines[k];
        let at = format!("{place}, line {}: {line:?}", k + 1);
        k += 1;
        if let Some(sent) = line.strip_prefix("> ") {
            read.commands += 1;
            match sent.parse::<Command>() {
                Ok(cmd) => {
                    let cleaned = clean_line(sent).expect("a command line is not empty");
                    assert_eq!(cmd.to_string(), cleaned, "{at}");
                    within = Within::after(&cmd);
                }
                Err(e) => {
                    // The engine answered the refused line with this very error line.
                    let cleaned = clean_line(sent).unwrap_or_default();
                    let answer = lines.get(k).copied().unwrap_or_default();
                    assert_eq!(answer, Message::error(&e, &cleaned).to_string(), "{at}");
                    read.refused.push(sent.to_string());
                    within = Within::Lines;
                }
            }
            continue;
        }
        read.messages += 1;
        let text = unmask(line);
        let m = Message::parse_within(&text, within).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(mask(&m.to_string(), line), line, "{at}");
        if let Message::Info(r) = &m {
            // Another engine's reader reads the engine's reports the same.
            assert_eq!(InfoReport::read_any(&text).as_ref(), Ok(r), "{at}");
        }
        if let Message::Error(e) = &m {
            // A refusal of input is read in its one shape and written back as it came.
            if e.starts_with("expected ") {
                let r: Refusal = e.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                assert_eq!(&r.to_string(), e, "{at}");
                read.refusals += 1;
            }
        }
    }
}

/// Every line of every golden transcript.
#[test]
fn the_golden_transcripts_read_back_line_by_line() {
    let dir = root().join("tests/transcripts");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the transcripts folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "out"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    let mut read = Read::default();
    for path in &names {
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        read_session(&path.display().to_string(), &lines, &mut read);
    }
    // The lines `checkers_errors` sends as malformed input, and only those, are refused.
    assert_eq!(
        read.refused,
        [
            "frobnicate",
            "ugi now",
            "position",
            "position fen",
            "position startpos D4D5",
            "go nodes",
            "go nodes -5",
            "go depth 99999999999",
            "go sideways",
            "query",
            "query everything",
            "play",
            "perft",
            "perft x",
            "undo undo",
        ]
    );
    assert!(
        read.commands >= 90 && read.messages >= 300 && read.refusals >= 15,
        "{} {} {}",
        read.commands,
        read.messages,
        read.refusals
    );
}

/// The exchanges of a markdown file: `(place, lines)` of each block fenced `exchange` that is
/// not illustrative, its fence's indentation removed, without the lines that hold `…` (a
/// stand-in for varying text) or follow a command whose answer is cut by one.
fn exchanges(path: &Path) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut blocks = Vec::new();
    let mut open: Option<(usize, usize, Vec<String>)> = None;
    for (n, raw) in text.lines().enumerate() {
        let trimmed = raw.trim_start();
        match &mut open {
            None => {
                if trimmed.starts_with("```exchange") && !trimmed.contains("illustrative") {
                    open = Some((n + 1, raw.len() - trimmed.len(), Vec::new()));
                }
            }
            Some((start, indent, lines)) => {
                if trimmed.starts_with("```") {
                    blocks.push((format!("{}:{start}", path.display()), std::mem::take(lines)));
                    open = None;
                } else {
                    lines.push(raw.get(*indent..).unwrap_or("").to_string());
                }
            }
        }
    }
    blocks
}

/// Every exchange of protocol.md and the README: the commands, the views, the answers of
/// `step`, `play` and `expand`, `about` and `geometry`.
#[test]
fn the_documents_exchanges_read_back_line_by_line() {
    let mut read = Read::default();
    let mut blocks = 0;
    for doc in ["protocol.md", "README.md"] {
        for (place, lines) in exchanges(&root().join(doc)) {
            blocks += 1;
            let kept: Vec<&str> = lines
                .iter()
                .map(String::as_str)
                .filter(|l| !l.contains('…'))
                .collect();
            read_session(&place, &kept, &mut read);
        }
    }
    assert!(blocks >= 25, "{blocks} exchanges");
    assert!(read.messages >= 150, "{} lines", read.messages);
}
