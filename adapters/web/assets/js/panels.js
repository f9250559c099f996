// The texts around the board, all from the engine's words: who acts now (status), the result
// with its reason, the game's counts and the details of the turn being built (the `describe`
// fields `about` labels), the tally of removals, what each word step would do, the engine's
// score from a named side's view and its line, and the messages.
'use strict';

import { face, sideIndex, ownerIndex, pretty, plural, reasonText, stepLabel } from './face.js';
import { tally, shownPly } from './moves.js';
import { analysis, renderLines } from './analysis.js';
import { friend } from './friend.js';

const $ = (id) => document.getElementById(id);

// The fields `about` labels of this kind (`count` or `turn`) that say something now:
// [`label value`]. A turn field says something unless it is `-` or `0`.
export function fieldTexts(s, d, kind) {
  return face(s.game).fields
    .filter((f) => f.kind === kind && d[f.name] !== undefined && (kind === 'count' || !['-', '0', 'none'].includes(d[f.name])))
    .map((f) => `${f.label} ${d[f.name].replace(/,/g, ', ')}`);
}

// The counts, two by two where a pair of labels names each side's share of one thing
// (`White's score 5` and `Black's score 4` → `White's score 5, Black's 4`): a line short enough
// for a phone. [text], in the order `about` gives the fields.
export function countTexts(s, d) {
  const f = face(s.game);
  const counts = f.fields.filter((x) => x.kind === 'count' && d[x.name] !== undefined);
  const whose = (label) => {
    const i = f.sides.findIndex((side) => label.startsWith(`${side}'s `));
    return i < 0 ? null : { side: i, what: label.slice(f.sides[i].length + 3) };
  };
  const out = [], paired = new Set();
  for (const c of counts) {
    if (paired.has(c)) continue;
    const mine = whose(c.label);
    const other = mine && counts.find((o) => o !== c && !paired.has(o) && whose(o.label) &&
      whose(o.label).side === 1 - mine.side && whose(o.label).what === mine.what);
    if (other) {
      paired.add(other);
      out.push(`${c.label} ${d[c.name]}, ${f.sides[1 - mine.side]}'s ${d[other.name]}`);
    } else {
      out.push(`${c.label} ${d[c.name].replace(/,/g, ', ')}`);
    }
  }
  return out;
}

// The counts line: each count whole on a line (a line breaks between counts only).
function showCounts(box, texts) {
  box.replaceChildren(...texts.flatMap((t, i) => {
    const span = Object.assign(document.createElement('span'), { className: 'count', textContent: t });
    return i ? [' · ', span] : [span];
  }));
}

// The banner of a finished game: who won and why (`withCounts`: and the final counts, which
// the status bar shows on its second line).
export function resultText(s, d = s.describe, withCounts = false) {
  const sides = face(s.game).sides;
  if (!d.result || d.result === 'none') return '';
  const who = d.result === 'p1win' ? `${sides[0]} wins` : d.result === 'p2win' ? `${sides[1]} wins` : 'Draw';
  const parts = [];
  if (d.forfeit && d.forfeit !== 'none') parts.push(`${sides[sideIndex(d.forfeit)]} lost by an illegal move`);
  else if (d.reason && d.reason !== 'none') parts.push(reasonText(face(s.game), d.reason));
  const counts = countTexts(s, d);
  if (withCounts && counts.length) parts.push(`final count: ${counts.join(' · ')}`);
  return `Game over: ${who} — ${parts.join('; ')}`;
}

// The side the person at this page plays: their seat between friends, the one human seat
// against the engine; null when watching, or when people play both sides here.
export function ownSide(s) {
  if (s.friend) return friend.seat === null || !s.friend.holds ? null : sideIndex(s.friend.holds[friend.seat]);
  const humans = s.players.map((p, i) => (p.kind === 'human' ? i : -1)).filter((i) => i >= 0);
  return humans.length === 1 ? humans[0] : null;
}

