"""The one-way engine: sliding-block puzzles whose every block slides one
way only (Rush Hour, Unblock Me, Tromp and Cilibrasi's unit Rush Hour),
searched on states of their own.  The family's ``bfs`` method, its
``explore`` and ``group`` hooks and the generator (generate.py) use it
whenever it applies (:func:`applies`); bfs.py and reachable.py keep the
general case.  Siblings: puzzle.py (the rules it compiles), reachable.py
(the group's second half, shared).

Why its own states: a one-way block never leaves its row (or column) and
never passes a block of its lane, so every block can be told apart by where
it is and its place is one number, its offset along its lane.  The generic
engines' state (a bit per placement, moves looked up by the empty cells)
costs a dictionary of moves per distinct set of empty cells, which in Rush
Hour is nearly every position: Fogleman's hardest, 2,087 positions to the
proof, took 34 ms there and takes 7 ms here (CPython).

State: an int packing each block's offset, ``bits`` bits a block, in the
order of ``puzzle.block_letters``: block i is at ``(s >> (bits * i)) & mask``,
offset k being the k-th placement of its run (the placements along its lane
it can reach, left to right or top to bottom).  Example: Fogleman's
``AAo...`` row 3 of a 6x6 board with only the red car A (horizontal, bits 3):
A at columns 0-1 is offset 0, state 0; at columns 4-5, offset 4, state 4.

Occupancy travels beside the state, one int: the board's cells row by row
(bit r*w + c) and again column by column (bit n + c*h + r), walls included,
so any block's lane is one shift and one mask of it, whatever its way.  A
block's moves come from a table keyed by its lane's cells and its offset:
``table[lane << bits | offset]`` -> ((state delta, occupancy delta), ...),
filled as keys are met (``_Moves.__missing__``).  A child costs two integer
operations; a position about 13 table lookups (one per block).
"""

from array import array

from ...search.common import (Checkpoint, SearchResult, no_solution, walk_back,
                              DEFAULT_MAX_STATES)
from .model import Move
from . import reachable as _reachable

# machine words per position besides the state (tests/test_budget.py): a
# parent slot, the (state, occupancy) pair in the layer and its occupancy int
WORDS = 14
COUNT_WORDS = 2
GROUP_WORDS = _reachable.GROUP_WORDS


def applies(puzzle):
    """Every block slides one way (and there is one)."""
    return bool(puzzle.block_letters) and all(puzzle.ways.get(k) for k in puzzle.block_letters)


class _Moves(dict):
    """One block's move table, filled on first use of a key."""

    __slots__ = ("fill",)

    def __init__(self, fill):
        super().__init__()
        self.fill = fill

    def __missing__(self, key):
        out = self[key] = self.fill(key)
        return out


