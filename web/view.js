// Draws the board: the position shown (state.js shownView, or the editor's
// own view while editing) with the family's renderer (render/<family>.js,
// interface in family.js), the editor's or play mode's overlays, and a
// playback slide frame by frame while one runs.  Called by every part that
// changes what is shown (position.js, playback.js, solve.js, input.js ...).

import { $ } from "./dom.js";
import { shownView, shownCode } from "./state.js";

const ANIM_MS = 240;    // a slide, when the renderer does not say (animMs)

// The playback speed chosen (1 = as the renderer says).
export function playSpeed() {
  return Number($("pb-speed")?.value) || 1;
}

// How long the slide of `move` takes (ms), at the playback speed.
export function animMs(app, move) {
  return (app.families[app.desc?.family]?.render.animMs?.(move) ?? ANIM_MS) / playSpeed();
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
  const hinted = playing && app.play.hint !== null ? app.play.moves[app.play.hint] : null;
  if (hinted && !app.anim) family.render.hint?.(app.board, view, hinted.move_data);
  if (!app.firstBoard) { app.firstBoard = true; performance.mark("first-board"); }
  const code = shownCode(app);
  $("position-code").textContent = code;
  $("board").setAttribute("aria-label", `${app.desc.family} board, position ${code}`);
  if (!app.anim) $("board-text").textContent = family.render.text?.(view, app.desc) || `Position ${code}`;
  drawGoal(app, family);
}

// The goal picture beside the board (the renderer's goalView; none: hidden).
function drawGoal(app, family) {
  const key = `${app.desc.code}|${app.desc.metric || ""}`;
  if (app.goalShown === key) return;
  app.goalShown = key;
  const goal = family.render.goalView?.(app.desc) || null;
  const was = $("goal-pic").hidden;
  $("goal-pic").hidden = !goal;
  if (goal) {
    const g = family.render.grid(goal, app.desc);
    app.goalBoard.setGrid(g.cols, g.rows, g.aspect);
    family.render.draw(app.goalBoard, goal, { desc: app.desc, thumb: true });
    $("goal").setAttribute("aria-label", `The goal: ${family.render.text?.(goal, app.desc) || ""}`);
  }
  if (was !== !goal) { app.board.resize(); draw(app); }
}
