"""Whole requests fuzzed, not only codes: any dict a page, a link or a
hostile script could send to api.py -- known and unknown ops, fields of the
wrong type, unknown keys, editor actions with odd arguments, link options
glued to codes -- ends in a reply that is ``ok`` or carries one of the
project's own error types with a plain, printable message; nothing else
escapes, nothing hangs, and progress comes at least every ``MAX_SILENCE``
seconds while a request runs.
"""

import sys
import time

# Silences are measured in this process's CPU seconds: what the code does
# between two progress records, whatever else the machine is running.
cpu = time.process_time

from hypothesis import HealthCheck, given, settings, strategies as st

from puzzlelab import api
from puzzlelab.families import family_module

PYODIDE = sys.platform == "emscripten"
MAX_SILENCE = 0.5        # seconds (CPython; the page allows the same)
RUN_FOR = 1.0            # seconds a fuzzed request may run before it is closed
ERROR_TYPES = {"bad_request", "invalid_code", "unsolvable", "no_solution", "limit"}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F}

CODES = ["tiles:3x3:867254301", "tiles:3x3:123405786", "tiles:2x2:1230",
         "tiles:4x4:d8e39107f54ac26b:0123456789abcdef", "tiles:5x5:024a918d3567hefbcnikglmjo",
         "blocks:hakoiri", "blocks:dad", "blocks:3x3:CB./DE./FFA:???/???/??A",
         "pegs:hoppers", "pegs:triangle10", "pegs:english", "pegs:sq4:oooo/oo.o/oooo",
         "tiles:9x9:1", "blocks:", "pegs:tri:", "", "x" * 50, "tiles:3x3:12345678\u202e0"]
OPTION_KEYS = ["metric", "algo", "h", "step", "count", "first", "junk"]
OPTION_VALUES = ["tile", "multi", "move", "step", "jump", "bfs", "bidir", "meet", "dfs",
                 "idastar", "astar", "auto", "fast", "beam", "manhattan", "pdb", "corners",
                 "exact", "0", "1", "2", "99999999", "%E0", "%", "%ZZ", "%C3", "mul%0Ati",
                 "%1B[31m", "\u202e", "\uff11", "\u0661", "\u00b2", "d4-d2", "14-6", ""]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6)


def _actions():
    out = {}
    for name in ("tiles", "blocks", "pegs"):
        for action, args in family_module(name).ACTIONS.items():
            out[action] = set(out.get(action, ())) | set(args)
    return out


ACTIONS = _actions()


@st.composite
def links(draw):
    code = draw(st.sampled_from(CODES))
    for _ in range(draw(st.integers(0, 3))):
        code += "&" + draw(st.sampled_from(OPTION_KEYS)) + "=" + draw(st.sampled_from(OPTION_VALUES))
    return code


def _value(draw, key, req, plausible):
    """A value for field ``key``: mostly of the right kind when ``plausible``."""
    if plausible and draw(st.integers(0, 9)) < 8:
        if key == "code":
            return draw(links())
        if key in ("algorithm", "heuristic", "metric", "first"):
            return draw(st.sampled_from(OPTION_VALUES + [None]))
        if key == "max_states":
            return draw(st.sampled_from([1, 10, 999, 5_000, 50_000, 200_000, None]))
        if key in ("count", "judge", "ahead"):
            return draw(st.booleans())
        if key == "from":
            return draw(st.sampled_from(["goal", "start"]))
        if key == "action":
            return draw(st.sampled_from(sorted(ACTIONS)))
        if key == "args":
            action = req.get("action")
            names = sorted(ACTIONS.get(action, ())) if isinstance(action, str) else []
            if names:
                return draw(st.dictionaries(st.sampled_from(names),
                                            st.integers(-2, 20) | st.sampled_from(
                                                ["goal", "start", "A", "B", "hole", "anywhere",
                                                 "complement", "pattern", "snake", "tri", "o"])
                                            | st.lists(st.lists(st.integers(-1, 5), min_size=2,
                                                                max_size=2), max_size=3),
                                            max_size=len(names)))
    if key == "code":
        return draw(links() | JSON)
    if key == "max_states":
        return draw(st.sampled_from([0, -5, 2**70, "1000", 1.5, 1e3, True]) | JSON)
    if key == "action":
        return draw(st.sampled_from(sorted(ACTIONS) + ["explode", ""]) | JSON)
    if key == "args":
        return draw(st.dictionaries(st.sampled_from(["puzzle", "target", "x", "cells"])
                                    | st.text(max_size=6), JSON, max_size=4) | JSON)
    return draw(JSON)


@st.composite
def requests(draw):
    """A request: usually one with the op's own fields and plausible values
    (so searches and edits really run), sometimes anything at all."""
    plausible = draw(st.integers(0, 9)) < 7
    if plausible:
        op = draw(st.sampled_from(sorted(api.OPS)))
        fields = list(api.FIELDS[op])
        keys = draw(st.lists(st.sampled_from(fields), max_size=len(fields), unique=True)) if fields else []
        if "code" in fields and "code" not in keys:
            keys.append("code")
        if op == "edit" and "action" not in keys:
            keys.append("action")
        keys.sort(key=lambda k: k == "args")           # args after action
    else:
        op = draw(st.sampled_from(list(api.OPS) + ["launch", None, 7]))
        fields = sorted({f for fs in api.FIELDS.values() for f in fs} | {"algo", "junk", ""})
        keys = draw(st.lists(st.sampled_from(fields), max_size=6, unique=True))
    req = {"op": op}
    for key in keys:
        req[key] = _value(draw, key, req, plausible)
    return req


def run_briefly(req):
    """(reply or None if still running after RUN_FOR, longest silence)."""
    gen = api.handle(req)
    start = last = cpu()
    worst = 0.0
    try:
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                return stop.value, max(worst, cpu() - last)
            now = cpu()
            worst = max(worst, now - last)
            last = now
            if now - start > RUN_FOR:
                return None, worst
    finally:
        gen.close()


def check_message(text):
    assert isinstance(text, str) and text.strip()
    assert len(text) <= 600, len(text)
    for ch in text:
        assert ord(ch) >= 32 and ord(ch) != 127 and ord(ch) not in BIDI, repr(text)


@settings(max_examples=60 if PYODIDE else 600, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(requests())
def test_any_request_gets_a_plain_answer(req):
    reply, silence = run_briefly(req)
    assert silence <= MAX_SILENCE or PYODIDE, (req, silence)
    if reply is None:
        return                      # still working, with progress: fine
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply
    if not reply["ok"]:
        assert reply["error"]["type"] in ERROR_TYPES, reply
        check_message(reply["error"]["message"])


@settings(max_examples=20 if PYODIDE else 200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["tiles:3x3:123405786", "blocks:dad", "pegs:hoppers"]),
       st.sampled_from(sorted(ACTIONS)),
       st.dictionaries(st.sampled_from(sorted({a for v in ACTIONS.values() for a in v})),
                       JSON | st.integers(-3, 30) | st.lists(st.lists(st.integers(-1, 6),
                                                                      max_size=3), max_size=4),
                       max_size=4))
def test_any_edit_keeps_or_replaces_the_position_cleanly(code, action, args):
    reply = api.run({"op": "edit", "code": code, "action": action, "args": args})
    if reply["ok"]:
        again = api.run({"op": "describe", "code": reply["code"]})
        assert again["ok"] and again["code"] == reply["code"]
    else:
        assert reply["error"]["type"] in ("bad_request", "invalid_code"), reply
        check_message(reply["error"]["message"])
