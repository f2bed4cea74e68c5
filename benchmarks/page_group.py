"""The sliding-block group view inside the page: for every blocks preset in
every count, the time from a click on "The whole group" to the finished
analysis on screen (its size, the histogram, this start's distance and
optimal solutions), in the built site in headless Chromium, the solver
ready (a new page per run, in one browser context whose cache one
analysis of another preset has filled).  Issue 20's target:
the classic 4x5 boards within 5 s.  Needs Playwright (.venv):

    .venv/bin/python benchmarks/page_group.py [--runs N] [--site DIR] [--json FILE]

Prints a table, and the one JSON object last.  Siblings: page_bench.py (its
server and Chromium flags), bench_blocks.py (the same analyses in CPython
and Pyodide without the page).
"""

import argparse
import json
import os
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import page_bench  # noqa: E402

sys.path.insert(0, os.path.join(page_bench.ROOT, "pysrc"))
from puzzlelab.families.blocks import METRICS, NAMED  # noqa: E402

TARGET_S = 5.0
CLASSIC = {"hakoiri", "hakoiri98", "dad", "century", "supercentury", "ninblocks", "quzzle",
           "thinklotski", "fatklotski", "supercompo"}     # the 4x5 boards
DONE = re.compile(r"([\d,]+) positions in this start's group")


def one(context, url, name, metric, errors):
    """Seconds from the click to the group's size on screen, and the size
    (a new page each time, its solver ready)."""
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}#blocks:{name}&metric={metric}")
    page_bench.wait_ready(page)
    page.locator(".analysis summary").click()
    out = page.get_by_test_id("analysis")
    t0 = time.perf_counter()
    page.get_by_test_id("analyze-group").click()
    while True:
        text = out.text_content() or ""
        m = DONE.search(text)
        if m and "from the goal" in text:
            seconds = time.perf_counter() - t0
            page.close()
            return seconds, int(m.group(1).replace(",", ""))
        if time.perf_counter() - t0 > 120:
            raise SystemExit(f"{name} ({metric}): no group after 120 s: {text[:200]!r}")
        time.sleep(0.02)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs per case (median)")
    ap.add_argument("--site", help="serve this built site instead of _site/")
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    server, url, _counter = page_bench.serve_site(args.site)
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=page_bench.CHROMIUM,
                                    args=page_bench.CHROMIUM_ARGS)
        context = browser.new_context()
        errors = []
        one(context, url, "dad", "move", errors)        # warm: the cache and the snapshot
        for name in (n for n, p in NAMED.items() if not p.group):   # (page_rush.py: Rush Hour)
            for metric in METRICS:
                times, size = [], None
                for _ in range(args.runs):
                    seconds, size = one(context, url, name, metric, errors)
                    times.append(seconds)
                rows.append({"preset": name, "metric": metric, "positions": size,
                             "seconds": statistics.median(times), "runs": len(times),
                             "classic": name in CLASSIC})
                print(f"{name:13} {metric:5} {size:>9,} positions  "
                      f"{statistics.median(times):6.2f} s", flush=True)
        browser.close()
        if errors:
            raise SystemExit(f"page errors: {errors}")
    server.shutdown()
    worst = max(r["seconds"] for r in rows if r["classic"])
    summary = {"rows": rows, "worst_classic_s": worst, "target_s": TARGET_S,
               "worst_all_s": max(r["seconds"] for r in rows),
               "load1": os.getloadavg()[0]}
    print(f"worst classic 4x5 board: {worst:.2f} s (target {TARGET_S} s): "
          f"{'PASS' if worst <= TARGET_S else 'FAIL'}; worst of all "
          f"{summary['worst_all_s']:.2f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    print(json.dumps(summary))
    return 0 if worst <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
