// Offline support: registers the service worker (sw.js, which build.py puts
// at the site root) that precaches the build, and when a newer build has
// installed, offers to switch to it (the #update bar).  Called once by page.js.

import { $ } from "./dom.js";

export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
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
  } catch (err) {
    console.warn("Offline support is unavailable:", err.message);
  }
}