class Lanes:
    """A one-way puzzle compiled for the engine (see the module docstring).

    ``hot``: per block (shift, lane shift, lane mask, move table), what the
    inner loops read; ``start``/``occ``: the start and its occupancy;
    ``goal(s)``: the goal test; ``runs[i]``: block i's placements (gids) by
    offset."""

    def __init__(self, puzzle):
        self.puzzle = puzzle
        w, h = puzzle.w, puzzle.h
        n = self.n = w * h
        step = puzzle.metric == "step"
        tcol = [(i % w) * h + i // w for i in range(n)]     # row-major bit -> column-major

        def both(mask):
            out = mask
            while mask:
                low = mask & -mask
                out |= 1 << (n + tcol[low.bit_length() - 1])
                mask ^= low
            return out
        self.letters = puzzle.block_letters
        runs = []
        for letter, start in zip(puzzle.block_letters, puzzle.start_labels):
            t = puzzle.type_of[letter]
            axis = 1 if puzzle.ways[letter] == "h" else 0    # the coordinate it moves in
            fixed = puzzle.panchor[start][1 - axis]
            line = sorted((g for g in range(*puzzle.type_range[t])
                           if puzzle.panchor[g][1 - axis] == fixed),
                          key=lambda g: puzzle.panchor[g][axis])
            k = line.index(start)
            lo = hi = k
            while lo > 0 and puzzle.panchor[line[lo - 1]][axis] == \
                    puzzle.panchor[line[lo]][axis] - 1:
                lo -= 1
            while hi + 1 < len(line) and puzzle.panchor[line[hi + 1]][axis] == \
                    puzzle.panchor[line[hi]][axis] + 1:
                hi += 1
            runs.append(line[lo:hi + 1])
        self.runs = runs
        self.bits = bits = max(1, max(len(r) - 1 for r in runs).bit_length())
        self.mask = mask = (1 << bits) - 1
        walls = 0
        for cell in puzzle.wall_cells:
            walls |= 1 << cell
        occ = both(walls)
        start = 0
        hot = []
        self.placed = []            # per block: occupancy masks by offset
        for i, (letter, run) in enumerate(zip(self.letters, runs)):
            sh = bits * i
            masks = [both(puzzle.pmask[g]) for g in run]
            self.placed.append(masks)
            half = (1 << n) - 1 if puzzle.ways[letter] == "h" else ((1 << n) - 1) << n
            union = 0
            for m in masks:
                union |= m & half
            ksh = (union & -union).bit_length() - 1
            o0 = run.index(puzzle.start_labels[i])
            start |= o0 << sh
            occ |= masks[o0]
            hot.append((sh, ksh, union >> ksh,
                        _Moves(self._filler(masks, half, ksh, sh, step))))
        self.hot = hot
        self.start, self.occ = start, occ
        self.goal = self._goal_test()

    def _filler(self, masks, half, ksh, sh, step):
        """The function that computes one block's moves for a table key."""
        bits, mask = self.bits, self.mask
        lane = [(m & half) >> ksh for m in masks]
        last = len(masks) - 1

        def fill(key):
            o, cells = key & mask, key >> bits
            own = lane[o]
            out = []
            for way in (1, -1):
                q = o + way
                while 0 <= q <= last and not lane[q] & ~own & cells:
                    out.append(((q - o) << sh, masks[o] ^ masks[q]))
                    if step:
                        break
                    q += way
            return tuple(out)
        return fill

    def _goal_test(self):
        """``goal(s)``: any goal alternative met.  Per alternative, per block
        it names, the offsets that meet it (a bit mask), and the cells that
        must be empty (tested on the occupancy the caller passes)."""
        puzzle = self.puzzle
        piece_of = {puzzle.type_of[k]: i for i, k in enumerate(self.letters)}
        alts = []
        for conds, empty in puzzle.alternatives:
            need = []
            for t, allowed in conds:
                i = piece_of[t]
                offsets = 0
                for o, g in enumerate(self.runs[i]):
                    if allowed >> g & 1:
                        offsets |= 1 << o
                need.append((self.bits * i, offsets))
            alts.append((tuple(need), empty))
        mask = self.mask
        self.empties = any(empty for _n, empty in alts)
        if len(alts) == 1 and len(alts[0][0]) == 1 and not alts[0][1]:
            (sh, offsets), = alts[0][0]
            return lambda s, occ=0: offsets >> ((s >> sh) & mask) & 1
        if any(not need for need, _e in alts):
            return lambda s, occ=0: True

        def goal(s, occ=0):
            for need, empty in alts:
                if empty and occ & empty:
                    continue
                for sh, offsets in need:
                    if not offsets >> ((s >> sh) & mask) & 1:
                        break
                else:
                    return True
            return False
        return goal

    # -- conversions -----------------------------------------------------------
    def labels(self, s):
        """The labelled state (a gid per block, puzzle.py's form)."""
        bits, mask = self.bits, self.mask
        return tuple(run[(s >> (bits * i)) & mask] for i, run in enumerate(self.runs))

    def canonical(self, s):
        out = 0
        for g in self.labels(s):
            out |= 1 << g
        return out

    def from_canonical(self, state):
        """A canonical (or labelled) state of the puzzle -> (s, occupancy).
        Blocks sharing a run keep their order along it."""
        gids = set(self.puzzle.gids(state))
        by_run = {}
        for i, run in enumerate(self.runs):
            by_run.setdefault(tuple(run), []).append(i)
        s = 0
        occ = self.occ
        for i in range(len(self.runs)):          # the start's occupancy off
            occ ^= self.placed[i][(self.start >> (self.bits * i)) & self.mask]
        for run, blocks in by_run.items():
            here = [o for o, g in enumerate(run) if g in gids]
            if len(here) != len(blocks):
                raise ValueError("not a position of this puzzle")
            for i, o in zip(blocks, here):
                s |= o << (self.bits * i)
                occ |= self.placed[i][o]
        return s, occ

    def move_between(self, a, b):
        """The move (puzzle.py's Move, with its block's letter) from a to b."""
        bits, mask = self.bits, self.mask
        x = a ^ b
        i = ((x & -x).bit_length() - 1) // bits
        o, q = (a >> (bits * i)) & mask, (b >> (bits * i)) & mask
        letter = self.letters[i]
        way = ("R" if q > o else "L") if self.puzzle.ways[letter] == "h" else \
            ("D" if q > o else "U")
        return Move(letter, self.runs[i][o], self.runs[i][q], way * abs(q - o))


def lanes_of(puzzle):
    """The puzzle compiled (kept with it, in ``puzzle.compiled``: a puzzle
    never changes)."""
    got = puzzle.compiled.get("lanes")
    if got is None:
        got = puzzle.compiled["lanes"] = Lanes(puzzle)
    return got


def _answer(lanes, parent, end):
    """The labelled moves and states from the start to ``end``."""
    path, states = walk_back(parent, end, move_of=lanes.move_between)
    return path, [lanes.labels(s) for s in states]


def bfs(puzzle, *, count=False, max_states=DEFAULT_MAX_STATES, max_bytes=None):
    """Breadth-first search on the engine's states: optimal in the puzzle's
    metric; ``count=True`` counts the optimal move sequences (as bfs.py
    does).  Same contract and errors as bfs.py; the goal is tested once per
    position of a finished layer (not per child)."""
    lanes = lanes_of(puzzle)
    start, occ0 = lanes.start, lanes.occ
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start,
                    words=WORDS + (COUNT_WORDS if count else 0))
    check = cp.next
    goal = lanes.goal
    if goal(start, occ0):
        return SearchResult([], [puzzle.start_labels], 0, True, cp.stats(0, 0, 1, depth=0),
                            {"solutions": 1} if count else {})
    hot, bits, mask = lanes.hot, lanes.bits, lanes.mask
    parent = {start: None}
    paths = {start: 1}
    layer = [(start, occ0)]
    expanded = generated = 0
    depth = 0
    found = []
    while layer and not found:
        nxt = []
        push = nxt.append
        nxt_paths = {}
        for s, occ in layer:
            expanded += 1
            if expanded >= check:
                yield from cp.tick(expanded, held=len(parent), depth=depth, expanded=expanded,
                                   generated=generated, frontier=len(layer))
                check = cp.next
            if count:
                here = paths[s]
                for sh, ksh, km, table in hot:
                    for d, dx in table[((occ >> ksh) & km) << bits | (s >> sh) & mask]:
                        c = s + d
                        generated += 1
                        if c in parent:
                            if c in nxt_paths:
                                nxt_paths[c] += here
                            continue
                        parent[c] = s
                        nxt_paths[c] = here
                        push((c, occ ^ dx))
                continue
            for sh, ksh, km, table in hot:
                for d, dx in table[((occ >> ksh) & km) << bits | (s >> sh) & mask]:
                    c = s + d
                    if parent.setdefault(c, s) is not s:
                        continue           # seen before (no two moves of s meet)
                    push((c, occ ^ dx))
        generated += 0 if count else len(nxt)
        depth += 1
        layer = nxt
        paths = nxt_paths
        found = [s for s, occ in layer if goal(s, occ)]
    if not found:
        if len(parent) > max_states:
            cp.over(len(parent), expanded, generated)
        no_solution(cp.clock, expanded, generated, len(parent))
    moves, states = _answer(lanes, parent, found[0])
    extra = {"solutions": sum(paths[g] for g in found)} if count else {}
    return SearchResult(moves, states, len(moves), True,
                        cp.stats(expanded, generated, len(parent), depth=len(moves)), extra)


