#!/usr/bin/env python3
"""Peg-solitaire benchmarks: the known answers of pegs.txt and the seeds,
timed through the family's own searches (``meet``, ``dfs`` in
pysrc/puzzlelab/families/pegs_search.py), beside a plain pure-Python BFS
written here as the baseline.  ``run_cases`` is pure Python (no subprocess)
so benchmarks/run.py can call it in CPython and inside Pyodide; run this file
directly for a table.  Siblings: bench_tiles.py, bench_blocks.py, run.py.

    python benchmarks/bench_pegs.py [--repeats N] [--quick] [--no-peers]
"""

import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "pysrc"))

from puzzlelab import codes  # noqa: E402
from puzzlelab.errors import PuzzleError  # noqa: E402
from puzzlelab.families import pegs_search  # noqa: E402
from puzzlelab.search import drain  # noqa: E402

BASELINE = "BFS baseline"
BASELINE_CAP = 600_000        # positions the baseline may hold before giving up
HEAVY_REPEATS = 1             # the English proof is timed once


# -- the baseline: a plain BFS over the move graph -----------------------------------
def baseline_bfs(puzzle, count=False, cap=BASELINE_CAP):
    """Breadth-first search from the start, one layer per move (a chain of
    jumps by one peg, or one jump in the jump metric), a dict of seen
    positions, no symmetry, no bound: the textbook method.  Returns
    (length, solutions or None, positions held)."""
    jumps = puzzle.board.jumps
    chains = puzzle.metric == "move"
    forced = puzzle.first_jumps[0] if puzzle.first_jumps else None

    def children(state):
        out = []
        todo = [(state, None)]
        while todo:
            pos, at = todo.pop()
            for j, (a, b, t) in enumerate(jumps):
                if at is not None and a != at:
                    continue
                if pos >> a & 1 and pos >> b & 1 and not pos >> t & 1:
                    if state == puzzle.start and at is None and forced is not None \
                            and j != forced:
                        continue
                    nxt = pos ^ (1 << a) ^ (1 << b) ^ (1 << t)
                    out.append(nxt)
                    if chains:
                        todo.append((nxt, t))
        return out

    seen = {puzzle.start: 1}
    layer = [puzzle.start]
    depth = 0
    while layer:
        goals = [s for s in layer if puzzle.is_goal(s)]
        if goals:
            return depth, (sum(seen[s] for s in goals) if count else None), len(seen)
        nxt = {}
        for s in layer:
            here = seen[s]
            for c in children(s):
                if c in nxt:
                    nxt[c] += here
                elif c not in seen:
                    nxt[c] = here
        seen.update(nxt)
        if len(seen) > cap:
            raise PuzzleError(f"gave up at {len(seen):,} positions")
        layer = list(nxt)
        depth += 1
    raise PuzzleError("no solution")


# -- the cases -------------------------------------------------------------------------
def _solve(code, options=None, algorithm="meet", count=False, max_states=8_000_000):
    puzzle = codes.parse(code, options or {})
    method = {m.name: m for m in puzzle.methods()}[algorithm]
    options = {"max_states": max_states}
    if method.count:
        options["count"] = count
    result = drain(method.run(puzzle, **options))
    state = puzzle.start
    for move in result.moves:          # replay: only legal moves are accepted
        state = next(s for m, s in puzzle.successors(state) if m == move)
    assert puzzle.is_goal(state)
    return puzzle, result


def _case(task, code, known, options=None, algorithm="meet", count=False,
          answer_of=None, heavy=False, baseline=True, quick=False):
    return {"task": task, "code": code, "known": known, "options": options or {},
            "algorithm": algorithm, "count": count, "heavy": heavy,
            "answer_of": answer_of, "baseline": baseline, "quick": quick}


CASES = [
    _case("Hoppers centre game: 7 moves proven", "pegs:hoppers", 7, quick=True),
    _case("Hoppers: 72 minimum-move solutions", "pegs:hoppers", 72, count=True,
          answer_of="solutions"),
    _case("Hoppers: 18 solutions, first jump 0-6", "pegs:hoppers", 18, count=True,
          options={"first": "0-6"}, answer_of="solutions"),
    _case("Triangle 15: complement from hole 4 (9 moves)",
          "pegs:triangle15-3-complement", 9),
    _case("Triangle 15: apex empty, one peg anywhere (10 moves)", "pegs:triangle15-0", 10),
    _case("21-hole variant: 12 moves proven", "pegs:variant21", 12),
    _case("21-hole variant: 192 minimum-move solutions", "pegs:variant21", 192,
          count=True, answer_of="solutions"),
    _case("21-hole variant: 96 solutions, first move 14-6", "pegs:variant21", 96,
          count=True, options={"first": "14-6"}, answer_of="solutions"),
    _case("Triangle 21 (side 6): 9 moves proven", "pegs:triangle21", 9),
    _case("English 33: a solution (dfs, 31 jumps)", "pegs:english", 31,
          algorithm="dfs", answer_of="jumps"),
    _case("Triangle 36 (side 8): a short solution (beam; A127500: 13)", "pegs:triangle36",
          None, algorithm="beam", baseline=False),
    _case("English 33: 18-move minimum proven", "pegs:english", 18, heavy=True,
          baseline=False),
]


