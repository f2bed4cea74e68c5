"""The English 33 centre game's live positions: every position (up to the
board's symmetries) that the standard start (all pegs but d4) can reach and
from which one peg in d4 can still be reached -- 1,679,072 of the
23,475,688 reachable ones.  Play mode's "never lose" marks read it instead
of searching (``judge_table``), ``meet`` keeps only live positions
(``keeper``: every position of a solution is live), and ``dfs`` walks down
it from a live start (``descend``).

The set is its own complement (a jump in P is an unjump in the complement
of P, and the start and the goal are each other's complements), so the table
keeps the positions of 17 to 32 pegs (839,536) and a position of 16 pegs or
fewer is looked up by its complement.

How it is made (``build``, a few minutes of CPython, cached like every
table; the repository keeps a copy, ``english33_alive.bin`` beside this file,
which ``build.py`` ships as is): breadth-first from the start down to 16
pegs, up to symmetry; the live positions of 17 pegs are those whose
complement was reached with 16; a position of more pegs is live when one of
its children is.

The file: ``MAGIC``, then for 32 down to 17 pegs the layer's count and its
compressed length (4 bytes each), then its sorted canonical positions as
differences (8 bytes each, the first from 0), zlib-compressed: a layer is
unpacked when first asked for.

Sound use (``judge_table``): a position in the table is winnable.  A
position outside it is lost only if the start can reach it -- true of every
child of a position in the table, so the moves of a live position are all
settled by the table; elsewhere the judge searches as before.
"""

import bisect
import itertools
import os
import struct
import sys
import zlib
from array import array

from ... import tables
from ...errors import PuzzleError, TableError
from ...search.common import Clock, progress
from .kernel import Kernel

NAME = "pegs-english33-alive.bin"
ABOUT = "English 33 centre game: every live position up to symmetry (play mode's marks)"
MAGIC = b"PZLALIVE1\n"
HALF = 17               # the table keeps this many pegs and more
PEGS = 33

_state = {}             # the decoded table and its kernel, once per process


def _reference():
    from .puzzle import expand_preset, parse
    code = expand_preset("english")
    return parse(code.split(":", 2)[1], code.split(":")[2:], {})


def applies(puzzle):
    """Does the table answer for ``puzzle``'s goal?  The English board,
    orthogonal jumps, and the goal exactly one peg in d4 (the start does not
    matter: ``judge_table`` checks the position itself)."""
    ref = _ref()
    board = puzzle.board
    return (board.lattice == ref.board.lattice and board.holes == ref.board.holes
            and puzzle.goal_kind == "pattern" and puzzle.goal_peg == ref.goal_peg
            and puzzle.goal_free == 0 and puzzle.goal_empty == ref.goal_empty
            and not puzzle.first)


def _ref():
    ref = _state.get("ref")
    if ref is None:
        ref = _state["ref"] = _reference()
    return ref


STORED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "english33_alive.bin")


def stored():
    """The repository's copy of the table (not in the wheel), or None."""
    return stored_file(STORED)


def stored_file(path):
    """The bytes of a table file the repository keeps beside its module (a
    wheel does not hold them), or None."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def build():
    """The table's bytes, computed (see the module docstring)."""
    ref = _ref()
    kern = Kernel(ref)
    canon = kern.canon
    children = kern.step(True, False)
    full = ref.board.full
    reach = {PEGS - 1: {canon(ref.start)}}
    for k in range(PEGS - 1, HALF - 2, -1):
        nxt = set()
        for p in reach[k]:
            nxt.update(children(p))
        reach[k - 1] = nxt
    live = {HALF: {p for p in reach[HALF] if canon(full ^ p) in reach[HALF - 1]}}
    for k in range(HALF + 1, PEGS):
        below = live[k - 1]
        live[k] = {p for p in reach[k] if any(c in below for c in children(p))}
    return encode(live)


def encode(live):
    """{pegs: set of canonical positions} for HALF..32 pegs -> bytes."""
    return encode_layers(live, MAGIC, PEGS - 1, HALF)


def decode(data):
    """bytes -> ``Layers`` (a mapping pegs -> sorted canonical positions)."""
    return Layers(data, MAGIC, PEGS - 1, HALF)


