"""Peg solitaire's first answers: the ``quick`` method auto races beside
meet's proof (api.py's Anytime driver): a solution at once, then shorter
ones.  Siblings: beam.py and dfs.py (the searches it runs), meet.py (the
proof).

The order, measured on the presets (CPython CPU seconds, length found):

- a beam of 100 positions per move first: the small boards and the
  triangles at once (Triangle 36: 15 moves in 0.10 s), but on the big
  boards every position it keeps dies (English 33, French 37, Diamond 41,
  Wiegleb 45: 0.05-0.12 s lost);
- then, if it found nothing, dfs, which always answers (Diamond 41 from d2:
  35 moves in about 1.5 s, Wiegleb 45: 38 in 1 s; the French board 33 in
  0.1 s), though long;
- then beams 3 to 4 times wider each, every one cut below the best length
  found: Triangle 36 14 moves at width 1,000 (0.8 s), English 33 20 at
  1,000 (0.6 s), French d2 -> d6 22 at 1,000 and 21 at 4,000 (2.8 s),
  Diamond 41 27 at 4,000 (4.6 s).
"""

from ...errors import SearchLimit
from ...search.common import Checkpoint, DEFAULT_MAX_STATES, found
from .beam import STEP, WORDS, Beam
from .dfs import dfs

# the first beams, in order until one answers: (width, over single jumps,
# finishing into the endgame table: built before the first that does)
FIRST = ((100, False, False), (30, True, True), (100, True, True), (300, True, True))
WIDTHS = (300, 1_000, 4_000, 16_000, 64_000, 256_000)


def quick(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None):
    """Generator (a Method's run): beam searches and dfs in the order above,
    each better solution as a ``found`` record; returns the best (``optimal``
    only in the jump count, where every solution has as many jumps).  Ends
    with its widths, or at the memory budget with what it has."""
    cp = Checkpoint(max_states, step=STEP, max_bytes=max_bytes, sample=puzzle.start,
                    words=WORDS)
    beam = Beam(puzzle, cp)
    best = None
    try:
        for width, jumps, finish in FIRST:
            if finish:
                yield from beam.load_table()
            if width in beam.widths((width,)):
                best = yield from beam.run(width, jumps=jumps, finish=finish)
                if best is not None:
                    break
        if best is not None:
            yield found(cp.clock, best, depth=best.cost)
        else:
            best = yield from dfs(puzzle, max_states=max_states, max_bytes=max_bytes)
            yield found(cp.clock, best, depth=best.cost)
        if best.optimal:
            return best
        for width in beam.widths(WIDTHS):
            result = yield from beam.run(width, limit=best.cost)
            if result is not None and result.cost < best.cost:
                best = result
                yield found(cp.clock, best, depth=best.cost)
    except SearchLimit:
        if best is None:
            raise
    return best
