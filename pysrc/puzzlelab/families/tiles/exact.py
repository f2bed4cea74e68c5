"""Whole-state-space breadth-first search for small sliding-tile boards
(up to 10 cells: 2x2 ... 3x3, 2x4, 2x5) over permutation ranks, with a
bytearray of distances instead of a dict of states.  The family's
``explore`` hook (the analyze op, ``__init__``) and the exact-distance lower
bound (lowerbounds.py) use it; siblings: pdb.py, wd.py, ida.py.

A position is packed into an int, 4 bits per cell, cell 0 lowest, with the
blank's cell kept beside it.  Example, the 3x3 position ``867254301``
packs to ``0x103452768`` (cell 0 holds 8, cell 1 holds 6, ..., cell 7 the
blank), and travels in the frontier as ``0x103452768 << 4 | 7``.  Its lexicographic rank is ``low[packed & 0xFFFFF] +
high[packed >> 20]``: the rank's terms for the first five cells depend only
on their tiles, those of the later cells only on the later tiles' relative
order, so two list lookups replace a loop.
"""

import itertools
import zlib
from math import factorial

from ... import tables
from ...errors import SearchLimit, TableError
from ...search.common import DEFAULT_MAX_STATES, MB, Checkpoint, SearchResult, drain

MAX_CELLS = 10
SPLIT = 5            # cells in the low half of the packed key


def _rank_tables(n):
    """(low, high) lookup lists for lexicographic ranks of n-permutations."""
    lo_cells = min(SPLIT, n)
    hi_cells = n - lo_cells
    low = [0] * (1 << (4 * lo_cells))
    for pre in itertools.permutations(range(n), lo_cells):
        key = 0
        r = 0
        for i, v in enumerate(pre):
            key |= v << (4 * i)
            smaller_before = sum(1 for u in pre[:i] if u < v)
            r += (v - smaller_before) * factorial(n - 1 - i)
        low[key] = r
    high = [0] * (1 << (4 * max(hi_cells, 0)))
    if hi_cells:
        for suf in itertools.permutations(range(n), hi_cells):
            key = 0
            r = 0
            for i, v in enumerate(suf):
                key |= v << (4 * i)
                after = sum(1 for u in suf[i + 1:] if u < v)
                r += after * factorial(hi_cells - 1 - i)
            high[key] = r
    return low, high


_tables = {}


def rank_tables(n):
    got = _tables.get(n)
    if got is None:
        got = _tables[n] = _rank_tables(n)
    return got


def pack(state):
    p = 0
    for cell, t in enumerate(state):
        p |= t << (4 * cell)
    return p


def unpack(p, n):
    return bytes((p >> (4 * c)) & 15 for c in range(n))


def _moves(w, h, metric):
    """Per blank cell: list of cell sequences that slide toward the blank
    (single tile: one cell; multi: 1..k cells in a line)."""
    n = w * h
    out = []
    for b in range(n):
        r, c = divmod(b, w)
        seqs = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            line = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < h and 0 <= cc < w:
                line.append(rr * w + cc)
                if metric != "multi":
                    break
                rr += dr
                cc += dc
            for k in range(1, len(line) + 1):
                seqs.append(tuple(line[:k]))
        out.append(seqs)
    return out


# positions expanded between two looks at the clock (a few milliseconds)
CHUNK = 2048


def fixed_bytes(n):
    """What a search of ``n`` cells holds whatever it reaches: a byte per
    permutation and the two rank tables (lists of 16**5 and 16**(n-5)
    slots)."""
    return factorial(n) + 8 * (16 ** min(SPLIT, n) + 16 ** max(0, n - SPLIT))


