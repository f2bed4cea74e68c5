"""Pattern databases for boards with no 4x4 table (5x5, 6x6, 7x3, 6x2 ...):
the partition of the goal's tiles into groups, one table per group shape
(decoded from a shipped file where pdb.TABLES has one -- the 5x5 5-tile
shapes -- else built in the worker with progress), kept for the session,
and the second lookup through a board symmetry.  Called by lowerbounds.py
(the ``pdb`` entry beyond 4x4) and the family's ``tables_needed``; the
tables come from pdb.py, the search is ida.py's pattern-database kernel.

A partition covers every goal cell but the blank's with connected groups
of at most ``group_size`` cells (5 on 5x5 and 7x3, 6 on 6x2, 4 on 6x6: a
table has (W*H)**k one-byte entries, at most about 10 million), found by a
small branch-and-bound that prefers compact groups (most neighbouring
pairs inside a group) and then groups that are images of one another under
the board's symmetries, since such groups share one table.  Example, 5x5,
blank last (cells 0-23)::

    A A A B B
    A A C B B      A, B, D: images of one 5-cell shape (tiles5x5-corner5.pdb),
    D C C C B      E another (tiles5x5-inner5.pdb), C the 4 tiles left
    D D E E E      (built here): 5-5-4-5-5.  The second lookup is its
    D D E E _      transpose, which reads the same tables.

Tables are built with the blank anywhere outside the pattern (pdb.py,
``blank=None``): the minimum over the blank's cells, admissible whatever the
goal, so one table serves every goal and every symmetric image of its cells.
"""

from ... import tables
from ...search.common import drain
from . import pdb

MAX_ENTRIES = 10_000_000      # (W*H)**k one-byte entries per table
NODE_CAP = 20_000             # branch-and-bound nodes spent on a partition


def group_size(w, h):
    """The largest group whose table has at most MAX_ENTRIES entries."""
    n, k = w * h, 1
    while n ** (k + 1) <= MAX_ENTRIES and k + 1 < n - 1:
        k += 1
    return k


def _classes(w, h):
    syms = pdb.symmetries(w, h)

    def canon(cells):
        return min(tuple(sorted(s[c] for c in cells)) for s in syms)
    return canon


def _placements(w, h, free, k):
    """Connected groups of exactly k cells of ``free`` (frozensets), by
    growing from each cell; each group once."""
    nbrs = pdb.neighbour_lists(w, h)
    found = set()
    layer = {frozenset([c]) for c in free}
    for _ in range(k - 1):
        nxt = set()
        for g in layer:
            for c in g:
                for d in nbrs[c]:
                    if d in free and d not in g:
                        nxt.add(g | {d})
        layer = nxt
    found |= layer
    return found


def _pairs(w, cells):
    """The pairs of neighbouring cells inside a group."""
    s = set(cells)
    return [(c, c + d) for c in cells for d in (1, w)
            if c + d in s and (d == w or c % w < w - 1)]


def _adjacency(w, cells, avoid=frozenset()):
    """Neighbouring pairs inside the group, each counted PENALTY instead of 1
    if ``avoid`` (the pairs an earlier partition groups already) has it."""
    return sum(PENALTY if pair in avoid else 1 for pair in _pairs(w, cells))


