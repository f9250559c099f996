// Talking to the server: actions (POST), live states (WebSocket), and the session a page
// belongs to. The session's id is in the URL (`?s=<id>`), so a reload finds the same game; the
// game's record is also kept in the browser's storage, so that a reload after the server lost
// the session (expired, restarted) sets the same game up in a new one. A seat of a game between
// friends is the secret in the URL (`&k=<key>`), sent with every action; the page pings the
// server while it is open, so that the sessions of closed pages are freed.
'use strict';

export const net = {
  session: null,
  busy: 0,           // requests under way
  sentVersion: 0,    // the state's version when the last of them was sent
  onState: null,     // (state) => void
  onNotice: null,    // (text) => void
  onConnection: null,
  key: null,         // this page's seat in a game between friends (`k` in the URL)
  after: [],         // more (state) => void, called after onState (friend.js, games.js)
  pageState: () => null, // the state the page draws now (app.js)
};

// Draws a state: the page's own drawing, then the modules that follow it.
function deliver(state) {
  net.onState(state);
  for (const f of net.after) f(state);
}

// This browser's random token: the server lists the games it made or joined ("my games").
export function browserToken() {
  const KEY = 'guerrilla-web-browser';
  let t = null;
  try { t = localStorage.getItem(KEY); } catch (e) { /* storage off */ }
  if (!t) {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    t = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    try { localStorage.setItem(KEY, t); } catch (e) { /* storage off: a token a page */ }
  }
  return t;
}

async function post(url, body) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  return r.json();
}

// Sends an action; the server's answer (`ok`, `error`, `state`, `data`), or null when the
// server did not answer. The state is drawn and a refusal is shown.
// A `quiet` action (reading, such as the timeline's positions) does not hold the user's clicks.
export async function act(action) {
  if (!net.session) return null;
  const holds = !action.quiet;
  if (holds) {
    net.busy++;
    net.sentVersion = net.pageState() ? net.pageState().version : 0;
    document.body.dataset.busy = 'true';
  }
  let answer;
  try {
    answer = await post(`/api/session/${net.session}/action`, net.key ? { ...action, key: net.key } : action);
  } catch (e) {
    net.onNotice(`the server did not answer: ${e}`);
    return null;
  } finally {
    if (holds) {
      net.busy--;
      if (!net.busy) document.body.dataset.busy = 'false';
    }
  }
  if (answer.state) deliver(answer.state);
  if (!answer.ok && !action.quiet) net.onNotice(answer.error);
  return answer;
}

let socket = null;
function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const id = net.session;
  const ws = new WebSocket(`${proto}://${location.host}/api/session/${id}/ws`);
  socket = ws;
  ws.onopen = () => { net.onConnection(`game ${id}`); ping(); };
  ws.onmessage = (ev) => { if (net.session === id) deliver(JSON.parse(ev.data)); };
  ws.onclose = () => {
    if (socket !== ws) return;
    net.onConnection('connection lost; reconnecting…');
    setTimeout(() => { if (socket === ws) reattach(); }, 2000);
  };
}

// The page is alive: a ping now and then (as often as the server asks); the server frees a
// session whose pages all stopped. A ping also brings back a session the server had freed.
let pinging = null;
function ping() {
  clearTimeout(pinging);
  const id = net.session;
  if (!id) return;
  fetch(`/api/session/${id}/ping`, { method: 'POST' })
    .then((r) => r.json())
    .then((a) => { pinging = setTimeout(ping, (a && a.every_ms) || 15000); })
    .catch(() => { pinging = setTimeout(ping, 2000); });
}

// The session comes back after a lost connection, or a new one takes the stored game.
async function reattach() {
  const answer = await act({ type: 'state', quiet: true });
  if (answer && answer.ok) { connect(); return; }
  if (answer) await adopt(null);
  else setTimeout(reattach, 2000);
}

const STORE = 'guerrilla-web-games';
const KEPT = 20;

function stored() {
  try { return JSON.parse(localStorage.getItem(STORE) || '{}'); } catch (e) { return {}; }
}

