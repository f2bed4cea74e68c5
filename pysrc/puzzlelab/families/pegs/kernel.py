"""The peg-solitaire engines' shared machinery: move generation up to the
board's symmetries (``Kernel``), the generated layer expanders of the
bidirectional search, and the goal positions a backward search starts
from.  Used by meet.py, dfs.py and beam.py; builds on board.py (geometry).
"""

import operator

from ...errors import SearchLimit
from .board import byte_tables

MAX_GOAL_POSITIONS = 4096     # '?' cells: enumerate goal positions up to this
MAX_CHAINS = 100_000          # children one position's chains of jumps may make


def neighbour_masks(board):
    """``near[h]``: the holes a peg on hole h could jump over."""
    near = [0] * board.n
    for a, b, _t in board.jumps:
        near[a] |= 1 << b
    return near


def isolated(q, near):
    """How many pegs of position ``q`` have no peg beside them (each such
    peg must wait for another to come, or move itself): the engines' move
    ordering and beam score."""
    count = 0
    x = q
    while x:
        low = x & -x
        x ^= low
        if not q & near[low.bit_length() - 1]:
            count += 1
    return count


def isolation_counter(board):
    """iso(q) == isolated(q, neighbour_masks(board)), by table lookups: a
    byte-wise table gives the holes that have a peg of ``q`` within jumping
    reach ("covered"); the isolated pegs are the uncovered ones.  A few
    lookups instead of a loop over the pegs (the dfs's move ordering calls
    it for every child)."""
    near = neighbour_masks(board)
    reach = [0] * board.n           # reach[x]: the holes h with x in near[h]
    for h in range(board.n):
        x = near[h]
        while x:
            low = x & -x
            x ^= low
            reach[low.bit_length() - 1] |= 1 << h
    tables = byte_tables(board.n, reach, operator.or_)
    if len(tables) <= 6:
        tables += [[0] * 256] * (6 - len(tables))
        t0, t1, t2, t3, t4, t5 = tables

        def iso(q):
            cover = (t0[q & 255] | t1[q >> 8 & 255] | t2[q >> 16 & 255]
                     | t3[q >> 24 & 255] | t4[q >> 32 & 255] | t5[q >> 40 & 255])
            return (q & ~cover).bit_count()
        return iso

    def iso(q):
        cover = 0
        x = q
        for table in tables:
            cover |= table[x & 255]
            x >>= 8
        return (q & ~cover).bit_count()
    return iso