def explore(w, h, root, metric="tile", keep=200, distances=False, max_states=None,
            max_bytes=None):
    """Generator: BFS over all positions reachable from ``root`` (bytes).
    Returns a SearchResult whose extra has histogram, max_distance,
    reachable and farthest (bytes states), and with ``distances=True`` the
    distance bytearray by rank (255 = unreached).  The budget: the table of
    distances and the rank tables (``fixed_bytes``) come first; then the
    positions held are those of the two layers in hand (packed ints in
    lists), at most ``max_states``."""
    n = w * h
    if n > MAX_CELLS:
        raise ValueError("board too large for the packed BFS")
    fixed = fixed_bytes(n)
    if max_bytes is not None and fixed >= max_bytes:
        raise SearchLimit(f"Exploring a {w}x{h} board takes about {fixed / MB:,.0f} MB for "
                          f"its table of distances alone, more than the memory budget of "
                          f"{max_bytes / MB:,.0f} MB; give it a larger budget.")
    cp = Checkpoint(max_states or DEFAULT_MAX_STATES, step=4096,
                    max_bytes=None if max_bytes is None else max_bytes - fixed,
                    sample=pack(root) << 4, words=1)
    check = cp.next
    low, high = rank_tables(n)
    lo_mask = (1 << (4 * min(SPLIT, n))) - 1
    shift = 4 * min(SPLIT, n)
    dist = bytearray(b"\xff") * factorial(n)
    moves = _moves(w, h, metric)
    single = metric != "multi"
    steps = [[(seq[0], 4 * seq[0], 4 * b) for seq in moves[b]] for b in range(n)]
    p0 = pack(root)
    b0 = root.index(0)
    dist[low[p0 & lo_mask] + high[p0 >> shift]] = 0
    layer = [(p0 << 4) | b0]
    histogram = [1]
    expanded = generated = 0
    last = layer
    depth = 0
    while layer:
        nxt = []
        append = nxt.append
        d1 = depth + 1
        for first in range(0, len(layer), CHUNK):
            chunk = layer[first:first + CHUNK]
            if single:
                # the hot loop: one tile per move, shifts precomputed
                for code in chunk:
                    p = code >> 4
                    for c, sc, sb in steps[code & 15]:
                        t = (p >> sc) & 15
                        q = p ^ (t << sc) ^ (t << sb)
                        r = low[q & lo_mask] + high[q >> shift]
                        if dist[r] == 255:
                            dist[r] = d1
                            append((q << 4) | c)
            else:
                for code in chunk:
                    b = code & 15
                    q0 = code >> 4
                    for seq in moves[b]:
                        q = q0
                        prev = b
                        for c in seq:
                            t = (q >> (4 * c)) & 15
                            q ^= (t << (4 * c)) | (t << (4 * prev))
                            prev = c
                        r = low[q & lo_mask] + high[q >> shift]
                        if dist[r] == 255:
                            dist[r] = d1
                            append((q << 4) | prev)
            expanded += len(chunk)
            if expanded >= check:
                yield from cp.tick(expanded, depth=depth, expanded=expanded,
                                   held=len(layer) + len(nxt), histogram=histogram)
                check = cp.next
        generated += sum(len(moves[c & 15]) for c in layer)
        if nxt:
            histogram.append(len(nxt))
            last = nxt
        layer = nxt
        depth = d1
    farthest = sorted(unpack(c >> 4, n) for c in last)[:keep]
    extra = {"histogram": histogram, "max_distance": len(histogram) - 1,
             "reachable": sum(histogram), "farthest": farthest}
    if distances:
        extra["distances"] = dist
    return SearchResult([], [root], 0, True,
                        cp.stats(expanded, generated, sum(histogram)), extra)


class ExactTable:
    """Exact distances to a goal for a small board: ``distance(state)``,
    and ``dist`` by rank with ``state_at(rank)``.  The distances are those
    to the board's *canonical* goal with the same blank cell (tiles 1, 2,
    ... in reading order around it): any other goal with that blank cell is
    the canonical one with the tiles renamed, and renaming the tiles of a
    position keeps its distance (``relabel``: the goal's tile -> the
    canonical tile).  Build one with :func:`exact_table` (or
    :func:`exact_table_steps`, which yields progress records while the
    breadth-first search runs)."""

    def __init__(self, w, h, dist, relabel=None):
        self.dist = dist
        self.n = w * h
        self.low, self.high = rank_tables(self.n)
        self.shift = 4 * min(SPLIT, self.n)
        self.mask = (1 << self.shift) - 1
        self.relabel = relabel
        self.back = None
        if relabel is not None:
            back = bytearray(256)
            for t in range(self.n):
                back[relabel[t]] = t
            self.back = bytes(back)

    def distance(self, state):
        if self.relabel is not None:
            state = bytes(state).translate(self.relabel)
        p = 0
        for cell, t in enumerate(state):
            p |= t << (4 * cell)
        return self.dist[self.low[p & self.mask] + self.high[p >> self.shift]]

    def state_at(self, rank):
        """The position (cell -> tile, in the goal's own tiles) of ``rank``."""
        state = unrank(rank, self.n)
        return state if self.back is None else state.translate(self.back)


