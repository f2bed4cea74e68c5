"""IDA* specialised for sliding tiles (single-tile metric): the board is a list
changed in place and undone on the way back, lower bounds are updated from
the one tile that moved, moves come from per-blank-cell tables, walks of
the blank that have an earlier twin (up to 12 moves, the move back among
them) are pruned by fsm.py's automaton with one lookup a move, and there is
no generator or function call per node on the pattern-database path.  The family's ``idastar`` method (``__init__``) and
the fast solver (fast.py) run it; follows the generator / SearchResult
contract of search/*.py.  Siblings: lowerbounds.py (which builds the bound forms
at the end of this file from pdb.py, wd.py and exact.py), fast.py.

Search state: ``board[cell] = tile`` (0 = blank), the blank's cell ``b``, the
Manhattan distance ``md`` and, for each pattern of each partition, the current
table index and value.  Example, 4x4 Korf goal, blank on cell 9: moving the
tile on cell 5 down sets ``board[9] = board[5]; board[5] = 0; b = 5`` and
adds ``off[t][9] - off[t][5]`` to the index of the tile's pattern.
"""

from functools import partial

from ...errors import SearchLimit
from ...search.common import Checkpoint, SearchResult, Clock, no_solution, progress, stats
from . import fsm

MAX_BOUND = 1000


class Bound:
    """An incremental lower bound for the engine.

    kind "pdb": ``partitions`` (lists of Pattern covering every tile).
    kind "step": ``init(board) -> (h, hs)`` and
    ``step(hs, t, c, b, board) -> (h, hs)`` called after tile t moved from
    cell c to cell b (the board already shows the move).
    ``name`` and ``detail`` describe it for the stats.
    """

    def __init__(self, kind, name, detail="", **parts):
        self.kind, self.name, self.detail = kind, name, detail
        self.__dict__.update(parts)


def neighbours(w, h):
    """Per cell, the cells the blank can move to from it (U, L, R, D order)."""
    n = w * h
    nbrs = []
    for i in range(n):
        r, c = divmod(i, w)
        out = []
        if r > 0:
            out.append(i - w)
        if c > 0:
            out.append(i - 1)
        if c < w - 1:
            out.append(i + 1)
        if r < h - 1:
            out.append(i + w)
        nbrs.append(tuple(out))
    return nbrs


def path_states(puzzle, blanks):
    """Moves and states from the blank's cells along a path."""
    w = puzzle.w
    state = bytearray(puzzle.start)
    states = [bytes(state)]
    moves = []
    for j in range(len(blanks) - 1):
        b, c = blanks[j], blanks[j + 1]
        t = state[c]
        d = c - b
        direction = "U" if d == w else "D" if d == -w else "L" if d == 1 else "R"
        state[b], state[c] = t, 0
        moves.append((t, direction))
        states.append(bytes(state))
    return moves, states


def _result(puzzle, blanks, clock, expanded, generated, iterations, solutions,
            count, bound):
    moves, states = path_states(puzzle, blanks)
    extra = {"iterations": iterations, "lower_bound": len(moves)}
    if count:
        extra["solutions"] = solutions
    extra["bound_used"] = bound.name
    if bound.detail:
        extra["bound_detail"] = bound.detail
    return SearchResult(moves, states, len(moves), True,
                        stats(clock, expanded, generated, len(states),
                              depth=len(moves), heuristic=bound.name), extra)


def search(puzzle, bound, *, count=False, max_nodes=None, max_bound=MAX_BOUND,
           clock=None, report=None):
    """Generator: IDA* from ``puzzle.start`` to ``puzzle.goal``.

    ``max_nodes`` stops the search (SearchLimit, with ``lower_bound`` in its
    details: every bound completed without a solution proves one more).
    ``report`` (a list) receives the iteration records as they finish.

    The driver: the bounds one after another, the records, the result; one
    iteration is the kernel's (``_pdb_kernel`` or ``_step_kernel``): a
    generator ``iterate(limit, counts, count, cp, tick)`` that runs the
    depth-first search below ``limit``, adds its expanded and generated
    nodes to ``counts`` and returns ``(next bound, blanks of the first
    solution or None, solutions)``."""
    result, _ = yield from _bounds_up(puzzle, bound, clock or Clock(), count=count,
                                      max_nodes=max_nodes, max_bound=max_bound,
                                      report=report)
    return result


