//! The documents are executed: every code block of every markdown file of the repository is
//! found (as CommonMark reads them: fenced, indented, inside lists) and run or checked by what
//! its fence's tag says, so the documents and the programs cannot drift apart. The tags
//! (doc/examples.md tells writers):
//!
//! * `exchange` — a session with the engine (`> ` a command, then its whole answer), run in a
//!   fresh engine as protocol.md § 1 tells a client to send it (`exchange.rs`); `exchange
//!   illustrative` matches words by shape (protocol.md, "How to read the examples").
//! * `sh` — shell commands, run with bash from the repository's root (or `cwd=DIR`), with this
//!   build's binaries for `target/release/…`; `sh long` — commands too long to run here or
//!   needing the network or another program: parsed by bash, and every option of this
//!   repository's programs checked against their `--help` (`shell.rs`).
//! * `python` — a script, run with the Python client importable; `pycon` — a document's
//!   interactive examples, run as one doctest session.
//! * `output` — right after a `sh` or `python` block: its standard output, matched line by
//!   line as an exchange's answers are (`…`; `output illustrative` by shape).
//! * `text` — shown, not run: a format, a grammar, a picture.
//! * `file=PATH` after any tag — the block is that file of the repository, verbatim.
//!
//! Any other tag, a fence without one and an indented code block fail the test.

mod exchange;
mod shell;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One code block of a document: the line its content starts on, its fence's words (none for
/// an indented block), its text.
#[derive(Debug)]
struct Block {
    line: usize,
    info: Option<Vec<String>>,
    text: String,
}

/// The code blocks of a markdown text.
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for (event, range) in Parser::new(text).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => {
                        Some(info.split_whitespace().map(str::to_string).collect())
                    }
                    CodeBlockKind::Indented => None,
                };
                let mut line = text[..range.start].lines().count() + 1;
                if info.is_some() {
                    line += 1; // the content starts after the fence
                }
                current = Some(Block {
                    line,
                    info,
                    text: String::new(),
                });
            }
            Event::Text(t) => {
                if let Some(b) = current.as_mut() {
                    b.text.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => out.extend(current.take()),
            _ => {}
        }
    }
    out
}

/// The markdown files of the repository, relative to its root, sorted (build output and
/// hidden folders left out).
fn documents() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read a folder") {
            let path = entry.expect("a folder entry").path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                if !(name.starts_with('.') || name == "target" || name == "node_modules") {
                    walk(&path, out);
                }
            } else if name.ends_with(".md") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&root(), &mut paths);
    let mut names: Vec<String> = paths
        .iter()
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    names.sort();
    names
}

/// What was done with one document's blocks: how many of each tag, and the failures.
#[derive(Default)]
struct Tally {
    counts: BTreeMap<String, usize>,
    failures: Vec<String>,
}

impl Tally {
    fn count(&mut self, tag: &str) {
        *self.counts.entry(tag.to_string()).or_default() += 1;
    }
    /// How many blocks of these tags there were.
    fn of(&self, tags: &[&str]) -> usize {
        tags.iter().filter_map(|t| self.counts.get(*t)).sum()
    }
    /// The blocks run: executed, or compared with what the block before printed.
    fn run(&self) -> usize {
        self.of(&["exchange", "sh", "python", "pycon", "output"])
    }
    /// The blocks checked without being run: `sh long` and `file=`.
    fn checked(&self) -> usize {
        self.of(&["sh long", "file"])
    }
}

