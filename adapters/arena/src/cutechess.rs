//! cutechess-cli's and fastchess's spelling of the command line: one dash before a long option
//! (`-engine`, `-each`, `-rounds`, `-pgnout`). Before the command line is parsed, a word of one
//! dash followed by the name of one of the arena's long options (or aliases: `-pgnout`,
//! `-srand`, `-ratinginterval`, `-variant`, `-debug`) becomes that option with two dashes. A
//! cutechess option the arena does not have is an error that names it and says what to type
//! instead; so is any other unknown word of one dash, with the arena's nearest option.

use std::ffi::OsString;

use clap::CommandFactory;

use crate::cli::Cli;

/// cutechess-cli's and fastchess's options that the arena does not take, with why.
const NOT_TAKEN: [(&str, &str); 12] = [
    (
        "noswap",
        "every opening is played twice, the engines swapping sides",
    ),
    (
        "reverse",
        "every opening is played twice, the engines swapping sides",
    ),
    ("seeds", "round-robin and gauntlet only"),
    (
        "wait",
        "engines are started once and kept from game to game",
    ),
    ("epdout", "the records are PGN (--records)"),
    (
        "bookmode",
        "openings come from --openings (no Polyglot books)",
    ),
    ("tb", "games end by their own rules (no tablebases)"),
    ("tbpieces", "games end by their own rules (no tablebases)"),
    ("tbignore50", "games end by their own rules (no tablebases)"),
    ("resultformat", "the rank table has fixed columns"),
    (
        "outcomeinterval",
        "every game's result is printed as it ends",
    ),
    ("force-concurrency", "--concurrency is taken as given"),
];

/// The long names and aliases of the match's options and of the subcommands' options.
fn long_names() -> Vec<String> {
    let cmd = Cli::command();
    let mut names = Vec::new();
    let mut add = |c: &clap::Command| {
        for a in c.get_arguments() {
            names.extend(a.get_long().map(String::from));
            if let Some(aliases) = a.get_all_aliases() {
                names.extend(aliases.into_iter().map(String::from));
            }
        }
    };
    add(&cmd);
    for sub in cmd.get_subcommands() {
        add(sub);
    }
    names
}

/// Options of cutechess-cli and fastchess that the arena does not take as they are, each with
/// what to type instead.
const INSTEAD: [(&str, &str); 2] = [
    (
        "config",
        "the records file is the match's state: give the same command line with --resume \
         --records FILE",
    ),
    (
        "quiet",
        "give --no-progress --rating-interval 0 and send standard output to /dev/null (the \
         --json and --records files still get everything)",
    ),
];

/// The words of `-pgnout` after the option, cutechess's (`FILE [min]`) or fastchess's
/// (`file=FILE [append=true|false] [min=true] [notation=…]`), as the arena's: `--records FILE`
/// and `--overwrite` for `append=false`. What the arena's records cannot honour is refused.
fn pgnout(words: &[String]) -> Result<Vec<String>, String> {
    let mut file = None;
    let mut out = Vec::new();
    for w in words {
        let (k, v) = w.split_once('=').unwrap_or((w.as_str(), "true"));
        match (k, v) {
            ("file", f) => file = Some(f.to_string()),
            ("append", "true") => {}
            ("append", "false") => out.push("--overwrite".to_string()),
            ("min", _) => {
                return Err(format!(
                    "-pgnout {w}: the records keep every move's score, depth and time, which \
                     replay, merge and --resume read; leave out {w}"
                ))
            }
            ("notation", n) => {
                return Err(format!(
                    "-pgnout notation={n}: the moves are written in the game's own notation \
                     (protocol.md), the one every reader of the records takes; leave it out"
                ))
            }
            _ if file.is_none() && !w.contains('=') => file = Some(w.clone()),
            _ => {
                return Err(format!(
                    "-pgnout {w}: expected FILE or file=FILE, then append=true|false (the \
                     records hold each move's score, depth and time already)"
                ))
            }
        }
    }
    let file = file.ok_or("-pgnout: expected FILE or file=FILE")?;
    out.splice(0..0, ["--records".to_string(), file]);
    Ok(out)
}

