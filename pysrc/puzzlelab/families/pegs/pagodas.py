"""Pagoda functions: weights on the holes whose sum over the pegs never grows
under a jump, so a position whose sum is below the goal's cannot reach it,
nor one whose sum is above the start's be reached.  Used by dfs.py and
beam.py to drop hopeless positions, by dfs.py's endgame table to skip
positions the start cannot reach (``reach_limits``), and by puzzle.py to
refuse a lone survivor outright (``single_peg_refusal``).
"""

import itertools
import operator
import sys
from array import array

from .board import byte_tables


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
    make a jump straight towards t break even; and for a lone survivor the
    tight orbit pagodas (``tight_pagodas``, negative weights allowed).  "One
    peg anywhere" gets one group per finishing hole its class allows.  Each
    entry is (byte tables, goal's sum, sum needed by a position of two pegs
    or more): for a lone survivor the latter adds the cheapest last jump
    into its hole."""
    board = puzzle.board
    if puzzle.goal_kind == "anywhere":
        goals = [(1 << h, board.holes[h]) for h in board.lone_finishes(puzzle.after_first)]
    else:
        pegs = board.bits(puzzle.goal_peg)
        goals = [(puzzle.goal_peg, board.holes[pegs[0]] if pegs else None)]
    dist = _DISTANCE[board.lattice]
    # a lone survivor: the goal position is that one peg (no '?' holes), so
    # a position of two pegs or more must still make the last jump into it
    lone = puzzle.goal_kind == "anywhere" or (puzzle.goal_peg.bit_count() == 1
                                              and not puzzle.goal_free)
    tight = tight_pagodas(puzzle, [g for g, _c in goals]) if goals and lone else {}
    shape = (board.lattice, tuple(board.holes))
    if len(_ENTRIES) > 4096:
        _ENTRIES.clear()
    groups = []
    for goal, centre in goals:
        # the parity and resource-count entries do not depend on the start:
        # kept per board, goal and lone (the judge asks for every move)
        key = shape + (goal, lone)
        fixed = _ENTRIES.get(key)
        if fixed is None:
            weights = [[1 if r % 2 == rho and c % 2 == gamma else 0
                        for r, c in board.holes] for rho in (0, 1) for gamma in (0, 1)]
            if centre is not None:
                ds = [dist(r - centre[0], c - centre[1]) for r, c in board.holes]
                top = max(ds) + 2
                fib = [0, 1]
                while len(fib) <= top:
                    fib.append(fib[-1] + fib[-2])
                weights.append([fib[top - d] for d in ds])
            fixed = _ENTRIES[key] = [e for e in (_entry(board, w, goal, lone) for w in weights) if e]
        group = []
        for w in tight.get(goal, ()):       # (the likeliest to refuse first)
            key = shape + (goal, lone, tuple(w))
            e = _ENTRIES.get(key)
            if e is None:
                e = _ENTRIES[key] = _entry(board, w, goal, lone)
            if e:
                group.append(e)
        group += fixed
        if not group:
            return []           # some goal no pagoda can rule out
        groups.append(group)
    return groups


_ENTRIES = {}                 # (lattice, holes, goal, lone[, weights]) -> pagodas' entries, a bounded cache


def _entry(board, w, goal, lone):
    """(byte tables, goal's sum, sum needed with two pegs or more) of
    pagoda ``w``, or False when no position sums below it (it would prune
    nothing)."""
    need = sum(w[h] for h in board.bits(goal))
    last = _last_jump_cost(board, w, goal) if lone else 0
    if sum(x for x in w if x < 0) < need + last:
        return (_byte_tables(board, w), need, need + last)
    return False


def _last_jump_cost(board, w, goal):
    """The least p(from) + p(over) - p(to) of a jump into the lone peg of
    ``goal`` (never negative for a pagoda function)."""
    f = goal.bit_length() - 1
    return min((w[a] + w[b] - w[t] for a, b, t in board.jumps if t == f), default=0)


_TABLES = {}                  # (lattice, holes, weights) -> byte tables, a bounded cache


def _byte_tables(board, w):
    """The byte tables of pagoda ``w``, kept per board shape (the dfs picks
    its pagodas again for every position play mode's judge asks about)."""
    key = (board.lattice, tuple(board.holes), tuple(w))
    tables = _TABLES.get(key)
    if tables is None:
        if len(_TABLES) >= 4096:
            _TABLES.clear()
        tables = _TABLES[key] = byte_tables(board.n, w, operator.add)
    return tables


_DISTANCE = {
    "sq4": lambda dr, dc: abs(dr) + abs(dc),
    "sq8": lambda dr, dc: max(abs(dr), abs(dc)),
    "tri": lambda dr, dc: max(abs(dr), abs(dc), abs(dr - dc)),
}


def hopeless(groups, q):
    """True when, for every goal, a pagoda function proves ``q`` cannot
    reach it (``q``'s sum below the goal's, or with two pegs or more below
    what the last jump into a lone survivor needs)."""
    if not groups:
        return False
    many = q & (q - 1)
    for group in groups:
        for tables, need, need_many in group:
            total = 0
            x = q
            for table in tables:
                total += table[x & 255]
                x >>= 8
            if total < (need_many if many else need):
                break
        else:
            return False        # no pagoda rules this goal out
    return True


# -- pagodas that refuse a single-peg goal outright ---------------------------
ORBIT_VALUES = (-1, 0, 1, 2)   # weights tried per orbit of holes
MAX_ORBITS = 10                # boards with more orbits are not searched
MAX_NODES = 100_000            # partial weightings tried, at most


def hole_orbits(board):
    """``orb[h]``: the number of the orbit of hole h under all the board's
    symmetries; and the number of orbits."""
    orb = [-1] * board.n
    k = 0
    for h in range(board.n):
        if orb[h] < 0:
            for perm in board.symmetries:
                orb[perm[h]] = k
            k += 1
    return orb, k


def single_peg_refusal(puzzle, finishes):
    """A pagoda proof that no lone survivor on any hole of ``finishes`` can
    be reached from the start (``puzzle.after_first``, more than one peg):
    returns the pagodas used (lists of weights by hole), or None when the
    search finds none that refuses every finish.

    The weights tried are the small integers ``ORBIT_VALUES``, one per orbit
    of holes under the board's symmetries, negative ones allowed (on holes
    no jump passes over, such as Diamond 41's rim, a negative weight is
    what makes a pagoda strong).  Finish f is refused by pagoda p when
    p(start) - p(f) is less than the least slack p(a) + p(b) - p(f) of a
    jump (a over b into f): the sum never grows, and the last jump must
    land on f.  Searched by backtracking over the orbits, checking each
    jump as soon as its three orbits have weights."""
    board = puzzle.board
    orb, k = hole_orbits(board)
    if k > MAX_ORBITS or not finishes:
        return None
    start_count = [0] * k
    for h in board.bits(puzzle.after_first):
        start_count[orb[h]] += 1
    found = orbit_pagodas(board)
    if found is not None:
        # the same pagodas in the same order as the backtracking below, each
        # finish's threshold worked out once per board (play mode's judge
        # asks this of every move it marks)
        return _refusal_by_table(board, orb, found, start_count, finishes)
    triples = {(orb[a], orb[b], orb[t]) for a, b, t in board.jumps}
    by_last = [[] for _ in range(k)]
    for tri in triples:
        by_last[max(tri)].append(tri)
    into = [[] for _ in range(board.n)]
    for a, b, t in board.jumps:
        into[t].append((orb[a], orb[b]))
    left = set(finishes)
    used = []
    w = [0] * k
    # explicit stack of (orbit, index of the next value to try)
    stack = [(0, 0)]
    nodes = 0
    while stack and nodes < MAX_NODES:
        i, v = stack.pop()
        if v == len(ORBIT_VALUES):
            continue
        stack.append((i, v + 1))
        w[i] = ORBIT_VALUES[v]
        nodes += 1
        if any(w[t] > w[a] + w[b] for a, b, t in by_last[i]):
            continue
        if i + 1 < k:
            stack.append((i + 1, 0))
            continue
        value = sum(c * x for c, x in zip(start_count, w))
        gone = [f for f in left
                if value - w[orb[f]] < min((w[a] + w[b] - w[orb[f]] for a, b in into[f]),
                                           default=value - w[orb[f]] + 1)]
        if gone:
            left.difference_update(gone)
            used.append([w[orb[h]] for h in range(board.n)])
            if not left:
                return used
    return None


_THRESHOLDS = {}              # (lattice, holes, finish) -> per orbit pagoda, p(f) + cheapest last jump


def _refusal_by_table(board, orb, found, start_count, finishes):
    """``single_peg_refusal`` over the list of ``orbit_pagodas``: finish f
    is refused by w when the start's sum is below ``_THRESHOLDS``' entry."""
    shape = (board.lattice, tuple(board.holes))
    if len(_THRESHOLDS) > 4096:
        _THRESHOLDS.clear()
    needs = []
    for f in finishes:
        need = _THRESHOLDS.get(shape + (f,))
        if need is None:
            into = [(orb[a], orb[b]) for a, b, t in board.jumps if t == f]
            o = orb[f]
            # (no jump into f: no lone survivor can land there)
            need = _THRESHOLDS[shape + (f,)] = [
                w[o] + min((w[a] + w[b] - w[o] for a, b in into), default=10 ** 9)
                for w in found]
        needs.append((f, need))
    values = orbit_sums(board, found, start_count)
    # each finish is refused by the first pagoda whose sum falls short of
    # its threshold (found by map in C); the pagodas used are those firsts
    firsts = set()
    for _f, need in needs:
        below = list(map(operator.lt, values, need))
        if True not in below:
            return None
        firsts.add(below.index(True))
    return [[found[i][orb[h]] for h in range(board.n)] for i in sorted(firsts)]


# -- every small pagoda constant on the orbits, and the tight ones ------------------
TIGHT_SLACK = 1               # a pagoda prunes the dfs when the start can spare this little
TIGHT_MAX = 4                 # ... at most this many per finishing hole
_ORBIT_PAGODAS = {}           # (lattice, holes) -> list of weights by orbit, or None
_TIGHT_NEEDS = {}             # (lattice, holes, finish) -> per orbit pagoda, p(f) + cheapest last jump (0 if none)


def orbit_pagodas(board):
    """Every pagoda function with one weight of ``ORBIT_VALUES`` per orbit
    of holes (as a tuple of weights by orbit), or None when the board has
    more than ``MAX_ORBITS`` orbits or the backtracking over the orbits
    passes ``MAX_NODES``.  Kept per board shape."""
    key = (board.lattice, tuple(board.holes))
    if key in _ORBIT_PAGODAS:
        return _ORBIT_PAGODAS[key]
    orb, k = hole_orbits(board)
    out = None
    if k <= MAX_ORBITS:
        by_last = [[] for _ in range(k)]
        for tri in {(orb[a], orb[b], orb[t]) for a, b, t in board.jumps}:
            by_last[max(tri)].append(tri)
        out = []
        w = [0] * k
        stack = [(0, 0)]
        nodes = 0
        while stack:
            i, v = stack.pop()
            if v == len(ORBIT_VALUES):
                continue
            nodes += 1
            if nodes > MAX_NODES:
                out = None
                break
            stack.append((i, v + 1))
            w[i] = ORBIT_VALUES[v]
            if any(w[t] > w[a] + w[b] for a, b, t in by_last[i]):
                continue
            if i + 1 < k:
                stack.append((i + 1, 0))
            else:
                out.append(tuple(w))
    _ORBIT_PAGODAS[key] = out
    return out


_PACKED = {}                  # (lattice, holes) -> per orbit, the orbit pagodas' weights + 1 packed in 16-bit fields


def orbit_sums(board, found, count):
    """Each orbit pagoda's sum (``orbit_pagodas``, weights by orbit) over a
    position with ``count[o]`` pegs on orbit o, for all of them at once:
    the weights plus one are packed per orbit into one integer, 16 bits a
    pagoda, so the sums are a few multiplications and one unpacking (the
    judge asks for every move it marks, and a board has hundreds of them).
    A field never overflows: at most 3 times the holes."""
    key = (board.lattice, tuple(board.holes))
    packed = _PACKED.get(key)
    if packed is None or packed[0] is not found:
        if len(_PACKED) > 256:
            _PACKED.clear()
        # each column from its 16-bit fields' bytes at once (a sum of
        # shifted terms grows the integer one pagoda at a time: quadratic,
        # half a second for a board with ten thousand orbit pagodas)
        cols = []
        for o in range(len(found[0]) if found else 0):
            fields = array("H", [w[o] + 1 for w in found])
            if sys.byteorder != "little":
                fields.byteswap()
            cols.append(int.from_bytes(fields.tobytes(), "little"))
        packed = _PACKED[key] = (found, cols)
    total = 0
    for c, col in zip(count, packed[1]):
        if c:
            total += c * col
    fields = array("H", total.to_bytes(2 * len(found), "little"))
    if sys.byteorder != "little":
        fields.byteswap()
    base = sum(count)
    return [f - base for f in fields]


def tight_pagodas(puzzle, goals):
    """goal -> weights by hole of the orbit pagodas (``orbit_pagodas``)
    that leave the start the least to spare on the way to that goal (a
    lone peg): its sum less the goal's and less the cheapest last jump into
    it at most ``TIGHT_SLACK``, the tightest ``TIGHT_MAX`` of them.  Under
    such a pagoda nearly every jump must break even, so the dfs drops a
    position as soon as one costly jump is made (Diamond 41's rim pegs, where
    the parity and resource-count pagodas see nothing)."""
    board = puzzle.board
    lone = [g for g in goals if g.bit_count() == 1]
    found = orbit_pagodas(board) if lone else None
    if not found:
        return {}
    orb, k = hole_orbits(board)
    count = [0] * k                 # the start's pegs by orbit
    for h in board.bits(puzzle.after_first):
        count[orb[h]] += 1
    values = orbit_sums(board, found, count)
    shape = (board.lattice, tuple(board.holes))
    if len(_TIGHT_NEEDS) > 4096:
        _TIGHT_NEEDS.clear()
    out = {}
    for goal in lone:
        f = goal.bit_length() - 1
        # per pagoda: the goal's weight and the cheapest last jump into it
        # (the start does not enter: kept per board and hole, where the
        # judge's searches of one game spent a third of their time)
        need = _TIGHT_NEEDS.get(shape + (f,))
        if need is None:
            into = [(orb[a], orb[b]) for a, b, t in board.jumps if t == f]
            o = orb[f]
            need = _TIGHT_NEEDS[shape + (f,)] = [
                w[o] + min((w[a] + w[b] - w[o] for a, b in into), default=0) for w in found]
        slacks = list(map(operator.sub, values, need))
        ranked = sorted((slacks[j], found[j]) for j in
                        itertools.compress(range(len(found)), map(TIGHT_SLACK.__ge__, slacks))
                        if any(found[j]))
        out[goal] = [[w[orb[h]] for h in range(board.n)] for _s, w in ranked[:TIGHT_MAX]]
    return out


def reach_limits(puzzle):
    """What the start allows of any position with fewer pegs: a list of
    (weights by hole, byte tables, bound), one per tight orbit pagoda of
    any goal (``tight_pagodas``), the bound from ``reach_bound``.  A
    position whose sum exceeds a bound cannot be reached from the start:
    the backward search that builds the dfs's endgame table leaves it out.
    The weights are the same on every hole of an orbit, so the test holds
    for any symmetric image of a position."""
    board = puzzle.board
    if puzzle.goal_kind == "anywhere":
        goals = [1 << h for h in board.lone_finishes(puzzle.after_first)]
    else:
        goals = [puzzle.goal_peg]
    seen = set()
    out = []
    for ws in tight_pagodas(puzzle, goals).values():
        for w in ws:
            if tuple(w) not in seen:
                seen.add(tuple(w))
                out.append((w, _byte_tables(board, w),
                            reach_bound(board, w, puzzle.after_first)))
    return out


def reach_bound(board, w, start):
    """The largest sum under pagoda ``w`` of a position with fewer pegs
    than ``start`` reached from it: the largest sum of its children (the
    sum never grows, and the first jump may already cost something)."""
    sums = [sum(w[h] for h in board.bits(start ^ board.jump_masks[j]))
            for j, (a, b, t) in enumerate(board.jumps)
            if start >> a & 1 and start >> b & 1 and not start >> t & 1]
    return max(sums, default=sum(w[h] for h in board.bits(start)))


def over_limit(limits, q):
    """True when ``q``'s sum under some pagoda of ``limits`` exceeds its
    bound (``reach_limits``)."""
    for _w, tables, bound in limits:
        total = 0
        x = q
        for table in tables:
            total += table[x & 255]
            x >>= 8
        if total > bound:
            return True
    return False
