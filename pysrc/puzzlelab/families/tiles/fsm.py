"""Duplicate move sequences pruned by a small automaton (Taylor & Korf,
"Pruning duplicate nodes in depth-first search", AAAI 1993).

IDA* walks paths, not positions: on a grid of tiles many different blank
walks lead to the same position (a walk round a 2x2 square three times is no
move at all; twice round it is once round the other way).  This module finds
such walks once, for every board, and builds an automaton over the blank's
moves that the search steps through with one list lookup per move:

- moves are the blank's steps U, L, R, D (codes 0..3, in that order: the
  order decides which of two equal walks is kept);
- every walk of up to ``depth`` moves is played out on an unbounded board from
  the blank at the origin, breadth first and, within a length, in the order of
  the codes.  A walk ``s`` is **forbidden** when an earlier walk ``t`` (shorter,
  or as long and earlier in that order) leaves every tile and the blank where
  ``s`` leaves them, and ``t``'s blank stays within the rectangle ``s``'s blank
  sweeps: then wherever ``s`` can be played on a real board, ``t`` can too.
  Walks containing a forbidden walk are not extended;
- the automaton (Aho-Corasick) reads moves one by one and falls into DEAD
  (-1) as soon as the moves so far end with a forbidden walk.

Why pruning keeps an optimal solution: among the shortest solutions take the
first in the order of the codes.  If it contained a forbidden walk, putting
that walk's earlier twin in its place would give a legal solution that is
shorter, or as short and earlier: a contradiction.  So that solution is never
pruned, and IDA* still proves its length.  (Counting *all* optimal solutions
must not prune: the kernels use the automaton only when they look for one.)
Every walk of two moves that undoes the one before (UD, DU, LR, RL) is
forbidden, so the automaton replaces the search's "never undo the last move".

``table(depth)`` returns the transition list ``T`` with ``T[4 * s + m]`` the
state after move ``m`` from state ``s`` (state 0 is the start), DEAD where
the walk would end with a forbidden walk.  Built in pure Python in about a
second for ``depth`` 10, 17 s for 12 (``FILE_DEPTH``): so the walks of
``FILE_DEPTH`` moves are a table file, built with the others and fetched by the
page (2,667 walks, 30 kB, read into 9,732 states in a tenth of a second).
"""

from ... import tables
from ...errors import PuzzleError

DEAD = -1
FILE_DEPTH = 12          # the walks in the table file
DEPTH = FILE_DEPTH       # the walks the search prunes (tests try others)
MOVES = "ULRD"

_cache = {}


def forbidden_walks(depth=FILE_DEPTH):
    """The forbidden walks of at most ``depth`` moves (tuples of codes),
    none containing another, in the order they were found."""
    m = 2 * depth + 3                    # a row of the unbounded board
    steps = (-m, -1, 1, m)
    origin = (depth + 1) * m + depth + 1
    # per effect (blank cell, moved tiles): the boxes of the walks kept so far
    seen = {(origin, frozenset()): [(0, 0, 0, 0)]}
    forbidden = set()
    found = []
    # a walk: (codes, blank cell, {cell: tile's home cell}, box of the blank)
    layer = [((), origin, {}, (0, 0, 0, 0))]
    for _length in range(depth):
        nxt = []
        for codes, b, moved, box in layer:
            for code, d in enumerate(steps):
                c = b + d
                walk = codes + (code,)
                # a forbidden walk inside: it can only end here
                if any(walk[i:] in forbidden for i in range(1, len(walk) - 1)):
                    continue
                tile = moved.get(c, c)
                now = dict(moved)
                now.pop(c, None)
                if tile != b:
                    now[b] = tile
                x, y = c % m - origin % m, c // m - origin // m
                nbox = (min(box[0], x), max(box[1], x), min(box[2], y), max(box[3], y))
                key = (c, frozenset(now.items()))
                boxes = seen.get(key)
                if boxes is not None and any(
                        o[0] >= nbox[0] and o[1] <= nbox[1] and o[2] >= nbox[2]
                        and o[3] <= nbox[3] for o in boxes):
                    forbidden.add(walk)
                    found.append(walk)
                    continue
                if boxes is None:
                    seen[key] = [nbox]
                else:
                    boxes.append(nbox)
                nxt.append((walk, c, now, nbox))
        layer = nxt
    return found


