#!/usr/bin/env python3
"""The minimum-move proofs of the table command, by engine: ``meet`` (pure
Python, what the page runs) against ``wide`` (the same rounds on numpy
arrays, pysrc/puzzlelab/families/pegs/wide.py; the command line only).
Each case is one proof from nothing (no lower bound given, no solution
known), CPU seconds by ``time.process_time``, the median of ``--repeats``
runs, and the positions the search held at its peak.  CPython only: wide
needs numpy, which the page does not load.  Siblings: bench_pegs.py
(solves, against a plain BFS), run.py.

    python benchmarks/bench_minima.py [--repeats N] [--heavy]

``--heavy`` adds French 37 d2 -> d6 (20 moves): wide takes a few minutes
and a few hundred MB; meet took 40 minutes and about 5.5 GB (docs/pegs.md),
so it is not run again here.
"""

import argparse
import statistics
import sys
import time

import common

common.use_source_tree()

from puzzlelab import codes  # noqa: E402
from puzzlelab.families.pegs.meet import meet  # noqa: E402
from puzzlelab.families.pegs.wide import wide  # noqa: E402
from puzzlelab.search import drain  # noqa: E402

CASES = [
    # (label, code, known minimum, engines)
    ("Triangle 21, hole 2 empty", "pegs:triangle21", 9, ("meet", "wide")),
    ("Triangle 28, hole 3 empty", "pegs:triangle28", 12, ("meet", "wide")),
    # (meet reads its table of live positions here, alive.py; wide does not)
    ("English 33 centre game (meet: live table)", "pegs:english", 18, ("meet", "wide")),
]
HEAVY = [("French 37 d2 -> d6", "pegs:french-d2-d6", 20, ("wide",))]


def _one(engine, puzzle):
    t = time.process_time()
    if engine == "meet":
        result = drain(meet(puzzle, max_bytes=16 << 30))
    else:
        result = drain(wide(puzzle, max_bytes=16 << 30))
    seconds = time.process_time() - t
    return result.cost, seconds, result.stats.get("peak")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--heavy", action="store_true")
    args = ap.parse_args(argv)
    cases = CASES + (HEAVY if args.heavy else [])
    print(f"{'case':42} {'engine':6} {'moves':>5} {'CPU s (median)':>15} {'held':>12} "
          f"{'vs meet':>8}")
    ok = True
    for label, code, known, engines in cases:
        puzzle = codes.parse(code)
        medians = {}
        for engine in engines:
            runs = [_one(engine, puzzle) for _ in range(args.repeats)]
            costs = {r[0] for r in runs}
            ok &= costs == {known}
            medians[engine] = statistics.median(r[1] for r in runs)
            ratio = (f"{medians['meet'] / medians[engine]:.1f}x"
                     if "meet" in medians and engine != "meet" else "")
            print(f"{label:42} {engine:6} {runs[0][0]:>5} {medians[engine]:>15.2f} "
                  f"{runs[0][2] or 0:>12,} {ratio:>8}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
