// Export and import: the position string of the turn shown, and the whole game as a record in
// the arena's PGN form (adapters/README.md, "Records and replay"), which `guerrilla-arena
// replay` and PGN readers read.
'use strict';

import { game } from './moves.js';
import { catalogue, face } from './face.js';

// An engine seat's level as its labels name it: nothing for the default (`full`, the engine's
// strongest), else the level's word.
export function levelWord(p) {
  return p.strength && p.strength !== 'full' ? p.strength : '';
}

function playerTag(p) {
  if (p.kind !== 'engine') return 'human';
  return `engine ${levelWord(p) ? `${levelWord(p)} ` : ''}${p.movetime} ms`;
}

const RESULTS = { p1win: '1-0', p2win: '0-1', draw: '1/2-1/2' };

// Who moved first: the game's own `first` (a game of My games, which the server keeps), else
// the start position's side to move, or else counted back from the side to move now (each turn
// is one side's).
function firstMover(s) {
  if (s.first === 'p1' || s.first === 'p2') return s.first;
  const start = game.entries[0];
  if (start && start.describe && start.describe.tomove) return start.describe.tomove;
  const now = s.describe.tomove === 'p2' ? 1 : 0;
  return (now + s.history.moves.length) % 2 === 0 ? 'p1' : 'p2';
}

// Words joined into lines of at most 79 characters, as PGN asks.
function wrap(words) {
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) { lines.push(line); line = w; } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

// The game in the arena's PGN form: the seven-tag roster (White is p1, who moves first), the
// game as `Variant` and one tag for each of its options, `FEN` and `SetUp` only when it starts
// from another position than its setup's standard start (the state's `standard_start`), `TimeControl "-"` (no clock), `Termination`,
// `PlyCount`; then the numbered turns and the result token.
export function gameRecord(s) {
  const now = new Date();
  const date = `${now.getFullYear()}.${String(now.getMonth() + 1).padStart(2, '0')}.${String(now.getDate()).padStart(2, '0')}`;
  const over = s.describe.result && s.describe.result !== 'none';
  const result = RESULTS[s.describe.result] || '*';
  const tags = [
    ['Event', 'guerrilla-web game'], ['Site', location.host || '?'], ['Date', date], ['Round', '-'],
    ['White', playerTag(s.players[0])], ['Black', playerTag(s.players[1])], ['Result', result],
    ['Variant', s.game],
  ];
  for (const o of face(s.game).options) tags.push([o.name, (s.options || {})[o.name] ?? o.default]);
  if (s.history.start && s.history.start !== 'startpos' && !s.history.standard_start) tags.push(['FEN', s.history.start], ['SetUp', '1']);
  const forfeit = s.describe.forfeit && s.describe.forfeit !== 'none';
  tags.push(
    ['TimeControl', '-'],
    ['Termination', !over ? 'unterminated' : forfeit ? 'illegal move' : 'normal'],
    ['PlyCount', s.history.moves.length],
  );
  const head = tags.map(([k, v]) => `[${k} "${String(v).replace(/["\\]/g, '\\$&')}"]`).join('\n');
  const words = [];
  let side = firstMover(s), number = 1;
  s.history.moves.forEach((m, i) => {
    if (side === 'p1') words.push(`${number}.`);
    else if (i === 0) words.push(`${number}...`);
    words.push(m);
    if (side === 'p2') number++;
    side = side === 'p1' ? 'p2' : 'p1';
  });
  words.push(result);
  return `${head}\n\n${wrap(words)}\n`;
}

// The position string of the position shown: an earlier one from the timeline's start and
// turns is not known as a string, so the view's own describe is not used; the game's current
// turn start is (`show`'s fen).
export function positionString(s) {
  return s.fen || '';
}

// Reads what was pasted: a record (tags and turns; the first game of a PGN file, its comments
// and move numbers skipped), a position string (it has `/`), or a bare list of turns from the
// current game's start. The `new` action that sets it up, or an error.
export function parseImport(text, s) {
  const t = text.trim();
  if (!t) return { error: 'Paste a position string or a game record first, then Import' };
  const tags = {};
  const body = [];
  for (const line of t.split(/\r?\n/)) {
    if (line.startsWith('%')) continue; // a PGN escape line
    const m = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line);
    if (m) {
      if (body.length) break; // the next game's tags
      tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
    } else if (line.trim()) body.push(line.trim());
  }
  const text2 = body.join(' ').replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  if (!Object.keys(tags).length && text2.includes('/')) {
    return { action: { type: 'new', game: s.game, fen: text2 }, what: 'position' };
  }
  const ends = ['*', '1-0', '0-1', '1/2-1/2', 'p1win', 'p2win', 'draw', 'none'];
  const moves = text2.split(/\s+/).map((w) => w.replace(/^\d+\.+/, '')).filter((w) => w && !ends.includes(w) && !w.startsWith('$'));
  if (moves.some((m) => m.includes('/'))) return { error: 'This is not a record: a record has its position in a [FEN "…"] tag, not among its turns' };
  if (!moves.length && !Object.keys(tags).length) return { error: 'This is neither a position string nor a game record' };
  const g = tags.Variant || tags.Game || s.game;
  if (!catalogue.byName.has(g)) return { error: `this record is of a game the engine does not play ('${g}'; it plays ${catalogue.games.map((x) => x.title).join(', ')})` };
  const action = { type: 'new', game: g, moves, options: {} };
  const start = tags.FEN || tags.Opening;
  if (start && start !== 'startpos') action.fen = start;
  else if (!Object.keys(tags).length) action.fen = s.history.start;
  for (const o of face(g).options) if (tags[o.name] !== undefined) action.options[o.name] = Number(tags[o.name]);
  return { action, what: 'game' };
}

export function setupRecordPanel(pageState, $, act, notice) {
  $('export-position').addEventListener('click', () => {
    const s = pageState();
    $('record-text').value = positionString(s);
    $('record-text').select();
    notice(game.view !== null ? 'the position string is that of the game as it stands (the view of an earlier position has none)' : 'position string of the current turn\'s start: copy it, or edit it and Import', 'info');
  });
  $('export-game').addEventListener('click', () => {
    const s = pageState();
    $('record-text').value = gameRecord(s);
    $('record-text').select();
    const blob = new Blob([gameRecord(s)], { type: 'text/plain' });
    const a = $('download-game');
    a.href = URL.createObjectURL(blob);
    a.download = `${s.game}-${s.session}.pgn`;
    a.hidden = false;
  });
  $('import').addEventListener('click', async () => {
    const s = pageState();
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
