// A game between friends: "Play a friend" makes a new session whose two seats are held by two
// links (each with its seat's secret, `&k=`); a third link, without a secret, watches. The page
// learns its seat from the server (`seat`), lets its player move only on its own side's turn,
// shows the server's clocks running, Resign and Rematch, the links to send, and whose turn it
// is in the tab's title. The server checks every action itself: what this page holds back is
// for the player's comfort, not the game's safety.
'use strict';

import { act, net, browserToken } from './net.js';
import { input } from './input.js';
import { face, sideIndex } from './face.js';

const $ = (id) => document.getElementById(id);

export const friend = {
  seat: null,       // this page's seat (0: the inviter's, 1: the friend's), or null: watching
  asked: null,      // the session whose seat was asked
  invite: null,     // the friend's secret (the inviter's page only)
  state: null,
  receivedAt: 0,    // when the state (and its clocks) came, performance.now()
  armed: 0,         // Resign pressed once, until then (a second press resigns)
  setFlipped: null, // (turned) => void: turns the board to this page's end (app.js)
};

function isFriend(s) { return Boolean(s && s.friend); }
function mySide(s) { return friend.seat === null ? null : sideIndex(s.friend.holds[friend.seat]); }
function over(s) { return s.describe.result && s.describe.result !== 'none'; }
function link(key) {
  const u = new URL(location.href);
  u.search = key ? `?s=${net.session}&k=${key}` : `?s=${net.session}`;
  return u.href;
}

// ---------- the page's hooks: who may move here ----------

input.mayMove = (s) => !isFriend(s) || (mySide(s) !== null && mySide(s) === sideIndex(s.describe.tomove));
input.refuse = (s) => {
  if (!isFriend(s) || over(s)) return null;
  const sides = face(s.game).sides;
  if (mySide(s) === null) return 'you are watching this game: only its two players move, each from the link that holds a seat';
  const mover = sides[sideIndex(s.describe.tomove)];
  if (mySide(s) !== sideIndex(s.describe.tomove)) return `it is ${mover}'s turn: wait for your friend's move (you play ${sides[mySide(s)]})`;
  return null;
};

// ---------- the bar over the board: seats, clocks, links, resign, rematch ----------

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, attrs || {});
  e.append(...children);
  return e;
}

function bar() {
  let b = $('friend-bar');
  if (!b) {
    b = el('div', { id: 'friend-bar' });
    b.setAttribute('aria-label', 'game between friends');
    $('board-wrap').before(b);
  }
  return b;
}

function clockText(ms) {
  const t = Math.max(0, ms);
  const m = Math.floor(t / 60000), sec = Math.floor((t % 60000) / 1000);
  const text = `${m}:${String(sec).padStart(2, '0')}`;
  return t < 10000 ? `${text}.${Math.floor((t % 1000) / 100)}` : text;
}

// The time a side has now: the server's figure, less what ran since it came.
function leftNow(s, side) {
  const c = s.clock;
  const running = c.running !== null && sideIndex(c.running) === side;
  return c.left_ms[side] - (running ? performance.now() - friend.receivedAt : 0);
}

function drawClocks() {
  const s = friend.state;
  if (!isFriend(s) || !s.clock) return;
  for (const side of [0, 1]) {
    const e = $(`clock-${side}`);
    if (!e) continue;
    const ms = leftNow(s, side);
    e.textContent = clockText(ms);
    e.classList.toggle('running', s.clock.running !== null && sideIndex(s.clock.running) === side);
    e.classList.toggle('low', ms < 10000);
  }
}
setInterval(drawClocks, 100);

function copyButton(text, label, id) {
  const b = el('button', { id, textContent: label, type: 'button' });
  b.addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(text); b.textContent = 'Copied'; } catch (e) { prompt('Copy this link', text); }
    setTimeout(() => { b.textContent = label; }, 2000);
  });
  return b;
}

