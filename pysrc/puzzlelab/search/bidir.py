"""Bidirectional breadth-first search: BFS from the start and, backwards
through ``predecessors``, from the single goal state, one whole layer at a
time on the smaller side.  When a layer meets the other side, the minimum of
d_forward + d_backward over all meetings in that layer is the optimal length
(every shorter path would have met in an earlier layer).  One of the lab's
methods.

Needs ``puzzle.goal_state`` and predecessors (or ``reversible`` with
``inverse_move``); the method contract declares that, so it is never asked
otherwise.  Siblings: bfs.py (one side only).
"""

from .common import (Checkpoint, SearchResult, no_solution, predecessors_of,
                     walk_back, DEFAULT_MAX_STATES)

# machine words per position besides the state (tests/test_budget.py): a
# link slot with its (state, move) tuple and move, a distance slot, a layer slot
WORDS = 36


def bidirectional(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None):
    goal = puzzle.goal_state
    pred = predecessors_of(puzzle)
    start = puzzle.start
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start, words=WORDS)
    if start == goal:
        return SearchResult([], [start], 0, True, cp.stats(0, 0, 1))
    fwd = {start: None}
    bwd = {goal: None}
    fdist = {start: 0}
    bdist = {goal: 0}
    flayer, blayer = [start], [goal]
    fdepth = bdepth = 0
    expanded = generated = 0
    check = cp.next
    best = None   # (total, meeting state)
    while flayer and blayer:
        forward = len(flayer) <= len(blayer)
        if forward:
            layer, mine, other, dist, odist, step = flayer, fwd, bwd, fdist, bdist, puzzle.successors
            d = fdepth + 1
        else:
            layer, mine, other, dist, odist, step = blayer, bwd, fwd, bdist, fdist, pred
            d = bdepth + 1
        nxt = []
        for state in layer:
            expanded += 1
            for move, child in step(state):
                generated += 1
                if child in mine:
                    continue
                mine[child] = (state, move)
                dist[child] = d
                nxt.append(child)
                if child in other:
                    total = d + odist[child]
                    if best is None or total < best[0]:
                        best = (total, child)
                # inside the loop over children: one position can have very
                # many (a peg's chains of unjumps on a big empty board)
                if generated >= check:
                    yield from cp.tick(generated, held=len(fwd) + len(bwd),
                                       depth=fdepth + bdepth, expanded=expanded,
                                       generated=generated, frontier=len(layer),
                                       lower_bound=fdepth + bdepth + 1)
                    check = cp.next
        if forward:
            flayer, fdepth = nxt, d
        else:
            blayer, bdepth = nxt, d
        if best is not None:
            break
    if best is None:
        no_solution(cp.clock, expanded, generated, len(fwd) + len(bwd))
    meet = best[1]
    fmoves, fstates = walk_back(fwd, meet)
    bmoves, bstates = walk_back(bwd, meet)
    # Backward links are (state nearer the goal, move) with
    # child --move--> state, so the chain read from the meeting point toward
    # the goal applies its moves in order.
    bmoves.reverse()
    bstates.reverse()
    moves = fmoves + bmoves
    states = fstates + bstates[1:]
    return SearchResult(moves, states, len(moves), True,
                        cp.stats(expanded, generated, len(fwd) + len(bwd),
                                 depth=len(moves)))
