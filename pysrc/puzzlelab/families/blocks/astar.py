"""The sliding-block family's own A*, the ``astar`` of its method table
(``__init__``).  The same algorithm and contract as ``search/astar.py``
(f = g + h, ties to the deeper node, reopening when a shorter path comes,
weighted with ``factor`` and its proven bound), read through the expansion
table like bfs.py: a heap entry carries the state's occupied cells, a
child costs one integer addition, and only the parent is stored (the move
is recovered from the two states).  Three to four times the generic A*'s
speed per node, which is what makes a strong bound (pattern.py) pay.
Siblings: bfs.py, expand.py.
"""

import heapq

from ...search.astar import answer, report
from ...search.common import Checkpoint, no_solution, walk_back, DEFAULT_MAX_STATES
from .expand import expansion_table

# machine words per position besides the state (tests/test_budget.py): the
# g and parent slots, a heap entry of five and its occupancy int
WORDS = 30
PART = 512          # children bounded between two looks at the clock, at most


def astar(puzzle, *, heuristic=None, max_states=DEFAULT_MAX_STATES, max_bytes=None,
          factor=1):
    """``heuristic``: one of the puzzle's bounds, on canonical states
    (default: the puzzle's ``heuristic``); ``factor``: weighted A*."""
    h0 = heuristic or puzzle.heuristic
    h = h0 if factor == 1 else (lambda s: factor * h0(s))
    start = puzzle.start
    max_bytes = puzzle.reserve(max_bytes)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start, words=WORDS)
    check = cp.next
    goal = puzzle.goal_test()
    full = puzzle.full
    options = expansion_table(puzzle)
    best_g = {start: 0}
    parent = {start: None}
    tie = 0
    heap = [(h(start), 0, tie, start, puzzle.occupied(start))]
    push, pop = heapq.heappush, heapq.heappop
    expanded = generated = 0
    lower = 0
    while heap:
        f, negg, _, s, occ = pop(heap)
        g = -negg
        if g > best_g[s]:
            continue                   # stale entry
        if goal(s, occ):
            moves, _states = walk_back(parent, s, move_of=puzzle.move_between)
            moves, states = puzzle.relabel(moves)
            return answer(moves, states, factor, lower, h0(start),
                          cp.stats(expanded, generated, len(best_g), depth=len(moves)))
        expanded += 1
        g1 = g + 1
        opts = options(s, full ^ occ)
        # a position of ten thousand moves (52 named blocks on 16x16) is
        # bounded in parts, the clock looked at between them: each bound
        # can take a tenth of a millisecond
        parts = (opts,) if len(opts) <= PART else \
            [opts[i:i + PART] for i in range(0, len(opts), PART)]
        for part in parts:
            if part is not opts:
                lower = yield from report(cp, f, lower, factor, expanded, generated,
                                          len(best_g), len(heap))
            generated += len(part)
            for _q, d, dm, _path in part:
                c = s + d
                old = best_g.get(c)
                if old is not None and old <= g1:
                    continue
                best_g[c] = g1
                parent[c] = s
                tie += 1
                push(heap, (g1 + h(c), -g1, tie, c, occ ^ dm))
        if generated >= check:
            lower = yield from report(cp, f, lower, factor, expanded, generated,
                                      len(best_g), len(heap))
            check = cp.next
    no_solution(cp.clock, expanded, generated, len(best_g))
