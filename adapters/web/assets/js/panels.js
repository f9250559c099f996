// The texts around the board: who acts now (status), the result with its reason, the tally of
// removals, the Guerrilla guidance (phase, groups still to grow, jumps left, kills), the
// engine's score from a named side's view and its line, and the messages.
'use strict';

import { sideInfo, sideIndex, pointChars, pretty, reportedRemovals } from './names.js';
import { tally, shownPly } from './moves.js';
import { candidates } from './input.js';

const $ = (id) => document.getElementById(id);

// Why the game ended, in words: the engine's `reason` field when it gives one.
const REASONS = {
  'no-checkers': 'COIN has no checker left',
  'no-stones-on-board': 'the Guerrilla has no stone left on the board',
  'no-stones-in-hand': 'the Guerrilla has fewer than two stones in hand',
  'no-legal-move': 'the side to move has no legal move',
  'two-passes': 'two passes in a row',
  'turn-limit': 'the turn limit was reached',
  'forfeit': 'an illegal move',
};

export function resultText(s) {
  const d = s.describe;
  const names = sideInfo(s.game).names;
  if (!d.result || d.result === 'none') return '';
  const who = d.result === 'p1win' ? `${names[0]} wins` : d.result === 'p2win' ? `${names[1]} wins` : 'Draw';
  const parts = [];
  const reason = d.reason && d.reason !== 'none' ? (REASONS[d.reason] || d.reason.replace(/[-_]/g, ' ')) : '';
  if (d.forfeit && d.forfeit !== 'none') parts.push(`${names[sideIndex(d.forfeit)]} lost by an illegal move`);
  else if (reason) parts.push(reason);
  if (s.game === 'guerrilla') parts.push(`final score White ${d.score_white}, Black ${d.score_black}`);
  else parts.push(`${d.stones} stones and ${d.hand} in hand, ${d.checkers} checkers left`);
  return `Game over: ${who} — ${parts.join('; ')}`;
}

// Who is to act now, and what.
export function statusText(s, d, viewing) {
  const names = sideInfo(s.game).names;
  const side = sideIndex(d.tomove);
  const mover = names[side];
  if (viewing) return `Viewing the position after turn ${shownPly(s)} of ${s.timeline.plies.length} (read-only): ▶| or End returns to the game`;
  if (d.result && d.result !== 'none') return resultText(s);
  // the completed turn is the previous side's: the engine's `tomove` names the next one already
  if (s.awaiting_confirm) return `${names[1 - side]}: your turn ${pretty(s.awaiting_confirm)} is complete — Confirm it, or Undo step`;
  if (s.analysing !== null && s.analysing !== undefined) return `Analysis: the engine thinks on this position and plays nothing`;
  const engine = s.players[side].kind === 'engine';
  if (engine) {
    if (s.searching) return `${mover} (engine) is thinking…`;
    if (s.paused) return `${mover} (engine) to move — paused: Resume, or Engine turn for one turn`;
    return `${mover} (engine) to move`;
  }
  let hint = '';
  if (s.game === 'guerrilla-checkers') {
    if (d.pending && d.pending !== '-') hint = `: the second stone, next to ${d.pending}`;
    else if (d.capturing && d.capturing !== '-') hint = `: ${d.capturing} must capture again`;
    else hint = side === 0 ? (d.first === 'true' ? ': two stones anywhere, next to each other' : ': two stones') : ': a checker';
  } else {
    hint = { growth: ': grow your groups', new: ': place a new group', move: ': move groups, or End move', split: ': choose the part to keep', kill: ': choose the kills' }[d.phase] || '';
  }
  return `${mover} to move${hint}`;
}

export function renderStatus(s, d, viewing) {
  const over = !viewing && d.result && d.result !== 'none';
  $('status').textContent = statusText(s, d, viewing);
  $('status').className = over ? 'over' : s.awaiting_confirm && !viewing ? 'confirm' : viewing ? 'viewing' : '';
  $('status-bar').classList.toggle('over', Boolean(over));
  $('result').textContent = over ? resultText(s) : '';
  $('result').hidden = !over;
  const names = sideInfo(s.game).names;
  let counts;
  if (s.game === 'guerrilla-checkers') {
    counts = `stones in hand ${d.hand} · on the board ${d.stones} · checkers ${d.checkers}`;
  } else {
    const turn = d.result === 'none' ? `turn ${d.turn} of ${d.turn_limit}` : `${Number(d.turn) - 1} turns of ${d.turn_limit} played`;
    counts = `${turn} · passes ${d.passes} · supply W ${d.supply_white} B ${d.supply_black} · score W ${d.score_white} B ${d.score_black}`;
  }
  $('counts').textContent = counts + (s.paused && !viewing ? ' · paused' : '');
  const t = tally(s, shownPly(s));
  const word = sideInfo(s.game).removed;
  $('tally').textContent = [0, 1].map((i) => `${names[i]} took ${t[i].taken} ${word[1 - i]}${t[i].taken === 1 ? '' : 's'}` +
    (t[i].massacres ? ` (${t[i].massacres} massacred)` : '')).join(' · ');
}

