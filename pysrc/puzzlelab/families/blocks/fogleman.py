"""Rush Hour boards in Michael Fogleman's form, turned into the family's own
code (the ``import_code`` hook: ``rush:<36 characters>``, or the bare 36
pasted alone, or a line of his database).  Read by codes.py through the
family's hook; a leaf beside puzzle.py.

Fogleman's form (github.com/fogleman/rush, and his database of every
interesting 6x6 position): the board row by row, one character a cell,
``o`` (or ``.``) empty, ``x`` a wall, ``A`` the red car, any other capital
a car (2 cells) or a truck (3), each lying along the way it slides; 36
characters for 6x6, 49 for 7x7.  The red car lies across the third row and
leaves through the right side there.  A database line is ``moves board
cluster-size``.  Example::

    IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM        IBB_..
                                                I..LDD
    -> blocks:6x6:IBB_../I..LDD/JAAL../J.KEEM/  JAAL..
       FFK..M/GGHHHM:A-R3:hABDEFGH,vIJKLM       J.KEEM
                                                FFK..M
                                                GGHHHM
"""

import re

from ...errors import CodeError, show
from .model import connected

SIZES = {36: 6, 49: 7}
EXIT_ROW = 2                 # the third row, counted from 0
EMPTY, WALL = "o.", "x"
PIECES = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
# a line of the database: moves, the board, the cluster's size
DATABASE_LINE = re.compile(r"^\s*\d+\s+([A-Za-z.]+)\s+\d+\s*$")


def looks_like(text):
    """A bare paste written in Fogleman's characters only (or a line of
    his database): its board, to be read (or refused with what is wrong
    with it), else None."""
    line = DATABASE_LINE.match(text)
    board = line.group(1) if line else text.strip()
    if len(board) >= 9 and set(board) <= PIECES | set(EMPTY + WALL):
        return board
    return None


def to_code(board):
    """Fogleman's board -> ``blocks:...`` (raises CodeError naming what is
    wrong)."""
    size = SIZES.get(len(board))
    if size is None:
        raise CodeError(f"A Rush Hour board in Fogleman's form has 36 characters (6x6) or "
                        f"49 (7x7); this one has {len(board)}.")
    cells = {}
    for i, ch in enumerate(board):
        if ch in EMPTY or ch == WALL:
            continue
        if ch not in PIECES:
            raise CodeError(f"The Rush Hour board has the character '{show(ch, 4)}' at "
                            f"row {i // size + 1}, column {i % size + 1}: use o for "
                            f"empty, x for a wall and capitals for cars and trucks.")
        cells.setdefault(ch, []).append(divmod(i, size))
    if "A" not in cells:
        raise CodeError("The Rush Hour board has no red car A: the car that must get out "
                        "is written A.")
    ways = {}
    for letter, where in sorted(cells.items()):
        rows = {r for r, _c in where}
        cols = {c for _r, c in where}
        if not connected(where):
            raise CodeError(f"The letter {letter} marks cells apart from each other: each "
                            f"car or truck needs a letter of its own.")
        if len(where) == 1:
            raise CodeError(f"Piece {letter} is a single cell: cars are 2 cells long and "
                            f"trucks 3.")
        if len(rows) > 1 and len(cols) > 1:
            raise CodeError(f"Piece {letter} is bent: a car or truck lies in one row or "
                            f"one column.")
        if len(where) > 3:
            raise CodeError(f"Piece {letter} is {len(where)} cells long: cars are 2 cells "
                            f"long and trucks 3.")
        ways[letter] = "h" if len(rows) == 1 else "v"
    if ways["A"] != "h":
        raise CodeError("The red car A stands up and down; it must lie across the third "
                        "row, the exit's row.")
    row = cells["A"][0][0]
    if row != EXIT_ROW:
        raise CodeError(f"The red car A is on row {row + 1}; it must be on the third row, "
                        f"the exit's row.")
    rows = ["".join("." if ch in EMPTY else "_" if ch == WALL else ch
                    for ch in board[r * size:(r + 1) * size]) for r in range(size)]
    parts = [way + "".join(k for k in sorted(ways) if ways[k] == way) for way in "hv"
             if way in ways.values()]
    return f"blocks:{size}x{size}:{'/'.join(rows)}:A-R{EXIT_ROW + 1}:{','.join(parts)}"

