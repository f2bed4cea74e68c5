"""Breadth-first search: optimal for unit costs, memory-hungry.

Layer by layer from the start; the first layer that holds a goal gives the
optimal length.  With ``count=True`` it finishes that layer counting the
number of distinct shortest move sequences to every goal state (path counts
add up along BFS layers), which is how "all optimal solutions" is answered
for puzzles whose layers fit in memory.  Siblings: bidir.py, explore.py.
"""

from .common import (Clock, SearchResult, over_budget, no_solution, progress,
                     stats, walk_back, CHECK_EVERY, DEFAULT_MAX_STATES)


def bfs(puzzle, *, count=False, max_states=DEFAULT_MAX_STATES):
    clock = Clock()
    start = puzzle.start
    is_goal = puzzle.is_goal
    successors = puzzle.successors
    parents = {start: None}
    paths = {start: 1}            # shortest-path counts of the current layer
    expanded = generated = 0
    depth = 0
    layer = [start]
    found = [start] if is_goal(start) else []
    while layer and not found:
        nxt = []
        nxt_paths = {}
        for state in layer:
            expanded += 1
            if not expanded & (CHECK_EVERY - 1):
                if len(parents) > max_states:
                    over_budget(len(parents), max_states, clock, expanded, generated)
                if clock.due():
                    yield progress(clock, depth=depth, expanded=expanded,
                                   generated=generated, held=len(parents),
                                   frontier=len(layer))
            here = paths[state] if count else 0
            for move, child in successors(state):
                generated += 1
                if child in parents:
                    if count and child in nxt_paths:
                        nxt_paths[child] += here
                    continue
                parents[child] = (state, move)
                nxt.append(child)
                if count:
                    nxt_paths[child] = here
                if is_goal(child):
                    found.append(child)
            if found and not count:
                break
        if len(parents) > max_states:
            over_budget(len(parents), max_states, clock, expanded, generated)
        depth += 1
        layer = nxt
        paths = nxt_paths
    if not found:
        no_solution(clock, expanded, generated, len(parents))
    moves, states = walk_back(parents, found[0])
    extra = {}
    if count:
        extra["solutions"] = sum(paths[g] for g in found) if depth else 1
    return SearchResult(moves, states, len(moves), True,
                        stats(clock, expanded, generated, len(parents),
                              depth=len(moves)), extra)
