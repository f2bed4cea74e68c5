"""Sliding-block benchmark: Puzzle Lab's BFS (families/blocks/bfs.py)
against a straightforward dict-of-tuples BFS written here, in both counts.
``run_cases`` is the pure-Python core that benchmarks/run.py calls in CPython
and inside Pyodide (no subprocess); it returns rows of the schema in
common.py, bench_rush.py's Rush Hour rows among them.  Run this file to print the table.  Siblings:
bench_tiles.py, bench_pegs.py, run.py, common.py.

    python benchmarks/bench_blocks.py [--repeats N] [--quick] [--no-baseline]
"""

import os
import sys

import bench_rush
import common

common.use_source_tree()

from puzzlelab import codes                                   # noqa: E402
from puzzlelab.families.blocks import astar as blocks_astar  # noqa: E402
from puzzlelab.families.blocks import bfs as blocks_bfs  # noqa: E402
from puzzlelab.families.blocks import pattern as blocks_pattern  # noqa: E402
from puzzlelab.families.blocks import reachable as blocks_reachable  # noqa: E402
from puzzlelab.families.blocks import METRICS, PRESETS        # noqa: E402
from puzzlelab.search import drain                            # noqa: E402

# Every preset in every count: (task, code, metric, known optimum, run the
# baseline?).  Known optima are the preset records' (families/blocks/
# presets.py, with their sources); None where a record has no figure for a
# count (A*'s agreement is the check then, see run_cases).
NAMES = {"hakoiri": "Hakoiri-musume", "hakoiri98": "Hakoiri-musume 98", "dad": "Dad's puzzle",
         "tannentei": "Tannentei", "century": "Century", "supercentury": "Super Century",
         "ninblocks": "Nine Blocks", "quzzle": "Quzzle", "thinklotski": "Thin Klotski",
         "fatklotski": "Fat Klotski", "supercompo": "SuperCompo", "ells": "Two Ls, two goals"}
# (the Rush Hour presets are bench_rush.py's)
KNOWN = {p.name: tuple(p.known.get(m) for m in METRICS) for p in PRESETS if p.name in NAMES}
NAMED_FACTS = {p.name: p.facts for p in PRESETS if p.name}
BASELINE_CASES = {("hakoiri", "move"), ("hakoiri", "step"), ("hakoiri", "line"),
                  ("tannentei", "move"), ("tannentei", "step")}
CASES = [(f"{NAMES[name]} ({metric})", f"blocks:{name}", metric, KNOWN[name][i],
          (name, metric) in BASELINE_CASES)
         for name in KNOWN for i, metric in enumerate(METRICS)]
# A* with the pattern bound (table build included) against BFS's nodes:
# where a bound pays (the open two-L board) and where it cannot (the
# classics, whose solutions wander through most of their group).
ASTAR = [("hakoiri", "move"), ("century", "step"), ("tannentei", "step"),
         ("tannentei", "move"), ("ells", "move"), ("ells", "step"), ("ells", "line")]
# The whole group seen from the goal (the analyze op's from=group): its size
# where the record has it (Hakoiri-musume's 25,955, klotski.txt); Tannentei's
# is ours (977,544, the same as the generic explorer's count in tests).
GROUPS = [(name, metric, NAMED_FACTS[name].get("group"))
          for name, metric in (("hakoiri", "move"), ("century", "move"),
                               ("tannentei", "move"), ("tannentei", "step"))]
QUICK = ("Hakoiri-musume (move)", "Hakoiri-musume (step)")
BASELINE = "BFS baseline"


# -- the baseline: the obvious program ------------------------------------------

