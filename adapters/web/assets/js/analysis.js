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
};
window.analysis = analysis; // for the end-to-end tests

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

// Asks the server for the position after turn `index` of line `k` and shows it.
async function showPreview(s, k, index) {
  const t = s.thinking;
  const line = t.lines[k];
  const moves = line.pv.slice(0, index + 1);
  const answer = await act({ type: 'preview', ply: t.ply, moves });
  if (!answer || !answer.ok) return;
  analysis.preview = { ...answer.data, line: k, index, session: s.session, game_no: s.game_no };
  analysis.onChange();
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

// The lines of the engine's last report under its heading in `box`.
export function renderLines(s, box) {
  const t = s.thinking;
  const lines = (t.lines && t.lines.length ? t.lines : [t]).filter((l) => l.pv && l.pv.length);
  if (!lines.length) return;
  const who = face(s.game).sides[sideIndex(t.side)];
  const playable = linePlayable(s);
  const label = document.createElement('div');
  label.className = 'lines-head';
  label.textContent = lines.length === 1 ? 'line:' : `${lines.length} lines, best first:`;
  box.append(label);
  const list = document.createElement('ol');
  list.id = 'lines';
  lines.forEach((line, k) => {
    const li = document.createElement('li');
    li.className = 'line';
    li.dataset.line = k + 1;
    const head = document.createElement('span');
    head.className = 'line-score';
    const chance = winChance(line);
    head.textContent = scoreText(line);
    head.title = `the expected result for ${who}, −1 to +1`;
    li.append(head);
    if (chance !== null) {
      const c = document.createElement('span');
      c.className = 'line-chance';
      c.dataset.chance = chance.toFixed(3);
      c.textContent = `${Math.round(chance * 100)}%`;
      c.title = `${who}'s win chance${line.wdl ? ' (from the engine\'s win/draw/loss figures)' : ''}`;
      li.append(c);
    }
    const turns = document.createElement('span');
    turns.className = 'line-turns';
    line.pv.slice(0, SHOWN_TURNS).forEach((turn, i) => {
      const b = document.createElement('button');
      b.className = 'pv-move';
      const p = analysis.preview;
      if (p && p.line === k && p.index === i && p.ply === t.ply) b.classList.add('current');
      b.dataset.index = i;
      b.textContent = pretty(turn);
      b.title = `show the position after this turn (not played)`;
      if (t.analysis) b.addEventListener('click', () => showPreview(s, k, i));
      else b.disabled = true;
      turns.append(b);
    });
    if (line.pv.length > SHOWN_TURNS) turns.append(' …');
    li.append(turns);
    if (playable) {
      const play = document.createElement('button');
      play.className = 'play-line';
      play.textContent = 'Play';
      play.title = `play ${pretty(line.pv[0])} on the board`;
      play.addEventListener('click', () => { endPreview(); act({ type: 'play', turn: line.pv[0] }); });
      li.append(play);
    }
    list.append(li);
  });
  box.append(list);
}

$('lines-count').addEventListener('change', () => {
  try { localStorage.setItem('guerrilla-web-lines', $('lines-count').value); } catch (e) { /* storage off */ }
  const s = window.gui && window.gui.state;
  if (s && s.analysing !== null && s.analysing !== undefined) act({ type: 'analyse', on: true, ply: s.analysing, lines: linesWanted() });
});
