"""The one entry point of the solver: JSON-able dict in, JSON-able dict out.

Called by the web worker (through :class:`Task`, which advances a request in
time slices and speaks JSON strings) and by the CLI (through :func:`run`).
Requests (``op``) and the fields each takes (any other field is refused,
named in the message):

``describe``  {code, metric, first}  -> the position, goal, and the method
                                        contract: every method with what it
                                        accepts (``methods``), the lower
                                        bounds (``bounds``)
``solve``     {code, algorithm, heuristic, metric, count, first, max_memory,
               max_states}
                                     -> length, optimal, moves, positions ...
``analyze``   {code, metric, first, from, max_memory, max_states}
                                     -> distance histogram from the goal,
                                        farthest positions, reachable count
``presets``   {}                     -> every family's named positions
``tables``    the fields of solve or moves -> the table files that request
                                        will load (the worker fetches them)
``edit``      {code, metric, action, args} -> the edited position, described
``moves``     {code, metric, first, judge, max_memory, max_states}
                                     -> legal moves with the codes they lead
                                        to (and, with judge, "winnable")

Every solve is checked against the method contract (``protocol.Method``)
before anything runs: an unknown method, a lower bound the method cannot
use, counting with a method that cannot count, a counting rule it does not
support all get a plain message that says what to choose instead.

Replies always have ``ok``; failures carry ``error: {type, message, ...}``
with a message meant for people.  Long requests are generators: they yield
progress dicts (``elapsed``, ``expanded``, ``bound``/``depth``, ``phase``
while tables are prepared, ...) at least every ``PROGRESS_INTERVAL``.
"""

import json
import time

from . import codes
from .errors import BadRequest, NoSolution, PuzzleError, SearchLimit, show
from .families import FAMILIES, family_module, family_of
from .search import drain
from .search.common import (DEFAULT_MAX_MEMORY, DEFAULT_MAX_STATES, MAX_STATES_LIMIT, MB,
                            predecessors_of)

MAX_MEMORY_MB = (16, 65536)      # the memory budget a request may ask for, MB

VERSION = "0.1.0"

_CODE = ("code", "metric", "first")
FIELDS = {
    "describe": _CODE,
    "solve": _CODE + ("algorithm", "heuristic", "count", "max_memory", "max_states"),
    "analyze": _CODE + ("from", "max_memory", "max_states"),
    "presets": (),
    "edit": ("code", "metric", "action", "args"),
    "moves": _CODE + ("judge", "max_memory", "max_states"),
}
FIELDS["tables"] = tuple(dict.fromkeys(FIELDS["solve"] + FIELDS["moves"]))

AUTO_HELP = ("Picks the method that answers this position fastest; the answer "
             "says whether it is proven optimal.")


# -- request checking ----------------------------------------------------------
def _check_fields(req, op):
    allowed = FIELDS[op]
    unknown = sorted(str(k) for k in req if k != "op" and k not in allowed)
    if unknown:
        known = ", ".join(allowed) or "no other field"
        raise BadRequest(f"Unknown field{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(repr(show(k, 20)) for k in unknown[:5])} in a "
                         f"{op} request; it takes {known}.")


def _text(req, key):
    """An optional text field ('' and None mean "not given")."""
    value = req.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise BadRequest(f"The field '{key}' must be text, not {show(value)}.")
    return value


def _flag(req, key):
    value = req.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadRequest(f"The field '{key}' must be true or false, not {show(value)}.")
    return value


def _whole(req, key, lo, hi, what, default):
    value = req.get(key)
    if value is None:
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"The {what} ({key}) must be a whole number, not {show(value)}.")
    if not lo <= value <= hi:
        raise BadRequest(f"The {what} ({key}) must be from {lo:,} to {hi:,}, not {value:,}.")
    return value