def encode_layers(layers, magic, top, low, planes=0):
    """{pegs: set of positions} for ``low``..``top`` pegs -> bytes: ``magic``,
    then from ``top`` down to ``low`` pegs the layer's count and compressed
    length (4 bytes each), then its sorted positions zlib-compressed: as
    differences (8 bytes each, the first from 0; this table's format), or
    with ``planes`` (4 or 8: bytes per position) as the positions
    themselves, byte plane by byte plane (every position's lowest byte,
    then every second byte, ...: deadends.py's format, which unpacks
    without a Python loop over the positions, and compresses as well)."""
    out = [magic]
    for k in range(top, low - 1, -1):
        layer = sorted(layers.get(k, ()))
        if planes:
            if layer and layer[-1] >> (8 * planes):
                raise ValueError(f"a position does not fit in {planes} bytes")
            raw = array("Q", layer)
            if sys.byteorder != "little":
                raw.byteswap()
            raw = raw.tobytes()
            body = b"".join(raw[i::8] for i in range(planes))
        else:
            body = array("Q", [b - a for a, b in zip([0] + layer, layer)]).tobytes()
        packed = zlib.compress(body, 9)
        out.append(struct.pack("<II", len(layer), len(packed)))
        out.append(packed)
    return b"".join(out)


_SUM_CHUNK = 8192      # positions summed at a time when a layer is unpacked

# array type code by bytes per position (``planes``)
_TYPECODE = {array(code).itemsize: code for code in "IQ"}


class Layers(dict):
    """{pegs: array of sorted positions ('Q'; with ``planes`` 4, 'I')} from
    ``encode_layers``' bytes,
    each layer unpacked when first asked for (the whole English table at
    once costs 0.13 s in the browser, most of it on the biggest layers,
    which the early game does not ask for)."""

    def __init__(self, data, magic, top, low, planes=0):
        super().__init__()
        self.planes = planes
        if planes and planes not in _TYPECODE:
            raise ValueError(f"no array type of {planes} bytes here")
        if not data.startswith(magic):
            self.damaged("it is not a table of positions by peg count")
        self.spans = {}
        self.data = data
        at = len(magic)
        for k in range(top, low - 1, -1):
            if at + 8 > len(data):
                self.damaged("it is cut short")
            n, size = struct.unpack_from("<II", data, at)
            at += 8
            self.spans[k] = (n, at, at + size)
            at += size
        if at != len(data):
            self.damaged("its layers do not add up")

    def damaged(self, why):
        """Refuse the table (tables.py checks each file's seal: this is for
        one damaged before it was sealed, or a bug)."""
        raise TableError(f"A stored table of positions is damaged ({why}); it cannot "
                         f"be used. Reload the page to fetch it again.")

    def held_bytes(self):
        """The bytes this table holds once every layer is unpacked, and the
        biggest layer's packed bytes while it is unpacked."""
        width = self.planes or 8
        sizes = [n * width for n, _lo, _hi in self.spans.values()]
        return len(self.data) + sum(sizes) + max(sizes, default=0)

    def __missing__(self, k):
        n, lo, hi = self.spans[k]
        width = self.planes or 8
        try:
            body = zlib.decompress(memoryview(self.data)[lo:hi], bufsize=max(1, width * n))
        except zlib.error:
            body = None
        if body is None or len(body) != width * n:
            self.damaged(f"its layer of {k} pegs")
        if self.planes:
            raw = bytearray(width * n)
            for i in range(width):
                raw[i::width] = body[i * n:(i + 1) * n]
            layer = array(_TYPECODE[width])
            layer.frombytes(raw)
            if sys.byteorder != "little":
                layer.byteswap()
        else:
            # the differences summed in place, a slice at a time: no second
            # array of the layer's size, nor one grown by appending (each
            # left its size again in the process's memory)
            layer = array("Q")
            layer.frombytes(body)
            del body
            carry = 0
            for i in range(0, n, _SUM_CHUNK):
                part = array("Q", itertools.accumulate(layer[i:i + _SUM_CHUNK], initial=carry))
                carry = part[-1]
                layer[i:i + _SUM_CHUNK] = part[1:]
        self[k] = layer
        return layer

    def __len__(self):
        return len(self.spans)

    def __iter__(self):
        return iter(self.spans)

    def keys(self):
        return self.spans.keys()

    def items(self):
        return [(k, self[k]) for k in self.spans]


def _table():
    got = _state.get("layers")
    if got is None:
        got = _state["layers"] = decode(tables.load(NAME, lambda: stored() or build()))
        _state["kernel"] = Kernel(_ref())
    return got


def held_bytes():
    """The bytes the table takes once every layer is unpacked (0 where it
    cannot be read here)."""
    return _table().held_bytes() if available() else 0


def loaded():
    """Is the table loaded in this process (it stays: a search that does not
    read it holds it all the same)?"""
    return "layers" in _state


def available():
    """Can the table be read here?  In the browser only once the worker has
    fetched it (``tables_needed``); where it cannot, the searches go on
    without it."""
    try:
        _table()
        return True
    except PuzzleError:
        return False


def live(p):
    """Is position ``p`` (a bit mask of the English board) in the table?"""
    layers = _table()
    k = p.bit_count()
    if k < HALF:
        p ^= _ref().board.full
        k = PEGS - k
    if k >= PEGS:
        return False        # no peg, or every hole full: no jump leads there
    q = _state["kernel"].canon(p)
    layer = layers[k]
    i = bisect.bisect_left(layer, q)
    return i < len(layer) and layer[i] == q


