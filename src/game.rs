//! The one trait both games implement.
//!
//! The protocol, the perft driver and the search are written against [`Game`] only; they never
//! know which game they serve. A *turn* is everything one player does before the other player's
//! turn begins; it is built from one or more *steps* (decisions). Guerrilla Checkers has turns of
//! one step (a stone pair, or a whole checker path). Wells' Guerrilla builds a turn from many
//! steps (growth, new group, jumps, split choices, kill choices), so the trait exposes both levels:
//!
//! * step level — [`Game::legal_steps`], [`Game::apply_step`], [`Game::undo_step`]: what a search
//!   and a GUI building a turn click by click need;
//! * turn level — [`Game::legal_turns`], [`Game::play_turn`], [`Game::parse_turn`],
//!   [`Game::format_turn`]: what the protocol's `position … moves …`, `bestmove` and perft need.
//!
//! A turn always prints as one whitespace-free token.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

/// A player. `P1` moves first: the Guerrilla in Guerrilla Checkers (GC2), White in Guerrilla (W3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    P1,
    P2,
}

impl Side {
    /// Both sides, `P1` first.
    pub const ALL: [Side; 2] = [Side::P1, Side::P2];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::P1 => Side::P2,
            Side::P2 => Side::P1,
        }
    }

    /// 0 for `P1`, 1 for `P2`: an index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A strict decimal number, as the protocol's grammar writes them (protocol.md § 2): ASCII digits
/// only, no sign, no leading zero (`0` itself excepted), fitting in 64 bits. `+8` and `08` are
/// refused, for options and position-string fields alike.
pub fn parse_decimal(text: &str) -> Option<u64> {
    let canonical = text == "0" || !text.starts_with('0');
    if text.is_empty() || !canonical || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// One option of a game, declared once by the game and read by everything that offers it:
/// the protocol's option table (`ugi`, `setoption`), the command line's flags, the arena's
/// referee and the web GUI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The protocol's name (`setoption name BoardSide`); the command line's flag is its kebab
    /// case (`--board-side`, see [`GameOption::flag`]).
    pub name: &'static str,
    pub default: u64,
    /// The bounds of its value, both included.
    pub min: u64,
    pub max: u64,
    /// What it sets, in one line (the command line's help).
    pub help: &'static str,
}

impl GameOption {
    /// The command line's flag for this option, without the dashes: `BoardSide` → `board-side`.
    pub fn flag(&self) -> String {
        let mut flag = String::new();
        for (i, c) in self.name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                flag.push('-');
            }
            flag.push(c.to_ascii_lowercase());
        }
        flag
    }

    /// `value` when it is within the bounds, else the error that says which they are.
    pub fn check(&self, value: u64) -> Result<u64, String> {
        if (self.min..=self.max).contains(&value) {
            Ok(value)
        } else {
            Err(format!(
                "expected {} from {} to {} but got {value}",
                self.name, self.min, self.max
            ))
        }
    }
}

/// A game's settings: the values of the options it declares. `Default` is the standard game,
/// every option at its `default`.
pub trait GameSettings: Clone + Default + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The game's options, in the order the protocol lists them.
    const OPTIONS: &'static [GameOption];

    /// Sets option `name` (one of [`Self::OPTIONS`]) to `value`, within its bounds (callers
    /// check them with [`GameOption::check`]); any other name is ignored.
    fn set(&mut self, name: &str, value: u64);

    /// The settings whose options take their values from `value_of` (by name; `None` keeps
    /// the default), each checked against its bounds.
    fn from_values(value_of: impl Fn(&str) -> Option<u64>) -> Result<Self, String> {
        let mut settings = Self::default();
        for option in Self::OPTIONS {
            if let Some(v) = value_of(option.name) {
                settings.set(option.name, option.check(v)?);
            }
        }
        Ok(settings)
    }
}

