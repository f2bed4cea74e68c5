"""Peg solitaire on any board of the square or triangular lattice: rules,
codes, presets, the position-class check and the lower bounds.  The
family's hooks (``__init__``) build on it; siblings: board.py (geometry,
symmetries, classes: the leaf), kernel.py, meet.py, dfs.py, beam.py and
pagodas.py (the engines), editor.py (the editor).

Code: ``pegs:LATTICE:ROWS[:GOAL]``.  LATTICE is ``sq4`` (orthogonal jumps),
``sq8`` (diagonal jumps too) or ``tri`` (triangular lattice: (r, c)
neighbours (r, c+-1), (r+-1, c), (r+1, c+1), (r-1, c-1)).  ROWS are
separated by ``/``, one character per cell: ``o`` peg, ``.`` empty hole,
``_`` no hole.  Short rows are allowed and padded with ``_`` on the right
(so a triangle of side 5 may be written ``o/oo/ooo/oooo/o.ooo``); the
canonical form (what ``encode`` writes) pads every row to the same width
and drops border rows and columns without holes.  GOAL is a pattern of the
same shape: ``o`` must hold a peg, ``.`` must be empty, ``?`` either,
``_`` no hole; without GOAL the goal is one peg anywhere.  The words
``complement`` (one peg in the start's only empty hole: the complement
problem) and ``anywhere`` are accepted as GOAL too; ``encode`` writes the
pattern.  At most 128 holes, 20 rows and 20 columns.  Named presets expand
through :func:`expand_preset`: ``pegs:NAME[-EMPTY[-GOAL]]``, e.g.
``pegs:english`` (centre game), ``pegs:hoppers``, ``pegs:triangle15-3``
(hole 3 empty, one peg anywhere), ``pegs:triangle15-3-complement``,
``pegs:english-c1-complement``, ``pegs:french-d2-d6``.

Link options: ``metric=move`` (default: a chain of jumps by one peg is one
move, as the seeds and the literature count "minimum moves") or
``metric=jump`` (every jump counts); ``first=F-T[-T...]`` fixes the first
jump (or the first jumps of one peg's chain), holes given by number or by
name (below): ``first=0-6`` on Hoppers, ``first=14-6`` on the variant.  In
the move metric the first move is then any chain that begins with those
jumps (it may go on), and counts count the solutions that begin so.

Holes are numbered 0, 1, ... in row-major order, except on the two boards
the seed pages number themselves (Hoppers and the 21-hole variant
triangle), which keep the seed's numbers so moves read like the seeds'.
A hole may also be named Beasley-style by column letter and row number
counted from the top-left of the code's grid: ``d4`` is the centre of the
English board.

State: an ``int``, bit k set when hole number k holds a peg.  Example,
Hoppers (``sq8``, seed numbering) with only the centre empty::

    __o__        holes by number:   __0__
    _ooo_                           _531_
    ooooo   ->  0b1111110111111     A8642      (A = 10, B = 11, C = 12)
    _ooo_       (bit 6 clear)       _B97_
    __o__                           __C__

Moves: in the ``jump`` metric a jump ``(from, over, to)``; in the ``move``
metric a chain ``(from, to1, to2, ...)`` of hole numbers.  Both print as
the seeds do: ``[from, to1, to2]``.
"""

from collections import deque

from ...errors import CodeError, Unsolvable
from ...protocol import Bound, Preset
from ..common import listed
from .board import DIRECTIONS, Board
from .pagodas import single_peg_refusal
from . import minima_stored

FAMILY = "pegs"
MAX_HOLES = 128
MAX_SIDE = 20
METRICS = ("move", "jump")
# the counting menu's words (describe's metric_labels, metric_help): pegs jump
METRIC_LABELS = {"move": "a chain of jumps by one peg is one move",
                 "jump": "every jump is one move"}
