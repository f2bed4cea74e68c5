"""The method contract, as a spec: for every family, on small presets and
random small positions, every combination of method x lower bound x counting
rule x count either returns a correct answer (replayed move by move; proven
optimal ones as long as BFS's; counts equal wherever two methods count) or
the declared refusal (``bad_request``, with a message that says what to
choose instead).  Nothing else, and no silence longer than
``MAX_SILENCE`` seconds.  Runs in CPython and, on a sample, inside Pyodide
(tests/test_pyodide.py).
"""

import random
import sys
import time

# Silences are measured in this process's CPU seconds: what the code does
# between two progress records, whatever else the machine is running.
cpu = time.process_time

import pytest

from puzzlelab import api, codes

PYODIDE = sys.platform == "emscripten"
MAX_SILENCE = 0.5          # seconds between progress records, CPython
BUDGET = 400_000           # max_states for the matrix (small positions)


def timed(req):
    """Run a request through api.handle; (reply, longest silence in s)."""
    gen = api.handle(req)
    last = cpu()
    worst = 0.0
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            worst = max(worst, cpu() - last)
            return stop.value, worst
        now = cpu()
        worst = max(worst, now - last)
        last = now


def walk(code, steps, rng, metric=None):
    """A position ``steps`` random moves from ``code`` (a goal position;
    through the moves op: only legal moves), never revisiting one: at most
    ``steps`` moves from the goal."""
    seen = {code}
    for _ in range(steps):
        req = {"op": "moves", "code": code}
        if metric:
            req["metric"] = metric
        reply = api.run(req)
        assert reply["ok"], reply
        fresh = [m["code"] for m in reply["moves"] if m["code"] not in seen]
        if not fresh:
            break
        code = rng.choice(fresh)
        seen.add(code)
    return code


def positions():
    """(family, code) pairs: small presets and random small positions."""
    rng = random.Random(12)
    out = [("tiles", "tiles:3x3:123405786"), ("tiles", walk("tiles:2x3:123450", 15, rng)),
           ("tiles", walk("tiles:3x3:123456780", 9, rng)),
           ("tiles", walk("tiles:3x2:123450", 12, rng)),
           ("tiles", walk("tiles:4x2:01234567:01234567", 8, rng)),
           ("blocks", walk("blocks:3x3:CB./DE./FFA:???/???/??A", 5, rng)),
           ("blocks", walk("blocks:4x3:CDDB/E.FF/..AA:????/????/??AA", 4, rng)),
           ("blocks", walk("blocks:3x3:AAB/C.B/CD.:AAB/C.B/CD.", 5, rng)),
           ("pegs", "pegs:triangle10"), ("pegs", "pegs:hoppers"),
           ("pegs", "pegs:sq4:oooo/oo.o/oooo/oooo:o??o/.?../..??/.?o."),
           ("pegs", "pegs:tri:o____/oo___/.oo__/oooo_/ooooo:?____/??___/.??__/...._/.....")]
    assert len(out) == 12
    if PYODIDE:                      # a sample: one position per family
        out = [out[0], out[5], out[8]]
    return out


def describe(code, metric):
    reply = api.run({"op": "describe", "code": code, "metric": metric})
    assert reply["ok"], reply
    return reply


def check_replay(code, metric, reply):
    """The answer's positions follow each other by legal moves (the moves op,
    which the page's play mode uses, lists each one with the same text),
    from the start to a goal; its length is its number of moves."""
    steps = reply["codes"]
    assert len(steps) == reply["length"] + 1 == len(reply["moves"]) + 1
    assert steps[0] == describe(code, metric)["code"]
    for here, there, text in zip(steps, steps[1:], reply["moves"]):
        legal = api.run({"op": "moves", "code": here, "metric": metric})["moves"]
        assert {"code": there, "move": text} in [
            {"code": m["code"], "move": m["move"]} for m in legal], (here, there, text)
    last = api.run({"op": "moves", "code": steps[-1], "metric": metric})
    assert last["goal_reached"], steps[-1]
    assert reply["final"] == steps[-1]


FACTOR = 1.5               # the suboptimality factor the matrix tries


def combinations(desc):
    """Every request the page's menus (or a link) can form for a position:
    (algorithm, heuristic, count, factor)."""
    bounds = [None] + [b["name"] for b in desc["bounds"]]
    for method in desc["methods"]:
        for bound in bounds:
            for count in (False, True):
                for factor in (None, FACTOR):
                    yield method, bound, count, factor


def expected_refusal(method, bound, count, factor=None):
    """The contract's verdict: None (must solve) or a fragment of the message."""
    if not method["available"]:
        return "cannot solve this position"
    if bound is not None and not method["bounds"]:
        return "uses no lower bound"
    if bound is not None and bound not in method["bounds"]:
        return "cannot use the lower bound"
    if count and not method["count"]:
        return "cannot count optimal solutions"
    if factor and (method["name"] == "auto" or not method["factor"]):
        return "cannot trade optimality for speed"
    if factor and count:
        return "needs an optimal search"
    return None


