//! Property tests of the search on the tiny games: any parameters, budget and seed give a
//! legal turn, an exact node count, a score in range and a principal variation that replays.

use super::*;
use proptest::prelude::*;

fn params() -> impl Strategy<Value = Params> {
    (
        prop_oneof![Just(0.0), Just(0.5), Just(2.0)],
        prop_oneof![Just(f64::INFINITY), Just(0.5), Just(-1.0)],
        0u32..4,
        prop_oneof![Just(0u32), Just(3), Just(5000)],
        prop_oneof![Just(2_000usize), Just(256 << 20)],
    )
        .prop_map(
            |(exploration, first_play, expand_after, playout_cap, max_memory)| Params {
                exploration,
                first_play,
                expand_after,
                playout_cap,
                max_memory,
                ..Params::default()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever the position, budget and parameters: a legal complete turn exactly when the
    /// game is not over, the exact node count, a score in [-1, 1], a principal variation
    /// that replays legally step by step.
    #[test]
    fn nim_searches_are_sound(
        piles in prop::array::uniform3(0u8..7),
        oracle in any::<bool>(),
        budget in 0u64..400,
        seed in any::<u64>(),
        params in params(),
    ) {
        let pos = Nim::with_piles(piles, oracle);
        let (turn, infos) = run_with(&pos, &nodes(budget), &params, seed);
        // A finished game is not searched: no report, no turn.
        let Some(last) = infos.last() else {
            prop_assert!(pos.outcome().is_some() && turn.is_none());
            return Ok(());
        };
        prop_assert_eq!(last.nodes, budget);
        prop_assert!((-1.0..=1.0).contains(&last.best().score));
        match turn {
            None => prop_assert!(pos.outcome().is_some()),
            Some(t) => prop_assert!(is_legal(&pos, &t)),
        }
        let tokens = pv_tokens(&pos, &last.best().pv);
        let replayed = replay_pv(&pos, &tokens);
        prop_assert!(replayed.is_ok(), "{:?} in {:?}", replayed.err(), tokens);
        prop_assert_eq!(last.best().depth as usize, tokens.len());
    }

    #[test]
    fn ttt_searches_are_sound(
        moves in prop::collection::vec(0u8..9, 0..9),
        budget in 0u64..300,
        seed in any::<u64>(),
        params in params(),
    ) {
        let mut pos = TicTacToe::new(&());
        for m in moves {
            if pos.outcome().is_none() && pos.parse_step(&m.to_string()).is_ok() {
                pos.apply(m, None);
            }
        }
        let (turn, infos) = run_with(&pos, &nodes(budget), &params, seed);
        match turn {
            None => prop_assert!(pos.outcome().is_some()),
            Some(t) => {
                prop_assert!(is_legal(&pos, &t));
                prop_assert_eq!(infos.last().unwrap().nodes, budget);
            }
        }
    }
}
