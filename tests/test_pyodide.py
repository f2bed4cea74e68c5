"""The solver tests again, inside the pinned Pyodide under Node, on the built
wheel installed by micropip: proves the browser's Python (3.14, WebAssembly)
gives the same answers.  One test per solver test file (every tests/test_*.py
whose module is not marked browser, cpython_only or pyodide; inside, the
slow-marked tests are left out too): a slow or broken file fails alone, and
xdist spreads the files over its workers (tests/conftest.py).  Each test
process keeps one runtime (tests/pyodide_runner.mjs --serve) for the files
it runs, so the runtime's start (about 8 s of CPU) is paid once; a runtime
that dies or hangs is replaced for the next file."""

import ast
import json
import os
import queue
import re
import shutil
import subprocess
import threading
import time

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


DONE = "@@PYODIDE_RUN_DONE"


class Runtime:
    """A Pyodide runtime under Node that runs pytest on request
    (pyodide_runner.mjs --serve); started at its first run, and again
    after one that died or was stopped."""

    def __init__(self):
        self.proc = None
        self.lines = None

    def _start(self):
        node = shutil.which("node")
        assert node, "Node.js is needed to run Pyodide"
        assert os.path.exists(os.path.join(ROOT, "_site", "build.json")), "run python build.py first"
        self.proc = subprocess.Popen([node, os.path.join(TESTS, "pyodide_runner.mjs"), ROOT,
                                      "--serve"], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, args=(self.proc, self.lines), daemon=True).start()

    @staticmethod
    def _pump(proc, lines):       # readline blocks: read in a thread, wait on the queue
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    def run(self, args, limit):
        """(exit code, output) of one pytest run; None as the code when the
        runtime died or the run passed ``limit`` seconds (it is stopped)."""
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        out = []
        try:
            self.proc.stdin.write(json.dumps(args) + "\n")
            self.proc.stdin.flush()
            deadline = time.monotonic() + limit
            while True:
                left = deadline - time.monotonic()
                line = self.lines.get(timeout=left) if left > 0 else None
                if line is None:
                    out.append("[the runtime ended or ran out of time]\n")
                    self.stop()
                    return None, "".join(out)
                if line.startswith(DONE):
                    return int(line.split()[1]), "".join(out)
                out.append(line)
        except BaseException:       # the hang limit, or anything else: a clean start next time
            self.stop()
            raise

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc.stdout.close()
            self.proc.stdin.close()
        self.proc = None

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=timing.seconds(30))
            except subprocess.TimeoutExpired:
                pass
            self.stop()


@pytest.fixture(scope="session")
def runtime():
    rt = Runtime()
    yield rt
    rt.close()


@pytest.mark.timeout(FILE_LIMIT)
@pytest.mark.parametrize("name", solver_test_files())
def test_inside_pyodide(runtime, name):
    code, out = runtime.run([f"tests/{name}", "-m", MARKS, "-x"], timing.seconds(FILE_LIMIT))
    print(out[-6000:])
    assert code == 0, out[-4000:]
    assert "on emscripten" in out and re.search(r"\b[1-9]\d* passed", out), out[-2000:]
