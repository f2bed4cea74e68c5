"""Walking distance (Ken'ichiro Takahashi's lower bound) and linear conflict
for sliding tiles on any W x H board and any goal.  Called by lowerbounds.py,
which makes the whole-state bounds of them and, through ida.py, the
incremental ones; siblings: pdb.py, exact.py.

Walking distance, vertical half: forget columns and which tile is which; keep,
for every row, how many of its tiles belong to each goal row, and the blank's
row.  Example, 3x3 goal ``123456780`` and the position ``867254301``::

    8 6 7      row 0: one of goal row 1, two of 2 -> (0, 1, 2)
    2 5 4      row 1: one of goal row 0, two of 1 -> (1, 2, 0)
    3 _ 1      row 2: two of goal row 0, blank    -> (2, 0, 0), blank row 2

A vertical move carries one tile of some goal row across the blank's row
boundary; the fewest such moves to the goal table (breadth-first search over
all tables) is a lower bound on the vertical moves.  The horizontal half is
the same over columns, and the two add up.  Each table is a key
``counts packed 4 bits each, then the blank's row``; ``WalkTable`` numbers the
keys and stores the transitions so a search updates its bound by lookups.
"""

from ...errors import PuzzleError
from ...search.common import drain

MAX_WD_STATES = 60_000      # beyond this the table costs too long to build
                            # (4x4: 24,964 per half, 0.2 s; 3x5: 352,560, 8 s)
TICK = 256                  # tables between the build's yields


class WalkTable:
    """All tables of one half (rows, or columns seen as rows).

    ``lines`` lines of ``width`` cells; ``goal_line[t]`` the goal line of
    tile t; the blank's goal line.  ``dist[s]`` and ``step[(s * 2 + d) *
    lines + k]`` (d = 0: the blank goes to the line before, 1: after; k: the
    goal line of the tile that crosses) -> next state or -1.
    """

    def __init__(self, lines, width, goal_line, blank_line, limit=MAX_WD_STATES,
                 multi=False):
        build = self.build(lines, width, goal_line, blank_line, limit, multi)
        while True:
            try:
                next(build)
            except StopIteration:
                break

    def build(self, lines, width, goal_line, blank_line, limit=MAX_WD_STATES,
              multi=False):
        """Generator: the breadth-first search over tables; yields every
        ``TICK`` tables so a caller can report progress (the multi-tile 4x4
        table takes seconds)."""
        self.lines = lines
        cap = [width] * lines
        cap[blank_line] -= 1
        goal = [[cap[r] if r == k else 0 for k in range(lines)] for r in range(lines)]
        start = self._key(goal, blank_line)
        ids = {start: 0}
        keys = [start]
        dist = [0]
        step = []
        head = 0
        while head < len(keys):
            if not head % TICK:
                yield
            key = keys[head]
            mat, br = self._unkey(key)
            row_next = [-1] * (2 * lines)
            for d, nr in ((0, br - 1), (1, br + 1)):
                if not 0 <= nr < lines:
                    continue
                for k in range(lines):
                    if mat[nr][k]:
                        mat[nr][k] -= 1
                        mat[br][k] += 1
                        nk = self._key(mat, nr)
                        mat[nr][k] += 1
                        mat[br][k] -= 1
                        sid = ids.get(nk)
                        if sid is None:
                            sid = ids[nk] = len(keys)
                            keys.append(nk)
                            dist.append(dist[head] + 1)
                            if len(keys) > limit:
                                raise PuzzleError(
                                    f"The walking-distance table of this board has more "
                                    f"than {limit:,} entries; use another lower bound.")
                        row_next[d * lines + k] = sid
            if multi:
                # a line of tiles sliding is one move: chains of steps in one
                # direction, each crossing one more line boundary
                for nk in self._chains(key):
                    if nk not in ids:
                        ids[nk] = len(keys)
                        keys.append(nk)
                        dist.append(dist[head] + 1)
            else:
                step.extend(row_next)
            head += 1
        self.ids = ids
        self.dist = bytes(dist)
        self.step = step
        self.goal_line = goal_line

    def _chains(self, key):
        """Keys reached by one or more single steps in one direction (the
        blank's line moving one way, a tile crossing at every step)."""
        out = set()
        for delta in (-1, 1):
            layer = {key}
            for _ in range(self.lines - 1):
                grown = set()
                for k0 in layer:
                    mat, br = self._unkey(k0)
                    nr = br + delta
                    if not 0 <= nr < self.lines:
                        continue
                    for k in range(self.lines):
                        if mat[nr][k]:
                            mat[nr][k] -= 1
                            mat[br][k] += 1
                            grown.add(self._key(mat, nr))
                            mat[nr][k] += 1
                            mat[br][k] -= 1
                out |= grown
                layer = grown
        return out

    def _key(self, mat, blank):
        key = 0
        for row in mat:
            for v in row:
                key = key << 4 | v
        return key << 4 | blank

    def _unkey(self, key):
        n = self.lines
        blank = key & 15
        key >>= 4
        flat = []
        for _ in range(n * n):
            flat.append(key & 15)
            key >>= 4
        flat.reverse()
        return [flat[r * n:(r + 1) * n] for r in range(n)], blank

    def state_of(self, lines_of_cells, blank_line):
        """State id for a position given as, per line, the tiles in it."""
        n = self.lines
        mat = [[0] * n for _ in range(n)]
        for r, tiles in enumerate(lines_of_cells):
            for t in tiles:
                if t:
                    mat[r][self.goal_line[t]] += 1
        return self.ids[self._key(mat, blank_line)]


