//! The rules layer: a position, its steps and whole turns, the outcome and the hash.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{GameError, GameSettings, Outcome, PerftAbort, Side};

/// A position of one game, possibly in the middle of a turn: the rules and nothing else (no
/// text, no drawing, no search).
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
/// * Whole turns: `legal_turns` lists exactly what one perft ply counts (GC6, W7); a turn
///   played with `play_turn` leaves the same position as its steps (`turn_steps`) applied one
///   by one.
pub trait Rules: Clone + fmt::Debug + Send + Sync + 'static {
    /// One decision. Small and `Copy`: this is what the search stores.
    type Step: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;
    /// One whole turn (the protocol's "move").
    type Turn: Clone + Eq + fmt::Debug + Send + Sync + 'static;
    /// What `undo_step` needs to take a step back.
    type Undo: Send + 'static;
    /// The game's options; `Default` is the standard game.
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
    /// Like [`Rules::apply_step`], and appends to `forced` the decisions the game then took by
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
    /// One legal next step drawn uniformly at random, `None` when there is none. All its
    /// randomness comes from `rng`, so a seed fixes it. The default lists the steps and picks
    /// one; games override it when they can draw a step without listing all of them.
    fn random_step<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Step> {
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        if steps.is_empty() {
            None
        } else {
            Some(steps[rng.random_range(0..steps.len())])
        }
    }

    // ---- turn level -------------------------------------------------------------------------

    /// Appends the legal whole turns from this turn start to `out`, at most `cap` of them;
    /// returns `false` when it stopped at `cap` before listing them all. For perft, the list is
    /// exactly what one ply counts (GC6, W7).
    fn legal_turns(&self, out: &mut Vec<Self::Turn>, cap: usize) -> bool;
    /// Like [`Rules::legal_turns`], but gives up with [`PerftAbort::TooLarge`] when listing
    /// them would need more memory than the game allows itself (`out` then holds some of
    /// them), or with [`PerftAbort::Stopped`] once `stop` is set. The default lists them
    /// plainly: a game whose turns are few needs no budget.
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
    /// Plays a whole turn from a turn start. It must be legal (from `legal_turns` or a
    /// parsed token); an illegal one is an error and leaves the position unchanged.
    fn play_turn(&mut self, turn: &Self::Turn) -> Result<(), GameError>;
    /// The turn made of `steps` applied from this turn start, which ended the turn.
    fn turn_from_steps(&self, steps: &[Self::Step]) -> Self::Turn;
    /// The chosen steps that play `turn` from this turn start, in order, forced decisions left
    /// out: applying them one by one with `apply_step` plays the turn (what `undo step` needs
    /// to reopen a turn that was entered whole, and tree reuse to follow a turn).
    fn turn_steps(&self, turn: &Self::Turn) -> Vec<Self::Step>;

    /// perft (GC6, W7): the number of leaf positions `depth` whole turns from here. Gives up
    /// with [`PerftAbort::Stopped`] soon after `stop` is set, and with
    /// [`PerftAbort::TooLarge`] when one turn is too large to enumerate. The default walks
    /// turn by turn ([`super::perft::by_turns`]); games override it with a faster count
    /// (bulk counting at the last ply).
    fn perft_within(&self, depth: u32, stop: &AtomicBool) -> Result<u64, PerftAbort> {
        super::perft::by_turns(self, depth, stop)
    }

    /// [`Rules::perft_within`] for tests and benchmarks on positions known to be countable.
    ///
    /// # Panics
    /// When the count gives up: input-driven callers use `perft_within` instead.
    fn perft(&self, depth: u32) -> u64 {
        self.perft_within(depth, &AtomicBool::new(false))
            .unwrap_or_else(|e| panic!("perft gave up: {e}"))
    }
}

/// Hashing checked and the board's symmetries, the same API for both games: what tests and
/// tools use to check that the incremental hash is right and that the rules treat the board's
/// symmetric points alike (every perft count is equal under every symmetry).
pub trait Hashing: Rules {
    /// The number of symmetries of the board that keep the rules, the identity included.
    const SYMMETRIES: usize;
    /// The Zobrist hash computed from nothing: [`Rules::hash`] must always equal it.
    fn hash_from_scratch(&self) -> u64;
    /// This position under symmetry `k` (`0..SYMMETRIES`, 0 the identity).
    fn symmetric(&self, k: usize) -> Self;
}
