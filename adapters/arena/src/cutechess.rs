//! cutechess-cli's and fastchess's spelling of the command line: one dash before a long option
//! (`-engine`, `-each`, `-rounds`, `-pgnout`). Before the command line is parsed, a word of one
//! dash followed by the name of one of the arena's long options (or aliases: `-pgnout`,
//! `-srand`, `-ratinginterval`, `-variant`, `-debug`) becomes that option with two dashes. A
//! cutechess option the arena does not have is an error that names it, rather than clap's
//! guess.

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

/// The command line with every single-dash long option given two dashes.
pub fn translate(argv: Vec<OsString>) -> Result<Vec<OsString>, String> {
    let names = long_names();
    let mut out = Vec::with_capacity(argv.len());
    for (i, arg) in argv.into_iter().enumerate() {
        let word = arg.to_str().unwrap_or("");
        let single = i > 0
            && word.len() > 2
            && word.starts_with('-')
            && !word.starts_with("--")
            && word[1..].starts_with(|c: char| c.is_ascii_alphabetic());
        if single {
            let name = &word[1..];
            if names.iter().any(|n| n == name) {
                out.push(OsString::from(format!("-{word}")));
                continue;
            }
            if let Some((_, why)) = NOT_TAKEN.iter().find(|(n, _)| *n == name) {
                return Err(format!(
                    "{word} (cutechess-cli's) is not an option of guerrilla-arena: {why}"
                ));
            }
        }
        out.push(arg);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(words: &[&str]) -> Result<Vec<String>, String> {
        translate(words.iter().map(OsString::from).collect()).map(|v| {
            v.into_iter()
                .map(|w| w.into_string().expect("utf-8"))
                .collect()
        })
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
            "--engine cmd=x --each tc=40/2+0.05 --rounds 4 --pgnout g.pgn --repeat --srand 3 \
             --tournament gauntlet -h --games 2"
        );
        // Subcommands and their options.
        let got = t(&["a", "merge", "x.pgn", "-json", "s.json"]).unwrap();
        assert_eq!(got[3], "--json");
        // Values are left alone, and so is an unknown word (clap says what it is).
        let got = t(&["a", "--site", "-x", "-zz"]).unwrap();
        assert_eq!(got[2..], ["-x", "-zz"]);
        let e = t(&["a", "-noswap"]).unwrap_err();
        assert!(e.contains("-noswap") && e.contains("swapping sides"), "{e}");
    }
}
