"""The sliding-blocks model: sizes, directions, letters, the move record,
one-way blocks and exits, and the parsing helpers of the code's fields.  A
leaf module: every other module of the package imports it, it imports none
of them.  The state and the counting of solutions are described in
puzzle.py's docstring.
"""

import re
from collections import namedtuple

from ...errors import CodeError
from ..common import parse_size as common_parse_size

FAMILY = "blocks"
MIN_SIDE, MAX_SIDE = 1, 16
METRICS = ("move", "step", "line")
# How each counting rule is named and explained in the page (describe).
METRIC_LABELS = {"move": "a slide by one block, corners too, is one move",
                 "step": "every unit step is one move",
                 "line": "a straight slide is one move (Storer)"}
METRIC_HELP = {
    "move": "One block moved any distance, round corners too, is one move (rectilinear): "
            "the count of most published records (Hakoiri-musume 81, Century 99).",
    "step": "Every unit step of a block is one move (Hakoiri-musume 116).",
    "line": "One block slid any distance in one direction is one move, Storer's "
            "straight-line count (Century 111 where the rectilinear count says 99).",
}
DIRS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
# One-way blocks (Rush Hour's cars and trucks): "h" slides only left and
# right, "v" only up and down; a block without a way slides every way.
WAYS = {"h": ("L", "R"), "v": ("U", "D")}
WAY_WORDS = {"h": "left and right", "v": "up and down"}
SIDES = {"U": "top", "D": "bottom", "L": "left", "R": "right"}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
ARROWS = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
LETTERS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
# The mini-search of one block's reachable places (move metric) is memoised
# per (placement, empty cells), and each search keeps an expansion table
# (expand.py); each is dropped when its estimated size passes this many
# bytes (a move holds a few ints as large as the board's placement count:
# on a 16x16 board with 52 named blocks, 1.7 KB each), or MEMO_SHARE of the
# search's memory budget when that is less (Blocks.reserve: both count
# against the budget).
MEMO_BYTES = 48 * 2 ** 20
MEMO_SHARE = 8
# A position's own tables (placements, unit steps, memo slots), per
# placement, about (measured with tracemalloc: 13.7 MB for the 13,312
# placements of 52 named one-cell blocks on 16x16; 1 KB on small boards)
PLACEMENT_BYTES = 1100


class Move:
    """One move: block ``letter`` from placement ``p`` to ``q`` along
    ``path`` (a string of ``U D L R``).  Equal when ``(p, q)`` are."""

    __slots__ = ("letter", "p", "q", "path")

    def __init__(self, letter, p, q, path):
        self.letter, self.p, self.q, self.path = letter, p, q, path

    def __eq__(self, other):
        return (isinstance(other, Move) and self.p == other.p
                and self.q == other.q)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((self.p, self.q))

    def __repr__(self):
        return f"Move({self.letter!r}, {self.p}, {self.q}, {self.path!r})"


def format_path(letter, path):
    out = [letter]
    i = 0
    while i < len(path):
        j = i
        while j < len(path) and path[j] == path[i]:
            j += 1
        out.append(ARROWS[path[i]] + (str(j - i) if j - i > 1 else ""))
        i = j
    return "".join(out)


def parse_size(params):
    """``WxH`` -> (w, h), checked."""
    return common_parse_size(params, MIN_SIDE, MAX_SIDE, "4x5")


def parse_rows(text, w, h, what, allowed, hint):
    rows = text.split("/")
    if len(rows) != h:
        raise CodeError(f"The {what} has {len(rows)} rows; a {w}x{h} board "
                        f"has {h} (rows are separated by '/').")
    for r, row in enumerate(rows):
        if len(row) != w:
            raise CodeError(f"Row {r + 1} of the {what} has {len(row)} cells; "
                            f"the board is {w} wide.")
        for ch in row:
            if ch not in allowed and ch not in LETTERS:
                raise CodeError(f"The {what} has an unknown character "
                                f"'{ch}' in row {r + 1}: {hint}.")
    return rows


