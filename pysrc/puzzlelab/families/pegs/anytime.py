"""Peg solitaire's first answers: the ``quick`` method auto races beside
meet's proof (api.py's Anytime driver): a solution at once, then shorter
ones.  Siblings: beam.py and dfs.py (the searches it runs, and dfs's
endgame table), meet.py (the proof).

The order, measured with the stored answers left aside (CPU seconds from
a cold start, CPython 3.11 / Pyodide under Node; length found;
``benchmarks/bench_anytime.py --pegs-quick``, which also has the positions):

- a beam of 100 positions per move first: the small boards and the
  triangles at once and short (Hoppers 7 moves, Triangle 36 15 in 0.16 s /
  0.29 s), but on the big boards every position it keeps dies, most of
  them at the last few pegs (0.05-0.14 s lost there);
- so then dfs's endgame table (up to 30,000 positions of few pegs that
  reach the goal, under the start's pagoda limits: 0.05-0.27 s), and beams
  over single jumps of 30, 100 and 300 positions, each position scored by
  its isolated pegs, its pegs on holes no jump passes over and its pegs'
  squared distances from the target (beam.INWARD): they drop the positions
  of the table's size that it lacks (dead) and stop at the first that it
  holds, finishing down the table.  Scored so, the pegs stay together and
  a narrow beam lives through the big boards: Diamond 41 from d2 34 moves
  in 0.61 s / 1.18 s (dfs: 35 in 1.66 s / 5.2 s), Wiegleb 45 40 in
  0.41 s / 0.58 s (dfs: 38 in 1.06 s / 4.0 s), French d2 -> d6 31 in
  0.26 s / 0.42 s; over 14 seeded mid-game positions (1-8 moves from the
  big presets' starts) the median 0.23 s / 0.45 s, the worst 0.51 s /
  1.21 s, where dfs took up to 24.6 s / 58.6 s (English 33 c1 complement
  after 6 moves), 8.8 s / 16.5 s (Diamond 41 after 1);
- then, if none answered, dfs, which always answers or proves there is
  none (never seen needed on the positions above);
- then beams over moves 3 to 4 times wider each, every one cut below the
  best length found and pruned by the table: English 33 22 at width 300
  (0.37 s), 20 at 1,000 (1.0 s); French d2 -> d6 23 at 300 (0.4 s), 21 at
  4,000 (3.9 s); Diamond 41 28 at 1,000 (1.9 s), 27 at 4,000 (6.3 s);
  Triangle 36 14 at 1,000 (1.1 s).

The first answer is longer than a wide beam's (English 33: 30 moves
against the 18 of the minimum) and shorter than dfs's on the big boards;
the wider beams bring it down within seconds.
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
