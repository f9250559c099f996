//! A tiny test-only game with two-step turns, to test the generic protocol layers without a
//! real rules core: a pile of stones; a turn takes 1–3 stones (`t1`..`t3`), then, if stones
//! remain, tags the turn `a` or `b` (a second decision). The side to move with an empty pile
//! loses. Turn tokens: `2a`, `1b`, `3` (the last stones need no tag). Position string:
//! `<pile> p1|p2`.

use crate::game::prelude::*;
use crate::game::{GameError, GameOption, GameSettings, Outcome, Side};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct NimSettings {
    pub pile: u32,
}

/// The pile size comes from the protocol's `BoardSide` option (plus 3), to test that a game's
/// declared options reach its settings.
impl GameSettings for NimSettings {
    const OPTIONS: &'static [GameOption] = &[GameOption {
        name: "BoardSide",
        default: 8,
        min: 4,
        max: 12,
        help: "the pile, less 3",
    }];
    fn set(&mut self, name: &str, value: u64) {
        if name == "BoardSide" {
            self.pile = value as u32 + 3;
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NimStep {
    Take(u32),
    Tag(bool),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimTurn {
    take: u32,
    tag: Option<bool>,
}

#[derive(Clone, Debug)]
pub struct Nim {
    settings: NimSettings,
    pile: u32,
    side: Side,
    taken: Option<u32>,
}

impl Nim {
    fn turns(&self) -> Vec<NimTurn> {
        let mut v = Vec::new();
        for take in 1..=self.pile.min(3) {
            if take == self.pile {
                v.push(NimTurn { take, tag: None });
            } else {
                v.push(NimTurn {
                    take,
                    tag: Some(false),
                });
                v.push(NimTurn {
                    take,
                    tag: Some(true),
                });
            }
        }
        v
    }
}

impl crate::game::Rules for Nim {
    type Step = NimStep;
    type Turn = NimTurn;
    type Undo = ();
    type Settings = NimSettings;
    const NAME: &'static str = "nim";
    fn new(settings: &NimSettings) -> Self {
        Nim {
            settings: settings.clone(),
            pile: if settings.pile == 0 {
                11
            } else {
                settings.pile
            },
            side: Side::P1,
            taken: None,
        }
    }
    fn settings(&self) -> &NimSettings {
        &self.settings
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn at_turn_start(&self) -> bool {
        self.taken.is_none()
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.pile == 0 && self.taken.is_none()).then(|| Outcome::Win(self.side.opponent()))
    }
    fn hash(&self) -> u64 {
        (self.pile as u64) * 31 + self.side as u64 * 7 + self.taken.unwrap_or(9) as u64
    }
    fn legal_steps(&self, out: &mut Vec<NimStep>) {
        if self.taken.is_some() {
            out.extend([NimStep::Tag(false), NimStep::Tag(true)]);
        } else {
            out.extend((1..=self.pile.min(3)).map(NimStep::Take));
        }
    }
    fn apply_step(&mut self, step: NimStep) {
        match step {
            NimStep::Take(k) => {
                self.pile -= k;
                if self.pile == 0 {
                    self.side = self.side.opponent();
                } else {
                    self.taken = Some(k);
                }
            }
            NimStep::Tag(_) => {
                self.taken = None;
                self.side = self.side.opponent();
            }
        }
    }
    fn undo_step(&mut self, _step: NimStep, _undo: ()) {
        unreachable!("the protocol undoes by snapshots")
    }
    fn legal_turns(&self, out: &mut Vec<NimTurn>, cap: usize) -> bool {
        let all = self.turns();
        let complete = all.len() <= cap;
        out.extend(all.into_iter().take(cap));
        complete
    }
    fn play_turn(&mut self, turn: &NimTurn) -> Result<(), GameError> {
        if !self.turns().contains(turn) || !self.at_turn_start() {
            return Err(GameError::illegal(self.format_turn(turn), "not legal"));
        }
        self.apply_step(NimStep::Take(turn.take));
        if let Some(t) = turn.tag {
            self.apply_step(NimStep::Tag(t));
        }
        Ok(())
    }
    fn turn_steps(&self, turn: &NimTurn) -> Vec<NimStep> {
        let mut steps = vec![NimStep::Take(turn.take)];
        steps.extend(turn.tag.map(NimStep::Tag));
        steps
    }
    fn turn_from_steps(&self, steps: &[NimStep]) -> NimTurn {
        let take = match steps[0] {
            NimStep::Take(k) => k,
            NimStep::Tag(_) => 0,
        };
        let tag = steps.get(1).map(|s| matches!(s, NimStep::Tag(true)));
        NimTurn { take, tag }
    }
}

impl crate::game::Notation for Nim {
    fn format_step(&self, step: NimStep) -> String {
        match step {
            NimStep::Take(k) => format!("t{k}"),
            NimStep::Tag(false) => "a".into(),
            NimStep::Tag(true) => "b".into(),
        }
    }
    fn parse_step(&self, text: &str) -> Result<NimStep, GameError> {
        let mut v = Vec::new();
        self.legal_steps(&mut v);
        v.into_iter()
            .find(|s| self.format_step(*s) == text)
            .ok_or_else(|| GameError::illegal(text, "not a legal step"))
    }
    fn format_turn(&self, turn: &NimTurn) -> String {
        match turn.tag {
            None => turn.take.to_string(),
            Some(false) => format!("{}a", turn.take),
            Some(true) => format!("{}b", turn.take),
        }
    }
    fn parse_turn(&self, text: &str) -> Result<NimTurn, GameError> {
        if !text.chars().all(|c| c.is_ascii_alphanumeric()) || text.is_empty() {
            return Err(GameError::syntax("a turn like 2a", text));
        }
        self.turns()
            .into_iter()
            .find(|t| self.format_turn(t) == text)
            .ok_or_else(|| GameError::illegal(text, "not a legal turn"))
    }
    fn to_position_string(&self) -> String {
        format!(
            "{} {}",
            self.pile,
            if self.side == Side::P1 { "p1" } else { "p2" }
        )
    }
    fn from_position_string(text: &str, settings: &NimSettings) -> Result<Self, GameError> {
        let bad = || GameError::bad_position(text, "expected '<pile> p1|p2'");
        let mut it = text.split(' ');
        let pile: u32 = it.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
        let side = match it.next() {
            Some("p1") => Side::P1,
            Some("p2") => Side::P2,
            _ => return Err(bad()),
        };
        if it.next().is_some() || pile > 1000 {
            return Err(bad());
        }
        Ok(Nim {
            settings: settings.clone(),
            pile,
            side,
            taken: None,
        })
    }
}

impl crate::game::Views for Nim {
    fn render(&self) -> String {
        format!("pile {}\n{}\n", self.pile, "o".repeat(self.pile as usize))
    }
    fn describe(&self) -> Vec<(&'static str, String)> {
        vec![
            ("pile", self.pile.to_string()),
            ("taken", self.taken.map_or("-".into(), |t| t.to_string())),
        ]
    }
    fn geometry(&self) -> crate::game::Geometry {
        crate::game::Geometry::default()
    }
}

impl crate::search::SearchHints for Nim {}
