"""Sliding tiles' first answers: the ``quick`` method that auto races
beside the proof (api.py's Anytime driver), giving a good solution within a
fraction of a second on any board, then shorter ones as it finds them.
Siblings: fast.py (the reduction solver, the first answer beyond 36 cells),
ida.py (the proof, and the bound forms read here), lowerbounds.py.

Two searches, both over whole positions with the proof's own lower bound
(pattern databases where they are ready, else the best cheap bound):

- weighted A* (boards up to 16 cells, first): f = g + w h with falling
  weights, each run capped in nodes; a run may stop short of its cap only
  by the memory budget.  On the 17 positions 80 moves from the 4x4 goal,
  w = 2 finds 86-106 moves (1.23x on average) in under 1,500 nodes and
  w = 1.5 80-92 (1.09x) in under 7,000; lower weights need hundreds of
  thousands.
- beam search (larger boards; on small ones after weighted A*):
  breadth-first, each layer cut to the ``width`` positions of smallest
  bound, every position met once; widths grow by about 3 a run.  On Korf and Felner's ten 5x5 positions (95-114
  moves), width 300 gives 1.25x the optimum on average (worst 1.39x) in
  about 30,000 expansions, 1,000 gives 1.20x; weighted A* with w = 2 gave
  1.36x and up to 400,000 nodes, w = 3 1.67x.  Shortening windows of 20
  moves of a solution by IDA* saved nothing (the excess is global).

Every run prunes the positions whose g + h cannot beat the best found.
Both keep, per position met, the blank's previous cell (``seen``), and a
solution is rebuilt by walking the blank back.  In the multi-tile count the
searches make line moves, guided by the single-tile bound scaled down
(MULTI_SCALE: a guide, not a bound, so nothing is pruned by it and no lower
bound is claimed); merging the single-tile solutions into line moves
instead gave 55-73 moves for the antipodes' 43.
"""

import heapq

from ...errors import SearchLimit
from ...search.common import Checkpoint, SearchResult, found, stats, ticking
from . import fast, ida, lowerbounds as bounds

# (weight, node cap) of the weighted A* runs, in order (up to 16 cells)
WEIGHTS = ((2.0, 5_000), (1.5, 60_000))
# ... then beams of these widths: on the five hard 4x4 positions of 70-78
# moves and the 80-move ones, width 1,000 gives 76-84 moves in 0.6-1.0 s,
# 3,000 74-80 in 3 s (the 80-move positions' optimum), 10,000 72-80 in 9 s;
# weighted A* with w = 1.3 took 10-17 s for 76-82, and w = 1.5 found
# nothing on two of them within 300,000 nodes
SMALL_WIDTHS = (1_000, 3_000, 10_000, 30_000)
# ... and where the first weighted A* run ends at its cap without an answer,
# a narrow beam before the next: mwong's 70-move position (blank last) has
# none from w = 2 within 20,000 nodes nor from w = 1.5 within 60,000, so its
# first answer came from the 1,000 beam after 2.4 s of CPU; a beam of 300
# gives 80 moves (1.14x) 0.2 s after the first run gives up (w = 2's cap is
# 5,000: the 80-move positions need under 1,500, mwong's 72-78 as few)
FALLBACK_WIDTH = 300
# ... in line moves (multi-tile count), where the single-tile bound times
# MULTI_SCALE guides the search (a line move slides 1.6 tiles on average
# on the antipodes' solutions: 1 / 1.6 = 0.6): 49-57 moves for the
# antipodes' 43 at w = 2, in under 5,000 nodes; 46-48 at 1.5
MULTI_WEIGHTS = ((2.0, 20_000), (1.5, 60_000))
MULTI_SCALE = 0.6
# beam widths, in order (boards beyond 16 cells)
WIDTHS = (300, 1_000, 3_000, 10_000, 30_000)
# ... beyond 36 cells (no pattern databases; the fast solver answers first)
WIDE_WIDTHS = (30, 100, 300, 1_000)
# machine words per position held besides the state: a dict slot and its
# int (the blank's previous cell and g, packed), and for A* a heap entry of
# six fields and its index tuple; for the beam, a layer's entry too
WASTAR_WORDS = 40
BEAM_WORDS = 24
NO_CELL = 127              # ``seen``'s previous cell of the start


