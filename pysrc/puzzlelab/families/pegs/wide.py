"""``wide``: meet.py's minimum-move proof with whole layers as numpy arrays,
for the table command's long entries (``python -m puzzlelab minima
--engine wide``; French 37).  Needs numpy, so it is a command-line engine
only: the page never runs it (the memory snapshot's build imports every
module, so this one imports without numpy, and then refuses to run).

The search is meet.py's bidirectional breadth-first search over moves (a
chain of jumps by one peg), positions reduced by the symmetries that fix
start and goal, in rounds with a limit L on a solution's length through a
kept position (the Merson-region bound, merson.py: a position is kept when
its depth plus the moves it needs at the least stays within L).  What
differs is how a layer is held and made: each layer is a sorted array of
64-bit positions (8 bytes a position, where a Python dict holds about 100),
and a layer's children come a million parents at a time, one vectorised
pass per jump (a chain goes on from the hole its peg landed on), their
canonical forms by byte tables, duplicates by sorting, the positions an
earlier layer holds and the other side's by binary search.

Why a round proves what it says: every position of a solution of at most
L moves is kept (its depth plus its bound is at most the solution's
length), and the sides are looked up in each other after every layer, so
while they have not met after layers f and b, no solution of at most L
moves is shorter than f + b + 1.  The first layer where they meet gives a
solution of f + b moves, the minimum when f + b <= L; a round whose sides
span L moves without meeting shows there is none of at most L moves.  The
layer that makes them span L is only looked up, never stored.
"""

try:
    import numpy as np
except ImportError:         # (Pyodide without numpy: the snapshot imports every module)
    np = None

from ...errors import NoSolution, SearchLimit
from ...search.common import Clock, SearchResult, progress, stats
from .kernel import Kernel, goal_positions
from .meet import backward_path, forward_path
from .merson import MoveBound

CHUNK = 1 << 20            # parents expanded in one vectorised pass
MERGE_MIN = 1 << 24        # a layer's kept chunks are merged (their repeats dropped)
                           # once those not merged yet hold this many and as many as
                           # the merged part: a big layer is held about once, not
                           # once per parent that reaches a position
_LITTLE = np is None or np.little_endian


class _Moves:
    """The board's jumps as arrays, for vectorised move generation."""

    def __init__(self, board):
        jumps = board.jumps
        self.n = len(jumps)
        u = np.uint64
        self.mask = [u((1 << a) | (1 << b) | (1 << t)) for a, b, t in jumps]
        # a jump needs pegs on a and b and t empty; an unjump a peg on t and
        # a, b empty
        self.fneed = [u((1 << a) | (1 << b)) for a, b, _t in jumps]
        self.bneed = [u(1 << t) for _a, _b, t in jumps]
        self.fland = [t for _a, _b, t in jumps]       # where the peg stands after
        self.bland = [a for a, _b, _t in jumps]
        self.ffrom = [[] for _ in range(board.n)]     # jumps by a peg on hole h
        self.bfrom = [[] for _ in range(board.n)]     # unjumps by a peg on hole h
        for j, (a, _b, t) in enumerate(jumps):
            self.ffrom[a].append(j)
            self.bfrom[t].append(j)

    def children(self, parents, forward):
        """Every position one move (a chain of jumps by one peg) from one of
        ``parents`` (not reduced, with repeats)."""
        need = self.fneed if forward else self.bneed
        land = self.fland if forward else self.bland
        after = self.ffrom if forward else self.bfrom
        mask = self.mask
        out = []
        at = {}                 # hole -> arrays of positions whose mover stands there
        for j in range(self.n):
            sel = (parents & mask[j]) == need[j]
            if sel.any():
                q = parents[sel] ^ mask[j]
                out.append(q)
                at.setdefault(land[j], []).append(q)
        while at:
            nxt = {}
            for x, arrays in at.items():
                qs = arrays[0] if len(arrays) == 1 else np.concatenate(arrays)
                for j in after[x]:
                    sel = (qs & mask[j]) == need[j]
                    if sel.any():
                        q = qs[sel] ^ mask[j]
                        out.append(q)
                        nxt.setdefault(land[j], []).append(q)
            at = nxt
        if not out:
            return np.empty(0, dtype=np.uint64)
        return np.concatenate(out)


