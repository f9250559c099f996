//! Every spelling taken from cutechess-cli and fastchess means here what it means there, or is
//! refused before the first game with what to type instead.
//!
//! `GUERRILLA_ARENA_UNDER_TEST=<binary>` runs them against another build.

mod common;

use std::path::Path;

use common::{arena, engine, temp};

const FAULT: &str = env!("CARGO_BIN_EXE_arena-fault-engine");

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Two engines given by their `-engine` words, then `extra`, two games of 20 nodes.
fn with_engines(a: &[&str], b: &[&str], extra: &[&str]) -> Vec<String> {
    let mut v = vec!["-engine".to_string(), "name=a".into()];
    v.extend(a.iter().map(|s| s.to_string()));
    v.extend(["-engine".to_string(), "name=b".into()]);
    v.extend(b.iter().map(|s| s.to_string()));
    v.extend(
        ["-games", "2", "-tc", "nodes=20", "-no-progress"]
            .iter()
            .chain(extra)
            .map(|s| s.to_string()),
    );
    v
}

fn cmd() -> String {
    format!("cmd={}", engine().display())
}

#[test]
fn maxmoves_0_and_max_plies_0_mean_no_cap() {
    for flag in ["-maxmoves", "--max-plies"] {
        let (code, stdout, stderr) = arena(&strs(&with_engines(
            &[&cmd()],
            &[&cmd(), "option.Seed=2"],
            &[flag, "0"],
        )));
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        assert_eq!(
            stdout.matches("{gameover after").count(),
            2,
            "{flag}: {stdout}"
        );
        assert!(!stdout.contains("ply-cap"), "{flag}: {stdout}");
    }
}

#[test]
fn an_option_of_another_game_is_refused() {
    let (code, stdout, stderr) = arena(&strs(&with_engines(
        &[&cmd()],
        &[&cmd()],
        &["--option", "BoardSide=5"],
    )));
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(!stdout.contains("Finished game"), "{stdout}");
    assert!(
        stderr.contains("BoardSide is an option of guerrilla, not of guerrilla-checkers")
            && stderr.contains("--game guerrilla"),
        "{stderr}"
    );
    // In a Guerrilla match it is the game's own.
    let (code, stdout, stderr) = arena(&strs(&with_engines(
        &[&cmd()],
        &[&cmd(), "option.Seed=2"],
        &["--game", "guerrilla", "--option", "BoardSide=5"],
    )));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
}

