// The solver worker (a module worker): loads the self-hosted Pyodide, then
// micropip from its wheel, then installs the puzzlelab wheel that build.py
// built, and answers api.py requests by the protocol in protocol.js.  Long
// requests run as puzzlelab.api.Task in slices of SLICE_SECONDS; between
// slices the event loop runs so a CANCEL is seen.  Created by solver.js.

import { MSG, SLICE_SECONDS } from "./protocol.js";

const SITE = new URL("../", import.meta.url);
const t0 = performance.now();
let api = null;          // puzzlelab.api (a PyProxy)
let tablesMod = null;    // puzzlelab.tables, when the package has it
let pyodide = null;
const loadedTables = new Set();
const cancelled = new Set();
let current = null;      // id of the running request
const queue = [];

function post(msg) {
  self.postMessage(msg);
}

function status(step, detail) {
  post({ type: MSG.STATUS, step, detail, seconds: (performance.now() - t0) / 1000 });
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname || url} answered ${response.status}`);
  return response;
}

async function boot() {
  let step = "runtime";
  try {
    status(step);
    const info = await (await fetchOk(new URL("build.json", SITE))).json();
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", SITE).href);
    pyodide = await loadPyodide({ indexURL: new URL("pyodide/", SITE).href });
    step = "micropip";
    status(step);
    await pyodide.loadPackage(new URL(info.micropip, SITE).href);
    step = "puzzlelab";
    status(step);
    const micropip = pyodide.pyimport("micropip");
    await micropip.install(new URL(info.wheel, SITE).href);
    micropip.destroy();
    api = pyodide.pyimport("puzzlelab.api");
    try {
      tablesMod = pyodide.pyimport("puzzlelab.tables");
      pyodide.FS.mkdirTree("/tables");
      tablesMod.register_dir("/tables");
    } catch (err) {
      tablesMod = null;
    }
    status("ready", { version: info.version, build: info.build, pyodide: info.pyodide });
    pump();
  } catch (err) {
    post({ type: MSG.FAILED, step, message: `Start-up failed while ${step === "runtime" ? "loading the Python runtime" : step === "micropip" ? "loading micropip" : "installing the solver"}: ${err.message || err}` });
  }
}

// Yield to the event loop without setTimeout's clamping.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
function yieldToEvents() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}

async function ensureTables(request) {
  if (!tablesMod || !["solve", "moves"].includes(request.op)) return;
  const reply = JSON.parse(api.call(JSON.stringify({ ...request, op: "tables" })));
  if (!reply.ok) return;   // the solve itself will report the problem
  for (const name of reply.tables || []) {
    if (loadedTables.has(name)) continue;
    post({ type: MSG.PROGRESS, id: current, data: { phase: "tables", table: name, elapsed: (performance.now() - t0) / 1000 } });
    const data = new Uint8Array(await (await fetchOk(new URL(`tables/${name}`, SITE))).arrayBuffer());
    pyodide.FS.writeFile(`/tables/${name}`, data);
    loadedTables.add(name);
  }
}

async function run(id, request) {
  current = id;
  let task = null;
  let last = null;
  try {
    await ensureTables(request);
    task = api.Task(JSON.stringify(request));
    for (;;) {
      if (cancelled.has(id)) {
        cancelled.delete(id);
        post({ type: MSG.CANCELLED, id, data: last });
        return;
      }
      const out = JSON.parse(task.step(SLICE_SECONDS));
      if (out.kind === "done") {
        post({ type: MSG.RESULT, id, data: out.data });
        return;
      }
      last = out.data;
      post({ type: MSG.PROGRESS, id, data: last });
      await yieldToEvents();
    }
  } catch (err) {
    const text = String(err.message || err);
    if (/fatal|Aborted|out of memory|Maximum memory|memory access out of bounds/i.test(text)) {
      // Python is dead in this worker (an out-of-memory abort, a fatal
      // error): say so and let the page start a fresh worker.
      post({ type: MSG.FAILED, id, step: "fatal", message: `The solver crashed (${text.split("\n")[0].slice(0, 160)}).` });
      task = null;
      return;
    }
    post({ type: MSG.RESULT, id, data: { ok: false, error: { type: "internal", message: `Internal error: ${text.split("\n").slice(-3).join(" ")}` } } });
  } finally {
    if (task) {
      try { task.close(); } catch (_) { /* already finished */ }
      task.destroy();
    }
    current = null;
  }
}

async function pump() {
  if (!api || current !== null) return;
  while (queue.length) {
    const { id, request } = queue.shift();
    if (cancelled.has(id)) {
      cancelled.delete(id);
      post({ type: MSG.CANCELLED, id });
      continue;
    }
    await run(id, request);
  }
}

self.onmessage = (event) => {
  const msg = event.data || {};
  if (msg.type === MSG.REQUEST) {
    queue.push({ id: msg.id, request: msg.request });
    pump();
  } else if (msg.type === MSG.CANCEL) {
    cancelled.add(msg.id);
    pump();
  }
};

boot();
