//! The memory of reading an existing records file: `cargo bench -p guerrilla-arena --bench
//! records_memory [-- SIZE_MB…]` (default 10 and 1024) writes a records file of each size (a
//! real match's games, repeated), has the arena append a two-game match to it (which reads the
//! whole file through first, checking every game), and prints the arena's peak resident
//! memory (the kernel's `ru_maxrss` for that process) and the time it took. The peak does not
//! grow with the file: the records are read one game at a time.
//!
//! Needs the engine binary (`cargo build --release -p guerrilla`); the files go to the temp
//! folder and are removed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const ARENA: &str = env!("CARGO_BIN_EXE_guerrilla-arena");

/// The engine binary, in the profile folder above this bench's `deps` folder.
fn engine() -> PathBuf {
    let exe = std::env::current_exe().expect("bench executable path");
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target profile folder");
    let e = dir.join(format!("guerrilla{}", std::env::consts::EXE_SUFFIX));
    assert!(
        e.exists(),
        "{} is missing: cargo build --release -p guerrilla",
        e.display()
    );
    e
}

fn arena(args: &[String]) -> Command {
    let mut c = Command::new(ARENA);
    c.args(args).stdout(Stdio::null()).stderr(Stdio::piped());
    c
}

fn match_args(engine: &str, records: &Path, games: u32) -> Vec<String> {
    [
        "--engine1",
        engine,
        "--engine2",
        engine,
        "--option2",
        "Seed=2",
        "--games",
        &games.to_string(),
        "--tc",
        "nodes=100",
        "--no-progress",
        "--records",
        records.to_str().expect("utf-8 path"),
    ]
    .map(String::from)
    .to_vec()
}

/// Runs `cmd` to its end; its peak resident memory in KiB and its exit status.
#[allow(clippy::zombie_processes)] // reaped by wait4, which also gives its rusage
fn peak_kib(mut cmd: Command) -> (i64, i32) {
    let child = cmd.spawn().expect("start guerrilla-arena");
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value to be filled; wait4 reaps our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4: {}", std::io::Error::last_os_error());
    (usage.ru_maxrss, libc::WEXITSTATUS(status))
}

fn main() {
    let sizes: Vec<u64> = {
        let args: Vec<u64> = std::env::args()
            .skip(1)
            .filter_map(|a| a.parse().ok())
            .collect();
        if args.is_empty() {
            vec![10, 1024]
        } else {
            args
        }
    };
    let engine = engine();
    let engine = engine.to_str().expect("utf-8 path");
    let dir = std::env::temp_dir().join(format!("arena-records-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // A real match's records: the header and its games, the games repeated below.
    let seed = dir.join("seed.pgn");
    let out = arena(&match_args(engine, &seed, 20))
        .output()
        .expect("run the seed match");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&seed).expect("seed records");
    let first_game = text.find("\n[Event ").expect("a game") + 1;
    let (head, games) = text.split_at(first_game);
    println!("size_mb  games  peak_rss_mib  seconds");
    for mb in sizes {
        let big = dir.join(format!("records-{mb}.pgn"));
        let mut f = std::io::BufWriter::new(std::fs::File::create(&big).expect("records file"));
        f.write_all(head.as_bytes()).expect("write");
        let (mut written, mut n) = (head.len() as u64, 0u64);
        while written < mb << 20 {
            f.write_all(games.as_bytes()).expect("write");
            written += games.len() as u64;
            n += 20;
        }
        f.flush().expect("write");
        drop(f);
        let t = Instant::now();
        let mut run = arena(&match_args(engine, &big, 2));
        run.stderr(Stdio::inherit());
        let (kib, code) = peak_kib(run);
        let secs = t.elapsed().as_secs_f64();
        assert_eq!(code, 0, "the arena failed on the {mb} MB file");
        println!(
            "{mb:>7}  {n:>5}  {:>12.1}  {secs:>7.1}",
            kib as f64 / 1024.0
        );
        std::fs::remove_file(&big).expect("remove");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
