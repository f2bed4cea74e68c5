// Puzzle Lab's service worker: precaches every file of the build listed in
// files.json (Pyodide runtime, wheels, tables included) and serves the site
// cache-first, so that after one visit it loads and solves offline.
// build.py copies this file to the site root (a worker's scope is its own
// folder) and writes the build id below, so every new build is a new worker:
// it installs beside the old one, and the page offers to switch (main.js).

const BUILD = "__BUILD__";
const CACHE = `puzzlelab-${BUILD}`;
const SCOPE = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch(new URL("files.json", SCOPE), { cache: "no-cache" });
    const manifest = await response.json();
    const cache = await caches.open(CACHE);
    const paths = ["./", ...Object.keys(manifest.files)];
    await cache.addAll(paths.map((p) => new Request(new URL(p, SCOPE), { cache: "no-cache" })));
    await cache.put(new URL("files.json", SCOPE), new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/json" } }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("puzzlelab-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    url.hash = "";
    url.search = "";
    const key = request.mode === "navigate" ? new URL("./", SCOPE).href : url.href;
    const hit = await cache.match(key === SCOPE + "index.html" ? SCOPE : key);
    if (hit) return hit;
    return fetch(request);
  })());
});
