//! The command loop: one [`Protocol`] per process, holding the options and one game session
//! (`Session<G>`, generic over the game, behind `GameSession` so the game can change at run
//! time). It only dispatches: every line it writes is made by [`super::wire`].

use std::fmt::Display;
use std::io::BufRead;
use std::time::Duration;

use super::input::{read_line_bounded, ReadEnd};
use super::options::{self, Change, Options};
use super::output::Output;
use super::parse::{clean_line, Command, GoArgs, LegalWhat, Query, Start};
use super::wire;
use crate::engine::{Engine, EngineError, GoRequest, Report};
use crate::game::{Game, GameError, GameSettings, Side};
use crate::games::{GameId, GameKind};
use crate::search::{self, Limits, Searchable};

/// The longest input line accepted, in bytes (protocol.md § 1): 16 MiB, more than the longest
/// legal `position fen … moves …` of either game. A Guerrilla turn token is at most ~1,420
/// bytes (side 12, 60 pieces: 30 growths, a new group, 60 jumps, 60 kills), times the largest
/// `TurnLimit` (10,000 turns) is 14.2 MB; a Guerrilla Checkers game has at most 67 turns.
pub const MAX_LINE: usize = 16 << 20;

/// How many whole turns `legal` lists at most.
pub const LEGAL_TURNS_CAP: usize = 1000;

/// One game's commands, whatever the game.
pub(crate) trait GameSession: Send {
    /// Runs a game command (position, go, query, legal, play, step, undo, show, describe, perft,
    /// bench). `line` is the cleaned input line, for error messages. A running search goes on
    /// through a command that only reads and through one that is refused (which changes
    /// nothing); a command that changes the state stops it first, so that its `bestmove` comes
    /// before the command's answer (protocol.md § 3.10).
    fn exec(&mut self, cmd: &Command, line: &str, opts: &Options);
    /// True while a search runs and has not sent its `bestmove`.
    fn is_searching(&mut self) -> bool;
    /// Stops a running search; returns once its `bestmove` has been written.
    fn stop(&mut self);
    /// `ponderhit`: a `go ponder` search becomes a search under its limits (protocol.md
    /// § 3.11); `line` is the input line, for the error line when no ponder search runs.
    fn ponderhit(&mut self, line: &str);
    /// At the end of the input: lets a search or perft with a finite limit finish (its output
    /// written), stops a `go infinite`.
    fn finish(&mut self);
}

/// Makes a fresh session for a game with the given options, or says why it cannot.
pub(crate) type Factory = fn(GameId, &Options, Output) -> Result<Box<dyn GameSession>, String>;

/// The sessions of the games in this build, through the crate's `with_game_id!` dispatch: the
/// game's settings from the options (an error for a value out of the game's bounds), then its
/// start position.
pub(crate) fn real_factory(
    game: GameId,
    opts: &Options,
    out: Output,
) -> Result<Box<dyn GameSession>, String> {
    crate::with_game_id!(game, G => Ok(Box::new(Session::<G>::new(opts, out)?)))
}

/// The search limits of a `go` command (protocol.md § go).
pub(crate) fn limits_of(g: &GoArgs) -> Limits {
    let ms = Duration::from_millis;
    Limits {
        movetime: g.movetime.map(ms),
        nodes: g.nodes,
        depth: g.depth,
        time_left: [g.p1time.map(ms), g.p2time.map(ms)],
        increment: [ms(g.p1inc.unwrap_or(0)), ms(g.p2inc.unwrap_or(0))],
        infinite: g.infinite,
        ..Limits::default()
    }
}

/// One game in progress: the engine facade and the output.
pub(crate) struct Session<G: Game + Searchable> {
    engine: Engine<G>,
    out: Output,
}

impl<G: Game + Searchable> Session<G> {
    /// A new game of `G` with the settings of `opts`; an error when they are out of the game's
    /// bounds.
    pub(crate) fn new(opts: &Options, out: Output) -> Result<Self, String> {
        Ok(Session {
            engine: Engine::new(opts.settings::<G::Settings>()?),
            out,
        })
    }
}

impl<G: Game + Searchable> Session<G> {
    fn err(&self, msg: impl Display, line: &str) {
        self.out.line(&wire::error_line(msg, line));
    }

