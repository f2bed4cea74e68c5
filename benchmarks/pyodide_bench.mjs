// Runs benchmark cores inside the pinned Pyodide under Node, on the puzzlelab
// wheel that build.py built (as tests/pyodide_runner.mjs does for the tests).
// Called by benchmarks/run.py:
//   node benchmarks/pyodide_bench.mjs ROOT REQUEST_JSON
// REQUEST_JSON = {"jobs": [{"module": "bench_pegs", "function": "run_cases",
//                           "kwargs": {...}}, ...]}
// (the jobs of benchmarks/common.py; the modules read CPU time through
// common.cpu_clock, which inside Pyodide under Node is process.cpuUsage()).
// Each job imports benchmarks/<module>.py and calls the function; the answer
// is one line "@@PYODIDE_BENCH {json}" on stdout with, per job, its rows (or
// the error) and the WebAssembly heap size before and after (the heap only
// grows, so "after" is the high-water mark so far).  Python's own output goes
// to stderr.  Siblings: run.py, page_bench.py.

import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [root, requestText] = process.argv.slice(2);
const request = JSON.parse(requestText || "{}");
const site = path.join(root, "_site");
const info = JSON.parse(readFileSync(path.join(site, "build.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules/pyodide/pyodide.mjs")).href);

const heap = (py) => py._module.HEAPU8.buffer.byteLength;
const t0 = performance.now();
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
const write = (buf) => { process.stderr.write(buf); return buf.length; };
py.setStdout({ write });
py.setStderr({ write });
await py.loadPackage(path.join(site, info.micropip), { messageCallback: () => {} });
py.FS.mkdirTree("/wheels");
const wheel = `/wheels/${path.basename(info.wheel)}`;
py.FS.writeFile(wheel, readFileSync(path.join(site, info.wheel)));
py.globals.set("WHEEL", `emfs:${wheel}`);
await py.runPythonAsync("import micropip\nawait micropip.install(WHEEL, deps=False)");
// The solver's tables, as the worker gets them (all of them, up front, so
// that no job's time includes a table load).
py.FS.mkdirTree("/tables");
const tableDir = path.join(site, "tables");
if (existsSync(tableDir)) {
  for (const name of readdirSync(tableDir)) py.FS.writeFile(`/tables/${name}`, readFileSync(path.join(tableDir, name)));
}
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");
const runJob = py.runPython(`
import importlib, json, os, sys, time, traceback
os.environ["PUZZLELAB_INSTALLED"] = "1"
os.environ["PUZZLELAB_BENCH_PYODIDE"] = "1"
os.chdir("/repo")
import puzzlelab, puzzlelab.api          # the wheel, before any bench module can touch sys.path
try:
    import puzzlelab.tables as _tables
    _tables.register_dir("/tables")
except ImportError:
    pass
sys.path.insert(0, "/repo/benchmarks")
sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))

def run_job(text):
    job = json.loads(text)
    t = time.perf_counter()
    out = {}
    try:
        module = importlib.import_module(job["module"])
        fn = getattr(module, job.get("function") or "run_cases")
        out["rows"] = fn(**(job.get("kwargs") or {}))
    except BaseException:
        out["error"] = traceback.format_exc(limit=6)
    out["seconds"] = time.perf_counter() - t
    return json.dumps(out, default=str)

print("pyodide bench: puzzlelab from", puzzlelab.__file__, sys.version.split()[0], file=sys.stderr)
run_job
`);
const result = {
  pyodide: py.version,
  python: py.runPython("import sys; sys.version.split()[0]"),
  load_seconds: (performance.now() - t0) / 1000,
  heap_after_load: heap(py),
  jobs: [],
};
for (const job of request.jobs || []) {
  const before = heap(py);
  let out;
  try {
    out = JSON.parse(runJob(JSON.stringify(job)));
  } catch (err) {
    // a WebAssembly-level failure (out of memory, fatal error): Python is dead
    out = { error: `Pyodide crashed: ${String(err.message || err).split("\n")[0].slice(0, 300)}`, fatal: true };
  }
  out.heap_before = before;
  out.heap_after = heap(py);
  result.jobs.push(out);
  if (out.fatal) break;
}
// exit only once the line is out: process.exit() with a pipe on stdout
// drops what is still buffered (results over 64 KB came cut short)
process.stdout.write(`@@PYODIDE_BENCH ${JSON.stringify(result)}\n`, () => process.exit(0));
