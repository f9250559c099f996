// Drawing the board in SVG from `geometry` and one position's `describe`: the cells, the pieces,
// coordinates on the edges, legal targets as dots, the last turn's highlight and the pieces it
// removed. Nothing is drawn over a piece but marks meant for that piece.
'use strict';

import { pointChars, squareChars, splitName, TOKEN } from './names.js';

const SVGNS = 'http://www.w3.org/2000/svg';

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Drawing coordinates (flipped: turned half round).
function placer(geo, flipped) {
  const maxX = Math.max(...geo.points.map((p) => p.x));
  const maxY = Math.max(...geo.points.map((p) => p.y));
  return (x, y) => (flipped ? [maxX - x, maxY - y] : [x, y]);
}

// The coordinates on the edges. Squares (Guerrilla Checkers): files under the board, ranks on
// the right; points: files over the board, ranks on the left (as `show` prints them). A lattice
// (Guerrilla): each row's number left of the row, each letter beyond the lowest point of its
// line, where the line leaves the board.
function coordinates(geo, pos, g) {
  const label = (x, y, text, cls) => { el('text', { x, y, class: `coord ${cls}` }, g).textContent = text; };
  const drawn = geo.points.map((p) => ({ p, xy: pos(p.x, p.y) }));
  const minX = Math.min(...drawn.map((d) => d.xy[0])), maxX = Math.max(...drawn.map((d) => d.xy[0]));
  const minY = Math.min(...drawn.map((d) => d.xy[1])), maxY = Math.max(...drawn.map((d) => d.xy[1]));
  if (geo.squares.length) {
    const cols = new Map(), rows = new Map();
    for (const q of geo.squares) {
      const [x, y] = pos(q.x, q.y);
      const [f, r] = splitName(q.name);
      cols.set(f, x); rows.set(r, y);
    }
    for (const [f, x] of cols) label(x, maxY + 0.42, f, 'sq');
    for (const [r, y] of rows) label(maxX + 0.38, y, r, 'sq');
    const pcols = new Map(), prows = new Map();
    for (const { p, xy } of drawn) {
      const [f, r] = splitName(p.name);
      pcols.set(f, xy[0]); prows.set(r, xy[1]);
    }
    for (const [f, x] of pcols) label(x, minY - 0.38, f, 'pt');
    for (const [r, y] of prows) label(minX - 0.38, y, r, 'pt');
    return;
  }
  const rows = new Map(), lines = new Map();
  for (const d of drawn) {
    const [f, r] = splitName(d.p.name);
    if (!rows.has(r) || d.xy[0] < rows.get(r)[0]) rows.set(r, d.xy);
    if (!lines.has(f)) lines.set(f, []);
    lines.get(f).push(d);
  }
  for (const [r, [x, y]] of rows) label(x - 0.62, y, r, 'pt');
  for (const [f, line] of lines) {
    // the line's lowest point by the rules' rows (largest geometry y), wherever it is drawn
    line.sort((a, b) => b.p.y - a.p.y);
    const [a, b] = line.map((d) => d.xy);
    const [dx, dy] = b ? [a[0] - b[0], a[1] - b[1]] : [0, 1];
    label(a[0] + dx * 0.75, a[1] + dy * 0.75, f, 'pt');
  }
}

