// The marks the board draws over a position, from the state and the game's positions: the
// cells and paths of a turn, the pieces a turn removed (each titled with why it went, fading in
// the first time only), and a turn the engine suggests, step by step.
'use strict';

import { namesOf, face, playSteps } from './face.js';
import { game } from './moves.js';
import { suggestedSteps } from './analysis.js';

// The removal marks drawn once: drawn again, they appear as they ended, not fading in.
const seenRemovals = new Set();

// The marks of turn `k` (from position k-1): the cells it touched and the paths of its moves
// (the paths once the positions of the game have come).
export function turnMarks(s, k, cls) {
  const before = game.entries[k - 1], after = game.entries[k];
  const ply = s.timeline.plies[k - 1];
  if (!ply) return null;
  if (!before || !after || !s.geometry) return { names: namesOf(ply.move), paths: [], cls };
  const frames = playSteps(face(s.game), s.geometry, before.describe, after.report.steps, after.report.removed);
  return { names: namesOf(after.move), paths: frames.map((f) => f.path).filter((p) => p.length), cls };
}

// The removal marks of a position, each titled with why it went; a mark is fresh (fades in)
// the first time it is drawn only.
export function removalMarks(s, list, ply) {
  const sides = face(s.game).sides;
  return list.map((r) => {
    const key = `${s.session}:${s.history.start}:${ply}:${r.name}:${r.why}`;
    const fresh = !seenRemovals.has(key);
    seenRemovals.add(key);
    const whose = r.side >= 0 ? `${sides[r.side]}'s ${r.piece ? r.piece.noun : 'piece'}` : (r.piece ? r.piece.noun : 'piece');
    return { ...r, fresh, title: `${r.name}: ${whose} ${r.why} on turn ${ply}` };
  });
}

// A turn the engine suggests from the position after `ply` turns, as the board draws it: its
// steps in the order they are played, less the first `skip` (played already).
export function suggestedTurn(s, ply, turn, skip) {
  const known = suggestedSteps(s, ply, turn);
  if (!known || !s.geometry) return { ordered: false, steps: [{ names: namesOf(turn), path: [] }] };
  const frames = playSteps(face(s.game), s.geometry, known.before, known.report.steps, known.report.removed);
  return { ordered: true, steps: frames.slice(skip).map((f) => ({ names: f.names, path: f.path })) };
}
