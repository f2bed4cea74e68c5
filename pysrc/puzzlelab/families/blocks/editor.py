"""Editor actions for sliding blocks, reached through ``api.edit`` (the page,
``web/edit/blocks.js``, never builds codes itself).  Each action returns the
new position code, re-parsed by ``puzzle.parse`` so it always opens.
Sibling of puzzle.py (rules and the code format); tests in
tests/test_edit_blocks_pegs.py.

Works on the code's own text: a grid of rows (letter = block, ``.`` empty,
``_`` wall), a list of goal alternatives -- patterns (letter = "this block
covers this cell", ``?`` any, ``.`` empty, ``_`` wall) or exits (their text,
``A-R3``) -- and the one-way blocks.  Example,
``blocks:3x2:AB./CC.:??A/???;C-R2:hC``::

    grid  = [["A", "B", "."], ["C", "C", "."]]
    goals = [[["?", "?", "A"], ["?", "?", "?"]], "C-R2"]
    ways  = {"C": "h"}

Cells are ``[r, c]`` (row, column from 0).  Actions:
  resize {width, height}        crop or extend the board (blocks cut in two
                                parts become two blocks)
  clear {}                      an empty board of the same size, no goal
  paint {cells, block?}         the cells become block ``block`` (extending
                                it) or a new block; they must touch side by side
  erase {cells}                 the cells become empty (blocks or walls)
  wall {cells}                  the cells become walls
  remove {block}                take a whole block off the board
  move {block, r, c}            put a block elsewhere: its bounding box's
                                top-left cell goes to (r, c); only onto empty cells
  goal_add {block, r, c, index?}  the block's outline, bounding box's top-left
                                at (r, c), as a new goal alternative or into
                                alternative ``index`` (moving it if already there)
  goal_remove {index, block?}   drop alternative ``index`` (or only that block from it)
  goal_clear {}                 no goal (every position counts as solved)
  vehicle {cells, red?, way?}   a new one-way block on empty cells in one row
                                or column: a car or truck sliding along its
                                length (``way``, h or v, for a single cell);
                                with ``red``, the one that must get out: it
                                takes the letter A and the goal becomes its
                                exit (right side of its row; bottom of its
                                column when it stands)
  way {block, way}              the block slides only left and right (h), only
                                up and down (v), or every way ("")
  exit {block, side}            the goal becomes "block out through ``side``"
                                (U, D, L, R) at the rows or columns it spans

Whatever an edit does to a block, the goals are kept consistent: a goal
letter whose block is gone, or whose shape can no longer cover the goal's
cells, becomes ``?``; a goal wall where the board has none becomes ``?``;
an alternative left with nothing to ask is dropped, and so is an exit its
block can no longer take; a block cut in two keeps its way in both parts.
"No goal" is written as one pattern of ``?`` only.
"""

from ...errors import CodeError, show
from ..common import whole_number
from .model import MAX_SIDE, MIN_SIDE, SIDES as SIDE_WORDS, WAYS, ways_text
from .puzzle import parse

LETTER_ORDER = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
LETTERS = set(LETTER_ORDER)
FREE = "."
WALL = "_"
ANY = "?"
MAX_CELLS_ARG = 400          # cells in one paint/erase/wall request
SIDES = ((0, 1), (1, 0), (0, -1), (-1, 0))
# action -> the arguments it takes (api.py refuses any other key)
ACTIONS = {
    "resize": ("width", "height"), "clear": (), "paint": ("cells", "block"),
    "erase": ("cells",), "wall": ("cells",), "remove": ("block",),
    "move": ("block", "r", "c"), "goal_add": ("block", "r", "c", "index"),
    "goal_remove": ("index", "block"), "goal_clear": (),
    "vehicle": ("cells", "red", "way"), "way": ("block", "way"), "exit": ("block", "side"),
}


# -- reading the code ---------------------------------------------------------

