"""Sliding blocks (Hakoiri-musume / Klotski / Huarong Dao, Century, Dad's
puzzle, Tannentei, any polyomino blocks on a W x H board with walls): rules,
codes, canonical states, goal patterns, lower bounds.  The family's hooks
(``__init__``) build on it; beside it: model.py (the leaf: constants, the
move record), expand.py (the expansion table), bfs.py and reachable.py (the
fast engines), editor.py (the editor).

Code: ``blocks:WxH:ROWS:GOALS[:WAYS]`` -- ROWS is the start, rows separated
by ``/``, one character per cell: a letter (A-Z, a-z) names the block covering
the cell, ``.`` is empty, ``_`` is a wall.  GOALS is one or more alternatives
separated by ``;``, any of which wins: a pattern, in which a letter means
"this block covers this cell", ``.`` "this cell is empty", ``?`` "anything",
``_`` a wall; or an exit, ``A-R3``: block A out through the gap in the right
side at row 3 (model.Exit).  WAYS, when there are one-way blocks, lists them:
``hABC,vDE`` -- A, B, C slide only left and right, D and E only up and down
(Rush Hour's cars and trucks; with one-way blocks "move" and "line" count
the same, a straight slide).  The counting rule is a link option,
``&metric=move`` (default: a run of unit steps by one block is one move),
``&metric=step`` (every unit step counts) or ``&metric=line``.

Blocks of equal shape and way are interchangeable unless a goal names them:
every letter that appears in a goal becomes its own *type*; the other blocks
are grouped by shape and way.  A *placement* is (type, anchor) where the shape
fits (anchor = the block's first cell in row-major order; a one-way type's
anchors only on its blocks' own rows or columns); placements are numbered
type by type, anchor by anchor (the "gid").

Search state (canonical): ``int`` with bit ``gid`` set for every block's
placement.  Same-type blocks are just bits of one type, so they cannot be told
apart.  Example, ``blocks:3x2:AB./CC.:??A/???`` (A, B 1x1; C 2x1)::

    A B .      types: 0 = A (named, 1x1): gids 0-5 (anchors 0..5)
    C C .             1 = B (1x1):        gids 6-11
                      2 = C (2x1):        gids 12-15 (anchors 0, 1, 3, 4)
    A at anchor 0 -> gid 0, B at 1 -> gid 7, C at 3 -> gid 14
    state = 1<<0 | 1<<7 | 1<<14 = 16513

Labelled state (what a returned solution shows, so each block keeps its
letter): ``tuple`` of gids, one per block in the order of ``block_letters``;
above: ``(0, 7, 14)``.  ``view``/``encode`` accept both forms.

A move is a :class:`Move` ``(letter, p, q, path)``: the block at placement
``p`` goes to ``q`` along ``path`` (unit steps ``U D L R``; one step in the
``step`` metric).  Moves compare equal on ``(p, q)`` only: in a canonical
state the block at ``p`` is unique, and in the ``move`` metric two routes to
the same place are the same move.  Written ``A↓2→``: the letter, then each
straight run as an arrow with its length when above 1.

Counting optimal solutions (``count=True``): a solution is a sequence of
moves of physical blocks from the labelled start, a move being (block,
destination) -- in the ``move`` metric the route inside one run does not make
another solution.  Swapping the letters of two identical blocks is not a
move, so every such sequence is one path in the canonical state graph (two
moves of one state never give the same canonical child: a block cannot move
onto its twin's place), and counting paths there counts exactly these
sequences.  tests/test_blocks.py checks this by plain enumeration.
"""

import sys

from ...errors import CodeError, PuzzleError, SearchLimit, show
from ...search.common import MB, WORD
from ...protocol import Bound
from ..common import listed, metric_of, set_bits
from . import pattern as _pattern
from .presets import NAMED
from .model import (DIRS, FAMILY, LETTERS, MEMO_BYTES, MEMO_SHARE, METRICS, METRIC_HELP,
                    METRIC_LABELS, OPPOSITE, PLACEMENT_BYTES, SIDES, WAY_WORDS, WAYS, Exit,
                    Move, connected, format_path, parse_exit, parse_rows, parse_size,
                    parse_ways, ways_text)

# what the counting rules' help adds when every block slides one way
ONE_WAY_HELP = {"move": " Here every block slides one way, so a move is a straight slide, as "
                        "Fogleman's Rush Hour counts (the hardest: 60).",
                "step": " Here: every cell a vehicle slides is one step.",
                "line": " Here the same as a move: every block slides one way."}