def automaton(walks):
    """Aho-Corasick over ``walks``: the transition list (4 per state)."""
    goto = [[-1] * 4]
    end = [False]
    for walk in walks:
        s = 0
        for code in walk:
            if goto[s][code] < 0:
                goto[s][code] = len(goto)
                goto.append([-1] * 4)
                end.append(False)
            s = goto[s][code]
        end[s] = True
    fail = [0] * len(goto)
    order = []
    for code in range(4):
        t = goto[0][code]
        if t < 0:
            goto[0][code] = 0
        else:
            order.append(t)
    i = 0
    while i < len(order):
        s = order[i]
        i += 1
        end[s] = end[s] or end[fail[s]]
        for code in range(4):
            t = goto[s][code]
            if t < 0:
                goto[s][code] = goto[fail[s]][code]
            else:
                fail[t] = goto[fail[s]][code]
                order.append(t)
    # renumber the live states (dead ones become DEAD), the start first
    live = [s for s in range(len(goto)) if not end[s]]
    number = {s: k for k, s in enumerate(live)}
    out = []
    for s in live:
        for code in range(4):
            out.append(number.get(goto[s][code], DEAD))
    return out


NAME = f"tiles-walks{FILE_DEPTH}.txt"
TABLES = {
    NAME: {"about": f"the blank's walks of up to {FILE_DEPTH} moves that IDA* never "
                    f"plays (each has an earlier twin), for every board"},
}


def encode(walks):
    """The table file: a comment line, then one walk a line (letters ULRD)."""
    head = f"# puzzlelab {__name__}: forbidden walks of up to {FILE_DEPTH} moves\n"
    return (head + "".join("".join(MOVES[c] for c in w) + "\n" for w in walks)).encode()


def decode(data):
    return [tuple(MOVES.index(ch) for ch in line)
            for line in data.decode().splitlines() if line and not line.startswith("#")]


def build_file():
    """The bytes of the table file (about 17 s in CPython: ``build.py``
    writes it into the site, the page fetches it like the pattern databases)."""
    return encode(forbidden_walks(FILE_DEPTH))


def table(depth=DEPTH):
    """The transition list of the automaton for walks of up to ``depth``
    moves, kept for the session: for ``FILE_DEPTH`` read from the table file
    (built at once under CPython where none is found); a page that has not
    fetched it (it always does) falls back to the move back alone."""
    got = _cache.get(depth)
    if got is None:
        if depth == FILE_DEPTH:
            try:
                walks = decode(tables.load(NAME, build_file))
            except PuzzleError:
                return table(2)
        else:
            walks = forbidden_walks(depth)
        got = _cache[depth] = automaton(walks)
    return got


def board_table(w, depth=DEPTH):
    """The automaton for a board ``w`` cells wide, indexed by the blank's step:
    ``(T, start)`` with ``T[x + c - b]`` (``x`` the current state's entry,
    ``start`` at first; ``b`` the blank's cell, ``c`` where it goes) the next
    state's entry, or DEAD.  One lookup per move in the search's hot loop."""
    key = (w, depth)
    got = _cache.get(key)
    if got is None:
        base = table(depth)
        span = 2 * w + 1
        codes = {-1: 1, 1: 2, -w: 0, w: 3}        # w == 1: only U and D exist
        out = [DEAD] * (len(base) // 4 * span)
        for s in range(len(base) // 4):
            for step, code in codes.items():
                t = base[4 * s + code]
                out[s * span + w + step] = DEAD if t == DEAD else t * span + w
        got = _cache[key] = (out, w)
    return got