def descend(puzzle, p):
    """The jumps of a solution from live position ``p`` (every live position
    but the goal has a live child)."""
    return downhill(puzzle, p, lambda _p, child: live(child))


def downhill(puzzle, p, nearer, last=None):
    """The jumps from ``p`` to the goal, each to a child ``nearer(p,
    child)`` says is on the way (one must be, at every position but the
    goal), a peg that has just landed (on ``last`` at first) jumping on
    when it can: fewer moves when jumps by one peg count as one."""
    jumps = []
    while not puzzle.is_goal(p):
        best = None
        for jump, child in puzzle.jump_successors(p):
            if nearer(p, child):
                best = (jump, child)
                if jump[0] == last:
                    break
        if best is None:
            raise AssertionError("a position on the way to the goal has no child nearer")
        jumps.append(best[0])
        last = best[0][2]
        p = best[1]
    return jumps


def keeper(puzzle, kern):
    """For a search of ``puzzle`` from its start (meet): a ``Keep`` whose
    ``contains(c)`` is true of the live positions -- every position of every solution is live when
    the start is (the standard start reaches it) -- or None when the table
    does not apply (another goal; a start it does not hold: not reached
    from the standard start, or lost).  ``c`` is a canonical position of ``keep.half`` pegs or more,
    or, for fewer, ``keep.full`` XOR the largest image of the position (the
    canonical form of its complement): kernel.expander has the images at
    hand, and a canonical form computed afresh costs more than the rest.
    Where ``kern``'s symmetries are not the table's, ``half`` is 0 and
    ``contains`` is ``live``, which reduces each position itself.
    ``contains`` bisects the table's layers (no memory beyond the table's,
    which ``held_bytes`` counts) until ``Keep.quicken`` puts them in a set."""
    if not applies(puzzle) or not available() or not live(puzzle.after_first):
        return None
    full = _ref().board.full
    if list(kern.ks) != list(_state["kernel"].ks):
        # the search's canonical forms are not the table's (a start with
        # fewer symmetries): ``live`` reduces each position by the table's kernel
        return Keep(live, 0, full)
    return Keep(_member, HALF, full)


def _member(c):
    """Is ``c``, a canonical position of HALF pegs or more, in the table?"""
    layer = _table()[c.bit_count()] if c.bit_count() < PEGS else ()
    i = bisect.bisect_left(layer, c)
    return i < len(layer) and layer[i] == c


# bytes a live position takes in ``Keep.quicken``'s set, at the most: its
# int, and set slots of two words in a table kept at most 3/5 full, the old
# table beside the new one while it grows (83 bytes measured on 64 bits;
# tests/test_budget.py checks it against tracemalloc)
MEMBER_BYTES = sys.getsizeof(1 << 40) + 7 * struct.calcsize("P")
QUICKEN_CHUNK = 16_384          # positions put in the set between two looks at the clock


def members_bytes():
    """The bytes of ``Keep.quicken``'s set of every live position (72 MB)."""
    return MEMBER_BYTES * sum(n for n, _lo, _hi in _table().spans.values())


class Keep:
    """alive.keeper's answer: ``contains(c)``, and how to ask it."""

    def __init__(self, contains, half, full):
        self.contains = contains
        self.half = half
        self.full = full

    def quicken(self, room=None, clock=None):
        """Generator: put every live position in a set, where its bytes
        (``members_bytes``) fit in ``room`` (None: no limit), since a set
        answers in one C call and a bisection of the layers took a quarter
        of the proof; yields progress records (``clock``'s) as it fills the
        set.  Returns the bytes the set takes, 0 where it is not used (the
        bisection then goes on, slower, in no more memory).  The set goes
        with the search (kept for later ones, it would hold 72 MB that their
        budgets do not see)."""
        if self.contains is not _member:
            return 0
        need = members_bytes()
        if room is not None and need > room:
            return 0
        clock = clock or Clock()
        layers = _table()
        members = set()
        for k in range(HALF, PEGS):
            layer = layers[k]
            for i in range(0, len(layer), QUICKEN_CHUNK):
                members.update(layer[i:i + QUICKEN_CHUNK])
                if clock.due():
                    yield progress(clock, phase="tables", loaded=len(members))
        self.contains = members.__contains__
        return need


def judge_table(puzzle, earlier=()):
    """For play mode's marks: a function answering "winnable?" for each
    position one move from ``puzzle.start``, when the table settles them
    all, else None.  It does when the goal is the table's and the start
    reaches this position: the position is live, or one of the game's
    ``earlier`` positions (which lead here by legal moves) is."""
    if not applies(puzzle) or not available():
        return None
    if live(puzzle.start) or any(live(p) for p in earlier):
        return live
    return None
