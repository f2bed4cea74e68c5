"""The API fuzz (benchmarks/fuzz_api.py) in the suite, at a modest size:
requests over every op of api.OPS, made field by field from api.FIELDS,
each run in a pool child that accounts for it alone (CPU seconds between
progress records, peak memory growth against its budget, a Cancel thrown
in at the cap): no uncaught error, no silence over 0.5 s of CPU, no peak
over 1.25 times the budget, no message that is long or quotes its input,
no slow Cancel.  ``python benchmarks/fuzz_api.py`` runs the long one
(10,000 requests) and prints its counts (benchmarks/run.py does not run
it: results.md does not hold them).  CPython on Linux
(the peak resident set); the contract tests cover the same ops inside
Pyodide."""

import os
import sys

import pytest

from puzzlelab import api

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "benchmarks"))
import fuzz_api  # noqa: E402


def test_every_field_of_every_op_has_a_declared_kind():
    """A field added to FIELDS needs its kind in KINDS (api.py): the one
    place a request's fields are checked before its op starts."""
    missing = sorted({f for fields in api.FIELDS.values() for f in fields} - set(api.KINDS))
    assert not missing, f"give these fields a kind in api.KINDS: {missing}"
    assert set(api.FIELDS) == set(api.OPS)


def test_the_fuzz_counts_what_it_must():
    """The harness's own checks can fail: a long message, one that quotes
    its input, a gap, a peak over the budget, an uncaught error."""
    req = {"op": "edit", "code": "x" * 100}
    assert fuzz_api.message_problem("x" * 60, req) and fuzz_api.message_problem("a" * 500, {})
    assert fuzz_api.message_problem("bad\u202etext", {}) is not None
    assert fuzz_api.message_problem("A plain message.", req) is None
    assert fuzz_api.problems({"gap": 0.6}) == ["gap"]
    assert fuzz_api.problems({"peak": 130, "budget": 100}) == ["peak"]
    assert fuzz_api.problems({"uncaught": "ValueError"}) == ["uncaught"]


@pytest.mark.cpython_only     # a child's memory is read from /proc (not in Pyodide)
def test_one_case_is_measured_clean():
    record = fuzz_api.run_case({"i": 0, "req": {"op": "describe", "code": "tiles:3x3:867254301"},
                                "cap": 1.0})
    assert record["end"] == "ok" and record["gap"] < 0.5 and fuzz_api.problems(record) == []


@pytest.mark.cpython_only
@pytest.mark.slow
def test_a_fuzz_of_every_op_finds_nothing():
    summary = fuzz_api.fuzz(n=240, seed=37, workers=1, cap=0.5, budget_cap=6.0)
    print(fuzz_api.report(summary, examples=3))
    assert summary["requests"] == 240
    assert set(api.OPS) <= set(summary["by_op"]), "every op fuzzed"
    failures = {check: cases[:3] for check, cases in summary["failures"].items() if cases}
    assert not failures, failures
