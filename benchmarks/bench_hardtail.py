"""The hard tail of the 15-puzzle: Auto on the 17 positions 80 moves from
the goal and on eleven others of 70-78 moves -- mwong's five hard ones
(shared/data/fifteen_facts.txt, "hard" lines) and six positions a few
random moves from 80-move ones (their distances proven here) -- measuring
the time to the first answer and its length, the lower bound's rise, the
time to the proof and the nodes, in CPU seconds of the solving process
(the machine is shared; wall seconds beside).  In CPython on one core, in
Pyodide (under Node: common.pyodide_jobs), and with two workers (two CPython
processes taking the ``part`` requests web/parallel.js sends, the same
schedule).  Issue 34's target: each proven within 120 s of CPython on one
core.  Not part of run.py:

    python benchmarks/bench_hardtail.py [--runtimes cpython,pyodide,two]
        [--cpu-budget S] [--only N,N,...] [--pyodide-only N,...]
        [--two-only N,...] [--json FILE]

A solve that has not proven its answer within ``--cpu-budget`` CPU seconds
is stopped there (a Cancel thrown in, as the page's): its best answer and
proven bound are what the table shows.  Siblings: bench_anytime.py.
"""

import argparse
import concurrent.futures
import json
import os
import random
import sys
import time

import common

common.use_source_tree()

from puzzlelab import api  # noqa: E402
from puzzlelab.errors import Cancelled  # noqa: E402

from bench_anytime import DIGITS, hard_fifteen, _lines  # noqa: E402

WALKS = (3, 4, 5, 6, 7, 8)      # moves walked from 80-move positions #1-#6


def positions():
    """[(name, code, known distance or None)]: the 28 positions."""
    p80 = ["tiles:4x4:" + "".join(DIGITS[int(x)] for x in f[1:17]) + ":0123456789abcdef"
           for f in _lines("fifteen80.txt", "p80k")]
    out = [(f"80 #{k}", code, 80) for k, code in enumerate(p80, 1)]
    out += [(f"hard {n}", code, n) for n, code in hard_fifteen()]
    rng = random.Random(34)
    for k, steps in enumerate(WALKS):
        code = p80[k]
        seen = {code}
        for _ in range(steps):
            moves = [m["code"] for m in api.run({"op": "moves", "code": code})["moves"]
                     if m["code"] not in seen]
            code = rng.choice(moves)
            seen.add(code)
        out.append((f"80 #{k + 1} + {steps} moves", code, None))
    return out


def solve(code, cpu_budget):
    """Auto in one piece, stopped at ``cpu_budget`` CPU seconds: figures."""
    cpu = common.cpu_clock()
    c0, w0 = cpu(), time.perf_counter()
    gen = api.handle({"op": "solve", "code": code})
    imps, bounds = [], {}
    while True:
        try:
            rec = next(gen) if cpu() - c0 < cpu_budget else gen.throw(Cancelled("budget"))
        except StopIteration as stop:
            reply = stop.value
            break
        t = round(cpu() - c0, 2)
        if "improvement" in rec:
            imps.append((rec["improvement"]["length"], t))
        low = rec.get("lower_bound")
        if low and low not in bounds:
            bounds[low] = t
    return {"improvements": imps, "bounds": bounds, "length": reply.get("length"),
            "proven": reply.get("optimal"), "lower_bound": reply.get("lower_bound"),
            "cpu": round(cpu() - c0, 2), "wall": round(time.perf_counter() - w0, 2),
            "expanded": reply["stats"].get("expanded"), "stopped": bool(reply.get("stopped"))}


def run_cases(only=None, cpu_budget=300):
    """One row per position (``only``: their numbers in positions(), from 1)."""
    rows = []
    for k, (name, code, known) in enumerate(positions(), 1):
        if only and k not in only:
            continue
        row = {"n": k, "name": name, "code": code, "known": known, "runtime": common.RUNTIME}
        row.update(solve(code, cpu_budget))
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


# -- two workers: web/parallel.js's schedule over two CPython processes -----------
PARTS_PER_WORKER = 8


def _part(req):
    return api.run(req)


