"""Sliding tiles (8-puzzle, 15-puzzle, any W x H board): rules, codes,
parity check and lower bounds.  Called through ``codes.py``/``api.py``;
siblings: blocks.py, pegs.py.  Searches reach it only through the Puzzle
protocol.

Code: ``tiles:WxH:CELLS[:GOAL]`` -- W columns, H rows, cells row-major, one
base-36 digit per cell (0 = blank) while W*H <= 36, else comma-separated
decimals.  Default goal: 1, 2, ..., blank last.

State: ``bytes`` of length W*H, ``state[cell] = tile`` (0 = blank).  Example,
3x3 ``867254301``::

    8 6 7
    2 5 4     -> b'\\x08\\x06\\x07\\x02\\x05\\x04\\x03\\x00\\x01'
    3 _ 1

A move is ``(tile, direction)``: the tile that slides and where it goes
(``U``, ``D``, ``L``, ``R``); its inverse is the same tile going back.
"""

from ..errors import CodeError, Unsolvable

FAMILY = "tiles"
MIN_SIDE, MAX_SIDE = 2, 10
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
ARROWS = {"U": "↑", "D": "↓", "L": "←", "R": "→"}

PRESETS = [
    ("8-puzzle: a hardest position (31 moves)", "tiles:3x3:867254301"),
    ("8-puzzle: a short one", "tiles:3x3:123405786"),
    ("15-puzzle: Korf #55 (41 moves)", "tiles:4x4:d8e39107f54ac26b:0123456789abcdef"),
    ("15-puzzle: Korf #1 (57 moves)", "tiles:4x4:edf7bc95602148a3:0123456789abcdef"),
    ("2x4 board", "tiles:4x2:73654210"),
    ("5x5 board", "tiles:5x5:024a918d3567hefbcnikglmjo"),
]


def _size(params):
    try:
        w_s, h_s = params.lower().split("x")
        w, h = int(w_s), int(h_s)
    except ValueError:
        raise CodeError(f"Board size '{params}' should look like 3x3 "
                        f"(columns x rows).") from None
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise CodeError(f"Board size {w}x{h} is not supported: each side must "
                        f"be from {MIN_SIDE} to {MAX_SIDE}.")
    return w, h


def _cells(text, w, h, what):
    n = w * h
    if not text:
        raise CodeError(f"The {what} is empty: expected {n} cells.")
    if n <= 36:
        if "," in text:
            parts = text.split(",")
        else:
            parts = list(text.lower())
        try:
            values = [int(p, 36) if len(p) == 1 else int(p) for p in parts]
        except ValueError:
            bad = next(c for c in parts if not _valid_token(c))
            raise CodeError(f"The {what} has an unknown character '{bad}': "
                            f"use 0-9 and a-z (0 is the blank).") from None
    else:
        parts = text.split(",")
        try:
            values = [int(p) for p in parts]
        except ValueError:
            raise CodeError(f"The {what} of a board with more than 36 cells "
                            f"must be comma-separated numbers.") from None
    if len(values) != n:
        raise CodeError(f"The {what} has {len(values)} cells; a {w}x{h} board "
                        f"has {n}.")
    seen = set()
    for v in values:
        if v < 0 or v >= n:
            raise CodeError(f"The {what} has tile {v}; a {w}x{h} board uses "
                            f"tiles 1 to {n - 1} and 0 for the blank.")
        if v in seen:
            raise CodeError(f"The {what} has tile {v} twice." if v else
                            f"The {what} has more than one blank.")
        seen.add(v)
    return bytes(values)


def _valid_token(tok):
    try:
        int(tok, 36)
        return True
    except ValueError:
        return False


def format_cells(cells, w, h):
    if w * h <= 36:
        return "".join(DIGITS[v] for v in cells)
    return ",".join(str(v) for v in cells)


def default_goal(n):
    return bytes(list(range(1, n)) + [0])


def permutation_parity(a, b):
    """Parity of the permutation taking arrangement a to arrangement b."""
    pos = {v: i for i, v in enumerate(b)}
    perm = [pos[v] for v in a]
    seen = [False] * len(perm)
    parity = 0
    for i in range(len(perm)):
        if not seen[i]:
            j, length = i, 0
            while not seen[j]:
                seen[j] = True
                j = perm[j]
                length += 1
            parity ^= (length - 1) & 1
    return parity