# The parts of a puzzle kept per board (Blocks._skeleton), and how many
# boards' are kept
SKELETON = ("type_of", "type_shape", "type_way", "type_range", "pmask", "ptype", "panchor",
            "index", "full", "steps", "border", "region", "move_bytes", "alternatives",
            "goal_state", "_h_tables", "_h_need", "goal_hint", "_single_mask", "cover",
            "bare")
SKELETONS_KEPT = 16
SKELETON_PLACEMENTS = 4096   # a bigger board's (megabytes) is not kept
_SKELETONS = {}
SHAPES_KEPT = 4096
_WHOLE = set()                # block shapes known to be in one piece


def rows_walls(rows):
    """The walls of a position's rows, as a key."""
    return tuple(i for i, ch in enumerate("".join(rows)) if ch == "_")


# the lower bounds (names as in Blocks.heuristics)
BOUNDS = {
    "manhattan": Bound("manhattan", "Manhattan distance of goal blocks",
                       "Sum of the distances the blocks named in the goal still "
                       "have to travel (unit-step count)."),
    "misplaced": Bound("misplaced", "Goal blocks not yet in place",
                       "Each block the goal names that is not yet in place needs "
                       "at least one move (move count)."),
    "blockers": Bound("blockers", "Goal blocks and the blocks in their way",
                      "The goal blocks' own distance, plus one for every other block "
                      "sitting where a goal block must end: each must move at least once."),
    "pattern": Bound("pattern", "Pattern table: the puzzle without its small blocks",
                     "The exact distance in the same puzzle with its smallest blocks taken "
                     "out, solved once before the search: strong where the big blocks "
                     "decide (or the blockers bound, when larger)."),
}

def expand_preset(name):
    if name in NAMED:
        return NAMED[name].code
    if "x" in name.lower() and name.lower().replace("x", "").isdigit():
        raise CodeError(f"The code stops after the board size: the rows and "
                        f"a goal come next, as in blocks:{name}:ROWS:GOAL.")
    raise CodeError(f"Unknown blocks preset '{show(name)}'; known: {listed(NAMED)}.")


# -- parsing -------------------------------------------------------------------

def parse(params, rest, options=None):
    """``rest``: the fields after ``blocks:WxH`` (ROWS, GOALS[, WAYS]);
    ``options``: link options, of which ``metric`` is used."""
    w, h = parse_size(params)
    if not rest or not rest[0]:
        raise CodeError(f"The code has no rows: expected {h} rows of {w} "
                        f"cells after 'blocks:{w}x{h}:'.")
    if len(rest) < 2 or not rest[1]:
        raise CodeError("The code has no goal: add ':' and a goal pattern "
                        "(rows like the position, with '?' for 'any').")
    if len(rest) > 3 or (len(rest) == 3 and not rest[2]):
        raise CodeError("A blocks code has four fields, five with one-way blocks: "
                        "blocks:WxH:ROWS:GOALS or blocks:WxH:ROWS:GOALS:WAYS (several "
                        "goals are separated by ';').")
    metric = metric_of(options, METRICS, "sliding blocks", "move, step or line")
    rows = parse_rows(rest[0], w, h, "position", "._",
                 "use letters for blocks, '.' for empty, '_' for a wall")
    goals = []
    for i, text in enumerate(rest[1].split(";")):
        what = "goal" if ";" not in rest[1] else f"goal pattern {i + 1}"
        if any(ch.isdigit() for ch in text):
            goals.append((what, parse_exit(text, w, h, what)))
        else:
            goals.append((what, parse_rows(text, w, h, what, "?._",
                                           "use block letters, '?' for any, '.' for "
                                           "empty, '_' for a wall")))
    ways = parse_ways(rest[2], {ch for row in rows for ch in row}) if len(rest) > 2 else {}
    return Blocks(w, h, rows, goals, metric, ways)


