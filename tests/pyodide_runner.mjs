// Runs pytest *inside* the pinned Pyodide under Node, on the puzzlelab wheel
// that build.py built (not the source tree), so the solver tests prove the
// same code works in the browser's Python.  Called by tests/test_pyodide.py:
//   node tests/pyodide_runner.mjs ROOT [pytest args...]
// Loads micropip from its wheel, installs puzzlelab from _site/ and pytest
// (with hypothesis) from the wheels build.py downloaded; no network.  The
// repository is mounted at /repo; the tests read their data from
// /repo/tests/data (nothing outside the repository is mounted).

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [root, ...pytestArgs] = process.argv.slice(2);
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
console.log(`[pyodide ${py.version}] ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
py.globals.set("ARGS", py.toPy(pytestArgs));
const code = await py.runPythonAsync(`
import os, sys
os.environ["PUZZLELAB_INSTALLED"] = "1"      # tests/conftest.py: use the wheel
os.chdir("/repo")
sys.path.insert(0, "/repo/tests")
import puzzlelab, pytest
print("puzzlelab from", puzzlelab.__file__, "on", sys.platform, sys.version.split()[0])
pytest.main(["-p", "no:cacheprovider", "-q", *ARGS])
`);
process.exit(Number(code));
