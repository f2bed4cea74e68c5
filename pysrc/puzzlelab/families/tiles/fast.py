"""The fast sliding-tile solver for boards too large to solve optimally in
reasonable time: a short optimal IDA* first (it settles easy positions and
proves a lower bound), then "reduction": place one edge line of the board
at a time, tile by tile with small A* searches that leave placed tiles alone,
until a block of at most 4x4 remains, which the optimal IDA* finishes (with
a node budget; if that runs out, one more line is placed).  Of the lines
that may go next, and of the two ends each may be finished at, the one that
costs fewest moves is placed.  The answer is
labelled ``optimal: False`` unless its length equals the proven lower bound,
which is reported as ``extra["lower_bound"]``.  The ``fast`` method of the
family's method table (``__init__``); siblings: ida.py, lowerbounds.py.

Working state: ``board`` (list, cell -> tile) and ``blanks``, the blank's
cells from the start, one per move.  Example on 5x5: after the top row and
the left column are placed, the region is rows 1-4 x columns 1-4 and the
solver hands the 4x4 block, relabelled, to IDA* with pattern databases.
"""

import heapq

from ...errors import PuzzleError, SearchLimit
from ...search.common import Clock, SearchResult, progress, stats, ticking
from . import ida as tiles_ida, lowerbounds as bounds

TRY_OPTIMAL = 200_000       # IDA* nodes spent first on the whole board
TRY_OPTIMAL_SLOW = 20_000   # the same with bounds updated by a function call
TRY_OPTIMAL_BUILT = 20_000  # ... with tables built on demand (beyond 4x4): auto's
                            # proof follows with the same tables and would repeat it
BLOCK_BUDGET = 1_500_000    # IDA* nodes for the last block (per attempt)
TICK = 256                  # A* states between ticks in _place


def fast_search(puzzle, *, max_states=None, max_bytes=None, optimal_budget=None):
    """Generator: a solution, fast; SearchResult.optimal tells whether its
    length was proven minimal, extra["lower_bound"] the proven bound.
    ``max_states``: it holds little, the budget never binds."""
    from .puzzle import Tiles
    clock = Clock()
    multi = puzzle.metric == "multi"
    work = Tiles(puzzle.w, puzzle.h, puzzle.start, puzzle.goal) if multi else puzzle
    name = bounds.quick_bound(work)
    bound = yield from ticking(bounds.incremental_steps(work, name), clock, phase="prepare",
                               table=bounds.label(name))
    lower = bound.init(list(work.start))[0] if bound.kind == "step" else \
        work.heuristic(work.start)
    if optimal_budget is None:
        optimal_budget = (TRY_OPTIMAL_SLOW if bound.kind != "pdb" else
                          TRY_OPTIMAL_BUILT if work.n > 16 else TRY_OPTIMAL)
    budget = optimal_budget
    tried = None
    if budget > 0 and not multi:
        try:
            result = yield from tiles_ida.search(work, bound, max_nodes=budget, clock=clock)
            result.extra["method"] = "IDA* (finished within the fast solver's budget)"
            return result
        except SearchLimit as limit:
            lower = max(lower, limit.details.get("lower_bound", 0))
            tried = limit.details.get("iterations")
    if multi:
        # the bounds above count single-tile moves: not valid here; the
        # multi-tile bound is built first with progress (its walking
        # distance takes seconds on 5x2, built silently on first use)
        heuristic = puzzle.heuristic
        if hasattr(heuristic, "prepare"):
            yield from ticking(heuristic.prepare(), clock, phase="prepare",
                               table=bounds.label(heuristic.name, puzzle.metric))
        lower = heuristic(puzzle.start)
    blanks = yield from _own_bound(_reduce(work, clock), lower)
    moves, states = tiles_ida.path_states(work, blanks)
    method = "reduction: edge lines placed by A*, the last block by IDA*"
    if multi:
        moves, states = merge_lines(puzzle, moves, states)
        method += "; single-tile moves merged into line moves"
    optimal = len(moves) == lower
    extra = {"lower_bound": lower, "method": method,
             "not_proven_optimal": not optimal}
    if tried:
        extra["iterations"] = tried
    yield progress(clock, expanded=len(moves), depth=len(moves))
    return SearchResult(moves, states, len(moves), optimal,
                        stats(clock, len(moves), len(moves), len(states),
                              depth=len(moves), lower_bound=lower), extra)


