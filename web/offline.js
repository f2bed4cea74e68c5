// Offline support: registers the service worker (sw.js, which build.py puts
// at the site root) that precaches the build, asks it for the files kept
// for later (the solver's memory snapshot) once the solver is ready, and,
// when a newer build has installed, offers to switch to it (the #update
// bar).  Called once by page.js.
//
// Registration waits for the solver: on a first visit the precache (the
// whole build) would compete with the solver's start for the network and
// the processor.  A first visit is not cross-origin isolated (the service
// worker's headers arrive with the next load); it is not reloaded to become
// so: Cancel works without isolation too (solver.js), and a reload would
// throw away the solver that just started.

import { $ } from "./dom.js";

/** @param {Promise<void>} solverReady  resolves once the solver answers (rejects if it failed to start) */
export async function registerServiceWorker(solverReady) {
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
      $("update-reload").onclick = () => worker.postMessage("skip-waiting");
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
      location.reload();
    });
    if (ready) (await navigator.serviceWorker.ready).active?.postMessage("cache-later");
  } catch (err) {
    console.warn("Offline support is unavailable:", err.message);
  }
}
