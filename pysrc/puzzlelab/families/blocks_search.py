"""The sliding-block family's own breadth-first search, handed to the API
through ``Blocks.custom_search("bfs")`` (``blocks.py`` beside it holds the
rules and tables).  Same generator/SearchResult contract and errors as
``search/bfs.py``, but specialised: a queued state carries its occupied
cells; the blocks that can move are the state's bits among the placements
touching the empty cells (a table keyed by the empty cells); each block's
destinations come from ``Blocks.reach`` (memoised per placement and empty
cells); a child costs one integer addition.  Only the parent state is stored
per state (the move is recovered from the two states' bit difference when the
path is rebuilt), and the result has labelled states and moves.

Also ``explore(puzzle, root)``: the whole reachable set with the same
machinery (distance histogram, farthest positions), which the API's
``analyze`` gets through ``Blocks.custom_explore``.
"""

from ..errors import PuzzleError
from .blocks import MEMO_LIMIT
from ..search.common import (Clock, SearchResult, over_budget, no_solution,
                             progress, stats, CHECK_EVERY, DEFAULT_MAX_STATES)

# Entries of a search's expansion table before it is dropped (see below).
TABLE_LIMIT = 4 * MEMO_LIMIT


def _move_between(puzzle, a, b, occ):
    """The canonical move from state ``a`` to state ``b`` (one apart), with a
    shortest route for the block given the occupied cells ``occ`` of ``a``."""
    from .blocks import Move
    x = a ^ b
    lo = x & -x
    g1, g2 = lo.bit_length() - 1, (x ^ lo).bit_length() - 1
    p, q = (g1, g2) if a >> g1 & 1 else (g2, g1)
    for q2, _d, _dm, path in puzzle.reach(p, puzzle.full ^ occ):
        if q2 == q:
            return Move(None, p, q, path)
    raise PuzzleError(f"Internal error: no move from placement {p} to {q}.")


def rebuild(puzzle, parent, goal):
    """Labelled (moves, states) from the start to ``goal`` following
    ``parent[state] = previous state``."""
    chain = [goal]
    while parent[chain[-1]] is not None:
        chain.append(parent[chain[-1]])
    chain.reverse()
    moves = []
    pm = puzzle.pmask
    occ = puzzle.occupied(chain[0])
    for a, b in zip(chain, chain[1:]):
        move = _move_between(puzzle, a, b, occ)
        moves.append(move)
        occ ^= pm[move.p] ^ pm[move.q]
    return puzzle.relabel(moves)


def expansion_table(puzzle):
    """A per-search memo of every move a state has, from the two things
    that decide them: its empty cells ``free`` and which of its blocks touch
    them.  ``table[free] = (border, sub)``: a state's movable blocks are
    ``x = state & border``, and ``sub[x]`` is the tuple of their moves,
    ``Blocks.reach``'s ``(q, state delta, cells changed, path)`` one block
    after another.  One dict lookup per state replaces a walk over the
    movable blocks' bits, three big-integer operations per block, which cost
    most of all under WebAssembly.  The searches read the table inline (the
    hot loop) and call ``moves_of(state, free)`` on a miss, which fills it.
    Returns ``(table, moves_of)``; the memo is dropped when it passes
    ``TABLE_LIMIT`` entries."""
    border = puzzle.border
    region = puzzle.region
    memo = puzzle._memo
    reach = puzzle.reach
    table = {}
    size = [0]

    def moves_of(s, free):
        entry = table.get(free)
        if entry is None:
            y = 0
            for g, b in enumerate(border):
                if b & free:
                    y |= 1 << g
            if size[0] > TABLE_LIMIT:
                table.clear()
                size[0] = 0
            entry = table[free] = (y, {})
        x = s & entry[0]
        out = ()
        y = x
        while y:
            low = y & -y
            y ^= low
            g = low.bit_length() - 1
            mine = memo[g].get(free & region[g])
            out += mine if mine is not None else reach(g, free)
        entry[1][x] = out
        size[0] += 1
        return out
    return table, moves_of


