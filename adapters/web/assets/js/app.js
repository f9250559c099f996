// The web GUI. It knows no rule and no game: the games, their sides, pieces and options come
// from the engine's `ugi` and `about` (the server's catalogue), the board from its `geometry`
// and `describe` answers, what each step removed from its reports, and the user's clicks are
// guided by `legal steps`. This module holds the page together: the state from the server,
// what is shown (the game as it stands, an earlier position read-only, or a turn being shown
// step by step), and the controls.
'use strict';

import { drawBoard } from './board.js';
import { input, clickName, nextNames, stepButtons, resetSelection, sendStep, confirmTurn, humanToMove, askWords, keepAutoNote, autoNote } from './input.js';
import { game, syncTimeline, removedBy, renderMoves, renderLog, shownPly, go } from './moves.js';
import { namesOf, setGeometry, face, removalsOf, playSteps, pretty, setCatalogue, catalogue, optionLabel, stepLabel, sideIndex, ownerIndex, leavesToken } from './face.js';
import { act, net, open, leave, remember, games } from './net.js';
import { renderStatus, renderGuidance, renderEngine, renderEvalBar, renderMessages, againstEngine } from './panels.js';
import { setupRecordPanel } from './record.js';
import { anim, animate, animating, stopAnimation, endingShown } from './anim.js';
import { play as playSound, sound, setSound } from './sound.js';
import { setupBoardKeys } from './keys.js';
import { openTour, openLegend, setupDialogs } from './dialogs.js';
import { analysis, endPreview, checkPreview, linesWanted } from './analysis.js';
import { turnMarks, removalMarks, suggestedTurn } from './marks.js';
import { review, renderReview } from './review.js';
import { zoomControl, setupZoom } from './zoom.js';
// the game between friends and My games follow the states themselves
import { friend } from './friend.js';
import { renderEnd } from './sheet.js';
import { leaveGameInProgress, mine } from './games.js';
import { ask } from './dialogs.js';

const $ = (id) => document.getElementById(id);

const gui = {
  state: null,        // the last state from the server
  flipped: false,
  seenMessages: 0,
  flashUntil: 0,
  flashKey: '',
  shownSeq: 0,        // the last play shown step by step
  drawn: null,        // {ply, built, describe}: the live position last drawn
  focus: null,        // the board cell that holds the keyboard focus
  keyboard: false,    // the keyboard is on the board: a redraw gives the focus back to its cell
};
// The page's state and what it shows, read by the end-to-end tests only (the page's one hook
// on `window`): the modules receive the state they draw as arguments, and those that act on it
// later ask app.js for it. The tests reach the modules' own state through it too: the game
// between friends (`friend`), My games (`mine`) and the analysis board (`analysis`).
window.gui = gui;
for (const [name, part] of Object.entries({ friend, mine, analysis })) Object.defineProperty(gui, name, { get: () => part });
Object.defineProperty(gui, 'session', { get: () => net.session });
Object.defineProperty(gui, 'clicked', { get: () => input.clicked });
Object.defineProperty(gui, 'view', { get: () => game.view });
Object.defineProperty(gui, 'animating', { get: () => animating() });
Object.defineProperty(gui, 'sounds', { get: () => sound.played });
Object.defineProperty(gui, 'frameScale', { get: () => anim.scale, set: (v) => { anim.scale = v; } });

// A short notice over the status bar (it never moves or covers the board): an error or refusal
// for eight seconds, a notice or a success for five, or until clicked.
function notice(text, level = 'error') {
  const n = $('notice');
  n.textContent = text;
  n.className = level === 'error' ? '' : level;
  n.hidden = false;
  clearTimeout(gui.noticeTimer);
  gui.noticeTimer = setTimeout(() => { n.hidden = true; }, level === 'error' ? 8000 : 5000);
}
function hideNotice() { clearTimeout(gui.noticeTimer); $('notice').hidden = true; }
input.notice = notice;
$('notice').addEventListener('click', hideNotice);
input.viewing = () => game.view !== null;
input.pageState = net.pageState = analysis.pageState = review.pageState = () => gui.state;
net.onNotice = notice;
net.onConnection = (text) => { $('connection').textContent = text; };

