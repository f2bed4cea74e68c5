#!/usr/bin/env python3
"""The benchmark command: every benchmark the family issues name, in CPython
and inside the pinned Pyodide, with peers side by side, the page's load
times in Chromium, download sizes and peak memory, checked against targets.

    python benchmarks/run.py            full run, writes benchmarks/results.md
    python benchmarks/run.py --quick    one or two small cases per family (~1 min)

Cases come from bench_tiles.py, bench_blocks.py and bench_pegs.py (their
``run_cases``), as rows of the one schema in common.py, read here field by
field; each runs in its own subprocess with a time limit (common.py), in
Pyodide through pyodide_bench.mjs, and the page through page_bench.py (with
.venv's Python when this one lacks Playwright).  README.md beside this file
says how each figure is measured.
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

FAMILIES = common.FAMILIES
RESULTS = os.path.join(common.BENCH, "results.md")
JOB_TIMEOUT = {"quick": 300, "full": 3600}     # s, per family and runtime (common.time_limit)
PAGE_TIMEOUT = {"quick": 300, "full": 900}
TARGET_RATIO_PYODIDE = 2.5
REPEATS = {"tiles": 1, "blocks": 3, "pegs": 3}     # default runs per case (median)
CLOCK = ["cpu"]          # "wall" with --wall: which of the rows' medians the report uses

LOADS = []               # 1-min load average at each step, for the report


def log(msg):
    LOADS.append((common.load_average() or (0,))[0])
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


# -- running the family modules ----------------------------------------------
#
# Every bench_<family>.py returns rows of common.py's schema from
# run_cases(repeats, quick, only, peers).  A family's record keeps them as
# they came: "rows" from CPython, "pyodide_rows" from Pyodide; the tables
# join the two on "task" (cases()).

def module_path(family):
    return os.path.join(common.BENCH, f"bench_{family}.py")


def job(family, quick=False, repeats=3, only=None, peers=True):
    """A run_cases job; ``only``: the task names to run."""
    return {"module": f"bench_{family}", "function": "run_cases",
            "kwargs": {"repeats": repeats, "quick": quick, "only": only, "peers": peers}}


def schema_problem(rows):
    """None when ``rows`` is a non-empty list of schema rows, else what is wrong."""
    if not isinstance(rows, list) or not rows:
        return "run_cases returned no rows"
    for row in rows:
        try:
            common.check_row(row)
        except ValueError as exc:
            return f"a row is off the schema: {exc}"[:300]
    return None


def run_family(family, args):
    """CPython then Pyodide for one family; returns its result record."""
    mode = "quick" if args.quick else "full"
    rec = {"family": family, "status": "ok", "rows": [], "pyodide_rows": [], "notes": []}
    if not os.path.exists(module_path(family)):
        rec["status"] = f"MISSING: benchmarks/bench_{family}.py not found"
        return rec
    repeats = args.repeats or REPEATS[family]
    rec["repeats"] = repeats
    log(f"{family}: CPython, {'quick' if args.quick else 'all cases'}, repeats {repeats}")
    res, err = common.cpython_job(job(family, quick=args.quick, repeats=repeats,
                                      peers=not args.no_peers),
                                  common.time_limit(JOB_TIMEOUT[mode]))
    if err or res.get("error"):
        rec["status"] = "BROKEN (CPython): " + last_line(err or res["error"])
        rec["error"] = err or res["error"]
        return rec
    problem = schema_problem(res.get("rows"))
    if problem:
        rec["status"] = f"BROKEN: {problem}"
        return rec
    rec["rows"] = res["rows"]
    rec["cpython_maxrss_kib"] = res.get("maxrss_kib")
    if family == "tiles":
        tile_yardsticks(rec, args)
    if args.no_pyodide:
        rec["notes"].append("Pyodide not run (--no-pyodide)")
        return rec
    # quick: Pyodide on one tiny case only
    only = [rec["rows"][0]["task"]] if args.quick else None
    pyo_repeats = args.pyodide_repeats or repeats
    rec["pyodide_repeats"] = pyo_repeats
    log(f"{family}: Pyodide, repeats {pyo_repeats}")
    pres, perr = common.pyodide_jobs([job(family, quick=args.quick, repeats=pyo_repeats,
                                          only=only, peers=False)],
                                        common.time_limit(JOB_TIMEOUT[mode]))
    merge_pyodide(rec, pres, perr)
    return rec


def tile_yardsticks(rec, args):
    """bench_tiles' C yardstick and PyPI peers (run_peers, in a subprocess)
    on the same instances, attached to the rows' peers (CPU seconds, like
    ours)."""
    pypi = not (args.quick or args.no_peers)
    log(f"tiles: C yardstick on {len(rec['rows'])} instances"
        + (f", PyPI peers (limit {args.peer_limit:.0f} s each)" if pypi else ""))
    res, err = common.cpython_job(
        {"module": "bench_tiles", "function": "run_peers",
         "kwargs": {"only": [r["task"] for r in rec["rows"]], "pypi": pypi,
                    "limit": args.peer_limit}},
        common.time_limit(JOB_TIMEOUT["quick" if args.quick else "full"]))
    if err or res.get("error"):
        rec["notes"].append("C yardstick / peers failed: " + last_line(err or res["error"]))
        return
    got = res["rows"]
    rec["notes"] += got["notes"]
    if not pypi:
        rec["notes"].append("PyPI peers not run (quick or --no-peers)")
    for row in rec["rows"]:
        row["peers"].update(got["peers"].get(row["task"]) or {})


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
    problem = schema_problem(pj.get("rows"))
    if problem:
        rec["pyodide_status"] = f"BROKEN in Pyodide: {problem}"
        return
    rec["pyodide_rows"] = pj["rows"]


def seconds(row):
    """A row's median in the clock the report uses (CPU unless --wall); None
    without a row."""
    if row is None:
        return None
    return row["wall_seconds"] if CLOCK[0] == "wall" else row["cpu_seconds"]


def cases(rec):
    """The family's cases as {"task", "cpython": row, "pyodide": row} (either
    row None where that runtime did not run the case): the CPython rows in
    their order, then any task only Pyodide ran."""
    pyodide = {r["task"]: r for r in (rec or {}).get("pyodide_rows", [])}
    out = [{"task": r["task"], "cpython": r, "pyodide": pyodide.pop(r["task"], None)}
           for r in (rec or {}).get("rows", [])]
    out += [{"task": t, "cpython": None, "pyodide": r} for t, r in pyodide.items()]
    return out


def first_row(case):
    return case["cpython"] or case["pyodide"]


def pyodide_differs(case):
    """Pyodide's answer differs from CPython's."""
    return bool(case["cpython"] and case["pyodide"]
                and case["pyodide"]["answer"] != case["cpython"]["answer"])


def case_ok(case):
    """Right in every runtime that ran it, and the same answer in both."""
    return all(r["ok"] for r in (case["cpython"], case["pyodide"]) if r) \
        and not pyodide_differs(case)


def peers_of(case):
    return first_row(case)["peers"]


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
        rows = [r for r in rec["rows"] if seconds(r) is not None]
        if rec["status"] != "ok" or not rows:
            continue
        big = max(rows, key=seconds)
        entry = {"family": rec["family"], "task": big["task"], "cpython_s": seconds(big)}
        log(f"memory: {rec['family']} {big['task']}")
        spec = job(rec["family"], repeats=1, only=[big["task"]], peers=False)
        res, err = common.cpython_job(spec, common.time_limit(JOB_TIMEOUT[mode]))
        if err or res.get("error"):
            entry["cpython_error"] = last_line(err or res.get("error"))
        else:
            entry["rows_run"] = len(res.get("rows") or [])
            entry["maxrss_kib"] = res.get("maxrss_kib")
            entry["maxrss_kib_before"] = res.get("maxrss_kib_before")
        if not args.no_pyodide:
            pres, perr = common.pyodide_jobs([spec], common.time_limit(JOB_TIMEOUT[mode]))
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
                              timeout=common.time_limit(
                                  PAGE_TIMEOUT["quick" if args.quick else "full"]))
    except subprocess.TimeoutExpired:
        return {"failed": "time limit reached"}
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"failed": last_line(proc.stderr or proc.stdout or f"exit {proc.returncode}")}


# -- targets -------------------------------------------------------------------

def find(recs, family, pattern):
    """The family's cases whose task matches ``pattern``."""
    rx = re.compile(pattern, re.I)
    return [c for c in cases(rec_of(recs, family)) if rx.search(c["task"])]


