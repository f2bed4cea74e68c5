// The page's handle on the solver worker (worker.mjs): sends api.py requests,
// streams progress, and cancels.  Cancel first asks the worker to stop
// between slices; if it has not answered within CANCEL_GRACE_MS the worker is
// terminated and a fresh one is started (the fallback the docs ask for, since
// GitHub Pages gives us no SharedArrayBuffer).  A worker that dies is replaced
// the same way.  Used by main.js.

import { MSG } from "./protocol.js";

const CANCEL_GRACE_MS = 300;
// A running request posts progress every ~50 ms; this much silence means the
// worker died without an error event (e.g. killed for memory).
const SILENCE_MS = 8000;

export class Solver {
  constructor({ onStatus = () => {}, onRestart = () => {} } = {}) {
    this.onStatus = onStatus;
    this.onRestart = onRestart;
    this.nextId = 1;
    this.pending = new Map();   // id -> {resolve, onProgress, request}
    this.ready = false;
    this.readyWaiters = [];
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
    const entry = this.pending.get(msg.id);
    if (!entry) return;
    this.heard();
    if (msg.type === MSG.PROGRESS) {
      entry.onProgress(msg.data);
    } else if (msg.type === MSG.RESULT) {
      this.pending.delete(msg.id);
      clearTimeout(entry.killTimer);
      entry.resolve(msg.data);
    } else if (msg.type === MSG.CANCELLED) {
      this.pending.delete(msg.id);
      clearTimeout(entry.killTimer);
      entry.resolve({ ok: false, error: { type: "cancelled", message: "Cancelled." }, last: msg.data });
    }
  }

  whenReady() {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  // Send an api.py request; resolves with its reply (never rejects for puzzle errors).
  request(request, onProgress = () => {}) {
    const id = this.nextId++;
    const promise = new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress, request });
    });
    this.worker.postMessage({ type: MSG.REQUEST, id, request });
    this.heard();
    promise.id = id;
    return promise;
  }

  // Watchdog: while requests are pending and the worker is ready, expect to
  // hear from it; silence for SILENCE_MS means it is gone.
  heard() {
    clearTimeout(this.watchdog);
    if (!this.pending.size) return;
    this.watchdog = setTimeout(() => {
      if (this.pending.size && this.ready) this.crashed("The solver stopped responding.");
      else this.heard();
    }, SILENCE_MS);
  }

  cancel(id) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.worker.postMessage({ type: MSG.CANCEL, id });
    entry.killTimer = setTimeout(() => {
      if (!this.pending.has(id)) return;
      this.restart("The solver was busy; it was restarted to stop the search.");
    }, CANCEL_GRACE_MS);
  }

  failAll(error) {
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.killTimer);
      const cancelled = entry.killTimer !== undefined;
      entry.resolve({ ok: false, error: cancelled ? { type: "cancelled", message: "Cancelled." } : error });
      this.pending.delete(id);
    }
  }

  restart(reason) {
    clearTimeout(this.watchdog);
    this.worker.terminate();
    this.failAll({ type: "crashed", message: reason });
    this.onRestart(reason);
    this.start();
  }

  crashed(reason) {
    this.restart(`${reason} A fresh solver is starting; your position is kept.`);
  }
}
