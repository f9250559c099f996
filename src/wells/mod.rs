//! Guerrilla (David Wells, 1976): rules core. See rulings W1–W7 (`doc/rules.md`) and the
//! rulebook paragraphs 1.0–10.3 they cite; a ruling stands where they differ. `P1` is White,
//! `P2` Black.
//!
//! A turn (W4) is built from [`Step`]s: growth of each group that can grow (order chosen), the
//! compulsory new group, the movement of any number of groups one after another (jumps, then the
//! choice between equal largest parts), and the kills (a maximal matching chosen one edge at a
//! time). A decision with a single option is taken inside [`Position::apply`], so `legal_steps`
//! never offers a lone forced step except at a turn start. At a turn start nothing of the turn
//! has been done yet: its only state is the board, the side to move, the turn number and the
//! passes.
//!
//! Speed: the state keeps, besides the board, a six-bit mask per point of the directions that
//! hold a White or a Black piece, the points next to any piece, a group label per piece of both
//! sides with each group's size (kept from turn to turn), and the growth points of the growth
//! phase. The generators walk mask bits and compare labels instead of flood-filling groups;
//! `oracle.rs` (unit test) checks them against generators written straight from the rules.
//! [`Position::random_step`] draws a step without listing the steps (a point out of a set, a jump
//! by rejection), with the same chance for each as a pick from the list; `tests/wells/props.rs`
//! counts draws to check that.
//!
//! Files, the same role under the same name as in `src/checkers/` (the table of
//! `doc/architecture.md`):
//! * this file — [`Settings`] (the options [`BOARD_SIDE`], [`TURN_LIMIT`]) and the game traits
//!   ([`Position`], [`Turns`], [`Notation`], [`Views`]);
//! * `state.rs` — [`Wells`], the position, and [`State`], its board and the turn being built (a
//!   record a phase); the board edits that keep the masks and the hash whole, groups and
//!   strength (W1, W2);
//! * [`lattice`] — the hexagon, point names, neighbour tables, symmetry maps (W1);
//! * `bits.rs` — point sets over the board;
//! * `steps.rs` — [`Step`], [`Phase`], the turn start, forced decisions, applying and listing
//!   steps (W4, W5);
//! * `phases/` — each phase's rules: `growth.rs` (W4, 7.0–7.2), `new_group.rs` (W4, 4.1; W3),
//!   `movement.rs` (W4, 8.0–8.4), `kills.rs` (W4, 3.0–3.2, 9.0–9.2; W5), `end.rs` (end of turn,
//!   end of game, score: W5, W6), `groups.rs` (group labels kept from turn to turn: W2, W4);
//! * `turns/` — whole turns: the enumeration of a turn's distinct results and perft (W7);
//! * `random.rs` — one step drawn uniformly without listing the steps;
//! * `notation.rs` — step and turn tokens, read as syntax (`TurnSyntax`, `StepSyntax`) then
//!   resolved; `setup.rs` — position strings: text → `Setup` → position;
//! * `eval.rs` — the evaluation and the search's hints ([`crate::game::SearchHints`]), with
//!   `tactics.rs`, the kills each side can make at the end of its next turn (W4), which the
//!   evaluation counts;
//! * `drawing.rs` — the board as a GUI draws it (`geometry`, `about`), `describe`, `render`;
//! * `report.rs` — what a step removed and why the game ended, for a GUI;
//! * `hashing.rs` — the Zobrist hash, position equality (W7), the hexagon's symmetries applied
//!   ([`crate::game::Hashing`]);
//! * `oracle.rs` — (tests only) the fast generators against slow ones written from the rules.

mod bits;
mod drawing;
mod eval;
mod hashing;
pub mod lattice;
mod notation;
#[cfg(test)]
mod oracle;
mod phases;
mod random;
mod report;
mod setup;
mod state;
mod steps;
mod tactics;
mod turns;

use std::cell::Cell;
use std::sync::atomic::AtomicBool;

