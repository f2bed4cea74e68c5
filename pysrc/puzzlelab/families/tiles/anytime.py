"""Sliding tiles' first answers: the ``quick`` method that auto races
beside the proof (api.py's Anytime driver), giving a good solution within a
fraction of a second on any board, then shorter ones as it finds them.
Siblings: fast.py (the reduction solver, the first answer beyond 36 cells),
ida.py (the proof, and the bound forms read here), lowerbounds.py.

Two searches, both over whole positions with the proof's own lower bound
(pattern databases where they are ready, else the best cheap bound):

- weighted A* (boards up to 16 cells): f = g + w h with falling weights,
  each run capped in nodes; a run may stop short of its cap only by the
  memory budget.  On the 17 positions 80 moves from the 4x4 goal, w = 2
  finds 86-106 moves (1.23x on average) in under 1,500 nodes and w = 1.5
  80-92 (1.09x) in under 7,000; lower weights need hundreds of thousands.
- beam search (larger boards): breadth-first, each layer cut to the
  ``width`` positions of smallest bound, every position met once; widths
  grow by about 3 a run.  On Korf and Felner's ten 5x5 positions (95-114
  moves), width 300 gives 1.25x the optimum on average (worst 1.39x) in
  about 30,000 expansions, 1,000 gives 1.20x; weighted A* with w = 2 gave
  1.36x and up to 400,000 nodes, w = 3 1.67x.  Shortening windows of 20
  moves of a solution by IDA* saved nothing (the excess is global).

Every run prunes the positions whose g + h cannot beat the best found.
Both keep, per position met, the blank's previous cell (``seen``), and a
solution is rebuilt by walking the blank back.  In the multi-tile count the
searches run in single-tile moves, which are then merged into line moves
(fast.merge_lines): a solution, not a short one, and no lower bound.
"""

import heapq

from ...errors import SearchLimit
from ...search.common import Checkpoint, SearchResult, found, stats, ticking
from . import fast, ida, lowerbounds as bounds

# (weight, node cap) of the weighted A* runs, in order
WEIGHTS = ((2.0, 20_000), (1.5, 60_000), (1.3, 150_000), (1.2, 300_000))
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
    best = None                        # (length in single-tile moves, blanks)
    shown = None                       # the length reported last (puzzle's count)
    name = bounds.quick_bound(work)
    if work.n > 16 and work.n <= bounds.BUILT_MAX_CELLS and bounds.has_built_pdb(work) \
            and name != "pdb" and _shipped(work):
        name = "pdb"                   # 5x5: the shipped tables decode in a third of a second
    bound = yield from ticking(bounds.incremental_steps(work, name), clock, phase="prepare",
                               table=bounds.entry(work, name).label)
    scorer = Scorer(work, bound)
    h0, _ = scorer.root(bytes(work.start))
    lower = None if multi else h0
    if work.n > bounds.BUILT_MAX_CELLS:
        result = yield from fast.fast_search(work, optimal_budget=0)
        blanks = [bytes(s).index(0) for s in result.states]
        best = (len(blanks) - 1, blanks)
        rec, shown = _report(puzzle, work, multi, best, clock, lower, cp, shown, "fast")
        yield rec
    runs = ([("wastar", w, cap) for w, cap in WEIGHTS] if work.n <= 16 else
            [("beam", width, None) for width in
             (WIDTHS if work.n <= bounds.BUILT_MAX_CELLS else WIDE_WIDTHS)])
    try:
        for kind, arg, cap in runs:
            limit = best[0] if best else None
            if limit is not None and limit <= h0:
                break                  # proven: nothing shorter exists
            search = _wastar(work, scorer, arg, cap, limit, cp) if kind == "wastar" else \
                _beam(work, scorer, arg, limit, cp)
            blanks = yield from search
            if blanks is not None and (best is None or len(blanks) - 1 < best[0]):
                best = (len(blanks) - 1, blanks)
                rec, shown = _report(puzzle, work, multi, best, clock, lower, cp, shown,
                                     f"{kind} {arg}")
                if rec is not None:
                    yield rec
    except SearchLimit:
        if best is None:
            raise
    if best is None:
        raise SearchLimit("The quick searches found no solution within their budgets.",
                          stats=stats(clock, 0, 0, 0))
    result = _result(puzzle, work, multi, best[1], clock, lower, cp)
    return result


