// The Analysis panel: explores every position reachable from the goal
// (api.py `analyze`) and shows how many there are, the farthest ones (each a
// button that loads it) and the distance histogram (chart.js); where the
// family offers it (describe's group_view), the start's whole group by
// distance to the goal, its hardest starts and this start's solutions.  Wired by
// page.js; runs as a long request (requests.js), so Cancel stops it.

import { budgetMb } from "./methods.js";
import { $, el, button } from "./dom.js";
import { setState } from "./status.js";
import { linkFor } from "./links.js";
import { startRequest, setBusy, formatProgress } from "./requests.js";
import { load } from "./position.js";
import { drawHistogram } from "./chart.js";
import { Board } from "./board.js";

const FARTHEST_SHOWN = 8;

async function analyze(app, from = "goal") {
  if (!app.desc || app.solveReq) return;
  setBusy(app, true);
  setState("solving");
  const out = $("analysis-out");
  out.textContent = "Exploring…";
  app.solveReq = true;
  const reply = await startRequest(app, { op: "analyze", code: linkFor(app.desc.code, app.options), from, max_memory: budgetMb() },
    (p) => { out.textContent = formatProgress(p); });
  app.solveReq = null;
  setBusy(app, false);
  setState(app.solution ? "solved" : "ready");
  if (!reply.ok) { out.textContent = reply.error.message; return; }
  const n = (x) => x.toLocaleString("en");
  if (reply.from === "group" && !reply.goals) {
    out.textContent = `${n(reply.reachable)} positions in this group, and none of them is a goal: this start cannot be solved.`;
    $("chart").hidden = true;
    return;
  }
  // a position with an exit (Rush Hour) calls its group a cluster, as Fogleman does
  const group = app.desc.exits?.length ? "cluster" : "group";
  const summary = reply.from === "group"
    ? `${n(reply.reachable)} positions in this start's ${group}, every one of which can be solved (moves can be undone), ${n(reply.goals)} of them goals. This start is ${reply.start_distance} moves from the goal, with ${n(reply.start_solutions)} optimal solution${reply.start_solutions === 1 ? "" : "s"}; the hardest starts of the ${group} are ${reply.max_distance} moves from it (${n(reply.histogram.at(-1))} of them).`
    : `${n(reply.reachable)} positions reachable; the farthest are ${reply.max_distance} moves from the ${reply.from} (${n(reply.histogram.at(-1))} of them).`;
  out.replaceChildren(el("p", { textContent: summary }),
    el("p", { className: "hint", textContent: "The farthest positions (press one to load it):" }),
    el("div", { className: "farthest" }, ...reply.farthest.slice(0, FARTHEST_SHOWN).map((code, i) =>
      farthestButton(app, reply.family, code, reply.farthest_views?.[i]))));
  const chart = $("chart");
  chart.hidden = false;
  drawHistogram(chart, reply.histogram, { what: reply.from === "group" ? "moves to the goal" : `moves from the ${reply.from}` });
}

// One farthest position: its picture (the family's renderer, small), its
// code for screen readers and as a tooltip; pressing it loads it.
function farthestButton(app, family, code, view) {
  const render = app.families[family]?.render;
  const b = button("", () => load(app, code), "farthest", { title: code, ariaLabel: `Load ${code}` });
  if (!render || !view) { b.textContent = code; return b; }
  const canvas = el("canvas", { className: "thumb" });
  b.append(canvas);
  requestAnimationFrame(() => {
    const board = new Board(canvas, { width: 84, height: 96 });
    const g = render.grid(view, app.desc);
    board.setGrid(g.cols, g.rows, g.aspect);
    render.draw(board, view, { thumb: true });
  });
  return b;
}

export function wireAnalysis(app) {
  $("analyze").addEventListener("click", () => analyze(app));
  $("analyze-group").addEventListener("click", () => analyze(app, "group"));
}