def baseline_bfs(code, metric):
    """Breadth-first search over boards stored as tuples of cell characters;
    the dict key writes each block not named by the goal as its shape's
    number (so equal shapes are interchangeable, as in Puzzle Lab).
    Returns (optimal length or None, states stored)."""
    _fam, size, rows, goals = code.split(":")
    w, h = (int(x) for x in size.split("x"))
    board = tuple("".join(rows.split("/")))
    patterns = [tuple("".join(g.split("/"))) for g in goals.split(";")]
    named = {ch for p in patterns for ch in p if ch.isalpha()}
    shapes, sig = {}, {}
    for letter in sorted({ch for ch in board if ch.isalpha()}):
        cells = [i for i, ch in enumerate(board) if ch == letter]
        r0, c0 = divmod(cells[0], w)
        shape = tuple((i // w - r0, i % w - c0) for i in cells)
        sig[letter] = letter if letter in named else shapes.setdefault(shape, len(shapes))

    def key(b):
        return tuple(sig.get(ch, ch) for ch in b)

    def is_goal(b):
        return any(all(p == "?" or p == "_" or b[i] == p for i, p in enumerate(pat))
                   for pat in patterns)

    def children(b):
        where = {}
        for i, ch in enumerate(b):
            if ch.isalpha():
                where.setdefault(ch, []).append((i // w, i % w))
        for letter, cells in where.items():
            def fits(dr, dc):
                for r, c in cells:
                    rr, cc = r + dr, c + dc
                    if not (0 <= rr < h and 0 <= cc < w):
                        return False
                    ch = b[rr * w + cc]
                    if ch != "." and ch != letter:
                        return False
                return True
            if metric == "step":
                offsets = [d for d in ((-1, 0), (1, 0), (0, -1), (0, 1)) if fits(*d)]
            elif metric == "line":
                offsets = []
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    k = 1
                    while fits(k * dr, k * dc):
                        offsets.append((k * dr, k * dc))
                        k += 1
            else:
                seen = {(0, 0)}
                queue = [(0, 0)]
                for dr, dc in queue:
                    for ddr, ddc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                        nd = (dr + ddr, dc + ddc)
                        if nd not in seen and fits(*nd):
                            seen.add(nd)
                            queue.append(nd)
                offsets = queue[1:]
            for dr, dc in offsets:
                new = list(b)
                for r, c in cells:
                    new[r * w + c] = "."
                for r, c in cells:
                    new[(r + dr) * w + c + dc] = letter
                yield tuple(new)

    if is_goal(board):
        return 0, 1
    parents = {key(board): None}
    layer = [board]
    depth = 0
    while layer:
        depth += 1
        nxt = []
        for b in layer:
            for child in children(b):
                k = key(child)
                if k in parents:
                    continue
                parents[k] = key(b)
                if is_goal(child):
                    return depth, len(parents)
                nxt.append(child)
        layer = nxt
    return None, len(parents)


# -- timing -------------------------------------------------------------------------

def _ours(code, metric):
    puzzle = codes.parse(code, {"metric": metric})
    result = drain(blocks_bfs.bfs(puzzle))
    return result.cost, result.stats["expanded"]


def _astar(code, metric):
    """A* with the pattern bound, its table built afresh (counted)."""
    blocks_pattern._CACHE.clear()
    puzzle = codes.parse(code, {"metric": metric})
    result = drain(blocks_astar.astar(puzzle, heuristic=puzzle.pattern))
    return result.cost, result.stats["expanded"]


def _group(code, metric):
    puzzle = codes.parse(code, {"metric": metric})
    result = drain(blocks_reachable.group(puzzle, max_states=5_000_000))
    return result.extra["reachable"], result.extra["start_distance"]


# A short case is run until its runs add up to this many CPU seconds (at most
# MAX_RUNS runs), so that a 0.05 s solve's median is not one noisy sample.
MIN_TOTAL = 0.5
MAX_RUNS = 25


def run_cases(repeats=5, quick=False, only=None, peers=True, baseline_repeats=None):
    """Time every case (at least ``repeats`` runs, more for a short one: see
    MIN_TOTAL); with ``peers`` also the baseline (``baseline_repeats`` runs,
    default min(repeats, 3)).  Returns rows of common.py's schema; the
    baseline's ``states`` are the boards it stored; ``extra`` holds the
    puzzle's ``code`` and its counting rule, ``metric``."""
    rows = []
    answers = {}
    for task, code, metric, known, with_baseline in CASES:
        if quick and task not in QUICK:
            continue
        if only and task not in only:
            continue
        full = codes.parse(code).code()
        (answer, states), cpu, wall = common.time_runs(lambda: _ours(full, metric), repeats,
                                                       MIN_TOTAL, MAX_RUNS)
        answers[code, metric] = (answer, states)
        row_peers = {}
        if peers and with_baseline:
            n = baseline_repeats or min(repeats, 3)
            (banswer, bstates), bcpu, bwall = common.time_runs(
                lambda: baseline_bfs(full, metric), n)
            row_peers[BASELINE] = common.make_peer(
                "ok" if banswer == answer else "wrong answer",
                cpu_seconds=common.median(bcpu), wall_seconds=common.median(bwall),
                answer=banswer, states=bstates)
        if known is None:       # nobody's figure: A* (its own default bound) must agree
            check = drain(blocks_astar.astar(codes.parse(full, {"metric": metric}),
                                             heuristic=None)).cost
        rows.append(common.make_row(
            "blocks", task, answer=answer, known=known,
            ok=answer == (known if known is not None else check), states=states,
            cpu_times=cpu, wall_times=wall, peers=row_peers,
            extra={"code": full, "metric": metric}))
    if not quick:       # (the quick run's cases all have the BFS baseline beside them)
        rows += bench_rush.run_cases(repeats, only=only, peers=peers)
    if quick or only:
        return rows
    for name, metric in ASTAR:
        code = f"blocks:{name}"
        full = codes.parse(code).code()
        (answer, states), cpu, wall = common.time_runs(lambda: _astar(full, metric), repeats,
                                                       MIN_TOTAL, MAX_RUNS)
        bfs_answer, bfs_states = answers[code, metric]
        rows.append(common.make_row(
            "blocks", f"A* + pattern bound: {NAMES[name]} ({metric}); BFS nodes "
            f"{bfs_states:,}", answer=answer, known=KNOWN[name][METRICS.index(metric)],
            ok=answer == bfs_answer, states=states, cpu_times=cpu, wall_times=wall,
            extra={"code": full, "metric": metric, "bfs_states": bfs_states}))
    for name, metric, known in GROUPS:
        code = f"blocks:{name}"
        full = codes.parse(code).code()
        (size, distance), cpu, wall = common.time_runs(lambda: _group(full, metric),
                                                       min(repeats, 3), MIN_TOTAL, 3)
        want = KNOWN[name][METRICS.index(metric)]
        rows.append(common.make_row(
            "blocks", f"Group of {NAMES[name]} ({metric}): start at {distance}",
            answer=size, known=known, ok=(known is None or size == known) and distance == want,
            states=size, cpu_times=cpu, wall_times=wall,
            extra={"code": full, "metric": metric}))
    return rows


def print_table(rows):
    head = ["task", "answer", "known", "states", "ours s", "ours CPU s",
            "baseline s", "baseline CPU s", "ratio", "CPU ratio"]
    lines = []
    for r in rows:
        b = r["peers"].get(BASELINE)
        line = [r["task"], str(r["answer"]), str(r["known"]), f"{r['states']:,}",
                f"{r['wall_seconds']:.3f}", f"{r['cpu_seconds']:.3f}"]
        if b and b["status"] == "ok":
            line += [f"{b['wall_seconds']:.3f}", f"{b['cpu_seconds']:.3f}",
                     f"{b['wall_seconds'] / r['wall_seconds']:.1f}x",
                     f"{b['cpu_seconds'] / r['cpu_seconds']:.1f}x"]
        else:
            line += ["-", "-", b["status"] if b else "-", "-"]
        lines.append(line)
    widths = [max(len(x[i]) for x in [head] + lines) for i in range(len(head))]
    for x in [head, ["-" * n for n in widths]] + lines:
        print("  ".join(c.ljust(n) if i == 0 else c.rjust(n)
                        for i, (c, n) in enumerate(zip(x, widths))))


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="Hakoiri-musume only")
    ap.add_argument("--no-baseline", action="store_true")
    args = ap.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    rows = run_cases(args.repeats, quick=args.quick, peers=not args.no_baseline)
    print(f"CPython {sys.version.split()[0]}, medians of {args.repeats} runs "
          f"(baseline: {min(args.repeats, 3)}); load average at start {load}; "
          f"ratio = baseline / ours")
    print_table(rows)
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