class Scorer:
    """A lower bound (ida.Bound) scored position by position: ``root(board)``
    -> (h, aux), ``child(aux, t, c, b, board)`` -> (h, aux) after tile ``t``
    slid from cell ``c`` into the blank on ``b`` (``board``: bytes before the
    move).  Pattern databases keep each pattern's index and each partition's
    sum (aux); step bounds keep their own state (ida.Bound.step)."""

    def __init__(self, puzzle, bound):
        self.pdb = bound.kind == "pdb"
        n = puzzle.n
        if self.pdb:
            pats, per_tile, parts = [], [[] for _ in range(n)], []
            for p, part in enumerate(bound.partitions):
                for pat in part:
                    k = len(pats)
                    pats.append(pat)
                    for t in pat.tiles:
                        per_tile[t].append((k, p, pat.offset[t], pat.table))
                parts.append(p)
            self.pats, self.per_tile, self.nparts = pats, per_tile, len(parts)
            self.part_of = [p for p, part in enumerate(bound.partitions) for _ in part]
        else:
            self.init, self.step = bound.init, bound.step

    def root(self, board):
        if not self.pdb:
            return self.init(list(board))
        pos = [0] * len(board)
        for cell, t in enumerate(board):
            pos[t] = cell
        idx = [pat.index(pos) for pat in self.pats]
        sums = [0] * self.nparts
        for k, pat in enumerate(self.pats):
            sums[self.part_of[k]] += pat.table[idx[k]]
        return max(sums), (tuple(idx), tuple(sums))

    def child(self, aux, t, c, b, board):
        if self.pdb:
            idx, sums = list(aux[0]), list(aux[1])
            for k, p, off, tab in self.per_tile[t]:
                old = idx[k]
                new = old + off[b] - off[c]
                idx[k] = new
                sums[p] += tab[new] - tab[old]
            return max(sums), (tuple(idx), tuple(sums))
        after = list(board)
        after[b], after[c] = t, 0
        return self.step(aux, t, c, b, after)


def quick(puzzle, *, max_states=None, max_bytes=None):
    """Generator (a Method's run): a first solution at once, then shorter
    ones (``found`` records), returning the best as a SearchResult
    (``optimal`` only when its length meets the root's lower bound).  Ends
    when its schedule does, or at the memory budget with what it has."""
    from .puzzle import Tiles
    multi = puzzle.metric == "multi"
    work = Tiles(puzzle.w, puzzle.h, puzzle.start, puzzle.goal) if multi else puzzle
    cp = Checkpoint(max_states or 1 << 40, max_bytes=max_bytes, sample=bytes(work.start),
                    words=WASTAR_WORDS)
    clock = cp.clock
    best = None                        # (length in the puzzle's count, the blank's cells)
    name = bound_name(work)
    bound = yield from ticking(bounds.incremental_steps(work, name), clock, phase="prepare",
                               table=bounds.entry(work, name).label)
    scorer = Scorer(work, bound)
    h0, _ = scorer.root(bytes(work.start))
    lower = None if multi else h0      # the single-tile bound says nothing of line moves
    lines = _lines(work, multi)
    if work.n > bounds.BUILT_MAX_CELLS:
        result = yield from fast.fast_search(work, optimal_budget=0)
        blanks = [bytes(s).index(0) for s in result.states]
        best = (_count(work, blanks, multi), blanks)
        yield _found(puzzle, work, multi, blanks, clock, lower, "fast")
    if work.n <= 16:
        runs = [("wastar", w, cap) for w, cap in (MULTI_WEIGHTS if multi else WEIGHTS)]
        if not multi:
            runs.insert(1, ("beam", FALLBACK_WIDTH, "fallback"))
        runs += [("beam", width, None) for width in SMALL_WIDTHS]
    else:
        runs = [("beam", width, None) for width in
                (WIDTHS if work.n <= bounds.BUILT_MAX_CELLS else WIDE_WIDTHS)]
    try:
        for kind, arg, cap in runs:
            limit = best[0] if best else None
            if limit is not None and lower is not None and limit <= lower:
                break                  # proven: nothing shorter exists
            if cap == "fallback" and best is not None:
                continue               # the first run answered: no fallback needed
            if kind == "wastar":
                search = _wastar(work, scorer, lines, arg * (MULTI_SCALE if multi else 1),
                                 cap, limit, cp, prune=not multi)
            else:
                search = _beam(work, scorer, lines, arg, limit, cp, prune=not multi)
            blanks = yield from search
            if blanks is None:
                continue
            count = _count(work, blanks, multi)
            if best is None or count < best[0]:
                best = (count, blanks)
                yield _found(puzzle, work, multi, blanks, clock, lower, f"{kind} {arg}")
    except SearchLimit:
        if best is None:
            raise
    if best is None:
        raise SearchLimit("The quick searches found no solution within their budgets.",
                          stats=stats(clock, 0, 0, 0))
    return _result(puzzle, work, multi, best[1], clock, lower)


