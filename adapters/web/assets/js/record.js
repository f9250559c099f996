// Export and import: the position string of the turn shown, and the whole game as a record in
// the arena's format (PGN-like tags, then the turns on one line; adapters/README.md, "Records
// and replay"), which `guerrilla-arena replay` also reads.
'use strict';

import { game } from './moves.js';
import { catalogue, face } from './face.js';

function playerTag(p) {
  return p.kind === 'engine' ? `engine ${p.movetime} ms` : 'human';
}

export function gameRecord(s) {
  const tags = [
    ['Event', 'guerrilla-web game'],
    ['Game', s.game],
  ];
  // the game's own options, by their engine names (the arena's records use the same tags)
  for (const [name, value] of Object.entries(s.options || {})) tags.push([name, value]);
  tags.push(
    ['Opening', s.history.start || 'startpos'],
    ['P1', playerTag(s.players[0])],
    ['P2', playerTag(s.players[1])],
    ['Result', s.describe.result === 'none' ? '*' : s.describe.result],
  );
  if (s.describe.reason) tags.push(['Reason', s.describe.reason]);
  tags.push(['Plies', s.history.moves.length]);
  const head = tags.map(([k, v]) => `[${k} "${String(v).replace(/["\\]/g, '\\$&')}"]`).join('\n');
  return `${head}\n${s.history.moves.join(' ')}\n`;
}

// The position string of the position shown: an earlier one from the timeline's start and
// turns is not known as a string, so the view's own describe is not used; the game's current
// turn start is (`show`'s fen).
export function positionString(s) {
  return s.fen || '';
}

// Reads what was pasted: a record (tags and turns), a position string (it has `/`), or a bare
// list of turns from the current game's start. The `new` action that sets it up, or an error.
export function parseImport(text, s) {
  const t = text.trim();
  if (!t) return { error: 'Paste a position string or a game record first, then Import' };
  const tags = {};
  const body = [];
  for (const line of t.split(/\r?\n/)) {
    const m = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line);
    if (m) tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
    else if (line.trim()) body.push(line.trim());
  }
  const text2 = body.join(' ');
  if (!Object.keys(tags).length && text2.includes('/')) {
    return { action: { type: 'new', game: s.game, fen: text2 }, what: 'position' };
  }
  const moves = text2.split(/\s+/).filter((w) => w && !/^\d+\.+$/.test(w) && !['*', 'p1win', 'p2win', 'draw', 'none'].includes(w));
  if (moves.some((m) => m.includes('/'))) return { error: 'This is not a record: a record has its position in an [Opening "…"] tag, not among its turns' };
  if (!moves.length && !Object.keys(tags).length) return { error: 'This is neither a position string nor a game record' };
  const g = tags.Game || s.game;
  if (!catalogue.byName.has(g)) return { error: `this record is of a game the engine does not play ('${g}'; it plays ${catalogue.games.map((x) => x.title).join(', ')})` };
  const action = { type: 'new', game: g, moves, options: {} };
  if (tags.Opening && tags.Opening !== 'startpos') action.fen = tags.Opening;
  else if (!Object.keys(tags).length) action.fen = s.history.start;
  for (const o of face(g).options) if (tags[o.name] !== undefined) action.options[o.name] = Number(tags[o.name]);
  return { action, what: 'game' };
}

export function setupRecordPanel(s0, $, act, notice) {
  $('export-position').addEventListener('click', () => {
    const s = window.gui.state;
    $('record-text').value = positionString(s);
    $('record-text').select();
    notice(game.view !== null ? 'the position string is that of the game as it stands (the view of an earlier position has none)' : 'position string of the current turn\'s start: copy it, or edit it and Import', 'info');
  });
  $('export-game').addEventListener('click', () => {
    const s = window.gui.state;
    $('record-text').value = gameRecord(s);
    $('record-text').select();
    const blob = new Blob([gameRecord(s)], { type: 'text/plain' });
    const a = $('download-game');
    a.href = URL.createObjectURL(blob);
    a.download = `${s.game}-${s.session}.rec`;
    a.hidden = false;
  });
  $('import').addEventListener('click', async () => {
    const s = window.gui.state;
    const r = parseImport($('record-text').value, s);
    if (r.error) { notice(r.error); return; }
    r.action.players = s.players;
    const answer = await act(r.action);
    if (answer && answer.ok) {
      game.view = null;
      notice(r.what === 'position' ? 'position set up' : `game set up: ${r.action.moves.length} turns (paused)`, 'success');
    }
  });
}
