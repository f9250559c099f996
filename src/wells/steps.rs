//! The steps of a turn and the machine that strings them together (W4, W5): [`Step`] (one
//! decision), [`Phase`] (which decision is due), the turn start (the groups that must grow and
//! their growth points found), the forced decisions taken by themselves (`settle`), applying a
//! step, and listing the legal next steps. Each phase's own rules live in its file:
//! `phases/`: `growth.rs`, `new_group.rs`, `movement.rs`, `kills.rs`, `end.rs`.

use super::Wells;

/// One decision of a turn. Points are indices on the board (see [`lattice`](super::lattice)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// Pass instead of growth, new group and movement; kills still happen (W5). Turn start only.
    Pass,
    /// Grow the (unique) friendly group adjacent to this point by a piece here (W4, 7.0–7.2).
    Grow(u16),
    /// Start the new group here (W4, 4.1; W3 on the first turn).
    NewGroup(u16),
    /// A jump `from` → `to` over the piece in between (W4, 1.2, 8.0–8.4). The first jump of a
    /// group starts that group's movement.
    Jump(u16, u16),
    /// End the moving group's movement before it has made as many jumps as it has pieces.
    EndGroup,
    /// Keep the equal-largest part whose lowest point is this one (W4, 8.3).
    Keep(u16),
    /// End the movement phase: no more groups move this turn.
    EndMovement,
    /// `killer` kills `victim` (W4, 3.0, 9.0–9.2).
    Kill(u16, u16),
}

/// The phase of the turn being built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Growth,
    NewGroup,
    /// Choosing the next group to move (or to end the movement).
    Move,
    /// A group is moving.
    Moving,
    /// Choosing between equal largest parts of the group that has moved.
    Keep,
    Kill,
    /// The game is over.
    Over,
}

/// Where `settle` writes the steps it takes by itself (for the turn notation).
pub(super) type Log<'a> = Option<&'a mut Vec<Step>>;

impl Wells {
    /// Sets up the start of the turn now due: nothing of it is done yet; `phase` names the
    /// first decision (growth, new group or movement) that has options.
    pub(super) fn start_turn(&mut self) {
        let st = &mut self.state;
        st.at_turn_start = true;
        st.built.clear();
        if st.passes >= 2 || st.turn > self.settings.turn_limit {
            // W6: two passes in a row, or turn `turn_limit` has been played.
            st.phase = Phase::Over;
            return;
        }
        let me = st.side as usize & 1;
        let own = st.pieces[me];
        st.built.start_own = own;
        // W4: the groups that had fewer than five pieces when the turn began must grow.
        let (pending, grow) = self.scan_grow_points();
        self.state.built.growth.pending = pending;
        self.state.built.growth.points = grow;
        self.state.phase = Phase::Growth;
        self.skip_empty_phases();
    }

    /// At a turn start: moves `phase` past growth and new group when they have no option.
    pub(super) fn skip_empty_phases(&mut self) {
        if self.state.phase == Phase::Growth && self.grow_points().is_empty() {
            self.state.phase = Phase::NewGroup;
        }
        if self.state.phase == Phase::NewGroup && self.new_group_points().is_empty() {
            self.enter_move();
        }
    }

