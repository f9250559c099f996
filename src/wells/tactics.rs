//! The kills a side can make at the end of its next turn (W4), read from the board for the
//! evaluation (`eval.rs`): how many enemy pieces it can kill as the board stands, after one
//! growth of its groups, and after one jump of a group; and how many of those are massacres.
//!
//! Kills form a matching (W4: each killer kills once, each victim dies once), so every count
//! here is the size of a **maximum matching** between killers and victims, not the number of
//! victims next to a stronger piece: two lone enemy pieces next to one strong piece are one
//! kill, not two.
//!
//! * **Now**: a piece stronger than an adjacent enemy piece (strength, 2.0: adjacent friendly
//!   pieces).
//! * **After growth**: a piece of equal strength whose group can grow next to it (W4 growth:
//!   fewer than five pieces, a piece in supply, an empty point next to the killer, next to no
//!   enemy piece and to no friendly piece of another group) gains one strength. Each group grows
//!   once, and the count lets two killers of one group both use it (an upper bound, cheap).
//! * **Within reach**: a group's jumps (W4 movement: up to as many as it has pieces, each over a
//!   piece of the group) can bring a piece next to a weak enemy piece (strength 0 or 1) not far
//!   from it ([`Wells::reach_threats`]: a bound by distance, not a search of the jumps). Each
//!   group moves once: the matching pairs victims with groups. Only the victims left over by the
//!   growth matching are counted.
//! * **Massacres** (W4, 3.2): matched kills whose killer's group has at least two more pieces
//!   than the victim's (the killer's group counted after its growth when the kill needs it).
//!
//! A growth point is never next to an enemy piece (W4), and neither is a new group: only a jump
//! brings pieces of the two sides together. So every kill of the game starts with a jump, and
//! the jump term is what sees an attack coming.

use std::sync::OnceLock;

use super::bits::{Bits, Words, WORDS};
use super::lattice::NONE;
use super::{dirs, Wells, EMPTY, MAX_GROUP, PIECES};

/// The kills a side can make at the end of its next turn (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Threats {
    /// Maximum matching of the kills open as the board stands.
    pub now: u32,
    /// The same once its groups have grown (at least `now`).
    pub grown: u32,
    /// Further weak victims within reach of its groups' jumps (an upper bound).
    pub jump: u32,
    /// Massacres among the kills of `grown` (a maximum matching of the massacre kills).
    pub massacres: u32,
}

/// Room for the killers and victims of one count: a side has at most 60 pieces (W2).
const ROOM: usize = 64;

/// A bipartite graph of killers (rows) and victims (bits of the rows), each side at most
/// [`ROOM`].
struct Graph {
    rows: [u64; ROOM],
    n: usize,
}

impl Graph {
    const fn new() -> Graph {
        Graph {
            rows: [0; ROOM],
            n: 0,
        }
    }

    /// The size of a maximum matching (Kuhn's augmenting paths; the graphs have a few edges).
    fn matching(&self) -> u32 {
        // When no two killers share a victim, every killer with a victim is matched to one of
        // its own: the count is the number of such killers, with no path to search.
        let (mut union, mut nonempty, mut shared) = (0u64, 0, false);
        for &row in &self.rows[..self.n] {
            shared |= union & row != 0;
            union |= row;
            nonempty += u32::from(row != 0);
        }
        if !shared {
            return nonempty;
        }
        let mut owner = [u8::MAX; ROOM];
        let mut count = 0;
        for k in 0..self.n {
            if self.rows[k] != 0 {
                let mut seen = 0u64;
                if self.augment(k, &mut owner, &mut seen) {
                    count += 1;
                }
            }
        }
        count
    }

    fn augment(&self, k: usize, owner: &mut [u8; ROOM], seen: &mut u64) -> bool {
        let mut m = self.rows[k] & !*seen;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            *seen |= 1 << v;
            if owner[v] == u8::MAX || self.augment(owner[v] as usize, owner, seen) {
                owner[v] = k as u8;
                return true;
            }
        }
        false
    }
}

