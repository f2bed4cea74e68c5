"""Position codes against the golden file (tests/data/codes.json, shared with
the browser tests) and property-based fuzzing: parsing never raises anything
but CodeError, canonical codes round-trip, and no input makes a search run
without yielding progress."""

import json
import os
import sys
import time

# Silences are measured in this process's CPU seconds: what the code does
# between two progress records, whatever else the machine is running.
# Inside Pyodide that clock is the wall clock (Emscripten has no CPU time),
# so there a silence is not checked: it would measure the machine's load
# (benchmarks/bench_silence.py measures the page's).
cpu = time.process_time
PYODIDE = sys.platform == "emscripten"

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from puzzlelab import api, codes
from puzzlelab.errors import CodeError, PuzzleError

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "data", "codes.json"), encoding="utf-8"))
MAX_SILENCE = 0.5       # seconds a search may run without yielding progress


@pytest.mark.parametrize("code", GOLDEN["valid"])
def test_golden_valid_codes_parse_and_round_trip(code):
    puzzle = codes.parse(code)
    assert puzzle.code() == code
    again = codes.parse(puzzle.code())
    assert again.code() == code and again.start == puzzle.start


@pytest.mark.parametrize("case", GOLDEN["translated"], ids=lambda c: c["name"])
def test_golden_translated_codes_open_as_their_canonical_code(case):
    """Another program's form (Fogleman's Rush Hour boards) opens as the
    family's own code, the same through the API."""
    assert codes.parse(case["code"]).code() == case["canonical"]
    reply = api.run({"op": "describe", "code": case["code"]})
    assert reply["ok"] and reply["code"] == case["canonical"]


@pytest.mark.parametrize("case", GOLDEN["invalid"], ids=lambda c: c["name"])
def test_golden_invalid_codes_fail_with_their_message(case):
    reply = api.run({"op": "describe", "code": case["code"]})
    assert not reply["ok"]
    assert reply["error"]["type"] == "invalid_code"
    assert case["message"] in reply["error"]["message"]


@pytest.mark.parametrize("case", GOLDEN["unsolvable"], ids=lambda c: c["name"])
def test_golden_unsolvable_codes_are_answered_impossible(case):
    """Impossible is a result, not an error: the reply says what proves it."""
    reply = api.run({"op": "solve", "code": case["code"]})
    assert reply["ok"] and reply["length"] is None and "error" not in reply, reply
    assert reply["impossible"]["proof"] in api.PROOFS
    assert case["message"] in reply["impossible"]["message"]


ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:;/.,_?-x&=%#<>\"' é\x00"


@st.composite
def mutated(draw):
    """A golden valid code with a few random edits."""
    code = list(draw(st.sampled_from(GOLDEN["valid"])))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "swap"]))
        i = draw(st.integers(0, max(0, len(code) - 1)))
        ch = draw(st.sampled_from(ALPHABET))
        if op == "insert":
            code.insert(i, ch)
        elif op == "delete" and code:
            del code[i]
        elif op == "replace" and code:
            code[i] = ch
        elif op == "swap" and len(code) > 1:
            j = draw(st.integers(0, len(code) - 1))
            code[i], code[j] = code[j], code[i]
    return "".join(code)


def check_parse(text):
    try:
        code, options = codes.split_link(text)
        puzzle = codes.parse(code, options)
    except CodeError as exc:
        assert exc.message and len(exc.message) < 400
        return None
    canonical = puzzle.code()
    again = codes.parse(canonical, options)
    assert again.code() == canonical
    assert again.start == puzzle.start
    return puzzle


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=80))
def test_random_text_never_raises_anything_but_code_error(text):
    check_parse(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_codes_parse_cleanly_or_fail_cleanly(text):
    check_parse(text)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=60))
def test_arbitrary_bytes_as_text(data):
    check_parse(data.decode("latin-1"))


