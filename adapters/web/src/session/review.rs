//! The game review: the engine searches every position of the game at a small fixed budget, one
//! search after the other on the session's engine, and every turn is marked by the drop in its
//! mover's win chance (an inaccuracy, a mistake or a blunder, as lichess marks them), with a
//! summary per side. A review runs by whole turns (a Guerrilla turn of several steps is one
//! turn); the page sees its progress in the session's state as it goes, and may cancel it.

use guerrilla::{Outcome, Side};
use serde::Serialize;
use serde_json::{json, Value};

use super::timeline::Timeline;
use crate::answers::SearchInfo;

/// The node budget of one position's search (`go nodes`): a few tens of milliseconds a
/// position in either game, so that a game of a hundred turns is reviewed in seconds.
pub const REVIEW_NODES: u64 = 20_000;

/// The drops in the mover's win chance (0 to 1) that mark a turn: lichess's thresholds on its
/// winning-chances scale of −1 to +1 (0.1, 0.2, 0.3), halved onto this one. Largest first.
pub const THRESHOLDS: [(f64, Mark); 3] = [
    (0.15, Mark::Blunder),
    (0.10, Mark::Mistake),
    (0.05, Mark::Inaccuracy),
];

/// What a turn's drop in win chance makes of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// The mark a drop earns, if any.
pub fn mark_of(loss: f64) -> Option<Mark> {
    THRESHOLDS
        .iter()
        .find(|(t, _)| loss >= *t - 1e-9)
        .map(|&(_, m)| m)
}

/// One turn reviewed: the turn that led to position `ply`, its mover, the drop in the mover's
/// win chance (0 when it rose) and its mark.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnReview {
    pub ply: usize,
    pub side: usize,
    pub loss: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<Mark>,
}

/// One side's summary: its turns reviewed, how many of each mark, and the mean drop.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub turns: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    pub average_loss: f64,
}

/// A review of one game: the game it is of, and the win chance of p1 in each of its positions
/// as far as the engine has searched them.
pub struct Review {
    pub start: Option<String>,
    pub moves: Vec<String>,
    /// `values[k]`: p1's win chance (0 to 1) in the position after k turns.
    pub values: Vec<Option<f64>>,
    /// `movers[k]`: the side to move in the position after k turns (none when it is over).
    pub movers: Vec<Option<usize>>,
    pub running: bool,
}

impl Review {
    /// The positions searched so far.
    pub fn done(&self) -> usize {
        self.values.iter().filter(|v| v.is_some()).count()
    }

    /// Every turn both of whose positions are known, marked.
    pub fn turns(&self) -> Vec<TurnReview> {
        (1..self.values.len())
            .filter_map(|k| {
                let side = self.movers[k - 1]?;
                let (before, after) = (self.values[k - 1]?, self.values[k]?);
                let own = |v: f64| if side == 0 { v } else { 1.0 - v };
                let loss = (own(before) - own(after)).max(0.0);
                Some(TurnReview {
                    ply: k,
                    side,
                    loss,
                    mark: mark_of(loss),
                })
            })
            .collect()
    }

    /// Each side's summary (p1 first).
    pub fn summaries(turns: &[TurnReview]) -> [Summary; 2] {
        let mut out = [Summary::default(), Summary::default()];
        for t in turns {
            let s = &mut out[t.side];
            s.turns += 1;
            s.average_loss += t.loss;
            match t.mark {
                Some(Mark::Inaccuracy) => s.inaccuracies += 1,
                Some(Mark::Mistake) => s.mistakes += 1,
                Some(Mark::Blunder) => s.blunders += 1,
                None => {}
            }
        }
        for s in &mut out {
            if s.turns > 0 {
                s.average_loss /= s.turns as f64;
            }
        }
        out
    }

    /// What the page shows.
    pub fn view(&self) -> Value {
        let turns = self.turns();
        json!({
            "running": self.running,
            "total": self.values.len(),
            "done": self.done(),
            "nodes": REVIEW_NODES,
            "values": self.values,
            "turns": turns,
            "summary": Review::summaries(&turns),
        })
    }
}

/// p1's win chance from a search's report for the side `side` searched: a proven result as 1,
/// ½ or 0, else (1 + score) / 2 (which equals (w + d/2) / 1000 of its `wdl`).
pub fn p1_chance(info: &SearchInfo, side: usize) -> Option<f64> {
    let own = match info.proven.as_deref() {
        Some("win") => 1.0,
        Some("loss") => 0.0,
        Some(_) => 0.5,
        None => (1.0 + info.score?.clamp(-1.0, 1.0)) / 2.0,
    };
    Some(if side == 0 { own } else { 1.0 - own })
}

impl Review {
    /// A review of the game as `game` stands, its finished positions valued by their result.
    pub fn of(game: &Timeline) -> Result<Review, String> {
        if game.moves.is_empty() {
            return Err("there is no turn to review yet".into());
        }
        let values = game
            .plies
            .iter()
            .map(|p| match p.describe.outcome()? {
                Outcome::Win(Side::P1) => Some(1.0),
                Outcome::Win(Side::P2) => Some(0.0),
                Outcome::Draw => Some(0.5),
            })
            .collect();
        Ok(Review {
            start: game.start.clone(),
            moves: game.moves.clone(),
            values,
            movers: game.plies.iter().map(|p| p.describe.to_move()).collect(),
            running: true,
        })
    }