/// The victims of one count, numbered as they are met.
struct Victims {
    points: [u16; ROOM],
    n: usize,
}

impl Victims {
    /// The number of victim `v`, numbered now if new; `None` past the room (never in play).
    fn index(&mut self, v: usize) -> Option<usize> {
        if let Some(i) = self.points[..self.n].iter().position(|&p| p as usize == v) {
            return Some(i);
        }
        if self.n == ROOM {
            return None;
        }
        self.points[self.n] = v as u16;
        self.n += 1;
        Some(self.n - 1)
    }
}

impl Wells {
    /// The pieces of colour `c` (0 White, 1 Black) in groups that can still grow at `c`'s next
    /// growth: `can_grow` (the phase allows it: a growth is still due) and a piece in supply.
    fn supply_of(&self, c: usize) -> u32 {
        PIECES.saturating_sub(self.state.pieces[c & 1].count_on(self.lattice.len))
    }

    /// True when the group of `c`'s piece on `k` can grow onto a point next to `k` (W4 growth:
    /// fewer than five pieces, the point empty, next to no enemy piece and to no piece of
    /// another group of `c`). Supply is the caller's.
    fn grows_next_to(&self, c: usize, k: usize) -> bool {
        let st = &self.state;
        if self.group_size(k) >= MAX_GROUP {
            return false;
        }
        let g = st.labels.gid[k];
        for &y in &self.lattice.nb[k] {
            if y == NONE {
                continue;
            }
            let y = y as usize;
            if st.cells[y] != EMPTY || st.near[1 - c].get(y) {
                continue;
            }
            let nb = &self.lattice.nbs[y];
            if dirs(st.adj[c][y]).all(|d| st.labels.gid[nb[d] as usize] == g) {
                return true;
            }
        }
        false
    }

    /// The kills colour `c` can make on colour `1 - c` at the end of its next turn (see the
    /// module documentation); `growth` says whether a growth of `c`'s groups is still to come
    /// before those kills (supply permitting), `jumps` whether its movement is.
    pub(crate) fn threats_of(&self, c: usize, growth: bool, jumps: bool) -> Threats {
        let c = c & 1;
        let e = 1 - c;
        let st = &self.state;
        let mut out = Threats::default();
        let growth = growth && self.supply_of(c) > 0;
        // Killers now or after growth: pieces of `c` next to an enemy piece.
        let killers = st.pieces[c].and(&st.near[e]);
        if killers.is_empty() {
            // No kill now or after growth; the jumps alone may reach a victim.
            if jumps {
                out.jump = self.reach_threats(c, growth, &Bits::EMPTY);
            }
            return out;
        }
        let mut victims = Victims {
            points: [0; ROOM],
            n: 0,
        };
        let (mut now, mut grown, mut mass) = (Graph::new(), Graph::new(), Graph::new());
        let mut covered = Bits::EMPTY;
        for k in killers.iter() {
            if now.n == ROOM {
                break;
            }
            let sk = st.adj[c][k].count_ones();
            let bonus = u32::from(growth && self.grows_next_to(c, k));
            let size = self.group_size(k);
            let nb = &self.lattice.nbs[k];
            let row = now.n;
            let (mut a, mut b, mut m) = (0u64, 0u64, 0u64);
            for d in dirs(st.adj[e][k]) {
                let v = nb[d] as usize;
                let sv = st.adj[e][v].count_ones();
                if sk + bonus <= sv {
                    continue;
                }
                let Some(i) = victims.index(v) else { continue };
                covered.set(v);
                b |= 1 << i;
                if sk > sv {
                    a |= 1 << i;
                }
                let killer_size = size + if sk > sv { 0 } else { bonus };
                if killer_size >= self.group_size(v) + 2 {
                    m |= 1 << i;
                }
            }
            now.rows[row] = a;
            grown.rows[row] = b;
            mass.rows[row] = m;
            now.n += 1;
            grown.n += 1;
            mass.n += 1;
        }
        out.now = now.matching();
        out.grown = grown.matching().max(out.now);
        out.massacres = mass.matching();
        if jumps {
            out.jump = self.reach_threats(c, growth, &covered);
        }
        out
    }

