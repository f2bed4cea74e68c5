// Puzzle Lab's page: wires the solver worker (solver.js), the canvas
// (board.js + render/<family>.js), the family editors (edit/<family>.js), the
// URL hash and local storage.  It draws the `view`s that api.py returns and
// sends user intent back as api requests; it never knows a puzzle rule.
// Every position change goes through the worker (describe / edit).

import { Solver } from "./solver.js";
import { STEP_LABELS } from "./protocol.js";
import { Board } from "./board.js";
import * as tilesRender from "./render/tiles.js";
import * as tilesEdit from "./edit/tiles.js";
import { drawHistogram } from "./chart.js";
import { Play } from "./play.js";
import { Lab } from "./lab.js";

const RENDERERS = { tiles: tilesRender };
const EDITORS = { tiles: tilesEdit };
const OPTIONAL = ["blocks", "pegs"];     // loaded when present in the build
const DEFAULT_CODE = "tiles:3x3:867254301";
const STORE_KEY = "puzzlelab:last";
const STEP_MS = 420;                     // playback: time per move
const ANIM_MS = 240;                     // playback: slide duration

const $ = (id) => document.getElementById(id);
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

const app = {
  solver: null,
  board: null,
  desc: null,        // describe reply of the position being edited
  options: {},       // link options: metric, algo, h
  solution: null,    // solve reply
  step: 0,
  playing: null,     // interval id
  anim: null,        // {from, to, t0}
  solveReq: null,    // promise of the running request
  presets: [],
  family: "tiles",
  pendingStep: null, // step to restore from a link once solved
  loading: 0,        // describe requests in flight (load)
};

// ---------------------------------------------------------------- state ---

function setState(state) {
  document.body.dataset.state = state;
}

function showMessage(text, kind = "error") {
  const box = $("message");
  box.textContent = text || "";          // never innerHTML: codes come from links
  box.className = `message ${kind === "info" ? "info" : ""}`;
  box.hidden = !text;
}

function linkFor(code, opts = app.options) {
  const parts = [code];
  for (const key of ["metric", "algo", "h", "step"]) {
    if (opts[key]) parts.push(`${key}=${encodeURIComponent(opts[key])}`);
  }
  return parts.join("&");
}

function parseHash() {
  let raw = location.hash.slice(1);
  if (!raw) return null;
  try { raw = decodeURIComponent(raw); } catch (_) { /* keep raw: the API reports it */ }
  return raw;
}

function saveLocal() {
  if (!app.desc) return;
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ link: linkFor(app.desc.code), desc: app.desc }));
  } catch (_) { /* storage full or disabled: nothing to lose but convenience */ }
}

function loadLocal() {
  try { return JSON.parse(localStorage.getItem(STORE_KEY) || "null"); } catch (_) { return null; }
}

// ---------------------------------------------------------------- views ---

function renderer() {
  return RENDERERS[app.desc?.family];
}

function currentView() {
  if (app.play?.active && app.play.view) return app.play.view;
  if (app.solution) return app.solution.positions[app.step];
  return app.desc?.view;
}

function currentCode() {
  if (app.play?.active) return app.play.code;
  return app.solution ? app.solution.codes[app.step] : app.desc?.code;
}

function draw() {
  const r = renderer();
  if (!r || !app.desc) return;
  const view = (!app.play?.active && EDITORS[app.desc.family]?.view?.(app)) || currentView();
  const g = r.grid(view, app.desc);
  if (g.cols !== app.board.cols || g.rows !== app.board.rows || g.aspect !== app.board.aspect) {
    app.board.setGrid(g.cols, g.rows, g.aspect);
  }
  const opts = { goal: app.desc.goal, desc: app.desc, ...EDITORS[app.desc.family]?.drawOptions?.(app) };
  if (app.anim) {
    const ms = r.animMs?.(app.anim.move) ?? ANIM_MS;
    const t = Math.min(1, (performance.now() - app.anim.t0) / ms);
    Object.assign(opts, { from: app.anim.from, t, move: app.anim.move });
    if (t < 1) requestAnimationFrame(draw); else app.anim = null;
  }
  if (app.play?.active) Object.assign(opts, EDITORS[app.desc.family]?.playOptions?.(app) || {});
  r.draw(app.board, view, opts);
  if (!app.firstBoard) { app.firstBoard = true; performance.mark("first-board"); }
  const code = currentCode();
  $("position-code").textContent = code;
  $("board").setAttribute("aria-label", `${app.desc.family} board, position ${code}`);
}

