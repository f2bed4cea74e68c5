"""The one-way engine: sliding-block puzzles whose every block slides one
way only (Rush Hour, Unblock Me, Tromp and Cilibrasi's unit Rush Hour),
searched on states of their own.  The family's ``bfs`` method, its
``explore`` and ``group`` hooks and the generator (generate.py,
layouts.py) use it whenever it applies (:func:`applies`); bfs.py and
reachable.py keep the general case.  Siblings: puzzle.py (the rules it
compiles), reachable.py (the group's second half, shared).

Why its own states: a one-way block never leaves its row (or column) and
never passes a block of its lane, so every block can be told apart by where
it is, and its place is one number, its offset along its lane.  The generic
engines' state (a bit per placement, moves looked up by the empty cells)
costs a dictionary of moves per distinct set of empty cells, which in Rush
Hour is nearly every position: Fogleman's hardest, 2,087 positions to the
proof, took 34 ms there and takes 5 ms here (CPython).

State: one int made of a *segment* per lane -- the blocks sliding along one
row (or one column) -- each holding the offsets of the lane's blocks
(``bits`` bits each, offset k being the k-th placement of the block's run:
the places along its lane it can reach, left to right or top to bottom)
and, above them, the lane's cells: which are taken, by anything (its own
blocks, blocks crossing it, walls).  A lane's moves depend on its segment
alone, so they come from one table lookup: ``table[(s >> shift) & mask]``
-> the state deltas (XOR) of every move of the lane's blocks, filled as
segments are met (``_Moves.__missing__``); two neighbouring lanes share
a lookup (``_joined``).  A move changes the offset in its own
segment and the cells in every segment whose lane it crosses; its delta
does all that in one XOR.  Example: a 6x6 board whose only block is
the red car A on row 3, at columns 0-1 (bits 3): A's segment is offset 0,
then the lane's cells 000011 (columns 0-1 taken); the state is 0b000011_000
= 24; A slid to columns 4-5: offset 4, cells 110000, state 0b110000_100.
Measured (Fogleman's 30-move line with 12,669 positions to the proof,
CPython): a lookup per block and the occupancy carried beside the state,
56 ms; one per lane in the state itself, 37 ms; one per two lanes, a
sixth less again.
"""

from array import array

from ...errors import SearchLimit
from ...search.common import (Checkpoint, SearchResult, no_solution, walk_back,
                              DEFAULT_MAX_STATES)
from .model import Move
from . import reachable as _reachable

# machine words per position besides the state (tests/test_budget.py): a
# parent slot and a layer slot
WORDS = 10
COUNT_WORDS = 2
GROUP_WORDS = _reachable.GROUP_WORDS
JOIN = 2             # neighbouring lanes looked up together (_joined)


def applies(puzzle):
    """Every block slides one way (and there is one)."""
    return bool(puzzle.block_letters) and all(puzzle.ways.get(k) for k in puzzle.block_letters)


class _Moves(dict):
    """One lane's (or joined lanes') move table, filled on first use of a key."""

    __slots__ = ("fill",)

    def __init__(self, fill):
        super().__init__()
        self.fill = fill

    def __missing__(self, key):
        out = self[key] = self.fill(key)
        return out


def _joined(lanes):
    """Neighbouring lanes (their segments side by side in the state) as one
    entry of ``hot``: one lookup for them all, fewer turns of the inner
    loops; the key is their segments together, its moves the lanes' own,
    taken from their own tables.  Measured in CPython (CPU, medians of 7,
    load 8): the slowest of the 75 database lines solved 67.7 ms with one
    lane a key, 53.1 ms with two (three: about the same as two; four:
    slower, more keys to fill)."""
    if len(lanes) == 1:
        return lanes[0]
    base = lanes[0][0]
    parts = [(sh - base, m, table) for sh, m, table in lanes]
    width = parts[-1][0] + parts[-1][1].bit_length()

    def fill(key):
        out = ()
        for off, m, table in parts:
            out += table[(key >> off) & m]
        return out
    return base, (1 << width) - 1, _Moves(fill)


