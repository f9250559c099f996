//! `guerrilla-arena merge FILE…`: the records files of a match's shards (in any order, any
//! shard counts) made into the whole match's result, and optionally its records.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::records::{self, GameRecord, MatchInfo};
use crate::report::report;
use crate::summary::{self, summarize};
use crate::{files, out, schedule, status};

/// The matches of a records file, every game read: an unreadable game is an error here, but for
/// a partial game at the end of the file (a killed match's), which is skipped with a warning.
fn read_records(path: &std::path::Path) -> Result<records::RecordsFile, String> {
    let file = records::load(path)?;
    if let Some(p) = &file.partial {
        eprintln!("warning: {}", p.warning(&path.display().to_string()));
    }
    Ok(file)
}

pub fn run(
    files: &[PathBuf],
    merged: Option<&PathBuf>,
    json: Option<&PathBuf>,
) -> Result<ExitCode, String> {
    let mut json = json.map(|p| files::Json::open(p)).transpose()?;
    let mut info: Option<MatchInfo> = None;
    let mut first_commands = Vec::new();
    let mut shards = Vec::new();
    let mut games: Vec<(GameRecord, String)> = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let mut in_file: std::collections::BTreeMap<usize, GameRecord> = Default::default();
        let mut again = 0;
        for (i, g) in read_records(path)?.matches {
            match &info {
                None => {
                    first_commands = i.engines.iter().map(|e| e.command.clone()).collect();
                    info = Some(i.clone());
                }
                Some(w) if w.identity() != i.identity() => {
                    return Err(format!(
                        "{} holds a match that is not a shard of the same match as {}'s first",
                        path.display(),
                        files[0].display()
                    ))
                }
                Some(_) => {}
            }
            shards.push(i.shard);
            // A shard played again into its records file appends a second run of its games:
            // the later run's are kept.
            for g in g {
                again += usize::from(in_file.insert(g.index, g).is_some());
            }
        }
        if again > 0 {
            eprintln!(
                "warning: {name} holds {again} game(s) twice (a shard played again into its \
                 records file appends to it): the later run's are counted"
            );
        }
        games.extend(in_file.into_values().map(|g| (g, name.clone())));
    }
    let mut whole = info.expect("at least one file, with a match").identity();
    for (e, command) in whole.engines.iter_mut().zip(first_commands) {
        e.command = command;
    }
    games.sort_by_key(|(g, _)| g.index);
    if let Some(w) = games.windows(2).find(|w| w[0].0.index == w[1].0.index) {
        return Err(format!(
            "game {} is in two files ({} and {}): give each shard's records once",
            w[0].0.index + 1,
            w[0].1,
            w[1].1
        ));
    }
    let games: Vec<GameRecord> = games.into_iter().map(|(g, _)| g).collect();
    // Shards of different N may make up a match (3/8 and 7/8 are 3/4): a shard of the finest
    // N is missing when one of its games is in no file's shard.
    let n = shards.iter().flatten().map(|s| s.1).max().unwrap_or(1);
    let schedule = schedule::jobs(&whole);
    for k in 1..=n {
        let uncovered = schedule.iter().any(|j| {
            schedule::in_shard(j, Some((k, n))) && !shards.iter().any(|&s| schedule::in_shard(j, s))
        });
        if uncovered {
            eprintln!("warning: shard {k}/{n} is missing: the result covers the other shards only");
        }
    }
    let summary = summarize(&whole, &games, false);
    if let Some(p) = merged {
        let stop = summary::sprt_stop(&whole, &games);
        let mut text = records::header_text(&whole);
        for g in games.iter().filter(|g| stop.is_none_or(|p| g.pair <= p)) {
            text.push_str(&records::game_text(&whole, g));
        }
        fs::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    out(&report(&summary, crate::report::OutputFormat::Arena));
    if let Some(j) = &mut json {
        j.write(&summary)?;
    }
    Ok(status(&summary))
}
