"""Fast searches for peg solitaire, offered by ``pegs.Pegs.custom_search``
(``api.solve`` asks the puzzle first).  Same contract as ``search/*.py``:
generators that yield progress and return a SearchResult, and raise
NoSolution / SearchLimit.  Siblings: pegs.py (rules), pegs_board.py.

``meet``  minimum with proof.  Bidirectional breadth-first search over the
          move graph (move metric: an edge is a whole chain of jumps by one
          peg; jump metric: an edge is one jump), forwards from the start and
          backwards ("unjumps") from the goal position(s), whole layers on the
          smaller side, positions reduced by the board symmetries that fix
          start and goal.  Splitting an optimal solution after its k-th move
          shows the first layer where the sides meet gives the optimum, and
          ``count`` multiplies the path counts of both sides over that layer:
          the number of distinct jump sequences of minimum length (what the
          seeds count).
``dfs``   a solution fast: depth-first over single jumps with a table of
          dead positions (up to symmetry), an endgame table built backwards
          from the goal, pagoda functions and restarts.  Not minimal in the
          move metric; in the jump metric every solution of a goal with a
          fixed peg count has the same number of jumps, so there it is optimal
          (and says so).
``beam``  a short solution fast where ``meet`` runs out of memory: breadth-
          first over moves keeping the most promising positions per layer.
          Not proven minimal.

Stats: ``expanded`` counts positions whose moves were generated; in ``meet``
``generated`` counts the new positions stored (its kernels do not count the
children they throw away).
"""

import random

from ..errors import PuzzleError, SearchLimit
from ..search.common import (Clock, SearchResult, CHECK_EVERY, DEFAULT_MAX_STATES,
                             over_budget, no_solution, progress, stats)

MAX_GOAL_POSITIONS = 4096     # '?' cells: enumerate goal positions up to this


# -- expansion kernels ---------------------------------------------------------
class _Kernel:
    """Move generation for one puzzle and symmetry group.  ``ks`` are the
    symmetries (numbers into ``board.symmetries``, identity first) that fix
    the start and the goal; a position's canonical form is the least of its
    images under them.  ``jimg[j]`` holds the images of jump j's three-hole
    mask, so the images of a child are the parent's images XOR these: the
    canonical form of every child costs a few XORs and one min()."""

    def __init__(self, puzzle, use_sym=True):
        board = puzzle.board
        self.board = board
        if use_sym and not puzzle.first:
            ks = board.fixing([puzzle.start] + puzzle.goal_masks())
        else:
            ks = [0]
        self.ks = ks
        self.tables = board.image_tables(ks[1:])
        self.jimg = [tuple(board.image(m, k) for k in ks) for m in board.jump_masks]

    def images(self, p):
        out = [p]
        for tables in self.tables:
            m = 0
            x = p
            for t in tables:
                m |= t[x & 255]
                x >>= 8
            out.append(m)
        return out

    def canon(self, p):
        if not self.tables:
            return p
        return min(self.images(p))

    def _firsts(self):
        """f(P) -> legal first jumps of P as (mask, to, jump no.), scanning
        the pegs or the empty holes, whichever are fewer."""
        board = self.board
        jf, ji, full = board.jumps_from, board.jumps_into, board.full

        def firsts(p):
            out = []
            e = full & ~p
            if e.bit_count() < p.bit_count():
                while e:
                    low = e & -e
                    e ^= low
                    for need, mask, _a, j in ji[low.bit_length() - 1]:
                        if p & need == need:
                            out.append((mask, low.bit_length() - 1, j))
            else:
                x = p
                while x:
                    low = x & -x
                    x ^= low
                    for over, to, mask, t, j in jf[low.bit_length() - 1]:
                        if p & over and not p & to:
                            out.append((mask, t, j))
            return out
        return firsts

    def _unfirsts(self):
        """f(P) -> legal first unjumps (a peg at ``to`` goes back over an
        empty hole into an empty ``from``) as (mask, from, jump no.)."""
        board = self.board
        jf, ji, full = board.jumps_from, board.jumps_into, board.full

        def unfirsts(p):
            out = []
            e = full & ~p
            if p.bit_count() <= e.bit_count():
                x = p
                while x:
                    low = x & -x
                    x ^= low
                    for need, mask, a, j in ji[low.bit_length() - 1]:
                        if not p & need:
                            out.append((mask, a, j))
            else:
                while e:
                    low = e & -e
                    e ^= low
                    for over, to, mask, _t, j in jf[low.bit_length() - 1]:
                        if p & to and not p & over:
                            out.append((mask, low.bit_length() - 1, j))
            return out
        return unfirsts

    def step(self, forward, chains):
        """f(P) -> list of the canonical children of P: one jump (or unjump),
        or with ``chains`` every chain of them by one peg.  Two chains that
        end in the same position give it twice (path counts need that)."""
        first = self._firsts() if forward else self._unfirsts()
        more = self.board.jumps_from if forward else self.board.jumps_into
        jimg = self.jimg
        images = self.images

        def children(p):
            out = []
            imgs = images(p)
            for mask, t, j in first(p):
                ni = [u ^ v for u, v in zip(imgs, jimg[j])]
                out.append(min(ni))
                if not chains:
                    continue
                stack = [(t, p ^ mask, ni)]
                while stack:
                    x, q, qi = stack.pop()
                    for entry in more[x]:
                        if forward:
                            over, to, mask2, x2, j2 = entry
                            if not (q & over and not q & to):
                                continue
                        else:
                            need, mask2, x2, j2 = entry
                            if q & need:
                                continue
                        n2 = [u ^ v for u, v in zip(qi, jimg[j2])]
                        out.append(min(n2))
                        stack.append((x2, q ^ mask2, n2))
            return out
        return children


