"""Everything reachable from one blocks position, with the fast engine's
machinery (the expansion table of expand.py): the distance histogram, the
farthest positions, the reachable count -- the family's ``explore`` hook (the
analyze op) -- and the start's whole group seen from its goals (``group``,
the analyze op's ``from: group``).  Siblings: bfs.py, expand.py.
"""

from ...search.common import Checkpoint, SearchResult, DEFAULT_MAX_STATES
from .expand import expansion_table

# machine words per position besides the state (tests/test_budget.py): a
# dict slot (the state's occupied cells kept for the group's second search),
# the (state, occupied cells) pair in the layer, its occupancy int
WORDS = 16
# ... and for the group's search from the goals: a distance and a path count
# (two dict slots), the count's int, a layer slot
GROUP_WORDS = 16


def explore(puzzle, root=None, *, max_states=DEFAULT_MAX_STATES, max_bytes=None,
            keep=200, members=False):
    """Everything reachable from ``root`` (a canonical state; default the
    start): SearchResult whose ``extra`` holds ``histogram``,
    ``max_distance``, ``reachable`` and ``farthest`` (canonical states), like
    ``search/explore.py``.  Moves are reversible, so from the goal state this
    is also the set that can reach it."""
    start = puzzle.start if root is None else root
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start, words=WORDS)
    check = cp.next
    full = puzzle.full
    options = expansion_table(puzzle)
    occ0 = puzzle.occupied(start)
    seen = {start: occ0}             # state -> its occupied cells
    layer = [(start, occ0)]
    histogram = [1]
    last = layer
    expanded = generated = 0
    while layer:
        nxt = []
        push = nxt.append
        for s, occ in layer:
            expanded += 1
            opts = options(s, full ^ occ)
            generated += len(opts)
            if generated >= check:
                # held counts the children about to be added: one expansion
                # can make ten thousand
                yield from cp.tick(generated, held=len(seen), coming=len(opts),
                                   depth=len(histogram) - 1, expanded=expanded,
                                   generated=generated, histogram=histogram)
                check = cp.next
            for _q, d, dm, _path in opts:
                c = s + d
                if c in seen:
                    continue
                o = seen[c] = occ ^ dm
                push((c, o))
        if nxt:
            histogram.append(len(nxt))
            last = nxt
        layer = nxt
    if len(seen) > max_states:
        cp.over(len(seen), expanded, generated)
    extra = {"histogram": histogram, "max_distance": len(histogram) - 1,
             "reachable": len(seen),
             "farthest": [s for s, _o in last[:keep]]}
    if members:
        extra["members"] = seen
    return SearchResult([], [start], 0, True,
                        cp.stats(expanded, generated, len(seen)), extra)


def group(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, keep=200):
    """The start's group, understood (the analyze op's ``from: group``):
    every position reachable from the start (moves are reversible, so each
    can also reach the start), which of them are goals, and each one's
    distance to the nearest goal, found by one breadth-first search from
    all the goals at once.  ``extra``: ``histogram`` (positions at each
    distance from the goal), ``max_distance``, ``farthest`` (the hardest
    starts of the group), ``reachable`` (the group's size), ``goals``,
    ``start_distance`` and ``start_solutions`` (the optimal solutions of
    the start, counted as the ``bfs`` method's ``count`` counts them), or
    without a goal in the group, ``goals: 0`` and an empty histogram."""
    first = yield from explore(puzzle, max_states=max_states, max_bytes=max_bytes,
                               keep=0, members=True)
    seen = first.extra.pop("members")
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=puzzle.start,
                    words=WORDS + GROUP_WORDS)
    check = cp.next
    goal = puzzle.goal_test()
    layer = [s for s, occ in seen.items() if goal(s, occ)]
    extra = {"reachable": len(seen), "goals": len(layer), "histogram": [],
             "max_distance": None, "farthest": [], "start_distance": None,
             "start_solutions": 0}
    if not layer:
        return SearchResult([], [puzzle.start], 0, True, first.stats, extra)
    full = puzzle.full
    options = expansion_table(puzzle)
    dist = dict.fromkeys(layer, 0)
    paths = dict.fromkeys(layer, 1)
    histogram = [len(layer)]
    last = layer
    expanded = generated = 0
    while layer:
        d1 = len(histogram)
        nxt = []
        for s in layer:
            expanded += 1
            opts = options(s, full ^ seen[s])
            generated += len(opts)
            if generated >= check:
                yield from cp.tick(generated, held=len(dist), depth=d1, phase="group",
                                   expanded=expanded, generated=generated,
                                   histogram=histogram)
                check = cp.next
            here = paths[s]
            for _q, d, _dm, _path in opts:
                c = s + d
                was = dist.get(c)
                if was is None:
                    dist[c] = d1
                    paths[c] = here
                    nxt.append(c)
                elif was == d1:
                    paths[c] += here
        if nxt:
            histogram.append(len(nxt))
            last = nxt
        layer = nxt
    start = puzzle.start
    extra.update(histogram=histogram, max_distance=len(histogram) - 1,
                 farthest=sorted(last)[:keep], start_distance=dist[start],
                 start_solutions=paths[start])
    return SearchResult([], [start], 0, True,
                        cp.stats(expanded, generated, len(dist)), extra)
