"""New sliding-block puzzles at a difficulty, drawn from the start's group
by distance: the family's ``difficulties`` and ``generate`` hooks
(``__init__``), the API's ``generate`` op.  Siblings: reachable.py (the
group, each position's distance to its nearest goal), puzzle.py.

Every position the start can reach can also reach the start (moves are
reversible), so the group holds every start these blocks, walls and goals
can have; reachable.group measures each one's distance to the nearest goal
under the counting rule with one breadth-first search from all the goals at
once, which proves it.  A difficulty is a band of those distances, as
shares of the group's farthest (``SHARES``: the hardest start is the
farthest one); the distance is drawn in the band, then a position uniformly
among those at exactly that distance.  The last group is kept (``_kept``),
so the next "New puzzle" on the same pieces is instant: Hakoiri-musume's
25,955 positions take 0.16 s in CPython, Tannentei's 977,544 about 6.6 s.
"""

import random

from ...errors import BadRequest
from ...protocol import Difficulty, Offer
from . import fogleman, layouts, reachable, rush
from .presets import PRESETS
from .puzzle import parse

# (name, label, start and end of its band as shares of the farthest distance)
SHARES = (("easy", "Easy", 0.15, 0.3), ("medium", "Medium", 0.4, 0.6),
          ("hard", "Hard", 0.7, 0.9), ("hardest", "Hardest", 1.0, 1.0))
HELP = {"easy": "15–30 % of the way to this group's farthest start",
        "medium": "40–60 % of the way to this group's farthest start",
        "hard": "70–90 % of the way to this group's farthest start",
        "hardest": "this group's farthest starts from the goal"}
KEEP_MAX = 2_000_000        # positions of a group kept for the next new puzzle

# the last group measured: (key, set of its states, states, distances)
_kept = {}


def offer(puzzle):
    """Easy to hardest: bands of the group's distances (``difficulties``
    hook); on a Rush Hour board also a number of vehicles (a new layout,
    layouts.py)."""
    pieces = (1, layouts.most_vehicles(puzzle)) if layouts.applies(puzzle) else None
    return Offer(tuple(Difficulty(name, label, HELP[name]) for name, label, _a, _b in SHARES),
                 pieces=pieces)


def band(difficulty, farthest):
    """(low, high): the distances ``difficulty`` stands for in a group whose
    farthest start is ``farthest`` moves from the goal."""
    _name, _label, a, b = next(s for s in SHARES if s[0] == difficulty)
    low = max(1, round(a * farthest))
    return low, max(low, round(b * farthest))


def _key(puzzle):
    """What the group depends on besides the pieces: board, walls, goals, rule."""
    walls = "/".join("".join("_" if ch == "_" else "." for ch in row)
                     for row in puzzle.grid(puzzle.start))
    return (puzzle.w, puzzle.h, walls, puzzle.goals_text(), puzzle.metric)


def _group(puzzle, max_states, max_bytes):
    """Generator returning (states, distances) of the start's group."""
    key = _key(puzzle)
    kept = _kept.get("group")
    if kept and kept[0] == key and puzzle.start in kept[1]:
        return kept[2], kept[3]
    engine = rush if rush.applies(puzzle) else reachable
    result = yield from engine.group(puzzle, max_states=max_states, max_bytes=max_bytes,
                                     keep=0, distances=True)
    extra = result.extra
    if not extra["goals"]:
        raise BadRequest("No position these blocks can reach meets the goal: no puzzle "
                         "can be made from them. Change the goal or the blocks.")
    states, dist = extra["states"], extra["distances"]
    _kept.clear()
    if len(states) <= KEEP_MAX:
        _kept["group"] = (key, set(states), states, dist)
    return states, dist


def _parser(metric):
    """code -> puzzle under ``metric`` (a preset's ``rush:`` code too)."""
    def parse_code(code):
        if code.startswith("rush:"):
            code = fogleman.to_code(code[len("rush:"):])
        fields = code.split(":")
        return parse(fields[1], fields[2:], {"metric": metric})
    return parse_code


def generate(puzzle, difficulty, seed, max_states, max_bytes, pieces=None):
    """Generator returning {code, distance, band}: see the module's
    docstring; with ``pieces`` (a Rush Hour board), first a new layout of
    that many vehicles, the hardest layouts.py finds, whose group is then
    drawn from."""
    rng = random.Random(seed)
    if pieces is not None:
        seeds = [(p.code, p.known["move"]) for p in PRESETS if p.group.startswith("Rush Hour")]
        made = yield from layouts.fresh(puzzle, pieces, rng, _parser(puzzle.metric), seeds,
                                        max_bytes)
        if made is None:
            raise BadRequest(f"No layout of {pieces} vehicles that can be solved came up: "
                             f"try fewer vehicles.")
        puzzle, far = made
        if difficulty == "hardest":
            # the layout search measured this cluster: the position it
            # returned is one of its farthest, proven ``far`` moves out
            low, high = band(difficulty, far)
            return {"code": puzzle.code(), "distance": far, "band": [low, high]}
    # the group's search has three quarters of the budget: the rest is for
    # the set of its states kept for the next new puzzle (an eighth of the
    # search's own bytes) and the heap's slack (measured as the kernel's
    # peak: a group stopped at a 32 MB budget held 30-40 MB)
    states, dist = yield from _group(puzzle, max_states,
                                     None if max_bytes is None else max_bytes * 3 // 4)
    farthest = max(dist)
    if farthest == 0:
        raise BadRequest("Every position these blocks can reach meets the goal: set a goal "
                         "first (the goal tool).")
    low, high = band(difficulty, farthest)
    distance = rng.randint(low, high)
    at = [i for i, d in enumerate(dist) if d == distance]
    others = [i for i in at if states[i] != puzzle.start] or at
    return {"code": puzzle.encode(states[rng.choice(others)]), "distance": distance,
            "band": [low, high]}

