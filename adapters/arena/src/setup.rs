//! From the command line to a match: the engines (`--engine`, `--each`, the short forms) with
//! their cutechess-cli keys, the referee's settings, the games and rounds, the openings, the
//! adjudication rules and the output files, every one checked before the first game.

use guerrilla::game::prelude::*;
use guerrilla::protocol::codec::Message;
use guerrilla::protocol::options;
use guerrilla::GameKind;

use crate::cli::{self, MatchArgs};
use crate::limits::Limits;
use crate::openings;
use crate::records::EngineSpec;
use crate::schedule;

/// Splits `Name=Value`.
pub fn name_value(opt: &str) -> Result<(String, String), String> {
    opt.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| format!("expected Name=Value but got '{opt}'"))
}

/// True for `Game` and the options a game declares (`BoardSide`, `TurnLimit`, …): the same for
/// both engines and the referee, never per engine.
fn is_game_option(name: &str) -> bool {
    name.eq_ignore_ascii_case("Game")
        || GameKind::ALL
            .iter()
            .flat_map(|g| g.options())
            .any(|o| o.name.eq_ignore_ascii_case(name))
}

/// The keys of an engine's limits, which together make its `tc`.
const LIMIT_KEYS: [&str; 6] = ["tc", "st", "nodes", "depth", "movetime", "clock"];

/// The engine keys the arena takes, for messages.
const ENGINE_KEYS: &str = "name=, cmd=, option.NAME=, tc=, st=, nodes=, depth=, movetime=, \
                           clock=, timemargin=, dir=, arg=, stderr=, proto=";

/// `KEY=VALUE` words of one `--engine`, after the `--each` words: an engine's own word for a
/// key replaces `--each`'s (its own `option.X` replaces `--each`'s `option.X`; `arg=` adds).
fn engine_spec(each: &[String], words: &[String]) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        command: String::new(),
        options: Vec::new(),
        tc: None,
        margin_ms: None,
        dir: None,
        args: Vec::new(),
        stderr: None,
    };
    let mut limits: Vec<(String, String)> = Vec::new();
    let mut name = None;
    let mut command = None;
    for (own, w) in each
        .iter()
        .map(|w| (false, w))
        .chain(words.iter().map(|w| (true, w)))
    {
        let flag = if own { "--engine" } else { "--each" };
        let (k, v) = name_value(w).map_err(|e| format!("{flag}: {e}"))?;
        match k.as_str() {
            "name" if own => name = Some(v),
            "cmd" => command = Some(v),
            "dir" => spec.dir = Some(v),
            "arg" => spec.args.push(v),
            "stderr" => spec.stderr = Some(v),
            "timemargin" => {
                spec.margin_ms = Some(v.parse().map_err(|_| {
                    format!("{flag}: expected timemargin=MS (milliseconds) but got '{w}'")
                })?)
            }
            // The arena speaks UGI, UCI's generalisation (`ugi` for `uci`); `proto=uci` is
            // taken so that cutechess command lines run, and an engine that speaks only UCI
            // fails at start (no `ugiok`).
            "proto" if matches!(v.as_str(), "ugi" | "uci") => {}
            k if LIMIT_KEYS.contains(&k) => {
                // One limit of each kind: a clock (tc=, clock=), a time a move (st=,
                // movetime=), nodes, depth; the engine's own replaces --each's.
                let kind = |k: &str| {
                    match k {
                        "tc" | "clock" => "clock",
                        "st" | "movetime" => "movetime",
                        k => k,
                    }
                    .to_string()
                };
                // `tc=nodes=3`: the arena's own form after `tc=`, as earlier versions took it.
                let (k, word) = match v.split_once('=') {
                    Some((inner, _)) if k == "tc" => (inner, v.clone()),
                    _ => (k, format!("{k}={v}")),
                };
                limits.retain(|(key, _)| kind(key) != kind(k));
                limits.push((k.to_string(), word));
            }
            _ => match k.strip_prefix("option.") {
                Some(o) if !o.is_empty() => {
                    spec.options.retain(|(n, _)| !n.eq_ignore_ascii_case(o));
                    spec.options.push((o.to_string(), v));
                }
                _ => {
                    return Err(format!(
                        "{flag}: expected one of {ENGINE_KEYS} but got '{w}'"
                    ))
                }
            },
        }
    }
    spec.command = command.ok_or_else(|| format!("--engine {}: no cmd=", words.join(" ")))?;
    if !limits.is_empty() {
        let text = limits
            .iter()
            .map(|(_, w)| w.clone())
            .collect::<Vec<_>>()
            .join(" ");
        let who = name.as_deref().unwrap_or(&spec.command);
        let parsed: Limits = text.parse().map_err(|e| format!("engine {who}: {e}"))?;
        spec.tc = Some(parsed.to_string());
    }
    spec.name = name.unwrap_or_else(|| spec.command.clone());
    Ok(spec)
}