def rec_of(recs, family):
    return next((r for r in recs if r["family"] == family), None)


def under(found, limit):
    """Every case answered right with a CPython median under ``limit`` s."""
    if not found:
        return "not run", None
    secs = [seconds(c["cpython"]) for c in found]
    if any(x is None for x in secs):
        return "no time (the case failed)", False
    text = f"{fmt_s(max(secs))} s" + (f" (worst of {len(found)})" if len(found) > 1 else "")
    if not all(case_ok(c) for c in found):
        return text + ", WRONG answer", False
    return text, max(secs) < limit


def pyodide_ratio(rec):
    both = [c for c in cases(rec)
            if seconds(c["cpython"]) and seconds(c["pyodide"]) is not None]
    if not both:
        return "not run", None
    total = (sum(seconds(c["pyodide"]) for c in both)
             / sum(seconds(c["cpython"]) for c in both))
    return f"{fmt_ratio(total)} (total of {len(both)})", total <= TARGET_RATIO_PYODIDE


FINISHED = ("ok", "not optimal")     # peer statuses that count as "finished"


def peer_seconds(p):
    """A peer's seconds in the report's clock (peers that report CPU seconds
    only give those under --wall too)."""
    if CLOCK[0] == "wall" and p.get("wall_seconds") is not None:
        return p["wall_seconds"]
    return p.get("cpu_seconds")


