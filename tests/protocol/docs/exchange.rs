//! `exchange` blocks: a session with the engine, run in a fresh engine the way protocol.md § 1
//! tells a client to send it, and the answer lines matched as protocol.md's "How to read the
//! examples" says.

use crate::harness::Proc;

/// One exchange: whether it is illustrative, its commands with their expected answers.
#[derive(Debug)]
pub struct Exchange {
    pub illustrative: bool,
    pub steps: Vec<(String, Vec<String>)>,
}

/// Reads an exchange block's text: `> ` starts a command, the lines after it are its answer.
pub fn parse(body: &str, illustrative: bool) -> Result<Exchange, String> {
    let mut steps: Vec<(String, Vec<String>)> = Vec::new();
    for (k, l) in body.lines().enumerate() {
        if let Some(cmd) = l.strip_prefix("> ") {
            steps.push((cmd.to_string(), Vec::new()));
        } else {
            match steps.last_mut() {
                Some(last) => last.1.push(l.to_string()),
                None => return Err(format!("line {}: an answer before any command", k + 1)),
            }
        }
    }
    if steps.is_empty() {
        return Err("an exchange without a command".into());
    }
    Ok(Exchange {
        illustrative,
        steps,
    })
}

/// `text` matches `pattern`, where `…` in the pattern stands for any text.
pub fn glob(pattern: &str, text: &str) -> bool {
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

pub fn line_matches(pattern: &str, line: &str, illustrative: bool) -> bool {
    if illustrative {
        let p: Vec<&str> = pattern.split(' ').collect();
        let w: Vec<&str> = line.split(' ').collect();
        shape(&p, &w)
    } else {
        glob(pattern, line)
    }
}

/// The answer lines match the expected ones (`…` alone: any number of lines).
pub fn answer_matches(expected: &[String], got: &[String], illustrative: bool) -> bool {
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

/// Sends one command and collects its whole answer as protocol.md § 1 tells a client to: the
/// commands answered on the command loop are followed by `isready` (sent at once, not waited
/// for) and their answer ends before `readyok`; after `go` and `perft` the client waits for
/// their last line (`bestmove`; the `Nodes searched` total, `info string perft stopped` or an
/// error) before it sends anything else (but after `go infinite` and `go ponder`, whose
/// `bestmove` waits for `stop`: after `ponderhit`, it waits for the `bestmove` or the error);
/// `bench` ends with `Nodes/second`.
fn run_command(p: &mut Proc, cmd: &str) -> Vec<String> {
    let word = cmd.split(' ').next().unwrap_or("");
    match word {
        "go" if !cmd.split(' ').any(|w| w == "infinite" || w == "ponder") => {
            p.send(cmd);
            p.until("bestmove", |l| l.starts_with("bestmove"))
        }
        "ponderhit" => {
            p.send(cmd);
            p.until("bestmove", |l| {
                l.starts_with("bestmove") || l.starts_with("info string error")
            })
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

/// Runs one exchange in a fresh engine; `Err` describes the first answer that differs.
pub fn run(ex: &Exchange) -> Result<(), String> {
    let mut p = Proc::spawn();
    for (cmd, expected) in &ex.steps {
        let got = if cmd == "quit" {
            p.send("quit");
            let before = p.received.len();
            let (all, status) = p.finish();
            if !status.success() {
                return Err(format!("quit: exit status {status}"));
            }
            let got = all[before..].to_vec();
            if !answer_matches(expected, &got, ex.illustrative) {
                return Err(format!(
                    "'{cmd}'\n  expected: {expected:#?}\n  got: {got:#?}"
                ));
            }
            return Ok(());
        } else {
            run_command(&mut p, cmd)
        };
        if !answer_matches(expected, &got, ex.illustrative) {
            return Err(format!(
                "'{cmd}'\n  expected: {expected:#?}\n  got: {got:#?}"
            ));
        }
    }
    Ok(())
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
    assert!(parse("readyok\n> isready", false).is_err());
    let ex = parse("> isready\nreadyok\n> query p1turn\nresponse false", false).unwrap();
    assert!(run(&ex).unwrap_err().contains("query p1turn"));
}
