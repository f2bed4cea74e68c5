"""Additive pattern databases for sliding tiles: the generator (a breadth-first
search over whole layers at once, with Python's big integers as bit sets), the
packed file format, the stored tables (``TABLES``: built by ``build.py``
through the family's ``build_table`` hook, read through ``tables.load``) and
the lookup structures the tile IDA* uses.  Called by lowerbounds.py (whole-state
and incremental bounds); siblings: wd.py, exact.py, ida.py.

A pattern is an ordered tuple of goal cells ``(c_0, ..., c_{k-1})``; the
pattern's tiles are the tiles whose goal cells these are.  Its database maps
the cells those tiles occupy to the fewest moves *of those tiles* that bring
them home, other tiles being ignored: a pattern tile may slide into the
blank, and the blank travels for free through cells no pattern tile holds.
The stored value is the minimum over the blank's cells, a lower bound, and
bounds of disjoint patterns add up.  Because the value depends only on cells
(when the cells the pattern leaves free at its goal are connected), one table serves every goal arrangement that puts some
tiles on those cells, and, through the board's symmetries, every image of the
cell set (one 2x3-block table gives all four 6-tile patterns of Korf and
Felner's 6-6-3 partition and of its mirror image about the main diagonal).

Index of a placement ("sparse" layout): digit i is the cell of the tile whose
goal cell is c_i, radix R = W*H::

    4x4, cells (4, 5, 8, 9, 12, 13), tiles on cells 0, 1, 2, 3, 6, 7
        -> index = 0 + 1*16 + 2*16**2 + 3*16**3 + 6*16**4 + 7*16**5

so a tile moving from cell a to cell b adds ``(b - a) * R**i``: a layer of
the generator's search is a few shifts of bit sets, and the solver updates an
index with one addition.  In memory a table holds the distance itself, one
byte per index (16**6 bytes = 16 MB for six tiles on 4x4); the file holds only
``(distance - Manhattan distance) / 2`` of the placements, 2 bits each, which
zlib squeezes to about 0.3 bit per placement.
"""

import itertools
import json
import zlib

from ... import tables
from ...errors import PuzzleError
from ...search.common import drain

FORMAT_MAGIC = b"PLPDB1\n"
CLAMP = 3          # extra values stored in 2 bits; larger ones (rare) are clamped


def _ones(n):
    return (1 << n) - 1


def _repeat(pattern, period, count):
    """``pattern`` (a bit set ``period`` bits long) repeated ``count`` times."""
    result, placed, block, blen = 0, 0, pattern, 1
    while count:
        if count & 1:
            result |= block << (placed * period)
            placed += blen
        count >>= 1
        if count:
            block |= block << (blen * period)
            blen *= 2
    return result


def _valid_mask(radix, k):
    """Bit set over the sparse index space: set where the k digits differ."""
    distinct = 1                   # over 0 digits: the single empty placement
    contains = [0] * radix         # contains[v]: some lower digit equals v
    for m in range(k):
        block = radix ** m
        grown = 0
        for u in range(radix):
            grown |= (distinct & ~contains[u]) << (u * block)
        if m < k - 1:
            full = _ones(block)
            contains = [sum(((full if u == v else contains[v]) << (u * block))
                            for u in range(radix)) for v in range(radix)]
        distinct = grown
    return distinct


def neighbour_lists(w, h):
    """Each cell's orthogonal neighbours on a W x H board."""
    out = []
    for a in range(w * h):
        r, c = divmod(a, w)
        out.append([x for x, ok in ((a - w, r > 0), (a - 1, c > 0),
                                     (a + 1, c < w - 1), (a + w, r < h - 1)) if ok])
    return out


def bfs_layers(w, h, cells, blank=None):
    """:func:`bfs_layers_steps`, run at once."""
    return drain(bfs_layers_steps(w, h, cells, blank))


