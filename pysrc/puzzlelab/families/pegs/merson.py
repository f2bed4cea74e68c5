"""Merson regions: a lower bound on the moves still needed, for ``meet``.

A Merson region is a set of holes that no jump can clear from outside: every
jump over one of its holes starts or lands inside it.  While such a region
is full, nothing can land in it and nothing can be jumped out of it from
outside, so the first move that touches it starts on one of its pegs; and a
move -- a chain of jumps by one peg -- starts in one region only and cannot
enter another full one.  Hence, for disjoint regions:

* forwards: a position needs at least as many moves as it has full regions
  that no goal position has full (one peg left: at most one of the
  one-hole regions may stay, the one the survivor sits on);
* backwards: a position is at least as many moves from the start as there
  are regions full at the start and not full in it.

Examples: the corners of a board (holes nothing can jump over), a 2x2
block, the three holes at the end of an arm of the cross.  The triangles
have many of them along their edges, so the bound is within one or two
moves of the truth there (side 8: 11 at the start, 13 needed), and the
search that proves a minimum keeps a small part of the positions it would
hold without it.  Used by meet.py; builds on board.py.
"""

MAX_SIZE = 4          # regions of up to this many holes (larger ones add none on
                      # the boards here: English, French, Diamond, Wiegleb, triangles)


def candidate_regions(board, max_size=MAX_SIZE):
    """Every connected set of at most ``max_size`` holes (neighbours: the
    holes of one jump) that is a Merson region, as a list of frozensets."""
    over = {}
    near = [set() for _ in range(board.n)]
    for a, b, t in board.jumps:
        over.setdefault(b, []).append((a, t))
        for x, y in ((a, b), (b, t)):
            near[x].add(y)
            near[y].add(x)

    def closed(region):
        return all(a in region or t in region
                   for b in region for a, t in over.get(b, ()))

    found = set()
    layer = {frozenset([h]) for h in range(board.n)}
    for _size in range(max_size):
        grown = set()
        for region in layer:
            if closed(region):
                found.add(region)
            for x in region:
                for y in near[x]:
                    if y not in region:
                        grown.add(region | {y})
        layer = grown
    return sorted(found, key=lambda r: (len(r), sorted(r)))


def disjoint_regions(board):
    """A disjoint family, smallest regions first (a small region stays full
    longest, so it counts in the most positions), as bit masks."""
    used = set()
    out = []
    for region in candidate_regions(board):
        if used & region:
            continue
        used |= region
        out.append(sum(1 << h for h in region))
    return out


class MoveBound:
    """``forward(p)``: moves position p still needs to reach a goal;
    ``backward(q)``: moves from ``origin`` to q at the least.  Both are
    counts of regions (see the module docstring), by a popcount for the
    one-hole regions and a loop over the others."""

    def __init__(self, puzzle, origin):
        board = puzzle.board
        regions = disjoint_regions(board)
        single = [m for m in regions if m & (m - 1) == 0]
        multi = [m for m in regions if m & (m - 1)]
        if puzzle.goal_kind == "anywhere":
            # one survivor, on a hole its class allows: of the one-hole
            # regions there, one may stay full; no larger region may
            start = puzzle.after_first
            finish = sum(1 << h for h in board.lone_finishes(start))
            self.f_single = sum(m for m in single if not m & finish)
            self.f_spare = sum(m for m in single if m & finish)
            self.f_multi = tuple(multi)
        else:
            # regions some goal position may have full do not count
            may_fill = puzzle.goal_peg | puzzle.goal_free
            self.f_single = sum(m for m in single if not m & may_fill)
            self.f_spare = 0
            self.f_multi = tuple(m for m in multi if m & may_fill != m)
        # backwards: regions full at the origin
        self.b_single = sum(m for m in single if origin & m)
        self.b_multi = tuple(m for m in multi if origin & m == m)
        self.regions = regions

    def source(self, forward, var="c"):
        """The bound of position ``var`` as a Python expression with the
        masks written in, for the generated expanders (kernel.py): a few
        integer operations, no call."""
        if forward:
            terms = [f"({var} & {self.f_single}).bit_count()"] if self.f_single else []
            terms += [f"(({var} & {m}) == {m})" for m in self.f_multi]
            if self.f_spare:
                terms.append(f"max(({var} & {self.f_spare}).bit_count() - 1, 0)")
        else:
            terms = [f"({self.b_single} & ~{var}).bit_count()"] if self.b_single else []
            terms += [f"(({var} & {m}) != {m})" for m in self.b_multi]
        return " + ".join(terms) or "0"

    def forward(self, p):
        h = (p & self.f_single).bit_count()
        spare = (p & self.f_spare).bit_count()
        if spare > 1:
            h += spare - 1
        for m in self.f_multi:
            if p & m == m:
                h += 1
        return h

    def backward(self, q):
        h = (self.b_single & ~q).bit_count()
        for m in self.b_multi:
            if q & m != m:
                h += 1
        return h