    /// Takes every decision that has a single option, until a real choice or the next turn.
    pub(super) fn settle(&mut self, mut log: Log) {
        loop {
            match self.state.phase {
                Phase::Growth => {
                    let pts = self.grow_points();
                    match pts.count_on(self.lattice.len) {
                        0 => self.state.phase = Phase::NewGroup,
                        1 => self.do_grow(pts.first().unwrap_or(0), log.as_deref_mut()),
                        _ => return,
                    }
                }
                Phase::NewGroup => {
                    let pts = self.new_group_points();
                    match pts.count() {
                        0 => self.enter_move(),
                        1 => {
                            let p = pts.first().unwrap_or(0);
                            if let Some(l) = log.as_deref_mut() {
                                l.push(Step::NewGroup(p as u16));
                            }
                            self.place_new_group(p);
                            self.enter_move();
                        }
                        _ => return,
                    }
                }
                Phase::Move => {
                    if self.any_unmoved_jump() {
                        return;
                    }
                    if let Some(l) = log.as_deref_mut() {
                        l.push(Step::EndMovement);
                    }
                    self.enter_kill();
                }
                Phase::Moving => {
                    // The group has just jumped (a group starts moving with its first jump),
                    // and the jump back is always legal: its landing point was just left by a
                    // piece of the group, so it is empty and next to no friendly piece of
                    // another group (W4), and the piece jumped over is still there. So while
                    // jumps are left there is a choice, and no need to look for one.
                    if self.state.built.movement.jumps_left > 0 {
                        debug_assert!(self.any_moving_jump(), "{self:?}");
                        return;
                    }
                    if let Some(l) = log.as_deref_mut() {
                        l.push(Step::EndGroup);
                    }
                    self.end_group();
                }
                Phase::Keep | Phase::Over => return,
                Phase::Kill => {
                    self.settle_kills(log.as_deref_mut());
                    return;
                }
            }
        }
    }

    /// Applies a legal step, then every forced decision after it; the steps taken by
    /// themselves are appended to `log`.
    pub(crate) fn apply_logged(&mut self, step: Step, log: Log) {
        self.state.at_turn_start = false;
        match step {
            Step::Pass => {
                self.state.built.passed = true;
                self.enter_kill();
            }
            Step::Grow(p) => self.do_grow(p as usize, None),
            Step::NewGroup(p) => {
                self.place_new_group(p as usize);
                self.enter_move();
            }
            Step::Jump(from, to) => {
                let (from, to) = (from as usize, to as usize);
                self.move_piece(from, to);
                if self.state.phase == Phase::Moving {
                    self.moving_jumped(from, to);
                } else {
                    // The group's first jump: it starts moving, as it stands after the jump.
                    self.start_group(to);
                }
                self.state.built.movement.jumps_left =
                    self.state.built.movement.jumps_left.saturating_sub(1);
            }
            Step::EndGroup => self.end_group(),
            Step::Keep(p) => self.keep(p as usize),
            Step::EndMovement => self.enter_kill(),
            Step::Kill(k, v) => self.add_kill(k as usize, v as usize),
        }
        self.settle(log);
    }

    /// Calls `f` with every legal next step.
    pub(super) fn for_each_step(&self, f: &mut impl FnMut(Step)) {
        let st = &self.state;
        if st.phase == Phase::Over {
            return;
        }
        if st.at_turn_start {
            f(Step::Pass);
        }
        match st.phase {
            Phase::Growth => self.for_each_grow(&mut |p| {
                f(Step::Grow(p as u16));
                true
            }),
            Phase::NewGroup => {
                for p in self.new_group_points().iter() {
                    f(Step::NewGroup(p as u16));
                }
            }
            Phase::Move => {
                self.for_each_jump_from(&self.unmoved(), &mut |a, b| {
                    f(Step::Jump(a as u16, b as u16));
                    true
                });
                if !st.at_turn_start {
                    f(Step::EndMovement);
                }
            }
            Phase::Moving => {
                if st.built.movement.jumps_left > 0 {
                    self.for_each_jump_from(&self.moving(), &mut |a, b| {
                        f(Step::Jump(a as u16, b as u16));
                        true
                    });
                }
                f(Step::EndGroup);
            }
            Phase::Keep => {
                let mut opts = [0; 8];
                let n = self.keep_options(&mut opts);
                for &p in &opts[..n] {
                    f(Step::Keep(p));
                }
            }
            Phase::Kill => {
                self.for_each_free_kill(&mut |k, v| f(Step::Kill(k as u16, v as u16)));
            }
            Phase::Over => {}
        }
    }

    /// True when `step` is among the legal next steps.
    pub fn is_legal(&self, step: Step) -> bool {
        let mut found = false;
        self.for_each_step(&mut |s| found |= s == step);
        found
    }
}
