"""Bidirectional breadth-first search: BFS from the start and, backwards
through ``predecessors``, from the single goal state, one whole layer at a
time on the smaller side.  When a layer meets the other side, the minimum of
d_forward + d_backward over all meetings in that layer is the optimal length
(every shorter path would have met in an earlier layer).

Needs ``puzzle.goal_state`` and predecessors (or ``reversible`` with
``inverse_move``).  Siblings: bfs.py (one side only).
"""

from .common import (Clock, SearchResult, over_budget, no_solution, progress,
                     stats, predecessors_of, CHECK_EVERY, DEFAULT_MAX_STATES)
from ..errors import PuzzleError


def _chain(parents, state):
    """Moves and states from the side's root to ``state``."""
    moves, states = [], [state]
    while parents[state] is not None:
        state, move = parents[state]
        moves.append(move)
        states.append(state)
    moves.reverse()
    states.reverse()
    return moves, states


def bidirectional(puzzle, *, max_states=DEFAULT_MAX_STATES):
    goal = getattr(puzzle, "goal_state", None)
    pred = predecessors_of(puzzle)
    if goal is None or pred is None:
        raise PuzzleError("Bidirectional search needs a single complete goal "
                          "position; this goal is a pattern. Use BFS or A*.")
    clock = Clock()
    start = puzzle.start
    if start == goal:
        return SearchResult([], [start], 0, True, stats(clock, 0, 0, 1))
    fwd = {start: None}
    bwd = {goal: None}
    fdist = {start: 0}
    bdist = {goal: 0}
    flayer, blayer = [start], [goal]
    fdepth = bdepth = 0
    expanded = generated = 0
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
            if not expanded & (CHECK_EVERY - 1):
                if len(fwd) + len(bwd) > max_states:
                    over_budget(len(fwd) + len(bwd), max_states, clock, expanded, generated)
                if clock.due():
                    yield progress(clock, depth=fdepth + bdepth, expanded=expanded,
                                   generated=generated, held=len(fwd) + len(bwd),
                                   frontier=len(layer))
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
        if forward:
            flayer, fdepth = nxt, d
        else:
            blayer, bdepth = nxt, d
        held = len(fwd) + len(bwd)
        if held > max_states:
            over_budget(held, max_states, clock, expanded, generated)
        if best is not None:
            break
    if best is None:
        no_solution(clock, expanded, generated, len(fwd) + len(bwd))
    meet = best[1]
    fmoves, fstates = _chain(fwd, meet)
    bmoves, bstates = _chain(bwd, meet)
    # Backward links are (state nearer the goal, move) with
    # child --move--> state, so the chain read from the meeting point toward
    # the goal applies its moves in order.
    bmoves.reverse()
    bstates.reverse()
    moves = fmoves + bmoves
    states = fstates + bstates[1:]
    return SearchResult(moves, states, len(moves), True,
                        stats(clock, expanded, generated, len(fwd) + len(bwd),
                              depth=len(moves)))
