// Drawing the board in SVG from `geometry`, one position's `describe` and the game's face
// (which character is whose piece, its colour, whether pieces form groups): the cells, the
// pieces, coordinates on the edges, legal targets as dots, the last two turns with the path of
// every move or jump, the pieces they removed (crossed, each saying why), a hint. Nothing is
// drawn over a piece but marks meant for that piece. Every playable cell is focusable and
// named for screen readers.
'use strict';

import { pointChars, squareChars, splitName, pieceOf, ownerIndex, namesOf } from './face.js';

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

// The coordinates on the edges. Squares: files under the board, ranks on the right; points:
// files over the board, ranks on the left (as `show` prints them). Points only (a lattice):
// each row's number left of the row, each letter beyond the lowest point of its line, where
// the line leaves the board.
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
  if ([...rows.keys()].every((r) => r === '')) return; // names without a row number
  for (const [r, [x, y]] of rows) label(x - 0.62, y, r, 'pt');
  for (const [f, line] of lines) {
    // the line's lowest point by the rules' rows (largest geometry y), wherever it is drawn
    line.sort((a, b) => b.p.y - a.p.y);
    const [a, b] = line.map((d) => d.xy);
    const [dx, dy] = b ? [a[0] - b[0], a[1] - b[1]] : [0, 1];
    label(a[0] + dx * 0.75, a[1] + dy * 0.75, f, 'pt');
  }
}

// A piece's drawing: a disc in its colour (a token: a cross), `r` its radius.
function drawPiece(g, piece, x, y, r, attrs) {
  if (piece.owner === 'none' && !piece.letter) {
    // a tile of the token's colour with a light cross: no removal mark (a cross alone) looks so
    const k = r * 0.5;
    const t = el('g', { class: `token c-${piece.colour}`, ...attrs }, g);
    el('rect', { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, rx: r * 0.25 }, t);
    el('line', { x1: x - k, y1: y - k, x2: x + k, y2: y + k }, t);
    el('line', { x1: x - k, y1: y + k, x2: x + k, y2: y - k }, t);
    return t;
  }
  const c = el('circle', { cx: x, cy: y, r, class: `piece c-${piece.colour}`, ...attrs }, g);
  if (piece.letter) {
    el('text', { x, y, class: 'piece-letter' }, g).textContent = piece.char;
  }
  return c;
}

// An arrow from a to b (drawing coordinates) in `g`, stopping short of both ends.
function arrow(g, a, b, cls) {
  const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len;
  const s = [a[0] + ux * 0.18, a[1] + uy * 0.18], e = [b[0] - ux * 0.22, b[1] - uy * 0.22];
  el('line', { x1: s[0], y1: s[1], x2: e[0], y2: e[1], class: cls }, g);
  const h = 0.16, w = 0.1;
  const p1 = [e[0] - ux * h + uy * w, e[1] - uy * h - ux * w], p2 = [e[0] - ux * h - uy * w, e[1] - uy * h + ux * w];
  el('polygon', { points: `${e[0]},${e[1]} ${p1[0]},${p1[1]} ${p2[0]},${p2[1]}`, class: `${cls} head` }, g);
}

// The board's units in one CSS pixel, as the CSS variable `--u` of `svg`, kept up to date as
// the board is drawn larger or smaller: a label (a hint's numbers) sized with it stays readable
// however small the board is drawn.
const measured = new WeakSet();
function measure(svg) {
  const set = () => {
    const vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
    if (vb && r.width && r.height) svg.style.setProperty('--u', String(Math.max(vb.width / r.width, vb.height / r.height)));
  };
  set();
  if (!measured.has(svg) && window.ResizeObserver) {
    measured.add(svg);
    new ResizeObserver(set).observe(svg);
  }
}

