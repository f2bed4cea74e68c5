// The algorithm lab: runs several methods on the same position one after the
// other and compares them in a table (length, proven optimal, states
// expanded, seconds, peak states held), and logs each iteration of the
// iterative methods as it finishes, one line per bound, as the seeds print
// them ("IDA* ----- 21 ----- 3,515 expanded").  Created by main.js; uses its
// request plumbing, so Cancel stops the lab too.

const $ = (id) => document.getElementById(id);

export class Lab {
  constructor({ app, startRequest, setBusy, setState }) {
    this.app = app;
    this.startRequest = startRequest;
    this.setBusy = setBusy;
    this.setState = setState;
    $("lab-run").addEventListener("click", () => this.run());
  }

  // List the methods the position allows (from the describe reply).
  fill(desc) {
    const box = $("lab-methods");
    const wanted = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
    box.replaceChildren(...desc.methods.filter((a) => a.available && a.name !== "auto").map((a) => {
      const label = document.createElement("label");
      label.className = "check";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = a.name;
      input.checked = wanted.size ? wanted.has(a.name) : ["bfs", "bidir", "idastar", "astar"].includes(a.name);
      label.append(input, ` ${a.label}`);
      return label;
    }));
    $("lab-rows").replaceChildren();
    $("lab-iterations").textContent = "";
  }

  row(cells) {
    const tr = document.createElement("tr");
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.append(td);
    }
    $("lab-rows").append(tr);
    return tr;
  }

  async run() {
    const app = this.app;
    if (!app.desc || app.solveReq) return;
    const methods = [...$("lab-methods").querySelectorAll("input:checked")].map((i) => i.value);
    const code = app.desc.code + (app.options.metric ? `&metric=${app.options.metric}` : "");
    $("lab-rows").replaceChildren();
    const log = $("lab-iterations");
    log.textContent = "";
    this.setBusy(true);
    this.setState("solving");
    for (const name of methods) {
      const label = app.desc.methods.find((m) => m.name === name)?.label || name;
      const tr = this.row([label, "…", "", "", "", ""]);
      let seen = 0;
      app.solveReq = true;
      const reply = await this.startRequest({ op: "solve", code, algorithm: name, max_states: Number($("budget").value) }, (p) => {
        tr.children[3].textContent = (p.expanded ?? 0).toLocaleString("en");
        tr.children[4].textContent = (p.elapsed ?? 0).toFixed(1);
        for (const it of (p.iterations || []).filter((i) => i.bound !== undefined)) {
          if (it.bound > seen) {
            seen = it.bound;
            log.textContent += `${label} ----- ${it.bound} ----- ${it.expanded.toLocaleString("en")} expanded\n`;
          }
        }
      });
      app.solveReq = null;
      if (!reply.ok) {
        tr.children[1].textContent = reply.error.type === "cancelled" ? "cancelled" : "—";
        tr.children[2].textContent = reply.error.message.slice(0, 80);
        if (reply.error.type === "cancelled") break;
        continue;
      }
      for (const it of reply.iterations || []) {
        if (it.bound > seen) { seen = it.bound; log.textContent += `${label} ----- ${it.bound} ----- ${it.expanded.toLocaleString("en")} expanded\n`; }
      }
      const st = reply.stats;
      tr.replaceChildren();
      for (const c of [label, String(reply.length), reply.optimal ? "yes" : "no",
        st.expanded.toLocaleString("en"), st.seconds.toFixed(3), (st.peak ?? 0).toLocaleString("en")]) {
        const td = document.createElement("td");
        td.textContent = c;
        tr.append(td);
      }
    }
    this.setBusy(false);
    this.setState(app.solution ? "solved" : "ready");
  }
}
