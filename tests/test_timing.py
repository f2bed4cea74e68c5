"""The suite's own rule, that it does not time the machine (STYLE.md section
13, tests/timing.py): deadlines are stretched by the load and by
PUZZLELAB_TIME_SCALE, never shrunk; and no test hands a bare number of
seconds to a wait (``timeout=60``, ``set_default_timeout(30_000)``): each
goes through timing.seconds, timing.ms or the page helpers' scaled() (or
wait_state, which scales its own), so a new test keeps the rule too.
CPython only (it reads the test sources; nothing here differs in Pyodide)."""

import ast
import os

import pytest

import timing

TESTS = os.path.dirname(os.path.abspath(__file__))
pytestmark = [pytest.mark.cpython_only]
SCALING = {"wait_state"}          # helpers that scale the timeout they are given


def test_scale_follows_the_load_and_the_knob(monkeypatch):
    monkeypatch.setattr(os, "getloadavg", lambda: (1.0, 1.0, 1.0))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.delenv("PUZZLELAB_TIME_SCALE", raising=False)
    assert timing.scale() == 1 and timing.seconds(60) == 60 and timing.ms(2) == 2000
    monkeypatch.setattr(os, "getloadavg", lambda: (6.0, 1.0, 1.0))    # 3 per core
    assert timing.scale() == 3 and timing.seconds(10) == 30
    monkeypatch.setenv("PUZZLELAB_TIME_SCALE", "2")
    assert timing.scale() == 6
    monkeypatch.setenv("PUZZLELAB_TIME_SCALE", "0.1")     # never shorter than a quiet machine's
    monkeypatch.setattr(os, "getloadavg", lambda: (0.1, 1.0, 1.0))
    assert timing.scale() == 1
    monkeypatch.setattr(os, "getloadavg", lambda: (1000.0, 1.0, 1.0))
    assert timing.scale() == timing.MAX_LOAD_FACTOR


def _callee(node):
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _bare_numbers(path):
    """(line, call) of each call in a test file that passes a number as a
    timeout."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _callee(node) in SCALING:
            continue
        values = [k.value for k in node.keywords if k.arg == "timeout"]
        if _callee(node) == "set_default_timeout":
            values += node.args[:1]
        for value in values:
            if isinstance(value, ast.Constant) and isinstance(value.value, (int, float)):
                found.append((node.lineno, _callee(node)))
    return found


def test_no_test_waits_a_bare_number_of_seconds():
    bad = {}
    for name in sorted(os.listdir(TESTS)):
        if name.endswith(".py") and name != "timing.py":
            found = _bare_numbers(os.path.join(TESTS, name))
            if found:
                bad[name] = found
    assert not bad, ("timeouts that do not stretch with the machine's load (use "
                     f"timing.seconds/timing.ms, or scaled() in page tests): {bad}")