class WalkingDistance:
    """Both halves for one board and goal.  ``value(state)`` for whole
    states; ``vt``/``ht`` for incremental use.  Build one with
    :func:`walking_distance` (or :func:`walking_distance_steps`, which
    yields while the tables are built)."""

    _cache = {}

    def __init__(self, w, h, vt, ht):
        self.w, self.h = w, h
        self.vt, self.ht = vt, ht

    @classmethod
    def _table(cls, lines, width, goal_line, blank_line, multi):
        """Generator returning the half's table (built once per shape)."""
        key = (lines, width, blank_line, multi)
        got = cls._cache.get(key)
        if got is None:
            got = object.__new__(WalkTable)
            yield from got.build(lines, width, goal_line, blank_line, multi=multi)
            cls._cache[key] = got
        else:
            # the table depends only on the shape and the blank's goal line;
            # which tile belongs to which line may differ
            clone = object.__new__(WalkTable)
            clone.__dict__.update(got.__dict__)
            clone.goal_line = goal_line
            got = clone
        return got

    def states(self, state):
        w, h = self.w, self.h
        b = state.index(0)
        rows = [state[r * w:(r + 1) * w] for r in range(h)]
        cols = [state[c::w] for c in range(w)]
        return self.vt.state_of(rows, b // w), self.ht.state_of(cols, b % w)

    def value(self, state):
        v, hz = self.states(state)
        return self.vt.dist[v] + self.ht.dist[hz]


def walking_distance_steps(w, h, goal, multi=False):
    """Generator: yields while the tables are built, returns the
    WalkingDistance for the board and goal (tables are cached).  With
    ``multi`` the tables count multi-tile moves: one move may carry tiles
    across several consecutive line boundaries in one direction."""
    n = w * h
    grow, gcol = [0] * n, [0] * n
    for cell, t in enumerate(goal):
        grow[t], gcol[t] = divmod(cell, w)
    b = goal.index(0)
    vt = yield from WalkingDistance._table(h, w, grow, b // w, multi)
    ht = yield from WalkingDistance._table(w, h, gcol, b % w, multi)
    return WalkingDistance(w, h, vt, ht)


def walking_distance(w, h, goal, multi=False):
    """The WalkingDistance for the board and goal, built at once."""
    return drain(walking_distance_steps(w, h, goal, multi))


# -- linear conflict --------------------------------------------------------

def line_extra(goal_order):
    """Extra moves forced by conflicts among tiles already in their goal line:
    ``goal_order`` lists their goal offsets in line order; every tile outside
    a longest increasing subsequence must leave the line and come back (2)."""
    m = len(goal_order)
    if m < 2:
        return 0
    best = [1] * m
    for i in range(m):
        for j in range(i):
            if goal_order[j] < goal_order[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return 2 * (m - max(best))


# the linear conflicts' memo: lines at most (cleared when full), and the bytes
# it takes then (140-150 measured per line by tracemalloc, and the dict's
# growth), which lowerbounds.memory counts in a search's budget
LC_MEMO_ENTRIES = 32_768
LC_MEMO_BYTES = LC_MEMO_ENTRIES * 176


class LinearConflict:
    """Linear conflicts of rows and columns for a board and goal, memoised
    per line content (at most LC_MEMO_ENTRIES lines: at 200,000 the memo
    held 30 MB that no budget counted).  ``line(kind, index, tiles)`` is
    the extra of one line (kind 0 = row, 1 = column); ``value(state)`` of a
    whole state."""

    def __init__(self, w, h, goal):
        self.w, self.h = w, h
        n = w * h
        self.grow, self.gcol = [0] * n, [0] * n
        for cell, t in enumerate(goal):
            self.grow[t], self.gcol[t] = divmod(cell, w)
        self.memo = {}

    def line(self, kind, index, tiles):
        key = (kind, index, tiles)
        got = self.memo.get(key)
        if got is None:
            if kind == 0:
                order = [self.gcol[t] for t in tiles if t and self.grow[t] == index]
            else:
                order = [self.grow[t] for t in tiles if t and self.gcol[t] == index]
            got = self.memo[key] = line_extra(order)
            if len(self.memo) > LC_MEMO_ENTRIES:
                self.memo.clear()
        return got

    def value(self, state):
        w, h = self.w, self.h
        total = 0
        for r in range(h):
            total += self.line(0, r, bytes(state[r * w:(r + 1) * w]))
        for c in range(w):
            total += self.line(1, c, bytes(state[c::w]))
        return total
