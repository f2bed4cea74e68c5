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
          dead positions (up to symmetry).  Not minimal in the move metric; in
          the jump metric every solution of a goal with a fixed peg count has
          the same number of jumps, so there it is optimal (and says so).
"""

from ..errors import PuzzleError
from ..search.common import (Clock, SearchResult, CHECK_EVERY, DEFAULT_MAX_STATES,
                             over_budget, no_solution, progress, stats)

MAX_GOAL_POSITIONS = 4096     # '?' cells: enumerate goal positions up to this


# -- expansion kernels ---------------------------------------------------------
class _Kernel:
    """Children generators for one puzzle and symmetry group, tuned for
    speed: they return lists of canonical children (with multiplicity: two
    chains that end in the same position count twice, as the seeds do)."""

    def __init__(self, puzzle, use_sym=True):
        board = puzzle.board
        self.board = board
        self.puzzle = puzzle
        if use_sym and not puzzle.first:
            ks = board.fixing([puzzle.start] + puzzle.goal_masks())
        else:
            ks = [0]
        self.ks = ks
        self.tables = board.image_tables(ks[1:])
        self.jimg = [tuple(board.image(m, k) for k in ks) for m in board.jump_masks]
        chains = puzzle.metric == "move"
        self.forward = (self._make_fwd_sym(chains) if len(ks) > 1
                        else self._make_fwd(chains))
        self.backward = (self._make_bwd_sym(chains) if len(ks) > 1
                         else self._make_bwd(chains))

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

    def _make_fwd(self, chains):
        firsts = self._firsts()
        jf = self.board.jumps_from

        def fwd(p):
            out = []
            for mask, t, _j in firsts(p):
                q = p ^ mask
                out.append(q)
                if chains:
                    stack = [(t, q)]
                    while stack:
                        x, q = stack.pop()
                        for over, to, mask2, t2, _j2 in jf[x]:
                            if q & over and not q & to:
                                q2 = q ^ mask2
                                out.append(q2)
                                stack.append((t2, q2))
            return out
        return fwd

    def _make_fwd_sym(self, chains):
        firsts = self._firsts()
        jf = self.board.jumps_from
        jimg = self.jimg
        images = self.images

        def fwd(p):
            out = []
            imgs = images(p)
            for mask, t, j in firsts(p):
                ni = [u ^ v for u, v in zip(imgs, jimg[j])]
                out.append(min(ni))
                if chains:
                    stack = [(t, p ^ mask, ni)]
                    while stack:
                        x, q, qi = stack.pop()
                        for over, to, mask2, t2, j2 in jf[x]:
                            if q & over and not q & to:
                                n2 = [u ^ v for u, v in zip(qi, jimg[j2])]
                                out.append(min(n2))
                                stack.append((t2, q ^ mask2, n2))
            return out
        return fwd

    def _make_bwd(self, chains):
        unfirsts = self._unfirsts()
        ji = self.board.jumps_into

        def bwd(p):
            out = []
            for mask, a, _j in unfirsts(p):
                q = p ^ mask
                out.append(q)
                if chains:
                    stack = [(a, q)]
                    while stack:
                        x, q = stack.pop()
                        for need, mask2, a2, _j2 in ji[x]:
                            if not q & need:
                                q2 = q ^ mask2
                                out.append(q2)
                                stack.append((a2, q2))
            return out
        return bwd

    def _make_bwd_sym(self, chains):
        unfirsts = self._unfirsts()
        ji = self.board.jumps_into
        jimg = self.jimg
        images = self.images

        def bwd(p):
            out = []
            imgs = images(p)
            for mask, a, j in unfirsts(p):
                ni = [u ^ v for u, v in zip(imgs, jimg[j])]
                out.append(min(ni))
                if chains:
                    stack = [(a, p ^ mask, ni)]
                    while stack:
                        x, q, qi = stack.pop()
                        for need, mask2, a2, j2 in ji[x]:
                            if not q & need:
                                n2 = [u ^ v for u, v in zip(qi, jimg[j2])]
                                out.append(min(n2))
                                stack.append((a2, q ^ mask2, n2))
            return out
        return bwd


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


# -- meet: minimum with proof --------------------------------------------------
def meet(puzzle, *, count=False, max_states=DEFAULT_MAX_STATES, **_):
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
    expanded = generated = 0
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
    bdepth = 0
    is_goal = puzzle.is_goal
    meeting = None
    while True:
        forward = blayer is None or len(flayer) <= len(blayer)
        if forward:
            layer, mine, other, cnt, step = flayer, fdist, bdist, fcount, kern.forward
            d = fdepth + 1
        else:
            layer, mine, other, cnt, step = blayer, bdist, fdist, bcount, kern.backward
            d = bdepth + 1
        nxt = []
        for s in layer:
            expanded += 1
            if not expanded & (CHECK_EVERY - 1) and clock.due():
                yield progress(clock, depth=fdepth + bdepth, expanded=expanded,
                               generated=generated, held=len(fdist) + len(bdist),
                               frontier=len(layer))
            here = cnt[s] if count else 0
            children = step(s)
            generated += len(children)
            for c in children:
                old = mine.get(c)
                if old is not None:
                    if count and old == d:
                        cnt[c] += here
                    continue
                mine[c] = d
                nxt.append(c)
                if count:
                    cnt[c] = here
                if blayer is None:
                    if is_goal(c):
                        meeting = c
                elif c in other:
                    meeting = c
            if meeting is not None and not count:
                break
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
    total = None
    if count:
        total = 0
        for c in nxt:
            if blayer is None:
                if is_goal(c):
                    total += fcount[c]
            elif c in other:
                total += fcount[c] * bcount[c]
    moves = _forward_path(puzzle, kern, fdist, meeting, fdist[meeting])
    if blayer is not None:
        moves += _backward_path(puzzle, kern, bdist, meeting, bdist[meeting])
    moves = prefix_moves + moves
    states = [start]
    for m in moves:
        states.append(puzzle.apply(states[-1], m))
    extra = {"meet": {"forward": fdepth, "backward": bdepth,
                      "symmetries": len(kern.ks)}}
    if count:
        extra["solutions"] = total
    return SearchResult(moves, states, len(moves), True,
                        stats(clock, expanded, generated, len(fdist) + len(bdist),
                              depth=len(moves)), extra)


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
def dfs(puzzle, *, max_states=DEFAULT_MAX_STATES, **_):
    """Depth-first over jumps with a dead-position table (symmetry-reduced)."""
    clock = Clock()
    board = puzzle.board
    kern = _Kernel(puzzle)
    jimg = kern.jimg
    firsts = kern._firsts()
    is_goal = puzzle.is_goal
    fixed = puzzle.goal_min == puzzle.goal_max
    floor = puzzle.goal_min
    prefix = [board.jumps[j] for j in puzzle.first_jumps]
    origin = puzzle.after_first
    expanded = generated = 0
    dead = set()
    path = []                     # jump numbers
    if not is_goal(origin):
        stack = [(origin, kern.images(origin), firsts(origin), 0)]
        found = False
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
            if min(qi) in dead:
                continue
            if is_goal(q):
                path.append(j)
                found = True
                break
            if q.bit_count() <= floor:
                dead.add(min(qi))
                continue
            expanded += 1
            if not expanded & (CHECK_EVERY - 1):
                if len(dead) > max_states:
                    over_budget(len(dead), max_states, clock, expanded, generated,
                                "dead positions")
                if clock.due():
                    yield progress(clock, depth=len(path), expanded=expanded,
                                   generated=generated, held=len(dead))
            path.append(j)
            stack.append((q, qi, firsts(q), 0))
        if not found:
            no_solution(clock, expanded, generated, len(dead))
    jumps = prefix + [board.jumps[j] for j in path]
    if puzzle.metric == "jump":
        moves = jumps
        optimal = fixed
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


def no_count_wrapper(name):
    """The generic searches that cannot count refuse ``count`` clearly."""
    from ..search import ALGORITHMS

    def run(puzzle, count=False, **kwargs):
        if count:
            raise PuzzleError("Counting all minimum solutions needs meet, bfs "
                              "or idastar.")
        return (yield from ALGORITHMS[name](puzzle, **kwargs))
    return run


SEARCHES = {"meet": meet, "dfs": dfs}
LABELS = {
    "meet": "Bidirectional by moves, up to symmetry (minimum, proof, counts)",
    "dfs": "Depth-first with dead-position table (fast, not minimal)",
}
