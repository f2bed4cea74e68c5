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
25,955 positions take 0.16 s in CPython, Tannentei's 977,544 about 6 s.

A preset whose group is too big to measure at the click (``starts.json``
beside this file, written by ``tools/known_solutions.py --starts`` the same
way from the whole group: Tannentei, the two L blocks) answers from stored
starts, each drawn as above and proven by that group's search (the tests
measure the group again and check every one): at once, where the group
took 6 s in CPython and three times that in the page.  A position is taken
for one of the preset's group when it is the preset's start or a stored
start, or a few moves from one (``MEMBER_STATES``: a game in play); else
its group is measured.
"""

import json
import os
import random

from ...errors import BadRequest
from ...protocol import Difficulty, Offer
from ...search.common import DEFAULT_MAX_STATES
from . import fogleman, layouts, reachable, rush
from .presets import PRESETS
from .model import parse_ways
from .puzzle import parse
from .stored import could_hold, kinds

# (name, label, start and end of its band as shares of the farthest distance)
SHARES = (("easy", "Easy", 0.15, 0.3), ("medium", "Medium", 0.4, 0.6),
          ("hard", "Hard", 0.7, 0.9), ("hardest", "Hardest", 1.0, 1.0))
HELP = {"easy": "15–30 % of the way to this group's farthest start",
        "medium": "40–60 % of the way to this group's farthest start",
        "hard": "70–90 % of the way to this group's farthest start",
        "hardest": "this group's farthest starts from the goal"}
KEEP_MAX = 2_000_000        # positions of a group kept for the next new puzzle
MEMBER_STATES = 3_000       # positions searched from a position for a stored start
                            # (of its preset's group: 0.05 s in CPython)

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "starts.json"),
          encoding="utf-8") as _f:
    STORED = json.load(_f)["groups"]    # read at import (a worker started from a
                                        # memory snapshot has no package files)

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
    """Generator returning (states, distances) of the start's group (the
    last one kept)."""
    key = _key(puzzle)
    kept = _kept.get("group")
    if kept and kept[0] == key and puzzle.start in kept[1]:
        return kept[2], kept[3]
    states, dist = yield from measure(puzzle, max_states, max_bytes)
    _kept.clear()
    if len(states) <= KEEP_MAX:
        _kept["group"] = (key, set(states), states, dist)
    return states, dist


def measure(puzzle, max_states=DEFAULT_MAX_STATES, max_bytes=None):
    """Generator returning (states, distances) of the start's group, by the
    engine for its pieces; refuses a group with no goal."""
    engine = rush if rush.applies(puzzle) else reachable
    result = yield from engine.group(puzzle, max_states=max_states, max_bytes=max_bytes,
                                     keep=0, distances=True)
    extra = result.extra
    if not extra["goals"]:
        raise BadRequest("No position these blocks can reach meets the goal: no puzzle "
                         "can be made from them. Change the goal or the blocks.")
    return extra["states"], extra["distances"]


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
    stored = _stored_start(puzzle, difficulty, rng)
    if stored is not None:
        return stored
    states, dist = yield from _group(puzzle, max_states,
                                     None if max_bytes is None else max_bytes * 3 // 4)
    i, distance, (low, high) = draw(states, dist, difficulty, rng, avoid=puzzle.start)
    return {"code": puzzle.encode(states[i]), "distance": distance, "band": [low, high]}


def draw(states, dist, difficulty, rng, avoid=None):
    """(index, distance, band): a start of the group (``states`` beside
    their ``dist``ances) at ``difficulty``: a distance drawn in the band,
    then a position at it, other than ``avoid`` where there is one."""
    farthest = max(dist)
    if farthest == 0:
        raise BadRequest("Every position these blocks can reach meets the goal: set a goal "
                         "first (the goal tool).")
    low, high = band(difficulty, farthest)
    distance = rng.randint(low, high)
    at = [i for i, d in enumerate(dist) if d == distance]
    others = [i for i in at if states[i] != avoid] or at
    return rng.choice(others), distance, (low, high)


def _stored_start(puzzle, difficulty, rng):
    """{code, distance, band} from the stored starts of the preset group that
    holds the position (see the module's docstring), or None."""
    for entry in STORED:
        if entry["metric"] != puzzle.metric or not could_hold(entry["code"], puzzle):
            continue
        if not _member(puzzle, [entry["code"]] + [c for s in entry["starts"].values()
                                                  for _d, c in s]):
            continue
        here = puzzle.code()
        picks = [(d, c) for d, c in entry["starts"][difficulty] if c != here]
        distance, code = rng.choice(picks or entry["starts"][difficulty])
        return {"code": code, "distance": distance,
                "band": list(band(difficulty, entry["farthest"]))}
    return None


def _member(puzzle, codes):
    """Whether one of the positions ``codes`` (of the same pieces) is within
    ``MEMBER_STATES`` positions of ``puzzle``'s, searched breadth first;
    positions are compared by their blocks' kinds, not their letters."""
    _walls, mine = kinds(puzzle.rows, puzzle.ways)
    rank = {kind: chr(65 + i) for i, kind in enumerate(sorted(set(mine.values())))}

    def plain(rows, of):
        return "/".join("".join(rank[of[ch]] if ch in of else ch for ch in row)
                        for row in rows)
    wanted = set()
    for code in codes:
        _family, _size, rows, _goals, *ways = code.split(":")
        rows = rows.split("/")
        theirs = kinds(rows, parse_ways(ways[0], set("".join(rows))) if ways else {})[1]
        wanted.add(plain(rows, theirs))
    seen = {puzzle.start}
    queue = [puzzle.start]
    for state in queue:
        if plain(puzzle.grid(state), mine) in wanted:
            return True
        if len(seen) >= MEMBER_STATES:
            continue
        for _move, child in puzzle.successors(state):
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return False