def peer_ratio(found, peer, need):
    """Min over the cases the peer finished of peer time / our time."""
    ratios = []
    for c in found:
        p = peers_of(c).get(peer) or {}
        ours = seconds(c["cpython"])
        if peer_seconds(p) and ours and p["status"] in FINISHED:
            ratios.append(peer_seconds(p) / ours)
    if not ratios:
        return f"{peer}: nothing finished", None
    return f"min {fmt_ratio(min(ratios))} over {len(ratios)}", min(ratios) >= need


def targets(recs):
    out = []
    korf = find(recs, "tiles", r"korf")
    if korf:
        full = len(korf) >= 100
        oks = sum(1 for c in korf if case_ok(c))
        out.append(("tiles", "all 100 Korf instances optimal", f"{oks}/{len(korf)} checked",
                    oks == len(korf) if full else None))
        secs = [seconds(c["cpython"]) for c in korf if seconds(c["cpython"]) is not None]
        if secs:
            out.append(("tiles", "Korf median < 1 s (CPython)", f"{fmt_s(median(secs))} s",
                        median(secs) < 1 if full else None))
            out.append(("tiles", "Korf worst < 30 s (CPython)", f"{fmt_s(max(secs))} s",
                        max(secs) < 30 if full else None))
            c_total = sum(peer_seconds(peers_of(c).get("C -O2") or {}) or 0 for c in korf)
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
    hak = find(recs, "blocks", r"^hakoiri-musume \((move|step)\)")
    tan = find(recs, "blocks", r"^tannentei \((move|step)\)")
    counts = find(recs, "blocks", r"^[^:]*\((move|step|line)\)$")
    if counts:
        good = sum(1 for c in counts if case_ok(c))
        out.append(("blocks", "every preset in all three counts: the known optimum "
                    "(A* agreeing where none is known)", f"{good}/{len(counts)}",
                    good == len(counts)))
    out.append(("blocks", "Hakoiri-musume < 0.2 s (CPython)", *under(hak, 0.2)))
    out.append(("blocks", "Tannentei (both counts) < 2 s (CPython)", *under(tan, 2.0)))
    out.append(("blocks", f"Pyodide within {TARGET_RATIO_PYODIDE}x of CPython",
                *pyodide_ratio(rec_of(recs, "blocks"))))
    # Rush Hour (bench_rush.py's rows, run with bench_blocks.py's)
    out.append(("blocks", "Rush Hour: every database line solved and proven < 50 ms (CPython)",
                *under(find(recs, "blocks", r"database lines, solve"), 0.05)))
    out.append(("blocks", "Rush Hour: every database line's cluster counted < 0.5 s (CPython)",
                *under(find(recs, "blocks", r"database lines, cluster"), 0.5)))
    new = find(recs, "blocks", r"^new puzzle, 12 vehicles")
    pyo = [seconds(c["pyodide"]) for c in new if c["pyodide"]]
    out.append(("blocks", "Rush Hour: New puzzle, 12 vehicles < 2 s (Pyodide, median)",
                f"{fmt_s(pyo[0])} s" if pyo and pyo[0] is not None else "not run",
                pyo[0] < 2 if pyo and pyo[0] is not None else None))
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


