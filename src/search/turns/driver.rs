//! The turn search's driver: its clock and helper threads, the root's first turns, the
//! iterations until a limit, and the reports.

use super::*;

/// Searches the request's root by the turn search and returns the chosen steps that complete its
/// turn (empty when the game is over). Limits as the module documentation of [`crate::search`] reads
/// them, `nodes` counting turns drawn; reports through `on_info` every [`TurnParams::info_period`] when timed,
/// every [`TurnParams::info_every`] turns drawn otherwise, and once at the end.
pub(super) fn search_turns<G: SearchHints>(
    request: &Request<'_, G>,
    params: &TurnParams,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> Vec<G::Step> {
    let (root, limits) = (request.root, &request.limits);
    if root.outcome().is_some() {
        return Vec::new();
    }
    // The clock of a timed search started when `go` arrived, when the engine says so.
    let start = limits.started.unwrap_or_else(Instant::now);
    let deadline = limits.deadline(start, root.side_to_move());
    let threads = request.config.threads.max(1);
    if threads == 1 {
        return search_on(request, params, (start, deadline), None, on_info);
    }
    let helpers = Helpers::new(
        threads - 1,
        params.largest_batch(),
        request.stop,
        request.pondering,
        deadline,
    );
    std::thread::scope(|scope| {
        for i in 0..threads - 1 {
            let helpers = &helpers;
            scope.spawn(move || helpers.serve(i));
        }
        let turn = search_on(request, params, (start, deadline), Some(&helpers), on_info);
        helpers.finish();
        turn
    })
}

/// [`search_turns`] with its clock (`start`, `deadline`) and its helpers, if any.
fn search_on<'a, G: SearchHints>(
    request: &'a Request<'_, G>,
    params: &'a TurnParams,
    (start, deadline): (Instant, Option<Instant>),
    helpers: Option<&'a Helpers<'a, G>>,
    on_info: &mut dyn FnMut(&Info<G::Step>),
) -> Vec<G::Step> {
    let Request {
        root,
        limits,
        stop,
        seed,
        ..
    } = request;
    let (root, stop, seed) = (*root, *stop, *seed);
    let multipv = request.config.multipv.max(1);
    let infinite = limits.infinite;
    let depth = if infinite { None } else { limits.depth };
    let budget = limits.node_budget(deadline.is_some(), params.depth_nodes_cap);
    let mut s = Search {
        nodes: Vec::new(),
        params,
        stop,
        deadline,
        pondering: request.pondering,
        budget,
        forced: false,
        rng: SmallRng::seed_from_u64(seed),
        drawn: 0,
        reserved: 0,
        visited: 0,
        memory: 0,
        buf: Vec::new(),
        last_root: None,
        helpers,
    };
    s.new_node(root.clone());
    if request.among.is_empty() {
        // At least one turn, even when stopped before the search: a legal answer.
        s.draw(0, params.root_first);
    } else {
        // `searchmoves`: the root's turns are those, and it draws no other.
        for t in &request.among {
            let mut after = root.clone();
            for &step in t {
                after.apply(step, None);
            }
            s.add_child(0, t, &after);
            s.drawn += 1;
            s.visited += t.len() as u64;
        }
        s.nodes[0].drawn = request.among.len() as u32;
        s.nodes[0].stale = STALE;
    }
    if s.nodes[0].children.is_empty() {
        s.forced = true;
        s.draw(0, 1);
        s.forced = false;
    }
    let timed = infinite || request.pondering.is_some() || deadline.is_some();
    let mut cadence = Cadence::new(start, params.info_period);
    let mut next_info = params.info_every.max(1);
    loop {
        if s.halted() {
            break;
        }
        let unlimited = request.unlimited();
        let won = {
            let root = &s.nodes[0];
            root.best().is_some_and(|c| root.children[c].value >= WIN)
        };
        if s.full() || (unlimited && multipv == 1 && won) {
            // A full tree, or a win at once with no limit in force: nothing more to do
            // until `stop` (or `ponderhit`), without spending the core.
            if unlimited {
                std::thread::sleep(crate::search::IDLE);
                continue;
            }
            break;
        }
        if deadline.is_some() && !unlimited {
            // A win at once, or a single turn to choose from: nothing to think about.
            let root = &s.nodes[0];
            if won || (root.stale >= STALE && root.children.len() <= 1) {
                break;
            }
        }
        s.iterate();
        if let (Some(d), false) = (depth, request.unlimited()) {
            let (_, turns) = s.pv(s.choice());
            if turns >= d {
                break;
            }
        }
        if timed {
            // Every line's first turn and depth: a report whenever one of them changes.
            let head = || {
                s.ranked(multipv)
                    .into_iter()
                    .map(|c| (c, s.pv(c).1))
                    .collect::<Vec<_>>()
            };
            if let Some(current) = cadence.tick(Instant::now(), head) {
                let mut r = s.info(start, multipv);
                if current {
                    r.current = s.last_root.map(|c| Current {
                        steps: s.nodes[0].children[c].steps.to_vec(),
                        number: c as u32 + 1,
                    });
                }
                on_info(&r);
            }
        } else if s.drawn >= next_info {
            next_info += params.info_every.max(1);
            on_info(&s.info(start, multipv));
        }
    }
    let report = s.info(start, multipv);
    log::debug!(
        "turn search: {} turns drawn, {} nodes, {} root turns, {:?}, score {:.3}",
        s.drawn,
        s.nodes.len(),
        s.nodes[0].children.len(),
        report.time,
        report.best().score
    );
    on_info(&report);
    let turn = match s.choice() {
        Some(c) => s.nodes[0].children[c].steps.to_vec(),
        None => Vec::new(),
    };
    // A tree of a second's search is tens of thousands of positions, and freeing it takes
    // milliseconds: it is freed on a thread of its own, so that the answer does not wait.
    let nodes = std::mem::take(&mut s.nodes);
    if nodes.len() > 64 {
        let _ = std::thread::Builder::new()
            .name("turn-tree-drop".into())
            .spawn(move || drop(nodes));
    }
    turn
}
