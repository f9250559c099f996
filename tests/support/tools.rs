//! What a test does when a program it needs from outside the project (python3, python-chess,
//! chromium, chromedriver) is missing: it **fails**, naming the program and how to install it,
//! unless the one opt-out variable `GUERRILLA_SKIP_MISSING_TOOLS=1` is set, and then it says on
//! standard error what it skipped and returns. `.ci/run` installs every such program and never
//! sets the variable, so a green run there has run every check.
//!
//! Included (`#[path]`) by the engine's `tests/checkers`, `tests/wells` and `tests/protocol`
//! and by the web GUI's browser test; the arena's tests apply the same rule with the same
//! variable in `adapters/arena/tests/common/mod.rs`.

use std::process::{Command, Stdio};

/// The opt-out variable: set to `1`, a missing program skips the checks that need it.
pub const SKIP_MISSING_TOOLS: &str = "GUERRILLA_SKIP_MISSING_TOOLS";

/// True when `program` can be started here (`program --version`, found on `PATH` or by its
/// path).
#[allow(dead_code)]
pub fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Called by a test that cannot run because `tool` is missing: panics with what to install
/// (`install`), unless [`SKIP_MISSING_TOOLS`] is `1`; then it prints what is skipped
/// (`skipped`) and returns, and the caller skips those checks.
pub fn missing_tool(tool: &str, install: &str, skipped: &str) {
    if std::env::var(SKIP_MISSING_TOOLS).as_deref() == Ok("1") {
        eprintln!("SKIPPED ({SKIP_MISSING_TOOLS}=1): {skipped}: {tool} is missing");
    } else {
        panic!(
            "{tool} is missing, so {skipped} cannot run: {install} \
             (or set {SKIP_MISSING_TOOLS}=1 to skip them)"
        );
    }
}
