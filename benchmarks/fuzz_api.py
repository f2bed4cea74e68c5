"""Fuzz every API op with generated requests and account for each one: what
it answered, the longest stretch of CPU time between two of its progress
records, how much memory it took on top of what the process held before,
and how fast a Cancel thrown into it took effect.

    .venv/bin/python benchmarks/fuzz_api.py [--requests 10000] [--seed 1]
                                            [--workers 2] [--cap 1.0]
                                            [--wall SECONDS] [--records FILE]

(``--wall``: no new request starts after that many seconds, for a run
that must end by a time; ``--records``: each request's record appended
to a file as one JSON line as it ends, so a run cut short still counts.)

Requests are made here, op by op from ``api.OPS`` and field by field from
``api.FIELDS`` (so an op or a field added later is fuzzed too): positions
from the presets, random boards of every family (tiles of any size, blocks
boards with random pieces and walls, peg boards of every lattice), their
neighbours, mangled codes and links with every option; values of the right
kind and in range, at the edges, out of range, of the wrong kind, huge (a
megabyte of text, a 5,000-digit number), nested, with lone surrogates.
About one in eight runs with a small memory budget until it ends (or
``--budget-cap`` seconds of CPU), to see the budget bind; the others run
until they end or ``--cap`` seconds of CPU, when a Cancel is thrown in.

Each request runs in one of a pool of long-lived child processes (forked
once, before the cases are made, replaced when one has grown or crashed;
one is called hung when a request has had ``max(120, 10 x cap)`` seconds of
its CPU, or ten times that of wall time, without a reply), which measures
it alone:
CPU seconds (``time.process_time``: the machine's load does not count)
from the request's start to its first progress record, between records,
and from the last one to the reply; peak memory growth as the kernel
counts it (the peak resident set, reset through ``/proc/self/clear_refs``
before the request, minus the resident set then, after a garbage
collection and ``malloc_trim``), compared with the request's budget
(``max_memory``, else the default 1 GB).

Counted, and printed as a table: uncaught errors (an exception out of
``api.handle``, a reply that is not ``{ok, ...}`` JSON, an error type that
is not one of the project's), gaps over ``MAX_GAP`` seconds of CPU, peaks
over ``1 + OVER`` times the budget, messages that are long, not plain text
or quote more than ``ECHO`` characters of the request, Cancels that took
over ``MAX_GAP`` to stop the request, and children that hung or died.
``tests/test_fuzz_api.py`` runs a small version in the suite.  Linux only
(the peak resident set).
"""

import argparse
import ctypes
import gc
import json
import multiprocessing
import os
import random
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if not os.environ.get("PUZZLELAB_INSTALLED"):
    sys.path.insert(0, os.path.join(ROOT, "pysrc"))

MAX_GAP = 0.5           # CPU seconds between progress records, at most
OVER = 0.25             # a request's peak memory growth: at most this much over its budget
ECHO = 48               # characters of the request a message may quote, at most
MAX_MESSAGE = 400       # characters of a message, at most
MB = 2 ** 20
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F}


# -- positions ---------------------------------------------------------------------
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def tiles_code(rng, w=None, h=None):
    w = w or rng.choice([2, 2, 3, 3, 3, 4, 4, 5, 2, 3, 6, 10])
    h = h or rng.choice([2, 3, 3, 4, 4, 5, 2, 3])
    n = w * h
    cells = list(range(n))
    rng.shuffle(cells)
    sep = "," if n > 36 else ""
    fmt = (lambda c: str(c)) if n > 36 else (lambda c: DIGITS[c])
    code = f"tiles:{w}x{h}:{sep.join(map(fmt, cells))}"
    if rng.random() < 0.2:
        goal = list(range(n))
        rng.shuffle(goal)
        code += ":" + sep.join(map(fmt, goal))
    return code


