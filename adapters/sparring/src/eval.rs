//! The sparring player's own evaluation of a Wells' Guerrilla position, written apart from the
//! engine's search and evaluation: it reads the board through the rules library's public
//! accessors only (`cell`, `geo`, `supply`, `passes`, `outcome`), so that what it rewards is not
//! what the engine's search already believes.
//!
//! The value is for the side that has just played (the one whose candidate turn led here), in
//! points of the W6 score:
//! * the W6 score margin (each side's pieces plus the empty points next to its pieces and to no
//!   enemy piece), and the piece margin on top of it, weighted by [`Weights::pieces`];
//! * with [`EvalKind::Threat`], a penalty for the own pieces the opponent can kill at the end
//!   of its coming turn (W4: a piece dies to an adjacent enemy piece with more adjacent friendly
//!   pieces): those an enemy piece already outstrengths, and those it outstrengths after one
//!   growth of its group; and a smaller bonus for the enemy pieces the side that played threatens
//!   the same way (smaller: the opponent moves first and can answer);
//! * a pass that the opponent can answer with a pass to end the game (W6) is worth no more than
//!   that end: passing while behind loses.
//!
//! A finished game is worth [`WIN`] (plus the final margin) to the winner.

use guerrilla::game::prelude::*;
use guerrilla::wells::lattice::NONE;
use guerrilla::wells::{Wells, BLACK, EMPTY, WHITE};
use guerrilla::{Outcome, Side};

/// The value of a won game, far above any margin (a side-12 board has 397 points).
pub const WIN: f64 = 1000.0;

/// No group: the label of a point without a piece.
const NO_GROUP: u16 = u16::MAX;
/// The largest group (W2): a group this large does not grow.
const MAX_GROUP: u8 = 5;

/// Which evaluation the player uses (option `Eval`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalKind {
    /// Score margin and pieces only.
    Plain,
    /// Score margin, pieces, and the pieces each side can kill at its next turn's end.
    #[default]
    Threat,
}

impl EvalKind {
    /// The option's values, in the order the `option` line lists them.
    pub const NAMES: [&'static str; 2] = ["plain", "threat"];

    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Plain => "plain",
            EvalKind::Threat => "threat",
        }
    }

    /// The kind named `name`, matched without regard to case.
    pub fn from_name(name: &str) -> Option<EvalKind> {
        match name.to_ascii_lowercase().as_str() {
            "plain" => Some(EvalKind::Plain),
            "threat" => Some(EvalKind::Threat),
            _ => None,
        }
    }

    /// The weights of this kind.
    pub fn weights(self) -> Weights {
        match self {
            EvalKind::Plain => Weights {
                pieces: 0.5,
                lost_now: 0.0,
                lost_after_growth: 0.0,
                won_now: 0.0,
                won_after_growth: 0.0,
            },
            EvalKind::Threat => Weights {
                pieces: 0.5,
                lost_now: 2.5,
                lost_after_growth: 2.0,
                won_now: 0.5,
                won_after_growth: 0.25,
            },
        }
    }
}

/// The weights of the terms, in points of the W6 score. A lost piece costs about its own point,
/// its share of the piece margin and an empty point or two it held: the penalties are of that
/// size, a little less when the kill needs the opponent's growth to land on the right point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Per piece of margin, on top of the pieces the score counts.
    pub pieces: f64,
    /// Per own piece an adjacent enemy piece outstrengths now.
    pub lost_now: f64,
    /// Per further own piece outstrengthed once the enemy's groups have grown.
    pub lost_after_growth: f64,
    /// Per enemy piece an adjacent own piece outstrengths now.
    pub won_now: f64,
    /// Per further enemy piece outstrengthed once the own groups have grown.
    pub won_after_growth: f64,
}

/// The cell value of a side's pieces.
fn colour(side: Side) -> u8 {
    match side {
        Side::P1 => WHITE,
        Side::P2 => BLACK,
    }
}

/// The board read once: cells, neighbours, strengths, groups and the W6 scores.
pub struct Board {
    nb: &'static [[u16; 6]],
    cells: Vec<u8>,
    /// Strength of each piece (W4: adjacent pieces of its side); 0 elsewhere.
    strength: Vec<u8>,
    /// Group label of each piece, [`NO_GROUP`] elsewhere.
    label: Vec<u16>,
    /// Pieces in each group, by label.
    size: Vec<u8>,
    /// Pieces on the board, by side index.
    pub pieces: [u32; 2],
    /// W6 scores, by side index.
    pub score: [u32; 2],
}