METRIC_HELP = {
    "move": "A peg may jump again and again in one turn: such a chain of jumps by one peg "
            "counts as one move (the English board's 18-move solutions).",
    "jump": "Every jump is one move; as each jump takes one peg, every solution has the "
            "same number of jumps (one fewer than the pegs, for a one-peg goal).",
}
BOUNDS = {
    "corners": Bound("corners", "Pegs that must move themselves",
                     "Counts pegs on holes no jump passes over that must end empty: "
                     "each needs a move of its own (move count)."),
    "pegs": Bound("pegs", "Pegs left to remove",
                  "Every jump removes one peg, so the pegs beyond the goal's are "
                  "a lower bound (jump count)."),
}
LETTERS = "abcdefghijklmnopqrstuvwxyz"

# Boards the seed pages number themselves: (lattice, hole shape) -> the
# cells of holes 0, 1, 2, ... (seed 000's Hoppers, seed 004's variant).
SEED_NUMBERING = {
    ("sq8", "__o__/_ooo_/ooooo/_ooo_/__o__"):
        [(0, 2), (1, 3), (2, 4), (1, 2), (2, 3), (1, 1), (2, 2), (3, 3),
         (2, 1), (3, 2), (2, 0), (3, 1), (4, 2)],
    ("tri", "oo_____/_o_____/_oo____/_ooo___/_oooo__/ooooooo/_o____o"):
        [(5, 0), (6, 1), (5, 1), (4, 1), (5, 2), (3, 1), (4, 2), (5, 3),
         (2, 1), (3, 2), (4, 3), (5, 4), (0, 0), (1, 1), (2, 2), (3, 3),
         (4, 4), (5, 5), (6, 6), (0, 1), (5, 6)],
}


def _triangle(n):
    return "/".join("o" * (r + 1) for r in range(n))


# name -> (lattice, hole shape, default empty hole, default goal, label)
BOARDS = {
    "english": ("sq4", "__ooo__/__ooo__/ooooooo/ooooooo/ooooooo/__ooo__/__ooo__",
                "d4", "complement", "English 33"),
    "french": ("sq4", "__ooo__/_ooooo_/ooooooo/ooooooo/ooooooo/_ooooo_/__ooo__",
               "c1", "anywhere", "French 37"),
    "diamond41": ("sq4", "____o____/___ooo___/__ooooo__/_ooooooo_/ooooooooo/"
                  "_ooooooo_/__ooooo__/___ooo___/____o____",
                  "e4", "anywhere", "Diamond 41"),
    "wiegleb45": ("sq4", "___ooo___/___ooo___/___ooo___/ooooooooo/ooooooooo/"
                  "ooooooooo/___ooo___/___ooo___/___ooo___",
                  "e5", "complement", "Wiegleb 45"),
    "hoppers": ("sq8", "__o__/_ooo_/ooooo/_ooo_/__o__", "6", "complement",
                "Hoppers 13"),
    "variant21": ("tri", "oo_____/_o_____/_oo____/_ooo___/_oooo__/ooooooo/_o____o",
                  "6", "complement", "Variant triangle 21"),
}
# Triangles of side 4..8 (also named by hole count: triangle10 ... triangle36).
# Default empty hole: one whose one-peg-anywhere problem has the shortest
# solution on that board (OEIS A127500: 5, 9, 9, 12, 13 moves).
_TRI_DEFAULT = {4: "1", 5: "3", 6: "1", 7: "3", 8: "3"}
for _n in range(4, 9):
    BOARDS[f"triangle{_n}"] = ("tri", _triangle(_n), _TRI_DEFAULT[_n], "anywhere",
                               f"Triangle {_n * (_n + 1) // 2}")
ALIASES = {f"triangle{n * (n + 1) // 2}": f"triangle{n}" for n in range(4, 9)}
ALIASES.update({"english33": "english", "french37": "french",
                "diamond": "diamond41", "wiegleb": "wiegleb45",
                "hoppers13": "hoppers", "variant": "variant21"})