def blocks_code(rng, w=None, h=None):
    w = w or rng.choice([2, 3, 3, 4, 4, 5, 6, 8])
    h = h or rng.choice([2, 3, 4, 4, 5, 5, 6])
    grid = [["." for _ in range(w)] for _ in range(h)]
    letters = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    for _ in range(rng.randrange(1, max(2, w * h // 2))):
        bw, bh = rng.choice([(1, 1), (1, 1), (2, 1), (1, 2), (2, 2)])
        r, c = rng.randrange(h), rng.randrange(w)
        cells = [(r + i, c + j) for i in range(bh) for j in range(bw)]
        if all(rr < h and cc < w and grid[rr][cc] == "." for rr, cc in cells):
            name = next(letters, None)
            if name is None:
                break
            for rr, cc in cells:
                grid[rr][cc] = name
    if rng.random() < 0.3:
        r, c = rng.randrange(h), rng.randrange(w)
        if grid[r][c] == ".":
            grid[r][c] = "_"
    rows = ["".join(row) for row in grid]
    used = sorted({ch for row in rows for ch in row if ch.isalpha()})
    goal = [["?" for _ in range(w)] for _ in range(h)]
    if used:
        name = rng.choice(used)
        cells = [(r, c) for r in range(h) for c in range(w) if grid[r][c] == name]
        dr, dc = rng.randrange(-1, 2), rng.randrange(-1, 2)
        for r, c in cells:
            rr, cc = min(h - 1, max(0, r + dr)), min(w - 1, max(0, c + dc))
            goal[rr][cc] = name
    return f"blocks:{w}x{h}:{'/'.join(rows)}:{'/'.join(''.join(g) for g in goal)}"


def pegs_code(rng):
    lattice = rng.choice(["sq4", "sq4", "sq8", "tri"])
    rows = []
    if lattice == "tri":
        for r in range(rng.randrange(2, 7)):
            rows.append("".join(rng.choice("oooo._") for _ in range(r + 1)))
    else:
        h, w = rng.randrange(1, 7), rng.randrange(1, 7)
        rows = ["".join(rng.choice("ooo.._") for _ in range(w)) for _ in range(h)]
    code = f"pegs:{lattice}:{'/'.join(rows)}"
    if rng.random() < 0.5:
        goal = ["".join(rng.choice("??.o") if ch != "_" else "_" for ch in row) for row in rows]
        code += ":" + "/".join(goal)
    return code


def big_codes():
    """Positions at the edges of what the families take (the issue's)."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    cells = iter(letters)
    rows = ["".join(next(cells, ".") if (r * 16 + c) % 4 == 0 else "." for c in range(16))
            for r in range(16)]
    goal = [row.replace(".", "?") for row in rows]
    goal[0], goal[15] = "?" + goal[0][1:], goal[15][:15] + "A"
    rng = random.Random(5)
    ten = list(range(100))
    rng.shuffle(ten)
    return ["blocks:16x16:" + "/".join(rows) + ":" + "/".join(goal),
            "blocks:8x8:AB....../C......./......../......../......../......../......../"
            "........:????????/????????/????????/????????/????????/????????/????????/"
            "???????A",
            "pegs:sq4:" + "/".join(["o" * 16] * 7 + ["o" * 15 + "."]),
            "tiles:10x10:" + ",".join(map(str, ten)),
            "tiles:5x2:4302675198", "tiles:6x6:" + ",".join(map(str, rng.sample(range(36), 36))),
            "pegs:sq4:" + "/".join(["o" * 11] * 11)]


def mangle(rng, text):
    """A code or link with a character or two changed, cut, doubled."""
    if not text:
        return text
    choice = rng.randrange(6)
    i = rng.randrange(len(text))
    if choice == 0:
        return text[:i]
    if choice == 1:
        return text[:i] + rng.choice(":/.,;?_&=%#\u202e\x00\ud800é0zZ") + text[i + 1:]
    if choice == 2:
        return text[:i] + text[i:] * 2
    if choice == 3:
        return text.upper()
    if choice == 4:
        return text.replace(":", rng.choice(["::", ":x:", ""]), 1)
    return text[:i] + text[i + 1:]


JUNK_TEXT = ["", " ", "x", "tiles", "tiles:", "tiles:3x3", "tiles:0x0:", "blocks:", "pegs:",
             "pegs:tri:", "%", "%%", "%ZZ", "%E0", "%00", "#", "&", "&&", "\u202e", "\ud800",
             "\x1b[31m", "<script>alert(1)</script>", "javascript:alert(1)", "\u0661",
             "tiles:3x3:12345678\u202e0", "tiles:999999999x3:1", "pegs:english-z9",
             "None", "null", "NaN", "-1", "0x10", "１"]


def huge_text(rng):
    return rng.choice(["x" * 1_000_000, "9" * 5000, "tiles:3x3:" + "1" * 100_000,
                       "\u202e" * 3000, "é" * 50_000, "a" * 45, "b" * 200, "%41" * 20_000])


def junk(rng, depth=0):
    """Any JSON value, sometimes a large or deeply nested one."""
    choice = rng.randrange(14)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False])
    if choice == 2:
        return rng.choice([0, -1, 1, 2 ** 31, 2 ** 63, -2 ** 70, 10 ** 30, 7])
    if choice == 3:
        return rng.choice([0.5, -0.0, 1e308, 1e-308, float("inf"), float("nan"), 3.0])
    if choice == 4:
        return rng.choice(JUNK_TEXT)
    if choice == 5:
        return huge_text(rng)
    if choice == 6:
        return 10 ** rng.choice([100, 4000, 5000])
    if choice == 7:
        deep = []
        for _ in range(rng.choice([3, 7, 50, 1000])):
            deep = [deep]
        return deep
    if choice == 8:
        return list(range(rng.choice([3, 1000, 300_000])))
    if choice == 9 and depth < 3:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if choice == 10 and depth < 3:
        return {rng.choice(["a", "op", "code", "", "\ud800", "x" * 60]): junk(rng, depth + 1)
                for _ in range(rng.randrange(4))}
    if choice == 11:
        return {"__proto__": 1} if rng.random() < 0.5 else {"constructor": {"prototype": 1}}
    return rng.choice(["auto", "bfs", "goal", "start", "meet", "1", "d4-d2", "14-6"])


class Catalogue:
    """What the generator knows of the API, read from it: the ops and their
    fields, the presets, each family's counting rules and editor actions,
    and solutions to put in links."""

    def __init__(self, rng):
        from puzzlelab import api
        from puzzlelab.families import FAMILIES, family_module
        self.api = api
        self.ops = sorted(api.OPS)
        self.fields = {op: tuple(api.FIELDS.get(op, ())) for op in self.ops}
        self.presets = [p["code"] for p in api.run({"op": "presets"})["presets"]]
        self.families = {name: family_module(name) for name in FAMILIES}
        self.metrics = sorted({m for mod in self.families.values() for m in mod.METRICS})
        self.actions = {name: dict(mod.ACTIONS) for name, mod in self.families.items()}
        self.big = big_codes()
        self.described = {}
        self.paths = []             # (code, path, length) of solved small positions
        for code in ["tiles:3x3:123405786", "tiles:3x3:867254301", "tiles:2x3:524013",
                     "blocks:dad", "pegs:triangle10", "pegs:hoppers",
                     "blocks:4x5:AABB/AACD/..CD/EFFG/EHHI:??AA/??AA/????/????/????"]:
            reply = api.run({"op": "solve", "code": code, "max_seconds": 20})
            if reply.get("ok") and reply.get("path"):
                self.paths.append((code, reply["path"], reply["length"], reply["codes"]))
        self.rng = rng

    def describe(self, code):
        if code not in self.described:
            reply = self.api.run({"op": "describe", "code": code})
            if len(self.described) >= 2000:
                self.described.clear()
            self.described[code] = reply if reply.get("ok") else None
        return self.described[code]

    def code(self, rng):
        """A position code: mostly valid, of every family and size."""
        roll = rng.random()
        if roll < 0.25:
            return rng.choice(self.presets)
        if roll < 0.6:
            return rng.choice([tiles_code, blocks_code, pegs_code])(rng)
        if roll < 0.7:
            return rng.choice(self.big)
        if roll < 0.8:
            code, _path, _n, codes = rng.choice(self.paths)
            return rng.choice(codes)
        if roll < 0.93:
            return mangle(rng, self.code(rng))
        return rng.choice(JUNK_TEXT) if rng.random() < 0.8 else huge_text(rng)

    def link(self, rng, code):
        """``code`` with link options, each usually of its right form."""
        for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3])):
            key = rng.choice(["metric", "algo", "h", "step", "count", "first", "mem",
                              "factor", "path", "lb", "junk", ""])
            value = self.option(rng, key, code)
            code += f"&{key}={value}"
        return code

    def option(self, rng, key, code):
        good = {"metric": lambda: rng.choice(self.metrics), "algo": lambda: self.method(rng, code),
                "h": lambda: self.bound(rng, code), "step": lambda: str(rng.randrange(40)),
                "count": lambda: rng.choice("01"), "first": lambda: rng.choice(["d4-d2", "14-6", "3-0"]),
                "mem": lambda: rng.choice(["16", "256", "512", "2048", "65536", "100000", "0"]),
                "factor": lambda: rng.choice(["1", "1.2", "5", "6", "0.5"]),
                "path": lambda: self.path(rng, code), "lb": lambda: str(rng.randrange(60))}
        if key in good and rng.random() < 0.8:
            return good[key]()
        return rng.choice(["", "%", "%E0", "%ZZ", "%00", "1e400", "x" * 50, "\u202e", "-1",
                           "9" * 30, "&", "=", "%26path%3D1"])

    def method(self, rng, code):
        desc = self.describe(code) if isinstance(code, str) and len(code) < 3000 else None
        names = [m["name"] for m in desc["methods"]] if desc else []
        return rng.choice(names + ["auto", "bfs", "idastar", "meet", "nope"])

    def bound(self, rng, code):
        desc = self.describe(code) if isinstance(code, str) and len(code) < 3000 else None
        names = [b["name"] for b in desc["bounds"]] if desc else []
        return rng.choice(names + ["manhattan", "pdb", "pattern", "nope", ""])

    def path(self, rng, code):
        own = [p for p in self.paths if p[0] == code]
        if own and rng.random() < 0.6:
            path = rng.choice(own)[1]
            return path if rng.random() < 0.7 else mangle(rng, path) or "0"
        return rng.choice([".", "22.", ".22", "1..2", "..", "0", "zz", "1" * 5000,
                           ".".join(["1"] * 2000), "0.0.0", "a" * 29999, "00000"])

    def family(self, code):
        return code.split(":", 1)[0] if isinstance(code, str) else None


def field_value(cat, rng, key, req, plausible):
    """A value for field ``key`` of request ``req`` (its code chosen)."""
    code = req.get("code")
    base = code.split("&", 1)[0] if isinstance(code, str) else None
    if not plausible:
        return junk(rng)
    family = cat.family(base)
    if key == "code":
        return cat.link(rng, cat.code(rng))
    if key == "metric":
        mod = cat.families.get(family)
        return rng.choice(list(mod.METRICS) if mod else cat.metrics)
    if key == "algorithm":
        return cat.method(rng, base)
    if key == "heuristic":
        return cat.bound(rng, base)
    if key == "first":
        return rng.choice(["d4-d2", "14-6", "3-0", "e3-c3", None])
    if key in ("count", "judge", "ahead"):
        return rng.random() < 0.5
    if key == "factor":
        return rng.choice([None, 1, 1.2, 1.5, 2, 5, 5.5, 0.9])
    if key == "max_memory":
        return rng.choice([16, 16, 32, 64, 128, 256, 1024, 15, 65536, 65537])
    if key == "max_states":
        return rng.choice([1, 10, 1000, 50_000, 200_000, 3_000_000, 0, 200_000_001])
    if key == "max_seconds":
        return rng.choice([1, 1, 2, 0, 7 * 24 * 3600 + 1])
    if key == "from":
        return rng.choice(["goal", "start", "group", "middle"])
    if key == "action":
        acts = cat.actions.get(family) or {}
        return rng.choice(sorted(acts) + ["explode"]) if acts else "shuffle"
    if key == "args":
        acts = cat.actions.get(family) or {}
        action = req.get("action")
        names = acts.get(action, ()) if isinstance(action, str) else ()
        return {name: rng.choice([rng.randrange(-2, 20), rng.randrange(2 ** 40), "goal", "start",
                                  "A", "B", "hole", "anywhere", "complement", "pattern",
                                  "snake", "tri", "sq8", "o", [[0, 0], [1, 1]],
                                  [[r, c] for r in range(30) for c in range(30)],
                                  "\u202e" * 5, True, None])
                for name in names if rng.random() < 0.85}
    if key == "path":
        return cat.path(rng, base)
    if key == "lower_bound":
        return rng.choice([0, 1, 10, 31, 1000, -1])
    if key == "game":
        return game_of(cat, rng, base)
    if key in ("parts", "index"):
        return rng.choice([1, 2, 4, 0, 3, 256, 257])
    if key == "limit":
        return rng.choice([None, 0, 10, 30, 50, 10_001])
    if key == "done":
        return rng.choice([[], [{"start": "d4", "finish": "d4", "status": "proven",
                                 "moves": 18}], [{}] * 3, [{"solution": 5}]])
    if key == "only":
        return rng.choice([["d2-d6"], ["x" * 40], [], ["d4-d4", "c1-c1"]])
    if key == "engine":
        return rng.choice(["meet", "meet", "wide", "x"])
    # a field this harness does not know (a newer op's): a plausible value
    return rng.choice([rng.randrange(-1, 40), rng.choice(["easy", "medium", "hard", "hardest"]),
                       None, True, "x"])


def game_of(cat, rng, code):
    """Earlier positions leading to ``code`` (a walk back from it), or junk."""
    roll = rng.random()
    if roll < 0.4 and cat.paths:
        _c, _p, _n, codes = rng.choice(cat.paths)
        k = rng.randrange(1, len(codes))
        return codes[:k]
    if roll < 0.5:
        return [code] * rng.choice([1, 1000])
    if roll < 0.6:
        return [tiles_code(rng, 10, 10) for _ in range(rng.choice([3, 300]))]
    return rng.choice([[], ["x"], [cat.code(rng)], ["tiles:3x3:123405786"] * 1001])


def valid_code(cat, rng):
    """A position code that parses (presets, random boards, solutions'
    positions, the big ones), with a counting rule of its family."""
    for _ in range(20):
        roll = rng.random()
        if roll < 0.3:
            code = rng.choice(cat.presets)
        elif roll < 0.75:
            code = rng.choice([tiles_code, blocks_code, pegs_code])(rng)
        elif roll < 0.85:
            code = rng.choice(cat.big)
        else:
            code = rng.choice(rng.choice(cat.paths)[3])
        desc = cat.describe(code)
        if desc is not None:
            return code, desc
    return "tiles:3x3:123405786", cat.describe("tiles:3x3:123405786")


def valid_request(cat, rng, op):
    """A request an honest page or script could send: a position that
    parses, a method it offers with a bound and options that method
    takes, budgets in range (``None`` for an op this harness does not know
    the fields of)."""
    code, desc = valid_code(cat, rng)
    metrics = desc.get("metrics") or [None]
    metric = rng.choice(metrics)
    if metric and metric != desc.get("metric"):
        link = f"{code}&metric={metric}"
        desc = cat.describe(link) or desc
        code = link if cat.describe(link) else code
    req = {"op": op, "code": code}
    budget = {"max_memory": rng.choice([16, 32, 64, 128, 256, 1024])} if rng.random() < 0.7 else {}
    if op == "describe":
        return req
    if op in ("solve", "part", "tables"):
        methods = [m for m in desc["methods"] if m["available"]
                   and (op != "part" or m["parts"])]
        if not methods:
            return req
        m = rng.choice(methods)
        req["algorithm"] = m["name"]
        if m["bounds"] and rng.random() < 0.5:
            req["heuristic"] = rng.choice(m["bounds"])
        if op != "part" and m["count"] and rng.random() < 0.25:
            req["count"] = True
        elif op != "part" and m["factor"] and rng.random() < 0.3:
            req["factor"] = rng.choice([1.2, 1.5, 2, 5])
        if op == "solve" and rng.random() < 0.3:
            req["max_seconds"] = rng.choice([1, 2, 3])
        if op == "part":
            req["parts"] = rng.choice([1, 2, 4, 16])
            if rng.random() < 0.6:
                req["limit"] = rng.randrange(0, 80)
                req["index"] = rng.randrange(req["parts"])
        req.update(budget)
        return req
    if op == "analyze":
        offered = desc.get("analyze_from") or ["goal", "start"]
        req["from"] = rng.choice([offered] if isinstance(offered, str) else offered)
        if desc.get("group_view") and rng.random() < 0.3:
            req["from"] = "group"
        req.update(budget)
        return req
    if op == "edit":
        acts = cat.actions.get(desc["family"]) or {}
        action = rng.choice(sorted(acts))
        req["action"] = action
        req["args"] = {name: rng.choice([rng.randrange(0, 8), rng.randrange(2 ** 31), "goal",
                                         "start", "A", "hole", "anywhere", "complement",
                                         "snake", "blank-first", "blank-last", "tri", "sq4",
                                         "sq8", [[0, 0], [0, 1]], [[1, 1]], True, False])
                       for name in acts[action] if rng.random() < 0.9}
        return req
    if op == "moves":
        if rng.random() < 0.4 and cat.paths:
            c, _p, _n, codes = rng.choice(cat.paths)
            k = rng.randrange(1, len(codes))
            req["code"], req["game"] = codes[k], codes[:k]
        req["judge"] = desc["family"] == "pegs" or rng.random() < 0.2
        req["ahead"] = req["judge"] and rng.random() < 0.3
        req.update(budget)
        return req
    if op == "replay":
        if cat.paths and rng.random() < 0.8:
            c, path, n, _codes = rng.choice(cat.paths)
            req = {"op": op, "code": c, "path": path,
                   "lower_bound": rng.choice([None, 0, n])}
        else:
            req["path"] = "".join(rng.choice("0123") for _ in range(rng.randrange(1, 40)))
        return req
    if op == "minima":
        req["code"] = rng.choice(["pegs:triangle10", "pegs:triangle15", "pegs:tri:o/oo/ooo/oooo",
                                  "pegs:sq4:ooo/ooo/ooo", "pegs:english", "pegs:hoppers"])
        if rng.random() < 0.5:
            req["only"] = [rng.choice(["0-0", "d4-d4", "1-1", "a1-a1", "4-4"])]
        req.update(budget)
        return req
    if op == "generate":
        offer = desc.get("generate") or {}
        names = [d["name"] for d in offer.get("difficulties", [])]
        if names:
            req["difficulty"] = rng.choice(names)
        elif offer.get("moves"):
            lo, hi = offer["moves"]
            req["moves"] = rng.randint(lo, hi)
        req["seed"] = rng.randrange(2 ** 31)
        req.update(budget)
        return req
    if op == "presets":
        return {"op": op}
    return None


def make_request(cat, rng):
    """One request: mostly ones an honest page or script could send (so
    searches, edits and replays really run), often with plausible values
    in every field, sometimes anything."""
    if rng.random() < 0.5:
        op = rng.choice(cat.ops)
        req = valid_request(cat, rng, op)
        if req is not None:
            return req, True
    if rng.random() < 0.08:
        req = {"op": rng.choice(cat.ops + ["launch", "", None, 7, "DESCRIBE"])}
        for _ in range(rng.randrange(4)):
            req[rng.choice(["code", "junk", "algo", "", "x" * 100])] = junk(rng)
        return req, False
    op = rng.choice(cat.ops)
    fields = list(cat.fields[op])
    req = {"op": op}
    keys = [k for k in fields if rng.random() < 0.5]
    if "code" in fields and "code" not in keys:
        keys.insert(0, "code")
    if op == "edit" and "action" not in keys:
        keys.append("action")
    if op == "replay" and "path" not in keys and rng.random() < 0.8:
        keys.append("path")
    keys.sort(key=lambda k: (k != "code", k == "args"))      # code first, args after action
    if "code" in keys and rng.random() < 0.3 and cat.paths and op in ("replay", "moves"):
        code, path, _n, codes = rng.choice(cat.paths)
        req["code"] = code
        if op == "replay":
            req["path"] = path if rng.random() < 0.7 else cat.path(rng, code)
        keys = [k for k in keys if k not in req]
    plausible_request = rng.random() < 0.85
    for key in keys:
        req[key] = field_value(cat, rng, key, req, plausible_request and rng.random() < 0.9)
    if rng.random() < 0.05:
        req[rng.choice(["junk", "Code", "x" * 100, "\ud800"])] = junk(rng)
    return req, False


def make_cases(n, seed, cap, budget_cap):
    """``n`` cases (a request and how long it may run), from ``seed``."""
    rng = random.Random(seed)
    cat = Catalogue(rng)
    cases = []
    for i in range(n):
        req, valid = make_request(cat, rng)
        case = {"i": i, "req": req, "cap": cap, "valid": valid}
        fields = cat.fields.get(req.get("op"), ())
        if "max_memory" in fields and rng.random() < 0.12:
            # run until the budget binds (or budget_cap): the peak is measured
            req["max_memory"] = rng.choice([16, 32, 48, 64])
            req.pop("max_states", None)
            case["cap"] = budget_cap
        cases.append(case)
    return cases, cat


# -- running one request in a child ------------------------------------------------
def _status():
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value = line.split(":")
                out[key] = int(value.split()[0]) * 1024
    return out


def _error_kinds():
    from puzzlelab import errors
    kinds, stack = set(), [errors.PuzzleError]
    while stack:
        cls = stack.pop()
        kinds.add(cls.kind)
        stack.extend(cls.__subclasses__())
    return kinds


def _strings(value, out, depth=0):
    if isinstance(value, str):
        if len(value) > ECHO:
            out.append(value)
    elif isinstance(value, dict) and depth < 8:
        for k, v in value.items():
            _strings(k, out, depth + 1)
            _strings(v, out, depth + 1)
    elif isinstance(value, list) and depth < 8:
        for v in value[:2000]:
            _strings(v, out, depth + 1)
    return out


def message_problem(message, req):
    """What is wrong with an error message (None: nothing)."""
    if not isinstance(message, str) or not message.strip():
        return "empty"
    if len(message) > MAX_MESSAGE:
        return f"{len(message)} characters"
    for ch in message:
        if ord(ch) < 32 or ord(ch) == 127 or ord(ch) in BIDI or 0xD800 <= ord(ch) < 0xE000:
            return f"character U+{ord(ch):04X}"
    for text in _strings(req, []):
        for i in range(0, len(message) - ECHO):
            if message[i:i + ECHO + 1] in text:
                return f"quotes {ECHO + 1}+ characters of the request"
    return None


def run_case(case, kinds=None):
    """Run one case in this process; returns its record (JSON-able)."""
    from puzzlelab import api
    from puzzlelab.errors import Cancelled
    kinds = kinds or _error_kinds()
    req = case["req"]
    libc = _libc()
    gc.collect()
    if libc is not None:
        libc.malloc_trim(0)
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    base = _status()["VmRSS"]
    out = {"i": case["i"], "op": req.get("op") if isinstance(req.get("op"), str) else None,
           "records": 0}
    cpu = time.process_time
    t0 = last = cpu()
    wall0 = time.perf_counter()
    worst, where, prev = 0.0, None, "start"
    gen = api.handle(req)
    reply = None
    cancelled_at = None
    try:
        while True:
            if cancelled_at is None and cpu() - t0 > case["cap"]:
                cancelled_at = cpu()
                try:
                    rec = gen.throw(Cancelled("Cancelled by the fuzz."))
                except StopIteration as stop:
                    reply = stop.value
                    break
            else:
                try:
                    rec = next(gen)
                except StopIteration as stop:
                    reply = stop.value
                    break
            now = cpu()
            if now - last > worst:
                worst, where = now - last, [prev, _brief(rec)]
            last, prev = now, _brief(rec)
            out["records"] += 1
            try:
                json.dumps(rec, allow_nan=False)
            except (TypeError, ValueError) as exc:
                out["uncaught"] = f"progress record not JSON: {exc}"[:300]
                break
            if cancelled_at is not None and now - cancelled_at > 5:
                out["uncaught"] = "a Cancel did not stop it within 5 s of CPU"
                gen.close()
                break
    except BaseException as exc:            # what the fuzz looks for: nothing may escape
        out["uncaught"] = "".join(traceback.format_exception_only(type(exc), exc))[-300:]
        out["trace"] = traceback.format_exc()[-1500:]
    now = cpu()
    if now - last > worst:
        worst, where = now - last, [prev, "end"]
    out["gap"] = round(worst, 3)
    out["gap_at"] = json.dumps(where)[:300]
    out["cpu"] = round(now - t0, 3)
    out["wall"] = round(time.perf_counter() - wall0, 3)
    if cancelled_at is not None:
        out["cancel"] = round(now - cancelled_at, 3)
    st = _status()
    out["peak"] = st["VmHWM"] - base
    out["rss_after"] = st["VmRSS"]
    budget = req.get("max_memory")
    out["budget"] = (budget if isinstance(budget, int) and not isinstance(budget, bool)
                     and api.MAX_MEMORY_MB[0] <= budget <= api.MAX_MEMORY_MB[1]
                     else api.DEFAULT_MAX_MEMORY // MB) * MB
    if "uncaught" not in out:
        out.update(check_reply(reply, req, kinds))
    return out


def check_reply(reply, req, kinds):
    out = {}
    try:
        json.dumps(reply, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return {"uncaught": f"reply not JSON: {exc}"[:300]}
    if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
        return {"uncaught": f"reply without ok: {str(reply)[:200]}"}
    if reply["ok"]:
        out["end"] = "ok" if not reply.get("stopped") else "stopped:" + str(
            reply["stopped"].get("type"))
        stopped = reply.get("stopped")
        if stopped:
            problem = message_problem(stopped.get("message"), req)
            if problem:
                out["bad_message"] = f"{problem}: {str(stopped.get('message'))[:200]}"
        return out
    error = reply.get("error")
    if not isinstance(error, dict) or error.get("type") not in kinds:
        return {"uncaught": f"error type {str(error)[:200]}"}
    out["end"] = error["type"]
    out["message"] = str(error.get("message"))[:200]
    problem = message_problem(error.get("message"), req)
    if problem:
        out["bad_message"] = f"{problem}: {str(error.get('message'))[:200]}"
    return out


def _brief(rec):
    if not isinstance(rec, dict):
        return str(rec)[:80]
    return {k: rec[k] for k in list(rec)[:6] if k not in ("improvement", "solution")}


_LIBC = []


def _libc():
    if not _LIBC:
        try:
            _LIBC.append(ctypes.CDLL("libc.so.6"))
        except OSError:
            _LIBC.append(None)
    return _LIBC[0]


def _child(conn):
    """A pool child: runs cases sent through ``conn`` until told to stop."""
    kinds = _error_kinds()
    gc.freeze()         # what the parent held when it forked: no collection walks it again
    while True:
        case = conn.recv()
        if case is None:
            return
        conn.send(run_case(case, kinds))


# -- the pool ----------------------------------------------------------------------
class Pool:
    """Long-lived children that run one case at a time each; a child that
    hangs (no reply within ``wall`` seconds) is killed and replaced, as is
    one that died, or grew past ``grown`` bytes."""

    def __init__(self, workers, grown=400 * MB):
        self.ctx = multiprocessing.get_context("fork")
        self.grown = grown
        self.children = [self._spawn() for _ in range(workers)]

    def _spawn(self):
        parent, child = self.ctx.Pipe()
        proc = self.ctx.Process(target=_child, args=(child,), daemon=True)
        proc.start()
        child.close()
        return {"proc": proc, "conn": parent, "case": None, "since": 0.0, "base": None}

    @staticmethod
    def _cpu(proc):
        """CPU seconds ``proc`` has used (its /proc stat), or None."""
        try:
            with open(f"/proc/{proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None

    def run(self, cases, wall_limit, on_record, deadline=None):
        todo = list(cases)
        busy = 0
        while todo or busy:
            if deadline is not None and time.monotonic() > deadline:
                todo = []                   # out of time: finish the running ones only
            for k, ch in enumerate(self.children):
                if ch["case"] is None and todo:
                    ch["case"] = todo.pop(0)
                    ch["since"] = time.monotonic()
                    ch["cpu0"] = self._cpu(ch["proc"])
                    ch["conn"].send(ch["case"])
                    busy += 1
            for k, ch in enumerate(self.children):
                if ch["case"] is None:
                    continue
                case = ch["case"]
                limit = wall_limit(case)
                got = None
                try:
                    if ch["conn"].poll(0.02):
                        got = ch["conn"].recv()
                except (EOFError, OSError):
                    got = {"i": case["i"], "op": case["req"].get("op"),
                           "uncaught": "the child process died", "gap": 0, "peak": 0,
                           "budget": 1}
                # hung: no reply after ``limit`` seconds of the child's CPU (on
                # a loaded machine a request's 20 s of CPU take minutes of
                # wall time), or ten times that of wall time
                waited = time.monotonic() - ch["since"]
                if got is None and waited > limit:
                    used = self._cpu(ch["proc"])
                    if used is None or ch.get("cpu0") is None or \
                            used - ch["cpu0"] > limit or waited > 10 * limit:
                        got = {"i": case["i"], "op": case["req"].get("op"),
                               "uncaught": f"no reply within {limit:.0f} s (hung)",
                               "gap": limit, "peak": 0, "budget": 1, "hung": True}
                if got is None:
                    continue
                busy -= 1
                ch["case"] = None
                on_record(case, got)
                if ch["base"] is None and "rss_after" in got:
                    ch["base"] = got["rss_after"]
                if "rss_after" not in got or got["rss_after"] - (ch["base"] or 0) > self.grown:
                    self._retire(ch)
                    self.children[k] = self._spawn()

    def _retire(self, ch):
        try:
            ch["proc"].kill()
        except OSError:
            pass
        ch["proc"].join(5)
        ch["conn"].close()

    def close(self):
        for ch in self.children:
            try:
                ch["conn"].send(None)
            except OSError:
                pass
            ch["proc"].join(10)
            if ch["proc"].is_alive():
                ch["proc"].kill()


# -- the counts --------------------------------------------------------------------
CHECKS = ("uncaught", "gap", "peak", "message", "cancel")


def problems(rec):
    """The checks ``rec`` fails."""
    out = []
    if rec.get("uncaught"):
        out.append("uncaught")
    if rec.get("gap", 0) > MAX_GAP:
        out.append("gap")
    if rec.get("peak", 0) > (1 + OVER) * rec.get("budget", 1):
        out.append("peak")
    if rec.get("bad_message"):
        out.append("message")
    if rec.get("cancel", 0) > MAX_GAP:
        out.append("cancel")
    return out


def fuzz(n=10_000, seed=1, workers=2, cap=1.0, budget_cap=20.0, progress=None, wall=None,
         records=None):
    """Run ``n`` cases (fewer if ``wall`` seconds pass first: no new case
    starts after that); returns the summary (see :func:`report`).
    ``records``: a file each case's record is appended to as one JSON line."""
    # a request nested a thousand deep must cross the pipe (pickle recurses)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    pool = Pool(workers)            # forked before the cases are made: children stay small
    cases, _cat = make_cases(n, seed, cap, budget_cap)
    summary = {"requests": 0, "by_op": {}, "ends": {}, "failures": {c: [] for c in CHECKS},
               "worst_gap": (0, None), "worst_peak": (0, None), "cpu": 0.0,
               "budget_runs": 0, "cancels": 0, "seed": seed, "valid": 0,
               "valid_refused": []}
    t0 = time.monotonic()

    def on_record(case, rec):
        if records is not None:
            records.write(json.dumps({"case": _show_case(case, rec), "op": rec.get("op"),
                                      "problems": problems(rec)}) + "\n")
            records.flush()
        summary["requests"] += 1
        op = str(rec.get("op"))
        row = summary["by_op"].setdefault(op, {"requests": 0, "ok": 0, "refused": 0,
                                               "stopped": 0, **{c: 0 for c in CHECKS}})
        row["requests"] += 1
        end = rec.get("end", "uncaught")
        summary["ends"][end] = summary["ends"].get(end, 0) + 1
        row["ok" if end == "ok" else "stopped" if end.startswith("stopped") or end in (
            "cancelled", "limit") else "refused"] += 1
        summary["cpu"] += rec.get("cpu", 0)
        if case["cap"] > cap:
            summary["budget_runs"] += 1
        if "cancel" in rec:
            summary["cancels"] += 1
        if case.get("valid"):
            summary["valid"] += 1
            if end in ("bad_request", "invalid_code"):
                summary["valid_refused"].append(_show_case(case, rec))
        if rec.get("gap", 0) > summary["worst_gap"][0]:
            summary["worst_gap"] = (rec["gap"], _show_case(case, rec))
        ratio = rec.get("peak", 0) / rec.get("budget", 1)
        if ratio > summary["worst_peak"][0]:
            summary["worst_peak"] = (round(ratio, 3), _show_case(case, rec))
        for check in problems(rec):
            row[check] += 1
            summary["failures"][check].append(_show_case(case, rec))
        if progress and summary["requests"] % progress == 0:
            print(f"  {summary['requests']:,} requests, {time.monotonic() - t0:.0f} s, "
                  f"failures: { {c: len(v) for c, v in summary['failures'].items()} }",
                  file=sys.stderr, flush=True)

    try:
        pool.run(cases, lambda case: max(120.0, 10 * case["cap"]), on_record,
                 None if wall is None else t0 + wall)
    finally:
        pool.close()
    summary["wall"] = round(time.monotonic() - t0, 1)
    return summary


def _short(value, depth=0):
    """A JSON-able summary of a request (long texts, numbers and lists cut)."""
    if isinstance(value, str):
        return value if len(value) <= 60 else f"{value[:40]}...({len(value):,} characters)"
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        return value if value.bit_length() <= 64 else f"<a {value.bit_length():,}-bit number>"
    if depth > 4:
        return "<nested deeper>"
    if isinstance(value, list):
        out = [_short(v, depth + 1) for v in value[:5]]
        return out + [f"...({len(value):,} items)"] if len(value) > 5 else out
    if isinstance(value, dict):
        return {str(_short(k, depth + 1)): _short(v, depth + 1) for k, v in list(value.items())[:12]}
    return str(type(value))


def _show_case(case, rec):
    req = json.dumps(_short(case["req"]), ensure_ascii=True)
    keep = {k: rec.get(k) for k in ("uncaught", "gap", "gap_at", "peak", "budget", "cpu",
                                     "cancel", "bad_message", "end", "message", "trace")
            if k in rec}
    if "peak" in keep:
        keep["peak_mb"] = round(keep.pop("peak") / MB, 1)
        keep["budget_mb"] = round(keep.pop("budget", 0) / MB)
    return {"request": req, **keep}


def report(summary, examples=5):
    """The summary as text: a table by op, the totals, the worst cases."""
    lines = []
    head = ["op", "requests", "ok", "stopped", "refused", "uncaught", "gaps", "peaks",
            "messages", "slow cancels"]
    rows = []
    for op, row in sorted(summary["by_op"].items()):
        rows.append([op, row["requests"], row["ok"], row["stopped"], row["refused"],
                     row["uncaught"], row["gap"], row["peak"], row["message"], row["cancel"]])
    total = [sum(r[i] for r in rows) for i in range(1, len(head))]
    rows.append(["all"] + total)
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = lambda r: "| " + " | ".join(str(x).rjust(w) if i else str(x).ljust(w)
                                      for i, (x, w) in enumerate(zip(r, widths))) + " |"
    lines.append(fmt(head))
    lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    lines.extend(fmt(r) for r in rows)
    f = summary["failures"]
    lines.append("")
    lines.append(f"{summary['requests']:,} requests over {len(summary['by_op'])} ops "
                 f"(seed {summary['seed']}), {summary['cpu']:,.0f} s of CPU in the children, "
                 f"{summary['wall']:,.0f} s wall; {summary['budget_runs']:,} ran to a small "
                 f"budget, {summary['cancels']:,} were cancelled at the cap")
    lines.append(f"uncaught errors: {len(f['uncaught'])}  gaps over {MAX_GAP} s of CPU: "
                 f"{len(f['gap'])}  peaks over {1 + OVER:.2f} x budget: {len(f['peak'])}  "
                 f"bad messages: {len(f['message'])}  Cancels over {MAX_GAP} s: "
                 f"{len(f['cancel'])}")
    lines.append(f"{summary['valid']:,} requests made as a page or script would send them, "
                 f"{len(summary['valid_refused']):,} of them refused (a position whose "
                 f"method or options do not fit, an edit that does not apply: not failures)")
    lines.append(f"longest gap: {summary['worst_gap'][0]:.3f} s of CPU; largest peak: "
                 f"{summary['worst_peak'][0]:.2f} x its budget")
    lines.append("ends: " + ", ".join(f"{k} {v:,}" for k, v in
                                     sorted(summary["ends"].items(), key=lambda kv: -kv[1])))
    for label, case in (("longest gap", summary["worst_gap"][1]),
                        ("largest peak", summary["worst_peak"][1])):
        if case:
            lines.append(f"  {label}: {json.dumps(case)[:600]}")
    for check in CHECKS:
        for case in f[check][:examples]:
            lines.append(f"  {check}: {json.dumps(case)[:1500]}")
    for case in summary["valid_refused"][:examples]:
        lines.append(f"  refused: {json.dumps(case)[:400]}")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cap", type=float, default=1.0,
                    help="CPU seconds a request runs before a Cancel is thrown in")
    ap.add_argument("--budget-cap", type=float, default=20.0,
                    help="... for the requests with a small memory budget")
    ap.add_argument("--examples", type=int, default=5)
    ap.add_argument("--wall", type=float, default=None,
                    help="start no new request after this many seconds (the count says how many ran)")
    ap.add_argument("--records", default=None, help="append each request's record to this file "
                    "(JSON lines) as it ends")
    args = ap.parse_args(argv)
    out = open(args.records, "a", encoding="utf-8") if args.records else None
    try:
        summary = fuzz(args.requests, args.seed, args.workers, args.cap, args.budget_cap,
                       progress=500, wall=args.wall, records=out)
    finally:
        if out:
            out.close()
    print(report(summary, args.examples))
    return 1 if any(summary["failures"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())
