//! The generic protocol layers driven with the test-only Nim (`crate::testgames`): two-step
//! turns, its piles `1 2 5` from the `BoardSide` option.

use std::time::{Duration, Instant};

use super::options;
use super::options::Options;
use super::output::{Captured, Output};
use super::parse::Command;
use super::session::{real_factory, GameSession, Protocol, Session};
use crate::game::prelude::*;
use crate::games::{GameId, GameKind};
use crate::testgames::Nim;

fn nim_factory(game: GameId, opts: &Options, out: Output) -> Result<Box<dyn GameSession>, String> {
    if game == GameId::Game(GameKind::Wells) && opts.game_value("BoardSide") == Some(12) {
        return Err("expected a smaller board but got '12'".into());
    }
    Ok(Box::new(Session::<Nim>::new(opts, out)?))
}

struct H {
    p: Protocol,
    cap: Captured,
    seen: usize,
}

impl H {
    fn new() -> H {
        let cap = Captured::default();
        let p = Protocol::with_factory(Output::new(cap.clone()), nim_factory, Options::default())
            .unwrap();
        H { p, cap, seen: 0 }
    }

    /// The lines written since the last call.
    fn take(&mut self) -> Vec<String> {
        let text = self.cap.text();
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let new = lines[self.seen..].to_vec();
        self.seen = lines.len();
        new
    }

    /// Sends a line; returns the lines written (for `go` without `infinite`: up to `bestmove`).
    fn send(&mut self, line: &str) -> Vec<String> {
        assert!(self.p.handle(line), "unexpected quit");
        if line.starts_with("go") && !line.contains("infinite") {
            self.wait_for("bestmove")
        } else if line.starts_with("perft") {
            self.wait_for("Nodes searched")
        } else {
            self.take()
        }
    }