def _numbered(lanes, cp, root, root_occ, goal=None):
    """Generator: every position reachable from ``root``, numbered in the
    order found (``states``), with each one's neighbours by number (``nbr``,
    ``ends``: position i's run ends at ``ends[i]``), the numbers of the
    goal positions (with ``goal``) and the breadth-first layers' sizes
    from the root (``histogram``).  Returns (states, nbr, ends, goals,
    histogram)."""
    check = cp.next
    hot, bits, mask = lanes.hot, lanes.bits, lanes.mask
    number = {root: 0}
    states = [root]
    goals = [0] if goal and goal(root, root_occ) else []
    nbr = array("i")
    ends = array("i")
    link, close = nbr.append, ends.append
    layer = [(root, root_occ)]
    histogram = [1]
    expanded = 0
    while layer:
        nxt = []
        push = nxt.append
        for s, occ in layer:
            expanded += 1
            if expanded >= check:
                yield from cp.tick(expanded, held=len(states), phase="group",
                                   expanded=expanded, generated=len(nbr),
                                   depth=len(histogram) - 1)
                check = cp.next
            for sh, ksh, km, table in hot:
                for d, dx in table[((occ >> ksh) & km) << bits | (s >> sh) & mask]:
                    c = s + d
                    j = number.get(c)
                    if j is None:
                        j = number[c] = len(states)
                        states.append(c)
                        push((c, occ ^ dx))
                    link(j)
            close(len(nbr))
        if goal:
            goals.extend(number[c] for c, o in nxt if goal(c, o))
        if nxt:
            histogram.append(len(nxt))
        layer = nxt
    if len(states) > cp.max_states:
        cp.over(len(states), expanded, len(nbr))
    return states, nbr, ends, goals, histogram