def bfs(puzzle, *, count=False, max_states=DEFAULT_MAX_STATES):
    """Optimal in the puzzle's metric; ``count=True`` also counts the optimal
    move sequences (``extra["solutions"]``, see ``Blocks`` for what counts as
    one)."""
    clock = Clock()
    start = puzzle.start
    occ0 = puzzle.occupied(start)
    goal = puzzle.goal_test()
    if goal(start, occ0):
        return SearchResult([], [puzzle.start_labels], 0, True,
                            stats(clock, 0, 0, 1, depth=0),
                            {"solutions": 1} if count else {})
    full = puzzle.full
    # Every goal state has a bit of ``hint`` (-1: no such filter), so a
    # child needs the full goal test only if its parent had one or the
    # moved block lands on one.
    hint = puzzle.goal_hint or -1
    table, moves_of = expansion_table(puzzle)
    arriving = {g for g in range(len(puzzle.pmask)) if hint >> g & 1}
    parent = {start: None}
    paths = {start: 1}
    layer = [(start, occ0)]          # (state, occupied cells)
    expanded = generated = 0
    depth = 0
    found = []
    while layer and not found:
        nxt = []
        push = nxt.append
        nxt_paths = {}
        for s, occ in layer:
            expanded += 1
            if not expanded & (CHECK_EVERY - 1):
                if len(parent) > max_states:
                    over_budget(len(parent), max_states, clock, expanded, generated)
                if clock.due():
                    yield progress(clock, depth=depth, expanded=expanded,
                                   generated=generated, held=len(parent),
                                   frontier=len(layer))
            free = full ^ occ
            entry = table.get(free)
            opts = entry[1].get(s & entry[0]) if entry else None
            if opts is None:
                opts = moves_of(s, free)
            generated += len(opts)
            near = s & hint
            if count:
                here = paths[s]
                for q, d, dm, _path in opts:
                    c = s + d
                    if c in parent:
                        if c in nxt_paths:
                            nxt_paths[c] += here
                        continue
                    parent[c] = s
                    nxt_paths[c] = here
                    o = occ ^ dm
                    push((c, o))
                    if (near or q in arriving) and goal(c, o):
                        found.append(c)
                continue
            for q, d, dm, _path in opts:
                c = s + d
                if parent.setdefault(c, s) is not s:
                    continue           # seen before (no two moves of s meet)
                o = occ ^ dm
                push((c, o))
                if (near or q in arriving) and goal(c, o):
                    found.append(c)
                    break
            if found:
                break
        depth += 1
        layer = nxt
        paths = nxt_paths
    if not found:
        if len(parent) > max_states:
            over_budget(len(parent), max_states, clock, expanded, generated)
        no_solution(clock, expanded, generated, len(parent))
    moves, states = rebuild(puzzle, parent, found[0])
    extra = {}
    if count:
        extra["solutions"] = sum(paths[g] for g in found)
    return SearchResult(moves, states, len(moves), True,
                        stats(clock, expanded, generated, len(parent),
                              depth=len(moves)), extra)


def explore(puzzle, root=None, *, max_states=DEFAULT_MAX_STATES, keep=200):
    """Everything reachable from ``root`` (a canonical state; default the
    start): SearchResult whose ``extra`` holds ``histogram``,
    ``max_distance``, ``reachable`` and ``farthest`` (canonical states), like
    ``search/explore.py``.  Moves are reversible, so from the goal state this
    is also the set that can reach it."""
    clock = Clock()
    start = puzzle.start if root is None else root
    full = puzzle.full
    table, moves_of = expansion_table(puzzle)
    seen = {start}
    add = seen.add
    layer = [(start, puzzle.occupied(start))]
    histogram = [1]
    last = layer
    expanded = generated = 0
    while layer:
        nxt = []
        push = nxt.append
        for s, occ in layer:
            expanded += 1
            if not expanded & (CHECK_EVERY - 1):
                if len(seen) > max_states:
                    over_budget(len(seen), max_states, clock, expanded, generated)
                if clock.due():
                    yield progress(clock, depth=len(histogram) - 1,
                                   expanded=expanded, generated=generated,
                                   held=len(seen), histogram=histogram)
            free = full ^ occ
            entry = table.get(free)
            opts = entry[1].get(s & entry[0]) if entry else None
            if opts is None:
                opts = moves_of(s, free)
            generated += len(opts)
            for _q, d, dm, _path in opts:
                c = s + d
                if c in seen:
                    continue
                add(c)
                push((c, occ ^ dm))
        if nxt:
            histogram.append(len(nxt))
            last = nxt
        layer = nxt
    if len(seen) > max_states:
        over_budget(len(seen), max_states, clock, expanded, generated)
    extra = {"histogram": histogram, "max_distance": len(histogram) - 1,
             "reachable": len(seen),
             "farthest": [s for s, _o in last[:keep]]}
    return SearchResult([], [start], 0, True,
                        stats(clock, expanded, generated, len(seen)), extra)


def labelled(fn):
    """A generic search whose result is relabelled: the generic searches
    work on canonical states, the page wants each block to keep its letter
    along the solution."""
    def run(puzzle, **options):
        result = yield from fn(puzzle, **options)
        return puzzle.label_result(result)
    run.__name__ = run.__qualname__ = f"labelled_{fn.__name__}"
    return run