    /// Weak enemy pieces outside `covered` within reach of a group of colour `c` this turn: a
    /// maximum matching of victims and groups (each group moves once, W4). A group of `m` pieces
    /// after its growth makes up to `m` jumps (W4), and each jump brings its nearest piece one
    /// point closer at most, the growth one more; a jump lands next to the piece it jumped over,
    /// so the landing piece has strength 1 at least. So a lone victim (strength 0) is in reach
    /// when a piece of the group is within `m + 1 + growth` points of it; a victim of strength 1
    /// needs a landing strength of 2 (a group of three or more, and one jump more to arrange it).
    /// An upper bound: the way may be blocked, or the group broken on it. The points within
    /// reach are the union of the members' [`balls`], so a group costs a few word operations
    /// whatever the number of victims.
    fn reach_threats(&self, c: usize, growth: bool, covered: &Bits) -> u32 {
        let st = &self.state;
        let e = 1 - c;
        // The weak victims, enemy pieces not counted already: of strength 0 (no friendly
        // neighbour) read from the words, of strength 1 counted piece by piece.
        let open = st.pieces[e].andnot(covered);
        let weak0 = open.andnot(&st.near[e]);
        let mut weak1 = Bits::EMPTY;
        for v in open.and(&st.near[e]).iter() {
            if st.adj[e][v].count_ones() == 1 {
                weak1.set(v);
            }
        }
        if weak0.is_empty() && weak1.is_empty() {
            return 0;
        }
        let growth = growth && self.supply_of(c) > 0;
        if Bits::fits(self.lattice.len, 3) {
            self.reach_graph::<3>(c, growth, &weak0, &weak1).matching()
        } else {
            self.reach_graph::<WORDS>(c, growth, &weak0, &weak1)
                .matching()
        }
    }

    /// The graph of [`Wells::reach_threats`] on a board that fits in `N` words: a row per group
    /// of colour `c` that can move, the weak victims of strength 0 (`weak0`) and 1 (`weak1`)
    /// within its reach as bits, each victim's bit its rank among all the weak victims.
    fn reach_graph<const N: usize>(
        &self,
        c: usize,
        growth: bool,
        weak0: &Bits,
        weak1: &Bits,
    ) -> Graph {
        let st = &self.state;
        let (weak0, weak1) = (Words::<N>::of(weak0), Words::<N>::of(weak1));
        let weak = weak0.or(weak1);
        let balls = balls(self.lattice);
        let mut graph = Graph::new();
        let mut labels = st.labels.in_use(c);
        while labels != 0 && graph.n < ROOM {
            let g = 64 * c + labels.trailing_zeros() as usize;
            labels &= labels - 1;
            let size = st.labels.size[g] as u32;
            let grows = u32::from(growth && size < MAX_GROUP);
            let m = (size + grows).min(MAX_GROUP);
            if m < 2 {
                continue;
            }
            let members = &st.labels.members[g][..(size as usize).min(MAX_GROUP as usize)];
            // Points to cover: to a neighbour of the victim, one jump more for strength 1
            // (a landing strength of 2 needs three pieces).
            let reach = (m + grows + 1) as usize;
            let (mut near0, mut near1) = (Words::<N>::EMPTY, Words::<N>::EMPTY);
            for &a in members {
                let ball = &balls[a as usize * RADII..][..RADII];
                near0 = near0.or(Words::of(&ball[reach]));
                if m >= 3 {
                    near1 = near1.or(Words::of(&ball[reach - 1]));
                }
            }
            let mut row = 0u64;
            weak0
                .and(near0)
                .or(weak1.and(near1))
                .for_each(|v| row |= 1 << weak.rank(v));
            graph.rows[graph.n] = row;
            graph.n += 1;
        }
        graph
    }
}

