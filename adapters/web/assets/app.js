// The guerrilla web GUI. It knows no rule of either game: the board is drawn from the engine's
// `geometry` and `describe` answers, and the user's clicks are guided by `legal steps` (a step's
// text names points or squares; the names clicked so far select the steps that start with them).
'use strict';

const SIDES = {
  'guerrilla-checkers': ['Guerrilla', 'COIN'],
  'guerrilla': ['White', 'Black'],
};
const SVGNS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

const gui = {
  session: null,
  state: null,        // the last state from the server
  clicked: [],        // names clicked for the step being chosen
  flipped: false,
  names: new Set(),   // every point and square name of the current geometry
  lastAutoKey: '',
  seenMessages: 0,
};
window.gui = gui;     // for the end-to-end tests

// ---------- talking to the server ----------

async function post(url, body) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  return r.json();
}

async function act(action) {
  if (!gui.session) return;
  let answer;
  try {
    answer = await post(`/api/session/${gui.session}/action`, action);
  } catch (e) {
    notice(`the server did not answer: ${e}`);
    return;
  }
  if (answer.state) render(answer.state);
  if (!answer.ok) notice(answer.error);
  return answer;
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${proto}://${location.host}/api/session/${gui.session}/ws`);
  ws.onopen = () => { $('connection').textContent = `session ${gui.session}`; };
  ws.onmessage = (ev) => render(JSON.parse(ev.data));
  ws.onclose = () => {
    $('connection').textContent = 'connection lost; reconnecting…';
    setTimeout(connect, 2000);
  };
}

async function start() {
  const answer = await post('/api/session');
  if (!answer.id) {
    $('connection').textContent = 'no session';
    notice(answer.error || 'the server refused a session');
    return;
  }
  gui.session = answer.id;
  document.body.dataset.session = answer.id;
  const q = new URLSearchParams(location.search);
  const set = (id, key) => { if (q.has(key)) $(id).value = q.get(key); };
  set('game', 'game'); set('board-side', 'side'); set('turn-limit', 'limit'); set('fen', 'fen');
  set('p1-kind', 'p1'); set('p2-kind', 'p2'); set('p1-time', 't1'); set('p2-time', 't2');
  const action = newGameAction();
  if (q.get('paused') === '1') action.paused = true;
  await act(action);
  connect();
}

function players() {
  return [1, 2].map((i) => ({
    kind: $(`p${i}-kind`).value,
    movetime: Number($(`p${i}-time`).value) || 500,
  }));
}

function newGameAction() {
  return {
    type: 'new',
    game: $('game').value,
    board_side: Number($('board-side').value),
    turn_limit: Number($('turn-limit').value),
    fen: $('fen').value,
    players: players(),
  };
}

// ---------- messages ----------

function notice(text) {
  const n = $('notice');
  n.textContent = text;
  n.hidden = false;
  clearTimeout(gui.noticeTimer);
  gui.noticeTimer = setTimeout(() => { n.hidden = true; }, 8000);
}

// ---------- names in step texts ----------

// The point and square names a step's text contains, in order (longest name first at each
// position), e.g. `c5xd6xe7` → c5 d6 e7, `D4D5` → D4 D5, `+f3` → f3, `pass` → none.
function namesOf(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    let found = null;
    for (let len = Math.min(4, text.length - i); len >= 2; len--) {
      const s = text.substr(i, len);
      if (gui.names.has(s)) { found = s; break; }
    }
    if (found) { out.push(found); i += found.length; } else { i += 1; }
  }
  return out;
}

function startsWith(list, prefix) {
  return prefix.every((n, i) => list[i] === n);
}

function candidates(prefix) {
  return (gui.state ? gui.state.steps : [])
    .map((s) => ({ step: s, names: namesOf(s) }))
    .filter((c) => c.names.length > 0 && startsWith(c.names, prefix));
}

function humanToMove() {
  const s = gui.state;
  if (!s || s.describe.result !== 'none') return false;
  const side = s.describe.tomove === 'p2' ? 1 : 0;
  return s.players[side].kind === 'human';
}

