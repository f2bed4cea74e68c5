#!/usr/bin/env python3
"""Peg-solitaire benchmarks: the known answers of pegs.txt and the seeds,
timed through the family's own searches (``meet``, ``dfs`` in
pysrc/puzzlelab/families/pegs/), beside a plain pure-Python BFS
written here as the baseline.  ``run_cases`` is pure Python (no subprocess)
so benchmarks/run.py can call it in CPython and inside Pyodide; it returns
rows of the schema in common.py.  Run this file directly for a table.
Siblings: bench_tiles.py, bench_blocks.py, run.py, common.py.

    python benchmarks/bench_pegs.py [--repeats N] [--quick] [--no-peers]
"""

import os
import sys

import common

common.use_source_tree()

from puzzlelab import codes  # noqa: E402
from puzzlelab.errors import PuzzleError  # noqa: E402
from puzzlelab.families import family_module  # noqa: E402
from puzzlelab.families.pegs import dfs as pegs_dfs  # noqa: E402
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
    pegs_dfs.forget()       # dfs remembers a goal's dead positions: time it cold
    method = {m.name: m for m in family_module("pegs").methods(puzzle)}[algorithm]
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
    _case("Triangle 28 (side 7): 12 moves proven (A127500)", "pegs:triangle28", 12,
          heavy=True, baseline=False),
    _case("Triangle 36 (side 8): 13 moves proven (A127500)", "pegs:triangle36", 13,
          heavy=True, baseline=False),
]
# Time to a first solution (the quick method, dfs) on every big preset and on
# the French board's solvable single vacancies; the answer is the jump count
# (44 pegs -> 1: 43 jumps...), every solution replayed.  Diamond 41 with e4
# empty is not here: a pagoda function proves it impossible, and the solver
# refuses it before any search; d2 empty is (docs/pegs.md).
FIRST = [("English 33", "pegs:english"), ("English 33 c1 complement",
                                          "pegs:english-c1-complement"),
         ("French 37 c1", "pegs:french"), ("French 37 d2", "pegs:french-d2"),
         ("French 37 d3", "pegs:french-d3"), ("French 37 d2 -> d6", "pegs:french-d2-d6"),
         ("Triangle 28", "pegs:triangle28"), ("Triangle 36", "pegs:triangle36"),
         ("Wiegleb 45 centre game", "pegs:wiegleb45"),
         ("Diamond 41 d2", "pegs:diamond41-d2")]
CASES += [_case(f"First solution (dfs): {name}", code, None, algorithm="dfs",
                baseline=False, quick=code == "pegs:english") for name, code in FIRST]


def seed_times(code, seeds=(1, 2, 3, 4, 5)):
    """CPU seconds of the dfs to a first solution (replayed) of ``code``,
    cold, once per seed: the spread of a randomised search.  A job for
    run.py's runners too (CPython or Pyodide): rows of (seed, seconds,
    jumps)."""
    import time
    rows = []
    for seed in seeds:
        puzzle = codes.parse(code)
        pegs_dfs.forget()
        t = time.process_time()
        result = drain(pegs_dfs.dfs(puzzle, seed=seed))
        seconds = time.process_time() - t
        state = puzzle.start
        for move in result.moves:
            state = next(s for m, s in puzzle.successors(state) if m == move)
        assert puzzle.is_goal(state)
        rows.append((seed, round(seconds, 3), result.extra["jumps"]))
    return rows


def _answer(case, result):
    if case["answer_of"] == "solutions":
        return result.extra.get("solutions")
    if case["answer_of"] == "jumps":
        return result.extra.get("jumps")
    return result.cost


def _run_baseline(case):
    """The baseline on one case, as a peer of common.py's schema (its
    ``states``: the positions it held)."""
    if not case["baseline"]:
        return common.make_peer("cannot", note="the move graph is far too big for a plain BFS")
    puzzle = codes.parse(case["code"], case["options"])
    try:
        (length, solutions, held), cpu, wall = common.time_runs(
            lambda: baseline_bfs(puzzle, count=case["count"]))
    except PuzzleError as exc:
        return common.make_peer("gave up", note=str(exc))
    answer = solutions if case["count"] else length
    if case["answer_of"] == "jumps":
        answer = length
    if case["known"] is not None and answer != case["known"]:
        return common.make_peer("wrong answer", cpu_seconds=cpu[0], wall_seconds=wall[0],
                                answer=answer, states=held, note=f"wrong answer {answer}")
    return common.make_peer("ok", cpu_seconds=cpu[0], wall_seconds=wall[0], answer=answer,
                            states=held)


def run_cases(repeats=3, quick=False, only=None, peers=True):
    """Time every case (median of ``repeats``; the English proof once) and
    return rows of common.py's schema; ``extra`` holds the ``code``, the
    ``algorithm``, ``proven`` (the search proved its answer optimal) and
    ``peak`` (the search's own peak figure)."""
    rows = []
    for case in CASES:
        if only and case["task"] not in only:
            continue
        if quick and not case["quick"] and not only:
            continue
        extra = {"code": case["code"], "algorithm": case["algorithm"]}
        try:
            (_puzzle, result), cpu, wall = common.time_runs(
                lambda: _solve(case["code"], case["options"], case["algorithm"],
                               case["count"]),
                HEAVY_REPEATS if case["heavy"] else repeats)
        except (PuzzleError, AssertionError, StopIteration) as exc:
            row = dict(answer=None, ok=False, error=f"{type(exc).__name__}: {exc}")
        else:
            answer = _answer(case, result)
            if case["known"] is None:       # not proven: replayed is what counts
                good = True
            else:
                good = answer == case["known"] and (result.optimal or
                                                    case["algorithm"] != "meet")
            row = dict(answer=answer, ok=good, states=result.stats.get("expanded"),
                       cpu_times=cpu, wall_times=wall)
            extra.update(proven=result.optimal, peak=result.stats.get("peak"))
        rows.append(common.make_row(
            "pegs", case["task"], known=case["known"], extra=extra,
            peers={BASELINE: _run_baseline(case)} if peers else {}, **row))
    return rows


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
    lines = []
    for r in rows:
        base = r["peers"].get(BASELINE)
        if base and base["cpu_seconds"] and r["cpu_seconds"]:
            bcell = common.fmt_s(base["cpu_seconds"])
            ratio = f"{base['cpu_seconds'] / r['cpu_seconds']:.1f}x"
        else:
            bcell, ratio = ((base["note"] or base["status"])[:38] if base else "-"), "-"
        lines.append([r["task"], str(r["answer"]), str(r["known"]),
                      "yes" if r["ok"] else "NO", f"{r['states'] or 0:,}",
                      common.fmt_s(r["wall_seconds"]), common.fmt_s(r["cpu_seconds"]), bcell, ratio])
    print(common.table(head, lines))
    try:
        load = os.getloadavg()
        print(f"\nmedians of {args.repeats} (the English proof: 1); load average "
              f"{load[0]:.1f} on {os.cpu_count()} cores (others' jobs make timings noisy)")
    except OSError:
        pass
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
