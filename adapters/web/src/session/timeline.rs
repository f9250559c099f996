//! The timeline: the game as the engine last described it — its setup, every position since
//! its start with who played each turn and what the engine reported of it, the turn being built
//! and the steps that may come next. It is read back from the engine (`describe`, `legal
//! steps`, `history`, `show`, `geometry`), never worked out here.

use std::collections::BTreeMap;

use serde::Serialize;

use guerrilla::protocol::codec::{Command, LegalWhat, Message, Removal, Start, Within};

use super::link::{is_error, setoption, Link};
use super::side_word;
use crate::answers::{read_geometry, Described, Drawing, Report};
use crate::catalogue::{Catalogue, GAME_OPTION};

/// Who played a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum By {
    Human,
    Engine,
    /// Set up from a record, or read again after a restart.
    Record,
}

/// The game's settings: the game and the values of its own options.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Setup {
    pub game: String,
    pub options: BTreeMap<String, u64>,
}

impl Setup {
    /// The game with every option at its default.
    pub fn of(catalogue: &Catalogue, game: &str) -> Setup {
        let options = catalogue
            .game(game)
            .map(|g| {
                g.options
                    .iter()
                    .map(|o| (o.name.clone(), o.default))
                    .collect()
            })
            .unwrap_or_default();
        Setup {
            game: game.to_string(),
            options,
        }
    }

    /// The commands that set the engine to this game (and a new game of it).
    pub fn commands(&self) -> Vec<Command> {
        let mut cmds: Vec<Command> = self
            .options
            .iter()
            .map(|(name, value)| setoption(name, value))
            .collect();
        cmds.push(setoption(GAME_OPTION, &self.game));
        cmds.push(Command::UgiNewGame);
        cmds
    }
}

/// One position of the game: the start (`turn` empty) or the position after a whole turn.
#[derive(Clone, Debug, Serialize)]
pub struct Ply {
    /// The turn that led here, as `history` lists it.
    pub turn: String,
    pub by: By,
    pub describe: Described,
    /// What the engine reported of the turn: its steps, their removals, the game's end.
    pub report: Report,
}

/// One step of the turn being built, as the engine answered it: the step and what it removed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BuiltStep {
    pub step: String,
    #[serde(serialize_with = "crate::answers::removals")]
    pub removed: Vec<Removal>,
}

/// The game as the engine last described it.
pub struct Timeline {
    pub setup: Setup,
    pub geometry: Option<Drawing>,
    geometry_dirty: bool,
    pub describe: Described,
    /// `legal steps`: what may come next.
    pub steps: Vec<String>,
    /// `history`'s start position, whole turns, and the turn being built.
    pub start: Option<String>,
    pub moves: Vec<String>,
    pub building: Vec<String>,
    /// The steps of the turn being built with what each removed, as far as the session saw
    /// them answered (after a restart, none).
    pub built: Vec<BuiltStep>,
    /// The position string of the current turn's start (`show`'s `fen`).
    pub fen: String,
    /// Every position of the game: `plies[k]` follows the first `k` turns of `moves`.
    pub plies: Vec<Ply>,
    /// Who played the turn that completes next, and what the engine reported of it.
    next: Option<(By, Report)>,
    /// The start position string of each setup's standard start, as the engine told it: a game
    /// whose `start` is its setup's standard start is written without a position.
    standard_starts: Vec<(Setup, String)>,
}

/// What reading the game back found to tell the user (the engine's error lines).
pub type Notes = Vec<String>;

impl Timeline {
    pub fn new(setup: Setup) -> Timeline {
        Timeline {
            setup,
            geometry: None,
            geometry_dirty: true,
            describe: Described::default(),
            steps: Vec::new(),
            start: None,
            moves: Vec::new(),
            building: Vec::new(),
            built: Vec::new(),
            fen: String::new(),
            plies: Vec::new(),
            next: None,
            standard_starts: Vec::new(),
        }
    }

