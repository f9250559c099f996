//! Game-agnostic searches. They know only a game's rules ([`Position`](crate::game::Position),
//! [`Turns`](crate::game::Turns)) and its [`SearchHints`]; they print nothing.
//!
//! ## One entry point
//! A search is a [`Request`] (the root position, the [`Limits`], the [`Config`], a seed, the trees
//! kept from the last search, the stop flag) run by a [`Searcher`]:
//! * [`RandomSearch`] — a uniformly random legal turn, step by step (`Strength random`);
//! * [`GreedySearch`] — the best turn by one turn of look-ahead (`greedy`);
//! * [`TreeSearch`] — Monte Carlo tree search over the steps of turns, with an exact solver
//!   ([`mcts`]): the fixed reference (`uct`), and the `full` level of a game that names it;
//! * [`TurnSearch`] — best-first minimax over whole turns drawn at random ([`turns`]): the
//!   `full` level of a game that names it.
//!
//! [`Request::run`] runs the searcher of the request's [`Strength`]; the searcher of the `full`
//! level is the game's own choice ([`Searchable::Full`], named for each game in
//! `src/games.rs`), so that no code here branches on a game. A searcher reports progress through
//! an `on_info` callback ([`Info`]: counts and the best lines) and answers with the steps that
//! complete the turn ([`Answer`]). The engine facade runs it on a thread and sets the stop flag.
//! [`mod@bench`] is the deterministic search benchmark (`search::bench::bench::<G>(…)`).
//!
//! ## Limits (`go`)
//! Every limit that is set applies; the first one reached ends the search.
//! * `nodes n` — exactly `n` iterations (playouts) unless another limit ends the search first;
//!   [`Info::nodes`] counts the same iterations. `nodes 0` plays the greedy turn (a win at
//!   once, else best by [`SearchHints::evaluate`], ties at random).
//! * `movetime t` — stops `t` after the call at the latest: the search stops `t/25` (at least
//!   1 ms, at most [`MAX_MARGIN`]) before `t` ([`Limits::deadline`], for both searches),
//!   keeping that margin to build its answer; the clock is read every iteration and every 16
//!   playout steps (the turn search: before every turn drawn), and every step of a playout or
//!   of the tree is bounded by the rules' step model.
//! * `p1time/p2time/p1inc/p2inc` — a budget from the mover's clock, see [`Limits::time_budget`].
//!   A timed search also ends early when the root is proven, has a single legal turn, or
//!   its best one-step turn leads the runner-up by more visits than the time left could give
//!   it at the rate seen so far.
//! * `depth d` — MCTS has no fixed depth, so `d` is read as "search until the principal
//!   variation, counting only nodes with at least [`Params::depth_visits`] visits, covers `d`
//!   whole turns (or reaches a decided position)", and at most `d ×`
//!   [`Params::depth_nodes_cap`] iterations. Deterministic, like `nodes`.
//! * `infinite` — until `stop`; every other limit is ignored. A root proven while only one
//!   line is reported cannot change its answer: the search then waits idle for `stop`.
//! * `ponder` ([`Request::pondering`]) — as `infinite` until `ponderhit`; then the same search
//!   goes on under its limits, measured from its start (its iterations and its clock count the
//!   ponder too, as UCI has it).
//! * no limit at all — [`DEFAULT_NODES`] iterations, so that a bare `go` always ends.
//!
//! `stop` is checked every iteration and every 16 playout steps, so the search returns within
//! about a millisecond of it. With no time limit (only `nodes`/`depth`), nothing in the decision
//! depends on the clock: the same position, limits and seed give the same turn, score, principal
//! variation and number of `info` reports.
//!
//! ## Strength, threads, memory ([`Config`])
//! * [`Strength`]: `random` ([`RandomSearch`]), `greedy` ([`GreedySearch`]: the best turn by one
//!   turn of look-ahead with [`SearchHints::evaluate`]), `uct` (the fixed reference: UCT with
//!   uniformly random playouts, [`TreeSearch::reference`]) and `full`, the default and strongest:
//!   the game's searcher, with its evaluation and constants (Guerrilla Checkers: [`TreeSearch`]
//!   with [`Params::for_game`]; Guerrilla: [`TurnSearch`]). Every level is deterministic under a
//!   node budget: the same position, seed and budget give the same turn.
//! * **Threads share one tree** (the tree search; the others run on one thread) (tree
//!   parallelism with virtual loss): every thread runs the same
//!   iterations on the same tree, and a thread going down a node counts a loss there until its
//!   iteration ends, so the others look elsewhere (see `mcts/tree.rs` for how the tree is shared
//!   without a lock). The node budget is shared: `nodes n` is `n` iterations of all threads
//!   together. Not root parallelism (each thread its own tree, the root statistics summed at the
//!   end): with a deterministic evaluation at the leaves (Guerrilla Checkers) independent trees
//!   grow almost the same, so a second thread would add little, whereas a shared tree of twice the
//!   iterations is what a second core should buy (`doc/search.md` gives the matches). The cost:
//!   with more than one thread the answer under a node budget depends on timing, so only `Threads
//!   1` is deterministic. Progress reports come from thread 0 with the iterations of all threads.
//! * **Tree reuse** ([`Request::kept`], [`Answer::kept`], [`Kept`]): the tree search hands its
//!   tree back; the next one, given the steps played since, keeps the subtree under them (see
//!   `src/search/mcts/reuse.rs`). The other searchers keep nothing.
//! * **Memory**: the tree stays within `Hash` MiB ([`Params::max_memory`]); a full tree stops
//!   growing and the search goes on with playouts from its leaves (with a playout horizon of 0, it
//!   re-scores the same leaves).

