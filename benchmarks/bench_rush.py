"""Rush Hour benchmark: the one-way engine (families/blocks/rush.py) on
Fogleman's database lines (tests/data/rush.txt: moves, board, cluster size),
each solved to a proof and its cluster counted, checked against the line;
"Make it hard" and "New puzzle" (the generate op).  ``run_cases`` is the
pure-Python core; bench_blocks.py's run_cases appends its rows (family
"blocks"), so benchmarks/run.py runs it in CPython and inside Pyodide.  Run
this file to print the table.  Siblings: bench_blocks.py, common.py.

Targets (issue 38): each database position solved and proven in at most
50 ms of CPython, its cluster counted in at most 0.5 s; "New puzzle" with 12
vehicles within 2 s in the page (page_rush.py measures the page).

    python benchmarks/bench_rush.py [--repeats N] [--quick]
"""

import os
import sys

import common

common.use_source_tree()

from puzzlelab import api, codes                               # noqa: E402
from puzzlelab.families.blocks import NAMED, rush              # noqa: E402
from puzzlelab.search import drain                             # noqa: E402

DATA = os.path.join(common.ROOT, "tests", "data", "rush.txt")
# the lines timed one by one (by their moves and cluster size): the hardest,
# the next, the largest cluster of the hardest list, the largest of all
NAMED_LINES = [(60, 2332), (58, 9192), (50, 14385), (30, 17039), (15, 12021), (10, 304)]
NEW_SEEDS = range(20)        # New puzzle: one run per seed (each a different puzzle)
VEHICLES = 12
QUICK = ("Rush Hour 60 moves: solve", "Rush Hour 60 moves: cluster")
MIN_TOTAL = 0.5              # a short case runs until its runs add up to this (CPU s)
MAX_RUNS = 15


def db_lines():
    out = []
    with open(DATA, encoding="utf-8") as fh:
        for line in fh:
            if line.strip() and not line.startswith("#"):
                moves, board, size = line.split()
                out.append((int(moves), board, int(size)))
    return out


def _solve(code):
    result = drain(rush.bfs(codes.parse(code)))
    return result.cost if result.optimal else None, result.stats["expanded"]


def _cluster(code):
    extra = drain(rush.group(codes.parse(code))).extra
    return extra["reachable"], extra["start_distance"]


def _generate(code, **fields):
    reply = api.run({"op": "generate", "code": code, "difficulty": "hardest", **fields})
    return reply["distance"], len(codes.parse(reply["code"]).block_letters)


def run_cases(repeats=3, quick=False, only=None, peers=True):
    """Rows of common.py's schema (``peers``: none here)."""
    rows = []
    lines = db_lines()
    picked = {(m, s): b for m, b, s in lines}

    def wanted(task):
        return (not quick or task in QUICK) and (not only or task in only)

    for moves, size in NAMED_LINES:
        code = "rush:" + picked[moves, size]
        task = f"Rush Hour {moves} moves: solve"
        if (moves, size) != NAMED_LINES[0]:
            task = f"Rush Hour {moves} moves, cluster {size:,}: solve"
        if wanted(task):
            (answer, states), cpu, wall = common.time_runs(lambda: _solve(code), repeats,
                                                           MIN_TOTAL, MAX_RUNS)
            rows.append(common.make_row("blocks", task, answer=answer, known=moves,
                                        ok=answer == moves, states=states, cpu_times=cpu,
                                        wall_times=wall, extra={"code": code}))
        task = task.replace(": solve", ": cluster")
        if wanted(task):
            (got, dist), cpu, wall = common.time_runs(lambda: _cluster(code), repeats,
                                                      MIN_TOTAL, MAX_RUNS)
            rows.append(common.make_row("blocks", task, answer=got, known=size,
                                        ok=got == size and dist == moves, states=got,
                                        cpu_times=cpu, wall_times=wall, extra={"code": code}))
    if quick:
        return rows
    checks = {"solve": (_solve, lambda got, moves, size: got[0] == moves),
              "cluster": (_cluster, lambda got, moves, size: got == (size, moves))}
    for what, (fn, right) in checks.items():
        task = f"all {len(lines)} database lines, {what}: the slowest line's median"
        if not wanted(task):
            continue
        medians, bad = [], 0
        for moves, board, size in lines:
            code = "rush:" + board
            got, cpu, wall = common.time_runs(lambda: fn(code), repeats, 0, repeats)
            bad += not right(got, moves, size)
            medians.append((common.median(cpu), common.median(wall)))
        slowest = max(medians)
        rows.append(common.make_row(
            "blocks", task, answer=len(lines) - bad, known=len(lines), ok=not bad,
            cpu_times=[slowest[0]], wall_times=[slowest[1]],
            extra={"median_cpu": common.median([c for c, _w in medians]),
                   "lines": len(lines)}))
    card = NAMED["rush40"]
    task = "Make it hard: Rush Hour card 40's cluster, its farthest position"
    if wanted(task):
        (got, _n), cpu, wall = common.time_runs(lambda: _generate(card.code), repeats,
                                                MIN_TOTAL, MAX_RUNS)
        rows.append(common.make_row("blocks", task, answer=got, known=card.known["move"],
                                    ok=got == card.known["move"], cpu_times=cpu,
                                    wall_times=wall))
    task = f"New puzzle, {VEHICLES} vehicles (one run a seed; answer the median distance)"
    if wanted(task):
        cpu, wall, found = [], [], []
        for seed in NEW_SEEDS:
            (got, count), c, w = common.time_runs(
                lambda: _generate(card.code, pieces=VEHICLES, seed=seed), 1)
            cpu += c
            wall += w
            found.append(got if count == VEHICLES else -1)
        rows.append(common.make_row(
            "blocks", task, answer=int(common.median(found)), known=None,
            ok=min(found) > 0, cpu_times=cpu, wall_times=wall,
            extra={"distances": found, "max_cpu": max(cpu)}))
    unit = NAMED["unitrush"]
    task = "Unit Rush Hour 5x5: solve"
    if wanted(task):
        (answer, states), cpu, wall = common.time_runs(lambda: _solve(unit.code), repeats,
                                                       MIN_TOTAL, MAX_RUNS)
        rows.append(common.make_row("blocks", task, answer=answer, known=unit.known["move"],
                                    ok=answer == unit.known["move"], states=states,
                                    cpu_times=cpu, wall_times=wall))
    return rows


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="the hardest line only")
    args = ap.parse_args(argv)
    rows = run_cases(args.repeats, quick=args.quick)
    print(f"CPython {sys.version.split()[0]}, medians of CPU seconds (at least "
          f"{args.repeats} runs; short cases more); load average "
          f"{common.load_average()}")
    for r in rows:
        extra = {k: v for k, v in r["extra"].items() if k != "code"}
        print(f"{r['task']:<78} {str(r['answer']):>6} {str(r['known']):>6} "
              f"{'ok' if r['ok'] else 'WRONG':>5} {r['cpu_seconds'] * 1000:9.1f} ms"
              f"{'  ' + str(extra) if extra else ''}")
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
