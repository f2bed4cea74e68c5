"""Editor actions for peg solitaire, reached through ``api.edit`` (the page,
``web/edit/pegs.js``, never builds codes itself).  Each action returns the new
position code, re-parsed by ``pegs.parse`` so it always opens.  Sibling of
puzzle.py (rules and the code format); tests in tests/test_edit_blocks_pegs.py.

Works on the code's own text: the board grid (``o`` peg, ``.`` empty hole,
``_`` no hole) and the goal pattern (``o`` peg, ``.`` empty, ``?`` either,
``_`` no hole) or None for "one peg anywhere".  Example,
``pegs:sq4:ooo/o.o/ooo:.../.o./...``::

    rows = [["o","o","o"], ["o",".","o"], ["o","o","o"]]
    goal = [[".",".","."], [".","o","."], [".",".","."]]

Cells are (r, c) in the code's grid, rows from the top, columns from the
left, from 0 (on ``tri`` the grid is sheared: (r, c) touches (r+1, c+1)).
The code drops border rows and columns without holes, so a hole added just
outside (r or c = -1, or one past the last) grows the board; the new code's
grid starts at its first row and column with a hole.  Actions:
  lattice {name}              sq4, sq8 or tri; holes, pegs and goal stay
  resize {rows, cols}         a new rows x cols board: every hole filled but
                              the centre one; goal: one peg anywhere
  triangle {side}             a new triangle on the tri lattice (rows of
                              1..side holes, apex at (0, 0)), every hole
                              filled but one (sides 4-8: the named board's
                              usual one, which can finish; else the apex);
                              goal: one peg anywhere
  toggle_hole {r, c}          add a hole (with a peg) or remove one
  toggle_peg {r, c}           a peg into an empty hole, or out of it
  fill {peg}                  every hole filled (true) or emptied (false)
  goal {kind, r?, c?}         kind "anywhere" (one peg anywhere), "hole"
                              (one peg at (r, c), the rest empty),
                              "complement" (one peg where the start's only
                              empty hole is), "pattern" (keep the current
                              pattern, or start one of all '?')
  goal_cell {r, c, value?}    set one cell of the goal pattern to o, . or ?
                              (no value: o -> . -> ? -> o)
  random {seed}               a random start that can be solved, on this
                              board: from one peg in a random hole, jumps
                              played backwards (a peg on t, holes a and b
                              empty -> pegs on a and b, t empty) at random
                              until none is left; goal: one peg in that hole
"""

import random

from ...errors import CodeError, show
from ..common import whole_number
from . import puzzle as pegs

PEG, EMPTY, NONE, ANY = "o", ".", "_", "?"
CYCLE = {PEG: EMPTY, EMPTY: ANY, ANY: PEG}
MAX_NEW_SIDE = 12     # resize / triangle: a new board's side
# action -> the arguments it takes (api.py refuses any other key)
ACTIONS = {
    "lattice": ("name",), "resize": ("rows", "cols"), "triangle": ("side",),
    "toggle_hole": ("r", "c"), "toggle_peg": ("r", "c"), "fill": ("peg",),
    "goal": ("kind", "r", "c"), "goal_cell": ("r", "c", "value"),
    "random": ("seed",),
}


def _split(puzzle):
    """(lattice, rows, goal) from the puzzle's own code (documented format)."""
    fields = puzzle.code().split(":")
    rows = [list(row) for row in fields[2].split("/")]
    goal = [list(row) for row in fields[3].split("/")] if len(fields) > 3 else None
    return fields[1], rows, goal


def _random_start(puzzle, lattice, rows, seed):
    """The ``random`` action: solvable by construction (its solution is the
    backward jumps replayed forwards)."""
    board = puzzle.board
    rng = random.Random(seed)
    last = rng.randrange(board.n)
    state = 1 << last
    while True:
        back = [(a, b, t) for a, b, t in board.jumps
                if state >> t & 1 and not state >> a & 1 and not state >> b & 1]
        if not back:
            break
        a, b, t = rng.choice(back)
        state ^= (1 << a) | (1 << b) | (1 << t)
    grid = [[NONE if ch == NONE else EMPTY for ch in row] for row in rows]
    goal = [row[:] for row in grid]
    for h, (r, c) in enumerate(board.holes):
        if state >> h & 1:
            grid[r][c] = PEG
    r, c = board.holes[last]
    goal[r][c] = PEG
    return _build(puzzle, lattice, grid, goal)


def _build(puzzle, lattice, rows, goal):
    fields = ["/".join("".join(r) for r in rows)]
    if goal is not None:
        fields.append(goal if isinstance(goal, str) else
                      "/".join("".join(r) for r in goal))
    metric = getattr(puzzle, "metric", None)
    new = pegs.parse(lattice, fields, {"metric": metric} if metric else {})
    return new.code()


_int = whole_number


def _hole(rows, args):
    r, c = _int(args.get("r"), "r"), _int(args.get("c"), "c")
    if not (0 <= r < len(rows) and 0 <= c < len(rows[0])) or rows[r][c] == NONE:
        raise CodeError(f"There is no hole at row {r + 1}, column {c + 1}.")
    return r, c