def goal_positions(puzzle, limit=MAX_GOAL_POSITIONS):
    """Every goal position worth starting a backward search from (class and
    peg count permitting), or None when there are more than ``limit``."""
    board = puzzle.board
    start = puzzle.after_first
    pegs = start.bit_count()
    if puzzle.goal_kind == "anywhere":
        cands = [1 << h for h in range(board.n)]
    else:
        free = board.bits(puzzle.goal_free)
        if len(free) > 30 or (1 << len(free)) > limit:
            return None
        cands = []
        for sub in range(1 << len(free)):
            g = puzzle.goal_peg
            for i, h in enumerate(free):
                if sub >> i & 1:
                    g |= 1 << h
            cands.append(g)
    return [g for g in cands
            if g.bit_count() <= pegs and board.reduce(start ^ g) == 0]


# -- layer expanders (fast path, no counting) ---------------------------------
# One specialised function per (direction, metric, symmetry count): the S
# images of a position ride along a chain as S separate ints (S XORs per
# jump, one min() for the canonical form), which is what makes reduction by
# symmetry cheap.  The source is generated from this template because the
# unrolled form is about a quarter faster than a loop over a tuple.
_EXPAND = """
def expand(p, d, mine, other, nxt, probe):
    {I} = images(p)
    for mask, t, j in first(p):
        {J} = jimg[j]
        {N0}
        c = {MIN}
        old = mine.get(c)
        if old is None:
            if c in other:
                return c
            if not probe:
                mine[c] = d
                nxt.append(c)
        elif old < d:
            continue
        if chains:
            stack = [(t, {NL})]
            while stack:
                x, {QL} = stack.pop()
                for {LOOP} in more[x]:
                    if {COND}:
                        {J} = jimg[j2]
                        {N1}
                        c = {MIN}
                        old = mine.get(c)
                        if old is None:
                            if c in other:
                                return c
                            if not probe:
                                mine[c] = d
                                nxt.append(c)
                        elif old < d:
                            continue
                        stack.append((x2, {NL}))
    return None
"""


