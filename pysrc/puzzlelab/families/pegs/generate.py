"""New peg-solitaire puzzles at a difficulty: random starts that can be
solved, graded by their proven minimum.  The family's ``difficulties`` and
``generate`` hooks (``__init__``), the API's ``generate`` op.  Siblings:
editor.py (its ``random`` action walks the same way, as far as it goes),
meet.py (the proof).

A start is made backwards from the goal's last peg: "unjumps" (a peg on t,
holes a and b empty -> pegs on a and b, t empty) at random, a number of
them drawn in the difficulty's range, so replaying them forwards solves it.
Then meet proves its minimum under the counting rule, and the start is kept
when the minimum falls in the difficulty's band, else another is made.  In
the jump count every solution has one jump per peg taken, so the band is the
walk's length itself.  The goal stays the position's when it is one peg
(in a given hole, or anywhere); any other goal becomes one peg where the
walk began.  Measured (CPython): starts of up to 16 unjumps on the English,
French and Diamond boards take meet 0.01-0.5 s; 22 unjumps up to 14 s, so
the walks stay short and a proof that passes ``ATTEMPT_STATES`` positions is
dropped for another start.
"""

import random

from ...errors import BadRequest, SearchLimit
from ...protocol import Difficulty, Offer
from ...search.common import Clock, progress
from .meet import meet
from .puzzle import Pegs

# name: (label, unjumps from .. to, band of minimum moves in the move count
# (high None: as many as it takes), holes the board needs)
LEVELS = {"easy": ("Easy", (4, 6), (2, 3), 7),
          "medium": ("Medium", (7, 11), (4, 5), 13),
          "hard": ("Hard", (12, 16), (6, None), 21)}
ATTEMPTS = 60
ATTEMPT_STATES = 300_000     # positions one attempt's proof may hold


def offer(puzzle):
    """The levels this board has room for (``difficulties`` hook)."""
    n = puzzle.board.n
    levels = []
    for name, (label, (k_lo, k_hi), (d_lo, d_hi), holes) in LEVELS.items():
        if n < holes:
            continue
        if puzzle.metric == "jump":
            d_lo, d_hi = k_lo, min(k_hi, n - 2)
            help_ = f"{d_lo + 1}–{d_hi + 1} pegs: {d_lo}–{d_hi} jumps to the goal"
        else:
            help_ = (f"{k_lo + 1}–{k_hi + 1} pegs, at least {d_lo} moves to the goal" if d_hi is None
                     else f"{k_lo + 1}–{k_hi + 1} pegs, {d_lo}–{d_hi} moves to the goal")
        levels.append(Difficulty(name, label, help_, d_lo, d_hi))
    if not levels:
        return Offer(why=f"This board has too few holes for a new puzzle (at least "
                         f"{LEVELS['easy'][3]}).")
    return Offer(tuple(levels))


def _goal(puzzle, rng):
    """(the hole the walk starts from, the new puzzle's goal)."""
    board = puzzle.board
    if puzzle.goal_kind == "anywhere":
        return rng.randrange(board.n), None
    peg = puzzle.goal_peg
    if not puzzle.goal_free and peg and not peg & (peg - 1):
        hole = peg.bit_length() - 1
        return hole, (puzzle.goal_peg, puzzle.goal_empty, puzzle.goal_free)
    hole = rng.randrange(board.n)
    return hole, (1 << hole, board.full ^ (1 << hole), 0)


def _walk(board, hole, k, rng):
    """The start ``k`` unjumps back from one peg on ``hole`` (fewer when
    the walk meets no unjump), and how many it made."""
    state = 1 << hole
    for done in range(k):
        back = [mask for (a, b, t), mask in zip(board.jumps, board.jump_masks)
                if state >> t & 1 and not state >> a & 1 and not state >> b & 1]
        if not back:
            return state, done
        state ^= rng.choice(back)
    return state, k


def generate(puzzle, difficulty, seed, max_states, max_bytes):
    """Generator returning {code, distance, band}: see the module's docstring."""
    rng = random.Random(seed)
    level = next(d for d in offer(puzzle).difficulties if d.name == difficulty)
    _label, (k_lo, k_hi), _band, _holes = LEVELS[difficulty]
    k_hi = min(k_hi, puzzle.board.n - 2)
    clock = Clock()
    for attempt in range(ATTEMPTS):
        hole, goal = _goal(puzzle, rng)
        state, made = _walk(puzzle.board, hole, rng.randint(k_lo, k_hi), rng)
        new = Pegs(puzzle.board, state, goal, puzzle.metric)
        if made < k_lo or state == puzzle.start:
            continue
        try:
            # half the budget an attempt: one attempt's tables freed leave
            # the heap fragmented for the next (sixty attempts of a full
            # budget peaked at 1.4 x it, as the kernel counts)
            result = yield from meet(new, max_states=min(max_states, ATTEMPT_STATES),
                                     max_bytes=None if max_bytes is None else max_bytes // 2)
        except SearchLimit:
            yield progress(clock, phase="generate", attempt=attempt + 1)
            continue
        if level.low <= result.cost and (level.high is None or result.cost <= level.high):
            return {"code": new.code(), "distance": result.cost,
                    "band": [level.low, level.high]}
        if clock.due():
            yield progress(clock, phase="generate", attempt=attempt + 1)
    raise BadRequest(f"No {difficulty} start was found on this board in {ATTEMPTS} tries; "
                     f"try an easier one.")
