"""The pattern bound for sliding blocks: the exact distance to the goal in a
smaller puzzle, the same board with the small blocks taken out.

Taking blocks out only frees cells, so every move of the real puzzle is
also a move of the smaller one (a unit step, a run of steps or a straight
slide, whichever the count is), and every real goal position is a goal
there too: its distance is a lower bound in every count.  The smaller
puzzle is solved backwards from its goals once, over the part of it the
start can reach, and each real position looks its distance up (the bound
takes the larger of that and the blockers bound).

Which blocks go: every block of the one-cell shapes the goal does not name
(the shuffling pieces, which make most of a classic puzzle's positions), or
when there are none the goal-free shape with the fewest cells.  Whole shapes
go, so a canonical position (blocks of one shape interchangeable) maps to a
canonical position of the smaller puzzle by moving bit ranges.  When the
smaller puzzle has more than ``MAX_STATES`` positions the table is not kept
and the bound is the blockers bound alone.

Measured (A* nodes against BFS's, tests: admissible along optimal paths):
the two-L board 23,103 -> 77; Tannentei's 368,385 -> 183,343 in steps;
the classic 4x5 boards gain 2-30%: their solutions wander through most of
their group, and no bound from a simpler puzzle sees that.
"""

import sys

from ...errors import SearchLimit
from ...search.common import drain
from .expand import expansion_table

MAX_STATES = 200_000       # positions of the smaller puzzle kept (about 25 MB)
MAX_BYTES = 25 * 2 ** 20   # ... and at most this many bytes, however big a position is
ENTRY_BYTES = 125          # bytes a position of the table holds (25 MB / 200,000) ...
SLOT_BYTES = ENTRY_BYTES - sys.getsizeof(1 << 60)   # ... beside its integer: the dict's slots
TICK = 2048                # positions and moves between two bare ticks while building
_CACHE = {}                # key -> table (the last few, for repeated solves)
_REFUSED = set()           # keys whose table a budget left out (the bound: blockers alone)
_CACHE_SIZE = 4


def dropped_types(puzzle):
    """The block types taken out (see the module docstring)."""
    named = {puzzle.type_of[letter] for letter in puzzle.named}
    free = [t for t in range(len(puzzle.type_shape)) if t not in named]
    small = [t for t in free if len(puzzle.type_shape[t]) == 1]
    if small or not free:
        return small
    least = min(len(puzzle.type_shape[t]) for t in free)
    return [min((t for t in free if len(puzzle.type_shape[t]) == least),
                key=lambda t: -len(puzzle.type_letters[t]))]


def smaller_puzzle(puzzle):
    """(the smaller puzzle, segments): ``segments`` are (low bit, mask, its
    low bit) per kept type, which carry a position's placements across."""
    drop = set(dropped_types(puzzle))
    gone = {letter for t in drop for letter in puzzle.type_letters[t]}
    small = puzzle.without(gone)
    segments = []
    for t, letters in enumerate(puzzle.type_letters):
        if t in drop:
            continue
        lo, hi = puzzle.type_range[t]
        lo2, _hi2 = small.type_range[small.type_of[letters[0]]]
        segments.append((lo, (1 << (hi - lo)) - 1, lo2))
    return small, tuple(segments)


def _key(puzzle):
    return (puzzle.w, puzzle.h, tuple(puzzle.rows), puzzle.goals_text(),
            tuple(sorted(puzzle.ways.items())), puzzle.metric)


def entry_bytes(state):
    """The bytes a position like ``state`` takes in the table, about: at
    least ENTRY_BYTES, more for a big board's long integers (52 one-cell
    blocks on 16x16: about 1.8 kB)."""
    return max(ENTRY_BYTES, sys.getsizeof(state) + SLOT_BYTES)


def table_bytes(table):
    """The bytes a table (table_steps's) holds, about: its dict of
    distances (``entry_bytes`` an entry)."""
    if not table or not table[1]:
        return 0
    return len(table[1]) * entry_bytes(next(iter(table[1])))


def table_steps(puzzle, max_bytes=None):
    """Builder generator (bare ticks): the smaller puzzle's distances, or
    None when it is too big: over MAX_STATES positions, or, with a memory
    budget ``max_bytes``, over a quarter of it (the smaller puzzle's memos
    an eighth each).  Returns (segments, distances) or None."""
    key = _key(puzzle)
    if key in _CACHE:
        return _CACHE[key]
    if max_bytes is not None and puzzle.own_bytes() > max_bytes // 4:
        # the smaller puzzle's own tables (at most this one's) would not
        # leave its positions any room: not built at all (52 named blocks
        # on 16x16: 15 MB of tables before a position is held); refused for
        # this budget only, so that the bound does not build it behind it
        _REFUSED.add(key)
        return None
    small, segments = smaller_puzzle(puzzle)
    yield     # the smaller puzzle's own tables: a tenth of a second on a big board
    entry = entry_bytes(small.start)
    most = min(MAX_STATES, MAX_BYTES // entry)
    if max_bytes is not None:
        try:
            small.reserve(max_bytes)
            most = min(most, max_bytes // 4 // entry)
        except SearchLimit:
            most = 0
    options = expansion_table(small)
    full, occupied = small.full, small.occupied
    goal = small.goal_test()
    start = small.start
    seen = {start}
    layer = [(start, occupied(start))]
    goals = []
    n = 0
    table = None
    while layer and len(seen) <= most:
        nxt = []
        for s, occ in layer:
            if goal(s, occ):
                goals.append(s)
            moves = options(s, full ^ occ)
            for _q, d, dm, _path in moves:
                c = s + d
                if c not in seen:
                    seen.add(c)
                    nxt.append((c, occ ^ dm))
            n += 1 + len(moves)     # the work: a board of many blocks has many moves
            if n >= TICK:
                n = 0
                if len(seen) > most:
                    break           # too big: not kept (checked as it grows)
                yield
        layer = nxt
    if len(seen) <= most:
        del seen
        dist = dict.fromkeys(goals, 0)
        layer, d = goals, 0
        while layer:
            d += 1
            nxt = []
            for s in layer:
                moves = options(s, full ^ occupied(s))
                for _q, delta, _dm, _path in moves:
                    c = s + delta
                    if c not in dist:
                        dist[c] = d
                        nxt.append(c)
                n += 1 + len(moves)
                if n >= TICK:
                    n = 0
                    yield
            layer = nxt
        table = (segments, dist)
    if table is None and most < MAX_STATES:
        _REFUSED.add(key)
        return None         # too big for this budget only: another may keep it
    _REFUSED.discard(key)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = table
    return table


def table_of(puzzle):
    """The table, built now without progress if ``prepare`` has not (None
    if ``prepare`` found it too big for its budget: never built behind the
    budget's back, with no progress)."""
    key = _key(puzzle)
    table = _CACHE.get(key, False)
    if table is False and key in _REFUSED:
        return None
    return drain(table_steps(puzzle)) if table is False else table


def bound(puzzle):
    """The bound as ``f(state)`` (canonical states, as the searches keep
    them; a labelled tuple is packed first)."""
    table = table_of(puzzle)
    if table is None:
        return puzzle.blockers
    segments, dist = table

    def pattern(state):
        if isinstance(state, tuple):
            state = puzzle.pack(state)
        key = 0
        for lo, mask, lo2 in segments:
            key |= ((state >> lo) & mask) << lo2
        return dist.get(key, 0)     # none: no goal within reach there
    return pattern
