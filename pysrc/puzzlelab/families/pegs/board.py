"""Peg solitaire board geometry: lattices, holes and their numbering, the jump
tables, board symmetries, Beasley's position classes (over GF(2)) and the
holes no jump can clear.  The leaf of the pegs package: built once per code
by puzzle.py; used by puzzle.py (rules, codes) and the engines (kernel.py,
meet.py, dfs.py, beam.py, pagodas.py).

Coordinates are (row, column) in the code's grid (rows top to bottom,
columns left to right, after trimming empty border rows and columns).
Lattices and the neighbours of (r, c):

    sq4  (r, c+-1), (r+-1, c)                         orthogonal jumps
    sq8  sq4 plus (r+-1, c+-1), (r+-1, c-+1)          diagonal jumps too
    tri  (r, c+-1), (r+-1, c), (r+1, c+1), (r-1, c-1)  six directions

On ``tri`` a triangle of side n is the rows of 1, 2, ..., n cells, each
row starting in column 0 (the apex at (0, 0)).

A jump goes from a peg over a neighbouring peg (in one of the directions)
into the empty hole just beyond, and removes the peg jumped over.
"""

from ..common import set_bits

DIRECTIONS = {
    "sq4": ((0, 1), (1, 0)),
    "sq8": ((0, 1), (1, 0), (1, 1), (1, -1)),
    "tri": ((0, 1), (1, 0), (1, 1)),
}


def _join(basis, v):
    """Gaussian elimination over GF(2): reduce ``v`` by ``basis`` (top bit ->
    vector) and add what is left, if anything, as a new basis vector."""
    while v:
        top = v.bit_length() - 1
        if top not in basis:
            basis[top] = v
            return
        v ^= basis[top]


def _point_group(lattice):
    """The linear maps (a, b, c, d): (r, c) -> (a*r + b*c, c*r + d*c) that
    permute the lattice's directions (8 for the square lattices, 12 for the
    triangular one), identity first."""
    dirs = set()
    for dr, dc in DIRECTIONS[lattice]:
        dirs.add((dr, dc))
        dirs.add((-dr, -dc))
    out = []
    vals = (-1, 0, 1)
    for a in vals:
        for b in vals:
            for c in vals:
                for d in vals:
                    if a * d - b * c == 0:
                        continue
                    image = {(a * r + b * s, c * r + d * s) for r, s in dirs}
                    if image == dirs:
                        out.append((a, b, c, d))
    out.sort(key=lambda m: m != (1, 0, 0, 1))
    return out