def _split(puzzle):
    """(w, h, grid, goals, ways) from the puzzle's own code (documented
    format)."""
    fields = puzzle.code().split(":")
    w, h = (int(x) for x in fields[1].split("x"))
    grid = [list(row) for row in fields[2].split("/")]
    goals = [g if any(ch.isdigit() for ch in g) else [list(row) for row in g.split("/")]
             for g in fields[3].split(";")]
    return w, h, grid, goals, dict(puzzle.ways)


def _build(notes, puzzle, w, h, grid, goals, ways):
    """Normalise the goals and ways against the grid (saying in ``notes``
    what that took away), write the code and re-parse it (so an edit can
    never produce a code that fails to open)."""
    ways = {k: v for k, v in ways.items() if any(k in row for row in grid)}
    rows = "/".join("".join(r) for r in grid)
    goals = _fix_goals(w, h, grid, goals, notes)
    goals = [g for g in goals if not isinstance(g, str) or _exit_ok(w, h, rows, g, ways, notes)]
    if not goals:
        goals = [_blank_goal(w, h)]
    goal_text = ";".join(g if isinstance(g, str) else "/".join("".join(r) for r in g)
                         for g in goals)
    metric = getattr(puzzle, "metric", None)
    fields = [rows, goal_text] + ([ways_text(ways)] if ways else [])
    new = parse(f"{w}x{h}", fields, {"metric": metric} if metric else {})
    return new.code()


def _exit_ok(w, h, rows, exit_text, ways, notes):
    """Can this exit still be taken (its block there, and able to lie
    against that side)?  If not, ``notes`` says it is gone."""
    letter = exit_text[0]
    if letter not in rows:
        notes.append(f"Block {letter} is gone, so its exit was removed.")
        return False
    try:
        parse(f"{w}x{h}", [rows, exit_text] + ([ways_text(ways)] if ways else []))
    except CodeError:
        notes.append(f"Block {letter} can no longer take its exit, so the exit was removed.")
        return False
    return True


# -- arguments ----------------------------------------------------------------

_int = whole_number


def _cell(w, h, value, name="cell"):
    if (not isinstance(value, (list, tuple)) or len(value) != 2):
        raise CodeError(f"Editor {name} {show(value, 30)} should be [row, column].")
    r, c = _int(value[0], "row"), _int(value[1], "column")
    if not (0 <= r < h and 0 <= c < w):
        raise CodeError(f"Cell [{r}, {c}] is off the {w}x{h} board.")
    return r, c


def _cells(w, h, value):
    if not isinstance(value, (list, tuple)) or not value:
        raise CodeError("Editor argument 'cells' must be a non-empty list of "
                        "[row, column] pairs.")
    if len(value) > MAX_CELLS_ARG:
        raise CodeError(f"Too many cells in one edit ({len(value)}; the limit "
                        f"is {MAX_CELLS_ARG}).")
    out = []
    for v in value:
        cell = _cell(w, h, v)
        if cell not in out:
            out.append(cell)
    return out


def _letter(grid, value, must_exist=True):
    if not isinstance(value, str) or value not in LETTERS:
        raise CodeError(f"Block name '{show(value, 12)}' should be one letter "
                        f"(A-Z, a-z).")
    if must_exist and not any(value in row for row in grid):
        raise CodeError(f"There is no block {value} on the board.")
    return value


def _new_letter(grid):
    used = {ch for row in grid for ch in row}
    for ch in LETTER_ORDER:
        if ch not in used:
            return ch
    raise CodeError(f"The board already has {len(LETTER_ORDER)} blocks, as "
                    f"many as there are letters.")


# -- shapes -------------------------------------------------------------------

def cells_of(grid, letter):
    return [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row)
            if ch == letter]