class Lanes:
    """A one-way puzzle compiled for the engine (see the module docstring).

    ``hot``: per lane (shift, mask, move table), what the inner loops read;
    ``start``: the start; ``goal(s)``: the goal test; ``runs[i]``: block i's
    placements (gids) by offset; ``at[i]``: where block i's offset sits in
    the state."""

    def __init__(self, puzzle):
        self.puzzle = puzzle
        w, h = puzzle.w, puzzle.h
        n = self.n = w * h
        self.step = puzzle.metric == "step"
        tcol = [(i % w) * h + i // w for i in range(n)]     # row-major bit -> column-major

        def both(mask):
            """Cells as one int: row by row, then column by column above."""
            out = mask
            while mask:
                low = mask & -mask
                out |= 1 << (n + tcol[low.bit_length() - 1])
                mask ^= low
            return out
        self.letters = puzzle.block_letters
        runs, lanes = [], {}
        for i, (letter, start) in enumerate(zip(puzzle.block_letters, puzzle.start_labels)):
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
            lanes.setdefault((axis, fixed), []).append(i)
        self.runs = runs
        self.bits = bits = max(1, max(len(r) - 1 for r in runs).bit_length())
        self.mask = mask = (1 << bits) - 1
        walls = 0
        for cell in puzzle.wall_cells:
            walls |= 1 << cell
        self.placed = [[both(puzzle.pmask[g]) for g in run] for run in runs]
        # the lanes: their blocks (in order along them), where their cells
        # sit in the two-way occupancy (shift, mask), their segment's place
        groups = []
        pos = 0
        self.at = [0] * len(runs)
        for (axis, _line), blocks in sorted(lanes.items()):
            blocks.sort(key=lambda i: puzzle.panchor[puzzle.start_labels[i]][axis])
            half = (1 << n) - 1 if axis == 1 else ((1 << n) - 1) << n
            union = 0
            for i in blocks:
                for m in self.placed[i]:
                    union |= m & half
            ksh = (union & -union).bit_length() - 1
            for k, i in enumerate(blocks):
                self.at[i] = pos + bits * k
            groups.append((blocks, pos, bits * len(blocks), ksh, union >> ksh))
            pos += bits * len(blocks) + (union >> ksh).bit_length()
        self.groups = groups
        occ = both(walls)
        for i, run in enumerate(runs):
            occ |= self.placed[i][run.index(puzzle.start_labels[i])]
        self._delta = {}
        start = self._cells(occ)
        for i, run in enumerate(runs):
            start |= run.index(puzzle.start_labels[i]) << self.at[i]
        self.start = start
        lanes_ = [(pos_g, (1 << (width + km.bit_length())) - 1,
                   _Moves(self._filler(blocks, width, ksh)))
                  for blocks, pos_g, width, ksh, km in groups]
        self.hot = [_joined(lanes_[i:i + JOIN]) for i in range(0, len(lanes_), JOIN)]
        self.goal = self._goal_test()

    def _cells(self, occ):
        """The lane-cell bits of every segment for the occupancy ``occ``."""
        out = 0
        for _blocks, pos, width, ksh, km in self.groups:
            out |= ((occ >> ksh) & km) << (pos + width)
        return out

    def delta(self, i, o, q):
        """The state delta (XOR) of block i's move from offset o to q."""
        key = (i, o, q)
        got = self._delta.get(key)
        if got is None:
            got = self._delta[key] = ((o ^ q) << self.at[i]) | \
                self._cells(self.placed[i][o] ^ self.placed[i][q])
        return got

    def _filler(self, blocks, width, ksh):
        """The function that computes one lane's moves for a table key."""
        bits, mask, step = self.bits, self.mask, self.step
        lanes = [[(m >> ksh) for m in self.placed[i]] for i in blocks]
        delta = self.delta

        def fill(key):
            cells = key >> width
            out = []
            for k, i in enumerate(blocks):
                o = (key >> (bits * k)) & mask
                lane = lanes[k]
                own = lane[o]
                last = len(lane) - 1
                for way in (1, -1):
                    q = o + way
                    while 0 <= q <= last and not lane[q] & ~own & cells:
                        out.append(delta(i, o, q))
                        if step:
                            break
                        q += way
            return tuple(out)
        return fill

    def offset(self, s, i):
        return (s >> self.at[i]) & self.mask

    def _goal_test(self):
        """``goal(s)``: any goal alternative met.  Per alternative, per block
        it names, the offsets that meet it (a bit mask), and the cells that
        must be empty (tested on the board the offsets make)."""
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
                need.append((self.at[i], offsets))
            alts.append((tuple(need), empty))
        mask = self.mask
        if len(alts) == 1 and len(alts[0][0]) == 1 and not alts[0][1]:
            (sh, offsets), = alts[0][0]
            return lambda s: offsets >> ((s >> sh) & mask) & 1
        if any(not need and not empty for need, empty in alts):
            return lambda s: True

        def goal(s):
            occ = None
            for need, empty in alts:
                if empty:
                    if occ is None:
                        occ = puzzle.occupied(self.labels(s))
                    if occ & empty:
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
        mask, at = self.mask, self.at
        return tuple(run[(s >> at[i]) & mask] for i, run in enumerate(self.runs))

    def canonical(self, s):
        out = 0
        for g in self.labels(s):
            out |= 1 << g
        return out

    def from_canonical(self, state):
        """A canonical (or labelled) state of the puzzle -> the engine's.
        Blocks sharing a run keep their order along it."""
        gids = set(self.puzzle.gids(state))
        by_run = {}
        for i, run in enumerate(self.runs):
            by_run.setdefault(tuple(run), []).append(i)
        occ = 0
        offsets = [0] * len(self.runs)
        for run, blocks in by_run.items():
            here = [o for o, g in enumerate(run) if g in gids]
            if len(here) != len(blocks):
                raise ValueError("not a position of this puzzle")
            for i, o in zip(blocks, here):
                offsets[i] = o
        walls = self.start
        for i in range(len(self.runs)):          # the start's blocks off: the walls remain
            o = self.offset(self.start, i)
            walls ^= (o << self.at[i]) | self._cells(self.placed[i][o])
        s = walls
        for i, o in enumerate(offsets):
            s |= (o << self.at[i]) | self._cells(self.placed[i][o])
        return s

    def move_between(self, a, b):
        """The move (puzzle.py's Move, with its block's letter) from a to b."""
        for i, letter in enumerate(self.letters):
            o, q = self.offset(a, i), self.offset(b, i)
            if o != q:
                break
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
    start = lanes.start
    max_bytes = puzzle.reserve(max_bytes)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=start,
                    words=WORDS + (COUNT_WORDS if count else 0))
    check = cp.next
    goal = lanes.goal
    if goal(start):
        return SearchResult([], [puzzle.start_labels], 0, True, cp.stats(0, 0, 1, depth=0),
                            {"solutions": 1} if count else {})
    hot = lanes.hot
    parent = {start: None}
    paths = {start: 1}
    layer = [start]
    expanded = generated = 0
    depth = 0
    found = []
    while layer and not found:
        nxt = []
        push = nxt.append
        nxt_paths = {}
        for s in layer:
            expanded += 1
            if len(parent) + expanded >= check:   # positions held and expanded
                yield from cp.tick(len(parent) + expanded, held=len(parent), depth=depth,
                                   expanded=expanded, generated=generated, frontier=len(layer))
                check = cp.next
            if count:
                here = paths[s]
                for sh, m, table in hot:
                    for d in table[(s >> sh) & m]:
                        c = s ^ d
                        generated += 1
                        if c in parent:
                            if c in nxt_paths:
                                nxt_paths[c] += here
                            continue
                        parent[c] = s
                        nxt_paths[c] = here
                        push(c)
                continue
            for sh, m, table in hot:
                for d in table[(s >> sh) & m]:
                    c = s ^ d
                    if parent.setdefault(c, s) is not s:
                        continue           # seen before (no two moves of s meet)
                    push(c)
        generated += 0 if count else len(nxt)
        depth += 1
        layer = nxt
        paths = nxt_paths
        found = [s for s in layer if goal(s)]
    if not found:
        if len(parent) > max_states:
            cp.over(len(parent), expanded, generated)
        no_solution(cp.clock, expanded, generated, len(parent))
    moves, states = _answer(lanes, parent, found[0])
    extra = {"solutions": sum(paths[g] for g in found)} if count else {}
    return SearchResult(moves, states, len(moves), True,
                        cp.stats(expanded, generated, len(parent), depth=len(moves)), extra)