class Kernel:
    """Move generation for one puzzle and symmetry group.  ``ks`` are the
    symmetries (numbers into ``board.symmetries``, identity first) that fix
    the start (unless ``fix_start`` is false) and the goal; a position's canonical form is the least of its
    images under them.  ``jimg[j]`` holds the images of jump j's three-hole
    mask, so the images of a child are the parent's images XOR these: the
    canonical form of every child costs a few XORs and one min()."""

    def __init__(self, puzzle, use_sym=True, fix_start=True):
        board = puzzle.board
        self.board = board
        if use_sym and not puzzle.first:
            # a search that only asks "can this reach the goal?" (dfs) may
            # drop the start from what the symmetries must fix
            ks = board.fixing(([puzzle.start] if fix_start else []) + puzzle.goal_masks())
        else:
            ks = [0]
        self.ks = ks
        self.tables = board.image_tables(ks[1:])
        self.jimg = [tuple(board.image(m, k) for k in ks) for m in board.jump_masks]

    def images(self, p):
        out = [p]
        for tables in self.tables:
            m = 0
            x = p
            for t in tables:
                m |= t[x & 255]
                x >>= 8
            out.append(m)
        return out

    def canon(self, p):
        if not self.tables:
            return p
        return min(self.images(p))

    def firsts(self):
        """f(P) -> legal first jumps of P as (mask, to, jump no.), scanning
        the pegs or the empty holes, whichever are fewer."""
        board = self.board
        jf, ji, full = board.jumps_from, board.jumps_into, board.full

        def firsts(p):
            out = []
            e = full & ~p
            if e.bit_count() < p.bit_count():
                while e:
                    low = e & -e
                    e ^= low
                    for need, mask, _a, j in ji[low.bit_length() - 1]:
                        if p & need == need:
                            out.append((mask, low.bit_length() - 1, j))
            else:
                x = p
                while x:
                    low = x & -x
                    x ^= low
                    for over, to, mask, t, j in jf[low.bit_length() - 1]:
                        if p & over and not p & to:
                            out.append((mask, t, j))
            return out
        return firsts

    def unfirsts(self):
        """f(P) -> legal first unjumps (a peg at ``to`` goes back over an
        empty hole into an empty ``from``) as (mask, from, jump no.)."""
        board = self.board
        jf, ji, full = board.jumps_from, board.jumps_into, board.full

        def unfirsts(p):
            out = []
            e = full & ~p
            if p.bit_count() <= e.bit_count():
                x = p
                while x:
                    low = x & -x
                    x ^= low
                    for need, mask, a, j in ji[low.bit_length() - 1]:
                        if not p & need:
                            out.append((mask, a, j))
            else:
                while e:
                    low = e & -e
                    e ^= low
                    for over, to, mask, _t, j in jf[low.bit_length() - 1]:
                        if p & to and not p & over:
                            out.append((mask, low.bit_length() - 1, j))
            return out
        return unfirsts

    def step(self, forward, chains):
        """f(P) -> list of the canonical children of P: one jump (or unjump),
        or with ``chains`` every chain of them by one peg.  Two chains that
        end in the same position give it twice (path counts need that)."""
        first = self.firsts() if forward else self.unfirsts()
        more = self.board.jumps_from if forward else self.board.jumps_into
        jimg = self.jimg
        images = self.images

        def children(p):
            out = []
            imgs = images(p)
            for mask, t, j in first(p):
                ni = [u ^ v for u, v in zip(imgs, jimg[j])]
                out.append(min(ni))
                if not chains:
                    continue
                stack = [(t, p ^ mask, ni)]
                while stack:
                    x, q, qi = stack.pop()
                    if len(out) > MAX_CHAINS:
                        raise SearchLimit(
                            f"One move of this position has over {MAX_CHAINS:,} chains of "
                            f"jumps: too many to list (count by single jumps, or choose "
                            f"a smaller board).")
                    for entry in more[x]:
                        if forward:
                            over, to, mask2, x2, j2 = entry
                            if not (q & over and not q & to):
                                continue
                        else:
                            need, mask2, x2, j2 = entry
                            if q & need:
                                continue
                        n2 = [u ^ v for u, v in zip(qi, jimg[j2])]
                        out.append(min(n2))
                        stack.append((x2, q ^ mask2, n2))
            return out
        return children


def goal_positions(puzzle, limit=MAX_GOAL_POSITIONS):
    """Every goal position worth starting a backward search from (class and
    peg count permitting), or None when there are more than ``limit``."""
    board = puzzle.board
    start = puzzle.after_first
    pegs = start.bit_count()
    if puzzle.goal_kind == "anywhere":
        return [1 << h for h in board.lone_finishes(start)] if pegs else []
    free = board.bits(puzzle.goal_free)
    if len(free) > 30 or (1 << len(free)) > limit:
        return None
    cands = []
    for sub in range(1 << len(free)):
        g = puzzle.goal_peg
        for i, h in enumerate(free):
            if sub >> i & 1:
                g |= 1 << h
        cands.append(g)
    return [g for g in cands
            if g.bit_count() <= pegs and board.reduce(start ^ g) == 0]


# -- layer expanders (fast path, no counting) ---------------------------------
# One specialised function per (direction, metric, symmetry count): the S
# images of a position ride along a chain as S separate ints (S XORs per
# jump, one min() for the canonical form), which is what makes reduction by
# symmetry cheap.  The source is generated from this template because the
# unrolled form is about a quarter faster than a loop over a tuple.
#
# A chain of unjumps on a big empty board can go on and branch for a long
# time (one backward expansion on a 128-hole board: over a minute), so the
# chains' steps are counted: past LONG_EXPANSION the plain form gives up
# (LongExpansion) and the caller runs the same expansion again in the
# generator form, which yields every TICK_STEPS steps so that progress, the
# budget and a Cancel come through.  Running an expansion again is harmless:
# a child it met before is at the same depth and is only extended again.
_EXPAND = """
def expand(p, d, mine, other, nxt, probe):
    steps = 0
    {I} = images(p)
    for mask, t, j in first(p):
        {J} = jimg[j]
        {N0}
{VISIT8}
        if chains:
            stack = [(t, {NL})]
            while stack:
                x, {QL} = stack.pop()
                steps += 1
                if steps > {STEPS}:
{ONSTEPS}
                for {LOOP} in more[x]:
                    if {COND}:
                        {J} = jimg[j2]
                        {N1}
{VISIT24}
                        stack.append((x2, {NL}))
    return None
"""


