//! `sh`, `python` and `pycon` blocks: commands and scripts run as a reader would run them, from
//! the repository's root (or the block's `cwd=`), with the binaries of this build standing in
//! for `target/release/…` and `cargo run --release --`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::root;

/// The longest one block may run.
const BLOCK_TIMEOUT: Duration = Duration::from_secs(180);

/// The folder of this build's binaries (`target/debug` or `target/release`).
fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_guerrilla"))
        .parent()
        .expect("the engine's folder")
        .to_path_buf()
}

/// The workspace's programs the documents run, by binary name: its package.
const PROGRAMS: [(&str, &str); 5] = [
    ("guerrilla", "guerrilla"),
    ("guerrilla-arena", "guerrilla-arena"),
    ("arena-fault-engine", "guerrilla-arena"),
    ("guerrilla-web", "guerrilla-web"),
    ("guerrilla-sparring", "guerrilla-sparring"),
];

/// The path of one of the workspace's binaries in this build's folder, built from the sources
/// as they are with this build's profile once per test run (a `cargo test` of the engine alone
/// builds only the engine, and a binary left from an older build would answer for old code).
pub fn binary(name: &str) -> PathBuf {
    static BUILT: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let path = bin_dir().join(name);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let package = PROGRAMS
        .iter()
        .find(|(bin, _)| *bin == name)
        .map(|(_, p)| *p)
        .unwrap_or_else(|| panic!("{name} is not a program of this workspace"));
    if package != "guerrilla" && !built.contains(&package) {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .args(["build", "-p", package, "--bins"])
            .current_dir(root());
        if bin_dir().ends_with("release") {
            build.arg("--release");
        }
        let status = build.status().expect("run cargo build");
        assert!(status.success(), "building {package} failed");
        built.push(package);
    }
    path
}

