// The page's dialogs: the rules tour (the engine's `about` tour, one paragraph a page), the
// legend of every mark the board draws (drawn with the board's own styles), and a question
// that must be answered (a new game while one is in progress).
'use strict';

import { face, ownerIndex, pieceOf } from './face.js';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

const tour = { pages: [], i: 0 };

function showTourPage() {
  $('tour-text').textContent = tour.pages[tour.i] || 'The engine gives no tour of this game.';
  $('tour-pos').textContent = tour.pages.length ? `${tour.i + 1} / ${tour.pages.length}` : '';
  $('tour-prev').disabled = tour.i === 0;
  $('tour-next').disabled = tour.i >= tour.pages.length - 1;
}

export function openTour(game) {
  const f = face(game);
  tour.pages = f.tour;
  tour.i = 0;
  $('tour-title').textContent = `${f.title}: the rules in ${f.tour.length} steps`;
  showTourPage();
  $('tour').showModal();
}

// A sample of a mark: an SVG of one cell drawn by `draw(g)` in the board's coordinates.
function sample(draw) {
  const svg = document.createElementNS(SVGNS, 'svg');
  svg.setAttribute('viewBox', '-0.6 -0.6 1.2 1.2');
  svg.setAttribute('aria-hidden', 'true');
  const el = (tag, attrs, parent = svg) => {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.appendChild(e);
    return e;
  };
  draw(el, svg);
  return svg;
}

const disc = (el, colour, extra = {}) => el('circle', { cx: 0, cy: 0, r: 0.34, class: `piece c-${colour}`, ...extra });
const cross = (el, g) => {
  el('line', { x1: -0.25, y1: -0.25, x2: 0.25, y2: 0.25, class: 'cross' }, g);
  el('line', { x1: -0.25, y1: 0.25, x2: 0.25, y2: -0.25, class: 'cross' }, g);
};

// A token as the board draws it: a tile of its colour with a light cross.
const token = (el, colour) => {
  const g = el('g', { class: `token c-${colour}` });
  el('rect', { x: -0.29, y: -0.29, width: 0.58, height: 0.58, rx: 0.09 }, g);
  el('line', { x1: -0.18, y1: -0.18, x2: 0.18, y2: 0.18 }, g);
  el('line', { x1: -0.18, y1: 0.18, x2: 0.18, y2: -0.18 }, g);
};

// The legend of the game `game`: its pieces, then every mark.
export function openLegend(game) {
  const f = face(game);
  const rows = [];
  for (const p of f.pieces) {
    const who = ownerIndex(p) >= 0 ? `${f.sides[ownerIndex(p)]}'s ${p.noun}` : `a ${p.noun}, nobody's`;
    rows.push([sample((el) => {
      if (p.owner === 'none') token(el, p.colour);
      else disc(el, p.colour);
    }), who + (p.grouped ? ' (pieces side by side form a group, linked)' : '')]);
  }
  const piece = (f.pieces.find((p) => p.owner !== 'none') || { colour: 'grey' }).colour;
  rows.push(
    [sample((el) => { el('circle', { cx: 0, cy: 0, r: 0.42, class: 'turn-pt last' }); disc(el, piece); }), 'the last turn: the points and squares it played'],
    [sample((el) => { el('circle', { cx: 0, cy: 0, r: 0.42, class: 'turn-pt prev' }); disc(el, piece); }), 'the turn before it, the other side\'s'],
    [sample((el) => {
      el('line', { x1: -0.45, y1: 0.3, x2: 0.3, y2: -0.3, class: 'path last' });
      el('polygon', { points: '0.38,-0.38 0.18,-0.33 0.33,-0.18', class: 'path last head' });
    }), 'the path of a move or a jump, step by step (blue and dashed: the turn before)'],
    [sample((el) => el('circle', { cx: 0, cy: 0, r: 0.13, class: 'mark target-dot' })), 'an empty point or square you may choose now'],
    [sample((el) => { disc(el, piece); el('circle', { cx: 0, cy: 0, r: 0.44, class: 'mark target-ring' }); }), 'a piece you may choose now'],
    [sample((el) => el('circle', { cx: 0, cy: 0, r: 0.42, class: 'mark chosen' })), 'what you have chosen for the step you are building'],
    [sample((el) => el('circle', { cx: 0, cy: 0, r: 0.42, class: 'mark auto' })), 'chosen by itself, as the only choice left'],
    [sample((el) => { disc(el, piece); el('circle', { cx: 0, cy: 0, r: 0.46, class: 'mark auto kept' }); }),
      'your last turn, completed by itself (a second stone with one place to go): it stays ringed and said under the board until your next turn, and Take back undoes the turn'],
    [sample((el) => { const g = el('g', { class: 'removed' }); el('circle', { cx: 0, cy: 0, r: 0.34, class: `ghost piece c-${piece}` }, g); cross(el, g); }), 'a piece the turn removed, where it stood: hover over it or tap it to see why'],
    [sample((el) => { const g = el('g', { class: 'removed own' }); el('circle', { cx: 0, cy: 0, r: 0.34, class: `ghost piece c-${piece}` }, g); cross(el, g); }), 'a piece of the side that moved, removed (a group\'s smaller part left behind)'],
  );
  for (const k of f.removals.filter((x) => x.leaves && pieceOf(f, x.leaves))) {
    const t = pieceOf(f, k.leaves);
    rows.push([sample((el) => { token(el, t.colour); el('circle', { cx: 0, cy: 0, r: 0.42, class: 'token-ring' }); }), `${k.label} this turn: a dark ring round the ${t.noun} the removal leaves on its place (not a cross)`]);
  }
  const details = f.fields.filter((x) => x.kind === 'turn').map((x) => x.label);
  if (details.length) rows.push([sample((el) => el('circle', { cx: 0, cy: 0, r: 0.42, class: 'detail' })), `a point or square the turn's details name (${details.join(', ')})`]);
  rows.push([sample((el) => { el('circle', { cx: 0, cy: 0, r: 0.4, class: 'hint-ring' }); el('text', { x: 0.2, y: -0.2, class: 'hint-no' }).textContent = '1'; }), 'the engine\'s hint, or the best turn of an analysis: the cells of the turn, in order']);
  $('legend-list').replaceChildren(...rows.map(([svg, text]) => {
    const li = document.createElement('li');
    li.append(svg, document.createTextNode(text));
    return li;
  }));
  $('legend').showModal();
}

// Asks `text`; resolves true for Yes.
export function ask(text, yes = 'Yes', no = 'No') {
  $('ask-text').textContent = text;
  $('ask-yes').textContent = yes;
  $('ask-no').textContent = no;
  $('ask').showModal();
  return new Promise((resolve) => {
    const done = (v) => { $('ask').close(); $('ask-yes').onclick = null; $('ask-no').onclick = null; resolve(v); };
    $('ask-yes').onclick = () => done(true);
    $('ask-no').onclick = () => done(false);
    $('ask').oncancel = () => done(false);
  });
}

export function setupDialogs() {
  $('tour-prev').addEventListener('click', () => { tour.i = Math.max(0, tour.i - 1); showTourPage(); });
  $('tour-next').addEventListener('click', () => { tour.i = Math.min(tour.pages.length - 1, tour.i + 1); showTourPage(); });
  $('tour-close').addEventListener('click', () => $('tour').close());
  $('legend-close').addEventListener('click', () => $('legend').close());
}
