"""The benchmark command runs: ``python benchmarks/run.py --quick`` (one or two
small cases per family, CPython and Pyodide, one cold page load) in a
subprocess with a time limit, and its table has the promised shape.  The
suite itself is not part of the test run; benchmarks/README.md describes it.
CPython only (it starts subprocesses); needs the built site (build.py test
builds it first)."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAMILIES = ("tiles", "blocks", "pegs")
TIME_LIMIT = 110          # s: the quick run takes well under a minute on an idle machine

pytestmark = [pytest.mark.cpython_only]


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "quick.json"
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "run.py"), "--quick", "--no-write",
         "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=TIME_LIMIT)
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
        assert row["cpython"] is not None and row["cpython"] >= 0
    assert not rec.get("pyodide_status"), rec.get("pyodide_status")
    assert any(row.get("pyodide") is not None for row in rec["rows"]), "no case ran in Pyodide"


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