def bound_name(puzzle):
    """The lower bound the quick searches read: the proof's, unless its
    tables would have to be built first (then linear conflict); on 5x5 the
    pattern databases, whose shipped files decode in a third of a second."""
    name = bounds.quick_bound(puzzle)
    if puzzle.n > 16 and puzzle.n <= bounds.BUILT_MAX_CELLS and bounds.has_built_pdb(puzzle) \
            and name != "pdb" and _shipped(puzzle):
        name = "pdb"
    return name


def _shipped(puzzle):
    """Whether this board's pattern databases come as files (5x5), so the
    quick searches may wait for them (a third of a second) rather than take
    a weaker bound."""
    from . import built
    return bool(built.stored_names(puzzle.w, puzzle.h, puzzle.goal))


def _lines(puzzle, multi):
    """Per blank cell, the cells a move slides tiles from, nearest first: in
    single-tile moves one cell per direction, in line moves the whole line
    (a child after each cell of it)."""
    w, h = puzzle.w, puzzle.h
    out = []
    for b in range(w * h):
        r, c = divmod(b, w)
        here = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            line = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < h and 0 <= cc < w and (multi or not line):
                line.append(rr * w + cc)
                rr, cc = rr + dr, cc + dc
            if line:
                here.append(tuple(line))
        out.append(tuple(here))
    return out


def _count(puzzle, blanks, multi):
    """A solution's length in the puzzle's count: single-tile moves, or line
    moves (a run of the blank's steps in one direction is one move)."""
    if not multi:
        return len(blanks) - 1
    moves = 0
    last = None
    for a, b in zip(blanks, blanks[1:]):
        if b - a != last:
            moves += 1
            last = b - a
    return moves


def _result(puzzle, work, multi, blanks, clock, lower, label=None):
    moves, states = ida.path_states(work, blanks)
    if multi:
        moves, states = fast.merge_lines(puzzle, moves, states)
    optimal = lower is not None and len(moves) <= lower
    extra = {"method": label or "weighted A* / beam search"}
    if lower is not None:
        extra["lower_bound"] = lower
    return SearchResult(moves, states, len(moves), optimal,
                        stats(clock, 0, 0, len(states), depth=len(moves)), extra)


def _found(puzzle, work, multi, blanks, clock, lower, label):
    """The ``found`` record of a better solution."""
    result = _result(puzzle, work, multi, blanks, clock, lower, label)
    figures = {"depth": result.cost}
    if lower is not None:
        figures["lower_bound"] = lower
    return found(clock, result, **figures)


