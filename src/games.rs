//! The games this engine plays, selected by name at run time (`--game`, `setoption name Game`),
//! and the searcher each plays at full strength ([`Searchable`]): the one place that names
//! both the games and the searches.
//!
//! [`games_table!`](crate::games_table) is the one table of the games, a line each: everything
//! else here derives from it ([`GameKind`], [`GameId`], their lists and names, the dispatch of
//! [`with_game!`](crate::with_game) and [`with_game_id!`](crate::with_game_id), each game's
//! [`Searchable`]). A game declares the rest itself, in its own folder: its name and title
//! ([`Position::NAME`], [`Position::TITLE`]), its options ([`GameSettings::OPTIONS`]), its
//! limits ([`Position::LONGEST_GAME`], [`crate::game::Turns::BENCH_DEPTH`]) and its words
//! ([`crate::game::Views::about`]). `doc/adding-a-game.md` walks through adding one.

use std::fmt;
use std::str::FromStr;

use crate::game::{GameSettings, Position};
use crate::search::{Searchable, TreeSearch};

/// The one table of the games, a line each: `Variant = type, searcher;` with the searcher the
/// game plays at full strength ([`Searchable::Full`]). The `real` games are [`GameKind`]'s, in
/// its order (the first is the default); the `test` games are offered by a protocol session
/// only when the engine is started with `--test-games` (a game a GUI's tests drive without the
/// GUI having been told about it) and are no [`GameKind`]: the match runner, the tuning tools
/// and the `perft` and `rules-bench` commands know only the real games.
///
/// It hands the table to the macro `$then` (one of this crate's exported macros), after the
/// tokens `$args`: the macros of this file read it so.
#[doc(hidden)]
#[macro_export]
macro_rules! games_table {
    ($then:ident ! $args:tt) => {
        $crate::$then! { $args
            real {
                /// Guerrilla Checkers (Brian Train, 2010): `guerrilla-checkers`. Monte Carlo
                /// tree search over steps, its leaves scored by the evaluation (a turn is a
                /// stone pair or one checker's path: a few steps, each with few options).
                Checkers = $crate::checkers::Checkers, $crate::search::TreeSearch;
                /// Guerrilla (David Wells, 1976): `guerrilla`. The turn search over whole turns
                /// drawn at random (a turn is a dozen steps or more, most with dozens of
                /// options: a tree over steps stays too shallow to see the answer to a turn;
                /// `doc/search.md` gives the matches).
                Wells = $crate::wells::Wells, $crate::search::TurnSearch;
            }
            test {
                /// Tic-tac-toe (`src/tictactoe/`): the tree search, as any game with few steps
                /// a turn.
                TicTacToe = $crate::tictactoe::TicTacToe, $crate::search::TreeSearch;
            }
        }
    };
}