pub mod bench;
mod info;
mod limits;
pub mod mcts;
mod simple;
#[cfg(test)]
mod tests;
pub mod turns;

use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::SmallRng;
use rand::Rng;

use crate::game::{defaults, SearchHints};
pub(crate) use info::Cadence;
pub use info::{Current, Info, Line, CURRMOVE_EVERY, INFO_GAP};
pub use limits::{Limits, DEFAULT_NODES, MAX_MARGIN};
pub use mcts::{Kept, Params, TreeSearch};
pub use simple::{GreedySearch, RandomSearch};
pub use turns::{TurnParams, TurnSearch};

/// A game the engine can search: its evaluation ([`SearchHints`]) and the searcher of its
/// `full` level, the strongest it has. Each game names it in `src/games.rs`, beside the list of
/// games, so that neither the game's rules nor the searches name the other.
pub trait Searchable: SearchHints {
    /// The searcher of the `full` level.
    type Full: Searcher<Self> + Default + 'static;
}

/// A way of choosing a turn. A searcher runs a [`Request`]:
/// * it keeps to the request's limits (see the module documentation) and returns promptly once
///   its stop flag is set, with a legal answer all the same;
/// * it reports through `on_info` as often as it likes, and once last, at its end, with the
///   answer's line first;
/// * under a node or depth budget with one thread, nothing it does depends on the clock: the
///   same request gives the same answer and the same reports;
/// * it answers with the chosen steps that complete the turn begun at the root (all of it at a
///   turn start), empty only when the game is over at the root.
pub trait Searcher<G: SearchHints> {
    /// Runs `request`, reporting through `on_info`.
    fn run(&self, request: Request<'_, G>, on_info: &mut dyn FnMut(&Info<G::Step>)) -> Answer<G>;
}

/// One search to run: everything a [`Searcher`] needs, in one value.
pub struct Request<'a, G: SearchHints> {
    /// The position searched: at a turn start, or in the middle of a turn (a GUI that built
    /// part of a turn, then asks the engine to finish it).
    pub root: &'a G,
    /// When the search ends (`go`'s limits).
    pub limits: Limits,
    /// Strength, threads and memory.
    pub config: Config,
    /// All the randomness of the search comes from this seed.
    pub seed: u64,
    /// The trees of an earlier search and the chosen steps played since from their root to
    /// `root` (as [`Turns::turn_steps`](crate::game::Turns::turn_steps) gives them): the tree
    /// search keeps the subtree under those steps when its parameters are the same and the tree
    /// reached them; every searcher frees them otherwise (off its thread).
    pub kept: Option<(Kept<G>, Vec<G::Step>)>,
    /// Set by another thread to end the search.
    pub stop: &'a AtomicBool,
    /// A ponder search (`go ponder`): set while it ponders, cleared by `ponderhit`. While it
    /// is set no limit applies (the search runs as under `infinite`, and idles once the
    /// answer cannot change, see [`Request::unlimited`]); once cleared, [`Request::limits`]
    /// apply as to any search, measured from [`Limits::started`] (the `go ponder`): the same
    /// search goes on, its counts and its clock running from its start, as UCI has it.
    pub pondering: Option<&'a AtomicBool>,
    /// `go searchmoves`: the turns the answer is chosen among, each as the chosen steps that
    /// complete it from the root (the whole turn at a turn start); empty: every legal turn.
    /// Every searcher keeps its root to them, and [`Request::run`] holds the answer to them.
    pub among: Vec<Vec<G::Step>>,
}

impl<'a, G: SearchHints> Request<'a, G> {
    /// A request for `root` with the default limits (a bare `go`), configuration and seed 0,
    /// nothing kept; the fields are public, to be set with the struct update syntax.
    pub fn new(root: &'a G, stop: &'a AtomicBool) -> Self {
        Request {
            root,
            limits: Limits::default(),
            config: Config::default(),
            seed: 0,
            kept: None,
            stop,
            pondering: None,
            among: Vec::new(),
        }
    }

    /// True while no limit applies: an `infinite` search, or a ponder search before
    /// `ponderhit`. Such a search runs until `stop` (or `ponderhit`); once its answer cannot
    /// change (its root proven, with one line to report) it stops iterating and waits.
    pub fn unlimited(&self) -> bool {
        unlimited(self.limits.infinite, self.pondering)
    }