    /// `position`: a position string the game refuses is answered with its error before a
    /// running search is stopped, and changes nothing; an illegal move in `moves` is no refusal
    /// (the game is set, lost by that move, protocol.md § 3.5), so it stops the search as any
    /// position does.
    fn position(&mut self, start: &Start, moves: &[String], line: &str) {
        let fen = match start {
            Start::StartPos => None,
            Start::Fen(s) => Some(s.as_str()),
        };
        if let Some(refused) = fen.and_then(|text| self.start_refused(text)) {
            return self.position_err(refused, line);
        }
        match self.engine.set_position(fen, moves) {
            Ok(None) => {}
            Ok(Some(illegal)) => self.err(wire::forfeit_text(illegal, self.engine.forfeit()), line),
            Err(e) => self.position_err(e, line),
        }
    }

    /// Why [`Engine::set_position`] would refuse the position string `text` (the two checks
    /// that make it an `Err`), read without stopping a running search.
    fn start_refused(&self, text: &str) -> Option<GameError> {
        match G::from_position_string(text, self.engine.settings()) {
            Err(e) => Some(e),
            Ok(pos) if !pos.at_turn_start() => {
                Some(GameError::bad_position(text, "not at the start of a turn"))
            }
            Ok(_) => None,
        }
    }

    /// The error line of a refused position string, naming the other game when the string is
    /// one of its positions.
    fn position_err(&self, e: GameError, line: &str) {
        match e {
            GameError::BadPosition { got, reason } => {
                let kind: Option<GameKind> = G::NAME.parse().ok();
                let reason = match kind.and_then(|k| k.other_game_reading(&got)) {
                    Some(other) => wire::other_game_position(other),
                    None => reason,
                };
                self.err(GameError::BadPosition { got, reason }, line)
            }
            e => self.err(e, line),
        }
    }

    /// Why [`Engine::go`] would refuse to start (a game over, a `searchmoves` turn that
    /// is not legal here), read without stopping a running search: `expand` refuses exactly
    /// the turns the search's root refuses.
    fn go_refused(&self, searchmoves: &[String]) -> Option<EngineError> {
        if self.engine.outcome().is_some() {
            return Some(EngineError::GameOver);
        }
        searchmoves
            .iter()
            .find_map(|m| self.engine.expand(m).err())
            .map(EngineError::Game)
    }

    fn go(&mut self, g: &GoArgs, line: &str, opts: &Options) {
        if let Some(e) = self.go_refused(&g.searchmoves) {
            // Refused, it changes nothing: a running search goes on and its `bestmove` is still
            // to come; with none running, `bestmove none` ends this `go` (an arena never waits).
            let mut lines = vec![wire::error_line(wire::engine_error_text(&e, "go"), line)];
            if !self.engine.is_searching() {
                lines.push(wire::bestmove_line(None));
            }
            return self.out.lines(&lines);
        }
        let limits = limits_of(g);
        let seed = opts.seed ^ self.engine.position().hash();
        self.engine.set_config(opts.search_config());
        let out = self.out.clone();
        // What each report writes: up to `MultiPV` lines, numbered when there may be more
        // than one (protocol.md § 3.6).
        let (most, numbered) = (opts.multipv.max(1) as usize, opts.multipv > 1);
        let (ponder, show_wdl) = (opts.ponder, opts.show_wdl);
        // The search may report its last state twice (a periodic report, then the final one
        // with no iteration between): one report per state. A search that ran no iteration
        // and chose nothing yet (`nodes 0`, `movetime 0`, stopped at once) has no score and no
        // line: its turn is a greedy one (protocol.md § 3.6).
        let mut last_nodes = None;
        // The best line's tokens in the last report: its second names the reply `bestmove`
        // expects, with `Ponder` on.
        let mut best_pv: Vec<String> = Vec::new();
        // Each PV is written from the start of the turn being played, through the steps
        // already taken in it (none at a turn start), so its first token is that whole turn.
        let start = self.engine.turn_start().clone();
        let made = self.engine.chosen_this_turn();
        let report = move |r| match r {
            Report::Info(info) => {
                let nothing = info.nodes == 0 && info.best().pv.is_empty();
                if nothing || last_nodes == Some(info.nodes) {
                    return;
                }
                last_nodes = Some(info.nodes);
                let mut lines = Vec::new();
                for (k, l) in info.lines.iter().take(most).enumerate() {
                    let pv = if l.pv.is_empty() {
                        Vec::new()
                    } else {
                        let steps: Vec<G::Step> = made.iter().chain(&l.pv).copied().collect();
                        wire::pv_tokens(&start, &steps)
                    };
                    lines.push(wire::info_line(&info, k, numbered, show_wdl, &pv));
                    if k == 0 {
                        best_pv = pv;
                    }
                }
                if let Some(current) = &info.current {
                    let steps: Vec<G::Step> = made.iter().chain(&current.steps).copied().collect();
                    if let Some(turn) = wire::pv_tokens(&start, &steps).first() {
                        lines.push(wire::currmove_line(turn, current.number as usize));
                    }
                }
                out.lines(&lines);
            }
            Report::BestMove(token) => {
                let reply = match (&token, ponder) {
                    (Some(best), true) => wire::ponder_reply(best, &best_pv),
                    _ => None,
                };
                out.line(&wire::bestmove_ponder_line(token.as_deref(), reply))
            }
        };
        let request = GoRequest {
            limits,
            among: g.searchmoves.clone(),
            ponder: g.ponder,
            seed,
        };
        let started = self.engine.go(request, report);
        if let Err(e) = started {
            // Never leave an arena waiting: an error, then `bestmove none`.
            self.out.lines(&[
                wire::error_line(wire::engine_error_text(&e, "go"), line),
                wire::bestmove_line(None),
            ]);
        }
    }

