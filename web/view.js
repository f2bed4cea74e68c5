// Draws the board: the position shown (state.js shownView, or the editor's
// own view while editing) with the family's renderer (render/<family>.js,
// interface in family.js), the editor's or play mode's overlays, and a
// playback slide frame by frame while one runs.  Called by every part that
// changes what is shown (position.js, playback.js, solve.js, input.js ...).

import { $ } from "./dom.js";
import { shownView, shownCode } from "./state.js";

const ANIM_MS = 240;    // a slide, when the renderer does not say (animMs)

// How long the slide of `move` takes (ms).
export function animMs(app, move) {
  return app.families[app.desc?.family]?.render.animMs?.(move) ?? ANIM_MS;
}

export function draw(app) {
  const family = app.families[app.desc?.family];
  if (!family) return;
  const playing = !!app.play?.active;
  const view = (!playing && family.edit.view?.(app)) || shownView(app);
  const g = family.render.grid(view, app.desc);
  if (g.cols !== app.board.cols || g.rows !== app.board.rows || g.aspect !== app.board.aspect) {
    app.board.setGrid(g.cols, g.rows, g.aspect);
  }
  const opts = { goal: app.desc.goal, desc: app.desc };
  if (!playing) Object.assign(opts, family.edit.drawOptions?.(app));
  if (app.anim) {
    const t = Math.min(1, (performance.now() - app.anim.t0) / animMs(app, app.anim.move));
    Object.assign(opts, { from: app.anim.from, t, move: app.anim.move });
    if (t < 1) requestAnimationFrame(() => draw(app)); else app.anim = null;
  }
  if (playing) Object.assign(opts, family.play.playOptions?.(app.play));
  family.render.draw(app.board, view, opts);
  if (!app.firstBoard) { app.firstBoard = true; performance.mark("first-board"); }
  const code = shownCode(app);
  $("position-code").textContent = code;
  $("board").setAttribute("aria-label", `${app.desc.family} board, position ${code}`);
}