def _own_bound(gen, lower):
    """Generator: ``gen``'s progress with the whole puzzle's proven bound
    ``lower`` in place of what its searches prove about their own parts
    (an edge line, the last block); returns what ``gen`` returns."""
    while True:
        try:
            rec = next(gen)
        except StopIteration as stop:
            return stop.value
        yield dict(rec, lower_bound=lower)


def merge_lines(puzzle, moves, states):
    """Single-tile moves -> multi-tile moves: consecutive moves in the same
    direction along one line are one line move."""
    out, kept = [], [states[0]]
    for j, (tile, d) in enumerate(moves):
        if out and out[-1][1] == d:
            out[-1] = (out[-1][0] + (tile,), d)
            kept[-1] = states[j + 1]
        else:
            out.append(((tile,), d))
            kept.append(states[j + 1])
    return out, kept


def _reduce(puzzle, clock):
    """Generator: the blank's cells along a solution (list)."""
    w, h = puzzle.w, puzzle.h
    board = list(puzzle.start)
    goal = puzzle.goal
    gb = goal.index(0)
    gbr, gbc = divmod(gb, w)
    r0, r1, c0, c1 = 0, h, 0, w
    blanks = [board.index(0)]
    tried_block = False
    while True:
        rw, rh = c1 - c0, r1 - r0
        if rw <= 4 and rh <= 4 and not (tried_block and rw > 2 and rh > 2 and rw * rh > 9):
            sub, cells = _block(board, goal, w, r0, r1, c0, c1)
            small = rw * rh <= 9
            try:
                result = yield from tiles_ida.search(
                    sub, bounds.incremental_bound(sub),
                    max_nodes=None if small else BLOCK_BUDGET, clock=clock)
            except SearchLimit:
                tried_block = True
            else:
                for state in result.states[1:]:
                    blanks.append(cells[state.index(0)])
                return blanks
        # place one edge line of the longer side (either side when square)
        # that does not hold the goal's blank; of those, and of the two ends
        # a line can be finished at, keep the one that costs fewest moves
        allowed = {r * w + c for r in range(r0, r1) for c in range(c0, c1)}
        options = []
        if rh >= rw and rh > 2:
            if gbr != r0:
                options.append(([r0 * w + c for c in range(c0, c1)], (r0 + 1, r1, c0, c1)))
            if gbr != r1 - 1:
                options.append(([(r1 - 1) * w + c for c in range(c0, c1)], (r0, r1 - 1, c0, c1)))
        if rw >= rh and rw > 2:
            if gbc != c0:
                options.append(([r * w + c0 for r in range(r0, r1)], (r0, r1, c0 + 1, c1)))
            if gbc != c1 - 1:
                options.append(([r * w + c1 - 1 for r in range(r0, r1)], (r0, r1, c0, c1 - 1)))
        best = None
        for line, region in options:
            for order in (line, line[::-1]):
                trial_board, trial_blanks = list(board), []
                yield from ticking(
                    _place_line(trial_board, w, set(allowed), goal, order, trial_blanks),
                    clock, depth=len(blanks) - 1, expanded=len(blanks))
                if best is None or len(trial_blanks) < len(best[1]):
                    best = (trial_board, trial_blanks, region)
            yield progress(clock, depth=len(blanks) - 1, expanded=len(blanks))
        board = best[0]
        blanks.extend(best[1])
        r0, r1, c0, c1 = best[2]


