"""``dfs``: a solution fast.  Depth-first over single jumps with a table of
dead positions (up to symmetry), an endgame table built backwards from the
goal, pagoda functions and restarts.  Not minimal in the move metric; in the
jump metric every solution of a goal with a fixed peg count has the same
number of jumps, so there it is optimal (and says so).  Siblings: meet.py,
beam.py, kernel.py, pagodas.py.
"""

import random

from ...errors import PuzzleError
from ...search.common import (Checkpoint, SearchResult, no_solution,
                              ticking, DEFAULT_MAX_STATES)
from . import alive as live_table
from .kernel import Kernel, goal_positions, isolation_counter
from .pagodas import hopeless, pagodas, reach_bound, reach_limits

# machine words per dead position besides the state (tests/test_budget.py): a
# set's slots, two to seven per member depending on how full it is just now
WORDS = 10

FIRST_TABLE = 30_000        # positions in the first endgame table of dfs
TABLE_BUDGET = 300_000      # ... and in the one it builds when dives keep failing
LIMITED_TABLE = 100_000     # ... when pagoda limits prune the table (a deeper one costs
                            # more to build than it saves the dives: Diamond 41, d2 empty)
LATE_PEGS = 13              # a search from this many pegs or fewer (late in a game,
LATE_TABLE = 3_000          # where its searches are short) builds a first table of this
                            # many positions at most: building it was most of their time
TABLE_SHARE = 4             # ... each at most this share of the memory budget
GROW_TABLE_AFTER = 30       # dives before the bigger table is built
LIGHT_DIVES = 10            # dives before the inward term weighs in full
LIGHT_DIVE = 100            # unit of the first dives' limits: the Luby sequence times this
DIVE = 50                   # ... and of the later ones' (after LIGHT_DIVES)
NOISE = 2.0                 # random spread added to the move order after the first dive
NOISY_SHARE = 0.64          # ... after LIGHT_DIVES only in positions with more than
                            # this share of the start's pegs
HINT = 1.0                  # order bonus of a jump the last solution found made
INWARD = 0.1                # weight of "the jump brings pegs nearer the target"

# What a search learns about one goal -- its endgame table,
# the positions it proved dead and those on the solutions it found (alive),
# all up to the symmetries that fix the goal, whatever the start -- is kept
# for the next search of the same goal: play mode's judge (api.moves) asks
# about every move of one position after another of the same game.  One goal
# is remembered at a time, and dropped when it holds more than half of a
# search's budget.
_MEMORY = {}
_KERNELS = {}               # (board shape, goal, first) -> Kernel, a few at a time


def endgame_builder(puzzle, kern, budget=TABLE_BUDGET, limits=()):
    """Backward search over single unjumps from the goal positions while the
    table stays under ``budget``: canonical position -> jumps still needed.
    Positions that the start cannot reach by the pagoda ``limits``
    (``pagodas.reach_limits``) are left out, so the table goes deeper where
    pagodas leave little room (Diamond 41).
    A builder generator: yields a bare tick every 1024 positions expanded
    (``search.common.ticking`` turns them into progress records) and returns
    (table, K) where every position with at most K pegs that can reach the
    goal is in the table (or (None, -1) when the goal positions are too many
    to list), the ``limits`` permitting."""
    roots = goal_positions(puzzle)
    if roots is None:
        return None, -1
    if limits:
        return (yield from _limited_builder(puzzle, kern, budget, limits, roots))
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
        for k, s in enumerate(layer):
            if not k & 1023:
                yield
            for c in step(s):
                if c not in table:
                    table[c] = depth + 1
                    nxt.append(c)
        depth += 1
        layer = nxt
        if len(table) + 4 * len(layer) > budget:
            break
    return table, low + depth


