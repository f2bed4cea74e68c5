"""The lower bounds of sliding tiles, in one registry: adding a bound is one
:class:`Entry` in ``REGISTRY`` (its label and help for the menus, the
counting rules and boards it fits, its whole-state form, and optionally its
incremental form for the specialised IDA* in ida.py; without one, IDA* with
that bound runs the generic engine).  ``Tiles`` (puzzle.py) builds its
``heuristics`` from here; the family's ``bounds``, ``prepare`` and
``tables_needed`` hooks (``__init__``) read it too.

Both forms are generator functions that yield bare ticks while they build
their tables and return the bound, so ``prepare`` can show progress; a
bound used before it was prepared builds at once.  Siblings: wd.py (walking
distance, linear conflict), pdb.py (pattern databases), exact.py (exact
tables), ida.py (the incremental forms).
"""

from dataclasses import dataclass
from math import factorial
from typing import Callable, Optional, Tuple

from ...search.common import drain
from . import built, exact, ida, pdb, wd
from .model import EXACT_MAX_CELLS, WD_MAX_SIDE


@dataclass(frozen=True)
class Entry:
    """One lower bound.  ``whole(puzzle)`` and ``incremental(puzzle)`` are
    generator functions returning ``f(state) -> int`` and an ``ida.Bound``."""

    name: str
    label: str
    help: str
    metrics: Tuple[str, ...]
    fits: Callable
    whole: Callable
    incremental: Optional[Callable] = None
    tables: Tuple[str, ...] = ()


class LazyBound:
    """A lower bound built on first use, callable on a state; ``name`` is
    its registry name (the specialised IDA* picks the incremental form by
    it); :meth:`prepare` builds it with ticks."""

    def __init__(self, name, make):
        self.name = name
        self._make = make
        self._fn = None

    def prepare(self):
        if self._fn is None:
            self._fn = yield from self._make()

    def __call__(self, state):
        fn = self._fn
        if fn is None:
            fn = self._fn = drain(self._make())
        return fn(state)


# -- where a bound fits ---------------------------------------------------------
def _always(_puzzle):
    return True


def has_wd(puzzle):
    """Walking-distance tables of a reasonable size: 4x4 has 24,964 per
    half, 5x2 11,010; 6x2 and 5x3 over 60,000."""
    w, h = puzzle.w, puzzle.h
    return (w <= WD_MAX_SIDE and h <= WD_MAX_SIDE) or min(w, h) == 2 and max(w, h) <= 5


def _is_4x4(puzzle):
    return puzzle.w == 4 and puzzle.h == 4


def has_built_pdb(puzzle):
    """Boards whose pattern databases are built on demand (built.py): more
    cells than the exact tables take, up to 6x6, except 4x4 (shipped)."""
    return EXACT_MAX_CELLS < puzzle.n <= BUILT_MAX_CELLS and not _is_4x4(puzzle)


BUILT_MAX_CELLS = 36


def _small(puzzle):
    return puzzle.n <= EXACT_MAX_CELLS


# -- the forms ------------------------------------------------------------------
_wd_cache = {}


def wd_steps(puzzle, multi=False):
    """Generator returning the (cached) walking distance of the board and goal."""
    key = _wd_key(puzzle, multi)
    got = _wd_cache.get(key)
    if got is None:
        got = yield from wd.walking_distance_steps(puzzle.w, puzzle.h, puzzle.goal, multi)
        if len(_wd_cache) > 8:
            _wd_cache.clear()
        _wd_cache[key] = got
    return got


def _wd_key(puzzle, multi):
    return (puzzle.w, puzzle.h, puzzle.goal, multi)


def _exact_steps(puzzle):
    return (yield from exact.exact_table_steps(puzzle.w, puzzle.h, puzzle.goal,
                                               puzzle.metric))


def partitions_steps(puzzle):
    """Generator returning the pattern-database partitions for the goal
    (loads the stored tables, builds the small ones) and a line naming them."""
    stored = yield from pdb.stored_tables_steps(puzzle.w, puzzle.h)
    parts = yield from pdb.choose_partitions_steps(puzzle.w, puzzle.h, puzzle.goal, stored)
    return parts, pdb.describe_partitions(parts)


def _manhattan(puzzle):
    return puzzle.manhattan
    yield


def _manhattan_inc(puzzle):
    return ida.manhattan_bound(puzzle)
    yield


def _lc(puzzle):
    lc = wd.LinearConflict(puzzle.w, puzzle.h, puzzle.goal)
    md = puzzle.manhattan
    return lambda s: md(s) + lc.value(s)
    yield