// ---------- drawing what is shown ----------

function viewing() { return game.view !== null; }

// Whether a redraw gives the keyboard focus back to the board (it had it, and nothing else
// took it since).
function refocus() {
  const a = document.activeElement;
  return gui.keyboard && (!a || a === document.body || $('board').contains(a));
}
document.addEventListener('focusin', (e) => { gui.keyboard = $('board').contains(e.target); });

// Why the piece drawn removed on `name` went, in words, or null.
input.explain = (name) => {
  const g = $('board').querySelector(`.removed[data-removed="${name}"] title`);
  return g ? g.textContent : null;
};

function draw() {
  const s = gui.state;
  if (!s) return;
  const n = s.timeline.plies.length;
  const shown = shownPly(s);
  const entry = game.entries[shown];
  const pv = analysis.preview;
  let d = viewing() && entry ? entry.describe : s.describe;
  const turns = [];
  let removed = [], auto = new Set(), kept = new Set(), hint = null;
  if (pv) {
    // a line's position, not played: the turn that leads there marked
    d = pv.after;
    const frames = playSteps(face(s.game), s.geometry, pv.before, pv.report.steps, pv.report.removed);
    turns.push({ names: namesOf(pv.report.steps.join(' ')), paths: frames.map((f) => f.path).filter((p) => p.length), cls: 'last' });
    removed = removalMarks(s, removalsOf(face(s.game), s.geometry, pv.before, pv.report), pv.ply + pv.moves.length);
  } else if (viewing()) {
    if (shown > 0 && entry) {
      turns.push(turnMarks(s, shown, 'last'));
      if (shown > 1) turns.push(turnMarks(s, shown - 1, 'prev'));
      removed = removalMarks(s, removedBy(s, shown), shown);
    }
  } else {
    const start = game.entries[n];
    const built = s.built || [];
    if (built.length && start && s.geometry) {
      // in the middle of a turn: its steps so far, the paths of its moves, what they removed
      const report = { steps: built.map((b) => b.step), removed: built.map((b) => b.removed) };
      const frames = playSteps(face(s.game), s.geometry, start.describe, report.steps, report.removed);
      turns.push({ names: namesOf(report.steps.join(' ')), paths: frames.map((f) => f.path).filter((p) => p.length), cls: 'last' });
      if (n > 0) turns.push(turnMarks(s, n, 'prev'));
      removed = removalMarks(s, removalsOf(face(s.game), s.geometry, start.describe, report), n + 1);
    } else if (n > 0) {
      turns.push(turnMarks(s, n, 'last'));
      if (n > 1) turns.push(turnMarks(s, n - 1, 'prev'));
      removed = removalMarks(s, removedBy(s, n), n);
    }
    const l = s.last || {};
    const key = JSON.stringify(l);
    if (key !== gui.flashKey) { gui.flashKey = key; gui.flashUntil = Date.now() + 2500; }
    if (Date.now() < gui.flashUntil || s.awaiting_confirm) auto = new Set(namesOf((l.auto || []).join(' ')));
    const note = autoNote(s);
    if (note && !auto.size) kept = new Set(note.names);
    if (s.hint) hint = suggestedTurn(s, n, s.hint.turn, (s.history.building || []).length);
    gui.drawn = { ply: n, built: (s.history.building || []).length, describe: s.describe };
  }
  // an analysis of the position shown marks the engine's best turn, numbered step by step
  const t = s.thinking;
  if (!pv && !s.hint && t && t.analysis && t.ply === shown && t.pv && t.pv.length) hint = suggestedTurn(s, shown, t.pv[0], 0);
  const still = viewing() || Boolean(pv);
  if (!animating()) {
    drawBoard($('board'), {
      geo: s.geometry, face: face(s.game), describe: d, flipped: gui.flipped, names: $('show-names').checked,
      targets: still ? new Set() : nextNames(), chosen: new Set(still ? [] : input.clicked),
      turns: turns.filter(Boolean), auto, kept, removed, hint, focus: gui.focus, refocus: refocus(), onClick: clickName,
    });
    $('board').dataset.frame = '';
    zoomControl(`${s.game} ${JSON.stringify(s.options)}`);
  }
  const ending = viewing() ? null : endingShown(s);
  renderStatus(s, ending ? ending.before : d, viewing());
  if (ending) {
    // the turn that ends the game is being shown: its banner waits for its last step
    const side = sideIndex(ending.before.tomove);
    $('status').textContent = `${face(s.game).sides[side]} plays ${pretty(ending.report.steps.join(' '))}…`;
  }
  if (pv) {
    $('status').textContent = `Preview, not played: line ${pv.line + 1} to ${pretty(pv.moves[pv.moves.length - 1])} from ${pv.ply ? `turn ${pv.ply}` : 'the start'} — Back or Esc returns`;
    $('status').className = 'previewing';
  }
  $('board-wrap').classList.toggle('previewing', Boolean(pv));
  renderGuidance(s, d, still);
  renderActions(s);
  renderEnd(s, Boolean(ending));
  renderMoves(s, $('moves'));
  renderReview(s, shown);
  renderLog(s, $('log'));
  $('nav-pos').textContent = `${shown}/${n}`;
  $('nav-pos').title = `turn ${shown} of ${n}`;
  document.body.dataset.view = viewing() ? String(game.view) : '';
  document.body.dataset.preview = pv ? pv.moves.join(' ') : '';
}

