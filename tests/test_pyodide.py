"""The solver tests again, inside the pinned Pyodide under Node, on the built
wheel: proves the browser's Python (3.14, WebAssembly) gives the same answers.
Runs every solver test file (not the page tests, not the slow-marked ones)."""

import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.pyodide


# the whole solver suite in one test: it grows with the suite, so it gets its
# own limit instead of the per-test 300 s (about 4 minutes on 2 busy cores)
@pytest.mark.timeout(900)
def test_solver_suite_inside_pyodide():
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    assert os.path.exists(os.path.join(ROOT, "_site", "build.json")), "run python build.py first"
    proc = subprocess.run(
        [node, os.path.join(ROOT, "tests", "pyodide_runner.mjs"), ROOT, "tests",
         "-m", "not browser and not slow and not pyodide and not cpython_only",
         "--ignore-glob=tests/test_page_*.py", "--ignore=tests/test_pyodide.py",
         "-x"],
        cwd=ROOT, capture_output=True, text=True, timeout=1500)
    out = proc.stdout + proc.stderr
    print(out[-6000:])
    assert proc.returncode == 0, out[-4000:]
    assert "emscripten" in out and re.search(r"\d+ passed", out), out[-2000:]