class _Canon:
    """Least image under the kernel's symmetries, by byte tables."""

    def __init__(self, kern, n):
        # per symmetry, a table per 16 bits of a position: its holes' images
        self.tables = []
        words = (n + 15) // 16
        for perm in (kern.board.symmetries[k] for k in kern.ks[1:]):
            tables = []
            for w in range(words):
                bits = np.array([1 << perm[16 * w + i] if 16 * w + i < n else 0
                                 for i in range(16)], dtype=np.uint64)
                v = np.arange(1 << 16, dtype=np.uint64)
                table = np.zeros(1 << 16, dtype=np.uint64)
                for i in range(16):
                    table[(v >> np.uint64(i)) & np.uint64(1) == 1] |= bits[i]
                tables.append(table)
            self.tables.append(tables)

    def __call__(self, xs):
        if not self.tables:
            return xs
        # (little-endian machines: the 16-bit words of each position, lowest first)
        words = xs.view(np.uint16).reshape(-1, 4) if _LITTLE else None
        best = xs
        for tables in self.tables:
            img = None
            for w, table in enumerate(tables):
                part = (words[:, w] if words is not None
                        else ((xs >> np.uint64(16 * w)) & np.uint64(0xFFFF)).astype(np.intp))
                part = table[part]
                img = part if img is None else img | part
            best = np.minimum(best, img)
        return best


class _Bound:
    """merson.MoveBound, vectorised: moves a position needs at the least."""

    def __init__(self, bound):
        u = np.uint64
        self.f_single, self.f_spare = u(bound.f_single), u(bound.f_spare)
        self.f_multi = [u(m) for m in bound.f_multi]
        self.has_spare = bool(bound.f_spare)
        self.b_single = u(bound.b_single)
        self.b_multi = [u(m) for m in bound.b_multi]

    def __call__(self, xs, forward):
        if forward:
            h = np.bitwise_count(xs & self.f_single).astype(np.int16)
            for m in self.f_multi:
                h += (xs & m) == m
            if self.has_spare:
                h += np.maximum(np.bitwise_count(xs & self.f_spare).astype(np.int16) - 1, 0)
        else:
            h = np.bitwise_count(~xs & self.b_single).astype(np.int16)
            for m in self.b_multi:
                h += (xs & m) != m
        return h


def _unique(xs):
    """Sorted, without repeats (by sorting: numpy's hash-based unique is
    several times slower on these arrays)."""
    return _distinct(np.sort(xs))


def _merged(arrays):
    """The sorted union of ``arrays``, each sorted without repeats (a list,
    emptied: its arrays are dropped as soon as they are copied), in about
    twice their size at the most: one copy, sorted in place, then its
    repeats dropped."""
    if len(arrays) == 1:
        return arrays.pop()
    xs = np.concatenate(arrays)
    arrays.clear()
    xs.sort()
    return _distinct(xs)


def _distinct(xs):
    """Sorted ``xs`` without its repeats."""
    if len(xs) > 1:
        keep = np.empty(len(xs), dtype=bool)
        keep[0] = True
        np.not_equal(xs[1:], xs[:-1], out=keep[1:])
        xs = xs[keep]
    return xs


def _member(layer, xs):
    """Which of ``xs`` the sorted array ``layer`` holds."""
    if not len(layer):
        return np.zeros(len(xs), dtype=bool)
    idx = np.searchsorted(layer, xs)
    idx[idx == len(layer)] = 0
    return layer[idx] == xs


def wide(puzzle, *, max_bytes=None, floor=0, ceiling=None, figures=None):
    """Generator: the minimum number of moves of ``puzzle`` (a single goal
    position or a few, the move metric, no fixed first move), proven.
    Rounds with limits from ``floor`` (a proven lower bound, or 0) up:
    returns a SearchResult of the minimum; or, given ``ceiling`` (the
    length of a solution known), None once a round shows there is none
    shorter (the known one is then minimal).  Raises SearchLimit (with the
    ``lower_bound`` proven) when the layers held pass ``max_bytes``,
    NoSolution when there is none.  ``figures``, a dict, gets the counts
    (``expanded``, ``generated``, ``peak``: positions held at the most)."""
    if np is None:
        raise ImportError("the wide engine needs numpy")
    if puzzle.metric != "move" or puzzle.first:
        raise ValueError("wide: the move metric, without a fixed first jump")
    roots = goal_positions(puzzle)
    if not roots:
        raise NoSolution("No solution: no goal position suits the start.")
    clock = Clock()
    kern = Kernel(puzzle)
    moves, canon = _Moves(puzzle.board), _Canon(kern, puzzle.board.n)
    origin = puzzle.after_first
    merson = MoveBound(puzzle, origin)
    bound = _Bound(merson)
    limit = max(floor, merson.forward(origin), 1)
    if figures is None:
        figures = {}
    figures.update(expanded=0, generated=0, peak=0)
    while True:
        if ceiling is not None and limit >= ceiling:
            return None
        # (what the rounds before proved: no solution is shorter than ``limit``)
        found = yield from _round(puzzle, kern, moves, canon, bound, origin, roots, limit,
                                  max_bytes, figures, clock, limit)
        if found is not None:
            return found
        limit += 1