/// A game without options.
impl GameSettings for () {
    const OPTIONS: &'static [GameOption] = &[];
    fn set(&mut self, _name: &str, _value: u64) {}
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// What went wrong with a piece of text given to a game: a move, a step or a position string.
///
/// Its `Display` is the body of the protocol's error line, of the form
/// `expected <what> but got '<input>'`, followed by a reason where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The text is not in the grammar; `expected` names the grammar rule that failed.
    Syntax { expected: String, got: String },
    /// The text is well formed but not legal in this position.
    Illegal { got: String, reason: String },
    /// A position string that does not parse or describes an impossible position.
    BadPosition { got: String, reason: String },
}

impl GameError {
    pub fn syntax(expected: impl Into<String>, got: impl Into<String>) -> Self {
        GameError::Syntax {
            expected: expected.into(),
            got: got.into(),
        }
    }

    pub fn illegal(got: impl Into<String>, reason: impl Into<String>) -> Self {
        GameError::Illegal {
            got: got.into(),
            reason: reason.into(),
        }
    }

    pub fn bad_position(got: impl Into<String>, reason: impl Into<String>) -> Self {
        GameError::BadPosition {
            got: got.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Syntax { expected, got } => write!(f, "expected {expected} but got '{got}'"),
            GameError::Illegal { got, reason } => {
                write!(f, "expected a legal move but got '{got}' ({reason})")
            }
            GameError::BadPosition { got, reason } => {
                write!(f, "expected a valid position but got '{got}' ({reason})")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// Why a perft (or a listing of whole turns) gave up before its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftAbort {
    /// The caller's stop flag was set.
    Stopped,
    /// One turn has more distinct results than the game can enumerate within its memory budget
    /// (a Guerrilla turn with a dozen groups to move can reach hundreds of millions, W7); the
    /// text says which budget.
    TooLarge(String),
}

impl fmt::Display for PerftAbort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftAbort::Stopped => write!(f, "stopped"),
            PerftAbort::TooLarge(why) => write!(f, "{why}"),
        }
    }
}

/// One point of a board's drawing (the protocol's `geometry` command).
#[derive(Clone, Debug, PartialEq)]
pub struct GeoPoint {
    /// The point's name, as moves and steps write it.
    pub name: String,
    /// Drawing coordinates: x to the right, y downward; neighbouring points are 1 apart.
    pub x: f64,
    pub y: f64,
    /// True when a piece or stone can stand there; false for a point only drawn (GC1's edge).
    pub play: bool,
    /// The points adjacent to it under the rules.
    pub neighbours: Vec<String>,
}

/// One square of a board's drawing (Guerrilla Checkers only).
#[derive(Clone, Debug, PartialEq)]
pub struct GeoSquare {
    pub name: String,
    /// The square's centre, in the points' units.
    pub x: f64,
    pub y: f64,
    /// Its corner points: bottom-left, bottom-right, top-right, top-left.
    pub corners: [String; 4],
    /// The squares diagonally adjacent to it.
    pub diagonals: Vec<String>,
}

/// A board's drawing and adjacency, for a GUI that knows no rule (protocol.md § 4, `geometry`).
/// Points in position-string order, squares likewise.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Geometry {
    pub points: Vec<GeoPoint>,
    pub squares: Vec<GeoSquare>,
}

