//! The files a match writes, held for the match's life so that nothing else writes them:
//!
//! * Each output (the records, the JSON) is locked before the first game with an exclusive
//!   advisory lock on `FILE.lock` beside it, which holds who has it (process id, host, since
//!   when). A second arena given the same file stops before its first game, naming the holder.
//!   The lock ends with the process (even at `kill -9`), and the lock file is removed when the
//!   match ends. Advisory locks hold between processes of one machine, and on shared file
//!   systems that pass them on (NFS, Lustre).
//! * The JSON is replaced atomically (written to a temporary file beside it, then renamed over
//!   it) after every game and at the end: a reader sees the previous summary or the new one,
//!   never a part.
//! * The records are appended one whole game at a time, in one write, synced to the disk before
//!   the next game is recorded (`records::read` says what readers do with a partial game at the
//!   end, which only a stopped machine or a full disk leaves).

use std::fs::{File, OpenOptions};
use std::io::{Read as _, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::records::{self, check_regular, Found, GameRecord, MatchInfo};
use crate::summary::Summary;

/// An exclusive lock on `FILE.lock`, for the life of the value.
pub struct Lock {
    path: PathBuf,
    _file: File,
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still locked: a process that opened this lock file meanwhile finds,
        // once it has the lock, that the path no longer names it, and locks the new one.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The lock file of `target`.
fn lock_path(target: &Path) -> PathBuf {
    let mut name = target.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    target.with_file_name(name)
}

/// Takes the lock of `target` (the `what` file, for messages), or says who holds it.
pub fn lock(target: &Path, what: &str) -> Result<Lock, String> {
    let path = lock_path(target);
    loop {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| {
                format!(
                    "cannot write the {what} file's lock {}: {e}",
                    path.display()
                )
            })?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(format!(
                    "the {what} file {} is being written by another guerrilla-arena ({}): give \
                     each match its own file (the lock is {})",
                    target.display(),
                    if holder.is_empty() {
                        "starting"
                    } else {
                        holder
                    },
                    path.display()
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(format!("cannot lock {}: {e}", path.display()))
            }
        }
        if !still_named(&file, &path) {
            continue; // its holder removed it between our open and our lock
        }
        let holder = format!(
            "pid {} on {}, since {} UTC",
            std::process::id(),
            gethostname::gethostname().to_string_lossy(),
            records::pgn_time()
        );
        file.set_len(0)
            .and_then(|_| file.write_all(holder.as_bytes()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        return Ok(Lock { path, _file: file });
    }
}

/// True when `path` still names the open `file`.
#[cfg(unix)]
fn still_named(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_named(_: &File, path: &Path) -> bool {
    path.exists()
}

/// The `--json` file: locked, and replaced whole at every write.
pub struct Json {
    path: PathBuf,
    _lock: Lock,
}

impl Json {
    /// Locks `path` before the first game; nothing is written yet.
    pub fn open(path: &Path) -> Result<Json, String> {
        check_regular(path, "write the JSON file")?;
        Ok(Json {
            path: path.to_path_buf(),
            _lock: lock(path, "JSON")?,
        })
    }

    /// Replaces the file with `s`, atomically.
    pub fn write(&mut self, s: &Summary) -> Result<(), String> {
        let text = serde_json::to_string_pretty(s).expect("summary serialises") + "\n";
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let err = |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", self.path.display());
        let mut tmp = tempfile::Builder::new()
            .prefix(".guerrilla-arena-json")
            .tempfile_in(dir)
            .map_err(|e| err(&e))?;
        tmp.write_all(text.as_bytes())
            .and_then(|_| tmp.as_file().sync_data())
            .map_err(|e| err(&e))?;
        tmp.persist(&self.path).map_err(|e| err(&e.error))?;
        Ok(())
    }
}

/// How the records file is written: a new file (or one replaced by `--overwrite`), or an
/// existing records file that the match appends to.
pub enum RecordsMode {
    New,
    Append,
}

/// The `--records` file, locked, open for the games of the match.
pub struct Records {
    pub path: PathBuf,
    file: File,
    mode: RecordsMode,
    /// The file did not exist: it is removed again if the match ends before writing to it.
    created: bool,
    written: bool,
    _lock: Lock,
}

impl Drop for Records {
    fn drop(&mut self) {
        if self.created && !self.written {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// What an existing records file holds of the match being resumed.
pub struct Resumed {
    /// The games of the match already played, in the order of the file.
    pub games: Vec<GameRecord>,
}

/// How the settings of two matches differ, for people: each differing setting with its value
/// in `recorded` and in `now`.
pub fn differences(recorded: &MatchInfo, now: &MatchInfo) -> Vec<String> {
    let a = serde_json::to_value(recorded).expect("match info serialises");
    let b = serde_json::to_value(now).expect("match info serialises");
    let short = |v: &serde_json::Value| {
        let t = v.to_string();
        if t.chars().count() > 60 {
            format!("{}…", t.chars().take(60).collect::<String>())
        } else {
            t
        }
    };
    let mut out = Vec::new();
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return out;
    };
    for (key, va) in a {
        let vb = b.get(key).unwrap_or(&serde_json::Value::Null);
        if va == vb {
            continue;
        }
        match (key.as_str(), va.as_array(), vb.as_array()) {
            ("engines", Some(ea), Some(eb)) if ea.len() == eb.len() => {
                for (x, y) in ea.iter().zip(eb) {
                    let name = x["name"].as_str().unwrap_or("?");
                    for (k, vx) in x.as_object().into_iter().flatten() {
                        let vy = y.get(k).unwrap_or(&serde_json::Value::Null);
                        if vx != vy {
                            out.push(format!(
                                "engine {name}'s {k}: {} in the records, {} now",
                                short(vx),
                                short(vy)
                            ));
                        }
                    }
                    for (k, vy) in y.as_object().into_iter().flatten() {
                        if x.get(k).is_none() {
                            out.push(format!(
                                "engine {name}'s {k}: none in the records, {} now",
                                short(vy)
                            ));
                        }
                    }
                }
            }
            ("openings", Some(oa), Some(ob)) => {
                let first = oa.iter().zip(ob).position(|(x, y)| x != y);
                out.push(match first {
                    Some(i) => format!(
                        "openings: round {} starts from {} in the records, {} now",
                        i + 1,
                        short(&oa[i]),
                        short(&ob[i])
                    ),
                    None => format!(
                        "openings: {} rounds in the records, {} now",
                        oa.len(),
                        ob.len()
                    ),
                });
            }
            _ => out.push(format!(
                "{key}: {} in the records, {} now",
                short(va),
                short(vb)
            )),
        }
    }
    out
}

impl Records {
    /// Opens and locks the `--records` file before the first game. A new or empty file, or any
    /// file with `overwrite`, is written from its start; an existing records file is read
    /// through (game by game, in the memory of one) and appended to, as cutechess does; a file
    /// that is not a records file, or does not read back, is refused. A partial game at its end
    /// is cut off, with a warning.
    ///
    /// With `resume` (the match about to be played): the games of that match already in the
    /// file are returned, to be kept and not played again; a file whose last match is another
    /// is refused, naming the differences. A file that does not exist yet, or is empty, starts
    /// the match.
    pub fn open(
        path: &Path,
        overwrite: bool,
        resume: Option<&MatchInfo>,
    ) -> Result<(Records, Resumed), String> {
        check_regular(path, "write the records file")?;
        let lock = lock(path, "records")?;
        let created = !path.exists();
        let name = path.display().to_string();
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("cannot write the records file {name}: {e}"))?;
        let len = file
            .metadata()
            .map_err(|e| format!("cannot read the records file {name}: {e}"))?
            .len();
        let mut records = Records {
            path: path.to_path_buf(),
            file,
            mode: RecordsMode::New,
            created,
            written: false,
            _lock: lock,
        };
        let mut resumed = Resumed { games: Vec::new() };
        if overwrite || len == 0 {
            if resume.is_some() {
                eprintln!("{name} holds no games yet: the match starts from its first game");
            }
            return Ok((records, resumed));
        }
        let mut head = [0u8; 64];
        let n = records
            .file
            .read(&mut head)
            .map_err(|e| format!("cannot read the records file {name}: {e}"))?;
        if !records::starts_as_records(&head[..n]) {
            return Err(format!(
                "{name} exists and is not a guerrilla-arena records file: give another \
                 --records, or --overwrite to replace it"
            ));
        }
        let mut last: Option<MatchInfo> = None;
        let mut ours = false;
        let mut again = 0usize;
        let mut have = std::collections::BTreeMap::new();
        let partial = records::read_records(path, |found| {
            match found {
                Found::Match(info) => {
                    ours = resume.is_some_and(|r| *r == info);
                    last = Some(info);
                }
                Found::Game(g) if ours => {
                    again += usize::from(have.insert(g.index, g).is_some());
                }
                Found::Game(_) => {}
            }
            Ok(())
        })
        .map_err(|e| {
            format!(
                "{e}: the match would append to a records file that does not read back; give \
                 another --records, or --overwrite to replace it"
            )
        })?;
        if let Some(p) = partial {
            eprintln!("warning: {}, and cut off", p.warning(&name));
            records
                .file
                .set_len(p.offset)
                .map_err(|e| format!("cannot cut the partial game off {name}: {e}"))?;
        }
        if let Some(now) = resume {
            let last = last.expect("a records file has a match line");
            if last != *now {
                return Err(format!(
                    "--resume: {name} holds another match than this command line's; it differs \
                     in: {}",
                    differences(&last, now).join("; ")
                ));
            }
            if again > 0 {
                eprintln!(
                    "warning: {name} holds {again} game(s) of this match twice: the later are kept"
                );
            }
            resumed.games = have.into_values().collect();
        }
        records.mode = RecordsMode::Append;
        Ok((records, resumed))
    }

    /// Writes the lines before the match's first game: the file's first line and the match
    /// line for a new file, the match line when appending.
    pub fn start(&mut self, info: &MatchInfo) -> Result<(), String> {
        let head = match self.mode {
            RecordsMode::New => records::header_text(info),
            RecordsMode::Append => records::section_text(info),
        };
        let f = &mut self.file;
        match self.mode {
            RecordsMode::New => f.set_len(0).and_then(|_| f.rewind()),
            RecordsMode::Append => f.seek(SeekFrom::End(0)).map(|_| ()),
        }
        .and_then(|_| f.write_all(head.as_bytes()))
        .and_then(|_| f.sync_data())
        .map_err(|e| format!("writing the records file {}: {e}", self.path.display()))?;
        self.written = true;
        Ok(())
    }

    /// Appends one game whole, in one write, and syncs it to the disk.
    pub fn append(&mut self, info: &MatchInfo, g: &GameRecord) -> Result<(), String> {
        let text = records::game_text(info, g);
        self.file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.sync_data())
            .map_err(|e| format!("writing the records file {}: {e}", self.path.display()))
    }
}