def bfs_layers_steps(w, h, cells, blank=None):
    """Generator (yields for every move of the blank of every layer, so a
    5-tile table reports progress while it is built).  Breadth-first search of the pattern space from the goal placement,
    counting only moves of pattern tiles (the blank travels for free through
    cells no pattern tile holds, but it must travel: it is tracked).

    One bit set per blank cell over the sparse index space; a pattern move
    of tile i from cell a into the blank on cell b is one masked shift by
    ``(b - a) * R**i`` that lands in the set of blank cell a.  ``blank`` is
    the goal's blank cell (None: any cell the pattern leaves free).
    Returns the layers: bit sets of the placements first reached (with any
    blank cell) at distance 0, 1, 2, ...  The stored value is the minimum
    over the blank's cells, so it is a lower bound wherever the blank is."""
    radix, k = w * h, len(cells)
    if len(set(cells)) != k or not all(0 <= c < radix for c in cells):
        raise ValueError(f"bad pattern cells {cells!r} for {w}x{h}")
    nbrs = neighbour_lists(w, h)
    at = []                      # at[i][a]: tile i sits on cell a
    for i in range(k):
        block = radix ** i
        at.append([_repeat(_ones(block) << (a * block), block * radix,
                           radix ** (k - 1 - i)) for a in range(radix)])
    valid = _valid_mask(radix, k)
    unseen = []                  # per blank cell: placements not reached yet
    for a in range(radix):
        occupied = 0
        for i in range(k):
            occupied |= at[i][a]
        unseen.append(valid & ~occupied)
    del valid

    def spread(sets, delta):
        # free blank moves: the same placement, the blank one cell further
        # (a generator: on 5x5 a layer's spread takes a good part of a second)
        while delta:
            grown = {}
            for b, d in delta.items():
                yield
                for b2 in nbrs[b]:
                    x = d & unseen[b2]
                    if x:
                        unseen[b2] ^= x
                        grown[b2] = grown.get(b2, 0) | x
                        sets[b2] |= x
            delta = grown

    goal = 1 << sum(c * radix ** i for i, c in enumerate(cells))
    frontier = [0] * radix
    starts = [blank] if blank is not None else [a for a in range(radix) if a not in cells]
    for a in starts:
        frontier[a] = goal
        unseen[a] ^= goal
    yield from spread(frontier, {a: goal for a in starts})
    powers = [radix ** i for i in range(k)]
    layers = []
    placed = 0
    while True:
        layer = 0
        for f in frontier:
            layer |= f
        layer &= ~placed
        if not any(frontier):
            break
        placed |= layer
        layers.append(layer)
        nxt = [0] * radix
        for b in range(radix):
            f = frontier[b]
            if not f:
                continue
            for a in nbrs[b]:
                yield
                acc = 0
                for i in range(k):
                    part = f & at[i][a]
                    if part:
                        s = (b - a) * powers[i]
                        acc |= (part << s) if s > 0 else (part >> -s)
                nxt[a] |= acc
        delta = {}
        for a in range(radix):
            x = nxt[a] & unseen[a]
            nxt[a] = x
            if x:
                unseen[a] ^= x
                delta[a] = x
        yield from spread(nxt, delta)
        frontier = nxt
    return layers


_SPREAD = [bytes((b >> j) & 1 for b in range(256)) for j in range(8)]


