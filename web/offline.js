// Offline support: registers the service worker (sw.js, which build.py puts
// at the site root) that precaches the build, asks it for the files kept
// for later (the solver's memory snapshot) once the solver is ready, asks it
// to look for a newer build whenever the tab comes back into view or gets
// the focus (at most every CHECK_MIN_MS) and every CHECK_EVERY_MS while it
// stays open, and, when a newer build has installed, offers to switch to it
// (the #update bar).  Before the reload into the new build the page puts
// what is on screen in the address (`keep`: the solution and its step ride
// in the link, share.js), so the new build opens the same.  Called once by
// page.js.
//
// Registration waits for the solver: on a first visit the precache (the
// whole build) would compete with the solver's start for the network and
// the processor.  A first visit is not cross-origin isolated (the service
// worker's headers arrive with the next load); it is not reloaded to become
// so: Cancel works without isolation too (solver.js), and a reload would
// throw away the solver that just started.

import { $ } from "./dom.js";

const CHECK_MIN_MS = 60 * 1000;              // a look for a new build, at most this often
const CHECK_EVERY_MS = 3 * 60 * 60 * 1000;   // ... and this often while the tab stays open

/**
 * @param {Promise<void>} solverReady  resolves once the solver answers (rejects if it failed to start)
 * @param {() => void} keep  puts what is on screen in the address, before a reload
 */
export async function registerServiceWorker(solverReady, keep = () => {}) {
  if (!("serviceWorker" in navigator)) return;
  let ready = false;
  try {
    await solverReady;
    ready = true;
  } catch (_) {
    // the page still works offline without its solver's start-up
  }
  try {
    const reg = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
    const offer = (worker) => {
      if (!worker || !navigator.serviceWorker.controller) return;
      $("update").hidden = false;
      $("update-reload").onclick = () => {
        keep();
        worker.postMessage("skip-waiting");
      };
    };
    offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker?.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
    });
    let reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading || $("update").hidden) return;
      reloading = true;
      keep();
      location.reload();
    });
    // a tab left open for days still hears of a new build
    let checked = -Infinity;
    const check = (force = false) => {
      if (!force && performance.now() - checked < CHECK_MIN_MS) return;
      checked = performance.now();
      document.body.dataset.updateChecks = String(Number(document.body.dataset.updateChecks || 0) + 1);
      reg.update().catch(() => { /* offline: the next look will do */ });
    };
    document.addEventListener("visibilitychange", () => { if (!document.hidden) check(); });
    window.addEventListener("focus", () => check());
    setInterval(() => check(true), CHECK_EVERY_MS);
    if (ready) (await navigator.serviceWorker.ready).active?.postMessage("cache-later");
  } catch (err) {
    console.warn("Offline support is unavailable:", err.message);
  }
}
