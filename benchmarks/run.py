#!/usr/bin/env python3
"""The benchmark command: every benchmark the family issues name, in CPython
and inside the pinned Pyodide, with peers side by side, the page's load
times in Chromium, download sizes and peak memory, checked against targets.

    python benchmarks/run.py            full run, writes benchmarks/results.md
    python benchmarks/run.py --quick    one or two small cases per family (~1 min)

Cases come from bench_tiles.py, bench_blocks.py and bench_pegs.py (their
``run_cases``); each runs in its own subprocess with a time limit (common.py),
in Pyodide through pyodide_bench.mjs, and the page through page_bench.py
(with .venv's Python when this one lacks Playwright).  README.md beside this
file says how each figure is measured.
"""

import argparse
import importlib.util
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import fmt_bytes, fmt_int, fmt_ratio, fmt_s, median, table  # noqa: E402

FAMILIES = ("tiles", "blocks", "pegs")
RESULTS = os.path.join(common.BENCH, "results.md")
JOB_TIMEOUT = {"quick": 120, "full": 3600}     # s, per family and runtime
PAGE_TIMEOUT = {"quick": 150, "full": 900}
TARGET_RATIO_PYODIDE = 2.5

# Row keys the family modules may use, first match wins.  CPU seconds are
# preferred where a module reports them (unless --wall): the machine is
# shared, and other jobs inflate wall time far more.
ALIASES = {
    "task": ("task", "name", "case", "instance", "label"),
    "answer": ("answer", "length", "result", "moves", "value"),
    "known": ("known", "expected", "optimal", "known_answer", "want"),
    "ok": ("ok", "correct", "check", "checked", "matches", "passed"),
    "states": ("states", "expanded", "nodes", "generated"),
    "seconds": ("cpu_seconds", "cpu_median", "median", "median_s", "seconds", "median_seconds"),
    "wall": ("median", "median_s", "seconds", "median_seconds"),
    "times": ("cpu_times", "times", "runs", "samples"),
}
# Per family: default repeats, the quick selection, and how to ask a module
# for one case (the modules take different arguments; run.py adapts).
FAMILY = {
    "tiles": {"repeats": 1, "quick": {"ids": [79, 55]},
              "select": lambda row: {"ids": [row["raw"]["id"]]},
              "name": lambda raw: f"Korf #{raw['id']}" if "id" in raw and "task" not in raw else None},
    "blocks": {"repeats": 3, "quick": {},
               "select": lambda row: {"only": [row["task"]], "cases": [row["task"]]}},
    "pegs": {"repeats": 3, "quick": {},
             "select": lambda row: {"only": [row["task"]], "cases": [row["task"]]}},
}
CLOCK = ["cpu"]          # "wall" with --wall: how the modules' timers read
PEER_GIVE_UP = 3        # a tile peer that times out on this many easiest instances in a row stops


def pick(row, key, default=None):
    """The value of the first alias the row has (even when it is None: a
    module's ``known: None`` means no known answer, not "look further")."""
    for k in ALIASES[key]:
        if k in row:
            return row[k]
    return default


LOADS = []               # 1-min load average at each step, for the report


def log(msg):
    LOADS.append((common.load_average() or (0,))[0])
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


# -- running the family modules ----------------------------------------------

def module_path(family):
    return os.path.join(common.BENCH, f"bench_{family}.py")


def job(family, quick=False, repeats=3, runtime="cpython", select=None, peers=True):
    """A run_cases job; ``select`` = the module's arguments naming the cases."""
    optional = {"quick": quick, "repeats": repeats}
    optional.update(select or (FAMILY[family]["quick"] if quick else {}))
    if runtime == "pyodide" or not peers:
        optional.update(peers=False)
    return {"module": f"bench_{family}", "function": "run_cases", "kwargs": {},
            "optional": optional, "clock": CLOCK[0]}


