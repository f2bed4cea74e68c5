// Puzzle Lab's service worker: precaches every file of the build listed in
// files.json (Pyodide runtime, wheels, tables included) and serves the site
// cache-first, so that after one visit it loads and solves offline.
// build.py copies this file to the site root (a worker's scope is its own
// folder) and writes the build id below, so every new build is a new worker:
// it installs beside the old one, and the page offers to switch (offline.js).
//
// files.json's "later" files (the solver's memory snapshot, which
// worker.mjs starts from) are not fetched while a first visit starts: the
// page asks for them ("cache-later") once its solver is ready.  An update
// fetches them with the rest.  They are gzip files, kept unpacked: the
// snapshot is read at every start, and unpacking it costs more than reading.
//
// Every response served here carries the cross-origin isolation headers
// (COOP + COEP) that GitHub Pages cannot send: a page loaded through this
// worker may share memory with its solver, which lets Cancel interrupt
// Python (solver.js).  The site loads nothing from other origins, so
// require-corp blocks nothing.  Cached responses are stored with the headers
// and served as they are (the browser keeps its compiled code for them).

const BUILD = "__BUILD__";
const CACHE = `puzzlelab-${BUILD}`;
const SCOPE = new URL("./", self.location).href;
const MANIFEST = new URL("files.json", SCOPE).href;
const ISOLATION = { "Cross-Origin-Opener-Policy": "same-origin",
                    "Cross-Origin-Embedder-Policy": "require-corp" };

function isolated(response, body = response.body) {
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.status === 0) {
    return response;
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  if (body !== response.body) headers.delete("Content-Length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

// Fetch `path` past the HTTP cache and store it (unpacked when `gzipped`).
async function store(cache, path, gzipped = false) {
  const response = await fetch(new Request(new URL(path, SCOPE), { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = gzipped ? response.body.pipeThrough(new DecompressionStream("gzip")) : response.body;
  await cache.put(new URL(path, SCOPE).href, isolated(response, body));
}

// The "later" files this build's cache lacks.
async function cacheLater(cache, manifest) {
  for (const path of manifest.later || []) {
    if (!await cache.match(new URL(path, SCOPE).href)) await store(cache, path, true);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch(new URL("files.json", SCOPE), { cache: "no-cache" })).json();
    const cache = await caches.open(CACHE);
    const later = new Set(manifest.later || []);
    const paths = ["./", ...Object.keys(manifest.files).filter((p) => !later.has(p))];
    await Promise.all(paths.map((p) => store(cache, p)));
    await cache.put(MANIFEST, new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/json" } }));
    // an active worker means an update (a visitor with a working page): take everything now
    if (self.registration.active) await cacheLater(cache, manifest);
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
  if (event.data === "cache-later") {
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      const manifest = await (await cache.match(MANIFEST))?.json();
      if (manifest) await cacheLater(cache, manifest);
    })().catch(() => { /* asked again at the next start */ }));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    url.hash = "";
    url.search = "";
    // the app is cached under its folder's address; every other address,
    // a navigation to build.json included, is the file it names
    const hit = await cache.match(url.href === SCOPE + "index.html" ? SCOPE : url.href);
    return hit || isolated(await fetch(request));
  })());
});