/// `text` with this build's binaries for `[./][../]target/release/<program>` and for the
/// engine's `cargo run --release --`.
pub fn localize(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("target/release/") {
        // Back to the start of the path: `./`, `../../` or nothing before `target/`.
        let mut start = at;
        while start > 0 && matches!(rest.as_bytes()[start - 1], b'.' | b'/') {
            start -= 1;
        }
        out.push_str(&rest[..start]);
        let after = &rest[at + "target/release/".len()..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(after.len());
        out.push_str(&binary(&after[..name_len]).display().to_string());
        rest = &after[name_len..];
    }
    out.push_str(rest);
    // After the paths: this build's folder may itself be a `target/release`.
    let engine = binary("guerrilla").display().to_string();
    out.replace("cargo run --release -- ", &format!("{engine} "))
}

/// What a child process gave: its exit status (`None` when it was killed at the time-out),
/// its standard output and its standard error.
pub struct Ran {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `cmd` to its end or [`BLOCK_TIMEOUT`], in a process group of its own that is killed at
/// the time-out (a shell's children too).
pub fn run(mut cmd: Command) -> Ran {
    use std::os::unix::process::CommandExt;
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = cmd.spawn().unwrap_or_else(|e| panic!("start {cmd:?}: {e}"));
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + BLOCK_TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = Command::new("kill")
                .args(["-9", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (stdout, mut stderr) = (out_reader.join().unwrap(), err_reader.join().unwrap());
    if status.is_none() {
        stderr.push_str(&format!("\n(killed after {BLOCK_TIMEOUT:?})"));
    }
    Ran {
        ok: status.is_some_and(|s| s.success()),
        stdout,
        stderr,
    }
}

/// The commands of a `sh` block: its lines joined across a final `\`, comments and blank
/// lines left out.
pub fn commands(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for l in body.lines() {
        let l = l.trim();
        if pending.is_empty() && (l.is_empty() || l.starts_with('#')) {
            continue;
        }
        match l.strip_suffix('\\') {
            Some(head) => {
                pending.push_str(head.trim_end());
                pending.push(' ');
            }
            None => {
                pending.push_str(l);
                out.push(std::mem::take(&mut pending));
            }
        }
    }
    out
}

/// Runs a `sh` block with bash (`set -euo pipefail`) in `cwd`.
pub fn run_sh(body: &str, cwd: &Path) -> Ran {
    let script = format!("set -euo pipefail\n{}\n", localize(body));
    let mut cmd = Command::new("bash");
    cmd.arg("-c").arg(script).current_dir(cwd);
    run(cmd)
}

/// Checks a `sh long` block without running it: bash parses it, and every command of a
/// program of this repository (the workspace's binaries, `cargo`, a Python script of the
/// repository) names only options that its `--help` lists. Programs from elsewhere (`pip`,
/// `git`, `sbatch`, …) are only parsed.
pub fn check_long(body: &str, cwd: &Path) -> Result<usize, String> {
    let parsed = run({
        let mut c = Command::new("bash");
        c.arg("-n").arg("-c").arg(body).current_dir(cwd);
        c
    });
    if !parsed.ok {
        return Err(format!("bash cannot parse it: {}", parsed.stderr));
    }
    let mut checked = 0;
    for command in commands(body) {
        // The words after any leading `NAME=value` assignments.
        let words: Vec<&str> = command
            .split_whitespace()
            .skip_while(|w| w.split_once('=').is_some_and(|(n, _)| !n.contains('-')))
            .collect();
        let Some(&first) = words.first() else {
            continue;
        };
        // (program and the words before the options, the options checked against its help)
        let (mut help_cmd, args): (Vec<String>, &[&str]) = if first == "cargo" {
            let verb = words.get(1).copied().unwrap_or("");
            match words.iter().position(|w| *w == "--") {
                Some(dd) if verb == "run" => {
                    check_help(&["cargo".into(), "run".into()], &words[2..dd], cwd)?;
                    (
                        vec![binary("guerrilla").display().to_string()],
                        &words[dd + 1..],
                    )
                }
                _ => (vec!["cargo".into(), verb.into()], &words[2..]),
            }
        } else if first.ends_with(".py") || (first == "python3" && words.len() > 1) {
            if python_skipped() {
                continue;
            }
            let script = if first == "python3" { words[1] } else { first };
            let at = words.iter().position(|w| *w == script).unwrap_or(0);
            (vec!["python3".into(), script.into()], &words[at + 1..])
        } else if let Some((bin, _)) = PROGRAMS
            .iter()
            .find(|(bin, _)| first == *bin || first.ends_with(&format!("target/release/{bin}")))
        {
            (vec![binary(bin).display().to_string()], &words[1..])
        } else {
            continue;
        };
        // A subcommand (`perft`, `merge`, …) has a help of its own.
        let mut args = args;
        if let Some(sub) = args
            .first()
            .filter(|a| a.chars().all(|c| c.is_ascii_lowercase()))
        {
            let mut with_sub = help_cmd.clone();
            with_sub.push(sub.to_string());
            if help_text(&with_sub, cwd).is_some() {
                help_cmd = with_sub;
                args = &args[1..];
            }
        }
        check_help(&help_cmd, args, cwd)?;
        checked += 1;
    }
    Ok(checked)
}

/// `<program> --help`'s output, when it succeeds.
fn help_text(program: &[String], cwd: &Path) -> Option<String> {
    let mut c = Command::new(&program[0]);
    c.args(&program[1..]).arg("--help").current_dir(cwd);
    let ran = run(c);
    ran.ok.then_some(ran.stdout)
}

/// Every `--option` (or `-x`) among `args` is in `program --help`.
fn check_help(program: &[String], args: &[&str], cwd: &Path) -> Result<(), String> {
    let help = help_text(program, cwd).ok_or_else(|| format!("{program:?} --help fails"))?;
    for a in args {
        let option = a.split('=').next().unwrap_or(a);
        let is_option = option.starts_with('-') && option.len() > 1 && !option.starts_with("-$");
        if is_option && !help.contains(option) {
            return Err(format!("{program:?} --help does not list {option}"));
        }
    }
    Ok(())
}

/// True when `python3` is missing and `GUERRILLA_SKIP_MISSING_TOOLS=1` skips the `python` and
/// `pycon` blocks, the `sh` blocks that run Python and the `--help` checks of the Python
/// scripts in `sh long` blocks; without
/// the variable a missing `python3` fails the test here (`tests/support/tools.rs`).
pub fn python_skipped() -> bool {
    static MISSING: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *MISSING.get_or_init(|| {
        let missing = !crate::tools::runs("python3");
        if missing {
            crate::tools::missing_tool(
                "python3",
                "apt-get install python3",
                "the documents' Python examples",
            );
        }
        missing
    })
}

/// True when a `sh` block runs Python (`python3`, or a `.py` script).
pub fn runs_python(body: &str) -> bool {
    body.split_whitespace()
        .any(|w| w.starts_with("python") || w.ends_with(".py"))
}

/// Runs a `python` block with this repository's client importable.
pub fn run_python(body: &str) -> Ran {
    let mut cmd = Command::new("python3");
    cmd.arg("-c")
        .arg(localize(body))
        .current_dir(root())
        .env("PYTHONPATH", root().join("adapters/python/src"));
    run(cmd)
}

/// Runs a document's `pycon` blocks as one doctest session (each block sees the names of the
/// blocks before it), each example's line numbers those of the document.
pub fn run_pycon(name: &str, blocks: &[(usize, String)]) -> Ran {
    let mut script = String::from(
        "import doctest, sys\n\
         parser, names = doctest.DocTestParser(), {}\n\
         runner = doctest.DocTestRunner(optionflags=doctest.REPORT_NDIFF)\n\
         blocks = []\n",
    );
    for (line, text) in blocks {
        script.push_str(&format!(
            "blocks.append(({line}, {}))\n",
            py_str(&localize(text))
        ));
    }
    script.push_str(&format!(
        "for line, text in blocks:\n\
         \x20   test = parser.get_doctest(text, names, {name:?}, {name:?}, line)\n\
         \x20   test.globs = names\n\
         \x20   runner.run(test, clear_globs=False)\n\
         outcome = runner.summarize(verbose=False)\n\
         print(f'{{outcome.attempted}} examples, {{outcome.failed}} failed')\n\
         sys.exit(1 if outcome.failed or not outcome.attempted else 0)\n"
    ));
    let mut cmd = Command::new("python3");
    cmd.arg("-c")
        .arg(script)
        .current_dir(root())
        .env("PYTHONPATH", root().join("adapters/python/src"));
    run(cmd)
}

/// `text` as a Python string literal.
fn py_str(text: &str) -> String {
    let mut s = String::from("'");
    for c in text.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '\'' => s.push_str("\\'"),
            '\n' => s.push_str("\\n"),
            c => s.push(c),
        }
    }
    s.push('\'');
    s
}

#[test]
fn commands_and_paths() {
    assert_eq!(
        commands("# a comment\n\ncargo build \\\n    --release\nls"),
        ["cargo build --release", "ls"]
    );
    let engine = binary("guerrilla").display().to_string();
    assert_eq!(
        localize("cmd=./target/release/guerrilla x"),
        format!("cmd={engine} x")
    );
    assert_eq!(
        localize("../../target/release/guerrilla"),
        engine.to_string()
    );
    assert_eq!(
        localize("cargo run --release -- perft"),
        format!("{engine} perft")
    );
    assert!(check_long("cargo test --release", &root()).is_ok());
    assert!(check_long("cargo test --relaese", &root()).is_err());
    assert!(check_long("guerrilla perft --depth 3 --no-such-flag", &root()).is_err());
    assert!(check_long("if then", &root()).is_err());
}
