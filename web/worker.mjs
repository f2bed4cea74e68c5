// The solver worker (a module worker, made by solver.js): starts Python with
// puzzlelab.api ready, then answers api.py requests by the protocol in
// protocol.js.  Two ways to start:
// - from the memory snapshot build.py made (tools/make_snapshot.mjs), when
//   the service worker (sw.js) has cached it: a returning visit, a replaced
//   worker.  The runtime restores the ready interpreter in one step.
// - the ordinary boot otherwise (a first visit), and whenever the snapshot
//   is missing, made for another build, or fails in any way: the runtime,
//   then micropip, then micropip installs the puzzlelab wheel; the wheel and
//   micropip are fetched while the runtime starts.
// Long requests run as puzzlelab.api.Task in slices of SLICE_SECONDS; between
// slices the event loop runs so a CANCEL is seen.  Where the page is
// cross-origin isolated it also shares the INTERRUPT cells, which stop Python
// inside a slice.

import { INTERRUPT, MSG, SLICE_SECONDS } from "./protocol.js";

const SITE = new URL("../", import.meta.url);
const SNAPSHOT_MAGIC = "PZLSNAP1";         // build.py's SNAPSHOT_MAGIC
const PYODIDE_SNAPSHOT_MAGIC = 0x706e7300;  // Pyodide's own, its first word
const t0 = performance.now();
let api = null;          // puzzlelab.api (a PyProxy)
let tablesMod = null;    // puzzlelab.tables, when the package has it
let pyodide = null;
let interrupt = null;    // the INTERRUPT cells (Int32Array), when the page shares them
const loadedTables = new Set();
const cancelled = new Set();
let current = null;      // id of the running request
const queue = [];

// Begun at once, side by side: what the site is, the runtime's loader and
// its large script (the loader imports it later: then it is there), and the
// runtime's files, which the loader would ask for only once it runs: its
// fetch of each is handed the response begun here (see self.fetch below).
const PYODIDE = new URL("pyodide/", SITE);
const WASM = new URL("pyodide.asm.wasm", PYODIDE).href;
const early = new Map();    // url -> a response begun early, for the loader's fetch of it
const { fetch: fetchFile } = self;
const siteInfo = quiet(fetchOk(new URL("build.json", SITE)).then((r) => r.json()));
const runtime = quiet(import(new URL("pyodide.mjs", PYODIDE).href));
quiet(import(new URL("pyodide.asm.mjs", PYODIDE).href));
for (const name of ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]) {
  fetchEarly(new URL(name, PYODIDE).href);
}

function fetchEarly(url) {
  early.set(url, quiet(fetchFile(url)));
}

// The response begun early for `url` (once), or null.
function takeEarly(url) {
  const got = early.get(url) || null;
  early.delete(url);
  return got;
}

