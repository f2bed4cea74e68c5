"""Anytime solving, as the page gets it: for positions of every family, the
API's ``solve`` with the default method (Auto) and a time budget, and from
its reply the first solution (its length and when it came), the last one,
whether it was proven optimal and when, and the proven lower bound.  The
first answer's quality is its length over the optimum (when the optimum is
proven in the budget).  CPython, wall seconds of the request (the API's own
``improvements`` times).  Not part of run.py:

    python benchmarks/bench_anytime.py [--max-seconds S] [--families tiles,blocks,pegs]
                                       [--json FILE]

Tiles positions beyond 4x4 come from benchmarks/data/tiles_boards.txt (the
scrambles of bench_tiles.py --boards, with their optima from the C
yardstick, which the run checks).  Siblings: bench_tiles.py, bench_blocks.py,
bench_pegs.py (their solvers alone), common.py.
"""

import argparse
import json
import os
import statistics
import sys

import common

common.use_source_tree()

from puzzlelab import api  # noqa: E402

BOARDS = os.path.join(common.ROOT, "benchmarks", "data", "tiles_boards.txt")
BLOCKS = [("Hakoiri-musume", "blocks:hakoiri", 81), ("Tannentei", "blocks:tannentei", 115),
          ("Century (line)", "blocks:century&metric=line", 111),
          ("Two Ls, two goals", "blocks:ells", 23)]
# pegs: the minimum where it is known (shared/data/pegs.txt, OEIS A127500).
# Diamond 41 (e4 empty) is not here: the solver refuses it at once (a pagoda
# function proves it impossible, docs/pegs.md), which one() treats as fatal.
PEGS = [("Hoppers", "pegs:hoppers", 7), ("Triangle 15, hole 3", "pegs:triangle15-3-complement", 9),
        ("Variant triangle 21", "pegs:variant21", 12), ("Triangle 21", "pegs:triangle21", 9),
        ("English 33", "pegs:english", 18), ("Triangle 28", "pegs:triangle28", 12),
        ("Triangle 36", "pegs:triangle36", 13), ("French 37, c1", "pegs:french", None),
        ("Wiegleb 45", "pegs:wiegleb45", None)]


def tiles_cases(per_board=4):
    """(task, code, optimum) for the first ``per_board`` scrambles of each
    board in tiles_boards.txt (none when the file is missing)."""
    if not os.path.exists(BOARDS):
        return []
    out, seen = [], {}
    for line in open(BOARDS, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        board, ident, _walk, optimal, _nodes, _secs, *cells = line.split()
        if seen.get(board, 0) >= per_board:
            continue
        seen[board] = seen.get(board, 0) + 1
        w, h = board.split("x")
        code = f"tiles:{w}x{h}:" + ",".join(cells)
        out.append((f"{board} #{ident}", code, int(optimal)))
    return out


def one(code, max_seconds):
    """Auto on ``code`` within ``max_seconds``: a stop at the budget keeps
    the best solution and the proven bound (``stopped`` says so)."""
    reply = api.run({"op": "solve", "code": code, "max_seconds": max_seconds})
    if not reply.get("ok"):
        error = reply.get("error") or {}
        if error.get("type") != "limit":
            raise SystemExit(f"{code}: {error}")
        reply = {"lower_bound": error.get("lower_bound"), "stopped": error}
    imps = reply.get("improvements") or []
    first = imps[0] if imps else None
    last = imps[-1] if imps else None
    proven = bool(reply.get("optimal"))
    return {"first_length": first and first["length"], "first_s": first and first["seconds"],
            "length": last and last["length"], "proven": proven,
            "proven_s": last["seconds"] if proven and last else None,
            "lower_bound": reply.get("length") if proven else reply.get("lower_bound"),
            "stopped": (reply.get("stopped") or {}).get("message")}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-seconds", type=int, default=60, help="time budget per solve")
    ap.add_argument("--families", default="tiles,blocks,pegs")
    ap.add_argument("--per-board", type=int, default=4, help="tiles scrambles per board")
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)
    cases = {"tiles": tiles_cases(args.per_board), "blocks": BLOCKS, "pegs": PEGS}
    rows = []
    head = (f"{'family':7} {'position':22} {'first':>6} {'at s':>7} {'last':>5} "
            f"{'proven':>7} {'at s':>7} {'bound':>5} {'known':>5} {'first/opt':>9}")
    print(f"Auto, time budget {args.max_seconds} s, CPython {sys.version.split()[0]}")
    print(head)
    for family in args.families.split(","):
        for task, code, known in cases[family]:
            r = one(code, args.max_seconds)
            optimum = r["length"] if r["proven"] else known
            if r["proven"] and known is not None and r["length"] != known:
                raise SystemExit(f"{task}: proven {r['length']}, known {known}")
            ratio = r["first_length"] / optimum if optimum and r["first_length"] else None
            r.update(family=family, task=task, code=code, known=known, ratio=ratio)
            rows.append(r)

            def f(x, spec):
                return "-" if x is None else format(x, spec)
            print(f"{family:7} {task:22} {f(r['first_length'], '>6')} {f(r['first_s'], '>7.3f')} "
                  f"{f(r['length'], '>5')} {'yes' if r['proven'] else 'no':>7} "
                  f"{f(r['proven_s'], '>7.2f')} {f(r['lower_bound'], '>5')} {f(known, '>5')} "
                  f"{f(ratio, '>9.2f')}", flush=True)
    print()
    for family in args.families.split(","):
        mine = [r for r in rows if r["family"] == family and r["first_s"] is not None]
        if not mine:
            continue
        ratios = [r["ratio"] for r in mine if r["ratio"]]
        print(f"{family}: first solution median {statistics.median(r['first_s'] for r in mine):.3f} s, "
              f"worst {max(r['first_s'] for r in mine):.3f} s; first/optimum median "
              f"{statistics.median(ratios) if ratios else float('nan'):.2f}, worst "
              f"{max(ratios) if ratios else float('nan'):.2f}; proven {sum(r['proven'] for r in mine)}"
              f"/{len(mine)}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
