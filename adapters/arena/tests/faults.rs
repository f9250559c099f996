//! The arena against engines that fail on purpose (`arena-fault-engine`, a bin of this crate):
//! every game is lost by the faulty engine with the right reason, the faulty engine is started
//! again for the next game, the match completes, and no process is left behind.

use std::path::{Path, PathBuf};

use guerrilla::game::{Outcome, Side};
use guerrilla::protocol::wire::result_word;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const ARENA: &str = env!("CARGO_BIN_EXE_guerrilla-arena");
const FAULT: &str = env!("CARGO_BIN_EXE_arena-fault-engine");

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arena-faults-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Process ids written by the fault engines started with `--pid-dir dir`.
fn pids(dir: &Path) -> Vec<u32> {
    std::fs::read_dir(dir)
        .expect("pid dir")
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect()
}

fn alive(pid: u32) -> bool {
    // A process reaped by the arena has no /proc entry; a zombie would still count as alive.
    Path::new(&format!("/proc/{pid}")).exists()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Runs `games` games of a healthy fault engine against one with `fault`, and checks that the
/// faulty one lost every game by `reason` and was started once a game.
fn faulty_match(fault: &str, at: u32, reason: &str, games: u32) {
    let dir = temp_dir(fault);
    let good_dir = dir.join("good");
    let bad_dir = dir.join("bad");
    std::fs::create_dir_all(&good_dir).unwrap();
    std::fs::create_dir_all(&bad_dir).unwrap();
    let records = dir.join("games.rec");
    let json = dir.join("summary.json");
    let out = Command::new(ARENA)
        .args(["--engine", "name=good"])
        .arg(format!("cmd={FAULT} --pid-dir {}", good_dir.display()))
        .args(["--engine", "name=bad"])
        .arg(format!(
            "cmd={FAULT} --fault {fault} --at {at} --delay-ms 1500 --pid-dir {}",
            bad_dir.display()
        ))
        .args(["--games", &games.to_string(), "--tc", "nodes=5"])
        .args([
            "--timeout",
            "0.5",
            "--go-margin",
            "0.5",
            "--concurrency",
            "2",
        ])
        .arg("--records")
        .arg(&records)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run arena");
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{fault}: {all}");
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(summary["played"], games, "{fault}: {all}");
    for g in summary["games"].as_array().unwrap() {
        assert_eq!(g["reason"], reason, "{fault}: {g}\n{all}");
        let bad_is_p1 = g["p1"] == "bad";
        let winner = if bad_is_p1 { Side::P2 } else { Side::P1 };
        let want = result_word(Some(Outcome::Win(winner)));
        assert_eq!(g["result"], want, "{fault}: {g}");
    }
    let bad = &summary["engines"][1];
    assert_eq!(bad["name"], "bad");
    assert_eq!(bad["total"]["losses"], games, "{fault}: {all}");
    assert_eq!(bad["faults"][reason], games, "{fault}: {all}");
    // Restarted: a fresh process for every game (each one failed), after the one that the
    // arena starts and quits before the match to check that the engine starts.
    assert_eq!(pids(&bad_dir).len() as u32, games + 1, "{fault}: {all}");
    // The healthy engine is kept across games: at most one process per worker.
    assert!(pids(&good_dir).len() <= 3, "{fault}: {:?}", pids(&good_dir));
    for pid in pids(&bad_dir).into_iter().chain(pids(&good_dir)) {
        assert!(!alive(pid), "{fault}: process {pid} left behind");
    }
    // The records replay clean: the faults are recorded where the rules put them.
    let replay = Command::new(ARENA)
        .arg("replay")
        .arg(&records)
        .output()
        .unwrap();
    assert_eq!(replay.status.code(), Some(0), "{}", text(&replay));
    assert!(
        text(&replay).contains(&format!("replayed {games} games: {games} clean")),
        "{}",
        text(&replay)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_crash_mid_game_loses_that_game_and_the_engine_is_restarted() {
    faulty_match("crash", 2, "crash", 4);
}

#[test]
fn an_engine_that_never_answers_go_is_judged_hung() {
    faulty_match("hang", 2, "hang", 4);
}

#[test]
fn an_illegal_move_loses() {
    faulty_match("illegal", 2, "illegal-move", 4);
}

#[test]
fn a_malformed_move_loses() {
    faulty_match("malformed", 1, "malformed-move", 4);
}

#[test]
fn a_garbage_line_loses() {
    faulty_match("garbage", 2, "garbage", 4);
}

#[test]
fn a_readyok_slower_than_the_timeout_loses() {
    // The 3rd isready of a process: the one before its engine's first move.
    faulty_match("slow-readyok", 3, "timeout", 4);
}

/// An engine that cannot start stops the match before its first game, with its error and a
/// non-zero exit status, as cutechess does (it used to lose every game by `no-start`).
#[test]
fn an_engine_that_cannot_start_stops_the_match_before_any_game() {
    let dir = temp_dir("exit-at-start");
    let out = Command::new(ARENA)
        .args(["--engine", "name=good"])
        .arg(format!("cmd={FAULT} --pid-dir {}", dir.display()))
        .args(["--engine", "name=bad"])
        .arg(format!(
            "cmd={FAULT} --fault exit-at-start --at 1 --pid-dir {}",
            dir.display()
        ))
        .args(["--games", "4", "--tc", "nodes=5", "--no-progress"])
        .output()
        .unwrap();
    let all = text(&out);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(
        all.contains("error: engine bad (")
            // The output's end or the input's, whichever the arena meets first.
            && (all.contains("cannot start: engine closed its output")
                || all.contains("cannot start: engine closed its input")),
        "{all}"
    );
    assert!(!all.contains("Finished game"), "{all}");
    for pid in pids(&dir) {
        assert!(!alive(pid), "process {pid} left behind");
    }
    for missing in ["/nonexistent", ""] {
        let out = Command::new(ARENA)
            .args(["--engine1", missing, "--engine2", FAULT, "--no-progress"])
            .output()
            .unwrap();
        let all = text(&out);
        assert_eq!(out.status.code(), Some(1), "{all}");
        assert!(
            all.contains("error: engine engine1 (") && all.contains("cannot start"),
            "{all}"
        );
        assert!(!all.contains("Finished game"), "{all}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C (SIGINT) while games hang: the arena ends within a second or so, prints the results
/// so far, and leaves no engine process behind.
#[cfg(unix)]
#[test]
fn ctrl_c_ends_cleanly_with_the_results_so_far() {
    let dir = temp_dir("ctrlc");
    let child = Command::new(ARENA)
        .args(["--engine", "name=good"])
        .arg(format!("cmd={FAULT} --pid-dir {}", dir.display()))
        .args(["--engine", "name=bad"])
        .arg(format!(
            "cmd={FAULT} --fault hang --at 1 --pid-dir {}",
            dir.display()
        ))
        .args(["--games", "40", "--tc", "nodes=5", "--go-margin", "600"])
        .args(["--concurrency", "2", "--no-progress"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until both workers' games hang (four engines started), then interrupt.
    let started = Instant::now();
    while pids(&dir).len() < 4 && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let waited = sent.elapsed();
    let all = text(&out);
    assert_eq!(out.status.code(), Some(130), "{all}");
    assert!(waited < Duration::from_secs(10), "took {waited:?}");
    assert!(
        all.contains("interrupted (running games abandoned)"),
        "{all}"
    );
    assert!(all.contains("Games: 0 played of 40 scheduled"), "{all}");
    for pid in pids(&dir) {
        assert!(!alive(pid), "process {pid} left behind");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `response` word the protocol lacks is the engine's answer all the same: the game goes on,
/// the record names the word as a problem, the log warns, and the arena's exit status says the
/// engines disagreed with the rules.
#[test]
fn an_unknown_response_word_is_a_problem_named_in_the_record() {
    let dir = temp_dir("odd-response");
    let records = dir.join("games.pgn");
    let out = Command::new(ARENA)
        .args(["--engine", "name=good", &format!("cmd={FAULT}")])
        .args([
            "--engine",
            "name=odd",
            &format!("cmd={FAULT} --fault odd-response --at 1"),
        ])
        .args(["--games", "2", "--tc", "nodes=5", "--no-progress"])
        .arg("--records")
        .arg(&records)
        .output()
        .expect("run arena");
    let all = text(&out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{all}");
    assert!(
        stdout.contains("Games: 2 played of 2 scheduled, 2 with problems"),
        "{all}"
    );
    // p1's engine is asked `p1turn` first; p2's first query is `gameover`, at ply 1.
    for problem in [
        "problem: ply 1: odd says gameover maybe (not a word of the protocol), the rules say false",
        "problem: ply 0: odd says p1turn maybe (not a word of the protocol), the rules say p1 to move",
    ] {
        assert!(stdout.contains(problem), "{problem}\n{all}");
    }
    let warned = String::from_utf8_lossy(&out.stderr)
        .matches("with 'response maybe', a word the protocol lacks")
        .count();
    assert_eq!(warned, 2, "{all}");
    let body = std::fs::read_to_string(&records).unwrap();
    assert_eq!(
        body.matches("maybe (not a word of the protocol)").count(),
        2,
        "{body}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
