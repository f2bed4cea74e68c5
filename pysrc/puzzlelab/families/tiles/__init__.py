"""Sliding tiles: the family's public face, every hook of ``protocol.Family``.
``api.py`` calls only these; they wire the package's modules together:

    model.py    the state and the codec (a leaf: everything imports it)
    puzzle.py   the puzzle: moves, goal, codes, parity
    lowerbounds.py  the registry of lower bounds (one entry each)
    wd.py, pdb.py, exact.py   the tables behind the bounds
    ida.py      the specialised IDA* (single-tile moves)
    fsm.py      the blank walks it never plays (an automaton, a table file)
    fast.py     the fast solver for big boards (not proven optimal)
    anytime.py  the quick answers auto shows first (weighted A*, beam search)
    editor.py   the editor's actions
    generate.py new puzzles at a difficulty, their distances proven

The method table here is the contract the page's menus follow: the generic
searches, IDA* replaced by the specialised engine in the single-tile count,
and the fast solver.
"""

from math import factorial

from ...errors import BadRequest, SearchLimit
from ...protocol import Bound, Method, Preset
from ..common import group, import_code, judge_table, known, legal_moves, minima
from ...search import generic_methods
from ...search.common import MB, Clock, ticking
from ...search.idastar import idastar as generic_idastar
from . import (anytime, built, editor as _edit, exact, fast, fsm, generate as _generate, ida,
               lowerbounds as _bounds, model, pdb)
from .model import EXACT_MAX_CELLS, FAMILY, default_goal, format_cells, solvable
from .puzzle import AUTO_RULE, Tiles, check_solvable, parse

METRICS = tuple(model.METRICS)
ACTIONS = _edit.ACTIONS
TABLES = {name: spec["about"] for name, spec in {**pdb.TABLES, **fsm.TABLES,
                                                  **exact.TABLES}.items()}
# The preset menu, one record each (protocol.Preset: tests/test_presets.py
# proves every known count; Korf's figures are in tests/data/korf100.txt)
UNITS = {"tile": "moves", "multi": None}
PRESETS = [Preset(code, title, known, units=UNITS) for code, title, known in (
    ("tiles:3x3:867254301", "8-puzzle: a hardest position", {"tile": 31, "multi": 20}),
    ("tiles:3x3:123405786", "8-puzzle: a short one", {"tile": 2, "multi": 2}),
    ("tiles:4x4:d8e39107f54ac26b:0123456789abcdef", "15-puzzle: Korf #55", {"tile": 41}),
    ("tiles:4x4:edf7bc95602148a3:0123456789abcdef", "15-puzzle: Korf #1", {"tile": 57}),
    ("tiles:4x2:07214365:12345670", "4x2 board, 4 columns x 2 rows: a hardest position",
     {"tile": 36, "multi": 23}),
    ("tiles:5x5:024a918d3567hefbcnikglmjo", "24-puzzle (5x5): a 24-move scramble",
     {"tile": 24}),
)]


def expand_preset(name):
    """Tiles have no named presets: a code is always ``tiles:WxH:...``."""
    return None


def bounds(puzzle):
    return [Bound(e.name, e.label, e.help) for e in _bounds.entries(puzzle)]


def idastar(puzzle, *, heuristic=None, count=False, max_states=None, max_bytes=None,
            max_nodes=None, factor=1):
    """The family's ``idastar``: the specialised engine (ida.py) when the
    bound has an incremental form, else the generic IDA* (weighted, with a
    ``factor``).  ``max_states``, ``max_bytes``: only the path is held, the
    budget never binds."""
    name = getattr(heuristic, "name", None)
    bound = None
    if factor != 1:
        return (yield from generic_idastar(puzzle, heuristic=heuristic or puzzle.heuristic,
                                           factor=factor))
    if heuristic is None or name is not None:
        bound = _bounds.incremental_bound(puzzle, name)
    if bound is not None:
        return (yield from ida.search(puzzle, bound, count=count, max_nodes=max_nodes))
    return (yield from generic_idastar(puzzle, count=count,
                                       heuristic=heuristic or puzzle.heuristic))


def idastar_part(puzzle, *, heuristic=None, parts=1, index=0, limit=None,
                 max_states=None, max_bytes=None):
    """The specialised IDA* in parts (``Method.split``; ida.plan_parts and
    ida.search_part): for the bounds with an incremental form."""
    bound = _bounds.incremental_bound(puzzle, getattr(heuristic, "name", None))
    if bound is None:
        raise BadRequest("This lower bound has no form the split search can use; "
                         "choose the default bound, or one worker.")
    if limit is None:
        result, first = yield from ida.plan_parts(puzzle, bound)
        return {"result": result} if result is not None else {"limit": first}
    result, exhausted, expanded, generated = yield from ida.search_part(
        puzzle, bound, parts, index, limit)
    return {"result": result, "exhausted": exhausted, "expanded": expanded,
            "generated": generated}