def _numbered(lanes, cp, root, goal=None, thin=None):
    """Generator: every position reachable from ``root``, numbered in the
    order found (``states``), with each one's neighbours by number (``nbr``,
    ``ends``: position i's run ends at ``ends[i]``), the numbers of the
    goal positions (with ``goal``) and the breadth-first layers' sizes
    from the root (``histogram``); with ``thin`` = (depth, most, cap),
    SearchLimit as soon as more than ``most`` positions lie within ``depth``
    moves of the root, or more than ``cap`` in all (tested layer by layer
    on the positions alone: the same in every runtime, unlike the memory
    budget's estimate).  Returns (states, nbr, ends, goals, histogram)."""
    check = cp.next
    hot = lanes.hot
    number = {root: 0}
    states = [root]
    goals = [0] if goal and goal(root) else []
    nbr = array("i")
    ends = array("i")
    link, close = nbr.append, ends.append
    layer = [root]
    histogram = [1]
    expanded = 0
    while layer:
        nxt = []
        push = nxt.append
        for s in layer:
            expanded += 1
            if len(states) + expanded >= check:   # positions held and expanded
                # the neighbour numbers count as positions' worth of bytes
                links = len(nbr) * 4 // cp.per_state if cp.per_state else 0
                yield from cp.tick(len(states) + expanded, held=len(states) + links,
                                   phase="group",
                                   expanded=expanded, generated=len(nbr),
                                   depth=len(histogram) - 1)
                check = cp.next
            for sh, m, table in hot:
                for d in table[(s >> sh) & m]:
                    c = s ^ d
                    j = number.get(c)
                    if j is None:
                        j = number[c] = len(states)
                        states.append(c)
                        push(c)
                    link(j)
            close(len(nbr))
        if goal:
            goals.extend(number[c] for c in nxt if goal(c))
        if nxt:
            histogram.append(len(nxt))
        layer = nxt
        if thin and (len(histogram) - 1 == thin[0] and len(states) > thin[1]
                     or len(states) > thin[2]):
            raise SearchLimit(f"More than {thin[1]:,} positions lie within {thin[0]} moves "
                              f"of the start, or {thin[2]:,} in all.",
                              stats=cp.stats(expanded, len(nbr), len(states)))
    if len(states) > cp.max_states:
        cp.over(len(states), expanded, len(nbr))
    return states, nbr, ends, goals, histogram


