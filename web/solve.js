// Solving: the Solve and Cancel buttons, the solve request with live
// progress, and the result (length, proof, stats, the list of moves that
// playback.js steps through).  Solving is anytime (api.py Anytime): a first
// answer is shown the moment it is found and replaced by each shorter one,
// with the proven lower bound beside it, until the proof ends; a Cancel,
// the memory budget or the time budget keeps the best answer and its bound,
// and with no answer yet the bound alone (a result with no moves: "no
// solution yet, proven at least L").  A position proven impossible is a
// result too, in a neutral badge with its proof on demand.  A cancelled or
// failed solve never changes the position.  In play mode Solve solves the
// game's position, and playback starts there.  Wired by page.js;
// position.js calls solve() for a link made during playback and
// showSolution() for a link that carries its solution (or its bound).
// Beside it: methods.js (the menus), requests.js.

import { $ } from "./dom.js";
import { pageState, setState, showMessage } from "./status.js";
import { linkFor, setHash } from "./links.js";
import { budgetMb, chosenMethod, chosenOptions, chosenWorkers } from "./methods.js";
import { startRequest, startSplit, cancel, setBusy, formatProgress } from "./requests.js";
import { goTo, jump, stopPlay, updatePlayback } from "./playback.js";
import { draw } from "./view.js";
import { fillMoveList } from "./movelist.js";

const STOP_WORDS = { cancelled: "stopped by Cancel", limit: "stopped at a budget", crashed: "the solver stopped" };

// A result with no moves (the solve reply's shape, api.py): the proven bound
// of a search stopped before any solution, with what stopped it.
export function boundOnly(desc, lower, stopped, extra = {}) {
  return { ok: true, op: "solve", code: desc.code, family: desc.family, length: null,
    optimal: false, lower_bound: lower, moves: [], move_data: [], positions: [desc.view],
    codes: [desc.code], final: desc.code, path: null, improvements: [], stopped, ...extra };
}

