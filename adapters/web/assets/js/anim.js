// Turns shown step by step: the frames of a turn (`face.js`'s `playSteps`, from the engine's
// own step and removal reports) drawn one after another, then the position the engine gives.
// While a turn is shown, the page draws nothing else on the board.
'use strict';

// `scale` stretches every frame's time (1: as players see it; a test that photographs a frame
// raises it); `pace` is the player's choice of how a turn is shown (the menu's Turns shown).
// `live`: the live game's last play shown, {frames, before, report}.
export const anim = { frames: null, timer: null, i: 0, scale: 1, pace: 'steps', live: null };

// The paces a player may choose: `fast` shows a long turn in about 2.4 s (a step at least
// 160 ms), `steps` every step for 450 ms, `slow` every step for 900 ms.
const PACES = {
  fast: (n) => Math.max(160, Math.min(450, Math.round(2400 / Math.max(1, n)))),
  steps: () => 450,
  slow: () => 900,
};

// The time each frame of a turn of `n` steps is shown.
export function frameTime(n) {
  return anim.scale * (PACES[anim.pace] || PACES.steps)(n);
}

// The pace control (kept in the browser's storage).
function setupPace() {
  const pick = document.getElementById('pace');
  if (!pick) return;
  let kept = null;
  try { kept = localStorage.getItem('guerrilla-web-pace'); } catch (e) { /* storage off */ }
  if (kept && PACES[kept]) anim.pace = kept;
  pick.value = anim.pace;
  pick.addEventListener('change', () => {
    anim.pace = PACES[pick.value] ? pick.value : 'steps';
    try { localStorage.setItem('guerrilla-web-pace', anim.pace); } catch (e) { /* storage off */ }
  });
}
setupPace();

// Shows `frames`: `onFrame(frame, i, n, ms)` draws frame i, `onDone()` draws the real position.
export function animate(frames, onFrame, onDone) {
  stopAnimation();
  if (!frames.length) { onDone(); return; }
  const ms = frameTime(frames.length);
  anim.frames = frames;
  anim.i = 0;
  const next = () => {
    if (anim.frames !== frames) return;
    if (anim.i >= frames.length) {
      anim.frames = null;
      anim.timer = null;
      onDone();
      return;
    }
    onFrame(frames[anim.i], anim.i, frames.length, ms);
    anim.i++;
    anim.timer = setTimeout(next, ms);
  };
  next();
}

// Ends the turn being shown at once (the caller draws the real position).
export function stopAnimation() {
  clearTimeout(anim.timer);
  anim.timer = null;
  anim.frames = null;
}

export function animating() {
  return anim.frames !== null;
}

// The live game's play being shown step by step when it ended the game (`state`'s result):
// {frames, before, report}, else null. The banner, the final counts and the end's buttons wait
// until its last step is drawn.
export function endingShown(state) {
  const live = anim.live;
  if (!live || anim.frames === null || anim.frames !== live.frames) return null;
  return state.describe.result && state.describe.result !== 'none' ? live : null;
}