def solve_two(code, wall_budget, workers=2):
    """The plan (with Auto's first answer) in this process, then each
    iteration's parts over ``workers`` processes, smallest bound first (the
    next bound once every part of this one is back: web/parallel.js starts
    it as workers come free, a little better), until a part finds a
    solution at the bound, or the bound reaches the first answer's length.
    Returns the figures: CPU of this process and the workers, summed
    (RUSAGE_CHILDREN), the wall seconds to the proof."""
    import resource         # (not in Pyodide, where the rest of this file runs too)
    w0 = time.perf_counter()
    c0 = time.process_time()
    kids0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    first = None
    gen = api.handle({"op": "part", "code": code, "algorithm": "auto"})
    while True:
        try:
            rec = next(gen)
        except StopIteration as stop:
            plan = stop.value
            break
        if "improvement" in rec and first is None:
            first = (rec["improvement"]["length"], round(time.process_time() - c0, 2))
    if plan.get("solved"):
        s = plan["solved"]
        return {"first": first, "length": s["length"], "proven": s["optimal"],
                "lower_bound": s["lower_bound"], "wall": round(time.perf_counter() - w0, 2),
                "cpu": round(time.process_time() - c0, 2), "expanded": 0, "workers": 1}
    best = plan["best"]["length"] if plan.get("best") else None
    parts = PARTS_PER_WORKER * workers
    base = {"op": "part", "code": code, "algorithm": "auto", "parts": parts}
    limit = plan["limit"]
    live = set(range(parts))
    expanded = 0
    proven = False
    proof_wall = None
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        while time.perf_counter() - w0 < wall_budget:
            if best is not None and limit >= best:
                proven, proof_wall = True, time.perf_counter() - w0
                break
            jobs = [pool.submit(_part, dict(base, limit=limit, index=i)) for i in sorted(live)]
            found = None
            for fut in concurrent.futures.as_completed(jobs):
                reply = fut.result()
                expanded += reply["expanded"]
                if reply["exhausted"]:
                    live.discard(reply["index"])
                if reply["found"] is not None:
                    found = reply["found"]["length"]
                    break
            if found is not None:
                best, proven, proof_wall = found, True, time.perf_counter() - w0
                for job in jobs:
                    job.cancel()
                break
            limit += 2
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    worker_cpu = (kids.ru_utime - kids0.ru_utime) + (kids.ru_stime - kids0.ru_stime)
    return {"first": first, "length": best, "proven": proven,
            "lower_bound": best if proven else limit,
            "wall": round(proof_wall if proof_wall is not None
                          else time.perf_counter() - w0, 2),
            "cpu": round(time.process_time() - c0 + worker_cpu, 2), "expanded": expanded,
            "workers": workers}


def run_two(only, wall_budget):
    rows = []
    for k, (name, code, known) in enumerate(positions(), 1):
        if only and k not in only:
            continue
        row = {"n": k, "name": name, "known": known, "runtime": "cpython x2"}
        row.update(solve_two(code, wall_budget))
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


def report(rows):
    print(f"{'position':22} {'known':>5} {'runtime':>10} {'first':>5} {'at s':>6} "
          f"{'improvements':24} {'76 at':>7} {'78 at':>7} {'80 at':>7} {'result':>12} "
          f"{'cpu s':>8} {'wall s':>8} {'nodes':>13}")
    for r in rows:
        if "improvements" in r:
            imps = r["improvements"]
            first = imps[0] if imps else (None, None)
            more = " ".join(f"{a}@{b:g}" for a, b in imps[1:4])
            b = {int(k): v for k, v in r["bounds"].items()}
            result = (f"{r['length']} proven" if r["proven"] else
                      f"{r['length']} >= {r['lower_bound']}")
            print(f"{r['name'][:22]:22} {r['known'] or '-':>5} {r['runtime']:>10} "
                  f"{first[0] or '-':>5} {first[1] if first[1] is not None else '-':>6} "
                  f"{more[:24]:24} {b.get(76, '-'):>7} {b.get(78, '-'):>7} {b.get(80, '-'):>7} "
                  f"{result:>12} {r['cpu']:>8} {r['wall']:>8} {r['expanded'] or 0:>13,}")
        else:
            first = r.get("first") or (None, None)
            result = f"{r['length']} {'proven' if r['proven'] else 'open'}"
            print(f"{r['name'][:22]:22} {r['known'] or '-':>5} {r['runtime']:>10} "
                  f"{first[0] or '-':>5} {first[1] if first[1] is not None else '-':>6} "
                  f"{'':24} {'':>7} {'':>7} {'':>7} {result:>12} {r['cpu'] or '-':>8} "
                  f"{r['wall']:>8} {r.get('expanded', 0):>13,}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runtimes", default="cpython,pyodide,two")
    ap.add_argument("--cpu-budget", type=float, default=300, help="CPU seconds per proof")
    ap.add_argument("--only", default=None, help="position numbers (1-28), comma-separated")
    ap.add_argument("--pyodide-only", default="1,18", help="positions run in Pyodide")
    ap.add_argument("--two-only", default="1,18", help="positions run on two workers")
    ap.add_argument("--json", help="also write the rows here")
    args = ap.parse_args(argv)
    pick = lambda text: [int(x) for x in text.split(",")] if text else None  # noqa: E731
    rows = []
    for runtime in args.runtimes.split(","):
        if runtime == "cpython":
            job = {"module": "bench_hardtail", "function": "run_cases",
                   "kwargs": {"only": pick(args.only), "cpu_budget": args.cpu_budget}}
            out, err = common.cpython_job(job, 28 * args.cpu_budget * 4 + 600)
        elif runtime == "pyodide":
            job = {"module": "bench_hardtail", "function": "run_cases",
                   "kwargs": {"only": pick(args.pyodide_only), "cpu_budget": args.cpu_budget}}
            got, err = common.pyodide_jobs([job], 28 * args.cpu_budget * 4 + 600)
            out = got["jobs"][0] if got else None
        else:
            out, err = {"rows": run_two(pick(args.two_only), args.cpu_budget)}, None
        if err or not out or "rows" not in out:
            print(f"{runtime}: failed: {err or (out or {}).get('error')}", file=sys.stderr)
            continue
        rows += out["rows"]
    report(rows)
    print(f"\nmachine: {common.machine()}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
