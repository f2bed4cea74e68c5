"""Breadth-first search: optimal for unit costs, memory-hungry.  One of the
lab's methods, and the oracle the families' fast engines are tested against.

Layer by layer from the start; the first layer that holds a goal gives the
optimal length.  With ``count=True`` it finishes that layer counting the
number of distinct shortest move sequences to every goal state (path counts
add up along BFS layers), which is how "all optimal solutions" is answered
for puzzles whose layers fit in memory.  Siblings: bidir.py, explore.py.
"""

from .common import (Checkpoint, SearchResult, no_solution, walk_back,
                     DEFAULT_MAX_STATES)

# machine words held per position besides the state itself (measured with
# tracemalloc, tests/test_budget.py): a parents slot, its (state, move)
# tuple and move, the layer list's slot; the path counts' slots to count
WORDS = 26
COUNT_WORDS = 4


def bfs(puzzle, *, count=False, max_states=DEFAULT_MAX_STATES, max_bytes=None):
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=puzzle.start,
                    words=WORDS + (COUNT_WORDS if count else 0))
    start = puzzle.start
    is_goal = puzzle.is_goal
    successors = puzzle.successors
    parents = {start: None}
    paths = {start: 1}            # shortest-path counts of the current layer
    expanded = generated = 0
    check = cp.next
    depth = 0
    layer = [start]
    found = [start] if is_goal(start) else []
    while layer and not found:
        nxt = []
        nxt_paths = {}
        for state in layer:
            expanded += 1
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
            if generated >= check:
                yield from cp.tick(generated, held=len(parents), depth=depth,
                                   expanded=expanded, generated=generated,
                                   frontier=len(layer), lower_bound=depth + 1)
                check = cp.next
        depth += 1
        layer = nxt
        paths = nxt_paths
    if not found:
        no_solution(cp.clock, expanded, generated, len(parents))
    moves, states = walk_back(parents, found[0])
    extra = {}
    if count:
        extra["solutions"] = sum(paths[g] for g in found) if depth else 1
    return SearchResult(moves, states, len(moves), True,
                        cp.stats(expanded, generated, len(parents), depth=len(moves)),
                        extra)