def _place_line(board, w, allowed, goal, line, blanks):
    """Generator (yields ticks, see :func:`_place`): place the tiles of
    ``line`` (cells, in order): two at a time, which is shorter than one by
    one, and the last two together."""
    j = len(line) % 2
    if j:
        yield from _place(board, w, allowed, [(goal[line[0]], line[0])], blanks)
        allowed.discard(line[0])
    while j < len(line):
        pair = line[j:j + 2]
        yield from _place(board, w, allowed, [(goal[c], c) for c in pair], blanks)
        allowed.difference_update(pair)
        j += 2


def _block(board, goal, w, r0, r1, c0, c1):
    """The region as a puzzle of its own, tiles relabelled 1..k by goal
    cell; returns (puzzle, local cell -> board cell)."""
    from .puzzle import Tiles
    cells = [r * w + c for r in range(r0, r1) for c in range(c0, c1)]
    label = {0: 0}
    for cell in cells:
        if goal[cell]:
            label[goal[cell]] = len(label)
    sub_goal = bytes(label[goal[c]] for c in cells)
    sub_start = bytes(label[board[c]] for c in cells)
    return Tiles(c1 - c0, r1 - r0, sub_start, sub_goal), cells


def _place(board, w, allowed, targets, blanks):
    """Generator, yielding a bare tick every ``TICK`` states taken from the
    heap (a stage on a 10x10 board can take a second): A* over (blank cell,
    cells of the target tiles) inside ``allowed``, the fewest moves bringing
    each target tile to its cell.  Applies the moves to ``board`` and
    extends ``blanks``."""
    tiles = [t for t, _cell in targets]
    homes = tuple(cell for _t, cell in targets)
    where = tuple(board.index(t) for t in tiles)
    b = board.index(0)
    start = (b,) + where
    if where == homes:
        return
        yield

    def h(state):
        # every target move takes one target one cell nearer at most, and
        # before the first one the blank must come next to a target
        bl = state[0]
        md = 0
        near = 1 << 30
        for p, q in zip(state[1:], homes):
            md += abs(p // w - q // w) + abs(p % w - q % w)
            if p != q:
                d = abs(p // w - bl // w) + abs(p % w - bl % w)
                if d < near:
                    near = d
        return md + (near - 1 if near < 1 << 30 else 0)
    nbrs = {}
    for c in allowed:
        nbrs[c] = [x for x in (c - w, c + w, c - 1 if c % w else -1,
                               c + 1 if (c + 1) % w else -1) if x in allowed]
    # Optimal stages (weight 1) on small regions; on big ones a weighted A*
    # (weight 2) keeps the searches small, at a few moves' cost per stage.
    weight = 1 if len(allowed) <= 30 else 2
    parent = {start: None}
    gs = {start: 0}
    heap = [(weight * h(start), 0, start)]
    found = None
    pops = 0
    while heap:
        pops += 1
        if not pops % TICK:
            yield
        _f, g, state = heapq.heappop(heap)
        if g > gs[state]:
            continue
        if state[1:] == homes:
            found = state
            break
        bl = state[0]
        for x in nbrs[bl]:
            nxt = list(state)
            nxt[0] = x
            for k in range(1, len(state)):
                if state[k] == x:
                    nxt[k] = bl
            nxt = tuple(nxt)
            if gs.get(nxt, 1 << 30) > g + 1:
                gs[nxt] = g + 1
                parent[nxt] = state
                heapq.heappush(heap, (g + 1 + weight * h(nxt), g + 1, nxt))
    if found is None:
        raise PuzzleError("The fast solver could not place a tile (this should "
                          "not happen; please report the position).")
    path = []
    state = found
    while state is not None:
        path.append(state[0])
        state = parent[state]
    path.reverse()
    cur = path[0]
    for nxt in path[1:]:
        board[cur] = board[nxt]
        board[nxt] = 0
        cur = nxt
        blanks.append(nxt)