def _round(puzzle, kern, moves, canon, bound, origin, roots, limit, max_bytes, figures,
           clock, proven):
    """One round (see the module docstring): a SearchResult of the minimum,
    or None when no solution has at most ``limit`` moves."""
    u64 = np.uint64
    fwd = [np.array([kern.canon(origin)], dtype=u64)]
    bwd = [_unique(np.array([kern.canon(g) for g in roots], dtype=u64))]
    cut = 0                 # children the bound left out (none: the search is exhaustive)
    while True:
        fdepth, bdepth = len(fwd) - 1, len(bwd) - 1
        span = fdepth + bdepth
        if span >= limit:
            return None
        forward = len(fwd[-1]) <= len(bwd[-1])
        mine, other = (fwd, bwd) if forward else (bwd, fwd)
        d = len(mine)
        probe = span + 1 >= limit           # only looked up, never stored
        layer = mine[-1]
        kept = []
        held = sum(len(x) for x in fwd) + sum(len(x) for x in bwd)
        for i in range(0, len(layer), CHUNK):
            parents = layer[i:i + CHUNK]
            kids = _unique(canon(moves.children(parents, forward)))
            figures["expanded"] += len(parents)
            figures["generated"] += len(kids)
            for old in mine:
                kids = kids[~_member(old, kids)]
            for b, theirs in enumerate(other):
                hit = _member(theirs, kids)
                if hit.any():
                    meeting = int(kids[hit][0])
                    return _result(puzzle, kern, fwd, bwd, meeting, forward, d, b, figures,
                                   clock, held)
            if not probe:
                ok = d + bound(kids, forward) <= limit
                cut += len(kids) - int(ok.sum())
                kept.append(kids[ok])
                del kids, ok
                size = held + sum(len(x) for x in kept)
                figures["peak"] = max(figures["peak"], size)
                # merging the layer's chunks holds them and their copy for
                # a moment: twice what they hold
                if max_bytes is not None and 8 * (held + 2 * (size - held)) > max_bytes:
                    raise SearchLimit(
                        f"Search stopped at the memory budget: {size:,} positions held "
                        f"({8 * size / 2**20:,.0f} MB as arrays) in {clock.elapsed():.1f} s.",
                        stats=stats(clock, figures["expanded"], figures["generated"], size),
                        lower_bound=max(proven, min(span + 1, limit + 1)))
                head, tail = len(kept[0]), size - held - len(kept[0])
                # merged once the chunks after the first hold as much as it
                # (or sooner, near the budget: a merge gives back at most them)
                close = max_bytes is not None and \
                    8 * (held + 2 * (size - held + len(kept[-1]))) > max_bytes
                if len(kept) > 1 and tail >= max(MERGE_MIN, head // 8 if close else head):
                    kept = [_merged(kept)]
            if clock.due():
                yield progress(clock, lower_bound=max(proven, min(span + 1, limit + 1)),
                               limit=limit,
                               depth=span, held=held, frontier=len(layer),
                               expanded=figures["expanded"])
        if probe:
            return None
        new = _merged(kept) if kept else np.empty(0, dtype=u64)
        if not len(new):
            if not cut:
                raise NoSolution("No solution: the goal cannot be reached.",
                                 stats=stats(clock, figures["expanded"],
                                             figures["generated"], held))
            return None
        mine.append(new)


class _Depths:
    """A side's layers as meet.py's distance table (``get``), for the path."""

    def __init__(self, layers):
        self.layers = layers

    def get(self, x, default=None):
        xs = np.array([x], dtype=np.uint64)
        for d, layer in enumerate(self.layers):
            if _member(layer, xs)[0]:
                return d
        return default


def _result(puzzle, kern, fwd, bwd, meeting, forward, d, b, figures, clock, held):
    """The solution through ``meeting`` (new at depth d on the side
    expanded; at depth b on the other)."""
    f, k = (d, b) if forward else (b, d)
    path = forward_path(puzzle, kern, _Depths(fwd), meeting, f)
    if k:
        path += backward_path(puzzle, kern, _Depths(bwd), meeting, k)
    states = [puzzle.start]
    for m in path:
        states.append(puzzle.apply(states[-1], m))
    if not puzzle.is_goal(states[-1]):
        raise AssertionError("wide: the path does not end at the goal")
    out = stats(clock, figures["expanded"], figures["generated"], figures["peak"] or held,
                depth=len(path))
    return SearchResult(path, states, len(path), True, out,
                        {"meet": {"forward": f, "backward": k, "symmetries": len(kern.ks)}})
