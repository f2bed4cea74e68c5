"""Everything reachable from one blocks position, with the fast engine's
machinery (the expansion table of expand.py): the distance histogram, the
farthest positions, the reachable count -- the family's ``explore`` hook (the
analyze op).  Siblings: bfs.py, expand.py.
"""

from ...search.common import Checkpoint, SearchResult, DEFAULT_MAX_STATES
from .expand import expansion_table

# machine words per position besides the state (tests/test_budget.py): a
# set slot, the (state, occupied cells) pair in the layer, its occupancy int
WORDS = 12


def explore(puzzle, root=None, *, max_states=DEFAULT_MAX_STATES, max_bytes=None,
            keep=200):
    """Everything reachable from ``root`` (a canonical state; default the
    start): SearchResult whose ``extra`` holds ``histogram``,
    ``max_distance``, ``reachable`` and ``farthest`` (canonical states), like
    ``search/explore.py``.  Moves are reversible, so from the goal state this
    is also the set that can reach it."""
    start = puzzle.start if root is None else root
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start, words=WORDS)
    check = cp.next
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
            free = full ^ occ
            entry = table.get(free)
            opts = entry[1].get(s & entry[0]) if entry else None
            if opts is None:
                opts = moves_of(s, free)
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
