// The page's handle on the solver worker (worker.mjs): sends api.py requests,
// streams progress, and cancels.  Used by main.js (which makes it) and
// requests.js.
//
// A request gets its id at once, even before the worker is ready (the
// worker queues it), so a Cancel is never lost.  Cancel answers the page at
// once ("cancelled") and asks the worker to stop between slices; only if the
// worker has not confirmed within KILL_AFTER_MS is it terminated and a fresh
// one started (the fallback where no SharedArrayBuffer is given to us).  A
// worker that dies is replaced the same way.
//
// Busy or dead: every step of a request, table builds included, reports
// progress at least every 0.5 s of work (tests/test_contract.py,
// benchmarks/bench_silence.py), and the worker posts it after every slice,
// so a busy worker is never silent for long.  One silent for NOTICE_MS
// while it has work is said to be slow (onSilence); one silent for
// SILENT_MS is dead (closed, or stuck in a bug) and is replaced.

import { MSG } from "./protocol.js";

const KILL_AFTER_MS = 3000;     // a cancelled request the worker has not let go of
const NOTICE_MS = 4000;         // no word from a worker with work: say so
const SILENT_MS = 12000;        // ... and this long: it is dead, replace it

export class Solver {
  constructor({ onStatus = () => {}, onRestart = () => {}, onSilence = () => {} } = {}) {
    this.onStatus = onStatus;
    this.onRestart = onRestart;
    this.onSilence = onSilence;
    this.nextId = 1;
    this.pending = new Map();   // id -> {resolve, onProgress, request}
    this.stopping = new Map();  // id -> kill timer of a cancelled request
    this.ready = false;
    this.readyWaiters = [];
    this.lastHeard = performance.now();
    this.maxSilence = 0;        // ms: the longest wait between two messages of a request
    this.start();
  }

  start() {
    this.ready = false;
    this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this.crashed(`The solver stopped unexpectedly (${event.message || "worker error"}).`);
    };
    this.worker.onmessageerror = () => this.crashed("The solver sent an unreadable message.");
  }

  receive(msg) {
    if (msg.type === MSG.STATUS) {
      if (msg.step === "ready") {
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
      clearTimeout(this.stopping.get(msg.id));
      this.stopping.delete(msg.id);
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
  request(request, onProgress = () => {}) {
    const id = this.nextId++;
    const promise = new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress, request });
    });
    this.worker.postMessage({ type: MSG.REQUEST, id, request });
    this.heard(false);
    promise.id = id;
    return promise;
  }

  // Watchdog: while the worker is ready and has work, expect to hear from
  // it; `progress`: this message was a progress record (the silence before
  // it counts toward maxSilence).
  heard(progress) {
    const now = performance.now();
    if (progress) this.maxSilence = Math.max(this.maxSilence, now - this.lastHeard);
    this.lastHeard = now;
    clearTimeout(this.watchdog);
    if (!this.pending.size && !this.stopping.size) return;
    const busy = () => (this.pending.size || this.stopping.size) && this.ready;
    this.watchdog = setTimeout(() => {
      if (!busy()) return;
      this.onSilence(Math.round(performance.now() - this.lastHeard));
      this.watchdog = setTimeout(() => {
        if (busy()) this.crashed(`The solver stopped responding (no word for ${SILENT_MS / 1000} s).`);
      }, SILENT_MS - NOTICE_MS);
    }, NOTICE_MS);
  }

  // Stop request `id`: the page hears "cancelled" now; the worker stops
  // between slices, or is replaced if it has not within KILL_AFTER_MS.
  cancel(id) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    entry.resolve({ ok: false, error: { type: "cancelled", message: "Cancelled." } });
    this.worker.postMessage({ type: MSG.CANCEL, id });
    this.stopping.set(id, setTimeout(() => {
      if (!this.stopping.has(id)) return;
      this.restart("The solver was busy; it was restarted to stop the search.");
    }, KILL_AFTER_MS));
    this.heard(false);
  }

  failAll(error) {
    for (const [id, entry] of this.pending) {
      entry.resolve({ ok: false, error });
      this.pending.delete(id);
    }
  }

  restart(reason) {
    clearTimeout(this.watchdog);
    for (const timer of this.stopping.values()) clearTimeout(timer);
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
