// The game as a whole: every position of the game (fetched from the session's timeline), the
// move list by rounds, a written line per turn with what it removed, the tally of removals, and
// the read-only view of an earlier position (|◀ ◀ ▶ ▶|, the arrow keys, a click on a move).
'use strict';

import { removalsOf, removalLabel, pretty, face, sideIndex } from './face.js';
import { act } from './net.js';

export const game = {
  entries: [],     // entries[k]: {ply, move, by, describe, report}: the position after k turns
  start: null,     // the start position these entries belong to
  view: null,      // the ply shown read-only, or null: the game as it stands
  fetching: false,
  onChange: null,
  onGo: null,      // goes to a position (the page's own way: animated, the analysis following)
  latest: null,    // the state the entries were last brought up to
};

// Brings the entries up to the state's timeline: positions it already has and that still
// agree are kept, the others are asked for.
export async function syncTimeline(s) {
  game.latest = s;
  const plies = s.timeline.plies;
  const key = `${s.session} ${s.game} ${s.history.start}`;
  if (game.start !== key) { game.start = key; game.entries = []; }
  let keep = Math.min(game.entries.length, plies.length + 1);
  for (let k = 1; k < keep; k++) {
    if (game.entries[k].move !== plies[k - 1].move) { keep = k; break; }
  }
  game.entries.length = keep;
  if (game.view !== null && game.view > plies.length) game.view = null;
  if (keep === plies.length + 1 || game.fetching) return;
  game.fetching = true;
  let fetched = false;
  try {
    const answer = await act({ type: 'plies', from: keep, quiet: true });
    if (answer && answer.ok && game.start === key && game.entries.length === keep) {
      for (const e of answer.data) game.entries[e.ply] = e;
      fetched = true;
    }
  } finally {
    game.fetching = false;
  }
  game.onChange();
  // the game may have gone on while the positions were fetched
  const now = game.latest;
  if (fetched && now && now.timeline.plies.length + 1 !== game.entries.length) syncTimeline(now);
}

// What turn `k` (from position k-1 to k) removed, as the engine reported it.
export function removedBy(s, k) {
  const before = game.entries[k - 1], after = game.entries[k];
  if (!before || !after || !s.geometry) return [];
  return removalsOf(face(s.game), s.geometry, before.describe, after.report);
}

// A turn's line: `COIN c5×b6×c7, takes C6 B7 C7`.
export function turnLine(s, k) {
  const e = game.entries[k], before = game.entries[k - 1];
  if (!e || !before) return '';
  const f = face(s.game);
  const side = sideIndex(before.describe.tomove);
  const removed = removedBy(s, k);
  const taken = removed.filter((r) => !r.own);
  const lost = removed.filter((r) => r.own);
  let text = `${f.sides[side]} ${pretty(e.move)}`;
  if (taken.length) text += `, takes ${taken.map((r) => r.name).join(' ')}`;
  for (const [why, names] of byWhy(taken.filter((r) => r.token))) text += ` (${removalLabel(f, why)}: ${names.join(' ')})`;
  if (lost.length) text += `, loses ${lost.map((r) => r.name).join(' ')} (${[...byWhy(lost).keys()].map((w) => removalLabel(f, w)).join(', ')})`;
  return text;
}

// Removals by their kind: why → [names], in the order the kinds first come.
function byWhy(removed) {
  const out = new Map();
  for (const r of removed) out.set(r.why, [...(out.get(r.why) || []), r.name]);
  return out;
}

// The removals of the whole game up to ply `upto`, by the side that removed: [p1, p2], each
// with the pieces taken by noun, and apart those whose place keeps a token, by kind (why →
// count).
export function tally(s, upto) {
  const t = [{ taken: 0, tokens: new Map(), nouns: new Map() }, { taken: 0, tokens: new Map(), nouns: new Map() }];
  for (let k = 1; k <= upto && k < game.entries.length; k++) {
    const side = sideIndex(game.entries[k - 1].describe.tomove);
    for (const r of removedBy(s, k)) {
      if (r.own) continue;
      t[side].taken++;
      if (r.token) t[side].tokens.set(r.why, (t[side].tokens.get(r.why) || 0) + 1);
      const noun = r.piece ? r.piece.noun : 'piece';
      t[side].nouns.set(noun, (t[side].nouns.get(noun) || 0) + 1);
    }
  }
  return t;
}

// The ply shown: the view, else the last one.
export function shownPly(s) {
  return game.view === null ? s.timeline.plies.length : game.view;
}

export function go(s, ply) {
  const n = s.timeline.plies.length;
  const p = Math.max(0, Math.min(n, ply));
  game.view = p === n ? null : p;
  game.onChange();
}

// The move list: one row a round (p1's turn, then p2's), each turn a button numbered as
// everywhere on the page: turn k is the k-th turn of the game, whichever side played it.
export function renderMoves(s, list) {
  const plies = s.timeline.plies;
  list.replaceChildren();
  const shown = shownPly(s);
  const first = game.entries[0] ? sideIndex(game.entries[0].describe.tomove) : 0;
  const sides = face(s.game).sides;
  let row = null;
  const cell = (k) => {
    const b = document.createElement('button');
    b.className = 'move' + (k === shown ? ' current' : '');
    b.dataset.ply = k;
    const p = plies[k - 1];
    b.title = `${sides[(first + k - 1) % 2]}, turn ${k}${p.by === 'engine' ? ' (engine)' : ''}`;
    const no = document.createElement('span');
    no.className = 'turn-no';
    no.textContent = `${k}.`;
    b.append(no, ' ');
    // commas may break a long Guerrilla turn over lines
    for (const [i, part] of pretty(p.move).split(',').entries()) {
      if (i) { b.append(','); b.append(document.createElement('wbr')); }
      b.append(part);
    }
    b.addEventListener('click', () => (game.onGo ? game.onGo(k) : go(s, k)));
    return b;
  };
  for (let k = 1; k <= plies.length; k++) {
    const side = (first + k - 1) % 2;
    if (!row || side === 0) {
      row = document.createElement('li');
      row.className = 'round';
      if (side === 1) { const gap = document.createElement('span'); gap.className = 'move gap'; gap.textContent = '…'; row.append(gap); }
      list.append(row);
    }
    row.append(cell(k));
  }
  // Only the list's own box scrolls (scrollIntoView would scroll the page with it).
  const current = list.querySelector('.current');
  if (current) {
    const top = current.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    const bottom = top + current.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  } else list.scrollTop = list.scrollHeight;
}

// The written log: one line a turn, newest last.
export function renderLog(s, list) {
  list.replaceChildren();
  const n = Math.min(s.timeline.plies.length, game.entries.length - 1);
  for (let k = 1; k <= n; k++) {
    const li = document.createElement('li');
    li.textContent = `${k}. ${turnLine(s, k)}`;
    if (removedBy(s, k).some((r) => !r.own)) li.className = 'capture';
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}