impl Board {
    /// Reads `w` (at a turn start).
    pub fn read(w: &Wells) -> Board {
        let geo = w.geo();
        let len = geo.len;
        let nb: &'static [[u16; 6]] = &geo.nb;
        let cells: Vec<u8> = (0..len).map(|p| w.cell(p)).collect();
        let around = |p: usize| nb[p].iter().filter(|&&q| q != NONE).map(|&q| q as usize);
        let mut strength = vec![0u8; len];
        let mut pieces = [0u32; 2];
        let mut score = [0u32; 2];
        for p in 0..len {
            let c = cells[p];
            if c == WHITE || c == BLACK {
                pieces[(c - 1) as usize] += 1;
                strength[p] = around(p).filter(|&q| cells[q] == c).count() as u8;
            } else if c == EMPTY {
                let mut touch = [false; 2];
                for q in around(p) {
                    if cells[q] == WHITE || cells[q] == BLACK {
                        touch[(cells[q] - 1) as usize] = true;
                    }
                }
                match touch {
                    [true, false] => score[0] += 1,
                    [false, true] => score[1] += 1,
                    _ => {}
                }
            }
        }
        score[0] += pieces[0];
        score[1] += pieces[1];
        let mut label = vec![NO_GROUP; len];
        let mut size = Vec::new();
        let mut stack = Vec::new();
        for p in 0..len {
            let c = cells[p];
            if (c != WHITE && c != BLACK) || label[p] != NO_GROUP {
                continue;
            }
            let g = size.len() as u16;
            let mut n = 0u8;
            label[p] = g;
            stack.push(p);
            while let Some(x) = stack.pop() {
                n = n.saturating_add(1);
                for y in around(x) {
                    if cells[y] == c && label[y] == NO_GROUP {
                        label[y] = g;
                        stack.push(y);
                    }
                }
            }
            size.push(n);
        }
        Board {
            nb,
            cells,
            strength,
            label,
            size,
            pieces,
            score,
        }
    }

    fn around(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.nb[p]
            .iter()
            .filter(|&&q| q != NONE)
            .map(|&q| q as usize)
    }

    /// True when a group of colour `att` can grow onto the empty point `g` (W4 growth): every
    /// piece of `att` next to it is of one group, smaller than five, and no piece of the other
    /// colour touches it.
    fn growth_point(&self, g: usize, att: u8) -> bool {
        if self.cells[g] != EMPTY {
            return false;
        }
        let mut group = NO_GROUP;
        for q in self.around(g) {
            let c = self.cells[q];
            if c == EMPTY || c > BLACK {
                continue;
            }
            if c != att {
                return false;
            }
            let l = self.label[q];
            if group != NO_GROUP && group != l {
                return false;
            }
            group = l;
        }
        group != NO_GROUP && self.size[group as usize] < MAX_GROUP
    }