def _expander(kern, forward, chains):
    """expand(p, d, mine, other, nxt, probe) -> meeting position or None.
    Adds the unseen children of ``p`` (depth d) to ``mine`` and ``nxt``
    (unless ``probe``: then it only looks for a meeting).  A child already
    known at a smaller depth is not extended: its own expansion covers the
    chains that would continue from it."""
    size = len(kern.ks)

    def names(prefix):
        return ", ".join(f"{prefix}{i}" for i in range(size)) + ("," if size == 1 else "")
    if forward:
        loop, cond = "over, to, _m, x2, j2", "q0 & over and not q0 & to"
    else:
        loop, cond = "need, _m, x2, j2", "not q0 & need"
    src = _EXPAND.format(
        I=names("i"), J=names("j"), NL=names("n"), QL=names("q"),
        N0="; ".join(f"n{i} = i{i} ^ j{i}" for i in range(size)),
        N1="; ".join(f"n{i} = q{i} ^ j{i}" for i in range(size)),
        MIN="n0" if size == 1 else "min(" + names("n") + ")",
        LOOP=loop, COND=cond)
    env = {"images": kern.images, "jimg": kern.jimg, "chains": chains,
           "first": kern._firsts() if forward else kern._unfirsts(),
           "more": kern.board.jumps_from if forward else kern.board.jumps_into}
    exec(compile(src, "<pegs expander>", "exec"), env)
    return env["expand"]


# -- meet: minimum with proof --------------------------------------------------
def meet(puzzle, *, count=False, max_states=DEFAULT_MAX_STATES):
    """Bidirectional BFS over moves (see the module docstring)."""
    if (puzzle.metric == "jump" and not count
            and puzzle.goal_min == puzzle.goal_max):
        # Every solution has the same number of jumps: the first one found
        # is optimal.
        result = yield from dfs(puzzle, max_states=max_states)
        return result
    clock = Clock()
    kern = _Kernel(puzzle, use_sym=not count)
    canon = kern.canon
    chains = puzzle.metric == "move"
    start = puzzle.start
    prefix_moves = []

    # Forward side.  A fixed first move: the jump metric starts after it;
    # the move metric starts from the chains that extend it (depth 1).
    fdist, fcount = {}, {}
    if puzzle.first and chains:
        flayer = []
        for _chain, q in puzzle._chain_successors(start):
            if q in fdist:
                fcount[q] += 1
            else:
                fdist[q] = 1
                fcount[q] = 1
                flayer.append(q)
        fdepth = 1
        if any(puzzle.is_goal(q) for q in flayer):
            return _finish_trivial(puzzle, clock, flayer, fdist, count, fcount)
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
                                stats(clock, 0, 0, 1), extra)

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
            no_solution(clock, 0, 0, 1)
    else:
        blayer = None          # forward only, testing each new position
    run = _meet_count if count else _meet_fast
    try:
        found = yield from run(puzzle, kern, clock, max_states, fdist, fcount, flayer,
                               fdepth, bdist, bcount, blayer)
    except SearchLimit as exc:
        raise SearchLimit(exc.message.split(" Try ")[0] + " The minimum needs both "
                          "search frontiers in memory; the depth-first search (dfs) "
                          "finds a solution, not always minimal, in little memory.",
                          **exc.details) from None
    meeting, fd, bd, total, figures = found
    moves = _forward_path(puzzle, kern, fdist, meeting, fd)
    if bd:
        moves += _backward_path(puzzle, kern, bdist, meeting, bd)
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
                        stats(clock, expanded, generated, len(fdist) + len(bdist),
                              depth=len(moves)), extra)


def _meet_fast(puzzle, kern, clock, max_states, fdist, _fc, flayer, fdepth,
               bdist, _bc, blayer):
    """Whole layers on the cheaper side until the sides meet.  Returns
    (meeting, forward depth, backward depth, None, figures).  Near the
    memory budget a layer is expanded in probe mode: it only looks for the
    meeting (which ends the search) without storing its positions."""
    chains = puzzle.metric == "move"
    fexp = _expander(kern, True, chains)
    bexp = _expander(kern, False, chains) if blayer is not None else None
    goals = {}
    if blayer is None:
        # Forward only: a goal test on every new position, done through
        # the same "other side" lookup by a dict that answers is_goal.
        goals = _GoalDict(puzzle.is_goal)
    expanded = generated = 0
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
        probe = False
        for s in layer:
            expanded += 1
            # every expansion: one can make thousands of chains (50 ms on the
            # 36-hole triangle), and the reads cost little beside that
            held = len(fdist) + len(bdist)
            if held > max_states:
                probe = True
            if clock.due():
                yield progress(clock, depth=fdepth + bdepth, expanded=expanded,
                               held=held, frontier=len(layer),
                               bound=fdepth + bdepth + 1)
            meeting = exp(s, d, mine, other, nxt, probe)
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
        if probe:
            over_budget(held, max_states, clock, expanded, generated)
        if not nxt:
            no_solution(clock, expanded, generated, held)


