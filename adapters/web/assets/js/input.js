// A human's clicks, turned into steps by the legal steps' texts (a step names points and
// squares in order; the names clicked so far select the steps that start with them). A click
// can never send what the engine would refuse: clicks during a request are ignored, a click
// while a turn waits for Confirm confirms it (on a cell the turn chose) or says what to do,
// and a click on anything but a legal next name says why it is refused.
'use strict';

import { namesOf, face, sideIndex, pretty, pieceOf, ownerIndex, cells, stepLabel } from './face.js';
import { act, net } from './net.js';

export const input = {
  clicked: [],      // names clicked for the step being chosen
  onChange: null,   // redraw after a change of the selection
  notice: null,
  viewing: () => false,
  explain: () => null, // why a piece shown removed on `name` went, or null
  mayMove: () => true,  // (state) => whether this page may move now (friend.js: its seat's turn)
  refuse: () => null,   // (state) => why this page may not move now, or null
  autoNote: null,       // the person's last turn, completed by itself (keepAutoNote)
  pageState: () => null, // the state the page draws now (app.js)
};

function state() { return input.pageState(); }

// A click is held while a request is under way and the page has not yet drawn what came after
// it: a click on the cell whose step is under way (a double click) is dropped, a click on
// another cell waits and is played on the position that comes.
function held() {
  return net.busy > 0 && (!state() || state().version <= net.sentVersion);
}
const clicks = { sent: null, waiting: null };

export function humanToMove(s = state()) {
  if (!s || s.describe.result !== 'none') return false;
  return s.players[sideIndex(s.describe.tomove)].kind === 'human' && input.mayMove(s);
}

function startsWith(list, prefix) {
  return prefix.every((n, i) => list[i] === n);
}

export function candidates(prefix) {
  const s = state();
  return (s ? s.steps : [])
    .map((st) => ({ step: st, names: namesOf(st) }))
    .filter((c) => c.names.length > 0 && startsWith(c.names, prefix));
}

// The names a click may choose next.
export function nextNames() {
  const next = new Set();
  if (!humanToMove() || state().awaiting_confirm) return next;
  for (const c of candidates(input.clicked)) {
    if (c.names.length > input.clicked.length) next.add(c.names[input.clicked.length]);
  }
  return next;
}

// The steps that are buttons: those naming nothing (the game's word steps, `about`), and the
// complete steps that still have rivals after the names clicked.
export function stepButtons() {
  const s = state();
  if (!humanToMove() || s.awaiting_confirm) return [];
  const buttons = s.steps.filter((st) => namesOf(st).length === 0);
  if (input.clicked.length) {
    for (const c of candidates(input.clicked)) if (c.names.length === input.clicked.length) buttons.push(c.step);
  }
  return buttons;
}

// What the step to play now asks of the player, in plain words, from the legal steps alone (a
// step naming one empty cell puts a piece there; one starting on a piece of the mover's moves
// it; one from a piece of the mover's onto another side's takes it; any other names a choice; a
// word is a button): `Put a piece on one of the 12 marked
// points, or press Pass`. Empty when the page's player is not to move.
export function askWords() {
  const s = state();
  if (!humanToMove() || s.awaiting_confirm || !s.geometry) return '';
  const f = face(s.game);
  const now = cellsOf(s);
  const mover = sideIndex(s.describe.tomove);
  const own = (n) => { const p = pieceOf(f, now.get(n)); return Boolean(p) && ownerIndex(p) === mover; };
  const empty = (n) => !pieceOf(f, now.get(n));
  const next = candidates(input.clicked).filter((c) => c.names.length > input.clicked.length);
  const at = new Set(next.map((c) => c.names[input.clicked.length]));
  const squares = new Set(s.geometry.squares.map((q) => q.name));
  const kind = [...at].every((n) => squares.has(n)) ? 'square' : [...at].some((n) => squares.has(n)) ? 'point or square' : 'point';
  const count = (n, what) => `${n === 1 ? 'the' : `one of the ${n}`} marked ${what}${n === 1 ? '' : 's'}`;
  let ask = '';
  if (input.clicked.length && next.length) {
    ask = `Choose ${count(at.size, kind)} to go on`;
  } else if (next.length && next.every((c) => c.names.length === 1 && empty(c.names[0]))) {
    ask = `Put a piece on ${count(at.size, kind)}`;
  } else if (next.length && next.every((c) => c.names.length >= 2 && own(c.names[0]) && empty(c.names[c.names.length - 1]))) {
    ask = `Move a piece of yours: choose ${count(at.size, 'piece')}, then where it goes`;
  } else if (next.length && next.every((c) => c.names.length === 2 && own(c.names[0]) && !empty(c.names[1]) && !own(c.names[1]))) {
    ask = `Choose ${count(at.size, 'piece')} of yours, then the piece it takes`;
  } else if (next.length) {
    ask = `Choose ${count(at.size, kind)}`;
  }
  const words = s.steps.filter((st) => namesOf(st).length === 0).map((st) => stepLabel(face(s.game), st));
  if (words.length) ask += `${ask ? ', or press' : 'Press'} ${words.join(' or ')}`;
  return ask;
}