def assert_progresses(request, budget=1.5):
    """Step a request; it must yield (or finish) at least every MAX_SILENCE s."""
    gen = api.handle(request)
    start = last = cpu()
    try:
        while cpu() - start < budget:
            try:
                next(gen)
            except StopIteration as stop:
                reply = stop.value
                assert reply["ok"] or reply["error"]["message"]
                return reply
            now = cpu()
            assert now - last < MAX_SILENCE or PYODIDE, \
                f"{now - last:.2f} s without progress: {request}"
            last = now
    finally:
        gen.close()
    return None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), st.sampled_from(["auto", "bfs", "bidir", "iddfs", "idastar", "astar"]))
def test_no_input_makes_the_solver_hang_without_progress(text, algorithm):
    if check_parse(text) is None:
        return
    assert_progresses({"op": "solve", "code": text, "algorithm": algorithm, "max_states": 200_000})


@st.composite
def small_valid(draw):
    """Small random positions of every family (solvable or not)."""
    kind = draw(st.sampled_from(["tiles", "pegs", "blocks"]))
    if kind == "tiles":
        w, h = draw(st.integers(2, 3)), draw(st.integers(2, 3))
        cells = draw(st.permutations(range(w * h)))
        return f"tiles:{w}x{h}:" + "".join("0123456789"[c] for c in cells)
    if kind == "pegs":
        w, h = draw(st.integers(3, 5)), draw(st.integers(3, 5))
        rows = ["".join(draw(st.sampled_from("oo._")) for _ in range(w)) for _ in range(h)]
        lattice = draw(st.sampled_from(["sq4", "sq8", "tri"]))
        return f"pegs:{lattice}:" + "/".join(rows)
    w, h = draw(st.integers(2, 4)), draw(st.integers(2, 3))
    letters = iter("ABCDEFGHIJKL")
    rows = ["".join(next(letters) if draw(st.booleans()) else "." for _ in range(w)) for _ in range(h)]
    cells = [(r, c) for r in range(h) for c in range(w) if rows[r][c] != "."]
    if not cells:
        rows[0] = "A" + rows[0][1:]
        cells = [(0, 0)]
    r0, c0 = cells[0]
    tr, tc = draw(st.integers(0, h - 1)), draw(st.integers(0, w - 1))
    goal = ["".join(rows[r0][c0] if (r, c) == (tr, tc) else "?" for c in range(w)) for r in range(h)]
    return f"blocks:{w}x{h}:" + "/".join(rows) + ":" + "/".join(goal)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_valid(), st.sampled_from(["auto", "bfs", "bidir", "iddfs", "idastar", "astar"]))
def test_small_random_positions_solve_or_fail_with_progress(text, algorithm):
    if check_parse(text) is None:
        return
    reply = assert_progresses({"op": "solve", "code": text, "algorithm": algorithm, "max_states": 200_000})
    if reply is not None and reply["ok"]:
        # a solution, or none in the same fields (impossible, or stopped)
        assert reply["final"] and len(reply["codes"]) == (reply["length"] or 0) + 1
        assert (reply["length"] is None) == bool(reply.get("impossible") or (
            reply.get("stopped") and not reply["moves"] and reply["codes"] == [reply["code"]]))


@pytest.mark.parametrize("code", GOLDEN["valid"])
def test_every_golden_code_solves_or_reports_with_progress(code):
    assert_progresses({"op": "solve", "code": code, "max_states": 200_000})


@pytest.mark.parametrize("case", GOLDEN["invalid"], ids=lambda c: c["name"])
def test_errors_are_puzzle_errors_with_types(case):
    """Reading an invalid code raises a CodeError (a PuzzleError of type
    ``invalid_code``, not some other kind) carrying the golden message, and
    the API reports exactly that error."""
    with pytest.raises(PuzzleError) as info:
        c, o = codes.split_link(case["code"])
        codes.parse(c, o)
    exc = info.value
    assert isinstance(exc, CodeError), (case["name"], type(exc).__name__)
    assert exc.kind == "invalid_code"
    assert exc.to_json()["type"] == "invalid_code"
    assert case["message"] in exc.message, (case["message"], exc.message)
    reply = api.run({"op": "describe", "code": case["code"]})
    assert reply == {"ok": False, "error": exc.to_json()}