def explore(puzzle, root=None, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, keep=200):
    """Everything reachable from ``root`` (canonical; default the start),
    as reachable.explore returns it (``farthest`` canonical states)."""
    lanes = lanes_of(puzzle)
    s0, occ0 = (lanes.start, lanes.occ) if root is None else lanes.from_canonical(root)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=s0, words=GROUP_WORDS)
    states, nbr, _ends, _goals, histogram = yield from _numbered(lanes, cp, s0, occ0)
    far = [lanes.canonical(s) for s in states[len(states) - histogram[-1]:]][:keep]
    extra = {"histogram": histogram, "max_distance": len(histogram) - 1,
             "reachable": len(states), "farthest": far}
    return SearchResult([], [puzzle.start], 0, True,
                        cp.stats(len(states), len(nbr), len(states)), extra)


def group(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, keep=200,
          distances=False):
    """The start's group by distance to its goals, as reachable.group
    returns it (``farthest`` canonical states; with ``distances``,
    ``states``, canonical, and ``distances`` beside them)."""
    lanes = lanes_of(puzzle)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=lanes.start, words=GROUP_WORDS)
    states, nbr, ends, goals, _h = yield from _numbered(lanes, cp, lanes.start, lanes.occ,
                                                        lanes.goal)
    result = yield from _reachable.by_goal_distance(cp, states, nbr, ends, goals, puzzle.start,
                                                    len(states), distances)
    extra = result.extra
    extra["farthest"] = sorted(lanes.canonical(s) for s in extra["farthest"])[:keep]
    if distances:
        extra["states"] = [lanes.canonical(s) for s in states]
    return result