/// Declares, from [`games_table!`](crate::games_table): [`GameKind`], [`GameId`], their lists,
/// and each game's [`Searchable`].
#[doc(hidden)]
#[macro_export]
macro_rules! declare_games {
    (()
     real { $($(#[$doc:meta])* $Kind:ident = $T:ty, $S:ty;)* }
     test { $($(#[$test_doc:meta])* $Test:ident = $TT:ty, $TS:ty;)* }) => {
        /// Which game: the protocol's `Game` option and the command line's `--game`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($(#[$doc])* $Kind,)*
        }

        impl GameKind {
            /// Every real game, in the table's order.
            pub const ALL: [GameKind; [$(GameKind::$Kind),*].len()] = [$(GameKind::$Kind),*];
        }

        /// A game a protocol session can play: one of [`GameKind`]'s, or a test game the
        /// engine offers only when started with `--test-games`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            /// A real game.
            Game(GameKind),
            $($(#[$test_doc])* $Test,)*
        }

        impl GameId {
            /// Every game a session can offer, in the `Game` option's order: the real games
            /// ([`GameKind::ALL`], in its order), then the test games, offered only with
            /// `--test-games`.
            const ALL: [GameId; [$(GameId::Game(GameKind::$Kind),)* $(GameId::$Test),*].len()] =
                [$(GameId::Game(GameKind::$Kind),)* $(GameId::$Test),*];

            /// The real game, `None` for a test game.
            pub fn kind(self) -> Option<GameKind> {
                match self {
                    GameId::Game(kind) => Some(kind),
                    $(GameId::$Test => None,)*
                }
            }
        }

        $(impl Searchable for $T {
            type Full = $S;
        })*
        $(impl Searchable for $TT {
            type Full = $TS;
        })*
    };
}

games_table!(declare_games!());

/// Nim, the test game of the search's and the protocol layer's own tests (never offered): the
/// tree search, as any game with few steps a turn.
impl Searchable for crate::testgames::Nim {
    type Full = TreeSearch;
}

impl Default for GameKind {
    /// The table's first game.
    fn default() -> Self {
        GameKind::ALL[0]
    }
}

impl GameKind {
    /// The options this game declares (its settings), in the order the protocol lists them.
    pub fn options(self) -> &'static [crate::game::GameOption] {
        crate::with_game!(self, G => <<G as Position>::Settings as GameSettings>::OPTIONS)
    }

    /// The game's name in the protocol, as the game declares it ([`Position::NAME`]).
    pub const fn name(self) -> &'static str {
        crate::with_game!(self, G => <G as Position>::NAME)
    }

    /// The game's title as people write it ([`Position::TITLE`]): `Guerrilla Checkers`.
    pub const fn title(self) -> &'static str {
        crate::with_game!(self, G => <G as Position>::TITLE)
    }

    /// The game other than `self` that reads `text` as one of its position strings (with its
    /// default settings), if there is one: a string refused by one game and taken by the other
    /// was most likely meant for the other.
    pub fn other_game_reading(self, text: &str) -> Option<GameKind> {
        use crate::game::Notation;
        GameKind::ALL.into_iter().filter(|&k| k != self).find(|&k| {
            crate::with_game!(k, G => G::from_position_string(text, &Default::default()).is_ok())
        })
    }
}

/// The most whole turns a game of any game a session offers can last (each game declares its
/// own, [`Position::LONGEST_GAME`]): in `position … moves` a move past this many is never
/// played, the game has ended by then.
pub const LONGEST_GAME: usize = {
    let mut most = 0;
    let mut i = 0;
    while i < GameId::ALL.len() {
        let n = GameId::ALL[i].longest_game();
        if n > most {
            most = n;
        }
        i += 1;
    }
    most
};

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
                format!("expected {} but got '{s}'", names.join(" or "))
            })
    }
}

/// Runs `$body` with the type alias `$G` bound to the [`crate::Game`] type of `$kind`, a
/// [`GameKind`]: a `match` with an arm for each real game of
/// [`games_table!`](crate::games_table).
///
/// ```ignore
/// with_game!(kind, G => run_perft::<G>(depth))
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        $crate::games_table!(game_kind_arms!($kind, $G, $body))
    };
}

/// [`with_game!`](crate::with_game)'s `match`, from [`games_table!`](crate::games_table).
#[doc(hidden)]
#[macro_export]
macro_rules! game_kind_arms {
    (($kind:expr, $G:ident, $body:expr)
     real { $($(#[$doc:meta])* $Kind:ident = $T:ty, $S:ty;)* }
     test { $($test:tt)* }) => {
        match $kind {
            $($crate::GameKind::$Kind => {
                type $G = $T;
                $body
            })*
        }
    };
}

impl GameId {
    /// The names of [`GameId::ALL`], in its order.
    const NAMES: [&'static str; GameId::ALL.len()] = {
        let mut names = [""; GameId::ALL.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = GameId::ALL[i].name();
            i += 1;
        }
        names
    };

    /// How many of [`GameId::ALL`] a session offers.
    const fn offered_len(test_games: bool) -> usize {
        if test_games {
            GameId::ALL.len()
        } else {
            GameKind::ALL.len()
        }
    }

    /// The games a session offers, the real games first (and only them without `test_games`).
    pub fn offered(test_games: bool) -> &'static [GameId] {
        &Self::ALL[..Self::offered_len(test_games)]
    }

    /// The names of [`GameId::offered`], in its order.
    pub fn offered_names(test_games: bool) -> &'static [&'static str] {
        &Self::NAMES[..Self::offered_len(test_games)]
    }

    /// The game's name, as the `Game` option and `describe` write it ([`Position::NAME`]).
    pub const fn name(self) -> &'static str {
        crate::with_game_id!(self, G => <G as Position>::NAME)
    }

    /// The most whole turns a game of this game can last ([`Position::LONGEST_GAME`]).
    const fn longest_game(self) -> usize {
        crate::with_game_id!(self, G => <G as Position>::LONGEST_GAME)
    }
}