function animateTo(step) {
  const from = currentView();
  const forward = step === app.step + 1;
  const move = forward ? app.solution.move_data[app.step] : null;
  app.step = step;
  if (!reducedMotion.matches && from) {
    app.anim = { from, t0: performance.now(), move };
  }
  updatePlayback();
  draw();
}

// ------------------------------------------------------------- playback ---

function updatePlayback() {
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
}

function goTo(step, animate = false) {
  if (!app.solution) return;
  const n = app.solution.positions.length - 1;
  step = Math.max(0, Math.min(n, step));
  if (animate && step === app.step + 1) animateTo(step);
  else { app.anim = null; app.step = step; updatePlayback(); draw(); }
}

function togglePlay() {
  if (app.playing) { stopPlay(); return; }
  if (!app.solution) return;
  if (app.step >= app.solution.positions.length - 1) goTo(0);
  const tick = () => {
    if (!app.solution || app.step >= app.solution.positions.length - 1) { stopPlay(); return; }
    goTo(app.step + 1, true);
    const ms = renderer()?.animMs?.(app.solution.move_data[app.step - 1]) ?? ANIM_MS;
    app.playing = setTimeout(tick, Math.max(STEP_MS, ms + 180));
  };
  app.playing = setTimeout(tick, 0);
  updatePlayback();
}

function stopPlay() {
  clearTimeout(app.playing);
  app.playing = null;
  updatePlayback();
}

// ------------------------------------------------------------- position ---

async function request(req, onProgress) {
  await app.solver.whenReady();
  return app.solver.request(req, onProgress);
}

// Like request(), but the returned promise carries the request id for cancel.
async function startRequest(req, onProgress) {
  await app.solver.whenReady();
  const promise = app.solver.request(req, onProgress);
  app.solveReq = promise;
  return promise;
}

