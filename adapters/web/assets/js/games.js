// My games: the games this browser made or joined, as the server keeps them in its database
// (which browser is this one: a random token in the browser's storage, `browserToken`), then
// the games the browser kept itself that the server does not list (a server without its
// database, another server), each to open again here (set up paused). Each server game
// can be opened again (the session's last game: its link, with this browser's seat when it
// holds one; the server revives it when it no longer runs it), replayed (a new session set up
// from the record, paused, shown from its start), exported as a record, or shared (a link that
// watches a game between friends still played, or replays any other game).
'use strict';

import { net, browserToken, savedGames, act } from './net.js';
import { face, catalogue } from './face.js';
import { gameRecord, levelWord } from './record.js';
import { game, go } from './moves.js';
import { ask } from './dialogs.js';

const $ = (id) => document.getElementById(id);

// `state`: the last state the list followed (the game it marks as this one).
export const mine = { list: [], key: '', timer: null, named: false, state: null };

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, attrs || {});
  e.append(...children);
  return e;
}

function resultWords(g) {
  const sides = face(g.game).sides;
  if (!g.result || g.result === 'none') return 'in progress';
  const who = g.result === 'p1win' ? `${sides[0]} won` : g.result === 'p2win' ? `${sides[1]} won` : 'draw';
  return g.reason ? `${who} (${g.reason.replace(/[-_]/g, ' ')})` : who;
}

function playersWords(g) {
  const sides = face(g.game).sides;
  if (g.friend) {
    const side = g.seat !== null && g.holds ? (g.holds[g.seat] === 'p2' ? 1 : 0) : null;
    return side === null ? 'between friends (watched)' : `you played ${sides[side]} against a friend`;
  }
  return (g.players || []).map((p, i) => `${sides[i]}: ${p.kind !== 'engine' ? 'human' : levelWord(p) ? `engine (${levelWord(p)})` : 'engine'}`).join(', ');
}

function openLink(g) {
  return `/?s=${g.session}${g.key ? `&k=${g.key}` : ''}`;
}

function shareLink(g) {
  // a game between friends still played is watched live; any other game is replayed
  const live = g.friend && g.latest && (!g.result || g.result === 'none');
  const path = live ? `/?s=${g.session}` : `/?replay=${g.public}`;
  return new URL(path, location.href).href;
}

function download(g) {
  const s = {
    game: g.game, options: g.options, players: g.players, first: g.first,
    history: { start: g.start, standard_start: g.start === 'startpos', moves: g.moves },
    describe: { result: g.result, reason: g.reason },
  };
  const blob = new Blob([gameRecord(s)], { type: 'text/plain' });
  const a = el('a', { href: URL.createObjectURL(blob), download: `${g.game}-${g.public}.pgn` });
  document.body.append(a);
  a.click();
  a.remove();
}

function render() {
  const box = $('my-games');
  if (!box) return;
  const list = box.querySelector('ol');
  const current = mine.state;
  list.replaceChildren(...mine.list.map((g) => {
    const f = face(g.game);
    const here = current && current.session === g.session && current.game_no === g.game_no;
    const when = new Date(g.updated).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
    const li = el('li', {});
    li.dataset.public = g.public;
    li.append(el('div', { className: 'game-line', textContent: `${f.title} · ${g.moves.length} turn${g.moves.length === 1 ? '' : 's'} · ${resultWords(g)}${here ? ' · this game' : ''}` }));
    li.append(el('div', { className: 'muted game-when', textContent: `${playersWords(g)} · ${when}` }));
    const buttons = el('div', { className: 'buttons' });
    if (g.latest && !here) buttons.append(el('a', { className: 'button', href: openLink(g), textContent: 'Open' }));
    buttons.append(el('a', { className: 'button', href: `/?replay=${g.public}`, textContent: 'Replay' }));
    const exp = el('button', { type: 'button', textContent: 'Export' });
    exp.addEventListener('click', () => download(g));
    const share = el('button', { type: 'button', textContent: 'Share' });
    share.addEventListener('click', async () => {
      const url = shareLink(g);
      $('share-link').value = url;
      $('share-row').hidden = false;
      try { await navigator.clipboard.writeText(url); share.textContent = 'Link copied'; } catch (e) { share.textContent = 'Link below'; }
      setTimeout(() => { share.textContent = 'Share'; }, 2000);
    });
    buttons.append(exp, share);
    li.append(buttons);
    return li;
  }));
  const listed = new Set(mine.list.map((g) => `${g.session}:${g.game_no}`));
  list.append(...savedGames().filter((g) => !listed.has(g.key)).map(keptHere));
  box.querySelector('.empty').hidden = list.children.length > 0;
}

