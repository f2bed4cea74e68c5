"""The presets' stored solutions: the family's ``known`` hook, so auto
answers a preset (and every position along its solution) at once with its
proven optimum instead of a breadth-first search (Tannentei: 343,650
positions, 2.3 s in CPython, twice that in the page).  Siblings: puzzle.py
(the presets, ``NAMED``), stored.json beside this file (one optimal solution
per preset and counting rule, found by bfs.py: ``tools/known_solutions.py``
writes it; tests/test_known.py replays each and checks its length against
breadth-first search).

A solution is stored as its moves in the page's notation (``A↓2→``, one
block's path); it is rebuilt by playing, at each step, the move of that
notation among the position's successors.  After k of its m moves a
position is exactly m - k moves from the goal (a shorter way from there
would shorten the whole), so the index maps the code of every position
along it to the solution's rest.  Only a preset whose pieces could be in
the position is played (``_signature``: its walls, and each block's shape
and, for a one-way block, its lane, none of which a move changes): the
first Rush Hour solve used to play all 41 Rush Hour presets' solutions
(about 40 ms of CPython, 90 ms of Pyodide), now only its own.
"""

import json
import os

from ...search.common import SearchResult
from .model import parse_ways

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "stored.json"), encoding="utf-8") as _f:
    SOLUTIONS = json.load(_f)["solutions"]   # read at import: a worker started from
                                            # a memory snapshot has no package files

_INDEX = {}         # (preset, metric) -> {code of a position on its solution: step}
_PLAYED = {}        # (preset, metric) -> (moves, labelled states) of its solution
_SIGNATURES = {}    # preset's code -> its _signature


def known(puzzle):
    """The stored optimal solution from ``puzzle``'s position (a preset's
    start or a position along its solution, same counting rule), or None."""
    code = puzzle.code()
    for entry in SOLUTIONS:
        if entry["metric"] != puzzle.metric or not could_hold(entry["code"], puzzle):
            continue
        key = (entry["preset"], entry["metric"])
        if key not in _INDEX:
            moves, states, encode = _play(entry)
            _INDEX[key] = {encode(s): k for k, s in enumerate(states)}
            _PLAYED[key] = (moves, states)
        k = _INDEX[key].get(code)
        if k is None:
            continue
        moves, states = _PLAYED[key]
        rest = moves[k:]
        # the position's own labels: replay the rest from its start
        moves_here, states_here = _replay(puzzle, [puzzle.format_move(m) for m in rest])
        return SearchResult(moves_here, states_here, len(moves_here), True,
                            {"expanded": 0, "generated": 0, "peak": 0, "seconds": 0.0},
                            {"lower_bound": len(moves_here),
                             "source": f"the stored solution of {entry['label']}"})
    return None


def _signature(rows, ways):
    """What no move changes: the walls, and per block its shape and, for a
    one-way block (``ways``), its way and lane, as a multiset (no letters)."""
    walls, pieces = kinds(rows, ways)
    return walls, tuple(sorted(pieces.values()))


def kinds(rows, ways):
    """(the walls' cells, {letter: the block's kind}): a kind is what no move
    changes of a block, its shape and, for a one-way block, its way and
    lane; two blocks of one kind can change places unseen."""
    cells, walls = {}, []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "_":
                walls.append((r, c))
            elif ch != ".":
                cells.setdefault(ch, []).append((r, c))
    pieces = {}
    for letter, here in cells.items():
        r0 = min(r for r, _c in here)
        c0 = min(c for _r, c in here)
        way = ways.get(letter, "")
        lane = r0 if way == "h" else c0 if way == "v" else -1
        pieces[letter] = (way, lane, tuple(sorted((r - r0, c - c0) for r, c in here)))
    return tuple(walls), pieces


def could_hold(entry_code, puzzle):
    """Whether a preset's code (``entry_code``) could be ``puzzle``'s pieces:
    the same board, goals, walls and kinds of blocks."""
    _family, size, rows, goals, *ways = entry_code.split(":")
    if size != f"{puzzle.w}x{puzzle.h}" or goals != puzzle.goals_text():
        return False
    theirs = _SIGNATURES.get(entry_code)
    if theirs is None:
        theirs = _SIGNATURES[entry_code] = _signature(
            rows.split("/"), parse_ways(ways[0], set(rows)) if ways else {})
    mine = puzzle.compiled.get("signature")
    if mine is None:
        mine = puzzle.compiled["signature"] = _signature(puzzle.rows, puzzle.ways)
    return theirs == mine


def _play(entry):
    from .puzzle import parse
    _family, size, *rest = entry["code"].split(":")
    preset = parse(size, rest, {"metric": entry["metric"]})
    moves, states = _replay(preset, entry["moves"].split())
    return moves, states, preset.encode


def _replay(puzzle, texts):
    """The moves named by ``texts`` played from the puzzle's start: (moves,
    labelled states); each must be a legal move, and the last position a
    goal."""
    state = puzzle.start_labels
    moves, states = [], [state]
    for text in texts:
        for move, child in puzzle.successors(state):
            if puzzle.format_move(move) == text:
                break
        else:
            raise AssertionError(f"a stored solution plays a move that is not legal: {text}")
        moves.append(move)
        states.append(child)
        state = child
    if not puzzle.is_goal(puzzle.pack(state)):
        raise AssertionError("a stored solution does not reach the goal")
    return moves, states