// Who is to act now, and what.
export function statusText(s, d, viewing) {
  const sides = face(s.game).sides;
  const side = sideIndex(d.tomove);
  const mover = sides[side];
  if (viewing) return `After turn ${shownPly(s)} of ${s.timeline.plies.length}, read-only: ▶| returns to the game`;
  if (d.result && d.result !== 'none') return resultText(s);
  // the completed turn is the previous side's: the engine's `tomove` names the next one already
  if (s.awaiting_confirm) return `${sides[1 - side]}: your turn ${pretty(s.awaiting_confirm)} is complete — Confirm it, or take it back`;
  if (s.analysing !== null && s.analysing !== undefined) return 'Analysis: the engine thinks on this position and plays nothing';
  if (s.players[side].kind === 'engine') {
    if (s.searching) return `${mover} (engine) is thinking…`;
    if (s.paused) return `${mover} (engine) to move — paused: Resume, or Engine turn for one turn`;
    return `${mover} (engine) to move`;
  }
  const details = fieldTexts(s, d, 'turn');
  const who = ownSide(s) === side ? `Your turn (${mover})` : ownSide(s) !== null ? `${mover} to move (your friend)` : `${mover} to move`;
  return `${who}${details.length ? `: ${details.join(' · ')}` : ''}`;
}

export function renderStatus(s, d, viewing) {
  const over = !viewing && d.result && d.result !== 'none';
  $('status').textContent = statusText(s, d, viewing);
  $('status').className = over ? 'over' : s.awaiting_confirm && !viewing ? 'confirm' : viewing ? 'viewing' : '';
  $('status-bar').classList.toggle('over', Boolean(over));
  $('result').textContent = over ? resultText(s, d, true) : '';
  $('result').hidden = !over;
  const own = ownSide(s);
  const counts = countTexts(s, d);
  if (over) showCounts($('counts'), counts.length ? [`final count: ${counts[0]}`, ...counts.slice(1)] : []);
  else showCounts($('counts'), [own === null ? '' : `You play ${face(s.game).sides[own]}`, ...counts, s.paused && !viewing ? 'paused' : ''].filter(Boolean));
  const sides = face(s.game).sides;
  const t = tally(s, shownPly(s));
  $('tally').textContent = [0, 1].map((i) => {
    const nouns = [...t[i].nouns].map(([noun, n]) => `${n} ${plural(noun, n)}`);
    return `${sides[i]} took ${nouns.length ? nouns.join(', ') : 'nothing'}` + (t[i].massacres ? ` (${t[i].massacres} massacred)` : '');
  }).join(' · ');
}

// Whether a `describe` value says something: not empty, `-`, `0` or `none`.
const saysSomething = (v) => v !== undefined && v !== '' && !['-', '0', 'none'].includes(v);

// The plain-words help of the step to play now, all of it the game's (`about`'s `help` lines,
// protocol.md § 4.12): the phase's sentences (those of a state within the phase instead, a
// topic `phase+field` whose field says something), then those of each kind of removal a legal
// step would make, then those of each word step legal now; each sentence once, in the game's
// order within each part.
export function phaseHelp(f, s, d) {
  const help = f.help || [];
  const ofPhase = help.filter((h) => h.kind === 'phase' && h.word === d.phase);
  const inState = ofPhase.filter((h) => h.while_set && saysSomething(d[h.while_set]));
  const phase = inState.length ? inState : ofPhase.filter((h) => !h.while_set);
  const removing = new Set((s.previews || []).flatMap((p) => p.removed.map((r) => r.why)));
  const legal = new Set(s.steps || []);
  const lines = [
    ...phase,
    ...help.filter((h) => h.kind === 'removal' && removing.has(h.word)),
    ...help.filter((h) => h.kind === 'step' && legal.has(h.word)),
  ].map((h) => h.text);
  return [...new Set(lines)];
}

