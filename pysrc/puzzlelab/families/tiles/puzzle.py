"""Sliding tiles (8-puzzle, 15-puzzle, any W x H board): the puzzle (rules,
moves, codes), its parsing and the parity check.  The family's hooks
(``__init__``) build on it; the lower bounds come from lowerbounds.py; the state
and the codec from model.py.

Code: ``tiles:WxH:CELLS[:GOAL]`` -- W columns, H rows, cells row-major, one
base-36 digit per cell (0 = blank) while W*H <= 36, else comma-separated
decimals.  Default goal: 1, 2, ..., blank last.

A move is ``(tile, direction)``: the tile that slides and where it goes
(``U``, ``D``, ``L``, ``R``); its inverse is the same tile going back.  In the
multi-tile metric (link option ``metric=multi``) a move slides a line of
tiles toward the blank, ``((5, 6, 7), "R")`` (nearest the blank first), and
its inverse is ``((7, 6, 5), "L")``.
"""

from ...errors import CodeError, Unsolvable
from ..common import metric_of
from . import lowerbounds as bounds
from .model import (ARROWS, FAMILY, METRICS, OPPOSITE, default_goal, format_cells,
                    parse_cells, parse_size, solvable)

AUTO_RULE = ("auto: the specialised IDA* with the strongest bound available "
             "(pattern databases on 4x4; walking distance on the other boards up to "
             "4x4 and 2x5; on other boards of up to 36 cells, such as 5x5, 6x6, 7x3 or "
             "6x2, pattern databases built on first use and kept while the page is "
             "open); beyond 4x4 the fast solver answers first, with its proven lower "
             "bound, while IDA* works on the proof; beyond 36 cells only the fast "
             "solver runs.  In the multi-tile metric: IDA* with the exact table up to "
             "9 cells, else A* with walking distance, since that metric has many "
             "transpositions.")


# The tables a board's puzzles share (neighbours, lines, the goal's cells,
# the taxicab distances), kept for the last few boards: building them costs
# O(cells^2), 2 ms on a 10x10 board, which a game's history or a link's
# solution would otherwise pay for every position it parses.
_BOARDS = {}
_BOARDS_KEPT = 8


def _board_tables(w, h, goal, metric):
    """(neighbours, lines, goal cells, taxicab, its horizontal part) of a
    board, goal and counting rule (shared: never changed)."""
    key = (w, h, goal, metric)
    got = _BOARDS.get(key)
    if got is not None:
        return got
    n = w * h
    nbrs = []
    for i in range(n):
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
        nbrs.append(tuple(out))
    lines = None
    if metric == "multi":
        # per blank cell: (cells of the line, nearest first, direction)
        lines = []
        for i in range(n):
            r, c = divmod(i, w)
            out = []
            for dr, dc, d in ((-1, 0, "D"), (1, 0, "U"), (0, -1, "R"), (0, 1, "L")):
                line = []
                rr, cc = r + dr, c + dc
                while 0 <= rr < h and 0 <= cc < w:
                    line.append(rr * w + cc)
                    out.append((tuple(line), d))
                    rr += dr
                    cc += dc
            lines.append(out)
    goal_pos = [0] * n
    for cell, tile in enumerate(goal):
        goal_pos[tile] = cell
    # md[tile][cell]: taxicab distance of tile at cell to its goal cell
    md = [[0] * n for _ in range(n)]
    mdh = [[0] * n for _ in range(n)]
    for tile in range(1, n):
        gr, gc = divmod(goal_pos[tile], w)
        for cell in range(n):
            r, c = divmod(cell, w)
            md[tile][cell] = abs(r - gr) + abs(c - gc)
            mdh[tile][cell] = abs(c - gc)
    if len(_BOARDS) >= _BOARDS_KEPT:
        _BOARDS.clear()
    got = _BOARDS[key] = (nbrs, lines, goal_pos, md, mdh)
    return got