    fn query(&mut self, q: Query) {
        let answer = match q {
            Query::GameOver => wire::bool_word(self.engine.outcome().is_some()),
            Query::P1Turn => wire::bool_word(self.engine.position().side_to_move() == Side::P1),
            Query::Result => wire::result_word(self.engine.outcome()),
        };
        self.out.line(&wire::response_line(answer));
    }

    /// `geometry` (protocol.md § 4.10): the board of the current game and settings.
    fn geometry(&mut self) {
        let geo = self.engine.position().geometry();
        self.out.lines(&wire::geometry_lines(G::NAME, &geo));
    }

    /// `history` (protocol.md § 4.11): start, whole turns, the turn being built.
    fn history(&mut self) {
        self.out.lines(&wire::history_lines(&self.engine.history()));
    }

    /// `legal [steps|turns]` (protocol.md § 4.1).
    fn legal(&mut self, what: LegalWhat) {
        let mut lines = Vec::new();
        if what != LegalWhat::Turns {
            lines.push(wire::steps_line(&self.engine.legal_steps()));
        }
        if what != LegalWhat::Steps {
            let (listed, turns) =
                if self.engine.outcome().is_none() && !self.engine.position().at_turn_start() {
                    (wire::TurnsListed::MidTurn, Vec::new())
                } else {
                    let (t, complete) = self.engine.legal_turns(LEGAL_TURNS_CAP);
                    let listed = if complete {
                        wire::TurnsListed::Complete
                    } else {
                        wire::TurnsListed::Partial
                    };
                    (listed, t)
                };
            lines.push(wire::turns_line(listed, &turns));
        }
        self.out.lines(&lines);
    }

    /// What `show` and `describe` say besides the position's own views.
    fn game_state(&self) -> wire::GameState<'static> {
        let pos = self.engine.position();
        wire::GameState {
            game: G::NAME,
            tomove: pos.side_to_move(),
            turnstart: pos.at_turn_start(),
            outcome: self.engine.outcome(),
            forfeit: self.engine.forfeit(),
            reason: self.engine.game_end().map(|e| e.reason),
        }
    }

    /// `show` (protocol.md § 4.5).
    fn show(&mut self) {
        let lines = wire::show_lines(
            &self.engine.position().render(),
            &self.engine.turn_start().to_position_string(),
            &self.engine.steps_this_turn(),
            &self.game_state(),
        );
        self.out.lines(&lines);
    }

    /// `describe` (protocol.md § 4.6).
    fn describe(&mut self) {
        let fields = self.engine.position().describe();
        self.out
            .line(&wire::describe_line(&self.game_state(), &fields));
    }

    /// perft runs on the worker thread: `stop` ends it, `isready` is answered meanwhile. In
    /// the middle of a turn it is refused before a running search is stopped.
    fn perft(&mut self, depth: u32, line: &str) {
        if !self.engine.position().at_turn_start() {
            let command = Command::Perft(depth).to_string();
            return self.err(
                wire::engine_error_text(&EngineError::MidTurn, &command),
                line,
            );
        }
        let out = self.out.clone();
        let perft_line = line.to_string();
        let started = self
            .engine
            .perft_async(depth, move |r| out.line(&wire::perft_line(&r, &perft_line)));
        if let Err(e) = started {
            let command = Command::Perft(depth).to_string();
            self.err(wire::engine_error_text(&e, &command), line);
        }
    }

    /// `bench`: [`search::bench`] with the options' search configuration, so that its
    /// figures are those of the searches `go` runs.
    fn bench(&mut self, opts: &Options) {
        let r = search::bench::bench::<G>(
            self.engine.settings(),
            search::bench::DEFAULT_BUDGET,
            &opts.search_config(),
        );
        self.out.lines(&wire::bench_lines(&r));
    }
}