function clickName(name) {
  const s = gui.state;
  if (!s) return;
  if (s.describe.result && s.describe.result !== 'none') { notice('the game is over'); return; }
  if (!humanToMove()) { notice(`refused: ${name} — it is the engine's turn`); return; }
  const prefix = gui.clicked.concat([name]);
  const cands = candidates(prefix);
  if (cands.length === 0 && gui.clicked.length && gui.clicked[gui.clicked.length - 1] === name) {
    return; // the selected piece clicked again: it stays selected
  }
  if (cands.length === 0) {
    const next = nextNames();
    notice(`refused: ${name} is not a legal ${gui.clicked.length ? 'continuation of ' + gui.clicked.join(' ') : 'choice'} here` +
      (next.size ? ` (legal: ${[...next].sort().join(' ')})` : ''));
    return;
  }
  gui.clicked = prefix;
  const complete = cands.filter((c) => c.names.length === prefix.length);
  if (complete.length === 1 && cands.length === 1) {
    sendStep(complete[0].step);
    return;
  }
  renderTurnPanel();
  renderHighlights();
}

function sendStep(step) {
  gui.clicked = [];
  act({ type: 'step', step });
}

function nextNames() {
  const next = new Set();
  for (const c of candidates(gui.clicked)) {
    if (c.names.length > gui.clicked.length) next.add(c.names[gui.clicked.length]);
  }
  return next;
}

// ---------- drawing ----------

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Drawing coordinates (flipped: turned half round).
function place(geo) {
  const xs = geo.points.map((p) => p.x);
  const ys = geo.points.map((p) => p.y);
  const maxX = Math.max(...xs), maxY = Math.max(...ys);
  return (x, y) => (gui.flipped ? [maxX - x, maxY - y] : [x, y]);
}

// The describe `points` string, character by character, belongs to the points listed bottom row
// first, each row left to right (protocol.md § 6.4, § 7.4: A1, B1, …; rows number 1 first).
function pointChars(geo, text) {
  const order = geo.points.slice().sort((a, b) => (b.y - a.y) || (a.x - b.x));
  const map = new Map();
  if (text && text.length === order.length) order.forEach((p, i) => map.set(p.name, text[i]));
  return map;
}

