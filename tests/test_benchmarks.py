"""The benchmark command runs: ``python benchmarks/run.py --quick`` (one or two
small cases per family, CPython and Pyodide, one cold page load) in a
subprocess with a time limit, and its table has the promised shape; every
row the family modules return has exactly the fields of the row schema in
benchmarks/common.py.  The suite itself is not part of the test run;
benchmarks/README.md describes it.  CPython only (it starts subprocesses);
needs the built site (build.py test builds it first)."""

import importlib.util
import json
import os
import subprocess
import sys

import pytest

import timing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location(
    "benchmarks_common", os.path.join(ROOT, "benchmarks", "common.py"))
common = importlib.util.module_from_spec(_spec)     # the row schema, without touching sys.path
_spec.loader.exec_module(common)

FAMILIES = ("tiles", "blocks", "pegs")
# s, on a quiet machine (timing.py stretches it, and hands the same factor to
# the run's own limits): the quick run takes about a minute there
TIME_LIMIT = 600

pytestmark = [pytest.mark.cpython_only, pytest.mark.timeout(TIME_LIMIT + 60)]


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "quick.json"
    scale = timing.scale()
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "run.py"), "--quick", "--no-write",
         "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=TIME_LIMIT * scale,
        env=dict(os.environ, PUZZLELAB_TIME_SCALE=str(scale)))
    assert proc.returncode == 0, proc.stderr[-3000:]
    with open(out) as f:
        return proc.stdout, json.load(f)


def test_quick_prints_one_table_with_the_promised_columns(quick):
    stdout, _ = quick
    header = next(line for line in stdout.splitlines() if line.startswith("| family | task"))
    for column in ("answer", "known", "check", "states", "CPython s", "Pyodide s",
                   "Pyodide/CPython"):
        assert f" {column} " in header, column
    assert "## Targets" in stdout and "| result |" in stdout
    assert "## Page and download" in stdout


@pytest.mark.parametrize("family", FAMILIES)
def test_quick_runs_each_family_in_cpython_and_pyodide(quick, family):
    _, data = quick
    rec = next(r for r in data["families"] if r["family"] == family)
    assert rec["status"] == "ok", rec["status"]
    assert 1 <= len(rec["rows"]) <= 4, "quick runs one or two small cases per family"
    for row in rec["rows"]:
        assert row["ok"] is True, f"{row['task']}: answer {row['answer']} vs known {row['known']}"
        assert row["cpu_seconds"] is not None and row["cpu_seconds"] >= 0
    assert not rec.get("pyodide_status"), rec.get("pyodide_status")
    assert rec["pyodide_rows"], "no case ran in Pyodide"
    tasks = {row["task"] for row in rec["rows"]}
    for row in rec["pyodide_rows"]:
        assert row["task"] in tasks and row["ok"] is True, row["task"]


@pytest.mark.parametrize("family", FAMILIES)
def test_every_row_has_exactly_the_schema(quick, family):
    _, data = quick
    rec = next(r for r in data["families"] if r["family"] == family)
    for runtime, key in (("cpython", "rows"), ("pyodide", "pyodide_rows")):
        for row in rec[key]:
            common.check_row(row)
            assert set(row) == set(common.ROW_FIELDS), sorted(set(row) ^ set(common.ROW_FIELDS))
            assert row["family"] == family and row["runtime"] == runtime
            assert isinstance(row["cpu_seconds"], float) and isinstance(row["wall_seconds"], float)
            assert row["cpu_seconds"] == common.median(row["cpu_times"])
            assert all(set(peer) == set(common.PEER_FIELDS) for peer in row["peers"].values())
    if family in ("blocks", "pegs"):       # their quick cases all have a BFS baseline
        assert all("BFS baseline" in row["peers"] for row in rec["rows"])


def test_check_row_rejects_rows_off_the_schema():
    row = common.make_row("pegs", "a case", answer=7, known=7, ok=True, states=42,
                          cpu_times=[0.25], wall_times=[0.5])
    assert row["cpu_seconds"] == 0.25 and row["runtime"] == "cpython"
    for bad in ({**row, "optimal": 7}, {k: v for k, v in row.items() if k != "known"},
                {**row, "ok": 1}, {**row, "answer": True}, {**row, "family": "cubes"},
                {**row, "peers": {"BFS baseline": {"seconds": 1.0}}}):
        with pytest.raises(ValueError):
            common.check_row(bad)


def test_quick_reports_the_site_sizes_and_a_cold_load(quick):
    _, data = quick
    sizes = data["sizes"]
    assert sizes["total"] > sizes["pyodide"] > 0 and sizes["wheel"] > 0
    page = data["page"]
    assert not page.get("skipped"), page.get("skipped")
    assert not page.get("failed"), page.get("failed")
    cold = page["cold"][0]
    assert cold["state"] == "ready"
    assert 0 < cold["first_board_ms"] and 0 < cold["ready_ms"]
