// Playback of a solution: the buttons ⏮ ◀ ▶ ▶︎| ⏭ and the slider, the move
// counter, auto-play at the chosen speed, the keys (. , PageDown PageUp Home End Space) and the
// slide from one step to the next (drawn by view.js).  Wired by page.js;
// solve.js and position.js call goTo/stopPlay/updatePlayback.

import { $ } from "./dom.js";
import { shownView } from "./state.js";
import { draw, animMs, playSpeed } from "./view.js";
import { followInAddress } from "./share.js";

const STEP_MS = 420;          // auto-play: time per move
const STEP_PAUSE_MS = 180;    // auto-play: rest after a slide
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

export function updatePlayback(app) {
  const n = app.solution ? app.solution.positions.length - 1 : 0;
  $("pb-range").max = String(n);
  $("pb-range").value = String(app.step);
  $("pb-counter").textContent = `${app.step} / ${n}`;
  for (const id of ["pb-first", "pb-prev", "pb-play", "pb-next", "pb-last", "pb-range"]) {
    $(id).disabled = !app.solution || n === 0;
  }
  $("pb-play").textContent = app.playing ? "❙❙" : "▶";
  $("pb-play").setAttribute("aria-label", app.playing ? "Pause" : "Play");
  document.querySelectorAll("#moves button").forEach((b, i) => {
    if (i + 1 === app.step) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  });
  const atGoal = !!app.solution && app.step === n && !app.play?.active;
  $("board-wrap").classList.toggle("at-goal", atGoal);
  $("play-done").hidden = !app.play?.active;
  const unsolvable = !app.solution && !app.play?.active && app.desc?.solvable === false;
  $("summary").replaceChildren(...(app.play?.active ? playSummary(app)
    : unsolvable ? impossibleSummary(app.desc) : summary(app, atGoal)));
  followInAddress(app);
}

function goalBadge(text) {
  const badge = document.createElement("span");
  badge.className = "goal-badge";
  badge.textContent = text;
  return badge;
}

// A position its family's argument proves impossible (describe's
// ``impossible``): a result, said at once in the bar in a neutral badge,
// the argument after it (issues 34 and 35); Solve is off with the reason.
function impossibleSummary(desc) {
  const badge = document.createElement("span");
  badge.className = "badge neutral";
  badge.dataset.testid = "impossible-badge";
  badge.textContent = `Impossible, proven by ${desc.impossible?.label || "an argument"}`;
  return [badge, ` ${desc.unsolvable_reason}`];
}

// The bar's line in play mode: the moves made, and "Goal reached" once it is.
function playSummary(app) {
  const n = app.play.index;
  const out = [`Your game: ${n} move${n === 1 ? "" : "s"}`];
  if (document.body.dataset.play === "won") out.push(goalBadge(" · Goal reached ✓"));
  return out;
}

// The action bar's one line: the answer and what is proven of it, and
// "Goal reached" at the end of playback; a position that cannot be solved
// says so here, where the visitor looks (Solve is off, requests.js).
function summary(app, atGoal) {
  const s = app.solution;
  if (!s) return [];
  const kind = document.body.dataset.solution;
  const lower = document.body.dataset.lowerBound;
  if (s.impossible) return [`Impossible, proven by ${s.impossible.label}`];
  if (s.length === null) return [`No solution yet · proven ≥ ${lower}`];
  const proof = kind === "optimal" ? "proven optimal" : kind === "provisional" ? `best so far · proven ≥ ${lower}` : `proven ≥ ${lower}`;
  const out = [`${s.length} move${s.length === 1 ? "" : "s"} · ${proof}`];
  if (atGoal) out.push(goalBadge(" · Goal reached ✓"));
  return out;
}

// One step forward slides (unless the visitor prefers reduced motion).
function animateTo(app, step) {
  const from = shownView(app);
  const forward = step === app.step + 1;
  const move = forward ? app.solution.move_data[app.step] : null;
  app.step = step;
  if (!reducedMotion.matches && from) {
    app.anim = { from, t0: performance.now(), move };
  }
  updatePlayback(app);
  draw(app);
}

export function goTo(app, step, animate = false) {
  if (!app.solution) return;
  const n = app.solution.positions.length - 1;
  step = Math.max(0, Math.min(n, step));
  if (animate && step === app.step + 1) animateTo(app, step);
  else { app.anim = null; app.step = step; updatePlayback(app); draw(app); }
}

export function stopPlay(app) {
  clearTimeout(app.playing);
  app.playing = null;
  updatePlayback(app);
}

function togglePlay(app) {
  if (app.playing) { stopPlay(app); return; }
  if (!app.solution) return;
  if (app.step >= app.solution.positions.length - 1) goTo(app, 0);
  const tick = () => {
    if (!app.solution || app.step >= app.solution.positions.length - 1) { stopPlay(app); return; }
    goTo(app, app.step + 1, true);
    const ms = animMs(app, app.solution.move_data[app.step - 1]);
    app.playing = setTimeout(tick, Math.max(STEP_MS / playSpeed(), ms + STEP_PAUSE_MS / playSpeed()));
  };
  app.playing = setTimeout(tick, 0);
  updatePlayback(app);
}

// Stop auto-play, then go to a step (the buttons, the slider, the keys, the move list).
export function jump(app, step, animate = false) {
  stopPlay(app);
  goTo(app, step, animate);
}

export function wirePlayback(app) {
  $("pb-first").addEventListener("click", () => jump(app, 0));
  $("pb-prev").addEventListener("click", () => jump(app, app.step - 1));
  $("pb-next").addEventListener("click", () => jump(app, app.step + 1, true));
  $("pb-last").addEventListener("click", () => jump(app, Infinity));
  $("pb-play").addEventListener("click", () => togglePlay(app));
  $("pb-range").addEventListener("input", (e) => jump(app, Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea")) return;
    if (!app.solution) return;
    if (e.key === "." || e.key === "PageDown") { jump(app, app.step + 1, true); e.preventDefault(); }
    else if (e.key === "," || e.key === "PageUp") { jump(app, app.step - 1); e.preventDefault(); }
    else if (e.key === "Home") { jump(app, 0); e.preventDefault(); }
    else if (e.key === "End") { jump(app, Infinity); e.preventDefault(); }
    else if (e.key === " " && e.target === document.body) { togglePlay(app); e.preventDefault(); }
  });
}
