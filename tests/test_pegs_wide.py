"""The table command's numpy engine (pegs/wide.py): the same proofs as meet
by other code, checked against the tables meet proved (shipped in the
package) and against each other's limits.  CPython only: the engine needs
numpy, which the page does not load (it is never imported there)."""

import json
import os
import subprocess
import sys

import pytest

import timing
from puzzlelab import api, codes
from puzzlelab.errors import NoSolution, SearchLimit

from helpers import drain

pytestmark = pytest.mark.cpython_only
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _stored(name):
    from puzzlelab.families.pegs.minima_stored import HERE
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return {(e["start"], e["finish"]): e for e in json.load(f)["entries"]}


def _replays(entry):
    """(moves, last position) of an entry's solution, played from its
    code's start by legal moves only."""
    puzzle = codes.parse(entry["code"])
    state = puzzle.start
    moves = entry["solution"].split()
    for text in moves:
        state = next(nxt for m, nxt in puzzle.successors(state)
                     if puzzle.format_move(m) == text)
    return len(moves), state


@pytest.mark.parametrize("name, code", [("triangle15_minima.json", "pegs:triangle15"),
                                        ("triangle21_minima.json", "pegs:triangle21")])
def test_the_wide_engine_gives_the_tables_meet_proved(name, code):
    """Every entry of two whole tables by the wide engine: the same minimum
    as meet's (the "impossible" ones too), and each solution replays to its
    lone peg in that many moves."""
    reply = api.run({"op": "minima", "code": code, "engine": "wide", "max_memory": 2000})
    assert reply["ok"], reply
    want = _stored(name)
    assert {(e["start"], e["finish"]) for e in reply["entries"]} == set(want)
    for e in reply["entries"]:
        assert e["status"] == "proven" and e["engine"] == "wide", e
        assert e["moves"] == want[e["start"], e["finish"]]["moves"], e
        if e["moves"] != "none":
            length, state = _replays(e)
            assert length == e["moves"] and state == 1 << e["finish_number"], e


def _wide(puzzle, **kw):
    from puzzlelab.families.pegs.wide import wide
    return drain(wide(puzzle, **kw))


def test_wide_rounds_prove_the_minimum_from_any_floor_and_stop_at_a_known_ceiling():
    """From no bound or a proven one the rounds end at the minimum, with a
    solution of that length; given a known solution's length as the
    ceiling they stop below it: None when nothing shorter exists (the
    known one is minimal), the shorter solution when one does."""
    entry = _stored("triangle21_minima.json")["a1", "a1"]
    puzzle, best = codes.parse(entry["code"]), entry["moves"]
    for floor in (0, best - 1, best):
        got = _wide(puzzle, floor=floor)
        assert got.cost == best and got.optimal
        state = puzzle.start
        for m in got.moves:
            state = puzzle.apply(state, m)
        assert state == puzzle.goal_peg == 1 << entry["finish_number"]
    assert _wide(puzzle, floor=best - 2, ceiling=best) is None
    assert _wide(puzzle, ceiling=best + 3).cost == best


def test_wide_proves_the_english_centre_game():
    """The literature's 18 (Bergholt 1912; meet proves it in test_pegs.py):
    the round with limit 17 finds none, the next one 18 moves."""
    puzzle = codes.parse("pegs:english")
    got = _wide(puzzle, floor=17)
    assert got.cost == 18 and len(got.moves) == 18 and puzzle.is_goal(got.states[-1])


def test_a_layer_merged_chunk_by_chunk_gives_the_same_table(monkeypatch):
    """A big layer's chunks are merged as they come (their repeats dropped:
    the French layers were held once per parent reaching a position).  With
    tiny chunks, merged as soon as there are two, the Triangle 21 table is
    meet's again, every solution replaying (a merge that lost a position
    would change a minimum or break a path); and there were more merges
    than the one that ends each layer."""
    from puzzlelab.families.pegs import wide
    real = wide._merged
    counts = {}
    monkeypatch.setattr(wide, "CHUNK", 16)
    for merge_min in (1 << 40, 1):
        merges = counts[merge_min] = []

        def counted(arrays, merges=merges):
            merges.append(len(arrays))
            return real(arrays)
        monkeypatch.setattr(wide, "MERGE_MIN", merge_min)
        monkeypatch.setattr(wide, "_merged", counted)
        test_the_wide_engine_gives_the_tables_meet_proved("triangle21_minima.json",
                                                          "pegs:triangle21")
    at_the_end = sum(n > 1 for n in counts[1 << 40])
    as_they_come = sum(n > 1 for n in counts[1])
    assert as_they_come > at_the_end + 20, counts


