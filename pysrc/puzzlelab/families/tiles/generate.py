"""New tile puzzles at a difficulty, each start's distance proven: the
family's ``difficulties`` and ``generate`` hooks (``__init__``), the API's
``generate`` op.  Siblings: exact.py (the distance table), ida.py (the
proof), lowerbounds.py (the bound that stops the scramble).

Two ways, by board size:

- up to 9 cells, from the exact distance table (exact.py: every position's
  distance to this goal; shipped for 3x3 goals with the blank in the first
  or last cell, else 0.35 s to build in CPython, then kept):
  the distance is drawn in the difficulty's band, then a position uniformly
  among those at exactly that distance;
- larger boards (up to ``MAX_CELLS``, one tile per move), by scrambling and
  solving: a random walk from the goal (never undoing its last move) until
  the auto lower bound reaches the distance N drawn, so the walk's end is at
  least N from the goal; then IDA* proves its optimal solution, and the
  position N moves before the goal on that solution is exactly N from it
  (a shorter way from there would shorten the whole solution).  An attempt
  whose proof passes ``ATTEMPT_NODES`` positions is dropped for a new walk:
  the proofs' costs have a long tail.  Measured on 60 walks stopped at a
  bound of 36-42 (CPython): 4x4 median 6,600 positions expanded, 80 % within
  44,446, 90 % within 128,420, the largest 1.2 million; 5x5 11,496 / 86,471
  / 212,434 / 2.6 million.  A budget of 60,000 keeps about 80 % of the walks
  and spends about 20,000 positions a puzzle, where one of 300,000 spends
  twice that and makes the slowest puzzles the slowest proofs.  A start
  of up to ``NEAR`` moves is proven with linear conflict while the board's
  pattern databases are not read yet (a smaller budget a proof, a few
  walks): a first easy or medium puzzle does not wait for them.
"""

import random

from ...errors import BadRequest, SearchLimit
from ...protocol import Difficulty, Offer
from ...search.common import MB, Clock, progress, ticking
from . import exact, ida, lowerbounds as _bounds
from .puzzle import Tiles

TABLE_MAX_CELLS = 9          # the exact table answers up to 3x3 (2x5's takes 3.4 s)
MAX_CELLS = 25               # scramble and prove up to 5x5 (the tables that prove
                             # bigger boards are built first, for seconds or minutes)
# The longest distance of each small board (every goal gives the same, per
# counting rule: 2x2 6, 2x3 21, 2x4 36, 3x3 31, in the multi-tile count 6,
# 20, 25, 24); a goal whose farthest position is nearer clips the band.
TABLE_MAX = {("tile", 4): 6, ("tile", 6): 21, ("tile", 8): 36, ("tile", 9): 31,
             ("multi", 4): 6, ("multi", 6): 20, ("multi", 8): 25, ("multi", 9): 24}
# (name, label, share of the longest distance where its band starts, ends)
SHARES = (("easy", "Easy", 0.25, 0.4), ("medium", "Medium", 0.45, 0.65),
          ("hard", "Hard", 0.7, 1.0))
# bands of the scrambled boards: a proof of 36-42 moves is well under a
# second on 4x4 and 5x5 (benchmarks/bench_generate.py)
BANDS = {"easy": (12, 18), "medium": (24, 30), "hard": (36, 42)}
MAX_EXACT_MOVES = 44         # "exactly N moves" on a scrambled board, at most
ATTEMPT_NODES = 60_000       # positions one attempt's proof may expand
NEAR = 30                    # up to this distance, before the auto bound's tables are
                             # ready, linear conflict proves it, each proof cut at
NEAR_NODES = 5_000           # ... positions (a new walk then), for up to
NEAR_ATTEMPTS = 20           # ... walks: 40 starts of 24-30 moves took at most 0.38 s
                             # of CPython on 4x4 (median 0.06) and 0.18 s on 5x5, where
                             # reading the 4x4 tables takes 0.4 s and 5x5's 0.9 s in
                             # Pyodide (1-2 s in the page); with 15,000 positions a
                             # proof, 0.54 and 0.60 s at most
ATTEMPTS = 60
WALK_STEPS = 5_000           # a walk that has not reached its bound by then starts again


def offer(puzzle):
    """What "New puzzle" offers on this board (``difficulties`` hook)."""
    n = puzzle.n
    if n <= TABLE_MAX_CELLS:
        top = TABLE_MAX[(puzzle.metric, n)]
        levels = tuple(Difficulty(name, label, _help(lo, hi), lo, hi) for name, label, lo, hi in
                       ((name, label, max(1, round(a * top)), round(b * top))
                        for name, label, a, b in SHARES))
        return Offer(levels, moves=(1, top))
    if puzzle.metric != "tile":
        return Offer(why="New puzzles in the multi-tile count are made on boards of up to "
                         f"{TABLE_MAX_CELLS} cells (proving a bigger board's distance in that "
                         "count takes minutes); count one tile per move to make one here.")
    if n > MAX_CELLS:
        return Offer(why=f"New puzzles are made on boards of up to {MAX_CELLS} cells (5x5): "
                         "on bigger ones the proof of a start's distance takes too long.")
    levels = tuple(Difficulty(name, name.capitalize(), _help(*BANDS[name]), *BANDS[name])
                   for name in BANDS)
    return Offer(levels, moves=(1, MAX_EXACT_MOVES))


