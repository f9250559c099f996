// The web GUI. It knows no rule and no game: the games, their sides, pieces and options come
// from the engine's `ugi` and `about` (the server's catalogue), the board from its `geometry`
// and `describe` answers, and the user's clicks are guided by `legal steps`. This module holds
// the page together: the state from the server, what is shown (the game as it stands, or an
// earlier position read-only), and the controls.
'use strict';

import { drawBoard } from './board.js';
import { input, clickName, nextNames, stepButtons, resetSelection, sendStep, confirmTurn } from './input.js';
import { game, syncTimeline, removedBy, renderMoves, renderLog, shownPly, go } from './moves.js';
import { namesOf, setGeometry, face, removalsOf, pretty, setCatalogue, catalogue, optionLabel, stepLabel } from './face.js';
import { act, net, open, leave, remember, games } from './net.js';
import { renderStatus, renderGuidance, renderEngine, renderMessages } from './panels.js';
import { setupRecordPanel } from './record.js';

const $ = (id) => document.getElementById(id);

const gui = {
  state: null,      // the last state from the server
  flipped: false,
  seenMessages: 0,
  flashUntil: 0,
  flashKey: '',
};
window.gui = gui;   // for the end-to-end tests
Object.defineProperty(gui, 'session', { get: () => net.session });
Object.defineProperty(gui, 'clicked', { get: () => input.clicked });
Object.defineProperty(gui, 'view', { get: () => game.view });

// A short notice over the status bar (it never moves or covers the board) for eight seconds, or
// until clicked; `info` for a neutral one.
function notice(text, level) {
  const n = $('notice');
  n.textContent = text;
  n.className = level === 'info' ? 'info' : '';
  n.hidden = false;
  clearTimeout(gui.noticeTimer);
  gui.noticeTimer = setTimeout(() => { n.hidden = true; }, 8000);
}
input.notice = notice;
$('notice').addEventListener('click', () => { $('notice').hidden = true; });
input.viewing = () => game.view !== null;
net.onNotice = notice;
net.onConnection = (text) => { $('connection').textContent = text; };

// ---------- drawing what is shown ----------

function viewing() { return game.view !== null; }

function draw() {
  const s = gui.state;
  if (!s) return;
  const n = s.timeline.plies.length;
  const shown = shownPly(s);
  const entry = game.entries[shown];
  const d = viewing() && entry ? entry.describe : s.describe;
  let last = [], removed = [], auto = new Set();
  if (viewing()) {
    if (shown > 0 && entry) { last = namesOf(entry.move); removed = removedBy(s, shown); }
  } else {
    const start = game.entries[n];
    const building = s.history.building || [];
    if (building.length && start && s.geometry) {
      // in the middle of a turn: its steps so far, and what they removed already
      last = namesOf(building.join(' '));
      const built = s.built || [];
      const report = { steps: built.map((b) => b.step), removed: built.map((b) => b.removed) };
      removed = removalsOf(face(s.game), s.geometry, start.describe, report);
    } else if (n > 0) {
      last = namesOf(s.timeline.plies[n - 1].move);
      removed = removedBy(s, n);
    }
    const l = s.last || {};
    const key = JSON.stringify(l);
    if (key !== gui.flashKey) { gui.flashKey = key; gui.flashUntil = Date.now() + 2500; }
    if (Date.now() < gui.flashUntil || s.awaiting_confirm) auto = new Set(namesOf((l.auto || []).join(' ')));
  }
  drawBoard($('board'), {
    geo: s.geometry, face: face(s.game), describe: d, flipped: gui.flipped, names: $('show-names').checked,
    targets: viewing() ? new Set() : nextNames(), chosen: new Set(viewing() ? [] : input.clicked),
    turns: [{ names: last, cls: 'last' }], auto, removed, onClick: clickName,
  });
  renderStatus(s, d, viewing());
  renderGuidance(s, d, viewing());
  renderActions(s);
  renderMoves(s, $('moves'));
  renderLog(s, $('log'));
  $('nav-pos').textContent = `${shown} / ${n}`;
  document.body.dataset.view = viewing() ? String(game.view) : '';
}