# a child c: a meeting ends the search; a new one is kept (unless probing);
# one already known at a smaller depth is not extended
_VISIT = """c = {MIN}
old = mine.get(c)
if old is None:
    if c in other:
        return c
    if not probe{LIVE}:
{KEEP}
elif old < d:
    continue"""
_KEEP = """        mine[c] = d
        nxt.append(c)"""
# ... with a lower bound: a new child is kept only while its depth plus the
# moves it still needs stays within ``limit``; ``cut[0]`` records the least
# such sum over the children left out (the next limit worth trying), cut[1]
# counts them
_KEEP_BOUNDED = """        e = d + {BOUND}
        if e <= limit:
            mine[c] = d
            nxt.append(c)
        else:
            cut[1] += 1
            if e < cut[0]:
                cut[0] = e"""


LONG_EXPANSION = 20_000     # chain steps an expansion takes before it is run as a generator
TICK_STEPS = 2_000          # ... which yields every this many steps


class LongExpansion(Exception):
    """An expansion past LONG_EXPANSION chain steps (see _EXPAND)."""


def _long():
    raise LongExpansion()


def expander(kern, forward, chains, bound=None, limit=None, cut=None, keep=None,
             steps=False):
    """expand(p, d, mine, other, nxt, probe) -> meeting position or None;
    it raises LongExpansion after LONG_EXPANSION chain steps.  With
    ``steps`` the generator form instead: it yields (None) every TICK_STEPS
    chain steps and returns the meeting position or None.
    Adds the unseen children of ``p`` (depth d) to ``mine`` and ``nxt``
    (unless ``probe``: then it only looks for a meeting).  A child already
    known at a smaller depth is not extended: its own expansion covers the
    chains that would continue from it.  With ``bound`` (a ``merson.MoveBound``:
    the moves a position needs, at the least, to reach the other side's
    origin) a child c is kept only if its depth plus that stays within
    ``limit``; the least sum above the limit goes to ``cut[0]``, the number
    of children left out to ``cut[1]``.  With ``keep`` (alive.keeper: the
    live positions) a new child it refuses is not kept (it is still looked
    up on the other side)."""
    size = len(kern.ks)

    def names(prefix):
        return ", ".join(f"{prefix}{i}" for i in range(size)) + ("," if size == 1 else "")
    if forward:
        loop, cond = "over, to, _m, x2, j2", "q0 & over and not q0 & to"
    else:
        loop, cond = "need, _m, x2, j2", "not q0 & need"
    kept = _KEEP if bound is None else _KEEP_BOUNDED.replace("{BOUND}", bound.source(forward))
    if keep is None:
        live = ""
    else:       # alive.keeper's argument: c, or the complement's canonical form
        top = "n0" if size == 1 else "max(" + names("n") + ")"
        live = f" and keep(c if c.bit_count() >= {keep.half} else {keep.full} ^ {top})"
    visit = _VISIT.format(MIN="n0" if size == 1 else "min(" + names("n") + ")", KEEP=kept,
                          LIVE=live)

    def indent(k):
        return "\n".join(" " * k + line for line in visit.splitlines())
    src = _EXPAND.format(
        I=names("i"), J=names("j"), NL=names("n"), QL=names("q"),
        VISIT8=indent(8), VISIT24=indent(24),
        N0="; ".join(f"n{i} = i{i} ^ j{i}" for i in range(size)),
        N1="; ".join(f"n{i} = q{i} ^ j{i}" for i in range(size)),
        LOOP=loop, COND=cond, STEPS=TICK_STEPS if steps else LONG_EXPANSION,
        ONSTEPS=" " * 20 + ("steps = 0\n" + " " * 20 + "yield" if steps else "long()"))
    env = {"images": kern.images, "jimg": kern.jimg, "chains": chains,
           "first": kern.firsts() if forward else kern.unfirsts(),
           "more": kern.board.jumps_from if forward else kern.board.jumps_into,
           "limit": limit, "cut": cut, "keep": keep and keep.contains, "long": _long}
    exec(compile(src, "<pegs expander>", "exec"), env)
    return env["expand"]