class Tiles:
    """A sliding-tile puzzle instance (start and goal on one board)."""

    family = FAMILY
    reversible = True

    def __init__(self, w, h, start, goal, metric="tile"):
        self.w, self.h, self.n = w, h, w * h
        self.start = start
        self.goal = goal
        self.goal_state = goal
        self.metric = metric
        (self._nbrs, self._lines, self.goal_pos, self._md,
         self._mdh) = _board_tables(w, h, goal, metric)
        self.heuristics = bounds.heuristics(self)
        self.heuristic = self.heuristics[bounds.default_bound(self)]

    # -- the Puzzle protocol ------------------------------------------------
    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        b = state.index(0)
        if self.metric == "multi":
            for line, d in self._lines[b]:
                s = bytearray(state)
                prev = b
                for cell in line:
                    s[prev] = s[cell]
                    prev = cell
                s[prev] = 0
                yield (tuple(state[c] for c in line), d), bytes(s)
            return
        for cell, d in self._nbrs[b]:
            s = bytearray(state)
            tile = s[cell]
            s[b] = tile
            s[cell] = 0
            yield (tile, d), bytes(s)

    predecessors = None

    def inverse_move(self, move):
        if self.metric == "multi":
            return (tuple(reversed(move[0])), OPPOSITE[move[1]])
        return (move[0], OPPOSITE[move[1]])

    # -- lower bounds (the registry in lowerbounds.py has them all) ----------------
    def best_bound_name(self):
        """The bound auto uses (``bounds.default_bound``)."""
        return bounds.default_bound(self)

    def incremental_bound(self, name=None):
        """The specialised IDA*'s form of the named lower bound, or None."""
        return bounds.incremental_bound(self, name)

    def manhattan(self, state):
        md = self._md
        return sum(md[t][i] for i, t in enumerate(state))

    def format_move(self, move):
        if self.metric == "multi":
            return ",".join(map(str, move[0])) + ARROWS[move[1]]
        return f"{move[0]}{ARROWS[move[1]]}"

    def move_json(self, move):
        if self.metric == "multi":
            # "tile" is the one to press: the far end of the line
            return {"tile": move[0][-1], "dir": move[1], "tiles": list(move[0])}
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
                "default_heuristic": self.best_bound_name(),
                "metrics": list(METRICS), "metric": self.metric,
                "metric_label": METRICS[self.metric], "auto_rule": AUTO_RULE}

    def multi_manhattan(self, state):
        """Admissible in the multi-tile metric: a row move changes only
        column distances, by at most W-1 in total (W-1 tiles each moving one
        cell), a column move only row distances, by at most H-1."""
        md, mdh = self._md, self._mdh
        total = horiz = 0
        for i, t in enumerate(state):
            total += md[t][i]
            horiz += mdh[t][i]
        vert = total - horiz
        return -(-horiz // (self.w - 1)) + -(-vert // (self.h - 1))


def parse(params, rest, options=None):
    """``rest`` is the list of fields after ``tiles:WxH``; ``options`` the
    link options (``metric``: ``tile`` or ``multi``)."""
    w, h = parse_size(params)
    if not rest:
        raise CodeError(f"The code has no cells: expected {w * h} after "
                        f"'tiles:{w}x{h}:'.")
    if len(rest) > 2:
        raise CodeError("A tiles code has at most four fields: "
                        "tiles:WxH:CELLS:GOAL.")
    metric = metric_of(options, tuple(METRICS), "tiles",
                       "tile (one tile per move) or multi (a line of tiles per move)")
    start = parse_cells(rest[0], w, h, "position")
    goal = parse_cells(rest[1], w, h, "goal") if len(rest) == 2 else default_goal(w * h)
    puzzle = Tiles(w, h, start, goal, metric)
    return puzzle


def check_solvable(puzzle):
    if not solvable(puzzle.start, puzzle.goal, puzzle.w):
        raise Unsolvable("This position cannot reach the goal: the parity of "
                         "the tile permutation does not match the blank's "
                         "distance (half of all arrangements are unsolvable; "
                         "swapping two tiles fixes it).", proof="parity")