// The bar under the board: the step buttons, the turn being built, Confirm.
function renderActions(s) {
  const box = $('step-buttons');
  box.replaceChildren();
  if (!viewing()) {
    for (const st of stepButtons()) {
      const b = document.createElement('button');
      b.textContent = stepLabel(st);
      b.dataset.step = st;
      b.className = 'step';
      b.addEventListener('click', () => sendStep(st));
      box.appendChild(b);
    }
  }
  const building = s.history.building || [];
  const l = s.last || {};
  let turn = building.length ? `this turn: ${pretty(building.join(' '))}` : input.clicked.length ? `selected: ${input.clicked.join(' ')}` : '';
  if (s.awaiting_confirm) {
    turn = `turn ${pretty(s.awaiting_confirm)}`;
    if (l.auto && l.auto.length) turn += ` — chosen for you (the only choice): ${pretty(l.auto.join(' '))}`;
  } else if (l.auto && l.auto.length && l.by === 'human') {
    turn += `${turn ? ' · ' : ''}after ${pretty(l.step)}, by itself: ${pretty(l.auto.join(' '))}`;
  }
  $('turn-line').textContent = turn;
  $('confirm').hidden = !s.awaiting_confirm || viewing();
  $('clear-selection').hidden = !input.clicked.length || viewing();
}

function render(state) {
  if (gui.state && state.session === gui.state.session && state.version < gui.state.version) return;
  const old = gui.state;
  const posChanged = !old || old.session !== state.session || JSON.stringify(old.describe) !== JSON.stringify(state.describe) ||
    JSON.stringify(old.steps) !== JSON.stringify(state.steps) || old.awaiting_confirm !== state.awaiting_confirm;
  const settingsChanged = !old || old.game !== state.game || JSON.stringify(old.options) !== JSON.stringify(state.options) ||
    JSON.stringify(old.players) !== JSON.stringify(state.players) || old.confirm_turns !== state.confirm_turns;
  gui.state = state;
  setGeometry(state.geometry);
  if (settingsChanged) showSettings(state);
  if (posChanged) resetSelection();
  remember(state);
  draw();
  renderEngine(state);
  gui.seenMessages = renderMessages(state, gui.seenMessages, notice);
  $('pause').textContent = state.paused ? 'Resume' : 'Pause';
  $('analyse').textContent = state.analysing !== null ? 'Stop analysis' : 'Analyse';
  $('describe').textContent = Object.entries(state.describe).map(([k, v]) => `${k}=${v}`).join('\n');
  document.body.dataset.version = state.version;
  document.body.dataset.result = state.describe.result || '';
  document.body.dataset.tomove = state.describe.tomove || '';
  document.body.dataset.searching = state.searching ? 'true' : 'false';
  syncTimeline(state);
}
net.onState = render;
game.onChange = draw;
input.onChange = draw;

// The controls show what the server plays.
function showSettings(state) {
  $('game').value = state.game;
  gameOptions(state.options);
  state.players.forEach((p, i) => {
    $(`p${i + 1}-kind`).value = p.kind;
    if (p.movetime) $(`p${i + 1}-time`).value = p.movetime;
  });
  $('confirm-turns').checked = state.confirm_turns;
}

// The games in the Game control, by title, from the catalogue.
function gameChoices() {
  $('game').replaceChildren(...catalogue.games.map((g) => {
    const o = document.createElement('option');
    o.value = g.name;
    o.textContent = g.title;
    return o;
  }));
}

// The chosen game's own options as number fields (its `about` names them, `ugi` bounds them),
// showing `values` (else the defaults); the sides' names on the player controls.
function gameOptions(values) {
  const f = face($('game').value);
  $('game-options').replaceChildren(...f.options.map((o) => {
    const label = document.createElement('label');
    label.append(`${optionLabel(o.name)} `);
    const input = document.createElement('input');
    Object.assign(input, { type: 'number', min: o.min, max: o.max, value: (values && values[o.name] !== undefined) ? values[o.name] : o.default });
    input.dataset.option = o.name;
    input.id = `option-${o.name}`;
    label.append(input);
    return label;
  }));
  $('p1-label').textContent = `p1: ${f.sides[0]}`;
  $('p2-label').textContent = `p2: ${f.sides[1]}`;
}