impl Default for GameId {
    fn default() -> Self {
        GameId::Game(GameKind::default())
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `$body` with the type alias `$G` bound to the [`crate::Game`] type of the [`GameId`]
/// `$id`: [`with_game!`](crate::with_game) for a real game, and an arm for each test game of
/// [`games_table!`](crate::games_table).
#[macro_export]
macro_rules! with_game_id {
    ($id:expr, $G:ident => $body:expr) => {
        $crate::games_table!(game_id_arms!($id, $G, $body))
    };
}

/// [`with_game_id!`](crate::with_game_id)'s `match`, from [`games_table!`](crate::games_table).
#[doc(hidden)]
#[macro_export]
macro_rules! game_id_arms {
    (($id:expr, $G:ident, $body:expr)
     real { $($real:tt)* }
     test { $($(#[$doc:meta])* $Test:ident = $T:ty, $S:ty;)* }) => {
        match $id {
            $crate::GameId::Game(kind) => $crate::with_game!(kind, $G => $body),
            $($crate::GameId::$Test => {
                type $G = $T;
                $body
            })*
        }
    };
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    use super::*;
    use crate::checkers::Checkers;
    use crate::game::{Hashing, Notation, Turns};
    use crate::wells::Wells;

    /// The turn start reached from the start of `settings` by `turns` random turns, drawn step
    /// by step (fewer when the game ends first).
    fn random_turn_start<G: Turns>(settings: &G::Settings, turns: u32, seed: u64) -> G {
        let mut pos = G::new(settings);
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..turns {
            while let Some(s) = pos.random_step(&mut rng) {
                pos.apply(s, None);
                if pos.at_turn_start() {
                    break;
                }
            }
        }
        pos
    }

    /// The board's symmetries keep the rules (GC1, W1), for any game: at a turn start, the image
    /// under every symmetry has its incremental hash equal to its hash from nothing, a position
    /// string that reads back to it, and the same perft count to `depth`; symmetry 0 is the
    /// position itself.
    fn symmetries_keep_the_rules<G: Hashing + Notation>(
        pos: &G,
        depth: u32,
    ) -> Result<(), TestCaseError> {
        let text = pos.to_position_string();
        let n = pos.perft(depth, None);
        prop_assert!(n.is_ok(), "{text}: {n:?}");
        prop_assert_eq!(pos.symmetric(0).to_position_string(), text.clone());
        for k in 0..G::SYMMETRIES {
            let image = pos.symmetric(k);
            let image_text = image.to_position_string();
            prop_assert_eq!(image.hash(), image.hash_from_scratch(), "{} of {}", k, text);
            let back = G::from_position_string(&image_text, pos.settings());
            prop_assert!(back.is_ok(), "{image_text}: {back:?}");
            let back = back.unwrap();
            prop_assert_eq!(back.hash(), image.hash(), "{} of {}", k, text);
            prop_assert_eq!(image.perft(depth, None), n.clone(), "{} of {}", k, text);
        }
        Ok(())
    }

    /// Plays random steps from the start of `settings` to the end of the game and checks that
    /// every word the game says is one its `about` announces: each removal's kind, each step
    /// that names no place of the board (in a game with a board), and the reason the game ends.
    /// Returns the reason.
    fn words_are_announced<G: crate::game::Game>(
        settings: &G::Settings,
        seed: u64,
    ) -> Result<&'static str, TestCaseError> {
        let mut pos = G::new(settings);
        let about = pos.about();
        let mut rng = SmallRng::seed_from_u64(seed);
        while let Some(s) = pos.random_step(&mut rng) {
            let geo = pos.geometry();
            let places: Vec<&str> = geo
                .points
                .iter()
                .map(|p| p.name.as_str())
                .chain(geo.squares.iter().map(|q| q.name.as_str()))
                .collect();
            let before = pos.clone();
            let mut all = Vec::new();
            pos.apply(s, Some(&mut all));
            all.insert(0, s);
            for &step in &all {
                let text = before.format_step(step);
                if !places.is_empty() && !places.iter().any(|p| text.contains(p)) {
                    prop_assert!(
                        about.steps.iter().any(|w| w.word == text),
                        "{}: step {text} is not announced",
                        G::NAME
                    );
                }
            }
            for r in before.removals(&all, &pos).into_iter().flatten() {
                prop_assert!(
                    about.removals.contains(&r.kind),
                    "{}: removal {:?} is not announced",
                    G::NAME,
                    r.kind
                );
            }
        }
        let end = pos.game_end();
        prop_assert!(end.is_some(), "{}: no end after the last step", G::NAME);
        let reason = end.unwrap().reason;
        prop_assert!(
            about.reasons.contains(&reason),
            "{}: reason {:?} is not announced",
            G::NAME,
            reason
        );
        Ok(reason.word)
    }

    /// Tic-tac-toe ends in a row or on a full board, never with the shared `no-legal-move`.
    #[test]
    fn tictactoe_names_its_reasons() {
        use crate::game::{Notation, Views};
        use crate::tictactoe::TicTacToe;
        let reason = |text: &str| {
            let pos = TicTacToe::from_position_string(text, &()).unwrap();
            pos.game_end().map(|e| e.reason.word)
        };
        assert_eq!(reason("xxxoo...."), Some("three-in-a-row"));
        assert_eq!(reason("xoxxoooxx"), Some("full-board"));
        assert_eq!(reason("xxooxo..."), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// The games on settings of their own, to their end: Guerrilla Checkers, Guerrilla on
        /// small boards (under a short turn limit or not) and Nim.
        #[test]
        fn every_word_a_game_says_is_announced(seed in any::<u64>(), side in 4u8..=5, limit in prop_oneof![Just(6u32), Just(400)]) {
            words_are_announced::<Checkers>(&Default::default(), seed)?;
            let settings = crate::wells::Settings { side, turn_limit: limit };
            words_are_announced::<Wells>(&settings, seed)?;
            let piles = crate::testgames::NimSettings { piles: [1, 2, 5], oracle: false };
            words_are_announced::<crate::testgames::Nim>(&piles, seed)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(8))]

        /// Every game of the table, with its default settings, to its end: a game added to
        /// the table is checked here without a word more.
        #[test]
        fn every_game_of_the_table_says_only_announced_words(seed in any::<u64>()) {
            for id in GameId::ALL {
                crate::with_game_id!(id, G => words_are_announced::<G>(&Default::default(), seed))?;
            }
        }
    }

    /// What the symmetry test checks of a real game, which each declares here (a game added
    /// to the table and not here does not compile): its settings for the test, the smaller of
    /// two boards or the other (`small`), and the perft depth at a turn start `turns` turns in,
    /// so that counting every image stays cheap.
    trait SymmetryCase: Hashing + Notation {
        fn test_settings(small: bool) -> Self::Settings;
        fn test_depth(small: bool, turns: u32) -> u32;
    }

    /// Guerrilla Checkers' one board, 4 symmetries, at perft 2.
    impl SymmetryCase for Checkers {
        fn test_settings(_small: bool) -> Self::Settings {
            Default::default()
        }
        fn test_depth(_small: bool, _turns: u32) -> u32 {
            2
        }
    }

    /// The hexagon's 12 symmetries on boards of side 4 and 5 at perft 1 (2 near the start of
    /// side 4).
    impl SymmetryCase for Wells {
        fn test_settings(small: bool) -> Self::Settings {
            let side = if small { 4 } else { 5 };
            crate::wells::Settings {
                side,
                ..Default::default()
            }
        }
        fn test_depth(small: bool, turns: u32) -> u32 {
            if small && turns <= 2 {
                2
            } else {
                1
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Every real game of the table, on random turn starts of its [`SymmetryCase`].
        #[test]
        fn the_board_symmetries_keep_the_rules(seed in any::<u64>(), turns in 0u32..6, small in any::<bool>()) {
            for kind in GameKind::ALL {
                crate::with_game!(kind, G => {
                    let pos = random_turn_start::<G>(&G::test_settings(small), turns, seed);
                    symmetries_keep_the_rules(&pos, G::test_depth(small, turns))
                })?;
            }
        }
    }
}
