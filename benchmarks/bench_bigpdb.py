"""What a bigger pattern database would buy on the 15-puzzle's hard tail
(issue 34: "each proven within 120 s of CPython on one core"): IDA*'s nodes,
iteration by iteration, and its CPU seconds, with the shipped 6-6-3 tables
against 7-tile tables that only this benchmark builds.  A measurement for
the decision, not a feature: the project ships none of the 7-tile tables.

Bounds compared (the goal with the blank on cell 0; every 7-tile group is an
image of one table, cells 1-7: a 2x4 edge block less the board's corner):

    shipped  the default "pdb" bound: 6-6-3, its mirror and a third 6-6-3
    7-7-1    {1-7 | 8-11,13-15 | 12} and its mirror image
    7-7-1x2  those and {1-7 | 8-14 | 15} with its mirror (4 partitions)

The 7-tile table is pdb.build_sparse's, packed and read back as a shipped
table would be (values clamped as the file format clamps them).  Building it
takes about 10 minutes of CPU and 8.4 GB at its peak; it is kept in
``--cache`` (268 MB, or the 7.4 MB packed file) for the next run.

    python benchmarks/bench_bigpdb.py [--only "80 #1,80 #2"] [--bounds shipped,7-7-1]
        [--max-nodes N] [--cache DIR]

Figures of 2026-11-28: issue 34's closing note (not part of run.py, so not in
results.md).
Siblings: bench_hardtail.py (Auto with the shipped tables).
"""

import argparse
import os
import sys
import time

import common

common.use_source_tree()

from puzzlelab import codes, tables  # noqa: E402
from puzzlelab.errors import SearchLimit  # noqa: E402
from puzzlelab.families.tiles import ida, lowerbounds, pdb  # noqa: E402
from puzzlelab.search.common import drain  # noqa: E402

from bench_hardtail import positions  # noqa: E402

SEVEN = (1, 2, 3, 4, 5, 6, 7)
# the 7-7-1 partitions as goal cells (blank on cell 0); a mirror is the
# transpose, written by mirror()
ROWS = [{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 13, 14, 15}, {12}]
ROWS_B = [{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}, {15}]
BOUNDS = {"shipped": None, "7-7-1": [ROWS], "7-7-1x2": [ROWS, ROWS_B]}


def mirror(part):
    return [{(c % 4) * 4 + c // 4 for c in group} for group in part]


def seven_table(cache):
    """The 7-tile table (sparse bytes), built once into ``cache``."""
    path = os.path.join(cache, "tiles4x4-seven-1234567.pdb")
    if not os.path.isfile(path):
        print(f"building the 7-tile table into {cache} (about 10 CPU-min, 8.4 GB) ...",
              file=sys.stderr, flush=True)
        table, _figures = pdb.build_sparse(4, 4, SEVEN)
        data = pdb.encode_table(4, 4, SEVEN, table, pdb.__name__, tables.GENERATOR_VERSION)
        del table
        tables.write(cache, os.path.basename(path), data)
    with open(path, "rb") as f:
        data = tables.unseal(os.path.basename(path), f.read())
    return pdb.decode_table(data)[1]


def bound_of(puzzle, name, seven):
    if BOUNDS[name] is None:
        return lowerbounds.incremental_bound(puzzle, "pdb")
    goal_pos = [0] * 16
    for cell, t in enumerate(puzzle.goal):
        goal_pos[t] = cell
    blank = puzzle.goal.index(0)

    def pattern(cells):
        if len(cells) < 7:
            g = tuple(sorted(cells))
            return pdb.make_pattern(4, 4, goal_pos, g, list(range(16)),
                                    pdb.small_table(4, 4, g, blank), "small")
        sym = next(s for i, s in pdb.images(4, 4, SEVEN) if set(i) == cells)
        return pdb.make_pattern(4, 4, goal_pos, SEVEN, sym, seven, "seven")
    parts = [[pattern(g) for g in p] for base in BOUNDS[name] for p in (base, mirror(base))]
    return ida.Bound("pdb", "pdb", pdb.describe_partitions(parts), partitions=parts)


def run(code, bound, max_nodes):
    puzzle = codes.parse(code)
    if puzzle.goal.index(0) != 0:
        raise SystemExit("this benchmark's partitions are for goals with the blank on cell 0")
    report = []
    cpu = common.cpu_clock()
    c0 = cpu()
    try:
        length = drain(ida.search(puzzle, bound(puzzle), max_nodes=max_nodes,
                                  report=report)).cost
    except SearchLimit:
        length = None
    return {"length": length, "cpu": cpu() - c0,
            "iterations": {r["bound"]: r["expanded"] for r in report}}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="80 #1,80 #2", help="positions by bench_hardtail's names")
    ap.add_argument("--bounds", default="shipped,7-7-1,7-7-1x2")
    ap.add_argument("--max-nodes", type=int, default=150_000_000)
    ap.add_argument("--cache", default=os.path.join(tables.default_cache_dir(), "bench"))
    args = ap.parse_args(argv)
    names = args.bounds.split(",")
    seven = seven_table(args.cache) if any(BOUNDS[n] for n in names) else None
    wanted = args.only.split(",")
    for name, code, known in positions():
        if name not in wanted:
            continue
        rows = {}
        for b in names:
            rows[b] = run(code, lambda p, b=b: bound_of(p, b, seven), args.max_nodes)
            r = rows[b]
            print(f"{name} ({known}) {b}: "
                  f"{'proven ' + str(r['length']) if r['length'] else 'stopped'} "
                  f"in {r['cpu']:.1f} CPU-s, {sum(r['iterations'].values()):,} nodes",
                  flush=True)
        limits = sorted({k for r in rows.values() for k in r["iterations"]})
        print(f"| {name}: bound | " + " | ".join(names) + " | " +
              " | ".join(f"{names[0]}/{b}" for b in names[1:]) + " |")
        for k in limits:
            got = [rows[b]["iterations"].get(k) for b in names]
            ratios = [f"{got[0] / g:.2f}" if got[0] and g else "-" for g in got[1:]]
            print(f"| {k} | " + " | ".join(f"{g:,}" if g else "-" for g in got) + " | " +
                  " | ".join(ratios) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
