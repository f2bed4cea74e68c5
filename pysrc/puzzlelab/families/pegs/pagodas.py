"""Pagoda functions: weights on the holes whose sum over the pegs never grows
under a jump, so a position whose sum is below the goal's cannot reach it.
Used by dfs.py and beam.py to drop hopeless positions.
"""

import operator

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
    return byte_tables(board.n, w, operator.add)


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