/// Runs or checks every block of one document.
fn run_document(name: &str) -> Tally {
    let text = std::fs::read_to_string(root().join(name)).expect("read the document");
    let blocks = blocks(&text);
    let mut tally = Tally::default();
    let mut pycon = Vec::new();
    // The standard output of the last `sh` or `python` block, for an `output` block after it.
    let mut last_output: Option<(usize, String)> = None;
    // The last `python` or `sh` block skipped for want of python3 (`tests/support/tools.rs`).
    let mut skipped: Option<usize> = None;
    for (k, b) in blocks.iter().enumerate() {
        let at = format!("{name}:{}", b.line);
        let Some(info) = &b.info else {
            tally.failures.push(format!(
                "{at}: an indented code block: write it fenced, with a tag (doc/examples.md)"
            ));
            continue;
        };
        let tag = info.first().map(String::as_str).unwrap_or("");
        let flags: Vec<&str> = info.iter().skip(1).map(String::as_str).collect();
        let attr = |key: &str| {
            flags
                .iter()
                .find_map(|f| f.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
        };
        let previous_output = last_output.take();
        let result: Result<(), String> = if let Some(file) = attr("file") {
            tally.count("file");
            match std::fs::read_to_string(root().join(file)) {
                Ok(content) if content.trim_end() == b.text.trim_end() => Ok(()),
                Ok(_) => Err(format!("the block is not {file} as it is")),
                Err(e) => Err(format!("{file}: {e}")),
            }
        } else {
            match (tag, flags.as_slice()) {
                ("exchange", []) | ("exchange", ["illustrative"]) => {
                    tally.count("exchange");
                    exchange::parse(&b.text, !flags.is_empty()).and_then(|ex| exchange::run(&ex))
                }
                ("sh", f) if f.iter().all(|w| *w == "long" || w.starts_with("cwd=")) => {
                    let cwd = root().join(attr("cwd").unwrap_or("."));
                    if f.contains(&"long") {
                        tally.count("sh long");
                        shell::check_long(&b.text, &cwd).map(|_| ())
                    } else if shell::runs_python(&b.text) && shell::python_skipped() {
                        tally.count("sh skipped");
                        skipped = Some(k);
                        Ok(())
                    } else {
                        tally.count("sh");
                        let ran = shell::run_sh(&b.text, &cwd);
                        last_output = Some((k, ran.stdout.clone()));
                        ran_ok(&ran)
                    }
                }
                ("python", []) if shell::python_skipped() => {
                    tally.count("python skipped");
                    skipped = Some(k);
                    Ok(())
                }
                ("python", []) => {
                    tally.count("python");
                    let ran = shell::run_python(&b.text);
                    last_output = Some((k, ran.stdout.clone()));
                    ran_ok(&ran)
                }
                ("pycon", []) if shell::python_skipped() => {
                    tally.count("pycon skipped");
                    Ok(())
                }
                ("pycon", []) => {
                    tally.count("pycon");
                    pycon.push((b.line - 1, b.text.clone()));
                    Ok(())
                }
                ("output", []) | ("output", ["illustrative"])
                    if skipped == Some(k.wrapping_sub(1)) =>
                {
                    tally.count("output skipped");
                    Ok(())
                }
                ("output", []) | ("output", ["illustrative"]) => {
                    tally.count("output");
                    match previous_output {
                        Some((j, got)) if j + 1 == k => {
                            let expected: Vec<String> =
                                b.text.lines().map(str::to_string).collect();
                            let got: Vec<String> = got.lines().map(str::to_string).collect();
                            if exchange::answer_matches(&expected, &got, !flags.is_empty()) {
                                Ok(())
                            } else {
                                Err(format!("expected: {expected:#?}\n  got: {got:#?}"))
                            }
                        }
                        _ => {
                            Err("an output block must come right after a sh or python block".into())
                        }
                    }
                }
                ("text", []) => {
                    tally.count("text");
                    Ok(())
                }
                _ => Err(format!(
                    "a block tagged '{}': not a tag the docs test knows (doc/examples.md)",
                    info.join(" ")
                )),
            }
        };
        if let Err(e) = result {
            tally.failures.push(format!("{at}: {e}"));
        }
    }
    if !pycon.is_empty() {
        let ran = shell::run_pycon(name, &pycon);
        if let Err(e) = ran_ok(&ran) {
            tally
                .failures
                .push(format!("{name}: the pycon examples: {e}"));
        }
    }
    tally
}

/// A command or script that must have succeeded.
fn ran_ok(ran: &shell::Ran) -> Result<(), String> {
    if ran.ok {
        Ok(())
    } else {
        Err(format!(
            "it failed\n--- stdout\n{}\n--- stderr\n{}",
            ran.stdout, ran.stderr
        ))
    }
}

/// The documents whose examples the project promises to run (any other markdown file is run
/// too, being found).
const EXPECTED: [&str; 15] = [
    "README.md",
    "protocol.md",
    "adapters/README.md",
    "adapters/cutegames/README.md",
    "adapters/python/README.md",
    "adapters/sparring/README.md",
    "doc/adding-a-game.md",
    "doc/architecture.md",
    "doc/checkers.md",
    "doc/examples.md",
    "doc/guide-gui.md",
    "doc/guide-matches.md",
    "doc/guide-scripts.md",
    "doc/rules.md",
    "doc/wells.md",
];

#[test]
fn every_example_of_every_document_runs() {
    let docs = documents();
    for name in EXPECTED {
        assert!(docs.iter().any(|d| d == name), "{name} is missing");
    }
    let mut failures = Vec::new();
    let (mut total, mut checked) = (0, 0);
    println!("code blocks, per document:");
    for name in &docs {
        let tally = run_document(name);
        let detail: Vec<String> = tally
            .counts
            .iter()
            .map(|(tag, n)| format!("{n} {tag}"))
            .collect();
        println!(
            "  {name}: {} run, {} checked without running, {} shown ({})",
            tally.run(),
            tally.checked(),
            tally.of(&["text"]),
            detail.join(", ")
        );
        total += tally.run();
        checked += tally.checked();
        failures.extend(tally.failures);
    }
    println!(
        "  all {} documents: {total} run, {checked} checked without running",
        docs.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(total >= 50, "only {total} examples run");
}

#[test]
fn blocks_are_found_as_commonmark_reads_them() {
    let md = "text\n\n```exchange\n> isready\nreadyok\n```\n\n    indented\n\n\
              * item\n\n  ```sh long\n  cargo build\n  ```\n\n```\nuntagged\n```\n";
    let found = blocks(md);
    let infos: Vec<Option<String>> = found
        .iter()
        .map(|b| b.info.as_ref().map(|i| i.join(" ")))
        .collect();
    assert_eq!(
        infos,
        [
            Some("exchange".into()),
            None,
            Some("sh long".into()),
            Some(String::new())
        ]
    );
    assert_eq!(found[0].line, 4);
    assert_eq!(found[2].text, "cargo build\n");
}

#[test]
fn untagged_unknown_and_indented_blocks_fail() {
    let dir = root().join("target").join("docs-test");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.md");
    std::fs::write(
        &file,
        "```\nuntagged\n```\n\n```rust\nfn main() {}\n```\n\n    indented\n\n\
         ```output\nnothing before\n```\n\n```text\nshown\n```\n",
    )
    .unwrap();
    let tally = run_document("target/docs-test/bad.md");
    assert_eq!(tally.failures.len(), 4, "{:#?}", tally.failures);
    assert_eq!(tally.counts.get("text"), Some(&1));
}
