"""The sliding-blocks model: sizes, directions, letters, the move record and
the parsing helpers of the code's rows.  A leaf module: every other module
of the package imports it, it imports none of them.  The state and the
counting of solutions are described in puzzle.py's docstring.
"""

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