class _GoalDict(dict):
    """Looks like the other side's table to the expanders; contains the
    goal positions (forward-only search, goal patterns with many '?')."""

    def __init__(self, is_goal):
        super().__init__()
        self.is_goal = is_goal

    def __contains__(self, key):
        return self.is_goal(key)


def _meet_count(puzzle, kern, clock, max_states, fdist, fcount, flayer, fdepth,
                bdist, bcount, blayer):
    """The same search with path counts on both sides (no symmetry): every
    layer is finished, then the counts of the meeting layer multiply."""
    is_goal = puzzle.is_goal
    chains = puzzle.metric == "move"
    fstep, bstep = kern.step(True, chains), kern.step(False, chains)
    expanded = generated = 0
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
            if not expanded & (CHECK_EVERY - 1) and clock.due():
                yield progress(clock, depth=fdepth + bdepth, expanded=expanded,
                               generated=generated, held=len(fdist) + len(bdist),
                               frontier=len(layer))
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
        if held > max_states:
            over_budget(held, max_states, clock, expanded, generated)
        if meeting is not None:
            break
        if not nxt:
            no_solution(clock, expanded, generated, held)
    total = 0
    for c in nxt:
        if blayer is None:
            if is_goal(c):
                total += fcount[c]
        elif c in other:
            total += fcount[c] * bcount[c]
    bd = bdist[meeting] if blayer is not None else 0
    return meeting, fdist[meeting], bd, total, (expanded, generated, fdepth, bdepth)


def _finish_trivial(puzzle, clock, flayer, fdist, count, fcount):
    """A fixed first move that already solves it."""
    goals = [q for q in flayer if puzzle.is_goal(q)]
    for chain, q in puzzle._chain_successors(puzzle.start):
        if q == goals[0]:
            extra = {"solutions": sum(fcount[g] for g in goals)} if count else {}
            return SearchResult([chain], [puzzle.start, q], 1, True,
                                stats(clock, 1, len(fdist), len(fdist)), extra)
    raise PuzzleError("internal: first move lost")


def _forward_path(puzzle, kern, fdist, x, d):
    """Moves from the origin to ``x`` (a position at forward depth d),
    walking predecessors whose class sits one layer nearer the start."""
    canon = kern.canon
    chains = puzzle.metric == "move"
    moves = []
    while d > (0 if not (puzzle.first and chains) else 1):
        preds = puzzle._chain_predecessors(x) if chains else puzzle._jump_predecessors(x)
        for move, y in preds:
            if fdist.get(canon(y)) == d - 1:
                moves.append(move)
                x = y
                d -= 1
                break
        else:
            raise PuzzleError("internal: forward path lost")
    if puzzle.first and chains:
        for chain, q in puzzle._chain_successors(puzzle.start):
            if q == x:
                moves.append(chain)
                break
        else:
            raise PuzzleError("internal: first move lost")
    moves.reverse()
    return moves


def _backward_path(puzzle, kern, bdist, x, b):
    canon = kern.canon
    chains = puzzle.metric == "move"
    moves = []
    while b > 0:
        succ = puzzle._chain_successors(x) if chains else puzzle._jump_successors(x)
        for move, z in succ:
            if bdist.get(canon(z)) == b - 1:
                moves.append(move)
                x = z
                b -= 1
                break
        else:
            raise PuzzleError("internal: backward path lost")
    return moves


# -- dfs: a solution fast ------------------------------------------------------
TABLE_BUDGET = 30_000       # positions in the endgame table of dfs
FIRST_LIMIT = 300           # positions the first dive may expand before a restart
LIMIT_GROWTH = 1.1          # each restart may expand this much more