def connected(cells):
    cells = set(cells)
    first = min(cells)
    seen = {first}
    todo = [first]
    while todo:
        r, c = todo.pop()
        for dr, dc in DIRS.values():
            nb = (r + dr, c + dc)
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


# -- one-way blocks and exits ---------------------------------------------------

class Exit(namedtuple("Exit", "letter side lo hi")):
    """A goal alternative: block ``letter`` out through the gap in the
    border on ``side`` (U, D, L or R) that spans rows (sides L and R) or
    columns (U and D) ``lo`` to ``hi``, counted from 0.  Met when the block
    lies against that side, each of its rows (columns) reaching the border
    inside the gap: one more slide takes it out, and that slide is not
    counted (Fogleman's Rush Hour counts to the red car at the exit).
    Written ``A-R3`` (rows and columns counted from 1), ``A-D2-3`` for a
    gap two cells wide.  Example: Rush Hour's red car on the third row of a
    6x6 board, ``A-R3``: met with A on cells (2, 4) and (2, 5)."""

    __slots__ = ()

    def text(self):
        span = f"{self.lo + 1}" if self.lo == self.hi else f"{self.lo + 1}-{self.hi + 1}"
        return f"{self.letter}-{self.side}{span}"

    def meets(self, cells, w, h):
        """Does a block on ``cells`` ((r, c) pairs) meet this exit?"""
        if self.side in "LR":
            edge = w - 1 if self.side == "R" else 0
            lines = {r for r, _c in cells}
            at = {r for r, c in cells if c == edge}
        else:
            edge = h - 1 if self.side == "D" else 0
            lines = {c for _r, c in cells}
            at = {c for r, c in cells if r == edge}
        return lines == at and all(self.lo <= x <= self.hi for x in lines)


EXIT_RE = re.compile(r"^([A-Za-z])-([UDLR])(\d{1,2})(?:-(\d{1,2}))?$")


def parse_exit(text, w, h, what):
    """``A-R3`` -> Exit, checked against the board's size."""
    m = EXIT_RE.match(text)
    if not m:
        raise CodeError(f"The {what} '{text[:20]}' is neither a pattern nor an exit: an "
                        f"exit is written like A-R3 (block A out through the right side "
                        f"at row 3; sides U, D, L, R; A-D2-3 for a gap two cells wide).")
    letter, side, lo, hi = m.group(1), m.group(2), int(m.group(3)), m.group(4)
    hi = int(hi) if hi else lo
    most = h if side in "LR" else w
    line = "row" if side in "LR" else "column"
    if not 1 <= lo <= hi <= most:
        raise CodeError(f"The exit {text} is off the board: the {SIDES[side]} side has "
                        f"{line}s 1 to {most}.")
    return Exit(letter, side, lo - 1, hi - 1)


def parse_ways(text, letters):
    """The one-way field ``hABC,vDE`` (A, B, C slide only left and right;
    D, E only up and down) -> {letter: "h" or "v"}; ``letters``: the
    board's blocks."""
    ways = {}
    for part in text.split(","):
        way, names = part[:1], part[1:]
        if way not in WAYS or not names:
            raise CodeError(f"The one-way field '{text[:24]}' should look like hAB,vCD: "
                            f"after h the blocks that slide only left and right, after v "
                            f"those that slide only up and down.")
        for letter in names:
            if letter not in LETTERS:
                raise CodeError(f"The one-way field names '{letter}', which is not a "
                                f"block letter.")
            if letter not in letters:
                raise CodeError(f"The one-way field names block {letter}, which is not "
                                f"on the board.")
            if letter in ways:
                raise CodeError(f"The one-way field names block {letter} twice.")
            ways[letter] = way
    return ways


def ways_text(ways):
    """The one-way field of a code (blocks in letter order), '' for none."""
    parts = []
    for way in WAYS:
        names = sorted(k for k, v in ways.items() if v == way)
        if names:
            parts.append(way + "".join(names))
    return ",".join(parts)