class Blocks:
    """A sliding-block puzzle: board, blocks, goal patterns and counting rule."""

    family = FAMILY
    reversible = True
    predecessors = None

    def __init__(self, w, h, rows, goals, metric="move", ways=None):
        """``goals``: (what, pattern rows or model.Exit) per alternative;
        ``ways``: {letter: "h" or "v"} for the one-way blocks."""
        self.w, self.h, self.metric = w, h, metric
        self.rows = rows
        self.goal_specs = [g for _what, g in goals]
        self.ways = dict(ways or {})
        self.compiled = {}          # what an engine compiled from it (rush.py's lanes)
        self._tail = None           # the code's goals and ways (encode)
        n = w * h
        walls = [(r, c) for r in range(h) for c in range(w) if rows[r][c] == "_"]
        self.wall_cells = {r * w + c for r, c in walls}
        cells = {}
        for r in range(h):
            for c in range(w):
                ch = rows[r][c]
                if ch in LETTERS:
                    cells.setdefault(ch, []).append((r, c))
        # Blocks in order of first appearance (row-major: each one's first cell).
        letters = sorted(cells, key=lambda k: cells[k][0])
        self.block_letters = letters
        shapes = {}
        for letter in letters:
            r0, c0 = cells[letter][0]
            shape = shapes[letter] = tuple((r - r0, c - c0) for r, c in cells[letter])
            if shape not in _WHOLE:
                if not connected(shape):
                    raise CodeError(f"Block {letter} is split in two: the cells of "
                                    f"one block must touch side by side.")
                if len(_WHOLE) < SHAPES_KEPT:
                    _WHOLE.add(shape)
        named = []
        for what, g in goals:
            if isinstance(g, Exit):
                self._check_exit(what, g, cells)
                if g.letter not in named:
                    named.append(g.letter)
                continue
            for r in range(h):
                for c in range(w):
                    ch = g[r][c]
                    if ch in LETTERS:
                        if ch not in cells:
                            raise CodeError(f"The {what} names block {ch}, "
                                            f"which is not on the board.")
                        if ch not in named:
                            named.append(ch)
                    elif ch == "_" and r * w + c not in self.wall_cells:
                        raise CodeError(f"The {what} has a wall at row {r + 1}, "
                                        f"column {c + 1}, where the board has "
                                        f"none.")
        self.named = named
        # What does not change as blocks move (the types, placements, steps
        # and goal tables) is built once per board and kept (_SKELETONS):
        # a solution's positions all share it, and parsing one of them is
        # then a quarter of the work (the path of a link parses every one)
        line_of = {k: min(cells[k])[0] if self.ways[k] == "h" else min(cells[k])[1]
                   for k in self.ways}
        key = (w, h, rows_walls(rows), metric, tuple((what, g if isinstance(g, Exit) else
                                                      tuple(g)) for what, g in goals),
               tuple(sorted((k, shapes[k], self.ways.get(k), line_of.get(k)) for k in letters)))
        skeleton = _SKELETONS.get(key)
        if skeleton is None:
            self._skeleton(rows, goals, shapes, cells, line_of)
            if len(self.pmask) <= SKELETON_PLACEMENTS:
                if len(_SKELETONS) >= SKELETONS_KEPT:
                    _SKELETONS.pop(next(iter(_SKELETONS)))
                _SKELETONS[key] = {name: getattr(self, name) for name in SKELETON}
        else:
            self.__dict__.update(skeleton)
        # letters of a type, by start anchor
        self.type_letters = [[] for _ in self.type_shape]
        for letter in letters:
            self.type_letters[self.type_of[letter]].append(letter)
        # a search's memos, this position's own
        self.memo = [dict() for _ in self.pmask]
        self.memo_size = 0          # bytes, estimated (move_bytes per move)
        self.memo_cap = MEMO_BYTES  # ... at most (reserve sets it from a budget)
        # The labelled start.
        index = self.index
        self.start_labels = tuple(index[self.type_of[k], *min(cells[k])] for k in letters)
        self.start = self.pack(self.start_labels)
        # blockers dominates the other (fewer nodes: Tannentei's A* 304k ->
        # 263k, the ells 16.9k -> 9.0k) but costs more per node, so it is a
        # choice, not the default (Tannentei's A* 3.1 s -> 4.0 s)
        # pattern (pattern.py) dominates blockers; its table is built
        # before the search (the family's prepare), in a fraction of a second
        # on the presets
        self._pattern = None
        # (named, not held as bound methods: a position held by its own
        # attributes would be freed only by a full garbage collection, and
        # play mode's judge parses one per move: 15 MB each on a big board)
        self._bounds = (("manhattan" if metric == "step" else "misplaced"), "blockers", "pattern")

    @property
    def heuristics(self):
        """The lower bounds by name (the first is the default)."""
        return {name: getattr(self, name) for name in self._bounds}

    @property
    def heuristic(self):
        """The default lower bound."""
        return getattr(self, self._bounds[0])

    def _skeleton(self, rows, goals, shapes, cells, line_of):
        """The board's parts that blocks moving leave alone (SKELETON): the
        types, numbered in letter order (so the numbering is the same for
        every position of the board), the placements, steps, goal tables."""
        w, h, metric = self.w, self.h, self.metric
        n = w * h
        named = self.named
        # Types: each named letter alone; the others grouped by shape and way.
        type_of = {}
        type_key = {}
        self.type_shape = []
        self.type_way = []          # None, "h" or "v"
        lines = []                  # a one-way type's rows ("h") or columns ("v")
        for letter in sorted(cells):
            way = self.ways.get(letter)
            key = ("named", letter) if letter in named else (shapes[letter], way)
            t = type_key.get(key)
            if t is None:
                t = type_key[key] = len(self.type_shape)
                self.type_shape.append(shapes[letter])
                self.type_way.append(way)
                lines.append(set())
            type_of[letter] = t
            if way:
                lines[t].add(line_of[letter])
        self.type_of = type_of
        # Placements, numbered type by type then anchor by anchor (a one-way
        # type's only on its own lines: it can never leave them).
        pm, ptype, panchor = [], [], []
        self.type_range = []
        index = self.index = {}
        for t, shape in enumerate(self.type_shape):
            lo = len(pm)
            way = self.type_way[t]
            for r in range(h):
                if way == "h" and r not in lines[t]:
                    continue
                for c in range(w):
                    if way == "v" and c not in lines[t]:
                        continue
                    mask = 0
                    for dr, dc in shape:
                        rr, cc = r + dr, c + dc
                        if not (0 <= rr < h and 0 <= cc < w) or rows[rr][cc] == "_":
                            break
                        mask |= 1 << (rr * w + cc)
                    else:
                        index[t, r, c] = len(pm)
                        pm.append(mask)
                        ptype.append(t)
                        panchor.append((r, c))
            self.type_range.append((lo, len(pm)))
        self.pmask, self.ptype, self.panchor = pm, ptype, panchor
        # what grid() draws from: the cells (row-major) each placement
        # covers, and the board with its walls alone
        self.cover = [tuple((r + dr) * w + c + dc for dr, dc in self.type_shape[t])
                      for t, (r, c) in zip(ptype, panchor)]
        self.bare = ["_" if i in self.wall_cells else "." for i in range(n)]
        self.full = (1 << n) - 1
        for cell in self.wall_cells:
            self.full &= ~(1 << cell)
        # Unit steps: steps[g] = ((q, need, dmask, dir), ...) (no state
        # delta: an int as wide as the placements, 1.7 KB each on a 16x16
        # board with 52 named blocks, 49 MB for all of them; reach makes
        # the deltas of the moves it finds, and memoises them)
        steps = []
        border = []
        for g, (r, c) in enumerate(panchor):
            out = []
            bm = 0
            way = self.type_way[ptype[g]]
            for d, (dr, dc) in DIRS.items():
                if way and d not in WAYS[way]:
                    continue
                q = index.get((ptype[g], r + dr, c + dc))
                if q is not None:
                    need = pm[q] & ~pm[g]
                    out.append((q, need, pm[g] ^ pm[q], d))
                    bm |= need
            steps.append(tuple(out))
            border.append(bm)
        self.steps, self.border = steps, border
        # The empty cells that decide where a block can go: its border for a
        # unit step, the whole board for a run of steps.
        self.region = border if metric == "step" else [self.full] * len(pm)
        # a move (q, state delta, cells changed, path) at its largest: the
        # delta is an int as wide as the placements, the cells as the board
        self.move_bytes = (sys.getsizeof(1 << len(pm)) + sys.getsizeof(self.full)
                           + sys.getsizeof(1 << 30) + 4 * WORD + 120)
        self._goals(goals, index)

    # -- goals -------------------------------------------------------------
    def _goals(self, goals, index):
        """Per alternative: for each named type the bits of the placements
        that cover all its goal cells, and the cells that must be empty."""
        w, h = self.w, self.h
        self.alternatives = []       # [( ((t, allowed_bits), ...), empty_mask )]
        for what, g in goals:
            if isinstance(g, Exit):
                t = self.type_of[g.letter]
                shape = self.type_shape[t]
                allowed = 0
                for gid in range(*self.type_range[t]):
                    r0, c0 = self.panchor[gid]
                    if g.meets([(r0 + dr, c0 + dc) for dr, dc in shape], w, h):
                        allowed |= 1 << gid
                if not allowed:
                    line = "rows" if g.side in "LR" else "columns"
                    raise CodeError(f"The {what} asks block {g.letter} out through the "
                                    f"{SIDES[g.side]} side at {line} {g.lo + 1}"
                                    f"{'' if g.lo == g.hi else f'-{g.hi + 1}'}, but it can "
                                    f"never lie there against the border, so no position "
                                    f"can meet it.")
                self.alternatives.append((((t, allowed),), 0))
                continue
            want = {}
            empty = 0
            for r in range(h):
                for c in range(w):
                    ch = g[r][c]
                    if ch in LETTERS:
                        want[ch] = want.get(ch, 0) | 1 << (r * w + c)
                    elif ch == "." and r * w + c not in self.wall_cells:
                        empty |= 1 << (r * w + c)
            conds = []
            for letter, cellmask in want.items():
                t = self.type_of[letter]
                lo, hi = self.type_range[t]
                allowed = 0
                for gid in range(lo, hi):
                    if self.pmask[gid] & cellmask == cellmask:
                        allowed |= 1 << gid
                if not allowed:
                    way = self.ways.get(letter)
                    why = (f" from the row or column it slides along (only {WAY_WORDS[way]})"
                           if way else "")
                    raise CodeError(f"The {what} asks block {letter} to cover "
                                    f"cells its shape cannot cover at once{why}, "
                                    f"so no position can meet it.")
                conds.append((t, allowed))
            self.alternatives.append((tuple(conds), empty))
        # One complete target (every block pinned to one place): enables
        # bidirectional search.
        self.goal_state = None
        if len(self.alternatives) == 1:
            conds, _empty = self.alternatives[0]
            if len(conds) == len(self.block_letters) and all(
                    allowed & (allowed - 1) == 0 for _t, allowed in conds):
                state = 0
                for _t, allowed in conds:
                    state |= allowed
                if not self.occupied(state) & _empty:
                    self.goal_state = state
        # Lower-bound tables: for each alternative, per named type, the
        # distance (in the chosen metric's own units) from each placement.
        self._h_tables = []
        for conds, _empty in self.alternatives:
            per = []
            for t, allowed in conds:
                lo, hi = self.type_range[t]
                targets = [self.panchor[gid] for gid in range(lo, hi)
                           if allowed >> gid & 1]
                dist = {}
                for gid in range(lo, hi):
                    r, c = self.panchor[gid]
                    md = min(abs(r - tr) + abs(c - tc) for tr, tc in targets)
                    dist[1 << (gid - lo)] = md
                per.append((lo, (1 << (hi - lo)) - 1, dist))
            self._h_tables.append(per)
        # For the blockers bound: per alternative, per named type, the
        # placements that satisfy it and the cells every one of them covers
        # (whoever sits there must move), and the cells that must be empty.
        # A one-way goal block must also pass through every cell between
        # its place and its goal (``sweep``, by its placement's bit within
        # its type, as the distance tables are keyed).
        self._h_need = []
        for conds, empty in self.alternatives:
            need = []
            for t, allowed in conds:
                cover = -1
                for gid in range(*self.type_range[t]):
                    if allowed >> gid & 1:
                        cover &= self.pmask[gid]
                lo, hi = self.type_range[t]
                sweep = self._sweeps(t, allowed) if self.type_way[t] else None
                need.append((t, allowed, cover, lo, (1 << (hi - lo)) - 1, sweep))
            self._h_need.append((need, empty))
        # goal_hint: bits one of which every goal state has (0: no hint), a
        # cheap filter before the full goal test.
        self.goal_hint = 0
        for conds, _empty in self.alternatives:
            if not conds:
                self.goal_hint = 0
                break
            self.goal_hint |= min((a for _t, a in conds), key=lambda a: bin(a).count("1"))
        self._single_mask = None
        if len(self.alternatives) == 1:
            conds, empty = self.alternatives[0]
            if len(conds) == 1 and not empty:
                self._single_mask = conds[0][1]

    def _sweeps(self, t, allowed):
        """For a one-way type (a single named block): by the bit of each of
        its placements within the type, the cells every way to a goal
        placement passes over (its cells there included; the union of the
        placements between, for the nearest goal placement on each side,
        intersected over the sides it can take)."""
        lo, hi = self.type_range[t]
        line = range(lo, hi)            # anchors along the block's only line, in order
        goals = [g for g in line if allowed >> g & 1]
        out = {}
        for g in line:
            best = None
            for target in goals:
                step = 1 if target >= g else -1
                cells = 0
                for x in range(g + step, target + step, step):
                    cells |= self.pmask[x]
                best = cells if best is None else best & cells
            out[1 << (g - lo)] = best or 0
        return out

    def _check_exit(self, what, exit_, cells):
        """Refuse an exit its block cannot take (absent, or one-way across it)."""
        letter = exit_.letter
        if letter not in cells:
            raise CodeError(f"The {what} names block {letter}, which is not on the board.")
        way = self.ways.get(letter)
        if way and exit_.side not in WAYS[way]:
            raise CodeError(f"The {what} asks block {letter} out through the "
                            f"{SIDES[exit_.side]} side, but it slides only "
                            f"{WAY_WORDS[way]}.")

    def goal_test(self):
        """A fast goal test ``f(state, occupied_cells) -> bool`` for searches
        that keep the occupancy at hand (bfs.py, reachable.py)."""
        if self._single_mask is not None:
            m = self._single_mask
            return lambda s, occ: s & m
        alts = [([a for _t, a in conds], empty) for conds, empty in self.alternatives]

        def test(s, occ):
            for masks, empty in alts:
                if occ & empty:
                    continue
                for m in masks:
                    if not s & m:
                        break
                else:
                    return True
            return False
        return test

    def is_goal(self, state):
        if isinstance(state, tuple):
            state = self.pack(state)
        for conds, empty in self.alternatives:
            if all(state & allowed for _t, allowed in conds):
                if not empty or not self.occupied(state) & empty:
                    return True
        return False

    # -- lower bounds --------------------------------------------------------
    def manhattan(self, state):
        """Step metric: each step moves one block one cell, so the sum over
        named blocks of the distance to the nearest goal place is a lower
        bound (minimum over the goal alternatives)."""
        best = None
        for per in self._h_tables:
            total = 0
            for lo, fm, dist in per:
                total += dist[(state >> lo) & fm]
            if best is None or total < best:
                best = total
        return best or 0

    def misplaced(self, state):
        """Move metric: every named block not yet in a goal place needs at
        least one move (minimum over the goal alternatives)."""
        best = None
        for per in self._h_tables:
            total = 0
            for lo, fm, dist in per:
                if dist[(state >> lo) & fm]:
                    total += 1
            if best is None or total < best:
                best = total
        return best or 0

    def blockers(self, state):
        """Every count: the goal blocks' own bound (Manhattan distance in
        unit steps, one each otherwise) plus one for every other block that
        sits where a goal block must end or where the goal wants empty
        cells: each must move at least once, and a move moves one block
        (minimum over the goal alternatives).  At least ``misplaced`` and
        ``manhattan`` everywhere (it adds the blockers to them)."""
        steps = self.metric == "step"
        gids = self.gids(state)
        pm, ptype = self.pmask, self.ptype
        best = None
        for (need, empty), per in zip(self._h_need, self._h_tables):
            own = 0
            for lo, fm, dist in per:
                d = dist[(state >> lo) & fm]
                own += d if steps else (1 if d else 0)
            cells = empty
            away = set()
            for t, allowed, cover, lo, fm, sweep in need:
                if not state & allowed:
                    cells |= cover if sweep is None else sweep[(state >> lo) & fm]
                    away.add(t)
            if cells:
                own += sum(1 for g in gids if pm[g] & cells and ptype[g] not in away)
            if best is None or own < best:
                best = own
        return best or 0

    def pattern(self, state):
        """The pattern bound (pattern.py): the exact distance with the small
        blocks taken out, or the blockers bound when that is larger."""
        f = self._pattern
        if f is None:
            f = self._pattern = _pattern.bound(self)
        return f(state)

    # -- states ------------------------------------------------------------
    def pack(self, labels):
        s = 0
        for g in labels:
            s |= 1 << g
        return s

    def gids(self, state):
        """The placements of a state, in gid order (canonical) or in block
        order (labelled)."""
        if isinstance(state, tuple):
            return state
        return set_bits(state)

    def occupied(self, state):
        occ = 0
        pm = self.pmask
        for g in self.gids(state):
            occ |= pm[g]
        return occ

    def letters_of(self, state):
        """(letter, gid) for every block: by slot for a labelled state; for a
        canonical one each type's letters go to its blocks in anchor order
        (so the canonical start shows the start's own letters)."""
        if isinstance(state, tuple):
            return list(zip(self.block_letters, state))
        rank = [0] * len(self.type_shape)
        out = []
        for g in self.gids(state):
            t = self.ptype[g]
            out.append((self.type_letters[t][rank[t]], g))
            rank[t] += 1
        return out

    def grid(self, state):
        """The rows of ``state``: letters, '.' and '_' (every code's middle)."""
        cells = self.bare[:]
        cover = self.cover
        for letter, g in self.letters_of(state):
            for i in cover[g]:
                cells[i] = letter
        flat = "".join(cells)
        w = self.w
        return [flat[i:i + w] for i in range(0, len(flat), w)]

    # -- memory ------------------------------------------------------------------
    def own_bytes(self):
        """The bytes this position's own tables hold, about (PLACEMENT_BYTES)."""
        return len(self.pmask) * PLACEMENT_BYTES

    def reparse_bytes(self):
        """The tables another position of this board builds again when
        parsed: none when the board's skeleton is kept (SKELETON_PLACEMENTS)."""
        return self.own_bytes() if len(self.pmask) > SKELETON_PLACEMENTS else 0

    def reserve(self, max_bytes):
        """The part of a search's memory budget (``max_bytes``; None: no
        budget) left for the positions it holds once this position's own
        tables and its two memos (reach's and the search's expansion table,
        each capped here at a MEMO_SHARE of the budget) have theirs.  Every
        fast engine and explorer of the family starts with it; raises
        SearchLimit when nothing would be left."""
        if max_bytes is None:
            return None
        self.memo_cap = min(MEMO_BYTES, max_bytes // MEMO_SHARE)
        left = max_bytes - self.own_bytes() - 2 * self.memo_cap
        if left < max_bytes // 8:
            raise SearchLimit(
                f"This position's own tables take about {self.own_bytes() / MB:,.0f} MB, "
                f"too much of the {max_bytes / MB:,.0f} MB memory budget to search it; "
                f"give it a larger budget.")
        return left

    # -- moves ---------------------------------------------------------------
    def reach(self, g, free):
        """Where the block at placement ``g`` can go in one move with the
        empty cells ``free``: tuple of ``(q, state delta, cells changed,
        path)``.  ``step`` metric: one unit step; ``move`` metric: every place
        its unit steps reach with the other blocks fixed (shortest route)."""
        free &= self.region[g]
        memo = self.memo[g]
        found = memo.get(free)
        if found is not None:
            return found
        steps = self.steps
        if self.metric == "step":
            bit_g = 1 << g
            found = tuple((q, (1 << q) - bit_g, dm, ch) for q, need, dm, ch in steps[g]
                          if need & free == need)
        elif self.metric == "line":
            # straight on in each direction while the cells ahead are free
            pm = self.pmask
            room = free | pm[g]
            bit_g = 1 << g
            out = []
            for way in DIRS:
                x, path = g, ""
                while True:
                    nxt = next((q for q, _n, _dm, ch in steps[x] if ch == way), None)
                    if nxt is None or pm[nxt] & room != pm[nxt]:
                        break
                    x, path = nxt, path + way
                    out.append((x, (1 << x) - bit_g, pm[g] ^ pm[x], path))
            found = tuple(out)
        else:
            pm = self.pmask
            room = free | pm[g]
            back = {g: None}
            order = [g]
            for x in order:
                for q, _need, _dm, ch in steps[x]:
                    if q not in back and pm[q] & room == pm[q]:
                        back[q] = (x, ch)
                        order.append(q)
            out = []
            bit_g = 1 << g
            for q in order[1:]:
                path = []
                x = q
                while back[x] is not None:
                    x, ch = back[x]
                    path.append(ch)
                out.append((q, (1 << q) - bit_g, pm[g] ^ pm[q],
                            "".join(reversed(path))))
            found = tuple(out)
        if self.memo_size > self.memo_cap:
            for m in self.memo:
                m.clear()
            self.memo_size = 0
        memo[free] = found
        self.memo_size += 100 + len(found) * self.move_bytes
        return found

    def successors(self, state):
        """(Move, child) pairs of a canonical state (a labelled state gives
        labelled children)."""
        border = self.border
        if isinstance(state, tuple):
            occ = self.occupied(state)
            free = self.full ^ occ
            for k, g in enumerate(state):
                if border[g] & free:
                    for q, _d, _dm, path in self.reach(g, free):
                        yield (Move(self.block_letters[k], g, q, path),
                               state[:k] + (q,) + state[k + 1:])
            return
        placed = self.letters_of(state)
        pm = self.pmask
        occ = 0
        for _letter, g in placed:
            occ |= pm[g]
        free = self.full ^ occ
        for letter, g in placed:
            if border[g] & free:
                for q, d, _dm, path in self.reach(g, free):
                    yield Move(letter, g, q, path), state + d

    def inverse_move(self, move):
        return Move(move.letter, move.q, move.p,
                    "".join(OPPOSITE[ch] for ch in reversed(move.path)))

    def relabel(self, moves):
        """Replay moves (identified by placements) from the labelled start:
        (labelled moves, labelled states), each block keeping its letter."""
        labels = self.start_labels
        states = [labels]
        out = []
        for move in moves:
            try:
                k = labels.index(move.p)
            except ValueError:
                raise PuzzleError(f"Internal error: no block at placement "
                                  f"{move.p} to replay {move!r}.") from None
            out.append(Move(self.block_letters[k], move.p, move.q, move.path))
            labels = labels[:k] + (move.q,) + labels[k + 1:]
            states.append(labels)
        return out, states

    def move_between(self, a, b):
        """The canonical move from state ``a`` to state ``b`` (one move
        apart), with a shortest route for the block."""
        x = a ^ b
        lo = x & -x
        g1, g2 = lo.bit_length() - 1, (x ^ lo).bit_length() - 1
        p, q = (g1, g2) if a >> g1 & 1 else (g2, g1)
        for q2, _d, _dm, path in self.reach(p, self.full ^ self.occupied(a)):
            if q2 == q:
                return Move(None, p, q, path)
        raise AssertionError(f"no move from placement {p} to {q}")

    def label_result(self, result):
        """API hook: a search result on canonical states -> the same result
        with labelled states and moves (so the page can animate each block
        under its own letter).  Results already labelled pass unchanged."""
        if result.states and isinstance(result.states[0], tuple):
            return result
        moves, states = self.relabel(result.moves)
        result.moves, result.states = moves, states
        return result

    # -- protocol odds and ends -------------------------------------------------
    def format_move(self, move):
        return format_path(move.letter, move.path)

    def move_json(self, move):
        return {"block": move.letter,
                "path": [list(DIRS[ch]) for ch in move.path],
                "steps": len(move.path)}

    def goals_text(self):
        return ";".join(g.text() if isinstance(g, Exit) else "/".join(g)
                        for g in self.goal_specs)

    def encode(self, state):
        tail = self._tail
        if tail is None:          # the goals and ways, the same for every state
            ways = ways_text(self.ways)
            tail = self._tail = f":{self.goals_text()}" + (f":{ways}" if ways else "")
        return f"blocks:{self.w}x{self.h}:{'/'.join(self.grid(state))}{tail}"

    def without(self, letters):
        """The same puzzle with blocks ``letters`` taken off the board (the
        pattern bound's smaller puzzle; none of them may be in a goal)."""
        rows = ["".join("." if ch in letters else ch for ch in row) for row in self.rows]
        return type(self)(self.w, self.h, rows, [("goal", g) for g in self.goal_specs],
                          self.metric, {k: v for k, v in self.ways.items()
                                        if k not in letters})

    def goal_patterns(self):
        """Every goal alternative as a pattern (rows): an exit as the cells
        its block covers when it has arrived (its first such place), for
        what the page draws under the exit mark."""
        out = []
        for g, (conds, _empty) in zip(self.goal_specs, self.alternatives):
            if not isinstance(g, Exit):
                out.append(list(g))
                continue
            allowed = conds[0][1]
            gid = (allowed & -allowed).bit_length() - 1
            mask = self.pmask[gid]
            out.append(["".join(g.letter if mask >> (r * self.w + c) & 1 else "?"
                                for c in range(self.w)) for r in range(self.h)])
        return out

    def code(self):
        return self.encode(self.start_labels)

    def view(self, state):
        """{family, width, height, rows} and, with one-way blocks, ``ways``
        ({letter: "h" or "v"}: the page draws them as vehicles)."""
        out = {"family": FAMILY, "width": self.w, "height": self.h,
               "rows": self.grid(state)}
        if self.ways:
            out["ways"] = dict(self.ways)
        return out

    def describe(self):
        """``goals``: every alternative as a pattern (an exit as where its
        block arrives); ``exits``: the exit alternatives, each with its
        index in ``goals``, the block, the side and the gap's first and
        last row or column (from 0); ``ways``: the one-way blocks."""
        exits = [{"alternative": k, "block": g.letter, "side": g.side, "from": g.lo,
                  "to": g.hi} for k, g in enumerate(self.goal_specs) if isinstance(g, Exit)]
        labels, helps = METRIC_LABELS, METRIC_HELP
        if self.ways and all(self.ways.get(k) for k in self.block_letters):
            # every block one-way (Rush Hour): say how the counts meet
            labels = dict(labels, move="a slide by one vehicle, any distance, is one move")
            helps = {k: v + ONE_WAY_HELP[k] for k, v in helps.items()}
        return {"family": FAMILY, "width": self.w, "height": self.h,
                "goals": self.goal_patterns(), "exits": exits, "ways": dict(self.ways),
                "metric": self.metric, "metrics": list(METRICS),
                "metric_labels": labels, "metric_help": helps,
                "group_view": True,      # the analyze op's from: group
                "heuristics": list(self.heuristics)}
