// The board by keyboard: its points and squares are one tab stop; the arrow keys move the focus
// to the nearest cell in that direction (as the board is drawn, flipped or not), Enter or Space
// plays the cell in focus as a click would.
'use strict';

const DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function centre(e) {
  const r = e.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

// The nearest cell from `from` in direction `dir` (within 60° of it), or null.
export function neighbourInDirection(svg, from, dir) {
  const [x0, y0] = centre(from);
  let best = null, bestScore = Infinity;
  for (const h of svg.querySelectorAll('.hit')) {
    if (h === from) continue;
    const [x, y] = centre(h);
    const dx = x - x0, dy = y - y0;
    const along = dx * dir[0] + dy * dir[1];
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    if (along <= 1 || across > along * 1.8) continue;
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = h; }
  }
  return best;
}

// Moves the board's tab stop to `h` and focuses it.
export function focusCell(svg, h) {
  for (const e of svg.querySelectorAll('.hit[tabindex="0"]')) e.setAttribute('tabindex', '-1');
  h.setAttribute('tabindex', '0');
  h.focus({ preventScroll: false });
}

// Keyboard play on `svg`: `onPlay(name)` for Enter or Space, `onFocus(name)` when the focus moves.
export function setupBoardKeys(svg, onPlay, onFocus) {
  svg.addEventListener('keydown', (e) => {
    const h = e.target.closest && e.target.closest('.hit');
    if (!h) return;
    if (e.key in DIRS) {
      e.preventDefault();
      e.stopPropagation();
      const n = neighbourInDirection(svg, h, DIRS[e.key]);
      if (n) { focusCell(svg, n); onFocus(n.dataset.name); }
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      onPlay(h.dataset.name);
    }
  });
  svg.addEventListener('focusin', (e) => {
    const h = e.target.closest && e.target.closest('.hit');
    if (h) onFocus(h.dataset.name);
  });
}
