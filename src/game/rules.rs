//! The rules layer, in two traits with one door for each thing they do: [`Position`] (a
//! position, its steps, the outcome and the hash) and [`Turns`] (its whole turns and perft).

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::{GameError, GameSettings, Outcome, PerftAbort, Side};

/// A position of one game, possibly in the middle of a turn: the rules at the step level and
/// nothing else (no text, no drawing, no search).
///
/// Contract, relied on by the protocol, perft and search:
/// * The position is either *at a turn start* (no step of the side to move's turn taken yet) or
///   *mid-turn*. `side_to_move` is the side whose turn is being built, in both cases.
/// * `outcome` is `Some` only at a turn start, and then `legal_steps` is empty. At a turn start
///   with `outcome() == None`, `legal_steps` is never empty.
/// * Applying the last step of a turn leaves the position at the next turn's start (with
///   `side_to_move` flipped, unless a game's rules say otherwise).
/// * A decision with a single option may be taken automatically inside `apply`; a game that
///   does so never returns a single forced option from `legal_steps`, except at a turn start.
/// * `hash` covers everything that makes two positions different (board, side to move, the
///   state of the turn being built, counters that change the rules' outcome).
/// * `apply` followed by `undo` restores the exact position, hash included.
pub trait Position: Clone + fmt::Debug + Send + Sync + 'static {
    /// One decision. Small and `Copy`: this is what the search stores.
    type Step: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;
    /// What `undo` needs to take a step back.
    type Undo: Send + 'static;
    /// The game's options; `Default` is the standard game.
    type Settings: GameSettings;

    /// The game's name in the protocol (`setoption name Game value <NAME>`).
    const NAME: &'static str;
    /// The game's title as people write it (`Guerrilla Checkers`).
    const TITLE: &'static str;
    /// The most whole turns a game can last under any of its settings, both sides' turns
    /// counted: in `position … moves` a move past this many is never played, the game has
    /// ended by then.
    const LONGEST_GAME: usize;

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

    /// Appends the legal next steps to `out`.
    fn legal_steps(&self, out: &mut Vec<Self::Step>);
    /// Applies a step that `legal_steps` generated; returns what `undo` needs (a caller that
    /// never takes the step back drops it: games keep the record cheap to make, or make it
    /// where an optimiser drops it with the caller's unused value). With `forced`, also
    /// appends the decisions the game then took by itself (the single-option decisions of the
    /// contract above), in the order taken, so that a GUI can show them; the undo record covers
    /// them too: `undo` takes back `step` and everything forced after it.
    fn apply(&mut self, step: Self::Step, forced: Option<&mut Vec<Self::Step>>) -> Self::Undo;
    /// Takes back `step`, which was the last step applied and returned `undo`.
    fn undo(&mut self, step: Self::Step, undo: Self::Undo);
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
}

/// The whole turns of a position: what the protocol's `position … moves …`, `legal turns`,
/// `bestmove` and perft need.
///
/// Contract: `legal_turns` lists exactly what one perft ply counts (GC6, W7); a turn played with
/// `play_turn` leaves the same position as its steps (`turn_steps`) applied one by one.
pub trait Turns: Position {
    /// One whole turn (the protocol's "move").
    type Turn: Clone + Eq + fmt::Debug + Send + Sync + 'static;

    /// The perft depth the rules benchmark (`guerrilla rules-bench`) counts from the start by
    /// default: deep enough that move generation, not setup, is what it measures.
    const BENCH_DEPTH: u32;

