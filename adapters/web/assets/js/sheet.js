// The phone's menu and a game's end. On a narrow screen the controls (the game, the players,
// New game, Pause, Play a friend, My games, export and import) live in a bottom sheet that the
// header's Menu button opens and that closes by itself once one of its actions is pressed; a
// wide window shows them in their column and has no Menu. A finished game shows New game,
// Rematch and Review beside its banner, on every screen.
'use strict';

import { act } from './net.js';
import { friend } from './friend.js';

const $ = (id) => document.getElementById(id);

// Opens or closes the menu sheet; the focus goes into it and back to the Menu button.
export function openMenu(open) {
  const was = document.body.classList.contains('menu-open');
  document.body.classList.toggle('menu-open', open);
  $('open-menu').setAttribute('aria-expanded', String(open));
  if (open && !was) $('close-menu').focus({ preventScroll: true });
  if (!open && was && $('controls').contains(document.activeElement)) $('open-menu').focus({ preventScroll: true });
}

// The controls whose press ends the visit to the menu: the board is what the player wants next.
const CLOSING = new Set(['new-game', 'apply-players', 'pause', 'advance', 'flip', 'import', 'ask-yes']);

function over(s) { return Boolean(s.describe.result) && s.describe.result !== 'none'; }

// The `new` action of a rematch against the engine: the same game and start, the seats swapped.
function rematchAction(s) {
  const a = { type: 'new', game: s.game, options: s.options, players: [s.players[1], s.players[0]] };
  if (!s.history.standard_start && s.history.start) a.fen = s.history.start;
  return a;
}

// The finished game the buttons beside the banner act on: the state last drawn.
const end = { state: null };

// The buttons beside a finished game's banner, once the turn that ended it has been shown
// (`ending`: that turn is still being shown).
export function renderEnd(s, ending) {
  end.state = s;
  const box = $('end-actions');
  const show = over(s) && !ending;
  box.hidden = !show;
  if (!show) return;
  const watching = Boolean(s.friend) && friend.seat === null;
  $('end-rematch').hidden = watching;
  const offered = s.friend && s.friend.rematch;
  const mine = offered && friend.seat !== null && s.friend.holds[friend.seat] === offered;
  $('end-rematch').textContent = mine ? 'Rematch offered' : offered ? 'Accept rematch' : 'Rematch';
  $('end-rematch').disabled = Boolean(mine);
  $('end-new').hidden = Boolean(s.friend);
  $('end-review').hidden = watching || Boolean(s.review && s.review.running);
}

function setup() {
  $('open-menu').addEventListener('click', () => openMenu(!document.body.classList.contains('menu-open')));
  $('close-menu').addEventListener('click', () => openMenu(false));
  $('menu-backdrop').addEventListener('click', () => openMenu(false));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && document.body.classList.contains('menu-open')) { e.stopPropagation(); openMenu(false); }
  }, true);
  document.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('button, a.button');
    if (b && (CLOSING.has(b.id) || b.closest('#my-games a'))) openMenu(false);
  });
  // New game with the settings of the menu, as its own button starts it
  $('end-new').addEventListener('click', () => $('new-game').click());
  $('end-rematch').addEventListener('click', () => {
    const s = end.state;
    if (!s) return;
    act(s.friend ? { type: 'rematch' } : rematchAction(s));
  });
  $('end-review').addEventListener('click', () => {
    $('review').click();
    $('review-status').scrollIntoView({ block: 'nearest' });
  });
}
setup();
