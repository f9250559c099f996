// The board's zoom. A board whose cells lie closer than a finger (32 px) at 1× gets the zoom
// control (− +, beside the move buttons, never over the board); such a board opens zoomed, at
// the smallest step of ½ that puts its cells 40 px apart, once for each board (a game, its
// options and the window's width), and the player's own zoom is kept until the board changes.
// The board's box keeps the height it had at 1×, so nothing under it moves; the middle of what
// is shown stays in the middle.
'use strict';

const $ = (id) => document.getElementById(id);

export const zoom = { level: 1, board: null };

// A finger's width, and the distance between cells a board opens with.
const FINGER = 32;
const TAP = 40;

// Zooms to `z` (1 to 3).
export function setZoom(z) {
  const scroll = $('board-scroll');
  const cx = (scroll.scrollLeft + scroll.clientWidth / 2) / (scroll.scrollWidth || 1);
  const cy = (scroll.scrollTop + scroll.clientHeight / 2) / (scroll.scrollHeight || 1);
  if (zoom.level === 1) scroll.style.height = `${scroll.clientHeight}px`;
  zoom.level = Math.max(1, Math.min(3, z));
  if (zoom.level === 1) scroll.style.height = '';
  $('board-wrap').classList.toggle('zoomed', zoom.level > 1);
  $('board').style.width = `${zoom.level * 100}%`;
  scroll.scrollLeft = cx * scroll.scrollWidth - scroll.clientWidth / 2;
  scroll.scrollTop = cy * scroll.scrollHeight - scroll.clientHeight / 2;
  document.body.dataset.zoom = String(zoom.level);
}

// After the board is drawn: the control shown or not, and a new board's opening zoom. `board`
// names the board drawn (its game and options).
export function zoomControl(board) {
  const svg = $('board');
  const vb = svg.viewBox.baseVal;
  if (!vb || !vb.width || !board) return;
  const perUnit = svg.getBoundingClientRect().width / vb.width / zoom.level;
  if (!perUnit) return;
  $('zoom').hidden = perUnit >= FINGER && zoom.level === 1;
  const key = `${board} ${window.innerWidth}`;
  if (zoom.board === key) return;
  zoom.board = key;
  setZoom(perUnit >= FINGER ? 1 : Math.ceil((TAP / perUnit) * 2) / 2);
}

export function setupZoom() {
  $('zoom-in').addEventListener('click', () => setZoom(zoom.level + 0.5));
  $('zoom-out').addEventListener('click', () => setZoom(zoom.level - 0.5));
}