use crate::game::{
    GameEnd, GameError, GameOption, GameSettings, Geometry, Notation, Outcome, PerftAbort,
    Position, Removal, Side, Turns, Views, ENUMERATION_BUDGET,
};
use lattice::Lattice;

pub use eval::{SCORE_MAP, SPREAD_END, SPREAD_PER_TURN, TERMS, TERM_NAMES};
use state::{dirs, CELLS};
pub use state::{State, Wells, BLACK, EMPTY, TOKEN, WHITE};
pub use steps::{Phase, Step};
pub use turns::Turn;
/// Pieces of each side (W2).
pub const PIECES: u32 = 60;
/// Largest group (1.0, W2).
pub const MAX_GROUP: u32 = 5;
/// The board side option (W1): the hexagon's side, from the smallest to the largest board the
/// lattice tables are built for.
pub const BOARD_SIDE: GameOption = GameOption {
    name: "BoardSide",
    default: 8,
    min: lattice::MIN_SIDE as u64,
    max: lattice::MAX_SIDE as u64,
    help: "the side of the hexagonal board (W1)",
};

/// The turn limit option (W6): the number of turns in all, passes included, after which the
/// game ends. Its maximum keeps the longest game's `position … moves …` within the protocol's
/// line limit (a turn token is at most about 1,420 bytes).
pub const TURN_LIMIT: GameOption = GameOption {
    name: "TurnLimit",
    default: 400,
    min: 1,
    max: 10_000,
    help: "the number of turns, passes included, after which the game ends (W6)",
};

/// Game options (W1, W6): the board side and the turn limit ([`BOARD_SIDE`], [`TURN_LIMIT`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    pub side: u8,
    pub turn_limit: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            side: BOARD_SIDE.default as u8,
            turn_limit: TURN_LIMIT.default as u32,
        }
    }
}

impl GameSettings for Settings {
    const OPTIONS: &'static [GameOption] = &[BOARD_SIDE, TURN_LIMIT];

    fn set(&mut self, name: &str, value: u64) {
        if name == BOARD_SIDE.name {
            self.side = value as u8;
        } else if name == TURN_LIMIT.name {
            self.turn_limit = value as u32;
        }
    }
}

impl Settings {
    /// Validating constructor: the side and the turn limit within [`BOARD_SIDE`] and
    /// [`TURN_LIMIT`].
    pub fn new(side: u8, turn_limit: u32) -> Result<Self, String> {
        Ok(Settings {
            side: BOARD_SIDE.check(side.into())? as u8,
            turn_limit: TURN_LIMIT.check(turn_limit.into())? as u32,
        })
    }
}

impl Position for Wells {
    type Step = Step;
    type Undo = State;
    type Settings = Settings;

    const NAME: &'static str = "guerrilla";
    const TITLE: &'static str = "Guerrilla";
    /// A game ends at its turn limit (W6), at most `TurnLimit`'s maximum.
    const LONGEST_GAME: usize = TURN_LIMIT.max as usize;
    /// The empty board, White to move, turn 1 (W3).
    fn new(settings: &Settings) -> Self {
        let geo = Lattice::get(settings.side);
        let mut w = Wells {
            lattice: geo,
            settings: Settings {
                side: geo.side,
                turn_limit: settings.turn_limit.max(1),
            },
            state: State::empty(),
        };
        w.start_turn();
        w
    }

    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn side_to_move(&self) -> Side {
        if self.state.side == 0 {
            Side::P1
        } else {
            Side::P2
        }
    }

    fn at_turn_start(&self) -> bool {
        self.state.at_turn_start
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_outcome()
    }

    fn hash(&self) -> u64 {
        self.hash_with_board(self.state.board_hash)
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        self.for_each_step(&mut |s| out.push(s));
    }

    /// Copy-make: the undo record is the state before the step (about 2.5 KB). Inlined, so
    /// that a caller that drops the record (a playout, a random game) makes no copy.
    #[inline(always)]
    fn apply(&mut self, step: Step, forced: Option<&mut Vec<Step>>) -> State {
        let undo = self.state;
        self.apply_logged(step, forced);
        undo
    }