// Pyodide's loader compiles its WebAssembly only once it has the snapshot
// (which sets the memory's size), and offers no way to hand it a module
// compiled earlier.  So once a snapshot boot has begun compiling
// (`compiled`, while the snapshot is read), the loader's two calls for it
// are answered here: its fetch of the file gets an empty stand-in, and
// WebAssembly.instantiateStreaming gets the module.
let compiled = null;
const { instantiateStreaming } = WebAssembly;
self.fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (compiled && url === WASM) {
    return Promise.resolve(new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } }));
  }
  return takeEarly(url) || fetchFile(input, init);
};
WebAssembly.instantiateStreaming = async (source, imports) => {
  const module = compiled ? await compiled.catch(() => null) : null;
  if (!module) return instantiateStreaming.call(WebAssembly, source, imports);
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// A promise awaited later may fail first: not an unhandled rejection.
// Returns the promise.
function quiet(promise) {
  promise.catch(() => {});
  return promise;
}

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

// -- the snapshot -------------------------------------------------------------

// The site's snapshot as the service worker cached it, or null (a first
// visit, no Cache Storage here).  Read from the cache only: a snapshot is
// never downloaded while the solver starts.
async function cachedSnapshot(info) {
  if (!info.snapshot || !self.caches) return null;
  try {
    return (await caches.match(new URL(info.snapshot.path, SITE).href)) || null;
  } catch (_) {
    return null;    // storage refused (a private window, a full disk)
  }
}

// The runtime's memory from the snapshot as the service worker keeps it
// (unpacked; layout: build.py's SNAPSHOT_MAGIC), checked against
// build.json's record: made for this build, and whole (its SHA-256).
// Throws otherwise.
async function snapshotMemory(response, record) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder();
  if (bytes.length < 16 || text.decode(bytes.subarray(0, 8)) !== SNAPSHOT_MAGIC) {
    throw new Error("not a Puzzle Lab snapshot");
  }
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(text.decode(bytes.subarray(12, 12 + length)));
  for (const key of ["format", "pyodide", "pyodide_build_id", "micropip", "wheel", "memory", "page", "body_sha256"]) {
    if (header[key] === undefined || header[key] !== record[key]) {
      throw new Error(`made for another build (${key} differs)`);
    }
  }
  const body = bytes.subarray(12 + length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  if (Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") !== header.body_sha256) {
    throw new Error("it is damaged");
  }
  // the runs of non-zero pages, then their bytes
  const runs = new Uint32Array(body.buffer, body.byteOffset + 4, 2 * new Uint32Array(body.buffer, body.byteOffset, 1)[0]);
  const memory = new Uint8Array(header.memory);
  let at = 4 + runs.byteLength;
  for (let r = 0; r < runs.length; r += 2) {
    const start = runs[r] * header.page;
    const end = Math.min(start + runs[r + 1] * header.page, memory.length);
    memory.set(body.subarray(at, at + end - start), start);
    at += end - start;
  }
  if (at !== body.length) throw new Error("its pages do not add up");
  const words = new Uint32Array(memory.buffer, 0, 12);
  const id = Array.from(words.subarray(4, 12), (w) => w.toString(16).padStart(8, "0")).join("");
  if (words[0] !== PYODIDE_SNAPSHOT_MAGIC || id !== record.pyodide_build_id) {
    throw new Error("made by another Pyodide build");
  }
  return memory;
}

async function bootFromSnapshot(info, response) {
  compiled = quiet(WebAssembly.compileStreaming(takeEarly(WASM) || fetchFile(WASM)));
  const memory = quiet(snapshotMemory(response, info.snapshot));
  const { loadPyodide } = await runtime;
  // loadPyodide fetches the runtime while the snapshot is checked, then
  // waits for it before it makes the runtime's memory
  pyodide = await loadPyodide({ indexURL: PYODIDE.href, _loadSnapshot: memory });
  // the snapshot's clocks and seeds were frozen at build time
  pyodide.runPython("import random\nrandom.seed()");
}

// A snapshot that failed here would fail again: drop it from the cache, so
// the page fetches a good copy once the solver is ready (offline.js).
async function forgetSnapshot(info) {
  try {
    const url = new URL(info.snapshot.path, SITE).href;
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
  } catch (_) { /* nothing cached, nothing to forget */ }
}

// -- the ordinary boot ----------------------------------------------------------

async function ordinaryBoot(info, setStep) {
  const wheel = quiet(fetchOk(new URL(info.wheel, SITE)).then((r) => r.arrayBuffer()));
  fetchEarly(new URL(info.micropip, SITE).href);    // for loadPackage below
  const { loadPyodide } = await runtime;
  pyodide = await loadPyodide({ indexURL: PYODIDE.href });
  setStep("micropip");
  await pyodide.loadPackage(new URL(info.micropip, SITE).href);
  setStep("puzzlelab");
  const micropip = pyodide.pyimport("micropip");
  const staged = `/tmp/${info.wheel.split("/").pop()}`;
  pyodide.FS.writeFile(staged, new Uint8Array(await wheel));
  await micropip.install(`emfs:${staged}`);
  micropip.destroy();
  pyodide.FS.unlink(staged);
}

// The solver's modules from the started interpreter (throws if it has none).
function adopt() {
  api = pyodide.pyimport("puzzlelab.api");
  try {
    tablesMod = pyodide.pyimport("puzzlelab.tables");
    pyodide.FS.mkdirTree("/tables");
    tablesMod.register_dir("/tables");
  } catch (err) {
    tablesMod = null;
  }
}

async function boot() {
  let step = "runtime";
  const setStep = (next) => { step = next; status(step); };
  try {
    status(step);
    const info = await siteInfo;
    let how = "ordinary";
    let fallback;
    const snapshot = await cachedSnapshot(info);
    if (snapshot) {
      try {
        await bootFromSnapshot(info, snapshot);
        adopt();
        how = "snapshot";
      } catch (err) {
        // said to the console only: the ordinary boot follows, as on a first visit
        fallback = String(err.message || err).split("\n")[0];
        console.info(`Puzzle Lab: the saved solver snapshot was not used (${fallback}); starting normally.`);
        pyodide = null;
        api = null;
        if (compiled && !await compiled.then(() => true, () => false)) compiled = null;
        await forgetSnapshot(info);
      }
    }
    if (!pyodide) {
      await ordinaryBoot(info, setStep);
      adopt();
    }
    if (interrupt) pyodide.setInterruptBuffer(interrupt);
    status("ready", { version: info.version, build: info.build, pyodide: info.pyodide,
                      boot: how, fallback, interrupt: !!interrupt });
    pump();
  } catch (err) {
    post({ type: MSG.FAILED, step, message: `Start-up failed while ${step === "runtime" ? "loading the Python runtime" : step === "micropip" ? "loading micropip" : "installing the solver"}: ${err.message || err}` });
  }
}

// -- requests -----------------------------------------------------------------

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

// The table files request `request` will read, fetched into /tables; null,
// or the reply to give when one cannot be had (offline before it was ever
// fetched, a server that lost it).
async function ensureTables(request) {
  if (!tablesMod || !["solve", "moves", "part", "generate"].includes(request.op)) return null;
  const reply = JSON.parse(api.call(JSON.stringify({ ...request, op: "tables" })));
  if (!reply.ok) return null;   // the solve itself will report the problem
  for (const name of reply.tables || []) {
    if (loadedTables.has(name)) continue;
    post({ type: MSG.PROGRESS, id: current, data: { phase: "tables", table: name, elapsed: (performance.now() - t0) / 1000 } });
    let data;
    try {
      data = new Uint8Array(await (await fetchOk(new URL(`tables/${name}`, SITE))).arrayBuffer());
    } catch (err) {
      return { ok: false, error: { type: "table", table: name, message: `The solver's table ${name} could not be fetched (${String(err.message || err).slice(0, 80)}); check the connection and try again.` } };
    }
    pyodide.FS.writeFile(`/tables/${name}`, data);
    loadedTables.add(name);
  }
  return null;
}

// A table the solver found damaged (api.py's "table" error: its seal does
// not match) is forgotten here, in the file system and in the service
// worker's cache, so the next request that needs it fetches it again.
async function forgetTable(name) {
  if (typeof name !== "string" || !loadedTables.has(name)) return;
  loadedTables.delete(name);
  try { pyodide.FS.unlink(`/tables/${name}`); } catch (_) { /* not written */ }
  try {
    const url = new URL(`tables/${name}`, SITE).href;
    for (const key of await caches.keys()) await (await caches.open(key)).delete(url);
  } catch (_) { /* no Cache Storage here */ }
}

// Did the page ask, through the shared cells, to interrupt request `id`?
function interruptAsked(id) {
  return !!interrupt && Atomics.load(interrupt, INTERRUPT.RUNNING) === -id;
}

// Request `id` is over: the cells go back to idle, and a signal the page
// sent as it ended that Python did not consume (`consumed`: it raised
// KeyboardInterrupt) is taken back, so it cannot hit the next request.  The
// page stores the signal right after marking the request, hence the short
// wait for it.
// (The cell may hold the page's PROBE meanwhile, protocol.js: the wait is
// for the SIGINT itself.)
function settleInterrupt(id, consumed) {
  if (!interrupt) return;
  if (Atomics.exchange(interrupt, INTERRUPT.RUNNING, 0) === -id && !consumed) {
    const until = performance.now() + 100;
    let seen;
    while ((seen = Atomics.load(interrupt, INTERRUPT.SIGNAL)) !== INTERRUPT.SIGINT &&
           performance.now() < until) {
      Atomics.wait(interrupt, INTERRUPT.SIGNAL, seen, until - performance.now());
    }
  }
  Atomics.store(interrupt, INTERRUPT.SIGNAL, 0);
}

async function run(id, request, slice) {
  current = id;
  if (interrupt) Atomics.store(interrupt, INTERRUPT.RUNNING, id);
  let task = null;
  let last = null;
  let consumed = false;    // Python raised KeyboardInterrupt
  try {
    const missing = await ensureTables(request);
    if (missing) {
      post({ type: MSG.RESULT, id, data: missing });
      return;
    }
    task = api.Task(JSON.stringify(request));
    for (;;) {
      if (cancelled.has(id) || interruptAsked(id)) {
        post({ type: MSG.CANCELLED, id, data: last, stop: "slice" });
        return;
      }
      const out = JSON.parse(task.step(slice));
      if (out.kind === "done") {
        if (out.data?.error?.type === "table") await forgetTable(out.data.error.table);
        post({ type: MSG.RESULT, id, data: out.data });
        return;
      }
      last = out.data;
      post({ type: MSG.PROGRESS, id, data: last });
      await yieldToEvents();
    }
  } catch (err) {
    consumed = err.type === "KeyboardInterrupt";
    if (consumed && interruptAsked(id)) {
      post({ type: MSG.CANCELLED, id, data: last, stop: "interrupt" });
      return;
    }
    const text = String(err.message || err);
    if (/fatal|Aborted|out of memory|Maximum memory|memory access out of bounds/i.test(text)) {
      // Python is dead in this worker (an out-of-memory abort, a fatal
      // error): say so and let the page start a fresh worker.
      post({ type: MSG.FAILED, id, step: "fatal", message: `The solver crashed (${text.split("\n")[0].slice(0, 160)}).` });
      task = null;
      return;
    }
    // a bug (every failure a request can cause is a reply): said plainly,
    // the last line of Python's report to the console for whoever fixes it
    console.warn("Puzzle Lab: the solver failed on a request:", text);
    const kind = (text.trim().split("\n").pop().match(/^(\w+(Error|Exception))\b/) || [])[1] || "an error";
    post({ type: MSG.RESULT, id, data: { ok: false, error: { type: "internal", message: `The solver met a problem it does not know how to handle (${kind}); your position is kept. Please report it with a link to this position.` } } });
  } finally {
    if (task) {
      try {
        task.close();
      } catch (err) {
        consumed ||= err.type === "KeyboardInterrupt";
      }
      task.destroy();
    }
    settleInterrupt(id, consumed);
    cancelled.delete(id);
    current = null;
  }
}

async function pump() {
  if (!api || current !== null) return;
  while (queue.length) {
    const { id, request, slice } = queue.shift();
    await run(id, request, slice);
  }
}

self.onmessage = (event) => {
  const msg = event.data || {};
  if (msg.type === MSG.PING) {
    post({ type: MSG.PONG });
  } else if (msg.type === MSG.REQUEST) {
    queue.push({ id: msg.id, request: msg.request, slice: msg.slice > 0 ? msg.slice : SLICE_SECONDS });
    pump();
  } else if (msg.type === MSG.CANCEL) {
    const waitingAt = queue.findIndex((q) => q.id === msg.id);
    if (waitingAt >= 0) {
      queue.splice(waitingAt, 1);
      post({ type: MSG.CANCELLED, id: msg.id, stop: "queue" });
    } else if (msg.id === current) {
      cancelled.add(msg.id);
    }
  } else if (msg.type === MSG.INTERRUPT && msg.buffer instanceof Int32Array) {
    interrupt = msg.buffer;
    if (api) pyodide.setInterruptBuffer(interrupt);
  }
};

boot();
