"""Korf's 100 inside the page on one worker and split over several
(web/parallel.js): the wall time of each instance, solved to its proven
optimum by the page's own Solver objects (one worker: a plain solve
request; N workers: ParallelSearch over N solvers, the first of which is
the same worker), in the built site in headless Chromium, the tables loaded
and every worker warmed by one solve first.  Issue 19's targets: a speed-up
of at least 1.7x on two cores; Korf #60 and #82 each within 5 s.  Needs
Playwright (.venv):

    .venv/bin/python benchmarks/page_split.py [--workers N] [--ids 1,60,82] [--site DIR] [--json FILE]

Prints a row per instance, the totals, and the one JSON object last.
Siblings: page_bench.py (its server and Chromium flags), bench_tiles.py (the
same instances in CPython and Pyodide without the page)."""

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import page_bench  # noqa: E402
import bench_tiles  # noqa: E402

TARGET_SPEEDUP = 1.7
TARGET_HARD_S = 5.0
HARD = (60, 82)

SETUP = """async (n) => {
  const { Solver } = await import("./web/solver.js");
  const { ParallelSearch } = await import("./web/parallel.js");
  window.benchSolvers = Array.from({ length: n }, () => new Solver());
  window.ParallelSearch = ParallelSearch;
  await Promise.all(window.benchSolvers.map((s) => s.whenReady()));
  // warm every worker: its tables fetched and decoded
  await Promise.all(window.benchSolvers.map((s) => s.request({ op: "solve", code: "tiles:4x4:1234567890abcdef:0123456789abcdef" })));
  await Promise.all(window.benchSolvers.map((s) => s.request({ op: "part", code: "tiles:4x4:edf7bc95602148a3:0123456789abcdef", parts: 8, index: 0, limit: 41 })));
  return window.benchSolvers.map((s) => s.bootDetail.boot);
}"""

SOLVE = """async ([code, n]) => {
  const t0 = performance.now();
  const reply = n === 1
    ? await window.benchSolvers[0].request({ op: "solve", code, algorithm: "idastar" })
    : await new window.ParallelSearch(window.benchSolvers.slice(0, n), { op: "solve", code, algorithm: "idastar" }).run();
  return { ms: performance.now() - t0, ok: reply.ok, length: reply.length, optimal: reply.optimal,
           expanded: reply.stats && reply.stats.expanded, jobs: reply.parallel ? reply.parallel.jobs : 0,
           error: reply.ok ? null : reply.error.message };
}"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--ids", help="Korf numbers (default: all 100)")
    ap.add_argument("--site", help="serve this built site instead of _site/")
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)
    ids = [int(x) for x in args.ids.split(",")] if args.ids else None
    from playwright.sync_api import sync_playwright
    server, url, _counter = page_bench.serve_site(args.site)
    rows = []
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=page_bench.CHROMIUM,
                                    args=page_bench.CHROMIUM_ARGS)
        page = browser.new_context().new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page_bench.wait_ready(page)
        cores = page.evaluate("navigator.hardwareConcurrency")
        page.evaluate(SETUP, args.workers)
        for number, optimal, cells in bench_tiles.instances_of(ids):
            code = "tiles:4x4:" + "".join(bench_tiles.HEX[t] for t in cells) + ":" + bench_tiles.HEX
            row = {"korf_id": number, "optimal": optimal}
            for n in (1, args.workers):
                out = page.evaluate(SOLVE, [code, n])
                if not (out["ok"] and out["optimal"] and out["length"] == optimal):
                    raise SystemExit(f"Korf #{number} on {n} worker(s): {out}")
                row[f"s{n}"] = out["ms"] / 1000
                row[f"jobs{n}"] = out["jobs"]
            rows.append(row)
            print(f"Korf #{number:3}  {optimal}  1 worker {row['s1']:6.2f} s   "
                  f"{args.workers} workers {row[f's{args.workers}']:6.2f} s  "
                  f"({row[f'jobs{args.workers}']} parts)", flush=True)
        browser.close()
    server.shutdown()
    if errors:
        raise SystemExit(f"page errors: {errors}")
    n = args.workers
    one = sum(r["s1"] for r in rows)
    many = sum(r[f"s{n}"] for r in rows)
    hard = {r["korf_id"]: r[f"s{n}"] for r in rows if r["korf_id"] in HARD}
    summary = {"workers": n, "cores": cores, "instances": len(rows), "total_1_s": one,
               f"total_{n}_s": many, "speedup": one / many,
               "median_1_s": statistics.median(r["s1"] for r in rows),
               f"median_{n}_s": statistics.median(r[f"s{n}"] for r in rows),
               "worst_1_s": max(r["s1"] for r in rows), f"worst_{n}_s": max(r[f"s{n}"] for r in rows),
               "hard_s": hard, "target_speedup": TARGET_SPEEDUP, "load1": os.getloadavg()[0],
               "rows": rows}
    print(f"{len(rows)} instances: 1 worker {one:.1f} s, {n} workers {many:.1f} s: speed-up "
          f"{one / many:.2f}x (target {TARGET_SPEEDUP}x on 2 cores: "
          f"{'met' if one / many >= TARGET_SPEEDUP else 'missed'}); "
          + ", ".join(f"#{k} {v:.2f} s" for k, v in hard.items()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    print(json.dumps({k: v for k, v in summary.items() if k != "rows"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