// Shows a play step by step, from the position `before` (its `describe`) through the steps of
// `report`, with `prev` (the turn before it) marked, then draws the real position; the frames.
function showSteps(s, before, report, prev) {
  const f = face(s.game);
  const frames = playSteps(f, s.geometry, before, report.steps, report.removed);
  if (!frames.length) { draw(); return frames; }
  const names = [], paths = [], removed = [];
  animate(frames, (frame, i, count, ms) => {
    names.push(...frame.names);
    if (frame.path.length) paths.push(frame.path);
    const gone = frame.removed.map((r) => ({ name: r.place, piece: r.piece, why: r.why, token: leavesToken(f, r.why), own: ownerIndex(r.piece) === sideIndex(before.tomove) }));
    removed.push(...gone);
    const slide = frame.path.length ? { from: frame.path[0], to: frame.path[frame.path.length - 1], ms: Math.min(400, Math.round(ms * 0.8)) } : null;
    drawBoard($('board'), {
      geo: s.geometry, face: f, describe: before, cells: frame.cells, flipped: gui.flipped, names: false,
      turns: [{ names: [...names], paths: [...paths], cls: 'last' }, prev].filter(Boolean),
      removed: removed.map((r) => ({ ...r, fresh: gone.includes(r), title: `${r.name}: ${r.why}` })),
      slide, focus: gui.focus, refocus: refocus(),
      // a click ends the showing and plays on the real position
      onClick: (name, ev) => { stopAnimation(); draw(); clickName(name, ev); },
    });
    $('board').dataset.frame = `${i + 1}/${count}`;
    playSound(gone.length ? 'capture' : 'move');
  }, () => {
    draw();
  });
  return frames;
}

// A new play from the server, shown step by step when the page drew the position it was played
// from (else the position is simply drawn).
function maybeShowPlay(s) {
  const l = s.last;
  if (!l || l.seq <= gui.shownSeq || viewing()) return false;
  const from = gui.drawn;
  gui.shownSeq = l.seq;
  if (!from || from.ply !== l.from_ply || from.built !== l.from_built || !s.geometry) return false;
  // a player's own single step is on the board as they clicked it: only a sound
  if (l.by === 'human' && l.report.steps.length <= 1) {
    playSound(l.report.removed.some((r) => r.length) ? 'capture' : 'move');
    return false;
  }
  const prev = l.from_built === 0 && l.from_ply > 0 ? turnMarks(s, l.from_ply, 'prev') : null;
  anim.live = { frames: showSteps(s, from.describe, l.report, prev), before: from.describe, report: l.report };
  return true;
}

