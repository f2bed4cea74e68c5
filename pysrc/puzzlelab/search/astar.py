"""A*: best-first on f = g + h with an admissible lower bound h; optimal.
One of the lab's methods.  Keeps every generated state (the memory budget
applies).  Reopens a closed state when a shorter path reaches it, so an
admissible but inconsistent h is still safe.  Ties on f prefer the deeper
node, which finds the goal sooner.  With ``factor`` w > 1 it is weighted A*
(f = g + w*h): its answer is at most w times the optimum, and the least f
of the heap divided by w is a proven lower bound (reported beside it).  Siblings: idastar.py (same bound, linear
memory), bfs.py (h = 0).
"""

import heapq
import sys
from math import ceil

from .common import WORD, Checkpoint, SearchResult, no_solution, walk_back, DEFAULT_MAX_STATES

# machine words per position besides the state (tests/test_budget.py): g and
# parent slots, the (state, move) link and move, a heap entry of four
WORDS = 40


def answer(moves, states, factor, lower, h_start, stats):
    """The result at the goal: optimal when unweighted; weighted, with its
    proven lower bound (the least f seen over the factor, the start's bound,
    and the length over the factor)."""
    extra = {}
    if factor != 1:
        extra["lower_bound"] = max(ceil(len(moves) / factor - 1e-9),
                                   ceil(lower / factor - 1e-9), ceil(h_start))
    return SearchResult(moves, states, len(moves), factor == 1, stats, extra)


def report(cp, f, lower, factor, expanded, generated, held, frontier):
    """Generator: the budget check and progress record (``f`` the least f
    just taken from the heap); returns the largest least-f seen."""
    lower = max(lower, f)
    yield from cp.tick(generated, held=held, bound=f, expanded=expanded,
                       generated=generated, frontier=frontier,
                       lower_bound=ceil(lower / factor - 1e-9))
    return lower


def astar(puzzle, *, heuristic=None, max_states=DEFAULT_MAX_STATES, max_bytes=None,
          factor=1):
    """``heuristic``: the lower bound (default: the puzzle's ``heuristic``);
    ``factor``: see above."""
    h0 = heuristic or puzzle.heuristic
    h = h0 if factor == 1 else (lambda s: factor * h0(s))
    start = puzzle.start
    is_goal = puzzle.is_goal
    successors = puzzle.successors
    # a move a family makes afresh for each child (a peg's chain of jumps)
    # is held in its parent link too: counted at a first move's size
    first = next(iter(successors(start)), None)
    move_words = sys.getsizeof(first[0]) // WORD if first is not None else 0
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start, words=WORDS + move_words)
    best_g = {start: 0}
    parents = {start: None}
    tie = 0
    heap = [(h(start), 0, tie, start)]
    expanded = generated = 0
    check = cp.next
    push, pop = heapq.heappush, heapq.heappop
    lower = 0       # the largest least-f seen: an optimal path always has a
                    # node in the heap with f <= its length (h admissible)
    while heap:
        f, negg, _, state = pop(heap)
        g = -negg
        if g > best_g[state]:
            continue           # stale entry
        if is_goal(state):
            moves, states = walk_back(parents, state)
            return answer(moves, states, factor, lower, h0(start),
                          cp.stats(expanded, generated, len(best_g), depth=len(moves)))
        expanded += 1
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
        if generated >= check:
            lower = yield from report(cp, f, lower, factor, expanded, generated,
                                      len(best_g), len(heap))
            check = cp.next
    no_solution(cp.clock, expanded, generated, len(best_g))
