"""Silence benchmark: the longest time any request spends without a progress
record, over every preset x every method the contract offers x every
counting rule (plus analyze, and play mode's "never lose" judge for pegs),
each run for at most ``seconds``.  The page's Cancel and its watchdog rely on
progress at least every 0.5 s, table loading included.

    python benchmarks/bench_silence.py [--seconds 3] [--no-pyodide] [--family pegs]

Runs in CPython here and inside Pyodide under Node (pyodide_bench.mjs);
prints the worst cases per runtime.  :func:`run_cases` is the core, pure
Python, importable in both.  Siblings: bench_tiles.py, bench_blocks.py,
bench_pegs.py, common.py.
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if not os.environ.get("PUZZLELAB_INSTALLED"):
    sys.path.insert(0, os.path.join(ROOT, "pysrc"))
sys.path.insert(0, HERE)


def silence(req, seconds):
    """(status, longest silence in s, where: the progress records around it)."""
    from puzzlelab import api
    gen = api.handle(req)
    t0 = last = time.perf_counter()
    worst, where, prev = 0.0, None, None
    try:
        while True:
            try:
                rec = next(gen)
            except StopIteration as stop:
                now = time.perf_counter()
                if now - last > worst:
                    worst, where = now - last, [prev, "end"]
                reply = stop.value
                return ("ok" if reply["ok"] else reply["error"]["type"]), worst, where
            now = time.perf_counter()
            if now - last > worst:
                worst, where = now - last, [prev, rec]
            last, prev = now, rec
            if now - t0 > seconds:
                return "running", worst, where
    finally:
        gen.close()


def requests(family=None):
    """Every request the page can make of a preset: solve by each method in
    each counting rule, analyze, and the pegs' judged moves."""
    from puzzlelab import api
    out = []
    for p in api.run({"op": "presets"})["presets"]:
        if family and p["family"] != family:
            continue
        desc = api.run({"op": "describe", "code": p["code"]})
        for metric in desc["metrics"]:
            d = api.run({"op": "describe", "code": p["code"], "metric": metric})
            for m in d["methods"]:
                if m["available"]:
                    out.append({"op": "solve", "code": p["code"], "metric": metric,
                                "algorithm": m["name"], "max_states": 3_000_000})
        out.append({"op": "analyze", "code": p["code"], "max_states": 3_000_000})
        if p["family"] == "pegs":
            out.append({"op": "moves", "code": p["code"], "judge": True})
    return out


def run_cases(seconds=3.0, family=None):
    """One row per request: ``request`` (the request dict), ``status`` (how
    it ended: "ok", the error type, or "running" when cut at ``seconds``),
    ``silence`` (the longest gap between progress records, in wall s) and
    ``where`` (the records around that gap, JSON, cut to 240 characters).
    Not the family row schema of common.py: this measures requests, not
    solves with an answer, and run.py does not read it."""
    rows = []
    for req in requests(family):
        status, worst, where = silence(req, seconds)
        rows.append({"request": req, "status": status, "silence": round(worst, 3),
                     "where": json.dumps(where)[:240]})
    return rows


def report(name, rows, top=12):
    from common import table
    rows = sorted(rows, key=lambda r: -r["silence"])
    print(f"\n## {name}: {len(rows)} requests, longest silence {rows[0]['silence']:.2f} s\n")
    out = []
    for r in rows[:top]:
        q = r["request"]
        what = q["op"] + (f" {q['algorithm']}" if "algorithm" in q else "")
        out.append([f"{r['silence']:.3f}", r["status"], what, q.get("metric", ""), q["code"][:40]])
    print(table(["silence s", "end", "request", "rule", "code"], out))
    over = [r for r in rows if r["silence"] > 0.5]
    print(f"\nover 0.5 s: {len(over)}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--family", default=None)
    ap.add_argument("--no-pyodide", action="store_true")
    args = ap.parse_args(argv)
    report("CPython", run_cases(args.seconds, args.family))
    if not args.no_pyodide:
        from common import pyodide_jobs
        job = {"module": "bench_silence", "function": "run_cases",
               "kwargs": {"seconds": args.seconds, "family": args.family}}
        result, err = pyodide_jobs([job], timeout=7200)
        if err or result["jobs"][0].get("error"):
            print("\nPyodide: failed:", err or result["jobs"][0]["error"])
        else:
            report(f"Pyodide {result['pyodide']}", result["jobs"][0]["rows"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
