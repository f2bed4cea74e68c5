"""Exhaustive breadth-first exploration from one state: the distance
histogram, the farthest states and the size of the reachable set.  Used for
"farthest positions from the goal" (explore backwards from the goal with
``predecessors``; for reversible puzzles successors do) and for "how many
positions can be reached from here", by families without an explorer of
their own.  Siblings: bfs.py.
"""

from .common import Checkpoint, SearchResult, DEFAULT_MAX_STATES

MAX_FARTHEST = 200
# machine words per position besides the state (tests/test_budget.py): a
# set slot and a layer slot, and the set's old table while it grows (the
# peak: the English analysis from its goal at 64 MB held 81 MB at 9 words,
# 75 at 10; 12 would overstate what tracemalloc sees by 1.9 times)
WORDS = 10


def explore(step, root, *, max_states=DEFAULT_MAX_STATES, max_bytes=None,
            keep=MAX_FARTHEST):
    """Explore everything reachable from ``root`` by ``step(state)``.

    Returns a SearchResult with no moves; ``extra`` holds ``histogram``
    (count of states at each distance), ``farthest`` (up to ``keep`` states
    at the largest distance), ``max_distance`` and ``reachable``.
    """
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=root, words=WORDS)
    seen = {root}
    layer = [root]
    histogram = [1]
    expanded = generated = 0
    check = cp.next
    last = layer
    while layer:
        nxt = []
        for state in layer:
            expanded += 1
            for _move, child in step(state):
                generated += 1
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
                # inside the loop over children: one position can have very
                # many (a peg's chains of unjumps on a big empty board)
                if generated >= check:
                    yield from cp.tick(generated, held=len(seen), depth=len(histogram) - 1,
                                       expanded=expanded, generated=generated,
                                       histogram=histogram)
                    check = cp.next
        if len(seen) > max_states:
            cp.over(len(seen), expanded, generated)
        if nxt:
            histogram.append(len(nxt))
            last = nxt
        layer = nxt
    extra = {"histogram": histogram, "max_distance": len(histogram) - 1,
             "reachable": len(seen), "farthest": last[:keep]}
    return SearchResult([], [root], 0, True, cp.stats(expanded, generated, len(seen)),
                        extra)
