"""The one entry point of the solver: JSON-able dict in, JSON-able dict out.

Called by the web worker (through :class:`Task`, which advances a request in
time slices and speaks JSON strings) and by the CLI (through :func:`run`).
Requests (``op``) and the fields each takes (any other field is refused,
named in the message):

``describe``  {code, metric, first}  -> the position, goal, and the method
                                        contract: every method with what it
                                        accepts (``methods``), the lower
                                        bounds (``bounds``)
``solve``     {code, algorithm, heuristic, metric, count, first, factor,
               max_memory, max_states, max_seconds}
                                     -> length, optimal, lower_bound, moves,
                                        positions, improvements ...
``analyze``   {code, metric, first, from, max_memory, max_states}
                                     -> distance histogram from the goal,
                                        farthest positions, reachable count;
                                        from "group" (blocks): the start's
                                        group by distance to its goals
``presets``   {}                     -> every family's named positions
``tables``    the fields of solve, moves or part -> the table files that request
                                        will load (the worker fetches them)
``edit``      {code, metric, action, args} -> the edited position, described
``moves``     {code, metric, first, judge, ahead, game, max_memory, max_states}
                                     -> legal moves with the codes they lead
                                        to (and, with judge, "winnable"; with
                                        ahead, the positions one move further
                                        are judged too, unsaid, to warm the
                                        judge's memory; game: the codes of
                                        the game's earlier positions, oldest
                                        first, which a stored table may use)
``generate``  {code, metric, first, difficulty, moves, pieces, seed, max_memory,
               max_states}       -> a new start on the position's board, with
                                        its goal and counting rule, at a
                                        difficulty describe lists (its
                                        ``generate`` offer) or exactly
                                        ``moves`` from the goal: the new
                                        position described, with its proven
                                        ``distance``
``part``      {code, algorithm, heuristic, metric, first, parts, index,
               limit, max_memory, max_states}
                                     -> a search split over several workers
                                        (web/parallel.js runs the parts):
                                        without limit the plan (``solved``, a
                                        solve reply, or the first ``limit``);
                                        with it, part ``index`` of ``parts``
                                        of the iteration at that bound
                                        (``found``, ``exhausted``)

Every solve is checked against the method contract (``protocol.Method``)
before anything runs: an unknown method, a lower bound the method cannot
use, counting with a method that cannot count, a counting rule it does not
support all get a plain message that says what to choose instead.

Replies always have ``ok``; failures carry ``error: {type, message, ...}``
with a message meant for people.  Long requests are generators: they yield
progress dicts (``elapsed``, ``expanded``, ``bound``/``depth``, ``phase``
while tables are prepared, ...) at least every ``PROGRESS_INTERVAL``.

A solve is *anytime* (:class:`Anytime`).  With ``auto``, a stored table
that holds the position answers first (the family's ``known``: pegs'
minimum-move tables, a preset's stored solution), then the family's quick
method (``quick_method``: weighted A* or beam search, depth-first search)
races the proof method (``auto_method``) in the same request: it runs alone
until its first answer, then the two share the time while it finds shorter
ones.  Every progress record of a solve carries
``lower_bound`` (the largest proven so far) and ``best`` (the length of the
best solution found), and, the moment a better solution is found,
``improvement``: that solution in full (the reply's fields), so the page
can show it at once.  The search stops as soon as the lower bound reaches
the best length (that solution is then proven optimal).

A solve that ran replies ``ok: true`` in one shape, however it ended:
``length`` (null when no solution was found), ``optimal``, ``lower_bound``
(the proven bound; equal to the length when optimal), ``moves``,
``move_data``, ``positions``, ``codes``, ``final``, ``path`` (the solution
as a link carries it; null without one), ``improvements``, ``stats``, and
one of these when it did not end with a proof:

``stopped``     {type, message}: the memory budget (``limit``), the time
                budget ``max_seconds`` (``limit``) or a Cancel
                (``cancelled``, :class:`errors.Cancelled` thrown into the
                generator) ended it; the best solution found (if any) and
                the proven ``lower_bound`` are kept, in the same fields.
``impossible``  {proof, label, message}: no solution exists, proven by
                ``proof`` (parity, classes, pagoda, count, moves: an
                argument without search; search: an exhaustive one);
                ``length`` and ``lower_bound`` are null.

``max_seconds`` is a time budget (none by default: the page has Cancel,
the CLI Ctrl-C; scripts and tests that must not wait for a proof out of
reach give one).  Errors (``ok: false``) are for requests that cannot run:
a bad request or code, a method that cannot take the position.
"""

import gc
import json
import random
import sys
import time
from math import ceil

from . import codes
from .errors import (BadRequest, Cancelled, NoSolution, PuzzleError, SearchLimit, Unsolvable,
                     show)
from .families import FAMILIES, family_module, family_of
from .protocol import Method
from .search import drain
from .search.common import (DEFAULT_MAX_MEMORY, DEFAULT_MAX_STATES, MAX_STATES_LIMIT, MB,
                            Clock, predecessors_of, progress)

MAX_MEMORY_MB = (16, 65536)      # the memory budget a request may ask for, MB
LINK_MEMORY_MB = (256, 2048)     # ... and a link (&mem=): the page's menu's range
MAX_FACTOR = 5                    # the largest suboptimality factor a request may ask for
QUICK_SHARE = 0.5                 # auto's quick search runs alone until its first answer,
                                  # then this is its share of the time while it runs
QUICK_MEMORY = 4                  # ... and of the memory budget: 1/4 (the proof the rest)
MAX_SECONDS = 7 * 24 * 3600       # the longest time budget a request may ask for
MAX_BOUND = 10_000                # the largest bound a part request may give

_CODE = ("code", "metric", "first")
FIELDS = {
    "describe": _CODE,
    "solve": _CODE + ("algorithm", "heuristic", "count", "factor", "max_memory",
                      "max_states", "max_seconds"),
    "analyze": _CODE + ("from", "max_memory", "max_states"),
    "presets": (),
    "edit": ("code", "metric", "action", "args"),
    "moves": _CODE + ("judge", "ahead", "game", "max_memory", "max_states"),
    "replay": _CODE + ("path", "lower_bound"),
    "part": _CODE + ("algorithm", "heuristic", "parts", "index", "limit", "max_memory",
                     "max_states"),
    "minima": ("code", "done", "only", "engine", "max_memory", "max_states"),
    "generate": _CODE + ("difficulty", "moves", "pieces", "seed", "max_memory", "max_states"),
}
FIELDS["tables"] = tuple(dict.fromkeys(FIELDS["solve"] + FIELDS["moves"] + FIELDS["part"]
                                       + FIELDS["generate"]))
# the fields only a generate request has (the tables op tells it by them)
_GENERATE_ONLY = ("difficulty", "moves", "pieces", "seed")

MAX_GAME = 1000         # earlier positions a moves request may carry
MAX_DONE = 10_000       # entries a minima request may carry from an earlier run

# What each request field holds, whatever the op: checked for every request
# before its op starts any work (``_check_request``), so a value of the
# wrong kind or size is refused with a short quote of it.  The op then
# checks what the value means (a known method, a number in its range).
#   text N     text of at most N characters      name      text of at most 40
#   flag       true or false                     whole     a whole number
#   number     a number                          args      an editor's arguments
#   texts N    a list of at most N texts         objects N a list of at most N objects
# null means "not given" for every field.  A new field needs its kind here
# (tests/test_fuzz_api.py checks that every field in FIELDS has one).
KINDS = {
    "code": ("text", codes.MAX_LINK_LENGTH), "path": ("text", codes.MAX_PATH_LENGTH),
    "metric": ("name",), "first": ("name",), "algorithm": ("name",), "heuristic": ("name",),
    "action": ("name",), "engine": ("name",), "from": ("name",),
    "count": ("flag",), "judge": ("flag",), "ahead": ("flag",),
    "factor": ("number",),
    "max_memory": ("whole",), "max_states": ("whole",), "max_seconds": ("whole",),
    "parts": ("whole",), "index": ("whole",), "limit": ("whole",), "lower_bound": ("whole",),
    "args": ("args",),
    "game": ("texts", MAX_GAME, codes.MAX_LINK_LENGTH), "only": ("texts", MAX_DONE, 40),
    "done": ("objects", MAX_DONE),
    "difficulty": ("name",), "moves": ("whole",), "pieces": ("whole",), "seed": ("whole",),
}
MAX_NAME = 40           # characters of a "name" field
MAX_DEPTH = 6           # objects and lists within each other in a request
MAX_ITEMS = 200_000     # values in one request, all levels together
MAX_ARGS = 4096         # values in an editor's arguments
MAX_ARG_TEXT = 200      # characters of one text in them