FAST = Method(
    "fast", "Fast solver (not proven optimal)",
    "Places the tiles line by line, then solves the last block optimally: an "
    "answer in seconds on any board, with a proven lower bound beside it.",
    fast.fast_search, optimal=False, short="the fast solver")
QUICK = Method(
    "quick", "Quick answers (weighted A*, beam search; not proven optimal)",
    "A good solution within a fraction of a second, then shorter ones: weighted A* "
    "with falling weights up to 4x4, beam search with growing widths beyond. Auto "
    "runs it beside the proof.", anytime.quick, optimal=False,
    short="weighted A* and beam search")


# methods that hold every position (or search blindly) are practical on
# boards of at most this many cells (the 8-puzzle's 181,440 positions)
SMALL = 9
TINY = 6        # ... and blind iterative deepening on at most this many (2x3)
SLOW = {"bfs": "it would hold more positions than the memory budget allows",
        "bidir": "it would hold more positions than the memory budget allows",
        "iddfs": "it searches without a lower bound: hours on a board this big",
        "astar": "it would hold more positions than the memory budget allows"}


def methods(puzzle):
    out = []
    for m in generic_methods(puzzle, list(puzzle.heuristics), _bounds.default_bound(puzzle)):
        if m.name == "idastar" and puzzle.metric == "tile":
            m = m.but(run=idastar, split=idastar_part)
        if m.name in SLOW and puzzle.n > SMALL and m.name != auto_method(puzzle):
            m = m.but(practical=False, why_slow=SLOW[m.name])
        if m.name == "idastar" and puzzle.n > PROOF_MAX_CELLS:
            m = m.but(practical=False, why_slow="a proof on a board this big takes hours")
        if m.name == "iddfs" and puzzle.n > TINY:
            m = m.but(practical=False, why_slow=SLOW["iddfs"])
        out.append(m)
    out.append(FAST if puzzle.n > 16 else
               FAST.but(practical=False, why_slow="on boards up to 4x4 it is IDA* itself"))
    out.append(QUICK if puzzle.n >= QUICK_FROM else
               QUICK.but(practical=False, why_slow="on a board this small the proof is "
                                                   "as quick"))
    return out


PROOF_MAX_CELLS = 36     # auto tries a proof up to 6x6 (and 7x5, 9x4 ...)


def auto_method(puzzle):
    if puzzle.n > 16 and (puzzle.metric != "tile" or puzzle.n > PROOF_MAX_CELLS):
        return "quick"
    if puzzle.metric == "multi" and puzzle.n > 9:
        # Many move sequences reach the same position in this metric (two
        # one-tile slides = one two-tile slide), which IDA* pays for again
        # and again: a 22-move 3x4 position takes A* 0.7 s and IDA* hours.
        return "astar"
    return "idastar"


QUICK_FROM = 10     # boards of this many cells or more get quick answers beside the proof


def quick_method(puzzle):
    """The quick answers (anytime.py) beside the proof, from 10 cells on
    (smaller boards are proven at once); beyond 36 cells they are auto's
    whole answer (auto_method)."""
    return "quick" if puzzle.n >= QUICK_FROM and auto_method(puzzle) != "quick" else None


def judge_method(puzzle):
    """Play mode's checks: the proof method, except beyond 4x4 where only the
    fast solver answers in time (its answers say whether they are proven)."""
    return "quick" if puzzle.n > 16 else auto_method(puzzle)


def tables_needed(puzzle, bound=None, method=None):
    """Table files a solve will load: the pattern databases for a 4x4 bound,
    and for the fast solver's last 4x4 block on bigger boards; the shipped
    5x5 ones when the proof uses pattern databases (the other boards' are
    built in the browser); the walks the IDA* kernel prunes (fsm.py).  In
    the multi-tile count, what the quick answers read (they search in
    single-tile moves).  A small board's shipped exact table (exact.py)
    where a new puzzle or the exact bound reads it."""
    out = _tables_needed(puzzle, bound, method)
    name = exact.stored_name(puzzle.w, puzzle.h, puzzle.goal, puzzle.metric)
    if name is not None and (method == "generate" or bound == "exact" or (
            bound in (None, "") and _bounds.default_bound(puzzle) == "exact"
            and method in (None, "", "auto", "idastar", "astar", "judge"))):
        out = sorted(out + [name])
    return out


