//! Every file path that a comment or a document of the repository names exists: in the
//! comments of source files (`//` in Rust and JavaScript, `#` in Python, shell and TOML) and in
//! the whole text of Markdown files.
//!
//! What counts as a path: a word of letters, digits and `_ . / -` that names a source or
//! document file (ending in `.rs`, `.md`, `.py`, `.sh`, `.toml`, `.js`, `.html`, `.css`), a data
//! file inside a folder (`tests/data/checkers.perft`, `benches/data/….txt`), or a folder of the
//! repository's top level (`src/search/`). A word followed by `<`, `{` or `*` is a pattern, not
//! a path; a word starting with `/` or `.` is left alone (other machines' paths, URLs).
//!
//! Where a path may be: relative to the file's own folder or to any folder above it up to the
//! repository's root (so `turns/list.rs` in `src/checkers/mod.rs`, `doc/rules.md` anywhere), or
//! the tail of some path of the repository (so a table of `doc/architecture.md` may name
//! `setup.rs` beside the folder it is in). A name that no file of the repository has fails.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Folders that are not the repository's own text.
const SKIP: [&str; 7] = [
    "target",
    ".git",
    "node_modules",
    "__pycache__",
    ".pytest_cache",
    ".venv",
    "venv",
];
/// Source and document files: a word ending so is a path.
const CODE: [&str; 8] = ["rs", "md", "py", "sh", "toml", "js", "html", "css"];
/// Data files: a word ending so is a path when it has a folder in it.
const DATA: [&str; 7] = ["perft", "txt", "json", "in", "out", "yml", "yaml"];
/// The repository's top-level folders: a word starting so and ending in `/` (or with no
/// extension) is a path.
const TOPS: [&str; 6] = ["src/", "tests/", "benches/", "doc/", "adapters/", "tools/"];

/// Every file under `dir`, as paths relative to `root` with `/` separators.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !SKIP.contains(&name.as_str()) {
                walk(root, &path, out);
            }
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The extension of a path's last part, if it has one.
fn extension(word: &str) -> Option<&str> {
    let last = word.rsplit('/').next().unwrap_or(word);
    last.rsplit_once('.').map(|(_, e)| e)
}

/// True when `word` names a path (see the module documentation).
fn is_path(word: &str) -> bool {
    match extension(word) {
        Some(e) if CODE.contains(&e) => true,
        Some(e) if DATA.contains(&e) => word.contains('/'),
        Some(_) => false,
        None => TOPS.iter().any(|t| word.starts_with(t)),
    }
}

/// The text of `file` a path may be named in: comments of source files, all of a document.
fn commented(file: &str, text: &str) -> Vec<(usize, String)> {
    let marker = match extension(file) {
        Some("rs" | "js" | "css") => Some("//"),
        Some("py" | "sh" | "toml") => Some("#"),
        Some("md") => None,
        _ => return Vec::new(),
    };
    // A `//` after a `:` is a URL's, not a comment's.
    let start = |line: &str, m: &str| {
        line.match_indices(m)
            .map(|(at, _)| at)
            .find(|&at| m != "//" || !line[..at].ends_with(':'))
    };
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| match marker {
            None => Some((i + 1, line.to_string())),
            Some(m) => start(line, m).map(|at| (i + 1, line[at + m.len()..].to_string())),
        })
        .collect()
}

/// The words of `line` that name paths.
fn paths_in(line: &str) -> Vec<String> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find(is_word) {
        let tail = &rest[start..];
        let end = tail.find(|c| !is_word(c)).unwrap_or(tail.len());
        let (word, after) = (&tail[..end], &tail[end..]);
        rest = after;
        if after.starts_with(['<', '{', '*']) {
            continue;
        }
        let word = word.trim_end_matches(['.', ',']);
        let word = word.strip_prefix("./").unwrap_or(word);
        if word.is_empty() || word.starts_with(['/', '.', '-']) || word.contains("//") {
            continue;
        }
        // What a build or an example writes under `target/` is no file of the repository.
        if word.starts_with("target/") {
            continue;
        }
        if is_path(word) {
            out.push(word.to_string());
        }
    }
    out
}

#[test]
fn every_path_named_in_a_comment_or_a_document_exists() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    let mut known: BTreeSet<String> = files.iter().cloned().collect();
    for f in &files {
        let mut dir = Path::new(f).parent();
        while let Some(d) = dir.filter(|d| !d.as_os_str().is_empty()) {
            known.insert(d.to_string_lossy().into_owned());
            dir = d.parent();
        }
    }
    let exists = |from: &str, word: &str| {
        let word = word.trim_end_matches('/');
        let mut dir = Path::new(from).parent();
        loop {
            let base = dir
                .map(|d| d.to_string_lossy().into_owned())
                .unwrap_or_default();
            let joined = if base.is_empty() {
                word.to_string()
            } else {
                format!("{base}/{word}")
            };
            if known.contains(&joined) {
                return true;
            }
            match dir {
                Some(d) if !d.as_os_str().is_empty() => dir = d.parent(),
                _ => break,
            }
        }
        let tail = format!("/{word}");
        known.iter().any(|k| k.ends_with(&tail))
    };
    let mut missing = Vec::new();
    let mut named = 0;
    // This file's own examples name paths on purpose.
    for f in files.iter().filter(|f| *f != "tests/paths.rs") {
        let Ok(text) = fs::read_to_string(root.join(f)) else {
            continue;
        };
        for (line, part) in commented(f, &text) {
            for word in paths_in(&part) {
                named += 1;
                if !exists(f, &word) {
                    missing.push(format!("{f}:{line}: {word}"));
                }
            }
        }
    }
    assert!(named > 500, "only {named} paths named: the scan is broken");
    assert!(
        missing.is_empty(),
        "paths named that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_scan_finds_paths_and_leaves_other_words() {
    assert_eq!(
        paths_in("see `src/checkers/turns/list.rs`, then doc/rules.md."),
        ["src/checkers/turns/list.rs", "doc/rules.md"]
    );
    assert_eq!(
        paths_in("the folder src/search/ and tests/"),
        ["src/search/", "tests/"]
    );
    assert_eq!(
        paths_in("data: tests/data/wells.perft"),
        ["tests/data/wells.perft"]
    );
    assert!(paths_in("benches/data/timing-<game>.txt, tests/data/*.perft").is_empty());
    assert!(paths_in("self.out, pos.perft, fastchess's tests/sprt_test.cpp").is_empty());
    assert!(paths_in("/work/x.rs, https://example.org/a/b.py, ../shared/y.md").is_empty());
    assert_eq!(
        commented("a.rs", "let x = 1; // see b.rs\nno c.rs"),
        [(1, " see b.rs".to_string())]
    );
}
