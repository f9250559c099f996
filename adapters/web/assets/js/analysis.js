// The analysis board's lines: an analysis reports the engine's best N lines (MultiPV), each
// listed with its score and win chance for the side to move and its turns in the move list's
// notation, best first as the engine orders them. A click on a line's turn previews the
// position after it (set up by the server, drawn on the board marked as a preview, Back or Esc
// returns); a line's first turn can be played when a person is to move in the position as it
// stands.
'use strict';

import { face, sideIndex, pretty } from './face.js';
import { act } from './net.js';
import { game } from './moves.js';

const $ = (id) => document.getElementById(id);

// The turns of a line shown (a longer line is cut with an ellipsis).
const SHOWN_TURNS = 8;

export const analysis = {
  preview: null,   // {ply, line, index, moves, before, after, report}: the position previewed
  onChange: null,  // redraws the page
  draws: 0,        // the times the lines were drawn, and the report drawn last (for the
  drawn: null,     // end-to-end tests)
  pageState: () => null, // the state the page draws now (app.js)
};

// The number of lines the page asks for (1 to 5, 3 unless chosen), kept in the browser.
export function linesWanted() {
  const v = Number($('lines-count').value);
  return Number.isInteger(v) && v >= 1 ? v : 3;
}
$('lines-count').value = localStorage.getItem('guerrilla-web-lines') || '3';

// A line's win chance for the side searched, 0 to 1: from its `wdl` (win and half the draws),
// else from its score ((1 + score) / 2, the same value); a proven result as 1, ½ or 0.
export function winChance(line) {
  if (line.proven) return line.proven === 'win' ? 1 : line.proven === 'loss' ? 0 : 0.5;
  if (line.wdl) return (line.wdl[0] + line.wdl[1] / 2) / 1000;
  if (line.score !== undefined) return (1 + Number(line.score)) / 2;
  return null;
}

function scoreText(line) {
  if (line.proven) return `${line.proven} in ${line.proven_in}`;
  if (line.score === undefined) return '?';
  const v = Number(line.score);
  return `${v >= 0 ? '+' : ''}${v.toFixed(2)}`;
}

// Whether a line's first turn may be played now: an analysis of the position as it stands, at a
// turn's start, with a person to move and no turn waiting for its Confirm.
export function linePlayable(s) {
  const t = s.thinking;
  if (!t || !t.analysis || t.ply !== s.timeline.plies.length || game.view !== null) return false;
  const side = sideIndex(s.describe.tomove);
  return s.players[side] && s.players[side].kind === 'human' && s.describe.turnstart === 'true' &&
    !s.awaiting_confirm && (!s.describe.result || s.describe.result === 'none');
}

// Asks the server for the position after the turns `moves` (line `k`'s first `index + 1`, as
// drawn) from the position after `ply` turns, and shows it.
async function showPreview(s, ply, k, index, moves) {
  const answer = await act({ type: 'preview', ply, moves });
  if (!answer || !answer.ok) return;
  analysis.preview = { ...answer.data, line: k, index, session: s.session, game_no: s.game_no };
  analysis.onChange();
}

// The steps of a turn the engine suggests (a hint, an analysis's best turn) in the order they
// are played, as the engine itself plays the turn (`preview`'s report): a turn's written form
// need not be an order that can be played (a pair of stones is written either way). Each
// suggested turn is asked once; until the answer comes, or when it cannot come (a game between
// friends), null.
const suggested = new Map();
export function suggestedSteps(s, ply, turn) {
  const key = `${s.session}:${s.game_no}:${ply}:${turn}`;
  if (suggested.has(key)) return suggested.get(key);
  suggested.set(key, null);
  if (suggested.size > 64) suggested.delete(suggested.keys().next().value);
  act({ type: 'preview', ply, moves: [turn], quiet: true }).then((answer) => {
    if (!answer || !answer.ok) return;
    suggested.set(key, { before: answer.data.before, report: answer.data.report });
    analysis.onChange();
  });
  return null;
}

export function endPreview() {
  if (!analysis.preview) return;
  analysis.preview = null;
  analysis.onChange();
}

// The preview ends when the game it was of is gone (a new game, a turn taken back).
export function checkPreview(s) {
  const p = analysis.preview;
  if (p && (p.session !== s.session || p.game_no !== s.game_no || p.ply > s.timeline.plies.length)) analysis.preview = null;
}

