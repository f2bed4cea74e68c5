"""The one entry point of the solver: JSON-able dict in, JSON-able dict out.

Called by the web worker (through :class:`Task`, which advances a request in
time slices and speaks JSON strings) and by the CLI (through :func:`run`).
Requests (``op``):

``describe``  {code}                 -> the position, goal and what can be
                                        asked of it (algorithms, heuristics)
``solve``     {code, algorithm, heuristic, metric, count, max_states}
                                     -> length, optimal, moves, positions ...
``analyze``   {code, max_states}     -> distance histogram from the goal,
                                        farthest positions, reachable count
``presets``   {}                     -> every family's named positions
``tables``    {code, heuristic, algorithm} -> the table files that solve
                                        will load (fetch them first)
``edit``      {code, action, args}   -> the edited position, described
``moves``     {code, judge}          -> legal moves with the codes they lead
                                        to (and, with judge, "winnable")

Replies always have ``ok``; failures carry ``error: {type, message, ...}``
with a message meant for people.  Long requests are generators: they yield
progress dicts (``elapsed``, ``expanded``, ``bound``/``depth``, ...).
"""

import json
import time

from . import codes
from .errors import NoSolution, PuzzleError, SearchLimit
from .families import FAMILIES, family_module
from .search import ALGORITHMS, LABELS, drain, explore
from .search.common import DEFAULT_MAX_STATES, predecessors_of

VERSION = "0.1.0"


def _puzzle(req):
    code, link_opts = codes.split_link(req.get("code", ""))
    options = dict(link_opts)
    for key in ("metric", "first"):
        if req.get(key) is not None:
            options[key] = req[key]
    puzzle = codes.parse(code, options)
    return puzzle, options


def _algorithms(puzzle):
    out = []
    for name in ALGORITHMS:
        entry = {"name": name, "label": LABELS[name], "available": True}
        if name in ("idastar", "astar") and not getattr(puzzle, "heuristic", None):
            entry["available"] = False
        if name == "bidir" and (getattr(puzzle, "goal_state", None) is None
                                or predecessors_of(puzzle) is None):
            entry["available"] = False
            entry["why"] = "needs one complete goal position"
        out.append(entry)
    extra = getattr(puzzle, "extra_algorithms", None)
    if extra:
        out.extend(extra())
    return out


def describe(req):
    puzzle, options = _puzzle(req)
    out = {"ok": True, "op": "describe", "code": puzzle.code(),
           "family": puzzle.family, "view": puzzle.view(puzzle.start),
           "algorithms": _algorithms(puzzle), "options": options}
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
    puzzle, options = _puzzle(req)
    codes.check_solvable(puzzle)
    algorithm = req.get("algorithm") or options.get("algo") or "auto"
    kwargs = {"max_states": int(req.get("max_states") or DEFAULT_MAX_STATES)}
    if req.get("count"):
        kwargs["count"] = True
    heur_name = req.get("heuristic") or options.get("h")
    heuristics = getattr(puzzle, "heuristics", {}) or {}
    if heur_name:
        if heur_name not in heuristics:
            raise PuzzleError(f"Unknown lower bound '{heur_name}' for this "
                              f"puzzle; choose from {', '.join(heuristics) or 'none'}.")
        kwargs["heuristic"] = heuristics[heur_name]
    if algorithm == "auto":
        algorithm, auto_kwargs = puzzle.auto_algorithm()
        for key, value in auto_kwargs.items():
            kwargs.setdefault(key, value)
    custom = getattr(puzzle, "custom_search", None)
    search = custom(algorithm) if custom else None
    if search is None:
        search = ALGORITHMS.get(algorithm)
    if search is None:
        raise PuzzleError(f"Unknown algorithm '{algorithm}'; choose from "
                          f"auto, {', '.join(ALGORITHMS)}.")
    if "count" in kwargs and algorithm not in ("bfs", "idastar") and not custom:
        raise PuzzleError("Counting all optimal solutions needs BFS or IDA*.")
    result = yield from search(puzzle, **kwargs)
    states = result.states
    reply = {
        "ok": True, "op": "solve", "family": puzzle.family,
        "code": puzzle.code(), "algorithm": algorithm,
        "length": result.cost, "optimal": result.optimal,
        "moves": [puzzle.format_move(m) for m in result.moves],
        "move_data": [puzzle.move_json(m) for m in result.moves],
        "positions": [puzzle.view(s) for s in states],
        "codes": [puzzle.encode(s) for s in states],
        "final": puzzle.encode(states[-1]),
        "stats": result.stats,
    }
    if heur_name:
        reply["heuristic"] = heur_name
    reply.update(result.extra)
    return reply