// A game kept in this browser only: opened again in this session, paused.
function keptHere(g) {
  const f = face(g.game);
  const when = new Date(g.at).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
  const over = g.result && g.result !== 'none';
  const li = el('li', {});
  li.append(el('div', { className: 'game-line', textContent: `${f.title} · ${g.moves.length} turn${g.moves.length === 1 ? '' : 's'} · ${over ? g.result : 'in progress'}` }));
  li.append(el('div', { className: 'muted game-when', textContent: `kept in this browser · ${when}` }));
  const open = el('button', { type: 'button', textContent: 'Open' });
  open.dataset.saved = g.key;
  open.addEventListener('click', async () => {
    if (!(await leaveGameInProgress(mine.state))) return;
    const answer = await act({ type: 'new', game: g.game, options: g.options, fen: g.fen, moves: g.moves, players: g.players, paused: true });
    if (answer && answer.ok) { game.view = null; net.onNotice(`game opened: ${g.moves.length} turns (paused)`, 'success'); }
  });
  li.append(el('div', { className: 'buttons' }, open));
  return li;
}

// Whether the game in progress in `s` may be left: asked when it has turns and has not ended;
// it stays in My games either way.
export async function leaveGameInProgress(s) {
  if (!s || !s.history.moves.length || (s.describe.result && s.describe.result !== 'none')) return true;
  return ask(`A game is in progress (${s.history.moves.length} turns). Start another? This one stays in My games.`, 'Start another', 'Keep playing');
}

export async function refresh() {
  try {
    const r = await fetch(`/api/mine?browser=${browserToken()}`);
    if (r.ok) mine.list = await r.json();
  } catch (e) { return; }
  render();
}

// The list follows the games: asked again when a game starts, a turn is played or one ends.
function follow(s) {
  mine.state = s;
  // the first list may come before the catalogue: drawn again with the games' own names
  if (!mine.named && catalogue.games.length) { mine.named = true; render(); }
  const key = `${s.session} ${s.game_no} ${s.history.moves.length} ${s.describe.result}`;
  if (key === mine.key) return;
  mine.key = key;
  clearTimeout(mine.timer);
  mine.timer = setTimeout(refresh, 800);
  if (net.replaying) showFromStart();
}
net.after.push(follow);

// A replay starts from the game's first position once the page has read its positions.
function showFromStart() {
  if (!net.replaying || mine.waiting) return;
  const s = mine.state;
  if (s && game.entries.length === s.timeline.plies.length + 1 && s.timeline.plies.length) {
    net.replaying = false;
    go(s, 0);
    return;
  }
  mine.waiting = setTimeout(() => { mine.waiting = null; showFromStart(); }, 200);
}

function setup() {
  const controls = $('controls');
  if (!controls || $('my-games')) return;
  const share = el('div', { id: 'share-row', className: 'link-row', hidden: true }, 'link: ',
    el('input', { id: 'share-link', readOnly: true }));
  const box = el('div', { id: 'my-games' },
    el('h2', { textContent: 'My games' }),
    el('p', { className: 'muted empty', textContent: 'The games this browser plays or joins are kept on the server and listed here.' }),
    el('ol', {}), share);
  controls.append(box);
  refresh();
}
setup();