// Show a describe reply as the position being edited.
function adopt(desc, { push = false } = {}) {
  stopPlay();
  app.desc = desc;
  app.family = desc.family;
  app.solution = null;
  app.step = 0;
  app.anim = null;
  if (desc.options?.metric) app.options.metric = desc.options.metric;
  $("result").hidden = true;
  $("progress").textContent = desc.solvable === false ? desc.unsolvable_reason : "";
  $("code").value = desc.code;
  fillSolveOptions();
  app.lab?.fill(desc);
  document.querySelectorAll(".families button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.family === desc.family)));
  EDITORS[desc.family]?.mount?.($("editor"), app, editorApi);
  if (!EDITORS[desc.family]) $("editor").replaceChildren();
  syncPreset();
  const link = linkFor(desc.code);
  if (parseHash() !== link) {
    if (push) history.pushState(null, "", `#${link}`);
    else history.replaceState(null, "", `#${link}`);
  }
  saveLocal();
  updatePlayback();
  draw();
  if (document.body.dataset.state !== "solving") setState("ready");
}

// Load a code or link typed, picked or opened.  A bad one leaves the current
// position as it is and says why.
async function load(link, { push = true } = {}) {
  const [code, ...rest] = link.split("&");
  const opts = {};
  for (const part of rest) {
    const [k, v] = part.split("=");
    try {
      if (k) opts[k] = decodeURIComponent(v || "");
    } catch (_) {
      opts[k] = v;   // a bad escape: the API names the option in its message
    }
  }
  // Until the position is described, Solve waits ("loading"): a solve of
  // the old menus against the new position could not be what was meant.
  const previous = document.body.dataset.state;
  app.loading += 1;
  if (previous !== "solving") setState("loading");
  $("solve").disabled = true;
  let reply;
  try {
    reply = await request({ op: "describe", code: link });
  } finally {
    app.loading -= 1;
  }
  if (!reply.ok) {
    showMessage(`That code could not be opened: ${reply.error.message}`);
    setState(app.desc ? (previous === "loading" ? "ready" : previous) : "error");
    $("solve").disabled = !app.solver.ready || !!app.solveReq;
    return false;
  }
  showMessage("");
  if (app.play?.active) app.play.exit();
  const { step: _step, count: _count, ...keep } = opts;
  app.options = keep;
  adopt(reply, { push });
  if (opts.step !== undefined && code) {
    // a link made during playback: solve again and show that step
    app.pendingStep = Number(opts.step) || 0;
    if (opts.count === "1") $("count").checked = true;
    solve();
  }
  return true;
}

// Editors call this: apply an edit action, keep the result.
const editorApi = {
  // `code`: edit this position instead of the start (e.g. the one shown in playback)
  async edit(action, args = {}, code = app.desc.code) {
    if (document.body.dataset.state === "solving") return null;
    const reply = await request({ op: "edit", code: linkFor(code), action, args });
    if (!reply.ok) { showMessage(reply.error.message); return null; }
    showMessage(reply.note || "", "info");   // what the edit had to take away, if anything
    adopt(reply, { push: false });
    return reply;
  },
  redraw: () => draw(),
  board: () => app.board,
  message: showMessage,
};

// ------------------------------------------------------------- solving ---

function fillSelect(select, items, value) {
  select.replaceChildren(...items.map(({ value: v, label, disabled }) => {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = label;
    o.disabled = !!disabled;
    return o;
  }));
  if (value !== undefined && items.some((i) => i.value === value)) select.value = value;
}

// How each counting rule reads in the menu (the rule itself is the family's).
const METRIC_LABELS = {
  tile: "one tile per move", multi: "a row of tiles per move (multi-tile)",
  step: "every unit step", move: "a run by one piece is one move", jump: "every jump",
};

// The menus follow the method contract (describe's `methods` and `bounds`,
// written once in Python): the chosen method decides which lower bounds,
// counting rules and "count" it can take; the rest is disabled, and the line
// under the menus says why -- so the menus cannot form a refused request.
function fillSolveOptions() {
  const d = app.desc;
  const methods = d.methods;
  const algos = methods.map((m) => ({ value: m.name, label: m.label + (m.available ? "" : ` — ${m.why}`), disabled: !m.available }));
  const wanted = app.options.algo || $("algorithm").value || "auto";
  fillSelect($("algorithm"), algos, methods.some((m) => m.name === wanted && m.available) ? wanted : "auto");
  const metrics = d.metrics || [];
  fillSelect($("metric"), metrics.map((m) => ({ value: m, label: METRIC_LABELS[m] ? `${m}: ${METRIC_LABELS[m]}` : m })), d.metric);
  $("metric-field").hidden = metrics.length < 2;
  followMethod(app.options.h || "");
  $("solve").disabled = !app.solver.ready;
}

function chosenMethod() {
  const methods = app.desc?.methods || [];
  return methods.find((m) => m.name === $("algorithm").value) || methods[0];
}

// Enable what the chosen method can take; keep the lower bound `keep` when it can.
function followMethod(keep = $("heuristic").value) {
  const m = chosenMethod();
  if (!m) return;
  const bounds = app.desc.bounds || [];
  const label = (name) => bounds.find((b) => b.name === name)?.label || name;
  const items = [{ value: "", label: m.default_bound ? `Default: ${label(m.default_bound)}` : "Default" },
    ...bounds.map((b) => ({ value: b.name, label: b.label, disabled: !m.bounds.includes(b.name) }))];
  fillSelect($("heuristic"), items, m.bounds.includes(keep) ? keep : "");
  $("heuristic").disabled = m.bounds.length === 0;
  const counting = app.desc.methods.filter((x) => x.count && x.available && x.name !== "auto").map((x) => x.label);
  $("count").disabled = !m.count;
  if (!m.count) $("count").checked = false;
  for (const option of $("metric").options) option.disabled = !m.metrics.includes(option.value);
  const notes = [m.help];
  if (!m.bounds.length && bounds.length) notes.push(`${m.label} uses no lower bound; IDA* and A* do.`);
  if (!m.count) notes.push(`${m.label} cannot count optimal solutions${counting.length ? `; ${counting.join(" and ")} can` : ""}.`);
  if (!m.optimal) notes.push("Its answers are not proven optimal.");
  $("method-help").textContent = notes.join(" ");
  $("heuristic").title = $("heuristic").disabled ? `${m.label} uses no lower bound.` : (bounds.find((b) => b.name === $("heuristic").value)?.help || "");
  $("count").parentElement.title = $("count").disabled ? `${m.label} cannot count optimal solutions.` : "";
}

function formatProgress(p) {
  if (!p) return "";
  if (p.phase === "tables") return `Fetching table ${p.table}…`;
  if (p.phase === "prepare") return `${(p.elapsed ?? 0).toFixed(1)} s · preparing the table of the lower bound${p.table ? ` (${p.table})` : ""}…`;
  const parts = [`${(p.elapsed ?? 0).toFixed(1)} s`];
  if (p.bound !== undefined) parts.push(`bound ${p.bound}`);
  if (p.depth !== undefined) parts.push(`depth ${p.depth}`);
  if (p.expanded !== undefined) parts.push(`${p.expanded.toLocaleString("en")} states expanded`);
  if (p.held !== undefined) parts.push(`${p.held.toLocaleString("en")} held`);
  let text = parts.join(" · ");
  if (p.iterations?.length) {
    text += "\n" + p.iterations.map((it) => `bound ${it.bound}: ${it.expanded.toLocaleString("en")}`).join("\n");
  }
  return text;
}

function setBusy(busy) {
  $("busy").hidden = !busy;
  $("lab-run").disabled = busy || !app.solver.ready;
  $("play-start").disabled = busy;
  $("solve").disabled = busy || !app.solver.ready;
  $("cancel").disabled = !busy;
  $("analyze").disabled = busy || !app.solver.ready;
  $("code-form").querySelector("button").disabled = busy;
  $("editor").inert = busy;
}

async function solve() {
  if (!app.desc || app.solveReq || app.loading) return;
  stopPlay();
  const frozen = app.desc;            // a cancelled or failed solve never changes it
  app.options.algo = $("algorithm").value === "auto" ? undefined : $("algorithm").value;
  app.options.h = $("heuristic").value || undefined;
  if (!$("metric-field").hidden) app.options.metric = $("metric").value;
  const req = { op: "solve", code: linkFor(frozen.code), algorithm: $("algorithm").value,
    heuristic: $("heuristic").value || null, count: $("count").checked,
    max_states: Number($("budget").value) };
  history.replaceState(null, "", `#${linkFor(frozen.code)}`);
  setState("solving");
  setBusy(true);
  showMessage("");
  $("progress").textContent = "Starting…";
  const t0 = performance.now();
  app.solveReq = true;      // busy, until the worker has the request
  const reply = await startRequest(req, (p) => { $("progress").textContent = formatProgress(p); });
  app.solveReq = null;
  setBusy(false);
  if (app.desc !== frozen) return;
  if (!reply.ok) app.pendingStep = null;
  if (!reply.ok) {
    const cancelled = reply.error.type === "cancelled";
    if (cancelled && app.cancelAt) {
      // measured by the browser tests: Cancel must stop a search within 0.5 s
      document.body.dataset.cancelMs = String(Math.round(performance.now() - app.cancelAt));
    }
    $("progress").textContent = cancelled ? "Cancelled. The position is unchanged." : "";
    if (!cancelled) showMessage(reply.error.message);
    setState(cancelled ? "ready" : "error");
    return;
  }
  showSolution(reply, performance.now() - t0);
}

function showSolution(reply, ms) {
  app.solution = reply;
  app.step = 0;
  $("result").hidden = false;
  $("solution-length").textContent = String(reply.length);
  $("result-unit").textContent = reply.length === 1 ? "move" : "moves";
  const badge = $("optimal");
  badge.textContent = reply.optimal ? "proven optimal" : "not proven optimal";
  badge.className = `badge ${reply.optimal ? "" : "warn"}`;
  const st = reply.stats;
  let stats = `${reply.algorithm_label || reply.algorithm} · ${st.expanded.toLocaleString("en")} states expanded · ${st.seconds.toFixed(2)} s in the solver`;
  if (reply.lower_bound !== undefined && !reply.optimal) stats += ` · proven lower bound ${reply.lower_bound}`;
  if (reply.solutions !== undefined) stats += ` · ${reply.solutions.toLocaleString("en")} optimal solutions`;
  $("result-stats").textContent = stats;
  $("progress").textContent = `Solved in ${(ms / 1000).toFixed(2)} s.`;
  $("moves").replaceChildren(...reply.moves.map((m, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m;
    b.title = `Move ${i + 1}`;
    b.addEventListener("click", () => { stopPlay(); goTo(i + 1); });
    li.append(b);
    return li;
  }));
  setState("solved");
  if (app.pendingStep !== null) { goTo(app.pendingStep); app.pendingStep = null; }
  updatePlayback();
  draw();
}

function cancel() {
  if (app.solveReq && app.solveReq.id) {
    app.cancelAt = performance.now();
    app.solver.cancel(app.solveReq.id);
  }
}

async function analyze() {
  if (!app.desc || app.solveReq) return;
  setBusy(true);
  setState("solving");
  $("analysis-out").textContent = "Exploring…";
  app.solveReq = true;
  const reply = await startRequest({ op: "analyze", code: linkFor(app.desc.code), max_states: Number($("budget").value) },
    (p) => { $("analysis-out").textContent = formatProgress(p); });
  app.solveReq = null;
  setBusy(false);
  setState(app.solution ? "solved" : "ready");
  if (!reply.ok) { $("analysis-out").textContent = reply.error.message; return; }
  const out = $("analysis-out");
  out.replaceChildren();
  const p = document.createElement("p");
  p.textContent = `${reply.reachable.toLocaleString("en")} positions reachable; the farthest are ${reply.max_distance} moves from the ${reply.from} (${reply.histogram.at(-1).toLocaleString("en")} of them).`;
  out.append(p);
  const list = document.createElement("ul");
  for (const code of reply.farthest.slice(0, 8)) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = code;
    b.addEventListener("click", () => load(code));
    li.append(b);
    list.append(li);
  }
  out.append(list);
  const chart = $("chart");
  chart.hidden = false;
  drawHistogram(chart, reply.histogram);
}