// The bar under the board: the step buttons, the turn being built, Confirm, Take back, Hint.
function renderActions(s) {
  const box = $('step-buttons');
  box.replaceChildren();
  const pv = analysis.preview;
  if (pv) {
    const back = document.createElement('button');
    back.id = 'preview-back';
    back.className = 'primary';
    back.textContent = 'Back';
    back.title = 'Leave the preview (Esc)';
    back.addEventListener('click', endPreview);
    box.appendChild(back);
  } else if (!viewing()) {
    for (const st of stepButtons()) {
      const b = document.createElement('button');
      b.textContent = stepLabel(face(s.game), st);
      b.dataset.step = st;
      b.className = 'step';
      b.addEventListener('click', () => sendStep(st));
      box.appendChild(b);
    }
  }
  const building = s.history.building || [];
  const l = s.last || {};
  const note = autoNote(s);
  // the turn so far: its last steps (the line under the board holds two or three lines)
  const lastSteps = building.length > TURN_SHOWN ? ['…', ...building.slice(-TURN_SHOWN)] : building;
  let turn = building.length ? `this turn: ${pretty(lastSteps.join(' '))}` : input.clicked.length ? `selected: ${input.clicked.join(' ')}` : '';
  if (s.awaiting_confirm) {
    turn = `turn ${pretty(s.awaiting_confirm)}`;
    if (l.auto && l.auto.length) turn += ` — chosen for you (the only choice): ${pretty(l.auto.join(' '))}`;
  } else if (l.auto && l.auto.length && l.by === 'human' && !note) {
    turn += `${turn ? ' · ' : ''}after ${pretty(l.step)}, by itself: ${pretty(l.auto.join(' '))}`;
  }
  if (pv) turn = `preview: ${pv.moves.map(pretty).join(' ')} (not played)`;
  else if (!viewing()) turn = [note && !s.awaiting_confirm ? note.text : '', askWords(), turn].filter(Boolean).join(' · ');
  $('turn-line').textContent = turn;
  $('confirm').hidden = !s.awaiting_confirm || viewing() || Boolean(pv);
  $('clear-selection').hidden = !input.clicked.length || viewing();
  // a game resigned (or lost on time) is over: nothing of it is taken back
  const human = s.players.some((p) => p.kind === 'human') && !pv && !s.ending;
  $('takeback').hidden = !human;
  // nothing to undo in a finished game between friends (the server refuses it)
  const friendOver = Boolean(s.friend) && Boolean(s.describe.result) && s.describe.result !== 'none';
  // a finished game's bar holds New game, Rematch and Review (and Take back against the engine)
  const over = Boolean(s.describe.result) && s.describe.result !== 'none';
  $('undo').hidden = Boolean(pv) || friendOver || Boolean(s.ending) || over;
  $('hint').hidden = !human || over;
  $('hint').disabled = !humanToMove() || Boolean(s.awaiting_confirm);
  // against the engine: Abort before each side has played a turn, then Resign
  const open = againstEngine(s) && !s.friend && !(s.describe.result && s.describe.result !== 'none');
  const early = s.history.moves.length < ABORT_BEFORE;
  $('abort').hidden = !open || !early || Boolean(pv);
  $('resign-engine').hidden = !open || early || Boolean(pv);
  // a game held by a pause shows Resume beside the status
  $('status-resume').hidden = !s.paused || viewing() || Boolean(pv) || Boolean(s.friend) ||
    !s.players.some((p) => p.kind === 'engine') || (s.describe.result && s.describe.result !== 'none');
}

// The steps of the turn being built that the line under the board names, the last ones.
const TURN_SHOWN = 4;

// The whole turns after which a game against the engine is resigned, not aborted (each side
// has played one); the server holds the same rule.
const ABORT_BEFORE = 2;

// The side the evaluation bar is seen from: the side a person plays against the engine (else
// p1), the other one when the board is flipped.
function povSide(s) {
  const human = s.players.findIndex((p) => p.kind === 'human');
  const own = human >= 0 && s.players.some((p) => p.kind === 'engine') ? human : 0;
  return gui.flipped ? 1 - own : own;
}
function renderEvals(s) { renderEvalBar(s, $('show-eval').checked, povSide(s)); }

