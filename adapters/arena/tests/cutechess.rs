//! A cutechess-cli user's command line runs as they type it: single dashes, `-each`,
//! `-openings file=… format=pgn order=random plies=N` (a PGN file the arena wrote), `-tc` in
//! cutechess's seconds with moves per period, `-rounds`, `-games`, `-repeat`, `-srand`,
//! `-pgnout`; the games are printed as cutechess prints them and their records replay clean.

mod common;

use common::{arena, engine, temp, two_seeds};

#[test]
fn a_cutechess_command_line_plays_and_its_records_replay_clean() {
    let d = temp("cutechess");
    let e = engine();
    let cmd = format!("cmd={}", e.display());
    // An openings book: the games of an earlier match, as PGN.
    let book = d.join("book.pgn");
    let mut args = two_seeds();
    args.extend(
        [
            "--games",
            "4",
            "--tc",
            "nodes=20",
            "--no-progress",
            "--records",
        ]
        .map(String::from),
    );
    args.push(book.to_str().unwrap().into());
    let (code, stdout, stderr) = arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let out = d.join("games.pgn");
    let (code, stdout, stderr) = arena(&[
        "-engine",
        "name=full",
        &cmd,
        "-engine",
        "name=greedy",
        &cmd,
        "option.Strength=greedy",
        "-each",
        "proto=uci",
        "option.Threads=1",
        "-openings",
        &format!("file={}", book.display()),
        "format=pgn",
        "order=random",
        "plies=4",
        "-tc",
        "40/2+0.05",
        "-rounds",
        "2",
        "-games",
        "2",
        "-repeat",
        "-srand",
        "7",
        "-concurrency",
        "2",
        "-pgnout",
        out.to_str().unwrap(),
        "-ratinginterval",
        "0",
        "-no-progress",
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let finished: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("Finished game "))
        .collect();
    assert_eq!(finished.len(), 4, "{stdout}");
    assert!(
        finished[0].starts_with("Finished game 1 (full vs greedy): ")
            && finished[1].starts_with("Finished game 2 (greedy vs full): "),
        "{stdout}"
    );
    assert!(stdout.contains("Score of full vs greedy: "), "{stdout}");
    assert_eq!(stdout.lines().last(), Some("Finished match"), "{stdout}");
    let body = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        body.matches("[TimeControl \"40/2+0.05\"]").count(),
        4,
        "{body}"
    );
    assert_eq!(body.matches("[Limits \"tc=40/2+0.05\"]").count(), 4);
    // Each game opens with the four plies of a game of the book, marked as book moves.
    assert_eq!(body.matches("{book}").count(), 16, "{body}");
    let (code, stdout, _) = arena(&["replay", out.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("replayed 4 games: 4 clean, 0 with mismatches"),
        "{stdout}"
    );
}