impl<G: Game + Searchable> GameSession for Session<G> {
    fn exec(&mut self, cmd: &Command, line: &str, opts: &Options) {
        match cmd {
            Command::Position { start, moves } => self.position(start, moves, line),
            Command::Go(g) => self.go(g, line, opts),
            Command::Query(q) => self.query(*q),
            Command::Legal(what) => self.legal(*what),
            // `play`, `step` and `undo` change nothing when they fail, and leave a running
            // search's own copy of its root alone when they succeed: each is tried first, and
            // the search stopped (its `bestmove` written) only before an accepted one's answer.
            Command::Play(m) => match self.engine.play_turn(m) {
                Ok(played) => {
                    self.engine.stop();
                    self.out.line(&wire::played_line(&played))
                }
                Err(e) => self.err(e, line),
            },
            Command::Expand(m) => match self.engine.expand(m) {
                Ok(expanded) => self.out.line(&wire::expanded_line(&expanded)),
                Err(e) => self.err(e, line),
            },
            Command::Step(s) => match self.engine.play_step(s) {
                Ok(st) => {
                    self.engine.stop();
                    self.out.line(&wire::stepped_line(&st))
                }
                Err(e) => self.err(e, line),
            },
            Command::Undo | Command::UndoStep => {
                let undone = if *cmd == Command::Undo {
                    self.engine.undo()
                } else {
                    self.engine.undo_step()
                };
                match undone {
                    Some(u) => {
                        self.engine.stop();
                        self.out.line(&wire::undone_line(&u))
                    }
                    None => self.err(wire::nothing_to_undo_text(line), line),
                }
            }
            Command::Show => self.show(),
            Command::Describe => self.describe(),
            Command::Geometry => self.geometry(),
            Command::About => self.out.lines(&wire::about_lines(
                G::NAME,
                &self.engine.position().about(),
                <G::Settings as GameSettings>::OPTIONS,
            )),
            Command::History => self.history(),
            Command::Perft(d) => self.perft(*d, line),
            Command::Bench => {
                self.engine.stop();
                self.bench(opts)
            }
            other => self.err(wire::not_a_game_command_text(other), line),
        }
    }

    fn is_searching(&mut self) -> bool {
        self.engine.is_searching()
    }

    fn stop(&mut self) {
        self.engine.stop();
    }

    fn ponderhit(&mut self, line: &str) {
        match self.engine.ponderhit() {
            Ok(()) => {}
            Err(e @ EngineError::NotPondering) => self.err(wire::engine_error_text(&e, line), line),
            Err(e) => {
                // The ponder search has ended without its bestmove: never leave a GUI waiting.
                self.out.lines(&[
                    wire::error_line(wire::engine_error_text(&e, line), line),
                    wire::bestmove_line(None),
                ]);
            }
        }
    }

    fn finish(&mut self) {
        if self.engine.is_endless() {
            self.engine.stop();
        } else {
            self.engine.wait();
        }
    }
}

/// The protocol: options, the current game's session, the output.
pub struct Protocol {
    out: Output,
    opts: Options,
    session: Box<dyn GameSession>,
    factory: Factory,
}

impl Protocol {
    /// A protocol for the games of this build, writing to `out`; with `test_games`, its `Game`
    /// option offers the test game too (`tictactoe`, `src/tictactoe/`).
    pub fn new(out: Output, test_games: bool) -> Result<Self, String> {
        let mut opts = Options::default();
        opts.test_games = test_games;
        Self::with_factory(out, real_factory, opts)
    }