# The preset menu, one record each (protocol.Preset; tests/test_presets.py
# proves every known count, or checks it against the board's stored table
# named in ``facts["table"]``: start-finish, ``*`` for "anywhere").  Every
# jump removes a peg, so a jump count is the pegs less one.
UNITS = {"move": "moves", "jump": None}


def _preset(code, title, known=None, **kw):
    return Preset(code, title, known or {}, units=UNITS, **kw)


PRESETS = [
    _preset("pegs:english", "English 33: centre game", {"move": 18, "jump": 31}, heavy=True),
    _preset("pegs:hoppers", "Hoppers: centre to centre", {"move": 7, "jump": 11}),
    _preset("pegs:triangle15-3-complement", "Triangle 15: complement from hole 3",
            {"move": 9, "jump": 13}),
    _preset("pegs:triangle15-0", "Triangle 15: apex empty, one peg anywhere",
            {"move": 10, "jump": 13}),
    _preset("pegs:triangle15-4-complement", "Triangle 15: complement from hole 4",
            impossible=True),
    _preset("pegs:variant21", "Variant triangle 21: centre game", {"move": 12, "jump": 19}),
    _preset("pegs:triangle10", "Triangle 10", {"move": 5, "jump": 8}),
    _preset("pegs:triangle21", "Triangle 21", {"move": 9, "jump": 19}),
    _preset("pegs:triangle28", "Triangle 28", {"move": 12, "jump": 26}, heavy=True),
    # OEIS A127500
    _preset("pegs:triangle36", "Triangle 36", {"move": 13}, prove=False, heavy=True,
            note="the proof takes about a minute",
            facts={"proven_by": "tests/test_pegs.py::test_triangle36_13_moves_proven"}),
    _preset("pegs:english-c1-complement", "English 33: corner c1 complement", {"move": 16},
            prove=False, facts={"table": "c1-c1"}),
    _preset("pegs:french", "French 37: c1 empty, one peg anywhere", {"move": 20},
            prove=False, facts={"table": "c1-*"}),
    _preset("pegs:french-d2-d6", "French 37: d2 empty, finish at d6", {"move": 20},
            prove=False, facts={"table": "d2-d6"}),
    _preset("pegs:diamond41-d2", "Diamond 41: d2 empty, one peg anywhere", prove=False),
    _preset("pegs:diamond41", "Diamond 41: e4 empty, one peg anywhere", impossible=True,
            note="a pagoda function"),
    _preset("pegs:wiegleb45", "Wiegleb 45: centre game", prove=False,
            note="hard for the solvers"),
]


def _show(text, limit=24):
    text = "".join(c if 32 <= ord(c) < 127 else "?" for c in str(text))
    return text if len(text) <= limit else text[:limit] + "…"


# -- codec -----------------------------------------------------------------
def _grid(text, allowed, what):
    """Rows of a code field -> list of strings padded to one width."""
    if not text:
        raise CodeError(f"The {what} is empty: rows of o (peg), . (empty hole) "
                        f"and _ (no hole), separated by /.")
    rows = text.split("/")
    if len(rows) > MAX_SIDE:
        raise CodeError(f"The {what} has {len(rows)} rows; at most {MAX_SIDE} "
                        f"are supported.")
    for r, row in enumerate(rows):
        if len(row) > MAX_SIDE:
            raise CodeError(f"Row {r + 1} of the {what} has {len(row)} cells; "
                            f"at most {MAX_SIDE} per row are supported.")
        for ch in row:
            if ch not in allowed:
                names = {"o": "o (peg)", ".": ". (empty hole)", "_": "_ (no hole)",
                         "?": "? (either)"}
                raise CodeError(f"Row {r + 1} of the {what} has the character "
                                f"'{_show(ch)}'; use " +
                                ", ".join(names[c] for c in allowed) + ".")
    width = max(len(row) for row in rows)
    return [row.ljust(width, "_") for row in rows]