def normalize(family, raw, runtime):
    """One family's job result -> list of rows in our own shape."""
    rows = []
    for r in raw or []:
        if not isinstance(r, dict):
            continue
        times = pick(r, "times")
        secs = pick(r, "seconds" if CLOCK[0] == "cpu" else "wall")
        if secs is None:
            secs = pick(r, "seconds")
        if secs is None and isinstance(times, list):
            secs = median(times)
        answer, known = pick(r, "answer"), pick(r, "known")
        ok = pick(r, "ok")
        if ok is None and answer is not None and known is not None:
            ok = answer == known
        name = FAMILY.get(family, {}).get("name", lambda raw: None)(r) or pick(r, "task", "?")
        rows.append({
            "family": family, "task": str(name), "answer": answer,
            "known": known, "ok": ok, "states": pick(r, "states"), runtime: secs,
            f"{runtime}_times": times if isinstance(times, list) else None,
            "peers": dict(r.get("peers") or {}), "raw": r,
        })
    return rows


def run_family(family, args):
    """CPython then Pyodide for one family; returns its result record."""
    mode = "quick" if args.quick else "full"
    rec = {"family": family, "status": "ok", "rows": [], "notes": []}
    if not os.path.exists(module_path(family)):
        rec["status"] = f"MISSING: benchmarks/bench_{family}.py not found"
        return rec
    repeats = args.repeats or FAMILY[family]["repeats"]
    rec["repeats"] = repeats
    log(f"{family}: CPython, {'quick' if args.quick else 'all cases'}, repeats {repeats}")
    res, err = common.cpython_job(job(family, quick=args.quick, repeats=repeats,
                                      peers=not args.no_peers), JOB_TIMEOUT[mode])
    if err or res.get("error"):
        rec["status"] = "BROKEN (CPython): " + last_line(err or res["error"])
        rec["error"] = err or res["error"]
        return rec
    rec["rows"] = normalize(family, res.get("rows"), "cpython")
    rec["cpython_maxrss_kib"] = res.get("maxrss_kib")
    rec["accepted"] = res.get("accepted")
    if not rec["rows"]:
        rec["status"] = "BROKEN: run_cases returned no rows"
        return rec
    if family == "tiles":
        tile_yardsticks(rec, args)
    if args.no_pyodide:
        rec["notes"].append("Pyodide not run (--no-pyodide)")
        return rec
    # quick: Pyodide on one tiny case only
    select = FAMILY[family]["select"](rec["rows"][0]) if args.quick else None
    pyo_repeats = args.pyodide_repeats or repeats
    rec["pyodide_repeats"] = pyo_repeats
    log(f"{family}: Pyodide, repeats {pyo_repeats}")
    pres, perr = common.pyodide_jobs([job(family, quick=args.quick, repeats=pyo_repeats,
                                          runtime="pyodide", select=select)], JOB_TIMEOUT[mode])
    merge_pyodide(rec, pres, perr)
    return rec


# -- the tile yardsticks: bench_tiles.py's C program and PyPI peers --------------

def tile_yardsticks(rec, args):
    """Run bench_tiles' C yardstick and PyPI peers (in its venv) on the same
    instances, in a subprocess (run.py's ``tile_peers`` job), and attach them
    to the rows as peers (CPU seconds, like ours)."""
    ids = [r["raw"]["id"] for r in rec["rows"] if "id" in r["raw"]]
    peer_ids = [] if (args.quick or args.no_peers) else None
    log(f"tiles: C yardstick on {len(ids)} instances"
        + ("" if peer_ids == [] else f", PyPI peers (limit {args.peer_limit:.0f} s each)"))
    res, err = common.cpython_job(
        {"module": "run", "function": "tile_peers",
         "kwargs": {"ids": ids, "peer_ids": peer_ids, "limit": args.peer_limit}},
        JOB_TIMEOUT["quick" if args.quick else "full"])
    if err or res.get("error"):
        rec["notes"].append("C yardstick / peers failed: " + last_line(err or res["error"]))
        return
    got = res["rows"]
    rec["notes"] += got["notes"]
    by_id = {r["raw"]["id"]: r for r in rec["rows"] if "id" in r["raw"]}
    for n, peers in got["peers"].items():
        row = by_id.get(int(n))
        if row:
            row["peers"].update(peers)