def _limited_builder(puzzle, kern, budget, limits, roots):
    """``endgame_builder`` under pagoda limits: each position of a layer
    carries what each limit still allows its sum to grow (an unjump j adds
    p(from) + p(over) - p(to)), so an unjump the start could not afford is
    dropped before its images are computed."""
    board = puzzle.board
    unfirsts = kern.unfirsts()
    images, jimg = kern.images, kern.jimg
    costs = [tuple(w[a] + w[b] - w[t] for a, b, t in board.jumps) for w, _t, _b in limits]
    pad = ()
    if len(costs) == 1:             # the loop below reads two: a second that costs nothing
        costs.append((0,) * len(board.jumps))
        pad = (0,)

    def room(q):
        return tuple(bound - sum(w[h] for h in board.bits(q))
                     for w, _t, bound in limits) + pad
    table = {}
    layer = []
    for g in roots:
        c = kern.canon(g)
        rooms = room(c)
        if c not in table and min(rooms) >= 0:      # (one the start cannot afford: left out)
            table[c] = 0
            layer.append((c, rooms))
    extra = costs[2:]
    c0, c1 = costs[0], costs[1]
    depth = 0
    low = min((g.bit_count() for g in roots), default=0)
    top = puzzle.after_first.bit_count()
    while layer and low + depth < top - 1:
        nxt = []
        for k, (s, rooms) in enumerate(layer):
            if not k & 1023:
                yield
            r0, r1 = rooms[0], rooms[1]
            imgs = None
            for _mask, _a, j in unfirsts(s):
                if c0[j] > r0 or c1[j] > r1:
                    continue
                if extra and any(cost[j] > r for cost, r in zip(extra, rooms[2:])):
                    continue
                if imgs is None:
                    imgs = images(s)
                c = min([u ^ v for u, v in zip(imgs, jimg[j])])
                if c not in table:
                    table[c] = depth + 1
                    nxt.append((c, tuple(r - cost[j] for r, cost in zip(rooms, costs))))
        depth += 1
        layer = nxt
        if len(table) + 4 * len(layer) > budget:
            break
    return table, low + depth