AUTO_HELP = ("Picks the method that answers this position fastest; the answer "
             "says whether it is proven optimal.")


# -- request checking ----------------------------------------------------------
def _with_metric(code, options):
    """``code`` as a link that keeps the request's counting rule (``metric``),
    the only option a position reached from it shares."""
    return code + (f"&metric={options['metric']}" if "metric" in options else "")


def _check_request(req, op):
    """The checks every request passes before its op starts any work: JSON
    values only (objects, lists, text, numbers, true/false, null), nested
    at most MAX_DEPTH deep, at most MAX_ITEMS of them, text that is valid
    Unicode (no lone surrogates: JSON can carry them, nothing can print
    them); only the op's own fields, each of its kind (KINDS).  Walks the
    request with a stack of its own: a request nested a thousand deep is
    refused, not a RecursionError."""
    stack = [(req, 0)]
    items = 0
    while stack:
        value, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise BadRequest(f"The request is too large (over {MAX_ITEMS:,} values).")
        if isinstance(value, str):
            if not value.isascii() and not _unicode(value):
                raise BadRequest("The request holds text that is not valid Unicode "
                                 "(a lone surrogate).")
        elif isinstance(value, (dict, list, tuple)):
            if depth >= MAX_DEPTH:
                raise BadRequest(f"The request is nested too deeply (objects and lists "
                                 f"at most {MAX_DEPTH} deep).")
            # counted before they are stacked (a list of 300,000 numbers made
            # 300,000 pairs here first: 30 MB for a request refused anyway)
            if items + len(stack) + len(value) * (2 if isinstance(value, dict) else 1) \
                    > MAX_ITEMS:
                raise BadRequest(f"The request is too large (over {MAX_ITEMS:,} values).")
            if isinstance(value, dict):
                for k, v in value.items():
                    if not isinstance(k, str):
                        raise BadRequest(f"A field name must be text, not {show(k)}.")
                    stack.append((k, depth + 1))
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in value)
        elif not (value is None or isinstance(value, (bool, int, float))):
            raise BadRequest(f"The request holds {show(value)}, which JSON cannot carry.")
    _check_fields(req, op)


def _unicode(text):
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _check_kind(key, value, kind):
    """Refuse ``value`` of field ``key`` unless it is of ``kind`` (KINDS)."""
    what = kind[0]
    if what in ("text", "name"):
        limit = kind[1] if what == "text" else MAX_NAME
        if not isinstance(value, str):
            raise BadRequest(f"The field '{key}' must be text, not {show(value)}.")
        if len(value) > limit:
            raise BadRequest(f"The field '{key}' is too long ({len(value):,} characters, "
                             f"at most {limit:,}): '{show(value)}'.")
    elif what == "flag":
        if not isinstance(value, bool):
            raise BadRequest(f"The field '{key}' must be true or false, not {show(value)}.")
    elif what in ("whole", "number"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (
                what == "whole" and isinstance(value, float) and not value.is_integer()):
            raise BadRequest(f"The field '{key}' must be a "
                             f"{'whole number' if what == 'whole' else 'number'}, "
                             f"not {show(value)}.")
    elif what == "args":
        _check_args(value)
    elif what in ("texts", "objects"):
        n = kind[1]
        if not isinstance(value, list) or len(value) > n or not all(
                isinstance(v, str) and len(v) <= kind[2] if what == "texts" else
                isinstance(v, dict) for v in value):
            raise BadRequest(f"The field '{key}' must be a list of at most {n:,} "
                             f"{'texts' if what == 'texts' else 'objects'}, "
                             f"not {show(value)}.")


def _check_args(args):
    """An editor's arguments: an object of small values (whole numbers,
    short texts, true/false, lists of them), MAX_ARGS values at most."""
    if not isinstance(args, dict):
        raise BadRequest(f"Editor arguments must be an object, not {show(args)}.")
    stack = list(args.values())
    items = 0
    while stack:
        value = stack.pop()
        items += 1
        if items > MAX_ARGS:
            raise BadRequest(f"The editor's arguments are too large (over {MAX_ARGS:,} "
                             f"values).")
        if isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str) and len(value) > MAX_ARG_TEXT:
            raise BadRequest(f"An editor argument is too long ({len(value):,} characters, "
                             f"at most {MAX_ARG_TEXT}): '{show(value)}'.")
        elif isinstance(value, int) and not isinstance(value, bool) and \
                value.bit_length() > 64:
            raise BadRequest(f"An editor argument is too large a number ({show(value)}).")
        elif isinstance(value, dict):
            raise BadRequest("An editor argument cannot be an object.")


def _check_fields(req, op):
    """Only the op's own fields (FIELDS), each of its kind (KINDS)."""
    allowed = FIELDS.get(op, ())
    unknown = sorted(str(k) for k in req if k != "op" and k not in allowed)
    if unknown:
        known = ", ".join(allowed) or "no other field"
        raise BadRequest(f"Unknown field{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(repr(show(k, 20)) for k in unknown[:5])} in a "
                         f"{op} request; it takes {known}.")
    for key, value in req.items():
        if key != "op" and value is not None and key in KINDS:
            _check_kind(key, value, KINDS[key])


def _number(value):
    """A whole number for a message: with thousands separators, or, when
    it is too long to print, its size (see errors.show)."""
    if value.bit_length() <= 64:
        return f"{value:,}"
    return f"a number of about {int(value.bit_length() * 0.30103):,} digits"


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
        raise BadRequest(f"The {what} ({key}) must be from {lo:,} to {hi:,}, "
                         f"not {_number(value)}.")
    return value


def _factor(req, options):
    """The suboptimality factor: a number from 1 to MAX_FACTOR (a link's
    ``factor`` when the request has none); 1 means optimal."""
    value = req.get("factor")
    if value is None and options.get("factor"):
        try:
            value = float(options["factor"])
        except ValueError:
            raise BadRequest(f"The link option 'factor' must be a number like 1.2, "
                             f"not '{show(options['factor'])}'.") from None
    if value is None:
        return 1
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise BadRequest(f"The factor must be a number from 1 to {MAX_FACTOR}, not {show(value)}.")
    if not 1 <= value <= MAX_FACTOR:
        raise BadRequest(f"The factor must be from 1 to {MAX_FACTOR} (1 = optimal), "
                         f"not {show(value)}.")
    value = round(float(value), 3)
    return int(value) if value.is_integer() else value


def _budget(req, share=1, options=None):
    """The memory budget: (positions, bytes).  ``max_memory`` is in MB (the
    page's and the CLI's knob; a link's ``mem`` when the request has none);
    ``max_states`` caps the positions too."""
    if req.get("max_memory") is None and (options or {}).get("mem"):
        # a link's budget is one the page's menu offers a range of (a link
        # must not make a visitor's tab hold more than the menu allows)
        mb = int(options["mem"])
        if not LINK_MEMORY_MB[0] <= mb <= LINK_MEMORY_MB[1]:
            raise BadRequest(f"The link's memory budget (mem) must be from "
                             f"{LINK_MEMORY_MB[0]:,} to {LINK_MEMORY_MB[1]:,} MB, not {mb:,}.")
        req = dict(req, max_memory=mb)
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
                      "help": AUTO_HELP, "resolves": auto.name, "factor": False})
    if family.quick_method(puzzle):
        # split, auto's plan request answers first (a stored table, the
        # quick method) and web/parallel.js runs the quick method on one
        # worker beside the parts (api.part)
        auto_json["quick"] = family.quick_method(puzzle)
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
    factor = _factor(req, options)
    if factor != 1:
        if asked == "auto" or not method.factor:
            takers = [m.label for m in methods if m.factor and not m.why]
            who = "Auto" if asked == "auto" else method.label
            raise BadRequest(f"{who} cannot trade optimality for speed (factor "
                             f"{factor}); choose {' or '.join(takers) or 'factor 1'}"
                             f"{'' if not takers else ', or factor 1'}.")
        if count:
            raise BadRequest("Counting optimal solutions needs an optimal search: "
                             "set the factor to 1, or do not count.")
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
    if factor != 1:
        kwargs["factor"] = factor
    return method, bound, kwargs