def _trim_box(rows):
    """(r0, r1, c0, c1) of the rows/columns that hold any hole."""
    rs = [r for r, row in enumerate(rows) if row.strip("_")]
    cs = [c for c in range(len(rows[0])) if any(row[c] != "_" for row in rows)]
    return rs[0], rs[-1] + 1, cs[0], cs[-1] + 1


def _shape_key(lattice, cells):
    return (lattice, "/".join("".join("o" if x else "_" for x in row)
                              for row in cells))


_BOARDS = {}         # (lattice, rows) -> Board, a bounded cache


def make_board(lattice, rows):
    """Board from canonical rows (trimmed, rectangular).  One Board per
    shape, kept: a Board is never changed once made (what it caches is
    derived from its holes), and play mode's judge parses the position
    after every move and the game's earlier positions, where building the
    board's jumps and symmetries each time was a quarter of a late-game
    request."""
    cells = [[ch != "_" for ch in row] for row in rows]
    key = _shape_key(lattice, cells)
    board = _BOARDS.get(key)
    if board is None:
        numbering = SEED_NUMBERING.get(key)
        if len(_BOARDS) >= 64:
            _BOARDS.clear()
        board = _BOARDS[key] = Board(lattice, cells, numbering)
    return board


def _parse_goal(text, board, box, raw_rows, start):
    if text == "anywhere":
        return None
    if text == "complement":
        empty = board.full & ~start
        if empty.bit_count() != 1:
            raise CodeError(f"The goal 'complement' needs a start with exactly "
                            f"one empty hole; this one has {empty.bit_count()}.")
        return empty, board.full & ~empty, 0
    grid = _grid(text, "o.?_", "goal")
    if len(grid) != len(raw_rows):
        raise CodeError(f"The goal has {len(grid)} rows; the board has "
                        f"{len(raw_rows)}.")
    width = max(len(grid[0]), len(raw_rows[0]))
    grid = [row.ljust(width, "_") for row in grid]
    raw = [row.ljust(width, "_") for row in raw_rows]
    r0, _r1, c0, _c1 = box
    peg = empty = free = 0
    for r, (grow, brow) in enumerate(zip(grid, raw)):
        for c, (g, b) in enumerate(zip(grow, brow)):
            if (g == "_") != (b == "_"):
                if b == "_":
                    raise CodeError(f"The goal has {'a peg' if g == 'o' else 'a hole'} "
                                    f"at row {r + 1}, column {c + 1}, where the "
                                    f"board has no hole.")
                raise CodeError(f"The goal has no hole at row {r + 1}, column "
                                f"{c + 1}, where the board has one (use o, . or ?).")
            if g == "_":
                continue
            bit = 1 << board.index[(r - r0, c - c0)]
            if g == "o":
                peg |= bit
            elif g == ".":
                empty |= bit
            else:
                free |= bit
    return peg, empty, free


def parse_hole(board, token, what="hole"):
    """A hole given by number (``14``) or name (``d4``) -> hole number."""
    token = token.strip()
    if not token.isascii():
        raise CodeError(f"'{_show(token)}' is not a hole: write hole numbers "
                        f"with the digits 0-9 or names like d4.")
    if token.isdigit():
        i = int(token)
        if i >= board.n:
            raise CodeError(f"There is no {what} {i}: this board's holes are "
                            f"numbered 0 to {board.n - 1}.")
        return i
    if len(token) >= 2 and token[0].lower() in LETTERS and token[1:].isdigit():
        c = LETTERS.index(token[0].lower())
        r = int(token[1:]) - 1
        i = board.index.get((r, c))
        if i is None:
            raise CodeError(f"There is no {what} at {_show(token)} (column "
                            f"{token[0].lower()}, row {r + 1}) on this board.")
        return i
    raise CodeError(f"'{_show(token)}' is not a hole: give a hole number (0 to "
                    f"{board.n - 1}) or a name like d4 (column letter, row number).")