// ---------- controls ----------

function players() {
  return [1, 2].map((i) => ({ kind: $(`p${i}-kind`).value, movetime: Number($(`p${i}-time`).value) || 500 }));
}

// The new game the settings describe; a number field left empty keeps the server's value.
function newGameAction() {
  const options = {};
  for (const input of document.querySelectorAll('#game-options input')) {
    options[input.dataset.option] = input.value.trim() === '' ? null : input.value.trim();
  }
  return { type: 'new', game: $('game').value, options, fen: $('fen').value, players: players() };
}

// The first game of a page opened without a session: the URL's settings (`game`, the game's
// options by name, `fen`, the players).
function urlSetup() {
  const q = new URLSearchParams(location.search);
  const set = (id, key) => { if (q.has(key)) $(id).value = q.get(key); };
  set('game', 'game');
  gameOptions(Object.fromEntries(face($('game').value).options.filter((o) => q.has(o.name)).map((o) => [o.name, q.get(o.name)])));
  set('fen', 'fen');
  set('p1-kind', 'p1'); set('p2-kind', 'p2'); set('p1-time', 't1'); set('p2-time', 't2');
  const action = newGameAction();
  if (q.get('paused') === '1') action.paused = true;
  if (q.has('confirm')) action.confirm = q.get('confirm') === '1';
  return action;
}

const button = (id, f) => $(id).addEventListener('click', (ev) => { if (ev.detail > 1) return; f(); });
button('new-game', async () => {
  const a = newGameAction();
  const answer = await act(a);
  if (answer && answer.ok) { game.view = null; $('fen').value = ''; }
});
button('apply-players', async () => {
  const p = players();
  const answer = await act({ type: 'players', players: p });
  if (!answer || !answer.ok) return;
  const names = face(gui.state.game).sides;
  notice(`players set: ${names[0]} ${p[0].kind}, ${names[1]} ${p[1].kind}`, 'info');
});
button('undo', () => { if (!net.busy) act({ type: 'undo' }); });
button('confirm', confirmTurn);
button('pause', () => act({ type: gui.state && gui.state.paused ? 'resume' : 'pause' }));
button('advance', () => act({ type: 'advance' }));
button('analyse', () => {
  const s = gui.state;
  if (s.analysing !== null) { act({ type: 'analyse', on: false }); return; }
  if (!viewing() && s.describe.turnstart !== 'true') { notice('analysis starts at a turn\'s start: finish or undo the turn being built'); return; }
  act({ type: 'analyse', on: true, ply: shownPly(s) });
});
button('flip', () => { gui.flipped = !gui.flipped; draw(); });
button('clear-selection', () => { input.clicked = []; draw(); });
$('show-names').addEventListener('change', draw);
$('confirm-turns').addEventListener('change', () => act({ type: 'settings', confirm: $('confirm-turns').checked }));
$('game').addEventListener('change', () => gameOptions(gui.state && gui.state.game === $('game').value ? gui.state.options : null));
button('nav-first', () => go(gui.state, 0));
button('nav-prev', () => go(gui.state, shownPly(gui.state) - 1));
button('nav-next', () => go(gui.state, shownPly(gui.state) + 1));
button('nav-last', () => go(gui.state, gui.state.timeline.plies.length));
document.addEventListener('keydown', (e) => {
  if (!gui.state || e.target.closest('input, select, textarea')) return;
  const s = gui.state, k = shownPly(s);
  const keys = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: s.timeline.plies.length };
  if (e.key in keys) { e.preventDefault(); go(s, keys[e.key]); }
  if (e.key === 'Escape') { input.clicked = []; draw(); }
});
window.addEventListener('pagehide', leave);
setupRecordPanel(null, $, act, notice);

games().then((c) => {
  setCatalogue(c);
  gameChoices();
  $('game').value = c.default_game;
  gameOptions(null);
  open(urlSetup);
});