def unrank(rank, n):
    """The position (cell -> tile) of lexicographic rank ``rank``."""
    left = list(range(n))
    out = []
    for i in range(n):
        k, rank = divmod(rank, factorial(n - 1 - i))
        out.append(left.pop(k))
    return bytes(out)


def canonical_goal(n, blank):
    """The goal with the blank on cell ``blank`` and tiles 1, 2, ... on the
    other cells in reading order."""
    tiles = iter(range(1, n))
    return bytes(0 if cell == blank else next(tiles) for cell in range(n))


# The tables shipped with the site (build.py; the worker fetches the one a
# request reads, tables_needed): the 3x3 board's, for goals with the blank
# in the last cell (the default goal) or the first, in both counting rules:
# about 100 KB each, where building one takes 0.4 s
# in CPython and 1-2 s in the page (a first New puzzle's wait).
STORED_BOARDS = {(3, 3): (0, 8)}
TABLES = {f"tiles{w}x{h}-exact-b{blank}-{metric}.bin": {
    "board": (w, h), "blank": blank, "metric": metric,
    "about": f"every {w}x{h} position's distance to the goal with the blank on cell "
             f"{blank} ({'one tile' if metric == 'tile' else 'a line of tiles'} a move)"}
    for (w, h), blanks in STORED_BOARDS.items() for blank in blanks
    for metric in ("tile", "multi")}


def stored_name(w, h, goal, metric):
    """The name of the shipped table for this board, goal's blank cell and
    counting rule, or None."""
    name = f"tiles{w}x{h}-exact-b{bytes(goal).index(0)}-{metric}.bin"
    return name if name in TABLES else None


def build_table(name):
    """The bytes of shipped table ``name``: its distances by rank (255 for
    the other half of the positions, which cannot reach the goal), zlib'd
    (363 KB to 92-106 KB)."""
    spec = TABLES[name]
    w, h = spec["board"]
    result = drain(explore(w, h, canonical_goal(w * h, spec["blank"]), spec["metric"], keep=0,
                           distances=True))
    return zlib.compress(bytes(result.extra["distances"]), 9)


_exact = {}


def exact_table_steps(w, h, goal, metric="tile"):
    """Generator returning the ExactTable of the board and goal: the
    shipped table of its blank cell when there is one (and its file is
    here: the page fetches it for the requests that read it), else built
    by breadth-first search from the canonical goal (kept: any goal with
    that blank cell uses it)."""
    goal = bytes(goal)
    blank = goal.index(0)
    canon = canonical_goal(w * h, blank)
    key = (w, h, blank, metric)
    dist = _exact.get(key)
    if dist is None:
        name = stored_name(w, h, goal, metric)
        if name is not None and tables.available(name):
            try:
                dist = bytearray(zlib.decompress(tables.load(name, lambda: build_table(name))))
            except zlib.error:
                dist = b""
            if len(dist) != factorial(w * h):
                raise TableError(f"The table '{name}' is damaged (wrong size).", table=name)
        else:
            result = yield from explore(w, h, canon, metric, keep=0, distances=True)
            dist = result.extra["distances"]
        if len(_exact) > 4:
            _exact.clear()
        _exact[key] = dist
    relabel = None
    if goal != canon:
        to = [0] * 256
        for g, c in zip(goal, canon):
            to[g] = c
        relabel = bytes(to)
    return ExactTable(w, h, dist, relabel)


def is_built(w, h, goal, metric="tile"):
    """Whether the table of this board, goal's blank cell and rule is kept."""
    return (w, h, bytes(goal).index(0), metric) in _exact


def exact_table(w, h, goal, metric="tile"):
    """:func:`exact_table_steps`, run at once."""
    return drain(exact_table_steps(w, h, goal, metric))
