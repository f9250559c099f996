//! The analysis options and limits through the real binary, in both games (protocol.md § 3.6):
//! `MultiPV` (several lines, each with its own first turn, score and principal variation),
//! `ShowWDL` (win, draw and loss chances) and `go … searchmoves` (the root kept to some turns,
//! also in the middle of a turn).

use crate::harness::*;

/// The real games (the table's), as the `Game` option names them, each with the board side it is
/// searched on: 5, which a game without a `BoardSide` option ignores.
fn games() -> impl Iterator<Item = (&'static str, u32)> {
    real_games().map(|game| (game, 5))
}

/// The word after `name` in an `info` line (`None` when there is none).
fn word_after<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let mut words = line.split(' ');
    words.find(|w| *w == name)?;
    words.next()
}

/// The score of an `info` line that is not proven.
fn score(line: &str) -> f64 {
    let s = word_after(line, "score").unwrap();
    s.parse()
        .unwrap_or_else(|_| panic!("a number score: {line}"))
}

/// The legal turns (`legal turns`: `turns complete <n> <turn> …`).
fn legal_turns(p: &mut Proc) -> Vec<String> {
    let answer = p.ask1("legal turns");
    answer.split(' ').skip(3).map(str::to_string).collect()
}

/// The principal variation of an `info` line.
fn pv(line: &str) -> Vec<&str> {
    line.split(" pv ")
        .nth(1)
        .map_or(Vec::new(), |p| p.split(' ').collect())
}

/// A search's output up to its `bestmove`: its last report (the lines from the last
/// `multipv 1`, or the last `info depth` line when unnumbered) and the `bestmove` turn.
fn search(p: &mut Proc, go: &str) -> (Vec<String>, String) {
    p.send(go);
    let lines = p.until("bestmove", |l| l.starts_with("bestmove"));
    let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    let infos: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .cloned()
        .collect();
    let from = infos
        .iter()
        .rposition(|l| word_after(l, "multipv").is_none_or(|k| k == "1"))
        .unwrap_or_else(|| panic!("no report for '{go}': {lines:?}"));
    (infos[from..].to_vec(), best)
}

/// An engine playing `game` at `strength`, with `MultiPV` set to `multipv`.
fn engine(game: &str, side: u32, strength: &str, multipv: u32) -> Proc {
    let mut p = Proc::spawn();
    for line in [
        format!("setoption name Game value {game}"),
        format!("setoption name BoardSide value {side}"),
        format!("setoption name Strength value {strength}"),
        format!("setoption name MultiPV value {multipv}"),
    ] {
        assert_eq!(p.ask(&line), Vec::<String>::new(), "{line}");
    }
    p
}

/// The fields of an `info` line but `time` and `nps` (which vary), `multipv` and `visits`
/// (written only with `MultiPV` above 1).
fn steady(line: &str) -> String {
    let mut out = Vec::new();
    let mut words = line.split(' ');
    while let Some(w) = words.next() {
        if matches!(w, "time" | "nps" | "multipv" | "visits") {
            words.next();
        } else {
            out.push(w);
        }
    }
    out.join(" ")
}

/// `MultiPV 3`: each report writes up to three lines numbered 1, 2, 3 in order, each with its
/// own first turn (all distinct, each legal), score and principal variation; the first is the
/// turn `bestmove` plays, and it is the line (and the answer) of `MultiPV 1`, which writes no
/// `multipv` field. The searches give three lines; the greedy level, which lists the whole
/// turns, three too; the random level one. Both games, every `Strength` level.
#[test]
fn multipv_lines_are_distinct_ordered_and_the_first_is_multipv_1s() {
    for (game, side) in games() {
        for (strength, want) in [("full", 3), ("uct", 3), ("greedy", 3), ("random", 1)] {
            let what = format!("{game} {strength}");
            let mut one = engine(game, side, strength, 1);
            let (single, best_single) = search(&mut one, "go nodes 3000");
            assert_eq!(single.len(), 1, "{what}: {single:?}");
            assert!(word_after(&single[0], "multipv").is_none(), "{what}");
            let mut three = engine(game, side, strength, 3);
            let (lines, best) = search(&mut three, "go nodes 3000");
            assert_eq!(best, best_single, "{what}: MultiPV changes the answer");
            assert_eq!(lines.len(), want, "{what}: {lines:?}");
            assert_eq!(steady(&lines[0]), steady(&single[0]), "{what}: line 1");
            let mut firsts = Vec::new();
            for (k, line) in lines.iter().enumerate() {
                if want > 1 {
                    assert_eq!(word_after(line, "multipv"), Some(&*(k + 1).to_string()));
                }
                let first = pv(line)[0].to_string();
                assert!(
                    !first.ends_with("..."),
                    "{what}: a whole first turn: {line}"
                );
                assert!(
                    three
                        .ask1(&format!("expand {first}"))
                        .starts_with("expanded "),
                    "{what}: {first} is legal"
                );
                assert!(!firsts.contains(&first), "{what}: {lines:?}");
                firsts.push(first);
            }
            assert_eq!(firsts[0], best, "{what}");
        }
    }
}

