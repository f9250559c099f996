// Sounds of moves and captures, made by the browser (Web Audio: no sound files), with an off
// switch kept in the browser's storage.
'use strict';

const KEY = 'guerrilla-web-sound';
export const sound = { on: localStorage.getItem(KEY) !== 'off', played: 0 };
let ctx = null;

export function setSound(on) {
  sound.on = on;
  try { localStorage.setItem(KEY, on ? 'on' : 'off'); } catch (e) { /* storage off */ }
}

function tone(freq, ms, type, gain) {
  const t = ctx.currentTime;
  const o = ctx.createOscillator(), g = ctx.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, t);
  g.gain.setValueAtTime(gain, t);
  g.gain.exponentialRampToValueAtTime(0.001, t + ms / 1000);
  o.connect(g).connect(ctx.destination);
  o.start(t);
  o.stop(t + ms / 1000);
}

// `move`: a short click; `capture`: a lower, longer knock.
export function play(kind) {
  if (!sound.on) return;
  try {
    ctx = ctx || new AudioContext();
    if (kind === 'capture') { tone(180, 160, 'triangle', 0.35); tone(90, 200, 'sine', 0.3); } else tone(620, 60, 'square', 0.08);
    sound.played++;
  } catch (e) { /* no audio here */ }
}