function render(s) {
  const b = bar();
  if (!isFriend(s)) { b.hidden = true; delete document.body.dataset.friend; return; }
  b.hidden = false;
  const sides = face(s.game).sides;
  const mine = mySide(s);
  document.body.dataset.friend = mine === null ? 'watching' : 'playing';
  const seats = [0, 1].map((side) => {
    const seat = s.friend.holds.findIndex((h) => sideIndex(h) === side);
    const who = mine === side ? ' (you)' : mine === null ? '' : ' (friend)';
    // A page never tells its own player they are not here: the state that says who joined may
    // be one step behind the page's own join.
    const away = mine !== side && !s.friend.joined[seat] ? ' · not here yet' : '';
    const parts = [el('span', { className: 'seat-name', textContent: `${sides[side]}${who}${away}` })];
    if (s.clock) parts.push(el('span', { className: 'clock', id: `clock-${side}` }));
    const box = el('span', { className: `seat${side === sideIndex(s.describe.tomove) && !over(s) ? ' to-move' : ''}` }, ...parts);
    box.dataset.side = side;
    return box;
  });
  const row = el('div', { className: 'seats' }, ...seats);
  const actions = el('div', { className: 'friend-actions' });
  if (mine !== null && !over(s)) {
    const r = el('button', { id: 'resign', type: 'button', textContent: friend.armed > Date.now() ? 'Resign? press again' : 'Resign' });
    r.addEventListener('click', () => {
      if (friend.armed > Date.now()) { friend.armed = 0; act({ type: 'resign' }); return; }
      friend.armed = Date.now() + 4000;
      render(friend.state);
      setTimeout(() => { if (friend.state) render(friend.state); }, 4100);
    });
    actions.append(r);
  }
  if (over(s)) {
    const offered = s.friend.rematch;
    if (mine !== null) {
      const mineOffer = offered && sideIndex(offered) === mine;
      const r = el('button', { id: 'rematch', type: 'button', className: offered && !mineOffer ? 'primary' : '',
        textContent: mineOffer ? 'Rematch offered' : offered ? 'Accept rematch' : 'Rematch (sides swapped)' });
      r.disabled = Boolean(mineOffer);
      r.addEventListener('click', () => act({ type: 'rematch' }));
      actions.append(r);
    } else if (offered) {
      actions.append(el('span', { className: 'muted', textContent: 'a rematch is offered' }));
    }
  }
  if (mine === null) actions.append(el('span', { className: 'muted', id: 'watching', textContent: 'watching (read-only)' }));
  const links = el('details', { className: 'friend-links' });
  links.open = friend.seat === 0 && !s.friend.joined[1];
  links.append(el('summary', { textContent: friend.seat === 0 && !s.friend.joined[1] ? 'Invite your friend: send this link' : 'Links' }));
  if (friend.seat === 0 && friend.invite) {
    const inv = el('input', { id: 'invite-link', readOnly: true, value: link(friend.invite) });
    links.append(el('div', { className: 'link-row' }, 'friend: ', inv, copyButton(inv.value, 'Copy', 'copy-invite')));
  }
  const watch = el('input', { id: 'watch-link', readOnly: true, value: link(null) });
  links.append(el('div', { className: 'link-row' }, 'watch: ', watch, copyButton(watch.value, 'Copy', 'copy-watch')));
  // a player's own opening or closing of the links is kept across redraws
  if (friend.linksOpen !== undefined) links.open = friend.linksOpen;
  links.querySelector('summary').addEventListener('click', () => { friend.linksOpen = !links.open; });
  b.replaceChildren(row, el('div', { className: 'friend-row' }, actions, links));
  drawClocks();
}

// The tab's title: whose turn, in this page's words.
function title(s) {
  if (!isFriend(s)) return;
  const f = face(s.game);
  const mine = mySide(s);
  const side = sideIndex(s.describe.tomove);
  let t;
  if (over(s)) t = 'Game over';
  else if (mine === side) t = 'Your turn';
  else t = `${f.sides[side]} to move${mine === null ? ' (watching)' : ''}`;
  document.title = `${t} · ${f.title}`;
}

