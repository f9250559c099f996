// Turns shown step by step: the frames of a turn (`face.js`'s `playSteps`, from the engine's
// own step and removal reports) drawn one after another, then the position the engine gives.
// While a turn is shown, the page draws nothing else on the board.
'use strict';

// `scale` stretches every frame's time (1: as players see it; a test that photographs a frame
// raises it).
export const anim = { frames: null, timer: null, i: 0, scale: 1 };

// The time each frame is shown: a long turn goes faster, so that it takes about 2.4 s.
export function frameTime(n) {
  return anim.scale * Math.max(160, Math.min(450, Math.round(2400 / Math.max(1, n))));
}

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