def _path(puzzle, seen, board, b):
    """The blank's cells from the start to ``board`` (blank on ``b``),
    following ``seen`` (position -> g * 128 + the blank's cell before the
    move, one line away) back one cell at a time."""
    w = puzzle.w
    cells = [b]
    s = bytearray(board)
    while True:
        prev = seen[bytes(s)] & 127
        if prev == NO_CELL:
            break
        step = (1 if prev > b else -1) * (1 if prev // w == b // w else w)
        while b != prev:
            nb = b + step
            s[b], s[nb] = s[nb], 0
            b = nb
            cells.append(b)
    cells.reverse()
    return cells


def _children(s, b, aux, lines, child):
    """(child position, its blank, its bound, its aux) of every move from
    ``s`` (blank on ``b``): along each line, a child after each cell."""
    for line in lines[b]:
        board = bytearray(s)
        a, bb = aux, b
        for c in line:
            t = board[c]
            h, a = child(a, t, c, bb, board)
            board[bb] = t
            board[c] = 0
            bb = c
            yield bytes(board), c, h, a


def _wastar(puzzle, scorer, lines, weight, cap, limit, cp, prune=True):
    """Generator: weighted A* (f = g + weight h, ties to the deeper), at most
    ``cap`` expansions; children whose g + h (g with ``prune`` false: h is
    then a guide, not a bound) reaches ``limit``, the best length known, are
    dropped.  Returns the blank's cells along the solution, or None."""
    start = bytes(puzzle.start)
    goal = bytes(puzzle.goal)
    child = scorer.child
    h0, aux0 = scorer.root(start)
    seen = {start: NO_CELL}
    heap = [(weight * h0, 0, start, start.index(0), aux0)]
    push, pop = heapq.heappush, heapq.heappop
    limit = limit if limit is not None else 1 << 30
    expanded = generated = 0
    tally = cp.next - cp.step         # the checkpoint counts every run's expansions
    check = cp.next
    while heap:
        _f, ng, s, b, aux = pop(heap)
        g = -ng
        if seen[s] >> 7 < g:
            continue                   # reached again more cheaply
        if s == goal:
            return _path(puzzle, seen, s, b)
        expanded += 1
        if expanded > cap:
            return None
        if tally + expanded >= check:
            yield from cp.tick(tally + expanded, held=len(seen) + len(heap),
                               expanded=expanded, generated=generated, depth=g,
                               phase=f"weighted A* (w = {weight:g})")
            check = cp.next
        g1 = g + 1
        for nxt, c, h, caux in _children(s, b, aux, lines, child):
            old = seen.get(nxt)
            if old is not None and old >> 7 <= g1:
                continue
            generated += 1
            if g1 + (h if prune else 0) >= limit:
                continue
            seen[nxt] = (g1 << 7) | b
            push(heap, (g1 + weight * h, -g1, nxt, c, caux))
    return None


def _beam(puzzle, scorer, lines, width, limit, cp, prune=True):
    """Generator: beam search, each layer cut to the ``width`` positions of
    smallest bound (``limit`` and ``prune`` as in ``_wastar``).  Returns the
    blank's cells along the solution, or None when every position kept
    died."""
    start = bytes(puzzle.start)
    goal = bytes(puzzle.goal)
    child = scorer.child
    h0, aux0 = scorer.root(start)
    seen = {start: NO_CELL}
    layer = [(h0, start, start.index(0), aux0)]
    limit = limit if limit is not None else 1 << 30
    expanded = generated = 0
    tally = cp.next - cp.step
    check = cp.next
    g = 0
    while layer:
        g1 = g + 1
        nxt_layer = []
        for _h, s, b, aux in layer:
            expanded += 1
            if tally + expanded >= check:
                yield from cp.tick(tally + expanded, held=len(seen) + len(nxt_layer),
                                   expanded=expanded, generated=generated, depth=g,
                                   phase=f"beam search (width {width:,})")
                check = cp.next
            for nxt, c, h, caux in _children(s, b, aux, lines, child):
                if nxt in seen:
                    continue
                seen[nxt] = (g1 << 7) | b
                if nxt == goal:
                    return _path(puzzle, seen, nxt, c)
                generated += 1
                if g1 + (h if prune else 0) >= limit:
                    continue
                nxt_layer.append((h, nxt, c, caux))
        if len(nxt_layer) > width:
            nxt_layer.sort(key=_first)
            del nxt_layer[width:]
        layer = nxt_layer
        g = g1
    return None


def _first(entry):
    return entry[0]