def _lc_inc(puzzle):
    return ida.lc_bound(puzzle, wd.LinearConflict(puzzle.w, puzzle.h, puzzle.goal))
    yield


def _wd(puzzle):
    return (yield from wd_steps(puzzle)).value


def _wd_inc(puzzle):
    return ida.wd_bound(puzzle, (yield from wd_steps(puzzle)))


def _wdlc(puzzle):
    lc = wd.LinearConflict(puzzle.w, puzzle.h, puzzle.goal)
    walk = yield from wd_steps(puzzle)
    md = puzzle.manhattan
    return lambda s: max(walk.value(s), md(s) + lc.value(s))


def _wdlc_inc(puzzle):
    walk = yield from wd_steps(puzzle)
    return ida.lc_bound(puzzle, wd.LinearConflict(puzzle.w, puzzle.h, puzzle.goal), walk)


def _pdb(puzzle):
    parts, _detail = yield from partitions_steps(puzzle)
    return pdb.partition_bound(parts)


def _pdb_inc(puzzle):
    parts, detail = yield from partitions_steps(puzzle)
    return ida.pdb_bound(puzzle, parts, detail)


def _built(puzzle):
    parts, _detail = yield from built.partitions_steps(puzzle.w, puzzle.h, puzzle.goal)
    return pdb.partition_bound(parts)


def _built_inc(puzzle):
    parts, detail = yield from built.partitions_steps(puzzle.w, puzzle.h, puzzle.goal)
    return ida.pdb_bound(puzzle, parts, detail)


def _exact(puzzle):
    return (yield from _exact_steps(puzzle)).distance


def _exact_inc(puzzle):
    return ida.exact_bound(puzzle, (yield from _exact_steps(puzzle)))


def _multi_manhattan(puzzle):
    return puzzle.multi_manhattan
    yield


def _multi_wd(puzzle):
    walk = yield from wd_steps(puzzle, multi=True)
    mm = puzzle.multi_manhattan
    return lambda s: max(walk.value(s), mm(s))


_EXACT_HELP = ("The exact distance of every position, computed first (small boards "
               "only): the search then walks straight to the goal.")

REGISTRY = [
    Entry("manhattan", "Manhattan distance",
          "How far each tile is from its goal cell, added up: cheap and weak.",
          ("tile",), _always, _manhattan, _manhattan_inc),
    Entry("linear-conflict", "Manhattan + linear conflict",
          "Manhattan plus two moves for each pair of tiles in their goal line but "
          "in the wrong order: a little stronger.",
          ("tile",), _always, _lc, _lc_inc),
    Entry("walking-distance", "Walking distance (Takahashi)",
          "How many moves the rows and the columns need, each counted as a whole: "
          "strong on boards up to 4x4.",
          ("tile",), has_wd, _wd, _wd_inc),
    Entry("wd+lc", "Walking distance or linear conflict, the larger",
          "The larger of walking distance and linear conflict, per position.",
          ("tile",), has_wd, _wdlc, _wdlc_inc),
    Entry("pdb", "Pattern databases (6-6-3 and its mirror)",
          "Exact costs of groups of tiles, precomputed and added up: the strongest "
          "for the 15-puzzle (a 628 KB table, fetched once).",
          ("tile",), _is_4x4, _pdb, _pdb_inc, tables=tuple(pdb.TABLES)),
    Entry("pdb", "Pattern databases (groups of 4 to 6 tiles, and their mirror)",
          "Exact costs of groups of tiles, precomputed and added up, the larger of the "
          "groups and their mirror image where the board has one: on 5x5 two 300 KB "
          "tables fetched once; on other boards built on first use (a few seconds, "
          "with progress) and kept while the page is open.",
          ("tile",), has_built_pdb, _built, _built_inc,
          tables=tuple(n for n, s in pdb.TABLES.items() if s["board"] == (5, 5))),
    Entry("exact", "Exact distance table", _EXACT_HELP,
          ("tile",), _small, _exact, _exact_inc),
    Entry("multi-manhattan", "Manhattan per line move (multi-tile)",
          "Manhattan distance split by direction and divided by how far one line "
          "move can carry tiles (multi-tile count).",
          ("multi",), _always, _multi_manhattan),
    Entry("walking-distance", "Walking distance, multi-tile",
          "Walking distance counted in line moves, or the multi-tile Manhattan "
          "bound when that is larger.",
          ("multi",), has_wd, _multi_wd),
    Entry("exact", "Exact distance table", _EXACT_HELP,
          ("multi",), _small, _exact),
]