def _bounds_up(puzzle, bound, clock, *, count=False, max_nodes=None, max_bound=MAX_BOUND,
               report=None, split=None):
    """Generator: ``search``'s iterations, bound after bound; returns
    ``(SearchResult, None)``, or ``(None, next bound)`` as soon as
    ``split(next bound, the last iteration's nodes)`` says the rest is to
    be searched in parts (``plan_parts``)."""
    b = puzzle.start.index(0)
    if puzzle.is_goal(bytes(puzzle.start)):
        return _result(puzzle, [b], clock, 0, 0, [], 1, count, bound), None
    kernel = _pdb_kernel if bound.kind == "pdb" else _step_kernel
    limit, iterate = kernel(puzzle, bound)
    cp = Checkpoint(clock=clock)          # holds only the path: no budget
    iterations = []
    counts = [0, 0]                       # expanded, generated

    def tick(expanded, generated, limit, depth):
        return _checkpoint(cp, max_nodes, expanded, generated, limit, depth, iterations)
    while limit <= max_bound:
        before = counts[0]
        nextb, found, solutions = yield from iterate(limit, counts, count, cp, tick)
        result = yield from _iteration_done(
            puzzle, bound, clock, limit, nextb, before, counts[0], counts[1],
            iterations, report, found, solutions, count)
        if result is not None:
            return result, None
        # the board is back at the start: every move was undone
        limit = nextb
        if split is not None and split(limit, counts[0] - before):
            return None, limit
    raise SearchLimit(f"IDA* gave up at bound {max_bound}.",
                      stats=stats(clock, counts[0], counts[1], 0))


def _iteration_done(puzzle, bound, clock, limit, nextb, before, expanded, generated,
                    iterations, report, found, solutions, count):
    """Generator: record a finished iteration (the seeds' "----- 21 -----"
    lines), yield the progress record that lists the last ones, and return
    the result when the iteration found the goal (None: go on with the
    next bound ``nextb``; there is none when nothing was cut off)."""
    rec = {"bound": limit, "expanded": expanded - before,
           "seconds": round(clock.elapsed(), 3)}
    iterations.append(rec)
    if report is not None:
        report.append(rec)
    if found is None and nextb != 1 << 30:
        yield progress(clock, bound=limit, expanded=expanded, generated=generated,
                       iterations=iterations[-8:], lower_bound=nextb)
    if found is not None:
        return _result(puzzle, found, clock, expanded, generated,
                       iterations, solutions, count, bound)
    if nextb == 1 << 30:
        no_solution(clock, expanded, generated, 0)
    return None


def _checkpoint(cp, max_nodes, expanded, generated, limit, depth, iterations):
    """Generator: the node budget (fast solver) and the common checkpoint."""
    if max_nodes is not None and expanded > max_nodes:
        _limit(cp.clock, expanded, generated, limit, iterations)
    yield from cp.tick(expanded, bound=limit, expanded=expanded, generated=generated,
                       depth=depth, iterations=iterations[-8:], lower_bound=limit)


def _limit(clock, expanded, generated, lower, iterations):
    raise SearchLimit(
        f"IDA* stopped at its node budget ({expanded:,} expanded, "
        f"{clock.elapsed():.1f} s); the optimal length is at least {lower}.",
        stats=stats(clock, expanded, generated, 0), lower_bound=lower,
        iterations=iterations)


def _tile_maps(pats, n):
    """Per tile: its pattern's number in the partition and its offsets."""
    P, O = [0] * n, [None] * n
    for j, pat in enumerate(pats):
        for t in pat.tiles:
            P[t] = j
            O[t] = pat.offset[t]
    return P, O