def _parse_first(board, text, start):
    """``F-T[-T...]`` -> (chain of hole numbers, list of jump indices)."""
    parts = text.replace(",", "-").split("-")
    if len(parts) < 2 or not all(parts):
        raise CodeError(f"The first move '{_show(text)}' should look like 14-6 "
                        f"(from hole, to hole; more -to for a chain), holes by "
                        f"number or name.")
    chain = [parse_hole(board, p, "hole") for p in parts]
    state = start
    jumps = []
    for a, t in zip(chain, chain[1:]):
        j = board.jump_index.get((a, t))
        if j is None:
            raise CodeError(f"The first move '{_show(text)}' is not a jump on "
                            f"this board: no jump goes from hole {a} to hole {t}.")
        a_, b, _t = board.jumps[j]
        if not (state >> a & 1 and state >> b & 1 and not state >> t & 1):
            raise CodeError(f"The first move '{_show(text)}' is not possible "
                            f"from the start: the jump {a} -> {t} needs pegs in "
                            f"holes {a} and {b} and hole {t} empty.")
        state ^= board.jump_masks[j]
        jumps.append(j)
    return tuple(chain), jumps


def parse(params, rest, options=None):
    """``params`` is the lattice, ``rest`` [ROWS] or [ROWS, GOAL]; options
    may hold ``metric`` and ``first``."""
    options = options or {}
    lattice = params.lower()
    if lattice not in DIRECTIONS:
        raise CodeError(f"Unknown lattice '{_show(params)}': use sq4 (orthogonal "
                        f"jumps), sq8 (diagonal jumps too) or tri (triangular, "
                        f"six directions).")
    if not rest or not rest[0]:
        raise CodeError(f"The code has no rows after 'pegs:{lattice}:': rows of "
                        f"o (peg), . (empty hole) and _ (no hole), separated by /.")
    if len(rest) > 2:
        raise CodeError("A pegs code has at most four fields: "
                        "pegs:LATTICE:ROWS:GOAL.")
    raw = _grid(rest[0], "o._", "board")
    holes = sum(row.count("o") + row.count(".") for row in raw)
    if holes == 0:
        raise CodeError("The board has no holes: draw holes with o (peg) or . "
                        "(empty hole).")
    if holes > MAX_HOLES:
        raise CodeError(f"The board has {holes} holes; at most {MAX_HOLES} are "
                        f"supported.")
    box = _trim_box(raw)
    r0, r1, c0, c1 = box
    rows = [row[c0:c1] for row in raw[r0:r1]]
    board = make_board(lattice, rows)
    start = 0
    for i, (r, c) in enumerate(board.holes):
        if rows[r][c] == "o":
            start |= 1 << i
    if len(rest) == 2:
        goal = _parse_goal(rest[1], board, box, raw, start)
    else:
        goal = None
    metric = (options.get("metric") or "move").lower()
    if metric not in METRICS:
        raise CodeError(f"Unknown counting rule '{_show(metric)}' for peg "
                        f"solitaire: use move (a chain of jumps by one peg is one "
                        f"move) or jump (every jump counts).")
    first = options.get("first")
    first_chain = first_jumps = None
    if first:
        first_chain, first_jumps = _parse_first(board, str(first), start)
    return Pegs(board, start, goal, metric, first_chain, first_jumps)