/// The lines are ordered best first: by score for the levels that rank by score (the greedy
/// level, Guerrilla's turn search); a proven win comes first, with `score win in`.
#[test]
fn multipv_orders_by_score_where_the_level_ranks_by_score() {
    for (game, side, strength) in [
        ("guerrilla-checkers", 8, "greedy"),
        ("guerrilla", 5, "greedy"),
        ("guerrilla", 5, "full"),
    ] {
        let mut p = engine(game, side, strength, 5);
        let (lines, _) = search(&mut p, "go nodes 3000");
        let scores: Vec<f64> = lines.iter().map(|l| score(l)).collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "{game} {strength}: {lines:?}"
        );
    }
    // COIN to move: the capture c3xd4xe5 takes both stones and wins at once (GC5).
    let mut p = engine("guerrilla-checkers", 8, "full", 3);
    p.ask("position fen 8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C -");
    let (lines, best) = search(&mut p, "go nodes 300");
    assert_eq!(best, "c3xd4xe5");
    assert!(lines[0].contains(" score win in 1 "), "{lines:?}");
    assert!(lines.len() > 1, "{lines:?}");
}

/// `ShowWDL`: every `info` line has `wdl <w> <d> <l>` right after its score, per mille, summing
/// to 1000, and `w − l` is the score (to rounding); Guerrilla Checkers never draws (`d` 0); a
/// proven win is `1000 0 0`. Off (the default), no `wdl`.
#[test]
fn wdl_sums_to_1000_and_follows_the_score() {
    for (game, side) in games() {
        for strength in ["full", "greedy"] {
            let mut p = engine(game, side, strength, 3);
            let (lines, _) = search(&mut p, "go nodes 2000");
            assert!(lines.iter().all(|l| !l.contains(" wdl ")), "{lines:?}");
            p.ask("setoption name ShowWDL value true");
            let (lines, _) = search(&mut p, "go nodes 2000");
            for line in &lines {
                let words: Vec<&str> = line.split(' ').collect();
                let at = words.iter().position(|w| *w == "wdl").expect("a wdl field");
                assert_eq!(words[at - 2], "score", "{line}");
                let wdl: Vec<i64> = words[at + 1..at + 4]
                    .iter()
                    .map(|w| w.parse().unwrap())
                    .collect();
                assert_eq!(wdl.iter().sum::<i64>(), 1000, "{line}");
                assert!(wdl.iter().all(|&x| x >= 0), "{line}");
                if game == "guerrilla-checkers" {
                    assert_eq!(wdl[1], 0, "{line}");
                }
                let score: f64 = words[at - 1].parse().unwrap();
                let expected = (wdl[0] - wdl[2]) as f64 / 1000.0;
                assert!((score - expected).abs() <= 0.0015, "{line}");
            }
        }
    }
    let mut p = engine("guerrilla-checkers", 8, "full", 1);
    p.ask("setoption name ShowWDL value true");
    p.ask("position fen 8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C -");
    let (lines, _) = search(&mut p, "go nodes 300");
    assert!(
        lines[0].contains(" score win in 1 wdl 1000 0 0 pv c3xd4xe5"),
        "{lines:?}"
    );
}

/// `go … searchmoves`: the answer and every line are among the turns given (the same turn
/// written twice counts once), at every level; a turn that is not legal is an error followed
/// by `bestmove none`, and nothing is searched.
#[test]
fn searchmoves_keeps_the_root_to_the_turns_given() {
    for (game, side) in games() {
        for strength in ["full", "uct", "greedy", "random"] {
            let what = format!("{game} {strength}");
            let mut p = engine(game, side, strength, 4);
            let (_, free) = search(&mut p, "go nodes 1000");
            let turns = legal_turns(&mut p);
            let given: Vec<&String> = turns.iter().filter(|t| **t != free).take(2).collect();
            let go = format!(
                "go nodes 1000 searchmoves {} {} {}",
                given[0], given[1], given[0]
            );
            let (lines, best) = search(&mut p, &go);
            assert!(given.contains(&&best), "{what}: {best} not in {given:?}");
            assert!(lines.len() <= 2, "{what}: {lines:?}");
            for line in &lines {
                assert!(
                    given.iter().any(|t| *t == pv(line)[0]),
                    "{what}: {line} not among {given:?}"
                );
            }
        }
        let mut p = engine(game, side, "full", 1);
        let lines = p.ask("go nodes 100 searchmoves zz");
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[0].starts_with("info string error: expected ")
                && lines[0].ends_with(" in 'go nodes 100 searchmoves zz'"),
            "{lines:?}"
        );
        assert_eq!(lines[1], "bestmove none");
        assert_eq!(p.ask1("query gameover"), "response false");
    }
}

