//! The documents are executed: every example exchange of `protocol.md` and `README.md` (a fenced
//! block marked `exchange`) runs against the real binary, each in a fresh engine, and must give
//! exactly the answers it shows; and the README's shell commands run (with small limits) and
//! must succeed. So the documents and the engine can never drift apart.
//!
//! Exchange notation (protocol.md, "How to read the examples"): `> ` starts a command, the lines
//! after it are its whole answer; a line `…` is any number of lines; `…` inside a line is any
//! text; in a block marked `illustrative`, a word of lower-case letters must match and any other
//! word stands for any word (`…` as a word: any words).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::harness::Proc;

/// One exchange block: where it starts, whether it is illustrative, its commands with their
/// expected answers.
#[derive(Debug)]
struct Exchange {
    line: usize,
    illustrative: bool,
    steps: Vec<(String, Vec<String>)>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The exchange blocks of a markdown file (fences may be indented, as inside a list).
fn exchanges(text: &str) -> Vec<Exchange> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        let indent = l.len() - l.trim_start().len();
        let fence = l.trim_start();
        if let Some(info) = fence.strip_prefix("```exchange") {
            let illustrative = info.split_whitespace().any(|w| w == "illustrative");
            let start = i + 1;
            let mut steps: Vec<(String, Vec<String>)> = Vec::new();
            i += 1;
            while i < lines.len() && lines[i].trim_start() != "```" {
                let body = lines[i].get(indent..).unwrap_or(lines[i].trim_start());
                if let Some(cmd) = body.strip_prefix("> ") {
                    steps.push((cmd.to_string(), Vec::new()));
                } else {
                    let last = steps
                        .last_mut()
                        .unwrap_or_else(|| panic!("line {}: an answer before any command", i + 1));
                    last.1.push(body.to_string());
                }
                i += 1;
            }
            assert!(i < lines.len(), "line {start}: unclosed exchange block");
            out.push(Exchange {
                line: start,
                illustrative,
                steps,
            });
        }
        i += 1;
    }
    out
}

/// `text` matches `pattern`, where `…` in the pattern stands for any text.
fn glob(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('…').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(at) => rest = &rest[at + mid.len()..],
            None => return false,
        }
    }
    true
}

/// Shape of a line: lower-case words as they are, any other word for any word, `…` for any
/// words.
fn shape(pattern: &[&str], words: &[&str]) -> bool {
    match pattern.split_first() {
        None => words.is_empty(),
        Some((&"…", rest)) => (0..=words.len()).any(|k| shape(rest, &words[k..])),
        Some((p, rest)) => match words.split_first() {
            None => false,
            Some((w, wrest)) => {
                let keyword = p.chars().all(|c| c.is_ascii_lowercase());
                (!keyword || p == w) && shape(rest, wrest)
            }
        },
    }
}

fn line_matches(pattern: &str, line: &str, illustrative: bool) -> bool {
    if illustrative {
        let p: Vec<&str> = pattern.split(' ').collect();
        let w: Vec<&str> = line.split(' ').collect();
        shape(&p, &w)
    } else {
        glob(pattern, line)
    }
}

/// The answer lines match the expected ones (`…` alone: any number of lines).
fn answer_matches(expected: &[String], got: &[String], illustrative: bool) -> bool {
    match expected.split_first() {
        None => got.is_empty(),
        Some((e, rest)) if e == "…" => {
            (0..=got.len()).any(|k| answer_matches(rest, &got[k..], illustrative))
        }
        Some((e, rest)) => match got.split_first() {
            None => false,
            Some((g, grest)) => {
                line_matches(e, g, illustrative) && answer_matches(rest, grest, illustrative)
            }
        },
    }
}

/// Sends one command and collects its whole answer (see protocol.md § 1 on where answers end).
fn run_command(p: &mut Proc, cmd: &str) -> Vec<String> {
    let word = cmd.split(' ').next().unwrap_or("");
    match word {
        "go" if !cmd.split(' ').any(|w| w == "infinite") => {
            p.send(cmd);
            p.until("bestmove", |l| l.starts_with("bestmove"))
        }
        "perft" => {
            p.send(cmd);
            p.until("the end of perft", |l| {
                l.starts_with("Nodes searched") || l.starts_with("info string")
            })
        }
        "bench" => {
            p.send(cmd);
            p.until("Nodes/second", |l| {
                l.starts_with("Nodes/second") || l.starts_with("info string")
            })
        }
        "isready" => {
            p.send(cmd);
            p.until("readyok", |l| l == "readyok")
        }
        _ => p.ask(cmd),
    }
}

/// Runs every exchange of one document; returns the failures, described.
fn run_document(name: &str) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(root().join(name)).expect("read the document");
    let blocks = exchanges(&text);
    let mut failures = Vec::new();
    for ex in &blocks {
        let mut p = Proc::spawn();
        for (cmd, expected) in &ex.steps {
            let got = if cmd == "quit" {
                p.send("quit");
                let before = p.received.len();
                let (all, status) = p.finish();
                if !status.success() {
                    failures.push(format!("{name}:{}: quit: exit status {status}", ex.line));
                }
                let got = all[before..].to_vec();
                if !answer_matches(expected, &got, ex.illustrative) {
                    failures.push(format!(
                        "{name}:{}: '{cmd}'\n  expected: {expected:#?}\n  got: {got:#?}",
                        ex.line
                    ));
                }
                break;
            } else {
                run_command(&mut p, cmd)
            };
            if !answer_matches(expected, &got, ex.illustrative) {
                failures.push(format!(
                    "{name}:{}: '{cmd}'\n  expected: {expected:#?}\n  got: {got:#?}",
                    ex.line
                ));
                break;
            }
        }
    }
    (blocks.len(), failures)
}

