// Runs pytest *inside* the pinned Pyodide under Node, on the puzzlelab wheel
// that build.py built (not the source tree), so the solver tests prove the
// same code works in the browser's Python.
//
//   node tests/pyodide_runner.mjs ROOT [pytest args...]   one run, its exit code
//   node tests/pyodide_runner.mjs ROOT --serve            runs on request
//
// With --serve (tests/test_pyodide.py: one runtime per test process, a run
// per solver test file) each line on stdin is a JSON list of pytest
// arguments; after each run a line `@@PYODIDE_RUN_DONE <exit code>` goes to
// stdout; end of input ends it.  Starting the runtime (Pyodide, micropip,
// the wheels, pytest's first import) costs about 8 s of CPU, paid once.
//
// Loads micropip from its wheel, installs puzzlelab from _site/ and pytest
// (with hypothesis) from the wheels build.py downloaded; no network.  The
// repository is mounted at /repo; the tests read their data from
// /repo/tests/data (nothing outside the repository is mounted).

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const DONE = "@@PYODIDE_RUN_DONE";
const [root, ...rest] = process.argv.slice(2);
const serve = rest[0] === "--serve";
const site = path.join(root, "_site");
const info = JSON.parse(readFileSync(path.join(site, "build.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules/pyodide/pyodide.mjs")).href);

const t0 = Date.now();
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
py.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
py.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
await py.loadPackage(path.join(site, info.micropip), { messageCallback: () => {} });
const wheelDir = path.join(root, "_build/pyodide-test-wheels");
py.FS.mkdirTree("/wheels");
const urls = [];
for (const name of [...readdirSync(wheelDir).filter((n) => n.endsWith(".whl")).map((n) => path.join(wheelDir, n)), path.join(site, info.wheel)]) {
  const target = `/wheels/${path.basename(name)}`;
  py.FS.writeFile(target, readFileSync(name));
  urls.push(`emfs:${target}`);
}
py.globals.set("WHEELS", py.toPy(urls));
await py.runPythonAsync("import micropip\nawait micropip.install(list(WHEELS), deps=False)");
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");
await py.runPythonAsync(`
import gc, os, sys
os.environ["PUZZLELAB_INSTALLED"] = "1"      # tests/conftest.py: use the wheel
os.chdir("/repo")
sys.path.insert(0, "/repo/tests")
import puzzlelab, pytest

def run_tests(args):
    print("puzzlelab from", puzzlelab.__file__, "on", sys.platform, sys.version.split()[0],
          flush=True)
    # (pytest-timeout is not installed here: its option in pyproject.toml is not news)
    code = int(pytest.main(["-p", "no:cacheprovider", "-q",
                            "-W", "ignore:Unknown config option:pytest.PytestConfigWarning",
                            *args]))
    gc.collect()
    return code
`);
console.log(`[pyodide ${py.version}] ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

async function run(args) {
  py.globals.set("ARGS", py.toPy(args));
  return Number(await py.runPythonAsync("run_tests(list(ARGS))"));
}

if (!serve) {
  process.exit(await run(rest));
}
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const code = await run(JSON.parse(line));
  process.stdout.write(`\n${DONE} ${code}\n`);     // pipes are written at once on Linux
}