export async function solve(app) {
  // a position still being described: the solve is for it, once it is here
  while (app.loading && !app.solveReq) await new Promise((ok) => setTimeout(ok, 25));
  if (!app.desc || app.solveReq) {
    // never silent: the tests read why a press did nothing
    document.body.dataset.solveIgnored = app.solveReq ? "busy" : "no position";
    return;
  }
  stopPlay(app);
  if (app.play?.active) {
    // play mode: the position on the board is solved; it becomes the
    // position shown (the start stays on the Back button), and playback
    // moves the board from there.  (position.js imports this file: a
    // static import back would be a cycle.)
    const here = app.play.code;
    app.play.exit();
    if (here !== app.desc.code) {
      const { load } = await import("./position.js");
      if ((await load(app, linkFor(here, { metric: app.options.metric }))) !== true) return;
    }
  }
  const frozen = app.desc;            // a cancelled or failed solve never changes it
  Object.assign(app.options, chosenOptions());
  const factor = Number(app.options.factor || 1);
  const req = { op: "solve", code: linkFor(frozen.code, { metric: app.options.metric, first: app.options.first }),
    algorithm: $("algorithm").value, heuristic: $("heuristic").value || null,
    count: $("count").checked, max_memory: budgetMb(), factor: factor === 1 ? null : factor };
  setHash(linkFor(frozen.code, app.options));
  clearSolution(app);                 // an old answer is never shown as if it were this one's
  setState("solving");
  setBusy(app, true);
  showMessage("");
  $("progress").textContent = "Starting…";
  const t0 = performance.now();
  let best = null;                    // the best answer so far (an improvement record)
  let lower = 0;                      // the proven lower bound so far
  app.solveReq = true;      // busy, until the worker has the request
  // a method that can split its search runs on several workers (parallel.js)
  const workers = chosenWorkers();
  const start = workers > 1 && chosenMethod(app)?.parts && !req.count && !req.factor
    ? (a, r, on) => startSplit(a, r, on, workers) : startRequest;
  const reply = await start(app, req, (p) => {
    if (app.desc !== frozen) return;
    if (p.lower_bound !== undefined) lower = Math.max(lower, p.lower_bound);
    if (p.improvement) {
      best = { ...p.improvement, code: frozen.code, family: frozen.family };
      showSolution(app, best, { provisional: true, lower });
    } else if (best) {
      showProgressBound(app, best, lower);
    }
    $("progress").textContent = formatProgress(p);
  });
  app.solveReq = null;
  setBusy(app, false);
  if (app.desc !== frozen) {
    // another position came meanwhile (its load cancelled this solve)
    if (pageState() === "solving") setState(app.solution ? "solved" : "ready");
    return;
  }
  if (!reply.ok) {
    const type = reply.error.type;
    if (type === "cancelled" && app.cancelAt) {
      // measured by the browser tests: Cancel must stop a search within 0.5 s
      document.body.dataset.cancelMs = String(Math.round(performance.now() - app.cancelAt));
    }
    const stopped = { type, message: type === "cancelled" ? "Stopped by Cancel." : reply.error.message };
    if (best) {
      // stopped with an answer in hand: keep it, with its proven bound
      showSolution(app, { ...best, optimal: lower >= best.length, lower_bound: lower, stopped }, { ms: performance.now() - t0 });
      if (type !== "cancelled") showMessage(reply.error.message, "info");
      return;
    }
    app.pendingStep = null;
    if ((type === "cancelled" || type === "limit" || type === "crashed") && lower > 0) {
      // no answer yet: the proven bound is the result
      showSolution(app, boundOnly(frozen, lower, stopped), { ms: performance.now() - t0 });
      if (type === "crashed") showMessage(reply.error.message, "info");
      return;
    }
    if (type === "cancelled") {
      // nothing learnt yet (a table still being prepared): nothing to keep
      $("progress").textContent = "Cancelled. The position is unchanged.";
      setState(app.solution ? "solved" : "ready");
      return;
    }
    $("progress").textContent = "";
    showMessage(reply.error.message, type === "limit" || type === "crashed" ? "info" : "error");
    // a solver that died was replaced (solver.js): the position stands, ready again
    setState(["limit", "crashed"].includes(type) ? (app.solution ? "solved" : "ready") : "error");
    return;
  }
  if (reply.stopped && type(reply) !== "cancelled") showMessage(reply.stopped.message, "info");
  const shown = reply.length === null ? { ...reply, positions: [frozen.view], codes: [frozen.code] } : reply;
  showSolution(app, shown, { ms: performance.now() - t0 });
}

function type(reply) {
  return reply.stopped?.type;
}

function clearSolution(app) {
  app.solution = null;
  app.step = 0;
  app.anim = null;
  $("result").hidden = true;
  delete document.body.dataset.solution;
  updatePlayback(app);
  draw(app);
}

// The proof, in words: the badge beside the length and the line under it
// (and, for an impossible position, the argument behind a "Why?").
function showBound(sol, { provisional = false, lower = sol.lower_bound ?? 0 } = {}) {
  const badge = $("optimal");
  const proven = sol.optimal || (!provisional && sol.length !== null && lower >= sol.length);
  const why = sol.stopped ? ` (${STOP_WORDS[sol.stopped.type] || "stopped"})` : "";
  let line = "";
  let kind;
  $("result-why").hidden = !sol.impossible;
  if (sol.impossible) {
    kind = "impossible";
    badge.textContent = `Impossible, proven by ${sol.impossible.label}`;
    $("result-why-text").textContent = sol.impossible.message;
  } else if (sol.length === null) {
    kind = "none";
    badge.textContent = "no solution yet";
    const none = `no solution shorter than ${lower} moves exists`;
    line = sol.from_link ? `As the link says: ${none}.` : lower > 0 ? `Proven: ${none}${why}.` : `No lower bound was proven${why}.`;
  } else if (proven) {
    kind = "optimal";
    badge.textContent = "proven optimal";
    if (sol.from_link) line = "As the link says: no shorter solution exists.";
  } else if (provisional) {
    kind = "provisional";
    badge.textContent = "best so far";
    line = `Searching for a shorter one… Proven: at least ${lower} moves.`;
  } else {
    kind = "best";
    badge.textContent = "not proven optimal";
    line = lower > 0
      ? `Proven: no solution shorter than ${lower} moves exists${why}; this one is at most ${sol.length - lower} longer than the optimum.`
      : `No lower bound was proven${why}.`;
    if (sol.from_link) line = `As the link says: ${line}`;
  }
  badge.className = `badge ${kind === "optimal" ? "" : kind === "impossible" ? "neutral" : "warn"}`;
  $("result-bound").textContent = line;
  $("result-bound").hidden = !line;
  document.body.dataset.solution = kind;
  if (kind === "impossible") delete document.body.dataset.lowerBound;
  else document.body.dataset.lowerBound = String(proven ? sol.length : lower);
}