// Every state: the seat is asked once a session (it marks this page's seat as joined), then the
// bar and the title follow the game.
async function follow(s) {
  friend.state = s;
  friend.receivedAt = performance.now();
  if (isFriend(s) && friend.asked !== s.session) {
    friend.asked = s.session;
    const answer = await act({ type: 'seat', browser: browserToken(), quiet: true });
    if (answer && answer.ok && answer.data) {
      friend.seat = answer.data.seat;
      friend.invite = answer.data.invite || null;
      if (answer.data.wrong_key) net.onNotice('this link\'s key holds no seat of this game: you are watching it');
    }
  }
  // the board turned to this page's side: the second side's player sees it from their end
  const side = isFriend(s) ? mySide(s) : null;
  const turn = `${s.session}:${s.game_no}:${side}`;
  if (side !== null && friend.turned !== turn && friend.setFlipped) {
    friend.turned = turn;
    friend.setFlipped(side === 1);
  }
  render(friend.state);
  title(friend.state);
}
net.after.push(follow);

// ---------- "Play a friend": the invitation ----------

function panel() {
  const box = el('details', { id: 'friend-panel' });
  box.append(el('summary', { textContent: 'Play a friend' }));
  const side = el('select', { id: 'friend-side' });
  for (const [v, t] of [['random', 'random'], ['p1', 'first side'], ['p2', 'second side']]) side.append(el('option', { value: v, textContent: t }));
  // the sides by their names in the game chosen (`sideNames`), once the games are known
  const clock = el('input', { id: 'friend-clock', type: 'checkbox' });
  const minutes = el('input', { id: 'friend-minutes', type: 'number', min: '0.1', max: '180', step: 'any', value: '5' });
  const inc = el('input', { id: 'friend-increment', type: 'number', min: '0', max: '600', step: 'any', value: '3' });
  const go = el('button', { id: 'friend-create', type: 'button', className: 'primary', textContent: 'Create invitation links' });
  box.append(
    el('p', { className: 'muted', textContent: 'A new game of the game, options and position string below: one link for you, one for your friend, one to watch.' }),
    el('label', {}, 'You play ', side),
    el('label', { className: 'check' }, clock, ' clocks: '),
    el('label', {}, minutes, ' min + ', inc, ' s a turn'),
    el('div', { className: 'buttons' }, go),
  );
  go.addEventListener('click', () => createInvitation());
  return box;
}

async function createInvitation() {
  const options = {};
  for (const i of document.querySelectorAll('#game-options input')) options[i.dataset.option] = i.value.trim() === '' ? null : i.value.trim();
  const action = { type: 'invite', game: $('game').value, options, fen: $('fen').value, side: $('friend-side').value, browser: browserToken() };
  if ($('friend-clock').checked) action.clock = { minutes: Number($('friend-minutes').value), increment: Number($('friend-increment').value) };
  let created;
  try {
    const r = await fetch('/api/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ browser: browserToken() }) });
    created = await r.json();
  } catch (e) { net.onNotice(`the server did not answer: ${e}`); return; }
  if (!created.id) { net.onNotice(created.error || 'the server refused a session'); return; }
  const r = await fetch(`/api/session/${created.id}/action`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(action) });
  const answer = await r.json();
  if (!answer.ok) {
    fetch(`/api/session/${created.id}/close`, { method: 'POST' });
    net.onNotice(answer.error);
    return;
  }
  location.href = `/?s=${created.id}&k=${answer.data.key}`;
}

// The side choices of "Play a friend" named as the chosen game names its sides.
function sideNames() {
  const pick = $('friend-side');
  const game = $('game');
  if (!pick || !game || !game.value) return;
  const sides = face(game.value).sides;
  for (const o of pick.options) {
    if (o.value === 'p1' || o.value === 'p2') o.textContent = sides[sideIndex(o.value)];
  }
}
net.after.push(sideNames);

function setup() {
  const controls = $('controls');
  if (!controls || $('friend-panel')) return;
  const css = el('link', { rel: 'stylesheet', href: '/friend.css' });
  document.head.append(css);
  controls.querySelector('#menu-head') ? controls.querySelector('#menu-head').after(panel()) : controls.prepend(panel());
  $('game').addEventListener('change', sideNames);
}
setup();