    /// Appends the legal whole turns from this turn start to `out`, at most `cap` of them, and
    /// returns `Ok(true)` when they are all there, `Ok(false)` when it stopped at `cap`. Gives
    /// up with [`PerftAbort::TooLarge`] when listing them would need more memory than the game
    /// allows itself (the enumeration budget of `src/game/limits.rs`; `out` then holds some of
    /// them), and with [`PerftAbort::Stopped`] soon after `stop` is set (`None`: never).
    /// Mid-turn: none.
    fn legal_turns(
        &self,
        out: &mut Vec<Self::Turn>,
        cap: usize,
        stop: Option<&AtomicBool>,
    ) -> Result<bool, PerftAbort>;
    /// Plays a whole turn from a turn start. It must be legal (from `legal_turns` or a
    /// parsed token); an illegal one is an error and leaves the position unchanged.
    fn play_turn(&mut self, turn: &Self::Turn) -> Result<(), GameError>;
    /// The chosen steps that play `turn` from this turn start, in order, forced decisions left
    /// out: applying them one by one with `apply` plays the turn (what `undo step` needs to
    /// reopen a turn that was entered whole, and tree reuse to follow a turn).
    fn turn_steps(&self, turn: &Self::Turn) -> Vec<Self::Step>;
    /// The turn made of `steps` applied from this turn start, which ended the turn (the inverse
    /// of `turn_steps`).
    fn turn_from_steps(&self, steps: &[Self::Step]) -> Self::Turn;
    /// The chosen steps that end the turn begun at this position (a turn start or the middle
    /// of a turn) exactly as `steps` do, as few as the game finds: legal one by one and leading
    /// to the same position (everything `hash` covers, and all the rules keep). What the engine
    /// plays and shows as its own turn (`bestmove`, the first turn of each line), so that it
    /// shows no step that changes nothing; the rules, perft and the search do not use it.
    /// Steps that do not end the turn legally come back as they are. The default: `steps` as
    /// they are (a game whose turns have no such detour).
    fn shortest_equivalent(&self, steps: &[Self::Step]) -> Vec<Self::Step> {
        steps.to_vec()
    }
    /// perft (GC6, W7): the number of leaf positions `depth` whole turns from here. Gives up
    /// with [`PerftAbort::Stopped`] soon after `stop` is set (`None`: never), with
    /// [`PerftAbort::TooLarge`] when one turn is too large to enumerate, and at once past
    /// [`MAX_PERFT_DEPTH`](super::MAX_PERFT_DEPTH). The default walks turn by turn
    /// ([`super::perft::by_turns`]); games override it with a faster count (bulk counting at
    /// the last ply).
    fn perft(&self, depth: u32, stop: Option<&AtomicBool>) -> Result<u64, PerftAbort> {
        super::perft::by_turns(self, depth, stop.unwrap_or(&AtomicBool::new(false)))
    }
}

/// Hashing checked and the board's symmetries, the same API for both games: what tests and
/// tools use to check that the incremental hash is right and that the rules treat the board's
/// symmetric points alike (every perft count is equal under every symmetry: `src/games.rs`
/// tests it for every game).
pub trait Hashing: Turns {
    /// The number of symmetries of the board that keep the rules, the identity included.
    const SYMMETRIES: usize;
    /// The Zobrist hash computed from nothing: [`Position::hash`] must always equal it.
    fn hash_from_scratch(&self) -> u64;
    /// This position under symmetry `k` (`0..SYMMETRIES`, 0 the identity).
    fn symmetric(&self, k: usize) -> Self;
}

/// `line` (steps from `root`, as a search's principal variation) with each whole turn in it
/// replaced by [`Turns::shortest_equivalent`]: the same positions at every turn start, so the
/// line means what it meant. A last turn left unfinished stays as it is.
pub fn shortest_line<G: Turns>(root: &G, line: &[G::Step]) -> Vec<G::Step> {
    let mut pos = root.clone();
    let mut begun = (root.clone(), 0);
    let mut out = Vec::with_capacity(line.len());
    for (i, &step) in line.iter().enumerate() {
        pos.apply(step, None);
        if pos.at_turn_start() {
            out.extend(begun.0.shortest_equivalent(&line[begun.1..=i]));
            begun = (pos.clone(), i + 1);
        }
    }
    out.extend_from_slice(&line[begun.1..]);
    out
}
