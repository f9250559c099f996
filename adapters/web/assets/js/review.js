// The game review: a button that has the engine search every position of the game (on the
// server, a small fixed budget a position; cancellable), its progress, the evaluation graph
// (an SVG plot: x the turn, y p1's win chance; a click goes to that position), each turn's
// mark by the drop in its mover's win chance (?! inaccuracy, ? mistake, ?? blunder: in the
// move list and on the graph), and a summary per side.
'use strict';

import { face } from './face.js';
import { act } from './net.js';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

export const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const HEIGHT = 96;

export const review = {
  onGo: null,
  pageState: () => null, // the state the page draws now (app.js)
};

function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// The plot of p1's win chance over the positions searched, its marks and the position shown.
function drawGraph(s, r, shown) {
  const box = $('review-graph');
  const width = Math.max(120, Math.round(box.clientWidth || 300));
  const n = Math.max(1, r.total - 1);
  const x = (k) => (k / n) * width;
  const y = (v) => (1 - v) * HEIGHT;
  box.replaceChildren();
  const g = svg('svg', { viewBox: `0 0 ${width} ${HEIGHT}`, width, height: HEIGHT, role: 'img' }, box);
  g.setAttribute('aria-label', `${face(s.game).sides[0]}'s win chance after each turn`);
  svg('rect', { x: 0, y: 0, width, height: HEIGHT, class: 'graph-bg' }, g);
  const known = r.values.map((v, k) => [k, v]).filter(([, v]) => v !== null);
  if (known.length) {
    const points = known.map(([k, v]) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`);
    const area = `M${x(known[0][0]).toFixed(1)},${HEIGHT} L${points.join(' L')} L${x(known[known.length - 1][0]).toFixed(1)},${HEIGHT} Z`;
    svg('path', { d: area, class: 'graph-area' }, g);
    const curve = svg('path', { d: `M${points.join(' L')}`, class: 'graph-curve' }, g);
    curve.dataset.points = known.length;
  }
  svg('line', { x1: 0, x2: width, y1: HEIGHT / 2, y2: HEIGHT / 2, class: 'graph-mid' }, g);
  svg('line', { x1: x(shown), x2: x(shown), y1: 0, y2: HEIGHT, class: 'graph-now' }, g);
  for (const t of r.turns) {
    if (!t.mark) continue;
    const dot = svg('circle', { cx: x(t.ply), cy: y(r.values[t.ply]), r: 4, class: `graph-mark mark-${t.mark}` }, g);
    dot.dataset.ply = t.ply;
    svg('title', {}, dot).textContent = `turn ${t.ply}: ${t.mark} (−${(t.loss * 100).toFixed(1)} points)`;
  }
  g.addEventListener('click', (ev) => {
    const rect = g.getBoundingClientRect();
    const k = Math.round(((ev.clientX - rect.left) / rect.width) * n);
    if (review.onGo) review.onGo(Math.max(0, Math.min(n, k)));
  });
}

// Each side's counts of marks and average loss.
function drawSummary(s, r) {
  const sides = face(s.game).sides;
  const table = document.createElement('table');
  table.id = 'review-summary';
  const head = table.insertRow();
  for (const h of ['', '?!', '?', '??', 'avg. loss']) {
    const th = document.createElement('th');
    th.textContent = h;
    head.append(th);
  }
  r.summary.forEach((sum, i) => {
    const row = table.insertRow();
    row.dataset.side = i;
    for (const v of [sides[i], sum.inaccuracies, sum.mistakes, sum.blunders, `${(sum.average_loss * 100).toFixed(1)}`]) {
      row.insertCell().textContent = v;
    }
  });
  const key = document.createElement('div');
  key.className = 'muted review-key';
  key.textContent = '?! inaccuracy, ? mistake, ?? blunder: the mover\'s win chance fell by 5, 10, 15 points or more; average loss in points of win chance a turn';
  $('review-result').replaceChildren(table, key);
}

// The review's panel and its marks in the move list.
export function renderReview(s, shown) {
  const r = s.review;
  const button = $('review');
  button.textContent = r && r.running ? 'Cancel review' : 'Review game';
  button.disabled = !s.timeline.plies.length && !(r && r.running);
  const status = $('review-status');
  $('review-graph').hidden = !r;
  if (!r) {
    status.textContent = s.timeline.plies.length ? 'The engine can review every position of this game.' : '';
    $('review-result').replaceChildren();
    return;
  }
  status.textContent = r.running ? `reviewing: ${r.done} / ${r.total} positions (${r.nodes} nodes each)…` :
    r.done < r.total ? `review stopped at ${r.done} / ${r.total} positions` : `review of ${r.total - 1} turns (${r.nodes} nodes a position)`;
  drawGraph(s, r, shown);
  drawSummary(s, r);
  for (const t of r.turns) {
    const b = document.querySelector(`#moves .move[data-ply="${t.ply}"]`);
    if (!b || !t.mark) continue;
    const m = document.createElement('span');
    m.className = `move-mark mark-${t.mark}`;
    m.textContent = MARKS[t.mark];
    m.title = `${t.mark}: −${(t.loss * 100).toFixed(1)} points of win chance`;
    b.append(m);
  }
}

$('review').addEventListener('click', () => {
  const s = review.pageState();
  if (!s) return;
  act({ type: 'review', on: !(s.review && s.review.running) });
});