// Groups of the mover (neighbouring pieces of one colour), from the geometry's neighbours.
function groups(geo, chars, piece) {
  const seen = new Set(), out = [];
  const nb = new Map(geo.points.map((p) => [p.name, p.neighbours]));
  for (const p of geo.points) {
    if (chars.get(p.name) !== piece || seen.has(p.name)) continue;
    const group = [], todo = [p.name];
    seen.add(p.name);
    while (todo.length) {
      const n = todo.pop();
      group.push(n);
      for (const m of nb.get(n) || []) if (!seen.has(m) && chars.get(m) === piece) { seen.add(m); todo.push(m); }
    }
    out.push(group);
  }
  return out;
}

// Guerrilla's guidance for the turn being built.
export function renderGuidance(s, d, viewing) {
  const box = $('guidance');
  if (s.game !== 'guerrilla' || viewing || d.result !== 'none') { box.hidden = true; return; }
  box.hidden = false;
  const lines = [`Phase: ${d.phase}`];
  if (d.phase === 'growth' && s.geometry) {
    const chars = pointChars(s.geometry, d.points);
    const piece = sideInfo(s.game).pieces[sideIndex(d.tomove)];
    const targets = new Set(candidates([]).filter((c) => c.step.startsWith('+')).map((c) => c.names[0]));
    const nb = new Map(s.geometry.points.map((p) => [p.name, p.neighbours]));
    const growing = groups(s.geometry, chars, piece).filter((g) => g.some((n) => nb.get(n).some((m) => targets.has(m))));
    lines.push(`groups that still must grow: ${growing.length}`);
  }
  if (d.moving && d.moving !== '-') lines.push(`moving group ${d.moving}: ${d.jumps_left} jump${d.jumps_left === '1' ? '' : 's'} left`);
  if (d.moved && d.moved !== '-') lines.push(`moved: ${d.moved}`);
  if (d.kills && d.kills !== '-') lines.push(`kills chosen: ${pretty(d.kills)}`);
  const p = s.endmove_preview;
  if (p) {
    const removed = reportedRemovals(p.removed);
    const kills = removed.filter((r) => r.why !== 'split').map((r) => r.name + (r.why === 'massacred' ? ' (massacre)' : ''));
    if (p.choices && p.choices.length) lines.push(`End move: then choose the kills (${p.choices.map(pretty).join(' ')})`);
    else if (kills.length) lines.push(`End move will kill ${kills.join(' ')}`);
    else lines.push('End move kills nothing');
  }
  box.textContent = lines.join(' · ');
}

// The engine's score, from the side the search was for, and its line.
export function renderEngine(s) {
  const t = s.thinking;
  const names = sideInfo(s.game).names;
  const box = $('thinking');
  if (!t || !t.side) { box.textContent = s.analysing !== null && s.analysing !== undefined ? 'starting…' : '—'; return; }
  const who = names[sideIndex(t.side)];
  const parts = [];
  parts.push(t.analysis ? `analysis of turn ${t.ply}` : `${s.searching ? 'thinking' : 'last search'} for ${who}`);
  if (t.proven) {
    const other = names[1 - sideIndex(t.side)];
    parts.push(t.proven === 'win' ? `${who} wins in ${t.in} (proven)` : t.proven === 'loss' ? `${other} wins in ${t.in} (proven)` : `draw in ${t.in} (proven)`);
  } else if (t.score !== undefined) {
    const v = Number(t.score);
    parts.push(`${who}: ${v >= 0 ? '+' : ''}${v.toFixed(2)} (expected result for ${who}, −1 to +1)`);
  }
  if (t.depth !== undefined) parts.push(`depth ${t.depth} · ${t.nodes} nodes`);
  box.replaceChildren();
  const head = document.createElement('div');
  head.textContent = parts.join(' · ');
  box.append(head);
  if (t.pv) {
    const pv = document.createElement('div');
    pv.className = 'pv';
    pv.textContent = `line: ${t.pv.split(' ').map(pretty).join('  ')}`;
    box.append(pv);
  }
}

export function renderMessages(s, seen, notice) {
  const list = $('messages');
  list.replaceChildren();
  let top = seen;
  for (const m of s.messages) {
    const li = document.createElement('li');
    li.className = m.level;
    li.textContent = m.text;
    list.prepend(li);
    if (m.seq > seen && m.level === 'error') notice(m.text);
    top = Math.max(top, m.seq);
  }
  return top;
}

