"""``meet``: the minimum with proof.  Bidirectional breadth-first search
over the move graph (move metric: an edge is a whole chain of jumps by one
peg; jump metric: an edge is one jump), forwards from the start and
backwards ("unjumps") from the goal position(s), whole layers on the smaller
side, positions reduced by the board symmetries that fix start and goal.
Splitting an optimal solution after its k-th move shows the first layer
where the sides meet gives the optimum, and ``count`` multiplies the path
counts of both sides over that layer: the number of distinct jump sequences
of minimum length (what the seeds count).  Siblings: kernel.py (the
expanders), dfs.py, beam.py.
"""

from ...search.common import (Checkpoint, Clock, SearchResult, descend, no_solution, progress,
                              DEFAULT_MAX_STATES)
from .dfs import dfs
from ...errors import NoSolution
from .kernel import Kernel, LongExpansion, expander, goal_positions
from .merson import MoveBound
from . import alive

# machine words per position besides the state (tests/test_budget.py): a
# distance slot and a layer slot; the path counts' slots when counting
WORDS = 10
COUNT_WORDS = 12


def meet(puzzle, *, count=False, max_states=DEFAULT_MAX_STATES, max_bytes=None):
    """Bidirectional BFS over moves (see the module docstring)."""
    if (puzzle.metric == "jump" and not count
            and puzzle.goal_min == puzzle.goal_max):
        # Every solution has the same number of jumps: the first one found
        # is optimal.
        result = yield from dfs(puzzle, max_states=max_states, max_bytes=max_bytes)
        return result
    clock = Clock()
    kern = Kernel(puzzle, use_sym=not count)
    # the English centre game: only live positions can be on a solution;
    # their set counts in the budget (at most half of it; else the table
    # is bisected, in no more memory)
    keep = None if count else alive.keeper(puzzle, kern)
    if keep is not None:
        taken = yield from keep.quicken(None if max_bytes is None else max_bytes // 2, clock)
        if max_bytes is not None:
            max_bytes -= taken
    # step 2: one expansion can make thousands of chains
    cp = Checkpoint(max_states, step=2, max_bytes=max_bytes, sample=puzzle.start,
                    words=WORDS + (COUNT_WORDS if count else 0), clock=clock,
                    advice="The minimum needs both search frontiers in memory; the "
                           "depth-first search (dfs) finds a solution, not always "
                           "minimal, in little memory.")
    canon = kern.canon
    chains = puzzle.metric == "move"
    start = puzzle.start
    prefix_moves = []

    # Forward side.  A fixed first move: the jump metric starts after it;
    # the move metric starts from the chains that extend it (depth 1).
    fdist, fcount = {}, {}
    if puzzle.first and chains:
        flayer = []
        for _chain, q in puzzle.chain_successors(start):
            if q in fdist:
                fcount[q] += 1
            else:
                fdist[q] = 1
                fcount[q] = 1
                flayer.append(q)
        fdepth = 1
        if any(puzzle.is_goal(q) for q in flayer):
            return _finish_trivial(puzzle, cp, flayer, fdist, count, fcount)
    else:
        if puzzle.first:
            prefix_moves = [puzzle.board.jumps[j] for j in puzzle.first_jumps]
        origin = puzzle.after_first
        c0 = canon(origin)
        fdist[c0] = 0
        fcount[c0] = 1
        flayer = [c0]
        fdepth = 0
        if puzzle.is_goal(origin):
            states = [start]
            for m in prefix_moves:
                states.append(puzzle.apply(states[-1], m))
            extra = {"solutions": 1} if count else {}
            return SearchResult(list(prefix_moves), states, len(prefix_moves), True,
                                cp.stats(0, 0, 1), extra)

    roots = goal_positions(puzzle)
    bdist, bcount = {}, {}
    if roots is not None:
        for g in roots:
            c = canon(g)
            if c not in bdist:
                bdist[c] = 0
                bcount[c] = 1
            elif count:
                bcount[c] += 1
        blayer = list(bdist)
        if not blayer:
            no_solution(cp.clock, 0, 0, 1)
    else:
        blayer = None          # forward only, testing each new position
    if count:
        meeting, fd, bd, total, figures = yield from _meet_count(
            puzzle, kern, cp, fdist, fcount, flayer, fdepth, bdist, bcount, blayer,
            len(prefix_moves))
        moves = _path(puzzle, kern, fdist, bdist, meeting, fd, bd)
        held = len(fdist) + len(bdist)
    else:
        origin = start if puzzle.first and chains else puzzle.after_first
        moves, figures, held = yield from _rounds(puzzle, kern, cp, fdist, flayer, fdepth,
                                                  bdist, blayer, len(prefix_moves), origin,
                                                  keep)
        total = None
    moves = prefix_moves + moves
    states = [start]
    for m in moves:
        states.append(puzzle.apply(states[-1], m))
    expanded, generated, fdepth, bdepth = figures
    extra = {"meet": {"forward": fdepth, "backward": bdepth,
                      "symmetries": len(kern.ks)}}
    if count:
        extra["solutions"] = total
    return SearchResult(moves, states, len(moves), True,
                        cp.stats(expanded, generated, held, depth=len(moves)), extra)


def _path(puzzle, kern, fdist, bdist, meeting, fd, bd):
    moves = forward_path(puzzle, kern, fdist, meeting, fd)
    if bd:
        moves += backward_path(puzzle, kern, bdist, meeting, bd)
    return moves


def _rounds(puzzle, kern, cp, fdist, flayer, fdepth, bdist, blayer, base, origin,
            keep=None):
    """The fast search in rounds, each with a limit L on a solution's length
    through a kept position: a position is kept only if its depth plus the
    moves it needs at the least (Merson regions, merson.py) stays within L,
    on either side.  Every position of a solution of at most L moves is
    kept, so a round proves there is none shorter than min(what it finds,
    L + 1, the least sum it left out).  A round that finds none raises L to
    that least sum; one that finds a longer solution of T moves keeps it,
    and the last round, L = T - 1, only has to show there is none of T - 1
    moves or fewer: it stops once its two sides span T - 1 moves, and the
    layer that gets them there is only looked up on the other side, never
    stored (on the English board a quarter of the time and most of the
    memory).  The rounds before the last cost little beside it where the
    bound is close (the triangles: 11 at the start of side 8, 13 needed);
    where it is not (the English board: 12 for 18) the last round costs
    about what the search without the bound costs.
    ``keep``: a predicate a position must pass to be kept (alive.keeper).
    Returns (moves, figures, positions held at the end)."""
    bound = MoveBound(puzzle, origin)
    # the least any solution needs: from the forward side's first layer, and
    # from the origin to the nearest goal position
    limit = max(min((fdepth + bound.forward(p) for p in flayer), default=0),
                min((bound.backward(q) for q in (blayer or ())), default=0),
                fdepth + 1)
    totals = [0, 0]
    floor = 0               # proven by the rounds so far: no solution is shorter
    known = None            # (moves, figures) of a longer solution an earlier round found
    sides = (dict(fdist), list(flayer), dict(bdist) if blayer is not None else None,
             list(blayer) if blayer is not None else None)
    while True:
        cut = [UNLIMITED, 0]
        fd, fl = dict(sides[0]), list(sides[1])
        bd = dict(sides[2]) if blayer is not None else bdist
        bl = list(sides[3]) if blayer is not None else None
        try:
            found = yield from _meet_fast(
                puzzle, kern, cp, fd, None, fl, fdepth, bd, None, bl, base,
                bound=bound, limit=limit, cut=cut, floor=floor,
                stop_at=limit if known is not None else None, keep=keep)
        except NoSolution as stop:
            spent = stop.details.get("stats", {})
            totals[0] += spent.get("expanded", 0)
            totals[1] += spent.get("generated", 0)
            if known is not None:
                # nothing of at most ``limit`` moves is left: the one known is optimal
                return known[0], (totals[0], totals[1]) + known[1], len(fd) + len(bd)
            if cut[0] == UNLIMITED:
                raise               # nothing was left out: no solution at all
            limit = floor = max(limit + 1, cut[0])
            continue
        if found[0] is None:
            # the sides span ``limit`` moves without meeting: none is that short
            figures = found[4]
            totals[0] += figures[0]
            totals[1] += figures[1]
            return known[0], (totals[0], totals[1]) + known[1], len(fd) + len(bd)
        meeting, f, b, _t, figures = found
        totals[0] += figures[0]
        totals[1] += figures[1]
        length = f + b
        moves = _path(puzzle, kern, fd, bd, meeting, f, b)
        if length <= max(limit + 1, cut[0]):
            return moves, (totals[0], totals[1]) + tuple(figures[2:]), len(fd) + len(bd)
        floor = max(limit + 1, cut[0])
        # a solution of ``length`` moves is known: a round with the limit
        # just below it settles the minimum (it finds any one of at most
        # ``length`` - 1 moves, or proves there is none)
        known = (moves, tuple(figures[2:]))
        limit = length - 1


UNLIMITED = 1 << 30
# the moves one step of retracing a solution looks at, at most (a third of
# a second in CPython): a peg's chains of unjumps on a big empty board are
# countless
RETRACE_MOST = 100_000


def _meet_fast(puzzle, kern, cp, fdist, _fc, flayer, fdepth,
               bdist, _bc, blayer, base, bound=None, limit=UNLIMITED, cut=None, floor=0,
               stop_at=None, keep=None):
    """Whole layers on the cheaper side until the sides meet.  Returns
    (meeting, forward depth, backward depth, None, figures).  Near the
    memory budget a layer is expanded in probe mode: it only looks for the
    meeting (which ends the search) without storing its positions.  With
    ``stop_at``, the layer that makes the sides span that many moves is
    expanded in probe mode too, and without a meeting there the search
    returns (None, fdepth, bdepth, None, figures): no solution has at most
    ``stop_at`` moves (beyond ``base``).

    While the sides have not met after fdepth and bdepth whole layers, no
    solution is shorter than ``base`` (the fixed first jumps) + fdepth +
    bdepth + 1: its position fdepth moves in would be on both sides, and
    each new position is looked up on the other side.  The progress records
    and a budget stop carry that ``lower_bound``."""
    chains = puzzle.metric == "move"
    fexp = expander(kern, True, chains, bound, limit, cut, keep)
    bexp = (expander(kern, False, chains, bound, limit, cut, keep)
            if blayer is not None else None)
    cap = limit + 1         # a round proves nothing beyond its limit + 1; ``floor``:
                            # what the rounds before proved
    goals = {}
    if blayer is None:
        # Forward only: a goal test on every new position, done through
        # the same "other side" lookup by a dict that answers is_goal.
        goals = _GoalDict(puzzle.is_goal)
    expanded = generated = 0
    # the count starts again with each round (``_rounds``): so does the
    # checkpoint, or a round would run unchecked -- no progress, no budget --
    # until it had expanded as many positions as the round before
    check = cp.next = cp.step
    bdepth = 0
    while True:
        forward = blayer is None or len(flayer) <= len(blayer)
        if forward:
            layer, mine, other, exp = flayer, fdist, (bdist if blayer is not None else goals), fexp
            d = fdepth + 1
            # Positions nearest the other side first: a meeting in the last
            # layer ends the search at once.
            layer.sort(key=int.bit_count)
        else:
            layer, mine, other, exp = blayer, bdist, fdist, bexp
            d = bdepth + 1
            layer.sort(key=int.bit_count, reverse=True)
        nxt = []
        meeting = None
        # the last layer ``stop_at`` asks for is only looked up, not kept
        final = stop_at is not None and fdepth + bdepth + 1 >= stop_at
        probe = final
        over = False
        for s in layer:
            expanded += 1
            # every expansion (step 1): one can make thousands of chains (50 ms
            # on the 36-hole triangle), and the reads cost little beside that.
            # Over the budget the rest of the layer only probes for a meeting.
            if expanded >= check:
                held = len(fdist) + len(bdist)
                if held > cp.max_states:
                    probe = over = True
                yield from cp.tick(expanded, held=held, limit=False,
                                   depth=fdepth + bdepth, expanded=expanded,
                                   frontier=len(layer), bound=fdepth + bdepth + 1,
                                   lower_bound=base + max(floor, min(fdepth + bdepth + 1, cap)))
                check = cp.next
            try:
                meeting = exp(s, d, mine, other, nxt, probe)
            except LongExpansion:
                # one expansion of very many chains (a big empty board):
                # again, step by step, with progress and the budget
                slow = expander(kern, forward, chains, bound, limit, cut, keep, steps=True)
                meeting = yield from _stepwise(slow(s, d, mine, other, nxt, probe), cp,
                                               lambda: len(fdist) + len(bdist),
                                               depth=fdepth + bdepth, expanded=expanded,
                                               frontier=len(layer))
            if meeting is not None:
                break
        generated += len(nxt)
        if forward:
            flayer, fdepth = nxt, d
        else:
            blayer, bdepth = nxt, d
        if meeting is not None:
            if forward:
                return meeting, fdepth, (bdist[meeting] if blayer is not None else 0), None, \
                    (expanded, generated, fdepth, bdepth)
            return meeting, fdist[meeting], bdepth, None, (expanded, generated, fdepth, bdepth)
        held = len(fdist) + len(bdist)
        if over:
            cp.over(held, expanded, generated,
                    lower_bound=base + max(floor, min(fdepth + bdepth + 1, cap)))
        if final:
            return None, fdepth, bdepth, None, (expanded, generated, fdepth, bdepth)
        if not nxt:
            no_solution(cp.clock, expanded, generated, held)


def _stepwise(gen, cp, held, **figures):
    """Generator: run one expansion in its generator form (kernel.expander
    with ``steps``), a progress record whenever one is due; stops at the
    budget (``held()``: the positions the sides hold).  Returns the
    meeting position or None."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        now = held()
        if now > cp.max_states:
            gen.close()
            cp.over(now, figures.get("expanded", 0), figures.get("expanded", 0))
        if cp.clock.due():
            yield progress(cp.clock, held=now, phase="expansion", **figures)


class _GoalDict(dict):
    """Looks like the other side's table to the expanders; contains the
    goal positions (forward-only search, goal patterns with many '?')."""

    def __init__(self, is_goal):
        super().__init__()
        self.is_goal = is_goal

    def __contains__(self, key):
        return self.is_goal(key)


def _meet_count(puzzle, kern, cp, fdist, fcount, flayer, fdepth,
                bdist, bcount, blayer, base):
    """The same search with path counts on both sides (no symmetry): every
    layer is finished, then the counts of the meeting layer multiply (the
    same proven lower bound)."""
    is_goal = puzzle.is_goal
    chains = puzzle.metric == "move"
    fstep, bstep = kern.step(True, chains), kern.step(False, chains)
    expanded = generated = 0
    check = cp.next
    bdepth = 0
    meeting = None
    while True:
        forward = blayer is None or len(flayer) <= len(blayer)
        if forward:
            layer, mine, other, cnt, step = flayer, fdist, bdist, fcount, fstep
            d = fdepth + 1
        else:
            layer, mine, other, cnt, step = blayer, bdist, fdist, bcount, bstep
            d = bdepth + 1
        nxt = []
        for s in layer:
            expanded += 1
            if expanded >= check:
                yield from cp.tick(expanded, held=len(fdist) + len(bdist),
                                   depth=fdepth + bdepth, expanded=expanded,
                                   generated=generated, frontier=len(layer),
                                   lower_bound=base + fdepth + bdepth + 1)
                check = cp.next
            here = cnt[s]
            children = step(s)
            generated += len(children)
            for c in children:
                old = mine.get(c)
                if old is not None:
                    if old == d:
                        cnt[c] += here
                    continue
                mine[c] = d
                nxt.append(c)
                cnt[c] = here
                if blayer is None:
                    if is_goal(c):
                        meeting = c
                elif c in other:
                    meeting = c
        if forward:
            flayer, fdepth = nxt, d
        else:
            blayer, bdepth = nxt, d
        held = len(fdist) + len(bdist)
        if meeting is not None:
            break
        if held > cp.max_states:
            cp.over(held, expanded, generated, lower_bound=base + fdepth + bdepth + 1)
        if not nxt:
            no_solution(cp.clock, expanded, generated, held)
    total = 0
    for c in nxt:
        if blayer is None:
            if is_goal(c):
                total += fcount[c]
        elif c in other:
            total += fcount[c] * bcount[c]
    bd = bdist[meeting] if blayer is not None else 0
    return meeting, fdist[meeting], bd, total, (expanded, generated, fdepth, bdepth)


def _finish_trivial(puzzle, cp, flayer, fdist, count, fcount):
    """A fixed first move that already solves it."""
    goals = [q for q in flayer if puzzle.is_goal(q)]
    chain = next(chain for chain, q in puzzle.chain_successors(puzzle.start)
                 if q == goals[0])
    extra = {"solutions": sum(fcount[g] for g in goals)} if count else {}
    return SearchResult([chain], [puzzle.start, goals[0]], 1, True,
                        cp.stats(1, len(fdist), len(fdist)), extra)


def forward_path(puzzle, kern, fdist, x, d):
    """Moves from the origin to ``x`` (a position at forward depth d, its
    class in ``fdist``): down the distances by predecessors (then the fixed
    first chain, when the first move is fixed in the move metric)."""
    chains = puzzle.metric == "move"
    fixed = bool(puzzle.first and chains)
    preds = puzzle.chain_predecessors if chains else puzzle.jump_predecessors
    moves, x = descend(fdist, x, d, preds, key=kern.canon, stop=1 if fixed else 0,
                       most=RETRACE_MOST)
    if fixed:
        moves.append(next(chain for chain, q in puzzle.chain_successors(puzzle.start)
                          if q == x))
    moves.reverse()
    return moves


def backward_path(puzzle, kern, bdist, x, b):
    """Moves from ``x`` (at backward depth b) down to a goal position."""
    succ = puzzle.chain_successors if puzzle.metric == "move" else puzzle.jump_successors
    return descend(bdist, x, b, succ, key=kern.canon, most=RETRACE_MOST)[0]