/// The engines of the match, in order: `--engine1`, `--engine2`, then each `--engine`.
pub fn engines(args: &MatchArgs) -> Result<Vec<EngineSpec>, String> {
    let mut out = Vec::new();
    let parse_opts = |v: &[String]| {
        v.iter()
            .map(|o| name_value(o))
            .collect::<Result<Vec<_>, _>>()
    };
    for (cmd, name, opts) in [
        (&args.engine1, &args.name1, &args.options1),
        (&args.engine2, &args.name2, &args.options2),
    ] {
        if let Some(c) = cmd {
            let mut words = vec![format!("name={name}"), format!("cmd={c}")];
            words.extend(
                parse_opts(opts)?
                    .iter()
                    .map(|(k, v)| format!("option.{k}={v}")),
            );
            out.push(engine_spec(&args.each, &words)?);
        }
    }
    for words in &args.engine_groups {
        out.push(engine_spec(&args.each, words)?);
    }
    if out.len() < 2 {
        return Err(
            "expected at least two engines (--engine name=… cmd=…, or --engine1 and --engine2)"
                .into(),
        );
    }
    for (i, e) in out.iter().enumerate() {
        if out[..i].iter().any(|o| o.name == e.name) {
            return Err(format!(
                "two engines are named '{}': give each its own name",
                e.name
            ));
        }
        for (k, _) in &e.options {
            if is_game_option(k) {
                return Err(format!(
                    "engine {}: option {k}: game options must be the same for both engines (use --option)",
                    e.name
                ));
            }
        }
    }
    Ok(out)
}

/// The referee's game settings: the shared options applied through the engine's own option
/// table and settings mapping (`BoardSide` W1 and `TurnLimit` W6 for Guerrilla), so that the
/// referee plays the same game as the engines. An option of this engine with a bad value is an
/// error here, before any game; names this engine does not know are checked against what each
/// engine announces when it starts.
pub fn referee_settings<G: Game>(shared: &[(String, String)]) -> Result<G::Settings, String> {
    // An option of another game would be announced and taken by the engine, and change
    // nothing in this one.
    let own = |k: &str| {
        G::NAME
            .parse::<GameKind>()
            .is_ok_and(|g| g.options().iter().any(|o| o.name.eq_ignore_ascii_case(k)))
    };
    for (k, v) in shared {
        if let Some(other) = GameKind::ALL
            .iter()
            .find(|g| g.options().iter().any(|o| o.name.eq_ignore_ascii_case(k)))
            .filter(|_| !own(k))
        {
            return Err(format!(
                "--option {k}={v}: {k} is an option of {}, not of {} (the match's game): give \
                 --game {} for a match of {}",
                other.name(),
                G::NAME,
                other.name(),
                other.name()
            ));
        }
    }
    let mut opts = options::Options::default();
    // The names the engine announces with its default settings, read as a client reads them.
    let known: Vec<String> = options::option_lines(&opts)
        .iter()
        .filter_map(|l| match l.parse() {
            Ok(Message::Option(decl)) => Some(decl.name),
            _ => None,
        })
        .collect();
    for (k, v) in shared {
        match options::set(&opts, k, Some(v)) {
            Ok((new, _)) => opts = new,
            Err(e) if known.iter().any(|n| n.eq_ignore_ascii_case(k)) => {
                return Err(format!("--option {k}={v}: {e}"))
            }
            Err(_) => {}
        }
    }
    opts.settings::<G::Settings>()
}