// The describe `squares` string: 8 characters a row, bottom row first, left to right.
function squareChars(geo, text) {
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

function drawBoard() {
  const s = gui.state;
  const svg = $('board');
  svg.replaceChildren();
  const geo = s.geometry;
  if (!geo) { svg.setAttribute('viewBox', '0 0 10 2'); el('text', { x: 0.5, y: 1, class: 'label', style: 'font-size:0.5px' }, svg).textContent = 'no geometry from the engine'; return; }
  const pos = place(geo);
  const xs = geo.points.map((p) => p.x), ys = geo.points.map((p) => p.y);
  const m = 0.7;
  svg.setAttribute('viewBox', `${-m} ${-m} ${Math.max(...xs) + 2 * m} ${Math.max(...ys) + 2 * m}`);
  svg.dataset.game = geo.game;
  const d = s.describe;
  const pts = pointChars(geo, d.points);
  const byName = new Map(geo.points.map((p) => [p.name, p]));
  const showNames = $('show-names').checked;
  const pieces = el('g', {}, svg);
  const hits = el('g', {}, svg);

  // squares (Guerrilla Checkers)
  const sqs = squareChars(geo, d.squares);
  for (const q of geo.squares) {
    const [x, y] = pos(q.x, q.y);
    const c = sqs.get(q.name);
    el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: c === '-' ? 'sq-light' : 'sq-dark' }, pieces);
    if (c === 'C') el('circle', { cx: x, cy: y, r: 0.34, class: 'checker' }, pieces);
    if (showNames) el('text', { x: x - 0.45, y: y + 0.45, class: 'label' }, pieces).textContent = q.name;
    if (c !== '-') {
      const h = el('rect', { x: x - 0.42, y: y - 0.42, width: 0.84, height: 0.84, class: 'hit', 'data-name': q.name }, hits);
      el('title', {}, h).textContent = q.name;
    }
  }
  const checkers = geo.squares.length > 0;
  // lattice lines (each neighbour pair once); the squares draw the grid in Guerrilla Checkers
  if (!checkers) {
    for (const p of geo.points) {
      for (const n of p.neighbours) {
        const q = byName.get(n);
        if (!q || n < p.name) continue;
        const [x1, y1] = pos(p.x, p.y), [x2, y2] = pos(q.x, q.y);
        el('line', { x1, y1, x2, y2, class: 'lattice' }, pieces);
      }
    }
  } else {
    for (const q of geo.squares) {
      const [x, y] = pos(q.x, q.y);
      el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: 'none', class: 'grid' }, pieces);
    }
  }
  // groups: links between neighbouring pieces of one colour
  for (const p of geo.points) {
    const c = pts.get(p.name);
    if (c !== 'W' && c !== 'B') continue;
    for (const n of p.neighbours) {
      if (n < p.name || pts.get(n) !== c) continue;
      const q = byName.get(n);
      const [x1, y1] = pos(p.x, p.y), [x2, y2] = pos(q.x, q.y);
      el('line', { x1, y1, x2, y2, class: c === 'W' ? 'link-white' : 'link-black' }, pieces);
    }
  }
  const moving = new Set(namesOf(d.moving || ''));
  const moved = new Set(namesOf(d.moved || ''));
  for (const p of geo.points) {
    const [x, y] = pos(p.x, p.y);
    const c = pts.get(p.name);
    if (p.role === 'edge') { el('circle', { cx: x, cy: y, r: 0.04, class: 'edge-dot' }, pieces); continue; }
    el('circle', { cx: x, cy: y, r: 0.06, class: 'dot' }, pieces);
    if (c === 'G') el('circle', { cx: x, cy: y, r: 0.24, class: 'stone-g' }, pieces);
    if (c === 'W') el('circle', { cx: x, cy: y, r: 0.36, class: 'white' }, pieces);
    if (c === 'B') el('circle', { cx: x, cy: y, r: 0.36, class: 'black' }, pieces);
    if (c === 'X') {
      el('line', { x1: x - 0.25, y1: y - 0.25, x2: x + 0.25, y2: y + 0.25, class: 'token' }, pieces);
      el('line', { x1: x - 0.25, y1: y + 0.25, x2: x + 0.25, y2: y - 0.25, class: 'token' }, pieces);
    }
    if (moving.has(p.name)) el('circle', { cx: x, cy: y, r: 0.45, class: 'moving' }, pieces);
    else if (moved.has(p.name)) el('circle', { cx: x, cy: y, r: 0.45, class: 'moved' }, pieces);
    if (showNames) el('text', { x: x + 0.12, y: y - 0.12, class: 'label' }, pieces).textContent = p.name;
    const h = el('circle', { cx: x, cy: y, r: checkers ? 0.2 : 0.42, class: 'hit', 'data-name': p.name }, hits);
    el('title', {}, h).textContent = p.name;
  }
  svg.querySelectorAll('.hit').forEach((h) => h.addEventListener('click', () => clickName(h.dataset.name)));
}

function renderHighlights() {
  const next = humanToMove() ? nextNames() : new Set();
  const chosen = new Set(gui.clicked);
  const last = gui.state.last || {};
  const lastNames = new Set(namesOf([last.step || '', last.turn || ''].join(' ')));
  const autoNames = new Set(namesOf((last.auto || []).join(' ')));
  const autoKey = JSON.stringify(last);
  if (autoKey !== gui.lastAutoKey) {
    gui.lastAutoKey = autoKey;
    gui.autoNames = autoNames;
    gui.autoUntil = Date.now() + 2500;
  }
  const animate = Date.now() < (gui.autoUntil || 0);
  document.querySelectorAll('#board .hit').forEach((h) => {
    const n = h.dataset.name;
    h.classList.toggle('target', next.has(n));
    h.classList.toggle('chosen', chosen.has(n));
    h.classList.toggle('last', lastNames.has(n));
    h.classList.toggle('auto', animate && gui.autoNames.has(n));
  });
}