def tile_peers(ids, peer_ids=None, limit=60.0):
    """Job (in a fresh CPython): bench_tiles' C yardstick on ``ids`` and its
    PyPI peers on ``peer_ids`` (default: its PEER_IDS, the easiest for
    Manhattan IDA*, easiest first).  Returns {"peers": {id: {peer: {...}}},
    "notes": [...]}; peer entries are {seconds, status, note?, limit?}."""
    import bench_tiles
    instances = [x for x in bench_tiles.korf100() if x[0] in set(ids)]
    optimal = {n: o for n, o, _ in instances}
    out = {n: {} for n in ids}
    notes = []
    c_rows, c_note = bench_tiles.run_c(instances)
    if c_rows is None:
        notes.append(f"C yardstick not run: {c_note}")
    else:
        notes.append(f"C -O2 = bench_tiles' {c_note} (korf_c/ida.c), CPU seconds")
        for n, c in c_rows.items():
            out[n]["C -O2"] = {"seconds": c["cpu_seconds"],
                               "status": "ok" if c["length"] == optimal[n] else "wrong answer",
                               "answer": c["length"], "nodes": c["nodes"]}
    if peer_ids == []:
        notes.append("PyPI peers not run (quick or --no-peers)")
        return {"peers": out, "notes": notes}
    order = [n for n in (peer_ids or bench_tiles.PEER_IDS) if n in optimal]
    py = bench_tiles.peer_python()
    if py is None:
        notes.append("PyPI peers could not be installed (see stderr)")
        return {"peers": out, "notes": notes}
    cells = {n: c for n, _, c in instances}
    names = {"slidingpuzzle": "slidingpuzzle", "fifteen": "fifteen-puzzle-solvers"}
    for which, name in names.items():
        timeouts = 0
        for n in order:
            if timeouts >= PEER_GIVE_UP:
                out[n][name] = {"status": "not run",
                                "note": f"not run ({PEER_GIVE_UP} easier ones timed out)"}
                continue
            got = bench_tiles.run_peer(py, which, cells[n], limit)
            if "timeout" in got:
                timeouts += 1
                out[n][name] = {"status": "timeout", "limit": limit}
            elif "error" in got:
                out[n][name] = {"status": "error", "note": "error: " + " ".join(got["error"])[:80]}
            else:
                timeouts = 0
                entry = {"seconds": got["cpu_seconds"], "answer": got["length"], "status": "ok"}
                if got["length"] != optimal[n]:
                    entry["status"] = "not optimal"
                    entry["note"] = f"not optimal ({got['length']} moves)"
                out[n][name] = entry
    notes.append(f"PyPI peers ({bench_tiles.SLIDINGPUZZLE}, {bench_tiles.FIFTEEN}) in "
                 f"benchmarks/_work/peers-venv, one subprocess per instance, limit {limit:.0f} s, "
                 f"CPU seconds; instances {order}; fifteen-puzzle-solvers' A* is not optimal")
    return {"peers": out, "notes": notes}


def merge_pyodide(rec, pres, perr):
    if perr or not pres or not pres.get("jobs"):
        rec["pyodide_status"] = "Pyodide run failed: " + last_line(perr or "no result")
        return
    pj = pres["jobs"][0]
    rec["pyodide_load_s"] = pres.get("load_seconds")
    rec["pyodide_version"] = pres.get("pyodide")
    rec["pyodide_heap"] = pj.get("heap_after")
    if pj.get("error"):
        rec["pyodide_status"] = "BROKEN in Pyodide: " + last_line(pj["error"])
        rec["pyodide_error"] = pj["error"]
        return
    by_task = {r["task"]: r for r in normalize(rec["family"], pj.get("rows"), "pyodide")}
    for row in rec["rows"]:
        p = by_task.pop(row["task"], None)
        if p:
            row["pyodide"] = p["pyodide"]
            row["pyodide_times"] = p["pyodide_times"]
            if p["answer"] != row["answer"]:
                row["ok"] = False
                row["pyodide_answer"] = p["answer"]
    for extra in by_task.values():     # a task only Pyodide ran: still shown
        rec["rows"].append(extra)


def last_line(text):
    lines = [x for x in str(text).strip().splitlines() if x.strip()]
    return lines[-1][:300] if lines else "?"


# -- memory -------------------------------------------------------------------