def _pdb_kernel(puzzle, bound):
    """Pattern databases only: the bound is the largest of up to three
    partitions' sums in the loop itself (one, a partition and its mirror
    image, or a partition and two alternates: built.py), partition B looked
    at only when A alone does not already cut the child off, C only when
    neither does; more partitions in a plain loop after them.  Every
    partition's sum has the parity of the Manhattan distance (a move takes
    one pattern tile one cell nearer or farther), so ``f`` keeps its parity:
    a child is cut off when its bound exceeds ``room`` (the limit less its
    depth), and the next limit is this one plus two.  Returns the first
    bound and the iteration (``search``)."""
    w, h, n = puzzle.w, puzzle.h, puzzle.n
    board = list(puzzle.start)
    pos = [0] * n
    for cell, t in enumerate(board):
        pos[t] = cell
    b = pos[0]
    parts = bound.partitions
    two = len(parts) > 1
    three = len(parts) > 2
    pa = parts[0]
    pb = parts[1] if two else parts[0]
    pc = parts[2] if three else parts[0]
    PA, OA = _tile_maps(pa, n)
    PB, OB = _tile_maps(pb, n)
    PC, OC = _tile_maps(pc, n)
    # partitions beyond the first three: looked at only for children that
    # survive A, B and C, in a plain loop
    extras = parts[3:]
    nx = len(extras)
    XP, XO, XT, XI, XV, XS = [], [], [], [], [], []
    for pats in extras:
        P, O = _tile_maps(pats, n)
        XP.append(P)
        XO.append(O)
        XT.append([p.table for p in pats])
        XI.append([p.index(pos) for p in pats])
        XV.append([XT[-1][j][XI[-1][j]] for j in range(len(pats))])
        XS.append(sum(XV[-1]))
    rx = range(nx)
    pend = [None] * nx
    TA = [p.table for p in pa]
    TB = [p.table for p in pb]
    TC = [p.table for p in pc]
    IA = [p.index(pos) for p in pa]
    IB = [p.index(pos) for p in pb]
    IC = [p.index(pos) for p in pc]
    VA = [TA[j][IA[j]] for j in range(len(pa))]
    VB = [TB[j][IB[j]] for j in range(len(pb))]
    VC = [TC[j][IC[j]] for j in range(len(pc))]
    SA, SB, SC = sum(VA), sum(VB), sum(VC)
    nbrs = neighbours(w, h)
    # the blank's next cells with a -1 sentinel, so the loop needs no len()
    around = [tuple(x) + (-1,) for x in nbrs]
    ctx = (board, b, around, w, two, three, nx, rx, pend, PA, OA, PB, OB, PC, OC,
           TA, TB, TC, IA, IB, IC, VA, VB, VC, SA, SB, SC, XP, XO, XT, XI, XV, XS)
    return max([SA, SB, SC] + XS), partial(_pdb_iteration, ctx)


ORDER_DEPTH = 10     # children are tried best first down to this depth


def _ordered(cand, b, board, octx, sums):
    """The blank's next cells from ``b`` (``cand``, -1 at the end), best
    child first: the smallest bound (the largest of the partitions' sums),
    and of equal bounds the one whose partitions agree most (the largest
    smallest sum).  Near the root only (``ORDER_DEPTH``), where subtrees are
    big: it changes which solution of the last iteration comes first, so how
    much of that iteration runs (measured on Korf's 100 and the boards
    beyond 4x4: 12% to 3x fewer nodes; the order by bound alone gained
    less, and the reverse order lost)."""
    keys = []
    for j, c in enumerate(cand):
        if c < 0:
            break
        t = board[c]
        hi, lo = 0, 1 << 30
        for (P, O, T, I, V), s in zip(octx, sums):
            p = P[t]
            o = O[t]
            v = s - V[p] + T[p][I[p] + o[b] - o[c]]
            if v > hi:
                hi = v
            if v < lo:
                lo = v
        keys.append((hi, -lo, j, c))
    keys.sort()
    return tuple([k[3] for k in keys]) + (-1,)