def peer_cell(case, peer):
    p = peers_of(case).get(peer)
    if not p:
        return ""
    status, ours = p["status"], seconds(case["cpython"])
    if status in FINISHED and peer_seconds(p) and ours:
        ratio = fmt_ratio(peer_seconds(p) / ours)
        return ratio if status == "ok" else f"{ratio}, {p['note'] or status}"
    if status == "timeout" and p["limit"] and ours:
        return f">{fmt_ratio(p['limit'] / ours)} (limit)"
    text = p["note"] or status
    if status == "cannot":              # the reason is in the module; keep the cell short
        text = "cannot: " + (p["note"] or "").split("(")[0].strip()
    return text if len(text) <= 60 else text[:59] + "…"


def check_cell(case):
    row, pyo = first_row(case), case["pyodide"]
    check = "ok" if row["ok"] else "WRONG"
    if row["ok"] and row["known"] is None:
        check = "ok (replayed; no known answer)"
    if row["error"]:
        check = "ERROR: " + row["error"][:60]
    elif pyo and pyo["error"] and pyo is not row:
        check = "ERROR in Pyodide: " + pyo["error"][:60]
    elif pyodide_differs(case):
        check = f"WRONG in Pyodide ({pyo['answer']})"
    return check


def main_table(recs):
    seen = {p for rec in recs for c in cases(rec) for p in peers_of(c)}
    peers = [p for p in PEER_ORDER if p in seen] + sorted(seen - set(PEER_ORDER))
    headers = ["family", "task", "answer", "known", "check", "states", "CPython s",
               "Pyodide s", "Pyodide/CPython"] + [f"vs {p}" for p in peers]
    lines = []
    for rec in recs:
        if rec["status"] != "ok":
            lines.append([rec["family"], "(all)", "", "", rec["status"], "", "", "", ""]
                         + [""] * len(peers))
            continue
        for c in cases(rec):
            row = first_row(c)
            cpy, pyo = seconds(c["cpython"]), seconds(c["pyodide"])
            ratio = pyo / cpy if pyo and cpy else None
            pyo_cell = fmt_s(pyo) if pyo is not None else (
                "failed" if rec.get("pyodide_status") else "-")
            lines.append([rec["family"], c["task"], fmt_int(row["answer"]), fmt_int(row["known"]),
                          check_cell(c), fmt_int(row["states"]), fmt_s(cpy), pyo_cell,
                          fmt_ratio(ratio)]
                         + [peer_cell(c, p) for p in peers])
    return table(headers, lines), peers