def explore(puzzle, root=None, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, keep=200):
    """Everything reachable from ``root`` (canonical; default the start),
    as reachable.explore returns it (``farthest`` canonical states)."""
    lanes = lanes_of(puzzle)
    s0 = lanes.start if root is None else lanes.from_canonical(root)
    max_bytes = puzzle.reserve(max_bytes)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=s0, words=GROUP_WORDS)
    states, nbr, _ends, _goals, histogram = yield from _numbered(lanes, cp, s0)
    far = [lanes.canonical(s) for s in states[len(states) - histogram[-1]:]][:keep]
    extra = {"histogram": histogram, "max_distance": len(histogram) - 1,
             "reachable": len(states), "farthest": far}
    return SearchResult([], [puzzle.start], 0, True,
                        cp.stats(len(states), len(nbr), len(states)), extra)


def group(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, keep=200,
          distances=False, thin=None):
    """The start's group by distance to its goals, as reachable.group
    returns it (``farthest`` canonical states; with ``distances``,
    ``states``, canonical, and ``distances`` beside them).  ``thin``:
    (depth, most, cap), give up (SearchLimit) on a group with more than
    ``most`` positions within ``depth`` moves of the start or more than
    ``cap`` in all (layouts.py: a loose cluster holds no hard puzzle)."""
    lanes = lanes_of(puzzle)
    max_bytes = puzzle.reserve(max_bytes)
    cp = Checkpoint(max_states, max_bytes=max_bytes, sample=lanes.start, words=GROUP_WORDS)
    states, nbr, ends, goals, _h = yield from _numbered(lanes, cp, lanes.start, lanes.goal,
                                                        thin)
    result = yield from _reachable.by_goal_distance(cp, states, nbr, ends, goals, puzzle.start,
                                                    len(states), distances)
    extra = result.extra
    extra["farthest"] = sorted(lanes.canonical(s) for s in extra["farthest"])[:keep]
    if distances:
        extra["states"] = [lanes.canonical(s) for s in states]
    return result
