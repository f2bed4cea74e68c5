// Makes the memory snapshot of a ready solver: the pinned Pyodide under Node,
// micropip loaded, the puzzlelab wheel installed by micropip, every puzzlelab
// module imported and the default position solved once (its small tables
// built), then Pyodide's private makeMemorySnapshot().  Run by build.py (which
// keeps its non-zero pages behind a header, gzipped: see SNAPSHOT_MAGIC
// there); read back by web/worker.mjs.  Build-time only: not in the site.
//
//   node tools/make_snapshot.mjs PYODIDE_DIR MICROPIP_WHEEL PUZZLELAB_WHEEL OUT
//
// The same inputs give the same bytes: the clocks and the random source the
// runtime sees here are replaced by counters (Python's hash seed is 0), so
// timestamps and seeds frozen into the heap do not vary from build to build.
// The worker reseeds Python's `random` after restoring.

import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import nodeCrypto from "node:crypto";

const [pyodideDir, micropipWheel, wheel, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/make_snapshot.mjs PYODIDE_DIR MICROPIP_WHEEL PUZZLELAB_WHEEL OUT");
  process.exit(2);
}

// Deterministic clocks and randomness (see above).
let wallMs = Date.UTC(2024, 0, 1);
Date.now = () => (wallMs += 1);
let monoMs = 0;
performance.now = () => (monoMs += 1);
let seed = 0x2545f491;
function fill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;   // xorshift32
    bytes[i] = seed & 0xff;
  }
  return view;
}
globalThis.crypto.getRandomValues = fill;
nodeCrypto.randomFillSync = fill;   // what Emscripten's getrandom uses under Node

// The warm-up: what the page asks first, so those paths and tables are ready.
const WARM_UP = `
import gc, importlib, pkgutil, sys, unicodedata
import puzzlelab
for info in pkgutil.walk_packages(puzzlelab.__path__, "puzzlelab."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
from puzzlelab import api, tables
tables.register_dir("/tables")
for request in ('{"op": "presets"}', '{"op": "describe", "code": "tiles:3x3:867254301"}'):
    assert '"ok": true' in api.call(request), request
assert api.run({"op": "solve", "code": "tiles:3x3:867254301"})["length"] == 31
# micropip holds JavaScript objects a snapshot cannot carry: drop it (the
# snapshot's visitor never installs anything)
for name in [n for n in sys.modules if n == "micropip" or n.startswith("micropip.")]:
    del sys.modules[name]
gc.collect()
`;

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" },
  stdout: () => {}, stderr: (line) => console.error(line),
});
await pyodide.loadPackage(micropipWheel, { messageCallback: () => {} });
const micropip = pyodide.pyimport("micropip");
const staged = `/tmp/${basename(wheel)}`;
pyodide.FS.writeFile(staged, readFileSync(wheel));
await micropip.install(`emfs:${staged}`);
micropip.destroy();
pyodide.FS.unlink(staged);
pyodide.runPython(WARM_UP);
// The snapshot must start with no packages recorded as loaded by loadPackage.
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
writeFileSync(out, pyodide.makeMemorySnapshot());
