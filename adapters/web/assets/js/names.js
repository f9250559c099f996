// Names in the engine's texts, and what the board's strings hold. The page knows no rule of
// either game: it knows the notation's shape (protocol.md § 6 and § 7) — a step's text names
// points and squares, `describe` gives one character per point and per square — and which
// character is whose piece.
'use strict';

// Each game's side names (p1, p2) and the characters of their pieces in `describe`.
export const SIDES = {
  'guerrilla-checkers': { names: ['Guerrilla', 'COIN'], pieces: ['G', 'C'], removed: ['stone', 'checker'] },
  'guerrilla': { names: ['White', 'Black'], pieces: ['W', 'B'], removed: ['piece', 'piece'] },
};
export const TOKEN = 'X'; // a massacre token (Guerrilla)

export function sideInfo(game) {
  return SIDES[game] || { names: ['p1', 'p2'], pieces: ['?', '?'], removed: ['piece', 'piece'] };
}

export function sideIndex(word) { return word === 'p2' ? 1 : 0; }

// The names of the current geometry.
const known = { names: new Set(), key: '' };

export function setGeometry(geo) {
  const key = geo ? `${geo.game}:${geo.points.length}:${geo.squares.length}` : '';
  if (key === known.key) return;
  known.key = key;
  known.names = new Set();
  if (!geo) return;
  geo.points.forEach((p) => known.names.add(p.name));
  geo.squares.forEach((q) => known.names.add(q.name));
}

// The point and square names a step's or a turn's text contains, in order (longest name first
// at each position), e.g. `c5xd6xe7` → c5 d6 e7, `D4D5` → D4 D5, `+f3` → f3, `pass` → none.
export function namesOf(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    let found = null;
    for (let len = Math.min(4, text.length - i); len >= 2; len--) {
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

// The describe `points` string belongs to the points listed bottom row first, each row left to
// right (protocol.md § 6.4, § 7.4: A1, B1, …; rows number 1 first).
export function pointChars(geo, text) {
  const order = geo.points.slice().sort((a, b) => (b.y - a.y) || (a.x - b.x));
  const map = new Map();
  if (text && text.length === order.length) order.forEach((p, i) => map.set(p.name, text[i]));
  return map;
}

// The describe `squares` string: a row of squares at a time, bottom row first, left to right.
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

// The engine's report of what a turn's steps removed (`removed <group> …`, protocol.md § 4.3:
// one group a step, `<where>:<why>` joined by `,`, or `-`): [{name, why}].
export function reportedRemovals(text) {
  const out = [];
  for (const group of (text || '').split(' ')) {
    if (!group || group === '-') continue;
    for (const item of group.split(',')) {
      const [name, why] = item.split(':');
      if (name && why) out.push({ name, why });
    }
  }
  return out;
}

// What the turn from `before` to `after` removed: [{name, piece, side, massacre, own, why}].
// The engine's report (`report.removed`) says it; without one (an engine that does not report),
// it is read from the two positions: the pieces of the side not moving that are gone, and the
// mover's own pieces gone from points the turn does not name (a Guerrilla group's smaller part).
export function removals(game, geo, before, after, move, report) {
  const side = sideIndex(before.tomove);
  const info = sideInfo(game);
  const own = info.pieces[side], opp = info.pieces[1 - side];
  const b = cells(geo, before), a = cells(geo, after);
  if (report && report.steps !== undefined) {
    return reportedRemovals(report.removed).map(({ name, why }) => {
      const piece = b.get(name) || opp;
      return { name, piece, side: info.pieces.indexOf(piece), why, own: why === 'split', massacre: why === 'massacred' };
    });
  }
  const named = new Set(namesOf(move || ''));
  const out = [];
  for (const [name, c] of b) {
    const now = a.get(name);
    if (c === opp && now !== opp) out.push({ name, piece: c, side: 1 - side, massacre: now === TOKEN });
    else if (c === own && now !== own && !named.has(name)) out.push({ name, piece: c, side, own: true });
  }
  return out;
}