function renderTurnPanel() {
  const s = gui.state;
  $('selected').textContent = gui.clicked.length ? gui.clicked.join(' ') : '—';
  const box = $('step-buttons');
  box.replaceChildren();
  if (humanToMove()) {
    // steps naming nothing are buttons; so are complete steps that still have rivals
    const buttons = s.steps.filter((st) => namesOf(st).length === 0);
    if (gui.clicked.length) {
      for (const c of candidates(gui.clicked)) {
        if (c.names.length === gui.clicked.length) buttons.push(c.step);
      }
    }
    for (const st of buttons) {
      const b = document.createElement('button');
      b.textContent = st;
      b.dataset.step = st;
      b.className = 'step';
      b.addEventListener('click', () => sendStep(st));
      box.appendChild(b);
    }
  }
  const building = s.history.building || [];
  $('building').textContent = building.length ? building.join(' ') : '—';
  const last = s.last || {};
  $('auto').textContent = last.auto && last.auto.length ? `after ${last.step}: ${last.auto.join(' ')}` : '—';
}

function renderStatus() {
  const s = gui.state, d = s.describe;
  const names = SIDES[s.game] || ['p1', 'p2'];
  $('p1-label').textContent = `p1: ${names[0]}`;
  $('p2-label').textContent = `p2: ${names[1]}`;
  document.querySelectorAll('.wells-only').forEach((e) => { e.hidden = $('game').value !== 'guerrilla'; });
  const mover = names[d.tomove === 'p2' ? 1 : 0];
  let text;
  if (s.game === 'guerrilla-checkers') {
    text = `${mover} to move · stones in hand ${d.hand} · stones on the board ${d.stones} · checkers ${d.checkers}` +
      (d.first === 'true' ? ' · first turn' : '');
  } else {
    text = `${mover} to move · turn ${d.turn} of ${d.turn_limit} · passes ${d.passes} · phase ${d.phase} · ` +
      `supply White ${d.supply_white} Black ${d.supply_black} · score White ${d.score_white} Black ${d.score_black}`;
  }
  if (s.paused) text += ' · paused';
  $('status').textContent = text;
  const r = $('result');
  if (d.result && d.result !== 'none') {
    const who = d.result === 'p1win' ? `${names[0]} wins` : d.result === 'p2win' ? `${names[1]} wins` : 'Draw';
    let score = '';
    if (s.game === 'guerrilla') score = ` — final score White ${d.score_white}, Black ${d.score_black}`;
    if (d.forfeit && d.forfeit !== 'none') score += ` (${d.forfeit} lost by an illegal move)`;
    r.textContent = `Game over: ${who} (${d.result})${score}`;
    r.hidden = false;
  } else {
    r.hidden = true;
  }
  const cb = $('confirm-bar');
  cb.hidden = !s.awaiting_confirm;
  $('confirm-turn').textContent = s.awaiting_confirm || '';
  $('pause').disabled = s.paused;
  $('resume').disabled = !s.paused;
}