def components(cells):
    """Side-by-side connected parts of a set of cells, largest first (ties:
    the part with the first cell in row-major order first)."""
    left = set(cells)
    parts = []
    for start in sorted(cells):
        if start not in left:
            continue
        left.discard(start)
        part, todo = [start], [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in SIDES:
                nb = (r + dr, c + dc)
                if nb in left:
                    left.discard(nb)
                    part.append(nb)
                    todo.append(nb)
        parts.append(sorted(part))
    parts.sort(key=lambda p: (-len(p), p[0]))
    return parts


def _split_blocks(grid, ways):
    """A block cut in two parts (by an erase, a wall, a crop or another
    block painted across it) keeps its letter on its largest part; the
    other parts become new blocks, with its way."""
    letters = []
    for row in grid:
        for ch in row:
            if ch in LETTERS and ch not in letters:
                letters.append(ch)
    for letter in letters:
        parts = components(cells_of(grid, letter))
        for part in parts[1:]:
            fresh = _new_letter(grid)
            for r, c in part:
                grid[r][c] = fresh
            if letter in ways:
                ways[fresh] = ways[letter]


def _coverable(w, h, grid, shape, want):
    """Can a block of ``shape`` (cells relative to its first cell) sit so
    that it covers every cell of ``want``, inside the board and off walls?"""
    anchors = {(r - sr, c - sc) for r, c in want[:1] for sr, sc in shape}
    for ar, ac in anchors:
        placed = {(ar + sr, ac + sc) for sr, sc in shape}
        if not set(want) <= placed:
            continue
        if all(0 <= r < h and 0 <= c < w and grid[r][c] != WALL for r, c in placed):
            return True
    return False


def _placed(grid, letter, args, w, h, what):
    """The cells block ``letter``'s shape covers with its top-left corner at
    ``args`` r, c; ``what`` names it in the message when it sticks out."""
    r, c = _int(args.get("r"), "r"), _int(args.get("c"), "c")
    cells = [(r + dr, c + dc) for dr, dc in _shape(cells_of(grid, letter))]
    if not all(0 <= rr < h and 0 <= cc < w for rr, cc in cells):
        raise CodeError(f"{what} does not fit there: it would stick out of "
                        f"the board.")
    return cells


def _put(g, letter, blank, cells, refuse):
    """Move ``letter`` in grid ``g`` (the board or a goal) onto ``cells``:
    its old cells become ``blank``; ``refuse(value)`` gives the message when
    a cell's value is in the way (None: free)."""
    for rr, cc in cells_of(g, letter):
        g[rr][cc] = blank
    for rr, cc in cells:
        why = refuse(g[rr][cc])
        if why:
            raise CodeError(why)
        g[rr][cc] = letter


def _shape(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return [(r - r0, c - c0) for r, c in cells]


def _fix_goals(w, h, grid, goals, notes):
    """The goals kept consistent with the grid (module docstring); each goal
    part the edit made impossible is named in ``notes``."""
    out = []
    many = len(goals) > 1
    for k, g in enumerate(goals):
        if isinstance(g, str):          # an exit: _build checks it
            out.append(g)
            continue
        was_trivial = _trivial(g)
        g = [row[:] for row in g]
        letters = sorted({ch for row in g for ch in row if ch in LETTERS},
                         key=LETTER_ORDER.index)
        where = f" in goal alternative {k + 1}" if many else ""
        for letter in letters:
            want = cells_of(g, letter)
            have = cells_of(grid, letter)
            if not have:
                notes.append(f"Block {letter} is gone, so its goal outline{where} "
                             f"was removed.")
            elif not _coverable(w, h, grid, _shape(have), want):
                notes.append(f"Block {letter} can no longer cover its goal "
                             f"outline{where}, so that outline was removed.")
            else:
                continue
            for r, c in want:
                g[r][c] = ANY
        for r in range(h):
            for c in range(w):
                if g[r][c] == WALL and grid[r][c] != WALL:
                    g[r][c] = ANY
        if was_trivial or not _trivial(g):
            out.append(g)
        elif many:
            notes.append(f"Goal alternative {k + 1} had nothing left to ask "
                         f"and was dropped.")
    return out or [_blank_goal(w, h)]


def _trivial(g):
    """A pattern that every position meets (only '?' and walls)."""
    return not isinstance(g, str) and all(ch in (ANY, WALL) for row in g for ch in row)


def _blank_goal(w, h):
    return [[ANY] * w for _ in range(h)]


def _goal_index(goals, value):
    k = _int(value, "index")
    if not 0 <= k < len(goals):
        raise CodeError(f"There is no goal alternative {k + 1}.")
    return k


# -- the actions ----------------------------------------------------------------

def edit(puzzle, action, args):
    """The new code; or ``{"code", "note"}`` when keeping the goals
    consistent took a goal outline away (the page shows the note).
    ``args`` is a dict whose keys api.py has checked against ACTIONS."""
    notes = []
    code = _edit(puzzle, action, notes, args)
    return {"code": code, "note": " ".join(notes)} if notes else code


def _edit(puzzle, action, notes, args):
    w, h, grid, goals, ways = _split(puzzle)

    if action == "resize":
        w2 = _int(args.get("width"), "width")
        h2 = _int(args.get("height"), "height")
        lo, hi = MIN_SIDE, MAX_SIDE
        if not (lo <= w2 <= hi and lo <= h2 <= hi):
            raise CodeError(f"Board size {w2}x{h2} is not supported: each side "
                            f"must be from {lo} to {hi}.")
        grid = [[grid[r][c] if r < h and c < w else FREE for c in range(w2)]
                for r in range(h2)]
        goals = [g if isinstance(g, str) else
                 [[g[r][c] if r < h and c < w else ANY for c in range(w2)] for r in range(h2)]
                 for g in goals]
        _split_blocks(grid, ways)
        return _build(notes, puzzle, w2, h2, grid, goals, ways)

    if action == "clear":
        return _build(notes, puzzle, w, h, [[FREE] * w for _ in range(h)], [], {})

    if action == "paint":
        cells = _cells(w, h, args.get("cells"))
        letter = args.get("block")
        if letter is None:
            letter = _new_letter(grid)
        else:
            _letter(grid, letter, must_exist=False)
        mine = set(cells_of(grid, letter)) | set(cells)
        if len(components(mine)) > 1:
            raise CodeError(f"Block {letter} would be in separate parts: the "
                            f"cells of one block must touch side by side.")
        for r, c in cells:
            grid[r][c] = letter
        _split_blocks(grid, ways)
        return _build(notes, puzzle, w, h, grid, goals, ways)

    if action in ("erase", "wall"):
        cells = _cells(w, h, args.get("cells"))
        for r, c in cells:
            grid[r][c] = FREE if action == "erase" else WALL
        _split_blocks(grid, ways)
        return _build(notes, puzzle, w, h, grid, goals, ways)

    if action == "remove":
        letter = _letter(grid, args.get("block"))
        for r, c in cells_of(grid, letter):
            grid[r][c] = FREE
        return _build(notes, puzzle, w, h, grid, goals, ways)

    if action == "move":
        letter = _letter(grid, args.get("block"))
        cells = _placed(grid, letter, args, w, h, f"Block {letter}")
        _put(grid, letter, FREE, cells, lambda v: None if v == FREE else (
            f"Block {letter} cannot go there: "
            f"{'a wall' if v == WALL else f'block {v}'} is in the way."))
        return _build(notes, puzzle, w, h, grid, goals, ways)

    if action == "goal_add":
        letter = _letter(grid, args.get("block"))
        cells = _placed(grid, letter, args, w, h, f"Block {letter}'s goal")
        index = args.get("index")
        if index is None:
            if all(_trivial(g) for g in goals):
                goals = []      # "no goal yet" gives way to the first one
            goals.append(_blank_goal(w, h))
            k = len(goals) - 1
        else:
            k = _goal_index(goals, index)
            if isinstance(goals[k], str):
                raise CodeError(f"Goal alternative {k + 1} is an exit ({goals[k]}); a block's "
                                f"outline goes into a pattern alternative.")
        walls = {(r, c) for r, c in cells if grid[r][c] == WALL}
        if walls:
            raise CodeError(f"Block {letter}'s goal cannot cover a wall.")
        _put(goals[k], letter, ANY, cells, lambda v: None if v not in LETTERS else (
            f"Block {letter}'s goal would overlap block {v}'s goal in the same "
            f"alternative."))
        return _build(notes, puzzle, w, h, grid, goals, ways)

    if action == "goal_remove":
        k = _goal_index(goals, args.get("index"))
        letter = args.get("block")
        if letter is None:
            del goals[k]
        elif isinstance(goals[k], str):
            if goals[k][0] != letter:
                raise CodeError(f"Goal alternative {k + 1} does not name block {letter}.")
            del goals[k]
        else:
            _letter(grid, letter, must_exist=False)
            gone = cells_of(goals[k], letter)
            if not gone:
                raise CodeError(f"Goal alternative {k + 1} does not name "
                                f"block {letter}.")
            for r, c in gone:
                goals[k][r][c] = ANY
        return _build(notes, puzzle, w, h, grid, goals, ways)

    if action == "goal_clear":
        return _build(notes, puzzle, w, h, grid, [], ways)

    if action == "vehicle":
        return _vehicle(notes, puzzle, w, h, grid, goals, ways, args)

    if action == "way":
        letter = _letter(grid, args.get("block"))
        way = args.get("way")
        if way not in ("h", "v", ""):
            raise CodeError("A block's way is h (only left and right), v (only up and "
                            "down) or \"\" (every way).")
        if way:
            ways[letter] = way
        else:
            ways.pop(letter, None)
        return _build(notes, puzzle, w, h, grid, goals, ways)

    if action == "exit":
        letter = _letter(grid, args.get("block"))
        return _build(notes, puzzle, w, h, grid, [_exit_of(w, h, grid, letter,
                                                          args.get("side"))], ways)

    raise CodeError(f"Unknown editor action '{show(action, 30)}' for sliding blocks; "
                    f"known: {', '.join(ACTIONS)}.")


def _exit_of(w, h, grid, letter, side):
    """The exit text for ``letter`` out through ``side``, at the rows (or
    columns) the block spans."""
    if not isinstance(side, str) or side not in SIDE_WORDS:
        raise CodeError(f"An exit's side is U, D, L or R (top, bottom, left, right), "
                        f"not '{show(side, 12)}'.")
    cells = cells_of(grid, letter)
    span = sorted({r for r, _c in cells} if side in "LR" else {c for _r, c in cells})
    lo, hi = span[0] + 1, span[-1] + 1
    return f"{letter}-{side}{lo}" + (f"-{hi}" if hi > lo else "")


def _vehicle(notes, puzzle, w, h, grid, goals, ways, args):
    """The ``vehicle`` action (see the module docstring)."""
    cells = sorted(_cells(w, h, args.get("cells")))
    rows = {r for r, _c in cells}
    cols = {c for _r, c in cells}
    if len(rows) > 1 and len(cols) > 1:
        raise CodeError("A car or truck lies in one row or one column: drag along a row "
                        "or down a column.")
    line = sorted(cols) if len(rows) == 1 else sorted(rows)
    if line[-1] - line[0] != len(line) - 1:
        raise CodeError("A car or truck covers cells side by side, with no gap.")
    way = args.get("way")
    if len(cells) > 1:
        way = "h" if len(rows) == 1 else "v"
    elif way not in WAYS:
        raise CodeError("A one-cell vehicle needs its way: h (left and right) or v (up "
                        "and down).")
    for r, c in cells:
        if grid[r][c] != FREE:
            what = "a wall" if grid[r][c] == WALL else f"block {grid[r][c]}"
            raise CodeError(f"The vehicle cannot go there: {what} is in the way.")
    red = args.get("red")
    if red not in (None, True, False):
        raise CodeError("The editor argument 'red' is true or false.")
    if red:
        if any("A" in row for row in grid):     # the old A gives its letter up
            fresh = _new_letter(grid)
            for r, row in enumerate(grid):
                for c, ch in enumerate(row):
                    if ch == "A":
                        grid[r][c] = fresh
            if "A" in ways:
                ways[fresh] = ways.pop("A")
        letter = "A"
    else:
        letter = _new_letter(grid)
    for r, c in cells:
        grid[r][c] = letter
    ways[letter] = way
    if red:
        goals = [_exit_of(w, h, grid, letter, "R" if way == "h" else "D")]
    return _build(notes, puzzle, w, h, grid, goals, ways)