// --------------------------------------------------------------- presets ---

function fillPresets() {
  const family = app.family;
  const items = app.presets.filter((p) => p.family === family).map((p) => ({ value: p.code, label: p.label }));
  fillSelect($("preset"), [{ value: "", label: "Choose a preset…" }, ...items]);
  syncPreset();
}

function syncPreset() {
  const sel = $("preset");
  if (!app.presets.length) return;
  if (!app.presets.some((p) => p.family === app.family && sel.querySelector(`option[value="${CSS.escape(p.code)}"]`))) fillPresets();
  const match = app.presets.find((p) => p.code === app.desc?.code);
  sel.value = match ? match.code : "";
}

// ------------------------------------------------------------------ boot ---

function copyText(text, what) {
  const done = () => { $("copy-out").textContent = `${what} copied.`; };
  const fallback = () => { $("copy-out").textContent = text; };
  if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}

// The link of what is on screen: position (with its goal), counting rule,
// method, lower bound and -- during playback -- the step.
function shareLink() {
  const opts = { ...app.options, algo: $("algorithm").value === "auto" ? undefined : $("algorithm").value,
    h: $("heuristic").value || undefined };
  if (!$("metric-field").hidden) opts.metric = $("metric").value;
  if (app.solution && !app.play?.active) opts.step = String(app.step);
  const code = app.play?.active ? app.play.code : app.desc.code;
  return linkFor(code, opts);
}