/// A position of one game, possibly in the middle of a turn.
///
/// Contract, relied on by the protocol, perft and search:
/// * The position is either *at a turn start* (no step of the side to move's turn taken yet) or
///   *mid-turn*. `side_to_move` is the side whose turn is being built, in both cases.
/// * `outcome` is `Some` only at a turn start, and then `legal_steps` is empty. At a turn start
///   with `outcome() == None`, `legal_steps` is never empty.
/// * Applying the last step of a turn leaves the position at the next turn's start (with
///   `side_to_move` flipped, unless a game's rules say otherwise).
/// * A decision with a single option may be taken automatically inside `apply_step`; a game that
///   does so never returns a single forced option from `legal_steps`, except at a turn start.
/// * `hash` covers everything that makes two positions different (board, side to move, the
///   state of the turn being built, counters that change the rules' outcome).
/// * `apply_step` followed by `undo_step` restores the exact position, hash included.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// One decision. Small and `Copy`: this is what the search stores.
    type Step: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;
    /// One whole turn (the protocol's "move"): one whitespace-free token.
    type Turn: Clone + Eq + fmt::Debug + Send + Sync + 'static;
    /// What `undo_step` needs to take a step back.
    type Undo: Send + 'static;
    /// Game options (board size, turn limit, …); `Default` is the standard game.
    type Settings: GameSettings;

    /// The game's name in the protocol (`setoption name Game value <NAME>`).
    const NAME: &'static str;

    /// The start position of a new game.
    fn new(settings: &Self::Settings) -> Self;
    /// The options this position was created with.
    fn settings(&self) -> &Self::Settings;

    /// The side whose turn it is (whose turn is being built, mid-turn).
    fn side_to_move(&self) -> Side;
    /// True when no step of the current turn has been taken yet.
    fn at_turn_start(&self) -> bool;
    /// The result, once the game is over (only ever at a turn start).
    fn outcome(&self) -> Option<Outcome>;
    /// A 64-bit Zobrist-style hash of the whole position (see the trait's contract).
    fn hash(&self) -> u64;

    // ---- step level -------------------------------------------------------------------------

    /// Appends the legal next steps to `out`.
    fn legal_steps(&self, out: &mut Vec<Self::Step>);
    /// Applies a step that `legal_steps` generated; returns what `undo_step` needs.
    fn apply_step(&mut self, step: Self::Step) -> Self::Undo;
    /// Applies a step that `legal_steps` generated when it will never be taken back (random
    /// games, playouts on a copy). Same effect as `apply_step`; games whose undo record is
    /// costly to make override it.
    fn apply_step_no_undo(&mut self, step: Self::Step) {
        self.apply_step(step);
    }
    /// Like [`Game::apply_step`], and appends to `forced` the decisions the game then took by
    /// itself (the single-option decisions of the contract above), in the order taken, so that
    /// a GUI can show them. The undo record covers them too: `undo_step` takes back `step` and
    /// everything forced after it. The default reports nothing, right for a game that never
    /// decides by itself.
    fn apply_step_reporting(
        &mut self,
        step: Self::Step,
        forced: &mut Vec<Self::Step>,
    ) -> Self::Undo {
        let _ = forced;
        self.apply_step(step)
    }
    /// Takes back `step`, which was the last step applied and returned `undo`.
    fn undo_step(&mut self, step: Self::Step, undo: Self::Undo);
    /// One legal next step drawn at random (for playouts), `None` when there is none.
    /// Games override this when they can draw a step without listing all of them.
    fn random_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Step> {
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        if steps.is_empty() {
            None
        } else {
            Some(steps[rng.random_range(0..steps.len())])
        }
    }
    /// One legal next step for a playout of the search (the *playout policy*), `None` exactly
    /// when `legal_steps` would be empty. Unlike [`Game::random_step`] it may prefer some steps
    /// (a capture, a safe placement); it must still give every legal step some chance often
    /// enough that playouts do not all follow one line. All its randomness comes from `rng`, so
    /// a seed fixes it. The default is [`Game::random_step`]; games override it with a light
    /// heuristic, for instance [`best_of_sampled`] (added for the search: an additive method
    /// with a default body).
    fn playout_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Step> {
        self.random_step(rng)
    }
    /// A heuristic value of this position in [-1, 1] for the side to move (1 = sure win,
    /// -1 = sure loss), cheap to compute. The search scores the playouts it cuts short with it.
    /// The default knows nothing and says 0 (even); each game overrides it when it has a better
    /// guess (added for the search: an additive method with a default body).
    fn evaluate(&self) -> f64 {
        0.0
    }
    /// The expected result for the side to move of this position (a search's root), in
    /// [-1, 1], given the search's raw value `raw` for it (the mean of its playouts' results,
    /// in [-1, 1]). The raw value is biased by the playout policy and the evaluation (a cut
    /// playout's value is a guess), so each game maps it with a curve fitted to the results of
    /// self-play games (`benches/search_calibration.rs --fit-score`); the search reports the
    /// mapped value as its `score`. The default is the raw value (added for the search: an
    /// additive method with a default body).
    fn calibrated_score(&self, raw: f64) -> f64 {
        raw
    }
    /// Steps after which the search cuts a random playout and scores it with `evaluate`
    /// ([`crate::search::Params::for_game`]). The default lets random games run to their end;
    /// a game with a useful `evaluate` sets a shorter horizon.
    const PLAYOUT_CAP: u32 = 5000;
    /// The search's first-play urgency for this game ([`crate::search::Params::first_play`]):
    /// the selection score of a step never tried. Infinity (the default) tries every step once
    /// before any twice; a game whose turns are many steps with many options each sets a finite
    /// value so that good lines are followed deeper.
    const FIRST_PLAY: f64 = f64::INFINITY;
    /// The search's UCB1 exploration constant for this game
    /// ([`crate::search::Params::exploration`]), on the [-1, 1] value scale. A game whose
    /// leaves are scored by a smooth evaluation (no noisy playouts) explores less.
    const EXPLORATION: f64 = 0.5;
    /// The canonical text of a step, for the protocol's step-by-step commands.
    fn format_step(&self, step: Self::Step) -> String;
    /// Parses a step's text and resolves it against this position: `Ok` only for a legal step.
    fn parse_step(&self, text: &str) -> Result<Self::Step, GameError>;

    // ---- turn level -------------------------------------------------------------------------

    /// Appends the legal whole turns from this turn start to `out`, at most `cap` of them;
    /// returns `false` when it stopped at `cap` before listing them all. For perft, the list is
    /// exactly what one ply counts (GC6, W7).
    fn legal_turns(&self, out: &mut Vec<Self::Turn>, cap: usize) -> bool;
    /// Plays a whole turn from a turn start. It must be legal (from `legal_turns` or
    /// `parse_turn`); an illegal one is an error and leaves the position unchanged.
    fn play_turn(&mut self, turn: &Self::Turn) -> Result<(), GameError>;
    /// The turn made of `steps` applied from this turn start, which ended the turn.
    fn turn_from_steps(&self, steps: &[Self::Step]) -> Self::Turn;
    /// The chosen steps that play `turn` from this turn start, in order, forced decisions left
    /// out: applying them one by one with `apply_step` plays the turn (what `undo step` needs
    /// to reopen a turn that was entered whole).
    fn turn_steps(&self, turn: &Self::Turn) -> Vec<Self::Step>;
    /// The canonical one-token text of a turn played from this position.
    fn format_turn(&self, turn: &Self::Turn) -> String;
    /// Parses a turn's token and resolves it against this position: `Ok` only for a legal turn.
    fn parse_turn(&self, text: &str) -> Result<Self::Turn, GameError>;

    /// Like [`Game::legal_turns`], but gives up with [`PerftAbort::TooLarge`] when listing them
    /// would need more memory than the game allows itself (`out` then holds some of them), or
    /// with [`PerftAbort::Stopped`] once `stop` is set. The default lists them plainly: a game
    /// whose turns are few needs no budget.
    fn legal_turns_within(
        &self,
        out: &mut Vec<Self::Turn>,
        cap: usize,
        stop: &AtomicBool,
    ) -> Result<bool, PerftAbort> {
        if stop.load(Ordering::Relaxed) {
            return Err(PerftAbort::Stopped);
        }
        Ok(self.legal_turns(out, cap))
    }

    /// perft (GC6, W7) that gives up: [`PerftAbort::Stopped`] soon after `stop` is set,
    /// [`PerftAbort::TooLarge`] when one turn is too large to enumerate. What the protocol and
    /// the command line run. Games override it with a faster version (bulk counting at the
    /// last ply).
    fn perft_within(&self, depth: u32, stop: &AtomicBool) -> Result<u64, PerftAbort> {
        crate::perft::by_turns(self, depth, stop)
    }

    /// perft: the number of leaf positions `depth` whole turns from here (GC6, W7), for tests
    /// and benchmarks on positions known to be countable.
    ///
    /// # Panics
    /// When the count gives up ([`Game::perft_within`] with a flag never set): input-driven
    /// callers use `perft_within` instead.
    fn perft(&self, depth: u32) -> u64 {
        self.perft_within(depth, &AtomicBool::new(false))
            .unwrap_or_else(|e| panic!("perft gave up: {e}"))
    }

    // ---- position strings and views ---------------------------------------------------------

    /// The one-line position string of this position (at a turn start).
    fn to_position_string(&self) -> String;
    /// Parses and validates a position string.
    fn from_position_string(text: &str, settings: &Self::Settings) -> Result<Self, GameError>;
    /// A multi-line ASCII picture of the board for a human.
    fn render(&self) -> String;
    /// The board's geometry for the current settings: every point (and square) with its name,
    /// drawing coordinates and the rules' adjacency. Added for GUIs as an additive method: the
    /// default dispatches by type to the two games' `geometry.rs` (so that their `Game` impl
    /// blocks need no change); any other game has no geometry (empty).
    fn geometry(&self) -> Geometry {
        let any: &dyn std::any::Any = self;
        if let Some(c) = any.downcast_ref::<crate::checkers::Checkers>() {
            return crate::checkers::geometry::geometry(c);
        }
        if let Some(w) = any.downcast_ref::<crate::wells::Wells>() {
            return crate::wells::geometry::geometry(w);
        }
        Geometry::default()
    }
    /// Named fields that describe the position for a program, without knowing the rules:
    /// every cell, pieces in hand or supply, the turn's phase, scores. The protocol prints them
    /// as `name=value` on one line, in this order; values contain no whitespace.
    fn describe(&self) -> Vec<(&'static str, String)>;
}