def measure_memory(recs, args):
    """Peak memory of each family's biggest solve (largest CPython median),
    each in a fresh process: CPython max RSS, Pyodide wasm heap."""
    out = []
    mode = "quick" if args.quick else "full"
    for rec in recs:
        rows = [r for r in rec["rows"] if r.get("cpython") is not None]
        if rec["status"] != "ok" or not rows:
            continue
        big = max(rows, key=lambda r: r["cpython"])
        entry = {"family": rec["family"], "task": big["task"], "cpython_s": big["cpython"]}
        log(f"memory: {rec['family']} {big['task']}")
        select = FAMILY[rec["family"]]["select"](big)
        spec = job(rec["family"], repeats=1, select=select, peers=False)
        res, err = common.cpython_job(spec, JOB_TIMEOUT[mode])
        if err or res.get("error"):
            entry["cpython_error"] = last_line(err or res.get("error"))
        else:
            entry["filtered"] = bool(set(select) & set(res.get("accepted", [])))
            entry["rows_run"] = len(res.get("rows") or [])
            entry["maxrss_kib"] = res.get("maxrss_kib")
            entry["maxrss_kib_before"] = res.get("maxrss_kib_before")
        if not args.no_pyodide:
            spec = job(rec["family"], repeats=1, runtime="pyodide", select=select)
            pres, perr = common.pyodide_jobs([spec], JOB_TIMEOUT[mode])
            if perr or not pres:
                entry["pyodide_error"] = last_line(perr or "no result")
            else:
                pj = pres["jobs"][0]
                entry["heap_after_load"] = pres.get("heap_after_load")
                entry["heap_before"] = pj.get("heap_before")
                entry["heap_after"] = pj.get("heap_after")
                if pj.get("error"):
                    entry["pyodide_error"] = last_line(pj["error"])
        out.append(entry)
    return out


# -- the page and the site --------------------------------------------------------

def site_sizes():
    """Sizes from _site/files.json and build.json: total, start-up payload, tables."""
    try:
        with open(os.path.join(common.SITE, "files.json")) as f:
            files = json.load(f)["files"]
        with open(os.path.join(common.SITE, "build.json")) as f:
            info = json.load(f)
    except (OSError, ValueError, KeyError) as exc:
        return {"error": f"_site/ not built ({exc})"}
    size = {p: v["size"] for p, v in files.items()}
    startup = [p for p in size if p.startswith("pyodide/") or p == info.get("wheel")]
    return {
        "files": len(size) + 1,    # + sw.js, not in the manifest
        "total": sum(size.values()) + os.path.getsize(os.path.join(common.SITE, "sw.js")),
        "pyodide": sum(v for p, v in size.items() if p.startswith("pyodide/")),
        "wheel": size.get(info.get("wheel")),
        "web": sum(v for p, v in size.items() if p.startswith("web/") or p == "index.html"),
        "startup": sum(size[p] for p in startup),
        "tables": dict(info.get("tables") or {}),
        "build": info.get("build"),
    }


def page_python():
    if importlib.util.find_spec("playwright"):
        return sys.executable
    if os.path.exists(common.VENV_PYTHON):
        return common.VENV_PYTHON
    return None


def measure_page(args):
    if args.no_page:
        return {"skipped": "--no-page"}
    if not os.path.exists(os.path.join(common.SITE, "build.json")):
        return {"skipped": "_site/ missing (python build.py)"}
    python = page_python()
    if not python:
        return {"skipped": "Playwright not found (python build.py test creates .venv with it)"}
    if not os.path.exists("/usr/bin/chromium"):
        return {"skipped": "/usr/bin/chromium missing (python build.py test installs it)"}
    cold, cached = (1, 0) if args.quick else (args.cold, args.cached)
    cmd = [python, os.path.join(common.BENCH, "page_bench.py"),
           "--cold", str(cold), "--cached", str(cached)]
    if args.quick:
        cmd.append("--no-solve")
    log(f"page: {cold} cold + {cached} cached loads in Chromium")
    import subprocess
    try:
        proc = subprocess.run(cmd, cwd=common.ROOT, capture_output=True, text=True,
                              timeout=PAGE_TIMEOUT["quick" if args.quick else "full"])
    except subprocess.TimeoutExpired:
        return {"failed": "time limit reached"}
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"failed": last_line(proc.stderr or proc.stdout or f"exit {proc.returncode}")}


# -- targets -------------------------------------------------------------------

def find(recs, family, pattern):
    rx = re.compile(pattern, re.I)
    for rec in recs:
        if rec["family"] == family:
            return [r for r in rec["rows"] if rx.search(r["task"])]
    return []