# -- the operations ---------------------------------------------------------------
def describe(req):
    _check_fields(req, "describe")
    puzzle, options = _puzzle(req)
    if {"algo", "h", "count", "mem", "factor"} & set(options):
        plan(puzzle, {}, options)      # a link's method options must fit too
    methods, bounds = _contract(puzzle)
    out = {"ok": True, "op": "describe", "code": puzzle.code(),
           "family": puzzle.family, "view": puzzle.view(puzzle.start),
           "methods": methods, "bounds": bounds, "options": options,
           # what "New puzzle" offers here (protocol.Offer), and where the
           # analyze op measures distances from (the page's button says it)
           "generate": family_of(puzzle).difficulties(puzzle).to_json(),
           "analyze_from": _analyze_root(puzzle)[2]}
    out.update(puzzle.describe())
    try:
        codes.check_solvable(puzzle)
        out["solvable"] = True
    except PuzzleError as exc:
        out["solvable"] = False
        out["unsolvable_reason"] = exc.message
        out["impossible"] = impossible(puzzle, exc)["impossible"]   # the result, shown at once
    return out


def solution_json(puzzle, result, method):
    """A solution as the page shows it: the moves in the family's notation,
    the data the page animates, every position's view and code, and its
    ``path`` (what a link carries, see :func:`path_of`)."""
    states = result.states
    codes_ = [puzzle.encode(s) for s in states]
    return {"length": result.cost, "optimal": result.optimal,
            "algorithm": method.name, "algorithm_label": method.label,
            "algorithm_short": method.noun,
            "moves": [puzzle.format_move(m) for m in result.moves],
            "move_data": [puzzle.move_json(m) for m in result.moves],
            "positions": [puzzle.view(s) for s in states],
            "codes": codes_, "final": codes_[-1],
            "path": path_of(puzzle, codes_) if len(codes_) * len(codes_[0]) <= MAX_PATH_WORK
            else None}


# -- solutions in links ------------------------------------------------------------
# A link carries a solution as ``path``: at each step, the place of the next
# position among the legal moves' positions sorted by their codes (one
# base-36 digit a step, or numbers joined by '.' when a position has more
# than 36 moves).  Family-blind (it uses only the legal_moves hook and
# codes), the same in every runtime (sorted codes, no hash order), and
# checked move by move when a link is opened (the ``replay`` op).
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
MAX_PATH_STEPS = 5000
# Each step parses a code (a few ms on a 10x10 board): solutions longer than
# this many steps x code characters get no path (their links solve again).
MAX_PATH_WORK = 60_000
# ... and each step encodes every legal move's position to place the next
# one among them: a solution whose moves' codes come to more characters
# than this (about 0.1 s of CPU; 52 blocks on 16x16 have 10,000 moves of
# 550 characters each) gets no path either.
MAX_PATH_CHARS = 1_000_000
# A step's parse counts in that work too, before it is made: a position
# whose parse builds B bytes of tables again counts as B / PARSE_BYTES_PER_CHAR
# characters (52 named blocks on 16x16: 15 MB of tables, 0.08 s of CPU to
# parse, as 1.5 million characters: no path; 26 such steps were 2 s of CPU
# without a record, and each parse a second 15 MB beside the first).
PARSE_BYTES_PER_CHAR = 10


def _link_puzzle(code, metric):
    """The puzzle of position ``code`` under counting rule ``metric``."""
    return _puzzle({"code": _with_metric(code, {"metric": metric})})[0]


def _steps(here, moves=None):
    """(``here``, the legal moves of its start as (code, move, child),
    sorted by the child's code); ``moves``: those legal moves, if known."""
    moves = family_of(here).legal_moves(here) if moves is None else moves
    out = [(here.encode(child), move, child) for move, child in moves]
    out.sort(key=lambda e: e[0])
    return here, out


def path_of(puzzle, codes_):
    """The ``path`` of a solution given by its positions' codes (None when
    placing its steps would encode over MAX_PATH_CHARS characters)."""
    picks = []
    work = 0
    start = None if getattr(puzzle, "first", None) else puzzle.encode(puzzle.start)
    for here, there in zip(codes_, codes_[1:]):
        # the start is the puzzle in hand (a big board's parse is a tenth of
        # a second of CPU: not twice)
        if here == start:
            at = puzzle
        else:
            # counted before the parse: it would hold a second copy of the
            # position's tables beside the first
            work += _reparse_bytes(puzzle) // PARSE_BYTES_PER_CHAR
            if work > MAX_PATH_CHARS:
                return None
            at = _link_puzzle(here, puzzle.metric)
        moves = list(family_of(at).legal_moves(at))
        work += len(moves) * len(here)
        if work > MAX_PATH_CHARS:
            return None
        _, steps = _steps(at, moves)
        picks.append(next(i for i, e in enumerate(steps) if e[0] == there))
    if all(i < 36 for i in picks):
        return "".join(DIGITS[i] for i in picks)
    return ".".join(_base36(i) for i in picks)


def _base36(n):
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = DIGITS[r] + out
        if not n:
            return out


def _picks(path):
    """The steps of a link's ``path`` (see the section's comment), or a
    BadRequest that says the link is damaged: every step one base-36
    number, none empty."""
    if not isinstance(path, str) or not path:
        raise BadRequest("A replay request needs the solution's path.")
    if len(path) > codes.MAX_PATH_LENGTH or not set(path) <= set(DIGITS + "."):
        raise BadRequest(f"The solution in the link is damaged ('{show(path)}').")
    if "." not in path:
        return [DIGITS.index(c) for c in path]
    steps = path.split(".")
    if not all(steps) or any(len(p) > 4 for p in steps):
        raise BadRequest(f"The solution in the link is damaged ('{show(path)}': "
                         f"{'a move is missing' if not all(steps) else 'a move is too long'}).")
    return [int(p, 36) for p in steps]