    fn wait_for(&mut self, prefix: &str) -> Vec<String> {
        let t = Instant::now();
        let mut got = Vec::new();
        loop {
            got.extend(self.take());
            // A parse error of `go` has no bestmove; a game-state error writes its error and
            // `bestmove none` in one block.
            if got
                .iter()
                .any(|l| l.starts_with(prefix) || l.starts_with("info string error"))
            {
                return got;
            }
            assert!(
                t.elapsed() < Duration::from_secs(10),
                "no {prefix}: {got:?}"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn one(&mut self, line: &str) -> String {
        let out = self.send(line);
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        out[0].clone()
    }

    fn assert_error_changes_nothing(&mut self, line: &str) -> String {
        let before = self.one("describe");
        let err = self.one(line);
        assert!(err.starts_with("info string error: expected "), "{err}");
        assert!(err.contains(" but got '"), "{err}");
        assert_eq!(self.one("describe"), before, "state changed by '{line}'");
        err
    }
}

#[test]
fn handshake_and_isready() {
    let mut h = H::new();
    let out = h.send("ugi");
    assert_eq!(out[0], "id name guerrilla");
    assert!(out[1].starts_with("id author "));
    assert!(out.contains(
        &"option name Game type combo default guerrilla-checkers var guerrilla-checkers var guerrilla"
            .to_string()
    ));
    assert_eq!(out.last().unwrap(), "ugiok");
    assert_eq!(h.one("isready"), "readyok");
    assert_eq!(
        h.send("  \t \r"),
        Vec::<String>::new(),
        "blank lines are ignored"
    );
    assert_eq!(h.one("isready\r"), "readyok");
}

#[test]
fn queries_follow_the_game() {
    let mut h = H::new();
    assert_eq!(h.one("query gameover"), "response false");
    assert_eq!(h.one("query p1turn"), "response true");
    assert_eq!(h.one("query result"), "response none");
    assert!(h.send("position startpos moves p2t5 p1t1 p0t1").is_empty());
    assert_eq!(h.one("query p1turn"), "response false");
    assert_eq!(h.one("query gameover"), "response false");
    assert!(h
        .send("position startpos moves p2t5 p1t1 p0t1 p1t1")
        .is_empty());
    assert_eq!(h.one("query gameover"), "response true");
    // P2 took the last stone: P1 cannot move and loses.
    assert_eq!(h.one("query result"), "response p2win");
    assert_eq!(h.one("query p1turn"), "response true");
    // Moves after the end: reported, ignored; the rules' result stands.
    let err = h.one("position startpos moves p2t5 p1t1 p0t1 p1t1 p0t1");
    assert!(err.contains("the result stands"), "{err}");
    assert_eq!(h.one("query result"), "response p2win");
    assert!(h.one("describe").contains("forfeit=none"));
}

#[test]
fn errors_change_nothing() {
    let mut h = H::new();
    h.send("position startpos moves p2t2 p1t1");
    for line in [
        "frobnicate",
        "ugi now",
        "position fen 1 2 999 p3",
        "position fen",
        "position startpos p0t1",
        "query everything",
        "setoption name Contempt value 16",
        "setoption name BoardSide value 99",
        "setoption name Game value chess",
        "setoption name Game value guerrilla",
        "play p7t1",
        "play p0t1 p1t1",
        "play p2t9",
        "step t9",
        "step p3",
    ] {
        if line == "setoption name Game value guerrilla" {
            // Valid, but the factory refuses Wells with side 12: first make it refuse.
            h.one("isready");
            continue;
        }
        h.assert_error_changes_nothing(line);
    }
    // A `go` the parser rejects still ends with `bestmove none`, and changes nothing.
    for line in ["go nodes x", "go sideways", "go nodes 08", "go depth +3"] {
        let before = h.one("describe");
        let out = h.send(line);
        assert_eq!(out.len(), 2, "{line}: {out:?}");
        assert!(
            out[0].starts_with("info string error: expected "),
            "{out:?}"
        );
        assert_eq!(out[1], "bestmove none");
        assert_eq!(h.one("describe"), before, "state changed by '{line}'");
    }
    // An option the factory refuses leaves options and game alone.
    assert!(h.send("setoption name BoardSide value 12").is_empty());
    h.assert_error_changes_nothing("setoption name Game value guerrilla");
    h.assert_error_changes_nothing("perft");
    h.assert_error_changes_nothing("perft -1");
    let err = h.assert_error_changes_nothing("perft x");
    assert_eq!(
        err,
        "info string error: expected a depth from 0 to 24 (no sign, no leading zero) but got 'x' \
         in 'perft x'"
    );
}

#[test]
fn steps_undo_and_views() {
    let mut h = H::new();
    assert_eq!(h.one("step p2"), "stepped p2");
    let d = h.one("describe");
    assert!(
        d.starts_with(
            "describe game=nim tomove=p1 turnstart=false result=none forfeit=none piles=1,2,5 chosen=p2"
        ),
        "{d}"
    );
    let legal = h.send("legal");
    assert_eq!(
        legal,
        vec![
            "steps 5 t1 t2 t3 t4 t5".to_string(),
            "turns midturn 0".to_string()
        ]
    );
    // `go` in the middle of a turn finishes it: the whole turn, the pile already chosen.
    let out = h.send("go nodes 5");
    let best = out.last().unwrap();
    assert!(best.starts_with("bestmove p2t"), "go mid-turn: {out:?}");
    assert!(out[..out.len() - 1]
        .iter()
        .all(|l| !l.contains(" pv ") || l.contains(" pv p2t")));
    let show = h.send("show");
    assert_eq!(
        show[show.len() - 4..],
        ["fen 1 2 5 p1", "steps p2", "tomove p1", "result none"]
    );
    assert_eq!(h.one("step t2"), "stepped t2 turn p2t2");
    assert_eq!(h.one("query p1turn"), "response false");
    assert_eq!(h.one("play p1t1"), "played p1t1 steps p1 t1");
    assert_eq!(h.one("undo"), "undone turn p1t1");
    assert_eq!(
        h.one("undo"),
        "undone turn p2t2",
        "the two-step turn goes back whole"
    );
    assert!(h.one("describe").contains("piles=1,2,5 chosen=-"));
    assert!(h
        .one("undo")
        .starts_with("info string error: expected a move or step to undo"));
    let legal = h.send("legal");
    assert_eq!(legal[0], "steps 3 p0 p1 p2");
    assert_eq!(
        legal[1],
        "turns complete 8 p0t1 p1t1 p1t2 p2t1 p2t2 p2t3 p2t4 p2t5"
    );
    // After each turn taking k of the 8 stones, 8 - k turns remain.
    let perft = h.send("perft 2");
    assert_eq!(perft.len(), 9);
    assert_eq!(perft[0], "p0t1: 7");
    assert_eq!(perft[8], "Nodes searched: 45");
    // Deeper than the game's own perft: the stoppable recursion, same numbers as the game's.
    let perft = h.send("perft 4");
    let total: u64 = Nim::with_piles([1, 2, 5], false).perft(4, None).unwrap();
    assert_eq!(perft.last().unwrap(), &format!("Nodes searched: {total}"));
    let sum: u64 = perft[..perft.len() - 1]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, total);
}

#[test]
fn go_honours_limits_and_stop() {
    let mut h = H::new();
    let out = h.send("go nodes 100");
    let best = out.last().unwrap();
    assert!(best.starts_with("bestmove "));
    let token = best.split(' ').nth(1).unwrap();
    assert_eq!(best.split(' ').count(), 2);
    assert!(h.send(&format!("play {token}"))[0].starts_with("played"));
    // Infinite: no bestmove until stop; isready and query answered meanwhile.
    assert!(h
        .send("go infinite")
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    assert_eq!(h.one("isready"), "readyok");
    assert_eq!(h.one("query gameover"), "response false");
    std::thread::sleep(Duration::from_millis(30));
    assert!(h.take().iter().all(|l| !l.starts_with("bestmove")));
    let out = h.send("stop");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    // A state-changing command during a search stops it first.
    h.send("go infinite");
    let out = h.send("position startpos");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    // Time limits end an infinite-looking search.
    let t = Instant::now();
    h.send("go movetime 50");
    h.send("go p1time 100 p2time 100 p1inc 0 p2inc 0");
    assert!(t.elapsed() < Duration::from_secs(5));
}

#[test]
fn game_options_start_a_new_game_of_that_game() {
    let mut h = H::new();
    h.send("play p2t1");
    // Nim's third pile is BoardSide - 3. Guerrilla Checkers declares no BoardSide option, so
    // changing it while that game is on only stores it; switching to Guerrilla, which declares
    // it, then uses it, and changing it again starts a new game.
    assert!(h.send("setoption name BoardSide value 5").is_empty());
    assert!(h.one("describe").contains("piles=1,2,4"));
    assert!(h.send("setoption name game value GUERRILLA").is_empty());
    assert!(h.one("describe").contains("piles=1,2,2"));
    assert!(h.send("setoption name BoardSide value 6").is_empty());
    assert!(h.one("describe").contains("piles=1,2,3"));
    assert!(!h.p.handle("quit"));
}

#[test]
fn position_extension_equals_a_fresh_position() {
    let mut fresh = H::new();
    let mut inc = H::new();
    let full = ["p2t1", "p1t1", "p2t2", "p0t1"];
    for n in 0..=full.len() {
        let line = format!("position startpos moves {}", full[..n].join(" "));
        assert!(inc.send(&line).is_empty());
    }
    fresh.send(&format!("position startpos moves {}", full.join(" ")));
    assert_eq!(inc.one("describe"), fresh.one("describe"));
    // A different history (not an extension) is rebuilt from the start.
    inc.send("position startpos moves p2t3");
    fresh.send("position startpos moves p2t3");
    assert_eq!(inc.one("describe"), fresh.one("describe"));
    // After play/undo the next position is rebuilt too.
    inc.send("play p0t1");
    inc.send("position startpos moves p2t3 p1t2");
    fresh.send("position startpos moves p2t3 p1t2");
    assert_eq!(inc.one("describe"), fresh.one("describe"));
    // A fen start, then the same fen with more moves.
    inc.send("position fen 1 2 9 p2 moves p2t1");
    inc.send("position fen 1 2 9 p2 moves p2t1 p1t1");
    fresh.send("position fen 1 2 9 p2 moves p2t1 p1t1");
    assert_eq!(inc.one("describe"), fresh.one("describe"));
    assert_eq!(inc.one("query p1turn"), "response false");
}

/// The factory cannot fail, nor panic, on any value `setoption` accepts: for every game, its
/// default options and every value of each of its options (the bounds and the default of a
/// wide one) make a session that answers.
#[test]
fn every_accepted_option_value_makes_a_game() {
    for kind in GameKind::ALL {
        let (game, _) = options::set(&Options::default(), "Game", Some(kind.name())).unwrap();
        let mut cases = vec![game.clone()];
        for o in kind.options() {
            let values: Vec<u64> = if o.max - o.min <= 16 {
                (o.min..=o.max).collect()
            } else {
                vec![o.min, o.default, o.max]
            };
            for v in values {
                cases.push(options::set(&game, o.name, Some(&v.to_string())).unwrap().0);
            }
        }
        for opts in cases {
            let cap = Captured::default();
            let mut session = real_factory(GameId::Game(kind), &opts, Output::new(cap.clone()))
                .unwrap_or_else(|e| panic!("{kind} {opts:?}: {e}"));
            session.exec(&Command::Describe, "describe", &opts);
            let prefix = format!("describe game={} ", kind.name());
            assert!(cap.text().starts_with(&prefix), "{kind} {opts:?}");
        }
    }
}
