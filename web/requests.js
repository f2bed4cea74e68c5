// The page's requests to the solver (solver.js): short ones (describe, edit,
// moves, presets) and long ones (solve, analyze, the lab), which are kept
// in app.solveReq so Cancel can stop them, with
// the busy state of the buttons around them and their progress as text.
// Used by position.js, solve.js, analysis.js, lab.js, play mode (page.js).

import { $ } from "./dom.js";
import { Solver } from "./solver.js";
import { ParallelSearch } from "./parallel.js";

// Answers build.py made with the same Python (start.json: the presets and
// their descriptions), given while the solver is still starting, so a first
// visit shows a board and its menus at once.
let startAnswers = {};

export async function loadStartAnswers() {
  try {
    const response = await fetch(new URL("../start.json", import.meta.url));
    if (response.ok) startAnswers = (await response.json()).answers || {};
  } catch (_) { /* offline before the first visit finished: ask the worker */ }
}

// The key of a request in start.json: its JSON with sorted keys.
function keyOf(req) {
  return JSON.stringify(Object.fromEntries(Object.entries(req).sort(([a], [b]) => (a < b ? -1 : 1))));
}

// A request sent at once, ready or not (the worker queues it until it is);
// the reply never rejects: puzzle errors and start-up failures are replies.
export function request(app, req, onProgress) {
  const known = app.solver.ready ? undefined : startAnswers[keyOf(req)];
  if (known !== undefined) return Promise.resolve(structuredClone(known));
  return app.solver.request(req, onProgress);
}

// Like request(), but the promise, which carries the request id from the
// start, is kept for cancel(): a Cancel pressed at once is not lost.
export function startRequest(app, req, onProgress) {
  app.play?.stopThinking("other");   // play mode's hint or judging ahead must not hold it up
  const promise = app.solver.request(req, onProgress);
  app.solveReq = promise;
  return promise;
}

// A solve split over `workers` solvers (parallel.js): the page's own and
// as many more as needed, made on the first such solve and kept.  Kept in
// app.solveReq like startRequest's, with its own cancel.
export function startSplit(app, req, onProgress, workers) {
  app.play?.stopThinking("other");
  app.solvers ||= [app.solver];
  while (app.solvers.length < workers) {
    app.solvers.push(new Solver({ onRestart: () => {
      document.body.dataset.helperRestarts = String(Number(document.body.dataset.helperRestarts || 0) + 1);
    } }));
  }
  const search = new ParallelSearch(app.solvers.slice(0, workers), req, onProgress);
  const promise = search.run();
  promise.id = search.id;
  promise.cancel = () => search.cancel();
  app.solveReq = promise;
  app.split = search;       // the tests look at its workers
  return promise;
}

export function cancel(app) {
  if (app.solveReq && app.solveReq.id) {
    app.cancelAt = performance.now();
    if (app.solveReq.cancel) app.solveReq.cancel();
    else app.solver.cancel(app.solveReq.id);
  }
}

// Why the position cannot be solved, when an argument without search says
// so (describe's unsolvable_reason: parity, position classes), else "".
export function unsolvable(app) {
  return app.desc?.solvable === false ? app.desc.unsolvable_reason || "it cannot reach its goal" : "";
}

// While a long request runs: Cancel on, everything that would start another
// (or change the position) off.
export function setBusy(app, busy) {
  // focus is never lost to a button that turns off: Solve hands it to
  // Cancel while busy, and takes it back after
  const focused = document.activeElement;
  const keep = focused && (focused.id === "solve" || focused.id === "cancel" || focused.id === "lab-run");
  $("busy").hidden = !busy;
  $("lab-run").disabled = busy || !app.solver.ready;
  $("play-start").disabled = busy;
  $("solve").disabled = busy || !app.solver.ready || app.loading > 0 || !!unsolvable(app);
  $("solve").title = unsolvable(app) ? `Cannot be solved: ${unsolvable(app)}` : "";
  $("new-puzzle").disabled = busy || !app.solver.ready || !$("difficulty").options.length || $("difficulty").disabled;
  $("cancel").disabled = !busy;
  $("analyze").disabled = busy || !app.solver.ready;
  $("analyze-group").disabled = busy || !app.solver.ready;
  $("all-counts").disabled = busy || !app.solver.ready;
  $("code-form").querySelector("button").disabled = busy;
  $("editor").inert = busy;
  if (keep && focused.disabled) $(busy ? "cancel" : focused.id === "cancel" ? "solve" : focused.id).focus();
}

// A progress record (protocol.js PROGRESS) as a line or two of text.
export function formatProgress(p) {
  if (!p) return "";
  if (p.phase === "tables") return `Fetching table ${p.table}…`;
  if (p.phase === "prepare") return `${(p.elapsed ?? 0).toFixed(1)} s · preparing the table of the lower bound${p.table ? ` (${p.table})` : ""}…`;
  const parts = [`${(p.elapsed ?? 0).toFixed(1)} s`];
  if (p.best !== undefined) parts.push(`best found ${p.best}`);
  if (p.lower_bound) parts.push(`proven ≥ ${p.lower_bound}`);
  if (p.bound !== undefined && p.bound !== p.lower_bound) parts.push(`bound ${p.bound}`);
  if (p.depth !== undefined) parts.push(`depth ${p.depth}`);
  if (p.expanded !== undefined) parts.push(`${p.expanded.toLocaleString("en")} states expanded`);
  if (p.held !== undefined) parts.push(`${p.held.toLocaleString("en")} held`);
  if (p.workers > 1) parts.push(`${p.workers} workers${p.jobs ? `, ${p.jobs} part${p.jobs === 1 ? "" : "s"} searched` : ""}`);
  let text = parts.join(" · ");
  if (p.iterations?.length) {
    text += "\n" + p.iterations.map((it) => `bound ${it.bound}: ${it.expanded.toLocaleString("en")}`).join("\n");
  }
  return text;
}