    /// Runs the searcher of the configuration's strength ([`Strength::searcher`]). With
    /// [`Request::among`] set, an answer that is not one of those turns (a turn finished
    /// greedily where the search stopped short of its end) becomes the one of them that shares
    /// the most first steps with it (the first listed among equals).
    pub fn run(self, on_info: &mut dyn FnMut(&Info<G::Step>)) -> Answer<G>
    where
        G: Searchable,
    {
        let among = self.among.clone();
        let mut answer = self.config.strength.searcher::<G>().run(self, on_info);
        if !among.is_empty() && !among.contains(&answer.steps) {
            let shared = |t: &Vec<G::Step>| {
                t.iter()
                    .zip(&answer.steps)
                    .take_while(|(a, b)| a == b)
                    .count()
            };
            let mut best = &among[0];
            for t in &among[1..] {
                if shared(t) > shared(best) {
                    best = t;
                }
            }
            answer.steps = best.clone();
        }
        answer
    }

    /// Frees the kept trees, for a searcher that does not use them.
    pub(crate) fn discard_kept(&mut self) {
        if let Some((kept, _)) = self.kept.take() {
            kept.discard();
        }
    }
}

/// True while no limit applies to a search: `infinite`, or pondering (`pondering` set).
pub(crate) fn unlimited(infinite: bool, pondering: Option<&AtomicBool>) -> bool {
    infinite || pondering.is_some_and(|p| p.load(Ordering::Relaxed))
}

/// How long a search with no limit whose answer cannot change sleeps between two looks at
/// its stop flag and at `ponderhit`.
pub(crate) const IDLE: std::time::Duration = std::time::Duration::from_millis(2);

/// What a search answers.
pub struct Answer<G: SearchHints> {
    /// The chosen steps that complete the turn begun at the root (all of it from a turn start):
    /// applied one by one with `apply`, they end the turn. Empty when the game is over.
    pub steps: Vec<G::Step>,
    /// The trees for the next search (tree reuse), from a searcher that keeps them.
    pub kept: Option<Kept<G>>,
}

impl<G: SearchHints> Answer<G> {
    /// The whole turn played from `root` (the request's root at a turn start); `None` when the
    /// game is over or `root` is in the middle of a turn (its turn began before it).
    pub fn turn(&self, root: &G) -> Option<G::Turn> {
        (root.at_turn_start() && !self.steps.is_empty()).then(|| root.turn_from_steps(&self.steps))
    }
}

/// How the engine plays (the protocol's `Strength` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strength {
    /// A uniformly random legal turn, step by step from the seed ([`RandomSearch`]).
    Random,
    /// The turn whose result is best by [`SearchHints::evaluate`] (a win at once first), ties at
    /// random: one turn of look-ahead, no search ([`GreedySearch`]).
    Greedy,
    /// The reference search ([`TreeSearch::reference`]): UCT with uniformly random playouts.
    Uct,
    /// The strongest: the game's own searcher ([`Searchable::Full`]) with its evaluation and
    /// search constants.
    #[default]
    Full,
}

impl Strength {
    /// The protocol names, in the order of the option's combo.
    pub const NAMES: [&'static str; 4] = ["random", "greedy", "uct", "full"];

    /// The protocol name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The searcher of this level for `G`: `full` is the game's own ([`Searchable::Full`]).
    pub fn searcher<G: Searchable>(self) -> Box<dyn Searcher<G>> {
        match self {
            Strength::Random => Box::new(RandomSearch),
            Strength::Greedy => Box::new(GreedySearch),
            Strength::Uct => Box::new(TreeSearch::reference()),
            Strength::Full => Box::new(G::Full::default()),
        }
    }

    /// The level of a protocol name (any case).
    pub fn from_name(name: &str) -> Option<Strength> {
        let i = Self::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))?;
        Some(
            [
                Strength::Random,
                Strength::Greedy,
                Strength::Uct,
                Strength::Full,
            ][i],
        )
    }
}

/// How a search runs besides its limits: strength, threads and memory (the protocol's
/// `Strength`, `Threads` and `Hash` options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub strength: Strength,
    /// Search threads, 1 or more, sharing one tree (see the module documentation).
    pub threads: usize,
    /// The memory all the trees together may use, in MiB.
    pub hash_mib: usize,
    /// The lines a report gives, the best first (`MultiPV`, at least 1): [`Info::lines`].
    pub multipv: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            strength: Strength::default(),
            threads: 1,
            hash_mib: defaults::HASH_MIB,
            multipv: 1,
        }
    }
}

impl Config {
    /// The memory the searches may use, in bytes.
    pub fn memory(&self) -> usize {
        self.hash_mib << 20
    }
}

/// The item of highest value; ties broken at random (reservoir sampling: each tied item is
/// kept with equal chance, seeded by `rng`).
pub(crate) fn best_at_random<T>(
    valued: impl Iterator<Item = (T, f64)>,
    rng: &mut SmallRng,
) -> Option<T> {
    let (mut best, mut best_value, mut ties) = (None, f64::NEG_INFINITY, 0u32);
    for (item, v) in valued {
        if v > best_value {
            (best, best_value, ties) = (Some(item), v, 1);
        } else if v == best_value {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = Some(item);
            }
        }
    }
    best
}