/// `searchmoves` in the middle of a turn: whole turns that begin with the steps already
/// taken; the answer is one of them, whole; a turn that does not begin with those steps is
/// refused.
#[test]
fn searchmoves_in_the_middle_of_a_turn() {
    for (game, side) in games() {
        let mut p = engine(game, side, "full", 2);
        // Two turns in: Guerrilla's first turns are one stone each.
        for _ in 0..2 {
            let (_, best) = search(&mut p, "go nodes 200");
            assert!(p.ask1(&format!("play {best}")).starts_with("played "));
        }
        let turns = legal_turns(&mut p);
        // The turns that begin with the first step of the first turn listed.
        let first_step = |p: &mut Proc, t: &str| {
            let expanded = p.ask1(&format!("expand {t}"));
            expanded.split(' ').nth(3).unwrap().to_string()
        };
        let step = first_step(&mut p, &turns[0]);
        let mut begun = Vec::new();
        let mut other = None;
        for t in &turns {
            if first_step(&mut p, t) == step {
                begun.push(t.clone());
            } else if other.is_none() {
                other = Some(t.clone());
            }
            if begun.len() == 3 && other.is_some() {
                break;
            }
        }
        assert!(begun.len() >= 2, "{game}: {begun:?}");
        assert!(p.ask1(&format!("step {step}")).starts_with("stepped "));
        let given = &begun[1..];
        let (lines, best) = search(
            &mut p,
            &format!("go nodes 500 searchmoves {}", given.join(" ")),
        );
        assert!(given.contains(&best), "{game}: {best} not in {given:?}");
        for line in &lines {
            assert!(given.iter().any(|t| *t == pv(line)[0]), "{game}: {line}");
        }
        let other = other.expect("a turn with another first step");
        let lines = p.ask(&format!("go nodes 100 searchmoves {other}"));
        assert!(
            lines[0].contains("(the steps taken so far in this turn do not begin it)"),
            "{game}: {lines:?}"
        );
        assert_eq!(lines[1], "bestmove none");
    }
}

/// With `MultiPV` above 1 every line carries its own `visits`, just before `pv`: the
/// iterations that went through its first turn. A fresh search's lines were each searched
/// (the tree search ranks by visits) and share its iterations: their sum is at most `nodes`.
/// With `MultiPV` 1 there is no such field.
#[test]
fn each_line_has_its_own_visits() {
    for (game, side) in games() {
        let mut p = engine(game, side, "full", 3);
        let (report, _) = search(&mut p, "go nodes 3000");
        assert_eq!(report.len(), 3, "{game}: {report:?}");
        let mut sum = 0;
        for line in &report {
            let visits: u64 = word_after(line, "visits")
                .unwrap_or_else(|| panic!("{game}: no visits in {line}"))
                .parse()
                .unwrap();
            assert!(
                line.contains(&format!(" visits {visits} pv ")),
                "{game}: visits just before pv: {line}"
            );
            if game == "guerrilla-checkers" {
                assert!(
                    visits >= 1,
                    "{game}: a line the tree search followed: {line}"
                );
            }
            sum += visits;
        }
        assert!(
            sum <= 3000 && word_after(&report[0], "visits") != Some("0"),
            "{game}: {report:?}"
        );
        p.ask("setoption name MultiPV value 1");
        let (report, _) = search(&mut p, "go nodes 1000");
        assert!(word_after(&report[0], "visits").is_none(), "{report:?}");
    }
}

/// A timed search with `MultiPV` 3 reports whenever any of its lines changes its first turn or
/// its depth, not only its best line: some report comes sooner than the periodic one (every
/// 500 ms) with the best line as it was and another line changed. (The `uct` level spreads its
/// iterations over the root's turns, so its lines below the best grow; the `full` level of
/// Guerrilla Checkers spends nearly all of them on its best turn, whose lines below then stay
/// as they are, as their `visits` show.)
#[test]
fn lines_below_the_first_are_reported_when_they_change() {
    /// A report's lines' heads: each line's first turn and depth.
    fn heads(report: &[String]) -> Vec<(String, String)> {
        report
            .iter()
            .map(|l| {
                let first = pv(l).first().map_or(String::new(), |t| t.to_string());
                (first, word_after(l, "depth").unwrap().to_string())
            })
            .collect()
    }
    let mut p = engine("guerrilla-checkers", 8, "uct", 3);
    p.send("go infinite");
    let start = std::time::Instant::now();
    let mut reports: Vec<(u64, Vec<String>)> = Vec::new();
    let mut found = None;
    let mut next: Vec<String> = Vec::new();
    while found.is_none() && start.elapsed() < std::time::Duration::from_secs(20) {
        // A report: its lines from `multipv 1` up to the next report's.
        let l = p.recv(TIMEOUT).expect("a report");
        if !l.starts_with("info depth ") {
            continue;
        }
        if word_after(&l, "multipv") != Some("1") || next.is_empty() {
            next.push(l);
            continue;
        }
        let report = std::mem::replace(&mut next, vec![l]);
        let time: u64 = word_after(&report[0], "time").unwrap().parse().unwrap();
        if let Some((before, last)) = reports.last() {
            let (was, now) = (heads(last), heads(&report));
            if time - before < 450 && was[0] == now[0] && was != now {
                found = Some((last.clone(), report.clone()));
            }
        }
        reports.push((time, report));
    }
    p.send("stop");
    p.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        found.is_some(),
        "no report for a change below the best line in {} reports: {:?}",
        reports.len(),
        reports.last()
    );
}
