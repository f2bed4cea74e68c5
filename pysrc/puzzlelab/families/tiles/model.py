"""The sliding-tiles model: board sizes, the cell codec, the goal, parity.
A leaf module: every other module of the package imports it, it imports
none of them.

State: ``bytes`` of length W*H, ``state[cell] = tile`` (0 = blank), cells
row-major.  Example, 3x3 ``867254301``::

    8 6 7
    2 5 4     -> b'\\x08\\x06\\x07\\x02\\x05\\x04\\x03\\x00\\x01'
    3 _ 1

Code fields: one base-36 digit per cell while W*H <= 36, else
comma-separated decimals.  Default goal: 1, 2, ..., blank last.
"""

from ...errors import CodeError
from ..common import parse_size as common_parse_size

FAMILY = "tiles"
MIN_SIDE, MAX_SIDE = 2, 10
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
ARROWS = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
METRICS = {"tile": "single-tile moves (one tile slides one cell)",
           "multi": "multi-tile moves (sliding a line of tiles toward the "
                    "blank counts as one move)"}
EXACT_MAX_CELLS = 10      # exact distance tables: 10!/2 = 1,814,400 positions
WD_MAX_SIDE = 4           # walking-distance tables beyond 4 lines get big


def parse_size(params):
    """``WxH`` -> (w, h), checked."""
    return common_parse_size(params, MIN_SIDE, MAX_SIDE, "3x3")


def parse_cells(text, w, h, what):
    """The cells of a code field -> bytes, checked (``what``: position or goal)."""
    n = w * h
    if not text:
        raise CodeError(f"The {what} is empty: expected {n} cells.")
    if n <= 36 and "," not in text:
        parts = list(text.lower())
        try:
            values = [int(p, 36) for p in parts]
        except ValueError:
            bad = next(c for c in parts if not valid_token(c))
            raise CodeError(f"The {what} has an unknown character '{bad}': "
                            f"use 0-9 and a-z (0 is the blank).") from None
    elif n <= 36:
        # the comma-separated form is accepted for small boards too
        try:
            values = [int(p) for p in text.split(",")]
        except ValueError:
            raise CodeError(f"The {what} mixes commas with other text: write "
                            f"one base-36 digit per cell, or decimal numbers "
                            f"separated by commas.") from None
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


def valid_token(tok):
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