def _answer(case, result):
    if case["answer_of"] == "solutions":
        return result.extra.get("solutions")
    if case["answer_of"] == "jumps":
        return result.extra.get("jumps")
    return result.cost


def _run_baseline(case):
    if not case["baseline"]:
        return {"status": "not run: the move graph is far too big for a plain BFS"}
    puzzle = codes.parse(case["code"], case["options"])
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        length, solutions, held = baseline_bfs(puzzle, count=case["count"])
    except PuzzleError as exc:
        return {"status": str(exc), "seconds": None,
                "gave_up_after": round(time.perf_counter() - t0, 3)}
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    answer = solutions if case["count"] else length
    if case["answer_of"] == "jumps":
        answer = length
    return {"status": "ok", "seconds": seconds, "cpu_seconds": cpu, "answer": answer,
            "states": held}


def run_cases(repeats=3, quick=False, cases=None, only=None, peers=True):
    """Time every case (median of ``repeats``; the English proof once) and
    return one dict per case: task, answer, known, ok, states, median and
    times (wall), cpu_median and cpu_times (CPU of this process), peers."""
    wanted = cases or only
    rows = []
    for case in CASES:
        if wanted and case["task"] not in wanted:
            continue
        if quick and not case["quick"] and not wanted:
            continue
        times, cpu, result, error = [], [], None, None
        for _ in range(HEAVY_REPEATS if case["heavy"] else max(1, repeats)):
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                _puzzle, result = _solve(case["code"], case["options"], case["algorithm"],
                                         case["count"])
            except (PuzzleError, AssertionError, StopIteration) as exc:
                error = f"{type(exc).__name__}: {exc}"
                break
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        row = {"task": case["task"], "code": case["code"], "known": case["known"],
               "algorithm": case["algorithm"]}
        if error:
            row.update(answer=None, ok=False, error=error, median=None, times=times)
        else:
            answer = _answer(case, result)
            if case["known"] is None:       # not proven: replayed is what counts
                good = True
            else:
                good = answer == case["known"] and (result.optimal or
                                                    case["algorithm"] != "meet")
            row.update(answer=answer, ok=good,
                optimal=result.optimal, states=result.stats.get("expanded"),
                peak=result.stats.get("peak"), median=statistics.median(times),
                times=[round(t, 4) for t in times], cpu_median=statistics.median(cpu),
                cpu_times=[round(t, 4) for t in cpu])
        row["peers"] = {}
        if peers:
            base = _run_baseline(case)
            if base.get("cpu_seconds") and row.get("cpu_median"):
                base["ratio"] = base["cpu_seconds"] / row["cpu_median"]
            if base.get("answer") is not None and base["answer"] != case["known"]:
                base["status"] = f"wrong answer {base['answer']}"
            row["peers"][BASELINE] = base
        rows.append(row)
    return rows


def _fmt(seconds):
    if seconds is None:
        return "-"
    return f"{seconds:.3f}" if seconds < 10 else f"{seconds:.1f}"


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-peers", action="store_true")
    args = ap.parse_args(argv)
    rows = run_cases(repeats=args.repeats, quick=args.quick, peers=not args.no_peers)
    head = ["task", "answer", "known", "ok", "expanded", "ours wall s", "ours CPU s",
            "BFS baseline CPU s", "baseline/ours"]
    table = [head]
    for r in rows:
        base = r["peers"].get(BASELINE, {})
        if base.get("cpu_seconds"):
            bcell, ratio = _fmt(base["cpu_seconds"]), f"{base['ratio']:.1f}x"
        else:
            bcell, ratio = (base.get("status", "-")[:38] if base else "-"), "-"
        table.append([r["task"], str(r["answer"]), str(r["known"]),
                      "yes" if r["ok"] else "NO", f"{r.get('states') or 0:,}",
                      _fmt(r["median"]), _fmt(r.get("cpu_median")), bcell, ratio])
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    for i, row in enumerate(table):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    try:
        load = os.getloadavg()
        print(f"\nmedians of {args.repeats} (the English proof: 1); load average "
              f"{load[0]:.1f} on {os.cpu_count()} cores (others' jobs make timings noisy)")
    except OSError:
        pass
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
