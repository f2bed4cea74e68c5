// The algorithm lab: runs several methods on the same position in turn and
// compares them in a table (length, proof, expanded, seconds, peak held),
// logging each iteration of the iterative ones as it finishes ("IDA*
// ----- 21 ----- 3,515 expanded").  Each method has a time limit and can be
// skipped without stopping the lab; a method stopped early shows its best
// answer and proven bound.  The methods the contract calls practical for
// this position are ticked first.  Created by page.js, refilled by
// position.js; its solves are long requests (requests.js): Cancel stops it.

import { budgetMb } from "./methods.js";
import { $, el } from "./dom.js";
import { setState } from "./status.js";
import { linkFor } from "./links.js";
import { startRequest, setBusy } from "./requests.js";

// What a finished run proved: optimal; a lower bound it proved; or, for a
// method that proves none (depth-first, beam), that it does not -- never
// "proven ≥ 0".
function proofText(reply, method) {
  if (reply.optimal) return "optimal";
  const stopped = reply.stopped ? " (stopped)" : "";
  if (reply.lower_bound) return `proven ≥ ${reply.lower_bound}${stopped}`;
  return method && !method.optimal ? `none: it finds a solution, not the minimum${stopped}`
    : `none yet${stopped}`;
}

// A count of positions, or "—" where the method counts none.
function count(n) {
  return n ? n.toLocaleString("en") : "—";
}

export class Lab {
  constructor(app) {
    this.app = app;
    this.skipped = false;       // the method running was skipped (or timed out)
    this.timedOut = false;
    $("lab-run").addEventListener("click", () => this.run());
    $("lab-skip").addEventListener("click", () => this.skip());
  }

  // List the methods the position allows (from the describe reply): the
  // practical ones ticked on a new position, the others said why not.
  fill(desc) {
    const box = $("lab-methods");
    const same = box.dataset.code === desc.code;
    const wanted = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
    box.dataset.code = desc.code;
    box.replaceChildren(...desc.methods.filter((a) => a.available && a.name !== "auto").map((a) => {
      const input = el("input", { type: "checkbox", value: a.name,
        checked: same ? wanted.has(a.name) : a.practical });
      const label = el("label", { className: "check", title: a.practical ? a.help : `Not ticked: ${a.why_slow}.` },
        input, ` ${a.label}`);
      if (!a.practical) label.append(el("span", { className: "hint", textContent: ` (${a.why_slow})` }));
      return label;
    }));
    $("lab-rows").replaceChildren();
    $("lab-iterations").textContent = "";
  }

  // Fill table row `tr` with one cell per value.
  cells(tr, values) {
    tr.replaceChildren(...values.map((v) => el("td", { textContent: v })));
    return tr;
  }

  skip() {
    if (!this.app.solveReq?.id) return;
    this.skipped = true;
    this.app.solver.cancel(this.app.solveReq.id);
  }

  async run() {
    const app = this.app;
    if (!app.desc || app.solveReq) return;
    const methods = [...$("lab-methods").querySelectorAll("input:checked")].map((i) => i.value);
    const code = linkFor(app.desc.code, { metric: app.options.metric });
    const limitMs = Number($("lab-limit").value) * 1000;
    $("lab-rows").replaceChildren();
    const log = $("lab-iterations");
    log.textContent = "";
    setBusy(app, true);
    setState("solving");
    $("lab-skip").disabled = false;
    for (const name of methods) {
      const label = app.desc.methods.find((m) => m.name === name)?.label || name;
      const tr = this.cells(el("tr"), [label, "…", "", "", "", ""]);
      $("lab-rows").append(tr);
      let seen = 0;
      let best = null;
      let lower = 0;
      const note = (iterations) => {
        for (const it of iterations.filter((i) => i.bound !== undefined)) {
          if (it.bound > seen) {
            seen = it.bound;
            log.textContent += `${label} ----- ${it.bound} ----- ${it.expanded.toLocaleString("en")} expanded\n`;
          }
        }
      };
      this.skipped = false;
      this.timedOut = false;
      app.solveReq = true;
      const record = app.desc.methods.find((m) => m.name === name);
      const promise = startRequest(app, { op: "solve", code, algorithm: name, max_memory: budgetMb() }, (p) => {
        tr.children[3].textContent = count(p.expanded);
        tr.children[4].textContent = (p.elapsed ?? 0).toFixed(1);
        if (p.improvement) best = p.improvement.length;
        if (p.lower_bound !== undefined) lower = p.lower_bound;
        note(p.iterations || []);
      });
      const timer = setTimeout(() => { this.timedOut = true; this.skip(); }, limitMs);
      const reply = await promise;
      clearTimeout(timer);
      app.solveReq = null;
      if (!reply.ok) {
        const stopped = reply.error.type === "cancelled";
        const why = this.timedOut ? `stopped at the ${limitMs / 1000} s limit` : this.skipped ? "skipped" : stopped ? "cancelled" : "";
        const bound = lower || reply.error.lower_bound;
        tr.children[1].textContent = best !== null ? String(best) : "—";
        tr.children[2].textContent = [why || reply.error.message, bound ? `proven ≥ ${bound}` : ""].filter(Boolean).join("; ");
        if (stopped && !this.skipped) break;     // the page's Cancel stops the lab
        continue;
      }
      note(reply.iterations || []);
      const st = reply.stats;
      this.cells(tr, [label, String(reply.length), proofText(reply, record),
        count(st.expanded), st.seconds.toFixed(3), count(st.peak)]);
    }
    $("lab-skip").disabled = true;
    setBusy(app, false);
    setState(app.solution ? "solved" : "ready");
  }
}
