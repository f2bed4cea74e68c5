// Solving: the Solve and Cancel buttons, the solve request with live
// progress, and the result (length, proof, stats, the list of moves that
// playback.js steps through).  A cancelled or failed solve never changes the
// position.  Wired by page.js; position.js calls solve() for a link made
// during playback.  Beside it: methods.js (the menus), requests.js.

import { $ } from "./dom.js";
import { pageState, setState, showMessage } from "./status.js";
import { linkFor, setHash } from "./links.js";
import { budgetMb, chosenOptions } from "./methods.js";
import { startRequest, cancel, setBusy, formatProgress } from "./requests.js";
import { goTo, jump, stopPlay, updatePlayback } from "./playback.js";
import { draw } from "./view.js";
import { fillMoveList } from "./movelist.js";

export async function solve(app) {
  if (!app.desc || app.solveReq || app.loading) return;
  stopPlay(app);
  const frozen = app.desc;            // a cancelled or failed solve never changes it
  Object.assign(app.options, chosenOptions());
  const req = { op: "solve", code: linkFor(frozen.code, { metric: app.options.metric, first: app.options.first }),
    algorithm: $("algorithm").value, heuristic: $("heuristic").value || null,
    count: $("count").checked, max_memory: budgetMb() };
  setHash(linkFor(frozen.code, app.options));
  setState("solving");
  setBusy(app, true);
  showMessage("");
  $("progress").textContent = "Starting…";
  const t0 = performance.now();
  app.solveReq = true;      // busy, until the worker has the request
  const reply = await startRequest(app, req, (p) => { $("progress").textContent = formatProgress(p); });
  app.solveReq = null;
  setBusy(app, false);
  if (app.desc !== frozen) {
    // another position came meanwhile (its load cancelled this solve)
    if (pageState() === "solving") setState(app.solution ? "solved" : "ready");
    return;
  }
  if (!reply.ok) {
    app.pendingStep = null;
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
  showSolution(app, reply, performance.now() - t0);
}

function showSolution(app, reply, ms) {
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
  fillMoveList($("moves"), app.families[app.desc.family],
    reply.moves.map((text, i) => ({ text, data: reply.move_data[i] })),
    (i) => jump(app, i + 1),
    (b, i) => { if (!b.title) b.title = `Move ${i + 1}`; });
  setState("solved");
  if (app.pendingStep !== null) { goTo(app, app.pendingStep); app.pendingStep = null; }
  updatePlayback(app);
  draw(app);
}

export function wireSolve(app) {
  $("solve").addEventListener("click", () => solve(app));
  $("cancel").addEventListener("click", () => cancel(app));
}