// The state the lines were last drawn from: a click acts on what it shows.
let drawnFrom = null;

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Sets a text only when it changed (an element's text is its only child: no node is replaced
// when the text stays).
function setText(e, text) { if (e.textContent !== text) e.textContent = text; }

// A line's row, its elements made once: the score, the win chance, the turns (chips added and
// removed as the line grows or shrinks), an ellipsis and Play. A click reads the line as drawn.
function lineRow(k) {
  const li = el('li', 'line');
  li.dataset.line = k + 1;
  const turns = el('span', 'line-turns');
  const play = el('button', 'play-line', 'Play');
  play.addEventListener('click', () => {
    if (!li.pv) return;
    endPreview();
    act({ type: 'play', turn: li.pv[0] });
  });
  li.append(el('span', 'line-score'), el('span', 'line-chance'), turns, el('span', 'line-more', ' …'), play);
  return li;
}

// A turn chip of line `k`: a click previews the position after it.
function chip(li, k, i) {
  const b = el('button', 'pv-move');
  b.dataset.index = i;
  b.title = 'show the position after this turn (not played)';
  b.addEventListener('click', () => {
    if (!li.pv || !li.analysis || !drawnFrom) return;
    showPreview(drawnFrom, li.ply, k, i, li.pv.slice(0, i + 1));
  });
  return b;
}

// Draws line `k` into its row `li`, changing only what changed.
function drawLine(li, s, line, k, who, playable) {
  const t = s.thinking;
  li.pv = line.pv;
  li.ply = t.ply;
  li.analysis = t.analysis;
  const [score, chanceBox, turns, more, play] = li.children;
  setText(score, scoreText(line));
  score.title = `the expected result for ${who}, −1 to +1`;
  const chance = winChance(line);
  chanceBox.hidden = chance === null;
  if (chance !== null) {
    chanceBox.dataset.chance = chance.toFixed(3);
    setText(chanceBox, `${Math.round(chance * 100)}%`);
    chanceBox.title = `${who}'s win chance${line.wdl ? ' (from the engine\'s win/draw/loss figures)' : ''}`;
  }
  const shown = line.pv.slice(0, SHOWN_TURNS);
  while (turns.children.length > shown.length) turns.lastChild.remove();
  while (turns.children.length < shown.length) turns.append(chip(li, k, turns.children.length));
  const p = analysis.preview;
  shown.forEach((turn, i) => {
    const b = turns.children[i];
    setText(b, pretty(turn));
    b.disabled = !t.analysis;
    b.classList.toggle('current', Boolean(p && p.line === k && p.index === i && p.ply === t.ply));
  });
  more.hidden = line.pv.length <= SHOWN_TURNS;
  play.hidden = !playable;
  play.title = `play ${pretty(line.pv[0])} on the board`;
}

// The lines of the engine's last report in `box`, drawn in place: a line keeps its row and its
// chips from one report to the next (only their texts change), so that a press on one lands.
export function renderLines(s, box) {
  const t = s.thinking;
  const lines = (t.lines && t.lines.length ? t.lines : [t]).filter((l) => l.pv && l.pv.length);
  let label = box.querySelector('.lines-head'), list = box.querySelector('#lines');
  if (!lines.length) { box.replaceChildren(); return; }
  if (!label || !list) {
    label = el('div', 'lines-head');
    list = el('ol');
    list.id = 'lines';
    box.replaceChildren(label, list);
  }
  drawnFrom = s;
  analysis.draws += 1;
  analysis.drawn = t;
  const who = face(s.game).sides[sideIndex(t.side)];
  const playable = linePlayable(s);
  setText(label, lines.length === 1 ? 'line:' : `${lines.length} lines, best first:`);
  while (list.children.length > lines.length) list.lastChild.remove();
  while (list.children.length < lines.length) list.append(lineRow(list.children.length));
  lines.forEach((line, k) => drawLine(list.children[k], s, line, k, who, playable));
}

$('lines-count').addEventListener('change', () => {
  try { localStorage.setItem('guerrilla-web-lines', $('lines-count').value); } catch (e) { /* storage off */ }
  const s = analysis.pageState();
  if (s && s.analysing !== null && s.analysing !== undefined) act({ type: 'analyse', on: true, ply: s.analysing, lines: linesWanted() });
});
