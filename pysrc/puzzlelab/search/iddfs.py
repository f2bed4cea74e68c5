"""Iterative-deepening depth-first search: depth limits 0, 1, 2, ...; memory
is only the current path.  One of the lab's methods (exponential: practical
for short solutions only).  Optimal for unit costs.  Prunes a move that undoes
the previous one (``inverse_move``) and any state already on the path.
An explicit stack of successor iterators replaces recursion (Pyodide's stack
is small).  Siblings: idastar.py (the same with a lower bound).
"""

from .common import Checkpoint, SearchResult, progress, no_solution, DEFAULT_MAX_STATES
from ..errors import SearchLimit

MAX_DEPTH = 1000


def iddfs(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, max_depth=MAX_DEPTH):
    """``max_states`` is accepted for the uniform signature; only the current
    path is held, so the budget never binds."""
    cp = Checkpoint(max_states, step=16)
    clock = cp.clock
    check = cp.next
    start = puzzle.start
    is_goal = puzzle.is_goal
    successors = puzzle.successors
    expanded = generated = 0
    iterations = []
    if is_goal(start):
        return SearchResult([], [start], 0, True, cp.stats(0, 0, 1))
    limit = 0
    while limit < max_depth:
        limit += 1
        before = expanded
        path = [start]
        on_path = {start}
        moves = []
        stack = [iter(successors(start))]
        cut = False          # did the limit stop any branch?
        expanded += 1
        while stack:
            try:
                move, child = next(stack[-1])
            except StopIteration:
                stack.pop()
                if moves:
                    moves.pop()
                on_path.discard(path.pop())
                continue
            generated += 1
            if child in on_path:
                continue
            if is_goal(child):
                moves.append(move)
                path.append(child)
                iterations.append({"bound": limit, "expanded": expanded - before})
                return SearchResult(moves, path, len(moves), True,
                                    cp.stats(expanded, generated, len(path),
                                          depth=len(moves)),
                                    {"iterations": iterations})
            if len(path) >= limit:
                cut = True
                continue
            expanded += 1
            if expanded >= check:
                yield from cp.tick(expanded, bound=limit, expanded=expanded,
                                   generated=generated, depth=len(path),
                                   iterations=iterations[-5:], lower_bound=limit)
                check = cp.next
            moves.append(move)
            path.append(child)
            on_path.add(child)
            stack.append(iter(successors(child)))
        iterations.append({"bound": limit, "expanded": expanded - before})
        yield progress(clock, bound=limit, expanded=expanded,
                       generated=generated, iterations=iterations[-5:],
                       lower_bound=limit + 1)
        if not cut:
            no_solution(clock, expanded, generated, 0)
    raise SearchLimit(f"Iterative deepening gave up at depth {max_depth}.",
                      stats=cp.stats(expanded, generated, 0))
