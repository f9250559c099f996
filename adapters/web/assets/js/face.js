// What the page knows of a game, all of it from the engine: the catalogue the server learnt
// (`about`: the sides' names, what each character of `describe`'s cells is, the fields a player
// reads, the game's own options, its words for why it ends, why a piece leaves and the steps
// that name no place, the rules in plain words by phase, step and removal, the rules tour) and
// the board's names (`geometry`). It knows the notation's shape only (protocol.md § 4): a
// step's text names points and squares in order, and a report lists what each step removed,
// `<where>:<why>`.
'use strict';

export const catalogue = { games: [], byName: new Map() };

export function setCatalogue(c) {
  catalogue.games = c.games || [];
  catalogue.byName = new Map(catalogue.games.map((g) => [g.name, g]));
}

// The face of the game `name`; a game the catalogue lacks is shown bare.
export function face(name) {
  return catalogue.byName.get(name) || { name, title: name, sides: ['p1', 'p2'], pieces: [], options: [], fields: [], reasons: [], removals: [], steps: [], help: [], tour: [] };
}

export function sideIndex(word) { return word === 'p2' ? 1 : 0; }

// The piece a cell character stands for: {char, owner, colour, grouped, noun}, or null for an
// empty cell. A game that declares no pieces has every character but `.`, `-`, `+` drawn as
// itself.
export function pieceOf(f, c) {
  if (!c) return null;
  const p = f.pieces.find((q) => q.char === c);
  if (p) return p;
  if (f.pieces.length || '.-+'.includes(c)) return null;
  return { char: c, owner: 'none', colour: 'grey', grouped: false, noun: 'piece', letter: true };
}

// The side index owning a piece, or -1 (a token of nobody's).
export function ownerIndex(piece) {
  return piece && piece.owner === 'p1' ? 0 : piece && piece.owner === 'p2' ? 1 : -1;
}

export function plural(noun, n) {
  return n === 1 ? noun : `${noun}s`;
}

