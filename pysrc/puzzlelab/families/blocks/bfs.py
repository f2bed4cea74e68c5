"""The sliding-block family's own breadth-first search, the ``bfs`` (and
auto) of its method table (``__init__``).  Same generator/SearchResult
contract and errors as ``search/bfs.py``, but specialised: a queued state
carries its occupied cells; its moves come from the expansion table of
expand.py (one dict lookup per state); a child costs one integer addition.
Only the parent state is stored per state (the move is recovered from the
two states when the path is rebuilt), and the result has labelled states
and moves.  Siblings: reachable.py, expand.py.
"""

from ...search.common import (Checkpoint, SearchResult, no_solution, walk_back,
                              DEFAULT_MAX_STATES)
from .expand import expansion_table

# machine words per position besides the state (tests/test_budget.py): a
# parent slot and the (state, occupied cells) pair in the layer, its
# occupancy int; the path counts' slots when counting
WORDS = 16
COUNT_WORDS = 2


def bfs(puzzle, *, count=False, max_states=DEFAULT_MAX_STATES, max_bytes=None):
    """Optimal in the puzzle's metric; ``count=True`` also counts the optimal
    move sequences (``extra["solutions"]``, see ``Blocks`` for what counts as
    one)."""
    start = puzzle.start
    max_bytes = puzzle.reserve(max_bytes)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start,
                    words=WORDS + (COUNT_WORDS if count else 0))
    check = cp.next
    occ0 = puzzle.occupied(start)
    goal = puzzle.goal_test()
    if goal(start, occ0):
        return SearchResult([], [puzzle.start_labels], 0, True,
                            cp.stats(0, 0, 1, depth=0),
                            {"solutions": 1} if count else {})
    full = puzzle.full
    # Every goal state has a bit of ``hint`` (-1: no such filter), so a
    # child needs the full goal test only if its parent had one or the
    # moved block lands on one.
    hint = puzzle.goal_hint or -1
    options = expansion_table(puzzle)
    arriving = {g for g in range(len(puzzle.pmask)) if hint >> g & 1}
    parent = {start: None}
    paths = {start: 1}
    layer = [(start, occ0)]          # (state, occupied cells)
    expanded = generated = 0
    depth = 0
    found = []
    while layer and not found:
        nxt = []
        push = nxt.append
        nxt_paths = {}
        for s, occ in layer:
            expanded += 1
            opts = options(s, full ^ occ)
            generated += len(opts)
            if generated >= check:
                # held counts the children about to be added: one expansion
                # can make ten thousand
                yield from cp.tick(generated, held=len(parent), coming=len(opts), depth=depth,
                                   expanded=expanded, generated=generated,
                                   frontier=len(layer))
                check = cp.next
            near = s & hint
            if count:
                here = paths[s]
                for q, d, dm, _path in opts:
                    c = s + d
                    if c in parent:
                        if c in nxt_paths:
                            nxt_paths[c] += here
                        continue
                    parent[c] = s
                    nxt_paths[c] = here
                    o = occ ^ dm
                    push((c, o))
                    if (near or q in arriving) and goal(c, o):
                        found.append(c)
                continue
            for q, d, dm, _path in opts:
                c = s + d
                if parent.setdefault(c, s) is not s:
                    continue           # seen before (no two moves of s meet)
                o = occ ^ dm
                push((c, o))
                if (near or q in arriving) and goal(c, o):
                    found.append(c)
                    break
            if found:
                break
        depth += 1
        layer = nxt
        paths = nxt_paths
    if not found:
        if len(parent) > max_states:
            cp.over(len(parent), expanded, generated)
        no_solution(cp.clock, expanded, generated, len(parent))
    moves, _states = walk_back(parent, found[0], move_of=puzzle.move_between)
    moves, states = puzzle.relabel(moves)
    extra = {}
    if count:
        extra["solutions"] = sum(paths[g] for g in found)
    return SearchResult(moves, states, len(moves), True,
                        cp.stats(expanded, generated, len(parent), depth=len(moves)),
                        extra)