// While searching with an answer in hand: the new bound in words.
function showProgressBound(app, best, lower) {
  showBound(best, { provisional: true, lower });
  updatePlayback(app);
}

// The stats line: who found the answer (and who proved it), the work.
function statsLine(reply, provisional) {
  const st = reply.stats;
  const who = reply.algorithm_short || reply.algorithm_label || reply.algorithm;
  let stats = reply.from_link ? "From the link" : reply.algorithm === "table" ? `From ${who}` : `Found by ${who}`;
  if (reply.impossible) stats = `Shown without a search: ${reply.impossible.label}`;
  if (reply.length === null && !reply.impossible && !reply.from_link) stats = "No solution was found before the search stopped";
  if (reply.proved_by_label) stats += `; proven optimal by ${reply.proved_by_label}`;
  if (st && !reply.from_link && st.expanded) stats += ` · ${st.expanded.toLocaleString("en")} states expanded`;
  if (st && !reply.from_link && st.seconds !== undefined) stats += ` · ${st.seconds.toFixed(2)} s in the solver`;
  if (provisional && reply.seconds !== undefined) stats += ` · found after ${reply.seconds.toFixed(2)} s`;
  if (reply.solutions !== undefined) stats += ` · ${reply.solutions.toLocaleString("en")} optimal solution${reply.solutions === 1 ? "" : "s"}`;
  if (reply.improvements?.length > 1) stats += ` · found ${reply.improvements.map((i) => `${i.length} at ${i.seconds.toFixed(1)} s`).join(", ")}`;
  return stats;
}

// Show a solve reply (or an improvement while searching, `provisional`, or
// a solution a link carried, or a result with no moves: a bound alone, an
// impossible position) in the result box and playback.
export function showSolution(app, reply, { provisional = false, lower, ms = null } = {}) {
  const shorter = !app.solution || reply.length !== app.solution.length || reply.codes !== app.solution.codes;
  app.solution = reply;
  if (shorter && !provisional) app.step = Math.min(app.step, reply.moves.length);
  if (provisional) { stopPlay(app); app.step = 0; app.anim = null; }
  $("result").hidden = false;
  const none = reply.length === null;
  $("solution-length").textContent = none ? "" : String(reply.length);
  $("solution-length").hidden = none;
  $("result-unit").textContent = reply.impossible ? "" : none ? "No solution yet" : reply.length === 1 ? "move" : "moves";
  for (const id of ["copy-solution", "download-solution", "share-strip"]) $(id).hidden = none;
  showBound(reply, { provisional, lower: lower ?? reply.lower_bound ?? 0 });
  $("result-stats").textContent = statsLine(reply, provisional);
  if (ms !== null) {
    $("progress").textContent = reply.impossible ? "" : reply.stopped ? `Stopped after ${(ms / 1000).toFixed(2)} s.` : `Solved in ${(ms / 1000).toFixed(2)} s.`;
  }
  if (shorter) {
    fillMoveList($("moves"), app.families[app.desc.family],
      reply.moves.map((text, i) => ({ text, data: reply.move_data[i] })),
      (i) => jump(app, i + 1),
      (b, i) => { if (!b.title) b.title = `Move ${i + 1}`; });
  }
  if (!provisional) {
    setState("solved");
    if (app.pendingStep !== null) { goTo(app, app.pendingStep); app.pendingStep = null; }
  }
  updatePlayback(app);
  draw(app);
}

export function wireSolve(app) {
  $("solve").addEventListener("click", () => solve(app));
  $("cancel").addEventListener("click", () => cancel(app));
}