@pytest.mark.parametrize("family, code", positions())
def test_every_combination_solves_or_is_refused(family, code):
    metrics = describe(code, None)["metrics"]
    tally = {"solved": 0, "refused": 0}
    for metric in metrics:
        desc = describe(code, metric)
        assert desc["family"] == family
        reference = api.run({"op": "solve", "code": code, "metric": metric,
                             "algorithm": "bfs", "count": True, "max_states": BUDGET})
        assert reference["ok"] and reference["optimal"], reference
        optimum, solutions = reference["length"], reference["solutions"]
        for method, bound, count, factor in combinations(desc):
            req = {"op": "solve", "code": code, "metric": metric,
                   "algorithm": method["name"], "heuristic": bound, "count": count,
                   "factor": factor, "max_states": BUDGET}
            reply, silence = timed(req)
            why = expected_refusal(method, bound, count, factor)
            label = f"{code} {metric} {method['name']} h={bound} count={count} w={factor}"
            if why is not None:
                assert not reply["ok"], label
                assert reply["error"]["type"] == "bad_request", (label, reply["error"])
                assert why in reply["error"]["message"], (label, reply["error"])
                tally["refused"] += 1
                continue
            assert reply["ok"], (label, reply.get("error"))
            assert silence <= MAX_SILENCE or PYODIDE, (label, silence)
            check_replay(code, metric, reply)
            if method["optimal"] and not factor:
                assert reply["optimal"], label
            if reply["optimal"]:
                assert reply["length"] == optimum == reply["lower_bound"], label
            else:
                assert reply["length"] >= optimum, label
                assert reply["lower_bound"] <= optimum, label
            if factor:
                assert reply["length"] <= factor * optimum, label
            if count:
                assert reply["solutions"] == solutions, label
            else:
                assert "solutions" not in reply, label
            if method["bounds"]:
                assert reply["heuristic"] == (bound or method["default_bound"]), label
            tally["solved"] += 1
    assert tally["solved"] and tally["refused"], tally


@pytest.mark.parametrize("code, proofs", [
    ("tiles:3x3:123456870", {"parity"}), ("pegs:sq4:o.oo/oooo", {"classes", "moves"}),
    ("pegs:sq4:oooo/oo.o/oooo", {"search"})])
def test_no_answer_is_an_answer(code, proofs):
    """Where no solution exists, every accepted combination answers
    "impossible" with what proves it (the class or parity argument at once,
    or an exhaustive search), or the method says it cannot tell (a beam
    search that lost its positions: stopped, no solution)."""
    desc = describe(code, None)
    for method, bound, count, factor in combinations(desc):
        reply = api.run({"op": "solve", "code": code, "algorithm": method["name"],
                         "heuristic": bound, "count": count, "factor": factor,
                         "max_states": BUDGET})
        if expected_refusal(method, bound, count, factor):
            assert not reply["ok"] and reply["error"]["type"] == "bad_request"
            continue
        assert reply["ok"] and reply["length"] is None, (method["name"], reply)
        if method["name"] in ("beam", "quick") and reply.get("stopped"):
            assert reply["stopped"]["type"] == "limit"
        else:
            assert reply["impossible"]["proof"] in proofs, (method["name"], reply)


def test_refusals_say_what_to_choose():
    def error(**req):
        reply = api.run({"op": "solve", **req})
        assert not reply["ok"] and reply["error"]["type"] == "bad_request", reply
        return reply["error"]["message"]
    assert error(code="tiles:3x3:123405786&algo=bidir&h=manhattan") == (
        "Bidirectional BFS uses no lower bound; leave the lower bound on Default, "
        "or choose IDA* or A* to use one.")
    assert error(code="tiles:3x3:867254301", algorithm="bidir", count=True) == (
        "Bidirectional BFS cannot count optimal solutions; choose Breadth-first "
        "search or IDA*.")
    assert error(code="tiles:3x3:867254301", algorithm="astar", count=True).startswith(
        "A* cannot count optimal solutions")
    assert error(code="tiles:3x3:867254301", algorithm="iddfs", count=True).startswith(
        "Iterative deepening cannot count")
    assert "choose from auto, bfs, bidir" in error(code="tiles:3x3:867254301",
                                                   algorithm="meet")
    assert "choose from multi-manhattan" in error(
        code="tiles:3x3:867254301&metric=multi", heuristic="linear-conflict")
    assert "needs one complete goal position" in error(code="pegs:triangle15",
                                                       algorithm="bidir")
    assert error(code="pegs:hoppers&algo=bfs&h=corners").startswith(
        "Breadth-first search uses no lower bound")
    assert "Depth-first" in error(code="pegs:hoppers", algorithm="dfs", count=True)