    pub(crate) fn with_factory(
        out: Output,
        factory: Factory,
        opts: Options,
    ) -> Result<Self, String> {
        let session = factory(opts.game, &opts, out.clone())?;
        Ok(Protocol {
            out,
            opts,
            session,
            factory,
        })
    }

    /// Reads commands until `quit` or the end of input. A line longer than [`MAX_LINE`] is
    /// answered with one error line and skipped without being kept (memory stays bounded).
    pub fn run(&mut self, mut input: impl BufRead) {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match read_line_bounded(&mut input, &mut buf, MAX_LINE) {
                Ok(ReadEnd::End) => break,
                Ok(ReadEnd::Whole) => {
                    let raw = String::from_utf8_lossy(&buf);
                    if !self.handle(&raw) {
                        return;
                    }
                }
                Ok(ReadEnd::TooLong(total)) => {
                    let kept = buf.len().min(4 * wire::QUOTED_MAX);
                    let head =
                        clean_line(&String::from_utf8_lossy(&buf[..kept])).unwrap_or_default();
                    // Like any other line that is no command: a search goes on.
                    let _ = self.session.is_searching();
                    self.out.line(&wire::error_line(
                        wire::too_long_text(MAX_LINE, &head, total),
                        "",
                    ));
                }
                Err(e) => {
                    log::error!("reading input: {e}");
                    break;
                }
            }
        }
        // End of input: a finite search or perft ends by itself, `go infinite` is stopped.
        self.session.finish();
    }

    /// Handles one raw input line; `false` after `quit`.
    pub fn handle(&mut self, raw: &str) -> bool {
        let Some(line) = clean_line(raw) else {
            return true;
        };
        let cmd = match line.parse::<Command>() {
            Ok(cmd) => cmd,
            Err(e) => {
                // A line that is no command changes nothing, so a running search goes on
                // (protocol.md § 3.10); a search that has just ended is reaped first, so that
                // its bestmove comes before this answer.
                let searching = self.session.is_searching();
                let mut lines = vec![wire::error_line(e, &line)];
                if !searching && line.split(' ').next() == Some("go") {
                    // A `go` always ends with a bestmove: an arena never waits for a search
                    // that was never started. (During a search, the running one's comes.)
                    lines.push(wire::bestmove_line(None));
                }
                self.out.lines(&lines);
                return true;
            }
        };
        // A `setoption` the option table refuses changes nothing either.
        let option = match &cmd {
            Command::SetOption { name, value } => {
                match options::set(&self.opts, name, value.as_deref()) {
                    Ok(set) => Some(set),
                    Err(e) => {
                        let _ = self.session.is_searching();
                        self.out.line(&wire::error_line(e, &line));
                        return true;
                    }
                }
            }
            _ => None,
        };
        // The commands that read the state run beside a search, and so does every refused
        // command (it changes nothing); a command that changes the state stops the search
        // first (its bestmove is written), then runs (protocol.md § 3.10). A game command's
        // session stops it itself, once the command is accepted.
        if cmd.runs_beside_a_search() {
            let _ = self.session.is_searching();
        }
        match cmd {
            Command::Quit => {
                self.session.stop();
                return false;
            }
            Command::Stop => self.session.stop(),
            Command::Ugi => self
                .out
                .lines(&wire::ugi_lines(options::option_lines(&self.opts))),
            Command::IsReady => self.out.line(wire::READYOK),
            Command::Help => self.out.lines(&wire::help_lines()),
            Command::PonderHit => self.session.ponderhit(&line),
            Command::UgiNewGame => self.new_game(self.opts.clone(), &line),
            Command::SetOption { .. } => match option {
                Some((new, Change::GameSettings(games))) if games.contains(&new.game) => {
                    self.new_game(new, &line)
                }
                Some((new, _)) => {
                    self.session.stop();
                    self.opts = new
                }
                None => {}
            },
            other => self.session.exec(&other, &line, &self.opts),
        }
        true
    }

    /// Replaces the session with a fresh one for `opts` (a new game), stopping the running
    /// search first; on failure nothing changes and a running search goes on.
    fn new_game(&mut self, opts: Options, line: &str) {
        match (self.factory)(opts.game, &opts, self.out.clone()) {
            Ok(session) => {
                self.session.stop();
                self.session = session;
                self.opts = opts;
            }
            Err(msg) => {
                let _ = self.session.is_searching();
                self.out.line(&wire::error_line(msg, line))
            }
        }
    }
}
