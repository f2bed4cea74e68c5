// Makes the memory snapshot of a ready solver: the pinned Pyodide under Node,
// the puzzlelab wheel's files written into its file system, every puzzlelab
// module imported, the default position solved once (its small tables
// built) and api.WARM_UP's requests run, then Pyodide's private
// makeMemorySnapshot().  Run by build.py (which keeps its non-zero pages
// behind a header, gzipped: see SNAPSHOT_MAGIC there); read back by
// web/worker.mjs.  Build-time only: not in the site.
//
//   node tools/make_snapshot.mjs PYODIDE_DIR PUZZLELAB_WHEEL OUT
//
// The same inputs give the same bytes, in any folder, on any day, in any time
// zone: nothing of this machine reaches the runtime's memory.
// - Clocks and the random source are replaced by counters (Python's hash seed
//   is 0), so timestamps and seeds frozen into the heap do not vary; the
//   worker reseeds Python's `random` after restoring.  TZ is UTC (Emscripten
//   reads the zone's offsets into C's timezone and tzname).
// - No path of the checkout: the runtime's program name (by default this
//   script's path: sys.executable, os.environ["_"]) is the browser's
//   "./this.program"; the package base (by default the Pyodide folder, which
//   Python reads as the lock file's base) is a fixed "/pyodide/"; the wheel
//   is read here and written into the file system, so its path is never
//   handed to the runtime; LANG is fixed (Emscripten would take it from
//   navigator.language, which newer Node versions have).
// tests/test_reproducible.py builds two clones in different folders and
// compares their sites byte for byte.

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import nodeCrypto from "node:crypto";
import { inflateRawSync } from "node:zlib";

const [pyodideDir, wheel, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/make_snapshot.mjs PYODIDE_DIR PUZZLELAB_WHEEL OUT");
  process.exit(2);
}

// Deterministic clocks, time zone and randomness (see above).
process.env.TZ = "UTC";
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

// The entries of a zip file (a wheel): [name, bytes] for each file, read
// from its central directory; stored or deflated entries only.
function unzip(zip) {
  const u16 = (at) => zip.readUInt16LE(at);
  const u32 = (at) => zip.readUInt32LE(at);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("the wheel is not a zip file");
  const out = [];
  for (let at = u32(end + 16), n = u16(end + 10); n > 0; n--) {
    if (u32(at) !== 0x02014b50) throw new Error("the wheel's central directory is damaged");
    const [method, packed, size] = [u16(at + 10), u32(at + 20), u32(at + 24)];
    const name = zip.toString("utf8", at + 46, at + 46 + u16(at + 28));
    const local = u32(at + 42);
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    const raw = zip.subarray(start, start + packed);
    const data = method === 0 ? raw : method === 8 ? inflateRawSync(raw) : null;
    if (data === null || data.length !== size) throw new Error(`cannot unpack ${name} from the wheel`);
    if (!name.endsWith("/")) out.push([name, new Uint8Array(data)]);
    at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32);
  }
  return out;
}

// The warm-up: what the page asks first, so those paths and tables are ready.
const WARM_UP = `
import gc, importlib, pkgutil, unicodedata
import puzzlelab
for info in pkgutil.walk_packages(puzzlelab.__path__, "puzzlelab."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
from puzzlelab import api, tables
tables.register_dir("/tables")
for request in ('{"op": "presets"}', '{"op": "describe", "code": "tiles:3x3:867254301"}'):
    assert '"ok": true' in api.call(request), request
assert api.run({"op": "solve", "code": "tiles:3x3:867254301"})["length"] == 31
for request in api.WARM_UP:
    assert api.run(request)["ok"], request
gc.collect()
`;

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`, _makeSnapshot: true, env: { PYTHONHASHSEED: "0", LANG: "C.UTF-8" },
  _sysExecutable: "./this.program", packageBaseUrl: "/pyodide/",
  stdout: () => {}, stderr: (line) => console.error(line),
});
// The wheel's files are written into the runtime's file system from here,
// not unpacked by Python (micropip, as the page's ordinary start does):
// Python's heap keeps the bytes it frees, and the snapshot would carry every
// byte of the wheel (its 2.7 MB of peg tables) as garbage.  A worker started
// from the snapshot never installs anything, so micropip has no part in it.
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const [name, data] of unzip(readFileSync(wheel))) {
  const target = `${sitePackages}/${name}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, data);
}
pyodide.runPython("import importlib; importlib.invalidate_caches()");
pyodide.runPython(WARM_UP);
writeFileSync(out, pyodide.makeMemorySnapshot());