// Draws `view` into the SVG `svg`:
//   geo, describe: the board and the position shown;
//   flipped, names: turned half round; every empty cell's name written small;
//   targets: names a click may choose now (dots, or a ring round a piece); chosen: names clicked;
//   last: names of the last turn; auto: names the engine chose by itself (they flash);
//   removed: [{name, piece, massacre}] pieces the shown turn removed (ghosts, crossed);
//   onClick(name).
export function drawBoard(svg, view) {
  svg.replaceChildren();
  const geo = view.geo;
  if (!geo) {
    svg.setAttribute('viewBox', '0 0 10 2');
    el('text', { x: 0.5, y: 1, class: 'coord', style: 'font-size:0.5px' }, svg).textContent = 'no geometry from the engine';
    return;
  }
  const pos = placer(geo, view.flipped);
  const xs = geo.points.map((p) => p.x), ys = geo.points.map((p) => p.y);
  const m = 0.85;
  svg.setAttribute('viewBox', `${-m} ${-m} ${Math.max(...xs) + 2 * m} ${Math.max(...ys) + 2 * m}`);
  svg.dataset.game = geo.game;
  const d = view.describe || {};
  const pts = pointChars(geo, d.points);
  const sqs = squareChars(geo, d.squares);
  const byName = new Map(geo.points.map((p) => [p.name, p]));
  const checkers = geo.squares.length > 0;
  const layer = (cls) => el('g', { class: cls }, svg);
  const cellsG = layer('cells'), lastG = layer('last-layer'), linesG = layer('lines'),
    piecesG = layer('pieces'), marksG = layer('marks'), coordG = layer('coords'), hitsG = layer('hits');
  const at = new Map(); // name → drawn [x, y]
  const isSquare = new Set();
  const light = new Set(); // squares no checker ever stands on: they get no name

  for (const q of geo.squares) {
    const [x, y] = pos(q.x, q.y);
    at.set(q.name, [x, y]); isSquare.add(q.name);
    const c = sqs.get(q.name);
    const dark = q.shade ? q.shade === 'dark' : c !== '-';
    if (!dark) light.add(q.name);
    el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: dark ? 'sq-dark' : 'sq-light', 'data-cell': q.name }, cellsG);
  }
  if (!checkers) {
    for (const p of geo.points) {
      for (const n of p.neighbours) {
        const q = byName.get(n);
        if (!q || n < p.name) continue;
        const [x1, y1] = pos(p.x, p.y), [x2, y2] = pos(q.x, q.y);
        el('line', { x1, y1, x2, y2, class: 'lattice' }, cellsG);
      }
    }
  } else {
    const [x0, y0] = pos(0, 0), [x1, y1] = pos(Math.max(...xs), Math.max(...ys));
    el('rect', { x: Math.min(x0, x1), y: Math.min(y0, y1), width: Math.abs(x1 - x0), height: Math.abs(y1 - y0), class: 'frame' }, cellsG);
  }
  // groups: links between neighbouring pieces of one colour (Guerrilla)
  for (const p of geo.points) {
    const c = pts.get(p.name);
    if (c !== 'W' && c !== 'B') continue;
    for (const n of p.neighbours) {
      if (n < p.name || pts.get(n) !== c) continue;
      const q = byName.get(n);
      const [x1, y1] = pos(p.x, p.y), [x2, y2] = pos(q.x, q.y);
      el('line', { x1, y1, x2, y2, class: c === 'W' ? 'link-white' : 'link-black' }, linesG);
    }
  }
  for (const p of geo.points) at.set(p.name, pos(p.x, p.y));

  // the last turn: a filled highlight under the pieces, readable on light and dark squares
  for (const n of view.last || []) {
    const xy = at.get(n);
    if (!xy) continue;
    if (isSquare.has(n)) el('rect', { x: xy[0] - 0.5, y: xy[1] - 0.5, width: 1, height: 1, class: 'last-sq', 'data-last': n }, lastG);
    else if (checkers || ['W', 'B'].includes(pts.get(n))) el('circle', { cx: xy[0], cy: xy[1], r: checkers ? 0.3 : 0.44, class: 'last-pt', 'data-last': n }, lastG);
    // a Guerrilla point the turn left empty: a ring, which no one takes for a piece
    else el('circle', { cx: xy[0], cy: xy[1], r: 0.24, class: 'last-pt left', 'data-last': n }, lastG);
  }

  const moving = new Set((d.moving && d.moving !== '-') ? d.moving.split(',') : []);
  const moved = new Set((d.moved && d.moved !== '-') ? d.moved.split(',') : []);
  const occupied = new Set();
  for (const q of geo.squares) {
    const [x, y] = at.get(q.name);
    if (sqs.get(q.name) === 'C') { el('circle', { cx: x, cy: y, r: 0.36, class: 'checker', 'data-piece': q.name }, piecesG); occupied.add(q.name); }
  }
  for (const p of geo.points) {
    const [x, y] = at.get(p.name);
    const c = pts.get(p.name);
    if (p.role === 'edge') { el('circle', { cx: x, cy: y, r: 0.035, class: 'edge-dot' }, piecesG); continue; }
    el('circle', { cx: x, cy: y, r: checkers ? 0.05 : 0.06, class: 'dot' }, piecesG);
    if (c === 'G') el('circle', { cx: x, cy: y, r: 0.26, class: 'stone-g', 'data-piece': p.name }, piecesG);
    if (c === 'W') el('circle', { cx: x, cy: y, r: 0.36, class: 'white', 'data-piece': p.name }, piecesG);
    if (c === 'B') el('circle', { cx: x, cy: y, r: 0.36, class: 'black', 'data-piece': p.name }, piecesG);
    if (c === TOKEN) {
      el('line', { x1: x - 0.25, y1: y - 0.25, x2: x + 0.25, y2: y + 0.25, class: 'token' }, piecesG);
      el('line', { x1: x - 0.25, y1: y + 0.25, x2: x + 0.25, y2: y - 0.25, class: 'token' }, piecesG);
    }
    if (c && c !== '.' && c !== '+') occupied.add(p.name);
    if (moving.has(p.name)) el('circle', { cx: x, cy: y, r: 0.42, class: 'moving' }, marksG);
    else if (moved.has(p.name)) el('circle', { cx: x, cy: y, r: 0.42, class: 'moved' }, marksG);
  }

  // pieces the turn removed: a faded ghost, crossed out (a massacre: a red ring round the token)
  for (const r of view.removed || []) {
    const xy = at.get(r.name);
    if (!xy) continue;
    const g = el('g', { class: `removed${r.massacre ? ' massacre' : ''}${r.own ? ' own' : ''}`, 'data-removed': r.name, 'data-why': r.why || '' }, marksG);
    const cls = { G: 'stone-g', C: 'checker', W: 'white', B: 'black' }[r.piece] || 'stone-g';
    const rad = r.piece === 'G' ? 0.26 : 0.36;
    if (!occupied.has(r.name)) el('circle', { cx: xy[0], cy: xy[1], r: rad, class: `ghost ${cls}` }, g);
    const k = rad * 0.75;
    el('line', { x1: xy[0] - k, y1: xy[1] - k, x2: xy[0] + k, y2: xy[1] + k, class: 'cross' }, g);
    el('line', { x1: xy[0] - k, y1: xy[1] + k, x2: xy[0] + k, y2: xy[1] - k, class: 'cross' }, g);
    if (r.massacre) el('circle', { cx: xy[0], cy: xy[1], r: 0.42, class: 'massacre-ring' }, g);
  }

  coordinates(geo, pos, coordG);
  if (view.names) {
    const lightAt = new Set([...light].map((n) => at.get(n).map((v) => Math.round(v * 2)).join(',')));
    const lightQuadrant = (x, y) => [[1, 1], [-1, -1], [1, -1], [-1, 1]]
      .find(([sx, sy]) => lightAt.has([Math.round((x + 0.5 * sx) * 2), Math.round((y + 0.5 * sy) * 2)].join(',')));
    for (const [n, [x, y]] of at) {
      if (occupied.has(n) || light.has(n) || (byName.get(n) && byName.get(n).role === 'edge')) continue;
      const sq = isSquare.has(n);
      if (sq) { el('text', { x, y, class: 'name name-sq' }, coordG).textContent = n; continue; }
      // a Guerrilla Checkers point's name lies in a light square beside it (no checker stands
      // there, and light squares carry no name); a Guerrilla point's above right of it
      const q = checkers ? lightQuadrant(x, y) : null;
      if (q) el('text', { x: x + 0.24 * q[0], y: y + 0.24 * q[1], class: 'name name-pt' }, coordG).textContent = n;
      else el('text', { x: x + 0.07, y: y - 0.09, class: 'name' }, coordG).textContent = n;
    }
  }

  // targets and choices
  const targets = view.targets || new Set(), chosen = view.chosen || new Set(), auto = view.auto || new Set();
  for (const n of new Set([...targets, ...chosen, ...auto])) {
    const xy = at.get(n);
    if (!xy) continue;
    const piece = occupied.has(n);
    const small = checkers && !isSquare.has(n);
    let cls = chosen.has(n) ? 'chosen' : targets.has(n) ? (piece ? 'target-ring' : 'target-dot') : '';
    if (auto.has(n)) cls += ' auto';
    const r = chosen.has(n) || piece ? (small ? 0.32 : 0.42) : (small ? 0.1 : 0.13);
    el('circle', { cx: xy[0], cy: xy[1], r, class: `mark ${cls}`, 'data-mark': n }, marksG);
  }

  // click areas: the cells a click may choose now lie on top, as large as the cell
  const hit = (n, big) => {
    const [x, y] = at.get(n);
    const h = isSquare.has(n)
      ? el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'hit', 'data-name': n }, hitsG)
      : el('circle', { cx: x, cy: y, r: big ? (checkers ? 0.5 : 0.5) : (checkers ? 0.22 : 0.46), class: 'hit', 'data-name': n }, hitsG);
    el('title', {}, h).textContent = n;
  };
  const top = new Set([...targets, ...chosen, ...auto]);
  for (const q of geo.squares) if (!top.has(q.name) && sqs.get(q.name) !== '-' && (q.shade ? q.shade === 'dark' : true)) hit(q.name, false);
  for (const p of geo.points) if (p.role !== 'edge' && !top.has(p.name)) hit(p.name, false);
  for (const n of top) if (at.has(n)) hit(n, true);
  svg.onclick = (ev) => {
    const h = ev.target.closest('.hit');
    if (h) view.onClick(h.dataset.name, ev);
  };
  svg.ondblclick = (ev) => ev.preventDefault();
}