def page_section(page, sizes):
    out = []
    if page.get("skipped") or page.get("failed"):
        out.append(f"Page timings: {page.get('skipped') and 'skipped, ' + page['skipped'] or 'FAILED, ' + page['failed']}")
    else:
        rows = []
        # page_bench.py's kinds: first visit, returning (snapshot), returning
        # without the snapshot (ordinary boot), a killed worker replaced
        for kind in ("cold", "cached", "ordinary", "replaced"):
            m = page.get(f"{kind}_median") or {}
            n = len(page.get(kind) or [])
            if not n:
                continue
            rows.append([kind, n, fmt_s((m.get("first_board_ms") or 0) / 1000 if m.get("first_board_ms") is not None else None),
                         fmt_s(m["solver_ready_ms"] / 1000 if m.get("solver_ready_ms") is not None else None),
                         fmt_s(m["ready_ms"] / 1000 if m.get("ready_ms") is not None else None),
                         fmt_int(m.get("server_requests")),
                         fmt_s(m.get("cpu_s")), fmt_s(m.get("load1"))])
        out.append(table(["load", "runs", "first board s", "solver ready s", "data-state=ready s",
                          "requests reaching the server", "Chromium CPU s", "load average"], rows))
        src = {x.get("source") for x in (page.get("cold") or []) + (page.get("cached") or [])}
        out.append(f"\nChromium {page.get('chromium')}; times since navigation start (replaced: "
                   "since the worker was made to fail), medians, "
                   f"read from {', '.join(sorted(s for s in src if s))}.")
        if page.get("solve"):
            s = page["solve"]
            out.append(f"In-page solve of {s['code']} ({s['length']} moves): {fmt_s(s['ms'] / 1000)} s "
                       "from the click to data-state=solved.")
        if page.get("cancel"):
            c = page["cancel"]
            out.append(f"Cancel of a long solve (first visit, {'' if c['isolated'] else 'not '}"
                       f"cross-origin isolated): {fmt_int(c['ms'])} ms from the press to the "
                       f"solver's word (target: 500 ms); solver restarts: {c['restarts'] or 0}.")
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
        measured = {} if page.get("skipped") or page.get("failed") else page.get("sizes") or {}
        snap = measured.get("snapshot")
        if snap:
            rows.append(["solver snapshot", fmt_bytes(snap["file"]),
                         f"fetched after the first ready; cached unpacked, {fmt_bytes(snap['cached'])}"])
        for key, what in (("first_visit_to_solver_ready", "first visit, to solver ready"),
                          ("first_visit_after_solver_ready", "first visit, after (precache, snapshot)"),
                          ("returning_visit", "returning visit")):
            if measured.get(key) is not None:
                rows.append([what, fmt_bytes(measured[key]), "measured: bytes the server sent"])
        out.append(table(["what", "size", "note"], rows))
    return "\n".join(out)


def memory_section(mem):
    rows = []
    for m in mem:
        cpy = (f"{m['maxrss_kib'] / 1024:.0f} MiB (idle {m['maxrss_kib_before'] / 1024:.0f})"
               if m.get("maxrss_kib") else m.get("cpython_error", "-"))
        if m.get("maxrss_kib") and m.get("rows_run") != 1:
            cpy += f" [{m.get('rows_run')} cases ran, not 1]"
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
    secs = [seconds(c["cpython"]) for c in korf if seconds(c["cpython"]) is not None]
    if not secs:
        return None
    text = (f"Korf ({len(secs)} instances), CPython CPU s: median {fmt_s(median(secs))}, "
            f"worst {fmt_s(max(secs))}, total {fmt_s(sum(secs))}")
    c = [peer_seconds(peers_of(k).get("C -O2") or {}) for k in korf]
    if all(x is not None for x in c):
        text += f"; C -O2 total {fmt_s(sum(c))}"
    p = [seconds(k["pyodide"]) for k in korf if seconds(k["pyodide"]) is not None]
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
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"machine": info, "families": recs, "targets": tgt, "page": page,
                       "sizes": sizes, "memory": mem}, f, indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