def rec_of(recs, family):
    return next((r for r in recs if r["family"] == family), None)


def under(rows, limit):
    """Every row answered right with a CPython median under ``limit`` s."""
    if not rows:
        return "not run", None
    secs = [r.get("cpython") for r in rows]
    if any(x is None for x in secs):
        return "no time (the case failed)", False
    text = f"{fmt_s(max(secs))} s" + (f" (worst of {len(rows)})" if len(rows) > 1 else "")
    if not all(r.get("ok") for r in rows):
        return text + ", WRONG answer", False
    return text, max(secs) < limit


def pyodide_ratio(rec):
    rows = [r for r in (rec or {}).get("rows", [])
            if r.get("cpython") and r.get("pyodide") is not None]
    if not rows:
        return "not run", None
    total = sum(r["pyodide"] for r in rows) / sum(r["cpython"] for r in rows)
    return f"{fmt_ratio(total)} (total of {len(rows)})", total <= TARGET_RATIO_PYODIDE


FINISHED = ("ok", "not optimal")     # peer statuses that count as "finished"


def peer_seconds(p):
    if CLOCK[0] == "cpu" and p.get("cpu_seconds"):
        return p["cpu_seconds"]
    return p.get("seconds")


def peer_ratio(rows, peer, need):
    """Min over rows the peer finished of peer time / our time."""
    ratios = []
    for r in rows:
        p = r["peers"].get(peer) or {}
        if peer_seconds(p) and r.get("cpython") and p.get("status", "ok") in FINISHED:
            ratios.append(peer_seconds(p) / r["cpython"])
    if not ratios:
        return f"{peer}: nothing finished", None
    return f"min {fmt_ratio(min(ratios))} over {len(ratios)}", min(ratios) >= need


def targets(recs):
    out = []
    korf = find(recs, "tiles", r"korf")
    if korf:
        full = len(korf) >= 100
        oks = sum(1 for r in korf if r.get("ok"))
        out.append(("tiles", "all 100 Korf instances optimal", f"{oks}/{len(korf)} checked",
                    oks == len(korf) if full else None))
        secs = [r.get("cpython") for r in korf if r.get("cpython") is not None]
        if secs:
            out.append(("tiles", "Korf median < 1 s (CPython)", f"{fmt_s(median(secs))} s",
                        median(secs) < 1 if full else None))
            out.append(("tiles", "Korf worst < 30 s (CPython)", f"{fmt_s(max(secs))} s",
                        max(secs) < 30 if full else None))
            c_total = sum((r["peers"].get("C -O2") or {}).get("seconds") or 0 for r in korf)
            if c_total:
                out.append(("tiles", "Korf total <= C yardstick total",
                            f"{fmt_s(sum(secs))} s vs {fmt_s(c_total)} s",
                            sum(secs) <= c_total if full else None))
            else:
                out.append(("tiles", "Korf total <= C yardstick total", "C yardstick not run", None))
        out.append(("tiles", ">= 20x faster than slidingpuzzle (every instance it finishes)",
                    *peer_ratio(korf, "slidingpuzzle", 20)))
    else:
        out.append(("tiles", "Korf 100 targets", "not run", None))
    out.append(("tiles", f"Pyodide within {TARGET_RATIO_PYODIDE}x of CPython",
                *pyodide_ratio(rec_of(recs, "tiles"))))
    hak = find(recs, "blocks", r"hakoiri")
    tan = find(recs, "blocks", r"tannentei")
    out.append(("blocks", "Hakoiri-musume < 0.2 s (CPython)", *under(hak, 0.2)))
    out.append(("blocks", "Tannentei (both counts) < 2 s (CPython)", *under(tan, 2.0)))
    out.append(("blocks", f"Pyodide within {TARGET_RATIO_PYODIDE}x of CPython",
                *pyodide_ratio(rec_of(recs, "blocks"))))
    out.append(("blocks", ">= 5x faster than the BFS baseline",
                *peer_ratio(hak + tan, "BFS baseline", 5)))
    out.append(("pegs", "Hoppers (7 moves proven) < 0.1 s (CPython)",
                *under(find(recs, "pegs", r"hoppers.*proven"), 0.1)))
    out.append(("pegs", "Triangle 15 < 0.1 s (CPython)",
                *under(find(recs, "pegs", r"triangle 15"), 0.1)))
    out.append(("pegs", "21-hole variant 12-move proof and counts (192, 96) < 2 s",
                *under(find(recs, "pegs", r"21-hole"), 2.0)))
    out.append(("pegs", "English 33 solution < 1 s",
                *under(find(recs, "pegs", r"english.*solution"), 1.0)))
    out.append(("pegs", "English 18-move minimum proven < 60 s",
                *under(find(recs, "pegs", r"english.*18-move"), 60.0)))
    out.append(("pegs", f"Pyodide within {TARGET_RATIO_PYODIDE}x of CPython",
                *pyodide_ratio(rec_of(recs, "pegs"))))
    return out