def test_wide_stops_at_its_budget_with_a_true_lower_bound():
    """A budget too small ends in SearchLimit carrying what the rounds
    proved, which never passes the minimum; an impossible problem ends in
    NoSolution (a Triangle 15 entry its table proves impossible)."""
    puzzle = codes.parse("pegs:english")
    with pytest.raises(SearchLimit) as stop:
        _wide(puzzle, max_bytes=2_000_000)
    assert 1 <= stop.value.details["lower_bound"] <= 18
    assert "memory budget" in stop.value.message
    impossible = [e for e in _stored("triangle15_minima.json").values() if e["moves"] == "none"]
    assert impossible
    with pytest.raises(NoSolution):
        _wide(codes.parse(impossible[0]["code"]))


def test_a_stopped_entry_goes_on_from_its_bounds_with_the_wide_engine():
    """The wide engine takes a stopped entry's lower bound and known
    solution (the French table's eight were taken on that way), and the
    request refuses an engine it does not know, plainly."""
    table = _stored("triangle21_minima.json")
    e = dict(table["a1", "a1"])
    known = dict(e, status="stopped", lower_bound=e["moves"] - 2, upper_bound=e["moves"])
    del known["moves"]
    reply = api.run({"op": "minima", "code": "pegs:triangle21", "engine": "wide",
                     "only": ["a1-a1"], "done": [known]})
    got = next(x for x in reply["entries"] if (x["start"], x["finish"]) == ("a1", "a1"))
    assert got["status"] == "proven" and got["moves"] == e["moves"]
    assert got["solution"] == e["solution"]         # nothing shorter: the known one stands
    assert got["held"] > 0                          # the peak of what the proof held
    # a known solution that does not replay is not taken as the ceiling
    forged = dict(known, upper_bound=e["moves"] - 1,
                  solution=" ".join(e["solution"].split()[:-1]))
    reply = api.run({"op": "minima", "code": "pegs:triangle21", "engine": "wide",
                     "only": ["a1-a1"], "done": [forged]})
    got = next(x for x in reply["entries"] if (x["start"], x["finish"]) == ("a1", "a1"))
    assert got["status"] == "proven" and got["moves"] == e["moves"]
    bad = api.run({"op": "minima", "code": "pegs:triangle21", "engine": "fast"})
    assert not bad["ok"] and "'engine'" in bad["error"]["message"]
    assert "Internal" not in bad["error"]["message"]


def test_the_minima_command_takes_the_wide_engine():
    """``python -m puzzlelab minima --engine wide`` as a user runs it."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "pysrc"))
    out = subprocess.run([sys.executable, "-m", "puzzlelab", "minima", "pegs:triangle15",
                          "--engine", "wide", "--json"], capture_output=True, text=True,
                         env=env, timeout=timing.seconds(120))
    assert out.returncode == 0, out.stderr
    table = json.loads(out.stdout)
    assert table["complete"] and len(table["entries"]) == 17
    want = _stored("triangle15_minima.json")
    assert all(e["moves"] == want[e["start"], e["finish"]]["moves"] for e in table["entries"])


def test_without_numpy_the_wide_engine_is_refused_plainly(monkeypatch):
    """Where numpy is missing (the page's Pyodide: its snapshot imports
    every module, this one too) the module imports, and a request for the
    engine gets a plain message, not an internal error."""
    from puzzlelab.families.pegs import wide
    monkeypatch.setattr(wide, "np", None)
    reply = api.run({"op": "minima", "code": "pegs:triangle15", "engine": "wide"})
    assert not reply["ok"] and "needs numpy" in reply["error"]["message"]
    assert reply["error"]["type"] == "bad_request"