def solvable(start, goal, w):
    """A position can reach the goal iff the parity of the permutation between
    them (blank included) equals the parity of the blank's taxicab distance."""
    bs, bg = start.index(0), goal.index(0)
    blank = abs(bs % w - bg % w) + abs(bs // w - bg // w)
    return permutation_parity(start, goal) == blank & 1


class Tiles:
    """A sliding-tile puzzle instance (start and goal on one board)."""

    family = FAMILY
    reversible = True

    def __init__(self, w, h, start, goal):
        self.w, self.h, self.n = w, h, w * h
        self.start = start
        self.goal = goal
        self.goal_state = goal
        self._nbrs = []
        for i in range(self.n):
            r, c = divmod(i, w)
            out = []
            # (neighbour cell of the blank, direction the tile there moves)
            if r > 0:
                out.append((i - w, "D"))
            if r < h - 1:
                out.append((i + w, "U"))
            if c > 0:
                out.append((i - 1, "R"))
            if c < w - 1:
                out.append((i + 1, "L"))
            self._nbrs.append(tuple(out))
        goal_pos = [0] * self.n
        for cell, tile in enumerate(goal):
            goal_pos[tile] = cell
        # md[tile][cell]: taxicab distance of tile at cell to its goal cell
        self._md = [[0] * self.n for _ in range(self.n)]
        for tile in range(1, self.n):
            gr, gc = divmod(goal_pos[tile], w)
            for cell in range(self.n):
                r, c = divmod(cell, w)
                self._md[tile][cell] = abs(r - gr) + abs(c - gc)
        self.heuristics = {"manhattan": self.manhattan}
        self.heuristic = self.manhattan

    # -- the Puzzle protocol ------------------------------------------------
    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        b = state.index(0)
        for cell, d in self._nbrs[b]:
            s = bytearray(state)
            tile = s[cell]
            s[b] = tile
            s[cell] = 0
            yield (tile, d), bytes(s)

    predecessors = None

    def inverse_move(self, move):
        return (move[0], OPPOSITE[move[1]])

    def manhattan(self, state):
        md = self._md
        return sum(md[t][i] for i, t in enumerate(state))

    def format_move(self, move):
        return f"{move[0]}{ARROWS[move[1]]}"

    def move_json(self, move):
        return {"tile": move[0], "dir": move[1]}

    def encode(self, state):
        code = f"tiles:{self.w}x{self.h}:{format_cells(state, self.w, self.h)}"
        if self.goal != default_goal(self.n):
            code += ":" + format_cells(self.goal, self.w, self.h)
        return code

    def code(self):
        return self.encode(self.start)

    def view(self, state):
        return {"family": FAMILY, "width": self.w, "height": self.h,
                "cells": list(state)}

    def describe(self):
        return {"family": FAMILY, "width": self.w, "height": self.h,
                "goal": list(self.goal), "heuristics": list(self.heuristics),
                "metrics": ["tile"]}

    def auto_algorithm(self):
        return "idastar", {}


def parse(params, rest, options=None):
    """``rest`` is the list of fields after ``tiles:WxH``; ``options`` the
    link options (unused by tiles so far)."""
    w, h = _size(params)
    if not rest:
        raise CodeError(f"The code has no cells: expected {w * h} after "
                        f"'tiles:{w}x{h}:'.")
    if len(rest) > 2:
        raise CodeError("A tiles code has at most four fields: "
                        "tiles:WxH:CELLS:GOAL.")
    start = _cells(rest[0], w, h, "position")
    goal = _cells(rest[1], w, h, "goal") if len(rest) == 2 else default_goal(w * h)
    puzzle = Tiles(w, h, start, goal)
    return puzzle


def check_solvable(puzzle):
    if not solvable(puzzle.start, puzzle.goal, puzzle.w):
        raise Unsolvable("This position cannot reach the goal: the parity of "
                         "the tile permutation does not match the blank's "
                         "distance (half of all arrangements are unsolvable; "
                         "swapping two tiles fixes it).")



from .tiles_edit import edit as _edit  # noqa: E402  (editor actions, api.edit)

Tiles.edit = _edit
