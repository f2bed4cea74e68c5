"""Editor actions for sliding tiles, reached through ``api.edit`` (the page
never builds codes itself).  Each action returns the new position code.
Sibling of puzzle.py (rules); the family's ``edit`` hook (``__init__``).

Actions (``target`` is ``"start"`` or ``"goal"``):
  swap {a, b, target}        exchange the contents of cells a and b
  resize {width, height}     a new solved board of that size
  shuffle {seed}             a random arrangement that can reach the goal
  reset {}                   start := goal
  goal {kind}                goal := "blank-last" | "blank-first" | "snake"
  slide {cell}               play: slide the tile at ``cell`` -- and those
                             between it and the blank -- toward the blank
"""

import random

from ...errors import CodeError, show
from .model import default_goal, parse_size, solvable


def _code(w, h, start, goal):
    from .puzzle import Tiles
    return Tiles(w, h, bytes(start), bytes(goal)).code()


def _cell(puzzle, value, name="cell"):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < puzzle.n:
        raise CodeError(f"Editor {name}: {show(value)} is not a cell of this board.")
    return value


def snake_goal(w, h):
    order = []
    for r in range(h):
        cols = range(w) if r % 2 == 0 else range(w - 1, -1, -1)
        order.extend(r * w + c for c in cols)
    cells = [0] * (w * h)
    for k, cell in enumerate(order[:-1]):
        cells[cell] = k + 1
    return bytes(cells)


# action -> the arguments it takes (api.py refuses any other key)
ACTIONS = {
    "swap": ("a", "b", "target"), "resize": ("width", "height"), "shuffle": ("seed",),
    "reset": (), "goal": ("kind",), "slide": ("cell",),
}


def edit(puzzle, action, args):
    """The new code.  ``args`` is a dict whose keys api.py has checked
    against ACTIONS."""
    w, h, n = puzzle.w, puzzle.h, puzzle.n
    start, goal = bytearray(puzzle.start), bytearray(puzzle.goal)
    if action == "swap":
        a, b = _cell(puzzle, args.get("a"), "cell a"), _cell(puzzle, args.get("b"), "cell b")
        target = args.get("target", "start")
        if target not in ("start", "goal"):
            raise CodeError(f"Editor target '{show(target, 20)}' should be start or goal.")
        arr = goal if target == "goal" else start
        arr[a], arr[b] = arr[b], arr[a]
        return _code(w, h, start, goal)
    if action == "resize":
        w2, h2 = parse_size(f"{args.get('width')}x{args.get('height')}")
        g = default_goal(w2 * h2)
        return _code(w2, h2, g, g)
    if action == "reset":
        return _code(w, h, goal, goal)
    if action == "goal":
        kind = args.get("kind")
        if kind == "blank-last":
            g = default_goal(n)
        elif kind == "blank-first":
            g = bytes(range(n))
        elif kind == "snake":
            g = snake_goal(w, h)
        else:
            raise CodeError(f"Unknown goal kind '{show(kind, 20)}'.")
        return _code(w, h, start, g)
    if action == "shuffle":
        seed = args.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise CodeError(f"Editor seed {show(seed, 20)} should be a number or text.")
        rng = random.Random(seed)
        cells = list(range(n))
        rng.shuffle(cells)
        if not solvable(bytes(cells), bytes(goal), w):
            i, j = [k for k in range(n) if cells[k]][:2]
            cells[i], cells[j] = cells[j], cells[i]
        return _code(w, h, cells, goal)
    if action == "slide":
        cell = _cell(puzzle, args.get("cell"))
        b = start.index(0)
        (r, c), (br, bc) = divmod(cell, w), divmod(b, w)
        if cell == b or (r != br and c != bc):
            raise CodeError("Only a tile in the blank's row or column can slide.")
        step = (1 if cell > b else -1) * (1 if r == br else w)
        k = b
        while k != cell:
            start[k] = start[k + step]
            k += step
        start[cell] = 0
        return _code(w, h, start, goal)
    raise CodeError(f"Unknown editor action '{show(action, 30)}'.")