def _grow(rows, goal, r, c):
    """Pad the grid (and the goal) so that (r, c) is inside it, r and c at
    most one outside; returns the cell's coordinates after padding."""
    h, w = len(rows), len(rows[0])
    if not (-1 <= r <= h and -1 <= c <= w):
        raise CodeError(f"Row {r + 1}, column {c + 1} is not on the board or "
                        f"just beside it.")
    grids = [rows] + ([goal] if goal is not None else [])
    if r == -1:
        for g in grids:
            g.insert(0, [NONE] * w)
        r = 0
    elif r == h:
        for g in grids:
            g.append([NONE] * w)
    if c == -1:
        for g in grids:
            for row in g:
                row.insert(0, NONE)
        c = 0
    elif c == w:
        for g in grids:
            for row in g:
                row.append(NONE)
    return r, c


def _holes(rows):
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != NONE]


def _fresh(lattice, cells, empty, puzzle):
    """A new board with holes at ``cells`` (a set of (r, c)), every hole
    filled but ``empty``; goal: one peg anywhere."""
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    rows = [[(EMPTY if (r, c) == empty else PEG) if (r, c) in cells else NONE
             for c in range(w)] for r in range(h)]
    return _build(puzzle, lattice, rows, None)


def _side(value, name):
    n = _int(value, name)
    if not 1 <= n <= MAX_NEW_SIDE:
        raise CodeError(f"A new board's {name} must be from 1 to {MAX_NEW_SIDE}, "
                        f"not {n}.")
    return n


def edit(puzzle, action, args):
    """The new code.  ``args`` is a dict whose keys api.py has checked
    against ACTIONS."""
    lattice, rows, goal = _split(puzzle)

    if action == "random":
        return _random_start(puzzle, lattice, rows,
                             whole_number(args.get("seed", 0), "seed"))

    if action == "lattice":
        name = args.get("name")
        if not isinstance(name, str):
            raise CodeError("Editor argument 'name' must be sq4, sq8 or tri.")
        return _build(puzzle, name, rows, goal)

    if action == "resize":
        h, w = _side(args.get("rows"), "rows"), _side(args.get("cols"), "cols")
        cells = {(r, c) for r in range(h) for c in range(w)}
        return _fresh(lattice, cells, (h // 2, w // 2), puzzle)

    if action == "triangle":
        n = _side(args.get("side"), "side")
        try:
            return _build(puzzle, "tri", [list(r) for r in
                          pegs.expand_preset(f"triangle{n}").split(":")[2].split("/")], None)
        except CodeError:
            cells = {(r, c) for r in range(n) for c in range(r + 1)}
            return _fresh("tri", cells, (0, 0), puzzle)

    if action == "toggle_hole":
        r, c = _int(args.get("r"), "r"), _int(args.get("c"), "c")
        r, c = _grow(rows, goal, r, c)
        if rows[r][c] == NONE:
            rows[r][c] = PEG
            if goal is not None:
                # keep a complete pattern complete ("one peg here" stays so)
                anyany = any(ANY in row for row in goal)
                goal[r][c] = ANY if anyany else EMPTY
        else:
            if len(_holes(rows)) == 1:
                raise CodeError("A board needs at least one hole.")
            rows[r][c] = NONE
            if goal is not None:
                goal[r][c] = NONE
                if not any(ch in (PEG, ANY) for row in goal for ch in row):
                    goal = None     # its one peg's hole is gone: one peg anywhere
        return _build(puzzle, lattice, rows, goal)

    if action == "toggle_peg":
        r, c = _hole(rows, args)
        rows[r][c] = EMPTY if rows[r][c] == PEG else PEG
        return _build(puzzle, lattice, rows, goal)

    if action == "fill":
        peg = args.get("peg", True)
        if not isinstance(peg, bool):
            raise CodeError("Editor argument 'peg' must be true or false.")
        rows = [[(PEG if peg else EMPTY) if ch != NONE else NONE for ch in row]
                for row in rows]
        return _build(puzzle, lattice, rows, goal)

    if action == "goal":
        kind = args.get("kind")
        if kind == "anywhere":
            return _build(puzzle, lattice, rows, None)
        if kind == "hole":
            r, c = _hole(rows, args)
            g = [[EMPTY if ch != NONE else NONE for ch in row] for row in rows]
            g[r][c] = PEG
            return _build(puzzle, lattice, rows, g)
        if kind == "complement":
            return _build(puzzle, lattice, rows, "complement")
        if kind == "pattern":
            if goal is None:
                goal = [[ANY if ch != NONE else NONE for ch in row] for row in rows]
            return _build(puzzle, lattice, rows, goal)
        raise CodeError(f"Unknown goal kind '{show(kind, 20)}'; use anywhere, hole, "
                        f"complement or pattern.")

    if action == "goal_cell":
        r, c = _hole(rows, args)
        if goal is None:
            goal = [[ANY if ch != NONE else NONE for ch in row] for row in rows]
        value = args.get("value")
        if value is None:
            value = CYCLE[goal[r][c]]
        elif not isinstance(value, str) or value not in CYCLE:
            raise CodeError(f"A goal cell is o (peg), . (empty) or ? (either), "
                            f"not '{show(value, 10)}'.")
        goal[r][c] = value
        return _build(puzzle, lattice, rows, goal)

    raise CodeError(f"Unknown editor action '{show(action, 30)}' for peg solitaire; "
                    f"known: lattice, resize, triangle, toggle_hole, toggle_peg, "
                    f"fill, goal, goal_cell.")