// The plain words of the step to play, the details of the turn being built, and what each
// word step would do now.
export function renderGuidance(s, d, viewing) {
  const box = $('guidance');
  const lines = viewing || d.result !== 'none' ? [] : fieldTexts(s, d, 'turn');
  if (!viewing) {
    for (const p of s.previews || []) {
      const label = stepLabel(face(s.game), p.step);
      const removed = p.removed.map((r) => `${r.place} (${r.why})`);
      if (p.choices && p.choices.length) lines.push(`${label}: then choose ${p.choices.map(pretty).join(' ')}`);
      else if (removed.length) lines.push(`${label} will remove ${removed.join(' ')}`);
      else lines.push(`${label} removes nothing`);
      if (p.over) lines.push(`${label} ends the game (${p.over.split(' ').slice(1).map((w) => reasonText(face(s.game), w)).join(' ')})`);
    }
  }
  // the help for the person to play here only (not for the engine's turn, not for a watcher)
  const help = viewing || d.result !== 'none' || !s.players[sideIndex(d.tomove)] ||
    s.players[sideIndex(d.tomove)].kind !== 'human' || (s.friend && ownSide(s) !== sideIndex(d.tomove)) ? [] : phaseHelp(face(s.game), s, d);
  box.hidden = lines.length === 0 && help.length === 0;
  const words = Object.assign(document.createElement('p'), { id: 'phase-help', textContent: help.join(' ') });
  words.hidden = help.length === 0;
  const details = Object.assign(document.createElement('p'), { id: 'turn-details', textContent: lines.join(' · ') });
  details.hidden = lines.length === 0;
  box.replaceChildren(words, details);
}

// Whether a person at this page plays against the engine (a seat each).
export function againstEngine(s) {
  const kinds = s.players.map((p) => p.kind);
  return kinds.includes('human') && kinds.includes('engine');
}

// The engine panel's drawing: at most one redraw of the lines every `LINES_EVERY` ms (an
// analysis reports many times a second), the last state drawn when the time comes.
const LINES_EVERY = 500;
const engineDraw = { at: 0, timer: null, s: null, showEval: false, lines: false };

// The engine's score, from the side the search was for, and its line; while a person plays the
// engine, hidden unless `showEval` (an analysis always shows them). A hint shows its turn only.
// The lines are drawn in place, at most twice a second; `now` draws them at once (a preview
// started or ended marks its chip).
export function renderEngine(s, showEval, now = false) {
  engineDraw.s = s;
  engineDraw.showEval = showEval;
  const wait = engineDraw.at + LINES_EVERY - performance.now();
  if (engineDraw.lines && !now && wait > 0 && showsLines(s, showEval)) {
    if (!engineDraw.timer) {
      engineDraw.timer = setTimeout(() => {
        engineDraw.timer = null;
        renderEngine(engineDraw.s, engineDraw.showEval, true);
      }, wait);
    }
    return;
  }
  clearTimeout(engineDraw.timer);
  engineDraw.timer = null;
  engineDraw.lines = drawEngine(s, showEval);
  if (engineDraw.lines) engineDraw.at = performance.now();
}

// Whether the engine panel shows a score and lines for `s`.
function showsLines(s, showEval) {
  const t = s.thinking;
  if (s.hint || (s.search && s.search.purpose === 'hint') || !t || !t.side) return false;
  const playing = againstEngine(s) && !t.analysis && (!s.describe.result || s.describe.result === 'none');
  return !playing || showEval;
}