def expand_preset(name):
    """``NAME[-EMPTY[-GOAL]]`` -> full code.  NAME is a board (english,
    french, diamond41, wiegleb45, hoppers, variant21, triangle4..triangle8,
    also triangle10/15/21/28/36); EMPTY the hole left empty at the start
    (number or name, default: the board's usual one); GOAL ``complement``
    (one peg in that hole), ``anywhere`` (one peg anywhere) or a hole (one
    peg there).  Example: ``triangle15-3-complement``."""
    if name.lower() in DIRECTIONS:
        raise CodeError(f"The code stops after 'pegs:{name}:'; the rows come next "
                        f"(o peg, . empty hole, _ no hole, rows separated by /).")
    parts = name.split("-")
    key = parts[0].lower()
    key = ALIASES.get(key, key)
    if key not in BOARDS or len(parts) > 3:
        raise CodeError(f"Unknown peg solitaire board '{_show(name)}'; named "
                        f"boards: {listed(sorted(BOARDS))} (optionally "
                        f"-EMPTYHOLE and -complement, -anywhere or -HOLE).")
    lattice, shape, empty_tok, goal_tok, _label = BOARDS[key]
    rows = _grid(shape, "o._", "board")
    board = make_board(lattice, rows)
    empty = parse_hole(board, parts[1] if len(parts) > 1 else empty_tok,
                       "hole")
    if len(parts) > 2:
        goal_tok = parts[2].lower()
    start = board.full & ~(1 << empty)
    code = f"pegs:{lattice}:" + "/".join(board.rows(start))
    if goal_tok == "anywhere":
        return code
    target = empty if goal_tok == "complement" else parse_hole(board, goal_tok, "hole")
    return code + ":" + "/".join(board.rows(1 << target))


# -- the puzzle --------------------------------------------------------------
def hole_name(board, h):
    """How people name hole ``h``: on square boards its column letter and
    row number (the English board's centre is d4, rows counted from the
    top); on triangles its number, from 0 at the apex row by row (the
    seeds' numbering).  ``parse_hole`` reads both."""
    r, c = board.holes[h]
    if board.lattice != "tri" and c < len(LETTERS):
        return f"{LETTERS[c]}{r + 1}"
    return str(h)


def format_chain(board, chain):
    """A move as its holes: ``d2-d4`` (a jump), ``d2-d4-f4`` (a chain)."""
    return "-".join(hole_name(board, h) for h in chain)