/// A playout policy for [`Game::playout_step`] built from [`Game::random_step`] and
/// [`Game::evaluate`]: with chance `explore` a uniformly random step; otherwise `samples` steps
/// drawn at random, each tried on a copy and scored for the side that takes it (a step that ends
/// the game by a win scores 1, a loss -1, else `evaluate` of the position after it, turned to the
/// mover's point of view), and the best kept (the first drawn among equals).
///
/// Why sampling and not a full greedy pass: a step's cost stays a fixed multiple of one random
/// step whatever the number of legal steps (dozens of growth points, hundreds of stone pairs),
/// and the sampled choice keeps the playouts varied, which a full greedy pass does not; a
/// capture or a kill that the evaluation sees is still found most of the time when it is one of
/// a few good steps among many.
pub fn best_of_sampled<G: Game, R: rand::Rng + ?Sized>(
    pos: &G,
    rng: &mut R,
    samples: u32,
    explore: f64,
) -> Option<G::Step> {
    let first = pos.random_step(rng)?;
    if samples <= 1 || rng.random_bool(explore.clamp(0.0, 1.0)) {
        return Some(first);
    }
    let side = pos.side_to_move();
    let score = |step: G::Step| -> f64 {
        let mut p = pos.clone();
        p.apply_step_no_undo(step);
        match p.outcome() {
            Some(Outcome::Win(w)) => {
                if w == side {
                    2.0
                } else {
                    -2.0
                }
            }
            Some(Outcome::Draw) => 0.0,
            None => {
                let e = p.evaluate();
                let e = if e.is_finite() { e } else { 0.0 };
                if p.side_to_move() == side {
                    e
                } else {
                    -e
                }
            }
        }
    };
    let mut best = first;
    let mut best_score = score(first);
    for _ in 1..samples {
        let Some(step) = pos.random_step(rng) else {
            break;
        };
        if step == best {
            continue;
        }
        let s = score(step);
        if s > best_score {
            best = step;
            best_score = s;
        }
    }
    Some(best)
}

/// The chance map of [`Game::calibrated_score`] as the games fit it: for the side to move
/// (`map[side.index()]` = `[a, b, c]`), the chance that it wins is
/// `σ(a·atanh(raw) + b·raw + c)`, and the expected result `2σ − 1` (draws, rare in both games,
/// are left out of the fit). The two terms give the curve its steepness near ±1 and near 0.
pub fn score_from_map(map: &[[f64; 3]; 2], side: Side, raw: f64) -> f64 {
    let [a, b, c] = map[side.index()];
    let raw = raw.clamp(-0.999_999, 0.999_999);
    let z = a * raw.atanh() + b * raw + c;
    // 2σ(z) − 1
    (z / 2.0).tanh()
}
