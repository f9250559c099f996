//! End-to-end tests of the web GUI in headless Chromium, driven through chromedriver (WebDriver).
//!
//! One test runs every scenario in turn against one server and one chromedriver (starting a
//! browser costs seconds on a 2-core machine):
//! * [`load`]: a fresh server and a fresh browser twenty times, each page loaded once and its
//!   board drawn within 5 s;
//! * [`games`]: both games by clicks — a COIN multi-capture whose stones are marked, counted and
//!   logged; a Guerrilla turn with growth, a new group, a jump, a split and a kill, marked; a
//!   massacre, marked; a forced kill shown and confirmed; a game to its end with its reason,
//!   its banner whole at 400 px;
//! * [`flow`]: a double click that sends one step; a forced second stone that waits for Confirm;
//!   the move list and navigation; a reload (also after the server lost the session); export
//!   and import of the position and of the game; an analysis; the engine's line cleared by an
//!   undo; Set players;
//! * [`engines`]: engine against engine paused, stepped and played to the end; each seat at its
//!   own level (`random` against `full`); an engine that
//!   dies and is restarted; the built-in engine; the session limit; two sessions at once;
//! * [`layout`]: a 400×800 and a 360×740 window hold the whole board without horizontal scroll,
//!   with tap targets 32 px across, and the board does not move while a turn is built; with
//!   names on, no name touches another or a piece;
//! * [`play`]: against the engine at 360×740, a whole game by taps with the status in view after
//!   every turn and the banner at the end; an engine turn shown step by step; removal marks an
//!   analysis does not reset; a hint (and an analysis) then a move the engine answers; a
//!   one-click takeback; a few turns by keyboard alone;
//! * [`traps`]: New game asks and keeps the old game; the evaluation hidden during play; an
//!   action on an earlier position says so; notices that expire, successes that are not errors;
//!   refusals in a player's words; an out-of-range think time refused visibly; against the
//!   engine at 360 px, Undo step after its reply (never a held game), Resume beside the status,
//!   Resign asked first and Abort of a game hardly begun;
//! * [`feel`]: the rules tour and the legend from the engine's `about`, a tapped removal that
//!   says why, sounds and their off switch, themes, the zoom on a large board, cells named for
//!   screen readers; screenshots of a turn shown step by step in both games.
//! * [`friends`]: two browsers by invitation links playing a game to its end while a third
//!   watches (its moves refused), its review once over (not before, not by the watcher), a
//!   rematch and a resignation; clocks down to a flag fall; a
//!   server restarted in the middle of a game between friends, which goes on from the
//!   database; a stale session freed and a new one admitted; My games, and a replay link.
//! * [`review`]: the analysis board — three lines with scores and win chances and the best turn
//!   marked, a line's turn previewed on the board and a line played; a game review of a
//!   finished game with a random side (its graph, its marks, its summary per side), and of a
//!   Guerrilla game;
//! * [`lines`]: the analysis lines drawn in place at most twice a second, and 300 ms presses
//!   on their chips and Play that all land, at 1400 and 360 px;
//! * [`kept`]: a Replay and a replay link that add no copy to My games, New game from a
//!   Replay a live game, the record's `FEN` only for another start; the focused cell's ring
//!   and no tab stop that is no control, at 1400 and 360 px;
//! * [`phone`]: the controls in a menu sheet at 360 px (none at 1400), "You play" and "Your
//!   turn", nothing clipped; a finished game's banner with New game, Rematch and Review, and a
//!   rematch against the engine with the seats swapped; a side-6 Guerrilla board opened zoomed
//!   (points 40 px apart, the zoom buttons off the board) and the pace of an engine's turn;
//! * [`hints`]: Guerrilla Checkers hints followed in the order of their numbers, never refused,
//!   at 1400 and 360 px; a Guerrilla hint as rings and arrows, each cell labelled once;
//! * [`reading`]: at 360 and 1400 px, nothing of the status bar cut in either game; Guerrilla's
//!   phases in plain words; one numbering of turns in the list, the status, the navigation,
//!   the log, the analysis and the review; a hint's numbers at least 12 px high;
//! * [`order`]: at 360 and 1400 px, a game's banner after the capture that ends it is shown; a
//!   turn completed by itself marked and said until the next, and taken back; Play a friend
//!   naming the sides, the second player's board turned, the seats' names whole;
//! * [`third`]: a third game the adapter does not name (the engine's tic-tac-toe, `guerrilla
//!   --test-games`) chosen in the Game control and played by clicks to its banner.
//!
//! Screenshots of both games (a capture, a game's end, the tour, the legend, a turn being
//! shown), at 1400×1000 and 360×740, are written to `target/screenshots/` (or `GUERRILLA_SCREENSHOTS`). Needs Debian's `chromium` and
//! `chromium-driver`: without them the test fails, unless `GUERRILLA_SKIP_MISSING_TOOLS=1`
//! (`tests/support/tools.rs` at the repository's root).