/// Games a pairing plays: cutechess's rounds × games, `--games` alone as before (default 2),
/// `--rounds` alone with one game a round.
pub fn games_per_pairing(args: &MatchArgs) -> Result<u32, String> {
    if let Some(n) = args.repeat.filter(|&n| n != 2) {
        return Err(format!(
            "--repeat {n}: the arena plays every opening twice, colours swapped (pairs, which \
             its statistics count), as --repeat 2 does; leave --repeat out or give 2"
        ));
    }
    let games = match (args.rounds, args.games) {
        (Some(r), g) => r.checked_mul(g.unwrap_or(1)),
        (None, g) => Some(g.unwrap_or(2)),
    };
    match games {
        Some(0) => Err("expected at least one game (--games, --rounds)".into()),
        Some(n) => Ok(n),
        None => Err("--rounds × --games is too many games".into()),
    }
}

/// True for a gauntlet (`--gauntlet`, or `--tournament gauntlet`).
pub fn gauntlet(args: &MatchArgs) -> Result<bool, String> {
    match args.tournament.as_deref() {
        None | Some("round-robin") => Ok(args.gauntlet),
        Some("gauntlet") => Ok(true),
        Some(t) => Err(format!(
            "--tournament: expected round-robin or gauntlet but got '{t}'"
        )),
    }
}

/// The openings of the match's rounds and where they came from: a file (checked opening by
/// opening with the match's settings), or random plies (by default).
pub fn openings<G: Game>(
    args: &MatchArgs,
    settings: &G::Settings,
    game_options: &[(String, String)],
    rounds: usize,
) -> Result<(Vec<String>, String), String> {
    if !args.openings.is_empty() {
        let spec = openings::Spec::parse(&args.openings)?;
        let all = openings::load::<G>(&spec, settings, game_options)?;
        return Ok((
            openings::for_rounds(&all, &spec, args.seed, rounds),
            spec.describe(args.seed),
        ));
    }
    match args.random_plies.unwrap_or(cli::DEFAULT_RANDOM_PLIES) {
        0 => Ok((vec!["startpos".to_string(); rounds], "startpos".to_string())),
        plies => Ok((
            schedule::random_openings::<G>(settings, plies, args.seed, rounds)?,
            format!("{plies} random plies, seed {}", args.seed),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn engine_keys_and_each() {
        let e = engine_spec(
            &w("tc=40/60+0.6 option.Hash=16 proto=uci timemargin=200"),
            &w("name=a cmd=./x arg=--flag option.Hash=32 nodes=5"),
        )
        .unwrap();
        assert_eq!(e.name, "a");
        assert_eq!(e.tc.as_deref(), Some("tc=40/60+0.6 nodes=5"));
        assert_eq!(e.options, [("Hash".to_string(), "32".to_string())]);
        assert_eq!((e.margin_ms, e.args.len()), (Some(200), 1));
        let e = engine_spec(&w("tc=10+0.1"), &w("cmd=./x")).unwrap();
        assert_eq!(
            (e.name.as_str(), e.tc.as_deref()),
            ("./x", Some("tc=10+0.1"))
        );
        let e = engine_spec(&[], &w("cmd=./x tc=nodes=3")).unwrap();
        assert_eq!(e.tc.as_deref(), Some("nodes=3"));
        let e = engine_spec(&w("tc=inf"), &w("cmd=./x depth=3")).unwrap();
        assert_eq!(e.tc.as_deref(), Some("tc=inf depth=3"));
        let e = engine_spec(&w("tc=40/60 depth=9"), &w("cmd=./x clock=1s+0s")).unwrap();
        assert_eq!(e.tc.as_deref(), Some("tc=1 depth=9"));
        for bad in [
            "cmd=x book=b.bin",
            "cmd=x proto=xboard",
            "name=a",
            "cmd=x tc=fast",
        ] {
            assert!(engine_spec(&[], &w(bad)).is_err(), "{bad}");
        }
    }
}
