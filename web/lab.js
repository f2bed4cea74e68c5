// The algorithm lab: runs several methods on the same position in turn and
// compares them in a table (length, proven optimal, expanded, seconds, peak
// held), logging each iteration of the iterative ones as it finishes ("IDA*
// ----- 21 ----- 3,515 expanded").  Created by page.js, refilled by
// position.js; its solves are long requests (requests.js): Cancel stops it.

import { budgetMb } from "./methods.js";
import { $, el } from "./dom.js";
import { setState } from "./status.js";
import { linkFor } from "./links.js";
import { startRequest, setBusy } from "./requests.js";

const CHECKED_FIRST = ["bfs", "bidir", "idastar", "astar"];   // ticked on a first visit

export class Lab {
  constructor(app) {
    this.app = app;
    $("lab-run").addEventListener("click", () => this.run());
  }

  // List the methods the position allows (from the describe reply).
  fill(desc) {
    const box = $("lab-methods");
    const wanted = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
    box.replaceChildren(...desc.methods.filter((a) => a.available && a.name !== "auto").map((a) => {
      const input = el("input", { type: "checkbox", value: a.name,
        checked: wanted.size ? wanted.has(a.name) : CHECKED_FIRST.includes(a.name) });
      return el("label", { className: "check" }, input, ` ${a.label}`);
    }));
    $("lab-rows").replaceChildren();
    $("lab-iterations").textContent = "";
  }

  // Fill table row `tr` with one cell per value.
  cells(tr, values) {
    tr.replaceChildren(...values.map((v) => el("td", { textContent: v })));
    return tr;
  }

  async run() {
    const app = this.app;
    if (!app.desc || app.solveReq) return;
    const methods = [...$("lab-methods").querySelectorAll("input:checked")].map((i) => i.value);
    const code = linkFor(app.desc.code, { metric: app.options.metric });
    $("lab-rows").replaceChildren();
    const log = $("lab-iterations");
    log.textContent = "";
    setBusy(app, true);
    setState("solving");
    for (const name of methods) {
      const label = app.desc.methods.find((m) => m.name === name)?.label || name;
      const tr = this.cells(el("tr"), [label, "…", "", "", "", ""]);
      $("lab-rows").append(tr);
      let seen = 0;
      const note = (iterations) => {
        for (const it of iterations.filter((i) => i.bound !== undefined)) {
          if (it.bound > seen) {
            seen = it.bound;
            log.textContent += `${label} ----- ${it.bound} ----- ${it.expanded.toLocaleString("en")} expanded\n`;
          }
        }
      };
      app.solveReq = true;
      const reply = await startRequest(app, { op: "solve", code, algorithm: name, max_memory: budgetMb() }, (p) => {
        tr.children[3].textContent = (p.expanded ?? 0).toLocaleString("en");
        tr.children[4].textContent = (p.elapsed ?? 0).toFixed(1);
        note(p.iterations || []);
      });
      app.solveReq = null;
      if (!reply.ok) {
        tr.children[1].textContent = reply.error.type === "cancelled" ? "cancelled" : "—";
        tr.children[2].textContent = reply.error.message.slice(0, 80);
        if (reply.error.type === "cancelled") break;
        continue;
      }
      note(reply.iterations || []);
      const st = reply.stats;
      this.cells(tr, [label, String(reply.length), reply.optimal ? "yes" : "no",
        st.expanded.toLocaleString("en"), st.seconds.toFixed(3), (st.peak ?? 0).toLocaleString("en")]);
    }
    setBusy(app, false);
    setState(app.solution ? "solved" : "ready");
  }
}