class Board:
    """The holes of one board on one lattice, with everything derived from
    them.  ``cells[r][c]`` is True where there is a hole.  ``numbering`` (a
    list of (r, c) in hole-number order) defaults to row-major order."""

    def __init__(self, lattice, cells, numbering=None):
        self.lattice = lattice
        self.cells = cells
        self.nrows = len(cells)
        self.ncols = len(cells[0]) if cells else 0
        rowmajor = [(r, c) for r in range(self.nrows)
                    for c in range(self.ncols) if cells[r][c]]
        self.holes = list(numbering) if numbering else rowmajor
        self.n = len(self.holes)
        self.full = (1 << self.n) - 1
        self.index = {cell: i for i, cell in enumerate(self.holes)}
        self._build_jumps()
        self._build_symmetries()
        self._class_basis = None
        self._finishes = {}         # lone_finishes, by class
        self._tables = {}

    # -- jumps ----------------------------------------------------------
    def _build_jumps(self):
        index = self.index
        jumps = []
        for dr, dc in DIRECTIONS[self.lattice]:
            for sign in (1, -1):
                er, ec = dr * sign, dc * sign
                for (r, c), a in index.items():
                    b = index.get((r + er, c + ec))
                    t = index.get((r + 2 * er, c + 2 * ec))
                    if b is not None and t is not None:
                        jumps.append((a, b, t))
        jumps.sort()
        self.jumps = jumps
        # jumps_from[a]: (over bit, to bit, mask of the 3 holes, to, jump no.)
        self.jumps_from = [[] for _ in range(self.n)]
        # jumps_into[t]: (from|over bits, mask, from, jump no.)
        self.jumps_into = [[] for _ in range(self.n)]
        over = 0
        for j, (a, b, t) in enumerate(jumps):
            mask = (1 << a) | (1 << b) | (1 << t)
            self.jumps_from[a].append((1 << b, 1 << t, mask, t, j))
            self.jumps_into[t].append(((1 << a) | (1 << b), mask, a, j))
            over |= 1 << b
        self.jump_masks = [(1 << a) | (1 << b) | (1 << t) for a, b, t in jumps]
        self.jump_index = {(a, t): j for j, (a, b, t) in enumerate(jumps)}
        # Holes that are never jumped over: a peg there can only leave by
        # jumping itself (the corners of the English board, for instance).
        self.unjumpable = self.full & ~over

    # -- symmetries -----------------------------------------------------
    def _build_symmetries(self):
        cells = set(self.index)
        syms = []
        for a, b, c, d in _point_group(self.lattice):
            image = [(a * r + b * s, c * r + d * s) for r, s in self.holes]
            r0 = min(r for r, _ in image)
            c0 = min(s for _, s in image)
            image = [(r - r0, s - c0) for r, s in image]
            if set(image) == cells:
                perm = tuple(self.index[cell] for cell in image)
                if perm not in syms:
                    syms.append(perm)
        self.symmetries = syms      # perm[i] = image of hole i; identity first

    def image(self, mask, k):
        """The image of a peg mask under symmetry number ``k``."""
        tables = self._tables.get(k)
        if tables is None:
            tables = self._tables[k] = self._chunk_tables(self.symmetries[k])
        out = 0
        for table in tables:
            out |= table[mask & 255]
            mask >>= 8
        return out

    def image_tables(self, ks):
        """Per-symmetry lists of 256-entry tables, one per byte of a mask."""
        out = []
        for k in ks:
            if k not in self._tables:
                self._tables[k] = self._chunk_tables(self.symmetries[k])
            out.append(self._tables[k])
        return out

    def _chunk_tables(self, perm):
        tables = []
        for base in range(0, self.n, 8):
            bits = [1 << perm[i] if i < self.n else 0
                    for i in range(base, base + 8)]
            table = [0] * 256
            for v in range(1, 256):
                low = v & -v
                table[v] = table[v ^ low] | bits[low.bit_length() - 1]
            tables.append(table)
        return tables

    def fixing(self, masks):
        """Numbers of the symmetries that map every mask in ``masks`` to
        itself (the subgroup a search may reduce by)."""
        return [k for k in range(len(self.symmetries))
                if all(self.image(m, k) == m for m in masks)]

    # -- position classes -----------------------------------------------
    def class_basis(self):
        """A GF(2) echelon basis (pivot -> vector) of the jump vectors.  A
        jump toggles exactly its three holes, so every position reachable from
        P differs from P by a sum of jump vectors: two positions whose
        difference is outside this span are in different classes and can
        never be joined.  On the square lattice with orthogonal jumps this is
        Beasley's position-class ("rule of three") argument, computed for the
        actual board."""
        if self._class_basis is None:
            basis = {}
            for vec in self.jump_masks:
                _join(basis, vec)
            self._class_basis = basis
        return self._class_basis

    def reduce(self, vec, extra=()):
        """``vec`` reduced modulo the span of the jumps (and of the holes in
        ``extra``, each as a single vector).  Zero means same class."""
        basis = self.class_basis()
        if extra:
            basis = dict(basis)
            for hole in extra:
                _join(basis, 1 << hole)
        while vec:
            top = vec.bit_length() - 1
            if top not in basis:
                return vec
            vec ^= basis[top]
        return 0

    def lone_finishes(self, p):
        """The holes a lone peg may end on from position ``p`` by the class
        argument (``reduce(p ^ hole) == 0``), as a tuple, kept per class
        (a game stays in its class: play mode's judge asks for every move)."""
        basis = self.class_basis()
        key = 0                 # p fully reduced: the same for the whole class
        vec = p
        while vec:
            top = vec.bit_length() - 1
            if top in basis:
                vec ^= basis[top]
            else:
                key |= 1 << top
                vec ^= 1 << top
        got = self._finishes.get(key)
        if got is None:
            if len(self._finishes) >= 4096:     # (a board with few jumps has many classes)
                self._finishes.clear()
            got = self._finishes[key] = tuple(h for h in range(self.n)
                                              if self.reduce(p ^ (1 << h)) == 0)
        return got

    # -- conversions ----------------------------------------------------
    def bits(self, mask):
        """Hole numbers of the set bits, ascending."""
        return set_bits(mask)

    def rows(self, mask, peg="o", empty="."):
        grid = [["_"] * self.ncols for _ in range(self.nrows)]
        for i, (r, c) in enumerate(self.holes):
            grid[r][c] = peg if mask >> i & 1 else empty
        return ["".join(row) for row in grid]

    def cell_name(self, i):
        """Beasley-style name of hole ``i``: column letter, row number."""
        r, c = self.holes[i]
        return "abcdefghijklmnopqrstuvwxyz"[c] + str(r + 1)


def byte_tables(n, values, combine):
    """Per byte of a position over ``n`` holes, a 256-entry table: for each
    byte value, ``values`` of its holes folded by ``combine`` (operator.add
    for a weighted sum, operator.or_ for a union of bit sets), so a whole
    position costs one lookup a byte (pagodas.py, kernel.py)."""
    tables = []
    for base in range(0, n, 8):
        table = [0] * 256
        for v in range(1, 256):
            low = v & -v
            i = base + low.bit_length() - 1
            table[v] = combine(table[v ^ low], values[i] if i < n else 0)
        tables.append(table)
    return tables