def verdict(ok):
    return {True: "PASS", False: "FAIL", None: "n/a"}[ok]


# -- the report -------------------------------------------------------------------

PEER_ORDER = ("slidingpuzzle", "fifteen-puzzle-solvers", "C -O2", "BFS baseline")


def peer_cell(row, peer):
    p = row["peers"].get(peer)
    if not p:
        return ""
    status = p.get("status", "ok")
    if status in FINISHED and peer_seconds(p) and row.get("cpython"):
        ratio = fmt_ratio(peer_seconds(p) / row["cpython"])
        return ratio if status == "ok" else f"{ratio}, {p.get('note') or status}"
    if status in ("timeout", "dnf") and p.get("limit") and row.get("cpython"):
        return f">{fmt_ratio(p['limit'] / row['cpython'])} (limit)"
    text = p.get("note") or status
    if text.startswith("not run:"):       # the reason is in the module; keep the cell short
        text = "cannot: " + text[len("not run:"):].split("(")[0].strip()
    return text if len(text) <= 60 else text[:59] + "…"


def main_table(recs):
    peers = [p for p in PEER_ORDER if any(p in r["peers"] for rec in recs for r in rec["rows"])]
    peers += sorted({p for rec in recs for r in rec["rows"] for p in r["peers"]} - set(peers))
    headers = ["family", "task", "answer", "known", "check", "states", "CPython s",
               "Pyodide s", "Pyodide/CPython"] + [f"vs {p}" for p in peers]
    lines = []
    for rec in recs:
        if rec["status"] != "ok":
            lines.append([rec["family"], "(all)", "", "", rec["status"], "", "", "", ""]
                         + [""] * len(peers))
            continue
        for r in rec["rows"]:
            check = {True: "ok", False: "WRONG", None: "unchecked"}[r.get("ok")]
            if r.get("ok") and r.get("known") is None:
                check = "ok (replayed; no known answer)"
            if (r.get("raw") or {}).get("error"):
                check = "ERROR: " + str(r["raw"]["error"])[:60]
            elif r.get("pyodide_answer") is not None:
                check = f"WRONG in Pyodide ({r['pyodide_answer']})"
            ratio = (r["pyodide"] / r["cpython"]) if r.get("pyodide") and r.get("cpython") else None
            pyo = fmt_s(r.get("pyodide")) if r.get("pyodide") is not None else (
                "failed" if rec.get("pyodide_status") else "-")
            lines.append([rec["family"], r["task"], fmt_int(r["answer"]), fmt_int(r["known"]), check,
                          fmt_int(r["states"]), fmt_s(r.get("cpython")), pyo, fmt_ratio(ratio)]
                         + [peer_cell(r, p) for p in peers])
    return table(headers, lines), peers


