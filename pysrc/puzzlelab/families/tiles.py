"""Sliding tiles (8-puzzle, 15-puzzle, any W x H board): rules, codes,
parity check and lower bounds.  Called through ``codes.py``/``api.py``;
siblings: blocks.py, pegs.py.  Searches reach it only through the Puzzle
protocol.

Code: ``tiles:WxH:CELLS[:GOAL]`` -- W columns, H rows, cells row-major, one
base-36 digit per cell (0 = blank) while W*H <= 36, else comma-separated
decimals.  Default goal: 1, 2, ..., blank last.

State: ``bytes`` of length W*H, ``state[cell] = tile`` (0 = blank).  Example,
3x3 ``867254301``::

    8 6 7
    2 5 4     -> b'\\x08\\x06\\x07\\x02\\x05\\x04\\x03\\x00\\x01'
    3 _ 1

A move is ``(tile, direction)``: the tile that slides and where it goes
(``U``, ``D``, ``L``, ``R``); its inverse is the same tile going back.  In the
multi-tile metric (link option ``metric=multi``) a move slides a line of
tiles toward the blank, ``((5, 6, 7), "R")`` (nearest the blank first), and
its inverse is ``((7, 6, 5), "L")``.

Lower bounds (``heuristics``): Manhattan, linear conflict, walking distance
(tiles_wd.py), additive pattern databases (tiles_pdb.py, tables.py) and
exact distance tables for boards of up to 10 cells (tiles_explore.py).
Methods of its own: a specialised IDA* (tiles_ida.py) and a fast solver that
is not proven optimal for large boards (tiles_fast.py).
"""

from ..errors import CodeError, PuzzleError, Unsolvable
from ..protocol import Bound, Method
from ..search.common import Clock, drain, ticking
from ..search.idastar import idastar as _generic_idastar

FAMILY = "tiles"
MIN_SIDE, MAX_SIDE = 2, 10
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
ARROWS = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
METRICS = {"tile": "single-tile moves (one tile slides one cell)",
           "multi": "multi-tile moves (sliding a line of tiles toward the "
                    "blank counts as one move)"}
HEURISTIC_LABELS = {
    "manhattan": "Manhattan distance",
    "linear-conflict": "Manhattan + linear conflict",
    "walking-distance": "walking distance (Takahashi; per metric)",
    "wd+lc": "max(walking distance, Manhattan + linear conflict)",
    "pdb": "additive pattern databases (6-6-3 and its mirror image)",
    "exact": "exact distance table (whole state space)",
    "multi-manhattan": "Manhattan split by direction, per line of tiles (multi-tile)",
}
HEURISTIC_HELP = {
    "manhattan": "How far each tile is from its goal cell, added up: cheap and weak.",
    "linear-conflict": "Manhattan plus two moves for each pair of tiles in their goal "
                       "line but in the wrong order: a little stronger.",
    "walking-distance": "How many moves the rows and the columns need, each counted "
                        "as a whole: strong on boards up to 4x4.",
    "wd+lc": "The larger of walking distance and linear conflict, per position.",
    "pdb": "Exact costs of groups of tiles, precomputed and added up: the strongest "
           "for the 15-puzzle (a 628 KB table, fetched once).",
    "exact": "The exact distance of every position, computed first (small boards "
             "only): the search then walks straight to the goal.",
    "multi-manhattan": "Manhattan distance divided by how far one line move can "
                       "carry tiles (multi-tile count).",
}
AUTO_RULE = ("auto: boards of up to 16 cells are solved optimally by the "
             "specialised IDA* with the strongest bound available (pattern "
             "databases on 4x4, walking distance on boards up to 4x4 and 2x5, "
             "linear conflict otherwise; in the multi-tile metric IDA* with the "
             "exact table up to 9 cells, else A* with walking distance, since "
             "that metric has many transpositions); "
             "larger boards get the fast solver, which first tries a short "
             "optimal IDA* and otherwise returns a solution marked not proven "
             "optimal, with its proven lower bound.")
EXACT_MAX_CELLS = 10      # exact distance tables: 10!/2 = 1,814,400 positions
WD_MAX_SIDE = 4           # walking-distance tables beyond 4 lines get big