function render(state) {
  if (gui.state && state.session === gui.state.session && state.version < gui.state.version) return;
  const old = gui.state;
  const posChanged = !old || old.session !== state.session || JSON.stringify(old.describe) !== JSON.stringify(state.describe) ||
    JSON.stringify(old.steps) !== JSON.stringify(state.steps) || old.awaiting_confirm !== state.awaiting_confirm;
  const settingsChanged = !old || old.game !== state.game || JSON.stringify(old.options) !== JSON.stringify(state.options) ||
    JSON.stringify(old.players) !== JSON.stringify(state.players) || old.confirm_turns !== state.confirm_turns;
  // another game is the game as it stands, live (not a view of an earlier position)
  if (old && (old.session !== state.session || old.game_no !== state.game_no)) {
    stopAnimation(); gui.drawn = null; gui.shownSeq = 0; game.view = null; net.replaying = false;
  }
  gui.state = state;
  checkPreview(state);
  setGeometry(state.geometry);
  if (settingsChanged) showSettings(state);
  if (posChanged) resetSelection();
  remember(state);
  if (state.geometry) keepAutoNote(state, gui.drawn ? gui.drawn.describe : state.describe);
  // a new play is shown step by step; meanwhile the board is the animation's, the rest is drawn
  maybeShowPlay(state);
  draw();
  renderEngine(state, $('show-eval').checked);
  renderEvals(state);
  gui.seenMessages = renderMessages(state, gui.seenMessages, notice);
  $('pause').textContent = state.paused ? 'Resume' : 'Pause';
  $('analyse').textContent = state.analysing !== null ? 'Stop analysis' : 'Analyse';
  $('describe').textContent = Object.entries(state.describe).map(([k, v]) => `${k}=${v}`).join('\n');
  const f = face(state.game);
  const mover = f.sides[sideIndex(state.describe.tomove)];
  document.title = state.describe.result && state.describe.result !== 'none' ? `${f.title}: game over` : `${mover} to move · ${f.title}`;
  document.body.dataset.version = state.version;
  document.body.dataset.result = state.describe.result || '';
  document.body.dataset.tomove = state.describe.tomove || '';
  document.body.dataset.searching = state.searching ? 'true' : 'false';
  syncTimeline(state);
}
net.onState = render;
game.onChange = draw;
// a preview's start and end redraw the board, the lines and the evaluation bar (which shows the
// previewed line's value) at once, not at the next state from the server
analysis.onChange = () => { draw(); if (gui.state) { renderEngine(gui.state, $('show-eval').checked, true); renderEvals(gui.state); } };
review.onGo = (k) => goTo(k);
game.onGo = (k) => goTo(k);
input.onChange = draw;

// ---------- settings ----------