def _tables_needed(puzzle, bound, method):
    if puzzle.metric != "tile":
        if bound not in (None, "") or method not in (None, "", "auto", "quick"):
            return []
        return _tables_needed(Tiles(puzzle.w, puzzle.h, puzzle.start, puzzle.goal), None, "quick")
    if method == "generate":
        # a new puzzle is proven by auto's IDA*, small boards by the exact
        # table (generate.py; tables_needed adds a shipped one)
        if puzzle.n <= _generate.TABLE_MAX_CELLS:
            return []
        method = "auto"
    uses_bound = method in (None, "", "auto", "idastar", "astar", "fast", "quick")
    if not (bound == "pdb" or (bound in (None, "") and uses_bound)):
        return []
    out = []
    ends_4x4 = puzzle.n > 16 and puzzle.w >= 4 and puzzle.h >= 4
    if (puzzle.w, puzzle.h) == (4, 4) or (ends_4x4 and method in (None, "", "auto", "fast",
                                                                   "quick")):
        out += [name for name, spec in pdb.TABLES.items() if spec["board"] == (4, 4)]
    if (_bounds.has_built_pdb(puzzle) and method != "fast"
            and (bound == "pdb" or _bounds.default_bound(puzzle) == "pdb")):
        out += built.stored_names(puzzle.w, puzzle.h, puzzle.goal)
    if out or bound == "pdb" or _bounds.default_bound(puzzle) == "pdb":
        out.append(fsm.NAME)     # the pattern-database IDA*'s automaton
    return sorted(out)


def prepare(puzzle, method, bound, max_bytes=None):
    """Build the tables of the bound (and, for IDA*, its incremental form),
    or the stored tables the fast solver's last block reads, with progress
    (decoding the 4x4 pattern database takes a third of a second in
    CPython, the multi-tile walking distance seconds).  Returns the bytes
    they take (lowerbounds.memory); refuses before building them when that
    is more than the memory budget ``max_bytes``."""
    if bound is None and method == "quick" and puzzle.metric == "tile" and \
            anytime.bound_name(puzzle) == "pdb" and puzzle.n <= _bounds.BUILT_MAX_CELLS:
        bound = "pdb"                 # the quick searches read the pattern databases too
    if bound is not None:
        need = _bounds.memory(puzzle, bound)
    elif method in ("fast", "quick") and tables_needed(puzzle, None, "fast"):
        # the stored 4x4 tables, and on 4x4 its own partitions' (fast.py)
        need = (_bounds.memory(puzzle, "pdb") if (puzzle.w, puzzle.h) == (4, 4)
                else _bounds.PDB_4X4_BYTES)
    else:
        return 0
    label = _bounds.entry(puzzle, bound).label if bound is not None else _bounds.label("pdb")
    if max_bytes is not None and need > max_bytes:
        raise SearchLimit(f"The tables of the lower bound ({label}) take about "
                          f"{need / MB:,.0f} MB, more than the memory budget of "
                          f"{max_bytes / MB:,.0f} MB; give it a larger budget"
                          f"{' or choose a lower bound without tables' if bound else ''}.")
    clock = Clock()
    figures = {"phase": "prepare", "table": label}
    if bound is not None:
        yield from ticking(puzzle.heuristics[bound].prepare(), clock, **figures)
        if method in ("idastar", "quick") and puzzle.metric == "tile":
            yield from ticking(_bounds.incremental_steps(puzzle, bound), clock, **figures)
    else:
        yield from ticking(pdb.stored_tables_steps(4, 4), clock, **figures)
    return need


def build_table(name):
    if name in exact.TABLES:
        return exact.build_table(name)
    return fsm.build_file() if name in fsm.TABLES else pdb.build_table(name)


def explore(puzzle, root, step, max_states, max_bytes):
    """The packed breadth-first search for boards of up to 10 cells (at most
    10!/2 states at a byte each, within any budget: 2x5 in 3 s and 46 MB
    where a dict of states takes 4 s and 170 MB).  Larger boards are refused
    at once with the reason: 3x4 already has 239,500,800 positions (240 MB at
    a byte each, and over 6 minutes in CPython, twice that in the browser)."""
    if puzzle.n > EXACT_MAX_CELLS:
        return _too_big(puzzle.w, puzzle.h)
    return exact.explore(puzzle.w, puzzle.h, root, puzzle.metric, max_states=max_states,
                         max_bytes=max_bytes)


def _too_big(w, h):
    raise SearchLimit(
        f"The whole state space of a {w}x{h} board has {factorial(w * h) // 2:,} "
        f"positions: too many to explore here (boards of up to 10 cells are "
        f"explored; 2x5 has 1,814,400).")
    yield   # a generator, like the searches


def edit(puzzle, action, args):
    return _edit.edit(puzzle, action, args)


def difficulties(puzzle):
    return _generate.offer(puzzle)


def generate(puzzle, difficulty, moves, pieces, seed, max_states, max_bytes):
    """A new start at a difficulty (generate.py); tiles take no piece count."""
    return (yield from _generate.generate(puzzle, difficulty, moves, seed, max_states,
                                          max_bytes))


__all__ = ["FAMILY", "METRICS", "PRESETS", "ACTIONS", "TABLES", "AUTO_RULE", "Tiles",
           "parse", "expand_preset", "import_code", "check_solvable", "methods", "auto_method",
           "quick_method", "known", "judge_method", "judge_table", "bounds", "prepare", "tables_needed", "build_table",
           "explore", "group", "minima", "legal_moves", "edit", "difficulties", "generate",
           "format_cells", "default_goal", "solvable"]