    fn undo(&mut self, _step: Step, undo: State) {
        self.state = undo;
    }

    /// Uniform over [`Position::legal_steps`], drawn without listing them where that is costly
    /// (`random.rs`: a point out of a set, a jump by rejection).
    fn random_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Step> {
        self.draw_step(rng)
    }
}

impl Turns for Wells {
    type Turn = Turn;
    /// A Guerrilla turn is many steps with dozens of options each: two turns are already
    /// tens of thousands of leaves.
    const BENCH_DEPTH: u32 = 2;

    /// Within [`ENUMERATION_BUDGET`]; a turn too large to enumerate gives up (W7).
    fn legal_turns(
        &self,
        out: &mut Vec<Turn>,
        cap: usize,
        stop: Option<&AtomicBool>,
    ) -> Result<bool, PerftAbort> {
        self.turns_within(
            out,
            cap,
            ENUMERATION_BUDGET,
            stop.unwrap_or(&AtomicBool::new(false)),
        )
    }

    fn play_turn(&mut self, turn: &Turn) -> Result<(), GameError> {
        let mut pos = self.clone();
        notation::check_turn(&mut pos, &turn.0)
            .map_err(|reason| GameError::illegal(format!("{:?}", turn.0), reason))?;
        *self = pos;
        Ok(())
    }

    /// A turn is kept as its chosen steps (forced ones are taken by `apply`).
    fn turn_steps(&self, turn: &Turn) -> Vec<Step> {
        turn.0.clone()
    }

    fn turn_from_steps(&self, steps: &[Step]) -> Turn {
        Turn(steps.to_vec())
    }

    /// Each group's movement by its fewest steps, and none for a group that ends where it
    /// began (`turns/shorten.rs`).
    fn shortest_equivalent(&self, steps: &[Step]) -> Vec<Step> {
        self.shortest_rest(steps)
    }

    fn perft(&self, depth: u32, stop: Option<&AtomicBool>) -> Result<u64, PerftAbort> {
        let never = AtomicBool::new(false);
        self.perft_inner(
            depth,
            ENUMERATION_BUDGET,
            &Cell::new(0),
            stop.unwrap_or(&never),
        )
    }
}

impl Notation for Wells {
    fn format_step(&self, step: Step) -> String {
        notation::format_step(self.lattice, step)
    }

    fn parse_step(&self, text: &str) -> Result<Step, GameError> {
        notation::parse_step(self, text)
    }

    fn format_turn(&self, turn: &Turn) -> String {
        notation::format_turn(self, &turn.0)
    }

    fn parse_turn(&self, text: &str) -> Result<Turn, GameError> {
        notation::parse_turn(self, text)
    }

    /// The elements so far, written as a whole turn's token writes them (§ 7.1 of the
    /// protocol: growths sorted, a group's jumps as one chain), the decisions forced after the
    /// steps included: `+c7,*f2`, `+c7,*f2,e3-g3`.
    fn format_partial_turn(&self, steps: &[Step]) -> String {
        notation::format_turn(self, steps)
    }

    fn to_position_string(&self) -> String {
        setup::Setup::of(self).to_string()
    }

    fn from_position_string(text: &str, settings: &Settings) -> Result<Self, GameError> {
        setup::parse(text, settings)
    }
}

impl Views for Wells {
    fn about(&self) -> crate::game::About {
        drawing::ABOUT
    }

    fn render(&self) -> String {
        drawing::render(self)
    }

    fn describe(&self) -> Vec<(&'static str, String)> {
        drawing::describe(self)
    }

    fn geometry(&self) -> Geometry {
        drawing::geometry(self)
    }

    fn removals(&self, steps: &[Step], after: &Wells) -> Vec<Vec<Removal>> {
        self.removals_of(steps, after)
    }

    fn game_end(&self) -> Option<GameEnd> {
        self.end_of_game()
    }
}
