"""A*: best-first on f = g + h with an admissible lower bound h; optimal.
Keeps every generated state (the memory budget applies).  Reopens a closed
state when a shorter path reaches it, so an admissible but inconsistent h is
still safe.  Ties on f prefer the deeper node, which finds the goal sooner.
Siblings: idastar.py (same bound, linear memory), bfs.py (h = 0).
"""

import heapq

from .common import (Clock, SearchResult, over_budget, no_solution, progress,
                     stats, walk_back, CHECK_EVERY, DEFAULT_MAX_STATES)
from ..errors import PuzzleError


def astar(puzzle, *, heuristic=None, max_states=DEFAULT_MAX_STATES):
    h = heuristic or getattr(puzzle, "heuristic", None)
    if h is None:
        raise PuzzleError("A* needs a lower bound (heuristic) for this puzzle.")
    clock = Clock()
    start = puzzle.start
    is_goal = puzzle.is_goal
    successors = puzzle.successors
    best_g = {start: 0}
    parents = {start: None}
    tie = 0
    heap = [(h(start), 0, tie, start)]
    expanded = generated = 0
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        f, negg, _, state = pop(heap)
        g = -negg
        if g > best_g[state]:
            continue           # stale entry
        if is_goal(state):
            moves, states = walk_back(parents, state)
            return SearchResult(moves, states, len(moves), True,
                                stats(clock, expanded, generated, len(best_g),
                                      depth=len(moves)))
        expanded += 1
        if not expanded & (CHECK_EVERY - 1):
            if len(best_g) > max_states:
                over_budget(len(best_g), max_states, clock, expanded, generated)
            if clock.due():
                yield progress(clock, bound=f, expanded=expanded,
                               generated=generated, held=len(best_g),
                               frontier=len(heap))
        g1 = g + 1
        for move, child in successors(state):
            generated += 1
            old = best_g.get(child)
            if old is not None and old <= g1:
                continue
            best_g[child] = g1
            parents[child] = (state, move)
            tie += 1
            push(heap, (g1 + h(child), -g1, tie, child))
    no_solution(clock, expanded, generated, len(best_g))