def dfs(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, seed=1):
    """Depth-first over jumps with a dead-position table (up to symmetry).

    Children are tried in order of fewest pegs left isolated (no neighbouring
    peg) or on holes no jump passes over (such a peg must move itself), and
    of jumps that bring the pegs nearer the target (the squared distances
    of the two pegs that go against that of the one that lands); a dive
    that expands more than its limit restarts with randomised order (noise
    added to those scores) and the next limit of the Luby sequence (dead
    positions found so far stay dead), which avoids getting stuck under one
    early mistake and still ends in an exhaustive search when there is no
    solution.
    Positions with few pegs are looked up in an endgame table built
    backwards from the goal (only through positions the start's pagoda
    sums allow, ``pagodas.reach_limits``), and positions that a pagoda
    function proves hopeless are dropped at once (with the tight orbit
    pagodas, nearly every jump must break even: Diamond 41)."""
    cp = Checkpoint(max_states, what="dead positions", step=64, max_bytes=max_bytes,
                    sample=puzzle.start, words=WORDS)
    board = puzzle.board
    kern, iso = _kernel(puzzle)
    jimg = kern.jimg
    firsts = kern.firsts()
    is_goal = puzzle.is_goal
    floor = puzzle.goal_min
    prefix = [board.jumps[j] for j in puzzle.first_jumps]
    origin = puzzle.after_first
    if live_table.applies(puzzle) and live_table.available() and live_table.live(origin):
        # the English centre game from a live position: down the table
        jumps = prefix + live_table.descend(puzzle, origin)
        return _result(puzzle, cp, jumps, len(jumps), len(jumps), 0)
    roots = goal_positions(puzzle)
    key = (board.lattice, tuple(board.holes), puzzle.goal_kind, puzzle.goal_peg,
           puzzle.goal_empty, puzzle.goal_free, tuple(kern.ks),
           None if roots is None else tuple(roots))
    memo = _MEMORY.get(key)
    if memo is not None and (memo["held"] + len(memo["dead"]) + len(memo["alive"])
                             > cp.max_states // 2):
        # over half the budget: the dead positions (the bulk) go; the table
        # and the alive ones stay while they hold less than a quarter
        memo["dead"] = set()
        if memo["held"] + len(memo["alive"]) > cp.max_states // 4:
            memo = None
    # a table built under the pagoda limits of one start serves another
    # start only if that one's limits are within them (a later position of
    # the same game always is; a sibling, which the judge asks about next,
    # may not be): then a new table is built under limits that admit both
    # (``_looser``), and what the searches proved dead or alive stays (a
    # fact about the position, whatever the start)
    kept = None
    if memo is not None and not all(reach_bound(board, w, origin) <= bound
                                    for w, _t, bound in memo["limits"]):
        kept, memo = memo, None
    if memo is None:
        _MEMORY.clear()
        limits = reach_limits(puzzle)
        if kept is not None:
            limits = _looser(kept["limits"], limits)
        table, table_pegs = yield from ticking(
            endgame_builder(puzzle, kern, first_table_budget(origin, cp.max_states), limits),
            cp.clock, phase="endgame table")
        memo = _MEMORY[key] = {"table": table, "pegs": table_pegs, "grown": False,
                               "held": len(table) if table is not None else 0,
                               "dead": set(), "alive": set(), "limits": limits}
        if kept is not None:
            memo.update(dead=kept["dead"], alive=kept["alive"], hint=kept.get("hint"))
    table, table_pegs, held_table = memo["table"], memo["pegs"], memo["held"]
    # ordering weights: distance of the jumping peg from the target
    far = distances_out(puzzle)
    # per jump: squared distance landed minus squared distances removed
    inward = [INWARD * (far[t] - far[a] - far[b]) for a, b, t in board.jumps]
    # the first dives use only a hint of the inward term, to break ties (the
    # small boards are solved at once so); the later ones all of it (the big
    # boards need it)
    weights = [w / 100 for w in inward]
    # the jumps of the last solution found come first, ties aside: the
    # judge's next search is of a sibling or a child of that solution's
    # start, which the same jumps mostly still solve (a sibling that one of
    # them commutes with is marked already, ``_commuted``; the others need a
    # dive, and it stays near the solution)
    hint = memo.get("hint")
    if hint and HINT:
        weights = [w - (HINT if j in hint else 0) for j, w in enumerate(weights)]
        inward = [w - (HINT if j in hint else 0) for j, w in enumerate(inward)]
    rng = random.Random(seed)
    pags = pagodas(puzzle)
    # a goal that no child of the start can reach (its pagodas refuse them
    # all: Diamond 41's f5 and i5 with d2 empty) is not tested again
    kids = [origin ^ opt[0] for opt in firsts(origin)]
    live = [g for g in pags if any(not hopeless([g], c) for c in kids)]
    if live:
        pags = live
    stuck = board.unjumpable

    # after the light dives the noise varies the opening only: below
    # NOISY_SHARE of the pegs the order is the plain one, so the dead
    # positions found under one opening serve the next dives that reach them
    noisy = 0

    def ordered(p, noise, weights):
        res = []
        if noise and p.bit_count() < noisy:
            noise = 0.0
        for opt in firsts(p):
            q = p ^ opt[0]
            key = iso(q) + (q & stuck).bit_count() + weights[opt[2]]
            if noise:
                key += noise * rng.random()
            res.append((key, opt))
        res.sort(key=lambda e: e[0])
        return [e[1] for e in res]

    expanded = generated = 0
    check = cp.next
    dead = memo["dead"]
    alive = memo["alive"]
    path = []
    finish = None
    dives = 0
    limit = LIGHT_DIVE
    noise = 0.0
    if is_goal(origin):
        finish = origin
    elif kern.canon(origin) in dead:
        no_solution(cp.clock, 0, 0, len(dead) + held_table)
    elif kern.canon(origin) in alive:
        finish = origin
    elif table is not None and origin.bit_count() <= table_pegs:
        if kern.canon(origin) not in table:
            no_solution(cp.clock, 0, 0, held_table)
        finish = origin
    if finish is None:
        # a move straight into a position known to reach the goal (one an
        # earlier search marked: ``_commuted``) before any dive
        for mask, _t, j in firsts(origin):
            if kern.canon(origin ^ mask) in alive:
                path = [j]
                finish = origin ^ mask
                break
    while finish is None:
        stack = [(origin, kern.images(origin), ordered(origin, noise, weights), 0)]
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
            if c in alive:
                path.append(j)
                finish = q
                break
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
            if expanded >= check:
                yield from cp.tick(expanded, held=len(dead) + len(alive) + held_table,
                                   depth=len(path),
                                   expanded=expanded, generated=generated)
                check = cp.next
            if dive > limit:
                break
            path.append(j)
            stack.append((q, qi, ordered(q, noise, weights), 0))
        else:
            no_solution(cp.clock, expanded, generated, len(dead) + len(alive) + held_table)
        if finish is None:
            dives += 1
            noise = NOISE
            if dives == LIGHT_DIVES:
                weights = inward
                noisy = NOISY_SHARE * origin.bit_count()
            limit = (DIVE if dives >= LIGHT_DIVES else LIGHT_DIVE) * luby(dives + 1)
            if dives == GROW_TABLE_AFTER and table is not None and not memo["grown"]:
                # the dives keep dying: a deeper endgame table (positions
                # marked dead by the small one stay dead)
                table, table_pegs = yield from ticking(
                    endgame_builder(puzzle, kern,
                                    min(LIMITED_TABLE if memo["limits"] else TABLE_BUDGET,
                                        cp.max_states // TABLE_SHARE),
                                    memo["limits"]),
                    cp.clock, phase="endgame table")
                held_table = len(table)
                memo.update(table=table, pegs=table_pegs, held=held_table, grown=True)
    jumps = prefix + [board.jumps[j] for j in path]
    jumps += _finish(puzzle, kern, finish, table, alive)
    memo["hint"] = {board.jump_index[(a, t)] for a, _b, t in jumps}
    # every position of the solution can still reach the goal; added from
    # the last up, so that each one's next is already known, even if the
    # request is interrupted here (a cancel in the page)
    line = [origin]
    for j in path[:-1]:
        line.append(line[-1] ^ board.jump_masks[j])
    for p in reversed(line):
        alive.add(kern.canon(p))
    _commuted(kern, origin, jumps[len(prefix):], alive)
    return _result(puzzle, cp, jumps, expanded, generated, len(dead) + len(alive) + held_table)


def first_table_budget(origin, max_states):
    """The positions of the first endgame table a search from ``origin``
    builds (``FIRST_TABLE``, ``LATE_TABLE``, ``TABLE_SHARE``)."""
    budget = min(FIRST_TABLE, max_states // TABLE_SHARE)
    if origin.bit_count() <= LATE_PEGS:
        budget = min(budget, LATE_TABLE)
    return budget


def distances_out(puzzle):
    """Per hole, its squared distance from the goal's one peg, or from the
    board's centre when the goal has more pegs or none (the move order
    here, the beam's score in beam.py)."""
    board = puzzle.board
    target = board.bits(puzzle.goal_peg) if puzzle.goal_kind == "pattern" else []
    if len(target) == 1:
        tr, tc = board.holes[target[0]]
    else:
        tr = sum(r for r, _ in board.holes) / board.n
        tc = sum(c for _, c in board.holes) / board.n
    return [(r - tr) ** 2 + (c - tc) ** 2 for r, c in board.holes]


COMMUTED = 3                # positions of a solution whose commuted children are marked


def _commuted(kern, origin, jumps, alive):
    """Mark alive what a solution proves besides its own positions.  With
    x_s its positions and m_i its jumps: a jump m_i that shares no hole
    with m_t .. m_(i-1) can be played at x_t first, and x_t + m_i reaches
    the goal by the same jumps with m_i left out, through x_s + m_i for s
    from t to i - 1, which are marked too (every alive position keeps a
    child that is alive: ``_finish`` walks down them).  Done from the first
    ``COMMUTED`` positions: the start's children are what play mode's
    judge asks about next (the siblings of this start reach them in one
    move, which ``dfs`` looks for before it dives), and the next positions'
    children if the game follows the solution."""
    masks = [(1 << a) | (1 << b) | (1 << t) for a, b, t in jumps]
    line = [origin]
    for m in masks[:-1]:
        line.append(line[-1] ^ m)
    canon = kern.canon
    for i in range(1, len(masks)):
        m = masks[i]
        t = i
        while t > 0 and not masks[t - 1] & m:
            t -= 1
        if t < COMMUTED:
            for s in range(t, i):
                alive.add(canon(line[s] ^ m))


def _result(puzzle, cp, jumps, expanded, generated, held):
    """The SearchResult of a solution given as its jumps."""
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
                        cp.stats(expanded, generated, held, depth=len(moves)),
                        {"jumps": len(jumps)})


def _looser(old, new):
    """Pagoda limits (``reach_limits``) that admit the starts of both
    ``old`` and ``new``: the pagodas they share, each with the larger
    bound (a start that passes one passes this)."""
    bounds = {tuple(w): bound for w, _t, bound in old}
    return [(w, tables, max(bound, bounds[tuple(w)]))
            for w, tables, bound in new if tuple(w) in bounds]


def _kernel(puzzle):
    """The search's Kernel and isolated-peg counter, kept per board shape
    and goal (their tables cost more than a short search)."""
    board = puzzle.board
    key = (board.lattice, tuple(board.holes), tuple(puzzle.goal_masks()), bool(puzzle.first))
    kern = _KERNELS.get(key)
    if kern is None:
        if len(_KERNELS) >= 8:
            _KERNELS.clear()
        kern = _KERNELS[key] = (Kernel(puzzle, fix_start=False), isolation_counter(board))
    return kern


def _finish(puzzle, kern, finish, table, alive):
    """The jumps from ``finish`` to the goal, through positions known to
    reach it: in ``alive`` (on an earlier solution) or in the endgame
    ``table`` one jump nearer.  Every alive position that is not a goal has
    a child alive or in the table, so each step finds one; every jump
    removes a peg, so the walk ends."""
    canon = kern.canon
    jumps = []
    q = finish
    while not puzzle.is_goal(q):
        c = canon(q)
        alive.add(c)
        depth = table.get(c) if table is not None else None
        for jump, nxt in puzzle.jump_successors(q):
            n = canon(nxt)
            if n in alive or (depth is not None and table.get(n) == depth - 1):
                break
        else:
            raise AssertionError("a position known to reach the goal has no child that does")
        jumps.append(jump)
        q = nxt
    alive.add(canon(q))
    return jumps


def warm(puzzle):
    """Make what a search of ``puzzle``'s goal sets up once per board and
    goal -- its Kernel and isolated-peg counter, the pagodas' tables, the
    lone-survivor refusal of ``check_solvable`` -- without searching (play
    mode's table of Triangle 28 asks it before its game leaves the table)."""
    from .puzzle import check_solvable
    _kernel(puzzle)
    pagodas(puzzle)
    try:
        check_solvable(puzzle)
    except PuzzleError:
        pass


def forget():
    """Drop what searches remember between calls (tests, a fresh start)."""
    _MEMORY.clear()


def luby(i):
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
    (``i`` from 1): restart limits that waste at most a logarithmic factor
    against the best fixed limit, and grow without bound (so the search
    still ends exhaustive)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


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