PRESETS = [
    ("8-puzzle: a hardest position (31 moves)", "tiles:3x3:867254301"),
    ("8-puzzle: a short one", "tiles:3x3:123405786"),
    ("15-puzzle: Korf #55 (41 moves)", "tiles:4x4:d8e39107f54ac26b:0123456789abcdef"),
    ("15-puzzle: Korf #1 (57 moves)", "tiles:4x4:edf7bc95602148a3:0123456789abcdef"),
    ("2x4 board", "tiles:4x2:73654210"),
    ("5x5 board", "tiles:5x5:024a918d3567hefbcnikglmjo"),
]


def _size(params):
    try:
        w_s, h_s = params.lower().split("x")
        w, h = int(w_s), int(h_s)
    except ValueError:
        raise CodeError(f"Board size '{params}' should look like 3x3 "
                        f"(columns x rows).") from None
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise CodeError(f"Board size {w}x{h} is not supported: each side must "
                        f"be from {MIN_SIDE} to {MAX_SIDE}.")
    return w, h


def _cells(text, w, h, what):
    n = w * h
    if not text:
        raise CodeError(f"The {what} is empty: expected {n} cells.")
    if n <= 36 and "," not in text:
        parts = list(text.lower())
        try:
            values = [int(p, 36) for p in parts]
        except ValueError:
            bad = next(c for c in parts if not _valid_token(c))
            raise CodeError(f"The {what} has an unknown character '{bad}': "
                            f"use 0-9 and a-z (0 is the blank).") from None
    elif n <= 36:
        # the comma-separated form is accepted for small boards too
        try:
            values = [int(p) for p in text.split(",")]
        except ValueError:
            raise CodeError(f"The {what} mixes commas with other text: write "
                            f"one base-36 digit per cell, or decimal numbers "
                            f"separated by commas.") from None
    else:
        parts = text.split(",")
        try:
            values = [int(p) for p in parts]
        except ValueError:
            raise CodeError(f"The {what} of a board with more than 36 cells "
                            f"must be comma-separated numbers.") from None
    if len(values) != n:
        raise CodeError(f"The {what} has {len(values)} cells; a {w}x{h} board "
                        f"has {n}.")
    seen = set()
    for v in values:
        if v < 0 or v >= n:
            raise CodeError(f"The {what} has tile {v}; a {w}x{h} board uses "
                            f"tiles 1 to {n - 1} and 0 for the blank.")
        if v in seen:
            raise CodeError(f"The {what} has tile {v} twice." if v else
                            f"The {what} has more than one blank.")
        seen.add(v)
    return bytes(values)


def _valid_token(tok):
    try:
        int(tok, 36)
        return True
    except ValueError:
        return False


def format_cells(cells, w, h):
    if w * h <= 36:
        return "".join(DIGITS[v] for v in cells)
    return ",".join(str(v) for v in cells)


def default_goal(n):
    return bytes(list(range(1, n)) + [0])


def permutation_parity(a, b):
    """Parity of the permutation taking arrangement a to arrangement b."""
    pos = {v: i for i, v in enumerate(b)}
    perm = [pos[v] for v in a]
    seen = [False] * len(perm)
    parity = 0
    for i in range(len(perm)):
        if not seen[i]:
            j, length = i, 0
            while not seen[j]:
                seen[j] = True
                j = perm[j]
                length += 1
            parity ^= (length - 1) & 1
    return parity


