//! The phases of a Guerrilla turn (W4), each with its own rules: growth, the new group,
//! movement (with the jump candidates it keeps, `Cands`), kills and massacres, and the end of
//! the turn and of the game. The group labels they all read are in `groups.rs`. The machine that strings the phases together is
//! `steps.rs`, one level up.

mod end;
mod groups;
mod growth;
mod kills;
mod movement;
mod new_group;

pub(in crate::wells) use groups::Labels;
pub(in crate::wells) use kills::KILL_ROOM;
pub(in crate::wells) use movement::Cands;