function solutionText() {
  const s = app.solution;
  const lines = [`Puzzle Lab solution for ${s.code}`,
    `${s.length} moves, ${s.optimal ? "proven optimal" : "not proven optimal"}, by ${s.algorithm}` +
    (s.metric ? ` (counting: ${s.metric})` : ""),
    "", s.moves.join(" "), "", `final: ${s.final}`];
  return lines.join("\n") + "\n";
}

function startPlay() {
  if (!app.desc) return;
  stopPlay();
  app.play.enter(currentCode(), app.desc.family);
}

function wire() {
  $("play-start").addEventListener("click", startPlay);
  $("copy-link").addEventListener("click", () => {
    const link = shareLink();
    history.replaceState(null, "", `#${link}`);
    copyText(new URL(`#${link}`, location.href).href, "Link");
  });
  $("copy-solution").addEventListener("click", () => copyText(solutionText(), "Solution"));
  $("download-solution").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([solutionText()], { type: "text/plain" }));
    a.download = `puzzlelab-${app.solution.family}-${app.solution.length}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  const canvas = $("board");
  canvas.addEventListener("pointerdown", (e) => {
    if (!app.play?.active) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    const cell = app.board.cellAt(e.clientX, e.clientY);
    const pick = EDITORS[app.desc.family]?.pickMove;
    if (cell && pick) {
      const i = pick(app, cell, app.play.moves, app.play.view);
      if (i !== null && i !== undefined && i >= 0) app.play.apply(i);
      else draw();
    }
  }, { capture: true });
  canvas.addEventListener("keydown", (e) => {
    if (!app.play?.active) return;
    const pick = EDITORS[app.desc.family]?.pickKey;
    const i = pick ? pick(app, e.key, app.play.moves, app.play.view) : null;
    if (i !== null && i !== undefined) {
      e.stopImmediatePropagation();
      e.preventDefault();
      if (i >= 0) app.play.apply(i);
    } else if (e.key.startsWith("Arrow") || e.key === "Enter" || e.key === " ") {
      e.stopImmediatePropagation();
    }
  }, { capture: true });
  $("algorithm").addEventListener("change", () => followMethod());
  $("heuristic").addEventListener("change", () => followMethod());
  $("metric").addEventListener("change", () => {
    // another counting rule is another puzzle (other lower bounds): describe it again
    // (its lower bounds differ, so the bound chosen goes back to Default)
    if (app.desc && $("metric").value !== app.desc.metric) {
      const metric = $("metric").value;
      const algo = chosenMethod()?.metrics.includes(metric) ? app.options.algo : undefined;
      load(linkFor(app.desc.code, { metric, algo }), { push: false });
    }
  });
  $("solve").addEventListener("click", solve);
  $("cancel").addEventListener("click", cancel);
  $("analyze").addEventListener("click", analyze);
  $("pb-first").addEventListener("click", () => { stopPlay(); goTo(0); });
  $("pb-prev").addEventListener("click", () => { stopPlay(); goTo(app.step - 1); });
  $("pb-next").addEventListener("click", () => { stopPlay(); goTo(app.step + 1, true); });
  $("pb-last").addEventListener("click", () => { stopPlay(); goTo(Infinity); });
  $("pb-play").addEventListener("click", togglePlay);
  $("pb-range").addEventListener("input", (e) => { stopPlay(); goTo(Number(e.target.value)); });
  $("code-form").addEventListener("submit", (e) => { e.preventDefault(); load($("code").value.trim()); });
  $("preset").addEventListener("change", (e) => { if (e.target.value) load(e.target.value); });
  document.querySelectorAll(".families button").forEach((b) => b.addEventListener("click", () => {
    const first = app.presets.find((p) => p.family === b.dataset.family);
    if (first) load(first.code);
    else showMessage(`The ${b.textContent} family is not available in this build yet.`, "info");
  }));
  window.addEventListener("hashchange", () => {
    const link = parseHash();
    if (link && (!app.desc || link !== linkFor(app.desc.code))) load(link, { push: false });
  });
  window.addEventListener("resize", () => { app.board.resize(); draw(); });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea")) return;
    if (!app.solution) return;
    if (e.key === "." || e.key === "PageDown") { stopPlay(); goTo(app.step + 1, true); e.preventDefault(); }
    else if (e.key === "," || e.key === "PageUp") { stopPlay(); goTo(app.step - 1); e.preventDefault(); }
    else if (e.key === "Home") { stopPlay(); goTo(0); e.preventDefault(); }
    else if (e.key === "End") { stopPlay(); goTo(Infinity); e.preventDefault(); }
    else if (e.key === " " && e.target === document.body) { togglePlay(); e.preventDefault(); }
  });
}

// Renderers and editors of the families the solver offers (from its presets).
async function loadOptionalFamilies(families) {
  await Promise.all(OPTIONAL.filter((f) => families.has(f)).map(async (family) => {
    try {
      RENDERERS[family] = await import(`./render/${family}.js`);
      EDITORS[family] = await import(`./edit/${family}.js`);
    } catch (_) { /* family not in this build */ }
  }));
}

async function boot() {
  app.board = new Board($("board"));
  wire();
  updatePlayback();
  // Draw the last position at once from storage, before Python is ready.
  const saved = loadLocal();
  const link = parseHash();
  if (saved && saved.desc && (!link || link === saved.link) && RENDERERS[saved.desc.family]) {
    app.desc = saved.desc;
    app.family = saved.desc.family;
    draw();
  }
  app.solver = new Solver({
    onStatus: (msg) => {
      if (msg.step === "failed") {
        $("status").textContent = msg.message;
        setState("error");
        return;
      }
      $("status").textContent = msg.step === "ready" ? `Solver ready (${msg.seconds.toFixed(1)} s)` : STEP_LABELS[msg.step];
      if (msg.step === "ready") {
        if (!app.solverReady) { app.solverReady = true; performance.mark("solver-ready"); }
        setBusy(!!app.solveReq);
      }
    },
    onRestart: (reason) => {
      // counted for the tests: a restart should be the exception
      document.body.dataset.restarts = String(Number(document.body.dataset.restarts || 0) + 1);
      showMessage(reason, "info");
      $("status").textContent = "Restarting the solver…";
    },
  });
  app.play = new Play({
    request: (req) => request(req),
    linkFor: (code) => linkFor(code, { metric: app.options.metric }),
    redraw: () => draw(),
    message: showMessage,
    onExit: () => draw(),
  });
  app.lab = new Lab({ app, startRequest, formatProgress, setBusy, setState });
  const presets = await request({ op: "presets" });
  app.presets = presets.ok ? presets.presets : [];
  const offered = new Set(app.presets.map((p) => p.family));
  const built = new Set((await siteInfo()).web_families || ["tiles"]);
  app.presets = app.presets.filter((p) => built.has(p.family));
  await loadOptionalFamilies(new Set([...offered].filter((f) => built.has(f))));
  let ok = false;
  if (link) ok = await load(link, { push: false });
  if (!ok && saved?.link) {
    const bad = link;
    ok = await loadQuiet(saved.link);
    if (bad) history.replaceState(null, "", `#${linkFor(app.desc.code)}`);
  }
  if (!ok) ok = await loadQuiet(DEFAULT_CODE);
  fillPresets();
  if (document.body.dataset.state === "loading") setState("ready");
}

// Offline support: the service worker (sw.js at the site root) precaches the
// build; when a newer build has installed, offer to switch to it.
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
    const offer = (worker) => {
      if (!worker || !navigator.serviceWorker.controller) return;
      $("update").hidden = false;
      $("update-reload").onclick = () => worker.postMessage("skip-waiting");
    };
    offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker?.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
    });
    let reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading || $("update").hidden) return;
      reloading = true;
      location.reload();
    });
  } catch (err) {
    console.warn("Offline support is unavailable:", err.message);
  }
}

async function siteInfo() {
  try {
    const response = await fetch(new URL("../build.json", import.meta.url));
    return await response.json();
  } catch (_) {
    return {};
  }
}

async function loadQuiet(link) {
  const msg = $("message").textContent;
  const kept = !$("message").hidden;
  const ok = await load(link, { push: false });
  if (kept) showMessage(msg);
  return ok;
}

registerServiceWorker();
boot().catch((err) => {
  setState("error");
  $("status").textContent = `The page failed to start: ${err.message}`;
});