    /// The next position to search (the first the review lacks) and its side to move; `None`
    /// when every position is valued: the review stops running.
    pub fn next(&mut self) -> Option<(usize, usize)> {
        let k = self.values.iter().position(Option::is_none);
        if k.is_none() {
            self.running = false;
        }
        k.map(|k| (k, self.movers[k].unwrap_or(0)))
    }

    /// The value the search of position `ply` found (p1's win chance); a search that reported
    /// nothing (a single legal turn) keeps the previous position's value, else even chances.
    pub fn record(&mut self, ply: usize, value: Option<f64>) {
        if ply < self.values.len() {
            let previous = ply.checked_sub(1).and_then(|p| self.values[p]);
            self.values[ply] = Some(value.or(previous).unwrap_or(0.5));
        }
    }

    /// Whether the review is of `game` as it stands: the same start, its turns the game's first.
    pub fn is_of(&self, game: &Timeline) -> bool {
        self.start == game.start && game.moves.starts_with(&self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn review(values: &[f64], movers: &[Option<usize>]) -> Review {
        Review {
            start: None,
            moves: vec!["x".into(); values.len() - 1],
            values: values.iter().copied().map(Some).collect(),
            movers: movers.to_vec(),
            running: false,
        }
    }

    #[test]
    fn thresholds_mark_drops_of_5_10_15_points() {
        assert_eq!(mark_of(0.049), None);
        assert_eq!(mark_of(0.05), Some(Mark::Inaccuracy));
        assert_eq!(mark_of(0.10), Some(Mark::Mistake));
        assert_eq!(mark_of(0.1499), Some(Mark::Mistake));
        assert_eq!(mark_of(0.15), Some(Mark::Blunder));
        assert_eq!(mark_of(0.9), Some(Mark::Blunder));
    }

    #[test]
    fn each_turn_is_judged_from_its_movers_side() {
        // p1 moves 0→1 (0.60→0.55: a 5-point drop), p2 moves 1→2 (p2's 0.45 → 0.20: a
        // blunder), p1 moves 2→3 (0.80→0.82: a gain, no loss), the game ends (p1 wins).
        let r = review(
            &[0.60, 0.55, 0.80, 0.82, 1.0],
            &[Some(0), Some(1), Some(0), Some(1), None],
        );
        let t = r.turns();
        assert_eq!(t.len(), 4);
        assert_eq!((t[0].side, t[0].mark), (0, Some(Mark::Inaccuracy)));
        assert!((t[1].loss - 0.25).abs() < 1e-9);
        assert_eq!((t[1].side, t[1].mark), (1, Some(Mark::Blunder)));
        assert_eq!((t[2].loss, t[2].mark), (0.0, None));
        // p2's last turn: 0.18 → 0.0
        assert_eq!(t[3].mark, Some(Mark::Blunder));
        let s = Review::summaries(&t);
        assert_eq!((s[0].turns, s[0].inaccuracies, s[0].blunders), (2, 1, 0));
        assert!((s[0].average_loss - 0.025).abs() < 1e-9);
        assert_eq!((s[1].turns, s[1].blunders, s[1].mistakes), (2, 2, 0));
    }

    #[test]
    fn positions_are_searched_in_order_and_a_silent_search_keeps_the_last_value() {
        let mut r = review(&[0.5, 0.5, 0.5], &[Some(0), Some(1), Some(0)]);
        r.values = vec![Some(0.7), None, None];
        r.running = true;
        assert_eq!(r.next(), Some((1, 1)));
        r.record(1, None);
        assert_eq!(r.values[1], Some(0.7), "the value before it");
        assert_eq!(r.next(), Some((2, 0)));
        r.record(2, Some(0.25));
        r.record(9, Some(0.1));
        assert_eq!(r.values, [Some(0.7), Some(0.7), Some(0.25)]);
        assert!(r.running);
        assert_eq!(r.next(), None);
        assert!(!r.running, "a review with every position valued is done");
    }

    #[test]
    fn unknown_positions_leave_their_turns_out() {
        let mut r = review(&[0.5, 0.5, 0.5], &[Some(0), Some(1), Some(0)]);
        r.values[1] = None;
        assert!(r.turns().is_empty());
        assert_eq!(r.done(), 2);
    }

    #[test]
    fn win_chances_come_from_the_score_or_the_proven_result() {
        let info = |score: Option<f64>, proven: Option<&str>| SearchInfo {
            score,
            proven: proven.map(String::from),
            ..SearchInfo::default()
        };
        assert_eq!(p1_chance(&info(Some(0.5), None), 0), Some(0.75));
        assert_eq!(p1_chance(&info(Some(0.5), None), 1), Some(0.25));
        assert_eq!(p1_chance(&info(None, Some("win")), 1), Some(0.0));
        assert_eq!(p1_chance(&info(None, Some("draw")), 0), Some(0.5));
        assert_eq!(p1_chance(&info(None, None), 0), None);
    }
}