def solvable(start, goal, w):
    """A position can reach the goal iff the parity of the permutation between
    them (blank included) equals the parity of the blank's taxicab distance."""
    bs, bg = start.index(0), goal.index(0)
    blank = abs(bs % w - bg % w) + abs(bs // w - bg // w)
    return permutation_parity(start, goal) == blank & 1


class _Bound:
    """A lower bound whose tables are built on first use: callable on a
    state.  ``make`` is a generator function that yields while it builds and
    returns the bound's function; :meth:`prepare` runs it with progress
    (``Tiles.prepare``), a call before that builds at once."""

    def __init__(self, make):
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


class Tiles:
    """A sliding-tile puzzle instance (start and goal on one board)."""

    family = FAMILY
    reversible = True

    def __init__(self, w, h, start, goal, metric="tile"):
        self.w, self.h, self.n = w, h, w * h
        self.start = start
        self.goal = goal
        self.goal_state = goal
        self.metric = metric
        self._nbrs = []
        for i in range(self.n):
            r, c = divmod(i, w)
            out = []
            # (neighbour cell of the blank, direction the tile there moves)
            if r > 0:
                out.append((i - w, "D"))
            if r < h - 1:
                out.append((i + w, "U"))
            if c > 0:
                out.append((i - 1, "R"))
            if c < w - 1:
                out.append((i + 1, "L"))
            self._nbrs.append(tuple(out))
        if metric == "multi":
            # per blank cell: (cells of the line, nearest first, direction)
            self._lines = []
            for i in range(self.n):
                r, c = divmod(i, w)
                out = []
                for dr, dc, d in ((-1, 0, "D"), (1, 0, "U"), (0, -1, "R"), (0, 1, "L")):
                    line = []
                    rr, cc = r + dr, c + dc
                    while 0 <= rr < h and 0 <= cc < w:
                        line.append(rr * w + cc)
                        out.append((tuple(line), d))
                        rr += dr
                        cc += dc
                self._lines.append(out)
        goal_pos = [0] * self.n
        for cell, tile in enumerate(goal):
            goal_pos[tile] = cell
        self.goal_pos = goal_pos
        # md[tile][cell]: taxicab distance of tile at cell to its goal cell
        self._md = [[0] * self.n for _ in range(self.n)]
        self._mdh = [[0] * self.n for _ in range(self.n)]
        for tile in range(1, self.n):
            gr, gc = divmod(goal_pos[tile], w)
            for cell in range(self.n):
                r, c = divmod(cell, w)
                self._md[tile][cell] = abs(r - gr) + abs(c - gc)
                self._mdh[tile][cell] = abs(c - gc)
        self.heuristics = self._heuristics()
        self.heuristic = self.heuristics[self.best_bound_name()]

    # -- the Puzzle protocol ------------------------------------------------
    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        b = state.index(0)
        if self.metric == "multi":
            for line, d in self._lines[b]:
                s = bytearray(state)
                prev = b
                for cell in line:
                    s[prev] = s[cell]
                    prev = cell
                s[prev] = 0
                yield (tuple(state[c] for c in line), d), bytes(s)
            return
        for cell, d in self._nbrs[b]:
            s = bytearray(state)
            tile = s[cell]
            s[b] = tile
            s[cell] = 0
            yield (tile, d), bytes(s)

    predecessors = None

    def inverse_move(self, move):
        if self.metric == "multi":
            return (tuple(reversed(move[0])), OPPOSITE[move[1]])
        return (move[0], OPPOSITE[move[1]])

    def manhattan(self, state):
        md = self._md
        return sum(md[t][i] for i, t in enumerate(state))

    def format_move(self, move):
        if self.metric == "multi":
            return ",".join(map(str, move[0])) + ARROWS[move[1]]
        return f"{move[0]}{ARROWS[move[1]]}"

    def move_json(self, move):
        if self.metric == "multi":
            # "tile" is the one to press: the far end of the line
            return {"tile": move[0][-1], "dir": move[1], "tiles": list(move[0])}
        return {"tile": move[0], "dir": move[1]}

    def encode(self, state):
        code = f"tiles:{self.w}x{self.h}:{format_cells(state, self.w, self.h)}"
        if self.goal != default_goal(self.n):
            code += ":" + format_cells(self.goal, self.w, self.h)
        return code

    def code(self):
        return self.encode(self.start)

    def view(self, state):
        return {"family": FAMILY, "width": self.w, "height": self.h,
                "cells": list(state)}

    def describe(self):
        return {"family": FAMILY, "width": self.w, "height": self.h,
                "goal": list(self.goal), "heuristics": list(self.heuristics),
                "heuristic_labels": {k: HEURISTIC_LABELS[k] for k in self.heuristics},
                "default_heuristic": self.best_bound_name(),
                "metrics": list(METRICS), "metric": self.metric,
                "metric_label": METRICS[self.metric], "auto_rule": AUTO_RULE}

    # -- lower bounds -------------------------------------------------------
    def _heuristics(self):
        w, h, n, goal = self.w, self.h, self.n, self.goal
        out = {}
        if self.metric == "multi":
            out["multi-manhattan"] = self.multi_manhattan
            if self.has_wd():
                out["walking-distance"] = _Bound(self._multi_wd_fn)
            if n <= EXACT_MAX_CELLS:
                out["exact"] = _Bound(self._exact_fn)
            return out
        out["manhattan"] = self.manhattan
        out["linear-conflict"] = _Bound(self._lc_fn)
        if self.has_wd():
            out["walking-distance"] = _Bound(self._wd_fn)
            out["wd+lc"] = _Bound(self._wdlc_fn)
        if self.has_pdb():
            out["pdb"] = _Bound(self._pdb_fn)
        if n <= EXACT_MAX_CELLS:
            out["exact"] = _Bound(self._exact_fn)
        return out

    def has_wd(self):
        # table sizes: 4x4 24,964 per half; 5x2 11,010; 6x2 and 5x3 > 60,000
        w, h = self.w, self.h
        return (w <= WD_MAX_SIDE and h <= WD_MAX_SIDE) or min(w, h) == 2 and max(w, h) <= 5

    def has_pdb(self):
        return self.w == 4 and self.h == 4

    def best_bound_name(self):
        """The bound auto uses.  Walking distance alone beats its maximum
        with linear conflict on time (same nodes give or take, a cheaper
        update); small boards in the multi-tile metric build the exact table
        (0.4 s for 3x3), since no cheap bound is strong there."""
        if self.metric == "multi":
            if self.n <= 9:
                return "exact"
            return "walking-distance" if self.has_wd() else "multi-manhattan"
        if self.has_pdb():
            return "pdb"
        if self.has_wd():
            return "walking-distance"
        return "linear-conflict"

    def multi_manhattan(self, state):
        """Admissible in the multi-tile metric: a row move changes only
        column distances, by at most W-1 in total (W-1 tiles each moving one
        cell), a column move only row distances, by at most H-1."""
        md, mdh = self._md, self._mdh
        total = horiz = 0
        for i, t in enumerate(state):
            total += md[t][i]
            horiz += mdh[t][i]
        vert = total - horiz
        return -(-horiz // (self.w - 1)) + -(-vert // (self.h - 1))

    # -- the lazy bounds' builders (generators returning the function) --------
    def _multi_wd_fn(self):
        from .tiles_wd import walking_distance_steps
        wd = yield from walking_distance_steps(self.w, self.h, self.goal, multi=True)
        mm = self.multi_manhattan
        return lambda s: max(wd.value(s), mm(s))

    def _exact_fn(self):
        return (yield from _exact_steps(self)).distance

    def _lc_fn(self):
        from .tiles_wd import LinearConflict
        lc = LinearConflict(self.w, self.h, self.goal)
        return lambda s: self.manhattan(s) + lc.value(s)
        yield

    def _wd_fn(self):
        return (yield from _wd_steps(self)).value

    def _wdlc_fn(self):
        from .tiles_wd import LinearConflict
        lc = LinearConflict(self.w, self.h, self.goal)
        wd = yield from _wd_steps(self)
        return lambda s: max(wd.value(s), self.manhattan(s) + lc.value(s))

    def partitions(self):
        """:meth:`partitions_steps`, run at once."""
        return drain(self.partitions_steps())

    def partitions_steps(self):
        """Generator returning the pattern-database partitions for this goal
        (loads the tables), and a line saying which are used."""
        from . import tiles_pdb
        stored = yield from _stored_tables_steps(self.w, self.h)
        parts = yield from tiles_pdb.choose_partitions_steps(self.w, self.h, self.goal,
                                                             stored)
        return parts, tiles_pdb.describe_partitions(parts)

    def _pdb_fn(self):
        from . import tiles_pdb
        parts, _detail = yield from self.partitions_steps()
        return tiles_pdb.partition_bound(parts)

    def prepare(self, method, bound):
        """Generator: build the tables a solve by ``method`` with lower bound
        ``bound`` (None: it takes none) will use, with progress records
        (``phase: "prepare"``), so that the search itself never stops to
        load one silently (decoding the 4x4 pattern database takes a third
        of a second in CPython, the multi-tile walking distance seconds)."""
        clock = Clock()
        figures = {"phase": "prepare"}
        if bound is not None:
            figures["table"] = HEURISTIC_LABELS[bound]
            fn = self.heuristics[bound]
            if isinstance(fn, _Bound):
                yield from ticking(fn.prepare(), clock, **figures)
        elif method == "fast" and self.tables_needed(None, "fast"):
            figures["table"] = HEURISTIC_LABELS["pdb"]
            yield from ticking(_stored_tables_steps(4, 4), clock, **figures)

    def tables_needed(self, heuristic=None, algorithm=None):
        """Table files a solve will load (the tables op of api.py)."""
        from .. import tables
        if self.metric != "tile":
            return []
        uses_bound = algorithm in (None, "", "auto", "idastar", "astar", "fast")
        wants = heuristic == "pdb" or (heuristic in (None, "") and uses_bound)
        if not wants:
            return []
        # the fast solver ends on a block of at most 4x4: 4x4 only when
        # both sides are at least 4
        ends_4x4 = self.n > 16 and self.w >= 4 and self.h >= 4
        if self.has_pdb() or (ends_4x4 and algorithm in (None, "", "auto", "fast")):
            return sorted(name for name, spec in tables.TABLE_SPECS.items()
                          if spec["family"] == FAMILY and spec["board"] == (4, 4))
        return []

    # -- methods of its own -------------------------------------------------
    def incremental_bound(self, name=None):
        """The specialised IDA*'s form of the named lower bound."""
        from . import tiles_ida
        name = name or self.best_bound_name()
        if name == "pdb" and self.has_pdb():
            parts, detail = self.partitions()
            return tiles_ida.pdb_bound(self, parts, detail)
        if name == "manhattan":
            return tiles_ida.manhattan_bound(self)
        if name == "linear-conflict":
            from .tiles_wd import LinearConflict
            return tiles_ida.lc_bound(self, LinearConflict(self.w, self.h, self.goal))
        if name == "walking-distance" and self.has_wd():
            return tiles_ida.wd_bound(self, _wd(self))
        if name == "wd+lc" and self.has_wd():
            from .tiles_wd import LinearConflict
            return tiles_ida.lc_bound(self, LinearConflict(self.w, self.h, self.goal),
                                      _wd(self))
        if name == "exact" and self.n <= EXACT_MAX_CELLS:
            return tiles_ida.exact_bound(self, _exact(self))
        return None

    def bounds(self):
        """The lower bounds' declarations (names as in ``heuristics``)."""
        return [Bound(name, HEURISTIC_LABELS[name], HEURISTIC_HELP[name])
                for name in self.heuristics]

    def methods(self):
        """The method contract for this position (``protocol.Method``): the
        generic searches, IDA* replaced by the specialised engine in the
        single-tile count, and the fast solver."""
        from ..search import generic_methods
        from .tiles_fast import fast_search
        out = []
        for m in generic_methods(self, list(self.heuristics), self.best_bound_name()):
            if m.name == "idastar" and self.metric == "tile":
                m = m.but(run=_tiles_idastar)
            out.append(m)
        out.append(Method(
            "fast", "Fast solver (not proven optimal)",
            "Places the tiles line by line, then solves the last block optimally: "
            "an answer in seconds on any board, with a proven lower bound beside it.",
            fast_search, optimal=False))
        return out

    def auto_method(self):
        if self.n > 16:
            return "fast"
        if self.metric == "multi" and self.n > 9:
            # Many move sequences reach the same position in this metric
            # (two one-tile slides = one two-tile slide), which IDA* pays
            # for again and again: a 22-move 3x4 position takes A* 0.7 s
            # and IDA* hours.
            return "astar"
        return "idastar"

    def custom_explore(self, root, max_states=None):
        """The analyze op's packed breadth-first search for boards of up to
        10 cells (at most 10!/2 states in one byte each, within any budget:
        2x5 in 3 s and 46 MB where a dict of states takes 4 s and 170 MB).
        Larger boards are refused at once with the reason: 3x4 already has
        239,500,800 positions (240 MB at a byte each, and at the packed
        search's 1.6 microseconds per position over 6 minutes in CPython,
        twice that in the browser)."""
        from .tiles_explore import explore
        if self.n > EXACT_MAX_CELLS:
            return _too_big(self.w, self.h)
        return explore(self.w, self.h, root, self.metric)


def _tiles_idastar(puzzle, *, heuristic=None, count=False, max_states=None,
                   max_nodes=None):
    """The ``idastar`` of the tiles family: the specialised engine when the
    bound has an incremental form, else the generic IDA*.  ``max_states``:
    only the path is held, the budget never binds."""
    from . import tiles_ida
    name = next((k for k, f in puzzle.heuristics.items() if f == heuristic), None)
    if heuristic is None or name is not None:
        bound = puzzle.incremental_bound(name)
        if bound is not None:
            return (yield from tiles_ida.search(puzzle, bound, count=count,
                                                max_nodes=max_nodes))
    if heuristic is None:
        heuristic = puzzle.heuristic
    return (yield from _generic_idastar(puzzle, count=count, heuristic=heuristic))


def _too_big(w, h):
    from math import factorial
    from ..errors import SearchLimit
    raise SearchLimit(
        f"The whole state space of a {w}x{h} board has {factorial(w * h) // 2:,} "
        f"positions: too many to explore here (boards of up to 10 cells are "
        f"explored; 2x5 has 1,814,400).")
    yield   # a generator, like the searches


_wd_cache = {}
_stored = {}


def _wd_steps(puzzle):
    from .tiles_wd import walking_distance_steps
    key = (puzzle.w, puzzle.h, puzzle.goal)
    got = _wd_cache.get(key)
    if got is None:
        got = yield from walking_distance_steps(puzzle.w, puzzle.h, puzzle.goal)
        if len(_wd_cache) > 8:
            _wd_cache.clear()
        _wd_cache[key] = got
    return got


def _wd(puzzle):
    return drain(_wd_steps(puzzle))


def _exact_steps(puzzle):
    from .tiles_explore import exact_table_steps
    return (yield from exact_table_steps(puzzle.w, puzzle.h, puzzle.goal, puzzle.metric))


def _exact(puzzle):
    return drain(_exact_steps(puzzle))


def _stored_tables_steps(w, h):
    """Generator returning the decoded pattern databases for the board:
    [(name, cells, table)] (kept for the session)."""
    got = _stored.get((w, h))
    if got is None:
        from .. import tables
        from . import tiles_pdb
        got = []
        for name, spec in sorted(tables.TABLE_SPECS.items()):
            if spec["family"] == FAMILY and spec["board"] == (w, h):
                header, table = yield from tiles_pdb.decode_table_steps(tables.load(name))
                if tuple(header["cells"]) != tuple(spec["cells"]):
                    raise PuzzleError(f"The table '{name}' does not match this version.")
                got.append((name, tuple(spec["cells"]), table))
        _stored[(w, h)] = got
    return got


def _stored_tables(w, h):
    return drain(_stored_tables_steps(w, h))


def parse(params, rest, options=None):
    """``rest`` is the list of fields after ``tiles:WxH``; ``options`` the
    link options (``metric``: ``tile`` or ``multi``)."""
    w, h = _size(params)
    if not rest:
        raise CodeError(f"The code has no cells: expected {w * h} after "
                        f"'tiles:{w}x{h}:'.")
    if len(rest) > 2:
        raise CodeError("A tiles code has at most four fields: "
                        "tiles:WxH:CELLS:GOAL.")
    metric = (options or {}).get("metric") or "tile"
    if metric not in METRICS:
        raise CodeError(f"Unknown metric '{str(metric)[:20]}' for tiles; use "
                        f"tile (one tile per move) or multi (a line of tiles per move).")
    start = _cells(rest[0], w, h, "position")
    goal = _cells(rest[1], w, h, "goal") if len(rest) == 2 else default_goal(w * h)
    puzzle = Tiles(w, h, start, goal, metric)
    return puzzle


def check_solvable(puzzle):
    if not solvable(puzzle.start, puzzle.goal, puzzle.w):
        raise Unsolvable("This position cannot reach the goal: the parity of "
                         "the tile permutation does not match the blank's "
                         "distance (half of all arrangements are unsolvable; "
                         "swapping two tiles fixes it).")