def pagodas(puzzle):
    """Pagoda functions for this board and goal: a list of groups, one per
    goal position worth aiming at, each a list of (byte tables, goal value).
    A pagoda function p satisfies p(to) <= p(from) + p(over) for every jump,
    so the sum of p over the pegs never grows: a position whose sum is below
    the goal's cannot reach that goal.  Two families valid on every lattice:
    the four parity sublattices (a jump keeps the jumping peg on its own
    sublattice), and Conway's resource count around a hole t,
    p(h) = Fib(D + 2 - dist(h, t)) with the lattice's own distance (taxicab
    on sq4, king's moves on sq8, hexagonal on tri), whose Fibonacci weights
    make a jump straight towards t break even.  "One peg anywhere" gets one
    group per finishing hole its class allows."""
    board = puzzle.board
    if puzzle.goal_kind == "anywhere":
        goals = [(1 << h, board.holes[h]) for h in range(board.n)
                 if board.reduce(puzzle.after_first ^ (1 << h)) == 0]
    else:
        pegs = board.bits(puzzle.goal_peg)
        goals = [(puzzle.goal_peg, board.holes[pegs[0]] if pegs else None)]
    dist = _DISTANCE[board.lattice]
    groups = []
    for goal, centre in goals:
        weights = [[1 if r % 2 == rho and c % 2 == gamma else 0
                    for r, c in board.holes] for rho in (0, 1) for gamma in (0, 1)]
        if centre is not None:
            ds = [dist(r - centre[0], c - centre[1]) for r, c in board.holes]
            top = max(ds) + 2
            fib = [0, 1]
            while len(fib) <= top:
                fib.append(fib[-1] + fib[-2])
            weights.append([fib[top - d] for d in ds])
        group = []
        for w in weights:
            need = sum(w[h] for h in board.bits(goal))
            if need > 0:
                group.append((_byte_tables(board, w), need))
        if not group:
            return []           # some goal no pagoda can rule out
        groups.append(group)
    return groups


def _byte_tables(board, w):
    tables = []
    for base in range(0, board.n, 8):
        table = [0] * 256
        for v in range(1, 256):
            low = v & -v
            i = base + low.bit_length() - 1
            table[v] = table[v ^ low] + (w[i] if i < board.n else 0)
        tables.append(table)
    return tables


_DISTANCE = {
    "sq4": lambda dr, dc: abs(dr) + abs(dc),
    "sq8": lambda dr, dc: max(abs(dr), abs(dc)),
    "tri": lambda dr, dc: max(abs(dr), abs(dc), abs(dr - dc)),
}


def hopeless(groups, q):
    """True when, for every goal, a pagoda function proves ``q`` cannot
    reach it."""
    if not groups:
        return False
    for group in groups:
        for tables, need in group:
            total = 0
            x = q
            for table in tables:
                total += table[x & 255]
                x >>= 8
            if total < need:
                break
        else:
            return False        # no pagoda rules this goal out
    return True


def endgame_table(puzzle, kern, budget=TABLE_BUDGET):
    """Backward search over single unjumps from the goal positions while the
    table stays under ``budget``: canonical position -> jumps still needed.
    Returns (table, K) where every position with at most K pegs that can
    reach the goal is in the table (or (None, -1) when the goal positions
    are too many to list)."""
    roots = goal_positions(puzzle)
    if roots is None:
        return None, -1
    step = kern.step(False, False)
    canon = kern.canon
    table = {}
    for g in roots:
        table[canon(g)] = 0
    layer = list(table)
    depth = 0
    low = min((g.bit_count() for g in roots), default=0)
    top = puzzle.after_first.bit_count()
    while layer and low + depth < top - 1:
        nxt = []
        for s in layer:
            for c in step(s):
                if c not in table:
                    table[c] = depth + 1
                    nxt.append(c)
        depth += 1
        layer = nxt
        if len(table) + 4 * len(layer) > budget:
            break
    return table, low + depth


