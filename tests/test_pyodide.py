"""The solver tests again, inside the pinned Pyodide under Node, on the built
wheel installed by micropip: proves the browser's Python (3.14, WebAssembly)
gives the same answers.  One test per solver test file (every tests/test_*.py
whose module is not marked browser, cpython_only or pyodide; inside, the
slow-marked tests are left out too), each in a runtime of its own
(tests/pyodide_runner.mjs): a slow or broken file fails alone, and xdist
spreads the files over its workers (tests/conftest.py)."""

import ast
import os
import re
import shutil
import subprocess

import pytest

import timing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
pytestmark = pytest.mark.pyodide
NOT_HERE = {"browser", "cpython_only", "pyodide"}    # module marks that keep a file out
MARKS = "not browser and not slow and not pyodide and not cpython_only"
# a hang limit on a quiet machine (timing.py stretches it); the longest file,
# test_pegs.py, takes about two minutes there
FILE_LIMIT = 900


def module_marks(path):
    """The names of the marks in a test module's ``pytestmark``."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "pytestmark"
                                                for t in node.targets):
            return {n.attr for n in ast.walk(node.value) if isinstance(n, ast.Attribute)}
    return set()


def solver_test_files():
    return sorted(name for name in os.listdir(TESTS)
                  if name.startswith("test_") and name.endswith(".py")
                  and not module_marks(os.path.join(TESTS, name)) & NOT_HERE)


def test_the_file_list_is_the_solver_suite():
    files = solver_test_files()
    assert {"test_tiles.py", "test_blocks.py", "test_pegs.py", "test_pyapi.py"} <= set(files)
    assert not any(f.startswith("test_page_") for f in files)
    assert "test_pyodide.py" not in files and "test_readme_commands.py" not in files


@pytest.mark.timeout(FILE_LIMIT)
@pytest.mark.parametrize("name", solver_test_files())
def test_inside_pyodide(name):
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    assert os.path.exists(os.path.join(ROOT, "_site", "build.json")), "run python build.py first"
    proc = subprocess.run(
        [node, os.path.join(TESTS, "pyodide_runner.mjs"), ROOT, f"tests/{name}", "-m", MARKS,
         "-x"],
        cwd=ROOT, capture_output=True, text=True, timeout=timing.seconds(FILE_LIMIT))
    out = proc.stdout + proc.stderr
    print(out[-6000:])
    assert proc.returncode == 0, out[-4000:]
    assert "on emscripten" in out and re.search(r"\b[1-9]\d* passed", out), out[-2000:]