    /// The pieces of colour `victim` that the side of colour `att` can kill at the end of its
    /// next turn, as a matching (W4: each killer kills one victim): `(now, grown)`, the most
    /// victims an `att` piece outstrengths as the board stands, and the most once the `att`
    /// groups have grown, each by one piece next to the killer (when `can_grow`, that is when
    /// `att` has a piece in supply). Movements are not looked at.
    pub fn exposed(&self, victim: u8, att: u8, can_grow: bool) -> (u32, u32) {
        let mut now: Vec<(usize, Vec<usize>)> = Vec::new();
        let mut grown: Vec<(usize, Vec<usize>)> = Vec::new();
        for p in 0..self.cells.len() {
            if self.cells[p] != victim {
                continue;
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for e in self.around(p).filter(|&e| self.cells[e] == att) {
                let (se, sp) = (self.strength[e], self.strength[p]);
                if se > sp {
                    a.push(e);
                    b.push(e);
                } else if se == sp && can_grow && self.around(e).any(|g| self.growth_point(g, att))
                {
                    b.push(e);
                }
            }
            if !a.is_empty() {
                now.push((p, a));
            }
            if !b.is_empty() {
                grown.push((p, b));
            }
        }
        let len = self.cells.len();
        (matching(&now, len), matching(&grown, len))
    }
}

/// The size of a maximum matching between victims and their killers (augmenting paths; the
/// graphs have a handful of edges).
fn matching(edges: &[(usize, Vec<usize>)], len: usize) -> u32 {
    fn augment(
        v: usize,
        edges: &[(usize, Vec<usize>)],
        owner: &mut [usize],
        seen: &mut [bool],
    ) -> bool {
        for &k in &edges[v].1 {
            if seen[k] {
                continue;
            }
            seen[k] = true;
            if owner[k] == usize::MAX || augment(owner[k], edges, owner, seen) {
                owner[k] = v;
                return true;
            }
        }
        false
    }
    if edges.is_empty() {
        return 0;
    }
    let mut owner = vec![usize::MAX; len];
    let mut seen = vec![false; len];
    let mut n = 0;
    for v in 0..edges.len() {
        seen.iter_mut().for_each(|s| *s = false);
        if augment(v, edges, &mut owner, &mut seen) {
            n += 1;
        }
    }
    n
}

/// The value of a finished game with final margin `margin` for `me`.
fn final_value(outcome: Outcome, me: Side, margin: f64) -> f64 {
    match outcome {
        Outcome::Win(s) if s == me => WIN + margin,
        Outcome::Win(_) => -WIN + margin,
        Outcome::Draw => margin,
    }
}

/// The value of `w`, a turn start, for `me`, the side that has just played (see the module
/// documentation).
pub fn evaluate(w: &Wells, me: Side, kind: EvalKind) -> f64 {
    let b = Board::read(w);
    let (i, o) = (me.index(), me.opponent().index());
    let margin = b.score[i] as f64 - b.score[o] as f64;
    if let Some(outcome) = w.outcome() {
        return final_value(outcome, me, margin);
    }
    let wt = kind.weights();
    let mut v = margin + wt.pieces * (b.pieces[i] as f64 - b.pieces[o] as f64);
    if kind == EvalKind::Threat {
        let (mine, theirs) = (colour(me), colour(me.opponent()));
        let (now, grown) = b.exposed(mine, theirs, w.supply(me.opponent()) > 0);
        v -= wt.lost_now * now as f64 + wt.lost_after_growth * (grown - now) as f64;
        let (now, grown) = b.exposed(theirs, mine, w.supply(me) > 0);
        v += wt.won_now * now as f64 + wt.won_after_growth * (grown - now) as f64;
    }
    if w.passes() == 1 {
        // `me` has just passed: the opponent may pass too and end the game on this score.
        let end = if margin > 0.0 {
            WIN + margin
        } else if margin < 0.0 {
            -WIN + margin
        } else {
            0.0
        };
        v = v.min(end);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Wells {
        Wells::from_position_string(s, &Default::default()).expect("valid position")
    }

    #[test]
    fn scores_match_the_rules() {
        // White e5 f5, Black f6 g5, side 5 (doc/wells.md's example).
        let w =
            pos("5 ...../....../......./......../....WWB../....B.../......./....../..... w 3 0");
        let b = Board::read(&w);
        assert_eq!(b.pieces, [2, 2]);
        assert_eq!(b.score[0], w.score(Side::P1));
        assert_eq!(b.score[1], w.score(Side::P2));
    }

    #[test]
    fn exposure_counts_a_matching() {
        // Black to move after White's turn: White e5 f5 (strength 1 each), Black f6 g5
        // (strength 0 each, not adjacent to each other). Each White piece outstrengths the
        // Black piece next to it, so Black loses two pieces at most; White loses none now.
        let w =
            pos("5 ...../....../......./......../....WWB../....B.../......./....../..... b 4 0");
        let b = Board::read(&w);
        assert_eq!(b.exposed(BLACK, WHITE, true).0, 2);
        assert_eq!(b.exposed(WHITE, BLACK, true).0, 0);
        let plain = evaluate(&w, Side::P1, EvalKind::Plain);
        let threat = evaluate(&w, Side::P1, EvalKind::Threat);
        assert!(threat > plain, "{threat} > {plain}");
    }
}