class Pegs:
    """One peg-solitaire problem: board, start, goal, counting rule."""

    family = FAMILY
    reversible = False

    def __init__(self, board, start, goal, metric="move", first=None,
                 first_jumps=None):
        self.board = board
        self.start = start
        self.metric = metric
        self.first = first                  # chain of hole numbers or None
        self.first_jumps = first_jumps or []
        if goal is None:
            self.goal_kind = "anywhere"
            self.goal_peg = self.goal_empty = self.goal_free = 0
            self.goal_min = self.goal_max = 1
        else:
            self.goal_kind = "pattern"
            self.goal_peg, self.goal_empty, self.goal_free = goal
            self.goal_min = self.goal_peg.bit_count()
            self.goal_max = self.goal_min + self.goal_free.bit_count()
        self._care = self.goal_peg | self.goal_empty
        single = self.goal_kind == "pattern" and not self.goal_free
        # A single complete goal position lets the generic bidirectional
        # search run backwards from it (predecessors are "unjumps").  A fixed
        # first move would let the backward side slip past it: not then.
        self.goal_state = self.goal_peg if single and not first else None
        # Holes that are never jumped over: a peg there that has to go must
        # make a move of its own.
        self._must_leave = board.unjumpable & (
            self.goal_empty if self.goal_kind == "pattern" else board.full)
        if metric == "move":
            self.heuristics = {"corners": self.corners}
            self.heuristic = self.corners
            self.successors = self.chain_successors
            self.predecessors = self.chain_predecessors
        else:
            self.heuristics = {"pegs": self.pegs_left}
            self.heuristic = self.pegs_left
            self.successors = self.jump_successors
            self.predecessors = self.jump_predecessors
        if self.goal_state is None:
            self.predecessors = None
        self._forced = {}
        if first:
            state = start
            for j in self.first_jumps:
                self._forced[state] = j
                state ^= board.jump_masks[j]
            self.after_first = state
        else:
            self.after_first = start

    # -- goal and bounds ---------------------------------------------------
    def is_goal(self, state):
        if self.goal_kind == "anywhere":
            return state != 0 and not state & (state - 1)
        return state & self._care == self.goal_peg

    def goal_masks(self):
        """Masks a symmetry must fix for the goal to stay the same."""
        return [self.goal_peg, self.goal_empty, self.goal_free]

    def corners(self, state):
        """Move-metric lower bound: every peg on a hole that no jump passes
        over, and that must end up empty, must make a move of its own (two
        such pegs cannot share a move); and one move if not solved."""
        k = (state & self._must_leave).bit_count()
        if self.goal_kind == "anywhere" and k:
            k -= 1                      # the last peg may stay in one of them
        if k == 0 and not self.is_goal(state):
            return 1
        return k

    def pegs_left(self, state):
        """Jump-metric bound: each jump removes exactly one peg."""
        return max(0, state.bit_count() - self.goal_max)

    # -- moves -------------------------------------------------------------
    def jump_successors(self, state):
        board = self.board
        forced = self._forced.get(state) if self._forced else None
        for j, (a, b, t) in enumerate(board.jumps):
            if state >> a & 1 and state >> b & 1 and not state >> t & 1:
                if forced is not None and j != forced:
                    continue
                yield (a, b, t), state ^ board.jump_masks[j]

    def jump_predecessors(self, state):
        board = self.board
        for j, (a, b, t) in enumerate(board.jumps):
            if state >> t & 1 and not state >> a & 1 and not state >> b & 1:
                yield (a, b, t), state ^ board.jump_masks[j]

    def chain_successors(self, state):
        """Every chain of one or more jumps by one peg, as (chain, child)."""
        jf = self.board.jumps_from
        prefix = self.first if (self.first and state == self.start) else None
        for a in self.board.bits(state):
            stack = [(a, state, (a,))]
            while stack:
                x, q, path = stack.pop()
                for over, to, mask, t, _j in jf[x]:
                    if q & over and not q & to:
                        q2 = q ^ mask
                        p2 = path + (t,)
                        if prefix is None or p2[:len(prefix)] == prefix[:len(p2)]:
                            if prefix is None or len(p2) >= len(prefix):
                                yield p2, q2
                            stack.append((t, q2, p2))

    def chain_predecessors(self, state):
        """Chains that end in ``state``: one peg's unjumps, read forwards;
        the shorter first (breadth-first: on a big empty board a peg's
        chains of unjumps go on and branch for a long time, and a path
        retraced down a table of distances wants the first that fits,
        which is nearly always a short one)."""
        ji = self.board.jumps_into
        for t in self.board.bits(state):
            queue = deque([(t, state, (t,))])
            while queue:
                x, q, path = queue.popleft()
                for need, mask, a, _j in ji[x]:
                    if not q & need:
                        q2 = q ^ mask
                        p2 = (a,) + path
                        yield p2, q2
                        queue.append((a, q2, p2))

    def chain_jumps(self, chain):
        """(from, over, to) triples of a chain of hole numbers."""
        board = self.board
        return [board.jumps[board.jump_index[(a, t)]] for a, t in zip(chain, chain[1:])]

    def apply(self, state, move):
        """The position after a move (jump triple or chain)."""
        board = self.board
        jumps = [move] if self.metric == "jump" else self.chain_jumps(move)
        for a, b, t in jumps:
            state ^= (1 << a) | (1 << b) | (1 << t)
        return state

    # -- presentation ------------------------------------------------------
    def format_move(self, move):
        if self.metric == "jump":
            return format_chain(self.board, (move[0], move[2]))
        return format_chain(self.board, move)

    def move_json(self, move):
        holes = self.board.holes
        if self.metric == "jump":
            path, removed = [move[0], move[2]], [move[1]]
        else:
            path = list(move)
            removed = [b for _a, b, _t in self.chain_jumps(move)]
        return {"path": [list(holes[i]) for i in path],
                "removed": [list(holes[i]) for i in removed]}

    def goal_rows(self):
        if self.goal_kind == "anywhere":
            return None
        grid = self.board.rows(0, empty="_")
        grid = [list(row) for row in grid]
        for i, (r, c) in enumerate(self.board.holes):
            bit = 1 << i
            grid[r][c] = ("o" if self.goal_peg & bit else
                          "." if self.goal_empty & bit else "?")
        return ["".join(row) for row in grid]

    def encode(self, state):
        code = f"pegs:{self.board.lattice}:" + "/".join(self.board.rows(state))
        goal = self.goal_rows()
        if goal is not None:
            code += ":" + "/".join(goal)
        return code

    def code(self):
        return self.encode(self.start)

    def view(self, state):
        return {"family": FAMILY, "lattice": self.board.lattice,
                "rows": self.board.rows(state)}

    def describe(self):
        return {"family": FAMILY, "lattice": self.board.lattice,
                "rows": self.board.rows(self.start),
                "goal": self.goal_rows(),
                "holes": [list(cell) for cell in self.board.holes],
                "hole_names": [hole_name(self.board, h) for h in range(self.board.n)],
                "metric": self.metric, "metrics": list(METRICS),
                "metric_labels": METRIC_LABELS, "metric_help": METRIC_HELP,
                "heuristics": list(self.heuristics),
                # where a lone last peg may end, by the class argument
                "finishes": finish_holes(self),
                # the board's minimum-move table, where one is stored
                "minima": minima_stored.stored(self.board)}