def entries(puzzle):
    """The registry entries that fit this board and counting rule, in menu order."""
    return [e for e in REGISTRY if puzzle.metric in e.metrics and e.fits(puzzle)]


def label(name, metric="tile"):
    """The menu label of bound ``name``."""
    return next(e.label for e in REGISTRY if e.name == name and metric in e.metrics)


def entry(puzzle, name):
    return next(e for e in entries(puzzle) if e.name == name)


def heuristics(puzzle):
    """{name: LazyBound} for the puzzle's ``heuristics``."""
    return {e.name: LazyBound(e.name, (lambda e=e: e.whole(puzzle))) for e in entries(puzzle)}


def default_bound(puzzle):
    """The bound auto uses.  Walking distance alone beats its maximum with
    linear conflict on time (same nodes give or take, a cheaper update);
    other boards of up to 36 cells take pattern databases (built.py; the 5x5
    scrambles of bench_tiles --boards, 44-62 moves, take 0.02-2.9 s each);
    small boards in the multi-tile metric build the exact table (0.4 s for
    3x3), since no cheap bound is strong there."""
    if puzzle.metric == "multi":
        if puzzle.n <= 9:
            return "exact"
        return "walking-distance" if has_wd(puzzle) else "multi-manhattan"
    if _is_4x4(puzzle):
        return "pdb"
    if has_wd(puzzle):
        return "walking-distance"
    if has_built_pdb(puzzle):
        return "pdb"
    return "linear-conflict"


def is_ready(puzzle, name):
    """Whether bound ``name`` of this board and goal has its tables in
    memory already (kept from an earlier request; a bound without tables
    always has)."""
    if name == "pdb":
        if _is_4x4(puzzle):
            return pdb.is_read(4, 4)
        return built.is_ready(puzzle.w, puzzle.h, puzzle.goal)
    if name in ("walking-distance", "wd+lc"):
        return _wd_key(puzzle, False) in _wd_cache
    if name == "exact":
        return exact.is_built(puzzle.w, puzzle.h, puzzle.goal, puzzle.metric)
    return True


def quick_bound(puzzle):
    """The bound for a first answer: the auto bound when its tables are
    ready (or cheap), else linear conflict (the fast solver must not wait
    for a table build)."""
    name = default_bound(puzzle)
    if (name == "pdb" and not _is_4x4(puzzle)
            and not built.is_ready(puzzle.w, puzzle.h, puzzle.goal)):
        return "linear-conflict"
    return name


MB = 2 ** 20
# What preparing a bound takes at its peak (bytes; measured in CPython, the
# resident set's growth, tables kept included): the 4x4 pattern databases
# 28 MB (16 MB kept), walking distance 6 MB on 4x4 (3.6 MB on 5x2), the
# exact table 12 MB on 3x3 and 32 MB on 2x5 (its rank tables, a byte per
# position, the breadth-first search's layers)
PDB_4X4_BYTES = 30 * MB
PDB_4X4_OTHER_BYTES = 50 * MB   # ... with the goal's blank off the corners (45.5 MB
                                # measured: more tables of its own partitions)
WD_BYTES = 8 * MB


def memory(puzzle, name):
    """The bytes bound ``name``'s tables take at their peak while they are
    prepared, and after (the family's ``prepare`` counts them in the
    search's memory budget); 0 for the bounds without tables."""
    if name in (None, "manhattan", "multi-manhattan"):
        return 0
    if name == "linear-conflict":
        return wd.LC_MEMO_BYTES         # its memo of lines
    if name == "pdb":
        if _is_4x4(puzzle):
            corner = puzzle.goal.index(0) in (0, 3, 12, 15)
            return PDB_4X4_BYTES if corner else PDB_4X4_OTHER_BYTES
        return built.memory(puzzle.w, puzzle.h, puzzle.goal)
    if name == "exact":
        # the layers in hand: about a tenth of the positions, 44 bytes each
        return exact.fixed_bytes(puzzle.n) + factorial(puzzle.n) * 5 + 2 * MB
    return WD_BYTES + (wd.LC_MEMO_BYTES if name == "wd+lc" else 0)


def incremental_steps(puzzle, name=None):
    """Generator returning the specialised IDA*'s form of bound ``name``
    (default: the auto bound), or None when it has none."""
    e = entry(puzzle, name or default_bound(puzzle))
    if e.incremental is None:
        return None
    return (yield from e.incremental(puzzle))


def incremental_bound(puzzle, name=None):
    """:func:`incremental_steps`, run at once."""
    return drain(incremental_steps(puzzle, name))