// Draws the engine panel; true when it shows the score and lines.
function drawEngine(s, showEval) {
  const t = s.thinking;
  const sides = face(s.game).sides;
  const box = $('thinking');
  const text = (words, cls) => {
    box.replaceChildren();
    if (cls) box.append(Object.assign(document.createElement('div'), { className: cls, textContent: words }));
    else box.textContent = words;
    return false;
  };
  if (s.hint) return text(`Hint: ${pretty(s.hint.turn)}`, 'hint-text');
  if (s.search && s.search.purpose === 'hint') return text('looking for a hint…');
  if (!t || !t.side) return text(s.analysing !== null && s.analysing !== undefined ? 'starting…' : '—');
  if (!showsLines(s, showEval)) {
    return text(s.searching ? `${sides[sideIndex(t.side)]} (engine) is thinking…` :
      'The engine\'s evaluation and line are hidden while you play it.');
  }
  const who = sides[sideIndex(t.side)];
  const parts = [];
  parts.push(t.analysis ? `analysis ${t.ply ? `after turn ${t.ply}` : 'of the start'}` : t.hint ? `hint for ${who}` : `${s.searching ? 'thinking' : 'last search'} for ${who}`);
  if (t.proven) {
    const other = sides[1 - sideIndex(t.side)];
    parts.push(t.proven === 'win' ? `${who} wins in ${t.proven_in} (proven)` : t.proven === 'loss' ? `${other} wins in ${t.proven_in} (proven)` : `draw in ${t.proven_in} (proven)`);
  } else if (t.score !== undefined) {
    const v = Number(t.score);
    parts.push(`${who}: ${v >= 0 ? '+' : ''}${v.toFixed(2)} (expected result for ${who}, −1 to +1)`);
  }
  if (t.depth !== undefined) parts.push(`depth ${t.depth} · ${t.nodes} nodes`);
  // the heading and the lines' box are made once, then only their contents change
  let head = box.querySelector(':scope > .engine-head'), lines = box.querySelector(':scope > .engine-lines');
  if (!head || !lines) {
    head = Object.assign(document.createElement('div'), { className: 'engine-head' });
    lines = Object.assign(document.createElement('div'), { className: 'engine-lines' });
    box.replaceChildren(head, lines);
  }
  const words = parts.join(' · ');
  if (head.textContent !== words) head.textContent = words;
  renderLines(s, lines);
  return true;
}

// The expected result for p1 (−1 to +1) of the engine's last report, a proven result as ±1;
// null when there is none.
function valueForP1(t) {
  if (!t || !t.side) return null;
  let v;
  if (t.proven) v = t.proven === 'win' ? 1 : t.proven === 'loss' ? -1 : 0;
  else if (t.score !== undefined) v = Number(t.score);
  else return null;
  return sideIndex(t.side) === 0 ? v : -v;
}

// Whether the engine's evaluation may be shown: always for an analysis or a finished game,
// while a person plays the engine only when asked for.
export function evalShown(s, showEval) {
  const t = s.thinking;
  if (!t || s.hint) return false;
  return showEval || t.analysis || !againstEngine(s) || (s.describe.result && s.describe.result !== 'none');
}

// The evaluation bar beside the board: the share of the side `pov` (0 for p1), from 0 (lost)
// to 1 (won), filled from the bottom in that side's colour. During a preview, the value of the
// line previewed: the engine's value along that line, so of the position shown as well.
export function renderEvalBar(s, showEval, pov) {
  const bar = $('eval-bar');
  const t = s.thinking;
  const p = analysis.preview;
  const line = p && t && t.lines && p.ply === t.ply ? t.lines[p.line] : null;
  const v = evalShown(s, showEval) ? valueForP1(line ? { ...line, side: t.side } : t) : null;
  bar.hidden = v === null;
  if (v === null) return;
  const f = face(s.game);
  const share = (1 + (pov === 0 ? v : -v)) / 2;
  const own = f.pieces.find((p) => ownerIndex(p) === pov);
  bar.className = own ? `c-${own.colour}` : '';
  $('eval-fill').style.height = `${(share * 100).toFixed(1)}%`;
  bar.dataset.side = f.sides[pov];
  bar.dataset.pov = pov;
  bar.dataset.share = share.toFixed(3);
  bar.dataset.line = line ? p.line + 1 : '';
  bar.setAttribute('aria-valuenow', share.toFixed(3));
  bar.title = `${f.sides[pov]}: ${Math.round(share * 100)}% (the engine's expected result${line ? `, line ${p.line + 1} previewed` : ''})`;
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
    if (m.seq > seen && m.level === 'error') notice(m.text, 'error');
    top = Math.max(top, m.seq);
  }
  return top;
}