/// Radii of [`balls`]: 0 to the farthest a group's jumps and growth carry a piece
/// (`MAX_GROUP + 2`).
const RADII: usize = MAX_GROUP as usize + 3;

/// The points within each distance of each point of a board, `b[p · RADII + r]`, built once per
/// side: the reach of a group is the union of its members' balls.
fn balls(geo: &super::lattice::Lattice) -> &'static [Bits] {
    static TABLES: [OnceLock<Vec<Bits>>; 13] = [const { OnceLock::new() }; 13];
    TABLES[geo.side as usize % 13].get_or_init(|| {
        let mut b = vec![Bits::EMPTY; geo.len * RADII];
        for (p, &(q1, r1)) in geo.coord.iter().enumerate() {
            for (q, &(q2, r2)) in geo.coord.iter().enumerate() {
                let (dq, dr) = (q2 as i32 - q1 as i32, r2 as i32 - r1 as i32);
                // Neighbours differ by (±1, 0), (0, ±1) or ±(1, 1) (W1).
                let d = if dq.signum() * dr.signum() >= 0 {
                    dq.abs().max(dr.abs())
                } else {
                    dq.abs() + dr.abs()
                } as usize;
                for r in d..RADII {
                    b[p * RADII + r].set(q);
                }
            }
        }
        b
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::wells::Settings;

    fn pos(s: &str) -> Wells {
        Wells::from_position_string(s, &Settings::default()).unwrap()
    }

    /// The largest matching found by trying every subset of edges, for the test below.
    fn brute_matching(edges: &[(usize, usize)]) -> u32 {
        let n = edges.len();
        let mut best = 0;
        for mask in 0u32..(1 << n) {
            let chosen: Vec<_> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
            let ok = chosen.iter().all(|&i| {
                chosen
                    .iter()
                    .all(|&j| i == j || (edges[i].0 != edges[j].0 && edges[i].1 != edges[j].1))
            });
            if ok {
                best = best.max(chosen.len() as u32);
            }
        }
        best
    }

    #[test]
    fn matching_is_maximum() {
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(5);
        for _ in 0..300 {
            let mut g = Graph::new();
            g.n = rand::Rng::random_range(&mut rng, 1..6);
            let mut edges = Vec::new();
            for k in 0..g.n {
                for v in 0..5 {
                    if rand::Rng::random_bool(&mut rng, 0.3) {
                        g.rows[k] |= 1 << v;
                        edges.push((k, v));
                    }
                }
            }
            if edges.len() <= 14 {
                assert_eq!(g.matching(), brute_matching(&edges), "{edges:?}");
            }
        }
    }

    #[test]
    fn one_killer_next_to_two_victims_kills_once() {
        // Side 5 (doc/wells.md): White e5 f5 (strength 1 each), Black f6 g5 (strength 0):
        // each White piece outstrengths a Black one, two kills; Black none.
        let w =
            pos("5 ...../....../......./......../....WWB../....B.../......./....../..... b 4 0");
        assert_eq!(w.threats_of(0, false, false).now, 2);
        assert_eq!(w.threats_of(1, false, false).now, 0);
        // White d4 e5 (strength 1 each), Black f5 e6 (strength 0, apart): e5 touches both,
        // d4 neither; one killer, two victims: one kill.
        let w =
            pos("5 ...../....../......./...W..../....WB.../...B..../......./....../..... b 4 0");
        let t = w.threats_of(0, false, false);
        assert_eq!(t.now, 1, "{t:?}");
    }

    /// The jump reach read point by point on random positions of boards that fit in three
    /// words and of boards that do not: a weak enemy piece (strength 0, or 1 for a group of
    /// three or more) is in a group's reach when a member is within the group's jumps, its
    /// growth and one point of it (distances by breadth-first search over the neighbours); the
    /// count is the largest matching of groups and those victims.
    #[test]
    fn reach_is_the_jump_distance_bound() {
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(13);
        let mut seen = 0;
        for side in [5, 8, 9, 12] {
            let settings = Settings {
                side,
                ..Settings::default()
            };
            let mut p = Wells::new(&settings);
            let len = p.lattice.len;
            let bfs = |from: usize| {
                let mut d = vec![u32::MAX; len];
                d[from] = 0;
                let mut queue = std::collections::VecDeque::from([from]);
                while let Some(x) = queue.pop_front() {
                    for &y in &p.lattice.nb[x] {
                        if y != NONE && d[y as usize] == u32::MAX {
                            d[y as usize] = d[x] + 1;
                            queue.push_back(y as usize);
                        }
                    }
                }
                d
            };
            for _ in 0..1500 {
                if p.outcome().is_some() {
                    p = Wells::new(&settings);
                }
                for c in 0..2 {
                    for growth in [false, true] {
                        let grow = growth && p.supply_of(c) > 0;
                        let mut groups: Vec<Vec<usize>> = Vec::new();
                        for k in p.state.pieces[c].iter() {
                            let g = p.state.labels.gid[k];
                            match groups.iter_mut().find(|m| p.state.labels.gid[m[0]] == g) {
                                Some(m) => m.push(k),
                                None => groups.push(vec![k]),
                            }
                        }
                        let mut graph = Graph::new();
                        for members in &groups {
                            let size = members.len() as u32;
                            let grows = u32::from(grow && size < MAX_GROUP);
                            let m = (size + grows).min(MAX_GROUP);
                            let mut row = 0u64;
                            let weak = p.state.pieces[1 - c]
                                .iter()
                                .filter(|&v| p.strength(v) <= 1)
                                .enumerate();
                            for (i, v) in weak {
                                let sv = p.strength(v);
                                let d = bfs(v);
                                let nearest = members.iter().map(|&a| d[a]).min().unwrap();
                                if m >= sv + 2 && nearest <= m + grows + 1 - sv {
                                    row |= 1 << i;
                                }
                            }
                            graph.rows[graph.n] = row;
                            graph.n += 1;
                        }
                        let want = graph.matching();
                        assert_eq!(p.reach_threats(c, growth, &Bits::EMPTY), want, "{p:?}");
                        seen += want;
                    }
                }
                let s = p.random_step(&mut rng).unwrap();
                p.apply(s, None);
            }
        }
        assert!(seen > 100, "few victims in reach: {seen}");
    }

    /// `now` read from its words on random positions: no matching of the open kills is larger.
    #[test]
    fn now_is_the_largest_matching_of_open_kills() {
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(9);
        let mut seen = 0;
        for side in [5, 6, 8] {
            let settings = Settings {
                side,
                ..Settings::default()
            };
            let mut p = Wells::new(&settings);
            for _ in 0..3000 {
                if p.outcome().is_some() {
                    p = Wells::new(&settings);
                }
                if p.at_turn_start() {
                    for c in 0..2 {
                        let mut edges = Vec::new();
                        for k in p.state.pieces[c].iter() {
                            for v in p.state.pieces[1 - c].iter() {
                                if p.lattice.nbm[k].get(v) && p.strength(k) > p.strength(v) {
                                    edges.push((k, v));
                                }
                            }
                        }
                        if edges.len() <= 12 {
                            let t = p.threats_of(c, false, false);
                            assert_eq!(t.now, brute_matching(&edges), "{p:?}");
                            seen += t.now;
                        }
                    }
                }
                let s = p.random_step(&mut rng).unwrap();
                p.apply(s, None);
            }
        }
        assert!(seen > 20, "few kills seen: {seen}");
    }
}