mod engines;
mod feel;
mod flow;
mod friends;
mod games;
mod harness;
mod hints;
mod kept;
mod layout;
mod lines;
mod load;
mod order;
mod phone;
mod play;
mod reading;
mod review;
mod third;
#[path = "../../../../tests/support/tools.rs"]
mod tools;
mod traps;

use std::path::PathBuf;

use harness::{browser_tools, open_browser, start_driver, start_server};

#[test]
fn browser_end_to_end() {
    let Some((chrome, driver)) = browser_tools() else {
        return tools::missing_tool(
            "chromium or chromedriver",
            "apt-get install chromium chromium-driver",
            "the browser tests",
        );
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_guerrilla-web"));
    let (_server, base) = start_server(&exe);
    // A copy of the server alone in a folder: no `guerrilla` binary beside it, so it runs the
    // engine library built into itself.
    let alone = std::env::temp_dir().join(format!("guerrilla-web-alone-{}", std::process::id()));
    std::fs::create_dir_all(&alone).unwrap();
    let alone_exe = alone.join("guerrilla-web");
    std::fs::copy(&exe, &alone_exe).expect("copy the server");
    let (_server_alone, base_alone) = start_server(&alone_exe);
    let (_driver, driver_url) = start_driver(&driver);
    let only = std::env::var("GUERRILLA_WEB_SCENARIO").unwrap_or_default();
    rt.block_on(async {
        let b1 = std::sync::Arc::new(open_browser(&driver_url, &chrome, "one").await);
        let b2 = std::sync::Arc::new(open_browser(&driver_url, &chrome, "two").await);
        let (c1, c2) = (b1.clone(), b2.clone());
        let (driver_url, chrome, exe) = (driver_url.clone(), chrome.clone(), exe.clone());
        let run = tokio::spawn(async move {
            let (b1, b2) = (&*c1, &*c2);
            let on = |name: &str| {
                let yes = only.is_empty() || only.split(',').any(|o| o == name);
                if yes {
                    eprintln!("scenario: {name}");
                }
                yes
            };
            if on("page-load") {
                load::fresh_loads(&driver_url, &chrome, &exe).await;
            }
            if on("checkers") {
                games::checkers_by_clicks(b1, &base).await;
            }
            if on("checkers-end") {
                games::checkers_to_the_end(b1, &base).await;
            }
            if on("wells") {
                games::wells_by_clicks(b1, &base).await;
            }
            if on("double-click") {
                flow::double_click(b1, &base).await;
            }
            if on("forced") {
                flow::forced_decision(b1, &base).await;
            }
            if on("records") {
                flow::move_list_reload_records(b1, &base).await;
            }
            if on("analysis") {
                flow::analysis(b1, &base).await;
            }
            if on("layout") {
                layout::small_window(b1, &base).await;
            }
            if on("names") {
                layout::names_apart(b1, &base).await;
            }
            if on("two-sessions") {
                engines::two_sessions(b1, b2, &base).await;
            }
            if on("restart") {
                engines::engine_restart(b2, &base).await;
            }
            if on("built-in") {
                engines::engine_built_in(b2, &base_alone).await;
            }
            if on("session-limit") {
                engines::session_limit(b1).await;
            }
            if on("engine-game") {
                engines::engine_game(b1, &base).await;
            }
            if on("strength") {
                engines::engine_strength(b1, &base).await;
            }
            if on("phone-game") {
                play::phone_game(b1, &base).await;
            }
            if on("animation") {
                play::engine_turn_animated(b1, &base).await;
            }
            if on("removal-analysis") {
                play::removal_during_analysis(b1, &base).await;
            }
            if on("hint") {
                play::hint_then_move(b1, &base).await;
            }
            if on("takeback") {
                play::takeback(b1, &base).await;
            }
            if on("keyboard") {
                play::keyboard_play(b1, &base).await;
            }
            if on("traps") {
                traps::traps(b1, &base).await;
            }
            if on("undo-resign-abort") {
                traps::undo_resign_abort(b1, &base).await;
            }
            if on("feel") {
                feel::feel(b1, &base).await;
            }
            if on("animation-shots") {
                feel::animation_shots(b1, &base).await;
            }
            if on("friends") {
                friends::friend_game(b1, b2, &driver_url, &chrome, &base).await;
            }
            if on("flag") {
                friends::flag_fall(b1, b2, &base).await;
            }
            if on("my-games") {
                friends::my_games(b1, &base).await;
            }
            if on("server-restart") {
                friends::restart(b1, b2, &exe).await;
            }
            if on("stale") {
                friends::stale_session(b1, &exe).await;
            }
            if on("analysis-board") {
                review::analysis_board(b1, &base).await;
            }
            if on("lines-in-place") {
                lines::lines_in_place(b1, &base).await;
            }
            if on("review") {
                review::game_review(b1, &base, &exe).await;
            }
            if on("kept") {
                kept::kept_games(b1, &base).await;
            }
            if on("focus-ring") {
                kept::focus_ring(b1, &base).await;
            }
            if on("phone-menu") {
                phone::phone_menu(b1, &base).await;
            }
            if on("end-banner") {
                phone::end_banner(b1, &base).await;
            }
            if on("side6-pace") {
                phone::side6_and_pace(b1, &base).await;
            }
            if on("hints-checkers") {
                hints::checkers_hints(b1, &base).await;
            }
            if on("hints-wells") {
                hints::wells_hint(b1, &base).await;
            }
            if on("nothing-clipped") {
                reading::nothing_clipped(b1, &base).await;
            }
            if on("plain-words") {
                reading::plain_words(b1, &base).await;
            }
            if on("one-numbering") {
                reading::one_numbering(b1, &base).await;
            }
            if on("hint-numerals") {
                reading::hint_numerals(b1, &base).await;
            }
            if on("end-after-capture") {
                order::end_after_capture(b1, &base).await;
            }
            if on("auto-stone") {
                order::auto_stone(b1, &base).await;
            }
            if on("friend-sides") {
                order::friend_sides(b1, b2, &base).await;
            }
            if on("friend-seats") {
                order::friend_seats_whole(b1, b2, &base).await;
            }
            if on("tictactoe") {
                third::tictactoe(b1, &exe).await;
            }
        });
        // Close the browsers whatever happened, then report.
        let outcome = run.await;
        for b in [&b1, &b2] {
            let _ = b.client.clone().close().await;
        }
        let _ = std::fs::remove_dir_all(&alone);
        if let Err(e) = outcome {
            match e.try_into_panic() {
                Ok(p) => std::panic::resume_unwind(p),
                Err(e) => panic!("the scenarios did not finish: {e}"),
            }
        }
    });
}