def _pdb_iteration(ctx, limit, counts, count, cp, tick, state=None, depth0=0):
    """One iteration of ``_pdb_kernel``'s search (the hot loop reads locals
    only; every move is undone on the way back, so ``ctx`` is unchanged).
    ``state``: the automaton's state at the start (a search in parts starts
    below the walk that led there), else its first; ``depth0``: the moves
    of that walk, so children are ordered down to the same depth of the
    whole search as in one piece (``ORDER_DEPTH``)."""
    (board, b, around, w, two, three, nx, rx, pend, PA, OA, PB, OB, PC, OC,
     TA, TB, TC, IA, IB, IC, VA, VB, VC, SA, SB, SC, XP, XO, XT, XI, XV, XS) = ctx
    # the inline partitions for _ordered: the loop's own lists, so they
    # follow its moves (the sums, ints, are passed at each call)
    octx = ((PA, OA, TA, IA, VA),) + (((PB, OB, TB, IB, VB),) if two else ()) + \
        (((PC, OC, TC, IC, VC),) if three else ())
    # duplicate walks pruned by the automaton (fsm.py); when counting
    # solutions, only the move back (every optimal path is wanted)
    FW, sx = fsm.board_table(w, 2 if count else fsm.DEPTH)
    if state is not None:
        sx = state
    sxs = [0] * (limit + 2)
    expanded, generated = counts
    check = cp.next
    solutions = 0
    found = None
    g = 0
    g1 = 1
    room = limit - 1          # the largest bound a child may have
    first_expanded, first_generated = expanded, generated
    cands = [None] * (limit + 2)
    nxt = [0] * (limit + 2)
    undo = [None] * (limit + 2)
    xundo = [None] * (limit + 2)
    cundo = [None] * (limit + 2)
    blanks = [0] * (limit + 2)
    blanks[0] = b
    order_to = ORDER_DEPTH - depth0         # ordered children above this depth
    cand = around[b] if order_to <= 0 else _ordered(around[b], b, board, octx, (SA, SB, SC))
    i = 0
    expanded += 1
    while True:
        c = cand[i]
        i += 1
        if c >= 0:
            fs = FW[sx + c - b]
            if fs < 0:
                continue
            t = board[c]
            p = PA[t]
            o = OA[t]
            ia = IA[p] + o[b] - o[c]
            va = TA[p][ia]
            sa = SA - VA[p] + va
            generated += 1
            if sa > room:
                continue
            if two:
                q = PB[t]
                o = OB[t]
                ib = IB[q] + o[b] - o[c]
                vb = TB[q][ib]
                sb = SB - VB[q] + vb
                if sb > room:
                    continue
                if three:
                    r = PC[t]
                    o = OC[t]
                    ic = IC[r] + o[b] - o[c]
                    vc = TC[r][ic]
                    sc = SC - VC[r] + vc
                    if sc > room:
                        continue
                if nx:
                    f = 0
                    for k in rx:
                        q2 = XP[k][t]
                        o = XO[k][t]
                        i2 = XI[k][q2] + o[b] - o[c]
                        v2 = XT[k][q2][i2]
                        s2 = XS[k] - XV[k][q2] + v2
                        if s2 > room:
                            f = 1
                            break
                        pend[k] = (q2, i2, v2, s2)
                    if f:
                        continue
                undo[g] = (p, IA[p], VA[p], SA, q, IB[q], VB[q], SB)
                IB[q] = ib
                VB[q] = vb
                SB = sb
                if three:
                    cundo[g] = (r, IC[r], VC[r], SC)
                    IC[r] = ic
                    VC[r] = vc
                    SC = sc
            else:
                undo[g] = (p, IA[p], VA[p], SA, 0, 0, 0, 0)
            if sa == 0:
                # every tile home: a solution of length g + 1 == limit
                p, IA[p], VA[p], SA, q, iq, vq, SB = undo[g]
                if two:
                    IB[q] = iq
                    VB[q] = vq
                    if three:
                        r, IC[r], VC[r], SC = cundo[g]
                solutions += 1
                if found is None:
                    found = blanks[:g + 1] + [c]
                    if not count:
                        break
                continue
            IA[p] = ia
            VA[p] = va
            SA = sa
            if nx:
                saved = []
                for k in rx:
                    q2, i2, v2, s2 = pend[k]
                    saved.append((q2, XI[k][q2], XV[k][q2], XS[k]))
                    XI[k][q2] = i2
                    XV[k][q2] = v2
                    XS[k] = s2
                xundo[g] = saved
            board[b] = t
            board[c] = 0
            cands[g] = cand
            nxt[g] = i
            sxs[g] = sx
            sx = fs
            g = g1
            g1 += 1
            room -= 1
            blanks[g] = c
            cand = around[c] if g >= order_to else \
                _ordered(around[c], c, board, octx, (SA, SB, SC))
            i = 0
            b = c
            expanded += 1
            if expanded >= check:
                yield from tick(expanded, generated, limit, g)
                check = cp.next
        else:
            if g == 0:
                break
            # take the last move back: the tile now on c returns to b
            g1 = g
            g -= 1
            room += 1
            c = blanks[g]
            board[b] = board[c]
            board[c] = 0
            b = c
            cand = cands[g]
            i = nxt[g]
            sx = sxs[g]
            p, IA[p], VA[p], SA, q, iq, vq, SB = undo[g]
            if two:
                IB[q] = iq
                VB[q] = vq
                if three:
                    r, IC[r], VC[r], SC = cundo[g]
            if nx:
                for k, (q2, i2, v2, s2) in enumerate(xundo[g]):
                    XI[k][q2] = i2
                    XV[k][q2] = v2
                    XS[k] = s2
    counts[0], counts[1] = expanded, generated
    # every bound here has the parity of the Manhattan distance (a move
    # changes it by one), so a pruned child had f >= limit + 2
    pruned = (generated - first_generated) - (expanded - first_expanded - 1) - solutions
    return (limit + 2 if pruned > 0 else 1 << 30), found, solutions