def _bits_to_bytes(bits, size):
    """Bit set -> bytes with one 0/1 byte per index (C-speed slicing)."""
    padded = (size + 7) // 8 * 8
    packed = bits.to_bytes(padded // 8, "little")
    out = bytearray(padded)
    for j in range(8):
        out[j::8] = packed.translate(_SPREAD[j])
    return bytes(out[:size])


def _manhattan_sparse(w, h, cells):
    """Manhattan distance of the pattern tiles, per sparse index (bytes)."""
    radix = w * h
    table = b"\x00"
    for c in cells:
        gr, gc = divmod(c, w)
        row = [abs(v // w - gr) + abs(v % w - gc) for v in range(radix)]
        table = b"".join(table.translate(bytes((x + row[v]) & 255 for x in range(256)))
                         for v in range(radix))
    return table


def build_sparse(w, h, cells, blank=None):
    """:func:`build_sparse_steps`, run at once."""
    return drain(build_sparse_steps(w, h, cells, blank))


def build_sparse_steps(w, h, cells, blank=None):
    """Generator returning the pattern database in the sparse layout: one
    byte per index, the fewest pattern moves (0 where the index is not a
    placement).  Deterministic.  Returns (table bytes, figures dict)."""
    radix = w * h
    size = radix ** len(cells)
    layers = yield from bfs_layers_steps(w, h, cells, blank)
    dist = 0
    for j in range(max(1, (len(layers) - 1).bit_length())):
        plane = 0
        for d, layer in enumerate(layers):
            if d >> j & 1:
                plane |= layer
        yield
        dist |= int.from_bytes(_bits_to_bytes(plane, size), "little") << j
        yield
    counts = []
    for layer in layers:
        counts.append(layer.bit_count())
        yield
    return dist.to_bytes(size, "little"), {
        "entries": sum(counts), "max_distance": len(layers) - 1, "layers": counts}


# -- the packed file -------------------------------------------------------

def _block_maps(radix, k):
    """Per set of excluded cells (the top k-2 digits), the positions of the
    valid slots in a block of the two lowest digits, and the inverse map."""
    cache = {}

    def get(excluded):
        key = frozenset(excluded)
        got = cache.get(key)
        if got is None:
            slots = [d1 * radix + d0 for d1 in range(radix) for d0 in range(radix)
                     if d1 not in key and d0 not in key and d0 != d1]
            gather = bytes(slots)                        # block -> compact
            scatter = bytearray([255] * radix * radix)   # compact -> block
            for j, s in enumerate(slots):
                scatter[s] = j
            got = cache[key] = (gather, bytes(scatter), len(slots))
        return got
    return get


def _prefixes(radix, k):
    """(block start, excluded cells) for every placement of the top k-2
    digits, in increasing index order."""
    block = radix * radix
    for top in itertools.permutations(range(radix), k - 2):
        x = 0
        for c in top:
            x = x * radix + c
        yield x * block, top


def encode_table(w, h, cells, table, generator, version, blank=None):
    """Pack a sparse distance table: a header line (JSON), then zlib of the
    placements in index order, 2 bits each: ``extra = (distance - Manhattan
    distance of the pattern tiles) / 2``, clamped to 3 (larger values are
    rare, and a smaller value is still a lower bound)."""
    radix, k = w * h, len(cells)
    if k < 2 or radix * radix > 256:
        raise ValueError("packed tables need 2+ tiles on at most 16 cells")
    maps = _block_maps(radix, k)
    md = _manhattan_sparse(w, h, cells)
    pad = bytes(256 - radix * radix)
    block = radix * radix
    dists, mds = [], []
    for start, top in _prefixes(radix, k):
        gather = maps(top)[0]
        dists.append(gather.translate(table[start:start + block] + pad))
        mds.append(gather.translate(md[start:start + block] + pad))
    dist, mdc = b"".join(dists), b"".join(mds)
    entries = len(dist)
    # every lane of dist is >= its Manhattan lane (each move changes that
    # distance by one), so one big subtraction works lane by lane
    diff = (int.from_bytes(dist, "little") - int.from_bytes(mdc, "little")).to_bytes(
        entries, "little")
    compact = diff.translate(bytes(min(x // 2, CLAMP) for x in range(256)))
    packed = _pack2(compact)
    header = {"generator": generator, "version": version, "board": f"{w}x{h}",
              "cells": list(cells), "entries": entries, "bits": 2,
              "blank": "any free cell" if blank is None else blank,
              "values": "(distance - manhattan) / 2, clamped to 3",
              "layout": "placements in index order; index = sum cell(tile i) * R**i"}
    return (FORMAT_MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n"
            + zlib.compress(packed, 9))


def _pack2(compact):
    """Four 2-bit values (each byte of ``compact`` is 0..3) to a byte, the
    first in the low bits."""
    compact += bytes(-len(compact) % 4)
    acc = 0
    for j in range(4):
        acc |= int.from_bytes(compact[j::4].translate(
            bytes((x << (2 * j)) & 255 for x in range(256))), "little")
    return acc.to_bytes(len(compact) // 4, "little")


def encode_sparse(w, h, cells, table, generator, version):
    """Pack a sparse distance table of a board too big for
    :func:`encode_table`'s blocks (more than 16 cells): every index of the
    sparse layout, placements or not, 2 bits of ``extra = (distance -
    Manhattan distance) / 2`` clamped to 3 (0 where the index is no
    placement: never looked up), zlib'd.  A quarter more indices than
    placements on 5x5, which zlib mostly takes back."""
    radix = w * h
    size = len(table)
    md = _manhattan_sparse(w, h, cells)
    # lane by lane (distance + 128) - Manhattan: never below 0, so no borrow
    raised = table.translate(bytes((x | 128) for x in range(256)))
    diff = (int.from_bytes(raised, "little") - int.from_bytes(md, "little")).to_bytes(
        size, "little")
    compact = diff.translate(bytes(min(max(x - 128, 0) // 2, CLAMP) for x in range(256)))
    packed = _pack2(compact)
    header = {"generator": generator, "version": version, "board": f"{w}x{h}",
              "cells": list(cells), "entries": size, "bits": 2, "sparse": True,
              "blank": "any free cell", "radix": radix,
              "values": "(distance - manhattan) / 2, clamped to 3; 0 off the placements",
              "layout": "every index in order; index = sum cell(tile i) * R**i"}
    return (FORMAT_MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n"
            + zlib.compress(packed, 9))


def _decode_sparse_steps(header, body):
    w, h = (int(x) for x in header["board"].split("x"))
    cells = header["cells"]
    size = header["entries"]
    if size != (w * h) ** len(cells):
        raise PuzzleError("A pattern-database file is damaged (wrong size).")
    try:
        packed = zlib.decompress(body)
    except zlib.error:
        raise PuzzleError("A pattern-database file is damaged.") from None
    yield
    compact = bytearray(len(packed) * 4)
    for j in range(4):
        compact[j::4] = packed.translate(bytes(2 * ((x >> (2 * j)) & 3) for x in range(256)))
        yield
    del compact[size:]
    yield from _add_manhattan(w, h, cells, compact)
    return header, compact


def read_header(data):
    if not data.startswith(FORMAT_MAGIC):
        raise PuzzleError("A pattern-database file is damaged (bad magic).")
    end = data.index(b"\n", len(FORMAT_MAGIC))
    return json.loads(data[len(FORMAT_MAGIC):end]), end + 1


def decode_table(data):
    """:func:`decode_table_steps`, run at once."""
    return drain(decode_table_steps(data))


def decode_table_steps(data):
    """Generator (yields every few thousand blocks: decoding the 4x4 table
    takes about a third of a second in CPython): packed file -> (header,
    sparse distance table bytes)."""
    header, body = read_header(data)
    if header.get("sparse"):
        return (yield from _decode_sparse_steps(header, data[body:]))
    w, h = (int(x) for x in header["board"].split("x"))
    cells = header["cells"]
    radix, k = w * h, len(cells)
    try:
        packed = zlib.decompress(data[body:])
    except zlib.error:
        raise PuzzleError("A pattern-database file is damaged.") from None
    compact = bytearray(len(packed) * 4)
    for j in range(4):
        compact[j::4] = packed.translate(bytes(2 * ((x >> (2 * j)) & 3) for x in range(256)))
    maps = _block_maps(radix, k)
    out = bytearray(radix ** k)
    block = radix * radix
    src = memoryview(compact)
    pos = 0
    zeros = bytes(256)
    for j, (start, top) in enumerate(_prefixes(radix, k)):
        if not j & 2047:
            yield
        _gather, scatter, n = maps(top)
        out[start:start + block] = scatter.translate(bytes(src[pos:pos + n]) + zeros[:256 - n])
        pos += n
    if pos != header["entries"]:
        raise PuzzleError("A pattern-database file is damaged (wrong size).")
    del src, compact
    yield from _add_manhattan(w, h, cells, out)
    return header, out


def _add_manhattan(w, h, cells, table):
    """Generator: add the Manhattan distance of the pattern tiles back into
    ``table`` (a bytearray over the sparse index), in place, one slice of
    the last tile's cells at a time (lanes never carry: values stay below
    256).  Slice by slice, so decoding the 4x4 table peaks at 22 MB above
    what it keeps (16 MB), where adding whole tables took 95 MB."""
    radix = w * h
    block = radix ** (len(cells) - 1)
    lower = _manhattan_sparse(w, h, cells[:-1])
    gr, gc = divmod(cells[-1], w)
    for v in range(radix):
        here = abs(v // w - gr) + abs(v % w - gc)
        add = lower.translate(bytes((x + here) & 255 for x in range(256)))
        lo, hi = v * block, (v + 1) * block
        table[lo:hi] = (int.from_bytes(table[lo:hi], "little")
                        + int.from_bytes(add, "little")).to_bytes(block, "little")
        yield


# -- symmetries and partitions ---------------------------------------------

def symmetries(w, h):
    """Cell permutations of a W x H board that keep neighbours neighbours
    (as lists ``image[cell]``): 4 for rectangles, 8 for squares."""
    out = []
    for flip_r in (False, True):
        for flip_c in (False, True):
            out.append([((h - 1 - r) if flip_r else r) * w + ((w - 1 - c) if flip_c else c)
                        for r in range(h) for c in range(w)])
    if w == h:
        out += [[img[(i % w) * w + i // w] for i in range(w * h)] for img in out[:4]]
    return out


def images(w, h, cells):
    """Every (image cells, symmetry) of an ordered pattern, images distinct as
    sets; the symmetry maps the stored pattern's cells to the image's."""
    seen, out = set(), []
    for sym in symmetries(w, h):
        img = tuple(sym[c] for c in cells)
        key = frozenset(img)
        if key not in seen:
            seen.add(key)
            out.append((img, sym))
    return out


class Pattern:
    """One pattern in use: a table and how tiles map to its digits.

    ``tiles`` -- the tiles of the pattern, in digit order
    ``offset[t][cell]`` -- added to the index when tile t sits on ``cell``
    ``table`` -- sparse bytes of ``2 * extra``
    ``name`` -- where the table came from (for the stats)
    """

    __slots__ = ("tiles", "offset", "table", "name")

    def __init__(self, tiles, offset, table, name):
        self.tiles, self.offset, self.table, self.name = tiles, offset, table, name

    def index(self, pos):
        off = self.offset
        return sum(off[t][pos[t]] for t in self.tiles)


def make_pattern(w, h, goal_pos, stored_cells, sym, table, name):
    """A pattern whose goal cells are ``sym`` applied to ``stored_cells``.
    ``goal_pos[tile]`` is the tile's goal cell."""
    radix = w * h
    inv = [0] * radix
    for c, img in enumerate(sym):
        inv[img] = c
    owner = {cell: t for t, cell in enumerate(goal_pos) if t}
    tiles, offset = [], {}
    for i, c in enumerate(stored_cells):
        t = owner[sym[c]]
        tiles.append(t)
        offset[t] = [inv[cell] * radix ** i for cell in range(radix)]
    return Pattern(tuple(tiles), offset, table, name)


_small_cache = {}


def small_table(w, h, cells, blank):
    """:func:`small_table_steps`, run at once."""
    return drain(small_table_steps(w, h, cells, blank))


def small_table_steps(w, h, cells, blank):
    """Generator returning a database for a few tiles, built on demand
    (milliseconds for up to 3 or 4 tiles, half a second for 5) and kept for
    the session.  ``blank``: the goal's blank cell."""
    key = (w, h, tuple(cells), blank)
    got = _small_cache.get(key)
    if got is None:
        got = _small_cache[key] = (yield from build_sparse_steps(w, h, cells, blank))[0]
    return got


PARTITIONS = 3      # Korf's 100: 2 -> 363k nodes a position, 3 -> 288k, 4 -> 235k but slower


def choose_partitions(w, h, goal, stored, max_partitions=PARTITIONS, fill=5):
    """:func:`choose_partitions_steps`, run at once."""
    return drain(choose_partitions_steps(w, h, goal, stored, max_partitions, fill))


def choose_partitions_steps(w, h, goal, stored, max_partitions=PARTITIONS, fill=5):
    """Generator (yields while small tables are built) returning the
    partitions of the goal's tiles into patterns, best first.

    ``stored`` is a list of (name, cells, table) of loaded big tables.  Images
    of stored cell sets (under the board symmetries) that avoid the goal's
    blank cell are combined, disjoint, as many as fit; leftover cells are
    split into groups of up to ``fill`` cells, neighbours together, whose
    tables are built on demand (a 5-tile table on 4x4 takes 0.5 s: the
    goals with the blank inside get 6-5-4 instead of 6-6-3).
    Returns a list of lists of Pattern.  The last choices are kept (the
    patterns are never changed): a search in parts asks again for every part,
    and the choice was three quarters of a part request's own time."""
    key = (w, h, tuple(goal), tuple((name, tuple(cells), id(table)) for name, cells, table in stored),
           max_partitions, fill)
    got = _chosen.get(key)
    if got is not None and all(a is b for a, b in zip(got[1], (t for _n, _c, t in stored))):
        return [list(pats) for pats in got[0]]
    out = yield from _choose(w, h, goal, stored, max_partitions, fill)
    if len(_chosen) >= 16:
        _chosen.clear()
    _chosen[key] = (out, [t for _n, _c, t in stored])
    return [list(pats) for pats in out]


_chosen = {}        # choose_partitions_steps' key -> (partitions, the stored tables)


def forget_choices():
    """Drop the kept pattern choices (and with them the tables they hold)."""
    _chosen.clear()


def _choose(w, h, goal, stored, max_partitions, fill):
    radix = w * h
    blank = goal.index(0)
    goal_pos = [0] * radix
    for cell, t in enumerate(goal):
        goal_pos[t] = cell
    cands = []
    for name, cells, table in stored:
        for img, sym in images(w, h, cells):
            if blank not in img:
                cands.append((frozenset(img), name, cells, sym, table))
    covers = []
    def grow(chosen, used):
        extended = False
        for j, cand in enumerate(cands):
            if (not chosen or j > chosen[-1]) and not (cand[0] & used):
                grow(chosen + [j], used | cand[0])
                extended = True
        if not extended:
            covers.append((chosen, used))
    grow([], frozenset())
    scored = []
    for chosen, used in covers:
        rest = [c for c in range(radix) if c != blank and c not in used]
        groups = _groups(w, rest, fill)
        # prefer more cells under big tables, then compact leftover groups
        score = (len(used), -len(groups), sum(_adjacent(w, g) for g in groups))
        scored.append((score, chosen, groups))
    scored.sort(key=lambda s: (s[0], [-j for j in s[1]]), reverse=True)
    out = []
    seen = set()
    for _score, chosen, groups in scored:
        key = frozenset(cands[j][0] for j in chosen) | frozenset(frozenset(g) for g in groups)
        if key in seen:
            continue
        seen.add(key)
        pats = []
        for j in chosen:
            _cells_set, name, cells, sym, table = cands[j]
            pats.append(make_pattern(w, h, goal_pos, cells, sym, table, name))
        for g in groups:
            table = yield from small_table_steps(w, h, tuple(g), blank)
            pats.append(make_pattern(w, h, goal_pos, tuple(g), list(range(radix)),
                                     table, "cells " + ",".join(map(str, g))))
        out.append(pats)
        if len(out) == max_partitions:
            break
    return out


def _adjacent(w, cells):
    s = set(cells)
    return sum(1 for c in cells for d in (1, w) if c + d in s and (d == w or c % w < w - 1))


def _groups(w, cells, size):
    """Split cells into as few groups of up to ``size`` as possible, of
    even sizes, keeping neighbours together (greedy in reading order: good
    enough for the few leftover cells)."""
    left = list(cells)
    count = -(-len(left) // size) if left else 0
    out = []
    for j in range(count):
        target = -(-len(left) // (count - j))
        group = [left.pop(0)]
        while len(group) < target and left:
            best = None
            for c in left:
                near = sum(1 for g in group if abs(g % w - c % w) + abs(g // w - c // w) == 1)
                if best is None or near > best[0]:
                    best = (near, c)
            group.append(best[1])
            left.remove(best[1])
        out.append(tuple(sorted(group)))
    return out


def partition_bound(partitions):
    """A plain function state -> bound for the generic searches: the best
    partition's sum of pattern distances."""
    def h(state):
        pos = [0] * len(state)
        for cell, t in enumerate(state):
            pos[t] = cell
        best = 0
        for pats in partitions:
            s = 0
            for p in pats:
                s += p.table[p.index(pos)]
            if s > best:
                best = s
        return best
    return h


def describe_partitions(partitions):
    """One line for the stats: which partitions, which tables."""
    parts = []
    for pats in partitions:
        sizes = "-".join(str(len(p.tiles)) for p in pats)
        tiles = " | ".join(",".join(map(str, p.tiles)) for p in pats)
        parts.append(f"{sizes} ({tiles})")
    return "max of " + "; ".join(parts) if len(parts) > 1 else parts[0]


# -- the stored tables ------------------------------------------------------------
# file name -> what it holds; built by build_table (deterministic bytes)
TABLES = {
    "tiles4x4-block6.pdb": {
        "board": (4, 4), "cells": (4, 5, 8, 9, 12, 13),
        "about": "6 tiles of a 2x3 corner block; through the board's symmetries "
                 "it gives both 6-tile patterns of the 6-6-3 partition and of "
                 "its mirror image",
    },
    # the two 5-tile shapes of built.py's 5-5-5-5-4 partition of the 5x5 goal
    # with the blank in a corner (canonical cells under the board's
    # symmetries); the 4-tile group is built in the browser
    "tiles5x5-corner5.pdb": {
        "board": (5, 5), "cells": (0, 1, 2, 5, 6),
        "about": "5 tiles of a corner 2x2 block and one more: three of the four "
                 "5-tile groups of the 5x5 5-5-5-5-4 partition and of its mirror",
    },
    "tiles5x5-inner5.pdb": {
        "board": (5, 5), "cells": (1, 2, 5, 6, 7),
        "about": "5 tiles of a 2x2 block by a corner and one more: the last 5-tile "
                 "group of the 5x5 partition and of its mirror",
    },
}


def build_table(name):
    """The bytes of stored table ``name`` (pure Python, about 14 s for the
    4x4 one, 8 s for each 5x5 one)."""
    spec = TABLES.get(name)
    if spec is None:
        raise PuzzleError(f"Unknown table '{name}'.")
    w, h = spec["board"]
    table, _figures = build_sparse(w, h, spec["cells"])
    if w * h > 16:
        return encode_sparse(w, h, spec["cells"], table, __name__, tables.GENERATOR_VERSION)
    return encode_table(w, h, spec["cells"], table, __name__, tables.GENERATOR_VERSION)


def stored_shape(w, h, cells):
    """The name of the stored table of exactly these (canonical) cells, or None."""
    for name, spec in TABLES.items():
        if spec["board"] == (w, h) and tuple(spec["cells"]) == tuple(cells):
            return name
    return None


_stored = {}


def stored_tables_steps(w, h):
    """Generator returning the decoded stored tables of a W x H board,
    [(name, cells, table)], kept for the session."""
    got = _stored.get((w, h))
    if got is None:
        got = []
        for name, spec in sorted(TABLES.items()):
            if spec["board"] == (w, h):
                data = tables.load(name, lambda name=name: build_table(name))
                header, table = yield from decode_table_steps(data)
                if tuple(header["cells"]) != tuple(spec["cells"]):
                    raise PuzzleError(f"The table '{name}' does not match this version.")
                got.append((name, tuple(spec["cells"]), table))
        _stored[(w, h)] = got
    return got


def is_read(w, h):
    """Whether the stored tables of a W x H board are decoded already."""
    return (w, h) in _stored


def stored_tables(w, h):
    """:func:`stored_tables_steps`, run at once."""
    return drain(stored_tables_steps(w, h))
