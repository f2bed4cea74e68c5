// The page's handle on the solver worker (worker.mjs): sends api.py requests,
// streams progress, and cancels.  Used by main.js (which makes it) and
// requests.js.
//
// A request gets its id at once, even before the worker is ready (the
// worker queues it), so a Cancel is never lost.  Cancel answers the page at
// once ("cancelled") and asks the worker to stop between slices; where the
// page is cross-origin isolated (the service worker's headers, sw.js) it
// also interrupts Python at once through the shared INTERRUPT cells
// (protocol.js), even inside a long slice.  Only if the worker has not
// confirmed within KILL_AFTER_MS is it terminated and a fresh one started.
// A worker that dies is replaced the same way; the fresh one starts from the
// memory snapshot when the service worker has it (worker.mjs).
//
// Performance marks for benchmarks/page_bench.py and the tests:
// "solver-start" when a worker is made, "solver-boot" when it is ready
// (detail: the worker's ready detail, protocol.js).
//
// Busy or dead: every step of a request, table builds included, reports
// progress at least every 0.5 s of work in CPython (tests/test_contract.py,
// benchmarks/fuzz_api.py; up to about five times that in Pyodide), and the
// worker posts it after every slice; an idle worker answers the page's PING
// at once; and where the page is cross-origin isolated, Python at work
// takes the page's PROBE from the shared cells within milliseconds, however
// long it runs without a message (protocol.js).  So the page pings its
// worker every PING_MS and expects a word (a message, or a PROBE taken)
// within IDLE_DEAD_MS when it has no work, BUSY_DEAD_MS when it has and the
// cells are shared, SLOW_DEAD_MS when they are not (a first visit: only
// messages tell); a worker that errs, crashes, closes or hangs is replaced
// at once (error) or within 2 s (silence; 3.5 s on a first visit), and a
// solve it was running keeps the best answer and the bound it had
// reported (solve.js).  A page whose own timers run late (a machine too
// busy to keep time) waits that lateness more before calling its worker
// dead.  While a worker starts (loading Python) it may be silent for
// BOOT_DEAD_MS.

import { INTERRUPT, MSG } from "./protocol.js";

const KILL_AFTER_MS = 3000;     // a cancelled request the worker has not let go of
const PING_MS = 200;            // the page asks its worker for a word this often
const IDLE_DEAD_MS = 1000;      // no word from a worker without work: it is dead
const BUSY_DEAD_MS = 1000;      // ... from one with work, Python's heartbeat shared (a
                                //     healthy one takes a PROBE every few thousand steps: its
                                //     silences are a tick or two, 200-400 ms; so a dead one
                                //     is replaced within 2 s, the page's lateness aside)
const SLOW_DEAD_MS = 3500;      // ... from one with work, no heartbeat (a long step
                                //     in Pyodide: up to about 1.5 s, twice that on a busy machine)
const BOOT_DEAD_MS = 30000;     // ... from one still starting

export class Solver {
  constructor({ onStatus = () => {}, onRestart = () => {}, onSilence = () => {} } = {}) {
    this.onStatus = onStatus;
    this.onRestart = onRestart;
    this.onSilence = onSilence;
    this.nextId = 1;
    this.pending = new Map();   // id -> {resolve, onProgress, request}
    this.stopping = new Map();  // id -> {timer, at}: kill timer and time of a cancelled request
    this.letGo = null;          // the last cancelled request the worker let go of: {id, stop, ms}
    this.ready = false;
    this.readyWaiters = [];
    this.lastHeard = performance.now();
    this.maxSilence = 0;        // ms: the longest wait between two messages of a request
    this.start();
  }

