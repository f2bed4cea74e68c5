"""New puzzles at a difficulty (the API's ``generate`` op), timed per family
and difficulty in CPython and inside Pyodide: each run makes a new start
with its own seed and proves its distance (the first run of a board also
builds what it keeps: the 8-puzzle's distance table, a blocks group).  Rows
in benchmarks/common.py's schema (``answer``: the median distance made;
``ok``: every distance in the difficulty's band).  Issue 35's target: within
2 s in the page (page_generate.py measures the page itself).

    python benchmarks/bench_generate.py [--repeats N] [--pyodide]

Siblings: page_generate.py (the same in Chromium, from the click to the
puzzle on screen), tests/test_generate.py (the proofs checked).
"""

import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

common.use_source_tree()
from puzzlelab import api  # noqa: E402

BOARDS = ["tiles:3x3:867254301", "tiles:4x4:123456789abcdef0",
          "tiles:5x5:024a918d3567hefbcnikglmjo", "blocks:hakoiri", "blocks:dad",
          "blocks:tannentei", "blocks:century",
          "pegs:english", "pegs:triangle15"]
QUICK = ["tiles:3x3:867254301", "pegs:english"]


def run_cases(repeats=5, quick=False, only=None, peers=True):
    rows = []
    for code in QUICK if quick else BOARDS:
        offer = api.run({"op": "describe", "code": code})["generate"]
        for level in offer["difficulties"]:
            task = f"{code} {level['name']}"
            if only and task not in only:
                continue
            seeds = iter(range(1000))
            made = []

            def one():
                reply = api.run({"op": "generate", "code": code, "difficulty": level["name"],
                                 "seed": next(seeds)})
                if not reply["ok"]:
                    raise RuntimeError(reply["error"]["message"])
                made.append(reply)
                return reply
            try:
                _, cpu, wall = common.time_runs(one, repeats)
            except Exception as exc:    # noqa: BLE001 -- a failed case is a row
                rows.append(common.make_row(code.split(":")[0], task, answer=None, known=None,
                                            ok=False, error=f"{type(exc).__name__}: {exc}"))
                continue
            low, high = made[0]["band"]
            ok = all(low <= r["distance"] and (high is None or r["distance"] <= high)
                     for r in made)
            rows.append(common.make_row(
                code.split(":")[0], task, answer=round(statistics.median(r["distance"] for r in made)),
                known=None, ok=ok, cpu_times=cpu, wall_times=wall,
                extra={"band": [low, high], "first_cpu": cpu[0],
                       "rest_cpu_max": max(cpu[1:]) if len(cpu) > 1 else None}))
    return rows


def report(title, rows):
    print(f"\n{title}")
    print(common.table(
        ["case", "distances", "median s", "first s", "max of the rest s", "ok"],
        [[r["task"], f"{r['answer']} (band {r['extra'].get('band')})",
          common.fmt_s(r["cpu_seconds"]), common.fmt_s(r["extra"].get("first_cpu")),
          common.fmt_s(r["extra"].get("rest_cpu_max")), "ok" if r["ok"] else r["error"] or "NO"]
         for r in rows]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--pyodide", action="store_true", help="also inside Pyodide under Node")
    args = ap.parse_args(argv)
    print(f"load average {common.load_average()}; times are CPU seconds of the process")
    job = {"module": "bench_generate", "function": "run_cases",
           "kwargs": {"repeats": args.repeats, "quick": args.quick}}
    out, err = common.cpython_job(job, timeout=1800)
    if err or out.get("error"):
        sys.exit(err or out["error"])
    report("CPython", out["rows"])
    if args.pyodide:
        res, err = common.pyodide_jobs([job], timeout=3600)
        if err:
            sys.exit(err)
        rows = res["jobs"][0].get("rows")
        if rows is None:
            sys.exit(json.dumps(res["jobs"][0])[:2000])
        report("Pyodide", rows)


if __name__ == "__main__":
    main()