// A step that names no place as a button reads it: the label the game `f` announced for the
// word (`about`'s `step` lines), else the word itself, capitalised.
export function stepLabel(f, step) {
  const w = (f.steps || []).find((x) => x.word === step);
  const text = w ? w.label : step;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// An option's name as a player reads it: `BoardSide` → `Board side`.
export function optionLabel(name) {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Why a game ended, in words: the label the game `f` announced for the reason word (`about`'s
// `reason` lines); another word (one the server ends a game with) is shown with its dashes as
// spaces.
export function reasonText(f, word) {
  const w = (f.reasons || []).find((x) => x.word === word);
  return w ? w.label : (word || '').replace(/[-_]/g, ' ');
}

// Whether a removal of the kind `why` leaves a token on its place (`about`'s `removal` lines:
// what the place then holds), which the board rings instead of crossing out.
export function leavesToken(f, why) {
  const k = (f.removals || []).find((x) => x.word === why);
  return Boolean(k && k.leaves);
}

// The board's names (points and squares) of the current geometry.
const known = { names: new Set(), key: '', longest: 1 };

export function setGeometry(geo) {
  const key = geo ? `${geo.game}:${geo.points.length}:${geo.squares.length}` : '';
  if (key === known.key) return;
  known.key = key;
  known.names = new Set();
  if (!geo) return;
  geo.points.forEach((p) => known.names.add(p.name));
  geo.squares.forEach((q) => known.names.add(q.name));
  known.longest = Math.max(1, ...[...known.names].map((n) => n.length));
}

// The point and square names a step's or a turn's text contains, in order (longest name first
// at each position), e.g. `c5xd6xe7` → c5 d6 e7, `D4D5` → D4 D5, `+f3` → f3, `pass` → none.
export function namesOf(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    let found = null;
    for (let len = Math.min(known.longest, text.length - i); len >= 1; len--) {
      const s = text.substr(i, len);
      if (known.names.has(s)) { found = s; break; }
    }
    if (found) { out.push(found); i += found.length; } else { i += 1; }
  }
  return out;
}

// A name's letters and its number: `c5` → ['c', '5'], `D4` → ['D', '4'].
export function splitName(name) {
  const m = /^([A-Za-z]+)(\d+)$/.exec(name);
  return m ? [m[1], m[2]] : [name, ''];
}

// A turn as a reader writes it: `x` between two names is a capture or a kill, `×`.
export function pretty(move) {
  return (move || '').replace(/(\d)x(?=[A-Za-z])/g, '$1×');
}

// `describe`'s `points`: one character per point, the points listed bottom row first, each row
// left to right (protocol.md § 4.6).
export function pointChars(geo, text) {
  const order = geo.points.slice().sort((a, b) => (b.y - a.y) || (a.x - b.x));
  const map = new Map();
  if (text && text.length === order.length) order.forEach((p, i) => map.set(p.name, text[i]));
  return map;
}

// `describe`'s `squares`: a row of squares at a time, bottom row first, left to right.
export function squareChars(geo, text) {
  const xs = [...new Set(geo.squares.map((s) => s.x))].sort((a, b) => a - b);
  const ys = [...new Set(geo.squares.map((s) => s.y))].sort((a, b) => b - a);
  const map = new Map();
  if (!text) return map;
  for (const s of geo.squares) {
    const i = ys.indexOf(s.y) * xs.length + xs.indexOf(s.x);
    if (i < text.length) map.set(s.name, text[i]);
  }
  return map;
}

// Every cell of a position: name → character.
export function cells(geo, describe) {
  const m = pointChars(geo, describe.points);
  for (const [k, v] of squareChars(geo, describe.squares)) m.set(k, v);
  return m;
}

// The steps of a turn played out on the cells of the position before them, as their texts
// and the engine's report say, for drawing each step and knowing what each removed: a step that
// names a piece of the mover's and then an empty cell moves that piece along the names; a step
// that names one empty cell puts a piece of the mover's there; any other step (a choice, a kill,
// a word) moves nothing; then the pieces the engine reported removed by the step leave. Returns
// one frame a step: {step, names, path, cells, removed: [{place, why, piece}]}. Only the frames'
// order and removals are the engine's; the position after the last step is `describe`'s.
export function playSteps(f, geo, before, steps, removed) {
  const now = cells(geo, before);
  const mover = sideIndex(before.tomove);
  const own = f.pieces.find((p) => ownerIndex(p) === mover);
  const at = (n) => pieceOf(f, now.get(n));
  return (steps || []).map((step, i) => {
    const names = namesOf(step);
    let path = [];
    const first = at(names[0]);
    if (names.length >= 2 && first && ownerIndex(first) === mover && !at(names[names.length - 1])) {
      now.set(names[names.length - 1], now.get(names[0]));
      now.set(names[0], '.');
      path = names;
    } else if (names.length === 1 && !first && own) {
      now.set(names[0], own.char);
    }
    const gone = ((removed || [])[i] || []).map((r) => ({ ...r, piece: at(r.place) }));
    for (const r of gone) now.set(r.place, '.');
    return { step, names, path, cells: new Map(now), removed: gone };
  });
}

// What a turn's steps removed, from the engine's report (its steps and one `removed` list per
// step), read against the position before them: [{name, piece, side, own, massacre, why, step}].
// `own`: a piece of the side that played (a group's smaller part left behind).
export function removalsOf(f, geo, before, report) {
  if (!report || !report.removed || !geo) return [];
  const mover = sideIndex(before.tomove);
  const steps = report.steps && report.steps.length ? report.steps : report.removed.map(() => '');
  const out = [];
  playSteps(f, geo, before, steps, report.removed).forEach((frame, step) => {
    for (const r of frame.removed) {
      const side = ownerIndex(r.piece);
      out.push({ name: r.place, piece: r.piece, side, why: r.why, step, own: side === mover, massacre: leavesToken(f, r.why) });
    }
  });
  return out;
}