    /// The side that played the first turn, `p1` or `p2`: the start position's side to move;
    /// before the start is read, the side to move now and the turns played since (turns
    /// alternate); `p1` when the engine told neither.
    pub fn first_mover(&self) -> &'static str {
        let first = match self.plies.first().and_then(|p| p.describe.to_move()) {
            Some(side) => side,
            None => self
                .describe
                .to_move()
                .map_or(0, |now| (now + self.moves.len()) % 2),
        };
        side_word(first)
    }

    /// A new game (or a game set up anew): every position is read again.
    pub fn reset(&mut self, setup: Setup) {
        let known = std::mem::take(&mut self.standard_starts);
        *self = Timeline::new(setup);
        self.standard_starts = known;
    }

    /// The standard start's position string of the current setup, when the engine told it.
    pub fn standard_start(&self) -> Option<&str> {
        self.standard_starts
            .iter()
            .find(|(s, _)| *s == self.setup)
            .map(|(_, fen)| fen.as_str())
    }

    /// Notes `fen` as the current setup's standard start.
    pub fn learn_standard_start(&mut self, fen: String) {
        if self.standard_start().is_none() {
            self.standard_starts.push((self.setup.clone(), fen));
        }
    }

    /// Whether the game starts from its setup's standard start (unknown: no).
    pub fn starts_standard(&self) -> bool {
        self.start.is_some() && self.start.as_deref() == self.standard_start()
    }

    /// The start as a record keeps it: `startpos` for the standard start, else the position
    /// string; None before the engine told it.
    pub fn kept_start(&self) -> Option<String> {
        if self.starts_standard() {
            return Some("startpos".into());
        }
        self.start.clone()
    }

    /// The commands that set the engine to this game, from `start` with `moves` played.
    pub fn setup_commands(&self, start: Option<&str>, moves: &[String]) -> Vec<Command> {
        let mut cmds = self.setup.commands();
        if let Some(start) = start {
            let start = match start {
                "startpos" => Start::StartPos,
                fen => Start::Fen(fen.to_string()),
            };
            let moves = moves.to_vec();
            cmds.push(Command::Position { start, moves });
        }
        cmds
    }

    /// Sets the engine to the game as last read (start, whole turns and, with `building`, the
    /// steps of the turn being built). A step of `building` the engine took by itself is
    /// refused when sent again: that refusal is expected and skipped.
    pub fn restore(&mut self, link: &mut Link, building: bool) -> Result<Notes, String> {
        let cmds = self.setup_commands(self.start.as_deref(), &self.moves);
        let lines = link.request(&cmds)?;
        if building {
            for step in self.building.clone() {
                link.request(&[Command::Step(step)])?;
            }
        }
        self.geometry_dirty = true;
        Ok(errors(&lines))
    }

    /// The side to move (0: p1).
    pub fn to_move(&self) -> Option<usize> {
        self.describe.to_move()
    }

    /// Whether the engine reported that the game ended.
    pub fn over(&self) -> bool {
        self.describe.over()
    }

    /// The turn that completes next was played by `by`, and the engine reported `report` of it.
    pub fn expect_turn(&mut self, by: By, report: Report) {
        self.next = Some((by, report));
    }

    /// A step of the turn being built was answered: its steps (the step and what the engine
    /// then did by itself) and what each removed.
    pub fn record_steps(&mut self, report: &Report) {
        for done in &report.steps {
            self.built.push(BuiltStep {
                step: done.step.clone(),
                removed: done.removed.clone(),
            });
        }
    }

    /// Reads the game back from the engine — `describe`, `legal steps`, `history`, `show`'s
    /// position string, and `geometry` when the game or its settings changed — then brings
    /// the positions up to date. `searching`: a search runs, so the game is not replayed in
    /// the engine now (it is read again after the search).
    pub fn refresh(&mut self, link: &mut Link, searching: bool) -> Result<Notes, String> {
        let mut cmds = vec![
            Command::Describe,
            Command::Legal(LegalWhat::Steps),
            Command::History,
        ];
        if self.geometry_dirty {
            cmds.push(Command::Geometry);
        }
        let lines = link.request(&cmds)?;
        let mut notes = Vec::new();
        let mut geometry_lines = Vec::new();
        for line in lines {
            match line.parse() {
                Ok(Message::Describe(d)) => self.describe = Described::of(d),
                Ok(Message::Steps(steps)) => self.steps = steps,
                Ok(Message::Start(start)) => self.start = Some(start),
                Ok(Message::History(moves)) => self.moves = moves,
                Ok(Message::Building(steps)) => self.building = steps,
                Ok(
                    Message::GeometryHeader(_)
                    | Message::Point(_)
                    | Message::Square(_)
                    | Message::GeometryEnd,
                ) => geometry_lines.push(line),
                _ => notes.push(line),
            }
        }
        // `show` apart: its picture is free text, and its `steps` line is not `legal`'s. Its
        // `fen` line is the position string of the turn's start.
        let shown = link.request(&[Command::Show])?;
        let fen = shown
            .iter()
            .find_map(|l| match Message::parse_within(l, Within::Show) {
                Ok(Message::Fen(fen)) => Some(fen),
                _ => None,
            });
        if let Some(fen) = fen {
            self.fen = fen;
        }
        if !geometry_lines.is_empty() {
            match read_geometry(&geometry_lines) {
                Ok(g) => {
                    self.geometry = Some(g);
                    self.geometry_dirty = false;
                }
                Err(e) => notes.push(format!("cannot read the engine's geometry: {e}")),
            }
        }
        // The steps kept of the turn being built are those `history` still lists.
        let keep = self
            .built
            .iter()
            .zip(&self.building)
            .take_while(|(b, s)| &b.step == *s)
            .count();
        self.built.truncate(keep);
        notes.extend(self.update_plies(link, searching)?);
        Ok(notes)
    }

    /// Keeps `plies` equal to the positions of `moves`: a turn just completed adds the position
    /// now shown (at a turn start), an undo drops positions, and anything else (a new game, a
    /// record, a restart) replays the game in the engine to read every position.
    fn update_plies(&mut self, link: &mut Link, searching: bool) -> Result<Notes, String> {
        let n = self.moves.len();
        let turn_start = self.describe.turn_start();
        if !self.plies.is_empty() {
            let agree = self.plies[1..]
                .iter()
                .zip(&self.moves)
                .take_while(|(p, m)| &p.turn == *m)
                .count();
            self.plies.truncate(agree + 1);
            let have = self.plies.len();
            if have == n + 1 {
                if turn_start {
                    self.plies[n].describe = self.describe.clone();
                }
                return Ok(Vec::new());
            }
            if have == n && turn_start {
                let (by, report) = self.next.take().unwrap_or((By::Human, Report::default()));
                self.plies.push(Ply {
                    turn: self.moves[n - 1].clone(),
                    by,
                    describe: self.describe.clone(),
                    report,
                });
                return Ok(Vec::new());
            }
        }
        if searching {
            return Ok(Vec::new());
        }
        self.replay(link)
    }

    /// Plays the game again in the engine, turn by turn, reading each position and what each
    /// turn removed, then sets the game (with the turn being built) back.
    fn replay(&mut self, link: &mut Link) -> Result<Notes, String> {
        let Some(start) = self.start.clone() else {
            return Ok(Vec::new());
        };
        let old: BTreeMap<(usize, String), By> = self
            .plies
            .iter()
            .enumerate()
            .map(|(i, p)| ((i, p.turn.clone()), p.by))
            .collect();
        let mut cmds = self.setup_commands(Some(&start), &[]);
        cmds.push(Command::Describe);
        for m in &self.moves {
            cmds.push(Command::Play(m.clone()));
            cmds.push(Command::Describe);
        }
        let lines = link.request(&cmds)?;
        let mut plies = Vec::new();
        let mut report = Report::default();
        let mut notes = Vec::new();
        for l in &lines {
            let message = l.parse();
            if let Ok(Message::Describe(d)) = message {
                let i = plies.len();
                let turn = if i == 0 {
                    String::new()
                } else {
                    self.moves[i - 1].clone()
                };
                let by = old.get(&(i, turn.clone())).copied().unwrap_or(By::Record);
                plies.push(Ply {
                    turn,
                    by,
                    describe: Described::of(d),
                    report: std::mem::take(&mut report),
                });
            } else if let Ok(Message::Played(p)) = message {
                report = p.into();
            } else if is_error(l) {
                notes.push(l.clone());
            }
        }
        self.plies = plies;
        notes.extend(self.restore(link, true)?);
        Ok(notes)
    }
}

/// The engine's error lines among `lines`.
pub fn errors(lines: &[String]) -> Notes {
    lines.iter().filter(|l| is_error(l)).cloned().collect()
}