def analyze(req):
    """Generator: the whole state space around the goal (or the start)."""
    puzzle, _options = _puzzle(req)
    max_states = int(req.get("max_states") or DEFAULT_MAX_STATES)
    root = getattr(puzzle, "goal_state", None)
    step = predecessors_of(puzzle)
    where = "goal"
    if req.get("from") == "start" or root is None or step is None:
        root, step, where = puzzle.start, puzzle.successors, "start"
    custom = getattr(puzzle, "custom_explore", None)
    search = custom(root, max_states=max_states) if custom else None
    if search is None:
        search = explore(step, root, max_states=max_states)
    result = yield from search
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
    """Apply an editor action (``action`` plus its arguments) through
    ``families/<family>_edit.py``'s ``edit(puzzle, action, **args) -> code``
    (or ``{code, note}``: the reply then carries ``note``, what the edit had
    to take away) and describe the resulting position.  The page never
    builds codes itself: every change to a position goes through here."""
    puzzle, options = _puzzle(req)
    module = family_module(puzzle.family + "_edit")
    if module is None:
        raise PuzzleError("This puzzle has no editor.")
    args = req.get("args") or {}
    if not isinstance(args, dict):
        raise PuzzleError("Editor arguments must be an object.")
    code = module.edit(puzzle, str(req.get("action", "")), **args)
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
    family's fastest method -- peg solitaire's "never lose" mode."""
    puzzle, options = _puzzle(req)
    out = []
    relabel = getattr(puzzle, "relabel", None)    # keep pieces' own labels
    for move, child in puzzle.successors(puzzle.start):
        if relabel is not None:
            labelled_moves, labelled_states = relabel([move])
            move, child = labelled_moves[0], labelled_states[-1]
        out.append({"move": puzzle.format_move(move), "move_data": puzzle.move_json(move),
                    "code": puzzle.encode(child), "view": puzzle.view(child)})
    if req.get("judge"):
        budget = int(req.get("max_states") or DEFAULT_MAX_STATES // 4)
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
    name, kwargs = (child.judge_algorithm() if hasattr(child, "judge_algorithm")
                    else child.auto_algorithm())
    custom = getattr(child, "custom_search", None)
    search = (custom(name) if custom else None) or ALGORITHMS[name]
    kwargs = dict(kwargs)
    kwargs.setdefault("max_states", budget)
    try:
        yield from search(child, **kwargs)
        return True
    except NoSolution:
        return False
    except SearchLimit:
        return None


def presets(_req=None):
    out = []
    for name in FAMILIES:
        module = family_module(name)
        if module is None:
            continue
        for label, code in module.PRESETS:
            out.append({"family": name, "label": label, "code": code})
    return {"ok": True, "op": "presets", "presets": out}


def tables_op(req):
    """The table files a solve will load (the worker fetches them first)."""
    from . import tables
    puzzle, options = _puzzle(req)
    names = tables.needed(puzzle, req.get("heuristic") or options.get("h"),
                          req.get("algorithm") or options.get("algo"))
    return {"ok": True, "op": "tables", "tables": names}


OPS = {"describe": describe, "solve": solve, "analyze": analyze, "tables": tables_op,
       "presets": presets, "edit": edit, "moves": moves}


def handle(req):
    """Generator over any request: yields progress, returns the reply."""
    op = OPS.get(req.get("op") if isinstance(req, dict) else None)
    if op is None:
        return {"ok": False, "error": {"type": "bad_request",
                                       "message": f"Unknown request {req!r:.80}"}}
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
        self.gen = handle(json.loads(request_json))

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
    return json.dumps(run(json.loads(request_json)))