def _step_kernel(puzzle, bound):
    """The same search for bounds updated by a step function (Manhattan,
    linear conflict, walking distance, exact tables)."""
    board = list(puzzle.start)
    h0, hs0 = bound.init(board)
    nbrs = neighbours(puzzle.w, puzzle.h)
    ctx = (puzzle.w, board, board.index(0), nbrs, bound.step, hs0, list(puzzle.goal))
    return h0, partial(_step_iteration, ctx)


def _step_iteration(ctx, limit, counts, count, cp, tick, state=None, depth0=0):
    """One iteration of ``_step_kernel``'s search (``state`` as in
    ``_pdb_iteration``; it orders no children, so ``depth0`` is not read)."""
    w, board, b, around, step, hs0, goal = ctx
    # duplicate walks pruned as in _pdb_iteration
    FW, sx = fsm.board_table(w, 2 if count else fsm.DEPTH)
    if state is not None:
        sx = state
    sxs = [0] * (limit + 2)
    sxs[0] = sx
    expanded, generated = counts
    check = cp.next
    solutions = 0
    found = None
    nextb = 1 << 30
    g = 0
    cands = [None] * (limit + 2)
    nxt = [0] * (limit + 2)
    hss = [None] * (limit + 2)
    blanks = [0] * (limit + 2)
    blanks[0] = b
    hss[0] = hs0
    cands[0] = around[b]
    expanded += 1
    while True:
        i = nxt[g]
        cand = cands[g]
        if i < len(cand):
            nxt[g] = i + 1
            c = cand[i]
            fs = FW[sxs[g] + c - b]
            if fs < 0:
                continue
            t = board[c]
            board[b] = t
            board[c] = 0
            hh, hs = step(hss[g], t, c, b, board)
            generated += 1
            f = g + 1 + hh
            if f > limit:
                board[c] = t
                board[b] = 0
                if f < nextb:
                    nextb = f
                continue
            if hh == 0 and board == goal:
                board[c] = t
                board[b] = 0
                solutions += 1
                if found is None:
                    found = blanks[:g + 1] + [c]
                    if not count:
                        break
                continue
            g += 1
            hss[g] = hs
            sxs[g] = fs
            blanks[g] = c
            cands[g] = around[c]
            nxt[g] = 0
            b = c
            expanded += 1
            if expanded >= check:
                yield from tick(expanded, generated, limit, g)
                check = cp.next
        else:
            if g == 0:
                break
            g -= 1
            c = blanks[g]
            board[b] = board[c]
            board[c] = 0
            b = c
    counts[0], counts[1] = expanded, generated
    return nextb, found, solutions