  start() {
    this.ready = false;
    performance.mark("solver-start");
    this.startedAt = performance.now();
    this.lastHeard = performance.now();
    this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => {
      const now = performance.now();
      this.silence = now - this.lastHeard;     // since the worker's previous word
      this.lastHeard = now;
      this.receive(event.data);
    };
    this.watch();
    // a fresh pair of cells per worker: a killed one keeps nothing of them
    this.interrupt = globalThis.crossOriginIsolated && typeof SharedArrayBuffer === "function"
      ? new Int32Array(new SharedArrayBuffer(INTERRUPT.LENGTH * 4)) : null;
    this.probed = false;
    if (this.interrupt) this.worker.postMessage({ type: MSG.INTERRUPT, buffer: this.interrupt });
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this.crashed(`The solver stopped unexpectedly (${event.message || "worker error"}).`);
    };
    this.worker.onmessageerror = () => this.crashed("The solver sent an unreadable message.");
  }

  receive(msg) {
    if (msg.type === MSG.PONG) return;
    if (msg.type === MSG.STATUS) {
      if (msg.step === "ready") {
        performance.mark("solver-boot", { detail: msg.detail });
        this.bootDetail = msg.detail;     // this worker's own (the marks are the page's)
        this.ready = true;
        this.readyWaiters.splice(0).forEach((w) => w.resolve());
        this.heard(true);
      }
      this.onStatus(msg);
      return;
    }
    if (msg.type === MSG.FAILED && msg.step === "fatal") {
      this.crashed(msg.message);
      return;
    }
    if (msg.type === MSG.FAILED) {
      this.onStatus({ step: "failed", message: msg.message });
      this.readyWaiters.splice(0).forEach((w) => w.reject(new Error(msg.message)));
      this.failAll({ type: "startup", message: msg.message });
      return;
    }
    if (msg.type !== MSG.PROGRESS && this.stopping.has(msg.id)) {
      // the worker let go of a request the page already called cancelled
      const { timer, at } = this.stopping.get(msg.id);
      clearTimeout(timer);
      this.stopping.delete(msg.id);
      this.letGo = { id: msg.id, stop: msg.stop || "done", ms: performance.now() - at };
      this.heard(true);
      return;
    }
    const entry = this.pending.get(msg.id);
    if (!entry) return;
    this.heard(msg.type === MSG.PROGRESS);
    if (msg.type === MSG.PROGRESS) {
      entry.onProgress(msg.data);
    } else if (msg.type === MSG.RESULT) {
      this.pending.delete(msg.id);
      entry.resolve(msg.data);
    } else if (msg.type === MSG.CANCELLED) {
      this.pending.delete(msg.id);
      entry.resolve({ ok: false, error: { type: "cancelled", message: "Cancelled." }, last: msg.data });
    }
  }

  whenReady() {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  // Send an api.py request; resolves with its reply (never rejects for
  // puzzle errors).  The returned promise carries the request's `id` at once.
  // `slice`: seconds of Python per slice (protocol.js; tests only).
  request(request, onProgress = () => {}, { slice } = {}) {
    const id = this.nextId++;
    const promise = new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress, request, slice });
    });
    this.worker.postMessage({ type: MSG.REQUEST, id, request, slice });
    promise.id = id;
    return promise;
  }

  // A message from the worker about a request (`progress`: a progress
  // record, whose wait since the last word counts toward maxSilence, which
  // the benchmarks report).
  heard(progress) {
    if (progress) this.maxSilence = Math.max(this.maxSilence, this.silence || 0);
  }

  // The watchdog (see the top of the file): every PING_MS, a PING, and a
  // look at how long the worker has been silent.
  watch() {
    clearInterval(this.pinger);
    let due = performance.now() + PING_MS;
    this.pinger = setInterval(() => {
      const now = performance.now();
      const late = Math.max(0, now - due);     // this page's own lateness
      due = now + PING_MS;
      // where the cells are shared, a PROBE taken since the last look is
      // Python at work (protocol.js), as good as a word
      const cells = this.interrupt;
      if (cells && this.ready) {
        if (this.probed && Atomics.load(cells, INTERRUPT.SIGNAL) === 0) this.lastHeard = now;
        this.probed = Atomics.compareExchange(cells, INTERRUPT.SIGNAL, 0, INTERRUPT.PROBE) === 0;
      }
      const silent = now - this.lastHeard;
      const busy = this.pending.size > 0 || this.stopping.size > 0;
      // a request may ask for longer slices (the tests': protocol.js)
      const slice = Math.max(0, ...[...this.pending.values(), ...this.stopping.values()]
        .map((e) => 1000 * (e.slice || 0)));
      const limit = late + (!this.ready ? BOOT_DEAD_MS : !busy ? IDLE_DEAD_MS
        : (cells ? BUSY_DEAD_MS : SLOW_DEAD_MS + slice));
      if (silent > limit) {
        this.onSilence(Math.round(silent));
        this.crashed(`The solver stopped responding (no word for ${(silent / 1000).toFixed(1)} s).`);
        return;
      }
      try {
        this.worker.postMessage({ type: MSG.PING });
      } catch (_) { /* a terminated worker: the next look replaces it */ }
    }, PING_MS);
  }

  // Stop request `id`: the page hears "cancelled" now; Python is
  // interrupted at once where the cells are shared, else the worker stops
  // between slices; it is replaced if it has not let go within KILL_AFTER_MS.
  cancel(id) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    entry.resolve({ ok: false, error: { type: "cancelled", message: "Cancelled." } });
    const cells = this.interrupt;
    if (cells && Atomics.compareExchange(cells, INTERRUPT.RUNNING, id, -id) === id) {
      Atomics.store(cells, INTERRUPT.SIGNAL, INTERRUPT.SIGINT);
      Atomics.notify(cells, INTERRUPT.SIGNAL);
    }
    this.worker.postMessage({ type: MSG.CANCEL, id });
    const timer = setTimeout(() => {
      if (!this.stopping.has(id)) return;
      this.restart("The solver was busy; it was restarted to stop the search.");
    }, KILL_AFTER_MS);
    this.stopping.set(id, { timer, at: performance.now(), slice: entry.slice });
  }

  failAll(error) {
    for (const [id, entry] of this.pending) {
      entry.resolve({ ok: false, error });
      this.pending.delete(id);
    }
  }

  restart(reason) {
    clearInterval(this.pinger);
    for (const { timer } of this.stopping.values()) clearTimeout(timer);
    this.stopping.clear();
    this.worker.terminate();
    this.failAll({ type: "crashed", message: reason });
    this.onRestart(reason);
    this.start();
  }

  crashed(reason) {
    this.restart(`${reason} A fresh solver is starting; your position is kept.`);
  }
}