// Draws `view` into the SVG `svg`:
//   geo, face, describe: the board, the game's face and the position shown; cells: instead of
//     `describe`'s, the cells of an animation frame (name → character);
//   slide: {from, to, ms}: the piece now on `to` slides there from `from`;
//   flipped, names: turned half round; every empty cell's name written small;
//   targets: names a click may choose now (dots, or a ring round a piece); chosen: names clicked;
//   auto: names the engine chose by itself (they flash); kept: such names of the person's last
//     turn, ringed for as long as the page keeps them (no flash);
//   turns: [{names, paths, cls}] the last turns to mark (`last`, then `prev`), each with the
//     names it touched and the paths of its moves and jumps (lists of names);
//   removed: [{name, piece, why, own, token, fresh, title}] pieces the shown turn removed
//     (ghosts, crossed; `fresh` ones fade in, the others are drawn as they end);
//   hint: {ordered, steps: [{names, path}]}: a suggested turn's steps in the order they are
//     played (unnumbered while the order is not known); focus: the name that holds the keyboard focus;
//   onClick(name).
export function drawBoard(svg, view) {
  svg.replaceChildren();
  const geo = view.geo;
  if (!geo || !geo.points.length) {
    svg.setAttribute('viewBox', '0 0 10 2');
    el('text', { x: 0.5, y: 1, class: 'coord', style: 'font-size:0.5px' }, svg).textContent = 'no board from the engine';
    return;
  }
  const f = view.face;
  const pos = placer(geo, view.flipped);
  const xs = geo.points.map((p) => p.x), ys = geo.points.map((p) => p.y);
  const m = 0.85;
  svg.setAttribute('viewBox', `${-m} ${-m} ${Math.max(...xs) + 2 * m} ${Math.max(...ys) + 2 * m}`);
  measure(svg);
  svg.dataset.game = geo.game;
  const d = view.describe || {};
  const pts = view.cells || pointChars(geo, d.points);
  const sqs = view.cells || squareChars(geo, d.squares);
  const byName = new Map(geo.points.map((p) => [p.name, p]));
  const withSquares = geo.squares.length > 0;
  // a piece on a point of a board with squares stands where four squares meet: smaller
  const pointR = withSquares ? 0.26 : 0.36;
  const layer = (cls) => el('g', { class: cls }, svg);
  const cellsG = layer('cells'), lastG = layer('last-layer'), linesG = layer('lines'),
    piecesG = layer('pieces'), pathG = layer('paths'), marksG = layer('marks'), coordG = layer('coords'), hitsG = layer('hits');
  const at = new Map(); // name → drawn [x, y]
  const isSquare = new Set();
  const light = new Set(); // squares no piece ever stands on: they get no name
  const contents = new Map(); // name → piece

  for (const q of geo.squares) {
    const [x, y] = pos(q.x, q.y);
    at.set(q.name, [x, y]); isSquare.add(q.name);
    const c = sqs.get(q.name);
    const dark = q.shade ? q.shade === 'dark' : c !== '-';
    if (!dark) light.add(q.name);
    el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: dark ? 'sq-dark' : 'sq-light', 'data-cell': q.name }, cellsG);
  }
  for (const p of geo.points) at.set(p.name, pos(p.x, p.y));
  if (!withSquares) {
    for (const p of geo.points) {
      for (const n of p.neighbours) {
        const q = byName.get(n);
        if (!q || n < p.name) continue;
        const [x1, y1] = at.get(p.name), [x2, y2] = at.get(n);
        el('line', { x1, y1, x2, y2, class: 'lattice' }, cellsG);
      }
    }
  } else {
    const [x0, y0] = pos(0, 0), [x1, y1] = pos(Math.max(...xs), Math.max(...ys));
    el('rect', { x: Math.min(x0, x1), y: Math.min(y0, y1), width: Math.abs(x1 - x0), height: Math.abs(y1 - y0), class: 'frame' }, cellsG);
  }
  // groups: links between neighbouring pieces of one character that form groups, drawn twice
  // (a dark casing under a line of the pieces' colour) so that they show on any background
  for (const p of geo.points) {
    const piece = pieceOf(f, pts.get(p.name));
    if (!piece || !piece.grouped) continue;
    for (const n of p.neighbours) {
      if (n < p.name || pts.get(n) !== piece.char) continue;
      const [x1, y1] = at.get(p.name), [x2, y2] = at.get(n);
      el('line', { x1, y1, x2, y2, class: 'link-casing' }, linesG);
      el('line', { x1, y1, x2, y2, class: `link c-${piece.colour}` }, linesG);
    }
  }

  // the last turns: a highlight under the pieces, readable on light and dark squares
  for (const t of view.turns || []) {
    for (const n of t.names) {
      const xy = at.get(n);
      if (!xy) continue;
      const occupied = pieceOf(f, isSquare.has(n) ? sqs.get(n) : pts.get(n));
      if (isSquare.has(n)) el('rect', { x: xy[0] - 0.5, y: xy[1] - 0.5, width: 1, height: 1, class: `turn-sq ${t.cls}`, [`data-${t.cls}`]: n }, lastG);
      else if (occupied) el('circle', { cx: xy[0], cy: xy[1], r: pointR + 0.08, class: `turn-pt ${t.cls}`, [`data-${t.cls}`]: n }, lastG);
      // a point the turn left empty: a ring, which no one takes for a piece
      else el('circle', { cx: xy[0], cy: xy[1], r: 0.24, class: `turn-pt left ${t.cls}`, [`data-${t.cls}`]: n }, lastG);
    }
    for (const path of t.paths || []) {
      for (let i = 0; i + 1 < path.length; i++) {
        const a = at.get(path[i]), b = at.get(path[i + 1]);
        if (a && b) arrow(pathG, a, b, `path ${t.cls}`);
      }
    }
  }

  // a piece that slides into place in an animation frame
  const slideAttrs = (n) => {
    const sl = view.slide;
    if (!sl || sl.to !== n || !at.get(sl.from)) return {};
    const [fx, fy] = at.get(sl.from), [tx, ty] = at.get(n);
    return { style: `--dx:${(fx - tx).toFixed(3)}px;--dy:${(fy - ty).toFixed(3)}px;--slide-time:${sl.ms}ms`, 'data-slide': sl.from };
  };
  const place = (n, piece, x, y, r) => {
    const attrs = { 'data-piece': n, ...slideAttrs(n) };
    const e = drawPiece(piecesG, piece, x, y, r, attrs);
    if (attrs.style) e.classList.add('slide');
    contents.set(n, piece);
  };
  for (const q of geo.squares) {
    const [x, y] = at.get(q.name);
    const piece = pieceOf(f, sqs.get(q.name));
    if (piece) place(q.name, piece, x, y, 0.36);
  }
  for (const p of geo.points) {
    const [x, y] = at.get(p.name);
    if (p.role === 'edge') { el('circle', { cx: x, cy: y, r: 0.035, class: 'edge-dot' }, piecesG); continue; }
    el('circle', { cx: x, cy: y, r: withSquares ? 0.05 : 0.06, class: 'dot' }, piecesG);
    const piece = pieceOf(f, pts.get(p.name));
    if (piece) place(p.name, piece, x, y, piece.owner === 'none' ? 0.36 : pointR);
  }
  // the cells the turn's details name (`about`'s turn fields: the point the second stone goes
  // next to, the moving group, …), each ringed and titled with its field's label
  if (!view.cells) {
    for (const fld of f.fields.filter((x) => x.kind === 'turn')) {
      const v = d[fld.name];
      if (!v || v === '-') continue;
      for (const n of new Set(namesOf(v))) {
        const xy = at.get(n);
        if (!xy) continue;
        const ring = el('circle', { cx: xy[0], cy: xy[1], r: isSquare.has(n) ? 0.45 : pointR + 0.08, class: 'detail', 'data-detail': fld.name }, marksG);
        el('title', {}, ring).textContent = `${fld.label}: ${v}`;
      }
    }
  }

  // pieces the turn removed: a faded ghost, crossed out (one whose place keeps a token: a ring
  // round the token)
  for (const r of view.removed || []) {
    const xy = at.get(r.name);
    if (!xy) continue;
    const g = el('g', { class: `removed${r.token ? ' leaves-token' : ''}${r.own ? ' own' : ''}${r.fresh ? ' fresh' : ''}`, 'data-removed': r.name, 'data-why': r.why || '' }, marksG);
    el('title', {}, g).textContent = r.title || `${r.name}: ${r.why}`;
    const rad = isSquare.has(r.name) ? 0.36 : pointR;
    if (!contents.has(r.name) && r.piece) drawPiece(g, r.piece, xy[0], xy[1], rad, { class: `ghost piece c-${r.piece.colour}` });
    // a removal whose token stands there: the token and a dark ring round it, no cross
    const k = rad * 0.75;
    if (!(r.token && contents.has(r.name))) {
      el('line', { x1: xy[0] - k, y1: xy[1] - k, x2: xy[0] + k, y2: xy[1] + k, class: 'cross' }, g);
      el('line', { x1: xy[0] - k, y1: xy[1] + k, x2: xy[0] + k, y2: xy[1] - k, class: 'cross' }, g);
    }
    if (r.token) el('circle', { cx: xy[0], cy: xy[1], r: 0.42, class: 'token-ring' }, g);
  }

  // the hint: the suggested turn's steps in the order they are played, numbered from 1; a step
  // that moves a piece is an arrow along its path from a ring round the piece, any other step a
  // ring on the cell it names; every cell is ringed once and carries the numbers of all its
  // steps in one label (`1, 3`), so that no number covers another. Before the order is known
  // (`ordered` false) the cells are ringed without numbers.
  const hint = view.hint || { ordered: false, steps: [] };
  const hintLabels = new Map();
  let stepNo = 0;
  for (const st of hint.steps) {
    const names = st.names.filter((n) => at.has(n));
    if (!names.length) continue;
    stepNo++;
    const moves = st.path.length >= 2;
    for (let i = 0; moves && i + 1 < st.path.length; i++) {
      const a = at.get(st.path[i]), b = at.get(st.path[i + 1]);
      if (a && b) arrow(marksG, a, b, 'hint-path');
    }
    for (const n of moves ? [st.path[0]] : names) {
      if (!hintLabels.has(n)) hintLabels.set(n, []);
      hintLabels.get(n).push(stepNo);
    }
  }
  for (const [n, numbers] of hintLabels) {
    const xy = at.get(n);
    el('circle', { cx: xy[0], cy: xy[1], r: isSquare.has(n) ? 0.4 : pointR + 0.1, class: 'hint-ring', 'data-hint': n }, marksG);
    if (!hint.ordered) continue;
    const label = el('text', { x: xy[0] + 0.26, y: xy[1] - 0.26, class: 'hint-no', 'data-hint-no': n }, marksG);
    label.textContent = numbers.join(', ');
  }

  coordinates(geo, pos, coordG);
  if (view.names) {
    const lightAt = new Set([...light].map((n) => at.get(n).map((v) => Math.round(v * 2)).join(',')));
    const lightQuadrant = (x, y) => [[1, 1], [-1, -1], [1, -1], [-1, 1]]
      .find(([sx, sy]) => lightAt.has([Math.round((x + 0.5 * sx) * 2), Math.round((y + 0.5 * sy) * 2)].join(',')));
    for (const [n, [x, y]] of at) {
      if (contents.has(n) || light.has(n) || (byName.get(n) && byName.get(n).role === 'edge')) continue;
      if (isSquare.has(n)) { el('text', { x, y, class: 'name name-sq' }, coordG).textContent = n; continue; }
      // a point's name lies in a light square beside it when there is one (no piece stands
      // there, and light squares carry no name); else above right of it
      const q = withSquares ? lightQuadrant(x, y) : null;
      if (q) el('text', { x: x + 0.24 * q[0], y: y + 0.24 * q[1], class: 'name name-pt' }, coordG).textContent = n;
      else el('text', { x: x + 0.07, y: y - 0.09, class: 'name' }, coordG).textContent = n;
    }
  }

  // targets and choices
  const targets = view.targets || new Set(), chosen = view.chosen || new Set(), auto = view.auto || new Set();
  for (const n of new Set([...targets, ...chosen, ...auto])) {
    const xy = at.get(n);
    if (!xy) continue;
    const piece = contents.has(n);
    const small = withSquares && !isSquare.has(n);
    let cls = chosen.has(n) ? 'chosen' : targets.has(n) ? (piece ? 'target-ring' : 'target-dot') : '';
    if (auto.has(n)) cls += ' auto';
    const r = chosen.has(n) || piece ? (small ? 0.32 : 0.42) : (small ? 0.1 : 0.13);
    el('circle', { cx: xy[0], cy: xy[1], r, class: `mark ${cls}`, 'data-mark': n }, marksG);
  }
  for (const n of view.kept || []) {
    const xy = at.get(n);
    if (xy && !auto.has(n)) el('circle', { cx: xy[0], cy: xy[1], r: withSquares && !isSquare.has(n) ? 0.34 : 0.46, class: 'mark auto kept', 'data-kept': n }, marksG);
  }

  // click areas: every playable cell, focusable, with its name and contents for screen
  // readers; the cells a click may choose now lie on top, as large as the cell
  const describeCell = (n) => {
    const piece = contents.get(n);
    const who = piece ? `${ownerIndex(piece) >= 0 ? `${f.sides[ownerIndex(piece)]} ` : ''}${piece.noun}` : 'empty';
    const extra = chosen.has(n) ? ', selected' : targets.has(n) ? ', can be chosen' : '';
    return `${n}: ${who}${extra}`;
  };
  const hit = (n, big) => {
    const [x, y] = at.get(n);
    const attrs = { class: 'hit', 'data-name': n, tabindex: n === view.focus ? '0' : '-1', role: 'button', 'aria-label': describeCell(n) };
    const h = isSquare.has(n)
      ? el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, ...attrs }, hitsG)
      : el('circle', { cx: x, cy: y, r: big ? 0.5 : (withSquares ? 0.22 : 0.46), ...attrs }, hitsG);
    el('title', {}, h).textContent = n;
  };
  const top = new Set([...targets, ...chosen, ...auto]);
  for (const q of geo.squares) if (!top.has(q.name) && !light.has(q.name)) hit(q.name, false);
  for (const p of geo.points) if (p.role !== 'edge' && !top.has(p.name)) hit(p.name, false);
  for (const n of top) if (at.has(n)) hit(n, true);
  if (!hitsG.querySelector('[tabindex="0"]')) {
    // the tab stop: the first cell that may be chosen now, else the first cell
    const first = [...targets].map((n) => hitsG.querySelector(`.hit[data-name="${n}"]`)).find(Boolean) || hitsG.querySelector('.hit');
    if (first) first.setAttribute('tabindex', '0');
  }
  if (view.refocus) {
    const h = hitsG.querySelector('.hit[tabindex="0"]');
    if (h) h.focus({ preventScroll: true });
  }
  svg.onclick = (ev) => {
    const h = ev.target.closest('.hit');
    if (h) view.onClick(h.dataset.name, ev);
  };
  svg.ondblclick = (ev) => ev.preventDefault();
}