#[test]
fn pgnout_takes_fastchess_file_and_refuses_what_it_cannot_honour() {
    let d = temp("pgnout");
    let x = d.join("x.pgn");
    let file = format!("file={}", x.display());
    let (code, stdout, stderr) = arena(&strs(&with_engines(
        &[&cmd()],
        &[&cmd(), "option.Seed=2"],
        &["-pgnout", &file],
    )));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(std::fs::read_to_string(&x)
        .unwrap()
        .starts_with("% guerrilla-arena records"));
    assert!(!Path::new(&file).exists());
    for extra in ["min", "notation=san"] {
        let (code, stdout, stderr) = arena(&strs(&with_engines(
            &[&cmd()],
            &[&cmd()],
            &["-pgnout", &file, extra],
        )));
        assert_eq!(code, Some(1), "{stdout}{stderr}");
        assert!(
            stderr.contains(extra) && stderr.contains("leave"),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// `dir=` is the engine's working folder and where a relative `cmd=` is found; a `cmd=` with a
/// space in its path is that file; each `arg=` is one argument.
#[test]
fn dir_cmd_with_spaces_and_arg_as_cutechess() {
    let d = temp("dir-cmd");
    let folder = d.join("my engines");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(engine(), folder.join("guerrilla")).unwrap();
    std::fs::copy(FAULT, folder.join("fault")).unwrap();
    let pids = d.join("pid dir");
    std::fs::create_dir_all(&pids).unwrap();
    let spaced = format!("cmd={}", folder.join("guerrilla").display());
    let dir = format!("dir={}", folder.display());
    let pid_arg = format!("arg={}", pids.display());
    let (code, stdout, stderr) = arena(&strs(&with_engines(
        &[&spaced],
        &["cmd=fault", &dir, "arg=--pid-dir", &pid_arg],
        &[],
    )));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert_eq!(stdout.matches("Finished game").count(), 2, "{stdout}");
    // The fault engine wrote its process id into the folder its two arguments named.
    assert!(std::fs::read_dir(&pids).unwrap().count() > 0);
    // A command quoted as a shell quotes it, with its arguments.
    let quoted = format!(
        "cmd='{}' --pid-dir '{}'",
        folder.join("fault").display(),
        pids.display()
    );
    let (code, stdout, stderr) = arena(&strs(&with_engines(&[&quoted], &[&spaced], &[])));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn log_file_holds_the_engines_traffic() {
    let d = temp("log");
    let log = d.join("log.txt");
    let file = format!("file={}", log.display());
    let (code, stdout, stderr) = arena(&strs(&with_engines(
        &[&cmd()],
        &[&cmd(), "option.Seed=2"],
        &["-log", &file],
    )));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains("a > ugi") && text.contains("bestmove"),
        "{text}"
    );
    assert!(!stderr.contains("> ugi"), "{stderr}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn version_and_options_of_other_tools_answer_with_what_to_type() {
    let (code, stdout, _) = arena(&["-version"]);
    assert_eq!(code, Some(0));
    assert!(stdout.starts_with("guerrilla-arena "), "{stdout}");
    for (words, hint) in [
        (&["-config", "file=x"][..], "--resume"),
        (&["-quiet"][..], "--no-progress"),
        (&["-output", "format=pgn"][..], "format=cutechess"),
        (
            &["-ratinginteval", "5"][..],
            "did you mean --ratinginterval?",
        ),
        (&["-gmes", "4"][..], "did you mean --games?"),
        (&["-o", "x"][..], "guerrilla-arena --help lists its options"),
        (&["-zzz"][..], "guerrilla-arena --help lists its options"),
    ] {
        let (code, stdout, stderr) = arena(words);
        assert_eq!(code, Some(1), "{words:?}: {stdout}{stderr}");
        assert!(
            stderr.contains(words[0]) && stderr.contains(hint),
            "{words:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    }
}

/// The exit statuses, the signals' among them, end `--help`.
#[test]
fn help_states_the_exit_statuses() {
    let (code, stdout, _) = arena(&["--help"]);
    assert_eq!(code, Some(0));
    let flat = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Exit status: 0 the match finished")
            && flat.contains("130 ended by SIGINT, SIGTERM or SIGHUP"),
        "{stdout}"
    );
}

/// A draw rule in centipawns is refused with the draw rule's own hint, not the resignation
/// rule's.
#[test]
fn draw_score_in_centipawns_gets_the_draw_rules_hint() {
    let (code, stdout, stderr) = arena(&strs(&with_engines(
        &[&cmd()],
        &[&cmd()],
        &["-draw", "movenumber=40", "movecount=8", "score=10"],
    )));
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("score=10")
            && stderr.contains("draw rule")
            && !stderr.contains("score=400"),
        "{stderr}"
    );
}

/// A book of Guerrilla Checkers openings in a Guerrilla match (and the other way round) is
/// another game's book, said so, before the first game.
#[test]
fn another_games_book_is_named_as_such() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cutegames");
    for (game, book, other) in [
        (
            "guerrilla",
            "openings-guerrilla-checkers.txt",
            "guerrilla-checkers",
        ),
        ("guerrilla-checkers", "openings-guerrilla.txt", "guerrilla"),
    ] {
        let file = root.join(book);
        let (code, stdout, stderr) = arena(&strs(&with_engines(
            &[&cmd()],
            &[&cmd()],
            &[
                "-variant",
                game,
                "-openings",
                &format!("file={}", file.display()),
            ],
        )));
        assert_eq!(code, Some(1), "{stdout}{stderr}");
        assert!(!stdout.contains("Finished game"), "{stdout}");
        assert!(
            stderr.contains(&format!("is a position of {other}, another game's opening"))
                && stderr.contains(&format!("this match plays {game}")),
            "{stderr}"
        );
    }
}