@pytest.mark.parametrize("req, fragment", [
    ({"op": "solve", "code": "tiles:3x3:123405786", "algo": "bfs"},
     "Unknown field 'algo' in a solve request; it takes code, metric, first, "
     "algorithm, heuristic, count, factor, max_memory, max_states, max_seconds."),
    ({"op": "solve", "code": "tiles:3x3:123405786", "max_memory": 8}, "from 16 to 65,536"),
    ({"op": "solve", "code": "tiles:3x3:123405786", "max_seconds": 0},
     "The time budget in seconds (max_seconds) must be from 1 to"),
    ({"op": "solve", "code": "tiles:3x3:123405786", "max_seconds": "soon"},
     "must be a whole number"),
    ({"op": "solve", "code": "tiles:3x3:123405786", "count": "yes"},
     "'count' must be true or false"),
    ({"op": "solve", "code": "tiles:3x3:123405786", "max_states": "lots"},
     "must be a whole number"),
    ({"op": "solve", "code": "tiles:3x3:123405786", "max_states": 0}, "from 1 to"),
    ({"op": "solve", "code": "tiles:3x3:123405786", "max_states": True},
     "must be a whole number"),
    ({"op": "solve", "code": "tiles:3x3:123405786", "algorithm": 7}, "must be text"),
    ({"op": "analyze", "code": "tiles:3x3:123405786", "from": "middle"},
     "must be goal, start or group"),
    ({"op": "edit", "code": "blocks:dad", "action": "clear", "args": {"puzzle": 1}},
     "Unknown argument 'puzzle' for the 'clear' action; it takes none."),
    ({"op": "edit", "code": "tiles:3x3:123405786", "action": "swap",
      "args": {"a": 0, "b": 1, "taget": "goal"}},
     "Unknown argument 'taget' for the 'swap' action; it takes a, b, target."),
    ({"op": "edit", "code": "tiles:3x3:123405786", "action": "explode"},
     "Unknown editor action"),
    ({"op": "edit", "code": "tiles:3x3:123405786", "action": "swap", "args": [1, 2]},
     "must be an object"),
    ({"op": "presets", "code": "x"}, "Unknown field 'code' in a presets request"),
    ({"op": "launch"}, "Unknown request op"),
    ({"op": "moves", "code": "pegs:hoppers", "judge": "please"}, "true or false"),
    ({"op": "moves", "code": "pegs:hoppers", "ahead": True}, "needs the moves judged too"),
])
def test_every_field_is_checked(req, fragment):
    reply = api.run(req)
    assert not reply["ok"]
    assert reply["error"]["type"] == "bad_request", reply
    assert fragment in reply["error"]["message"], reply["error"]["message"]


@pytest.mark.parametrize("link, fragment", [
    ("tiles:3x3:867254301&step=%E0", "odd value"),
    ("tiles:3x3:867254301&step=abc", "must be a move number"),
    ("tiles:3x3:867254301&step=1e400", "must be a move number"),
    ("tiles:3x3:867254301&count=2", "must be 1"),
    ("tiles:3x3:867254301&algo=meet", "Unknown method 'meet'"),
    ("tiles:3x3:867254301&h=corners", "Unknown lower bound 'corners'"),
    ("tiles:3x3:867254301&metric=mul%0Ati", "odd value 'mul?ti'"),
    ("tiles:3x3:867254301&step=1&step=2", "twice"),
    ("pegs:english&first=%C2%B2-3", "odd value"),
])
def test_link_options_are_checked_on_opening(link, fragment):
    """A link that names an option the position cannot take is refused when
    it is opened (describe), not later when Solve is pressed."""
    reply = api.run({"op": "describe", "code": link})
    assert not reply["ok"], reply
    assert fragment in reply["error"]["message"], reply["error"]["message"]


def test_describe_lists_the_contract():
    reply = describe("tiles:4x4:edf7bc95602148a3:0123456789abcdef", None)
    methods = {m["name"]: m for m in reply["methods"]}
    assert list(methods)[0] == "auto"
    assert methods["auto"]["resolves"] == "idastar" and methods["auto"]["default_bound"] == "pdb"
    assert methods["bfs"]["bounds"] == [] and methods["bfs"]["count"]
    assert not methods["bidir"]["count"] and methods["bidir"]["single_goal"]
    assert "pdb" in methods["idastar"]["bounds"] and methods["idastar"]["count"]
    assert not methods["fast"]["optimal"] and not methods["fast"]["count"]
    for m in reply["methods"]:
        assert m["label"] and m["help"] and m["metrics"] == ["tile", "multi"]
    labels = {b["name"]: b for b in reply["bounds"]}
    assert labels["pdb"]["label"] and labels["pdb"]["help"]