// A game's key in the browser's storage: its session and its number there, so that a new game
// never overwrites the one before it.
function gameKey(state) { return `${state.session}:${state.game_no || 0}`; }

// Keeps the game of a session for a reload and for My games (the last 20 games).
export function remember(state) {
  if (!state || !state.history || !state.history.start) return;
  const all = stored();
  all[gameKey(state)] = {
    at: Date.now(), session: state.session,
    game: state.game, options: state.options, result: state.describe.result,
    fen: state.history.start, moves: state.history.moves, players: state.players,
    replay: Boolean(state.replay),
  };
  const keys = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const k of keys.slice(KEPT)) delete all[k];
  try { localStorage.setItem(STORE, JSON.stringify(all)); } catch (e) { /* storage full or off */ }
  net.current = gameKey(state);
}

// The games kept in this browser but the one on the board, newest first.
export function savedGames() {
  const all = stored();
  // a replay of a kept game is that game, listed once already
  return Object.keys(all).filter((k) => k !== net.current && all[k].moves && all[k].moves.length && !all[k].replay)
    .sort((a, b) => all[b].at - all[a].at).map((k) => ({ key: k, ...all[k] }));
}

// The newest game kept of the session `id`.
function lastOf(id) {
  const all = stored();
  const keys = Object.keys(all).filter((k) => all[k].session === id || k === id).sort((a, b) => all[b].at - all[a].at);
  return keys.length ? all[keys[0]] : null;
}

function setUrl(id) {
  const url = new URL(location.href);
  url.search = `?s=${id}`;
  history.replaceState(null, '', url);
}

// Makes a new session the page's; `setup` is the first action (a new game), or the stored
// game of the lost session `lost` is set up again.
async function adopt(setup, lost) {
  const old = lost || net.session;
  const answer = await post('/api/session', { browser: browserToken() });
  if (!answer.id) {
    net.onConnection('no game');
    net.onNotice(answer.error || 'the server refused a session');
    return false;
  }
  net.session = answer.id;
  document.body.dataset.session = answer.id;
  setUrl(answer.id);
  let action = setup;
  const keep = old && lastOf(old);
  if (!action && keep) {
    action = { type: 'new', game: keep.game, options: keep.options,
      fen: keep.fen, moves: keep.moves, players: keep.players };
  }
  if (action) {
    const done = await act(action);
    if (keep && done && done.ok) net.onNotice(`the server had lost game ${old}: it was set up again from this browser's copy`);
  } else {
    await act({ type: 'state' });
  }
  connect();
  return true;
}

// The `new` action that sets up the kept game `publicId` to replay it (paused), or null.
async function replayAction(publicId) {
  try {
    const r = await fetch(`/api/record/${encodeURIComponent(publicId)}`);
    const g = await r.json();
    if (!r.ok) { net.onNotice(g.error || 'no such game'); return null; }
    net.replaying = true;
    return { type: 'new', game: g.game, options: g.options, fen: g.start, moves: g.moves, players: g.players, paused: true, replay: publicId };
  } catch (e) {
    net.onNotice(`the server did not answer: ${e}`);
    return null;
  }
}

// The games the engine plays (the server's catalogue).
export async function games() {
  const r = await fetch('/api/games');
  return r.json();
}

// Opens the page's game: the session in the URL when it is still live, else a new one set up
// with `setup()` (the URL's settings) or, after a lost session, with its stored game.
export async function open(setup) {
  const q = new URLSearchParams(location.search);
  const id = q.get('s');
  net.key = q.get('k');
  if (!id && q.has('replay')) return adopt(await replayAction(q.get('replay')));
  if (id) {
    net.session = id;
    const answer = await act({ type: 'state', quiet: true });
    if (answer && answer.ok) {
      document.body.dataset.session = id;
      connect();
      return;
    }
    net.session = null;
    return adopt(null, id);
  }
  return adopt(setup());
}

// The page goes away (closed or reloading): the server keeps the game for a reload.
export function leave() {
  if (net.session) navigator.sendBeacon(`/api/session/${net.session}/leave`);
}