/// The words of `-log` after the option (`file=FILE [KEY=VALUE…]`, cutechess-cli's debug log
/// and fastchess's): `--log FILE`, every line exchanged with the engines.
fn log(words: &[String]) -> Result<Vec<String>, String> {
    let mut file = None;
    for w in words {
        match w.split_once('=') {
            Some(("file", f)) => file = Some(f.to_string()),
            Some(("engine", "true")) | Some(("level", "trace" | "info")) => {}
            _ => {
                return Err(format!(
                    "-log {w}: the log holds every line exchanged with the engines; expected \
                     file=FILE"
                ))
            }
        }
    }
    let file = file.ok_or("-log: expected file=FILE")?;
    Ok(vec!["--log".into(), file])
}

/// `-report penta=true|false` (fastchess): the pentanomial line is always printed.
fn report(words: &[String]) -> Result<Vec<String>, String> {
    match words {
        [w] if w == "penta=true" => Ok(Vec::new()),
        _ => Err(format!(
            "-report {}: the arena always prints the pentanomial line (Ptnml) and its Elo from \
             the pairs; leave out -report",
            words.join(" ")
        )),
    }
}

/// The words of `-output` after the option (fastchess's `format=cutechess|fastchess`, or the
/// format alone): `--output FORMAT`.
fn output(words: &[String]) -> Result<Vec<String>, String> {
    let format = match words {
        [w] => w.strip_prefix("format=").unwrap_or(w),
        _ => "",
    };
    match format {
        "arena" | "cutechess" | "fastchess" => Ok(vec!["--output".into(), format.into()]),
        _ => Err(format!(
            "-output {}: expected format=cutechess, format=fastchess or format=arena (the \
             score lines' format)",
            words.join(" ")
        )),
    }
}

/// The answer to a word of one dash that is no option: the arena's nearest long option (by
/// edit distance), or `--help`.
fn unknown(word: &str, names: &[String]) -> String {
    let name = word.trim_start_matches('-');
    let nearest = names
        .iter()
        .map(|n| (strsim::levenshtein(name, n), n))
        .filter(|(d, n)| *d <= (n.len() / 4).max(1))
        .min();
    format!(
        "{word} is not an option of guerrilla-arena, nor one of cutechess-cli's or fastchess's \
         that it takes: {}",
        match nearest {
            Some((_, n)) => format!("did you mean --{n}? (guerrilla-arena --help lists them all)"),
            None => "guerrilla-arena --help lists its options (one dash or two)".into(),
        }
    )
}