# -- bounds ------------------------------------------------------------------

def md_rows(w, h, goal):
    n = w * h
    rows = [[0] * n for _ in range(n)]
    for gcell, t in enumerate(goal):
        if t:
            gr, gc = divmod(gcell, w)
            rows[t] = [abs(cell // w - gr) + abs(cell % w - gc) for cell in range(n)]
    return rows


def pdb_bound(puzzle, partitions, detail):
    return Bound("pdb", "pdb", detail, partitions=partitions)


def manhattan_bound(puzzle):
    rows = md_rows(puzzle.w, puzzle.h, puzzle.goal)

    def init(board):
        md = sum(rows[t][c] for c, t in enumerate(board) if t)
        return md, md

    def step(md, t, c, b, board):
        row = rows[t]
        md = md + row[b] - row[c]
        return md, md
    return Bound("step", "manhattan", init=init, step=step)


def lc_bound(puzzle, lc, wd=None):
    """Manhattan + linear conflict; with ``wd`` the larger of that and the
    walking distance (both admissible, so their maximum is)."""
    w = puzzle.w
    rows = md_rows(puzzle.w, puzzle.h, puzzle.goal)
    line = lc.line
    lrow, lcol = lc.grow, lc.gcol
    if wd is not None:
        vt, ht = wd.vt, wd.ht
        vstep, hstep, vdist, hdist = vt.step, ht.step, vt.dist, ht.dist
        vlines, hlines = vt.lines, ht.lines
        grow, gcol = vt.goal_line, ht.goal_line

    def lines_of(board, kind, index):
        if kind == 0:
            return bytes(board[index * w:(index + 1) * w])
        return bytes(board[index::w])

    def init(board):
        md = sum(rows[t][c] for c, t in enumerate(board) if t)
        total = lc.value(bytes(board))
        if wd is None:
            return md + total, (md, total)
        v, hz = wd.states(bytes(board))
        val = vdist[v] + hdist[hz]
        return max(md + total, val), (md, total, v, hz)

    def step(hs, t, c, b, board):
        row = rows[t]
        md = hs[0] + row[b] - row[c]
        total = hs[1]
        vertical = c // w != b // w
        if vertical:
            kind, one, two, home = 0, c // w, b // w, lrow[t]
        else:
            kind, one, two, home = 1, c % w, b % w, lcol[t]
        # Only the tile's membership of the two lines it left and entered
        # changed, and it matters only if one of them is its goal line.
        if home == one or home == two:
            after1 = lines_of(board, kind, one)
            after2 = lines_of(board, kind, two)
            board[c], board[b] = t, 0
            total += (line(kind, one, after1) + line(kind, two, after2)
                      - line(kind, one, lines_of(board, kind, one))
                      - line(kind, two, lines_of(board, kind, two)))
            board[c], board[b] = 0, t
        if wd is None:
            return md + total, (md, total)
        v, hz = hs[2], hs[3]
        if vertical:
            v = vstep[(v * 2 + (1 if c > b else 0)) * vlines + grow[t]]
        else:
            hz = hstep[(hz * 2 + (1 if c > b else 0)) * hlines + gcol[t]]
        val = vdist[v] + hdist[hz]
        hh = md + total
        return (val if val > hh else hh), (md, total, v, hz)
    name = "linear-conflict" if wd is None else "wd+lc"
    return Bound("step", name, init=init, step=step)


def wd_bound(puzzle, wd):
    vt, ht = wd.vt, wd.ht
    vstep, hstep, vdist, hdist = vt.step, ht.step, vt.dist, ht.dist
    vlines, hlines = vt.lines, ht.lines
    grow, gcol = vt.goal_line, ht.goal_line
    w = puzzle.w

    def init(board):
        v, hz = wd.states(bytes(board))
        return vdist[v] + hdist[hz], (v, hz)

    def step(hs, t, c, b, board):
        v, hz = hs
        if c // w != b // w:
            v = vstep[(v * 2 + (1 if c > b else 0)) * vlines + grow[t]]
        else:
            hz = hstep[(hz * 2 + (1 if c > b else 0)) * hlines + gcol[t]]
        return vdist[v] + hdist[hz], (v, hz)
    return Bound("step", "walking-distance", init=init, step=step)


def exact_bound(puzzle, table):
    """``table.distance(bytes)`` is the exact distance (small boards)."""
    dist = table.distance

    def init(board):
        d = dist(bytes(board))
        return d, d

    def step(_hs, t, c, b, board):
        d = dist(bytes(board))
        return d, d
    return Bound("step", "exact", init=init, step=step)


# -- the search in parts, for several workers ----------------------------------------

SPLIT_DEPTH = 6           # the frontier's depth: about 100 positions on 4x4
PLAN_NODES = 20_000       # an iteration expected this big or bigger is split
GROWTH = 5                # an iteration's nodes over the last one's, about (4x4)


_frontiers = {}            # the last frontier a worker computed (one entry)
_kernels = {}              # its positions' kernels, made once: {position's index: iterate}


def frontier(puzzle, bound, depth=SPLIT_DEPTH):
    """The blank walks of ``depth`` moves from the start that the automaton
    keeps, in the order the search in one piece visits them (children best
    first, as ``_ordered``), the same in every worker: [(blanks, automaton
    state, bound there)].  Every walk IDA* follows beyond ``depth`` starts with one, and
    parts cut from this order in slices search first where the search in
    one piece would (its solution, in the last iteration)."""
    key = (puzzle.w, puzzle.h, bytes(puzzle.start), bytes(puzzle.goal), bound.name,
           bound.detail, depth)
    got = _frontiers.get(key)
    if got is not None:
        return got
    w, n = puzzle.w, puzzle.n
    FW, sx = fsm.board_table(w, fsm.DEPTH)
    nbrs = neighbours(w, puzzle.h)
    start = list(puzzle.start)
    # the inline partitions' sums, moved along with the tile as in the
    # kernel: (tile -> pattern, offsets, tables, the start's indices)
    maps = []
    if bound.kind == "pdb":
        pos = [0] * n
        for cell, t in enumerate(start):
            pos[t] = cell
        for pats in bound.partitions[:3]:
            P, O = _tile_maps(pats, n)
            maps.append((P, O, [p.table for p in pats], [p.index(pos) for p in pats]))
    idx0 = [m[3] for m in maps]
    sums0 = [sum(T[j][i] for j, i in enumerate(I)) for _P, _O, T, I in maps]
    out = []
    stack = [([start.index(0)], sx, start, 0, idx0, sums0)]
    while stack:
        blanks, state, board, h, idx, sums = stack.pop()
        if len(blanks) > depth:
            out.append((blanks, state, h))
            continue
        b = blanks[-1]
        children = []
        for j, c in enumerate(nbrs[b]):
            fs = FW[state + c - b]
            if fs < 0:
                continue
            child = list(board)
            t = child[c]
            child[b], child[c] = t, 0
            if maps:
                cidx, csums = [], []
                for (P, O, T, _I), I, total in zip(maps, idx, sums):
                    q = P[t]
                    i = I[q] + O[t][b] - O[t][c]
                    I2 = list(I)
                    I2[q] = i
                    cidx.append(I2)
                    csums.append(total - T[q][I[q]] + T[q][i])
                rank = (max(csums), -min(csums))
            else:
                cidx, csums = idx, sums
                rank = (bound.init(child)[0], 0)
            children.append((rank, j, blanks + [c], fs, child, cidx, csums))
        children.sort(key=lambda x: x[:2])
        for rank, _j, cb, fs, child, cidx, csums in reversed(children):
            stack.append((cb, fs, child, rank[0], cidx, csums))
    _frontiers.clear()
    _kernels.clear()
    _frontiers[key] = out
    return out


class _At:
    """A frontier position as the kernels read a puzzle."""

    def __init__(self, puzzle, board):
        self.w, self.h, self.n = puzzle.w, puzzle.h, puzzle.n
        self.start = board
        self.goal = puzzle.goal


def plan_parts(puzzle, bound, *, max_nodes=PLAN_NODES, depth=SPLIT_DEPTH):
    """Generator: the first stage of a search in parts.  IDA* runs in one
    piece while the next iteration looks small (the last one's nodes times
    GROWTH within ``max_nodes``); returns ``(SearchResult, None)`` when that
    settles it, else ``(None, limit)``: the next bound, which the parts
    search (every bound below it is proven empty, and it exceeds ``depth``,
    so no solution ends before the frontier).  It stops between iterations,
    so no work is done twice."""
    return (yield from _bounds_up(
        puzzle, bound, Clock(),
        split=lambda limit, nodes: limit > depth and nodes * GROWTH > max_nodes))


def part_slice(n, parts, index):
    """The frontier positions of part ``index`` of ``parts``: a run of the
    order, short at its start and longer further on (part k ends at
    n * ((k + 1) / parts) ** 2), so that in the last iteration, which stops
    at its first solution and finds it early in the order, the workers taking
    the parts in turn search the start of the order side by side."""
    lo = 0 if index == 0 else max(index, round(n * (index / parts) ** 2))
    hi = n if index == parts - 1 else max(index + 1, round(n * ((index + 1) / parts) ** 2))
    return range(min(lo, n), min(hi, n))


def search_part(puzzle, bound, parts, index, limit, *, depth=SPLIT_DEPTH, clock=None):
    """Generator: one IDA* iteration at bound ``limit`` below the frontier
    positions of part ``index`` (``part_slice``: a run of the order of the
    search in one piece, ``frontier``), each searched as the search in one
    piece searches it (children ordered down to the same depth).
    Returns ``(SearchResult of a solution from the start or None, exhausted,
    expanded, generated)``; ``exhausted``: nothing was cut off, so this part
    holds no solution at any bound.  A solution found is as long as
    ``limit``; whether that is optimal is for the caller to say (every part
    of every smaller bound must have come back empty)."""
    clock = clock or Clock()
    cp = Checkpoint(clock=clock)
    counts = [0, 0]
    exhausted = True
    start = list(puzzle.start)

    def tick(expanded, generated, lim, d):
        return _checkpoint(cp, None, expanded, generated, limit, d, [])
    kernel = _pdb_kernel if bound.kind == "pdb" else _step_kernel
    nodes = frontier(puzzle, bound, depth)      # (re)sets _kernels with it
    for i in part_slice(len(nodes), parts, index):
        blanks, state, h = nodes[i]
        g = len(blanks) - 1
        if g + h > limit:
            exhausted = False
            continue
        # a kernel leaves its context as it found it after a whole
        # iteration (not after a solution, nor when stopped): kept for the
        # next bound only then
        iterate = _kernels.pop(i, None)
        if iterate is None:
            board = list(start)
            for b, c in zip(blanks, blanks[1:]):
                board[b], board[c] = board[c], 0
            iterate = kernel(_At(puzzle, board), bound)[1]
        nextb, found, _ = yield from iterate(limit - g, counts, False, cp, tick, state=state,
                                             depth0=g)
        if found is None:
            _kernels[i] = iterate
        else:
            moves, states = path_states(puzzle, blanks[:-1] + found)
            result = SearchResult(moves, states, len(moves), False,
                                  stats(clock, counts[0], counts[1], len(states),
                                        depth=len(moves), heuristic=bound.name),
                                  {"lower_bound": limit})
            return result, False, counts[0], counts[1]
        if nextb != 1 << 30:
            exhausted = False
    return None, exhausted, counts[0], counts[1]