def _budget(req, share=1, options=None):
    """The memory budget: (positions, bytes).  ``max_memory`` is in MB (the
    page's and the CLI's knob; a link's ``mem`` when the request has none);
    ``max_states`` caps the positions too."""
    if req.get("max_memory") is None and (options or {}).get("mem"):
        req = dict(req, max_memory=int(options["mem"]))
    mb = _whole(req, "max_memory", *MAX_MEMORY_MB, "memory budget in MB",
                DEFAULT_MAX_MEMORY // MB)
    states = _whole(req, "max_states", 1, MAX_STATES_LIMIT, "budget in positions held",
                    DEFAULT_MAX_STATES)
    return states, mb * MB // share


def _puzzle(req):
    code, link_opts = codes.split_link(req.get("code", ""))
    options = dict(link_opts)
    for key in ("metric", "first"):
        value = _text(req, key)
        if value is not None:
            options[key] = codes.check_option(key, value)
    puzzle = codes.parse(code, options)
    return puzzle, options


def _contract(puzzle):
    """The describe reply's ``methods`` (auto first) and ``bounds``."""
    family = family_of(puzzle)
    metrics = list(family.METRICS)
    methods = family.methods(puzzle)
    by_name = {m.name: m for m in methods}
    auto = by_name[family.auto_method(puzzle)]
    auto_json = auto.to_json(metrics)
    auto_json.update({"name": "auto", "label": f"Auto: {auto.label}",
                      "help": AUTO_HELP, "resolves": auto.name})
    return ([auto_json] + [m.to_json(metrics) for m in methods],
            [b.to_json() for b in family.bounds(puzzle)])


def plan(puzzle, req, options):
    """Check a solve request against the method contract.  Returns
    (method record, bound name or None, keyword arguments for its run)."""
    family = family_of(puzzle)
    methods = family.methods(puzzle)
    by_name = {m.name: m for m in methods}
    asked = _text(req, "algorithm") or options.get("algo") or "auto"
    name = family.auto_method(puzzle) if asked == "auto" else asked
    method = by_name.get(name)
    if method is None:
        raise BadRequest(f"Unknown method '{show(asked)}' for {puzzle.family}; "
                         f"choose from auto, {', '.join(by_name)}.")
    if method.why:
        raise BadRequest(f"{method.label} cannot solve this position: {method.why}.")
    bound = _text(req, "heuristic") or options.get("h") or None
    names = [b.name for b in family.bounds(puzzle)]
    if bound is not None:
        if bound not in names:
            raise BadRequest(f"Unknown lower bound '{show(bound)}' for this position"
                             f"{' and counting rule' if len(family.METRICS) > 1 else ''}; "
                             f"choose from {', '.join(names) or 'none'}.")
        if not method.bounds:
            users = [m.label for m in methods if m.bounds and not m.why]
            raise BadRequest(f"{method.label} uses no lower bound; leave the lower "
                             f"bound on Default, or choose "
                             f"{' or '.join(users) or 'another method'} to use one.")
        if bound not in method.bounds:
            raise BadRequest(f"{method.label} cannot use the lower bound '{bound}'; "
                             f"it takes {', '.join(method.bounds)}.")
    count = _flag(req, "count") or options.get("count") == "1"
    if count and not method.count:
        counters = [m.label for m in methods if m.count and not m.why]
        raise BadRequest(f"{method.label} cannot count optimal solutions; choose "
                         f"{' or '.join(counters) or 'no counting'}.")
    metric = puzzle.metric
    if method.metrics is not None and metric not in method.metrics:
        raise BadRequest(f"{method.label} does not support the counting rule "
                         f"'{metric}'; it takes {', '.join(method.metrics)}.")
    max_states, max_bytes = _budget(req, options=options)
    kwargs = {"max_states": max_states, "max_bytes": max_bytes}
    if method.bounds:
        bound = bound or method.default_bound
        kwargs["heuristic"] = puzzle.heuristics[bound] if bound else None
    else:
        bound = None
    if method.count:
        kwargs["count"] = count
    return method, bound, kwargs


# -- the operations ---------------------------------------------------------------
def describe(req):
    _check_fields(req, "describe")
    puzzle, options = _puzzle(req)
    if {"algo", "h", "count", "mem"} & set(options):
        plan(puzzle, {}, options)      # a link's method options must fit too
    methods, bounds = _contract(puzzle)
    out = {"ok": True, "op": "describe", "code": puzzle.code(),
           "family": puzzle.family, "view": puzzle.view(puzzle.start),
           "methods": methods, "bounds": bounds, "options": options}
    out.update(puzzle.describe())
    try:
        codes.check_solvable(puzzle)
        out["solvable"] = True
    except PuzzleError as exc:
        out["solvable"] = False
        out["unsolvable_reason"] = exc.message
    return out


def solve(req):
    """Generator: yields progress, returns the reply dict."""
    _check_fields(req, "solve")
    puzzle, options = _puzzle(req)
    method, bound, kwargs = plan(puzzle, req, options)
    codes.check_solvable(puzzle)
    yield from family_of(puzzle).prepare(puzzle, method.name, bound)
    result = yield from method.run(puzzle, **kwargs)
    states = result.states
    reply = {
        "ok": True, "op": "solve", "family": puzzle.family,
        "code": puzzle.code(), "algorithm": method.name,
        "algorithm_label": method.label,
        "length": result.cost, "optimal": result.optimal,
        "moves": [puzzle.format_move(m) for m in result.moves],
        "move_data": [puzzle.move_json(m) for m in result.moves],
        "positions": [puzzle.view(s) for s in states],
        "codes": [puzzle.encode(s) for s in states],
        "final": puzzle.encode(states[-1]),
        "stats": result.stats,
    }
    if bound:
        reply["heuristic"] = bound
    reply.update(result.extra)
    if kwargs.get("count") and "solutions" not in reply:
        raise AssertionError(f"{method.name} was asked to count and did not")
    return reply


def analyze(req):
    """Generator: the whole state space around the goal (or the start)."""
    _check_fields(req, "analyze")
    puzzle, options = _puzzle(req)
    max_states, max_bytes = _budget(req, options=options)
    origin = req.get("from", "goal")
    if origin not in (None, "goal", "start"):
        raise BadRequest(f"The field 'from' must be goal or start, not {show(origin)}.")
    root = puzzle.goal_state
    step = predecessors_of(puzzle)
    where = "goal"
    if origin == "start" or root is None or step is None:
        root, step, where = puzzle.start, puzzle.successors, "start"
    result = yield from family_of(puzzle).explore(puzzle, root, step, max_states, max_bytes)
    extra = result.extra
    return {"ok": True, "op": "analyze", "family": puzzle.family,
            "code": puzzle.code(), "from": where,
            "histogram": extra["histogram"],
            "max_distance": extra["max_distance"],
            "reachable": extra["reachable"],
            "farthest": [puzzle.encode(s) for s in extra["farthest"]],
            "farthest_views": [puzzle.view(s) for s in extra["farthest"][:12]],
            "stats": result.stats}


def edit(req):
    """Apply an editor action (``action`` plus its arguments ``args``, an
    object whose keys must be the ones the family's ``ACTIONS`` table lists
    for that action) through the family's
    ``edit(puzzle, action, args) -> code`` hook (or ``{code, note}``: the reply
    then carries ``note``, what the edit had to take away) and describe the
    resulting position.  The page never builds codes itself: every change
    to a position goes through here."""
    _check_fields(req, "edit")
    puzzle, options = _puzzle(req)
    module = family_of(puzzle)
    action = req.get("action")
    if not isinstance(action, str) or action not in module.ACTIONS:
        raise BadRequest(f"Unknown editor action {show(action)} for {puzzle.family}; "
                         f"known: {', '.join(module.ACTIONS)}.")
    args = req.get("args")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise BadRequest("Editor arguments must be an object.")
    takes = module.ACTIONS[action]
    unknown = sorted(str(k) for k in args if k not in takes)
    if unknown:
        raise BadRequest(f"Unknown argument{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(repr(show(k, 20)) for k in unknown[:5])} for the "
                         f"'{action}' action; it takes {', '.join(takes) or 'none'}.")
    code = module.edit(puzzle, action, args)
    note = None
    if isinstance(code, dict):          # the edit took something away: say what
        code, note = code["code"], code["note"]
    link = code + "".join(f"&{k}={v}" for k, v in sorted(options.items())
                          if k == "metric")
    reply = describe({"code": link})
    if note:
        reply["note"] = note
    return reply


def moves(req):
    """Generator: the legal moves from a position, for play mode.  With
    ``judge`` each move is marked ``winnable`` (true/false; null when the
    check hit its budget) by solving the position it leads to with the
    family's ``judge_method`` (or its auto method) -- peg solitaire's
    "never lose" mode."""
    _check_fields(req, "moves")
    puzzle, options = _puzzle(req)
    judge = _flag(req, "judge")
    budget = _budget(req, share=4)       # the judge's share of the budget
    out = []
    for move, child in family_of(puzzle).legal_moves(puzzle):
        out.append({"move": puzzle.format_move(move), "move_data": puzzle.move_json(move),
                    "code": puzzle.encode(child), "view": puzzle.view(child)})
    if judge:
        for entry in out:
            entry["winnable"] = yield from _winnable(entry["code"], options, budget)
    return {"ok": True, "op": "moves", "code": puzzle.code(),
            "view": puzzle.view(puzzle.start),
            "goal_reached": bool(puzzle.is_goal(puzzle.start)), "moves": out}


def _winnable(code, options, budget):
    link = code + "".join(f"&{k}={v}" for k, v in sorted(options.items()) if k == "metric")
    child, _ = _puzzle({"code": link})
    try:
        codes.check_solvable(child)
    except PuzzleError:
        return False
    family = family_of(child)
    name = family.judge_method(child)
    max_states, max_bytes = budget
    method, bound, kwargs = plan(child, {"algorithm": name, "max_states": max_states}, {})
    kwargs["max_bytes"] = max_bytes
    try:
        yield from family.prepare(child, method.name, bound)
        yield from method.run(child, **kwargs)
        return True
    except NoSolution:
        return False
    except SearchLimit:
        return None


def presets(req=None):
    if req is not None:
        _check_fields(req, "presets")
    out = []
    for name in FAMILIES:
        for label, code in family_module(name).PRESETS:
            out.append({"family": name, "label": label, "code": code})
    return {"ok": True, "op": "presets", "presets": out}


def tables_op(req):
    """The table files a solve will load (the worker fetches them first)."""
    _check_fields(req, "tables")
    puzzle, options = _puzzle(req)
    names = family_of(puzzle).tables_needed(
        puzzle, _text(req, "heuristic") or options.get("h"),
        _text(req, "algorithm") or options.get("algo"))
    return {"ok": True, "op": "tables", "tables": names}


OPS = {"describe": describe, "solve": solve, "analyze": analyze, "tables": tables_op,
       "presets": presets, "edit": edit, "moves": moves}


def handle(req):
    """Generator over any request: yields progress, returns the reply."""
    if not isinstance(req, dict):
        return {"ok": False, "error": {"type": "bad_request",
                                       "message": "A request must be a JSON object."}}
    op = OPS.get(req.get("op")) if isinstance(req.get("op"), str) else None
    if op is None:
        return {"ok": False, "error": {
            "type": "bad_request",
            "message": f"Unknown request op {show(req.get('op'))}; known: "
                       f"{', '.join(OPS)}."}}
    try:
        out = op(req)
        if hasattr(out, "send"):
            out = yield from out
        return out
    except PuzzleError as exc:
        return {"ok": False, "error": exc.to_json()}
    except MemoryError:
        return {"ok": False, "error": {
            "type": "limit", "message": "The search ran out of memory. Try "
            "IDA*, which needs little memory, or a smaller puzzle."}}


def run(req):
    """Answer a request to the end, without progress (CLI, tests)."""
    return drain(handle(req))


class Task:
    """A request advanced in slices by the web worker; speaks JSON strings.

    ``step(seconds)`` runs until the search yields progress after at least
    ``seconds`` have passed (or it ends) and returns
    ``{"kind": "progress", "data": {...}}`` or ``{"kind": "done", "data": reply}``.
    Between steps the worker's event loop runs, so a cancel can land.
    """

    def __init__(self, request_json):
        try:
            req = json.loads(request_json)
        except ValueError:
            req = None
        self.gen = handle(req)

    def step(self, seconds=0.05):
        deadline = time.perf_counter() + seconds
        last = None
        while True:
            try:
                last = next(self.gen)
            except StopIteration as stop:
                return json.dumps({"kind": "done", "data": stop.value})
            if time.perf_counter() >= deadline:
                return json.dumps({"kind": "progress", "data": last})

    def close(self):
        self.gen.close()


def call(request_json):
    """One-shot JSON string call (describe, presets)."""
    try:
        req = json.loads(request_json)
    except ValueError:
        req = None
    return json.dumps(run(req))