function renderSide() {
  const s = gui.state;
  const t = s.thinking;
  const names = SIDES[s.game] || ['p1', 'p2'];
  if (t && t.side) {
    const who = names[t.side === 'p2' ? 1 : 0];
    const parts = [`${s.searching ? 'thinking' : 'last search'} (${who})`];
    if (t.depth !== undefined) parts.push(`depth ${t.depth}`, `nodes ${t.nodes}`, `score ${t.score}`);
    if (t.pv) parts.push(`pv ${t.pv}`);
    $('thinking').textContent = parts.join(' · ');
  } else {
    $('thinking').textContent = '—';
  }
  const moves = $('moves');
  moves.replaceChildren();
  for (const m of s.history.moves || []) {
    const li = document.createElement('li');
    li.textContent = m;
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  const list = $('messages');
  list.replaceChildren();
  for (const m of s.messages) {
    const li = document.createElement('li');
    li.className = m.level;
    li.textContent = m.text;
    list.prepend(li);
    if (m.seq > gui.seenMessages && m.level === 'error') notice(m.text);
  }
  if (s.messages.length) gui.seenMessages = Math.max(gui.seenMessages, ...s.messages.map((m) => m.seq));
  $('describe').textContent = Object.entries(s.describe).map(([k, v]) => `${k}=${v}`).join('\n');
}

function render(state) {
  if (gui.state && state.version < gui.state.version && state.session === gui.state.session) return;
  const geoChanged = !gui.state || JSON.stringify(gui.state.geometry) !== JSON.stringify(state.geometry);
  const posChanged = !gui.state || JSON.stringify(gui.state.describe) !== JSON.stringify(state.describe) ||
    JSON.stringify(gui.state.steps) !== JSON.stringify(state.steps);
  const settingsChanged = !gui.state || gui.state.game !== state.game ||
    gui.state.board_side !== state.board_side || gui.state.turn_limit !== state.turn_limit ||
    JSON.stringify(gui.state.players) !== JSON.stringify(state.players);
  gui.state = state;
  if (settingsChanged) {
    // the controls show what the server plays
    $('game').value = state.game;
    for (const [id, key] of [['board-side', 'board_side'], ['turn-limit', 'turn_limit']]) {
      const bounds = state.option_bounds[key];
      $(id).min = bounds.min;
      $(id).max = bounds.max;
      $(id).value = state[key];
    }
    state.players.forEach((p, i) => {
      $(`p${i + 1}-kind`).value = p.kind;
      if (p.movetime) $(`p${i + 1}-time`).value = p.movetime;
    });
  }
  if (geoChanged) {
    gui.names = new Set();
    if (state.geometry) {
      state.geometry.points.forEach((p) => gui.names.add(p.name));
      state.geometry.squares.forEach((q) => gui.names.add(q.name));
    }
  }
  if (posChanged) {
    gui.clicked = [];
    // When every step names the same point or square first (a piece that must go on), it is
    // selected already.
    const all = humanToMove() ? candidates([]) : [];
    if (all.length && all.every((c) => c.names.length > 1 && c.names[0] === all[0].names[0])) {
      gui.clicked = [all[0].names[0]];
    }
  }
  drawBoard();
  renderHighlights();
  renderTurnPanel();
  renderStatus();
  renderSide();
  document.body.dataset.version = state.version;
  document.body.dataset.result = state.describe.result || '';
  document.body.dataset.tomove = state.describe.tomove || '';
  document.body.dataset.searching = state.searching ? 'true' : 'false';
}

// ---------- controls ----------

$('new-game').addEventListener('click', () => { gui.clicked = []; act(newGameAction()); });
$('apply-players').addEventListener('click', () => act({ type: 'players', players: players() }));
$('undo').addEventListener('click', () => { gui.clicked = []; act({ type: 'undo' }); });
$('confirm-undo').addEventListener('click', () => { gui.clicked = []; act({ type: 'undo' }); });
$('confirm').addEventListener('click', () => act({ type: 'confirm' }));
$('pause').addEventListener('click', () => act({ type: 'pause' }));
$('resume').addEventListener('click', () => act({ type: 'resume' }));
$('advance').addEventListener('click', () => act({ type: 'advance' }));
$('flip').addEventListener('click', () => { gui.flipped = !gui.flipped; if (gui.state) render(gui.state); });
$('show-names').addEventListener('change', () => { if (gui.state) render(gui.state); });
$('clear-selection').addEventListener('click', () => { gui.clicked = []; if (gui.state) render(gui.state); });
$('game').addEventListener('change', () => renderStatus());
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') { gui.clicked = []; if (gui.state) render(gui.state); }
});
window.addEventListener('beforeunload', () => {
  if (gui.session) navigator.sendBeacon(`/api/session/${gui.session}/close`);
});

start();