def replay(req):
    """Generator: rebuild a solution from a link's ``path``, checking every
    move: the solution JSON (as a solve gives it), with ``from_link`` and
    the ``lower_bound`` the link states (at most the length; a lower bound
    the link cannot prove beyond that is the sender's claim, said so).
    Everything the request says is checked before the first move is: a
    path longer than a solve of this position could have put in a link
    (``MAX_PATH_WORK``) is refused at once.  Each position's code is parsed
    once, and a progress record (``phase: "replay"``) comes between moves
    at least every PROGRESS_INTERVAL."""
    _check_fields(req, "replay")
    puzzle, options = _puzzle(req)
    path = req.get("path")
    if path is None:
        path = options.get("path")
    picks = _picks(path)
    lower = req.get("lower_bound")
    if lower is None and options.get("lb"):
        lower = int(options["lb"])
    # the sender's claim, at most the length (a claim beyond it proves nothing more)
    lower = min(_whole({"lower_bound": lower}, "lower_bound", 0, MAX_BOUND, "lower bound", 0),
                len(picks))
    here = puzzle.code()
    most = min(MAX_PATH_STEPS, MAX_PATH_WORK // len(here))
    if len(picks) > most:
        raise BadRequest(f"The solution in the link is too long for this position "
                         f"({len(picks):,} moves; a link carries at most {most:,} on this "
                         f"board).")
    codes_, moves_, data, views = [here], [], [], [puzzle.view(puzzle.start)]
    clock = Clock()
    reached = puzzle.is_goal(puzzle.start)
    at = None if options.get("first") else puzzle      # the start, parsed once
    for n, i in enumerate(picks):
        at = at or _link_puzzle(here, puzzle.metric)
        moves = list(family_of(at).legal_moves(at))
        if i >= len(moves):
            raise BadRequest(f"The solution in the link does not fit this position "
                             f"(move {n + 1} of {len(picks)} does not exist).")
        # every move's position is encoded to place this one among them: a
        # board of many blocks has 10,000 moves (progress between them too)
        steps = []
        for k, (move, child) in enumerate(moves):
            steps.append((at.encode(child), move, child))
            if k % 256 == 255 and clock.due():
                yield progress(clock, phase="replay", move=n, of=len(picks))
        steps.sort(key=lambda e: e[0])
        here, move, child = steps[i]
        codes_.append(here)
        moves_.append(at.format_move(move))
        data.append(at.move_json(move))
        views.append(at.view(child))
        reached = at.is_goal(child)
        at = None
        if clock.due():
            yield progress(clock, phase="replay", move=n + 1, of=len(picks))
    if not reached:
        raise BadRequest(f"The solution in the link does not reach the goal "
                         f"({len(picks)} move{'' if len(picks) == 1 else 's'}).")
    return {"ok": True, "op": "replay", "family": puzzle.family, "code": puzzle.code(),
            "length": len(picks), "optimal": lower >= len(picks), "lower_bound": lower,
            "from_link": True, "algorithm": "link", "algorithm_label": "the link",
            "moves": moves_, "move_data": data, "positions": views, "codes": codes_,
            "final": here, "path": path, "improvements": [],
            "stats": {"expanded": 0, "generated": 0, "seconds": round(clock.elapsed(), 4)}}


class _Runner:
    """One search of a race (Anytime.race): its method, its generator, its
    share of the time, the time it has had and its last figures."""

    __slots__ = ("method", "gen", "share", "spent", "done", "last", "counts")

    def __init__(self, method, gen, share):
        self.method, self.gen, self.share = method, gen, share
        self.spent = 0.0
        self.done = False
        self.last = {}
        self.counts = {"expanded": 0, "generated": 0}

    def count(self, figures):
        for key in self.counts:
            value = figures.get(key)
            if isinstance(value, int):
                self.counts[key] = value


class Anytime:
    """One solve's anytime state: the best solution found so far (a
    SearchResult and the method that found it), the largest proven lower
    bound, and the improvements with their times.  The stages of a solve
    (a stored table's answer, then auto's quick method racing the proof)
    feed it; it decides when the proof is done (``lower >= best length``)."""

    def __init__(self, puzzle, max_seconds=None):
        self.puzzle = puzzle
        self.t0 = time.perf_counter()
        self.max_seconds = max_seconds
        self.best = None            # SearchResult
        self.best_method = None
        self.lower = 0
        self.improvements = []      # [{length, seconds, algorithm, optimal}]
        self.runners = []           # the searches of the race, for their figures
        self.prover = None          # the method whose bound proved the best
        self.shown = None           # (result, its solution_json), the last made

    def proven(self):
        return self.best is not None and (self.best.optimal or self.lower >= self.best.cost)

    def seconds(self):
        return round(time.perf_counter() - self.t0, 3)

    def offer(self, result, method):
        """A solution found: keep it when shorter (or proven at the same
        length); returns its ``improvement`` record, or None."""
        self.lower = max(self.lower, result.extra.get("lower_bound", 0) or 0)
        if result.optimal:
            self.lower = max(self.lower, result.cost)
        best = self.best
        if best is not None and (result.cost > best.cost or
                                 (result.cost == best.cost and not result.optimal)):
            return None
        self.best, self.best_method = result, method
        seconds = self.seconds()
        optimal = self.proven()
        self.improvements.append({"length": result.cost, "seconds": seconds,
                                  "algorithm": method.name, "optimal": optimal})
        out = self.solution(result, method)
        out.update(optimal=optimal, lower_bound=self.lower, seconds=seconds)
        return out

    def solution(self, result, method):
        """``solution_json`` of the best result, made once (its ``path``
        parses every position's code: 1.6 s for Tannentei's 161 steps)."""
        if self.shown is None or self.shown[0] is not result:
            self.shown = (result, solution_json(self.puzzle, result, method))
        return dict(self.shown[1])

    def note(self, rec, method):
        """A progress record of ``method``'s search: its proven bound and any
        solution it carries taken in; returns the record as passed on (with
        ``lower_bound``, ``best``, and ``improvement`` when it is better)."""
        rec = dict(rec)
        found_ = rec.pop("solution", None)
        lower = rec.get("lower_bound")
        if isinstance(lower, (int, float)):
            self.lower = max(self.lower, ceil(lower))
        if found_ is not None:
            improvement = self.offer(found_, method)
            if improvement is not None:
                rec["improvement"] = improvement
        return rec

    def race(self, runners):
        """Generator: run the searches of ``runners`` ([(method, generator,
        share)]: auto's quick method first, the proof last) side by side, in
        slices of one progress record, each getting its share of the time
        (the quick one alone until its first answer: it always gives one,
        within a second on the boards measured, benchmarks/bench_anytime.py);
        passes on the records, with the proof's figures;
        returns the proof's result, or None when the best was proven before
        it ended.  A quick search that ends or hits its budget leaves the
        race; the proof's limits end the solve (SearchLimit)."""
        self.runners = [_Runner(*r) for r in runners]
        proof = self.runners[-1]
        quick = self.runners[0] if len(self.runners) > 1 else None
        try:
            while True:
                live = [r for r in self.runners if not r.done]
                now = time.perf_counter()
                if quick is not None and not quick.done and self.best is None:
                    runner = quick
                else:
                    runner = min(live, key=lambda r: r.spent / r.share)
                try:
                    rec = next(runner.gen)
                except StopIteration as stop:
                    runner.spent += time.perf_counter() - now
                    runner.done = True
                    result = stop.value
                    if result is not None:
                        runner.count(result.stats)
                        improvement = self.offer(result, runner.method)
                        if improvement is not None:
                            yield self.passed(dict(proof.last), improvement)
                    if runner is proof:
                        return result
                    if self.proven():
                        return None
                    continue
                except SearchLimit as exc:
                    if runner is proof:
                        raise
                    runner.done = True      # the quick search's own budget: it leaves
                    continue
                runner.spent += time.perf_counter() - now
                rec = self.note(rec, runner.method)
                runner.count(rec)
                runner.last = rec
                if runner is proof or not proof.last:
                    out = rec
                else:
                    out = dict(proof.last)
                    if "improvement" in rec:
                        out["improvement"] = rec["improvement"]
                    if rec.get("phase"):
                        out["quick"] = rec["phase"]
                yield self.passed(out)
                if self.out_of_time():
                    raise SearchLimit(f"Stopped at the time budget ({self.max_seconds:,} s).",
                                      stats=self.counts(), lower_bound=self.lower)
                if self.proven():
                    if self.best_method is not runner.method and runner is proof:
                        self.prover = runner.method
                    return None
        finally:
            for r in self.runners:
                r.gen.close()

    def passed(self, rec, improvement=None):
        """A record as the solve passes it on: the largest proven bound, the
        best length, the time since the request began."""
        rec = dict(rec, lower_bound=self.lower, elapsed=self.seconds())
        if improvement is not None:
            rec["improvement"] = improvement
        if self.best is not None:
            rec["best"] = self.best.cost
        return rec

    def out_of_time(self):
        return (self.max_seconds is not None and
                time.perf_counter() - self.t0 > self.max_seconds)

    def counts(self):
        """Positions expanded and generated by every search of the solve."""
        out = {"expanded": 0, "generated": 0}
        for r in self.runners:
            for key in out:
                out[key] += r.counts[key]
        return out

    def reply(self, puzzle, stats=None, extra=None):
        """The reply: the best solution (or, with none, an empty one: length
        null, the start alone), ``optimal``, the proven ``lower_bound``, the
        improvements and the figures."""
        result, method = self.best, self.best_method
        out = {"ok": True, "op": "solve", "family": puzzle.family, "code": puzzle.code()}
        if result is not None:
            out.update(self.solution(result, method))
        else:
            start = puzzle.code()
            out.update(length=None, algorithm=None, algorithm_label=None,
                       algorithm_short=None, moves=[],
                       move_data=[], positions=[puzzle.view(puzzle.start)], codes=[start],
                       final=start, path=None)
        out["optimal"] = self.proven()
        out["lower_bound"] = result.cost if out["optimal"] else self.lower
        if extra:
            out.update({k: v for k, v in extra.items() if k != "lower_bound"})
        out["stats"] = dict(stats or (result.stats if result is not None else {}))
        out["stats"].update(self.counts() if self.runners else {})
        out["stats"]["seconds"] = round(time.perf_counter() - self.t0, 4)
        out["improvements"] = self.improvements
        if out["optimal"] and self.prover is not None:
            out["proved_by"] = self.prover.name
            out["proved_by_label"] = self.prover.noun
        return out

    def stopped(self, puzzle, exc):
        """The reply of a search stopped by the budget, the time budget or a
        Cancel: the best solution kept (if any), the proven bound, and
        ``stopped`` saying what stopped it; the same shape with or without a
        solution (see the module's docstring)."""
        # the engine's own proven bound, when the stop came between two
        # progress records
        self.lower = max(self.lower, ceil(exc.details.get("lower_bound") or 0))
        stats = dict(self.best.stats) if self.best is not None else {}
        stats.update(exc.details.get("stats") or {})
        out = self.reply(puzzle, stats=stats)
        out["stopped"] = {"type": exc.kind, "message": exc.message}
        return out


def impossible(puzzle, exc):
    """The reply of a position proven to have no solution: a result, not an
    error.  ``impossible``: ``proof`` (parity, classes, pagoda, count,
    moves or search: what proves it), ``message`` (the argument in words)."""
    start = puzzle.code()
    proof = exc.details.get("proof") or ("search" if isinstance(exc, NoSolution) else "argument")
    return {"ok": True, "op": "solve", "family": puzzle.family, "code": start,
            "impossible": {"proof": proof, "label": PROOFS.get(proof, proof),
                           "message": exc.message},
            "length": None, "optimal": False, "lower_bound": None, "algorithm": None,
            "algorithm_label": None, "algorithm_short": None, "moves": [], "move_data": [],
            "positions": [puzzle.view(puzzle.start)], "codes": [start], "final": start,
            "path": None, "improvements": [],
            "stats": dict(exc.details.get("stats") or {"expanded": 0, "generated": 0})}


# what proves a position impossible, as the result says it ("Impossible,
# proven by ...")
PROOFS = {"parity": "parity", "classes": "position classes", "pagoda": "a pagoda function",
          "count": "counting the pegs", "moves": "no legal move", "search": "an exhaustive search"}


def _staged(family, puzzle, method, bound, kwargs):
    """Generator: a method's tables prepared (within its memory budget,
    which then shrinks by what they take), then its search; returns its
    result."""
    need = yield from family.prepare(puzzle, method.name, bound, kwargs["max_bytes"])
    return (yield from method.run(puzzle, **dict(kwargs, max_bytes=kwargs["max_bytes"] - need)))


def _table_method(result):
    """The method record an answer from a stored table is shown with."""
    label = result.extra.get("source") or "a stored table"
    return Method("table", f"From {label}", "", None, short=label)


def solve(req):
    """Generator: yields progress, returns the reply dict (see the module's
    docstring: a stored answer, anytime stages, the lower bound, stops that
    keep the best, impossible as a result)."""
    _check_fields(req, "solve")
    puzzle, options = _puzzle(req)
    method, bound, kwargs = plan(puzzle, req, options)
    family = family_of(puzzle)
    run = Anytime(puzzle, _whole(req, "max_seconds", 1, MAX_SECONDS, "time budget in seconds",
                                 None))
    try:
        codes.check_solvable(puzzle)
    except Unsolvable as exc:
        return impossible(puzzle, exc)
    asked = _text(req, "algorithm") or options.get("algo") or "auto"
    auto = asked == "auto" and not kwargs.get("count")
    if auto:
        known = family.known(puzzle)
        if known is not None:
            improvement = run.offer(known, _table_method(known))
            if run.proven():
                return run.reply(puzzle, stats=known.stats)
            yield run.passed({"phase": "table"}, improvement)
    runners = []
    quick = family.quick_method(puzzle) if auto else None
    if quick and quick != method.name:
        qmethod, qbound, qkwargs = plan(puzzle, {"algorithm": quick}, {})
        share = kwargs["max_bytes"] // QUICK_MEMORY
        qkwargs.update(max_states=kwargs["max_states"], max_bytes=share)
        kwargs["max_bytes"] -= share
        runners.append((qmethod, _staged(family, puzzle, qmethod, qbound, qkwargs),
                        QUICK_SHARE))
    runners.append((method, _staged(family, puzzle, method, bound, kwargs), 1 - QUICK_SHARE
                    if runners else 1))
    try:
        result = yield from run.race(runners)
    except (SearchLimit, Cancelled) as exc:
        return run.stopped(puzzle, exc)
    except NoSolution as exc:
        if run.best is not None:     # cannot happen: a solution was found
            raise AssertionError(f"{method.name} found no solution where one exists") from exc
        return impossible(puzzle, exc)
    if run.best is None:              # a search ended without an answer: cannot happen
        raise AssertionError(f"{method.name} returned no solution")
    extra = result.extra if result is not None and run.best is result else None
    reply = run.reply(puzzle, stats=result.stats if extra is not None else None, extra=extra)
    if bound and run.best_method is method:
        reply["heuristic"] = bound
    if kwargs.get("count") and "solutions" not in reply:
        raise AssertionError(f"{method.name} was asked to count and did not")
    return reply


MAX_PARTS = 256                   # the most parts a search may be split into


def part(req):
    """Generator: a search split over several workers, one request at a
    time (``Method.split``).  Without ``limit``: the plan, which searches in
    one piece up to a small budget; its reply has ``solved`` (a solve reply)
    when that settled it, else ``limit``, the first bound of the parts (all
    smaller ones are proven empty).  With ``algorithm`` auto the plan
    answers first as a solve does (a stored table, then the quick method
    alone until its first answer, ``improvement`` records): ``best`` (a solve
    reply, not proven) carries that answer, and ``quick`` names the quick
    method when it has more to find (web/parallel.js then runs it as a solve
    request on one worker beside the parts).  With ``limit`` and ``index``:
    that part of the iteration at bound ``limit``; ``found`` is a solution
    exactly ``limit`` long (or null), ``exhausted`` says the part holds none
    at any bound.  Whoever runs the parts (web/parallel.js) proves a found
    length optimal once every part of every smaller bound came back empty."""
    _check_fields(req, "part")
    puzzle, options = _puzzle(req)
    method, bound, kwargs = plan(puzzle, req, options)
    if method.split is None:
        takers = [m.label for m in family_of(puzzle).methods(puzzle)
                  if m.split is not None and not m.why]
        raise BadRequest(f"{method.label} cannot split its search over several workers"
                         f"{'; choose ' + ' or '.join(takers) if takers else ''}, "
                         f"or use one worker.")
    if kwargs.pop("count", False):
        raise BadRequest("Counting optimal solutions runs on one worker; "
                         "do not count, or use one worker.")
    parts = _whole(req, "parts", 1, MAX_PARTS, "number of parts", 1)
    limit = _whole(req, "limit", 0, MAX_BOUND, "bound", None)
    index = _whole(req, "index", 0, parts - 1, "part number", None)
    if (limit is None) != (index is None):
        raise BadRequest("A part request gives both its bound (limit) and its part "
                         "number (index), or neither (the plan).")
    t0 = time.perf_counter()
    family = family_of(puzzle)
    reply = {"ok": True, "op": "part", "family": puzzle.family, "code": puzzle.code(),
             "parts": parts}
    try:
        codes.check_solvable(puzzle)
    except Unsolvable as exc:
        # the plan answers as a solve does: impossible is a result
        reply["solved"] = impossible(puzzle, exc)
        return reply
    run = Anytime(puzzle)
    more = None
    if limit is None and (_text(req, "algorithm") or options.get("algo") or "auto") == "auto":
        more = yield from _first_answer(puzzle, family, run, kwargs)
        if run.proven():
            reply["solved"] = run.reply(puzzle)
            return reply
    kwargs["max_bytes"] -= yield from family.prepare(puzzle, method.name, bound,
                                                     kwargs["max_bytes"])
    try:
        out = yield from method.split(puzzle, parts=parts, index=index, limit=limit, **kwargs)
    except NoSolution as exc:
        if limit is not None:
            raise
        reply["solved"] = impossible(puzzle, exc)
        return reply
    result = out.get("result")
    if limit is None:
        if result is not None:
            run.offer(result, method)
        else:
            run.lower = max(run.lower, out["limit"])
        if run.proven():
            reply["solved"] = run.reply(puzzle)
            return reply
        reply["limit"] = out["limit"]
        if run.best is not None:
            reply["best"] = run.reply(puzzle)
        if more is not None:
            reply["quick"] = more
        return reply
    reply.update(index=index, limit=limit, exhausted=out["exhausted"],
                 expanded=out["expanded"], generated=out["generated"],
                 seconds=round(time.perf_counter() - t0, 4), found=None)
    if result is not None:
        reply["found"] = solution_json(puzzle, result, method)
    return reply


def _first_answer(puzzle, family, run, kwargs):
    """Generator: a split search's first answer, as a solve's: the stored
    table's, then the quick method alone until its first answer, its records
    passed on; returns the quick method's name when it stopped with more to
    find, else None."""
    known = family.known(puzzle)
    if known is not None:
        improvement = run.offer(known, _table_method(known))
        if run.proven():
            return None
        yield run.passed({"phase": "table"}, improvement)
    quick = family.quick_method(puzzle)
    if not quick:
        return None
    qmethod, qbound, qkwargs = plan(puzzle, {"algorithm": quick}, {})
    qkwargs.update(max_states=kwargs["max_states"], max_bytes=kwargs["max_bytes"])
    gen = _staged(family, puzzle, qmethod, qbound, qkwargs)
    try:
        while run.best is None:
            rec = run.note(next(gen), qmethod)
            yield run.passed(rec)
    except StopIteration as stop:
        if stop.value is not None:
            improvement = run.offer(stop.value, qmethod)
            if improvement is not None:
                yield run.passed({}, improvement)
        return None
    except SearchLimit:
        return None
    finally:
        gen.close()
    return quick


def analyze(req):
    """Generator: the whole state space around the goal (or the start)."""
    _check_fields(req, "analyze")
    puzzle, options = _puzzle(req)
    max_states, max_bytes = _budget(req, options=options)
    origin = req.get("from", "goal")
    if origin not in (None, "goal", "start", "group"):
        raise BadRequest(f"The field 'from' must be goal, start or group, not {show(origin)}.")
    out = {"ok": True, "op": "analyze", "family": puzzle.family, "code": puzzle.code()}
    if origin == "group":
        # the start's group, each position's distance to its nearest goal
        result = yield from family_of(puzzle).group(puzzle, max_states, max_bytes)
        out["from"] = "group"
        for key in ("goals", "start_distance", "start_solutions"):
            out[key] = result.extra[key]
    else:
        root, step, out["from"] = _analyze_root(puzzle, origin)
        result = yield from family_of(puzzle).explore(puzzle, root, step, max_states, max_bytes)
    extra = result.extra
    out.update(histogram=extra["histogram"], max_distance=extra["max_distance"],
               reachable=extra["reachable"],
               farthest=[puzzle.encode(s) for s in extra["farthest"]],
               farthest_views=[puzzle.view(s) for s in extra["farthest"][:12]],
               stats=result.stats)
    return out


def _analyze_root(puzzle, origin="goal"):
    """(root, step, "goal" or "start"): where the analyze op explores from.
    From the goal, by moves taken backwards, when the goal is one position
    whose predecessors the puzzle gives; else from the start (a goal
    pattern, as sliding blocks have, has no one position to start from)."""
    root, step = puzzle.goal_state, predecessors_of(puzzle)
    if origin == "start" or root is None or step is None:
        return puzzle.start, puzzle.successors, "start"
    return root, step, "goal"


MAX_SEED = 2 ** 53 - 1      # a seed the page's JavaScript numbers carry exactly


def generate(req):
    """Generator: a new puzzle at a difficulty (the family's ``generate``
    hook): a start on the same board, with the same goal and counting rule,
    at a ``difficulty`` the family offers here (describe's ``generate``), or
    exactly ``moves`` from the goal where it offers that, with ``pieces``
    pieces where it takes a count; ``seed`` repeats a draw (the page sends
    one: a worker started from the memory snapshot has a fixed random
    state).  The reply is the new position's describe reply with
    ``distance`` (its minimum to the goal under the counting rule, proven
    before it is shown), ``difficulty``, ``band`` (the distances the
    difficulty stood for) and ``seed``.  Progress: ``phase: "generate"``."""
    _check_fields(req, "generate")
    puzzle, options = _puzzle(req)
    family = family_of(puzzle)
    offer = family.difficulties(puzzle)
    if not offer.difficulties and offer.moves is None:
        raise BadRequest(offer.why)
    difficulty = _text(req, "difficulty")
    moves = _whole(req, "moves", 1, MAX_BOUND, "number of moves", None)
    pieces = _whole(req, "pieces", 1, MAX_BOUND, "number of pieces", None)
    names = offer.names()
    if moves is not None:
        if offer.moves is None:
            raise BadRequest(f"New {puzzle.family} puzzles are made by difficulty "
                             f"({', '.join(names)}), not by a number of moves.")
        if difficulty is not None:
            raise BadRequest("Ask for a difficulty or for a number of moves, not both.")
        low, high = offer.moves
        if not low <= moves <= high:
            raise BadRequest(f"A new puzzle here can be from {low} to {high} moves from "
                             f"the goal, not {moves}.")
    elif difficulty is None:
        raise BadRequest(f"A generate request needs a difficulty: {', '.join(names)}.")
    elif difficulty not in names:
        raise BadRequest(f"Unknown difficulty '{show(difficulty, 20)}' for this position; "
                         f"choose from {', '.join(names)}.")
    if pieces is not None:
        if offer.pieces is None:
            raise BadRequest(f"New {puzzle.family} puzzles take no number of pieces.")
        low, high = offer.pieces
        if not low <= pieces <= high:
            raise BadRequest(f"A new puzzle here can have from {low} to {high} pieces, "
                             f"not {pieces}.")
    seed = _whole(req, "seed", 0, MAX_SEED, "seed", None)
    if seed is None:
        seed = random.randrange(2 ** 31)
    max_states, max_bytes = _budget(req, options=options)
    t0 = time.perf_counter()
    gen = family.generate(puzzle, difficulty, moves, pieces, seed, max_states, max_bytes)
    while True:
        try:
            rec = next(gen)
        except StopIteration as stop:
            made = stop.value
            break
        # the searches' own figures (bounds, iterations) are about the
        # proofs, not the new puzzle: the page gets the time and the tries
        out = {"phase": "generate", "elapsed": round(time.perf_counter() - t0, 3)}
        if "attempt" in rec:
            out["attempt"] = rec["attempt"]
        yield out
    reply = describe({"code": _with_metric(made["code"], options)})
    reply.update(op="generate", distance=made["distance"], difficulty=difficulty,
                 band=made.get("band"), seed=seed)
    return reply


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
    link = _with_metric(code, options)
    reply = describe({"code": link})
    if note:
        reply["note"] = note
    return reply


def moves(req):
    """Generator: the legal moves from a position, for play mode.  With
    ``judge`` each move is marked ``winnable`` (true/false; null when the
    check hit its budget) by solving the position it leads to with the
    family's ``judge_method`` (or its auto method) -- peg solitaire's
    "never lose" mode; a progress record ``{"phase": "judged", "move": i,
    "winnable": ...}`` gives each mark as soon as it is known.  With
    ``ahead`` too, it then judges the moves of
    every position one move further (after the winnable moves first): the
    page asks that while the visitor looks at the board, and cancels it at
    the next move, so that the next position's marks are mostly remembered
    (the judge method keeps what it learns between requests).  The reply is
    the same; progress records say how many were judged ahead.  A list that
    would not fit the memory budget stops there: ``left_out`` says how many
    moves it leaves out, ``message`` says so plainly."""
    _check_fields(req, "moves")
    puzzle, options = _puzzle(req)
    judge = _flag(req, "judge")
    ahead = _flag(req, "ahead")
    if ahead and not judge:
        raise BadRequest("Judging ahead ('ahead') needs the moves judged too ('judge').")
    budget = _budget(req, share=4)       # the judge's share of the budget
    earlier = yield from _game(req, puzzle, options)
    # the listing has the rest of the budget, less what the position's own
    # tables hold (52 named blocks on 16x16: 15 MB before a move is made)
    total, own = _budget(req)[1], _own_bytes(puzzle)
    room = total - budget[1] - own
    if room <= 0:
        raise SearchLimit(f"This position's own tables take about {own / MB:,.0f} MB, "
                          f"too much of the {total // MB:,} MB memory budget to list "
                          f"its moves; give it a larger budget.")
    legal = family_of(puzzle).legal_moves(puzzle)
    out = yield from _listed(puzzle, legal, room)
    extra = {}
    if len(out) < len(legal):
        extra = {"left_out": len(legal) - len(out),
                 "message": f"The first {len(out):,} of the {len(legal):,} legal moves are "
                            f"listed: all of them would not fit the memory budget of "
                            f"{total // MB:,} MB."}
    if judge:
        # a stored table settles the moves it holds (pegs: the English
        # centre game, Triangle 28's opening), the judge solves the others;
        # each mark comes as a progress record as soon as it is known (the
        # page shows the moves at once and the marks as they come: one
        # move's search can take seconds)
        known = family_of(puzzle).judge_table(puzzle, earlier)
        # a board whose own tables fill the judge's budget cannot be judged
        # in it (each move's position would be parsed, 15 MB a time for 52
        # named blocks on 16x16, only to stop at the budget): null marks
        fits = own < budget[1]
        for i, (entry, (_move, child)) in enumerate(zip(out, legal)):
            mark = known(child) if known else None
            if mark is None and fits:
                mark = yield from _winnable(entry["code"], options, budget)
            entry["winnable"] = mark
            yield {"phase": "judged", "move": i, "winnable": mark, "judged": i + 1,
                   "of": len(out)}
    if ahead and fits:
        yield from _judge_ahead(out, options, budget, earlier + [puzzle.start])
    return {"ok": True, "op": "moves", "code": puzzle.code(),
            "view": puzzle.view(puzzle.start),
            "goal_reached": bool(puzzle.is_goal(puzzle.start)), "moves": out, **extra}


def _listed(puzzle, legal, max_bytes):
    """Generator: the entries of ``moves``' reply for the ``legal`` moves
    (each move, its data, the code and view of the position it leads to),
    as many as ``max_bytes`` holds -- a board of big positions has ten
    thousand moves of 3 kB each, and the reply's JSON text besides -- with
    a progress record (``phase: "moves"``) between entries at least every
    PROGRESS_INTERVAL."""
    clock = Clock()
    out = []
    fit = len(legal)
    for i, (move, child) in enumerate(legal):
        if i >= fit:
            break
        entry = {"move": puzzle.format_move(move), "move_data": puzzle.move_json(move),
                 "code": puzzle.encode(child), "view": puzzle.view(child)}
        if i == 0:
            # the first entry's size stands for every entry's; the
            # positions of all the moves are held already (their parts are
            # mostly shared: counted bare)
            per = _size(entry) + 2 * len(json.dumps(entry))
            held = len(legal) * (sys.getsizeof(child) + sys.getsizeof(move) + 2 * sys.getsizeof(()))
            fit = max(1, (max_bytes - held) // per)
        out.append(entry)
        if clock.due():
            yield progress(clock, phase="moves", listed=i + 1, of=len(legal))
    return out


def _own_bytes(puzzle):
    """The bytes a parsed position's own tables hold, where its family
    counts them (blocks: its placements), else 0."""
    own = getattr(puzzle, "own_bytes", None)
    return own() if callable(own) else 0


def _reparse_bytes(puzzle):
    """The bytes of tables a parse of another position of the same board
    builds again, where the family says (blocks: a board too big for its
    kept skeletons), else 0."""
    again = getattr(puzzle, "reparse_bytes", None)
    return again() if callable(again) else 0


def _size(value, depth=0):
    """The bytes ``value`` takes with what it holds (dicts, lists, tuples,
    sets: a few levels down; the small ints they hold are shared)."""
    if depth and type(value) is int and -5 <= value <= 256:
        return 0
    size = sys.getsizeof(value)
    if depth < 4:
        if isinstance(value, dict):
            size += sum(_size(k, depth + 1) + _size(v, depth + 1) for k, v in value.items())
        elif isinstance(value, (list, tuple, set, frozenset)):
            size += sum(_size(v, depth + 1) for v in value)
    return size



def _game(req, puzzle, options):
    """Generator: the states of the game's earlier positions (the ``game``
    field: their codes, oldest first), checked to lead to this position by
    legal moves under the request's counting rule; [] without the field.
    A progress record (``phase: "game"``) comes between positions at least
    every PROGRESS_INTERVAL (a game of a thousand 10x10 positions)."""
    game = req.get("game")
    if game is None:
        return []
    clock = Clock()
    links = [_with_metric(code, options) for code in game]
    steps = []
    for i, link in enumerate(links):
        steps.append(_parsed_step(link))
        if clock.due():
            yield progress(clock, phase="game", checked=i + 1, of=2 * len(links))
    targets = [encoding for _p, encoding in steps[1:]] + [puzzle.encode(puzzle.start)]
    for i, (link, (before, _e), target) in enumerate(zip(links, steps, targets)):
        if clock.due():
            yield progress(clock, phase="game", checked=len(links) + i, of=2 * len(links))
        if (link, target) in _STEPS_SEEN:
            continue
        if not any(before.encode(child) == target
                   for _move, child in family_of(before).legal_moves(before)):
            raise BadRequest("The game's earlier positions ('game') do not lead to this "
                             "position one legal move at a time.")
        if len(_STEPS_SEEN) >= MAX_GAME * 4:
            _STEPS_SEEN.clear()
        _STEPS_SEEN.add((link, target))
    return [p.start for p, _e in steps]


def _parsed_step(link):
    """(puzzle, its position's encoding) of a game's earlier position, kept
    (``_STEPS_PARSED``): play mode sends the whole game with every move, and
    parsing each of its codes again cost about a millisecond per request
    late in a game (CPython)."""
    step = _STEPS_PARSED.get(link)
    if step is None:
        p, _ = _puzzle({"code": link})
        if len(_STEPS_PARSED) >= MAX_GAME * 4:
            _STEPS_PARSED.clear()
        step = _STEPS_PARSED[link] = (p, p.encode(p.start))
    return step


# (code, the next position's encoding) of steps _game has checked: play mode
# sends the whole game with every move, so each step is checked once; and
# the codes parsed
_STEPS_SEEN = set()
_STEPS_PARSED = {}


def _judge_ahead(entries, options, budget, earlier):
    """Generator: judge the moves of each position of ``entries`` (judged
    moves), the winnable ones first; a progress record after each.
    ``earlier``: the game's states before them, for ``judge_table``."""
    start = time.perf_counter()
    done = 0
    for entry in sorted(entries, key=lambda e: e["winnable"] is not True):
        here, _ = _puzzle({"code": _with_metric(entry["code"], options)})
        known = family_of(here).judge_table(here, earlier)
        for _move, child in family_of(here).legal_moves(here):
            if known and known(child) is not None:
                continue        # settled by a table: nothing to warm
            yield from _winnable(here.encode(child), options, budget)
            done += 1
            yield {"phase": "judging ahead", "judged": done,
                   "elapsed": round(time.perf_counter() - start, 3)}


def _winnable(code, options, budget):
    link = _with_metric(code, options)
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
        kwargs["max_bytes"] -= yield from family.prepare(child, method.name, bound,
                                                         kwargs["max_bytes"])
        gen = method.run(child, **kwargs)
        while True:
            try:
                rec = next(gen)
            except StopIteration:
                return True
            if rec.get("solution") is not None:
                # an anytime engine's first answer (a SearchResult, not JSON):
                # a way to the goal exists, which is all the judge asks
                gen.close()
                return True
            yield rec
    except NoSolution:
        return False
    except SearchLimit:
        return None


ENGINES = ("meet", "wide")
ENGINES_HELP = ("'meet' (the default, pure Python, as in the page) or 'wide' (the same "
                "proof on numpy arrays: on the French board about four times faster in half "
                "the memory; the command line only, it needs numpy).")


# the fields of a minima table's entry a request may carry back (``done``),
# and what each holds
_ENTRY_STATUS = ("proven", "stopped", "not searched")


def entry_problem(entry):
    """What is wrong with a table entry from an earlier run (None: nothing)."""
    for key in ("start", "finish"):
        if not isinstance(entry.get(key), str) or not 0 < len(entry[key]) <= 8:
            return f"its '{key}' must be a hole's name"
    if entry.get("status") not in _ENTRY_STATUS:
        return f"its 'status' must be one of {', '.join(_ENTRY_STATUS)}"
    moves = entry.get("moves")
    if moves is not None and moves != "none" and not _count_value(moves):
        return "its 'moves' must be a number of moves or \"none\""
    for key in ("lower_bound", "upper_bound", "start_number", "finish_number", "held"):
        if entry.get(key) is not None and not _count_value(entry[key]):
            return f"its '{key}' must be a whole number"
    for key in ("solution", "code", "message", "engine"):
        if entry.get(key) is not None and not isinstance(entry[key], str):
            return f"its '{key}' must be text"
    if entry.get("status") == "proven" and moves is None:
        return "a proven entry needs its 'moves'"
    return None


def _count_value(value):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10 ** 9


def minima(req):
    """Generator: the board's minimum-move table (peg solitaire): for every
    single-vacancy start that can end with one peg (up to the board's
    symmetries) and every hole it can end on, the fewest moves, each a
    proof by meet.  Long on big boards: every finished entry comes as a
    progress record (``phase: "minima"``, ``entry``), and ``done`` -- the
    entries of an earlier run -- are not searched again (the CLI's
    ``minima`` command resumes that way); ``only`` names the entries to
    search ("d2-d6"), the others are left out; ``engine``: see
    ``ENGINES_HELP``.  The code names the board;
    its start and goal do not matter."""
    _check_fields(req, "minima")
    puzzle, options = _puzzle(req)
    done = req.get("done") or []
    for i, entry in enumerate(done):
        why = entry_problem(entry)
        if why:
            raise BadRequest(f"Entry {i + 1:,} of 'done' is not a table entry from an "
                             f"earlier run: {why}.")
    only = req.get("only")
    if only is not None and (not isinstance(only, list) or len(only) > MAX_DONE or
                             not all(isinstance(x, str) and len(x) <= 40 for x in only)):
        raise BadRequest(f"The field 'only' must be a list of at most {MAX_DONE:,} entry "
                         f"names like \"d2-d6\".")
    engine = req.get("engine", "meet")
    if engine not in ENGINES:
        raise BadRequest(f"The field 'engine' must be one of {', '.join(map(repr, ENGINES))}: "
                         f"{ENGINES_HELP}")
    max_states, max_bytes = _budget(req, options=options)
    table = yield from family_of(puzzle).minima(puzzle, done, max_states, max_bytes, only,
                                                engine)
    return {"ok": True, "op": "minima", "code": puzzle.code(), **table}


def presets(req=None):
    if req is not None:
        _check_fields(req, "presets")
    out = []
    for name in FAMILIES:
        for preset in family_module(name).PRESETS:
            # ``position``: the code describe gives (a named preset's full
            # code), so the page can tell which preset is on the board;
            # ``known``: the proven optimum per counting rule
            out.append({"family": name, **preset.to_json(),
                        "position": codes.parse(preset.code).code()})
    return {"ok": True, "op": "presets", "presets": out}


def tables_op(req):
    """The table files a solve will load (the worker fetches them first)."""
    _check_fields(req, "tables")
    puzzle, options = _puzzle(req)
    # play mode's marks ("moves" with "judge") may read a table of their own,
    # and a new puzzle's proof ("generate": told by its own fields)
    method = "judge" if _flag(req, "judge") else \
        "generate" if any(req.get(k) is not None for k in _GENERATE_ONLY) else \
        (_text(req, "algorithm") or options.get("algo"))
    names = family_of(puzzle).tables_needed(
        puzzle, _text(req, "heuristic") or options.get("h"), method)
    return {"ok": True, "op": "tables", "tables": names}


OPS = {"describe": describe, "solve": solve, "analyze": analyze, "tables": tables_op,
       "presets": presets, "edit": edit, "moves": moves, "replay": replay, "part": part,
       "minima": minima, "generate": generate}


MAX_MESSAGE = 600       # characters of an error message, at most (a last guard:
                        # every message quotes its input through errors.show)


def handle(req):
    """Generator over any request: yields progress, returns the reply."""
    if not isinstance(req, dict):
        return _refused(req if isinstance(req, BadRequest) else
                        BadRequest("A request must be a JSON object."))
    op = OPS.get(req.get("op")) if isinstance(req.get("op"), str) else None
    if op is None:
        return _refused(BadRequest(f"Unknown request op {show(req.get('op'))}; known: "
                                   f"{', '.join(OPS)}."))
    try:
        _check_request(req, req["op"])
        out = op(req)
        if hasattr(out, "send"):
            # No full collection while a request runs: its pause grows with
            # everything the search holds (0.2-0.35 s of CPU on a tiles A*
            # or a blocks group of a few hundred thousand positions, more
            # later) and cannot yield progress; the young generations are
            # still collected.  (CPython 3.14's incremental collector does
            # not need this; it does no harm there.)
            saved = gc.get_threshold()
            gc.set_threshold(saved[0], saved[1], NO_FULL_COLLECTION)
            try:
                out = yield from out
            finally:
                gc.set_threshold(*saved)
        return out
    except PuzzleError as exc:
        return _refused(exc)
    except MemoryError:
        return {"ok": False, "error": {
            "type": "limit", "message": "The search ran out of memory. Try "
            "IDA*, which needs little memory, or a smaller puzzle."}}


NO_FULL_COLLECTION = 1_000_000     # gen-1 collections before a full one: never, in practice


def _refused(exc):
    """The reply of a request ended by ``exc`` (a PuzzleError)."""
    error = exc.to_json()
    if len(error["message"]) > MAX_MESSAGE:
        error["message"] = error["message"][:MAX_MESSAGE - 1] + "…"
    return {"ok": False, "error": error}


def _decode(request_json):
    """A request from its JSON text, or a BadRequest saying why not (JSON
    nested too deeply for the parser is one)."""
    try:
        return json.loads(request_json)
    except (ValueError, TypeError):
        return BadRequest("A request must be a JSON object (this one is not valid JSON).")
    except RecursionError:
        return BadRequest(f"The request is nested too deeply (objects and lists at most "
                          f"{MAX_DEPTH} deep).")


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
        self.gen = handle(_decode(request_json))

    def step(self, seconds=0.05):
        deadline = time.perf_counter() + seconds
        last = None
        while True:
            try:
                last = next(self.gen)
            except StopIteration as stop:
                return json.dumps({"kind": "done", "data": stop.value})
            # a record that carries an answer -- a better solution, a move's
            # mark -- goes out at once: the next record would otherwise
            # replace it (only the last one of a slice is sent)
            if "improvement" in last or "winnable" in last or \
                    time.perf_counter() >= deadline:
                return json.dumps({"kind": "progress", "data": last})

    def close(self):
        self.gen.close()


# What tools/make_snapshot.mjs runs before it takes the memory snapshot, so
# that Python's own caches of these paths (describe, a search, a solution's
# codes and path, tiles and Rush Hour) come in it.
WARM_UP = ({"op": "describe", "code": "tiles:3x3:123456078"},
           {"op": "solve", "code": "tiles:3x3:123456078"},
           {"op": "describe", "code": "rush:ooooooooooooAAoBoooooBoooooooooooooo"},
           {"op": "solve", "code": "rush:ooooooooooooAAoBoooooBoooooooooooooo"},
           {"op": "solve", "code": "rush:oBBCCCDDooIJoHAAIJoHEEEKoFFGGKoooooK"})


def call(request_json):
    """One-shot JSON string call (describe, presets)."""
    return json.dumps(run(_decode(request_json)))
