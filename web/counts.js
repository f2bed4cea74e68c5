// "Answer in every count": the position solved once in each of its
// family's counting rules (describe's metrics), the answers side by side in
// a small table -- the same puzzle is 81, 116 or 90 moves depending on what
// counts as a move.  Long requests (requests.js), so Cancel stops them.
// Wired by page.js; shown by position.js when a family has several rules.

import { $, el } from "./dom.js";
import { budgetMb, metricLabel } from "./methods.js";
import { linkFor } from "./links.js";
import { startRequest, setBusy, formatProgress } from "./requests.js";
import { setState } from "./status.js";

async function solveEveryCount(app) {
  if (!app.desc || app.solveReq) return;
  const desc = app.desc;
  const body = $("counts-out").tBodies[0];
  body.replaceChildren();
  $("counts-out").hidden = false;
  setBusy(app, true);
  setState("solving");
  for (const metric of desc.metrics) {
    const cell = el("td", { textContent: "…" });
    body.append(el("tr", {}, el("th", { scope: "row", textContent: metricLabel(desc, metric) }), cell));
    app.solveReq = true;
    const reply = await startRequest(app, { op: "solve", code: linkFor(desc.code, { metric }), max_memory: budgetMb() },
      (p) => { cell.textContent = formatProgress(p); });
    app.solveReq = null;
    if (app.desc !== desc) break;
    if (!reply.ok) {
      cell.textContent = reply.error.message;
      if (reply.error.type === "cancelled") break;
      continue;
    }
    const unit = reply.length === 1 ? "move" : "moves";
    cell.textContent = reply.optimal ? `${reply.length} ${unit}, proven optimal`
      : `${reply.length} ${unit}, not proven optimal (proven at least ${reply.lower_bound ?? 0})`;
    cell.dataset.length = String(reply.length);
  }
  setBusy(app, false);
  setState(app.solution ? "solved" : "ready");
}

export function wireCounts(app) {
  $("all-counts").addEventListener("click", () => solveEveryCount(app));
}