// A turn of the person's that the engine completed by itself (its last decisions the only
// ones left: a second stone with one place to go): {turn, move, names, text, key}. It stays
// marked on the board and said under it until the person's next turn begins, and Take back
// undoes it.
export function keepAutoNote(s, drawn) {
  const l = s.last;
  if (!l || l.seq === (input.autoNote && input.autoNote.seq) || l.by !== 'human' || !l.turn || !(l.auto || []).length) return;
  const names = namesOf(l.auto.join(' '));
  const before = cells(s.geometry, drawn);
  const placed = l.auto.every((a) => namesOf(a).length === 1 && !pieceOf(face(s.game), before.get(namesOf(a)[0])));
  const what = pretty(l.auto.join(' '));
  input.autoNote = {
    seq: l.seq, key: `${s.session}:${s.game_no}`, turn: l.from_ply + 1, move: l.turn, names,
    text: placed ? `${what} placed by itself (the only place left)` : `${what} played by itself (the only choice left)`,
  };
}

// The note `keepAutoNote` keeps, while it holds: the live game, that turn still played and the
// person's next turn not begun.
export function autoNote(s) {
  const a = input.autoNote;
  if (!a || input.viewing() || a.key !== `${s.session}:${s.game_no}`) return null;
  const n = s.timeline.plies.length;
  const played = s.timeline.plies[a.turn - 1];
  if (!played || played.move !== a.move || n > a.turn + 1) return null;
  if (n === a.turn + 1 && (s.history.building || []).length) return null;
  return a;
}

function cellsOf(s) {
  return cells(s.geometry, s.describe);
}

// At a new position: when every step names the same point or square first (a piece that must
// go on), it is selected already.
export function resetSelection() {
  input.clicked = [];
  const all = humanToMove() && !state().awaiting_confirm ? candidates([]) : [];
  if (all.length && all.every((c) => c.names.length > 1 && c.names[0] === all[0].names[0])) {
    input.clicked = [all[0].names[0]];
  }
}

export async function sendStep(step) {
  if (held()) return;
  input.clicked = [];
  await act({ type: 'step', step });
  clicks.sent = null;
  const next = clicks.waiting;
  clicks.waiting = null;
  if (next) clickName(next);
}

export async function confirmTurn() {
  if (held()) return;
  if (!state().awaiting_confirm) { input.notice('there is no completed turn to confirm'); return; }
  await act({ type: 'confirm' });
}

export function clickName(name, ev) {
  const s = state();
  if (!s || (ev && ev.detail > 1)) return; // the second click of a double click
  if (held()) {
    if (name !== clicks.sent) clicks.waiting = name;
    return;
  }
  const why = input.explain(name);
  if (input.viewing()) { input.notice(`${why ? `${why}. ` : ''}You are looking at an earlier position: ▶| (or End) returns to the game`, 'info'); return; }
  if (s.describe.result !== 'none') { input.notice(why || 'The game is over: start a new game, or import one', 'info'); return; }
  const mover = face(s.game).sides[sideIndex(s.describe.tomove)];
  const refused = input.refuse(s);
  if (refused) { input.notice(refused); return; }
  if (s.awaiting_confirm) {
    const last = s.last || {};
    const chosen = new Set(namesOf([last.step || '', ...(last.auto || [])].join(' ')));
    if (chosen.has(name)) { confirmTurn(); return; }
    input.notice(`Your turn ${pretty(s.awaiting_confirm)} is complete: press Confirm, or Take back to change it`);
    return;
  }
  if (!humanToMove()) {
    input.notice(why || (s.searching ? `It is ${mover}'s turn, and the engine is thinking for ${mover}` :
      `It is ${mover}'s turn, played by the engine${s.paused ? '; the game is paused: press Resume or Engine turn' : ''}`));
    return;
  }
  const prefix = input.clicked.concat([name]);
  const cands = candidates(prefix);
  const last = s.last || {};
  if (cands.length === 0 && last.by === 'human' && namesOf((last.auto || []).join(' ')).includes(name)) {
    // the player clicks what the engine already did by itself (the only choice)
    input.notice(`${name}: already played by itself after ${pretty(last.step)} (it was the only choice)`, 'info');
    return;
  }
  if (cands.length === 0 && input.clicked.length && input.clicked[input.clicked.length - 1] === name) {
    return; // the selected piece clicked again: it stays selected
  }
  if (cands.length === 0) {
    if (why) { input.notice(why, 'info'); return; }
    const next = [...nextNames()].sort();
    const from = input.clicked.length ? ` after ${input.clicked.join(' ')}` : '';
    const list = next.length && next.length <= 8 ? `: ${next.join(' ')}` : '';
    input.notice(`${name} cannot be played now${from}: choose one of the ${next.length} marked points or squares${list}` +
      (input.clicked.length ? ', or Clear to start the step again' : ''));
    return;
  }
  input.clicked = prefix;
  const complete = cands.filter((c) => c.names.length === prefix.length);
  if (complete.length === 1 && cands.length === 1) {
    clicks.sent = name;
    sendStep(complete[0].step);
    return;
  }
  input.onChange();
}