def dfs(puzzle, *, max_states=DEFAULT_MAX_STATES, seed=1):
    """Depth-first over jumps with a dead-position table (up to symmetry).

    Children are tried in order of fewest pegs left isolated (no neighbouring
    peg) or on holes no jump passes over (such a peg must move itself), then
    from the outside in; a dive that expands more than its limit restarts
    with a randomised tie-break and a 10% larger limit (dead positions found
    so far stay dead), which avoids getting stuck under one early mistake
    and still ends in an exhaustive search when there is no solution.
    Positions with few pegs are looked up in an endgame table built
    backwards from the goal, and positions that a pagoda function proves
    hopeless are dropped at once."""
    clock = Clock()
    board = puzzle.board
    kern = _Kernel(puzzle)
    jimg = kern.jimg
    firsts = kern._firsts()
    is_goal = puzzle.is_goal
    floor = puzzle.goal_min
    prefix = [board.jumps[j] for j in puzzle.first_jumps]
    origin = puzzle.after_first
    table, table_pegs = endgame_table(puzzle, kern)
    # ordering weights: distance of the jumping peg from the target
    target = board.bits(puzzle.goal_peg) if puzzle.goal_kind == "pattern" else []
    if len(target) == 1:
        tr, tc = board.holes[target[0]]
    else:
        tr = sum(r for r, _ in board.holes) / board.n
        tc = sum(c for _, c in board.holes) / board.n
    far = [-(abs(r - tr) + abs(c - tc)) for r, c in board.holes]
    near = [0] * board.n
    for a, b, _t in board.jumps:
        near[a] |= 1 << b
    from_hole = [a for a, _b, _t in board.jumps]
    rng = random.Random(seed)
    pags = pagodas(puzzle)
    stuck = board.unjumpable

    def ordered(p, noise):
        res = []
        for opt in firsts(p):
            q = p ^ opt[0]
            iso = 0
            x = q
            while x:
                low = x & -x
                x ^= low
                if not q & near[low.bit_length() - 1]:
                    iso += 1
            key = far[from_hole[opt[2]]] + (noise * rng.random() if noise else 0)
            res.append((iso + (q & stuck).bit_count(), key, opt))
        res.sort(key=lambda e: (e[0], e[1]))
        return [e[2] for e in res]

    expanded = generated = 0
    dead = set()
    path = []
    finish = None
    limit = FIRST_LIMIT
    noise = 0.0
    if is_goal(origin):
        finish = origin
    elif table is not None and origin.bit_count() <= table_pegs:
        if kern.canon(origin) not in table:
            no_solution(clock, 0, 0, len(table))
        finish = origin
    while finish is None:
        stack = [(origin, kern.images(origin), ordered(origin, noise), 0)]
        path = []
        dive = 0
        while stack:
            p, imgs, opts, i = stack[-1]
            if i == len(opts):
                stack.pop()
                dead.add(min(imgs))
                if path:
                    path.pop()
                continue
            stack[-1] = (p, imgs, opts, i + 1)
            mask, _t, j = opts[i]
            q = p ^ mask
            generated += 1
            qi = [u ^ v for u, v in zip(imgs, jimg[j])]
            c = min(qi)
            if c in dead:
                continue
            if is_goal(q):
                path.append(j)
                finish = q
                break
            pegs = q.bit_count()
            if pegs <= table_pegs:
                if c in table:
                    path.append(j)
                    finish = q
                    break
                dead.add(c)
                continue
            if pegs <= floor or hopeless(pags, q):
                dead.add(c)
                continue
            expanded += 1
            dive += 1
            if not expanded & 255:
                if len(dead) > max_states:
                    over_budget(len(dead), max_states, clock, expanded, generated,
                                "dead positions")
                if clock.due():
                    yield progress(clock, depth=len(path), expanded=expanded,
                                   generated=generated, held=len(dead))
            if dive > limit:
                break
            path.append(j)
            stack.append((q, qi, ordered(q, noise), 0))
        else:
            no_solution(clock, expanded, generated, len(dead))
        if finish is None:
            limit = int(limit * LIMIT_GROWTH) + 1
            noise = 3.0
    jumps = prefix + [board.jumps[j] for j in path]
    if not is_goal(finish):
        jumps += _table_path(puzzle, kern, table, finish)
    if puzzle.metric == "jump":
        moves = jumps
        optimal = puzzle.goal_min == puzzle.goal_max
    else:
        moves = merge_chains(jumps)
        optimal = False
    states = [puzzle.start]
    for m in moves:
        states.append(puzzle.apply(states[-1], m))
    return SearchResult(moves, states, len(moves), optimal,
                        stats(clock, expanded, generated, len(dead),
                              depth=len(moves)),
                        {"jumps": len(jumps)})


def _table_path(puzzle, kern, table, x):
    """Jumps from ``x`` (in the endgame table) down to a goal position."""
    canon = kern.canon
    out = []
    d = table[canon(x)]
    while not puzzle.is_goal(x):
        for move, z in puzzle._jump_successors(x):
            if table.get(canon(z)) == d - 1:
                out.append(move)
                x = z
                d -= 1
                break
        else:
            raise PuzzleError("internal: endgame table path lost")
    return out


