//! The turn search's report: the turn to play, the lines that begin with the root's turns,
//! ranked as the choice is made, and the `info` they make.

use std::time::{Duration, Instant};

use super::{Search, NONE};
use crate::game::SearchHints;
use crate::search::{Info, Line};

impl<G: SearchHints> Search<'_, G> {
    /// The root child to play: the best among those expanded (their answers looked at), or the
    /// best of all when a finished game is better or none was expanded.
    pub(super) fn choice(&self) -> Option<usize> {
        let root = &self.nodes[0];
        let mut best = None;
        let mut value = f64::NEG_INFINITY;
        for (i, c) in root.children.iter().enumerate() {
            if (c.node != NONE || c.terminal) && c.value > value {
                value = c.value;
                best = Some(i);
            }
        }
        best.or_else(|| root.best())
    }

    /// The principal variation from the root child `first`: its steps, then along the best
    /// children of the expanded nodes; and the turns it holds.
    pub(super) fn pv(&self, first: Option<usize>) -> (Vec<G::Step>, u32) {
        let mut steps = Vec::new();
        let mut turns = 0;
        let mut n = 0usize;
        let mut pick = first;
        while let Some(c) = pick {
            let child = &self.nodes[n].children[c];
            steps.extend_from_slice(&child.steps);
            turns += 1;
            if child.node == NONE {
                break;
            }
            n = child.node as usize;
            pick = self.nodes[n].best();
        }
        (steps, turns)
    }

    /// The line that begins with the root's child `c` (`None`: nothing drawn yet).
    pub(super) fn line(&self, c: Option<usize>) -> Line<G::Step> {
        let (pv, depth) = self.pv(c);
        let (raw, proven) = match c.map(|c| &self.nodes[0].children[c]) {
            // The result for the side to move, 1 win, 0 draw, -1 loss (not `signum`, which
            // makes a draw's 0.0 a win).
            Some(c) if c.terminal => {
                let result = i8::from(c.value > 0.0) - i8::from(c.value < 0.0);
                (c.value.clamp(-1.0, 1.0), Some((result, 1)))
            }
            Some(c) => (c.value.clamp(-1.0, 1.0), None),
            None => (0.0, None),
        };
        let score = if proven.is_some() {
            raw
        } else {
            self.nodes[0].pos.calibrated_score(raw).clamp(-1.0, 1.0)
        };
        // The iterations that went through the turn: those of its node once expanded.
        let visits = c
            .map(|c| self.nodes[0].children[c].node)
            .filter(|&n| n != NONE)
            .map_or(0, |n| u64::from(self.nodes[n as usize].visits));
        Line {
            depth,
            score,
            raw_score: raw,
            proven,
            visits,
            pv,
        }
    }

    /// The root children of the report's lines: the turn to play ([`Search::choice`]), then up
    /// to `multipv - 1` others, ranked as [`Search::info`] says.
    pub(super) fn ranked(&self, multipv: usize) -> Vec<Option<usize>> {
        let choice = self.choice();
        let mut ranked = vec![choice];
        if let (Some(best), true) = (choice, multipv > 1) {
            let root = &self.nodes[0];
            let key = |i: usize| {
                let c = &root.children[i];
                (c.node != NONE || c.terminal, c.value)
            };
            let mut others: Vec<usize> = (0..root.children.len()).filter(|&i| i != best).collect();
            // Stable: equals keep the order they were drawn in.
            others.sort_by(|&a, &b| {
                key(b)
                    .partial_cmp(&key(a))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            ranked.extend(others.into_iter().take(multipv - 1).map(Some));
        }
        ranked
    }

    /// The report: the line of the turn to play ([`Search::choice`]), then up to
    /// `multipv - 1` other root turns, ranked as the choice is made: those whose answers were
    /// looked at (or that end the game) first, by value, then the others by value (the first
    /// drawn among equals).
    pub(super) fn info(&self, start: Instant, multipv: usize) -> Info<G::Step> {
        let mut lines: Vec<Line<G::Step>> = self
            .ranked(multipv)
            .into_iter()
            .map(|c| self.line(c))
            .collect();
        if multipv == 1 {
            lines[0].visits = 0;
        }
        Info {
            visited: self.visited,
            nodes: self.drawn,
            time: start.elapsed(),
            setup: Duration::ZERO,
            lines,
            current: None,
        }
    }
}