# -- instant refusals ----------------------------------------------------------
def _class_reason(board):
    if board.lattice == "sq4":
        return ("by Beasley's rule of three, colour the holes in three diagonal "
                "colours: every jump changes the number of pegs of each colour by "
                "one, so their parities flip together")
    return ("every jump toggles three holes in a line, so the parities of the "
            "pegs on certain sets of holes change together (Beasley's position "
            "classes, worked out for this board)")


def check_solvable(puzzle):
    """Raise Unsolvable when a counting or class argument settles it."""
    board = puzzle.board
    start = puzzle.after_first
    pegs = start.bit_count()
    if pegs < puzzle.goal_min:
        raise Unsolvable(f"The goal needs at least {puzzle.goal_min} peg"
                         f"{'s' if puzzle.goal_min > 1 else ''}; the start has "
                         f"{pegs}, and jumps only remove pegs.", proof="count")
    if puzzle.is_goal(start):
        return
    if not any(True for _ in puzzle.jump_successors(start)):
        raise Unsolvable("No jump is possible from the start position, and it is "
                         "not the goal.", proof="moves")
    if puzzle.goal_kind == "pattern":
        if board.reduce(start ^ puzzle.goal_peg, board.bits(puzzle.goal_free)):
            raise Unsolvable(f"The start and the goal are in different position "
                             f"classes, so no sequence of jumps joins them: "
                             f"{_class_reason(board)}.", proof="classes")
    else:
        if not board.lone_finishes(start):
            raise Unsolvable(f"No single peg anywhere is in the start's position "
                             f"class, so it cannot finish with one peg: "
                             f"{_class_reason(board)}.", proof="classes")
    # a lone survivor: pagoda functions may rule out every hole it could be on
    if puzzle.goal_kind == "pattern":
        single = puzzle.goal_peg.bit_count() == 1 and not puzzle.goal_free
        finishes = board.bits(puzzle.goal_peg) if single else []
    else:
        finishes = finish_holes(puzzle)
    if finishes and pegs > 1:
        used = single_peg_refusal(puzzle, finishes)
        if used is not None:
            names = ", ".join(hole_name(board, h) for h in finishes)
            raise Unsolvable(
                f"A pagoda function rules out a lone survivor on {names}: weights on "
                f"the holes (negative ones on holes no jump passes over) whose sum "
                f"over the pegs never grows under a jump, and the start's sum is "
                f"too small to pay for the last jump into "
                f"{'that hole' if len(finishes) == 1 else 'any of them'} "
                f"({len(used)} such function{'s' if len(used) > 1 else ''}).",
                proof="pagoda")


def finish_holes(puzzle):
    """Holes where a lone survivor is allowed by the class argument."""
    board = puzzle.board
    return list(board.lone_finishes(puzzle.after_first))
