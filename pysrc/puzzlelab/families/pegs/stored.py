"""What the shipped tables know of a peg position: the family's ``known``
hook (auto answers with it before any search; play mode's Hint and How far?
ask through the same solve) and ``judge`` (never-lose marks, through
``judge_table``).  Siblings: minima_stored.py (the minimum-move tables),
stored.json (beside this file), alive.py and deadends.py (the other tables).

Two sources, both in the move count, each a solution with its length:

- the minimum-move tables (minima_stored.py): every single-vacancy start of
  their boards to every finish, each proven minimal;
- ``stored.json``: the presets the search answers slowly (Diamond 41 from d2,
  Wiegleb 45, Triangle 36): the shortest solution found by beam search and
  whether its length is proven (by meet; ``lower_bound`` otherwise), made by
  ``tools/known_solutions.py``.

A solution tells more than its start: after k of its m moves the position
is at most m - k moves from the finish, exactly that when m is proven
minimal (a shorter way from there would shorten the whole), and at least
``lower_bound - k``.  With the board's symmetries (images of the position
and of the finish together) that makes an index from (position, finish
hole, or None for "one peg anywhere") to a solution.  "Anywhere" is proven
only at a start whose every finish the table holds (the minimum over them);
elsewhere it is a solution with no bound.

Index entry: (length, proven, lower bound, source, chains as hole numbers
after the symmetry).  English 33: 21 entries, 366 positions, 2,928 images.
"""

import json
import os

from ...search.common import SearchResult
from . import minima_stored
from .puzzle import BOARDS, expand_preset, parse, parse_hole

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "stored.json"), encoding="utf-8") as _f:
    PRESET_SOLUTIONS = json.load(_f)["solutions"]   # read at import (see minima_stored)

_INDEX = {}                 # board shape -> ({(position, finish or None): entry},
                            #                 the finishes it holds)


def known(puzzle):
    """A SearchResult from the tables for ``puzzle`` (move count, no fixed
    first move), or None."""
    key = _key(puzzle)
    if key is None:
        return None
    hit = _index(puzzle.board)[0].get(key)
    if hit is None:
        return None
    length, proven, lower, source, chains = hit
    states = [puzzle.start]
    for chain in chains:
        states.append(_play(puzzle.board, states[-1], chain))
    if not puzzle.is_goal(states[-1]):
        raise AssertionError(f"the stored solution from {source} does not reach the goal")
    return SearchResult(list(chains), states, length, proven,
                        {"expanded": 0, "generated": 0, "peak": 0, "seconds": 0.0},
                        {"lower_bound": length if proven else lower, "source": source})


def judge(puzzle, earlier=()):
    """Play mode's marks from the same index: a position on a stored
    solution can still reach the goal (True); None for any other (the
    judge searches), and None instead of a function where no solution of
    this board and goal is stored."""
    if _key(puzzle) is None:
        return None
    index, finishes = _index(puzzle.board)
    finish = _key(puzzle)[1]
    if finish not in finishes:
        return None

    def mark(child):
        return True if (child, finish) in index else None
    return mark


def _key(puzzle):
    """(position, finish hole or None for anywhere), or None when no table
    can hold the problem (the jump count, a fixed first move, a goal of
    more than one peg)."""
    if puzzle.metric != "move" or puzzle.first:
        return None
    if puzzle.goal_kind == "anywhere":
        return puzzle.start, None
    board = puzzle.board
    peg = puzzle.goal_peg
    if peg.bit_count() != 1 or puzzle.goal_free or puzzle.goal_empty != board.full ^ peg:
        return None
    return puzzle.start, peg.bit_length() - 1


def _play(board, state, chain):
    """The position after a chain of hole numbers, each jump checked."""
    for a, t in zip(chain, chain[1:]):
        j = board.jump_index.get((a, t))
        b = board.jumps[j][1] if j is not None else None
        if b is None or not (state >> a & 1 and state >> b & 1 and not state >> t & 1):
            raise AssertionError(f"a stored solution plays an illegal jump {a}-{t}")
        state ^= board.jump_masks[j]
    return state


def _index(board):
    shape = (board.lattice, tuple(board.holes))
    got = _INDEX.get(shape)
    if got is None:
        if len(_INDEX) >= 8:
            _INDEX.clear()
        got = _INDEX[shape] = _build(board)
    return got


def _build(board):
    index = {}
    rows, complete = minima_stored.solutions(board)
    name = next((label for _l, shape, *_rest, label in BOARDS.values()
                 if _same(board, _l, shape)), "this board")
    source = f"the minimum-move table of {name}"
    starts = {}                     # start hole -> shortest stored minimum
    for start, finish, moves, text in rows:
        s = board.full & ~(1 << start)
        chains = _chains(board, text)
        _add(index, board, s, finish, chains, moves, True, moves, source)
        _add(index, board, s, None, chains, moves, False, 0, source)
        starts[start] = min(starts.get(start, 1 << 30), moves)
    for start, moves in starts.items():
        # one peg anywhere, from a start whose every finish is in the table
        s = board.full & ~(1 << start)
        row = min((r for r in rows if r[0] == start), key=lambda r: r[2])
        _add(index, board, s, None, _chains(board, row[3]), moves, complete, moves, source,
             along=False)
    for entry in PRESET_SOLUTIONS:
        code = expand_preset(entry["preset"])
        puzzle = parse(code.split(":")[1], code.split(":")[2:], {})
        if (puzzle.board.lattice, puzzle.board.holes) != (board.lattice, board.holes):
            continue
        key = _key(puzzle)
        chains = _chains(board, entry["solution"])
        _add(index, board, key[0], key[1], chains, len(chains), entry["proven"],
             entry.get("lower_bound", 0), f"a stored solution of {entry['label']}")
    return index, {k[1] for k in index}


def _same(board, lattice, shape):
    return board.lattice == lattice and tuple(board.holes) == tuple(
        (r, c) for r, row in enumerate(shape.split("/")) for c, ch in enumerate(row) if ch != "_")


def _chains(board, text):
    return [tuple(parse_hole(board, h) for h in move.split("-")) for move in text.split()]


def _add(index, board, start, finish, chains, moves, proven, lower, source, along=True):
    """Index the positions of a solution (all of them with ``along``, else
    its start), under every symmetry, keeping the shorter entry of two."""
    line = [start]
    for chain in chains:
        line.append(_play(board, line[-1], chain))
    steps = range(len(chains)) if along else range(1)
    for k, perm in enumerate(board.symmetries):
        image = [tuple(perm[h] for h in chain) for chain in chains]
        goal = None if finish is None else perm[finish]
        for i in steps:
            key = (board.image(line[i], k), goal)
            # "anywhere" is proven only at the start of a complete table's row
            sure = proven and (finish is not None or i == 0)
            entry = (moves - i, sure, max(0, lower - i), source, image[i:])
            old = index.get(key)
            if old is None or (entry[0], not entry[1]) < (old[0], not old[1]):
                index[key] = entry
