"""IDA*: iterative deepening on f = g + h with an admissible lower bound h.
One of the lab's methods, and the oracle the specialised tiles IDA* is
tested against.  Optimal; memory is only the current path.  Each iteration's bound and the
states it expanded are reported as it finishes (the seeds print them as
"----- 21 -----").  With ``count=True`` the final iteration is run to the
end, counting every move sequence of optimal length (no state repeats on a
shortest path, so these are exactly the optimal solutions).

With ``factor`` w > 1 it is weighted IDA* (f = g + w*h): faster, and its
answer is at most w times the optimum (every node of an optimal path has
g + w*h <= w * optimum), so ``ceil(length / w)`` is a proven lower bound,
reported beside the answer.

Prunes the move that undoes the previous one when the puzzle offers
``inverse_move``, otherwise a child equal to the grandparent.  Explicit stack
of successor iterators, no recursion.  Siblings: iddfs.py (h = 0), astar.py.
"""

from math import ceil

from .common import Checkpoint, SearchResult, progress, no_solution, DEFAULT_MAX_STATES
from ..errors import SearchLimit

INF = float("inf")
GENERATED_STEP = 256     # children generated between looks at the clock
MAX_BOUND = 1000


def idastar(puzzle, *, heuristic=None, count=False, max_states=DEFAULT_MAX_STATES,
            max_bytes=None, max_bound=MAX_BOUND, factor=1):
    """``heuristic``: the lower bound (default: the puzzle's ``heuristic``).
    ``max_states`` is accepted for the uniform signature; only the current
    path is held, so the budget never binds.  ``factor``: see above (no
    counting with a factor: the contract refuses it)."""
    return deepen(puzzle, heuristic or puzzle.heuristic, count=count,
                  max_states=max_states, max_bound=max_bound, factor=factor)


def deepen(puzzle, h0, *, count=False, max_states=DEFAULT_MAX_STATES,
           max_bound=MAX_BOUND, factor=1, blind=False, name="IDA*", limit_word="bound"):
    """The iterative-deepening driver of IDA* and (``blind``: h = 0, states
    on the path pruned, a non-goal child at the depth limit not expanded)
    of iterative deepening (iddfs.py).  A generator returning a
    SearchResult."""
    h = h0 if factor == 1 else (lambda s: factor * h0(s))
    cp = Checkpoint(max_states, step=16)
    clock = cp.clock
    check = cp.next
    gcheck = GENERATED_STEP
    start = puzzle.start
    is_goal = puzzle.is_goal
    successors = puzzle.successors
    inverse = None if blind else getattr(puzzle, "inverse_move", None)
    expanded = generated = 0
    iterations = []
    if is_goal(start):
        return SearchResult([], [start], 0, True, cp.stats(0, 0, 1),
                            {"iterations": [], "solutions": 1} if count else {})
    bound = max(h(start), 1)      # not the goal: at least one move
    first = None          # (moves, states) of the first solution found
    solutions = 0
    while bound <= max_bound:
        before = expanded
        next_bound = INF
        path = [start]
        on_path = {start}    # blind only
        moves = []
        undo = [None]        # the move that would undo the move into path[i]
        stack = [iter(successors(start))]
        expanded += 1
        while stack:
            try:
                move, child = next(stack[-1])
            except StopIteration:
                stack.pop()
                if blind:
                    on_path.discard(path[-1])
                path.pop()
                undo.pop()
                if moves:
                    moves.pop()
                continue
            generated += 1
            if generated >= gcheck:
                # children pruned by the bound count too: one position of a
                # big board can have ten thousand, each with its bound
                # computed (52 named blocks: 1 s of CPU in one iteration)
                gcheck = generated + GENERATED_STEP
                if clock.due():
                    yield progress(clock, bound=bound, expanded=expanded, generated=generated,
                                   depth=len(path), iterations=iterations[-8:],
                                   lower_bound=ceil(bound / factor - 1e-9))
            if blind:
                if child in on_path:
                    continue
            elif inverse is not None:
                if move == undo[-1]:
                    continue
            elif len(path) > 1 and child == path[-2]:
                continue
            g = len(path)
            f = g + h(child)
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            if is_goal(child):
                if first is None:
                    first = (moves + [move], path + [child])
                    if not count:
                        break
                solutions += 1
                continue
            if blind and g >= bound:
                # its children are all past the limit
                next_bound = bound + 1
                continue
            expanded += 1
            if expanded >= check:
                yield from cp.tick(expanded, bound=bound, expanded=expanded,
                                   generated=generated, depth=g,
                                   iterations=iterations[-8:],
                                   lower_bound=ceil(bound / factor - 1e-9))
                check = cp.next
            path.append(child)
            if blind:
                on_path.add(child)
            moves.append(move)
            undo.append(inverse(move) if inverse is not None else None)
            stack.append(iter(successors(child)))
        iterations.append({"bound": bound, "expanded": expanded - before,
                           "seconds": round(clock.elapsed(), 3)})
        if first is not None:
            extra = {"iterations": iterations}
            if count:
                extra["solutions"] = solutions
            m, s = first
            optimal = factor == 1
            if not optimal:
                extra["lower_bound"] = max(ceil(len(m) / factor - 1e-9),
                                           ceil(bound / factor - 1e-9), ceil(h0(start)))
            return SearchResult(m, s, len(m), optimal,
                                cp.stats(expanded, generated, len(s),
                                      depth=len(m)), extra)
        if next_bound == INF:
            no_solution(clock, expanded, generated, 0)
        yield progress(clock, bound=bound, expanded=expanded,
                       generated=generated, iterations=iterations[-8:],
                       lower_bound=ceil(next_bound / factor - 1e-9))
        bound = next_bound
    raise SearchLimit(f"{name} gave up at {limit_word} {max_bound}.",
                      stats=cp.stats(expanded, generated, 0))
