"""Everything reachable from one blocks position, with the fast engine's
machinery (the expansion table of expand.py): the distance histogram, the
farthest positions, the reachable count -- the family's ``explore`` hook (the
analyze op) -- and the start's whole group seen from its goals (``group``,
the analyze op's ``from: group``).  Siblings: bfs.py, expand.py.
"""

from array import array

from ...search.common import Checkpoint, SearchResult, DEFAULT_MAX_STATES
from .expand import expansion_table

# machine words per position besides the state (tests/test_budget.py): a
# set slot, the (state, occupied cells) pair in the layer, its occupancy int
WORDS = 12
# the group's: a dict slot while numbering, a list slot for the state, the
# (state, occupied cells) pair in the layer and its occupancy int, an end,
# then a distance, a path count and its int, a layer slot; its neighbour
# numbers are counted as they come (4 bytes each: an open board has dozens
# a position, its classic 4x5 puzzles a few).  22 words match what
# tracemalloc sees (45 MB traced at a 48 MB share); 38 leave room for the
# heap's slack in a long-lived process, where the growing dict, list and
# array of a group leave up to 1.7 x what a fresh process holds resident
# (the fuzz: a group stopped at a 48 MB budget, 36 MB alone, 61 MB there)
GROUP_WORDS = 38


def explore(puzzle, root=None, *, max_states=DEFAULT_MAX_STATES, max_bytes=None,
            keep=200):
    """Everything reachable from ``root`` (a canonical state; default the
    start): SearchResult whose ``extra`` holds ``histogram``,
    ``max_distance``, ``reachable`` and ``farthest`` (canonical states), like
    ``search/explore.py``.  Moves are reversible, so from the goal state this
    is also the set that can reach it."""
    start = puzzle.start if root is None else root
    max_bytes = puzzle.reserve(max_bytes)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start, words=WORDS)
    check = cp.next
    full = puzzle.full
    options = expansion_table(puzzle)
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
                add(c)
                push((c, occ ^ dm))
        if nxt:
            histogram.append(len(nxt))
            last = nxt
        layer = nxt
    if len(seen) > max_states:
        cp.over(len(seen), expanded, generated)
    extra = {"histogram": histogram, "max_distance": len(histogram) - 1,
             "reachable": len(seen),
             "farthest": [s for s, _o in last[:keep]]}
    return SearchResult([], [start], 0, True,
                        cp.stats(expanded, generated, len(seen)), extra)


def group(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, keep=200,
          distances=False):
    """The start's group, understood (the analyze op's ``from: group``):
    every position reachable from the start (moves are reversible, so each
    can also reach the start), which of them are goals, and each one's
    distance to the nearest goal, found by one breadth-first search from
    all the goals at once.  ``extra``: ``histogram`` (positions at each
    distance from the goal), ``max_distance``, ``farthest`` (the hardest
    starts of the group), ``reachable`` (the group's size), ``goals``,
    ``start_distance`` and ``start_solutions`` (the optimal solutions of
    the start, counted as the ``bfs`` method's ``count`` counts them), or
    without a goal in the group, ``goals: 0`` and an empty histogram; with
    ``distances``, ``states`` (the group's canonical states, the start
    first) and ``distances`` (an array beside it; generate.py draws new
    starts from it).

    The first search, from the start, numbers the positions in the order it
    finds them and writes down each one's neighbours by number (one array of
    4-byte numbers, ``ends[i]`` where position i's run ends); the second,
    from the goals, walks those arrays and never expands a position again
    (Tannentei's 977,544 positions: 7.6 s with a second expansion, 3.2 s
    this way, in CPython)."""
    start = puzzle.start
    max_bytes = puzzle.reserve(max_bytes)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start, words=GROUP_WORDS)
    check = cp.next
    full = puzzle.full
    goal = puzzle.goal_test()
    options = expansion_table(puzzle)
    occ0 = puzzle.occupied(start)
    number = {start: 0}
    states = [start]
    goals = [0] if goal(start, occ0) else []
    nbr = array("i")
    ends = array("i")
    link, close = nbr.append, ends.append
    layer = [(start, occ0)]
    expanded = generated = 0
    while layer:
        nxt = []
        push = nxt.append
        for s, occ in layer:
            expanded += 1
            opts = options(s, full ^ occ)
            generated += len(opts)
            if generated >= check:
                # the neighbour numbers, as positions' worth of bytes
                links = len(nbr) * 4 // cp.per_state if cp.per_state else 0
                yield from cp.tick(generated, held=len(states) + links, coming=len(opts),
                                   phase="group", expanded=expanded, generated=generated)
                check = cp.next
            for _q, d, dm, _path in opts:
                c = s + d
                j = number.get(c)
                if j is None:
                    j = number[c] = len(states)
                    states.append(c)
                    o = occ ^ dm
                    push((c, o))
                    if goal(c, o):
                        goals.append(j)
                link(j)
            close(len(nbr))
        layer = nxt
    del number

    if len(states) > max_states:
        cp.over(len(states), expanded, generated)
    return (yield from by_goal_distance(cp, states, nbr, ends, goals, start, keep, distances))


def by_goal_distance(cp, states, nbr, ends, goals, start, keep=200, distances=False):
    """Generator: the second half of a group (rush.py's too): from the
    numbered positions (``states``, position 0 the start), their
    neighbours by number (``nbr``, position i's run ending at ``ends[i]``)
    and the goals' numbers, one breadth-first search from all the goals at
    once, walking the arrays.  Returns the SearchResult ``group``
    describes (``farthest``: the hardest starts, as ``states`` holds
    them; with ``distances``, ``states`` and ``distances`` too)."""
    n = len(states)
    expanded, generated = n, len(nbr)
    # the neighbour numbers, as positions' worth of bytes
    held = n + (len(nbr) * 4 // cp.per_state if cp.per_state else 0)
    extra = {"reachable": n, "goals": len(goals), "histogram": [],
             "max_distance": None, "farthest": [], "start_distance": None,
             "start_solutions": 0}
    if not goals:
        return SearchResult([], [start], 0, True, cp.stats(expanded, generated, n), extra)
    dist = array("i", [-1]) * n
    paths = [0] * n
    for g in goals:
        dist[g] = 0
        paths[g] = 1
    histogram = [len(goals)]
    layer = last = goals
    done = 0
    check = cp.next = 0
    while layer:
        d1 = len(histogram)
        nxt = []
        push = nxt.append
        for i in layer:
            done += 1
            if done >= check:
                yield from cp.tick(done, held=held, phase="group", depth=d1,
                                   expanded=expanded, generated=generated,
                                   histogram=histogram)
                check = cp.next
            here = paths[i]
            for j in nbr[ends[i - 1] if i else 0:ends[i]]:
                dj = dist[j]
                if dj < 0:
                    dist[j] = d1
                    paths[j] = here
                    push(j)
                elif dj == d1:
                    paths[j] += here
        if nxt:
            histogram.append(len(nxt))
            last = nxt
        layer = nxt
    extra.update(histogram=histogram, max_distance=len(histogram) - 1,
                 farthest=sorted(states[i] for i in last)[:keep], start_distance=dist[0],
                 start_solutions=paths[0])
    if distances:
        extra.update(states=states, distances=dist)
    return SearchResult([], [start], 0, True, cp.stats(expanded, generated, n), extra)
