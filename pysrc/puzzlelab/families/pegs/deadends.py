"""Triangle 28's dead ends near the start: every position of ``LOW`` pegs or
more that the preset start (hole 3 empty, one peg anywhere to finish) or an
image of it under the board's symmetries reaches, and from which no lone
peg can be reached.  Play mode's "never lose" marks read it instead of
searching (``judge_table``) while the game keeps ``LOW`` pegs: a move there
is winnable exactly when its position is not in the table.

Near the start nearly every position is live: of the 36,631,004 positions
of 12 pegs or more the start reaches, 6,443,141 are dead, and as least
images under the board's six symmetries they are 2,171,967 (1.28 MB).  The
live ones would not fit a page: the board's live positions are 35,312,573,
about 20 MB compressed.  Below ``LOW`` pegs the judge searches as before
(its searches are short there).

How it is made (``build``, about 14 minutes of CPython and 6 GB; the
repository keeps a copy, ``triangle28_dead.bin`` beside this file, which
``build.py`` ships as a table): breadth-first from the start down to one
peg; a lone peg is live, and a position of more pegs is live when one of
its children is; the reachable positions of ``LOW`` pegs or more that are
not live are stored, each as its least image under all the board's
symmetries.

The file: ``alive.encode_layers``' format with byte planes (``MAGIC``,
then per layer from 27 down to ``LOW`` pegs its sorted positions, 4 bytes
each, byte plane by byte plane, zlib-compressed), each layer unpacked when
first asked for, without a loop over its positions (the biggest, 776,720
positions of 12 pegs, in 8 ms of CPython), or ahead of the game
(``_ahead``).

Sound use (``judge_table``): a position the start reaches (or an image of
the start: liveness does not change under a symmetry, and the table holds
the least image) is dead exactly when its least image is in the table, if
it has ``LOW`` pegs or more.  The game must begin at an image of the start
(the ``moves`` request's checked ``game``, or the position itself).
"""

import bisect
import os

from ... import tables
from ...errors import PuzzleError
from .alive import Layers, encode_layers, stored_file
from .kernel import Kernel

LOW = 12                # the table holds this many pegs and more
MAGIC = b"PZLDEAD2\n"
TOP = 27                # the start's pegs
NAME = f"pegs-triangle28-dead{LOW}-v2.bin"  # (v2: MAGIC's format; a new LOW or format is a
                                            # new file, not a stale cache)
AHEAD = 3               # the layer this many pegs below a position is unpacked with its marks
WARM = LOW + 6          # from this many pegs down, the search's set-up is made once
ABOUT = f"Triangle 28 (hole 3 empty): the dead positions of {LOW} pegs or more (play mode's marks)"
PRESET = "triangle28"

_state = {}
STORED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "triangle28_dead.bin")


def _ref():
    ref = _state.get("ref")
    if ref is None:
        from .puzzle import expand_preset, parse
        code = expand_preset(PRESET)
        ref = _state["ref"] = parse(code.split(":", 2)[1], code.split(":")[2:], {})
        _state["full"] = Kernel(ref, fix_start=False)       # every symmetry of the board
    return ref


def _canon(p):
    _ref()
    return _state["full"].canon(p)


def applies(puzzle):
    """The board, the lattice and the goal (one peg anywhere, no fixed first
    move) are the table's, and the position has more than ``LOW`` pegs (so
    its moves may be held).  Where the game began is checked by
    ``judge_table``."""
    ref = _ref()
    board = puzzle.board
    return (puzzle.start.bit_count() > LOW
            and board.lattice == ref.board.lattice and board.holes == ref.board.holes
            and puzzle.goal_kind == ref.goal_kind == "anywhere" and not puzzle.first)


def stored():
    """The repository's copy of the table (not in the wheel), or None."""
    return stored_file(STORED)


def build():
    """The table's bytes, computed (see the module docstring)."""
    ref = _ref()
    kern = Kernel(ref)
    children = kern.step(True, False)
    reach = {TOP: {kern.canon(ref.start)}}
    for k in range(TOP, 1, -1):
        nxt = set()
        for p in reach[k]:
            nxt.update(children(p))
        reach[k - 1] = nxt
    live = reach[1]
    dead = {}
    for k in range(2, TOP + 1):
        below = live
        live = {p for p in reach[k] if any(c in below for c in children(p))}
        if k >= LOW:
            dead[k] = {_canon(p) for p in reach[k] - live}
        reach[k - 1] = None
    return encode(dead)


def encode(dead):
    """{pegs: set of least images} for LOW..TOP pegs -> bytes (the format of
    alive.encode_layers)."""
    return encode_layers(dead, MAGIC, TOP, LOW, planes=4)


def decode(data):
    """bytes -> {pegs: array('I') of sorted least images}, each layer
    unpacked when first asked for (the opening asks for the top ones)."""
    return Layers(data, MAGIC, TOP, LOW, planes=4)


def _table():
    got = _state.get("layers")
    if got is None:
        got = _state["layers"] = decode(tables.load(NAME, lambda: stored() or build()))
    return got


def available():
    """Can the table be read here?  In the browser only once the worker has
    fetched it (``tables_needed``)."""
    try:
        _table()
        return True
    except PuzzleError:
        return False


def dead(p):
    """For a position the start reaches: True if no lone peg can be reached
    from it, False if one can, None below ``LOW`` pegs (not in the table)."""
    k = p.bit_count()
    if k < LOW or k > TOP:
        return None
    layer = _table()[k]
    q = _canon(p)
    i = bisect.bisect_left(layer, q)
    return i < len(layer) and layer[i] == q


def winnable(p):
    """``judge_table``'s answer for one move's position: True, False, or
    None (the judge searches it)."""
    d = dead(p)
    return None if d is None else not d


def judge_table(puzzle, earlier=()):
    """For play mode's marks: a function answering "winnable?" (or None:
    not known here) for each position one move from ``puzzle.start``, when
    the game began at an image of the table's start and this position has
    more than ``LOW`` pegs; else None."""
    if not applies(puzzle):
        return None
    first = earlier[0] if earlier else puzzle.start
    if _canon(first) != _canon(_ref().start) or not available():
        return None
    _ahead(puzzle)
    return winnable


def _ahead(puzzle):
    """What the coming positions of a game will need, made now, one piece
    per position while its marks are look-ups (under a millisecond):
    the layer ``AHEAD`` pegs below is unpacked (the big ones take several
    milliseconds, 8 for 12 pegs in CPython), and at ``WARM`` pegs the
    judge's search sets up what it builds once per board and goal (its
    tables of pagodas and symmetries), so that the first position whose
    moves leave the table is not the one to pay for them."""
    k = puzzle.start.bit_count()
    if k - AHEAD >= LOW:
        _table()[k - AHEAD]
    if k <= WARM and not _state.get("warm"):
        _state["warm"] = True
        from .dfs import warm
        warm(puzzle)