// The controls show what the server plays.
function showSettings(state) {
  $('game').value = state.game;
  gameOptions(state.options);
  state.players.forEach((p, i) => {
    $(`p${i + 1}-kind`).value = p.kind;
    if (p.movetime) $(`p${i + 1}-time`).value = p.movetime;
    if (p.strength) $(`p${i + 1}-strength`).value = p.strength;
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

// The engine's levels in both seats' level controls, as its `Strength` option announces them
// (`levels` of the server's catalogue), its default chosen.
function levelChoices({ values, default: chosen }) {
  for (const i of [1, 2]) {
    $(`p${i}-strength`).replaceChildren(...values.map((v) => {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = v;
      o.selected = v === chosen;
      return o;
    }));
  }
}

// The chosen game's own options as number fields (its `about` names them, `ugi` bounds them),
// showing `values` (else the defaults); the sides' names on the player controls.
function gameOptions(values) {
  const f = face($('game').value);
  $('game-options').replaceChildren(...f.options.map((o) => {
    const label = document.createElement('label');
    label.append(`${optionLabel(o.name)} `);
    const field = document.createElement('input');
    Object.assign(field, { type: 'number', min: o.min, max: o.max, value: (values && values[o.name] !== undefined) ? values[o.name] : o.default });
    field.dataset.option = o.name;
    field.dataset.label = optionLabel(o.name);
    field.id = `option-${o.name}`;
    label.append(field);
    return label;
  }));
  $('p1-label').textContent = `p1: ${f.sides[0]}`;
  $('p2-label').textContent = `p2: ${f.sides[1]}`;
  $('p1-time').dataset.label = `${f.sides[0]}'s think time`;
  $('p2-time').dataset.label = `${f.sides[1]}'s think time`;
}

// A number field's value within its bounds, or null after saying (visibly) what is wrong.
function checkedNumber(field) {
  const text = field.value.trim();
  const v = Number(text);
  const min = Number(field.min), max = Number(field.max);
  const ok = text !== '' && Number.isInteger(v) && v >= min && v <= max;
  field.classList.toggle('invalid', !ok);
  field.setAttribute('aria-invalid', ok ? 'false' : 'true');
  if (!ok) {
    notice(`${field.dataset.label || field.id} must be a whole number from ${min} to ${max}${text === '' ? '' : `, not ${text}`}`);
    field.focus();
    return null;
  }
  return v;
}

// The players the controls set, or null when a think time is out of range (said visibly).
function players() {
  const out = [];
  for (const i of [1, 2]) {
    const kind = $(`p${i}-kind`).value;
    if (kind === 'engine') {
      const t = checkedNumber($(`p${i}-time`));
      if (t === null) return null;
      out.push({ kind, movetime: t, strength: $(`p${i}-strength`).value });
    } else {
      $(`p${i}-time`).classList.remove('invalid');
      out.push({ kind });
    }
  }
  return out;
}

// The new game the settings describe, or null when a setting is out of range.
function newGameAction() {
  const options = {};
  for (const field of document.querySelectorAll('#game-options input')) {
    const v = checkedNumber(field);
    if (v === null) return null;
    options[field.dataset.option] = v;
  }
  const p = players();
  if (!p) return null;
  return { type: 'new', game: $('game').value, options, fen: $('fen').value, players: p };
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
  set('p1-strength', 's1'); set('p2-strength', 's2');
  const action = newGameAction() || { type: 'new' };
  if (q.get('paused') === '1') action.paused = true;
  if (q.has('confirm')) action.confirm = q.get('confirm') === '1';
  return action;
}

// ---------- controls ----------

const button = (id, f) => $(id).addEventListener('click', (ev) => { if (ev.detail > 1) return; f(); });

// Acting on the game while an earlier position is shown: the game as it stands comes back, and
// the page says so, so that nothing changes the live game unseen.
function backToGame(what) {
  if (!viewing()) return;
  game.view = null;
  notice(`Back to the game as it stands: ${what} acts on it`, 'info');
  draw();
}

button('new-game', async () => {
  const a = newGameAction();
  if (!a) return;
  if (!(await leaveGameInProgress(gui.state))) return;
  const answer = await act(a);
  if (answer && answer.ok) { game.view = null; $('fen').value = ''; notice(`new game of ${face(a.game).title}`, 'success'); }
});
button('apply-players', async () => {
  const p = players();
  if (!p) return;
  const answer = await act({ type: 'players', players: p });
  if (!answer || !answer.ok) return;
  const names = face(gui.state.game).sides;
  notice(`players set: ${names[0]} ${p[0].kind}, ${names[1]} ${p[1].kind}`, 'success');
});
button('undo', () => { if (net.busy) return; backToGame('Undo step'); act({ type: 'undo' }); });
button('takeback', async () => {
  if (net.busy) return;
  backToGame('Take back');
  stopAnimation();
  const answer = await act({ type: 'takeback' });
  if (answer && answer.ok) {
    const m = answer.state.messages.filter((x) => x.level === 'success').pop();
    if (m) notice(m.text, 'success');
  }
});
button('hint', () => { backToGame('Hint'); act({ type: 'hint' }); });
button('confirm', confirmTurn);
button('pause', () => act({ type: gui.state && gui.state.paused ? 'resume' : 'pause' }));
button('status-resume', () => act({ type: 'resume' }));
button('resign-engine', async () => {
  const s = gui.state;
  const sides = face(s.game).sides;
  const engine = s.players.findIndex((p) => p.kind === 'engine');
  if (!(await ask(`Resign this game? ${sides[engine]} (the engine) wins it.`, 'Resign', 'Play on'))) return;
  backToGame('Resign');
  act({ type: 'resign' });
});
button('abort', async () => {
  if (!(await ask('Abort this game? It is not kept, and a new game with the same settings begins.', 'Abort', 'Play on'))) return;
  const answer = await act({ type: 'abort' });
  if (answer && answer.ok) { game.view = null; notice('game aborted: it is not kept', 'success'); }
});
button('advance', () => { backToGame('Engine turn'); act({ type: 'advance' }); });
button('analyse', () => {
  const s = gui.state;
  if (s.analysing !== null) { act({ type: 'analyse', on: false }); return; }
  act({ type: 'analyse', on: true, ply: shownPly(s), lines: linesWanted() });
});
function setFlipped(on) { gui.flipped = on; draw(); if (gui.state) renderEvals(gui.state); }
friend.setFlipped = setFlipped;
button('flip', () => setFlipped(!gui.flipped));
button('clear-selection', () => { input.clicked = []; draw(); });
setupZoom();
button('open-tour', () => openTour(gui.state ? gui.state.game : $('game').value));
button('open-legend', () => openLegend(gui.state ? gui.state.game : $('game').value));
$('show-names').addEventListener('change', draw);
$('show-eval').addEventListener('change', () => {
  try { localStorage.setItem('guerrilla-web-eval', $('show-eval').checked ? 'on' : 'off'); } catch (e) { /* storage off */ }
  if (gui.state) { renderEngine(gui.state, $('show-eval').checked, true); renderEvals(gui.state); }
});
$('show-eval').checked = localStorage.getItem('guerrilla-web-eval') === 'on';
$('sound').checked = sound.on;
$('sound').addEventListener('change', () => setSound($('sound').checked));
$('theme').addEventListener('change', () => {
  document.body.dataset.theme = $('theme').value;
  try { localStorage.setItem('guerrilla-web-theme', $('theme').value); } catch (e) { /* storage off */ }
});
$('theme').value = localStorage.getItem('guerrilla-web-theme') || 'wood';
document.body.dataset.theme = $('theme').value;
$('confirm-turns').addEventListener('change', () => act({ type: 'settings', confirm: $('confirm-turns').checked }));
$('game').addEventListener('change', () => gameOptions(gui.state && gui.state.game === $('game').value ? gui.state.options : null));
for (const id of ['p1-time', 'p2-time']) $(id).addEventListener('change', () => checkedNumber($(id)));

// Moving through the game: one turn on is shown step by step.
function goTo(k) {
  const s = gui.state;
  const from = shownPly(s);
  stopAnimation();
  analysis.preview = null;
  go(s, k);
  if (from !== shownPly(s)) hideNotice();
  const to = shownPly(s);
  followAnalysis(s, to);
  if (to === from + 1 && game.entries[to] && game.entries[from]) {
    const prev = from > 0 ? turnMarks(s, from, 'prev') : null;
    showSteps(s, game.entries[from].describe, game.entries[to].report, prev);
  }
}
// An analysis under way follows the position shown (stopped on a position where the game is
// over, which has nothing to analyse).
function followAnalysis(s, ply) {
  if (s.analysing === null || s.analysing === undefined || s.analysing === ply) return;
  const e = game.entries[ply];
  const over = e && e.describe.result && e.describe.result !== 'none';
  act(over ? { type: 'analyse', on: false } : { type: 'analyse', on: true, ply, lines: linesWanted() });
}
button('nav-first', () => goTo(0));
button('nav-prev', () => goTo(shownPly(gui.state) - 1));
button('nav-next', () => goTo(shownPly(gui.state) + 1));
button('nav-last', () => goTo(gui.state.timeline.plies.length));
document.addEventListener('keydown', (e) => {
  if (!gui.state || e.target.closest('input, select, textarea, dialog, #board')) return;
  const s = gui.state, k = shownPly(s);
  const keys = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: s.timeline.plies.length };
  if (e.key in keys) { e.preventDefault(); goTo(keys[e.key]); }
  if (e.key === 'Escape') { input.clicked = []; if (analysis.preview) endPreview(); else draw(); }
});
setupBoardKeys($('board'), (name) => clickName(name), (name) => { gui.focus = name; });
window.addEventListener('pagehide', leave);
setupRecordPanel(() => gui.state, $, act, notice);
setupDialogs();

games().then((c) => {
  setCatalogue(c);
  gameChoices();
  levelChoices(c.levels);
  $('game').value = c.default_game;
  gameOptions(null);
  open(urlSetup);
});
