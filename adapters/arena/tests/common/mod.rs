//! What several test files share: the engine binary's path, and a Python with packages from
//! PyPI for the checks that use tools the project did not write.

use std::path::PathBuf;
use std::process::Command;

/// The engine binary, beside the `deps` folder of the running test executable (`cargo test`
/// builds the whole workspace into one target folder before any test runs).
#[allow(dead_code)]
pub fn engine() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target profile folder");
    dir.join(format!("guerrilla{}", std::env::consts::EXE_SUFFIX))
}

/// A Python in a virtual environment in the temp folder (made once, kept between runs) where
/// `import` works, after `pip install` of `packages` when it does not. Without `python3` the
/// test fails, unless `GUERRILLA_SKIP_MISSING_TOOLS=1` (the repository's opt-out for missing
/// tools, which CI never sets) makes it `None`, with a notice; a venv or pip that fails is a
/// test failure.
#[allow(dead_code)]
pub fn python_with(packages: &[&str], import: &str) -> Option<PathBuf> {
    if Command::new("python3").arg("--version").output().is_err() {
        assert!(
            std::env::var("GUERRILLA_SKIP_MISSING_TOOLS").as_deref() == Ok("1"),
            "python3 is not installed: install it (Debian: python3 python3-venv), or set \
             GUERRILLA_SKIP_MISSING_TOOLS=1 to skip the checks with outside tools"
        );
        eprintln!("SKIPPED: python3 is not installed and GUERRILLA_SKIP_MISSING_TOOLS=1");
        return None;
    }
    let venv = std::env::temp_dir().join("guerrilla-arena-python-venv");
    let python = venv.join("bin").join("python");
    let imports = || {
        Command::new(&python)
            .args(["-c", import])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !python.exists() {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .expect("run python3 -m venv");
        assert!(made.success(), "python3 -m venv failed");
    }
    if !imports() {
        let pip = Command::new(&python)
            .args(["-m", "pip", "install", "--quiet"])
            .args(packages)
            .status()
            .expect("run pip");
        assert!(pip.success(), "pip install {packages:?} failed");
        assert!(imports(), "{import} fails after pip install {packages:?}");
    }
    Some(python)
}

/// The arena under test: this build's, or the binary `GUERRILLA_ARENA_UNDER_TEST` names (to
/// show that a test fails on another build, e.g. an older one).
#[allow(dead_code)]
pub fn arena_binary() -> PathBuf {
    std::env::var_os("GUERRILLA_ARENA_UNDER_TEST")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_guerrilla-arena")))
}

/// Runs the arena under test with `args`; its exit status, standard output and standard error.
#[allow(dead_code)]
pub fn arena(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(arena_binary())
        .args(args)
        .output()
        .expect("run guerrilla-arena");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh folder in the temp folder for one test.
#[allow(dead_code)]
pub fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// The engine against itself with another seed: `--engine1 E --engine2 E --option2 Seed=2`.
#[allow(dead_code)]
pub fn two_seeds() -> Vec<String> {
    let e = engine().to_str().expect("utf-8 path").to_string();
    ["--engine1", &e, "--engine2", &e, "--option2", "Seed=2"]
        .map(String::from)
        .to_vec()
}