def page_section(page, sizes):
    out = []
    if page.get("skipped") or page.get("failed"):
        out.append(f"Page timings: {page.get('skipped') and 'skipped, ' + page['skipped'] or 'FAILED, ' + page['failed']}")
    else:
        rows = []
        for kind in ("cold", "cached"):
            m = page.get(f"{kind}_median") or {}
            n = len(page.get(kind) or [])
            if not n:
                continue
            rows.append([kind, n, fmt_s((m.get("first_board_ms") or 0) / 1000 if m.get("first_board_ms") is not None else None),
                         fmt_s(m["solver_ready_ms"] / 1000 if m.get("solver_ready_ms") is not None else None),
                         fmt_s(m["ready_ms"] / 1000 if m.get("ready_ms") is not None else None),
                         fmt_int(m.get("server_requests"))])
        out.append(table(["load", "runs", "first board s", "solver ready s", "data-state=ready s",
                          "requests reaching the server"], rows))
        src = {x.get("source") for x in (page.get("cold") or []) + (page.get("cached") or [])}
        out.append(f"\nChromium {page.get('chromium')}; times since navigation start, medians, "
                   f"read from {', '.join(sorted(s for s in src if s))}.")
        if page.get("solve"):
            s = page["solve"]
            out.append(f"In-page solve of {s['code']} ({s['length']} moves): {fmt_s(s['ms'] / 1000)} s "
                       "from the click to data-state=solved.")
        if page.get("errors"):
            out.append("Page errors: " + "; ".join(page["errors"][:3]))
    if sizes.get("error"):
        out.append(f"\nSite size: {sizes['error']}")
    else:
        out.append("")
        rows = [["whole site", fmt_bytes(sizes["total"]), f"{sizes['files']} files"],
                ["Pyodide runtime + micropip", fmt_bytes(sizes["pyodide"]), "downloaded on the first visit"],
                ["puzzlelab wheel", fmt_bytes(sizes["wheel"]), "downloaded on the first visit"],
                ["index.html + web/", fmt_bytes(sizes["web"]), ""]]
        for name, n in sorted(sizes["tables"].items()):
            rows.append([f"table {name}", fmt_bytes(n), "fetched when a solve needs it"])
        if not sizes["tables"]:
            rows.append(["tables", "none", "build.json lists no tables"])
        out.append(table(["what", "size", "note"], rows))
    return "\n".join(out)


def memory_section(mem):
    rows = []
    for m in mem:
        cpy = (f"{m['maxrss_kib'] / 1024:.0f} MiB (idle {m['maxrss_kib_before'] / 1024:.0f})"
               if m.get("maxrss_kib") else m.get("cpython_error", "-"))
        if m.get("maxrss_kib") and not m.get("filtered"):
            cpy += f" [all {m.get('rows_run')} cases: module takes no case filter]"
        pyo = (f"{m['heap_after'] / 2**20:.0f} MiB (after load {m['heap_after_load'] / 2**20:.0f})"
               if m.get("heap_after") else m.get("pyodide_error", "-"))
        rows.append([m["family"], m["task"], fmt_s(m["cpython_s"]), cpy, pyo])
    return table(["family", "biggest solve", "CPython s", "CPython peak RSS", "Pyodide wasm heap"], rows)


def report(info, recs, tgt, page, sizes, mem, args, elapsed):
    main, peers = main_table(recs)
    lines = [f"# Puzzle Lab benchmark results{' (quick)' if args.quick else ''}", ""]
    lines.append(f"Written by `python benchmarks/run.py{' --quick' if args.quick else ''}` on "
                 f"{info['date']} in {elapsed / 60:.1f} min. How each figure is measured: "
                 "[README.md](README.md).")
    lines.append("")
    lines.append(f"- Machine: {info['cpu']}, {info['cores']} cores, {info['memory_gib']} GiB, {info['os']}")
    lines.append(f"- Code: commit {info['commit']}, site build {sizes.get('build')}")
    lines.append(f"- {info['python']}; Node {info['node']}; Pyodide {info['pyodide']}"
                 + (f"; Chromium {page['chromium']}" if page.get("chromium") else ""))
    busiest = max(LOADS + [info["load_start"][0], info["load_end"][0]])
    lines.append(f"- Load average (1/5/15 min) at start {info['load_start']}, at end {info['load_end']},"
                 f" highest 1-min figure seen between steps {busiest:.1f}, on {info['cores']} cores"
                 + (": timings were taken while other jobs ran (hence CPU seconds below); "
                    "expect noise." if busiest > info["cores"] else "."))
    lines.append("- Repeats (median of): " + ", ".join(
        f"{r['family']} CPython {r.get('repeats', '-')}, Pyodide {r.get('pyodide_repeats', '-')}"
        for r in recs) + ".")
    lines += ["", "## Tasks", "", main, ""]
    clock = ("CPU seconds of the solving process (CPython `time.process_time`, Pyodide Node's "
             "`process.cpuUsage`)" if CLOCK[0] == "cpu" else "wall seconds")
    lines.append(f"Seconds are medians of the solve alone (no start-up), in {clock}. `vs X` = "
                 "X's time / ours (higher is better for us); `>Nx (limit)` = X hit its time limit.")
    for rec in recs:
        for note in [rec.get("pyodide_status")] + rec["notes"]:
            if note:
                lines.append(f"- {rec['family']}: {note}")
    summary = korf_summary(recs)
    if summary:
        lines.append(f"- tiles: {summary}")
    lines += ["", "## Targets", "",
              table(["family", "target", "measured", "result"],
                    [[f, t, m, verdict(ok)] for f, t, m, ok in tgt]), ""]
    lines.append("`n/a`: not measured in this run (the Korf verdicts need all 100 instances; "
                 "a peer that finished nothing gives no ratio).")
    lines += ["", "## Page and download", "", page_section(page, sizes), ""]
    lines += ["## Peak memory of the biggest solves", "",
              memory_section(mem) if mem else "not measured in this run", ""]
    return "\n".join(lines)


