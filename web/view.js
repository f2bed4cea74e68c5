// Draws the board: the position shown (state.js shownView, or the editor's
// own view while editing) with the family's renderer (render/<family>.js,
// interface in family.js), the editor's or play mode's overlays, and a
// playback slide frame by frame while one runs.  Called by every part that
// changes what is shown (position.js, playback.js, solve.js, input.js ...).

import { $ } from "./dom.js";
import { shownView, shownCode } from "./state.js";
import { Board, PHONE } from "./board.js";
import { cssVar } from "./render/draw.js";

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
  // what is drawn over the position, for the tests: a piece held, the
  // hint's arrow, "never lose" crosses
  $("board").dataset.drawn = [opts.drag && "drag", hinted && !app.anim && "hint",
    opts.losing?.length && "losing"].filter(Boolean).join(" ");
  if (!app.firstBoard) { app.firstBoard = true; performance.mark("first-board"); }
  const code = shownCode(app);
  $("position-code").textContent = code;
  $("board").setAttribute("aria-label", `${app.desc.family} board, position ${code}`);
  if (!app.anim) $("board-text").textContent = family.render.text?.(view, app.desc) || `Position ${code}`;
  drawGoal(app, family);
}

// The goal picture over the board (the renderer's goalViews, or goalView;
// none: hidden): one picture, or the alternatives side by side ("or"
// between).  Pressing it shows the goal over the board, board-sized.
function drawGoal(app, family) {
  const key = `${app.desc.code}|${app.desc.metric || ""}|${PHONE.matches}`;
  if (app.goalShown === key) return;
  app.goalShown = key;
  const views = goalViews(family, app.desc);
  $("goal-pic").hidden = !views.length;
  if (!views.length) { showGoalOver(app, false); return; }
  const phone = PHONE.matches;
  paintGoal($("goal"), views, family, app.desc, phone ? 64 : 88, phone ? 72 : 110);
  const words = views.map((v) => family.render.text?.(v, app.desc) || "").join(" Or: ");
  $("goal").setAttribute("aria-label", `The goal${views.length > 1 ? ` (any of ${views.length})` : ""}: ${words}`);
  $("goal").dataset.alternatives = String(views.length);
  if (!$("goal-big").hidden) showGoalOver(app, true);
}

function goalViews(family, desc) {
  const many = family.render.goalViews?.(desc);
  if (many) return many;
  const one = family.render.goalView?.(desc);
  return one ? [one] : [];
}

const OR_PX = 18;      // the gap between two goal alternatives, with "or" in it

// Draw `views` on `canvas`, each at most `width` x `height` CSS pixels (the
// alternatives share the width when there are several).
function paintGoal(canvas, views, family, desc, width, height) {
  const each = views.length > 1 ? Math.max(40, (width * 1.6 - OR_PX * (views.length - 1)) / views.length) : width;
  const parts = views.map((view) => {
    const c = views.length > 1 ? document.createElement("canvas") : canvas;
    const board = new Board(c, { width: each, height });
    const g = family.render.grid(view, desc);
    board.setGrid(g.cols, g.rows, g.aspect);
    family.render.draw(board, view, { desc, thumb: true });
    return board;
  });
  if (views.length === 1) return;
  const dpr = window.devicePixelRatio || 1;
  const w = parts.reduce((t, b) => t + b.width, 0) + OR_PX * (parts.length - 1);
  const h = Math.max(...parts.map((b) => b.height));
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.font = "600 11px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = cssVar("--muted", "#777");
  let x = 0;
  parts.forEach((b, i) => {
    if (i) { ctx.fillText("or", x + OR_PX / 2, h / 2); x += OR_PX; }
    ctx.drawImage(b.canvas, x, (h - b.height) / 2, b.width, b.height);
    x += b.width;
  });
}

// The goal over the board, at the board's size (on: shown; off: hidden).
export function showGoalOver(app, on) {
  const big = $("goal-big");
  const family = app.families[app.desc?.family];
  const views = family ? goalViews(family, app.desc) : [];
  big.hidden = !on || !views.length;
  $("goal-zoom").setAttribute("aria-pressed", String(!big.hidden));
  if (big.hidden) return;
  paintGoal(big, views, family, app.desc, app.board.width / (views.length > 1 ? 1.6 : 1), app.board.height);
}