def choose_groups(w, h, blank, k=None, avoid=frozenset()):
    """Groups of cells (sorted tuples) covering every cell but ``blank``:
    ``-(-cells // k)`` connected groups, sizes as even as possible, most
    inner neighbour pairs first, then fewest distinct table shapes.  A
    depth-first branch-and-bound over the first uncovered cell's groups,
    stopped after NODE_CAP nodes (the best so far stands; reading-order
    groups if none was complete).  ``avoid``: neighbouring pairs to keep
    apart (:func:`layouts`)."""
    k = k or group_size(w, h)
    cells = [c for c in range(w * h) if c != blank]
    count = -(-len(cells) // k)
    # sizes as even as possible: ``bigs`` groups of k cells, the rest k - 1
    k = -(-len(cells) // count)
    bigs = len(cells) - (k - 1) * count
    small = count - bigs                    # groups of k - 1 cells
    free = frozenset(cells)
    canon = _classes(w, h)
    sizes = {k, k - 1} if small else {k}
    by_size = {}
    best_adj = {}
    for size in sizes:
        found = _placements(w, h, free, size)
        best_adj[size] = max((_adjacency(w, g, avoid) for g in found), default=0)
        for g in found:
            by_size.setdefault(min(g), []).append(
                (-_adjacency(w, g, avoid), tuple(sorted(g)), g, canon(g)))
    for lst in by_size.values():
        lst.sort()
    best = [None, None]                       # (score), groups
    nodes = [0]
    # explicit stack: (covered, groups, adjacency, smalls used)
    stack = [(frozenset(), (), 0, 0)]
    while stack and nodes[0] < NODE_CAP:
        covered, groups, adj, used_small = stack.pop()
        nodes[0] += 1
        left = len(groups)
        if len(covered) == len(cells):
            score = (adj, -len({canon(g) for g in groups}))
            if best[0] is None or score > best[0]:
                best[0], best[1] = score, groups
            continue
        rest_k = count - left - (small - used_small)
        bound = adj + rest_k * best_adj[k] + (small - used_small) * best_adj.get(k - 1, 0)
        if best[0] is not None and bound < best[0][0]:
            continue
        first = min(free - covered)
        children = []
        for neg, tup, g, _cl in by_size.get(first, ()):
            if g & covered:
                continue
            size = len(g)
            if size == k - 1 and used_small >= small:
                continue
            if size == k and count - left - 1 < small - used_small:
                continue
            children.append((covered | g, groups + (tup,), adj - neg,
                             used_small + (size == k - 1)))
        stack.extend(reversed(children))       # most compact tried first
    if best[1] is None:
        return tuple(tuple(cells[i:i + k]) for i in range(0, len(cells), k))
    return best[1]


ALTERNATES = 2      # more partitions on boards with no mirror (7x3, 6x2 ...)
PENALTY = -2       # a pair an earlier partition groups, in choose_groups's score


_layouts = {}      # (w, h, blank) -> layouts(w, h, blank)


def layouts(w, h, blank):
    """:func:`find_layouts`, kept per board and blank (a branch-and-bound
    of up to NODE_CAP nodes: ``tables_needed`` asks for it on every solve)."""
    key = (w, h, blank)
    got = _layouts.get(key)
    if got is None:
        if len(_layouts) > 16:
            _layouts.clear()
        got = _layouts[key] = find_layouts(w, h, blank)
    return got


def find_layouts(w, h, blank):
    """The partitions the bound takes the largest sum of: the chosen groups
    and, where a symmetry keeps the blank, their mirror image; on the other
    boards, ALTERNATES more partitions into groups of one cell fewer (cheap
    tables: 0.2 s each on 7x3) that keep apart the neighbours the earlier
    ones group together (7x3: the benchmark set's total 6.4 s, not 12.3 s
    with the first partition alone)."""
    groups = choose_groups(w, h, blank)
    sym = mirror(w, h, blank)
    if sym is not None:
        image = tuple(tuple(sorted(sym[c] for c in g)) for g in groups)
        if set(image) == set(groups) and max(map(len, groups)) == 4 and w % 2 == 0:
            # 6x6: the 2x2 blocks are their own mirror image, so the second
            # lookup would repeat the first; blocks shifted one column (the
            # side columns in dominoes) and their mirror, shifted one row,
            # differ (the 6x6 benchmark scrambles: worst 7.6 s -> 4.3 s)
            groups = _shifted_blocks(w, h, blank)
            image = tuple(tuple(sorted(sym[c] for c in g)) for g in groups)
        return [groups, image]
    out = [groups]
    k = max(len(g) for g in groups) - 1
    if k < 2:
        return out
    for _ in range(ALTERNATES):
        avoid = frozenset(p for layout in out for g in layout for p in _pairs(w, g))
        more = choose_groups(w, h, blank, k, avoid)
        if more not in out:
            out.append(more)
    return out


def _shifted_blocks(w, h, blank):
    """2x2 blocks shifted one column right (dominoes down both side columns),
    the blank's cell left out."""
    found = {}
    for c in range(w * h):
        if c != blank:
            found.setdefault(((c % w + 1) // 2, c // w // 2), []).append(c)
    return tuple(tuple(g) for _key, g in sorted(found.items(), key=lambda kv: min(kv[1])))


def mirror(w, h, blank):
    """A board symmetry other than the identity that keeps the blank's goal
    cell (the diagonal reflection of a square board with the blank on the
    diagonal), or None."""
    for sym in pdb.symmetries(w, h)[1:]:
        if sym[blank] == blank:
            return sym
    return None


_tables = {}       # (w, h, canonical cells) -> sparse table bytes, for the session
_plans = {}        # (w, h, goal) -> (partitions, detail)


def table_steps(w, h, cells):
    """Generator returning (stored cells, table) for the shape of ``cells``
    (the canonical image under the board's symmetries), once per session,
    with ticks: decoded from a shipped file (pdb.TABLES: the 5x5 shapes of
    the corner-blank partition) or built."""
    key = (w, h, _classes(w, h)(cells))
    got = _tables.get(key)
    if got is None:
        name = pdb.stored_shape(w, h, key[2])
        if name is not None:          # shipped (5x5): fetched by the page, decoded here
            data = tables.load(name, lambda: pdb.build_table(name))
            _header, table = yield from pdb.decode_table_steps(data)
        else:
            table, _figures = yield from pdb.build_sparse_steps(w, h, key[2])
        got = _tables[key] = table
    return key[2], got


def stored_names(w, h, goal):
    """The shipped tables the partition of this goal reads (the page fetches
    them before a solve; the other groups' tables are built here)."""
    canon = _classes(w, h)
    names = {pdb.stored_shape(w, h, canon(g))
             for layout in layouts(w, h, goal.index(0)) for g in layout}
    return sorted(n for n in names if n is not None)


def is_ready(w, h, goal):
    """Whether the tables of this board and goal are built already."""
    return (w, h, bytes(goal)) in _plans


# Bytes per entry a table's build takes at its peak, besides the tables kept
# (the breadth-first search's bit sets, one per blank cell: pdb.bfs_layers):
# about 1.5 * W*H + 5 (measured in CPython, the resident set's growth while
# the tables of a board are built: 4x3 68 MB, 5x4 109 MB, 6x6 88 MB)
def build_bytes_per_entry(radix):
    return 1.5 * radix + 5


def memory(w, h, goal):
    """The bytes the pattern databases of this board and goal take at their
    peak while they are prepared, and keep (shipped tables decoded: about
    twice their size at the peak; the others built: see
    build_bytes_per_entry), so a search can count them in its budget."""
    radix = w * h
    canon = _classes(w, h)
    shapes = {canon(g) for layout in layouts(w, h, goal.index(0)) for g in layout}
    kept = sum(radix ** len(shape) for shape in shapes)
    if is_ready(w, h, goal):
        return kept
    peak = 0
    for shape in shapes:
        size = radix ** len(shape)
        if (w, h, shape) in _tables:
            continue
        if pdb.stored_shape(w, h, shape) is not None:
            peak = max(peak, 2 * size)
        else:
            peak = max(peak, int(size * build_bytes_per_entry(radix)))
    return kept + peak


def partitions_steps(w, h, goal):
    """Generator returning (partitions, detail) for the goal: the chosen
    groups and, where a symmetry keeps the blank, their mirror image, as
    lists of pdb.Pattern over shared tables (cached for the session)."""
    key = (w, h, bytes(goal))
    got = _plans.get(key)
    if got is not None:
        return got
    blank = goal.index(0)
    radix = w * h
    goal_pos = [0] * radix
    for cell, t in enumerate(goal):
        goal_pos[t] = cell
    syms = pdb.symmetries(w, h)
    parts = []
    for layout in layouts(w, h, blank):
        pats = []
        for g in layout:
            stored, table = yield from table_steps(w, h, g)
            want = frozenset(g)
            image = next(s for s in syms if frozenset(s[c] for c in stored) == want)
            pats.append(pdb.make_pattern(w, h, goal_pos, stored, image, table,
                                         "built " + ",".join(map(str, stored))))
        parts.append(pats)
    got = _plans[key] = (parts, pdb.describe_partitions(parts))
    return got


def partitions(w, h, goal):
    """:func:`partitions_steps`, run at once."""
    return drain(partitions_steps(w, h, goal))


def forget():
    """Drop the session's tables (tests: a build from scratch), and the
    pattern choices made with them (pdb.choose_partitions_steps keeps them)."""
    _tables.clear()
    _plans.clear()
    pdb.forget_choices()