/// The command line with every single-dash long option given two dashes.
pub fn translate(argv: Vec<OsString>) -> Result<Vec<String>, String> {
    let names = long_names();
    let argv: Vec<String> = argv
        .into_iter()
        .map(|a| {
            a.into_string()
                .map_err(|a| format!("{}: not UTF-8", a.to_string_lossy()))
        })
        .collect::<Result<_, _>>()?;
    let mut out = Vec::with_capacity(argv.len());
    let mut i = 0;
    while i < argv.len() {
        let word = &argv[i];
        i += 1;
        // `-h` and `-V`, clap's own, are the arena's only short options.
        let short = matches!(word.as_str(), "-h" | "-V");
        let single = i > 1
            && !short
            && word.len() >= 2
            && word.starts_with('-')
            && !word.starts_with("--")
            && word[1..].starts_with(|c: char| c.is_ascii_alphabetic());
        let name = word.trim_start_matches('-');
        // The words after an option, up to the next option.
        let values = |i: &mut usize| {
            let start = *i;
            while *i < argv.len() && !argv[*i].starts_with('-') {
                *i += 1;
            }
            argv[start..*i].to_vec()
        };
        if i > 1 && (single || word.starts_with("--")) {
            let special = match name {
                "pgnout" => Some(pgnout(&values(&mut i))?),
                "log" if single => Some(log(&values(&mut i))?),
                "report" => Some(report(&values(&mut i))?),
                "output" => Some(output(&values(&mut i))?),
                "version" if single => Some(vec!["--version".to_string()]),
                _ => None,
            };
            if let Some(words) = special {
                out.extend(words);
                continue;
            }
        }
        if single {
            if names.iter().any(|n| n == name) {
                out.push(format!("-{word}"));
                continue;
            }
            if let Some((_, why)) = NOT_TAKEN.iter().find(|(n, _)| *n == name) {
                return Err(format!(
                    "{word} (cutechess-cli's) is not an option of guerrilla-arena: {why}"
                ));
            }
            if let Some((_, instead)) = INSTEAD.iter().find(|(n, _)| *n == name) {
                return Err(format!(
                    "{word} (cutechess-cli's or fastchess's) is not an option of \
                     guerrilla-arena: {instead}"
                ));
            }
            return Err(unknown(word, &names));
        }
        out.push(word.clone());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(words: &[&str]) -> Result<Vec<String>, String> {
        translate(words.iter().map(OsString::from).collect())
    }

    #[test]
    fn single_dash_long_options_get_two() {
        let got = t(&[
            "guerrilla-arena",
            "-engine",
            "cmd=x",
            "-each",
            "tc=40/2+0.05",
            "-rounds",
            "4",
            "-pgnout",
            "g.pgn",
            "-repeat",
            "-srand",
            "3",
            "-tournament",
            "gauntlet",
            "-h",
            "--games",
            "2",
        ])
        .unwrap();
        assert_eq!(
            got[1..].join(" "),
            "--engine cmd=x --each tc=40/2+0.05 --rounds 4 --records g.pgn --repeat --srand 3 \
             --tournament gauntlet -h --games 2"
        );
        // Subcommands and their options.
        let got = t(&["a", "merge", "x.pgn", "-json", "s.json"]).unwrap();
        assert_eq!(got[3], "--json");
        // An unknown word of one dash is answered with the nearest option, or --help.
        let e = t(&["a", "--site", "-x"]).unwrap_err();
        assert!(e.contains("-x is not an option"), "{e}");
        let e = t(&["a", "-zz"]).unwrap_err();
        assert!(
            e.contains("-zz is not an option") && e.contains("--help"),
            "{e}"
        );
        let e = t(&["a", "-ratinginteval", "5"]).unwrap_err();
        assert!(e.contains("did you mean --ratinginterval?"), "{e}");
        let e = t(&["a", "-foo"]).unwrap_err();
        assert!(!e.contains("did you mean"), "{e}");
        let e = t(&["a", "-noswap"]).unwrap_err();
        assert!(e.contains("-noswap") && e.contains("swapping sides"), "{e}");
    }

    #[test]
    fn fastchess_words_of_pgnout_log_report_and_version() {
        let line = |w: &[&str]| t(w).map(|v| v[1..].join(" "));
        assert_eq!(
            line(&["a", "-pgnout", "file=x.pgn", "-games", "2"]).unwrap(),
            "--records x.pgn --games 2"
        );
        assert_eq!(
            line(&["a", "-pgnout", "file=x.pgn", "append=false"]).unwrap(),
            "--records x.pgn --overwrite"
        );
        assert_eq!(line(&["a", "-pgnout", "x.pgn"]).unwrap(), "--records x.pgn");
        for bad in ["min", "min=true", "notation=san", "nodes=true"] {
            let e = line(&["a", "-pgnout", "file=x.pgn", bad]).unwrap_err();
            assert!(e.contains(bad), "{e}");
        }
        assert!(line(&["a", "-pgnout"]).is_err());
        assert_eq!(
            line(&["a", "-log", "file=l.txt", "engine=true"]).unwrap(),
            "--log l.txt"
        );
        assert_eq!(line(&["a", "-report", "penta=true"]).unwrap(), "");
        assert!(line(&["a", "-report", "penta=false"])
            .unwrap_err()
            .contains("always prints"));
        assert_eq!(line(&["a", "-version"]).unwrap(), "--version");
        assert_eq!(
            line(&["a", "-output", "format=fastchess"]).unwrap(),
            "--output fastchess"
        );
        assert_eq!(
            line(&["a", "--output", "cutechess"]).unwrap(),
            "--output cutechess"
        );
        assert!(line(&["a", "-output", "format=pgn"])
            .unwrap_err()
            .contains("format=cutechess"));
        for (word, hint) in [("-config", "--resume"), ("-quiet", "--no-progress")] {
            let e = line(&["a", word, "file=x"]).unwrap_err();
            assert!(e.contains(word) && e.contains(hint), "{e}");
        }
    }
}