def _help(lo, hi):
    return f"{lo}–{hi} moves from the goal" if lo != hi else f"{lo} moves from the goal"


def generate(puzzle, difficulty, moves, seed, max_states, max_bytes):
    """Generator returning {code, distance, band}: see the module's docstring."""
    rng = random.Random(seed)
    level = {d.name: d for d in offer(puzzle).difficulties}
    lo, hi = (moves, moves) if moves is not None else (level[difficulty].low,
                                                       level[difficulty].high)
    if puzzle.n <= TABLE_MAX_CELLS:
        _check_memory(puzzle, "exact", max_bytes)
        state, distance = yield from _from_table(puzzle, lo, hi, rng)
    else:
        _check_memory(puzzle, _bounds.default_bound(puzzle), max_bytes)
        state, distance = yield from _scrambled(puzzle, rng.randint(lo, hi), rng)
    return {"code": puzzle.encode(state), "distance": distance, "band": [lo, hi]}


def _check_memory(puzzle, bound, max_bytes):
    """Refuse at once when the tables of ``bound`` do not fit in the memory
    budget (lowerbounds.memory: what preparing them takes at the peak)."""
    need = _bounds.memory(puzzle, bound)
    if max_bytes is not None and need > max_bytes:
        raise SearchLimit(f"Making a new puzzle on this board needs the tables of "
                          f"{_bounds.label(bound, puzzle.metric)}: about {need / MB:,.0f} MB, "
                          f"more than the memory budget of {max_bytes / MB:,.0f} MB; give "
                          f"it a larger budget.")


def _from_table(puzzle, lo, hi, rng):
    """(state, distance): uniformly among the positions at a distance drawn
    from lo..hi (clipped to this goal's farthest), another than the start."""
    table = yield from ticking(exact.exact_table_steps(puzzle.w, puzzle.h, puzzle.goal,
                                                        puzzle.metric),
                               Clock(), phase="generate", table="exact distances")
    dist = table.dist
    farthest = max(d for d in range(max(TABLE_MAX.values()) + 1) if bytes([d]) in dist)
    if lo > farthest:
        raise BadRequest(f"No position is {lo} moves from this goal: the farthest are "
                         f"{farthest} moves away.")
    distance = rng.randint(lo, min(hi, farthest))
    mark = bytes([distance])
    count = dist.count(mark)
    start = None
    for _ in range(2):                       # once more if it drew the start itself
        k = rng.randrange(count)
        at = -1
        for _ in range(k + 1):
            at = dist.find(mark, at + 1)
        state = table.state_at(at)
        if state != puzzle.start or count == 1:
            start = state
            break
    return start or state, distance


def _scrambled(puzzle, target, rng):
    """(state, target): scramble, prove, cut (see the module's docstring);
    first with linear conflict and small proofs (``NEAR``) while the auto
    bound's tables are not ready."""
    clock = Clock()
    name = _bounds.default_bound(puzzle)
    if target <= NEAR and not _bounds.is_ready(puzzle, name):
        made = yield from _attempts(puzzle, target, rng, clock, "linear-conflict",
                                    NEAR_NODES, NEAR_ATTEMPTS)
        if made is not None:
            return made
    made = yield from _attempts(puzzle, target, rng, clock, name, ATTEMPT_NODES, ATTEMPTS)
    if made is None:
        raise SearchLimit(f"No start {target} moves from the goal was proven within "
                          f"{ATTEMPTS} tries; try fewer moves.")
    return made


def _attempts(puzzle, target, rng, clock, name, nodes, attempts):
    """(state, target) from up to ``attempts`` walks, each proven by IDA*
    with bound ``name`` within ``nodes`` positions; None if none was."""
    h = puzzle.heuristics[name]
    figures = {"phase": "generate", "table": _bounds.label(name)}
    yield from ticking(h.prepare(), clock, **figures)
    bound = yield from ticking(_bounds.incremental_steps(puzzle, name), clock, **figures)
    for attempt in range(attempts):
        state, previous = puzzle.goal, None
        for steps in range(WALK_STEPS):
            if h(state) >= target:
                break
            options = [child for _move, child in puzzle.successors(state) if child != previous]
            previous, state = state, rng.choice(options)
            if steps % 256 == 255 and clock.due():
                yield progress(clock, phase="generate", attempt=attempt + 1)
        else:
            continue
        scramble = Tiles(puzzle.w, puzzle.h, state, puzzle.goal, puzzle.metric)
        try:
            result = yield from ida.search(scramble, bound, max_nodes=nodes, clock=clock)
        except SearchLimit:
            yield progress(clock, phase="generate", attempt=attempt + 1)
            continue
        return result.states[result.cost - target], target
    return None