#[test]
fn matching_rules() {
    assert!(glob("a … b", "a x y b"));
    assert!(glob("a…", "a"));
    assert!(!glob("a … b", "a x y c"));
    assert!(line_matches("info depth 3 …", "info depth 7 nodes 9", true));
    assert!(!line_matches("info depth 3 …", "bestmove x", true));
    assert!(line_matches("bestmove c5-b4", "bestmove E4F4", true));
    assert!(!line_matches("bestmove c5-b4", "bestmove E4F4", false));
    let e: Vec<String> = ["a", "…", "z"].iter().map(|s| s.to_string()).collect();
    let g: Vec<String> = ["a", "b", "c", "z"].iter().map(|s| s.to_string()).collect();
    assert!(answer_matches(&e, &g, false));
    assert!(!answer_matches(&e, &g[..3], false));
}

#[test]
fn every_exchange_of_protocol_md_is_true() {
    let (n, failures) = run_document("protocol.md");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(n >= 15, "protocol.md has {n} exchanges");
}

#[test]
fn every_exchange_of_readme_is_true() {
    let (n, failures) = run_document("README.md");
    assert!(n >= 1, "README.md has {n} exchanges");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The README's shell commands (indented code lines starting with `cargo run` or
/// `./target/release/`), joined across `\` continuations.
fn readme_commands() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("README.md")).expect("read README.md");
    let mut out = Vec::new();
    let mut pending = String::new();
    for l in text.lines() {
        let Some(code) = l.strip_prefix("    ") else {
            continue;
        };
        let code = code.trim();
        if pending.is_empty() && !(code.starts_with("cargo ") || code.starts_with("./target/")) {
            continue;
        }
        match code.strip_suffix('\\') {
            Some(head) => {
                pending.push_str(head);
                pending.push(' ');
            }
            None => {
                pending.push_str(code);
                out.push(std::mem::take(&mut pending));
            }
        }
    }
    out
}

fn arena_binary() -> PathBuf {
    let path = root().join("target/release/guerrilla-arena");
    if !path.exists() {
        // The README builds it with `cargo build --release`; build just it if it is missing.
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--release", "-p", "guerrilla-arena"])
            .current_dir(root())
            .status()
            .expect("run cargo build");
        assert!(status.success(), "building guerrilla-arena failed");
    }
    path
}

#[test]
fn every_readme_command_runs() {
    let commands = readme_commands();
    assert!(commands.len() >= 6, "{commands:?}");
    let engine = Path::new(env!("CARGO_BIN_EXE_guerrilla"));
    let mut ran = 0;
    for c in &commands {
        let words: Vec<String> = c.split_whitespace().map(str::to_string).collect();
        let (program, mut args): (PathBuf, Vec<String>) = match words.as_slice() {
            // The build and the test commands are what runs this test.
            [cargo, verb, ..] if cargo == "cargo" && (verb == "build" || verb == "test") => {
                continue
            }
            [cargo, run, release] if cargo == "cargo" && run == "run" && release == "--release" => {
                // The engine itself: a short session on stdin.
                let out = Command::new(engine)
                    .stdin(std::fs::File::open(write_input("isready\nquit\n")).unwrap())
                    .output()
                    .expect("run the engine");
                assert!(out.status.success(), "{c}");
                assert_eq!(String::from_utf8_lossy(&out.stdout), "readyok\n", "{c}");
                ran += 1;
                continue;
            }
            [cargo, run, release, dashdash, rest @ ..]
                if cargo == "cargo"
                    && run == "run"
                    && release == "--release"
                    && dashdash == "--" =>
            {
                (engine.to_path_buf(), rest.to_vec())
            }
            [prog, rest @ ..] if prog.ends_with("guerrilla-arena") => {
                (arena_binary(), rest.to_vec())
            }
            _ => panic!("a README command this test does not know how to run: {c}"),
        };
        // Small limits: a short bench; paths to the binaries as built here.
        for i in 0..args.len() {
            if args[i] == "--seconds" && i + 1 < args.len() {
                args[i + 1] = "0.2".into();
            }
            if args[i].ends_with("target/release/guerrilla") {
                args[i] = engine.display().to_string();
            }
        }
        let out = Command::new(&program)
            .args(&args)
            .current_dir(root())
            .output()
            .unwrap_or_else(|e| panic!("{c}: {e}"));
        assert!(
            out.status.success(),
            "{c}: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stdout.is_empty(), "{c}: no output");
        ran += 1;
    }
    assert!(ran >= 5, "ran {ran} of {commands:?}");
}

/// A temporary file holding `text`, for a child's stdin.
fn write_input(text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("guerrilla-doc-{}.in", std::process::id()));
    std::fs::write(&path, text).expect("write a temporary input");
    path
}