def korf_summary(recs):
    korf = find(recs, "tiles", r"korf")
    secs = [r["cpython"] for r in korf if r.get("cpython") is not None]
    if not secs:
        return None
    text = (f"Korf ({len(secs)} instances), CPython CPU s: median {fmt_s(median(secs))}, "
            f"worst {fmt_s(max(secs))}, total {fmt_s(sum(secs))}")
    c = [(r["peers"].get("C -O2") or {}).get("seconds") for r in korf]
    if all(x is not None for x in c):
        text += f"; C -O2 total {fmt_s(sum(c))}"
    p = [r["pyodide"] for r in korf if r.get("pyodide") is not None]
    if p:
        text += f"; Pyodide total {fmt_s(sum(p))} over {len(p)}"
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run every Puzzle Lab benchmark and print one table.")
    ap.add_argument("--quick", action="store_true", help="one or two small cases per family")
    ap.add_argument("--no-write", action="store_true", help="do not write benchmarks/results.md")
    ap.add_argument("--out", default=RESULTS, help="where to write the Markdown report")
    ap.add_argument("--json", help="also write every figure as JSON here")
    ap.add_argument("--families", default=",".join(FAMILIES), help="comma-separated subset")
    ap.add_argument("--repeats", type=int,
                    help="runs per case (median); default tiles 1, blocks and pegs 3; quick 1")
    ap.add_argument("--pyodide-repeats", type=int, help="runs per case in Pyodide (default: --repeats)")
    ap.add_argument("--cold", type=int, default=3, help="cold page loads")
    ap.add_argument("--cached", type=int, default=3, help="page loads from the service worker")
    ap.add_argument("--peer-limit", type=float, default=60.0, help="s per tile peer run")
    ap.add_argument("--no-build", action="store_true",
                    help="do not rebuild _site/ first (quick runs never do)")
    ap.add_argument("--wall", action="store_true",
                    help="time with wall clocks (default: CPU seconds of the solving process)")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--no-page", action="store_true")
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--no-memory", action="store_true")
    args = ap.parse_args(argv)
    if args.quick and args.repeats is None:
        args.repeats = 1
    CLOCK[0] = "wall" if args.wall else "cpu"
    t0 = time.perf_counter()
    info = common.machine()
    info["commit"] = common.git_state()
    if not (args.quick or args.no_build):
        log("python build.py (the Pyodide runs and the page use _site/)")
        import subprocess
        built = subprocess.run([sys.executable, os.path.join(common.ROOT, "build.py")],
                               cwd=common.ROOT, capture_output=True, text=True)
        if built.returncode:
            log("build failed, measuring the existing _site/: " + last_line(built.stderr))
    recs = [run_family(f, args) for f in args.families.split(",") if f]
    mem = [] if (args.quick or args.no_memory) else measure_memory(recs, args)
    page = measure_page(args)
    sizes = site_sizes()
    tgt = targets(recs)
    info["load_end"] = common.load_average()
    text = report(info, recs, tgt, page, sizes, mem, args, time.perf_counter() - t0)
    print(text)
    if not args.no_write:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        log(f"wrote {os.path.relpath(args.out, common.ROOT)}")
    if args.json:
        for rec in recs:
            for r in rec["rows"]:
                r.pop("raw", None)
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"machine": info, "families": recs, "targets": tgt, "page": page,
                       "sizes": sizes, "memory": mem}, f, indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