# -- beam: a short solution, not proven --------------------------------------------
BEAM_WIDTHS = (1_000, 4_000, 16_000, 64_000)


def beam(puzzle, *, max_states=DEFAULT_MAX_STATES):
    """Beam search over moves: breadth-first, but each layer keeps only the
    most promising positions (fewest pegs, then fewest isolated pegs and
    pegs on holes no jump passes over), pagoda-hopeless ones dropped.  Finds
    short solutions fast on boards too big for ``meet`` (the 28- and 36-hole
    triangles in 12 and 13 moves, the English board in 19-20), but proves
    nothing.  If every kept position dies, it tries again with a wider beam."""
    clock = Clock()
    board = puzzle.board
    kern = _Kernel(puzzle)
    step = kern.step(True, puzzle.metric == "move")
    pags = pagodas(puzzle)
    is_goal = puzzle.is_goal
    near = [0] * board.n
    for a, b, _t in board.jumps:
        near[a] |= 1 << b
    stuck = board.unjumpable

    def score(q):
        iso = 0
        x = q
        while x:
            low = x & -x
            x ^= low
            if not q & near[low.bit_length() - 1]:
                iso += 1
        return 4 * q.bit_count() + 3 * iso + 2 * (q & stuck).bit_count()

    expanded = generated = 0
    chains = puzzle.metric == "move"
    prefix = [] if chains else [board.jumps[j] for j in puzzle.first_jumps]
    # the widths tried, each within the memory budget (a budget under the
    # narrowest one gives a beam as wide as the budget)
    widths = [w for w in BEAM_WIDTHS if w <= max_states] or [max(1, max_states)]
    goal = None
    for width in widths:
        if puzzle.first and chains:
            # the first move: any chain that begins with the fixed jumps
            depth_of = {q: 1 for _chain, q in puzzle._chain_successors(puzzle.start)}
            depth = 1
        else:
            depth_of = {kern.canon(puzzle.after_first): 0}
            depth = 0
        layer = sorted(depth_of, key=score)[:width]
        goal = next((q for q in layer if is_goal(q)), None)
        while layer and goal is None:
            depth += 1
            nxt = set()
            for s in layer:
                expanded += 1
                if not expanded & 255 and clock.due():
                    yield progress(clock, depth=depth, expanded=expanded,
                                   generated=generated, held=len(depth_of))
                for c in step(s):
                    generated += 1
                    if c in depth_of or c in nxt or hopeless(pags, c):
                        continue
                    nxt.add(c)
                    if is_goal(c):
                        goal = c
                        break
                if goal is not None:
                    break
            if goal is None:
                # score the candidates (up to a million on big boards) with
                # progress; the order of equal scores is kept
                scored = []
                for k, c in enumerate(nxt):
                    if not k & 1023 and clock.due():
                        yield progress(clock, depth=depth, expanded=expanded,
                                       generated=generated, held=len(depth_of))
                    scored.append((score(c), k, c))
                scored.sort()
                layer = [c for _s, _k, c in scored[:width]]
            else:
                layer = []
            for c in layer:
                depth_of[c] = depth
            if goal is not None:
                depth_of[goal] = depth
        if goal is not None:
            break
    if goal is None:
        raise SearchLimit("The beam search lost every position it kept, even "
                          f"{width:,} per move; try dfs (any solution) or meet.",
                          stats=stats(clock, expanded, generated, 0))
    moves = prefix + _forward_path(puzzle, kern, depth_of, goal, depth_of[goal])
    states = [puzzle.start]
    for m in moves:
        states.append(puzzle.apply(states[-1], m))
    optimal = puzzle.metric == "jump" and puzzle.goal_min == puzzle.goal_max
    return SearchResult(moves, states, len(moves), optimal,
                        stats(clock, expanded, generated, len(depth_of),
                              depth=len(moves)))


def merge_chains(jumps):
    """Jump triples -> chains: a jump from the hole the previous one landed
    in continues the same move (the seeds' rule)."""
    chains = []
    for a, _b, t in jumps:
        if chains and chains[-1][-1] == a:
            chains[-1] = chains[-1] + (t,)
        else:
            chains.append((a, t))
    return chains