def _shipped(puzzle):
    """Whether this board's pattern databases come as files (5x5), so the
    quick searches may wait for them (a third of a second) rather than take
    a weaker bound."""
    from . import built
    return bool(built.stored_names(puzzle.w, puzzle.h, puzzle.goal))


def _result(puzzle, work, multi, blanks, clock, lower, cp, label=None):
    moves, states = ida.path_states(work, blanks)
    if multi:
        moves, states = fast.merge_lines(puzzle, moves, states)
    optimal = lower is not None and len(moves) <= lower
    extra = {"method": label or "weighted A* / beam search"}
    if lower is not None:
        extra["lower_bound"] = lower
    return SearchResult(moves, states, len(moves), optimal,
                        stats(clock, 0, 0, len(states), depth=len(moves)), extra)


def _report(puzzle, work, multi, best, clock, lower, cp, shown, label):
    """The ``found`` record of a better solution (None when, merged into
    line moves, it is no shorter than the one reported), and the length
    now reported."""
    result = _result(puzzle, work, multi, best[1], clock, lower, cp, label)
    if shown is not None and result.cost >= shown:
        return None, shown
    figures = {"depth": result.cost}
    if lower is not None:
        figures["lower_bound"] = lower
    return found(clock, result, **figures), result.cost


def _path(seen, board, b):
    """The blank's cells from the start to ``board`` (blank on ``b``),
    following ``seen`` (position -> g * 128 + the blank's previous cell)."""
    cells = [b]
    s = bytearray(board)
    while True:
        prev = seen[bytes(s)] & 127
        if prev == NO_CELL:
            break
        s[b], s[prev] = s[prev], 0
        b = prev
        cells.append(b)
    cells.reverse()
    return cells


def _wastar(puzzle, scorer, weight, cap, limit, cp):
    """Generator: weighted A* (f = g + weight h, ties to the deeper), at most
    ``cap`` expansions; children whose g + h reaches ``limit`` (the best
    length known) are dropped.  Returns the blank's cells along the
    solution, or None."""
    nbrs = ida.neighbours(puzzle.w, puzzle.h)
    start = bytes(puzzle.start)
    goal = bytes(puzzle.goal)
    child = scorer.child
    h0, aux0 = scorer.root(start)
    b0 = start.index(0)
    seen = {start: NO_CELL}
    heap = [(weight * h0, 0, start, b0, aux0)]
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
            return _path(seen, s, b)
        expanded += 1
        if expanded > cap:
            return None
        if tally + expanded >= check:
            yield from cp.tick(tally + expanded, held=len(seen) + len(heap),
                               expanded=expanded, generated=generated, depth=g,
                               phase=f"weighted A* (w = {weight})")
            check = cp.next
        g1 = g + 1
        for c in nbrs[b]:
            t = s[c]
            nxt = bytearray(s)
            nxt[b] = t
            nxt[c] = 0
            nxt = bytes(nxt)
            old = seen.get(nxt)
            if old is not None and old >> 7 <= g1:
                continue
            h, caux = child(aux, t, c, b, s)
            generated += 1
            if g1 + h >= limit:
                continue
            seen[nxt] = (g1 << 7) | b
            push(heap, (g1 + weight * h, -g1, nxt, c, caux))
    return None


def _beam(puzzle, scorer, width, limit, cp):
    """Generator: beam search, each layer cut to the ``width`` positions of
    smallest bound (``limit`` as in ``_wastar``).  Returns the blank's cells
    along the solution, or None when every position kept died."""
    nbrs = ida.neighbours(puzzle.w, puzzle.h)
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
            for c in nbrs[b]:
                t = s[c]
                nxt = bytearray(s)
                nxt[b] = t
                nxt[c] = 0
                nxt = bytes(nxt)
                if nxt in seen:
                    continue
                seen[nxt] = (g1 << 7) | b
                if nxt == goal:
                    return _path(seen, nxt, c)
                h, caux = child(aux, t, c, b, s)
                generated += 1
                if g1 + h >= limit:
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

